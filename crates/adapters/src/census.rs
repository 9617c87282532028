//! What a source file holds before lowering: every handler entry, whatever its type, so that
//! `hooks import` can count the hooks a reader sets aside (a handler that is not a command)
//! among the hooks it read. Each convention's adapter says which shape its file has
//! ([`crate::registry::Adapter::handler_entries`]); the shapes shared by several are here.

/// One handler entry of a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandlerEntry {
    /// The event it is declared under.
    pub event: String,
    /// Whether it is a command handler.
    pub command: bool,
}

fn is_command(h: &serde_json::Value) -> bool {
    h.get("type")
        .and_then(serde_json::Value::as_str)
        .is_none_or(|t| t == "command")
}

fn hooks_object(doc: &serde_json::Value) -> Option<&serde_json::Map<String, serde_json::Value>> {
    doc.get("hooks").and_then(serde_json::Value::as_object)
}

/// `{"hooks": {Event: [{matcher, hooks: [handler…]}]}}` (Claude Code, Codex, Gemini CLI and
/// Qwen Code settings), comments allowed; empty when the text does not parse.
pub fn json_groups(text: &str) -> Vec<HandlerEntry> {
    let Ok(doc) = jsonc_parser::parse_to_serde_value::<serde_json::Value>(
        text,
        &jsonc_parser::ParseOptions::default(),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (event, groups) in hooks_object(&doc).into_iter().flatten() {
        for g in groups.as_array().into_iter().flatten() {
            let handlers = g.get("hooks").and_then(serde_json::Value::as_array);
            for h in handlers.into_iter().flatten() {
                out.push(HandlerEntry {
                    event: event.clone(),
                    command: is_command(h),
                });
            }
        }
    }
    out
}

/// `{"hooks": {event: [handler…]}}` with flat handlers, or Claude-style groups one level deep
/// (GitHub Copilot CLI); strict JSON; empty when the text does not parse.
pub fn json_flat_or_groups(text: &str) -> Vec<HandlerEntry> {
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (event, items) in hooks_object(&doc).into_iter().flatten() {
        for item in items.as_array().into_iter().flatten() {
            let nested = item.get("hooks").and_then(serde_json::Value::as_array);
            for h in nested.map_or(std::slice::from_ref(item), Vec::as_slice) {
                out.push(HandlerEntry {
                    event: event.clone(),
                    command: is_command(h),
                });
            }
        }
    }
    out
}

/// TOML `[[hooks]]` tables with `event` and `command` (Jarvis/Kimi Code); empty when the text
/// does not parse.
pub fn toml_hooks_array(text: &str) -> Vec<HandlerEntry> {
    let Ok(doc) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    let Some(hooks) = doc.get("hooks").and_then(toml::Value::as_array) else {
        return Vec::new();
    };
    hooks
        .iter()
        .filter_map(|h| {
            Some(HandlerEntry {
                event: h.get("event")?.as_str()?.to_string(),
                command: h.get("command").is_some(),
            })
        })
        .collect()
}
