//! The serde model of Jarvis's `[[hooks]]`, deriving the JSON Schema that
//! `hooks schema jarvis` prints (conventions.md §2).

use hook_ir::contract::limits;
use hook_ir::Convention;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::schema::event_name!(
    /// One of Jarvis's 20 event names, exact and case-sensitive.
    JarvisEvent,
    Convention::Jarvis
);

/// Jarvis Code's `config.toml` in the agent's home directory, as far as hooks go: the
/// `[[hooks]]` array. The agent's other settings are allowed here without being described.
/// In Jarvis's code, one invalid entry drops the whole `hooks` section (every hook) with a
/// warning; the rest of the config still loads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Jarvis Code config.toml (hooks)")]
pub struct Config {
    /// The hooks, one `[[hooks]]` table each. Matching hooks of one event run in parallel;
    /// an identical `command` runs once (the first definition and its timeout win).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hooks: Vec<Hook>,
}

/// One `[[hooks]]` entry: exactly these four fields. Jarvis rejects any other field (its
/// schema is strict), which drops every hook of the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hook {
    /// The event. Blocking: PreToolUse, UserPromptSubmit and Stop; all others observe.
    pub event: JarvisEvent,
    /// A JavaScript regular expression, searched unanchored and case-sensitively in the event's
    /// matched value (the tool name for tool events, the prompt, the session source, ...).
    /// Empty or absent matches everything; an invalid regex silently skips the hook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// The command, run as `/bin/sh -c <command>` in the session's directory, with the JSON
    /// payload on stdin. Exit 2 blocks (stderr is the reason); exit 0 may print JSON.
    #[schemars(length(min = 1))]
    pub command: String,
    /// Timeout in SECONDS, 1 to 600, default 30. On timeout the process group gets SIGTERM, then
    /// SIGKILL 100 ms later, and the hook allows. An integral float such as `30.0` passes too.
    #[serde(default = "default_timeout")]
    #[schemars(range(min = 1, max = 600))]
    pub timeout: u64,
}

fn default_timeout() -> u64 {
    limits::jarvis::TIMEOUT_DEFAULT_S
}

/// The JSON Schema of Jarvis's `config.toml` hooks (TOML read as JSON).
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<Config>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    #[test]
    fn accepts_every_valid_and_clean_fixture() {
        let root = fixtures().join("jarvis");
        let mut files = files_under(&root.join("valid"), "*.toml");
        files.extend(files_under(&root.join("clean"), "*.toml"));
        let docs: Vec<_> = files
            .into_iter()
            .map(|p| (p.clone(), toml_file(&p)))
            .collect();
        assert!(assert_all_valid(&json_schema(), &docs) >= 3);
    }

    #[test]
    fn rejects_what_jarvis_rejects() {
        let v = validator(&json_schema());
        for name in [
            "unknown_field.toml",
            "invalid_timeout.toml",
            "unknown_event_case.toml",
            "empty_command.toml",
            "missing_fields.toml",
            "wrong_types.toml",
            "hooks_not_an_array.toml",
        ] {
            let doc = toml_file(&fixtures().join("jarvis/invalid").join(name));
            assert!(!errors(&v, &doc).is_empty(), "{name} accepted");
        }
        let entry = |extra: serde_json::Value| {
            let mut e = json!({"event": "PreToolUse", "command": "./x.sh"});
            e.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            json!({ "hooks": [e] })
        };
        assert!(errors(&v, &entry(json!({}))).is_empty());
        assert!(errors(&v, &entry(json!({"timeout": 600}))).is_empty());
        assert!(!errors(&v, &entry(json!({"timeout": 900}))).is_empty());
        assert!(!errors(&v, &entry(json!({"timeout": 0}))).is_empty());
        assert!(!errors(&v, &entry(json!({"timeout": 1.5}))).is_empty());
        assert!(!errors(&v, &entry(json!({"when": "always"}))).is_empty());
        assert!(!errors(&v, &entry(json!({"event": "pretooluse"}))).is_empty());
    }

    #[test]
    fn numbers_and_events_come_from_the_contract() {
        let s = json_schema();
        let t = &s["definitions"]["Hook"]["properties"]["timeout"];
        assert_eq!(t["minimum"], json!(limits::jarvis::TIMEOUT_MIN_S as f64));
        assert_eq!(t["maximum"], json!(limits::jarvis::TIMEOUT_MAX_S as f64));
        assert_eq!(t["default"], json!(limits::jarvis::TIMEOUT_DEFAULT_S));
        let events: Vec<&str> = s["definitions"]["JarvisEvent"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e.as_str().unwrap())
            .collect();
        assert_eq!(events.len(), 20);
        assert_eq!(events, crate::schema::event_names(Convention::Jarvis));
        assert_eq!(
            s["definitions"]["Hook"]["additionalProperties"],
            json!(false)
        );
    }
}
