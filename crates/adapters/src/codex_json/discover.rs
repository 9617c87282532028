//! Where Codex reads `hooks.json`, and reading one file.

use super::lower::{lower, File};
use crate::json_span;
use crate::read_limit::{read_bounded, too_large, ReadError};
use crate::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::Path;

/// `hooks.json` (and plugin manifests) larger than this are refused instead of parsed.
pub const MAX_JSON_BYTES: u64 = 4 * 1024 * 1024;

/// `<project>/.codex/hooks.json`, then `~/.codex/hooks.json` (Codex loads every layer).
pub fn discover(ctx: &Context, out: &mut Output) {
    let mut read = Vec::new();
    for base in [ctx.project.as_ref(), ctx.home.as_ref()]
        .into_iter()
        .flatten()
    {
        let p = base.join(".codex/hooks.json");
        if !p.exists() && p.symlink_metadata().is_err() {
            continue;
        }
        // The project may be the home dir: read the same file once.
        let real = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if read.contains(&real) {
            continue;
        }
        read.push(real);
        load(ctx, &p, out);
    }
}

/// Reads and lowers one `hooks.json`.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    let Some((display, text)) = read_json(ctx, Convention::CodexJson, path, out) else {
        return;
    };
    match json_span::parse(&text) {
        Ok(root) => lower(&File::new(&display, &text), &root, out),
        Err(e) => out.diag(parse_error(
            Convention::CodexJson,
            &display,
            &text,
            &e,
            "Codex cannot load this file: none of its hooks run",
        )),
    }
}

/// The `parse_error` diagnostic of a JSON syntax error.
pub fn parse_error(
    convention: Convention,
    display: &str,
    text: &str,
    e: &json_span::JsonError,
    consequence: &str,
) -> Diagnostic {
    Diagnostic::new(
        Code::ParseError,
        format!("invalid JSON: {}; {consequence}", e.message),
    )
    .with_convention(convention)
    .at(Location::at_span(display, text, e.span.0, e.span.1))
}

/// Reads a JSON source as text (size-capped, UTF-8), recording it in `out.sources`.
/// Problems become diagnostics; `None` means there is nothing to parse.
pub fn read_json(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    out: &mut Output,
) -> Option<(String, String)> {
    let display = ctx.display(path);
    let here = Location::path_only(display.clone());
    let fail = |out: &mut Output, code: Code, msg: String| {
        out.diag(
            Diagnostic::new(code, msg)
                .with_convention(convention)
                .at(here.clone()),
        );
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            fail(
                out,
                Code::InvalidSource,
                "a directory, not a JSON file".into(),
            );
            return None;
        }
        Ok(_) => {}
        Err(e) => {
            fail(out, Code::UnreadableSource, format!("cannot be read: {e}"));
            return None;
        }
    }
    let bytes = match read_bounded(path, MAX_JSON_BYTES) {
        Ok(b) => b,
        Err(ReadError::TooLarge(len)) => {
            fail(out, Code::InvalidSource, too_large(len, MAX_JSON_BYTES));
            return None;
        }
        Err(ReadError::Io(e)) => {
            fail(out, Code::UnreadableSource, format!("cannot be read: {e}"));
            return None;
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        fail(
            out,
            Code::ParseError,
            "not UTF-8 text, so not JSON; the agent cannot load it".into(),
        );
        out.sources.push(SourceFile {
            convention,
            path: path.to_path_buf(),
            display,
            text: None,
        });
        return None;
    };
    out.sources.push(SourceFile {
        convention,
        path: path.to_path_buf(),
        display: display.clone(),
        text: Some(text.clone()),
    });
    Some((display, text))
}
