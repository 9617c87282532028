//! A host's stdin payload → the canonical [`Event`] plus the session facts it carries.
//!
//! Claude Code (conventions.md §5) and Codex (§4) send `session_id`, `transcript_path`, `cwd`,
//! `hook_event_name` and the event's fields (`tool_name`, `tool_input`, `tool_use_id`,
//! `tool_response`, `prompt`, `stop_hook_active`, `last_assistant_message`, `source`, `reason`;
//! Codex also `model` and `turn_id`). Jarvis/Kimi (§2) sends `hook_event_name`, `session_id`,
//! `cwd`, `client_type`, `session_title`, and snake_case fields: `tool_call_id`, `tool_output`,
//! `prompt` as an array of content parts, `is_steer`, `profile`. Gemini CLI (0.61.0,
//! `hookEventHandler.ts`) sends Claude's base fields plus `timestamp`, its own event names
//! (`BeforeTool`, `AfterTool`, `BeforeAgent`, `AfterAgent`), `tool_response` as
//! `{llmContent, returnDisplay}`, and on `AfterAgent` the `prompt` and the answer as
//! `prompt_response`. Qwen Code (0.24.4, `conformance/notes/qwen.md` "Payloads") sends Claude's
//! fields and event names plus `timestamp`, `prompt_id`, `tool_call_id` (the model's id, next
//! to its own `tool_use_id`) and Gemini's `{llmContent, returnDisplay}` `tool_response`.
//! GitHub Copilot CLI's two dialects are read in `copilot.rs`.

use crate::Event;
use hook_ir::contract::AnswerFormat;
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};
use std::path::PathBuf;

/// What the host told the bridge: the event and the session it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct HostEvent {
    /// The canonical event, with the host's tool name (not yet translated).
    pub event: Event,
    /// The host's session id.
    pub session_id: Option<String>,
    /// The session's working directory.
    pub cwd: Option<PathBuf>,
    /// Claude/Codex `transcript_path`.
    pub transcript_path: Option<PathBuf>,
    /// Jarvis `client_type`.
    pub client_type: Option<String>,
    /// Jarvis `session_title`.
    pub session_title: Option<String>,
}

/// Why a payload cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// Not JSON, or not an object.
    #[error("the host's payload is not a JSON object: {0}")]
    NotAnObject(String),
    /// A field has the wrong type.
    #[error("the host's payload field `{field}` is {found}, expected {expected}")]
    WrongType {
        /// The field.
        field: &'static str,
        /// What it should be.
        expected: &'static str,
        /// What it is.
        found: &'static str,
    },
    /// The event cannot be bridged (not a host, or an event without a kind).
    #[error("{0}")]
    Event(String),
}

pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A payload's fields, read with their types checked.
pub(super) struct Fields<'a>(pub(super) &'a Map<String, Value>);

impl Fields<'_> {
    /// A string field; absent and `null` are `None`.
    pub(super) fn str(&self, field: &'static str) -> Result<Option<String>, HostError> {
        match self.0.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(v) => Err(HostError::WrongType {
                field,
                expected: "a string",
                found: type_name(v),
            }),
        }
    }

    pub(super) fn bool(&self, field: &'static str) -> Result<bool, HostError> {
        match self.0.get(field) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(HostError::WrongType {
                field,
                expected: "a boolean",
                found: type_name(v),
            }),
        }
    }
}

/// Reads the payload `text` that `host` sent for its `event_name` (the event the bridge entry
/// is filed under; the payload's own `hook_event_name` is not trusted over it).
pub fn read_event(host: Convention, event_name: &str, text: &str) -> Result<HostEvent, HostError> {
    let kind = super::kind_of(host, event_name).map_err(HostError::Event)?;
    let value: Value =
        serde_json::from_str(text.trim()).map_err(|e| HostError::NotAnObject(e.to_string()))?;
    let Value::Object(m) = value else {
        return Err(HostError::NotAnObject(format!(
            "it is {}",
            type_name(&value)
        )));
    };
    let f = Fields(&m);
    let format = hook_ir::contract::runtime(host).map(|r| r.answer);
    if format == Some(AnswerFormat::CopilotJson) {
        return super::copilot::read(kind, event_name, &m);
    }
    if format == Some(AnswerFormat::ClineJson) {
        return super::cline::read(kind, event_name, &m);
    }
    if format == Some(AnswerFormat::CursorJson) {
        return super::cursor::read(kind, event_name, &m);
    }
    // Kimi's payload: `tool_output` and content-part prompts.
    let jarvis = format == Some(AnswerFormat::KimiJson);
    let mut event = match kind {
        Kind::PreToolUse => {
            Event::pre_tool_use(f.str("tool_name")?.unwrap_or_default(), tool_input(&m)?)
        }
        Kind::PostToolUse => {
            let input = tool_input(&m)?;
            let name = f.str("tool_name")?.unwrap_or_default();
            if jarvis {
                Event::post_tool_use(name, input, f.str("tool_output")?.unwrap_or_default())
            } else {
                let response = m.get("tool_response").cloned().unwrap_or(Value::Null);
                let mut e = Event::post_tool_use(name, input, output_text(&response));
                e.tool_response = (!response.is_null()).then_some(response);
                e
            }
        }
        Kind::UserPromptSubmit => {
            let mut e = Event::user_prompt_submit(prompt(&m, jarvis)?);
            e.is_steer = f.bool("is_steer")?;
            e
        }
        Kind::Stop => {
            let mut e = Event::stop();
            e.stop_hook_active = f.bool("stop_hook_active")?;
            if format == Some(AnswerFormat::GeminiJson) {
                e.last_assistant_text = f.str("prompt_response")?;
                e.prompt = f.str("prompt")?;
            } else {
                e.last_assistant_text = f.str("last_assistant_message")?;
            }
            e
        }
        Kind::SessionStart => Event::session_start(f.str("source")?.unwrap_or_default()),
        Kind::SessionShutdown => Event::session_shutdown(f.str("reason")?.unwrap_or_default()),
    };
    if kind.is_tool_kind() {
        event.tool_call_id = f.str(if jarvis {
            "tool_call_id"
        } else {
            "tool_use_id"
        })?;
    }
    event.model = f.str("model")?;
    event.turn_id = f.str("turn_id")?;
    if jarvis {
        event.profile = f.str("profile")?;
    }
    Ok(HostEvent {
        event,
        session_id: f.str("session_id")?,
        cwd: f.str("cwd")?.filter(|c| !c.is_empty()).map(PathBuf::from),
        transcript_path: f.str("transcript_path")?.map(PathBuf::from),
        client_type: f.str("client_type")?,
        session_title: f.str("session_title")?,
    })
}

fn tool_input(m: &Map<String, Value>) -> Result<Value, HostError> {
    object_field(m, "tool_input")
}

/// An object field; absent and `null` are an empty object.
pub(super) fn object_field(
    m: &Map<String, Value>,
    field: &'static str,
) -> Result<Value, HostError> {
    match m.get(field) {
        None | Some(Value::Null) => Ok(Value::Object(Map::new())),
        Some(v @ Value::Object(_)) => Ok(v.clone()),
        Some(v) => Err(HostError::WrongType {
            field,
            expected: "an object",
            found: type_name(v),
        }),
    }
}

/// The tool's output as text: Codex sends a string; Claude an object per tool (Bash:
/// `stdout`, `stderr`), rendered as its `stdout` (and `stderr`) when it has one; Gemini
/// `{llmContent, returnDisplay}`, rendered as what its model reads (`llmContent`); anything
/// else as JSON.
fn output_text(response: &Value) -> String {
    match response {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Object(o) if o.get("llmContent").is_some_and(Value::is_string) => {
            o["llmContent"].as_str().unwrap_or_default().to_string()
        }
        Value::Object(o) if o.get("stdout").is_some_and(Value::is_string) => {
            let out = o["stdout"].as_str().unwrap_or_default();
            match o.get("stderr").and_then(Value::as_str) {
                Some(err) if !err.is_empty() => format!("{out}\n{err}"),
                _ => out.to_string(),
            }
        }
        other => other.to_string(),
    }
}

/// The prompt text: a string for Claude and Codex; for Jarvis an array of content parts whose
/// text parts are joined with a space, as Kimi joins them to match a hook's matcher (§2).
fn prompt(m: &Map<String, Value>, jarvis: bool) -> Result<String, HostError> {
    match m.get("prompt") {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(parts)) if jarvis => Ok(parts
            .iter()
            .filter(|p| p.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join(" ")),
        Some(v) => Err(HostError::WrongType {
            field: "prompt",
            expected: if jarvis {
                "an array of content parts"
            } else {
                "a string"
            },
            found: type_name(v),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn claude_pre_tool_use_payload() {
        let p = json!({"session_id": "s", "transcript_path": "/t.jsonl", "cwd": "/w",
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": "ls"}, "tool_use_id": "toolu_1"});
        let h = read_event(Convention::ClaudeSettings, "PreToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::PreToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("Bash"));
        assert_eq!(h.event.tool_input, Some(json!({"command": "ls"})));
        assert_eq!(h.event.tool_call_id.as_deref(), Some("toolu_1"));
        assert_eq!(h.session_id.as_deref(), Some("s"));
        assert_eq!(h.cwd, Some(PathBuf::from("/w")));
        assert_eq!(h.transcript_path, Some(PathBuf::from("/t.jsonl")));
    }

    #[test]
    fn claude_post_tool_use_response_object_becomes_text() {
        let p = json!({"tool_name": "Bash", "tool_input": {"command": "ls"},
            "tool_response": {"stdout": "a\nb", "stderr": "", "interrupted": false}});
        let h = read_event(Convention::ClaudeSettings, "PostToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_output.as_deref(), Some("a\nb"));
        assert!(h.event.tool_response.is_some());
    }

    #[test]
    fn jarvis_prompt_parts_and_codex_turn_fields() {
        let p = json!({"hook_event_name": "UserPromptSubmit", "session_id": "k",
            "cwd": "/w", "client_type": "kimi_code_cli",
            "prompt": [{"type": "text", "text": "hello"}, {"type": "image"}, {"type": "text", "text": "world"}],
            "is_steer": true});
        let h = read_event(Convention::Jarvis, "UserPromptSubmit", &p.to_string()).unwrap();
        assert_eq!(h.event.prompt.as_deref(), Some("hello world"));
        assert!(h.event.is_steer);
        assert_eq!(h.client_type.as_deref(), Some("kimi_code_cli"));
        let p = json!({"hook_event_name": "Stop", "turn_id": "t1", "model": "gpt",
            "stop_hook_active": true, "last_assistant_message": "done"});
        let h = read_event(Convention::CodexJson, "Stop", &p.to_string()).unwrap();
        assert!(h.event.stop_hook_active);
        assert_eq!(h.event.turn_id.as_deref(), Some("t1"));
        assert_eq!(h.event.last_assistant_text.as_deref(), Some("done"));
    }

    #[test]
    fn gemini_payloads_under_its_own_event_names() {
        // As Gemini CLI 0.61.0 sent them (conformance/traces/gemini-0.61.0/six_kinds.json).
        let p = json!({"session_id": "g", "transcript_path": "/t.jsonl", "cwd": "/w",
            "hook_event_name": "BeforeTool", "timestamp": "2026-12-01T08:47:50.000Z",
            "tool_name": "run_shell_command", "tool_input": {"command": "ls"}});
        let h = read_event(Convention::GeminiSettings, "BeforeTool", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::PreToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("run_shell_command"));
        let p = json!({"hook_event_name": "AfterTool", "tool_name": "run_shell_command",
            "tool_input": {"command": "ls"},
            "tool_response": {"llmContent": "Output: a", "returnDisplay": "a"}});
        let h = read_event(Convention::GeminiSettings, "AfterTool", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_output.as_deref(), Some("Output: a"));
        let p = json!({"hook_event_name": "AfterAgent", "prompt": "hi",
            "prompt_response": "done", "stop_hook_active": true});
        let h = read_event(Convention::GeminiSettings, "AfterAgent", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::Stop));
        assert!(h.event.stop_hook_active);
        assert_eq!(h.event.last_assistant_text.as_deref(), Some("done"));
        assert_eq!(h.event.prompt.as_deref(), Some("hi"));
        let p = json!({"hook_event_name": "BeforeAgent", "prompt": "hello"});
        let h = read_event(Convention::GeminiSettings, "BeforeAgent", &p.to_string()).unwrap();
        assert_eq!(h.event.prompt.as_deref(), Some("hello"));
    }

    #[test]
    fn qwen_payloads_under_claude_s_event_names() {
        // As Qwen Code 0.24.4 sent them (conformance/traces/qwen-0.24.4/qwen_six_kinds.json).
        let p = json!({"session_id": "q", "transcript_path": "/t.jsonl", "cwd": "/w",
            "hook_event_name": "PostToolUse", "timestamp": "2026-12-04T10:00:00.000Z",
            "permission_mode": "yolo", "prompt_id": "q########0",
            "tool_name": "run_shell_command", "tool_input": {"command": "ls"},
            "tool_response": {"llmContent": "Command: ls\nOutput: a", "returnDisplay": "a"},
            "tool_use_id": "toolu_1", "tool_call_id": "call_01", "duration_ms": 5});
        let h = read_event(Convention::QwenSettings, "PostToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::PostToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("run_shell_command"));
        assert_eq!(
            h.event.tool_output.as_deref(),
            Some("Command: ls\nOutput: a")
        );
        assert_eq!(h.session_id.as_deref(), Some("q"));
        let p = json!({"hook_event_name": "Stop", "stop_hook_active": true,
            "last_assistant_message": "all done", "background_tasks": [], "crons": []});
        let h = read_event(Convention::QwenSettings, "Stop", &p.to_string()).unwrap();
        assert!(h.event.stop_hook_active);
        assert_eq!(h.event.last_assistant_text.as_deref(), Some("all done"));
        // Outside the six kinds: nothing to bridge on it.
        assert!(read_event(Convention::QwenSettings, "PostToolUseFailure", "{}").is_err());
    }

    #[test]
    fn copilot_payloads_in_both_dialects() {
        // As Copilot CLI 1.0.102 sent them (conformance/traces/copilot-1.0.102/copilot_six_kinds.json,
        // copilot_pascal_dialect.json).
        let p = json!({"sessionId": "c", "timestamp": 1764838070000u64, "cwd": "/w",
            "toolName": "bash", "toolArgs": {"command": "ls", "description": "list"}});
        let h = read_event(Convention::CopilotHooks, "preToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::PreToolUse));
        assert_eq!(h.event.tool_name.as_deref(), Some("bash"));
        assert_eq!(
            h.event.tool_input,
            Some(json!({"command": "ls", "description": "list"}))
        );
        assert_eq!(h.session_id.as_deref(), Some("c"));
        assert_eq!(h.cwd, Some(PathBuf::from("/w")));
        let p = json!({"sessionId": "c", "cwd": "/w", "toolName": "bash", "toolArgs": {"command": "ls"},
            "toolResult": {"resultType": "success", "textResultForLlm": "a\nb"}});
        let h = read_event(Convention::CopilotHooks, "postToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_output.as_deref(), Some("a\nb"));
        assert!(!h.event.tool_failed());
        let p = json!({"sessionId": "c", "cwd": "/w", "transcriptPath": "/t.jsonl",
            "stopReason": "end_turn", "stop_hook_active": true});
        let h = read_event(Convention::CopilotHooks, "agentStop", &p.to_string()).unwrap();
        assert_eq!(h.event.kind, Some(Kind::Stop));
        assert!(h.event.stop_hook_active);
        assert_eq!(h.transcript_path, Some(PathBuf::from("/t.jsonl")));
        let p = json!({"sessionId": "c", "cwd": "/w", "source": "new", "initialPrompt": "hi"});
        let h = read_event(Convention::CopilotHooks, "sessionStart", &p.to_string()).unwrap();
        assert_eq!(h.event.source.as_deref(), Some("new"));
        assert_eq!(h.event.prompt.as_deref(), Some("hi"));
        let p = json!({"sessionId": "c", "cwd": "/w", "prompt": "hello"});
        let h = read_event(
            Convention::CopilotHooks,
            "userPromptSubmitted",
            &p.to_string(),
        )
        .unwrap();
        assert_eq!(h.event.prompt.as_deref(), Some("hello"));
        // The PascalCase dialect: Claude's fields and tool names, read as Copilot's tool.
        let p = json!({"hook_event_name": "PreToolUse", "session_id": "c", "cwd": "/w",
            "tool_name": "Read", "tool_input": {"path": "/w/README.md"}});
        let h = read_event(Convention::CopilotHooks, "PreToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_name.as_deref(), Some("view"));
        assert_eq!(h.session_id.as_deref(), Some("c"));
        let p = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {},
            "tool_result": {"result_type": "failure", "text_result_for_llm": "boom"}});
        let h = read_event(Convention::CopilotHooks, "PostToolUse", &p.to_string()).unwrap();
        assert_eq!(h.event.tool_name.as_deref(), Some("bash"));
        assert_eq!(h.event.tool_output.as_deref(), Some("boom"));
        assert!(h.event.tool_failed());
        let e = read_event(
            Convention::CopilotHooks,
            "preToolUse",
            r#"{"toolArgs": "ls"}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("`toolArgs` is a string"), "{e}");
    }

    #[test]
    fn bad_payloads_say_what_is_wrong() {
        let e = read_event(Convention::ClaudeSettings, "PreToolUse", "not json").unwrap_err();
        assert!(matches!(e, HostError::NotAnObject(_)), "{e}");
        let e = read_event(Convention::ClaudeSettings, "PreToolUse", "[]").unwrap_err();
        assert!(e.to_string().contains("an array"), "{e}");
        let e = read_event(
            Convention::ClaudeSettings,
            "PreToolUse",
            r#"{"tool_input": "ls"}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("`tool_input` is a string"), "{e}");
        let e = read_event(Convention::ClaudeSettings, "Notification", "{}").unwrap_err();
        assert!(matches!(e, HostError::Event(_)), "{e}");
    }
}
