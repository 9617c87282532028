//! A small JSON-with-positions layer over `jsonc-parser`'s AST, private to this adapter.
//!
//! Claude Code reads its settings with a strict JSON parser, so comments, trailing commas,
//! single quotes and the other JSONC/JSON5 extensions are parse errors here too: a file Claude
//! rejects must not look valid to the linter.

use jsonc_parser::ast::Value;
use jsonc_parser::common::Ranged;
use jsonc_parser::{CollectOptions, ParseOptions};

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

/// The options that make `jsonc-parser` accept exactly JSON (RFC 8259).
pub(super) fn strict_options() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// Parses `text` as strict JSON. `Ok(None)` for a file that is empty or only whitespace.
pub(super) fn parse(text: &str) -> Result<Option<Value<'_>>, JsonError> {
    jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &strict_options())
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

/// Line starts of a text, so each location costs a binary search instead of a scan from the
/// start of the file (a file with thousands of hooks would otherwise be quadratic).
pub(super) struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The location of a byte range, as [`hook_ir::Location::at_span`] computes it.
    pub fn location(&self, path: &str, span: Span) -> hook_ir::Location {
        let clamp = |mut i: usize| {
            i = i.min(self.text.len());
            while !self.text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = clamp(span.0);
        let end = clamp(span.1.max(start));
        let line = self.starts.partition_point(|&s| s <= start);
        let line_start = self.starts[line - 1];
        let column = self.text[line_start..start].chars().count() + 1;
        hook_ir::Location {
            path: path.to_string(),
            line: Some(u32::try_from(line).unwrap_or(u32::MAX)),
            column: Some(u32::try_from(column).unwrap_or(u32::MAX)),
            span: Some((start, end)),
        }
    }
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
    fn line_index_agrees_with_location_at_span() {
        let text = "{\n  \"é\": [1,\n 2]}\r\n\n x";
        let idx = LineIndex::new(text);
        for a in 0..=text.len() + 2 {
            for b in [a, a + 1, a + 5] {
                assert_eq!(
                    idx.location("f", (a, b)),
                    hook_ir::Location::at_span("f", text, a, b),
                    "{a}..{b}"
                );
            }
        }
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
