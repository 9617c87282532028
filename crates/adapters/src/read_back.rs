//! The last check of every config-file writer: the planned text, read back by the same reader
//! `hooks lint` uses, must give back each hook that was written. A plan that would write hooks
//! the agent then never runs is refused with a coded diagnostic instead of reported as done.
//!
//! Found by the writer fuzz targets (`fuzz/`): a jcode file whose `[hooks]` has a type error
//! (jcode then ignores the whole file), a Jarvis file with one empty command (Jarvis rejects the
//! whole `hooks` list), and a Claude settings file with an event key written twice (Claude keeps
//! the last copy; the writer had added to the first): each write "succeeded", and the imported
//! hook would never have run.

use crate::write::Plan;
use crate::{Context, Output};
use hook_ir::{Code, Convention, Diagnostic, Handler, Hook, Kind, Location, Severity};

/// Returns `plan`, or a refusal when its text for the target file would not read back as
/// containing every hook of `hooks`.
pub fn verify(ctx: &Context, convention: Convention, hooks: &[Hook], plan: Plan) -> Plan {
    if plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == Severity::Error)
    {
        return plan;
    }
    let Some(change) = plan.changes.iter().find(|c| !c.is_noop()) else {
        return plan;
    };
    // Beyond what the reader accepts, the reader gives back nothing and the importer refuses
    // the plan for its size (`import_too_large`); parsing it here anyway took the most memory
    // of a 64,000-hook import (a tree of every JSON value of a 10 MB text).
    if change.after.len() as u64 > crate::write::max_bytes(convention) {
        return plan;
    }
    let mut out = Output::default();
    // Module files and plugin trees: one file per hook, nothing shared to break.
    if !crate::lower_text(
        ctx,
        convention,
        &change.path,
        change.after.clone(),
        &mut out,
    ) {
        return plan;
    }
    // What identifies a written hook in what is read back; matchers, timeouts and the exec
    // mode are the writers' to normalize (and their tests' to pin).
    let key = |h: &Hook| -> (Kind, String, String) {
        let what = match &h.handler {
            Handler::Command { command, .. } => command.clone(),
            Handler::Module { path } => path.clone(),
        };
        (h.kind, h.source_event.clone(), what)
    };
    // A set: `contains` on a list per written hook made 24,000 imported hooks quadratic.
    // Hooks of events outside the six kinds (carried by the importer) are read aside.
    let read: std::collections::HashSet<_> =
        out.hooks.iter().chain(&out.outside).map(key).collect();
    let Some((lost, (_, _, what))) = hooks
        .iter()
        .map(|h| (h, key(h)))
        .find(|(_, k)| !read.contains(k))
    else {
        return plan;
    };
    let what = hook_ir::quote(&what);
    let why = out
        .diagnostics
        .iter()
        .find(|d| d.severity() >= Severity::Warning)
        .map(|d| format!(": {}", d.message))
        .unwrap_or_default();
    let refusal = Diagnostic::new(
        Code::ImportConflict,
        format!(
            "after this write, {} would not give back the `{}` hook {what}{why}; nothing is written",
            change.display, lost.source_event
        ),
    )
    .with_convention(convention)
    .with_help(format!(
        "fix what `hooks lint {}` reports, then import again",
        change.display
    ))
    .at(Location::path_only(change.display.clone()));
    let mut diagnostics = plan.diagnostics;
    diagnostics.push(refusal);
    Plan {
        changes: Vec::new(),
        diagnostics,
    }
}
