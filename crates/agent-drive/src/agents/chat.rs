//! What a Chat Completions request told the model (Copilot CLI, Qwen Code, Cline speak it).

use super::{content_text, marked_paragraphs};
use serde_json::Value;

/// Per message of a Chat Completions request: the texts the model reads (user messages and tool
/// results whole, the marked paragraphs of system messages).
pub(super) fn chat_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    chat_items_but(body, |_| false)
}

/// [`chat_items`] without the user texts that `boilerplate` says are the agent's own (Qwen
/// Code's `<system-reminder>` skill list, version-dependent).
pub(super) fn chat_items_but(
    body: &Value,
    boilerplate: fn(&str) -> bool,
) -> (usize, Vec<Vec<String>>) {
    let msgs = body["messages"].as_array().cloned().unwrap_or_default();
    let user_texts = |content: &Value| -> Vec<String> {
        let parts: Vec<String> = match content {
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p["text"].as_str().map(str::to_string))
                .collect(),
            other => vec![content_text(other)],
        };
        if !parts.iter().any(|t| boilerplate(t)) {
            return vec![content_text(content)];
        }
        let kept: Vec<String> = parts.into_iter().filter(|t| !boilerplate(t)).collect();
        if kept.is_empty() {
            Vec::new()
        } else {
            vec![kept.join("\n")]
        }
    };
    let texts = msgs
        .iter()
        .map(|m| match m["role"].as_str() {
            Some("system" | "developer") => marked_paragraphs(&content_text(&m["content"])),
            Some("user") => user_texts(&m["content"]),
            Some("tool") => vec![format!("tool: {}", content_text(&m["content"]))],
            _ => Vec::new(),
        })
        .collect::<Vec<_>>();
    (msgs.len(), texts)
}
