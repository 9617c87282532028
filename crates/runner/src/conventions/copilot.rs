//! GitHub Copilot CLI hooks, as Copilot CLI 1.0.102 runs them (recorded live:
//! `conformance/traces/copilot-1.0.102/`, notes in `conformance/notes/copilot.md`):
//!
//! - **order**: the event's matching hooks run one at a time, in hook order (trace
//!   copilot_layers_order); a preToolUse `deny` stops the event's later hooks
//!   (copilot_pre_deny_then_more); each preToolUse hook sees the arguments the previous one's
//!   `modifiedArgs` left (copilot_pre_modified_args_chain);
//! - **process**: `/bin/bash --norc --noprofile -c <command>` with `COPILOT_PROJECT_DIR` and `CLAUDE_PROJECT_DIR`; the
//!   payload on stdin in the hook's dialect: camelCase events get `sessionId`, `timestamp` (ms),
//!   `cwd`, `toolName`, `toolArgs`… with Copilot's tool names; PascalCase events get
//!   `hook_event_name`, `session_id`, an ISO `timestamp` and Claude's tool names (arguments
//!   unchanged) (copilot_six_kinds, copilot_pascal_dialect);
//! - **answer** (exit 0, stdout JSON; `{"type":"progress"}` lines are skipped; plain or broken
//!   stdout is ignored): preToolUse `permissionDecision` (`deny` blocks with
//!   `permissionDecisionReason`, "No reason provided" without one; `ask` is recorded as a
//!   permission effect, the agent asks; the PascalCase dialect also reads Claude's
//!   `hookSpecificOutput.permissionDecision`), `modifiedArgs` (replaces the arguments whole),
//!   `additionalContext`; postToolUse `modifiedResult.textResultForLlm` and
//!   `additionalContext`; userPromptSubmitted `additionalContext` and `modifiedPrompt` (an
//!   effect); sessionStart `additionalContext`; agentStop `decision: "block"` + `reason`
//!   continues. The contexts of one event are cut at 10240 bytes in all;
//! - **failures**: exit 2 on preToolUse denies (`hook exited with code 2`, or the stdout's
//!   reason); on preToolUse any other exit, a crash or a command that cannot start denies too
//!   (fail-closed, the reason names the file); a timeout lets the tool run. On the other events a
//!   failure is only reported.

use super::json_output::{classify, Stdout};
use super::shell::{jobs, run_parallel_in, Ctx, Proc, Ran};
use crate::decision::{OutcomeKind, ToolResultPatch};
use crate::group::Group;
use crate::outcome::{not_run, outcome_of, HookRun, Launch};
use crate::process::{Finished, Status};
use crate::Event;
use hook_ir::contract::limits::copilot as lim;
use hook_ir::conventions::COPILOT_PASCAL_NAMES;
use hook_ir::Kind;
use serde_json::{json, Map, Value};
use std::ffi::{OsStr, OsString};
use std::time::{SystemTime, UNIX_EPOCH};

/// Whether `event_name` is of the PascalCase (VS Code compatible) dialect.
fn pascal(event_name: &str) -> bool {
    event_name.starts_with(|c: char| c.is_ascii_uppercase())
}

fn now() -> std::time::Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// The Claude name the PascalCase dialect shows for a Copilot tool (the name itself for the
/// others).
fn claude_name(tool: &str) -> &str {
    COPILOT_PASCAL_NAMES
        .iter()
        .find(|(copilot, _)| *copilot == tool)
        .map_or(tool, |(_, claude)| claude)
}

/// Copilot's stdin payload for `event_name`, with `tool_input` as the arguments.
pub(crate) fn payload(
    runner: &Group<'_>,
    event_name: &str,
    event: &Event,
    tool_input: &Value,
) -> Value {
    let session = runner.session.session_id.clone().unwrap_or_default();
    let cwd = super::payload::cwd(runner);
    let tool = event.tool_name.clone().unwrap_or_default();
    let output = event.tool_output.clone().unwrap_or_default();
    let failed = event.error.is_some();
    let mut m = Map::new();
    if pascal(event_name) {
        m.insert("hook_event_name".into(), event_name.into());
        m.insert("session_id".into(), session.into());
        m.insert("timestamp".into(), super::gemini::iso_now().into());
        m.insert("cwd".into(), cwd);
        match event.kind() {
            Kind::SessionStart => {
                m.insert("source".into(), "new".into());
                m.insert(
                    "initial_prompt".into(),
                    event.prompt.clone().unwrap_or_default().into(),
                );
            }
            Kind::UserPromptSubmit => {
                m.insert(
                    "prompt".into(),
                    event.prompt.clone().unwrap_or_default().into(),
                );
            }
            Kind::PreToolUse | Kind::PostToolUse => {
                m.insert("tool_name".into(), claude_name(&tool).into());
                m.insert("tool_input".into(), tool_input.clone());
                if event.kind() == Kind::PostToolUse {
                    m.insert(
                        "tool_result".into(),
                        json!({"result_type": if failed {"failure"} else {"success"}, "text_result_for_llm": output}),
                    );
                }
            }
            Kind::Stop => {
                m.insert("transcript_path".into(), transcript(runner).into());
                m.insert("stop_reason".into(), "end_turn".into());
                m.insert("stop_hook_active".into(), event.stop_hook_active.into());
            }
            Kind::SessionShutdown => {
                m.insert(
                    "reason".into(),
                    event
                        .reason
                        .clone()
                        .unwrap_or_else(|| "complete".into())
                        .into(),
                );
            }
        }
        return Value::Object(m);
    }
    m.insert("sessionId".into(), session.into());
    m.insert("timestamp".into(), (now().as_millis() as u64).into());
    m.insert("cwd".into(), cwd);
    match event.kind() {
        Kind::SessionStart => {
            m.insert("source".into(), "new".into());
            m.insert(
                "initialPrompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
        }
        Kind::UserPromptSubmit => {
            m.insert(
                "prompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
        }
        Kind::PreToolUse | Kind::PostToolUse => {
            m.insert("toolName".into(), tool.into());
            m.insert("toolArgs".into(), tool_input.clone());
            if event.kind() == Kind::PostToolUse {
                m.insert(
                    "toolResult".into(),
                    json!({"resultType": if failed {"failure"} else {"success"}, "textResultForLlm": output}),
                );
            }
        }
        Kind::Stop => {
            m.insert("transcriptPath".into(), transcript(runner).into());
            m.insert("stopReason".into(), "end_turn".into());
            // snake_case even in this dialect (trace copilot_six_kinds).
            m.insert("stop_hook_active".into(), event.stop_hook_active.into());
        }
        Kind::SessionShutdown => {
            m.insert(
                "reason".into(),
                event
                    .reason
                    .clone()
                    .unwrap_or_else(|| "complete".into())
                    .into(),
            );
        }
    }
    Value::Object(m)
}

fn transcript(runner: &Group<'_>) -> String {
    runner
        .session
        .transcript_path
        .as_deref()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Runs the Copilot hooks of one event, one at a time.
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
    let env: Vec<(&'static str, OsString)> = lim::PROJECT_DIR_ENVS
        .iter()
        .map(|k| (*k, project.clone()))
        .collect();
    let row = hook_ir::contract::runtime(hook_ir::Convention::CopilotHooks);
    let proc = Proc {
        dedupe: false,
        ..row.map_or(Proc::PLAIN, Proc::of)
    };
    let ctx = Ctx::of(runner);
    let kind = event.kind();
    let mut args = event.tool_input.clone().unwrap_or_else(|| json!({}));
    let mut runs = Vec::with_capacity(group.len());
    let mut context_bytes = 0usize;
    let mut denied = false;
    for &i in group {
        let p = &runner.hooks[i];
        if denied {
            runs.push(HookRun::new(
                i,
                not_run(
                    &p.hook.id,
                    OutcomeKind::Allowed,
                    "not run: an earlier preToolUse hook denied the call, and Copilot CLI runs no later hook of the event",
                ),
            ));
            continue;
        }
        let mut job = jobs(runner, &[i], OsStr::new(lim::SHELL), "-c", &env, |name| {
            payload(runner, name, event, &args)
        });
        for j in &mut job {
            j.options = &lim::SHELL_OPTIONS;
        }
        let Some((_, Ran::Finished(f))) = run_parallel_in(&ctx, &job, proc).await.pop() else {
            continue;
        };
        let mut run = interpret(i, runner, kind, &f);
        if kind == Kind::PreToolUse {
            if run.block.is_some() {
                denied = true;
            }
            if let Some(a) = &run.updated_input {
                args = a.clone();
            }
        }
        // The joined context of the event is cut at the cap (trace copilot_post_context_cap).
        let mut kept = Vec::new();
        for c in run.context.drain(..) {
            let room = lim::CONTEXT_CAP_BYTES.saturating_sub(context_bytes);
            if room == 0 {
                break;
            }
            let cut = crate::decision::cut_bytes(&c, room).to_string();
            context_bytes += cut.len();
            kept.push(cut);
        }
        run.context = kept;
        runs.push(run);
    }
    // Every rewrite chained into the last one: only the final arguments replace the call's.
    let last_rewrite = runs.iter().rposition(|r| r.updated_input.is_some());
    for (n, r) in runs.iter_mut().enumerate() {
        if Some(n) != last_rewrite {
            r.updated_input = None;
        }
    }
    if let Some(n) = last_rewrite {
        runs[n].updated_input = Some(args);
    }
    runs
}

/// The `{"type": "progress"}` lines of stdout dropped (trace copilot_pre_progress_then_deny).
fn without_progress(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| {
            serde_json::from_str::<Value>(l.trim()).ok().and_then(|v| {
                v.get("type")
                    .and_then(Value::as_str)
                    .map(|t| t == "progress")
            }) != Some(true)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn interpret(index: usize, runner: &Group<'_>, kind: Kind, f: &Finished) -> HookRun {
    let p = &runner.hooks[index];
    let id = &p.hook.id;
    let event_name = p.hook.source_event.as_str();
    let outcome = |k| outcome_of(id, lim::SHELL, Launch::Shell, f, k);
    let answer = std::str::from_utf8(&f.stdout)
        .ok()
        .map(without_progress)
        .and_then(|s| match classify(&s) {
            Stdout::Object(m) => Some(m),
            _ => None,
        });
    let deny = |reason: String| {
        let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
        run.block = Some(reason);
        run
    };
    match f.status {
        // A timed-out hook lets the action go on (trace copilot_pre_timeout_fail_open).
        Status::TimedOut => HookRun::new(index, outcome(OutcomeKind::TimedOut)),
        Status::Exited(0) => {
            let Some(m) = answer else {
                return HookRun::new(index, outcome(OutcomeKind::Allowed));
            };
            of_answer(
                index,
                event_name,
                kind,
                &m,
                outcome(OutcomeKind::Allowed),
                deny,
            )
        }
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE && kind == Kind::PreToolUse => {
            let reason = answer
                .as_ref()
                .and_then(|m| m.get("permissionDecisionReason"))
                .and_then(Value::as_str)
                .map_or_else(|| format!("hook exited with code {code}"), str::to_string);
            deny(reason)
        }
        // Fail-closed: an error, a crash or a command that cannot start denies the call.
        _ if kind == Kind::PreToolUse => deny(format!(
            "Denied by preToolUse hook from \"{}\" (hook errored)",
            p.hook.location.path
        )),
        _ => HookRun::new(index, outcome(OutcomeKind::Failed)),
    }
}

fn of_answer(
    index: usize,
    event_name: &str,
    kind: Kind,
    m: &Map<String, Value>,
    allowed: crate::decision::HookOutcome,
    deny: impl Fn(String) -> HookRun,
) -> HookRun {
    let s = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    let mut run = HookRun::new(index, allowed);
    match kind {
        Kind::PreToolUse => {
            let specific = m.get("hookSpecificOutput");
            let (decision, reason) = match s(m.get("permissionDecision")) {
                Some(d) => (Some(d), s(m.get("permissionDecisionReason"))),
                // Claude's shape counts only in the PascalCase dialect (traces
                // copilot_pre_claude_shape, copilot_pascal_answers).
                None if pascal(event_name) => (
                    s(specific.and_then(|h| h.get("permissionDecision"))),
                    s(specific.and_then(|h| h.get("permissionDecisionReason"))),
                ),
                None => (None, None),
            };
            match decision.as_deref() {
                Some("deny") => {
                    return deny(reason.unwrap_or_else(|| "No reason provided".into()));
                }
                Some("ask") => run.effects.push(json!({
                    "effect": "permission", "decision": "ask", "hook": run.outcome.id, "reason": reason,
                })),
                _ => {}
            }
            if let Some(a) = m.get("modifiedArgs").filter(|a| a.is_object()) {
                run.updated_input = Some(a.clone());
            }
        }
        Kind::PostToolUse => {
            if let Some(text) = m
                .get("modifiedResult")
                .and_then(|r| r.get("textResultForLlm"))
                .and_then(Value::as_str)
            {
                let failed = m["modifiedResult"]
                    .get("resultType")
                    .and_then(Value::as_str)
                    != Some("success");
                run.tool_result = Some(ToolResultPatch {
                    content: Some(text.into()),
                    details: None,
                    is_error: Some(failed),
                });
            }
        }
        Kind::UserPromptSubmit => {
            if let Some(prompt) = s(m.get("modifiedPrompt")) {
                run.effects.push(
                    json!({"effect": "modified_prompt", "hook": run.outcome.id, "prompt": prompt}),
                );
            }
        }
        Kind::Stop => {
            if s(m.get("decision")).as_deref() == Some("block") {
                let mut r = deny(s(m.get("reason")).unwrap_or_default());
                r.context = Vec::new();
                return r;
            }
        }
        Kind::SessionStart | Kind::SessionShutdown => {}
    }
    // Top-level `additionalContext` only (the PascalCase `hookSpecificOutput` one is ignored,
    // trace copilot_pascal_post_answers).
    if let Some(c) = s(m.get("additionalContext")).filter(|c| !c.is_empty()) {
        if kind != Kind::SessionShutdown {
            run.context.push(c);
        }
    }
    run
}
