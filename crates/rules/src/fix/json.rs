//! Edits of JSON settings (Claude, Codex, Gemini) through `jsonc-parser`'s CST, the writers'
//! format-preserving layer: whitespace, comments, key order and every byte outside the edited
//! node stay as they were.
//!
//! A diagnostic points at a byte span; [`locate`] turns it into a path of property and element
//! indexes over the AST (which has positions), and [`prop`] follows the same path in the CST
//! (which can be edited). Indexes, not names: a file may repeat a key, and the fix must edit the
//! copy the diagnostic is about.

use jsonc_parser::ast::{self, ObjectPropName};
use jsonc_parser::common::Ranged;
use jsonc_parser::cst::{CstNode, CstObjectProp, CstRootNode};
use jsonc_parser::{CollectOptions, CommentCollectionStrategy, ParseOptions};

/// One step down a JSON tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// The `n`th property of an object.
    Prop(usize),
    /// The `n`th element of an array.
    Elem(usize),
}

/// Which part of a property a span points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    Key,
    Value,
}

/// A property found at a span: the path to it (ending in [`Step::Prop`]), the part pointed at,
/// its key, and its value when that is a string or a number (as written, decoded).
#[derive(Debug, Clone)]
pub(super) struct Found {
    pub path: Vec<Step>,
    pub part: Part,
    pub key: String,
    pub scalar: Option<Scalar>,
    /// The keys of the object holding the property.
    pub siblings: Vec<String>,
    /// Whether a comment lies inside the property's value (moving it would drop the comment).
    pub has_comment: bool,
    /// The byte range of the property's value.
    pub value_span: (usize, usize),
}

/// A scalar value of a property.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Scalar {
    String(String),
    Number(String),
}

/// Lenient options: Gemini's settings allow comments; whether the result is valid for the
/// agent is the re-lint's business, not the editor's.
fn options() -> ParseOptions {
    ParseOptions::default()
}

/// The property whose key or scalar value contains `span`, innermost first.
pub(super) fn locate(text: &str, span: (usize, usize)) -> Option<Found> {
    let collect = CollectOptions {
        comments: CommentCollectionStrategy::Separate,
        tokens: false,
    };
    let parsed = jsonc_parser::parse_to_ast(text, &collect, &options()).ok()?;
    let comments: Vec<(usize, usize)> = parsed
        .comments
        .as_ref()
        .map(|c| {
            c.values()
                .flat_map(|v| v.iter())
                .map(|c| (c.range().start, c.range().end))
                .collect()
        })
        .unwrap_or_default();
    let mut path = Vec::new();
    let found = walk(parsed.value.as_ref()?, span, &mut path)?;
    let (key, part, scalar, siblings, value_range) = found;
    Some(Found {
        path,
        part,
        key,
        scalar,
        siblings,
        has_comment: comments
            .iter()
            .any(|&(s, e)| s >= value_range.0 && e <= value_range.1),
        value_span: value_range,
    })
}

type Hit = (String, Part, Option<Scalar>, Vec<String>, (usize, usize));

fn contains(outer: (usize, usize), inner: (usize, usize)) -> bool {
    outer.0 <= inner.0 && inner.1 <= outer.1
}

fn walk(v: &ast::Value<'_>, span: (usize, usize), path: &mut Vec<Step>) -> Option<Hit> {
    match v {
        ast::Value::Object(o) => {
            let keys: Vec<String> = o.properties.iter().map(|p| name(&p.name)).collect();
            for (i, p) in o.properties.iter().enumerate() {
                let r = p.value.range();
                let value = (r.start, r.end);
                let key_range = p.name.range();
                let key = (key_range.start, key_range.end);
                let scalar = match &p.value {
                    ast::Value::StringLit(s) => Some(Scalar::String(s.value.to_string())),
                    ast::Value::NumberLit(n) => Some(Scalar::Number(n.value.to_string())),
                    _ => None,
                };
                if contains(key, span) {
                    path.push(Step::Prop(i));
                    return Some((keys[i].clone(), Part::Key, scalar, keys, value));
                }
                if contains(value, span) {
                    path.push(Step::Prop(i));
                    if scalar.is_some() {
                        return Some((keys[i].clone(), Part::Value, scalar, keys, value));
                    }
                    if let Some(hit) = walk(&p.value, span, path) {
                        return Some(hit);
                    }
                    path.pop();
                    return None;
                }
            }
            None
        }
        ast::Value::Array(a) => {
            for (i, e) in a.elements.iter().enumerate() {
                let r = e.range();
                if contains((r.start, r.end), span) {
                    path.push(Step::Elem(i));
                    if let Some(hit) = walk(e, span, path) {
                        return Some(hit);
                    }
                    path.pop();
                    return None;
                }
            }
            None
        }
        _ => None,
    }
}

fn name(n: &ObjectPropName<'_>) -> String {
    match n {
        ObjectPropName::String(s) => s.value.to_string(),
        ObjectPropName::Word(w) => w.value.to_string(),
    }
}

/// The span of the key of the top-level property `key` of `text`, if there is one.
pub(super) fn top_key_span(text: &str, key: &str) -> Option<(usize, usize)> {
    let parsed = jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &options()).ok()?;
    let ast::Value::Object(o) = parsed.value.as_ref()? else {
        return None;
    };
    o.properties.iter().find(|p| name(&p.name) == key).map(|p| {
        let r = p.name.range();
        (r.start, r.end)
    })
}

/// Parses `text` into an editable CST.
pub(super) fn cst(text: &str) -> Option<CstRootNode> {
    CstRootNode::parse(text, &options()).ok()
}

/// The CST property at `path` (from [`locate`]).
pub(super) fn prop(root: &CstRootNode, path: &[Step]) -> Option<CstObjectProp> {
    let mut node: CstNode = root.value()?;
    for (n, step) in path.iter().enumerate() {
        match *step {
            Step::Prop(i) => {
                let p = node.as_object()?.properties().get(i)?.clone();
                if n + 1 == path.len() {
                    return Some(p);
                }
                node = p.value()?;
            }
            Step::Elem(i) => node = node.as_array()?.elements().get(i)?.clone(),
        }
    }
    None
}

/// Removes the property `p` from its object, format kept: the next property, when it ends up on
/// the removed one's line, takes the removed one's place and its spacing.
///
/// `jsonc-parser` removes a property with the spaces before it and its comma, but keeps the
/// spaces after the comma: removing the first key of `{"matcher": "", "hooks": []}` gave
/// `{ "hooks": []}`, and when the rest of the line was a comment it pulled the next line's
/// indentation up after the `{`. The spaces that preceded the removed key are what the next
/// key gets instead.
pub(super) fn remove_prop(p: CstObjectProp) {
    // What `remove` takes before the key: the spaces and comments on its line. The spaces that
    // open that run are the key's spacing.
    let lead: String = {
        let mut run: Vec<CstNode> = p
            .previous_siblings()
            .take_while(|n| n.is_trivia() && !n.is_newline())
            .collect();
        run.reverse();
        run.iter()
            .map_while(|n| n.as_whitespace().map(|w| w.value()))
            .collect()
    };
    let next = p
        .next_siblings()
        .find(|n| !n.is_trivia() && !n.is_comma())
        .and_then(|n| n.as_object_prop());
    p.remove();
    let Some(next) = next else {
        return;
    };
    let before: Vec<CstNode> = next
        .previous_siblings()
        .take_while(|n| n.is_whitespace())
        .collect();
    // On a line of its own the next key keeps its indentation; after a comment, its spacing.
    let on_removed_line = next
        .previous_siblings()
        .find(|n| !n.is_whitespace())
        .is_some_and(|n| !n.is_newline() && !n.is_comment());
    if !on_removed_line {
        return;
    }
    let mut spaces = before.into_iter().rev();
    match spaces.next().and_then(|n| n.as_whitespace()) {
        Some(first) if !lead.is_empty() => first.set_value(lead),
        Some(first) => first.remove(),
        None => {}
    }
    for rest in spaces {
        rest.remove();
    }
}

/// A JSON string literal for `s`.
pub(super) fn string_literal(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_keys_and_values_by_index_even_when_keys_repeat() {
        let text = r#"{"a": 1, "hooks": {"x": [{"t": 5}], "x": [{"t": 30000}]}}"#;
        let at = text.find("30000").unwrap();
        let f = locate(text, (at, at + 5)).unwrap();
        assert_eq!(
            f.path,
            [Step::Prop(1), Step::Prop(1), Step::Elem(0), Step::Prop(0)]
        );
        assert_eq!((f.part, f.key.as_str()), (Part::Value, "t"));
        assert_eq!(f.scalar, Some(Scalar::Number("30000".into())));
        let root = cst(text).unwrap();
        let p = prop(&root, &f.path).unwrap();
        p.set_value(jsonc_parser::cst::CstInputValue::Number("30".into()));
        assert_eq!(
            root.to_string(),
            r#"{"a": 1, "hooks": {"x": [{"t": 5}], "x": [{"t": 30}]}}"#
        );
        let key = text.find("\"a\"").unwrap();
        let f = locate(text, (key, key + 3)).unwrap();
        assert_eq!(
            (f.part, f.path.as_slice()),
            (Part::Key, &[Step::Prop(0)][..])
        );
        assert_eq!(f.siblings, ["a", "hooks"]);
    }

    #[test]
    fn comments_inside_a_value_are_seen() {
        let text = "{\n  \"Stop\": [ // why\n  ],\n  \"x\": 1 // after\n}";
        let at = text.find("\"Stop\"").unwrap();
        assert!(locate(text, (at, at + 6)).unwrap().has_comment);
        let at = text.find("\"x\"").unwrap();
        assert!(!locate(text, (at, at + 3)).unwrap().has_comment);
    }

    /// Removes the property holding `"x"` as `matcher::remove` does.
    fn without_x(text: &str) -> String {
        let at = text.find("\"x\"").unwrap();
        let f = locate(text, (at, at + 3)).unwrap();
        let root = cst(text).unwrap();
        remove_prop(prop(&root, &f.path).unwrap());
        root.to_string()
    }

    #[test]
    fn removing_a_property_leaves_no_stray_space_first_last_only_or_middle() {
        for (text, want) in [
            // First key, one line: was `{ "hooks": []}`.
            (r#"{"matcher": "x", "hooks": []}"#, r#"{"hooks": []}"#),
            (r#"{ "matcher": "x", "hooks": [] }"#, r#"{ "hooks": [] }"#),
            (r#"{"matcher": "x","hooks": []}"#, r#"{"hooks": []}"#),
            // Last and middle keys.
            (r#"{"hooks": [], "matcher": "x"}"#, r#"{"hooks": []}"#),
            (r#"{"hooks": [], "matcher": "x" }"#, r#"{"hooks": [] }"#),
            (
                r#"{"a": 1, "matcher": "x", "hooks": []}"#,
                r#"{"a": 1, "hooks": []}"#,
            ),
            (
                r#"{"a": 1,  "matcher": "x",  "hooks": []}"#,
                r#"{"a": 1,  "hooks": []}"#,
            ),
            // The only key.
            (r#"{"matcher": "x"}"#, "{}"),
            ("{\n  \"matcher\": \"x\"\n}", "{}"),
            // One key per line.
            (
                "{\n  \"matcher\": \"x\",\n  \"hooks\": []\n}",
                "{\n  \"hooks\": []\n}",
            ),
            (
                "{\n  \"hooks\": [],\n  \"matcher\": \"x\"\n}",
                "{\n  \"hooks\": []\n}",
            ),
            (
                "{\n\t\"a\": 1,\n\t\"matcher\": \"x\",\n\t\"hooks\": []\n}",
                "{\n\t\"a\": 1,\n\t\"hooks\": []\n}",
            ),
            (
                "{\r\n  \"matcher\": \"x\",\r\n  \"hooks\": []\r\n}",
                "{\r\n  \"hooks\": []\r\n}",
            ),
            // Comments: the matcher's own line comment goes with it, the others stay; a key
            // pulled up after the `{` gets the removed key's spacing, not its indentation.
            (
                "{\"matcher\": \"x\", // why\n \"hooks\": []}",
                "{\"hooks\": []}",
            ),
            (
                "{\n  // the matcher\n  \"matcher\": \"x\",\n  \"hooks\": []\n}",
                "{\n  // the matcher\n  \"hooks\": []\n}",
            ),
            (
                "{\n  \"hooks\": [], // h\n  \"matcher\": \"x\" // m\n}",
                "{\n  \"hooks\": [] // h\n}",
            ),
            // A comment before the key on its line goes with it (jsonc-parser's `remove`).
            (
                "{/* c */ \"matcher\": \"x\", \"hooks\": []}",
                "{\"hooks\": []}",
            ),
            (
                "{\"a\": 1, /* c */ \"matcher\": \"x\", \"hooks\": []}",
                "{\"a\": 1, \"hooks\": []}",
            ),
        ] {
            assert_eq!(without_x(text), want, "{text:?}");
        }
    }
}
