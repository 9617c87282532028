//! `hooks audit`: every way a repository makes an agent run code on its own — the hooks of every
//! convention (carried events included), the scripts they run (found as the command rules find
//! them, read and hashed), and the settings that change what a hook process executes — with
//! what the rules see in them. Also the inventory behind `hooks.lock` ([`lock`]) and the
//! comparison with an older tree ([`base`]).
//!
//! Everything here is keyed by [`HookKey`]: convention, file (relative to the audited root, or
//! `~/…`), event, matcher and command — the same in two checkouts of one repository, whatever
//! directory each is in, so a hook of `main` and the same hook of a pull request compare equal.

pub mod base;
mod env;
pub mod lock;

use crate::rules::{scope_of, script, script_paths, Finding, Scope, Target};
use adapters::line_index::LineIndex;
use adapters::{Context, SourceFile};
use hook_ir::{Code, Convention, Detail, Diagnostic, Handler, Hook, Location};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What identifies a hook across checkouts and in `hooks.lock`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HookKey {
    /// The convention id (`claude-settings`, ...).
    pub convention: String,
    /// The file that declares it: relative to the root (`/`-separated), `~/…` under the home
    /// directory, else absolute (or `env:NAME`).
    pub file: String,
    /// The event as the convention spells it (`SessionStart`, `pre_tool`, ...).
    pub event: String,
    /// The matcher, as the IR's JSON (`{"type":"any"}`).
    pub matcher: String,
    /// The command line as written, or a module's path (as [`HookKey::file`]).
    pub command: String,
}

/// One hook of the inventory.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The hook's id in this run's output.
    pub id: String,
    /// Its identity across checkouts.
    pub key: HookKey,
    /// The scripts it runs: indexes into [`Inventory::scripts`].
    pub scripts: Vec<usize>,
    /// Where it is declared (display form).
    pub location: Location,
    /// The layer of its file.
    pub scope: hook_ir::Scope,
}

/// A file a hook runs.
#[derive(Debug, Clone)]
pub struct Script {
    /// Its real path.
    pub path: PathBuf,
    /// Its display path (as locations).
    pub display: String,
    /// Its path relative to the root (as [`HookKey::file`]).
    pub file: String,
    /// The SHA-256 of its bytes (hex); `None` when it cannot be read.
    pub sha256: Option<String>,
    /// The ids of the hooks that run it.
    pub hooks: Vec<String>,
}

/// A settings entry that changes what every hook process executes (`NODE_OPTIONS`, ...).
#[derive(Debug, Clone)]
pub struct Setting {
    /// The convention of the file.
    pub convention: Convention,
    /// The file (as [`HookKey::file`]).
    pub file: String,
    /// The variable.
    pub name: String,
    /// Its value.
    pub value: String,
    /// Where it is written.
    pub location: Location,
}

/// Every hook, the scripts they run and the settings that change them.
#[derive(Debug, Clone, Default)]
pub struct Inventory {
    /// The hooks, in the order given.
    pub hooks: Vec<Entry>,
    /// The scripts, each once, in the order first run.
    pub scripts: Vec<Script>,
    /// The settings that change what hook processes execute.
    pub settings: Vec<Setting>,
}

/// The inventory and what the rules see in it.
#[derive(Debug, Clone, Default)]
pub struct Audit {
    /// Hooks, scripts, settings.
    pub inventory: Inventory,
    /// The content findings of the scripts and the settings' findings, in script order.
    pub diagnostics: Vec<Diagnostic>,
}

/// `path` as [`HookKey::file`]: relative to `root` (`/`-separated), `~/…` under the home dir,
/// else as given.
pub fn key_path(ctx: &Context, root: &Path, path: &Path) -> String {
    if let Ok(rel) = path.strip_prefix(root) {
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        return parts.join("/");
    }
    if let Some(rel) = ctx.home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        return format!("~/{}", rel.to_string_lossy());
    }
    path.to_string_lossy().into_owned()
}

/// The real path of a display path of this run (`~/…`, relative to the cwd, absolute).
fn undisplay(ctx: &Context, display: &str) -> PathBuf {
    if let Some(rest) = display.strip_prefix("~/") {
        if let Some(h) = &ctx.home {
            return h.join(rest);
        }
    }
    let p = Path::new(display);
    if p.is_absolute() {
        return p.to_path_buf();
    }
    match ctx.cwd.as_deref().or(ctx.project.as_deref()) {
        Some(base) => base.join(p),
        None => p.to_path_buf(),
    }
}

/// The SHA-256 of `bytes`, hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// `p` without `.` components and with `..` applied (lexically: a script path as written,
/// `./scripts/x.sh` under the root, is one file whatever its spelling).
fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The files `hook` runs: its command's scripts, or its module.
fn files_run(t: &Target<'_>, ctx: &Context) -> Vec<PathBuf> {
    let mut files = files_named(t, ctx);
    for f in &mut files {
        *f = normal(f);
    }
    files.dedup();
    files
}

fn files_named(t: &Target<'_>, ctx: &Context) -> Vec<PathBuf> {
    match &t.hook.handler {
        Handler::Command { .. } => script_paths(t),
        Handler::Module { path } => {
            let real = match &t.hook.detail {
                Detail::Module { real_path, .. } => PathBuf::from(real_path),
                _ => undisplay(ctx, path),
            };
            if real.is_file() {
                vec![real]
            } else {
                Vec::new()
            }
        }
    }
}

/// The inventory of `hooks` (read from `sources`), keyed relative to `root`. Every script is
/// read and hashed once.
pub fn inventory<'h>(
    ctx: &Context,
    root: &Path,
    hooks: impl IntoIterator<Item = &'h Hook>,
    sources: &[SourceFile],
) -> Inventory {
    walk(ctx, root, hooks, sources, |_, _, _| {})
}

/// Builds the inventory, calling `each` once per script with the first hook's target, its
/// path and its text (when it is UTF-8 text).
fn walk<'h>(
    ctx: &Context,
    root: &Path,
    hooks: impl IntoIterator<Item = &'h Hook>,
    sources: &[SourceFile],
    mut each: impl FnMut(&Target<'_>, &Script, &str),
) -> Inventory {
    let files = crate::rules::by_path(sources);
    let mut inv = Inventory::default();
    let mut by_path: BTreeMap<PathBuf, usize> = BTreeMap::new();
    // The scripts each script of `inv.scripts` runs (same index).
    let mut nested: Vec<Vec<PathBuf>> = Vec::new();
    let hooks: Vec<&Hook> = hooks.into_iter().collect();
    for &hook in &hooks {
        let file = crate::rules::file_of(&files, hook);
        let target = Target {
            ctx,
            hook,
            text: file.and_then(|f| f.text.as_deref()),
            scope: file.map_or(Scope::Unknown, scope_of),
        };
        let file_key = match file {
            Some(f) => key_path(ctx, root, &f.path),
            None if hook.location.path.starts_with("env:") => hook.location.path.clone(),
            None => key_path(ctx, root, &undisplay(ctx, &hook.location.path)),
        };
        let command = match &hook.handler {
            Handler::Command { command, .. } => command.clone(),
            Handler::Module { path } => key_path(ctx, root, &undisplay(ctx, path)),
        };
        let key = HookKey {
            convention: hook.convention.as_str().to_string(),
            file: file_key,
            event: hook.source_event.clone(),
            matcher: serde_json::to_string(&hook.matcher).unwrap_or_default(),
            command,
        };
        let mut scripts = Vec::new();
        // The hook's own scripts (depth 0), then the scripts a shell script of them runs
        // (depth 1): a harmless-looking `setup.sh` that runs `./payload.sh` is read through.
        let mut queue: Vec<(PathBuf, u8)> = files_run(&target, ctx)
            .into_iter()
            .rev()
            .map(|p| (p, 0))
            .collect();
        while let Some((path, depth)) = queue.pop() {
            let i = match by_path.get(&path) {
                Some(&i) => i,
                None => {
                    let bytes = std::fs::read(&path).ok();
                    let s = Script {
                        display: ctx.display(&path),
                        file: key_path(ctx, root, &path),
                        sha256: bytes.as_deref().map(sha256_hex),
                        hooks: Vec::new(),
                        path: path.clone(),
                    };
                    let text = bytes.as_deref().and_then(|b| std::str::from_utf8(b).ok());
                    let inner = match text {
                        Some(text) => {
                            each(&target, &s, text);
                            if script::is_shell(&path, text) {
                                let mut inner = script::scripts_run(&target, text);
                                for p in &mut inner {
                                    *p = normal(p);
                                }
                                inner
                            } else {
                                Vec::new()
                            }
                        }
                        None => Vec::new(),
                    };
                    inv.scripts.push(s);
                    nested.push(inner);
                    by_path.insert(path, inv.scripts.len() - 1);
                    inv.scripts.len() - 1
                }
            };
            if scripts.contains(&i) {
                continue;
            }
            if !inv.scripts[i].hooks.contains(&hook.id) {
                inv.scripts[i].hooks.push(hook.id.clone());
            }
            scripts.push(i);
            if depth == 0 {
                queue.extend(nested[i].iter().rev().map(|p| (p.clone(), 1)));
            }
        }
        inv.hooks.push(Entry {
            id: hook.id.clone(),
            key,
            scripts,
            location: hook.location.clone(),
            scope: hook.scope,
        });
    }
    inv.settings = env::settings(ctx, root, sources, hooks.iter().copied());
    inv
}

/// Audits `hooks` (accepted and carried, read from `sources`) relative to `root`: the inventory,
/// each script's content findings (at their lines) and the findings of settings that change
/// what hook processes execute.
pub fn audit<'h>(
    ctx: &Context,
    root: &Path,
    hooks: impl IntoIterator<Item = &'h Hook>,
    sources: &[SourceFile],
) -> Audit {
    let mut diagnostics = Vec::new();
    let mut findings: Vec<Finding> = Vec::new();
    let inventory = walk(ctx, root, hooks, sources, |t, s, text| {
        findings.clear();
        script::check(t, &s.path, text, &mut findings);
        if findings.is_empty() {
            return;
        }
        let index = LineIndex::new(text);
        for f in findings.drain(..) {
            let location = match f.span {
                Some((a, b)) => index.location(text, s.display.clone(), a, b),
                None => Location::path_only(s.display.clone()),
            };
            let mut d = Diagnostic::new(f.code, f.message)
                .with_convention(t.hook.convention)
                .at(location);
            if let Some(h) = f.help {
                d = d.with_help(h);
            }
            diagnostics.push(d);
        }
    });
    for s in &inventory.settings {
        diagnostics.push(
            Diagnostic::new(
                Code::SettingsEnvChangesExecution,
                format!(
                    "`{}` is set to {} for every hook process (and the agent): it changes what their commands execute, and no hook command shows it",
                    s.name,
                    hook_ir::quote(&s.value)
                ),
            )
            .with_convention(s.convention)
            .at(s.location.clone())
            .with_help("remove it; set what a hook needs inside its own command"),
        );
    }
    Audit {
        inventory,
        diagnostics,
    }
}

/// The text of the scripts of `inv` that have findings, as sources a renderer can show lines of
/// (the human format shows the line a finding points at).
pub fn script_sources(inv: &Inventory, diagnostics: &[Diagnostic]) -> Vec<SourceFile> {
    inv.scripts
        .iter()
        .filter(|s| {
            diagnostics
                .iter()
                .any(|d| d.location.as_ref().is_some_and(|l| l.path == s.display))
        })
        .filter_map(|s| {
            Some(SourceFile {
                convention: Convention::ClaudeSettings,
                path: s.path.clone(),
                display: s.display.clone(),
                text: Some(std::fs::read_to_string(&s.path).ok()?),
                scope: hook_ir::Scope::Project,
                root: None,
                readers: Vec::new(),
            })
        })
        .collect()
}
