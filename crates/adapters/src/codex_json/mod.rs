//! Codex `hooks.json` (conventions.md §4).
//!
//! Not implemented yet: discovery finds nothing and the writer refuses.

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers this convention's sources under the project root and the home dir.
pub fn discover(_ctx: &Context, _out: &mut Output) {}

/// Reads one explicit file of this convention.
pub fn load(_ctx: &Context, _path: &Path, _out: &mut Output) {}

/// Plans writing `hooks` (already converted to this convention) into its files.
pub fn plan_write(
    _ctx: &Context,
    convention: Convention,
    _hooks: &[Hook],
    _opts: &WriteOptions,
) -> Plan {
    Plan::unsupported(convention)
}
