//! Cursor hooks, as Cursor's published docs describe them (cursor.com/docs/agent/hooks,
//! cursor.com/docs/reference/hooks; not run here — `docs/conventions/cursor-hooks.md` lists
//! what is unverified):
//!
//! - **order**: the event's matching hooks run one at a time, in hook order (assumed); each
//!   preToolUse hook sees the input the previous one's `updated_input` left;
//! - **process**: `sh -c <command>` from the entry's `command_dir` (the project root for a
//!   project's `.cursor/hooks.json`, `~/.cursor/` for the user's), `CURSOR_PROJECT_DIR` and `CLAUDE_PROJECT_DIR` set to the
//!   project; the payload on stdin: `conversation_id`, `generation_id`, `hook_event_name`,
//!   `workspace_roots` and the event's fields (`tool_name`, `tool_input`, `tool_output`,
//!   `prompt`, `status`/`loop_count`…);
//! - **answers** (exit 0, flat snake_case JSON): preToolUse `permission` (`deny` blocks with
//!   `agent_message`, else `user_message`; `ask` is not enforced there, it is recorded as an
//!   effect) and `updated_input`; postToolUse `additional_context`; beforeSubmitPrompt
//!   `continue: false` blocks; sessionStart `additional_context` (and `env`, an effect); stop a
//!   non-empty `followup_message` continues, unless the entry's `loop_limit` is spent;
//! - **failures**: exit 2 denies (blocks) on the events that can block; any other failure — an
//!   exit ≠ 0, a crash, a timeout, stdout that is not JSON — lets the action go on, unless the
//!   entry sets `failClosed: true`: then it blocks.

use super::json_output::{classify, Stdout};
use super::shell::{jobs, run_parallel_in, Ctx, Proc, Ran};
use crate::decision::{OutcomeKind, ToolResultPatch};
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Status};
use crate::Event;
use hook_ir::contract::limits::cursor as lim;
use hook_ir::{Detail, Kind, LoopLimit};
use serde_json::{json, Map, Value};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// Cursor's stdin payload for `event_name`, with `tool_input` as the tool's input.
pub(crate) fn payload(
    runner: &Group<'_>,
    event_name: &str,
    event: &Event,
    tool_input: &Value,
) -> Value {
    let session = runner.session.session_id.clone().unwrap_or_default();
    let project = runner
        .session
        .project_dir
        .as_deref()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut m = Map::new();
    m.insert("conversation_id".into(), session.clone().into());
    m.insert(
        "generation_id".into(),
        event.turn_id.clone().unwrap_or_default().into(),
    );
    m.insert("hook_event_name".into(), event_name.into());
    m.insert("workspace_roots".into(), json!([project]));
    if let Some(model) = &event.model {
        m.insert("model".into(), model.clone().into());
    }
    match event.kind() {
        Kind::SessionStart => {
            m.insert("session_id".into(), session.into());
            m.insert("is_background_agent".into(), false.into());
            m.insert("composer_mode".into(), "agent".into());
        }
        Kind::UserPromptSubmit => {
            m.insert(
                "prompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
            m.insert("attachments".into(), json!([]));
        }
        Kind::PreToolUse | Kind::PostToolUse => {
            m.insert(
                "tool_name".into(),
                event.tool_name.clone().unwrap_or_default().into(),
            );
            m.insert("tool_input".into(), tool_input.clone());
            if let Some(id) = &event.tool_call_id {
                m.insert("tool_use_id".into(), id.clone().into());
            }
            m.insert("cwd".into(), super::payload::cwd(runner));
            if event.kind() == Kind::PostToolUse {
                // `tool_output` is a JSON string (cursor.com/docs/reference/hooks).
                let output = event.tool_output.clone().unwrap_or_default();
                m.insert(
                    "tool_output".into(),
                    json!({ "output": output }).to_string().into(),
                );
                if let Some(d) = event.duration_ms {
                    m.insert("duration".into(), d.into());
                }
            }
        }
        Kind::Stop => {
            let status = if event.error.is_some() {
                "error"
            } else {
                "completed"
            };
            m.insert("status".into(), status.into());
            m.insert(
                "loop_count".into(),
                u32::from(event.stop_hook_active).into(),
            );
        }
        Kind::SessionShutdown => {
            m.insert("session_id".into(), session.into());
            m.insert(
                "reason".into(),
                event
                    .reason
                    .clone()
                    .unwrap_or_else(|| "completed".into())
                    .into(),
            );
        }
    }
    Value::Object(m)
}

/// The entry's `failClosed`, `loop_limit` and the directory of its `hooks.json`.
fn entry(detail: &Detail) -> (bool, LoopLimit, Option<PathBuf>) {
    match detail {
        Detail::CursorEntry {
            fail_closed,
            loop_limit,
            command_dir,
            ..
        } => (
            *fail_closed,
            *loop_limit,
            command_dir.as_deref().map(PathBuf::from),
        ),
        _ => (false, LoopLimit::Default, None),
    }
}

/// Runs the Cursor hooks of one event, one at a time.
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
    let row = hook_ir::contract::runtime(hook_ir::Convention::CursorHooks);
    let proc = Proc {
        dedupe: false,
        ..row.map_or(Proc::PLAIN, Proc::of)
    };
    let kind = event.kind();
    let mut input = event.tool_input.clone().unwrap_or_else(|| json!({}));
    let mut runs = Vec::with_capacity(group.len());
    for &i in group {
        let p = &runner.hooks[i];
        let (fail_closed, loop_limit, dir) = entry(&p.hook.detail);
        let mut ctx = Ctx::of(runner);
        // A relative command runs from the directory discovery stamped on the entry.
        if let Some(d) = dir.filter(|d| d.is_dir()) {
            ctx.cwd = Some(d);
        }
        let job = jobs(runner, &[i], OsStr::new(lim::SHELL), "-c", &env, |name| {
            payload(runner, name, event, &input)
        });
        let Some((_, Ran::Finished(f))) = run_parallel_in(&ctx, &job, proc).await.pop() else {
            continue;
        };
        let run = interpret(i, runner, kind, &f, fail_closed, loop_limit, event);
        if kind == Kind::PreToolUse {
            if let Some(a) = &run.updated_input {
                input = a.clone();
            }
        }
        runs.push(run);
    }
    // Every rewrite chained into the last one: only the final input replaces the call's.
    let last_rewrite = runs.iter().rposition(|r| r.updated_input.is_some());
    for (n, r) in runs.iter_mut().enumerate() {
        if Some(n) != last_rewrite {
            r.updated_input = None;
        }
    }
    if let Some(n) = last_rewrite {
        runs[n].updated_input = Some(input);
    }
    runs
}

/// Whether hooks of `kind` can block (deny, stop a prompt, continue a stop).
fn blocking(kind: Kind) -> bool {
    matches!(kind, Kind::PreToolUse | Kind::UserPromptSubmit | Kind::Stop)
}

fn interpret(
    index: usize,
    runner: &Group<'_>,
    kind: Kind,
    f: &Finished,
    fail_closed: bool,
    loop_limit: LoopLimit,
    event: &Event,
) -> HookRun {
    let p = &runner.hooks[index];
    let id = &p.hook.id;
    let outcome = |k| outcome_of(id, lim::SHELL, Launch::Shell, f, k);
    let stdout = String::from_utf8_lossy(&f.stdout).into_owned();
    let deny = |reason: String| {
        let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
        run.block = Some(reason);
        run
    };
    // failClosed: a failure blocks where the hook could block.
    let failed = |k: OutcomeKind, why: &str| {
        if fail_closed && blocking(kind) && kind != Kind::Stop {
            deny(format!("Blocked by a Cursor hook with failClosed ({why})"))
        } else {
            HookRun::new(index, outcome(k))
        }
    };
    match f.status {
        Status::TimedOut => failed(OutcomeKind::TimedOut, "it timed out"),
        Status::Exited(0) => match classify(&stdout) {
            Stdout::Object(m) => of_answer(
                index,
                kind,
                &m,
                outcome(OutcomeKind::Allowed),
                &deny,
                loop_limit,
                event,
            ),
            Stdout::Empty => HookRun::new(index, outcome(OutcomeKind::Allowed)),
            Stdout::Plain(_) | Stdout::Invalid(_) => {
                failed(OutcomeKind::Failed, "its answer is not JSON")
            }
        },
        Status::Exited(code)
            if code == lim::BLOCK_EXIT_CODE && blocking(kind) && kind != Kind::Stop =>
        {
            let text = stdout.trim();
            let stderr = String::from_utf8_lossy(&f.stderr);
            let reason = if !text.is_empty() {
                text.to_string()
            } else if !stderr.trim().is_empty() {
                stderr.trim().to_string()
            } else {
                format!("hook exited with code {code}")
            };
            deny(reason)
        }
        _ => failed(OutcomeKind::Failed, "it failed"),
    }
}

fn of_answer(
    index: usize,
    kind: Kind,
    m: &Map<String, Value>,
    allowed: crate::decision::HookOutcome,
    deny: &dyn Fn(String) -> HookRun,
    loop_limit: LoopLimit,
    event: &Event,
) -> HookRun {
    let s = |k: &str| m.get(k).and_then(Value::as_str).map(str::to_string);
    let mut run = HookRun::new(index, allowed);
    match kind {
        Kind::PreToolUse => {
            let reason = s("agent_message").or_else(|| s("user_message"));
            match s("permission").as_deref() {
                Some("deny") => {
                    return deny(reason.unwrap_or_else(|| "Blocked by a Cursor hook".into()));
                }
                // `ask` is "accepted but not enforced" on preToolUse (reference).
                Some("ask") => run.effects.push(json!({
                    "effect": "permission", "decision": "ask", "hook": run.outcome.id, "reason": reason,
                })),
                _ => {}
            }
            if let Some(a) = m.get("updated_input").filter(|a| a.is_object()) {
                run.updated_input = Some(a.clone());
            }
        }
        Kind::PostToolUse => {
            if let Some(out) = m.get("updated_mcp_tool_output") {
                let is_mcp = event
                    .tool_name
                    .as_deref()
                    .is_some_and(|t| t.starts_with("MCP:") || t.starts_with("mcp"));
                if is_mcp {
                    run.tool_result = Some(ToolResultPatch {
                        content: Some(out.clone()),
                        details: None,
                        is_error: None,
                    });
                }
            }
        }
        Kind::UserPromptSubmit => {
            if m.get("continue") == Some(&Value::Bool(false)) {
                return deny(
                    s("user_message").unwrap_or_else(|| "Blocked by a Cursor hook".into()),
                );
            }
        }
        Kind::SessionStart => {
            if let Some(env) = m.get("env").filter(|e| e.is_object()) {
                run.effects
                    .push(json!({"effect": "env", "hook": run.outcome.id, "env": env}));
            }
        }
        Kind::Stop => {
            if let Some(msg) = s("followup_message").filter(|t| !t.is_empty()) {
                let count = u32::from(event.stop_hook_active);
                let spent = match loop_limit {
                    LoopLimit::Default => count >= lim::LOOP_LIMIT_DEFAULT,
                    LoopLimit::Max(n) => count >= n,
                    LoopLimit::Unbounded => false,
                };
                if !spent {
                    return deny(msg);
                }
                run.effects.push(json!({
                    "effect": "loop_limit", "hook": run.outcome.id,
                    "reason": "the entry's loop_limit is spent: the follow-up is not submitted",
                }));
            }
        }
        Kind::SessionShutdown => {}
    }
    if matches!(kind, Kind::SessionStart | Kind::PostToolUse) {
        if let Some(c) = s("additional_context").filter(|c| !c.is_empty()) {
            run.context.push(c);
        }
    }
    run
}
