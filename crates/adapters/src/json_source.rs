//! Reading a strict-JSON source (Codex `hooks.json`, GJC plugin manifests and registries):
//! bounded, UTF-8 checked, recorded for the renderers, and the `parse_error` of a syntax error.

use crate::json_span;
use crate::read_limit::{read_bounded, too_large, ReadError};
use crate::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::Path;

/// `hooks.json` (and GJC plugin manifests) larger than this are refused instead of parsed.
pub const MAX_JSON_BYTES: u64 = 4 * 1024 * 1024;

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
