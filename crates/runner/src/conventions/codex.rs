//! Codex `hooks.json` (conventions.md §4): `$SHELL -lc` (default `/bin/sh`), cwd = session cwd,
//! JSON on stdin, matching hooks concurrently; exit 2 with non-empty stderr blocks (empty stderr
//! is a failure); exit 0 + JSON object decides; UserPromptSubmit plain stdout is context.

use super::json_output::{classify, interpret, Answer, Stdout};
use super::payload;
use super::shell::{duplicate_run, jobs, run_parallel, Ran};
use crate::decision::{HookOutcome, OutcomeKind};
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Kill, Status};
use crate::runner::Runner;
use crate::Event;
use hook_ir::contract::limits::codex as lim;
use hook_ir::Kind;
use serde_json::{json, Map, Value};

/// Codex's stdin payload: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `model`,
/// then the event's fields (`turn_id`, `tool_name`, `tool_input`, `tool_use_id`,
/// `tool_response`, `prompt`, `stop_hook_active`, `last_assistant_message`, `source`, `reason`).
pub(crate) fn payload(runner: &Runner, event_name: &str, event: &Event) -> Value {
    let mut m = base(runner, event_name);
    m.insert("model".into(), event.model.clone().into());
    if let Some(t) = &event.turn_id {
        m.insert("turn_id".into(), t.clone().into());
    }
    event_fields(&mut m, event, true);
    Value::Object(m)
}

/// `session_id`, `transcript_path`, `cwd`, `hook_event_name` (Codex and Claude).
pub(crate) fn base(runner: &Runner, event_name: &str) -> Map<String, Value> {
    let s = &runner.session;
    let mut m = Map::new();
    m.insert("session_id".into(), payload::session_id(runner));
    m.insert(
        "transcript_path".into(),
        s.transcript_path
            .as_deref()
            .map(|p| p.to_string_lossy().into_owned())
            .into(),
    );
    m.insert("cwd".into(), payload::cwd(runner));
    m.insert("hook_event_name".into(), event_name.into());
    m
}

/// The event fields Codex and Claude share. `last_message`: include Codex's
/// `last_assistant_message` on stop.
pub(crate) fn event_fields(m: &mut Map<String, Value>, event: &Event, last_message: bool) {
    match event.kind() {
        Kind::PreToolUse => payload::insert_tool(m, event, "tool_use_id"),
        Kind::PostToolUse => {
            payload::insert_tool(m, event, "tool_use_id");
            let response = event
                .tool_response
                .clone()
                .or_else(|| event.tool_output.clone().map(Value::String))
                .unwrap_or(Value::Null);
            m.insert("tool_response".into(), response);
        }
        Kind::UserPromptSubmit => {
            m.insert(
                "prompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
        }
        Kind::Stop => {
            m.insert("stop_hook_active".into(), event.stop_hook_active.into());
            if last_message {
                m.insert(
                    "last_assistant_message".into(),
                    event.last_assistant_text.clone().into(),
                );
            }
        }
        Kind::SessionStart => {
            m.insert("source".into(), event.source_or("startup").into());
        }
        Kind::SessionShutdown => {
            m.insert("reason".into(), event.reason_or("exit").into());
        }
    }
}

/// Runs the Codex hooks of one event.
pub(crate) async fn run(runner: &Runner, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let jobs = jobs(runner, group, &runner.codex_shell, "-lc", &[], |name| {
        payload(runner, name, event)
    });
    run_parallel(runner, &jobs, Kill::Group)
        .await
        .into_iter()
        .map(|(i, ran)| {
            let p = &runner.hooks[i];
            let shell = runner.codex_shell.to_string_lossy();
            match ran {
                Ran::Finished(f) => interpret_run(
                    i,
                    &p.hook.id,
                    &shell,
                    &p.hook.source_event,
                    event.kind(),
                    &f,
                ),
                Ran::DuplicateOf(first) => duplicate_run(runner, i, first),
            }
        })
        .collect()
}

fn interpret_run(
    index: usize,
    id: &str,
    shell: &str,
    event_name: &str,
    kind: Kind,
    f: &Finished,
) -> HookRun {
    let outcome = |k| outcome_of(id, shell, Launch::Shell, f, k);
    match f.status {
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE => {
            let stderr = String::from_utf8_lossy(&f.stderr);
            let reason = stderr.trim();
            if reason.is_empty() {
                let mut o = outcome(OutcomeKind::Failed);
                o.error = Some(
                    "exit 2 with empty stderr: Codex treats this as a failure, not a block".into(),
                );
                return HookRun::new(index, o);
            }
            let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
            block_or_feedback(&mut run, kind, reason.to_string());
            run
        }
        Status::Exited(0) => {
            let Ok(stdout) = std::str::from_utf8(&f.stdout) else {
                return HookRun::new(index, outcome(OutcomeKind::Failed));
            };
            match classify(stdout) {
                Stdout::Empty => HookRun::new(index, outcome(OutcomeKind::Allowed)),
                Stdout::Plain(text) => {
                    let mut run = HookRun::new(index, outcome(OutcomeKind::Allowed));
                    if kind == Kind::UserPromptSubmit {
                        run.context.push(text);
                    }
                    run
                }
                Stdout::Invalid(e) => {
                    let mut o = outcome(OutcomeKind::Failed);
                    o.error = Some(e);
                    HookRun::new(index, o)
                }
                Stdout::Object(m) => {
                    run_of_answer(index, id, kind, interpret(kind, event_name, &m), outcome).0
                }
            }
        }
        Status::TimedOut => HookRun::new(index, outcome(OutcomeKind::TimedOut)),
        _ => HookRun::new(index, outcome(OutcomeKind::Failed)),
    }
}

/// The run of a hook that exited 0 with a JSON object on stdout, read the same way by Codex and
/// Claude: a block (or, after the tool ran, feedback), context, a replaced tool input, and the
/// `system_message` and `stop` effects. The `permissionDecision` other than `deny` is returned
/// for the caller: Claude ranks it across hooks, Codex ignores it.
pub(crate) fn run_of_answer(
    index: usize,
    id: &str,
    kind: Kind,
    a: Answer,
    outcome: impl Fn(OutcomeKind) -> HookOutcome,
) -> (HookRun, Option<(String, Option<String>)>) {
    let mut run = HookRun::new(
        index,
        outcome(if a.block.is_some() {
            OutcomeKind::Blocked
        } else {
            OutcomeKind::Allowed
        }),
    );
    if let Some(reason) = a.block {
        block_or_feedback(&mut run, kind, reason);
    }
    run.context.extend(a.context);
    run.updated_input = a.updated_input;
    if let Some(msg) = a.system_message {
        run.effects
            .push(json!({"effect": "system_message", "hook": id, "message": msg}));
    }
    if let Some(r) = a.stop_for_good {
        run.effects
            .push(json!({"effect": "stop", "hook": id, "reason": r}));
    }
    (run, a.permission)
}

/// A block on an event that can block; on `post_tool_use` (the tool already ran) the reason is
/// fed back to the model as context, as Codex and Claude do.
pub(crate) fn block_or_feedback(run: &mut HookRun, kind: Kind, reason: String) {
    if kind == Kind::PostToolUse {
        run.context.push(reason);
    } else {
        run.block = Some(reason);
    }
}
