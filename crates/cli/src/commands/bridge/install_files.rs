//! `hooks bridge install|uninstall` for a host whose hooks are files in a folder (Cline's
//! `.cline/hooks/`, [`adapters::registry::Adapter::hooks_are_files`]): each bridged event gets
//! one file the way the host's scanner finds it, written by the host's own writer (Cline: a
//! `#!/bin/sh` script of mode 0755 whose one line is `exec hooks bridge …`). A user's file of
//! that name is never overwritten: the entry takes the writer's next free name for the event,
//! so both run, the user's first (Cline runs an event's files in full-path order). A bridge
//! file is found again by its content (`Adapter::bridge_file_command`), and only such files are
//! ever removed.

use super::install::{where_hooks_run, Setup};
use crate::args::BridgeInstallArgs;
use crate::exit::Exit;
use crate::render::human::visible_line;
use adapters::bridge::{self, BridgeEntry};
use adapters::write::{apply, Plan, WriteOptions};
use anyhow::Context as _;
use hook_ir::{Exec, Handler, Hook, Severity};
use std::path::PathBuf;

/// A bridge entry file of the host in the folder.
struct Entry {
    path: PathBuf,
    display: String,
    entry: BridgeEntry,
}

/// The host's bridge entry files in the folder, in name order.
fn entries(s: &Setup) -> Vec<Entry> {
    let adapter = adapters::registry::adapter(s.host);
    let Ok(rd) = std::fs::read_dir(&s.target) else {
        return Vec::new();
    };
    let mut found: Vec<Entry> = rd
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(e.path()).ok()?;
            let command = adapter.bridge_file_command(&name, &text)?;
            let entry = bridge::parse(&command)?;
            (entry.host.as_deref() == Some(s.host.as_str())).then(|| Entry {
                display: s.ctx.display(&e.path()),
                path: e.path(),
                entry,
            })
        })
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// Removes `gone` (or says it would).
fn remove(gone: &[&Entry], dry_run: bool) -> anyhow::Result<()> {
    for e in gone {
        if dry_run {
            outln!("would remove {}", e.display);
        } else {
            std::fs::remove_file(&e.path)
                .with_context(|| format!("cannot remove {}", e.display))?;
            outln!("removed {}", e.display);
        }
    }
    Ok(())
}

/// `hooks bridge install` for a folder host: `wanted` are the entries (one per event).
pub(super) fn install(s: &Setup, a: &BridgeInstallArgs, wanted: Vec<Hook>) -> anyhow::Result<Exit> {
    // The script execs the bridge: the process Cline waits for is the bridge itself.
    let wanted: Vec<Hook> = wanted
        .into_iter()
        .map(|mut h| {
            if let Handler::Command { exec, .. } = &mut h.handler {
                *exec = Exec::Direct;
            }
            h
        })
        .collect();
    let existing = entries(s);
    // Stale: an entry file of this host that is none of the wanted ones, exactly.
    let stale: Vec<&Entry> = existing
        .iter()
        .filter(|e| {
            !wanted.iter().any(|h| {
                Some(h.source_event.as_str()) == e.entry.event.as_deref()
                    && h.command().and_then(bridge::parse).as_ref() == Some(&e.entry)
            })
        })
        .collect();
    if wanted.is_empty() && stale.is_empty() {
        outln!(
            "no hooks found for {} to bridge; nothing written.",
            s.project.display()
        );
        return Ok(Exit::Success);
    }
    remove(&stale, a.dry_run)?;
    let opts = WriteOptions {
        force: false,
        target: Some(s.target.clone()),
        base: None,
    };
    let plan = adapters::plan_write(&s.ctx, s.host, &wanted, &opts);
    let mut refused = false;
    for d in &plan.diagnostics {
        refused |= d.severity() == Severity::Error;
        outln!("{}[{}]: {}", d.severity(), d.code, visible_line(&d.message));
    }
    if refused {
        outln!("refusing to change {}: fix it, then run again", s.display);
        return Ok(Exit::Findings);
    }
    for h in &wanted {
        outln!("  {}: {}", h.source_event, h.command().unwrap_or_default());
    }
    let changes: Vec<_> = plan.changes.iter().filter(|c| !c.is_noop()).collect();
    if changes.is_empty() {
        outln!(
            "{}: the bridge entries are up to date; nothing to add.",
            s.display
        );
    } else if a.dry_run {
        for c in &changes {
            outln!("would write {}:", c.display);
            out!("{}", super::super::import::diff(c));
        }
    } else {
        apply(&Plan {
            changes: changes.into_iter().cloned().collect(),
            diagnostics: Vec::new(),
        })
        .with_context(|| format!("cannot write into {}", s.display))?;
        for c in plan.changes.iter().filter(|c| !c.is_noop()) {
            outln!("wrote {}.", c.display);
        }
    }
    if a.dry_run {
        outln!("dry run: nothing written.");
    }
    outln!("{}", where_hooks_run(s));
    Ok(Exit::Success)
}

/// `hooks bridge uninstall` for a folder host: removes the host's entry files (with `--from`,
/// those installed with that `--from`), then the folders of the project that this leaves
/// empty (`.cline/hooks/`, `.cline/`: install made them), nothing else.
pub(super) fn uninstall(s: &Setup, a: &BridgeInstallArgs) -> anyhow::Result<Exit> {
    let from = a
        .from
        .as_ref()
        .map(|f| f.0.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(","));
    let all = entries(s);
    let gone: Vec<&Entry> = all
        .iter()
        .filter(|e| from.is_none() || e.entry.from == from)
        .collect();
    if gone.is_empty() {
        outln!(
            "{}: no bridge entries for `{}`; nothing to remove.",
            s.display,
            s.host
        );
        return Ok(Exit::Success);
    }
    remove(&gone, a.dry_run)?;
    if a.dry_run {
        outln!("dry run: nothing written.");
    } else {
        remove_empty_folders(s);
    }
    Ok(Exit::Success)
}

/// Removes the host's folder and its parents inside the project while they are empty, as a
/// settings host's uninstall gives the file back as it was. `remove_dir` refuses a folder
/// that holds anything (a user's hook, Cline's rules), so nothing of the user's goes.
fn remove_empty_folders(s: &Setup) {
    let mut dir = Some(s.target.as_path());
    while let Some(d) = dir.filter(|d| d.starts_with(&s.project) && *d != s.project) {
        if std::fs::remove_dir(d).is_err() {
            break;
        }
        outln!("removed the empty folder {}", s.ctx.display(d));
        dir = d.parent();
    }
}
