//! Cline as a bridge host (`hooks bridge --host cline-dir --event <File name>`): its stdin
//! payload → [`HostEvent`], a [`Decision`] → its stdout answer. Every rule is Cline CLI 3.0.65's
//! (`@cline/core` 0.0.86, `hook-file-hooks.ts`), as `conformance/notes/cline.md` records it and
//! the traces `conformance/traces/cline-3.0.65/` show it.
//!
//! **Payload** (`createPayloadBase`, notes "Payload"; trace `cline_all_events`): `taskId`,
//! `workspaceRoots`, `workspaceInfo {rootPath}`, `hookName` (the SDK name) and the event's own
//! objects: `tool_call {id, name, input}` beside `preToolUse {toolName, parameters}` (every
//! parameter a string, so the input is taken from `tool_call.input`, as the model sent it; the
//! shell tool's `{"commands": […]}` is given to the sources as `{"command": …}`, the shape of
//! every other agent's shell tool, which Cline's own schema accepts back as an `overrideInput`);
//! `tool_result {id, name, input, output, error?, durationMs}` beside `postToolUse {toolName,
//! parameters, result, success}`; `turn {outputText}` on TaskComplete; `userPromptSubmit
//! {prompt}`; `reason` on SessionShutdown. TaskStart carries no source.
//!
//! **Answer** (notes "Answer (stdout JSON) and exit codes"): stdout alone, one JSON object;
//! the exit code and stderr mean nothing (traces `cline_pre_exit2_stderr`,
//! `cline_pre_exit1_cancel_json`), so the bridge always exits 0 and says its notes on stderr.
//! - `contextModification` reaches the model after the tool result, on PreToolUse and
//!   PostToolUse (`cline_pre_context_modification`, `cline_post_context`);
//! - `overrideInput` replaces the tool's input (`cline_pre_override_input`);
//! - `cancel: true` is Cline's only refusal, and it **ends the whole run** (`cline_pre_cancel`,
//!   `cline_post_cancel`); its `errorMessage` is shown nowhere. So a source's PreToolUse block
//!   (the tool must not run) and a source's `continue: false` are a cancel; a source's
//!   PostToolUse block, feedback on a call that already ran, is context instead;
//! - every other event is detached: Cline never reads its answer (`cline_detached_task_start`,
//!   `cline_task_complete_output_ignored`; the contract's `Output::Ignored`), so the bridge
//!   prints nothing and says what was not applied.

use super::answer::{effects, non_empty};
use super::{HostAnswer, HostError, HostEvent};
use crate::decision::{Decision, Verdict};
use crate::Event;
use hook_ir::contract::limits::cline as lim;
use hook_ir::contract::{self, Output};
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};
use std::path::PathBuf;

const CL: Convention = Convention::ClineDir;

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The object at `field` of `m`: absent and `null` are `None`.
fn object<'a>(
    m: &'a Map<String, Value>,
    field: &'static str,
) -> Result<Option<&'a Map<String, Value>>, HostError> {
    match m.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(v) => Err(HostError::WrongType {
            field,
            expected: "an object",
            found: type_name(v),
        }),
    }
}

/// The string at `field` of `m` (`path` names it in a diagnostic): absent and `null` are `None`.
fn string(
    m: Option<&Map<String, Value>>,
    field: &str,
    path: &'static str,
) -> Result<Option<String>, HostError> {
    match m.and_then(|m| m.get(field)) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(v) => Err(HostError::WrongType {
            field: path,
            expected: "a string",
            found: type_name(v),
        }),
    }
}

/// Cline's shell input `{"commands": [a, b]}` as every other agent's shell tool takes it,
/// `{"command": "a\nb"}` (the commands one per line, which a shell runs in turn), so that a
/// source's guard reading `tool_input.command` sees what will run; other keys stay. Any other
/// input (another tool's, a list with a non-string) is left as Cline sent it.
fn shell_input(input: Value) -> Value {
    let Value::Object(mut o) = input else {
        return input;
    };
    let commands: Option<Vec<&str>> = o
        .get(lim::SHELL_COMMANDS_FIELD)
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(Value::as_str).collect());
    if let (Some(commands), false) = (commands, o.contains_key("command")) {
        let joined = commands.join("\n");
        o.remove(lim::SHELL_COMMANDS_FIELD);
        o.insert("command".into(), joined.into());
    }
    Value::Object(o)
}

/// The input of Cline's tool `tool` as the bridge gives it to the source hooks: the shell tool's
/// in the other agents' shape (`{"command": …}`), any other as Cline sent it.
pub fn tool_input(tool: &str, input: Value) -> Value {
    if tool == lim::SHELL_TOOL {
        shell_input(input)
    } else {
        input
    }
}

/// Reads Cline's payload `m` for its hook file `event_name` (of canonical `kind`).
pub(super) fn read(
    kind: Kind,
    event_name: &str,
    m: &Map<String, Value>,
) -> Result<HostEvent, HostError> {
    let _ = event_name;
    let call = object(m, "tool_call")?;
    let result = object(m, "tool_result")?;
    let pre = object(m, "preToolUse")?;
    let post = object(m, "postToolUse")?;
    // The input as the model sent it (`tool_call.input`, `tool_result.input`); the
    // `parameters` beside it hold every value as a string (`mapParams`).
    let input = |o: Option<&Map<String, Value>>, params: Option<&Map<String, Value>>| match o
        .and_then(|o| o.get("input"))
    {
        Some(v @ Value::Object(_)) => v.clone(),
        _ => params
            .and_then(|p| p.get("parameters"))
            .filter(|p| p.is_object())
            .cloned()
            .unwrap_or_else(|| Value::Object(Map::new())),
    };
    let event = match kind {
        Kind::PreToolUse => {
            let name = string(pre, "toolName", "preToolUse.toolName")?
                .or(string(call, "name", "tool_call.name")?)
                .unwrap_or_default();
            let input = tool_input(&name, input(call, pre));
            let mut e = Event::pre_tool_use(name, input);
            e.tool_call_id = string(call, "id", "tool_call.id")?;
            e
        }
        Kind::PostToolUse => {
            let name = string(post, "toolName", "postToolUse.toolName")?
                .or(string(result, "name", "tool_result.name")?)
                .unwrap_or_default();
            // `postToolUse.result` is the output as text (JSON-encoded when not a string).
            let output = result.and_then(|r| r.get("output")).cloned();
            let text = match string(post, "result", "postToolUse.result")? {
                Some(t) => t,
                None => match &output {
                    Some(Value::String(s)) => s.clone(),
                    Some(v) => v.to_string(),
                    None => String::new(),
                },
            };
            let input = tool_input(&name, input(result, post));
            let mut e = Event::post_tool_use(name, input, text);
            e.tool_response = output.filter(|o| !o.is_null());
            e.tool_call_id = string(result, "id", "tool_result.id")?;
            e.error = string(result, "error", "tool_result.error")?;
            e.duration_ms = result
                .and_then(|r| r.get("durationMs"))
                .and_then(Value::as_u64);
            if post.and_then(|p| p.get("success")).and_then(Value::as_bool) == Some(false) {
                e.status = Some("error".into());
            }
            e
        }
        Kind::UserPromptSubmit => Event::user_prompt_submit(
            string(
                object(m, "userPromptSubmit")?,
                "prompt",
                "userPromptSubmit.prompt",
            )?
            .unwrap_or_default(),
        ),
        Kind::Stop => {
            let mut e = Event::stop();
            e.last_assistant_text = string(object(m, "turn")?, "outputText", "turn.outputText")?;
            e
        }
        // TaskStart names no source: the profile's default word (`startup`).
        Kind::SessionStart => Event::session_start(
            hook_ir::conventions::profile(CL)
                .session_defaults
                .start_source,
        ),
        Kind::SessionShutdown => {
            Event::session_shutdown(string(Some(m), "reason", "reason")?.unwrap_or_else(|| {
                hook_ir::conventions::profile(CL)
                    .session_defaults
                    .end_reason
                    .to_string()
            }))
        }
    };
    let task = string(Some(m), "taskId", "taskId")?;
    // The workspace: the first of `workspaceRoots`, else `workspaceInfo.rootPath`.
    let root = match m.get("workspaceRoots") {
        None | Some(Value::Null) => None,
        Some(Value::Array(a)) => a.first().and_then(Value::as_str).map(str::to_string),
        Some(v) => {
            return Err(HostError::WrongType {
                field: "workspaceRoots",
                expected: "an array",
                found: type_name(v),
            })
        }
    };
    let root = match root {
        Some(r) => Some(r),
        None => string(
            object(m, "workspaceInfo")?,
            "rootPath",
            "workspaceInfo.rootPath",
        )?,
    };
    Ok(HostEvent {
        event,
        session_id: task,
        cwd: root.filter(|r| !r.is_empty()).map(PathBuf::from),
        transcript_path: None,
        client_type: None,
        session_title: None,
    })
}

/// Renders `d` for Cline's hook file `event_name`; `replaced` is a source's replacement of the
/// tool's output, as text.
pub(super) fn answer(
    _host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut notes = Vec::new();
    let mut out = Map::new();
    let reason = match &d.verdict {
        Verdict::Block { reason } => Some(non_empty(reason, event_name)),
        Verdict::Allow => None,
    };
    let ignored = contract::find(CL, event_name)
        .and_then(|r| r.rules())
        .is_none_or(|r| r.output == Output::Ignored);
    let stop = effects(d, "stop").next().map(|s| {
        s.get("reason")
            .and_then(Value::as_str)
            .filter(|r| !r.is_empty())
            .unwrap_or("a hook asked the agent to stop")
            .to_string()
    });
    for m in effects(d, "system_message").filter_map(|e| e.get("message").and_then(Value::as_str)) {
        notes.push(format!(
            "message for the user (Cline shows none from a hook): {m}"
        ));
    }
    if ignored {
        // Detached: Cline spawned this file with its output ignored and does not wait for it.
        let mut what: Vec<String> = Vec::new();
        if let Some(c) = d.continuation.as_deref().or(reason.as_deref()) {
            what.push(format!("a block ({c})"));
        }
        if !d.context.is_empty() {
            what.push(format!("context ({})", d.context.join("\n")));
        }
        if let Some(s) = &stop {
            what.push(format!("a stop ({s})"));
        }
        if !what.is_empty() {
            notes.push(format!(
                "not applied: Cline does not read the answer of `{event_name}` (it runs it detached): {}",
                what.join("; ")
            ));
        }
        return HostAnswer::object(Map::new(), notes);
    }
    let mut context: Vec<String> = Vec::new();
    if let Some(text) = replaced {
        notes.push(
            "a hook replaced the tool output; Cline takes no replacement from a hook: it is added as context"
                .into(),
        );
        context.push(text);
    }
    let mut cancel: Option<String> = None;
    match d.kind {
        Kind::PreToolUse => {
            if let Some(r) = &reason {
                notes.push(format!(
                    "Cline cannot refuse one tool call: the block cancels the whole run (its reason is shown nowhere): {r}"
                ));
                cancel = Some(r.clone());
            } else if let Some(input) = &d.updated_input {
                out.insert("overrideInput".into(), input.clone());
            } else if let Some(p) = effects(d, "permission").next() {
                notes.push(format!(
                    "a hook answered permissionDecision `{}`; Cline has no such answer, its own approval applies",
                    p["decision"].as_str().unwrap_or_default()
                ));
            }
        }
        // The call already ran: a block is feedback, which the model reads as context (a
        // cancel would end the run).
        _ => {
            if let Some(r) = &reason {
                context.insert(0, r.clone());
            }
        }
    }
    if let Some(s) = stop {
        cancel.get_or_insert(s);
    }
    context.extend(d.context.iter().cloned());
    let text = context.join("\n\n");
    if let Some(r) = cancel {
        out.insert("cancel".into(), true.into());
        out.insert("errorMessage".into(), r.into());
    } else if !text.trim().is_empty() {
        out.insert("contextModification".into(), text.into());
    }
    HostAnswer::object(out, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Cline CLI 3.0.65's PreToolUse payload (trace `cline_all_events`, placeholders filled).
    fn pre(command: &str) -> Value {
        json!({"clineVersion": "", "timestamp": "2026-12-04T10:00:00.000Z", "taskId": "conv_1",
            "sessionContext": {"rootSessionId": "conv_1"}, "workspaceRoots": ["/w/project"],
            "workspaceInfo": {"rootPath": "/w/project", "hint": "project"}, "userId": "unknown",
            "agent_id": "conv_1", "parent_agent_id": null, "hookName": "tool_call", "iteration": 1,
            "tool_call": {"id": "call_01", "name": "run_commands", "input": {"commands": [command]}},
            "preToolUse": {"toolName": "run_commands",
                "parameters": {"commands": json!([command]).to_string()}}})
    }

    fn read_json(event: &str, v: &Value) -> HostEvent {
        super::super::read_event(CL, event, &v.to_string()).unwrap()
    }

    #[test]
    fn cline_payloads_read_as_events() {
        let h = read_json("PreToolUse", &pre("ls"));
        assert_eq!(h.event.kind, Some(Kind::PreToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("run_commands"));
        // Cline's `{"commands": […]}` as the other agents' shell input, one command a line.
        assert_eq!(h.event.tool_input, Some(json!({"command": "ls"})));
        let mut two = pre("ls");
        two["tool_call"]["input"] = json!({"commands": ["cd x", "make"]});
        let h = read_json("PreToolUse", &two);
        assert_eq!(h.event.tool_input, Some(json!({"command": "cd x\nmake"})));
        // Another tool's input stays as Cline sent it.
        let mut read = pre("ls");
        read["tool_call"] =
            json!({"id": "call_01", "name": "read_files", "input": {"files": [{"path": "a"}]}});
        read["preToolUse"]["toolName"] = "read_files".into();
        let h = read_json("PreToolUse", &read);
        assert_eq!(h.event.tool_input, Some(json!({"files": [{"path": "a"}]})));
        assert_eq!(h.event.tool_call_id.as_deref(), Some("call_01"));
        assert_eq!(h.session_id.as_deref(), Some("conv_1"));
        assert_eq!(h.cwd, Some(PathBuf::from("/w/project")));
        // trace cline_failing_tool_post: `success: false`, the output as text in `result`.
        let p = json!({"taskId": "conv_1", "workspaceRoots": ["/w"], "hookName": "tool_result",
            "tool_result": {"id": "call_01", "name": "run_commands", "input": {"commands": ["false"]},
                "output": [{"query": "false", "result": "", "success": false}], "durationMs": 4},
            "postToolUse": {"toolName": "run_commands", "parameters": {"commands": "[\"false\"]"},
                "result": "[{\"query\":\"false\",\"result\":\"\",\"success\":false}]",
                "success": false, "executionTimeMs": 4}});
        let h = read_json("PostToolUse", &p);
        assert_eq!(h.event.kind, Some(Kind::PostToolUse));
        assert!(h.event.tool_failed());
        assert_eq!(h.event.duration_ms, Some(4));
        assert!(h.event.tool_output.as_deref().unwrap().contains("false"));
        let p = json!({"taskId": "t", "hookName": "agent_end", "iteration": 2,
            "turn": {"outputText": "all done", "status": "completed"}, "taskComplete": {"taskMetadata": {}}});
        let h = read_json("TaskComplete", &p);
        assert_eq!(h.event.kind, Some(Kind::Stop));
        assert_eq!(h.event.last_assistant_text.as_deref(), Some("all done"));
        let h = read_json(
            "TaskStart",
            &json!({"taskId": "t", "taskStart": {"taskMetadata": {}}}),
        );
        assert_eq!(h.event.source.as_deref(), Some("startup"));
        let h = read_json(
            "UserPromptSubmit",
            &json!({"userPromptSubmit": {"prompt": "hi", "attachments": []}}),
        );
        assert_eq!(h.event.prompt.as_deref(), Some("hi"));
        let e = super::super::read_event(CL, "PreToolUse", r#"{"tool_call": "ls"}"#).unwrap_err();
        assert!(e.to_string().contains("`tool_call` is a string"), "{e}");
        // Outside the six kinds, or never run: nothing to bridge on it.
        assert!(super::super::read_event(CL, "TaskCancel", "{}").is_err());
        assert!(super::super::read_event(CL, "PreCompact", "{}").is_err());
    }

    fn block(kind: Kind, r: &str) -> Decision {
        let mut d = Decision::allow(kind);
        d.verdict = Verdict::Block { reason: r.into() };
        d
    }

    fn answer_json(event: &str, d: &Decision) -> (HostAnswer, Value) {
        let a = super::super::answer(CL, event, d);
        let v = if a.stdout.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&a.stdout).unwrap()
        };
        (a, v)
    }

    #[test]
    fn a_tool_block_is_a_cancel_and_context_is_a_context_modification() {
        let (a, v) = answer_json("PreToolUse", &block(Kind::PreToolUse, "no rm -rf"));
        assert_eq!(a.exit_code, 0);
        assert_eq!(v, json!({"cancel": true, "errorMessage": "no rm -rf"}));
        assert!(
            a.notes.iter().any(|n| n.contains("whole run")),
            "{:?}",
            a.notes
        );
        let mut d = Decision::allow(Kind::PreToolUse);
        d.context.push("careful".into());
        assert_eq!(
            answer_json("PreToolUse", &d).1,
            json!({"contextModification": "careful"})
        );
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"commands": ["ls -a"]}));
        assert_eq!(
            answer_json("PreToolUse", &d).1,
            json!({"overrideInput": {"commands": ["ls -a"]}})
        );
        // After the call ran, a block is feedback: context, not a cancel.
        let (_, v) = answer_json("PostToolUse", &block(Kind::PostToolUse, "lint: 2 warnings"));
        assert_eq!(v, json!({"contextModification": "lint: 2 warnings"}));
        // continue: false ends the run: Cline's cancel.
        let mut d = Decision::allow(Kind::PostToolUse);
        d.effects
            .push(json!({"effect": "stop", "hook": "h", "reason": "done"}));
        assert_eq!(
            answer_json("PostToolUse", &d).1,
            json!({"cancel": true, "errorMessage": "done"})
        );
        let (a, v) = answer_json("PreToolUse", &Decision::allow(Kind::PreToolUse));
        assert_eq!((a.exit_code, v), (0, Value::Null));
    }

    #[test]
    fn detached_events_print_nothing_and_say_what_was_not_applied() {
        let mut s = block(Kind::Stop, "tests fail");
        s.continuation = Some("run the tests".into());
        let (a, v) = answer_json("TaskComplete", &s);
        assert_eq!((a.exit_code, v), (0, Value::Null));
        assert!(
            a.notes.iter().any(|n| n.contains("run the tests")),
            "{:?}",
            a.notes
        );
        let mut d = Decision::allow(Kind::SessionStart);
        d.context.push("hello".into());
        let (a, v) = answer_json("TaskStart", &d);
        assert_eq!(v, Value::Null);
        assert_eq!(a.notes.len(), 1, "{:?}", a.notes);
    }
}
