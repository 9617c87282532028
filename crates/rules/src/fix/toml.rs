//! Edits of TOML configs (Jarvis, jcode) at the byte span a diagnostic points at: the token is
//! replaced and every other byte (comments, spacing, key order) is kept. `toml_edit` reparses
//! the result in the re-lint; a token that is not what the fix expects is left alone.

/// The TOML value or key written at `span`, decoded: a string (basic or literal), a bare key,
/// or an integer as written.
pub(super) fn token(text: &str, span: (usize, usize)) -> Option<Token> {
    let raw = text.get(span.0..span.1)?.trim();
    if raw.starts_with(['"', '\'']) {
        let doc: toml_edit::DocumentMut = format!("v = {raw}").parse().ok()?;
        return doc.get("v")?.as_str().map(|s| Token::String(s.to_string()));
    }
    if !raw.is_empty() && raw.chars().all(|c| c.is_ascii_digit() || c == '_') {
        return Some(Token::Integer(raw.replace('_', "")));
    }
    if !raw.is_empty()
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
    {
        return Some(Token::Bare(raw.to_string()));
    }
    None
}

/// A token of a TOML file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token {
    String(String),
    Bare(String),
    Integer(String),
}

/// `text` with `span` replaced by `new`.
pub(super) fn replace(text: &str, span: (usize, usize), new: &str) -> String {
    let mut out = String::with_capacity(text.len() + new.len());
    out.push_str(&text[..span.0]);
    out.push_str(new);
    out.push_str(&text[span.1..]);
    out
}

/// `text` with the token at `span` (spaces around it kept) replaced by `new`.
pub(super) fn replace_token(text: &str, span: (usize, usize), new: &str) -> Option<String> {
    let slice = text.get(span.0..span.1)?;
    let raw = slice.trim();
    let start = span.0 + slice.find(raw)?;
    Some(replace(text, (start, start + raw.len()), new))
}

/// A TOML basic string for `s`.
pub(super) fn string_literal(s: &str) -> String {
    toml_edit::Value::from(s).to_string().trim().to_string()
}

/// `text` without the line holding `span`, when that line is exactly `key = <value>` (plus an
/// optional comment): the one-line entries hooks use.
pub(super) fn remove_entry(text: &str, span: (usize, usize), key: &str) -> Option<String> {
    let start = text[..span.0].rfind('\n').map_or(0, |i| i + 1);
    let end = text[span.1..]
        .find('\n')
        .map_or(text.len(), |i| span.1 + i + 1);
    let line = text[start..end].trim();
    let (k, _) = line.split_once('=')?;
    if k.trim() != key {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..start]);
    out.push_str(&text[end..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_line_removal() {
        let text =
            "# c\n[[hooks]]\nevent = 'pretooluse'\nmatcher = \"Bash\" # why\ntimeout = 30_000\n";
        let at = |s: &str| {
            let i = text.find(s).unwrap();
            (i, i + s.len())
        };
        assert_eq!(
            token(text, at("'pretooluse'")),
            Some(Token::String("pretooluse".into()))
        );
        assert_eq!(
            token(text, at("30_000")),
            Some(Token::Integer("30000".into()))
        );
        assert_eq!(token(text, at("event")), Some(Token::Bare("event".into())));
        assert_eq!(
            remove_entry(text, at("\"Bash\""), "matcher").unwrap(),
            "# c\n[[hooks]]\nevent = 'pretooluse'\ntimeout = 30_000\n"
        );
        assert_eq!(remove_entry(text, at("\"Bash\""), "event"), None);
        assert_eq!(string_literal("a\"b"), "'a\"b'");
    }
}
