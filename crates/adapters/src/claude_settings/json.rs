//! A small JSON-with-positions layer over `jsonc-parser`'s AST, private to this adapter.
//!
//! Claude Code reads its settings with a strict JSON parser, so comments, trailing commas,
//! single quotes and the other JSONC/JSON5 extensions are parse errors here too (the parser
//! options are [`crate::json_span::strict_options`], shared with Codex and GJC): a file Claude
//! rejects must not look valid to the linter. Unlike [`crate::json_span`], which copies the
//! tree into owned nodes, this layer keeps `jsonc-parser`'s borrowed AST, which the security
//! rules and the writer walk directly.

use jsonc_parser::ast::Value;
use jsonc_parser::common::Ranged;
use jsonc_parser::CollectOptions;

/// A byte range in the source text.
pub(super) type Span = (usize, usize);

/// A parse failure with the byte range it points at.
#[derive(Debug)]
pub(super) struct JsonError {
    pub message: String,
    pub span: Span,
    /// The parser's depth limit was hit: the text may be valid JSON that Claude reads.
    pub too_deep: bool,
}

/// Parses `text` as strict JSON. `Ok(None)` for a file that is empty or only whitespace.
pub(super) fn parse(text: &str) -> Result<Option<Value<'_>>, JsonError> {
    if let Some(e) = crate::json_span::foreign_whitespace(text) {
        return Err(JsonError {
            message: e.message,
            span: e.span,
            too_deep: false,
        });
    }
    jsonc_parser::parse_to_ast(
        text,
        &CollectOptions::default(),
        &crate::json_span::strict_options(),
    )
    .map(|r| r.value)
    .map_err(|e| JsonError {
        message: match e.kind() {
            // `JSON.parse` has no depth limit; the parser stops at 512 levels so hostile
            // input cannot exhaust the stack. Say so rather than call the file broken.
            jsonc_parser::errors::ParseErrorKind::NestingDepthExceeded => {
                "values are nested more than 512 levels deep, too deep for this linter to check"
                    .to_string()
            }
            k => k.to_string(),
        },
        span: (e.range().start, e.range().end),
        too_deep: matches!(
            e.kind(),
            jsonc_parser::errors::ParseErrorKind::NestingDepthExceeded
        ),
    })
}

/// `s` with control and bidirectional-override characters escaped (`\u{202e}`), so a hostile
/// key cannot reorder or hide text in a terminal or a CI log.
pub(super) fn printable(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The byte range of a value.
pub(super) fn span(v: &Value<'_>) -> Span {
    let r = v.range();
    (r.start, r.end)
}

/// The JSON type name of a value, for `wrong_value_type` messages.
pub(super) fn type_name(v: &Value<'_>) -> &'static str {
    match v {
        Value::StringLit(_) => "a string",
        Value::NumberLit(_) => "a number",
        Value::BooleanLit(_) => "a boolean",
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::NullKeyword(_) => "null",
    }
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
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("  ").unwrap().is_none());
        let v = parse("{\"a\": [1, true, null, \"x\"]}").unwrap().unwrap();
        assert_eq!(type_name(&v), "an object");
        assert_eq!(span(&v), (0, 27));
    }

    #[test]
    fn printable_escapes_controls_and_bidi_overrides() {
        assert_eq!(printable("a\u{202e}b\0c\n"), "a\\u{202e}b\\u{0}c\\u{a}");
        assert_eq!(printable("PreToolUse é"), "PreToolUse é");
    }

    #[test]
    fn errors_carry_a_position() {
        let e = parse("{\n  \"a\": ,\n}").unwrap_err();
        assert_eq!(e.span.0, 9, "{e:?}");
    }
}
