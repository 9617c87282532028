//! The serde model of jcode's `config.toml` hooks, deriving the JSON Schema that
//! `hooks schema jcode` prints (conventions.md §1).

use hook_ir::contract::limits;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// jcode's `config.toml` (`$JCODE_HOME/config.toml`, else `~/.jcode/config.toml`), as far as
/// hooks go: the `[hooks]` table. jcode's other settings live in other tables and are allowed
/// here without being described. A value of the wrong type anywhere makes jcode's whole
/// config parse fail, and jcode then silently runs with its default config: every hook off.
/// Environment variables `JCODE_HOOK_<SLOT>` and `JCODE_HOOK_PRE_TOOL_TIMEOUT_MS` replace the
/// file's values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "jcode config.toml (hooks)")]
pub struct Config {
    /// The hook commands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<Hooks>,
}

/// The `[hooks]` table: six command slots and the `pre_tool` timeout. jcode silently ignores
/// any other key (it has no `deny_unknown_fields`), so a misspelt slot never runs: `hooks lint`
/// reports it as `ignored_key`. This schema allows other keys, as jcode does.
///
/// Commands run directly (no shell): words split on whitespace, `'…'`/`"…"` group, only a
/// leading `~/` of the program is expanded. Each command is trimmed; empty ones are dropped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Hooks {
    /// Observer: runs at the start of each agent response (detached, not waited on, no timeout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_start: Option<Commands>,
    /// Observer: runs once per agent response, with the last assistant text; cannot block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_end: Option<Commands>,
    /// Observer: runs when a session is created, attached or resumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_start: Option<Commands>,
    /// Observer: runs when a session is closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_end: Option<Commands>,
    /// Gate before each tool call: the tool input arrives on stdin; exit 2 blocks with stderr
    /// as the reason; any other exit, a spawn error or a timeout allows (fail open). Every
    /// command runs, in order, even after a block; the first block wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_tool: Option<Commands>,
    /// Observer: runs after each tool call that was not blocked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_tool: Option<Commands>,
    /// Timeout of each `pre_tool` command, in MILLISECONDS (not seconds). Default 5000. jcode
    /// uses `max(1, value)`: `0` gives every command one millisecond, so the gate never blocks.
    #[serde(default = "default_pre_tool_timeout_ms")]
    pub pre_tool_timeout_ms: u64,
}

fn default_pre_tool_timeout_ms() -> u64 {
    limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS
}

/// One command, or several run in declaration order. An empty string or array means "not
/// configured".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Commands {
    /// One command line.
    One(String),
    /// Several command lines, run one after another.
    Many(Vec<String>),
}

/// The JSON Schema of jcode's `config.toml` hooks (TOML read as JSON: tables are objects).
pub fn json_schema() -> serde_json::Value {
    crate::schema::root_of::<Config>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::testing::*;
    use serde_json::json;

    fn valid_docs() -> Vec<(std::path::PathBuf, serde_json::Value)> {
        let root = fixtures().join("jcode");
        let mut files = files_under(&root.join("valid"), "*.toml");
        files.extend(files_under(&root.join("clean"), "*.toml"));
        files.extend(files_under(&root.join("adversarial"), "*.toml"));
        files.retain(|p| !p.ends_with("deep_nesting.toml"));
        files
            .into_iter()
            .map(|p| (p.clone(), toml_file(&p)))
            .collect()
    }

    #[test]
    fn accepts_every_well_typed_fixture() {
        let docs = valid_docs();
        assert!(assert_all_valid(&json_schema(), &docs) >= 6);
        // The model reads them too: it mirrors the file.
        for (path, doc) in docs {
            serde_json::from_value::<Config>(doc)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }

    #[test]
    fn rejects_the_type_errors_that_make_jcode_drop_its_config() {
        let v = validator(&json_schema());
        for name in [
            "type_error_timeout_string.toml",
            "type_error_negative_timeout.toml",
            "hooks_not_a_table.toml",
            "hooks_array_of_tables.toml",
            "type_error_array_element.toml",
            "../adversarial/deep_nesting.toml",
        ] {
            let doc = toml_file(&fixtures().join("jcode/invalid").join(name));
            assert!(!errors(&v, &doc).is_empty(), "{name} accepted");
        }
    }

    #[test]
    fn allows_unknown_keys_and_zero_as_jcode_does() {
        let v = validator(&json_schema());
        let doc = json!({"hooks": {"pre_tol": "x", "pre_tool_timeout_ms": 0}, "model": "m"});
        assert!(errors(&v, &doc).is_empty());
        let doc = toml_file(&fixtures().join("jcode/invalid/ignored_key_typo.toml"));
        assert!(errors(&v, &doc).is_empty());
    }

    #[test]
    fn slots_match_the_contract_table_and_the_default_is_the_limit() {
        let s = json_schema();
        let props = s["definitions"]["Hooks"]["properties"].as_object().unwrap();
        // schemars sorts properties by name.
        let slots: std::collections::BTreeSet<&str> = props
            .keys()
            .map(String::as_str)
            .filter(|k| *k != super::super::raw::TIMEOUT_KEY)
            .collect();
        let contract = crate::schema::event_names(hook_ir::Convention::Jcode);
        assert_eq!(slots, contract.into_iter().collect());
        assert_eq!(
            props["pre_tool_timeout_ms"]["default"],
            json!(limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS)
        );
        assert!(props["pre_tool_timeout_ms"]["description"]
            .as_str()
            .unwrap()
            .contains("MILLISECONDS"));
    }
}
