//! Cursor hooks (`cursor-hooks`): `hooks.json` files — enterprise `/etc/cursor/hooks.json`,
//! project `.cursor/hooks.json`, user `~/.cursor/hooks.json`.
//!
//! Cursor cannot run here: every rule cites its published docs (cursor.com/docs/agent/hooks,
//! cursor.com/docs/reference/hooks; `hook_ir::conventions::CURSOR_DOCS`), and
//! `docs/conventions/cursor-hooks.md` lists what is not verified against a running Cursor. The
//! file has Copilot CLI's shape, so the lowering shares the flat files' problem reporting
//! (`crate::flat_json_read`) and a re-import finds its entries with their shared code
//! (`crate::flat_json_reimport`: flat entries of `hooks.<event>[]`, the command under `command`).

mod discover;
pub(crate) mod lower;
mod plugins;
pub mod schema;
mod write;

use crate::registry::{Claim, Named, Place};
use crate::{Context, Output};
use hook_ir::contract::limits::cursor as lim;
use hook_ir::{Convention, Scope};
use std::path::{Path, PathBuf};

/// The directory a relative command of the file at `path` runs from: the project root for a
/// project's `.cursor/hooks.json` (`project`), else the file's own directory (`~/.cursor/` for
/// the user's, as the docs' `./hooks/format.sh` quickstart shows). Real project files name
/// their scripts from the project root (`.cursor/hooks/x.sh`, `bin/run-hook.sh`), though the
/// 1.7 docs said "relative to hooks.json": listed as unverified.
fn command_base(path: &Path, project: Option<&Path>) -> Option<PathBuf> {
    let dir = match project {
        Some(p) => p,
        None => path.parent()?,
    };
    if dir.is_absolute() {
        Some(dir.to_path_buf())
    } else {
        std::path::absolute(dir).ok()
    }
}

/// The project an explicitly named `<dir>/.cursor/hooks.json` belongs to: `dir`, unless it is
/// the home directory (then the file is the user's).
fn project_of(ctx: &Context, path: &Path) -> Option<PathBuf> {
    let (scope, root) = spot(path)?;
    let root = root.filter(|_| scope == Scope::Project)?;
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let home = ctx.home.as_deref().map(canon);
    (home.as_deref() != Some(canon(&root).as_path())).then_some(root)
}

/// `CursorHooks`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct CursorHooks;

/// Where an explicitly named `hooks.json` sits among Cursor's layers, by its path.
fn spot(path: &Path) -> Option<(Scope, Option<PathBuf>)> {
    if path.file_name()? != "hooks.json" {
        return None;
    }
    if path == Path::new(lim::ENTERPRISE_FILE) {
        return Some((Scope::System, None));
    }
    let dir = path.parent()?;
    (dir.file_name()? == ".cursor").then(|| (Scope::Project, dir.parent().map(Path::to_path_buf)))
}

impl crate::registry::Adapter for CursorHooks {
    /// Flat entries `hooks.<event>[]`, Copilot CLI's shape (shared census).
    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_flat_or_groups(text)
    }

    fn convention(&self) -> Convention {
        Convention::CursorHooks
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover::discover(ctx, out);
    }

    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        let read = crate::json_source::read_json(ctx, Convention::CursorHooks, path, out);
        if let Some((display, text)) = read {
            let base = command_base(path, project_of(ctx, path).as_deref());
            lower::lower(&display, base.as_deref(), &text, out);
        }
        true
    }

    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        let base = command_base(path, project_of(ctx, path).as_deref());
        lower::lower(&ctx.display(path), base.as_deref(), &text, out);
        true
    }

    fn plan_write(
        &self,
        ctx: &Context,
        hooks: &[hook_ir::Hook],
        opts: &crate::write::WriteOptions,
    ) -> crate::write::Plan {
        write::plan(ctx, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: Scope) -> Option<PathBuf> {
        match scope {
            Scope::User => ctx.home.as_ref().map(|h| h.join(lim::USER_FILE)),
            Scope::Project => ctx.project.as_ref().map(|p| p.join(lim::PROJECT_FILE)),
            _ => None,
        }
    }

    fn looked_for(&self) -> &'static str {
        ".cursor/hooks.json"
    }

    fn claims(&self, file: &Named) -> Option<Claim> {
        spot(file.path).map(|_| Claim::Name)
    }

    fn explicit_layer(&self, place: &Place) -> Option<(Scope, Option<PathBuf>)> {
        let path = place.parent.join(place.name);
        let (scope, root) = spot(&path)?;
        // `~/.cursor/hooks.json` is the user's, not a project's.
        if scope == Scope::Project
            && place.project_is_home
            && root.as_deref() == Some(place.project)
        {
            return Some((Scope::User, None));
        }
        Some((scope, root))
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Own(crate::flat_json_reimport::remove)
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Json)
    }

    /// `failClosed: true` on the gates (preToolUse, beforeSubmitPrompt) with `--fail-closed`:
    /// the bridge's flag blocks when a *source* hook fails, Cursor's field when the bridge
    /// itself crashes or times out (cursor.com/docs/reference/hooks, `failClosed`). The stop
    /// entry's `loop_limit` with `--loop-limit N`: Cursor itself then stops after N follow-ups
    /// (5 when unwritten; reference, `loop_limit`).
    fn bridge_entry_detail(
        &self,
        kind: hook_ir::Kind,
        guarantees: crate::bridge::Guarantees,
    ) -> hook_ir::Detail {
        use hook_ir::Kind;
        let mut d = self.entry_detail();
        if let hook_ir::Detail::CursorEntry {
            fail_closed,
            loop_limit,
            ..
        } = &mut d
        {
            *fail_closed =
                guarantees.fail_closed && matches!(kind, Kind::PreToolUse | Kind::UserPromptSubmit);
            if let (Kind::Stop, Some(n)) = (kind, guarantees.loop_limit) {
                *loop_limit = hook_ir::LoopLimit::Max(n);
            }
        }
        d
    }

    fn plugin_root(&self, file: &Path) -> Option<PathBuf> {
        plugins::root_of_manifest(file)
    }

    /// The manifest's `hooks` path, else `hooks/hooks.json` (an inline `hooks` object is said
    /// by discovery of installed plugins, and not read).
    fn plugin_hooks_file(&self, root: &Path) -> PathBuf {
        let ctx = Context::from_process(None, None, false);
        match plugins::hooks_at(&ctx, root) {
            plugins::HooksAt::File(p) => p,
            plugins::HooksAt::Unread(_) => root.join(lim::PLUGIN_HOOKS_FILE),
        }
    }

    /// Team hooks, from Cursor's dashboard (cursor.com/docs/agent/hooks, "Configuration": team
    /// hooks for Enterprise plans, between enterprise and project): no file holds them.
    fn not_covered(&self) -> Vec<hook_ir::Diagnostic> {
        vec![hook_ir::Diagnostic::new(
            hook_ir::Code::LayerNotCovered,
            "Cursor's team hooks (configured in the team's dashboard, Enterprise plans) are not covered: Cursor keeps them in no file this tool can read, and they run beside the hooks listed here",
        )
        .with_convention(Convention::CursorHooks)]
    }

    fn runs_when(&self, display: &str, _project: &Path, timeout_s: u64) -> String {
        format!("Cursor runs the hooks of {display} (and reloads the file when it changes); each entry's timeout is {timeout_s} s and the bridge answers before it. The bridge finds the project through `CURSOR_PROJECT_DIR`, else the payload's `cwd` or `workspace_roots`, so its command works from wherever Cursor starts it. A stop follow-up is bounded by the entry's `loop_limit` (5 when unwritten). If Cursor's \"Third-party skills\" setting is on, Cursor also runs the project's .claude/settings.json hooks itself: install with `--from` leaving out `claude-settings` so they do not run twice.")
    }

    fn entry_detail(&self) -> hook_ir::Detail {
        hook_ir::Detail::CursorEntry {
            index: 0,
            raw_matcher: None,
            timeout_explicit: true,
            fail_closed: false,
            loop_limit: hook_ir::LoopLimit::Default,
            command_dir: None,
        }
    }
}
