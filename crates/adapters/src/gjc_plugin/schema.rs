//! The serde model of a GJC plugin manifest (`gajae-plugin.json`), deriving the JSON Schema that
//! `hooks schema gjc-plugin` prints (conventions.md §3). The per-scope `registry.json` is
//! written by GJC's installer, not by hand, and has no schema here.

use schemars::gen::SchemaGenerator;
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A GJC plugin's `gajae-plugin.json`, as far as hooks go. Other surfaces of the manifest
/// (tools, subskills, MCP servers, ...) are allowed here without being described. GJC
/// validates every hook of every plugin before registering the first one; each module must
/// register exactly one handler, for its declared event, and may use only `on` and `logger`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "GJC plugin manifest (gajae-plugin.json)")]
pub struct Manifest {
    /// Must be `gajae-code-plugin`.
    pub kind: ManifestKind,
    /// The plugin's name (non-empty).
    #[schemars(length(min = 1))]
    pub name: String,
    /// The plugin's version (a non-empty string, e.g. `"1.2.0"`).
    #[schemars(length(min = 1))]
    pub version: String,
    /// The plugin's hooks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hooks: Vec<PluginHook>,
}

/// The manifest kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ManifestKind {
    /// The only kind GJC loads.
    #[serde(rename = "gajae-code-plugin")]
    GajaeCodePlugin,
}

/// One hook: one of the shapes GJC accepts. Anything else (`pre_tool_use`, `UserPromptSubmit`,
/// `Stop`, `agent_end`, ...) is rejected (`unrecognized_plugin_event`, `invalid_plugin_phase`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PluginHook {
    /// A tool-call hook: `before` gates the call, `after` observes it (and can never cancel).
    ToolCall(ToolCallHook),
    /// A tool-result hook, after the call.
    ToolResult(ToolResultHook),
    /// A session lifecycle hook.
    Lifecycle(LifecycleHook),
}

/// `{"event": "tool_call", "target", "phase", ...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToolCallHook {
    /// The hook's name within the plugin.
    #[schemars(length(min = 1))]
    pub name: String,
    /// `tool_call`.
    pub event: ToolCallEvent,
    /// The tool name, exact and case-sensitive; `*` means every tool.
    pub target: ToolName,
    /// `before` (pre-tool gate) or `after` (post-tool observer).
    pub phase: Phase,
    /// The module, relative to the plugin root; a path that escapes the root (after resolving
    /// symlinks) is rejected. Its SHA-256 is pinned in the scope's `registry.json`: drift
    /// quarantines the plugin.
    #[schemars(length(min = 1))]
    pub path: String,
}

/// `{"event": "tool_result", "phase": "after", "target"?, ...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToolResultHook {
    /// The hook's name within the plugin.
    #[schemars(length(min = 1))]
    pub name: String,
    /// `tool_result`.
    pub event: ToolResultEvent,
    /// The tool name, exact and case-sensitive; default `*` (every tool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<ToolName>,
    /// Only `after`.
    pub phase: AfterPhase,
    /// The module, relative to the plugin root (see `tool_call`).
    #[schemars(length(min = 1))]
    pub path: String,
}

/// `{"event": "session_start" | "session_shutdown", "name", "path"}`: no `target` and no
/// `phase` (GJC rejects even `null`); this schema allows no other key either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LifecycleHook {
    /// The hook's name within the plugin.
    #[schemars(length(min = 1))]
    pub name: String,
    /// `session_start` or `session_shutdown`.
    pub event: LifecycleEvent,
    /// The module, relative to the plugin root (see `tool_call`).
    #[schemars(length(min = 1))]
    pub path: String,
}

/// The `tool_call` event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ToolCallEvent {
    /// A tool call, before or after it runs.
    #[serde(rename = "tool_call")]
    ToolCall,
}

/// The `tool_result` event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ToolResultEvent {
    /// A tool's result.
    #[serde(rename = "tool_result")]
    ToolResult,
}

/// A session lifecycle event (30 s per handler, errors isolated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LifecycleEvent {
    /// A session starts.
    SessionStart,
    /// A session shuts down.
    SessionShutdown,
}

/// When a tool-call hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the call: may block it; a thrown error blocks (fails closed).
    Before,
    /// After the call: observes; cannot cancel.
    After,
}

/// The only phase of a tool-result hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AfterPhase {
    /// After the call.
    After,
}

/// A tool name as GJC's `normalizeToolMatcher` accepts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ToolName(pub String);

impl JsonSchema for ToolName {
    fn schema_name() -> String {
        "ToolName".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        crate::schema::fragment(serde_json::json!({
            "description": "A tool name, matched exactly and case-sensitively; `*` is the only wildcard. \
                Not empty, no leading or trailing whitespace, not `.` or `..`, no `/`, `\\` or NUL.",
            "type": "string",
            "pattern": r"^(\*|[^\s/\\\u0000]([^/\\\u0000]*[^\s/\\\u0000])?)$",
            "not": { "enum": [".", ".."] },
        }))
    }
}

/// The JSON Schema of a GJC plugin manifest.
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<Manifest>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use hook_ir::contract::{self, Mapping};
    use hook_ir::Convention;
    use serde_json::{json, Value};
    use std::collections::BTreeSet;

    #[test]
    fn accepts_every_valid_and_drift_manifest() {
        let root = fixtures().join("gjc-plugin");
        let mut files = files_under(&root.join("valid"), "gajae-plugin.json");
        files.extend(files_under(&root.join("drift"), "gajae-plugin.json"));
        let docs: Vec<_> = files
            .into_iter()
            .map(|p| (p.clone(), json_file(&p)))
            .collect();
        assert!(assert_all_valid(&json_schema(), &docs) >= 2);
        for (path, doc) in docs {
            serde_json::from_value::<Manifest>(doc)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }

    #[test]
    fn rejects_the_invalid_manifests_and_wrong_shapes() {
        let v = validator(&json_schema());
        let files = files_under(&fixtures().join("gjc-plugin/invalid"), "gajae-plugin.json");
        assert_eq!(files.len(), 2);
        for p in files {
            assert!(
                !errors(&v, &json_file(&p)).is_empty(),
                "{} accepted",
                p.display()
            );
        }
        let manifest = |hook: Value| json!({"kind": "gajae-code-plugin", "name": "p", "version": "1", "hooks": [hook]});
        let ok = json!({"name": "g", "event": "tool_call", "target": "bash", "phase": "before", "path": "g.js"});
        assert!(errors(&v, &manifest(ok)).is_empty());
        for bad in [
            json!({"name": "g", "event": "pre_tool_use", "target": "bash", "path": "g.js"}),
            json!({"name": "g", "event": "tool_call", "target": "bash", "path": "g.js"}),
            json!({"name": "g", "event": "tool_result", "phase": "before", "path": "g.js"}),
            json!({"name": "g", "event": "session_start", "phase": null, "path": "g.js"}),
            json!({"name": "g", "event": "tool_call", "target": " bash", "phase": "before", "path": "g.js"}),
            json!({"name": "g", "event": "tool_call", "target": "..", "phase": "before", "path": "g.js"}),
            json!({"name": "g", "event": "tool_call", "target": "a/b", "phase": "before", "path": "g.js"}),
        ] {
            assert!(
                !errors(&v, &manifest(bad.clone())).is_empty(),
                "{bad} accepted"
            );
        }
        let star = json!({"name": "g", "event": "tool_call", "target": "*", "phase": "after", "path": "g.js"});
        assert!(errors(&v, &manifest(star)).is_empty());
    }

    /// The `event/phase` pairs the schema accepts, in the contract table's spelling.
    fn schema_shapes() -> BTreeSet<String> {
        let s = json_schema();
        let defs = &s["definitions"];
        let values = |name: &str| -> Vec<String> {
            let r = &defs[name];
            let list = r["enum"].as_array().cloned().unwrap_or_else(|| {
                r["oneOf"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|o| o["enum"].as_array().unwrap().clone())
                    .collect()
            });
            list.iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        };
        let mut out = BTreeSet::new();
        for (hook, event, phase) in [
            ("ToolCallHook", "ToolCallEvent", Some("Phase")),
            ("ToolResultHook", "ToolResultEvent", Some("AfterPhase")),
            ("LifecycleHook", "LifecycleEvent", None),
        ] {
            assert!(defs[hook].is_object(), "{hook}");
            for e in values(event) {
                match phase {
                    Some(p) => out.extend(values(p).iter().map(|p| format!("{e}/{p}"))),
                    None => {
                        out.insert(e);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn shapes_are_exactly_the_accepted_rows_of_the_contract_table() {
        let accepted: BTreeSet<String> = contract::events_of(Convention::GjcPlugin)
            .filter(|r| matches!(r.mapping, Mapping::Accepted { .. }))
            .map(|r| r.event.to_string())
            .collect();
        assert_eq!(schema_shapes(), accepted);
    }
}
