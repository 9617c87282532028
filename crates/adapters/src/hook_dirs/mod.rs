//! Claude and Codex hook directories (`claude-dir`, `codex-dir`): import and diagnostics only
//! (conventions.md §3). GJC registers them as discovery providers for `import` and diagnostics,
//! never as runtime authority, so lint says once per source that they do not run.
//!
//! - `<project>/.claude/hooks/{pre,post}/`: tool = file name minus `.sh .bash .zsh .fish .ts .js`;
//! - `<project>/.codex/hooks/`: `pre-<tool>.ts|js` / `post-<tool>.ts|js`, anything else is a
//!   `semantic_mismatch`.
//!
//! Importing them writes GJC's canonical copy: see [`crate::gjc::write`].

pub mod discover;
pub mod lower;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers the project's `convention` directory.
pub fn discover(ctx: &Context, convention: Convention, out: &mut Output) {
    discover::discover(ctx, convention, out);
}

/// Directory conventions have no single file; [`crate::load_file`] answers that itself.
pub fn load(_ctx: &Context, _path: &Path, _out: &mut Output) {}

/// Import-only sources are never a target: the canonical copy is written by the GJC writer.
pub fn plan_write(
    _ctx: &Context,
    convention: Convention,
    _hooks: &[Hook],
    _opts: &WriteOptions,
) -> Plan {
    Plan::unsupported(convention)
}
