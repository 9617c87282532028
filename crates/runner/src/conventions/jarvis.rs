//! Jarvis Code (conventions.md §2): `/bin/sh -c`, own process group, compact JSON on stdin,
//! matching hooks in parallel (results in config order), dedupe by identical command, exit 2
//! blocks with trimmed stderr, `permissionDecision: "deny"` blocks, `message`/stdout becomes
//! UserPromptSubmit context, SIGTERM then SIGKILL (100 ms later) to the group on timeout.

use super::payload;
use super::shell::{duplicate_run, jobs, run_parallel, Ran};
use crate::decision::OutcomeKind;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Kill, Status};
use crate::runner::Runner;
use crate::Event;
use hook_ir::contract::limits::jarvis as lim;
use hook_ir::Kind;
use serde_json::{json, Map, Value};
use std::ffi::OsStr;
use std::time::Duration;

use lim::SHELL;

/// The stdin payload: base fields `hook_event_name`, `session_id`, `cwd`, `client_type`, then
/// `session_title` when known, then the event's snake_case fields.
pub(crate) fn payload(runner: &Runner, event_name: &str, event: &Event) -> Value {
    let s = &runner.session;
    let mut m = Map::new();
    m.insert("hook_event_name".into(), event_name.into());
    m.insert("session_id".into(), payload::session_id(runner));
    m.insert("cwd".into(), payload::cwd(runner));
    m.insert("client_type".into(), s.client_type.clone().into());
    if let Some(t) = &s.session_title {
        m.insert("session_title".into(), t.clone().into());
    }
    match event.kind() {
        Kind::PreToolUse => payload::insert_tool(&mut m, event, "tool_call_id"),
        Kind::PostToolUse => {
            payload::insert_tool(&mut m, event, "tool_call_id");
            let out: String = event
                .tool_output
                .as_deref()
                .unwrap_or("")
                .chars()
                .take(lim::TOOL_OUTPUT_MAX_CHARS)
                .collect();
            m.insert("tool_output".into(), out.into());
        }
        Kind::UserPromptSubmit => {
            let text = event.prompt.clone().unwrap_or_default();
            m.insert("prompt".into(), json!([{"type": "text", "text": text}]));
            m.insert("is_steer".into(), event.is_steer.into());
        }
        Kind::Stop => {
            m.insert("stop_hook_active".into(), event.stop_hook_active.into());
        }
        Kind::SessionStart => {
            m.insert("source".into(), event.source.clone().into());
            m.insert("model".into(), event.model.clone().into());
            m.insert("profile".into(), event.profile.clone().into());
        }
        Kind::SessionShutdown => {
            m.insert("reason".into(), event.reason.clone().into());
        }
    }
    Value::Object(m)
}

/// Wraps one UserPromptSubmit result as Jarvis adds it to the context.
pub(crate) fn wrap_prompt_context(text: &str) -> String {
    format!("<hook_result hook_event=\"UserPromptSubmit\">{text}</hook_result>")
}

/// Runs the Jarvis hooks of one event.
pub(crate) async fn run(runner: &Runner, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let jobs = jobs(runner, group, OsStr::new(SHELL), "-c", &[], |name| {
        payload(runner, name, event)
    });
    let kill = Kill::TermThenKill(Duration::from_millis(lim::KILL_GRACE_MS));
    let results = run_parallel(
        runner,
        &jobs,
        kill,
        !hook_ir::contract::runs_every_copy(hook_ir::Convention::Jarvis),
    )
    .await;
    let mut runs: Vec<HookRun> = results
        .into_iter()
        .map(|(i, ran)| {
            let p = &runner.hooks[i];
            match ran {
                Ran::Finished(f) => {
                    interpret(i, &p.hook.id, &p.hook.source_event, event.kind(), &f)
                }
                Ran::DuplicateOf(first) => duplicate_run(runner, i, first),
            }
        })
        .collect();
    if event.kind() == Kind::Stop && runs.iter().any(|r| r.block.is_some()) {
        limit_stop_continuation(runner, event, &mut runs);
    }
    runs
}

/// At most one continuation per turn (see [`Runner`]'s docs for the rule).
fn limit_stop_continuation(runner: &Runner, event: &Event, runs: &mut [HookRun]) {
    let allowed = match &event.turn_id {
        Some(turn) => {
            let mut last = runner
                .jarvis_continued_turn
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if last.as_deref() == Some(turn.as_str()) {
                false
            } else {
                *last = Some(turn.clone());
                true
            }
        }
        None => !event.stop_hook_active,
    };
    if !allowed {
        for r in runs.iter_mut().filter(|r| r.block.is_some()) {
            r.block = None;
            let note = "not honoured: Jarvis continues a turn at most once after a Stop hook";
            r.outcome.error = Some(match r.outcome.error.take() {
                Some(e) => format!("{e}; {note}"),
                None => note.to_string(),
            });
        }
    }
}

fn interpret(index: usize, id: &str, event_name: &str, kind: Kind, f: &Finished) -> HookRun {
    let outcome = |k| outcome_of(id, SHELL, Launch::Shell, f, k);
    match f.status {
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE => {
            // JSON is not read on exit 2.
            let stderr = String::from_utf8_lossy(&f.stderr);
            let reason = match stderr.trim() {
                "" => format!("Blocked by {event_name} hook"),
                r => r.to_string(),
            };
            let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
            run.block = Some(reason);
            run
        }
        Status::Exited(0) => {
            let stdout = String::from_utf8_lossy(&f.stdout);
            let trimmed = stdout.trim();
            let mut message = None;
            let mut block = None;
            if !trimmed.is_empty() {
                if let Ok(Value::Object(m)) = serde_json::from_str::<Value>(trimmed) {
                    let specific = m.get("hookSpecificOutput").and_then(Value::as_object);
                    if let Some(s) = specific {
                        if s.get("permissionDecision").and_then(Value::as_str) == Some("deny") {
                            block = Some(
                                s.get("permissionDecisionReason")
                                    .and_then(Value::as_str)
                                    .map_or_else(
                                        || format!("Blocked by {event_name} hook"),
                                        str::to_string,
                                    ),
                            );
                        }
                    }
                    message = m
                        .get("message")
                        .or_else(|| specific.and_then(|s| s.get("message")))
                        .and_then(Value::as_str)
                        .map(str::to_string);
                }
            }
            let mut run = HookRun::new(
                index,
                outcome(if block.is_some() {
                    OutcomeKind::Blocked
                } else {
                    OutcomeKind::Allowed
                }),
            );
            if let Some(reason) = block {
                run.block = Some(reason);
            } else if kind == Kind::UserPromptSubmit {
                let text = message.unwrap_or_else(|| trimmed.to_string());
                if !text.trim().is_empty() {
                    run.context.push(wrap_prompt_context(&text));
                }
            } else if let Some(m) = message {
                run.effects
                    .push(json!({"effect": "message", "hook": id, "message": m}));
            }
            run
        }
        Status::TimedOut => HookRun::new(index, outcome(OutcomeKind::TimedOut)),
        _ => {
            let mut o = outcome(OutcomeKind::Failed);
            if let (Some(code), None) = (f.exit_code(), &o.error) {
                o.error = Some(format!(
                    "exit {code}: Jarvis allows on any exit but 0 and 2"
                ));
            }
            HookRun::new(index, o)
        }
    }
}
