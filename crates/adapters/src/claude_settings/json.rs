//! Claude Code's settings as JSON with positions ([`crate::jsonc_ast`]).
//!
//! Claude Code reads its settings with a strict JSON parser, so comments, trailing commas,
//! single quotes and the other JSONC/JSON5 extensions are parse errors here too: a file Claude
//! rejects must not look valid to the linter.

use crate::jsonc_ast::JsonError;
pub(super) use crate::jsonc_ast::{printable, span, type_name, Span};
use jsonc_parser::ast::Value;

/// Parses `text` as strict JSON, no comments. `Ok(None)` for a file that is empty or only
/// whitespace.
pub(super) fn parse(text: &str) -> Result<Option<Value<'_>>, JsonError> {
    crate::jsonc_ast::parse(text, false)
}
