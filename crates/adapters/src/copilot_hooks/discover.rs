//! Finding every layer Copilot CLI 1.0.102 reads, in the order it runs them
//! (`conformance/notes/copilot.md`, "Locations and layers"; trace copilot_layers_order):
//! 1. policy `/etc/github-copilot/policy.d/*.json`, ascending (machine state: read unless
//!    `--no-env`); a group- or world-writable file is skipped;
//! 2. user files `$COPILOT_HOME/hooks/*.json` (default `~/.copilot/hooks`), descending name order;
//! 3. user inline `hooks` of `$COPILOT_HOME/settings.json`;
//! 4. repository files `.github/hooks/*.json`, descending name order (trace copilot_file_order);
//! 5. repository inline `hooks` of `.github/copilot/settings.json`, then `settings.local.json`.
//!
//! `.claude/settings.json`, which Copilot also runs, is read by the `claude-settings` adapter.
//! Plugins load with `--plugin-dir` only (installed plugins were not run): a plugin's
//! `hooks/hooks.json` is read when named explicitly.

use super::lower::{self, FileKind};
use crate::json_source::MAX_JSON_BYTES;
use crate::read_limit::{read_text, Missing};
use crate::{Context, Output};
use hook_ir::contract::limits::copilot as lim;
use hook_ir::{Code, Convention, Diagnostic, Location, Scope};
use std::path::{Path, PathBuf};

const CP: Convention = Convention::CopilotHooks;

/// Copilot's user directory: `$COPILOT_HOME` when set (and the environment applies), else
/// `<home>/.copilot`.
pub(super) fn user_dir(ctx: &Context) -> Option<PathBuf> {
    if ctx.apply_env_overrides {
        if let Some(h) = ctx.var(lim::HOME_ENV).filter(|v| !v.is_empty()) {
            return Some(PathBuf::from(h));
        }
    }
    ctx.home.as_ref().map(|h| h.join(lim::USER_DIR))
}

/// The `*.json` files of `dir`, in file-name order, descending when `descending`.
fn json_files(ctx: &Context, dir: &Path, descending: bool) -> Vec<PathBuf> {
    if crate::run_cache::absent(ctx, dir) {
        return Vec::new();
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && p.is_file())
        .collect();
    files.sort();
    if descending {
        files.reverse();
    }
    files
}

/// Every layer's file in run order: its path, its layer, the project it belongs to and how
/// Copilot treats its mistakes.
fn layers(ctx: &Context) -> Vec<(PathBuf, Scope, Option<PathBuf>, FileKind)> {
    let mut files = Vec::new();
    if ctx.apply_env_overrides {
        for f in json_files(ctx, Path::new(lim::POLICY_DIR), false) {
            files.push((f, Scope::System, None, FileKind::HooksFile));
        }
    }
    if let Some(u) = user_dir(ctx) {
        for f in json_files(ctx, &u.join("hooks"), true) {
            files.push((f, Scope::User, None, FileKind::HooksFile));
        }
        files.push((
            u.join("settings.json"),
            Scope::User,
            None,
            FileKind::UserSettings,
        ));
    }
    if let Some(p) = &ctx.project {
        let shared = ctx.project_scope(Scope::Project);
        for f in json_files(ctx, &p.join(lim::PROJECT_HOOKS_DIR), true) {
            files.push((f, shared, Some(p.clone()), FileKind::HooksFile));
        }
        let [settings, local] = lim::PROJECT_SETTINGS;
        files.push((
            p.join(settings),
            shared,
            Some(p.clone()),
            FileKind::Settings,
        ));
        files.push((
            p.join(local),
            ctx.project_scope(Scope::Personal),
            Some(p.clone()),
            FileKind::Settings,
        ));
    }
    files
}

pub(super) fn discover(ctx: &Context, out: &mut Output) {
    let start = (out.hooks.len(), out.outside.len());
    let mut switch = None;
    for (path, scope, root, kind) in layers(ctx) {
        if crate::run_cache::absent(ctx, &path) || !path.is_file() {
            continue;
        }
        if scope == Scope::System {
            if let Some(why) = writable_by_others(&path) {
                out.diag(
                    Diagnostic::new(
                        Code::HooksFileRejected,
                        format!("Copilot CLI skips this policy file: it is {why}; none of its hooks run"),
                    )
                    .with_convention(CP)
                    .at(Location::path_only(ctx.display(&path)))
                    .with_help("make it owned by root and writable only by root (`sudo chmod go-w`)"),
                );
                continue;
            }
        }
        if let Some(at) = out.layer(scope, root.as_deref(), |out| read(ctx, &path, kind, out)) {
            switch = Some(at);
        }
    }
    if let Some(at) = switch {
        disable_all(out, start, at);
    }
    untrusted(ctx, out, start.0);
}

/// Says, at each repository file with hooks, that Copilot CLI does not load them here: it has
/// state on this machine (`config.json`) and the folder is not trusted ([`super::trust`]).
/// `hooks run` and the bridge refuse those hooks through `Adapter::own_trust`.
fn untrusted(ctx: &Context, out: &mut Output, start: usize) {
    let Some(project) = ctx.project.as_deref() else {
        return;
    };
    let state = user_dir(ctx).is_some_and(|d| d.join("config.json").is_file());
    if !state || super::trust::repo_hooks_trusted(ctx, project) {
        return;
    }
    let mut files: Vec<String> = Vec::new();
    for h in &out.hooks[start..] {
        let repo = matches!(h.scope, Scope::Project | Scope::Personal);
        if repo && h.convention == CP && !files.contains(&h.location.path) {
            files.push(h.location.path.clone());
        }
    }
    for file in files {
        out.diag(
            Diagnostic::new(
                Code::CopilotFolderUntrusted,
                "Copilot CLI does not trust this folder (not in `trustedFolders` of its config.json): it loads none of this file's hooks here (the user's still run; the `--allow-all` flag does not trust)",
            )
            .with_convention(CP)
            .at(Location::path_only(file))
            .with_help("trust the folder when Copilot CLI asks, add it to `trustedFolders` of ~/.copilot/config.json, or set COPILOT_ALLOW_ALL=true for a headless run"),
        );
    }
}

/// Reads and lowers one file; returns where a repository settings file turns every hook off.
pub(super) fn read(
    ctx: &Context,
    path: &Path,
    kind: FileKind,
    out: &mut Output,
) -> Option<Location> {
    let (display, text) = read_text(ctx, CP, path, MAX_JSON_BYTES, Missing::Silent, "JSON", out)?;
    lower::lower(&display, &text, kind, out)
}

/// `disableAllHooks: true` in the repository settings skips every hook, the user files'
/// included (trace copilot_disable_all_hooks_settings): the hooks read since `start` are
/// reported and left out of the batch.
fn disable_all(out: &mut Output, start: (usize, usize), at: Location) {
    let n = out.hooks.len() - start.0 + out.outside.len() - start.1;
    let d = Diagnostic::new(
        Code::HooksDisabled,
        format!("`disableAllHooks` is true in the repository settings: Copilot CLI runs no hook, from this file or any other ({n} left out)"),
    )
    .with_convention(CP)
    .at(at)
    .with_help("remove it, or set it to false, when the hooks should run");
    let off: Vec<_> = out
        .hooks
        .drain(start.0..)
        .chain(out.outside.drain(start.1..))
        .map(|h| (h, d.clone()))
        .collect();
    out.never_run.extend(off);
    out.diag(d);
}

/// Why Copilot skips a policy file ("group or world-writable"), or `None`.
fn writable_by_others(path: &Path) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode();
    (mode & 0o022 != 0).then(|| format!("group- or world-writable (mode {:o})", mode & 0o7777))
}
