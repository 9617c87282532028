//! The import's output: human (diagnostics, files, one summary line) and JSON (schema_version 1,
//! fields only ever added).

use super::Report;
use crate::render;
use adapters::write::FileChange;
use adapters::Discovered;
use hook_ir::{Batch, Severity};
use hooks_migrate::convert::native::is_outside;
use serde::Serialize;
use std::collections::BTreeMap;

/// `create`, `change` or `unchanged`.
pub fn action(c: &FileChange) -> &'static str {
    match &c.before {
        None => "create",
        Some(_) if c.is_noop() => "unchanged",
        Some(_) => "change",
    }
}

/// Whether the change is the record `hooks import` keeps beside a target.
fn is_record(c: &FileChange) -> bool {
    c.path.file_name().is_some_and(|n| {
        n.to_string_lossy()
            .ends_with(adapters::reimport::RECORD_SUFFIX)
    })
}

/// What happened, as one word (the JSON `outcome`).
pub fn outcome(r: &Report) -> &'static str {
    if r.held_back {
        "refused"
    } else if r.dry_run {
        "dry_run"
    } else if r.written.is_empty() {
        "unchanged"
    } else {
        "written"
    }
}

/// A unified diff of one change (empty for a no-op).
pub fn diff(c: &FileChange) -> String {
    if c.is_noop() {
        return String::new();
    }
    let before = c.before.as_deref().unwrap_or("");
    let old = if c.before.is_some() {
        format!("a/{}", c.display)
    } else {
        "/dev/null".to_string()
    };
    let new = format!("b/{}", c.display);
    if before.is_empty() {
        if let Some(d) = all_added(&old, &new, &c.after) {
            return d;
        }
    }
    similar::TextDiff::from_lines(before, &c.after)
        .unified_diff()
        .context_radius(3)
        .header(&old, &new)
        .to_string()
}

/// The unified diff that creates `after` (every line added), as `similar` writes it, without
/// its line table: for a 64,000-hook file that table and its copies were the import's peak
/// memory. `None` for a text without a final newline (`similar` then adds a marker line).
fn all_added(old: &str, new: &str, after: &str) -> Option<String> {
    if !after.ends_with('\n') {
        return None;
    }
    let lines = after.matches('\n').count();
    let range = if lines == 1 {
        "1".to_string()
    } else {
        format!("1,{lines}")
    };
    let mut out = String::with_capacity(after.len() + lines + old.len() + new.len() + 32);
    out.push_str(&format!("--- {old}\n+++ {new}\n@@ -0,0 +{range} @@\n"));
    for line in after.split_inclusive('\n') {
        out.push('+');
        out.push_str(line);
    }
    Some(out)
}

/// `1 hook`, `2 hooks`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The human report: the diagnostics (each with its code), then the files (with a diff in a
/// dry run), then what happened in one line — last, where a terminal leaves it in view.
pub fn human(r: &Report, found: &Discovered, color: bool) -> String {
    let mut out = String::new();
    let shown = Discovered {
        batch: Batch {
            hooks: Vec::new(),
            diagnostics: r.diagnostics.clone(),
        },
        sources: found.sources.clone(),
        outside: Vec::new(),
        never_run: Vec::new(),
    };
    out.push_str(&render::human::diagnostics(&shown, color));
    let applied = !r.dry_run && !r.held_back;
    // What an earlier import wrote and this one takes out, each once, before the files.
    for x in &r.removals {
        let verb = match (x.updated, applied) {
            (true, true) => "replaced",
            (false, true) => "removed",
            (true, false) => "would replace",
            (false, false) => "would remove",
        };
        let command: String = x.command.chars().take(120).collect();
        out.push_str(&format!(
            "{verb} `{command}` ({}) in {}: {}\n",
            x.event,
            x.path,
            if x.updated {
                "the source changed it"
            } else {
                "the source no longer has it"
            }
        ));
    }
    for c in &r.plan.changes {
        let verb = match (action(c), applied) {
            ("create", true) => "created",
            ("change", true) => "changed",
            ("create", false) => "would create",
            ("change", false) => "would change",
            _ => "unchanged",
        };
        out.push_str(&format!("{verb} {}\n", c.display));
        // A record's diff is digests: the JSON output has it, the terminal does not need it.
        if r.dry_run && !is_record(c) {
            out.push_str(&diff(c));
        }
    }
    if !r.plan.changes.is_empty() {
        out.push('\n');
    }
    out.push_str(&summary_line(r));
    out.push('\n');
    out
}

/// `2 left out (1 tool_not_in_target, 1 semantic_mismatch)`.
fn left_out_words(left: &BTreeMap<hook_ir::Code, usize>) -> String {
    let n: usize = left.values().sum();
    let why: Vec<String> = left.iter().map(|(c, k)| format!("{k} {c}")).collect();
    format!("{n} left out ({})", why.join(", "))
}

/// One line: what happened, then hooks read, then per target how many moved and how many were
/// left out by reason, then files, then diagnostics.
pub fn summary_line(r: &Report) -> String {
    let count = |s: Severity| r.diagnostics.iter().filter(|d| d.severity() == s).count();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let applied = !r.dry_run && !r.held_back;
    let from = r.from;
    let head = match outcome(r) {
        "refused" => "nothing written: the plan has errors (see above)".to_string(),
        "dry_run" => "dry run, nothing written".to_string(),
        "unchanged" if r.read == 0 => format!("nothing to import: no `{from}` hooks found"),
        "unchanged" if r.targets.iter().all(|t| t.moved == 0) => {
            "nothing imported: no hook could move (see the errors above)".to_string()
        }
        "unchanged" => "nothing to change: everything is already there".to_string(),
        _ => "done".to_string(),
    };
    let mut parts = vec![format!(
        "{} read from `{from}`{}",
        plural(r.read, "hook", "hooks"),
        if r.outside_scope > 0 {
            format!(" ({} more outside --scope)", r.outside_scope)
        } else {
            String::new()
        }
    )];
    let verb = match outcome(r) {
        "written" => "moved",
        "unchanged" => "already there",
        _ => "would move",
    };
    for t in &r.targets {
        let left = if t.left_out.is_empty() {
            String::new()
        } else {
            format!(", {}", left_out_words(&t.left_out))
        };
        let mut replaced = String::new();
        if t.updated > 0 {
            replaced.push_str(&format!(" ({} updated)", t.updated));
        }
        if t.removed > 0 {
            replaced.push_str(&format!(
                ", {} removed (no longer in the source)",
                t.removed
            ));
        }
        parts.push(format!("to `{}`: {} {verb}{replaced}{left}", t.to, t.moved));
    }
    // The hook files; the records beside them (`adapters::reimport`) are listed, not counted.
    let files = |a: &str| {
        r.plan
            .changes
            .iter()
            .filter(|c| action(c) == a && !is_record(c))
            .count()
    };
    let (created, changed) = (files("create"), files("change"));
    parts.push(if applied {
        format!(
            "{} created, {} changed",
            plural(created, "file", "files"),
            plural(changed, "file", "files")
        )
    } else {
        format!(
            "{} to create, {} to change",
            plural(created, "file", "files"),
            plural(changed, "file", "files")
        )
    });
    format!(
        "{head}: {}; {}, {}, {}.",
        parts.join("; "),
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings"),
        plural(notes, "note", "notes")
    )
}

#[derive(Serialize)]
struct ChangeV1<'a> {
    path: &'a str,
    action: &'static str,
    diff: String,
}

#[derive(Serialize)]
struct TargetV1<'a> {
    to: &'a str,
    moved: usize,
    left_out: BTreeMap<&'static str, usize>,
    /// Of `moved`, the hooks of events outside the six kinds.
    carried: usize,
    /// Hooks an earlier import wrote, replaced by their changed version.
    updated: usize,
    /// Hooks an earlier import wrote that the source no longer has, taken out.
    removed: usize,
}

#[derive(Serialize)]
struct RemovalV1<'a> {
    to: &'a str,
    path: &'a str,
    event: &'a str,
    command: &'a str,
    /// Whether a changed version of it was written in its place.
    updated: bool,
}

#[derive(Serialize)]
struct ImportV1<'a> {
    schema_version: u32,
    from: &'a str,
    to: String,
    dry_run: bool,
    outcome: &'static str,
    read: usize,
    outside_scope: usize,
    targets: Vec<TargetV1<'a>>,
    hooks: Vec<render::json::HookV1<'a>>,
    carried: Vec<render::json::HookV1<'a>>,
    changes: Vec<ChangeV1<'a>>,
    written: &'a [String],
    removals: Vec<RemovalV1<'a>>,
    diagnostics: Vec<render::json::DiagnosticV1<'a>>,
    summary: render::json::Summary,
}

/// The document [`print_json`] prints, as a string.
#[cfg(test)]
pub fn json(r: &Report) -> String {
    let mut s = serde_json::to_string_pretty(&doc(r)).unwrap_or_default();
    s.push('\n');
    s
}

/// Prints the plan as JSON (schema_version 1, with the hooks and diagnostics of the lint
/// format) to stdout as it is serialized: built as one string first, a 64,000-hook import's
/// document took twice its size in memory.
pub fn print_json(r: &Report) {
    crate::stdout::print_json_pretty(&doc(r));
}

fn doc(r: &Report) -> ImportV1<'_> {
    // Counted, not copied: a batch of copies of every hook and diagnostic only to count them
    // was a good part of a large import's memory.
    let hooks: usize = r.targets.iter().map(|t| t.hooks.len()).sum();
    ImportV1 {
        schema_version: render::json::SCHEMA_VERSION,
        from: r.from.as_str(),
        to: r
            .targets
            .iter()
            .map(|t| t.to.as_str())
            .collect::<Vec<_>>()
            .join(","),
        dry_run: r.dry_run,
        outcome: outcome(r),
        read: r.read,
        outside_scope: r.outside_scope,
        targets: r
            .targets
            .iter()
            .map(|t| TargetV1 {
                to: t.to.as_str(),
                moved: t.moved,
                left_out: t.left_out.iter().map(|(c, n)| (c.as_str(), *n)).collect(),
                carried: t.carried,
                updated: t.updated,
                removed: t.removed,
            })
            .collect(),
        hooks: r
            .targets
            .iter()
            .flat_map(|t| t.hooks.iter())
            .filter(|h| !is_outside(h))
            .map(render::json::hook)
            .collect(),
        carried: r
            .targets
            .iter()
            .flat_map(|t| t.hooks.iter())
            .filter(|h| is_outside(h))
            .map(render::json::carried)
            .collect(),
        changes: r
            .plan
            .changes
            .iter()
            .map(|c| ChangeV1 {
                path: &c.display,
                action: action(c),
                diff: diff(c),
            })
            .collect(),
        written: &r.written,
        removals: r
            .removals
            .iter()
            .map(|x| RemovalV1 {
                to: x.to.as_str(),
                path: &x.path,
                event: &x.event,
                command: &x.command,
                updated: x.updated,
            })
            .collect(),
        diagnostics: r.diagnostics.iter().map(render::json::diagnostic).collect(),
        summary: render::json::summary_of(hooks, &r.diagnostics),
    }
}
