//! The serde model of a Cursor `hooks.json` (`.cursor/hooks.json`, `~/.cursor/hooks.json`,
//! `/etc/cursor/hooks.json`), deriving the JSON Schema that `hooks schema cursor-hooks` prints.
//!
//! Source: cursor.com/docs/reference/hooks (entry fields `command`, `type`, `prompt`, `timeout`,
//! `matcher`, `failClosed`, `loop_limit`) and cursor.com/docs/agent/hooks (`version: 1`, the
//! events).

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Cursor `hooks.json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Cursor hooks.json")]
pub struct HooksFile {
    /// Must be 1 (the only version Cursor's docs define).
    #[schemars(schema_with = "version_one")]
    pub version: u64,
    /// The hooks, by event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Events>,
}

/// Event name → entries (camelCase names).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, Vec<Entry>>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "CursorEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        crate::schema::event_map::<Entry>(gen, Convention::CursorHooks, "Cursor")
    }
}

/// One hook entry.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// `command` (default) or `prompt`.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<EntryType>,
    /// A shell string, an absolute path, or a relative path (from the project root in a
    /// project's file, from `~/.cursor/` in the user's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The question of a `prompt` hook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// Timeout in SECONDS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "positive_seconds")]
    pub timeout: Option<f64>,
    /// preToolUse/postToolUse: a regex on the tool type (`Shell`, `Read`, `Write`, `Grep`,
    /// `Task`, `MCP:<tool>`); beforeShellExecution: on the command text; subagent events: on the
    /// subagent type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// `true`: a crash, a timeout or an unreadable answer blocks the action (the default lets
    /// it go on).
    #[serde(
        default,
        rename = "failClosed",
        skip_serializing_if = "Option::is_none"
    )]
    pub fail_closed: Option<bool>,
    /// stop/subagentStop: how many follow-ups the hook may start (5 when unwritten, `null`
    /// for no cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "loop_limit")]
    pub loop_limit: Option<Option<u32>>,
}

/// The entry types Cursor knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    /// A command (the default).
    Command,
    /// A prompt hook (the model answers).
    Prompt,
}

fn version_one(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({ "const": limits::cursor::FILE_VERSION }))
}

fn positive_seconds(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": "number",
        "exclusiveMinimum": 0,
    }))
}

fn loop_limit(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": ["integer", "null"],
        "minimum": 0,
        "default": limits::cursor::LOOP_LIMIT_DEFAULT,
    }))
}

/// The JSON Schema of a Cursor `hooks.json`.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<HooksFile>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    #[test]
    fn accepts_documented_shapes_and_rejects_the_usual_mistakes() {
        let v = validator(&json_schema());
        let ok = json!({"version": 1, "hooks": {
            "beforeShellExecution": [{"command": "./hooks/audit.sh", "failClosed": true, "timeout": 10}],
            "preToolUse": [{"command": "./g.sh", "matcher": "Shell|Write", "type": "command"}],
            "stop": [{"command": "./s.sh", "loop_limit": null}, {"command": "./t.sh", "loop_limit": 3}],
            "beforeSubmitPrompt": [{"type": "prompt", "prompt": "ok?"}]}});
        assert!(errors(&v, &ok).is_empty(), "{:?}", errors(&v, &ok));
        for bad in [
            json!({"version": 2, "hooks": {}}),
            json!({"hooks": {}}),
            json!({"version": 1, "hooks": {"beforeShellExec": []}}),
            json!({"version": 1, "hooks": {"stop": {"command": "x"}}}),
            json!({"version": 1, "hooks": {"stop": [{"command": "x", "timeout": "soon"}]}}),
            json!({"version": 1, "hooks": {"stop": [{"command": "x", "timeoutSec": 5}]}}),
            json!({"version": 1, "hooks": {"stop": [{"command": "x", "failClosed": "yes"}]}}),
        ] {
            assert!(!errors(&v, &bad).is_empty(), "{bad} accepted");
        }
    }

    #[test]
    fn events_come_from_the_contract() {
        let s = json_schema();
        let events = &s["definitions"]["CursorEvents"]["propertyNames"]["enum"];
        assert_eq!(
            events,
            &json!(crate::schema::event_names(Convention::CursorHooks))
        );
    }
}
