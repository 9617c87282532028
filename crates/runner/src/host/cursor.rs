//! Cursor as a bridge host: its stdin payload → [`HostEvent`], the runner's [`Decision`] →
//! its answer. Cursor cannot run here (no registry build; it needs an account), so every rule
//! cites Cursor's published hooks docs — `cursor.com/docs/agent/hooks` (the 1.7–2.0 page) and
//! `cursor.com/docs/reference/hooks` ([`hook_ir::conventions::CURSOR_DOCS`]); each point no
//! running Cursor confirmed is listed in `docs/conventions/cursor-hooks.md` ("Not verified").
//!
//! **Payload** (reference, "Common input fields" and each event's input): every event sends
//! `conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots` (and optionally
//! `model`, `cursor_version`, `user_email`); `preToolUse` `tool_name` (Cursor's tool type:
//! `Shell`, `Read`, `Write`, …), `tool_input`, `tool_use_id`, `cwd`; `postToolUse` also
//! `tool_output`, a JSON *string*, and `duration`; `beforeShellExecution` `command`, `cwd`,
//! `sandbox` — read as a `preToolUse` of the `Shell` tool with `{"command": …}`, the input a
//! Claude `Bash` guard reads; `beforeSubmitPrompt` `prompt`, `attachments`; `stop` `status`
//! (`completed`, `aborted`, `error`) and `loop_count` (how many follow-ups this conversation
//! already had: a stop with `loop_count > 0` is one a hook already continued); `sessionStart`
//! no source (each source agent's own default word is used); `sessionEnd` `reason`.
//!
//! **Answer** (reference, each event's output; the agent page's examples), always exit 0 and
//! flat snake_case JSON on stdout:
//! - `preToolUse` / `beforeShellExecution`: `permission` `deny` + `user_message` (shown to the
//!   user) + `agent_message` (sent to the agent) blocks; `updated_input` replaces the input on
//!   `preToolUse` only (`beforeShellExecution` has no such field, so a replaced command blocks
//!   the call rather than run the one the hook rejected); a hook's `ask`/`allow` is passed as
//!   `permission` (the reference says `ask` is not enforced on `preToolUse`: said as a note).
//!   No context can be added before a tool: a note.
//! - `postToolUse`: `additional_context` (a source's block after the tool ran is feedback: it
//!   goes there too); a replaced tool output can only be `updated_mcp_tool_output` for MCP
//!   tools, which the answer cannot tell, so it is given to the model as context.
//! - `beforeSubmitPrompt`: `continue: false` + `user_message` stops the prompt; it takes no
//!   context ("no context can be added"): a note.
//! - `stop`: a non-empty `followup_message` is submitted as the next user message, at most the
//!   entry's `loop_limit` times (Cursor counts; 5 when unwritten).
//! - `sessionStart`: `additional_context`. `sessionEnd`: fire-and-forget, nothing.

use super::answer::{effects, non_empty, HostAnswer};
use super::input::{object_field, type_name, Fields, HostError, HostEvent};
use crate::decision::{Decision, Verdict};
use crate::Event;
use hook_ir::{Convention, Kind};
use serde_json::{json, Map, Value};
use std::path::PathBuf;

/// Cursor's shell event: not a contract row of the six kinds (its matcher is tested on the
/// command text, and its payload is Cursor's own), but a bridge reads it as a `preToolUse` of
/// the `Shell` tool: Cursor's tool gate before 2.x had only this event for commands.
pub const SHELL_EVENT: &str = "beforeShellExecution";

/// Cursor's tool type for a shell command (cursor.com/docs/reference/hooks, "Matcher rules per
/// hook").
const SHELL_TOOL: &str = "Shell";

/// The kind a bridge reads Cursor's `event` as, beyond its contract rows: only
/// [`SHELL_EVENT`].
pub fn bridge_only_kind(event: &str) -> Option<Kind> {
    (event == SHELL_EVENT).then_some(Kind::PreToolUse)
}

/// Reads Cursor's payload `m` for `event_name` (of `kind`); see the module docs.
pub(super) fn read(
    kind: Kind,
    event_name: &str,
    m: &Map<String, Value>,
) -> Result<HostEvent, HostError> {
    let f = Fields(m);
    let mut event = match kind {
        Kind::PreToolUse if event_name == SHELL_EVENT => Event::pre_tool_use(
            SHELL_TOOL,
            json!({ "command": f.str("command")?.unwrap_or_default() }),
        ),
        Kind::PreToolUse => {
            Event::pre_tool_use(f.str("tool_name")?.unwrap_or_default(), tool_input(m)?)
        }
        Kind::PostToolUse => {
            let output = output_text(m.get("tool_output"))?;
            let mut e = Event::post_tool_use(
                f.str("tool_name")?.unwrap_or_default(),
                tool_input(m)?,
                output,
            );
            e.duration_ms = m.get("duration").and_then(Value::as_u64);
            e
        }
        Kind::UserPromptSubmit => Event::user_prompt_submit(f.str("prompt")?.unwrap_or_default()),
        Kind::Stop => {
            let mut e = Event::stop();
            e.stop_hook_active = match m.get("loop_count") {
                None | Some(Value::Null) => false,
                Some(Value::Number(n)) => n.as_u64().is_some_and(|n| n > 0),
                Some(v) => {
                    return Err(HostError::WrongType {
                        field: "loop_count",
                        expected: "a number",
                        found: type_name(v),
                    })
                }
            };
            if f.str("status")?.as_deref() == Some("error") {
                e.error = Some("the agent loop ended with an error (status `error`)".into());
            }
            e
        }
        Kind::SessionStart => {
            // No source in Cursor's payload: each source agent's own word applies.
            let mut e = Event::session_start("");
            e.source = None;
            e
        }
        Kind::SessionShutdown => {
            let mut e = Event::session_shutdown("");
            e.reason = f.str("reason")?;
            e
        }
    };
    if kind.is_tool_kind() {
        event.tool_call_id = f.str("tool_use_id")?;
    }
    event.model = f.str("model")?;
    event.turn_id = f.str("generation_id")?.filter(|g| !g.is_empty());
    let cwd = match f.str("cwd")?.filter(|c| !c.is_empty()) {
        Some(c) => Some(PathBuf::from(c)),
        None => first_root(m)?,
    };
    Ok(HostEvent {
        event,
        session_id: f.str("conversation_id")?.filter(|s| !s.is_empty()),
        cwd,
        transcript_path: None,
        client_type: None,
        session_title: None,
    })
}

/// `tool_input`: an object, or (as `beforeMCPExecution` sends it) a JSON string of one.
fn tool_input(m: &Map<String, Value>) -> Result<Value, HostError> {
    match m.get("tool_input") {
        Some(Value::String(s)) => match serde_json::from_str::<Value>(s) {
            Ok(v @ Value::Object(_)) => Ok(v),
            _ => Err(HostError::WrongType {
                field: "tool_input",
                expected: "an object or a JSON string of one",
                found: "a string",
            }),
        },
        _ => object_field(m, "tool_input"),
    }
}

/// `tool_output`, a JSON string (reference): its `output` text when it is an object with one,
/// else the string itself.
fn output_text(v: Option<&Value>) -> Result<String, HostError> {
    match v {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(o)) => match o.get("output") {
                Some(Value::String(out)) => out.clone(),
                _ => s.clone(),
            },
            _ => s.clone(),
        }),
        Some(v @ Value::Object(_)) => Ok(v
            .get("output")
            .and_then(Value::as_str)
            .map_or_else(|| v.to_string(), str::to_string)),
        Some(v) => Err(HostError::WrongType {
            field: "tool_output",
            expected: "a string",
            found: type_name(v),
        }),
    }
}

/// The first of `workspace_roots`: the project when the event carries no `cwd`.
fn first_root(m: &Map<String, Value>) -> Result<Option<PathBuf>, HostError> {
    match m.get("workspace_roots") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(roots)) => Ok(roots
            .iter()
            .filter_map(Value::as_str)
            .find(|r| !r.is_empty())
            .map(PathBuf::from)),
        Some(v) => Err(HostError::WrongType {
            field: "workspace_roots",
            expected: "an array",
            found: type_name(v),
        }),
    }
}

/// Renders `d` for Cursor's `event_name`; `replaced` is a hook's replacement of the tool's
/// output as text. See the module docs.
pub(super) fn answer(
    _host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut out = Map::new();
    let mut notes = Vec::new();
    let mut context: Vec<String> = d.context.clone();
    let reason = match &d.verdict {
        Verdict::Block { reason } => Some(non_empty(reason, event_name)),
        Verdict::Allow => None,
    };
    let shell = event_name == SHELL_EVENT;
    let deny = |out: &mut Map<String, Value>, r: &str| {
        out.insert("permission".into(), "deny".into());
        out.insert("user_message".into(), r.into());
        out.insert("agent_message".into(), r.into());
    };
    match d.kind {
        Kind::PreToolUse => {
            if let Some(r) = &reason {
                deny(&mut out, r);
            } else if let Some(input) = &d.updated_input {
                if shell {
                    deny(
                        &mut out,
                        "hooks bridge: a hook replaced the command, which Cursor's beforeShellExecution cannot apply; the command is blocked rather than run as the hook rejected it",
                    );
                } else {
                    out.insert("permission".into(), "allow".into());
                    out.insert("updated_input".into(), input.clone());
                }
            } else if let Some(p) = effects(d, "permission").next() {
                match p["decision"].as_str().unwrap_or_default() {
                    decision @ ("ask" | "allow") => {
                        out.insert("permission".into(), decision.into());
                        if let Some(r) = p.get("reason").and_then(Value::as_str) {
                            out.insert("user_message".into(), r.into());
                        }
                        if decision == "ask" && !shell {
                            notes.push(format!(
                                "a hook answered permission `ask`; Cursor's reference says `ask` is not enforced on `{event_name}`"
                            ));
                        }
                    }
                    other => notes.push(format!(
                        "a hook answered permission `{other}`; Cursor has no such answer, its own approval applies"
                    )),
                }
            }
        }
        Kind::PostToolUse => {
            if let Some(r) = &reason {
                context.insert(0, r.clone());
            }
            if let Some(text) = replaced {
                notes.push(
                    "a hook replaced the tool output; Cursor takes a replacement only for MCP tools (`updated_mcp_tool_output`): it is added as context".into(),
                );
                context.insert(0, text);
            }
        }
        Kind::UserPromptSubmit => {
            if let Some(r) = &reason {
                out.insert("continue".into(), false.into());
                out.insert("user_message".into(), r.clone().into());
            }
        }
        Kind::Stop => {
            if let Some(c) = d.continuation.as_deref().or(reason.as_deref()) {
                out.insert("followup_message".into(), non_empty(c, event_name).into());
            }
        }
        Kind::SessionStart | Kind::SessionShutdown => {}
    }
    let text = context.join("\n\n");
    if !text.trim().is_empty() {
        if matches!(d.kind, Kind::PostToolUse | Kind::SessionStart) {
            out.insert("additional_context".into(), text.into());
        } else {
            notes.push(format!(
                "context not passed on: Cursor's `{event_name}` takes none: {text}"
            ));
        }
    }
    if let Some(stop) = effects(d, "stop").next() {
        if d.kind == Kind::UserPromptSubmit && !out.contains_key("continue") {
            out.insert("continue".into(), false.into());
            if let Some(r) = stop.get("reason").and_then(Value::as_str) {
                out.insert("user_message".into(), r.into());
            }
        } else if d.kind != Kind::UserPromptSubmit {
            notes.push(format!(
                "a hook asked the agent to stop (continue: false); Cursor's `{event_name}` has no such answer: {stop}"
            ));
        }
    }
    for m in effects(d, "system_message").filter_map(|e| e.get("message").and_then(Value::as_str)) {
        notes.push(format!(
            "message for the user (Cursor shows `user_message` only with a deny): {m}"
        ));
    }
    HostAnswer::object(out, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::{answer as host_answer, read_event};

    const CU: Convention = Convention::CursorHooks;

    fn block(kind: Kind, r: &str) -> Decision {
        let mut d = Decision::allow(kind);
        d.verdict = Verdict::Block { reason: r.into() };
        d
    }

    fn stdout_json(a: &HostAnswer) -> Value {
        serde_json::from_str(&a.stdout).unwrap()
    }

    #[test]
    fn payloads_as_the_reference_shows_them() {
        // cursor.com/docs/reference/hooks, common fields + beforeShellExecution.
        let p = json!({"hook_event_name": "beforeShellExecution", "conversation_id": "c1",
            "generation_id": "g1", "workspace_roots": ["/w"], "command": "rm -rf /",
            "cwd": "/w/sub", "sandbox": false});
        let h = read_event(CU, "beforeShellExecution", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::PreToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("Shell"));
        assert_eq!(h.event.tool_input, Some(json!({"command": "rm -rf /"})));
        assert_eq!(h.session_id.as_deref(), Some("c1"));
        assert_eq!(h.cwd, Some(PathBuf::from("/w/sub")));
        assert_eq!(h.event.turn_id.as_deref(), Some("g1"));
        let p = json!({"conversation_id": "c1", "workspace_roots": ["/w"], "tool_name": "Write",
            "tool_input": {"file_path": "a.txt"}, "tool_use_id": "t1"});
        let h = read_event(CU, "preToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_name.as_deref(), Some("Write"));
        assert_eq!(h.event.tool_call_id.as_deref(), Some("t1"));
        assert_eq!(h.cwd, Some(PathBuf::from("/w")), "workspace_roots[0]");
        let p = json!({"tool_name": "Shell", "tool_input": {"command": "ls"},
            "tool_output": "{\"output\":\"a\\nb\"}", "duration": 12});
        let h = read_event(CU, "postToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_output.as_deref(), Some("a\nb"));
        assert_eq!(h.event.duration_ms, Some(12));
        let p = json!({"status": "completed", "loop_count": 1});
        let h = read_event(CU, "stop", &p.to_string()).unwrap();
        assert!(h.event.stop_hook_active);
        let h = read_event(CU, "stop", r#"{"status": "completed", "loop_count": 0}"#).unwrap();
        assert!(!h.event.stop_hook_active);
        let h = read_event(CU, "beforeSubmitPrompt", r#"{"prompt": "hi"}"#).unwrap();
        assert_eq!(h.event.prompt.as_deref(), Some("hi"));
        let h = read_event(CU, "sessionStart", r#"{"session_id": "s"}"#).unwrap();
        assert_eq!(h.event.source, None);
        let e = read_event(CU, "stop", r#"{"loop_count": "1"}"#).unwrap_err();
        assert!(e.to_string().contains("`loop_count` is a string"), "{e}");
        assert!(read_event(CU, "afterFileEdit", "{}").is_err());
    }

    #[test]
    fn answers_in_cursor_s_fields() {
        let a = host_answer(CU, "preToolUse", &block(Kind::PreToolUse, "no rm -rf"));
        assert_eq!(
            (a.exit_code, stdout_json(&a)),
            (
                0,
                json!({"permission": "deny", "user_message": "no rm -rf", "agent_message": "no rm -rf"})
            )
        );
        let a = host_answer(CU, SHELL_EVENT, &block(Kind::PreToolUse, "no"));
        assert_eq!(stdout_json(&a)["permission"], "deny");
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"command": "ls"}));
        assert_eq!(
            stdout_json(&host_answer(CU, "preToolUse", &d)),
            json!({"permission": "allow", "updated_input": {"command": "ls"}})
        );
        // beforeShellExecution cannot apply it: blocked, not run as rejected.
        assert_eq!(
            stdout_json(&host_answer(CU, SHELL_EVENT, &d))["permission"],
            "deny"
        );
        let a = host_answer(
            CU,
            "beforeSubmitPrompt",
            &block(Kind::UserPromptSubmit, "secret"),
        );
        assert_eq!(
            stdout_json(&a),
            json!({"continue": false, "user_message": "secret"})
        );
        let mut s = block(Kind::Stop, "tests fail");
        s.continuation = Some("run the tests".into());
        assert_eq!(
            stdout_json(&host_answer(CU, "stop", &s)),
            json!({"followup_message": "run the tests"})
        );
        let mut d = Decision::allow(Kind::SessionStart);
        d.context.push("hello".into());
        assert_eq!(
            stdout_json(&host_answer(CU, "sessionStart", &d)),
            json!({"additional_context": "hello"})
        );
        let mut d = Decision::allow(Kind::UserPromptSubmit);
        d.context.push("rule".into());
        let a = host_answer(CU, "beforeSubmitPrompt", &d);
        assert_eq!(a.stdout, "");
        assert!(a.notes.iter().any(|n| n.contains("rule")), "{:?}", a.notes);
        let a = host_answer(CU, "postToolUse", &block(Kind::PostToolUse, "lint: 2"));
        assert_eq!(stdout_json(&a), json!({"additional_context": "lint: 2"}));
        let a = host_answer(CU, "preToolUse", &Decision::allow(Kind::PreToolUse));
        assert_eq!((a.exit_code, a.stdout.as_str()), (0, ""));
    }
}
