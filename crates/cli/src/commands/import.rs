//! `hooks import --from CONV --to CONV[,CONV..] [PATH]`: read one convention, convert (IR → IR,
//! with diagnostics for everything that changes), plan each target's files with its writer,
//! check the plan (size, the target's own reader), then print it (`--dry-run`) or apply it —
//! every file of every target in one atomic step.
//!
//! Scopes are kept (`adapters::scope`): user hooks go to user-level files, project hooks to the
//! project's, personal hooks to a personal file or, guarded, to the user level.
//!
//! Exit codes (docs/cli.md): 0 every hook read moved (or nothing to import); 1 some hooks were
//! left out with an error (the others are written) or the plan was refused (nothing written;
//! `outcome` says which); 2 usage or I/O failure.

mod check;
mod report;

use crate::args::{ImportArgs, ImportScope, ListFormat};
use crate::exit::Exit;
use crate::render;
use adapters::convert::{self, COMMAND_CONVENTIONS};
use adapters::scope::{self, Scope};
use adapters::write::{self, Plan, WriteOptions};
use adapters::{Context, Discovered};
use anyhow::bail;
use hook_ir::{Code, Convention, Diagnostic, Hook, Severity};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;

pub use report::diff;

/// What one target got.
pub struct TargetReport {
    /// The target convention.
    pub to: Convention,
    /// The converted hooks.
    pub hooks: Vec<Hook>,
    /// How many source hooks moved (one may become several target hooks).
    pub moved: usize,
    /// Source hooks left out, by the code that says why.
    pub left_out: BTreeMap<Code, usize>,
    /// How many of the moved hooks are of events outside the six kinds, carried to the target's
    /// equivalent event (`adapters::convert::native`).
    pub carried: usize,
}

/// What the import did or would do.
pub struct Report {
    pub from: Convention,
    pub targets: Vec<TargetReport>,
    pub dry_run: bool,
    /// How many hooks were read from the source (in the chosen scope).
    pub read: usize,
    /// Hooks read but outside `--scope`, not imported.
    pub outside_scope: usize,
    /// The plan of every target, merged.
    pub plan: Plan,
    /// Source, conversion and writer diagnostics, in that order.
    pub diagnostics: Vec<Diagnostic>,
    /// Display paths written.
    pub written: Vec<String>,
    /// Whether the plan was held back because of an error in it.
    pub held_back: bool,
}

impl Report {
    /// Whether a target left a source hook out with an error (a hook left where it is on
    /// purpose, such as GJC's managed Codex entry, or one the reader set aside with a warning,
    /// such as an event outside the six kinds, does not fail the import).
    pub fn any_left_out(&self) -> bool {
        self.targets
            .iter()
            .any(|t| t.left_out.keys().any(|c| c.severity() == Severity::Error))
    }
}

fn supported_moves() -> String {
    let cmds: Vec<_> = COMMAND_CONVENTIONS.iter().map(|c| c.as_str()).collect();
    format!(
        "supported: claude-dir → gjc, codex-dir → gjc, and between {} both ways",
        cmds.join(", ")
    )
}

pub fn run(a: ImportArgs) -> anyhow::Result<Exit> {
    let mut targets: Vec<Convention> = Vec::new();
    for &to in &a.to {
        if !convert::is_supported(a.from, to) {
            bail!(
                "cannot import from `{}` to `{to}`; {}",
                a.from,
                supported_moves()
            );
        }
        if !targets.contains(&to) {
            targets.push(to);
        }
    }
    let root = a.path.clone().unwrap_or_else(|| PathBuf::from("."));
    if !root.is_dir() {
        bail!(
            "{}: not a directory (PATH is a project root)",
            root.display()
        );
    }
    let root = super::discover::absolute(&root)?;
    let home = match &a.home {
        Some(h) => Some(super::discover::absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    // Import moves what is in files; jcode's JCODE_HOOK_* overrides live in the environment of
    // one shell and are not written into another convention's files.
    let ctx = Context::from_process(Some(root), home, false);
    let progress = Progress::new(std::io::stderr().is_terminal());
    let found = adapters::discover_only(&ctx, &[a.from]);
    let options = Options {
        from: a.from,
        targets,
        scope: a.scope,
        dry_run: a.dry_run,
        force: a.force,
    };
    let report = import(&ctx, &found, &options, &progress)?;
    let terminal = std::io::stdout().is_terminal();
    let format = a.format.unwrap_or(if terminal {
        ListFormat::Human
    } else {
        ListFormat::Json
    });
    match format {
        ListFormat::Json => report::print_json(&report),
        ListFormat::Human => {
            let color = render::human::use_color(terminal, std::env::var_os("NO_COLOR").as_deref());
            out!("{}", report::human(&report, &found, color));
        }
    }
    let errors = report
        .diagnostics
        .iter()
        .any(|d| d.severity() == Severity::Error);
    Ok(if report.held_back || report.any_left_out() || errors {
        Exit::Findings
    } else {
        Exit::Success
    })
}

/// What to import and how.
pub struct Options {
    /// The source convention.
    pub from: Convention,
    /// The target conventions, each once.
    pub targets: Vec<Convention>,
    /// Which source hooks to read.
    pub scope: ImportScope,
    /// Plan only.
    pub dry_run: bool,
    /// Overwrite differing values.
    pub force: bool,
}

/// Progress lines on stderr for long runs, only on a terminal.
pub struct Progress {
    on: bool,
}

impl Progress {
    /// Hooks below this many finish in well under a second: no progress lines.
    const MIN_HOOKS: usize = 2000;

    pub fn new(terminal: bool) -> Self {
        Progress { on: terminal }
    }

    fn say(&self, hooks: usize, what: impl FnOnce() -> String) {
        if self.on && hooks >= Self::MIN_HOOKS {
            eprintln!("hooks import: {}", what());
        }
    }
}

fn in_scope(ctx: &Context, h: &Hook, s: ImportScope) -> bool {
    scope_wanted(scope::of(ctx, h), s)
}

fn scope_wanted(sc: Scope, s: ImportScope) -> bool {
    match s {
        ImportScope::All => true,
        ImportScope::User => sc == Scope::User,
        ImportScope::Project => sc.is_project(),
    }
}

/// Hook entries of the source files the reader set aside (handlers that are not commands), by
/// reason: they were read, and are left out.
fn set_aside(
    ctx: &Context,
    found: &Discovered,
    from: Convention,
    s: ImportScope,
) -> BTreeMap<Code, usize> {
    let mut out = BTreeMap::new();
    for src in found.sources.iter().filter(|f| f.convention == from) {
        if !scope_wanted(scope::of_file(ctx, from, &src.display), s) {
            continue;
        }
        let Some(text) = &src.text else { continue };
        for e in adapters::census::entries(from, text) {
            if let Some(code) = adapters::census::set_aside(from, &e) {
                *out.entry(code).or_default() += 1;
            }
        }
    }
    out
}

/// Converts, plans, checks and (unless dry run or held back) applies, for every target.
pub fn import(
    ctx: &Context,
    found: &Discovered,
    o: &Options,
    progress: &Progress,
) -> anyhow::Result<Report> {
    // The six kinds and, after them, the hooks of events outside them (carried where the
    // target has an equivalent event).
    // References: the hooks found stay where they are (a copy of 64,000 hooks was ~25 MB).
    let (hooks, outside): (Vec<&Hook>, Vec<&Hook>) = found
        .batch
        .hooks
        .iter()
        .chain(found.outside.iter().filter(|h| h.convention == o.from))
        .partition(|h| in_scope(ctx, h, o.scope));
    let mut diagnostics = found.batch.diagnostics.clone();
    let aside = set_aside(ctx, found, o.from, o.scope);
    let mut plan = Plan::default();
    let mut targets = Vec::new();
    for &to in &o.targets {
        progress.say(hooks.len(), || {
            format!("converting {} hooks to `{to}`", hooks.len())
        });
        let mut conversion = convert::convert_in(&hooks, to, Some(ctx));
        // One plan per target file: a scope each. Hooks by index, not copies: a 64,000-hook
        // import held every converted hook twice.
        let mut by_file: BTreeMap<PathBuf, Vec<usize>> = BTreeMap::new();
        for (i, h) in conversion.hooks.iter().enumerate() {
            let sc = conversion.scopes.get(i).copied().unwrap_or(Scope::User);
            match scope::target(ctx, to, sc) {
                Some(f) => by_file.entry(f).or_default().push(i),
                None => diagnostics.push(
                    Diagnostic::new(
                        Code::SemanticMismatch,
                        format!("`{to}` has no {} file to write this hook into", sc.as_str()),
                    )
                    .with_convention(to)
                    .at(h.location.clone()),
                ),
            }
        }
        diagnostics.append(&mut conversion.diagnostics);
        for (file, indexes) in by_file {
            // All of them (the usual case) are planned in place; a part, copied.
            let part: Vec<Hook>;
            let file_hooks: &[Hook] = if indexes.len() == conversion.hooks.len() {
                &conversion.hooks
            } else {
                part = indexes
                    .iter()
                    .map(|&i| conversion.hooks[i].clone())
                    .collect();
                &part
            };
            progress.say(file_hooks.len(), || {
                format!(
                    "planning {} ({} hooks)",
                    ctx.display(&file),
                    file_hooks.len()
                )
            });
            let p = adapters::plan_write(
                ctx,
                to,
                file_hooks,
                &WriteOptions {
                    force: o.force,
                    target: Some(file),
                },
            );
            progress.say(file_hooks.len(), || {
                "checking the plan with the target's reader".into()
            });
            for c in &p.changes {
                plan.diagnostics.extend(check::file(ctx, to, c));
            }
            if to == Convention::CodexJson {
                // Codex runs a rewritten hooks.json only once each changed hook is trusted again.
                // Not for a file too large to write (`import_too_large` refuses the plan):
                // reading 64,000 hooks' trust back took the most memory of such an import.
                let max = adapters::write::max_bytes(to);
                for c in p
                    .changes
                    .iter()
                    .filter(|c| !c.is_noop() && c.after.len() as u64 <= max)
                {
                    diagnostics.extend(adapters::codex_json::trust::check_written(
                        ctx, &c.path, &c.after,
                    ));
                }
            }
            plan.changes.extend(p.changes);
            plan.diagnostics.extend(p.diagnostics);
        }
        let mut left_out: BTreeMap<Code, usize> = aside.clone();
        for (_, code) in &conversion.left_out {
            *left_out.entry(*code).or_default() += 1;
        }
        let mut moved: Vec<usize> = conversion.sources.clone();
        moved.dedup();
        let carried = moved
            .iter()
            .filter(|&&i| convert::native::is_outside(hooks[i]))
            .count();
        targets.push(TargetReport {
            to,
            moved: moved.len(),
            hooks: conversion.hooks,
            left_out,
            carried,
        });
    }
    let held_back = plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == Severity::Error);
    diagnostics.extend(plan.diagnostics.iter().cloned());
    let mut written = Vec::new();
    if !o.dry_run && !held_back {
        progress.say(hooks.len(), || "writing".into());
        match write::apply(&plan) {
            Ok(w) => written = w,
            Err(write::ApplyError::Changed(path)) => diagnostics.push(
                Diagnostic::new(
                    Code::ImportConflict,
                    format!("{path} changed on disk while the import ran; nothing more was written, run again"),
                )
                .at(hook_ir::Location::path_only(path)),
            ),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Report {
        from: o.from,
        targets,
        dry_run: o.dry_run,
        read: hooks.len() + aside.values().sum::<usize>(),
        outside_scope: outside.len(),
        plan,
        diagnostics,
        written,
        held_back,
    })
}

#[cfg(test)]
mod tests;
