//! Finding every `hooks.json` Cursor reads (cursor.com/docs/agent/hooks, "Configuration"), in
//! priority order — enterprise, project, user (team hooks come from Cursor's dashboard and have
//! no file here):
//! 1. enterprise `/etc/cursor/hooks.json` (Linux/WSL; machine state: read unless `--no-env`);
//! 2. project `<project>/.cursor/hooks.json`;
//! 3. user `~/.cursor/hooks.json`.
//!
//! 4. plugins — each installed plugin's hooks file (`~/.cursor/plugins/`, [`super::plugins`]),
//!    stamped with the plugin layer and the plugin's root.
//!
//! Team hooks (Cursor's dashboard, Enterprise plans) are kept in no file: `hooks doctor` says
//! they are not covered (`Adapter::not_covered`).
//!
//! Cursor also runs Claude Code's settings hooks when "Third-party skills" is on; those files
//! are read by the `claude-settings` adapter (their readers say Cursor runs them).

use crate::json_source::MAX_JSON_BYTES;
use crate::read_limit::{read_text, Missing};
use crate::{Context, Output};
use hook_ir::contract::limits::cursor as lim;
use hook_ir::{Convention, Scope};
use std::path::{Path, PathBuf};

/// Every layer's file: its path, its layer and the project it belongs to.
fn layers(ctx: &Context) -> Vec<(PathBuf, Scope, Option<PathBuf>)> {
    let mut files = Vec::new();
    if ctx.apply_env_overrides {
        files.push((PathBuf::from(lim::ENTERPRISE_FILE), Scope::System, None));
    }
    if let Some(p) = &ctx.project {
        files.push((
            p.join(lim::PROJECT_FILE),
            ctx.project_scope(Scope::Project),
            Some(p.clone()),
        ));
    }
    if let Some(h) = &ctx.home {
        files.push((h.join(lim::USER_FILE), Scope::User, None));
    }
    files
}

pub(super) fn discover(ctx: &Context, out: &mut Output) {
    let mut seen: Vec<PathBuf> = Vec::new();
    for (path, scope, root) in layers(ctx) {
        // The project may be the home directory: its `.cursor/hooks.json` is then the user's.
        if seen.contains(&path) || crate::run_cache::absent(ctx, &path) || !path.is_file() {
            continue;
        }
        seen.push(path.clone());
        let base = super::command_base(&path, root.as_deref());
        out.layer(scope, root.as_deref(), |out| {
            read(ctx, &path, base.as_deref(), out)
        });
    }
    let Some(plugins) = ctx.home.as_ref().map(|h| h.join(lim::PLUGINS_DIR)) else {
        return;
    };
    if crate::run_cache::absent(ctx, &plugins) {
        return;
    }
    for root in super::plugins::installed(&plugins) {
        match super::plugins::hooks_at(ctx, &root) {
            super::plugins::HooksAt::File(path) => {
                if !path.is_file() || seen.contains(&path) {
                    continue;
                }
                seen.push(path.clone());
                // A relative command runs from beside the plugin's hooks file (the docs' rule
                // for a `hooks.json` outside a project).
                let base = super::command_base(&path, None);
                out.layer(Scope::Plugin, Some(&root), |out| {
                    read(ctx, &path, base.as_deref(), out)
                });
            }
            super::plugins::HooksAt::Unread(d) => out.diag(d),
        }
    }
}

fn read(ctx: &Context, path: &Path, base: Option<&Path>, out: &mut Output) {
    if let Some((display, text)) = read_text(
        ctx,
        Convention::CursorHooks,
        path,
        MAX_JSON_BYTES,
        Missing::Silent,
        "JSON",
        out,
    ) {
        super::lower::lower(&display, base, &text, out);
    }
}
