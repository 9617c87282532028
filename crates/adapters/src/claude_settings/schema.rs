//! The serde model of the `hooks` key of Claude Code's settings files and of a plugin's
//! `hooks/hooks.json`, deriving the JSON Schema that `hooks schema claude-settings` prints
//! (conventions.md §5).

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Claude Code's settings files (`~/.claude/settings.json`, `.claude/settings.json`,
/// `.claude/settings.local.json`, managed settings) and a plugin's `hooks/hooks.json`, as far
/// as hooks go: the `hooks` key. All files merge. Other settings keys belong to Claude's other
/// features and are allowed here without being described; event names written at the top
/// level are among them, and Claude ignores them (`hooks lint` reports them).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Claude Code settings.json (hooks)")]
pub struct Settings {
    /// The hooks, by event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Events>,
    /// A plugin `hooks/hooks.json` only: what the plugin's hooks do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// Event name → matcher groups (see [`Events`]'s schema for the names).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, Vec<Group>>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "ClaudeEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        crate::schema::event_map::<Group>(gen, Convention::ClaudeSettings, "Claude Code")
    }
}

/// One matcher group under an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Group {
    /// Which tool calls (or sources, triggers, ...) the group applies to: `"*"`, `""` or absent
    /// match everything; only letters, digits, `_`, `-`, space, `,` and `|` is an exact list of
    /// names (`Edit|Write`); anything else is a JavaScript regex searched unanchored.
    /// `mcp__server` alone matches nothing (write `mcp__server__.*`). Events without matchers
    /// ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// The handlers, run in parallel when the group matches; an identical command runs once.
    pub hooks: Vec<Handler>,
}

/// One handler, by `type` (case-sensitive).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type")]
pub enum Handler {
    /// A shell command.
    #[serde(rename = "command")]
    Command(CommandHandler),
    /// An HTTP request (fields not described here).
    #[serde(rename = "http")]
    Http(OtherHandler),
    /// A prompt to a model (fields not described here).
    #[serde(rename = "prompt")]
    Prompt(OtherHandler),
    /// A subagent (fields not described here).
    #[serde(rename = "agent")]
    Agent(OtherHandler),
    /// An MCP tool call (fields not described here).
    #[serde(rename = "mcp_tool")]
    McpTool(OtherHandler),
}

/// A `command` handler. Claude leaves other keys alone (`hooks lint` suggests a fix for a
/// misspelt one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CommandHandler {
    /// The command, run with `sh -c` on Unix, with the JSON payload on stdin and
    /// `CLAUDE_PROJECT_DIR` (and `CLAUDE_PLUGIN_ROOT` for plugins) in the environment. Exit 2
    /// blocks with stderr as the reason; exit 0 may print a JSON decision.
    #[schemars(regex(pattern = r"\S"))]
    pub command: String,
    /// Timeout in SECONDS (not milliseconds: `30000` is over eight hours), a positive number,
    /// default 600. A timed-out PreToolUse hook does not block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "positive_seconds")]
    pub timeout: Option<f64>,
    /// Run in the background without waiting for the result (default false).
    #[serde(default, rename = "async", skip_serializing_if = "Option::is_none")]
    pub is_async: Option<bool>,
    /// Text shown while the hook runs.
    #[serde(
        default,
        rename = "statusMessage",
        skip_serializing_if = "Option::is_none"
    )]
    pub status_message: Option<String>,
}

fn positive_seconds(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": "number",
        "exclusiveMinimum": 0,
        "default": limits::claude::TIMEOUT_DEFAULT_S,
    }))
}

/// A handler of another type; its fields are not described.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OtherHandler {
    /// The handler's other fields.
    #[serde(flatten)]
    pub fields: IndexMap<String, serde_json::Value>,
}

/// The JSON Schema of the hooks of Claude Code's settings files and plugin `hooks.json`.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<Settings>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    /// Fixture trees whose settings files are well-formed (their findings, if any, are about
    /// meaning — security, scripts, matchers — not shape).
    const WELL_FORMED: [&str; 7] = [
        "clean",
        "plugin",
        "project-and-local",
        "user-home",
        "scripts",
        "security",
        "disabled",
    ];

    #[test]
    fn accepts_every_well_formed_fixture() {
        let root = fixtures().join("claude-settings");
        let mut docs = Vec::new();
        for tree in WELL_FORMED {
            for name in ["settings.json", "settings.local.json", "hooks.json"] {
                for p in files_under(&root.join(tree), name) {
                    docs.push((p.clone(), json_file(&p)));
                }
            }
        }
        assert!(assert_all_valid(&json_schema(), &docs) >= WELL_FORMED.len());
    }

    #[test]
    fn rejects_malformed_handlers_and_unknown_events() {
        let v = validator(&json_schema());
        for tree in ["handlers", "unknown-events", "not-an-object"] {
            let files = files_under(
                &fixtures().join("claude-settings").join(tree),
                "settings.json",
            );
            assert!(!files.is_empty(), "{tree}");
            for p in files {
                assert!(
                    !errors(&v, &json_file(&p)).is_empty(),
                    "{} accepted",
                    p.display()
                );
            }
        }
        let file = |event: &str, handler: serde_json::Value| json!({"model": "opus", "hooks": {event: [{"matcher": "Bash", "hooks": [handler]}]}});
        let ok = json!({"type": "command", "command": "./guard.sh", "timeout": 2.5});
        assert!(errors(&v, &file("PreToolUse", ok.clone())).is_empty());
        assert!(errors(&v, &file("Elicitation", ok.clone())).is_empty());
        assert!(!errors(&v, &file("pretooluse", ok)).is_empty());
        for bad in [
            json!({"type": "command", "command": "./x", "timeout": 0}),
            json!({"type": "command", "command": "./x", "timeout": "30"}),
            json!({"type": "Command", "command": "./x"}),
            json!({"type": "command"}),
        ] {
            assert!(
                !errors(&v, &file("Stop", bad.clone())).is_empty(),
                "{bad} accepted"
            );
        }
        let http = json!({"type": "http", "url": "http://localhost/"});
        assert!(errors(&v, &file("Stop", http)).is_empty());
    }

    #[test]
    fn events_come_from_the_contract() {
        let s = json_schema();
        let events = &s["definitions"]["ClaudeEvents"]["propertyNames"]["enum"];
        assert_eq!(
            events,
            &json!(crate::schema::event_names(Convention::ClaudeSettings))
        );
        let t = &s["definitions"]["Handler"]["oneOf"][0]["properties"]["timeout"];
        assert_eq!(t["default"], json!(limits::claude::TIMEOUT_DEFAULT_S));
    }
}
