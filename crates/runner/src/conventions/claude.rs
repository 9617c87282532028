//! Claude Code settings hooks (conventions.md §5): `sh -c`, `CLAUDE_PROJECT_DIR` set, matching
//! hooks in parallel, identical commands once, JSON on stdin; exit 0 → stdout JSON decides
//! (plain stdout is context for UserPromptSubmit/SessionStart); exit 2 → block with stderr;
//! anything else is a non-blocking failure; a timed-out hook never blocks.
//!
//! **`ask` and `defer`.** Claude's PreToolUse `permissionDecision` has the precedence
//! deny > defer > ask > allow. `deny` blocks. `ask` (prompt the user) and `defer` (leave it to
//! the normal permission flow) are not blocks: the decision allows — the agent's own permission
//! system still applies — and the winning one is recorded as one effect
//! `{"effect":"permission","decision":"ask"|"defer","hook":ID,"reason":…}` so an agent with a
//! permission prompt can ask. Treating `ask` as a block would refuse calls the user would approve.

use super::codex::{base, block_or_feedback, event_fields, run_of_answer};
use super::json_output::{classify, interpret, Stdout};
use super::shell::{duplicate_run, jobs, run_parallel, Ran};
use crate::decision::OutcomeKind;
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Kill, Status};
use crate::Event;
use hook_ir::contract::limits::claude as lim;
use hook_ir::Kind;
use serde_json::{json, Value};
use std::ffi::{OsStr, OsString};

use lim::SHELL;

/// Claude's stdin payload: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, then the
/// event's fields.
pub(crate) fn payload(runner: &Group<'_>, event_name: &str, event: &Event) -> Value {
    let mut m = base(runner, event_name);
    event_fields(&mut m, event, false);
    if event.kind() == Kind::SessionStart {
        m.insert("model".into(), event.model.clone().into());
    }
    Value::Object(runner.recorded_payload(hook_ir::Convention::ClaudeSettings, event, m))
}

/// Runs the Claude hooks of one event.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let project: OsString = runner
        .session
        .project_dir
        .as_deref()
        .map(|p| p.as_os_str().to_owned())
        .unwrap_or_default();
    let jobs = jobs(
        runner,
        group,
        OsStr::new(SHELL),
        "-c",
        &[(lim::PROJECT_DIR_ENV, project)],
        |name| payload(runner, name, event),
    );
    let mut permission: Option<(u8, Value)> = None;
    let mut runs: Vec<HookRun> = run_parallel(
        runner,
        &jobs,
        Kill::Group,
        !hook_ir::contract::runs_every_copy(hook_ir::Convention::ClaudeSettings),
    )
    .await
    .into_iter()
    .map(|(i, ran)| {
        let p = &runner.hooks[i];
        match ran {
            Ran::Finished(f) => {
                let (run, perm) =
                    interpret_run(i, &p.hook.id, &p.hook.source_event, event.kind(), &f);
                if let Some((rank, v)) = perm {
                    if permission.as_ref().is_none_or(|(r, _)| rank > *r) {
                        permission = Some((rank, v));
                    }
                }
                run
            }
            Ran::DuplicateOf(first) => duplicate_run(runner, i, first),
        }
    })
    .collect();
    // deny (a block) outranks ask and defer: then no permission effect is recorded.
    if !runs.iter().any(|r| r.block.is_some()) {
        if let (Some((_, v)), Some(first)) = (permission, runs.first_mut()) {
            first.effects.push(v);
        }
    }
    runs
}

/// Rank of a permission decision in Claude's precedence (deny is handled as a block).
fn rank(decision: &str) -> Option<u8> {
    match decision {
        "defer" => Some(2),
        "ask" => Some(1),
        _ => None,
    }
}

fn interpret_run(
    index: usize,
    id: &str,
    event_name: &str,
    kind: Kind,
    f: &Finished,
) -> (HookRun, Option<(u8, Value)>) {
    let outcome = |k| outcome_of(id, SHELL, Launch::Shell, f, k);
    match f.status {
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE => {
            let stderr = String::from_utf8_lossy(&f.stderr);
            let reason = match stderr.trim() {
                "" => format!("Blocked by {event_name} hook"),
                r => r.to_string(),
            };
            let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
            block_or_feedback(&mut run, kind, reason);
            (run, None)
        }
        Status::Exited(0) => {
            let Ok(stdout) = std::str::from_utf8(&f.stdout) else {
                return (HookRun::new(index, outcome(OutcomeKind::Failed)), None);
            };
            match classify(stdout) {
                Stdout::Empty => (HookRun::new(index, outcome(OutcomeKind::Allowed)), None),
                Stdout::Plain(text) => {
                    let mut run = HookRun::new(index, outcome(OutcomeKind::Allowed));
                    if matches!(kind, Kind::UserPromptSubmit | Kind::SessionStart) {
                        run.context.push(text);
                    }
                    (run, None)
                }
                Stdout::Invalid(e) => {
                    let mut o = outcome(OutcomeKind::Failed);
                    o.error = Some(e);
                    (HookRun::new(index, o), None)
                }
                Stdout::Object(m) => {
                    let (run, permission) =
                        run_of_answer(index, id, kind, interpret(kind, event_name, &m), outcome);
                    let perm = permission.and_then(|(d, reason)| {
                        rank(&d).map(|r| {
                            (r, json!({"effect": "permission", "decision": d, "hook": id, "reason": reason}))
                        })
                    });
                    (run, perm)
                }
            }
        }
        // A timed-out hook (PreToolUse included) never blocks.
        Status::TimedOut => (HookRun::new(index, outcome(OutcomeKind::TimedOut)), None),
        _ => (HookRun::new(index, outcome(OutcomeKind::Failed)), None),
    }
}
