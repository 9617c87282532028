//! Payload fields the shell conventions (Jarvis, Codex, Claude) fill the same way.

use crate::group::Group;
use crate::Event;
use serde_json::{json, Map, Value};

/// `session_id`: the session's id, `""` when unknown.
pub(crate) fn session_id(runner: &Group<'_>) -> Value {
    runner.session.session_id.clone().unwrap_or_default().into()
}

/// `cwd`: the session's working directory (lossy UTF-8), `""` when unknown.
pub(crate) fn cwd(runner: &Group<'_>) -> Value {
    runner
        .session
        .cwd
        .as_deref()
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_default()
        .into()
}

/// `tool_name`, `tool_input` (`{}` when absent) and the tool call's id under `id_key`
/// (`tool_call_id` for Jarvis, `tool_use_id` for Codex and Claude).
pub(crate) fn insert_tool(m: &mut Map<String, Value>, event: &Event, id_key: &str) {
    m.insert(
        "tool_name".into(),
        event.tool_name.clone().unwrap_or_default().into(),
    );
    m.insert(
        "tool_input".into(),
        event.tool_input.clone().unwrap_or_else(|| json!({})),
    );
    m.insert(
        id_key.into(),
        event.tool_call_id.clone().unwrap_or_default().into(),
    );
}
