//! The serde model of the hook parts of Gemini CLI's `settings.json` (and of an extension's
//! `hooks/hooks.json`), deriving the JSON Schema that `hooks schema gemini-settings` prints.
//!
//! Source: Gemini CLI 0.61.0, `packages/cli/src/config/settingsSchema.ts` (`hooksConfig`,
//! `hooks`, `HookDefinitionArray`) and `packages/core/src/hooks/types.ts` (`HookDefinition`,
//! `CommandHookConfig`, which also reads `sequential` and `env`).

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Gemini CLI's settings files (`~/.gemini/settings.json`, `.gemini/settings.json`, the
/// system settings and system defaults) as far as hooks go, and an extension's
/// `hooks/hooks.json`. Comments (`//`, `/* */`) are allowed, as Gemini strips them before
/// `JSON.parse`; trailing commas are not. Other settings keys belong to Gemini's other
/// features and are allowed here without being described.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Gemini CLI settings.json (hooks)")]
pub struct Settings {
    /// The switches of the hook system.
    #[serde(
        default,
        rename = "hooksConfig",
        skip_serializing_if = "Option::is_none"
    )]
    pub hooks_config: Option<HooksConfig>,
    /// The hooks, by event. The lists of every settings layer are concatenated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Events>,
}

/// `hooksConfig`: the switches of the hook system.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HooksConfig {
    /// The canonical toggle (default true). `false` in the merged settings (system settings
    /// override the workspace, which overrides the user, which overrides system defaults)
    /// turns off every hook, extensions' included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// Names of hooks that never run: a hook's `name`, or its `command` when it has no name.
    /// The lists of every layer are united.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<Vec<String>>,
    /// Show a visual indicator while hooks run (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notifications: Option<bool>,
}

/// Event name → hook definitions (see [`Events`]'s schema for the names).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, Vec<Definition>>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "GeminiEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        crate::schema::event_map::<Definition>(gen, Convention::GeminiSettings, "Gemini CLI")
    }
}

/// One hook definition (a matcher group) under an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Definition {
    /// `BeforeTool`/`AfterTool`: a JavaScript regex tested unanchored against the tool name
    /// (`run_shell_command`, `read_file`, `mcp_<server>_<tool>`); a pattern that does not
    /// compile is compared as an exact name. `SessionStart`, `SessionEnd`, `PreCompress`: an
    /// exact value (`startup`, `resume`, `clear`; `exit`, ...; `auto`, `manual`), not a list.
    /// Other events ignore it. `"*"`, `""` or absent match everything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// `true`: every matching hook of the event runs one after another (a BeforeTool hook's
    /// `tool_input` rewrite is seen by the next). Default: all run in parallel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sequential: Option<bool>,
    /// The hooks of this definition.
    pub hooks: Vec<Handler>,
}

/// One hook. Gemini skips a hook without a `type`, and a `command` hook without a
/// `command`; only `command` hooks can be written in settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Handler {
    /// The hook type.
    #[serde(rename = "type")]
    pub kind: HandlerType,
    /// The command, run with `bash -c` on Unix in the session's working directory, with the
    /// JSON payload on stdin and `GEMINI_PROJECT_DIR`, `GEMINI_CWD`, `GEMINI_SESSION_ID` and
    /// `CLAUDE_PROJECT_DIR` in the environment (`$GEMINI_PROJECT_DIR` and friends are also
    /// substituted, shell-quoted, into this text). Exit 2 blocks with stderr as the reason.
    #[schemars(regex(pattern = r"\S"))]
    pub command: String,
    /// A name for logs, `/hooks` and `hooksConfig.disabled`; identical name + command run once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What the hook is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Timeout in MILLISECONDS (not seconds: `30` is 30 ms), default 60000. A timed-out hook
    /// does not block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "positive_milliseconds")]
    pub timeout: Option<f64>,
    /// Extra environment variables of the hook process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<IndexMap<String, String>>,
}

/// The only hook type settings can declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum HandlerType {
    /// A shell command.
    #[serde(rename = "command")]
    Command,
}

fn positive_milliseconds(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": "number",
        "exclusiveMinimum": 0,
        "default": limits::gemini::TIMEOUT_DEFAULT_MS,
    }))
}

/// The JSON Schema of the hook parts of Gemini CLI's settings files.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<Settings>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    #[test]
    fn accepts_real_shapes_and_rejects_the_usual_mistakes() {
        let v = validator(&json_schema());
        let file = |event: &str, handler: serde_json::Value| {
            json!({"general": {"vimMode": true}, "hooksConfig": {"enabled": true},
                   "hooks": {event: [{"matcher": "run_shell_command", "sequential": true, "hooks": [handler]}]}})
        };
        let ok = json!({"type": "command", "command": "./guard.sh", "name": "guard", "timeout": 5000,
                        "env": {"MODE": "strict"}});
        assert!(errors(&v, &file("BeforeTool", ok.clone())).is_empty());
        assert!(errors(&v, &file("BeforeToolSelection", ok.clone())).is_empty());
        assert!(!errors(&v, &file("PreToolUse", ok)).is_empty());
        for bad in [
            json!({"type": "command", "command": "./x", "timeout": 0}),
            json!({"type": "command", "command": "./x", "timeout": "30000"}),
            json!({"type": "Command", "command": "./x"}),
            json!({"type": "command"}),
            json!({"command": "./x"}),
        ] {
            assert!(
                !errors(&v, &file("AfterAgent", bad.clone())).is_empty(),
                "{bad} accepted"
            );
        }
        let off = json!({"hooksConfig": {"enabled": "no"}});
        assert!(!errors(&v, &off).is_empty());
    }

    #[test]
    fn accepts_every_well_formed_fixture() {
        let root = fixtures().join("gemini-settings/valid");
        let docs: Vec<_> = files_under(&root, "settings.json")
            .into_iter()
            .chain(files_under(&root, "hooks.json"))
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap();
                let v = jsonc_parser::parse_to_serde_value::<serde_json::Value>(
                    &text,
                    &Default::default(),
                )
                .unwrap();
                (p, v)
            })
            .collect();
        assert!(assert_all_valid(&json_schema(), &docs) >= 2);
    }

    #[test]
    fn events_and_default_come_from_the_contract() {
        let s = json_schema();
        let events = &s["definitions"]["GeminiEvents"]["propertyNames"]["enum"];
        assert_eq!(
            events,
            &json!(crate::schema::event_names(Convention::GeminiSettings))
        );
        let t = &s["definitions"]["Handler"]["properties"]["timeout"];
        assert_eq!(t["default"], json!(limits::gemini::TIMEOUT_DEFAULT_MS));
    }
}
