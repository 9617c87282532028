//! Events written outside the `"hooks"` object (Claude settings, Codex `hooks.json`, Gemini
//! settings): the event moves into `"hooks"` of the same file (created at the end of the top
//! object when missing). Safe: the agent never ran these hooks, and the file, hence the scope,
//! stays the same. Not offered when `"hooks"` already has the event (a merge is the user's
//! call) or when a comment inside the event's value would be lost. The value moves as written,
//! re-indented to its new depth, not re-serialized: its layout is the user's.

use super::json;
use super::{Applicability, Edit, File};
use adapters::write::json_input;
use jsonc_parser::cst::CstInputValue;

/// Moves every event of `spans` (the spans of the file's `missing_hooks_wrapper` findings, the
/// one fixed among them) into `"hooks"` in one edit: while one event stays outside, the agent
/// still rejects the file, so moving them one at a time would never make it better (issue 25:
/// a plugin's `hooks/hooks.json` with two events at its top level got "Would fix 0 problems").
pub(super) fn fix_all(spans: &[(usize, usize)], f: &File<'_>) -> Option<Edit> {
    let keys: Vec<String> = spans
        .iter()
        .filter_map(|&s| json::locate(f.text, s))
        .filter(|found| found.path.len() == 1)
        .map(|found| found.key)
        .collect();
    if keys.len() <= 1 {
        return fix(*spans.first()?, f);
    }
    let mut text = f.text.to_string();
    for k in &keys {
        let span = json::top_key_span(&text, k)?;
        let edit = fix(
            span,
            &File {
                syntax: f.syntax,
                text: &text,
            },
        )?;
        text = edit.after;
    }
    let names: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
    Some(Edit {
        after: text,
        description: format!("move {} into the `\"hooks\"` object", names.join(", ")),
        applicability: Applicability::Safe,
    })
}

pub(super) fn fix(span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    if !f.is_json() {
        return None;
    }
    let found = json::locate(f.text, span)?;
    if found.path.len() != 1 || found.has_comment || found.key == "hooks" {
        return None;
    }
    let root = json::cst(f.text)?;
    let top = root.object_value()?;
    let p = json::prop(&root, &found.path)?;
    // No comment inside (checked above): the value is strict JSON.
    let raw = f.text.get(found.value_span.0..found.value_span.1)?;
    let value: serde_json::Value = serde_json::from_str(raw).ok()?;
    let hooks = match top.get("hooks") {
        Some(h) => h.object_value()?,
        None => top
            .append("hooks", CstInputValue::Object(Vec::new()))
            .object_value()?,
    };
    if hooks.get(&found.key).is_some() {
        return None;
    }
    // A string no file holds stands for the value in the CST, then is replaced by its text.
    let placeholder = (0..)
        .map(|i| format!("hooks-fix-moved-value-{i}"))
        .find(|p| !f.text.contains(p.as_str()))?;
    hooks.append(&found.key, CstInputValue::String(placeholder.clone()));
    json::remove_prop(p);
    let out = root.to_string();
    let quoted = format!("\"{placeholder}\"");
    let at = out.find(&quoted)?;
    let moved = reindent(
        raw,
        indent_at(f.text, found.value_span.0),
        indent_at(&out, at),
    );
    let after = format!("{}{moved}{}", &out[..at], &out[at + quoted.len()..]);
    // The text must mean what the CST edit meant (the value, unchanged, under `"hooks"`).
    let check = {
        let root = json::cst(f.text)?;
        let top = root.object_value()?;
        let hooks = match top.get("hooks") {
            Some(h) => h.object_value()?,
            None => top
                .append("hooks", CstInputValue::Object(Vec::new()))
                .object_value()?,
        };
        hooks.append(&found.key, json_input(&value));
        json::remove_prop(json::prop(&root, &found.path)?);
        root.to_string()
    };
    if parse(&after)? != parse(&check)? {
        return None;
    }
    Some(Edit {
        after,
        description: format!("move `{}` into the `\"hooks\"` object", found.key),
        applicability: Applicability::Safe,
    })
}

/// The whitespace that starts the line holding byte `i` of `text`.
fn indent_at(text: &str, i: usize) -> &str {
    let start = text[..i].rfind('\n').map_or(0, |n| n + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// `raw` (a value whose first line stays where it is put) with each further line's `old`
/// indentation replaced by `new`.
fn reindent(raw: &str, old: &str, new: &str) -> String {
    let mut lines = raw.split('\n');
    let mut out = lines.next().unwrap_or("").to_string();
    for l in lines {
        out.push('\n');
        match l.strip_prefix(old) {
            Some(rest) => {
                out.push_str(new);
                out.push_str(rest);
            }
            None => out.push_str(l),
        }
    }
    out
}

/// The text as a JSON value (comments allowed), to compare two edits' meaning.
fn parse(text: &str) -> Option<serde_json::Value> {
    jsonc_parser::parse_to_serde_value(text, &Default::default()).ok()?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_value_keeps_its_layout_at_its_new_depth() {
        assert_eq!(indent_at("{\n  \"a\": 1", 8), "  ");
        assert_eq!(
            reindent("[\n    {\"a\": 1}\n  ]", "  ", "    "),
            "[\n      {\"a\": 1}\n    ]"
        );
    }
}
