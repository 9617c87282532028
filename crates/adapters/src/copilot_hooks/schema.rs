//! The serde model of a GitHub Copilot CLI hooks file (`.github/hooks/*.json`,
//! `~/.copilot/hooks/*.json`, a policy file, a plugin's `hooks/hooks.json`) and of the inline
//! `hooks` of Copilot's `settings*.json`, deriving the JSON Schema that `hooks schema
//! copilot-hooks` prints.
//!
//! Source: `@github/copilot` 1.0.102 recorded live (`conformance/notes/copilot.md`, "File schema
//! and validation"): `version` 1 or absent, `disableAllHooks`, entries with `type`,
//! `bash`/`powershell`/`command` or `exec` + `args`, `cwd`, `env`, `timeoutSec` (alias
//! `timeout`), `matcher`, and Claude-style nested entries one level deep.

use hook_ir::contract::limits;
use hook_ir::Convention;
use indexmap::IndexMap;
use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Copilot CLI hooks file. Unknown event names are ignored by Copilot (so their hooks never
/// run); this schema rejects them. Strict JSON: a trailing comma rejects the whole file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "GitHub Copilot CLI hooks file")]
pub struct HooksFile {
    /// Must be 1 when written (another value rejects the whole file); may be left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "version_one")]
    pub version: Option<u64>,
    /// `true` skips this file's hooks (in a hooks file), or every hook (in the repository's
    /// `.github/copilot/settings.json`; the user `~/.copilot/settings.json` one is not honoured
    /// by 1.0.102).
    #[serde(
        default,
        rename = "disableAllHooks",
        skip_serializing_if = "Option::is_none"
    )]
    pub disable_all_hooks: Option<bool>,
    /// The hooks, by event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Events>,
}

/// Event name → entries. camelCase names get camelCase payloads and Copilot's tool names;
/// PascalCase names (VS Code compatible) get Claude-style payloads and tool names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Events(pub IndexMap<String, Vec<Entry>>);

impl JsonSchema for Events {
    fn schema_name() -> String {
        "CopilotEvents".into()
    }
    fn json_schema(gen: &mut SchemaGenerator) -> Schema {
        crate::schema::event_map::<Entry>(gen, Convention::CopilotHooks, "Copilot CLI")
    }
}

/// One hook entry. Exactly one of `bash`/`powershell`/`command` (shell) or `exec` (no shell)
/// runs; `bash` wins over `command`. A bad entry of a hooks file is skipped alone; a bad entry
/// of a settings file's inline `hooks` makes Copilot reject that settings file whole.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    /// `command` (default), `http` or `prompt`.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<EntryType>,
    /// A command run with `bash -c` in `cwd`, the JSON payload on stdin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bash: Option<String>,
    /// A PowerShell command (Windows). On Linux an entry with only `powershell` cannot run; on
    /// `preToolUse` that denies every tool call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub powershell: Option<String>,
    /// Runs when `bash` is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// An executable run without a shell (not with `bash`/`command`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<String>,
    /// `exec`'s arguments, passed literally (`$HOME` is not expanded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    /// The working directory, relative to the project directory (its default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Added to the hook's environment; values are not expanded (except `${PLUGIN_ROOT}` in a
    /// plugin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<IndexMap<String, String>>,
    /// Timeout in SECONDS; a timed-out hook is killed and the action goes on.
    #[serde(
        default,
        rename = "timeoutSec",
        skip_serializing_if = "Option::is_none"
    )]
    #[schemars(schema_with = "positive_seconds")]
    pub timeout_sec: Option<f64>,
    /// Alias of `timeoutSec`; `timeoutSec` wins when both are written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "positive_seconds")]
    pub timeout: Option<f64>,
    /// Tool events: camelCase events match a regex anchored as `^(?:…)$` on Copilot's tool
    /// name (`bash`, `edit|create`; `*` is an invalid regex and skips the entry); PascalCase
    /// events use Claude's matchers on Claude's names (`Bash`, `*`; `""` skips the entry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// A Claude-style nested group (`{"matcher", "hooks": [...]}`), one level deep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Vec<Entry>>,
}

/// The entry types Copilot CLI knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    /// A command (the default).
    Command,
    /// An HTTP hook (`https` required on the deciding events).
    Http,
    /// A prompt hook.
    Prompt,
}

fn version_one(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({ "const": limits::copilot::FILE_VERSION }))
}

fn positive_seconds(_: &mut SchemaGenerator) -> Schema {
    crate::schema::fragment(serde_json::json!({
        "type": "number",
        "exclusiveMinimum": 0,
        "default": limits::copilot::TIMEOUT_DEFAULT_S,
    }))
}

/// The JSON Schema of a Copilot CLI hooks file.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<HooksFile>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    #[test]
    fn accepts_recorded_shapes_and_rejects_the_usual_mistakes() {
        let v = validator(&json_schema());
        let ok = json!({"version": 1, "hooks": {
            "preToolUse": [{"type": "command", "bash": "./guard.sh", "matcher": "bash", "timeoutSec": 5}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g"}]}],
            "agentStop": [{"exec": "/bin/true", "args": ["a"], "env": {"A": "b"}, "cwd": "."}]}});
        assert!(errors(&v, &ok).is_empty(), "{:?}", errors(&v, &ok));
        for bad in [
            json!({"version": 2, "hooks": {}}),
            json!({"hooks": {"preToolUsed": []}}),
            json!({"hooks": {"preToolUse": {"bash": "x"}}}),
            json!({"hooks": {"preToolUse": [{"bash": "x", "timeoutSec": "soon"}]}}),
            json!({"hooks": {"preToolUse": [{"type": "weird", "bash": "x"}]}}),
        ] {
            assert!(!errors(&v, &bad).is_empty(), "{bad} accepted");
        }
    }

    #[test]
    fn accepts_every_well_formed_fixture() {
        let root = fixtures().join("copilot-hooks/valid");
        let docs: Vec<_> = files_under(&root, "*.json")
            .into_iter()
            .map(|p| {
                let v: serde_json::Value =
                    serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                (p, v)
            })
            .collect();
        assert!(assert_all_valid(&json_schema(), &docs) >= 5);
    }

    #[test]
    fn events_and_default_come_from_the_contract() {
        let s = json_schema();
        let events = &s["definitions"]["CopilotEvents"]["propertyNames"]["enum"];
        assert_eq!(
            events,
            &json!(crate::schema::event_names(Convention::CopilotHooks))
        );
        let t = &s["definitions"]["Entry"]["properties"]["timeoutSec"];
        assert_eq!(t["default"], json!(limits::copilot::TIMEOUT_DEFAULT_S));
    }
}
