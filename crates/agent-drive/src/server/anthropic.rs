//! Anthropic Messages API (`POST /v1/messages`, SSE when `stream` is true), as Claude Code calls
//! it. First turn: one `tool_use` of `Bash` with the scripted command; once the conversation holds
//! a tool call: the scripted text.

use super::{Api, ModelScript, Reply};
use serde_json::{json, Value};

/// The Messages API.
pub struct Anthropic;

/// Whether any assistant message of the conversation already called a tool.
fn called_a_tool(body: &Value) -> bool {
    body["messages"].as_array().is_some_and(|ms| {
        ms.iter().any(|m| {
            m["role"] == "assistant"
                && m["content"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|b| b["type"] == "tool_use"))
        })
    })
}

fn offers_bash(body: &Value) -> bool {
    body["tools"]
        .as_array()
        .is_some_and(|ts| ts.iter().any(|t| t["name"] == "Bash"))
}

impl Api for Anthropic {
    fn reply(&self, path: &str, body: &Value, script: &ModelScript) -> Option<Reply> {
        let path = path.split('?').next().unwrap_or(path);
        if path.ends_with("/count_tokens") {
            return Some(Reply::json(200, &json!({"input_tokens": 1})));
        }
        if !path.ends_with("/v1/messages") {
            return None;
        }
        let model = body["model"].clone();
        let tool = script
            .tool_command
            .as_ref()
            .filter(|_| offers_bash(body) && !called_a_tool(body));
        let (block, stop_reason) = match tool {
            Some(cmd) => (
                json!({"type": "tool_use", "id": "toolu_01", "name": "Bash",
                       "input": {"command": cmd, "description": "scripted tool call"}}),
                "tool_use",
            ),
            None => (
                json!({"type": "text", "text": script.final_text}),
                "end_turn",
            ),
        };
        let usage = json!({"input_tokens": 1, "output_tokens": 1});
        if body["stream"] != true {
            return Some(Reply::json(
                200,
                &json!({"id": "msg_01", "type": "message", "role": "assistant", "model": model,
                        "content": [block], "stop_reason": stop_reason, "stop_sequence": null,
                        "usage": usage}),
            ));
        }
        let (start, delta) = if block["type"] == "tool_use" {
            (
                json!({"type": "tool_use", "id": block["id"], "name": "Bash", "input": {}}),
                json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
            )
        } else {
            (
                json!({"type": "text", "text": ""}),
                json!({"type": "text_delta", "text": block["text"]}),
            )
        };
        Some(Reply::sse([
            (
                "message_start",
                json!({"type": "message_start", "message": {"id": "msg_01", "type": "message",
                    "role": "assistant", "model": model, "content": [], "stop_reason": null,
                    "stop_sequence": null, "usage": usage}}),
            ),
            (
                "content_block_start",
                json!({"type": "content_block_start", "index": 0, "content_block": start}),
            ),
            (
                "content_block_delta",
                json!({"type": "content_block_delta", "index": 0, "delta": delta}),
            ),
            (
                "content_block_stop",
                json!({"type": "content_block_stop", "index": 0}),
            ),
            (
                "message_delta",
                json!({"type": "message_delta", "delta": {"stop_reason": stop_reason,
                    "stop_sequence": null}, "usage": {"output_tokens": 1}}),
            ),
            ("message_stop", json!({"type": "message_stop"})),
        ]))
    }
}
