//! The serde model of Codex's `hooks.json`, deriving the JSON Schema that
//! `hooks schema codex-json` prints (conventions.md §4).

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Codex CLI's `hooks.json` (`~/.codex/hooks.json`, `<repo>/.codex/hooks.json`; every layer
/// loads). The top-level `"hooks"` key is required: Codex silently ignores events written at
/// the top level, and other top-level keys.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Codex hooks.json")]
pub struct HooksFile {
    /// The hooks, by event.
    pub hooks: Events,
}

/// Event name → matcher groups (PascalCase event names; see [`Events`]'s schema).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, Vec<Group>>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "CodexEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        crate::schema::event_map::<Group>(gen, Convention::CodexJson, "Codex")
    }
}

/// One matcher group under an event. Codex ignores other keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Group {
    /// Which tool calls (or session sources) the group applies to: `""`, `"*"` or absent match
    /// everything; only letters, digits, `_` and `|` is an exact list of names (`Bash|Edit`);
    /// anything else is a Rust regex searched unanchored (an invalid one drops the group).
    /// Honoured on PreToolUse, PermissionRequest, PostToolUse and SessionStart; ignored
    /// elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// The handlers, run concurrently when the group matches.
    pub hooks: Vec<Handler>,
}

/// One handler, by `type`. Codex runs `command` handlers; it skips `prompt` and `agent`
/// handlers in hooks.json.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type")]
pub enum Handler {
    /// A shell command.
    #[serde(rename = "command")]
    Command(CommandHandler),
    /// Skipped by Codex in hooks.json.
    #[serde(rename = "prompt")]
    Prompt(SkippedHandler),
    /// Skipped by Codex in hooks.json.
    #[serde(rename = "agent")]
    Agent(SkippedHandler),
}

/// A `command` handler. Codex ignores other keys (`hooks lint` reports them as `ignored_key`).
/// Keys as Codex 0.171.0 reads them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CommandHandler {
    /// The command, run as `<login shell> -c <command>` (the user's shell in the password
    /// database: bash, zsh or sh; `$SHELL` is not read) in the session's directory, with the
    /// JSON payload on stdin. Exit 2 with a non-empty stderr blocks; exit 0 may print a JSON
    /// decision. An empty (or blank) command is skipped with a warning. Codex runs it only once
    /// its hash is trusted in `$CODEX_HOME/config.toml` (`[hooks.state]`).
    #[schemars(regex(pattern = r"\S"))]
    pub command: String,
    /// The command on Windows, instead of `command` (never part of the trust hash).
    #[serde(
        default,
        rename = "commandWindows",
        skip_serializing_if = "Option::is_none"
    )]
    pub command_windows: Option<String>,
    /// Timeout in SECONDS, at least 1 (Codex silently raises 0 to 1), default 600
    /// (`SessionEnd`: default 1, clamped to 3). The handler is killed on timeout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1), default = "default_timeout")]
    pub timeout: Option<u64>,
    /// How much `additionalContext` (approximate tokens) stays inline (default 2500); only on
    /// events that add context (`PreToolUse`, `PostToolUse`, `SessionStart`,
    /// `UserPromptSubmit`).
    #[serde(
        default,
        rename = "additionalContextLimit",
        skip_serializing_if = "Option::is_none"
    )]
    pub additional_context_limit: Option<u64>,
    /// Run without waiting for the result (default false).
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

fn default_timeout() -> Option<u64> {
    Some(limits::codex::TIMEOUT_DEFAULT_S)
}

/// A handler Codex skips; its other fields are not described.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SkippedHandler {
    /// The handler's other fields.
    #[serde(flatten)]
    pub fields: IndexMap<String, serde_json::Value>,
}

/// The JSON Schema of Codex's `hooks.json`.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<HooksFile>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    #[test]
    fn accepts_every_valid_and_clean_fixture() {
        let root = fixtures().join("codex-json");
        let mut files = files_under(&root.join("valid"), "hooks.json");
        files.extend(files_under(&root.join("clean"), "hooks.json"));
        let docs: Vec<_> = files
            .into_iter()
            .map(|p| (p.clone(), json_file(&p)))
            .collect();
        assert!(assert_all_valid(&json_schema(), &docs) >= 3);
        for (path, doc) in docs {
            serde_json::from_value::<HooksFile>(doc)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }

    #[test]
    fn rejects_the_invalid_fixture_and_silent_mistakes() {
        let v = validator(&json_schema());
        let doc = json_file(&fixtures().join("codex-json/invalid/project/.codex/hooks.json"));
        assert!(!errors(&v, &doc).is_empty());
        let file = |event: &str, handler: serde_json::Value| json!({"hooks": {event: [{"matcher": "Bash", "hooks": [handler]}]}});
        let ok = json!({"type": "command", "command": "./guard.sh", "timeout": 30});
        assert!(errors(&v, &file("PreToolUse", ok.clone())).is_empty());
        // A mis-cased event: Codex silently ignores it, so it never fires.
        assert!(!errors(&v, &file("preToolUse", ok.clone())).is_empty());
        // Events at the top level: `hooks` is required.
        assert!(!errors(&v, &json!({"PreToolUse": []})).is_empty());
        for bad in [
            json!({"type": "command", "command": "./x", "timeout": 0}),
            json!({"type": "command", "command": "  "}),
            json!({"type": "command"}),
            json!({"type": "Command", "command": "./x"}),
            json!({"command": "./x"}),
            json!({"type": "command", "command": "./x", "async": "yes"}),
        ] {
            assert!(
                !errors(&v, &file("Stop", bad.clone())).is_empty(),
                "{bad} accepted"
            );
        }
        let skipped = json!({"type": "prompt", "prompt": "is this safe?"});
        assert!(errors(&v, &file("Stop", skipped)).is_empty());
    }

    #[test]
    fn numbers_and_events_come_from_the_contract() {
        let s = json_schema();
        let t = &s["definitions"]["Handler"]["oneOf"][0]["properties"]["timeout"];
        assert_eq!(t["minimum"], json!(limits::codex::TIMEOUT_MIN_S as f64));
        assert_eq!(t["default"], json!(limits::codex::TIMEOUT_DEFAULT_S));
        let events = &s["definitions"]["CodexEvents"]["propertyNames"]["enum"];
        assert_eq!(
            events,
            &json!(crate::schema::event_names(Convention::CodexJson))
        );
    }
}
