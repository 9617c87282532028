//! OpenAI Responses API (`POST …/responses`, SSE), as Codex calls it. First turn: one
//! `function_call` of Codex's shell tool (`exec_command`, else `shell_command` or `shell`) with the
//! scripted command; once the input holds a tool call: the scripted text.

use super::{Api, ModelScript, Reply};
use serde_json::{json, Value};

/// The Responses API.
pub struct OpenAi;

fn tool_names(body: &Value) -> Vec<&str> {
    body["tools"]
        .as_array()
        .map(|ts| ts.iter().filter_map(|t| t["name"].as_str()).collect())
        .unwrap_or_default()
}

fn called_a_tool(body: &Value) -> bool {
    body["input"].as_array().is_some_and(|items| {
        items.iter().any(|i| {
            matches!(
                i["type"].as_str(),
                Some("function_call" | "custom_tool_call")
            )
        })
    })
}

/// The call of the shell tool Codex offers, in that tool's argument shape.
fn shell_call(tools: &[&str], cmd: &str) -> Option<(&'static str, Value)> {
    if tools.contains(&"exec_command") {
        Some(("exec_command", json!({"cmd": cmd})))
    } else if tools.contains(&"shell_command") {
        Some(("shell_command", json!({"command": cmd})))
    } else if tools.contains(&"shell") {
        Some(("shell", json!({"command": ["bash", "-lc", cmd]})))
    } else {
        None
    }
}

impl Api for OpenAi {
    fn reply(&self, path: &str, body: &Value, script: &ModelScript) -> Option<Reply> {
        if !path
            .split('?')
            .next()
            .unwrap_or(path)
            .ends_with("/responses")
        {
            return None;
        }
        let call = script
            .tool_command
            .as_deref()
            .filter(|_| !called_a_tool(body))
            .and_then(|cmd| shell_call(&tool_names(body), cmd));
        let item = match call {
            Some((name, args)) => json!({"type": "function_call", "id": "fc_01",
                "call_id": "call_01", "name": name, "arguments": args.to_string()}),
            None => json!({"type": "message", "role": "assistant", "id": "msg_01",
                "content": [{"type": "output_text", "text": script.final_text, "annotations": []}]}),
        };
        Some(Reply::sse([
            (
                "response.created",
                json!({"type": "response.created", "response": {"id": "resp_01"}}),
            ),
            (
                "response.output_item.added",
                json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
            ),
            (
                "response.output_item.done",
                json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
            ),
            (
                "response.completed",
                json!({"type": "response.completed", "response": {"id": "resp_01",
                    "usage": {"input_tokens": 1, "input_tokens_details": null,
                    "output_tokens": 1, "output_tokens_details": null, "total_tokens": 2}}}),
            ),
        ]))
    }
}
