//! `hooks import --from CONV --to CONV [PATH]`: read one convention, convert (IR → IR, with
//! diagnostics for everything that changes), plan the target's files with its writer, then
//! print the plan (`--dry-run`) or apply it atomically.
//!
//! Exit codes: 0 success; 1 refused — the writer reported a conflict (nothing is written then),
//! or an error-severity diagnostic kept a hook from moving (the other hooks are written); 2 failure.

use crate::args::{ImportArgs, ListFormat};
use crate::exit::Exit;
use crate::render;
use adapters::convert::{self, COMMAND_CONVENTIONS};
use adapters::write::{self, FileChange, Plan, WriteOptions};
use adapters::{Context, Discovered};
use anyhow::bail;
use hook_ir::{Batch, Code, Convention, Diagnostic, Hook, Severity};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;

/// What the import did or would do.
pub struct Report {
    pub from: Convention,
    pub to: Convention,
    pub dry_run: bool,
    /// How many hooks were read from the source.
    pub read: usize,
    /// The converted hooks.
    pub hooks: Vec<Hook>,
    /// The writer's plan.
    pub plan: Plan,
    /// Source, conversion and writer diagnostics, in that order.
    pub diagnostics: Vec<Diagnostic>,
    /// Display paths written.
    pub written: Vec<String>,
    /// Whether the plan was held back because of a writer error.
    pub held_back: bool,
}

fn supported_moves() -> String {
    let cmds: Vec<_> = COMMAND_CONVENTIONS.iter().map(|c| c.as_str()).collect();
    format!(
        "supported: claude-dir → gjc, codex-dir → gjc, and between {} both ways",
        cmds.join(", ")
    )
}

pub fn run(a: ImportArgs) -> anyhow::Result<Exit> {
    if !convert::is_supported(a.from, a.to) {
        bail!(
            "cannot import from `{}` to `{}`; {}",
            a.from,
            a.to,
            supported_moves()
        );
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
    let found = adapters::discover_only(&ctx, &[a.from]);
    let report = import(&ctx, &found, &a)?;
    let terminal = std::io::stdout().is_terminal();
    let format = a.format.unwrap_or(if terminal {
        ListFormat::Human
    } else {
        ListFormat::Json
    });
    match format {
        ListFormat::Json => out!("{}", json(&report)),
        ListFormat::Human => {
            let color = render::human::use_color(terminal, std::env::var_os("NO_COLOR").as_deref());
            out!("{}", human(&report, &found, color));
        }
    }
    Ok(
        if report
            .diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
        {
            Exit::Findings
        } else {
            Exit::Success
        },
    )
}

/// Converts, plans and (unless dry run or held back) applies.
pub fn import(ctx: &Context, found: &Discovered, a: &ImportArgs) -> anyhow::Result<Report> {
    let conversion = convert::convert(&found.batch.hooks, a.to);
    let plan = if conversion.hooks.is_empty() {
        Plan::default()
    } else {
        adapters::plan_write(
            ctx,
            a.to,
            &conversion.hooks,
            &WriteOptions {
                force: a.force,
                target: None,
            },
        )
    };
    let held_back = plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == Severity::Error);
    let mut diagnostics = found.batch.diagnostics.clone();
    diagnostics.extend(conversion.diagnostics);
    diagnostics.extend(plan.diagnostics.iter().cloned());
    let mut written = Vec::new();
    if !a.dry_run && !held_back {
        match write::apply(&plan) {
            Ok(w) => written = w,
            Err(write::ApplyError::Changed(path)) => diagnostics.push(
                Diagnostic::new(
                    Code::ImportConflict,
                    format!("{path} changed on disk while the import ran; nothing more was written, run again"),
                )
                .with_convention(a.to)
                .at(hook_ir::Location::path_only(path)),
            ),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Report {
        from: a.from,
        to: a.to,
        dry_run: a.dry_run,
        read: found.batch.hooks.len(),
        hooks: conversion.hooks,
        plan,
        diagnostics,
        written,
        held_back,
    })
}

/// `create`, `change` or `unchanged`.
fn action(c: &FileChange) -> &'static str {
    match &c.before {
        None => "create",
        Some(_) if c.is_noop() => "unchanged",
        Some(_) => "change",
    }
}

/// What happened, as one word (the JSON `outcome`).
fn outcome(r: &Report) -> &'static str {
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
    similar::TextDiff::from_lines(before, &c.after)
        .unified_diff()
        .context_radius(3)
        .header(&old, &format!("b/{}", c.display))
        .to_string()
}

/// `1 hook`, `2 hooks`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The human report: the diagnostics (each with its code), then the files (with a diff in a
/// dry run), then what happened in one line — last, where a terminal leaves it in view.
fn human(r: &Report, found: &Discovered, color: bool) -> String {
    let mut out = String::new();
    let shown = Discovered {
        batch: Batch {
            hooks: Vec::new(),
            diagnostics: r.diagnostics.clone(),
        },
        sources: found.sources.clone(),
    };
    out.push_str(&render::human::diagnostics(&shown, color));
    let applied = !r.dry_run && !r.held_back;
    for c in &r.plan.changes {
        let verb = match (action(c), applied) {
            ("create", true) => "created",
            ("change", true) => "changed",
            ("create", false) => "would create",
            ("change", false) => "would change",
            _ => "unchanged",
        };
        out.push_str(&format!("{verb} {}\n", c.display));
        if r.dry_run {
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

fn summary_line(r: &Report) -> String {
    let count = |s: Severity| r.diagnostics.iter().filter(|d| d.severity() == s).count();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let files = |a: &str| r.plan.changes.iter().filter(|c| action(c) == a).count();
    let (created, changed) = (files("create"), files("change"));
    let moved = r.hooks.len();
    let (from, to) = (r.from, r.to);
    let of = format!("{moved} of {}", plural(r.read, "hook", "hooks"));
    let left_out = match r.read.saturating_sub(moved) {
        0 => String::new(),
        n => format!(" ({n} not imported, see the errors above)"),
    };
    let head = match outcome(r) {
        "refused" => format!(
            "nothing written: the plan has errors (see above); {of} would move from `{from}` to `{to}`{left_out}"
        ),
        "dry_run" => format!(
            "dry run: {of} would move from `{from}` to `{to}`{left_out}, creating {} and changing {}; nothing written",
            plural(created, "file", "files"),
            plural(changed, "file", "files"),
        ),
        "unchanged" if r.read == 0 => format!("nothing to import: no `{from}` hooks found"),
        "unchanged" if moved == 0 => {
            format!("nothing imported: none of the {} could move to `{to}` (see the errors above)", plural(r.read, "hook", "hooks"))
        }
        "unchanged" => format!(
            "nothing to change: {of} from `{from}` are already in `{to}`{left_out}"
        ),
        _ => format!(
            "{of} moved from `{from}` to `{to}`{left_out}: {} created, {} changed",
            plural(created, "file", "files"),
            plural(changed, "file", "files"),
        ),
    };
    format!(
        "{head}; {}, {}, {}.",
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
struct ImportV1<'a> {
    schema_version: u32,
    from: &'a str,
    to: &'a str,
    dry_run: bool,
    outcome: &'static str,
    read: usize,
    hooks: Vec<render::json::HookV1<'a>>,
    changes: Vec<ChangeV1<'a>>,
    written: &'a [String],
    diagnostics: Vec<render::json::DiagnosticV1<'a>>,
    summary: render::json::Summary,
}

/// The plan as JSON (schema_version 1, with the hooks and diagnostics of the lint format).
pub fn json(r: &Report) -> String {
    let batch = Batch {
        hooks: r.hooks.clone(),
        diagnostics: r.diagnostics.clone(),
    };
    let doc = ImportV1 {
        schema_version: render::json::SCHEMA_VERSION,
        from: r.from.as_str(),
        to: r.to.as_str(),
        dry_run: r.dry_run,
        outcome: outcome(r),
        read: r.read,
        hooks: r.hooks.iter().map(render::json::hook).collect(),
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
        diagnostics: r.diagnostics.iter().map(render::json::diagnostic).collect(),
        summary: render::json::summary(&batch),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(before: Option<&str>, after: &str) -> FileChange {
        FileChange {
            path: PathBuf::from("/p/f.toml"),
            display: "f.toml".into(),
            before: before.map(Into::into),
            after: after.into(),
            mode: None,
        }
    }

    /// A dry run of 2 Jarvis hooks into jcode, as the converter and a writer would report it.
    fn report(dry_run: bool) -> Report {
        use hook_ir::{Exec, Handler, Kind, Location, Matcher};
        let jarvis = hook_ir::Hook {
            id: "jarvis:0".into(),
            kind: Kind::PreToolUse,
            convention: Convention::Jarvis,
            source_event: "PreToolUse".into(),
            matcher: Matcher::Exact {
                names: vec!["Bash".into()],
            },
            handler: Handler::Command {
                command: "./guard.sh | tee log".into(),
                exec: Exec::Shell,
            },
            timeout_ms: Some(30_000),
            location: Location {
                path: "~/.jarvis-code/config.toml".into(),
                line: Some(2),
                column: Some(1),
                span: None,
            },
            detail: hook_ir::Detail::None,
        };
        let conversion = convert::convert(&[jarvis], Convention::Jcode);
        let plan = Plan {
            changes: vec![FileChange {
                path: PathBuf::from("/h/.jcode/config.toml"),
                display: "~/.jcode/config.toml".into(),
                before: Some("[hooks]\n# mine\nturn_end = \"notify\"\n".into()),
                after: "[hooks]\n# mine\nturn_end = \"notify\"\npre_tool = \"sh -c ...\"\npre_tool_timeout_ms = 30000\n".into(),
                mode: None,
            }],
            diagnostics: vec![],
        };
        Report {
            from: Convention::Jarvis,
            to: Convention::Jcode,
            dry_run,
            read: 1,
            hooks: conversion.hooks,
            plan,
            diagnostics: conversion.diagnostics,
            written: if dry_run {
                vec![]
            } else {
                vec!["~/.jcode/config.toml".into()]
            },
            held_back: false,
        }
    }

    #[test]
    fn dry_run_prints_files_diffs_diagnostics_and_a_summary() {
        insta::assert_snapshot!(human(&report(true), &Discovered::default(), false));
    }

    #[test]
    fn a_real_run_prints_files_without_diffs() {
        let out = human(&report(false), &Discovered::default(), false);
        assert!(out.contains("\nchanged ~/.jcode/config.toml\n\n"), "{out}");
        assert!(!out.contains("@@"), "{out}");
        assert!(
            out.ends_with("1 of 1 hook moved from `jarvis` to `jcode`: 0 files created, 1 file changed; 0 errors, 1 warning, 2 notes.\n"),
            "{out}"
        );
    }

    #[test]
    fn the_json_plan() {
        let doc: serde_json::Value = serde_json::from_str(&json(&report(true))).unwrap();
        insta::assert_json_snapshot!(doc);
    }

    #[test]
    fn diffs_are_unified_and_empty_for_no_ops() {
        insta::assert_snapshot!(diff(&change(
            Some("a = 1\n# keep\nb = 2\n"),
            "a = 1\n# keep\nb = 3\n"
        )));
        assert!(diff(&change(None, "x\n")).starts_with("--- /dev/null\n+++ b/f.toml\n"));
        assert_eq!(diff(&change(Some("x\n"), "x\n")), "");
        assert_eq!(action(&change(Some("x\n"), "x\n")), "unchanged");
    }
}
