//! Appending a long array to a JSON file without a CST node per element.
//!
//! The JSON writers edit files through jsonc-parser's CST so everything they do not own keeps
//! its formatting. A CST node costs far more than its text: 64,000 imported Codex groups took
//! hundreds of megabytes as nodes (issue 24). An array the file does not have yet is therefore
//! inserted as its first element and a placeholder string; once the CST is printed, the
//! placeholder is replaced by the other elements' text, rendered here exactly as jsonc-parser
//! renders them. The first element, which jsonc-parser did render, proves the rendering: when
//! it is not byte for byte what [`render`] gives at that place (another indentation unit, CRLF
//! line ends...), [`Lazy::finish`] gives up and the caller edits the CST the slow way.

use jsonc_parser::cst::{CstInputValue, CstObject};
use serde_json::Value;

/// Arrays appended with a placeholder, to be filled in after the CST is printed.
pub struct Lazy<'v> {
    /// The placeholder's prefix: text the file does not contain.
    tag: String,
    /// Per placeholder, the first element (which the CST printed) and the others (as compact
    /// JSON).
    rest: Vec<(Value, &'v [String])>,
}

impl<'v> Lazy<'v> {
    /// A placeholder tag that does not occur in `base`, the file's text.
    pub fn new(base: &str) -> Lazy<'v> {
        let mut tag = String::from("__hooks_import_placeholder");
        while base.contains(&tag) {
            tag.push('_');
        }
        Lazy {
            tag,
            rest: Vec::new(),
        }
    }

    /// Appends `key: [values…]` to `obj`; `values` are compact JSON texts, at least one.
    pub fn append(&mut self, obj: &CstObject, key: &str, values: &'v [String]) {
        let first = values
            .first()
            .and_then(|v| serde_json::from_str::<Value>(v).ok())
            .unwrap_or(Value::Null);
        let rest = values.get(1..).unwrap_or(&[]);
        let mut elements = vec![crate::write::json_input(&first)];
        if !rest.is_empty() {
            elements.push(CstInputValue::String(self.placeholder(self.rest.len())));
            self.rest.push((first, rest));
        }
        obj.append(key, CstInputValue::Array(elements));
    }

    fn placeholder(&self, i: usize) -> String {
        format!("{}_{i}", self.tag)
    }

    /// The printed CST `text` with every placeholder replaced by its elements; `None` when the
    /// rendering cannot be proven to be jsonc-parser's.
    pub fn finish(self, mut text: String) -> Option<String> {
        // Where each placeholder is and how its elements are indented, proven on the first.
        let mut found: Vec<(usize, usize, String, &str)> = Vec::new();
        let mut done = 0;
        for (i, (first, _)) in self.rest.iter().enumerate() {
            let quoted = format!("\"{}\"", self.placeholder(i));
            let at = done + text[done..].find(&quoted)?;
            let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let indent = &text[line_start..at];
            if !indent.chars().all(|c| c == ' ' || c == '\t') {
                return None;
            }
            // `[`, the first element as jsonc-parser printed it, `,`, the placeholder: each on
            // its line at `indent`.
            let before = text[..line_start].strip_suffix(",\n")?;
            let unit = ["  ", "    ", "\t"].into_iter().find(|u| {
                before
                    .strip_suffix(render(first, indent, u).as_str())
                    .and_then(|b| b.strip_suffix(indent))
                    .is_some_and(|b| b.ends_with("[\n"))
            })?;
            found.push((at, quoted.len(), indent.to_string(), unit));
            done = at + quoted.len();
        }
        // Filled in from the last, in place: the text is not copied (it is most of a large
        // import's memory at this point).
        for ((at, len, indent, unit), (_, rest)) in found.into_iter().zip(&self.rest).rev() {
            let tail = text.split_off(at + len);
            text.truncate(at);
            text.reserve(rest.iter().map(|v| v.len() * 2).sum::<usize>() + tail.len());
            for (k, v) in rest.iter().enumerate() {
                if k > 0 {
                    text.push_str(",\n");
                    text.push_str(&indent);
                }
                let v: Value = serde_json::from_str(v).ok()?;
                render_into(&v, &indent, unit, &mut text);
            }
            text.push_str(&tail);
        }
        Some(text)
    }
}

/// `v` as jsonc-parser 0.34 prints an inserted value whose first line is at `indent`: one
/// member or element per line, nested `unit` deeper, `"key": value`, strings escaped as
/// `CstStringLit::new_escaped` does.
pub fn render(v: &Value, indent: &str, unit: &str) -> String {
    let mut out = String::new();
    render_into(v, indent, unit, &mut out);
    out
}

fn render_into(v: &Value, indent: &str, unit: &str, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => escape_into(s, out),
        Value::Array(a) if a.is_empty() => out.push_str("[]"),
        Value::Object(o) if o.is_empty() => out.push_str("{}"),
        Value::Array(a) => {
            let inner = format!("{indent}{unit}");
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                out.push_str(&inner);
                render_into(x, &inner, unit, out);
            }
            out.push('\n');
            out.push_str(indent);
            out.push(']');
        }
        Value::Object(o) => {
            let inner = format!("{indent}{unit}");
            out.push_str("{\n");
            for (i, (k, x)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                out.push_str(&inner);
                escape_into(k, out);
                out.push_str(": ");
                render_into(x, &inner, unit, out);
            }
            out.push('\n');
            out.push_str(indent);
            out.push('}');
        }
    }
}

/// jsonc-parser 0.34 `CstStringLit::new_escaped`: `"` `\` and the named control characters
/// escaped by name, every other control character (`char::is_control`: C0, DEL, C1) as
/// `\u00xx`, everything else as is.
fn escape_into(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonc_parser::cst::CstRootNode;

    /// The slow way: every element a CST node.
    fn by_cst(base: &str, values: &[Value]) -> String {
        let root = CstRootNode::parse(base, &Default::default()).unwrap();
        let obj = root.object_value_or_set().object_value_or_set("hooks");
        for key in ["PreToolUse", "Stop"] {
            obj.append(
                key,
                CstInputValue::Array(values.iter().map(crate::write::json_input).collect()),
            );
        }
        root.to_string()
    }

    fn lazily(base: &str, values: &[Value]) -> Option<String> {
        let root = CstRootNode::parse(base, &Default::default()).unwrap();
        let obj = root.object_value_or_set().object_value_or_set("hooks");
        let compact: Vec<String> = values.iter().map(Value::to_string).collect();
        let mut lazy = Lazy::new(base);
        // Two arrays: the placeholders are filled in from the last.
        lazy.append(&obj, "PreToolUse", &compact);
        lazy.append(&obj, "Stop", &compact);
        lazy.finish(root.to_string())
    }

    #[test]
    fn the_text_is_what_the_cst_prints() {
        let values: Vec<Value> = (0..5)
            .map(|i| {
                serde_json::json!({"matcher": "Bash", "hooks": [{"type": "command",
                "command": format!("echo {i} \"q\" \\ \u{7f}\u{85}\u{1} é\t"), "timeout": i, "async": true, "e": [], "o": {}}]})
            })
            .collect();
        for base in [
            "{}\n",
            "{\n  \"a\": 1\n}\n",
            "{\n    \"a\": 1,\n    \"hooks\": {\n        \"Stop\": []\n    }\n}\n",
            "{\n\t\"a\": 1\n}\n",
            "{\"a\": 1}",
        ] {
            let slow = by_cst(base, &values);
            match lazily(base, &values) {
                Some(fast) => assert_eq!(fast, slow, "{base:?}"),
                // Only a formatting it cannot prove may fall back.
                None => assert!(base == "{\"a\": 1}", "{base:?}\n{slow}"),
            }
        }
    }
}
