//! GJC native hook modules (conventions.md §3): `<project>/.gjc/hooks/{pre,post}/`,
//! `~/.gjc/agent/hooks/{pre,post}/` (the user dir GJC's code reads) and `~/.gjc/hooks/{pre,post}/`
//! (the user dir the seed docs name; accepted too, with an info diagnostic saying which was found).
//!
//! Every regular, non-dot file is one module; the folder gives the event (`pre` → `tool_call`,
//! `post` → `tool_result`) and the file name minus its last extension the tool (`*` = all). The
//! source is scanned as text for `on("…")` registrations ([`scan`]); it is never executed.
//!
//! Layout: [`entries`] (safe directory listing), [`scan`], [`tool_name`], [`lower`],
//! [`discover`](mod@discover), [`write`](mod@write).

pub mod discover;
/// Listing module files, shared with the other folder conventions ([`crate::modules`]).
pub use crate::modules::entries;
pub mod lower;
/// The static scan of a module's source, shared with GJC plugins ([`crate::modules`]).
pub use crate::modules::scan;
/// Tool names from file names, shared with the other folder conventions ([`crate::modules`]).
pub use crate::modules::tool_name;
pub mod write;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers the project and user hooks directories.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, out);
}

/// GJC hooks live in directories; [`crate::load_file`] answers an explicit file itself.
pub fn load(_ctx: &Context, _path: &Path, _out: &mut Output) {}

/// Plans the canonical `.gjc/hooks/{pre,post}/<tool>.<ext>` copies of module hooks.
pub fn plan_write(
    ctx: &Context,
    _convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    write::plan_write(ctx, hooks, opts)
}

/// `Gjc`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct Gjc;

impl crate::registry::Adapter for Gjc {
    fn looked_for(&self) -> &'static str {
        ".gjc/hooks/pre/, .gjc/hooks/post/"
    }

    fn convention(&self) -> Convention {
        Convention::Gjc
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover(ctx, out);
    }

    fn plan_write(&self, ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
        plan_write(ctx, Convention::Gjc, hooks, opts)
    }

    fn module_sources(&self) -> &'static [Convention] {
        // Hook files GJC loads as modules: the hook folders of Claude Code and Codex, its own.
        &[Convention::ClaudeDir, Convention::CodexDir, Convention::Gjc]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        write::MODULE_EXTENSIONS
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        match scope {
            hook_ir::Scope::Project => ctx.project.as_ref().map(|p| p.join(discover::PROJECT_DIR)),
            hook_ir::Scope::User => ctx.home.as_ref().map(|h| h.join(discover::USER_CODE_DIR)),
            _ => None,
        }
    }
}
