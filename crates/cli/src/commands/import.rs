//! `hooks import --from CONV --to CONV[,CONV..] [PATH]`: read one convention, convert (IR → IR,
//! with diagnostics for everything that changes), plan each target's files with its writer,
//! check the plan (size, the target's own reader), then print it (`--dry-run`) or apply it —
//! every file of every target in one atomic step.
//!
//! Scopes are kept (`hooks_migrate::placement`): user hooks go to user-level files, project hooks to the
//! project's, personal hooks to a personal file or, guarded, to the user level.
//!
//! Importing again replaces what an earlier import wrote (`replace`, with the record kept
//! beside each target by `adapters::reimport`): changed hooks are updated, hooks gone from the
//! source removed, hooks written or edited by hand kept.
//!
//! Exit codes (docs/cli.md, [`exit`]): 0 every hook read moved, nothing to import, nothing to
//! change, or every loss acknowledged with `--allow-loss`; 1 some hooks were left out with an
//! error (the others are written) or the plan was refused (nothing written; `outcome` says
//! which); 2 usage or I/O failure. A dry run exits as the real run would.

mod check;
mod replace;
mod report;

use crate::args::{ImportArgs, ImportScope, ListFormat};
use crate::exit::Exit;
use crate::render;
use adapters::write::{self, Plan, WriteOptions};
use adapters::{Context, Discovered};
use anyhow::bail;
use hook_ir::Scope;
use hook_ir::{Code, Convention, Diagnostic, Hook, Severity};
use hooks_migrate::convert::{self, command_conventions};
use hooks_migrate::placement as scope;
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
    /// equivalent event (`hooks_migrate::convert::native`).
    pub carried: usize,
    /// Hooks an earlier import wrote, taken out and written again changed (`replace`).
    pub updated: usize,
    /// Hooks an earlier import wrote that the source no longer has, taken out.
    pub removed: usize,
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
    /// The hook entries an earlier import wrote that this one takes out (`replace`).
    pub removals: Vec<replace::Removal>,
}

fn supported_moves() -> String {
    let cmds: Vec<_> = command_conventions().iter().map(|c| c.as_str()).collect();
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
    let found = hooks_rules::discover_only(&ctx, &[a.from]);
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
    Ok(exit(&report, &a.allow_loss))
}

/// The exit code (docs/cli.md): 1 when the plan was refused, when an error other than a hook
/// left out was reported, or when hooks were left out with an error not in `allow_loss` —
/// except when nothing is to be written and some hook is already there (importing again: the
/// losses were reported, with exit 1, by the run that wrote the files). A dry run exits as the
/// real run would.
pub fn exit(r: &Report, allow_loss: &[Code]) -> Exit {
    let lost: std::collections::BTreeSet<Code> = r
        .targets
        .iter()
        .flat_map(|t| t.left_out.keys().copied())
        .filter(|c| c.severity() == Severity::Error && !allow_loss.contains(c))
        .collect();
    let losses: std::collections::BTreeSet<Code> = r
        .targets
        .iter()
        .flat_map(|t| t.left_out.keys().copied())
        .collect();
    let other_errors = r.diagnostics.iter().any(|d| {
        d.severity() == Severity::Error
            && !losses.contains(&d.code)
            && !allow_loss.contains(&d.code)
    });
    let unchanged = r.plan.changes.iter().all(|c| c.is_noop());
    let some_there = r.targets.iter().any(|t| t.moved > 0);
    let lossy = !lost.is_empty();
    if r.held_back || other_errors || (lossy && !(unchanged && some_there)) {
        Exit::Findings
    } else {
        Exit::Success
    }
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

/// Whether a hook of scope `sc` (as discovery decided it) is imported with `--scope s`. Plugin,
/// extension and system hooks never are ([`owned_elsewhere`]).
fn scope_wanted(sc: Scope, s: ImportScope) -> bool {
    match s {
        ImportScope::All => matches!(sc, Scope::User | Scope::Project | Scope::Personal),
        ImportScope::User => sc == Scope::User,
        ImportScope::Project => sc.is_project(),
    }
}

/// Whether hooks of scope `sc` belong to a plugin manager or an administrator: read, never
/// imported, said once per file.
fn owned_by_others(sc: Scope) -> bool {
    matches!(sc, Scope::Plugin | Scope::System)
}

/// One `hook_owned_elsewhere` per source file of `from` whose hooks stay with their plugin or
/// system layer, with how many hooks it holds.
fn owned_elsewhere(hooks: &[&Hook], from: Convention) -> Vec<Diagnostic> {
    let mut per_file: Vec<(&hook_ir::Location, Scope, usize)> = Vec::new();
    for h in hooks.iter().filter(|h| owned_by_others(h.scope)) {
        match per_file
            .iter_mut()
            .find(|(l, ..)| l.path == h.location.path)
        {
            Some((.., n)) => *n += 1,
            None => per_file.push((&h.location, h.scope, 1)),
        }
    }
    per_file
        .into_iter()
        .map(|(at, sc, n)| {
            let owner = if sc == Scope::Plugin {
                "its plugin"
            } else {
                "the system settings"
            };
            Diagnostic::new(
                Code::HookOwnedElsewhere,
                format!("{n} {sc} hook(s) of this file are not imported: they stay with {owner}"),
            )
            .with_convention(from)
            .at(hook_ir::Location::path_only(at.path.clone()))
        })
        .collect()
}

/// Hook entries of the source files the reader set aside (handlers that are not commands), by
/// reason: they were read, and are left out.
fn set_aside(found: &Discovered, from: Convention, s: ImportScope) -> BTreeMap<Code, usize> {
    let mut out = BTreeMap::new();
    for src in found.sources.iter().filter(|f| f.convention == from) {
        if !scope_wanted(src.scope, s) {
            continue;
        }
        let Some(text) = &src.text else { continue };
        for e in hooks_migrate::census::entries(from, text) {
            if let Some(code) = hooks_migrate::census::set_aside(from, &e) {
                *out.entry(code).or_default() += 1;
            }
        }
    }
    out
}

/// The source files whose earlier hooks in the targets this import replaces (`replace`): each
/// file read in `--scope` — but not one with an error, whose hooks may be missing only because
/// of a typo (they stay until it is fixed) — and each file of the source convention at a scope
/// read that no longer exists (its hooks are gone with it).
fn replaced_sources(ctx: &Context, found: &Discovered, o: &Options) -> Vec<PathBuf> {
    let broken: std::collections::HashSet<&str> = found
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .filter_map(|d| d.location.as_ref().map(|l| l.path.as_str()))
        .collect();
    let mut out: Vec<PathBuf> = found
        .sources
        .iter()
        .filter(|f| f.convention == o.from && !broken.contains(f.display.as_str()))
        .filter(|f| scope_wanted(f.scope, o.scope))
        .map(|f| f.path.clone())
        .collect();
    for sc in [Scope::User, Scope::Project, Scope::Personal] {
        if !scope_wanted(sc, o.scope) {
            continue;
        }
        if let Some(f) = scope::target(ctx, o.from, sc) {
            if std::fs::symlink_metadata(&f).is_err() && !out.contains(&f) {
                out.push(f);
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
    let read: Vec<&Hook> = found
        .batch
        .hooks
        .iter()
        .chain(found.outside.iter().filter(|h| h.convention == o.from))
        .collect();
    let (hooks, outside): (Vec<&Hook>, Vec<&Hook>) = read
        .iter()
        .copied()
        .partition(|h| scope_wanted(h.scope, o.scope));
    let mut diagnostics = found.batch.diagnostics.clone();
    diagnostics.extend(owned_elsewhere(&read, o.from));
    let aside = set_aside(found, o.from, o.scope);
    let mut plan = Plan::default();
    let mut targets = Vec::new();
    let (mut removals, mut records) = (Vec::new(), Vec::new());
    let read_files = replaced_sources(ctx, found, o);
    for &to in &o.targets {
        progress.say(hooks.len(), || {
            format!("converting {} hooks to `{to}`", hooks.len())
        });
        let mut conversion = convert::convert_in(&hooks, to, Some(ctx));
        // One plan per target file: a scope each; each hook with the source file it came from.
        // Hooks by index into the conversion, not copies: a 64,000-hook import held them twice.
        let mut by_file: BTreeMap<PathBuf, Vec<usize>> = BTreeMap::new();
        if adapters::reimport::supports(to) {
            // A file this import writes nothing into may still hold what an earlier import
            // wrote from these sources (every hook since removed from them).
            for sc in [Scope::User, Scope::Project, Scope::Personal] {
                if let Some(f) = scope::target(ctx, to, sc) {
                    if adapters::reimport::record_path(&f).exists() {
                        by_file.entry(f).or_default();
                    }
                }
            }
        }
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
        let (mut updated, mut removed) = (0, 0);
        // The source file each converted hook came from.
        let source_of = |i: usize| -> &std::path::Path {
            conversion
                .sources
                .get(i)
                .and_then(|&k| hooks.get(k))
                .and_then(|s| s.source_file.as_deref())
                .unwrap_or(std::path::Path::new(""))
        };
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
            let sources: Vec<&std::path::Path> = indexes.iter().map(|&i| source_of(i)).collect();
            progress.say(file_hooks.len(), || {
                format!(
                    "planning {} ({} hooks)",
                    ctx.display(&file),
                    file_hooks.len()
                )
            });
            let n = file_hooks.len();
            let (p, gone) = if adapters::reimport::supports(to) {
                let r = replace::plan(
                    ctx,
                    &replace::Target {
                        to,
                        file: &file,
                        hooks: file_hooks,
                        sources: &sources,
                        read: &read_files,
                        force: o.force,
                    },
                );
                plan.diagnostics.extend(r.diagnostics);
                let gone = r.removals.len();
                for x in &r.removals {
                    if x.updated {
                        updated += 1;
                    } else {
                        removed += 1;
                    }
                }
                removals.extend(r.removals);
                records.extend(r.record);
                (r.plan, gone)
            } else {
                let p = adapters::plan_write(
                    ctx,
                    to,
                    file_hooks,
                    &WriteOptions {
                        force: o.force,
                        target: Some(file),
                        base: None,
                    },
                );
                (p, 0)
            };
            progress.say(n, || "checking the plan with the target's reader".into());
            for c in &p.changes {
                plan.diagnostics.extend(check::file(ctx, to, c, gone));
            }
            // What the target's agent says before it runs a rewritten file (Codex runs it only
            // once each changed hook is trusted again). Not for a file too large to write
            // (`import_too_large` refuses the plan): reading 64,000 hooks' trust back took the
            // most memory of such an import.
            let max = adapters::write::max_bytes(to);
            for c in p
                .changes
                .iter()
                .filter(|c| !c.is_noop() && c.after.len() as u64 <= max)
            {
                diagnostics
                    .extend(adapters::registry::adapter(to).check_written(ctx, &c.path, &c.after));
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
            updated,
            removed,
        });
    }
    // The records last: each after the file it describes.
    plan.changes.extend(records);
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
        removals,
    })
}

#[cfg(test)]
mod tests;
