//! The GJC event objects handlers receive, rendered from the canonical [`Event`], and the
//! reading back of what handlers return.

use crate::Event;
use hook_ir::Kind;
use serde_json::{json, Map, Value};

/// The running `tool_result` state: each handler sees the previous one's output.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ToolResultState {
    /// `content`: the tool's content blocks.
    pub content: Value,
    /// `details`: the structured response, `null` when the agent has none.
    pub details: Value,
    /// `isError`.
    pub is_error: bool,
    /// Which of the three a handler replaced.
    pub replaced: [bool; 3],
}

impl ToolResultState {
    /// The initial state of a `post_tool_use` event: `content` is one text block holding the
    /// tool output, `details` the structured response, `isError` whether `status` is `error`.
    pub fn of(event: &Event) -> Self {
        ToolResultState {
            content: json!([{"type": "text", "text": event.tool_output.clone().unwrap_or_default()}]),
            details: event.tool_response.clone().unwrap_or(Value::Null),
            is_error: event.status.as_deref() == Some("error"),
            replaced: [false; 3],
        }
    }

    /// Applies one handler's return value (`{content?, details?, isError?}`).
    pub fn apply(&mut self, value: &Value) {
        let Some(obj) = value.as_object() else {
            return;
        };
        if let Some(c) = obj.get("content") {
            self.content = c.clone();
            self.replaced[0] = true;
        }
        if let Some(d) = obj.get("details") {
            self.details = d.clone();
            self.replaced[1] = true;
        }
        if let Some(e) = obj.get("isError").and_then(Value::as_bool) {
            self.is_error = e;
            self.replaced[2] = true;
        }
    }

    /// The patch for the decision, `None` when no handler replaced anything.
    pub fn patch(&self) -> Option<crate::ToolResultPatch> {
        if !self.replaced.iter().any(|r| *r) {
            return None;
        }
        Some(crate::ToolResultPatch {
            content: self.replaced[0].then(|| self.content.clone()),
            details: self.replaced[1].then(|| self.details.clone()),
            is_error: self.replaced[2].then_some(self.is_error),
        })
    }
}

fn put(obj: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        obj.insert(key.to_string(), v);
    }
}

/// The event object a handler of `kind` receives (GJC's `ToolCallEvent`, `ToolResultEvent`,
/// `BeforeAgentStartEvent`, `AgentEndEvent`, `SessionStartEvent`, `SessionShutdownEvent`).
pub(crate) fn render(kind: Kind, event: &Event, tool_result: Option<&ToolResultState>) -> Value {
    let mut obj = Map::new();
    let tool_fields = |obj: &mut Map<String, Value>| {
        put(obj, "toolName", event.tool_name.clone().map(Value::String));
        put(
            obj,
            "toolCallId",
            event.tool_call_id.clone().map(Value::String),
        );
        obj.insert(
            "input".into(),
            event.tool_input.clone().unwrap_or_else(|| json!({})),
        );
    };
    match kind {
        Kind::PreToolUse => {
            obj.insert("type".into(), json!("tool_call"));
            tool_fields(&mut obj);
        }
        Kind::PostToolUse => {
            obj.insert("type".into(), json!("tool_result"));
            tool_fields(&mut obj);
            let state = tool_result
                .cloned()
                .unwrap_or_else(|| ToolResultState::of(event));
            obj.insert("content".into(), state.content);
            obj.insert("details".into(), state.details);
            obj.insert("isError".into(), json!(state.is_error));
        }
        Kind::UserPromptSubmit => {
            obj.insert("type".into(), json!("before_agent_start"));
            obj.insert(
                "prompt".into(),
                json!(event.prompt.clone().unwrap_or_default()),
            );
            obj.insert("systemPrompt".into(), json!([]));
        }
        Kind::Stop => {
            obj.insert("type".into(), json!("agent_end"));
            let messages = match &event.last_assistant_text {
                Some(text) => {
                    json!([{"role": "assistant", "content": [{"type": "text", "text": text}]}])
                }
                None => json!([]),
            };
            obj.insert("messages".into(), messages);
        }
        Kind::SessionStart => {
            obj.insert("type".into(), json!("session_start"));
        }
        Kind::SessionShutdown => {
            obj.insert("type".into(), json!("session_shutdown"));
        }
    }
    Value::Object(obj)
}

/// The text of a `before_agent_start` result's `message` (a GJC `HookMessage`): its `content`
/// when a string, the text parts joined by newlines when an array of parts, else its JSON.
pub(crate) fn message_text(result: &Value) -> Option<String> {
    let message = result.get("message")?;
    if message.is_null() {
        return None;
    }
    let content = message.get("content").unwrap_or(message);
    Some(match content {
        Value::String(s) => s.clone(),
        Value::Array(parts) if parts.iter().all(|p| p.get("text").is_some()) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_call_payload_has_gjc_field_names() {
        let mut e = Event::pre_tool_use("bash", json!({"command": "ls"}));
        e.tool_call_id = Some("c1".into());
        assert_eq!(
            render(Kind::PreToolUse, &e, None),
            json!({"type": "tool_call", "toolName": "bash", "toolCallId": "c1", "input": {"command": "ls"}})
        );
    }

    #[test]
    fn tool_result_state_chains_and_patches_only_what_was_replaced() {
        let e = Event::post_tool_use("bash", json!({}), "out");
        let mut s = ToolResultState::of(&e);
        assert_eq!(s.patch(), None);
        s.apply(&json!({"content": [{"type": "text", "text": "a"}]}));
        s.apply(&json!({"isError": true}));
        let p = s.patch().unwrap();
        assert_eq!(p.content, Some(json!([{"type": "text", "text": "a"}])));
        assert_eq!(p.details, None);
        assert_eq!(p.is_error, Some(true));
    }

    #[test]
    fn message_text_reads_strings_and_text_parts() {
        assert_eq!(
            message_text(&json!({"message": {"customType": "x", "content": "hi"}})),
            Some("hi".into())
        );
        assert_eq!(
            message_text(
                &json!({"message": {"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}})
            ),
            Some("a\nb".into())
        );
        assert_eq!(message_text(&json!({"other": 1})), None);
    }
}
