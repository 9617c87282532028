//! JSON with positions over `jsonc-parser`'s borrowed AST, shared by the settings files that
//! agents read with `JSON.parse` (Claude Code's settings, Gemini CLI's and Qwen Code's layered
//! settings). Unlike [`crate::json_span`], which copies the tree into owned nodes, this keeps
//! the parser's AST, which the readers, the security rules and the writers walk directly.
//!
//! The parser options are [`crate::json_span::strict_options`] (shared with Codex and GJC),
//! with comments only where the agent strips them first (Gemini CLI's
//! `JSON.parse(stripJsonComments(content))`): a file the agent rejects must not look valid to
//! the linter.

use jsonc_parser::ast::{Object, ObjectProp, Value};
use jsonc_parser::common::Ranged;
use jsonc_parser::errors::ParseErrorKind;
use jsonc_parser::{CollectOptions, ParseOptions};

/// A byte range in the source text.
pub(crate) type Span = (usize, usize);

/// A parse failure with the byte range it points at.
#[derive(Debug)]
pub(crate) struct JsonError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
    /// The parser's depth limit was hit: the text may be valid JSON that the agent reads.
    pub too_deep: bool,
}

/// Parses `text` as strict JSON, with `//` and `/* */` comments when `comments`. `Ok(None)`
/// for a text that is empty or only whitespace.
pub(crate) fn parse(text: &str, comments: bool) -> Result<Option<Value<'_>>, JsonError> {
    if let Some(e) = crate::json_span::foreign_whitespace(text) {
        return Err(JsonError {
            message: e.message,
            span: e.span,
            too_deep: false,
        });
    }
    let options = ParseOptions {
        allow_comments: comments,
        ..crate::json_span::strict_options()
    };
    jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &options)
        .map(|r| r.value)
        .map_err(|e| {
            let too_deep = matches!(e.kind(), ParseErrorKind::NestingDepthExceeded);
            JsonError {
                // `JSON.parse` has no depth limit; the parser stops at 512 levels so hostile
                // input cannot exhaust the stack. Say so rather than call the file broken.
                message: if too_deep {
                    "values are nested more than 512 levels deep, too deep for this linter to check"
                        .to_string()
                } else {
                    e.kind().to_string()
                },
                span: (e.range().start, e.range().end),
                too_deep,
            }
        })
}

/// `s` with control and bidirectional-override characters escaped (`\u{202e}`), so a hostile
/// key cannot reorder or hide text in a terminal or a CI log.
pub(crate) fn printable(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control()
                || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
            {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A string value with its range.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Str {
    /// The string, unescaped.
    pub value: String,
    /// Where it is written, quotes included.
    pub span: Span,
}

/// A string literal of the AST as a [`Str`].
pub(crate) fn str_of(s: &jsonc_parser::ast::StringLit<'_>) -> Str {
    Str {
        value: s.value.to_string(),
        span: (s.range.start, s.range.end),
    }
}

/// The byte range of a value.
pub(crate) fn span(v: &Value<'_>) -> Span {
    let r = v.range();
    (r.start, r.end)
}

/// The byte range of a property's key.
pub(crate) fn key_span(p: &ObjectProp<'_>) -> Span {
    let r = p.name.range();
    (r.start, r.end)
}

/// The JSON type name of a value, for `wrong_value_type` messages.
pub(crate) fn type_name(v: &Value<'_>) -> &'static str {
    match v {
        Value::StringLit(_) => "a string",
        Value::NumberLit(_) => "a number",
        Value::BooleanLit(_) => "a boolean",
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::NullKeyword(_) => "null",
    }
}

/// The last property named `name`: `JSON.parse` keeps the last of repeated keys.
pub(crate) fn last_prop<'o, 'a>(obj: &'o Object<'a>, name: &str) -> Option<&'o ObjectProp<'a>> {
    obj.properties
        .iter()
        .rev()
        .find(|p| p.name.as_str() == name)
}

/// The properties `JSON.parse` keeps (the last of each name), in file order of those copies.
/// Every earlier copy of a repeated key is silently dropped by the agent: `repeated` is called
/// with its name and its key's span, to report it ([`REPEATED_KEY`]). Linear in the number of
/// keys, so a hostile object with many keys stays cheap.
pub(crate) fn unique_props<'o, 'a>(
    obj: &'o Object<'a>,
    mut repeated: impl FnMut(&str, Span),
) -> Vec<&'o ObjectProp<'a>> {
    let mut last: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (i, p) in obj.properties.iter().enumerate() {
        last.insert(p.name.as_str(), i);
    }
    let mut kept = Vec::with_capacity(last.len());
    for (i, p) in obj.properties.iter().enumerate() {
        let name = p.name.as_str();
        if last.get(name) == Some(&i) {
            kept.push(p);
        } else {
            repeated(name, key_span(p));
        }
    }
    kept
}

/// The message and help of an earlier copy of a repeated key ([`unique_props`]).
pub(crate) const REPEATED_KEY: (&str, &str) = (
    "appears again later in this object; JSON keeps only the last copy, so this one is ignored",
    "merge the two entries into one",
);

/// What an importer refuses before it edits a settings file, as a code, a message and a span:
/// text that is not JSON, a root that is not an object, a `hooks` key (its last copy, the one
/// the agent reads) that is not an object. `Ok(None)` for an empty file; else its root.
pub(crate) fn editable_settings(
    text: &str,
    comments: bool,
) -> Result<Option<Value<'_>>, (hook_ir::Code, String, Span)> {
    use hook_ir::Code;
    let root = match parse(text, comments) {
        Ok(Some(v)) => v,
        Ok(None) => return Ok(None),
        Err(e) => {
            let msg = format!(
                "not valid JSON ({}); fix it before importing into it",
                e.message
            );
            return Err((Code::ParseError, msg, e.span));
        }
    };
    let Value::Object(o) = &root else {
        let msg = format!(
            "the settings file is {}, not an object; nothing was written",
            type_name(&root)
        );
        return Err((Code::WrongValueType, msg, span(&root)));
    };
    if let Some(h) = last_prop(o, "hooks").filter(|h| !matches!(h.value, Value::Object(_))) {
        let msg = format!(
            "`hooks` is {}, not an object; nothing was written",
            type_name(&h.value)
        );
        return Err((Code::WrongValueType, msg, span(&h.value)));
    }
    Ok(Some(root))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_what_json_parse_rejects() {
        for bad in [
            "{\"a\": 1,}",
            "// c\n{}",
            "{'a': 1}",
            "{a: 1}",
            "{\"a\": 0x1}",
            "{\"a\": NaN}",
            "{\"a\": 1 \"b\": 2}",
            "{} {}",
        ] {
            assert!(parse(bad, false).is_err(), "{bad}");
        }
        assert!(parse("  ", false).unwrap().is_none());
        let v = parse("{\"a\": [1, true, null, \"x\"]}", false)
            .unwrap()
            .unwrap();
        assert_eq!(type_name(&v), "an object");
        assert_eq!(span(&v), (0, 27));
    }

    #[test]
    fn comments_only_where_the_agent_strips_them() {
        assert!(parse("// user settings\n{\"a\": /* x */ 1}", true).is_ok());
        assert!(parse("// c\n{}", false).is_err());
        for bad in ["{\"a\": 1,}", "{'a': 1}", "{a: 1}", "{\"a\": 0x1}", "{} {}"] {
            assert!(parse(bad, true).is_err(), "{bad}");
        }
        assert!(parse(" \n", true).unwrap().is_none());
    }

    #[test]
    fn errors_carry_a_position() {
        let e = parse("{\n  \"a\": ,\n}", true).unwrap_err();
        assert_eq!(e.span.0, 9, "{e:?}");
    }

    #[test]
    fn printable_escapes_controls_and_bidi_overrides() {
        assert_eq!(printable("a\u{202e}b\0c\n"), "a\\u{202e}b\\u{0}c\\u{a}");
        assert_eq!(printable("PreToolUse é"), "PreToolUse é");
    }

    #[test]
    fn the_last_copy_of_a_key_is_kept_and_earlier_ones_reported() {
        let v = parse("{\"a\": 1, \"b\": 2, \"a\": 3}", false)
            .unwrap()
            .unwrap();
        let Value::Object(o) = &v else { panic!() };
        let mut seen = Vec::new();
        let kept = unique_props(o, |name, at| seen.push((name.to_string(), at)));
        let names: Vec<&str> = kept.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["b", "a"]);
        assert_eq!(seen, [("a".to_string(), (1, 4))]);
        assert_eq!(span(&last_prop(o, "a").unwrap().value), (22, 23));
    }
}
