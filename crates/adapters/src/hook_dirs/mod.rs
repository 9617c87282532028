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

/// The adapter of one hook-directory convention (`claude-dir` or `codex-dir`): the two share
/// their reader and differ only by the directory and the file names they scan.
#[derive(Debug, Clone, Copy)]
pub struct HookDirs(Convention);

/// `claude-dir`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
pub static CLAUDE_DIR_ADAPTER: HookDirs = HookDirs(Convention::ClaudeDir);
/// `codex-dir`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
pub static CODEX_DIR_ADAPTER: HookDirs = HookDirs(Convention::CodexDir);

impl crate::registry::Adapter for HookDirs {
    fn looked_for(&self) -> &'static str {
        match self.0 {
            hook_ir::Convention::ClaudeDir => ".claude/hooks/pre/, .claude/hooks/post/",
            _ => ".codex/hooks/pre-<tool>.ts|js, .codex/hooks/post-<tool>.ts|js",
        }
    }

    fn convention(&self) -> Convention {
        self.0
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        // Directories of the project only.
        let scope = ctx.project_scope(hook_ir::Scope::Project);
        out.layer(scope, ctx.project.as_deref(), |out| {
            discover(ctx, self.0, out)
        });
    }
}
