//! Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`), as Gemini CLI 0.61.0
//! calls it with `GOOGLE_GEMINI_BASE_URL` and an API key. First turn: one `functionCall` of
//! `run_shell_command` with the scripted command; once the conversation holds a function
//! response: the scripted text. `:countTokens` and a plain `:generateContent` (utility calls)
//! get minimal valid answers.

use super::{Api, ModelScript, Reply};
use serde_json::{json, Value};

/// The Gemini API.
pub struct Gemini;

/// Whether the conversation already holds a tool result.
fn called_a_tool(body: &Value) -> bool {
    body["contents"].as_array().is_some_and(|cs| {
        cs.iter().any(|c| {
            c["parts"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p.get("functionResponse").is_some()))
        })
    })
}

fn offers_shell(body: &Value) -> bool {
    body["tools"].as_array().is_some_and(|ts| {
        ts.iter().any(|t| {
            t["functionDeclarations"]
                .as_array()
                .is_some_and(|fs| fs.iter().any(|f| f["name"] == "run_shell_command"))
        })
    })
}

fn candidate(part: Value) -> Value {
    json!({
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}
    })
}

impl Api for Gemini {
    fn reply(&self, path: &str, body: &Value, script: &ModelScript) -> Option<Reply> {
        let path = path.split('?').next().unwrap_or(path);
        if path.ends_with(":countTokens") {
            return Some(Reply::json(200, &json!({"totalTokens": 1})));
        }
        if path.ends_with(":generateContent") {
            return Some(Reply::json(200, &candidate(json!({"text": "{}"}))));
        }
        if !path.ends_with(":streamGenerateContent") {
            return None;
        }
        let part = match script
            .tool_command
            .as_ref()
            .filter(|_| offers_shell(body) && !called_a_tool(body))
        {
            Some(cmd) => json!({"functionCall": {"name": "run_shell_command",
                "args": {"command": cmd, "description": "scripted tool call"}}}),
            None => json!({"text": script.final_text}),
        };
        // Data-only server-sent events, as the Gemini API sends them.
        Some(Reply {
            status: 200,
            content_type: "text/event-stream",
            body: format!("data: {}\r\n\r\n", candidate(part)),
        })
    }
}
