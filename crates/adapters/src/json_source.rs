//! Reading a strict-JSON source (Codex `hooks.json`, GJC plugin manifests and registries):
//! bounded, UTF-8 checked, recorded for the renderers, and the `parse_error` of a syntax error.

use crate::json_span;
use crate::read_limit::{read_text, Missing};
use crate::{Context, Output};
use hook_ir::{Code, Convention, Diagnostic};
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
    .at(crate::source::locate(display, text, e.span.0, e.span.1))
}

/// Reads a JSON source as text ([`read_text`], at most [`MAX_JSON_BYTES`]), recording it in
/// `out.sources`. Problems become diagnostics; `None` means there is nothing to parse.
pub fn read_json(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    out: &mut Output,
) -> Option<(String, String)> {
    read_text(
        ctx,
        convention,
        path,
        MAX_JSON_BYTES,
        Missing::Report,
        "JSON",
        out,
    )
}
