//! Parsing a Gemini settings file with positions.
//!
//! Gemini CLI reads settings with `JSON.parse(stripJsonComments(content))`
//! (`packages/cli/src/config/settings.ts`, `_doLoadSettings`): `//` and `/* */` comments are
//! allowed, every other JSON5 extension (trailing commas, single quotes, bare keys, hex
//! numbers) is a parse error. Extension `hooks/hooks.json` files are read with a plain
//! `JSON.parse` (`extension-manager.ts`, `loadExtensionHooks`): no comments there.

use jsonc_parser::ast::Value;
use jsonc_parser::common::Ranged;
use jsonc_parser::{CollectOptions, ParseOptions};

/// A byte range in the source text.
pub(crate) type Span = (usize, usize);

/// A parse failure with the byte range it points at.
#[derive(Debug)]
pub(super) struct JsonError {
    pub message: String,
    pub span: Span,
    /// The parser's depth limit was hit: the text may be valid JSON that Gemini reads.
    pub too_deep: bool,
}

/// Parses `text`, with comments when `comments`. `Ok(None)` for an empty (or blank) text.
pub(super) fn parse(text: &str, comments: bool) -> Result<Option<Value<'_>>, JsonError> {
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
        .map_err(|e| JsonError {
            message: match e.kind() {
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

/// `s` with control and bidirectional-override characters escaped, so a hostile key cannot
/// reorder or hide text in a terminal or a CI log.
pub(super) fn printable(s: &str) -> String {
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
    fn comments_only_where_gemini_strips_them() {
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
}
