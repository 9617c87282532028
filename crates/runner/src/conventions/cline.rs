//! Cline hook files, as Cline CLI 3.0.65 runs them (`@cline/core` 0.0.86 `hook-file-hooks.ts`,
//! `subprocess-runner.ts`; notes `conformance/notes/cline.md`, traces
//! `conformance/traces/cline-3.0.65/`):
//!
//! - **process**: the file under its interpreter (the IR command is the argv Cline spawns:
//!   shebang, else extension, else `bash`; no shell of Cline's — the runner's `sh -c 'exec …'`
//!   replaces itself with it), cwd the workspace, stdin the payload;
//! - **payload**: `clineVersion`, `timestamp`, `taskId`, `sessionContext`, `workspaceRoots`,
//!   `workspaceInfo`, `userId`, `agent_id`, `parent_agent_id`, `hookName` (the SDK name:
//!   `tool_call`, `tool_result`, `agent_start`…) and the event's own object (`preToolUse
//!   {toolName, parameters}` with every parameter value a string…);
//! - **order**: PreToolUse and PostToolUse files one after the other (each sees the input the
//!   previous `overrideInput` left), each killed at 120 s and skipped; the other events are
//!   started and never read (the dispatch hands them to the background like Kimi's
//!   fire-and-forget hooks);
//! - **answer**: stdout only, whole or the last `HOOK_CONTROL<TAB>` line, a JSON object; not
//!   JSON → skipped (fail-open). The exit code and stderr mean nothing. `cancel: true` ends the
//!   whole run: a block with a `stop` effect (its `errorMessage` is shown nowhere); `context`
//!   (else `contextModification`, else `errorMessage`) becomes context, cut at 50 000
//!   characters; `overrideInput` (PreToolUse) replaces the tool's input.

use super::shell::{run_parallel_in, Ctx, Job, Proc, Ran};
use crate::decision::OutcomeKind;
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Status};
use crate::Event;
use hook_ir::contract::limits::cline as lim;
use hook_ir::Kind;
use serde_json::{json, Map, Value};
use std::ffi::OsString;

/// The shell that execs each hook's argv (it replaces itself: the hook's parent is the runner).
const EXEC_SHELL: &str = "/bin/sh";

/// The SDK event name Cline's payload carries for a hook file's event (`hookName`,
/// `HOOK_CONFIG_FILE_EVENT_MAP`).
pub(crate) fn hook_name(event_name: &str) -> &'static str {
    match event_name {
        "TaskStart" => "agent_start",
        "TaskResume" => "agent_resume",
        "TaskCancel" => "agent_abort",
        "TaskComplete" => "agent_end",
        "TaskError" => "agent_error",
        "PreToolUse" => "tool_call",
        "PostToolUse" => "tool_result",
        "UserPromptSubmit" => "prompt_submit",
        _ => "session_shutdown",
    }
}

/// A value as Cline's `mapParams` and `postToolUse.result` show it: a string as is, anything
/// else JSON-encoded.
fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn env_var(runner: &Group<'_>, name: &str) -> Option<String> {
    let mut v = std::env::var(name).ok();
    for (k, val) in runner.env {
        if k == name {
            v = val.as_ref().map(|s| s.to_string_lossy().into_owned());
        }
    }
    v
}

/// Cline's stdin payload for `event_name`, with `tool_input` as the tool's input.
pub(crate) fn payload(
    runner: &Group<'_>,
    event_name: &str,
    event: &Event,
    tool_input: &Value,
) -> Value {
    let id = runner.session.session_id.clone().unwrap_or_default();
    let cwd = super::payload::cwd(runner);
    let hint = cwd
        .as_str()
        .and_then(|c| c.rsplit('/').find(|s| !s.is_empty()))
        .unwrap_or_default()
        .to_string();
    let name = hook_name(event_name);
    let mut m = Map::new();
    // `$CLINE_VERSION`, which the CLI does not set (`""` in every trace).
    m.insert(
        "clineVersion".into(),
        env_var(runner, "CLINE_VERSION").unwrap_or_default().into(),
    );
    m.insert("timestamp".into(), super::gemini::iso_now().into());
    m.insert("taskId".into(), id.clone().into());
    m.insert("sessionContext".into(), json!({ "rootSessionId": id }));
    m.insert("workspaceRoots".into(), json!([cwd]));
    m.insert(
        "workspaceInfo".into(),
        json!({ "rootPath": cwd, "hint": hint }),
    );
    let user = env_var(runner, "CLINE_USER_ID")
        .or_else(|| env_var(runner, "USER"))
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "unknown".into());
    m.insert("userId".into(), user.into());
    m.insert("agent_id".into(), id.clone().into());
    m.insert("parent_agent_id".into(), Value::Null);
    m.insert("hookName".into(), name.into());
    // Cline's `iteration` counts the run's model turns: the embedder's turn number
    // (`Event::turn_id`) when it is one, else 1.
    let iteration: u64 = event
        .turn_id
        .as_deref()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let tool = event.tool_name.clone().unwrap_or_default();
    let call_id = event.tool_call_id.clone().unwrap_or_default();
    let params = || -> Value {
        match tool_input {
            Value::Object(o) => Value::Object(
                o.iter()
                    .map(|(k, v)| (k.clone(), Value::String(as_text(v))))
                    .collect(),
            ),
            _ => json!({}),
        }
    };
    match event_name {
        "PreToolUse" => {
            m.insert("iteration".into(), iteration.into());
            m.insert(
                "tool_call".into(),
                json!({"id": call_id, "name": tool, "input": tool_input}),
            );
            m.insert(
                "preToolUse".into(),
                json!({"toolName": tool, "parameters": params()}),
            );
        }
        "PostToolUse" => {
            let output = event
                .tool_response
                .clone()
                .unwrap_or_else(|| event.tool_output.clone().unwrap_or_default().into());
            let ms = event.duration_ms.unwrap_or(0);
            let now = super::gemini::iso_now();
            let mut result =
                json!({"id": call_id, "name": tool, "input": tool_input, "output": output});
            if let Some(e) = &event.error {
                result["error"] = e.clone().into();
            }
            result["durationMs"] = ms.into();
            result["startedAt"] = now.clone().into();
            result["endedAt"] = now.into();
            m.insert("iteration".into(), iteration.into());
            m.insert("tool_result".into(), result);
            m.insert(
                "postToolUse".into(),
                json!({"toolName": tool, "parameters": params(), "result": as_text(&output),
                    "success": !event.tool_failed(), "executionTimeMs": ms}),
            );
        }
        "TaskStart" => {
            m.insert("taskStart".into(), json!({"taskMetadata": {}}));
        }
        "TaskComplete" => {
            m.insert("iteration".into(), iteration.into());
            m.insert(
                "turn".into(),
                json!({"outputText": event.last_assistant_text.clone().unwrap_or_default(), "status": "completed"}),
            );
            m.insert("taskComplete".into(), json!({"taskMetadata": {}}));
        }
        "UserPromptSubmit" => {
            m.insert(
                "userPromptSubmit".into(),
                json!({"prompt": event.prompt.clone().unwrap_or_default(), "attachments": []}),
            );
        }
        _ => {
            m.insert(
                "reason".into(),
                event.session_reason(hook_ir::Convention::ClineDir).into(),
            );
        }
    }
    Value::Object(m)
}

/// The job of hook `index`: its argv exec'ed by `sh`, the payload on stdin.
fn job(runner: &Group<'_>, index: usize, stdin: Value) -> Option<Job> {
    let p = &runner.hooks[index];
    let crate::prepare::Plan::Shell { timeout } = p.plan else {
        return None;
    };
    Some(Job {
        index,
        shell: OsString::from(EXEC_SHELL),
        options: &[],
        flag: "-c",
        command: format!("exec {}", p.hook.command().unwrap_or("")),
        stdin: runner.stdin(stdin.to_string().into_bytes()),
        extra_env: Vec::new(),
        timeout,
    })
}

/// The jobs of hooks Cline starts and never reads (every event but the tool events).
pub(crate) fn jobs_of(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<Job> {
    let input = event.tool_input.clone().unwrap_or_else(|| json!({}));
    group
        .iter()
        .filter_map(|&i| {
            let name = runner.hooks[i].hook.source_event.clone();
            job(runner, i, payload(runner, &name, event, &input))
        })
        .collect()
}

/// Runs the Cline tool hooks of one event, one after the other.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let row = hook_ir::contract::runtime(hook_ir::Convention::ClineDir);
    let proc = Proc {
        dedupe: false,
        ..row.map_or(Proc::PLAIN, Proc::of)
    };
    let ctx = Ctx::of(runner);
    let kind = event.kind();
    let original = event.tool_input.clone().unwrap_or_else(|| json!({}));
    let shell = event.tool_name.as_deref() == Some(lim::SHELL_TOOL);
    let mut input = if shell {
        as_commands(&original)
    } else {
        original.clone()
    };
    // The event came in another agent's shape: its hooks' override goes back in that shape.
    let converted = input != original;
    let mut runs = Vec::with_capacity(group.len());
    for &i in group {
        let name = runner.hooks[i].hook.source_event.clone();
        let Some(j) = job(runner, i, payload(runner, &name, event, &input)) else {
            continue;
        };
        let Some((_, Ran::Finished(f))) = run_parallel_in(&ctx, &[j], proc).await.pop() else {
            continue;
        };
        let run = interpret(i, runner, kind, &f);
        if let Some(v) = &run.updated_input {
            input = v.clone();
        }
        runs.push(run);
    }
    // Every override chained into the last one: `overrideInput` of the merged controls, last
    // wins (`mergeHookControls`).
    let last = runs.iter().rposition(|r| r.updated_input.is_some());
    for (n, r) in runs.iter_mut().enumerate() {
        if Some(n) != last {
            r.updated_input = None;
        } else if converted {
            // Back in the shape the event came in (another agent's `{command}`).
            r.updated_input = r.updated_input.take().map(|v| as_command(&v));
        }
    }
    runs
}

/// The shell tool's input as Cline sends it, `{"commands": [c]}`, when it came in another
/// agent's shape `{"command": c}` (a host's shell call reaching a Cline hook through the bridge);
/// as is otherwise.
fn as_commands(input: &Value) -> Value {
    match input.as_object() {
        Some(o) if !o.contains_key(lim::SHELL_COMMANDS_FIELD) => match o.get("command") {
            Some(Value::String(c)) => {
                let mut o = o.clone();
                o.remove("command");
                o.insert(lim::SHELL_COMMANDS_FIELD.into(), json!([c]));
                Value::Object(o)
            }
            _ => input.clone(),
        },
        _ => input.clone(),
    }
}

/// A Cline hook's `overrideInput` for the shell tool, `{"commands": [a, b]}`, in the shape the
/// event came in, `{"command": "a\nb"}` (one command a line); as is otherwise.
fn as_command(input: &Value) -> Value {
    let Some(o) = input.as_object() else {
        return input.clone();
    };
    let commands: Option<Vec<&str>> = o
        .get(lim::SHELL_COMMANDS_FIELD)
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(Value::as_str).collect());
    match commands {
        Some(c) => {
            let mut o = o.clone();
            o.remove(lim::SHELL_COMMANDS_FIELD);
            o.insert("command".into(), c.join("\n").into());
            Value::Object(o)
        }
        None => input.clone(),
    }
}

/// The answer of a stdout (`parseStdout`): the last `HOOK_CONTROL<TAB>` line's rest, else the
/// whole trimmed text, parsed as a JSON object.
pub(crate) fn control(stdout: &str) -> Option<Map<String, Value>> {
    let trimmed = stdout.trim();
    if trimmed.is_empty() {
        return None;
    }
    let prefixed = trimmed
        .split('\n')
        .map(str::trim_start)
        .rev()
        .find_map(|l| l.strip_prefix(lim::CONTROL_PREFIX));
    match serde_json::from_str(prefixed.unwrap_or(trimmed)) {
        Ok(Value::Object(m)) => Some(m),
        _ => None,
    }
}

fn interpret(index: usize, runner: &Group<'_>, kind: Kind, f: &Finished) -> HookRun {
    let p = &runner.hooks[index];
    let outcome = |k| outcome_of(&p.hook.id, EXEC_SHELL, Launch::Shell, f, k);
    if matches!(f.status, Status::TimedOut) {
        // SIGKILLed at 120 s and skipped: the tool goes on.
        return HookRun::new(index, outcome(OutcomeKind::TimedOut));
    }
    // Exit codes mean nothing: a non-zero exit with a cancel cancels (trace
    // cline_pre_exit1_cancel_json), exit 2 with stderr does not (cline_pre_exit2_stderr).
    let Some(m) = std::str::from_utf8(&f.stdout).ok().and_then(control) else {
        let k = match f.status {
            Status::Exited(_) => OutcomeKind::Allowed,
            _ => OutcomeKind::Failed,
        };
        return HookRun::new(index, outcome(k));
    };
    let s = |k: &str| m.get(k).and_then(Value::as_str).map(str::to_string);
    let context = s("context")
        .or_else(|| s("contextModification"))
        .filter(|c| !c.is_empty());
    let error = s("errorMessage").filter(|c| !c.is_empty());
    if m.get("cancel").and_then(Value::as_bool) == Some(true) {
        let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
        let reason = error
            .or(context)
            .unwrap_or_else(|| "cancelled by a Cline hook".into());
        run.effects.push(json!({
            "effect": "stop", "hook": run.outcome.id, "reason": reason,
        }));
        run.block = Some(reason);
        return run;
    }
    let mut run = HookRun::new(index, outcome(OutcomeKind::Allowed));
    if let Some(c) = context.or(error) {
        let cut: String = c.chars().take(lim::CONTEXT_CAP_CHARS).collect();
        run.context.push(cut);
    }
    if kind == Kind::PreToolUse && m.contains_key("overrideInput") {
        run.updated_input = m.get("overrideInput").cloned();
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_hook_control_line_wins_over_other_stdout() {
        let out = "noise\nHOOK_CONTROL\t{\"cancel\":false}\nHOOK_CONTROL\t{\"context\":\"b\"}\n";
        assert_eq!(control(out).unwrap()["context"], "b");
        assert_eq!(control("  {\"cancel\": true}\n").unwrap()["cancel"], true);
        assert!(control("plain text").is_none());
        assert!(control("").is_none());
        assert!(control("[1]").is_none());
    }

    #[test]
    fn another_agent_s_shell_input_is_cline_s_and_back() {
        let claude = json!({"command": "ls", "description": "list"});
        let cline = as_commands(&claude);
        assert_eq!(cline, json!({"commands": ["ls"], "description": "list"}));
        assert_eq!(as_command(&cline), claude);
        assert_eq!(
            as_command(&json!({"commands": ["a", "b"]})),
            json!({"command": "a\nb"})
        );
        let native = json!({"commands": ["ls"]});
        assert_eq!(as_commands(&native), native);
    }

    #[test]
    fn hook_names_are_the_sdk_names() {
        assert_eq!(hook_name("PreToolUse"), "tool_call");
        assert_eq!(hook_name("TaskComplete"), "agent_end");
    }
}
