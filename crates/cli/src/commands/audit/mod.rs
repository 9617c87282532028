//! `hooks audit` and what `hooks trust` shares with it: discovery of a project's hooks (nested
//! projects and plugins included, carried events too), then the rules layer's audit
//! ([`hooks_rules::audit`]). No lint configuration applies: a `hooks.toml` in the audited
//! repository could otherwise hide what it adds.

mod git;
mod render;

use super::discover::{absolute, discover_each, PathsFrom, Walk};
use crate::args::{AuditArgs, LintFormat, SourceArgs};
use crate::exit::Exit;
use adapters::{Context, Discovered};
use hook_ir::{Hook, Severity};
use hooks_rules::audit::{self, base, Audit};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// What discovery found under one root, with the hooks of events outside the six kinds.
pub struct Found {
    /// The context (project = the root).
    pub ctx: Context,
    /// The root, absolute.
    pub root: PathBuf,
    /// Hooks, diagnostics and sources of every root found under it.
    pub d: Discovered,
    /// The hooks of events outside the six kinds (carried by `hooks import`): they run too.
    pub carried: Vec<Hook>,
}

impl Found {
    /// Every hook: accepted, then carried.
    pub fn hooks(&self) -> impl Iterator<Item = &Hook> {
        self.d.batch.hooks.iter().chain(&self.carried)
    }

    /// The audit of every hook, keyed relative to the root.
    pub fn audit(&self) -> Audit {
        audit::audit(&self.ctx, &self.root, self.hooks(), &self.d.sources)
    }

    /// The inventory of every hook, keyed relative to the root.
    pub fn inventory(&self) -> audit::Inventory {
        audit::inventory(&self.ctx, &self.root, self.hooks(), &self.d.sources)
    }
}

/// Discovers `root` (with `walk`: the projects and plugins under it too) with `home` as the
/// home directory (default `$HOME`).
pub fn discover(root: &Path, home: Option<&Path>, walk: bool) -> anyhow::Result<Found> {
    let root = absolute(root)?;
    if !root.is_dir() {
        anyhow::bail!("{}: not a project directory", root.display());
    }
    let src = SourceArgs {
        home: home.map(Path::to_path_buf),
        no_env: false,
        convention: None,
    };
    let none = |_: &Context, _: &Path| None;
    let walk = walk.then_some(Walk { excluded: &none });
    let mut carried: Vec<Hook> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let d = discover_each(
        std::slice::from_ref(&root),
        &src,
        PathsFrom::Cwd,
        walk,
        |_, _, d| {
            for h in d.outside.drain(..) {
                if seen.insert((h.location.path.clone(), h.id.clone())) {
                    carried.push(h);
                }
            }
            Ok(())
        },
    )?;
    let home = match home {
        Some(h) => Some(absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let ctx = Context::from_process(Some(root.clone()), home, true);
    Ok(Found {
        ctx,
        root,
        d,
        carried,
    })
}

/// Runs `hooks audit`.
pub fn run(a: AuditArgs) -> anyhow::Result<Exit> {
    let root = a.path.clone().unwrap_or_else(|| PathBuf::from("."));
    let found = discover(&root, a.home.as_deref(), true)?;
    let audited = found.audit();
    let mut diagnostics = hook_ir::place_in_source_order(
        found.d.batch.diagnostics.clone(),
        audited.diagnostics.clone(),
    );
    let changes = match &a.base {
        None => None,
        Some(rev) => {
            let tmp = tempfile::tempdir()?;
            let base_root = git::checkout(&found.root, rev, tmp.path())?;
            let old = discover(&base_root, a.home.as_deref(), true)?;
            let old_inv = old.inventory();
            let changes = base::compare(&audited.inventory, &old_inv);
            diagnostics = hook_ir::place_in_source_order(
                base::only_changed(diagnostics, &audited.inventory, &changes),
                base::diagnostics(&changes),
            );
            Some(changes)
        }
    };
    let terminal = std::io::stdout().is_terminal();
    let format = a.format.unwrap_or(if terminal {
        LintFormat::Human
    } else {
        LintFormat::Json
    });
    let view = render::View {
        found: &found,
        audit: &audited,
        diagnostics: &diagnostics,
        changes: changes.as_deref(),
        base: a.base.as_deref(),
    };
    let text = match format {
        LintFormat::Json => render::json(&view),
        LintFormat::Human => {
            let color =
                crate::render::human::use_color(terminal, std::env::var_os("NO_COLOR").as_deref());
            render::human(&view, color)
        }
        LintFormat::Sarif => render::sarif(&view),
        LintFormat::Github => render::github(&view),
    };
    crate::stdout::print(&text);
    let changed = changes.as_ref().is_some_and(|c| !c.is_empty());
    let error = diagnostics.iter().any(|d| d.severity() == Severity::Error);
    // The process ends with this command: freeing every hook, diagnostic and file text one by
    // one only delays the exit (as `hooks lint` does).
    std::mem::forget(found);
    std::mem::forget(audited);
    std::mem::forget(diagnostics);
    std::mem::forget(changes);
    Ok(if changed || error {
        Exit::Findings
    } else {
        Exit::Success
    })
}
