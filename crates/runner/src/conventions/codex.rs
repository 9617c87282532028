//! Codex `hooks.json` (conventions.md §4, Codex 0.171.0 as observed in issue 11): the login
//! shell, non-login (`<shell> -c`, [`super::codex_shell`]), cwd = session cwd, JSON on stdin,
//! matching hooks concurrently and every copy of an identical command; exit 2 with non-empty
//! stderr blocks (empty stderr is a failure); exit 0 + JSON object decides; UserPromptSubmit
//! plain stdout is context. On `PostToolUse` a block (exit 2 + stderr, `decision: "block"` +
//! reason, `continue: false`) is feedback that *replaces* the tool output the model receives
//! (several: joined with a blank line, `codex-rs/hooks/src/events/post_tool_use.rs`).

use super::json_output::{classify, interpret, Answer, Stdout};
use super::payload;
use super::shell::{duplicate_run, jobs, run_parallel, Ran};
use crate::decision::{HookOutcome, OutcomeKind, ToolResultPatch};
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Kill, Status};
use crate::Event;
use hook_ir::contract::limits::codex as lim;
use hook_ir::Kind;
use serde_json::{json, Map, Value};

/// Codex's stdin payload: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `model`,
/// then the event's fields (`turn_id`, `tool_name`, `tool_input`, `tool_use_id`,
/// `tool_response`, `prompt`, `stop_hook_active`, `last_assistant_message`, `source`, `reason`).
pub(crate) fn payload(runner: &Group<'_>, event_name: &str, event: &Event) -> Value {
    let mut m = base(runner, event_name);
    m.insert("model".into(), event.model.clone().into());
    if let Some(t) = &event.turn_id {
        m.insert("turn_id".into(), t.clone().into());
    }
    event_fields(&mut m, event, true);
    Value::Object(runner.recorded_payload(hook_ir::Convention::CodexJson, event, m))
}

/// `session_id`, `transcript_path`, `cwd`, `hook_event_name` (Codex and Claude).
pub(crate) fn base(runner: &Group<'_>, event_name: &str) -> Map<String, Value> {
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
            m.insert(
                "source".into(),
                event.session_source(hook_ir::Convention::CodexJson).into(),
            );
        }
        Kind::SessionShutdown => {
            m.insert(
                "reason".into(),
                event.session_reason(hook_ir::Convention::CodexJson).into(),
            );
        }
    }
}

/// Runs the Codex hooks of one event.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let jobs = jobs(
        runner,
        group,
        runner.codex_shell,
        lim::SHELL_FLAG,
        &[],
        |name| payload(runner, name, event),
    );
    let mut runs: Vec<HookRun> = run_parallel(
        runner,
        &jobs,
        Kill::Group,
        !hook_ir::contract::runs_every_copy(hook_ir::Convention::CodexJson),
    )
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
    .collect();
    if event.kind() == Kind::PostToolUse {
        replace_tool_output(&mut runs);
    }
    runs
}

/// Codex `PostToolUse`: every hook's feedback (what [`block_or_feedback`] put in its context
/// as the reason of a block) joined with a blank line becomes the tool output the model
/// receives, carried by the first hook that gave feedback.
fn replace_tool_output(runs: &mut [HookRun]) {
    let mut feedback = Vec::new();
    let mut first = None;
    for (n, r) in runs.iter_mut().enumerate() {
        if let Some(text) = r.feedback.take() {
            feedback.push(text);
            first.get_or_insert(n);
        }
    }
    if let Some(n) = first {
        runs[n].tool_result = Some(ToolResultPatch {
            content: Some(Value::String(feedback.join(lim::FEEDBACK_SEPARATOR))),
            details: None,
            is_error: None,
        });
    }
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
            codex_block(&mut run, kind, reason.to_string());
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
                    // Plain stdout is context on UserPromptSubmit and SessionStart (Codex
                    // 0.171.0: conformance trace `session_start_plain_stdout`).
                    if matches!(kind, Kind::UserPromptSubmit | Kind::SessionStart) {
                        run.context.push(text);
                    }
                    run
                }
                Stdout::Invalid(e) => {
                    let mut o = outcome(OutcomeKind::Failed);
                    o.error = Some(e);
                    HookRun::new(index, o)
                }
                Stdout::Object(m)
                    if kind == Kind::PreToolUse && pre_tool_use_invalid(&m).is_some() =>
                {
                    let mut o = outcome(OutcomeKind::Failed);
                    o.error = pre_tool_use_invalid(&m);
                    HookRun::new(index, o)
                }
                Stdout::Object(m) => {
                    let mut a = interpret(kind, event_name, &m);
                    // Codex rewrites the input only with `permissionDecision: "allow"`.
                    if kind == Kind::PreToolUse
                        && m.get("hookSpecificOutput")
                            .and_then(|h| h.get("permissionDecision"))
                            .and_then(Value::as_str)
                            != Some("allow")
                    {
                        a.updated_input = None;
                    }
                    let block = if kind == Kind::PostToolUse {
                        let stopped = a.stop_for_good.is_some();
                        let block = a.block.take();
                        if stopped {
                            // `continue: false`: the feedback is `reason`, else the stop text.
                            let reason = m
                                .get("reason")
                                .and_then(Value::as_str)
                                .map(str::trim)
                                .filter(|r| !r.is_empty());
                            let stop_reason = m.get("stopReason").and_then(Value::as_str);
                            Some(
                                reason
                                    .or(stop_reason)
                                    .unwrap_or("PostToolUse hook stopped execution")
                                    .to_string(),
                            )
                        } else {
                            block
                        }
                    } else {
                        None
                    };
                    let mut run = run_of_answer(index, id, kind, a, outcome).0;
                    if let Some(reason) = block {
                        run.outcome.outcome = OutcomeKind::Blocked;
                        codex_block(&mut run, kind, reason);
                    }
                    run
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

/// Why Codex refuses a `PreToolUse` JSON answer, when it does (`parse_pre_tool_use` and its
/// `unsupported_*` checks, `codex-rs/hooks/src/engine/output_parser.rs`): the hook then counts
/// as failed, and a failed hook does not block (the tool runs — conformance trace
/// `pre_continue_false` of Codex 0.171.0).
fn pre_tool_use_invalid(m: &Map<String, Value>) -> Option<String> {
    let s = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    let blank = |v: Option<String>| v.as_deref().is_none_or(|r| r.trim().is_empty());
    if m.get("continue") == Some(&Value::Bool(false)) {
        return Some("PreToolUse hook returned unsupported continue:false".into());
    }
    if m.get("stopReason").is_some_and(|v| !v.is_null()) {
        return Some("PreToolUse hook returned unsupported stopReason".into());
    }
    if m.get("suppressOutput") == Some(&Value::Bool(true)) {
        return Some("PreToolUse hook returned unsupported suppressOutput".into());
    }
    let specific = m.get("hookSpecificOutput").and_then(Value::as_object);
    let decision = specific.and_then(|h| s(h.get("permissionDecision")));
    let reason = specific.and_then(|h| s(h.get("permissionDecisionReason")));
    let updated = specific.is_some_and(|h| h.get("updatedInput").is_some_and(|v| !v.is_null()));
    if decision.is_some() || reason.is_some() || updated {
        return match decision.as_deref() {
            _ if updated && decision.as_deref() != Some("allow") => Some(
                "PreToolUse hook returned updatedInput without permissionDecision:allow".into(),
            ),
            Some("allow") if !updated => {
                Some("PreToolUse hook returned unsupported permissionDecision:allow".into())
            }
            Some("ask") => Some("PreToolUse hook returned unsupported permissionDecision:ask".into()),
            Some("deny") if blank(reason) => Some(
                "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason"
                    .into(),
            ),
            None => Some(
                "PreToolUse hook returned permissionDecisionReason without permissionDecision"
                    .into(),
            ),
            _ => None,
        };
    }
    match s(m.get("decision")).as_deref() {
        Some("approve") => Some("PreToolUse hook returned unsupported decision:approve".into()),
        Some("block") if blank(s(m.get("reason"))) => {
            Some("PreToolUse hook returned decision:block without a non-empty reason".into())
        }
        None if m.get("reason").is_some_and(|v| !v.is_null()) => {
            Some("PreToolUse hook returned reason without decision".into())
        }
        _ => None,
    }
}

/// A Codex block: on `post_tool_use`, feedback that replaces the tool output
/// ([`replace_tool_output`]); elsewhere a block.
fn codex_block(run: &mut HookRun, kind: Kind, reason: String) {
    if kind == Kind::PostToolUse {
        run.feedback = Some(reason);
    } else {
        run.block = Some(reason);
    }
}

/// A block on an event that can block; on `post_tool_use` (the tool already ran) the reason is
/// fed back to the model as context, as Claude does (Codex: [`codex_block`]).
pub(crate) fn block_or_feedback(run: &mut HookRun, kind: Kind, reason: String) {
    if kind == Kind::PostToolUse {
        run.context.push(reason);
    } else {
        run.block = Some(reason);
    }
}
