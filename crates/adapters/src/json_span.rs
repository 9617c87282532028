//! Strict JSON with byte positions: a small tree that keeps the span of every key and value, so
//! lowering can point a diagnostic at the exact line and column of the offending key or value.
//!
//! Built from `jsonc-parser`'s AST with every JSONC extension turned off: Codex and GJC read
//! these files with strict JSON parsers (`serde_json`, `JSON.parse`), so a comment or a trailing
//! comma must be a parse error here too. Nesting is bounded before parsing, because the parser
//! recurses and a hostile file of a million `[` must be an error, not a stack overflow.

use jsonc_parser::ast;
use jsonc_parser::{CollectOptions, CommentCollectionStrategy, ParseOptions};

/// Deeper nesting than this is refused before parsing (no real hook file comes close).
pub const MAX_DEPTH: usize = 128;

/// A JSON value with the byte range it occupies in the source text.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The value.
    pub kind: Kind,
    /// Byte range `[start, end)` of the value in the text.
    pub span: (usize, usize),
}

/// The JSON value kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true`/`false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string, decoded.
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object, members in source order (duplicates kept).
    Object(Vec<Member>),
}

/// One `"key": value` of an object.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The decoded key.
    pub key: String,
    /// Byte range of the key (with its quotes).
    pub key_span: (usize, usize),
    /// The value.
    pub value: Node,
}

/// Why a text is not strict JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong.
    pub message: String,
    /// Byte range of the problem.
    pub span: (usize, usize),
}

impl Node {
    /// The JSON type name, for messages.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "an array",
            Kind::Object(_) => "an object",
        }
    }

    /// The members, when an object.
    pub fn members(&self) -> Option<&[Member]> {
        match &self.kind {
            Kind::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The elements, when an array.
    pub fn elements(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Array(e) => Some(e),
            _ => None,
        }
    }

    /// The string, when a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(s) => Some(s),
            _ => None,
        }
    }

    /// The member `key` of an object. Like `serde_json` and `JSON.parse`, the last of duplicate
    /// keys wins.
    pub fn get(&self, key: &str) -> Option<&Member> {
        self.members()?.iter().rev().find(|m| m.key == key)
    }

    /// The second occurrence of the first key written twice in this object (shallow), if any.
    pub fn duplicate_key(&self) -> Option<&Member> {
        let m = self.members()?;
        m.iter()
            .enumerate()
            .find(|(i, a)| m[..*i].iter().any(|b| b.key == a.key))
            .map(|(_, a)| a)
    }

    /// Converts to a `serde_json::Value` (numbers that do not fit become `null`).
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match &self.kind {
            Kind::Null => Value::Null,
            Kind::Bool(b) => Value::Bool(*b),
            Kind::Number(n) => serde_json::from_str::<serde_json::Number>(n)
                .map(Value::Number)
                .unwrap_or(Value::Null),
            Kind::String(s) => Value::String(s.clone()),
            Kind::Array(a) => Value::Array(a.iter().map(Node::to_value).collect()),
            Kind::Object(m) => Value::Object(
                m.iter()
                    .map(|m| (m.key.clone(), m.value.to_value()))
                    .collect(),
            ),
        }
    }
}

/// The options under which `jsonc-parser` accepts exactly strict JSON.
pub fn strict_options() -> ParseOptions {
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

/// Parses strict JSON. An empty (or whitespace-only) text is an error, as for `JSON.parse`.
pub fn parse(text: &str) -> Result<Node, JsonError> {
    if let Some(at) = too_deep(text) {
        return Err(JsonError {
            message: format!("nesting deeper than {MAX_DEPTH} levels"),
            span: (at, at + 1),
        });
    }
    if let Some(e) = foreign_whitespace(text) {
        return Err(e);
    }
    let collect = CollectOptions {
        comments: CommentCollectionStrategy::Off,
        tokens: false,
    };
    let result = jsonc_parser::parse_to_ast(text, &collect, &strict_options()).map_err(|e| {
        let r = e.range();
        JsonError {
            message: e.kind().to_string(),
            span: (r.start, r.end),
        }
    })?;
    match result.value {
        Some(v) => Ok(convert(&v)),
        None => Err(JsonError {
            message: "the file is empty; expected a JSON value".into(),
            span: (0, 0),
        }),
    }
}

/// The first whitespace character outside strings and comments that JSON does not allow.
///
/// JSON's whitespace is space, tab, line feed and carriage return only (RFC 8259 §2; the same
/// in ECMA-262's `JSON.parse`, which Claude Code, Gemini CLI and GJC use, and in serde_json,
/// which Codex uses): a form feed or a no-break space between tokens makes every agent reject
/// the file. `jsonc-parser` skips any Unicode whitespace, so this is checked apart (the writer
/// fuzz target found a file with form feeds that read fine here and that the writer then could
/// not edit twice the same way).
pub fn foreign_whitespace(text: &str) -> Option<JsonError> {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '/' if chars.peek().map(|p| p.1) == Some('/') => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek().map(|p| p.1) == Some('*') => {
                chars.next();
                let mut star = false;
                for (_, c) in chars.by_ref() {
                    if star && c == '/' {
                        break;
                    }
                    star = c == '*';
                }
            }
            ' ' | '\t' | '\n' | '\r' => {}
            c if c.is_whitespace() => {
                return Some(JsonError {
                    message: format!(
                        "`{}` is not JSON whitespace (only space, tab, line feed and carriage return are): JSON parsers reject the file",
                        c.escape_unicode()
                    ),
                    span: (i, i + c.len_utf8()),
                });
            }
            _ => {}
        }
    }
    None
}

/// The byte offset where nesting first exceeds [`MAX_DEPTH`], scanning brackets outside strings.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn convert(v: &ast::Value<'_>) -> Node {
    match v {
        ast::Value::StringLit(s) => Node {
            kind: Kind::String(s.value.to_string()),
            span: (s.range.start, s.range.end),
        },
        ast::Value::NumberLit(n) => Node {
            kind: Kind::Number(n.value.to_string()),
            span: (n.range.start, n.range.end),
        },
        ast::Value::BooleanLit(b) => Node {
            kind: Kind::Bool(b.value),
            span: (b.range.start, b.range.end),
        },
        ast::Value::NullKeyword(n) => Node {
            kind: Kind::Null,
            span: (n.range.start, n.range.end),
        },
        ast::Value::Array(a) => Node {
            kind: Kind::Array(a.elements.iter().map(convert).collect()),
            span: (a.range.start, a.range.end),
        },
        ast::Value::Object(o) => Node {
            kind: Kind::Object(
                o.properties
                    .iter()
                    .map(|p| {
                        let (key, key_span) = match &p.name {
                            ast::ObjectPropName::String(s) => {
                                (s.value.to_string(), (s.range.start, s.range.end))
                            }
                            ast::ObjectPropName::Word(w) => {
                                (w.value.to_string(), (w.range.start, w.range.end))
                            }
                        };
                        Member {
                            key,
                            key_span,
                            value: convert(&p.value),
                        }
                    })
                    .collect(),
            ),
            span: (o.range.start, o.range.end),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_whitespace_between_tokens() {
        assert!(foreign_whitespace("{ \"a\":\t[1,\r\n2] }").is_none());
        // Inside strings and comments anything goes.
        assert!(foreign_whitespace("{\"a\x0cb\\\"\u{a0}\": 1} // \x0c\n/* \u{2028} */").is_none());
        for (text, at) in [
            ("{\x0c}", 1),
            ("[1,\u{a0}2]", 3),
            ("{\"a\": 1}\u{2028}", 8),
            ("\x0b[]", 0),
        ] {
            let e = foreign_whitespace(text).expect(text);
            assert_eq!(e.span.0, at, "{text:?}");
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn keeps_spans_of_keys_and_values() {
        let text = "{\n  \"a\": [1, \"x\"]\n}";
        let n = parse(text).unwrap();
        let m = n.get("a").unwrap();
        assert_eq!(&text[m.key_span.0..m.key_span.1], "\"a\"");
        let e = m.value.elements().unwrap();
        assert_eq!(&text[e[1].span.0..e[1].span.1], "\"x\"");
        assert_eq!(n.to_value(), serde_json::json!({"a": [1, "x"]}));
    }

    #[test]
    fn rejects_jsonc_extensions_and_empty_text() {
        for bad in [
            "",
            "  ",
            "{\"a\": 1,}",
            "// c\n{}",
            "{a: 1}",
            "{'a': 1}",
            "[0x1]",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} must be rejected");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = "[".repeat(1_000_000);
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("nesting"), "{}", e.message);
        // Brackets inside strings do not count.
        let ok = format!("[\"{}\"]", "[".repeat(1000));
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn last_duplicate_key_wins() {
        let n = parse(r#"{"a": 1, "a": 2}"#).unwrap();
        assert_eq!(n.get("a").unwrap().value.kind, Kind::Number("2".into()));
    }
}
