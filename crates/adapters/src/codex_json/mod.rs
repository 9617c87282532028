//! Codex `hooks.json` (conventions.md §4): `<project>/.codex/hooks.json`, `~/.codex/hooks.json`
//! and explicit files.
//!
//! Layout: [`raw`] (the serde model mirroring the file), [`lower`] (into the IR, reporting what
//! Codex silently ignores), [`discover`](mod@discover), [`write`](mod@write) (format-preserving
//! merge), [`managed`] (GJC's managed `UserPromptSubmit`/`Stop` entries, for
//! `hooks setup codex`) and [`trust`] (Codex's trusted hashes and project trust).

mod accepts;
pub mod discover;
pub mod lower;
pub mod managed;
pub mod raw;
pub mod schema;
pub mod trust;
pub mod write;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers the project and user `hooks.json`.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, out);
}

/// Reads one explicit `hooks.json`.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    discover::load(ctx, path, out);
}

/// Lowers `text` as if it were the `hooks.json` at `path` (a writer's planned text).
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    discover::lower_text(ctx, path, &ctx.display(path), &text, out);
}

/// Plans merging `hooks` (command hooks of Codex events) into `hooks.json`.
pub fn plan_write(
    ctx: &Context,
    _convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    write::plan_write(ctx, hooks, opts)
}
