//! OpenAI Chat Completions (`POST …/chat/completions`, SSE when `stream` is true), as GitHub
//! Copilot CLI 1.0.102 calls a BYOK provider (`COPILOT_PROVIDER_TYPE=openai`, its default wire API
//! `completions`; the request streams with `stream_options.include_usage`), and as Qwen Code
//! 0.24.4 (`OPENAI_BASE_URL`) and Cline 3.0.65 (`openai-compatible`) call theirs. First turn: one
//! `tool_calls` entry of the agent's shell tool (Copilot's `bash`, Qwen's `run_shell_command`,
//! Cline's `run_commands`) with the scripted command; once the conversation holds a tool result:
//! the scripted text.

use super::{Api, ModelScript, Reply};
use serde_json::{json, Value};

/// The Chat Completions API.
pub struct Chat;

/// Whether the conversation already holds a tool call (an assistant message with `tool_calls`).
fn called_a_tool(body: &Value) -> bool {
    body["messages"].as_array().is_some_and(|ms| {
        ms.iter().any(|m| {
            m["role"] == "tool" || m["tool_calls"].as_array().is_some_and(|c| !c.is_empty())
        })
    })
}

fn offers(body: &Value, tool: &str) -> bool {
    body["tools"]
        .as_array()
        .is_some_and(|ts| ts.iter().any(|t| t["function"]["name"] == tool))
}

/// The first shell tool the request offers, with the arguments that run `cmd`: Copilot CLI's
/// `bash` (`{"command", "description"}`), Qwen Code's `run_shell_command` (`{"command",
/// "description"}`), Cline's `run_commands` (`{"commands": [..]}`).
fn shell_call(body: &Value, cmd: &str) -> Option<(&'static str, Value)> {
    if offers(body, "bash") {
        return Some(("bash", json!({"command": cmd, "description": "scripted"})));
    }
    if offers(body, "run_shell_command") {
        return Some((
            "run_shell_command",
            json!({"command": cmd, "description": "scripted"}),
        ));
    }
    if offers(body, "run_commands") {
        return Some(("run_commands", json!({"commands": [cmd]})));
    }
    None
}

impl Api for Chat {
    fn reply(&self, path: &str, body: &Value, script: &ModelScript) -> Option<Reply> {
        if !path
            .split('?')
            .next()
            .unwrap_or(path)
            .ends_with("/chat/completions")
        {
            return None;
        }
        let model = body["model"].clone();
        let call = match &script.tool_call {
            Some(c) => c["name"]
                .as_str()
                .filter(|name| !called_a_tool(body) && offers(body, name))
                .map(|name| {
                    json!({"id": "call_01", "type": "function", "function": {"name": name,
                        "arguments": c["arguments"].to_string()}})
                }),
            None => script
                .tool_command
                .as_deref()
                .filter(|_| !called_a_tool(body))
                .and_then(|cmd| {
                    let (name, args) = shell_call(body, cmd)?;
                    Some(
                        json!({"id": "call_01", "type": "function", "function": {"name": name,
                        "arguments": args.to_string()}}),
                    )
                }),
        };
        let (message, finish) = match call {
            Some(c) => (
                json!({"role": "assistant", "content": null, "tool_calls": [c]}),
                "tool_calls",
            ),
            None => (
                json!({"role": "assistant", "content": script.final_text}),
                "stop",
            ),
        };
        let usage = json!({"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2});
        if body["stream"] != true {
            return Some(Reply::json(
                200,
                &json!({"id": "chatcmpl-01", "object": "chat.completion", "created": 0,
                    "model": model, "choices": [{"index": 0, "message": message,
                    "finish_reason": finish}], "usage": usage}),
            ));
        }
        // A streamed delta carries a tool call's index; the rest of the message as it is.
        let mut delta = message;
        if let Some(calls) = delta["tool_calls"].as_array_mut() {
            for (i, c) in calls.iter_mut().enumerate() {
                c["index"] = json!(i);
            }
        }
        let chunk = |choices: Value, usage: Value| {
            json!({"id": "chatcmpl-01", "object": "chat.completion.chunk", "created": 0,
                "model": model, "choices": choices, "usage": usage})
        };
        Some(Reply::sse_data([
            chunk(
                json!([{"index": 0, "delta": delta, "finish_reason": null}]),
                Value::Null,
            ),
            chunk(
                json!([{"index": 0, "delta": {}, "finish_reason": finish}]),
                Value::Null,
            ),
            chunk(json!([]), usage),
        ]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> ModelScript {
        ModelScript {
            tool_command: Some("printf hi".into()),
            final_text: "done".into(),
            tool_call: None,
        }
    }

    fn offer() -> Value {
        json!([{"type": "function", "function": {"name": "bash", "parameters": {}}}])
    }

    /// The `data:` payloads of an SSE body, `[DONE]` last.
    fn data(body: &str) -> Vec<&str> {
        body.lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .collect()
    }

    #[test]
    fn first_turn_streams_one_bash_call_then_the_final_text() {
        let first = json!({"model": "m", "stream": true, "tools": offer(),
            "messages": [{"role": "user", "content": "go"}]});
        let r = Chat
            .reply("/v1/chat/completions", &first, &script())
            .unwrap();
        assert_eq!(r.content_type, "text/event-stream");
        let chunks = data(&r.body);
        assert_eq!(chunks.last(), Some(&"[DONE]"));
        let delta: Value = serde_json::from_str(chunks[0]).unwrap();
        let call = &delta["choices"][0]["delta"]["tool_calls"][0];
        assert_eq!(call["index"], 0);
        assert_eq!(call["function"]["name"], "bash");
        let args: Value =
            serde_json::from_str(call["function"]["arguments"].as_str().unwrap()).unwrap();
        assert_eq!(args["command"], "printf hi");
        let end: Value = serde_json::from_str(chunks[1]).unwrap();
        assert_eq!(end["choices"][0]["finish_reason"], "tool_calls");

        let second = json!({"model": "m", "stream": true, "tools": offer(), "messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": null, "tool_calls": [{"id": "call_01"}]},
            {"role": "tool", "tool_call_id": "call_01", "content": "hi"}]});
        let r = Chat
            .reply("/v1/chat/completions", &second, &script())
            .unwrap();
        let delta: Value = serde_json::from_str(data(&r.body)[0]).unwrap();
        assert_eq!(delta["choices"][0]["delta"]["content"], "done");
    }

    #[test]
    fn a_scripted_tool_call_replaces_the_shell_call_when_the_tool_is_offered() {
        let mut sc = script();
        sc.tool_call = Some(json!({"name": "view", "arguments": {"path": "/p/README.md"}}));
        let view = json!([{"type": "function", "function": {"name": "view"}}]);
        let body =
            json!({"model": "m", "tools": view, "messages": [{"role": "user", "content": "go"}]});
        let v: Value =
            serde_json::from_str(&Chat.reply("/v1/chat/completions", &body, &sc).unwrap().body)
                .unwrap();
        let call = &v["choices"][0]["message"]["tool_calls"][0]["function"];
        assert_eq!(call["name"], "view");
        assert_eq!(call["arguments"], r#"{"path":"/p/README.md"}"#);
        // Not offered (only `bash`): no call, the final text.
        let body = json!({"model": "m", "tools": offer(), "messages": [{"role": "user", "content": "go"}]});
        let v: Value =
            serde_json::from_str(&Chat.reply("/v1/chat/completions", &body, &sc).unwrap().body)
                .unwrap();
        assert_eq!(v["choices"][0]["message"]["content"], "done");
    }

    #[test]
    fn the_shell_call_uses_the_shell_tool_offered() {
        for (tool, key) in [
            ("run_shell_command", "command"),
            ("run_commands", "commands"),
        ] {
            let tools = json!([{"type": "function", "function": {"name": tool}}]);
            let body = json!({"model": "m", "tools": tools,
                "messages": [{"role": "user", "content": "go"}]});
            let v: Value = serde_json::from_str(
                &Chat
                    .reply("/v1/chat/completions", &body, &script())
                    .unwrap()
                    .body,
            )
            .unwrap();
            let call = &v["choices"][0]["message"]["tool_calls"][0]["function"];
            assert_eq!(call["name"], tool);
            let args: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
            let got = if key == "commands" {
                args[key][0].clone()
            } else {
                args[key].clone()
            };
            assert_eq!(got, "printf hi", "{tool}");
        }
    }

    #[test]
    fn answers_json_when_not_streaming_and_nothing_but_chat_completions() {
        let body = json!({"model": "m", "messages": [{"role": "user", "content": "go"}]});
        let r = Chat
            .reply("/v1/chat/completions", &body, &script())
            .unwrap();
        let v: Value = serde_json::from_str(&r.body).unwrap();
        // No `bash` offered: no tool call, the final text at once.
        assert_eq!(v["choices"][0]["message"]["content"], "done");
        assert_eq!(v["choices"][0]["finish_reason"], "stop");
        assert!(Chat.reply("/v1/responses", &body, &script()).is_none());
    }
}
