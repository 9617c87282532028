//! The serde model of the hook parts of Qwen Code's `settings.json`, deriving the JSON Schema
//! that `hooks schema qwen-settings` prints.
//!
//! Source: Qwen Code 0.24.4, `cli/config/settingsSchema.ts` `HOOK_DEFINITION_ITEMS`
//! (bundle `chunks/chunk-D2H63VR2.js:111-197`), `core/hooks/types.ts` (`HOOKS_CONFIG_FIELDS`),
//! `core/hooks/hook-timeout.ts`; `conformance/notes/qwen.md` ("Schema", "Timeouts").

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Qwen Code's settings files (`/etc/qwen-code/settings.json`, `system-defaults.json` beside
/// it, `~/.qwen/settings.json`, `.qwen/settings.json`) as far as hooks go. Other settings keys
/// belong to Qwen's other features and are allowed here without being described.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Qwen Code settings.json (hooks)")]
pub struct Settings {
    /// `true` turns off every hook of every layer (so do `--bare` and `--safe-mode`).
    #[serde(
        default,
        rename = "disableAllHooks",
        skip_serializing_if = "Option::is_none"
    )]
    pub disable_all_hooks: Option<bool>,
    /// The hooks, by event, and the hook system's settings (`enabled`, `disabled`,
    /// `notifications`). The lists of every layer are concatenated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Events>,
}

/// Event name → hook definitions, plus the three settings keys Qwen skips as events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, serde_json::Value>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "QwenEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        // `enabled`, `disabled` and `notifications` share the object with the events
        // (`HOOKS_CONFIG_FIELDS`): Qwen skips them as events.
        let groups =
            serde_json::to_value(gen.subschema_for::<Vec<Definition>>()).unwrap_or_default();
        let mut names: Vec<String> = crate::schema::event_names(Convention::QwenSettings)
            .into_iter()
            .map(str::to_string)
            .collect();
        names.extend(CONFIG_FIELDS.iter().map(|f| f.to_string()));
        crate::schema::fragment(serde_json::json!({
            "description": "Event name → matcher groups, and the hook system's settings. Qwen Code skips a key that is not one of its event names with a debug-log warning only (a camelCase `preToolUse` never fires); this schema rejects it.",
            "type": "object",
            "propertyNames": { "enum": names },
            "properties": {
                "enabled": { "type": "boolean", "description": "`false` turns the hook system off." },
                "disabled": { "type": "array", "items": { "type": "string" }, "description": "Names of hooks to skip (Qwen Code 0.24.4 did not skip a hook listed by its command: live `qwen_hooks_disabled_list`)." },
                "notifications": { "type": "boolean" },
            },
            "additionalProperties": groups,
        }))
    }
}

/// Keys of `hooks` that are settings, not events (`HOOKS_CONFIG_FIELDS`,
/// `chunks/chunk-QA5TENCT.js:120`).
pub(crate) const CONFIG_FIELDS: &[&str] = &["enabled", "disabled", "notifications"];

/// One hook definition (a matcher group) under an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Definition {
    /// Tool events: the tool id (`run_shell_command`, `write_file`, `mcp__<server>__<tool>`) or
    /// one of its aliases exactly (`Bash`, `Shell`, `Write`, `Read`...), a `|` list of those,
    /// else a JavaScript regex tested UNANCHORED against the id (`run_shell` matches
    /// `run_shell_command`; `^Bash$` never matches). `""`, `"*"`, `".*"` or absent match
    /// everything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// `true` on ANY matching definition makes every matching hook of the event run one after
    /// another (not only this definition's). Default: all run in parallel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sequential: Option<bool>,
    /// The hooks of this definition.
    pub hooks: Vec<Handler>,
}

/// One hook. Qwen skips a hook without a valid `type` or without its `command`/`url`/`prompt`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Handler {
    /// The hook type.
    #[serde(rename = "type")]
    pub kind: HandlerType,
    /// `command` hooks: run with `bash -c` in the session's directory, the JSON payload on
    /// stdin, `QWEN_PROJECT_DIR` (also `CLAUDE_PROJECT_DIR`, `GEMINI_PROJECT_DIR`) in the
    /// environment. Exit 2 blocks with stderr as the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// `http` hooks: the URL posted to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// `http` hooks: request headers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<IndexMap<String, String>>,
    /// `http` hooks: variables that may be expanded in the headers.
    #[serde(
        default,
        rename = "allowedEnvVars",
        skip_serializing_if = "Option::is_none"
    )]
    pub allowed_env_vars: Option<Vec<String>>,
    /// `prompt` hooks: the prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// `prompt` hooks: the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// A name; identical `name:command` run once across every layer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What the hook is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Timeout in SECONDS, default 60; a value of 1000 or more is read as legacy
    /// milliseconds (`1500` is 1.5 s). A timed-out hook does not block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "positive_seconds")]
    pub timeout: Option<f64>,
    /// Extra environment variables of the hook process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<IndexMap<String, String>>,
    /// `command` hooks: started in the background and not awaited; its answer decides nothing.
    #[serde(default, rename = "async", skip_serializing_if = "Option::is_none")]
    pub is_async: Option<bool>,
    /// `http` hooks: run once per session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub once: Option<bool>,
    /// Shown while the hook runs.
    #[serde(
        default,
        rename = "statusMessage",
        skip_serializing_if = "Option::is_none"
    )]
    pub status_message: Option<String>,
    /// The shell of a `command` hook (default `bash`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shell: Option<Shell>,
}

/// The hook types settings can declare (`function` only through the SDK).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HandlerType {
    /// A shell command.
    Command,
    /// An HTTP request.
    Http,
    /// A model prompt.
    Prompt,
}

/// The shell of a `command` hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Shell {
    /// `bash -c`.
    Bash,
    /// `powershell -Command`.
    Powershell,
}

fn positive_seconds(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": "number",
        "exclusiveMinimum": 0,
        "default": limits::qwen::TIMEOUT_DEFAULT_S,
    }))
}

/// The JSON Schema of the hook parts of Qwen Code's settings files.
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
            json!({"general": {"vimMode": true}, "disableAllHooks": false,
                   "hooks": {"enabled": true, "disabled": ["x"],
                             event: [{"matcher": "Bash", "sequential": true, "hooks": [handler]}]}})
        };
        let ok = json!({"type": "command", "command": "./guard.sh", "name": "guard", "timeout": 5,
                        "env": {"MODE": "strict"}, "async": false, "shell": "bash"});
        assert!(errors(&v, &file("PreToolUse", ok.clone())).is_empty());
        assert!(errors(&v, &file("PostToolUseFailure", ok.clone())).is_empty());
        // Gemini's names and camelCase are not Qwen events (live qwen_invalid_event_name).
        assert!(!errors(&v, &file("BeforeTool", ok.clone())).is_empty());
        assert!(!errors(&v, &file("preToolUse", ok.clone())).is_empty());
        let bad_type = json!({"type": "function", "command": "x"});
        assert!(!errors(&v, &file("PreToolUse", bad_type)).is_empty());
        let zero = json!({"type": "command", "command": "x", "timeout": 0});
        assert!(!errors(&v, &file("PreToolUse", zero)).is_empty());
    }
}
