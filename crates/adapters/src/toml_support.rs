//! What the two TOML adapters (jcode, Jarvis) share: reading a source file, parsing it with
//! spans kept (`toml_edit::ImDocument`), naming value types and turning spans into locations.

use crate::read_limit::{read_text, Missing, MAX_CONFIG_BYTES};
use crate::write::{conflict, FileChange};
use crate::{Context, Output};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml_edit::{ImDocument, Item, Value};

pub(crate) use crate::source::Source;

/// A value of a TOML file with its byte range, as the raw models of jcode and Jarvis keep it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it is written.
    pub span: Option<Range<usize>>,
}

/// A value of the wrong type in a TOML hook config. For jcode it makes the whole config fail to
/// parse; for Jarvis it drops the whole `hooks` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeError {
    /// The key path, e.g. `hooks.pre_tool[1]` or `hooks[2].timeout`.
    pub path: String,
    /// What the agent expects.
    pub expected: &'static str,
    /// What is written.
    pub found: &'static str,
    /// Where.
    pub span: Option<Range<usize>>,
}

impl TypeError {
    /// `item` at `path` is not what the agent `expected`.
    pub(crate) fn of(path: impl Into<String>, expected: &'static str, item: &Item) -> TypeError {
        TypeError {
            path: path.into(),
            expected,
            found: item_type(item),
            span: item_span(item),
        }
    }
}

/// Reads `path` ([`read_text`]) for one convention: a missing file is `None` without a
/// diagnostic when `must_exist` is false (discovery), an `unreadable_source` otherwise.
pub(crate) fn read(
    ctx: &Context,
    path: &Path,
    convention: Convention,
    must_exist: bool,
    out: &mut Output,
) -> Option<Source> {
    let missing = if must_exist {
        Missing::Report
    } else {
        Missing::Silent
    };
    let (display, text) = read_text(
        ctx,
        convention,
        path,
        MAX_CONFIG_BYTES,
        missing,
        "TOML",
        out,
    )?;
    Some(Source::new(display, text))
}

/// Parses the source keeping spans. A syntax error becomes `parse_error` at its position, with
/// `consequence` (what the agent does about it) appended to the message.
pub(crate) fn parse<'a>(
    src: &'a Source,
    convention: Convention,
    consequence: &str,
    out: &mut Output,
) -> Option<ImDocument<&'a str>> {
    match ImDocument::parse(src.text.as_str()) {
        Ok(doc) => Some(doc),
        Err(e) => {
            let first_line = syntax_message(&e, &src.text);
            out.diag(
                Diagnostic::new(
                    Code::ParseError,
                    format!("invalid TOML: {first_line}; {consequence}"),
                )
                .with_convention(convention)
                .at(src.loc(e.span())),
            );
            None
        }
    }
}

/// The text of `doc`, with the comments of a file that had nothing else kept at its top: toml_edit
/// holds them as the document's trailing decor, which it prints after every table, so a file
/// holding only `# my settings` would get the new tables above its header comment.
fn comments_first(doc: &toml_edit::DocumentMut, before: Option<&str>) -> String {
    let lead = doc.trailing().as_str().unwrap_or("");
    // Only when the file had nothing but comments: otherwise the trailing decor is a comment
    // at the end of the file, and stays there.
    let only_comments = before.is_some_and(|b| {
        b.parse::<toml_edit::DocumentMut>()
            .is_ok_and(|d| d.as_table().is_empty())
    });
    if lead.trim().is_empty() || !only_comments || doc.as_table().is_empty() {
        return doc.to_string();
    }
    let mut body = doc.clone();
    body.set_trailing("");
    let sep = if lead.ends_with('\n') { "\n" } else { "\n\n" };
    format!("{lead}{sep}{body}")
}

/// What a TOML syntax error says: the parser's first line, or, when the parser gives none (a
/// control character in a comment), what is at the error's position.
pub fn syntax_message(e: &toml_edit::TomlError, text: &str) -> String {
    if let Some(line) = e.message().lines().map(str::trim).find(|l| !l.is_empty()) {
        return line.to_string();
    }
    let at = e
        .span()
        .and_then(|r| text.get(r.start..))
        .and_then(|t| t.chars().next());
    match at {
        Some(c) if c.is_control() => {
            format!(
                "the control character U+{:04X} is not allowed here",
                u32::from(c)
            )
        }
        Some(c) => format!("unexpected `{}`", c.escape_debug()),
        None => "unexpected end of file".to_string(),
    }
}

/// The TOML type of an item with its article, for messages ("a string", "an integer", ...).
pub fn item_type(item: &Item) -> &'static str {
    match item {
        Item::None => "nothing",
        Item::Value(v) => value_type(v),
        Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
    }
}

/// The TOML type of a value with its article.
pub fn value_type(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a float",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a datetime",
        Value::Array(_) => "an array",
        Value::InlineTable(_) => "an inline table",
    }
}

/// The span of an item (tables and arrays of tables included).
pub fn item_span(item: &Item) -> Option<Range<usize>> {
    match item {
        Item::None => None,
        Item::Value(v) => v.span(),
        Item::Table(t) => t.span(),
        Item::ArrayOfTables(a) => a.span(),
    }
}

/// The target file of a writer: its display path, its text (`None`: it does not exist yet)
/// and the editable document. Unreadable or invalid TOML → a diagnostic (nothing is written).
pub(crate) fn read_target(
    ctx: &Context,
    path: &Path,
    convention: Convention,
    opts: &crate::write::WriteOptions,
) -> Result<(String, Option<String>, toml_edit::DocumentMut), Diagnostic> {
    let display = ctx.display(path);
    let before = match opts.read(path) {
        Ok(t) => t,
        Err(e) => {
            return Err(Diagnostic::new(
                Code::UnreadableSource,
                format!("cannot read {display}: {e}; nothing is written"),
            )
            .with_convention(convention)
            .at(Location::path_only(display)))
        }
    };
    let doc = match &before {
        None => toml_edit::DocumentMut::new(),
        Some(text) => match text.parse::<toml_edit::DocumentMut>() {
            Ok(d) => d,
            Err(e) => {
                return Err(Diagnostic::new(
                    Code::ParseError,
                    format!(
                        "invalid TOML: {}; fix it before importing, nothing is written",
                        syntax_message(&e, text)
                    ),
                )
                .with_convention(convention)
                .at(match e.span() {
                    Some(r) => crate::source::locate(display.clone(), text, r.start, r.end),
                    None => Location::path_only(display.clone()),
                }))
            }
        },
    };
    Ok((display, before, doc))
}

/// Makes `doc[key]` fit for the writer: when `bad` (the key holds something else), that is an
/// `import_conflict` ([`conflict`]) and the plan is refused, unless `force`, where the
/// diagnostic is kept in `diagnostics` and the key is removed so the writer can start it anew.
#[allow(clippy::too_many_arguments)]
pub(crate) fn clear_if_bad(
    doc: &mut toml_edit::DocumentMut,
    key: &str,
    bad: bool,
    what: &str,
    fix: &str,
    force: bool,
    convention: Convention,
    at: Location,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(), crate::write::Plan> {
    if !bad {
        return Ok(());
    }
    let c = conflict(force, what, fix)
        .with_convention(convention)
        .at(at);
    if !force {
        return Err(refused(c));
    }
    diagnostics.push(c);
    doc.remove(key);
    Ok(())
}

/// Replaces the value of `item` with `v`, keeping the old value's decor (a trailing comment);
/// the key's own decor stays because the key is not replaced.
pub(crate) fn replace_keeping_decor(item: &mut Item, mut v: Value) {
    if let Some(decor) = item.as_value().map(|old| old.decor().clone()) {
        *v.decor_mut() = decor;
    }
    *item = Item::Value(v);
}

/// The plan of a TOML writer once every hook is merged: no change while a conflict is
/// unforced; else the one file, with its text untouched when nothing `changed` (so writing
/// what is already there changes nothing, formatting included).
pub(crate) fn finish(
    target: (PathBuf, String),
    before: Option<String>,
    doc: &toml_edit::DocumentMut,
    changed: bool,
    conflicts: usize,
    force: bool,
    diagnostics: Vec<Diagnostic>,
) -> crate::write::Plan {
    if conflicts > 0 && !force {
        return crate::write::Plan {
            changes: Vec::new(),
            diagnostics,
        };
    }
    let (path, display) = target;
    let after = match (&before, changed) {
        (Some(b), false) => b.clone(),
        _ => comments_first(doc, before.as_deref()),
    };
    crate::write::Plan {
        changes: vec![FileChange {
            path,
            display,
            before,
            after,
            mode: None,
        }],
        diagnostics,
    }
}

/// A plan with one diagnostic and no change.
pub(crate) fn refused(d: Diagnostic) -> crate::write::Plan {
    crate::write::Plan {
        changes: Vec::new(),
        diagnostics: vec![d],
    }
}

/// Where the `n`-th `[[table]]` header (0-based) starts in `text`, for a diagnostic's line.
pub(crate) fn nth_array_table(text: &str, table: &str, n: usize) -> Option<usize> {
    let header = format!("[[{table}]]");
    let mut offset = 0;
    let mut seen = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with(&header) {
            if seen == n {
                return Some(offset + (line.len() - line.trim_start().len()));
            }
            seen += 1;
        }
        offset += line.len();
    }
    None
}

/// Where the line assigning `key` starts in `text` (the first such line), for a diagnostic.
pub(crate) fn key_line(text: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.strip_prefix(key)
            .is_some_and(|r| r.trim_start().starts_with('='))
        {
            return Some(offset + (line.len() - t.len()));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod syntax_message_tests {
    #[test]
    fn an_error_without_a_parser_message_names_the_character_at_its_position() {
        let text = "# \u{1b}\n[hooks]\n";
        let e = text.parse::<toml_edit::DocumentMut>().unwrap_err();
        assert_eq!(
            super::syntax_message(&e, text),
            "the control character U+001B is not allowed here"
        );
        let text = "a = \"x\"\nb =";
        let e = text.parse::<toml_edit::DocumentMut>().unwrap_err();
        assert!(!super::syntax_message(&e, text).is_empty());
    }
}
