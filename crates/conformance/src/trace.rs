//! A trace: what one agent did in one scenario, with volatile values masked so that recording
//! again gives the same bytes.

use crate::scenario::{Behaviour, Layer, Trust};
use regex::Regex;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

/// The trace format's version.
pub const TRACE_VERSION: u32 = 1;

/// One recorded scenario run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// [`TRACE_VERSION`].
    pub trace_version: u32,
    /// `claude`, `codex`.
    pub agent: String,
    /// The agent's version (as pinned).
    pub version: String,
    /// The scenario's name.
    pub scenario: String,
    /// What it observes.
    pub about: String,
    /// The config file: its place under the run root and its text (`<ROOT>` = the run's root;
    /// scripts are `<ROOT>/hooks/NAME`).
    pub config_path: String,
    /// The config text.
    pub config: String,
    /// The scenario's other files (the hooks a bridge runs), by path under the run root, masked.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub files: BTreeMap<String, String>,
    /// The scenario's extra environment variables (`<ROOT>` = the run's root).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// The scenario's extra agent arguments (`<ROOT>` = the run's root).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// A bridge scenario: what `hooks bridge install` printed when it wrote `config`, masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge_install: Option<String>,
    /// Codex: the hooks inlined in `$CODEX_HOME/config.toml`, masked (`<ROOT>` = the run's root).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub codex_config_hooks: String,
    /// The layer it was written to.
    pub layer: Layer,
    /// Codex trust set-up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trust: Option<Trust>,
    /// Codex trust: the config the trusted hashes were computed for, when not `config`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusted_config: Option<String>,
    /// The trust part of Codex's `config.toml`, masked (hashes kept: they are the agent's input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trust_state: Option<String>,
    /// The scripts' behaviours.
    pub scripts: BTreeMap<String, Behaviour>,
    /// The user's prompt.
    pub prompt: String,
    /// The model's scripted tool command (empty: none).
    pub tool: String,
    /// The model's final text.
    pub final_text: String,
    /// The model's call of another tool than the shell (`<ROOT>` = the run's root), if any.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tool_call: String,
    /// Hook firings and model requests, in the order they happened.
    pub timeline: Vec<Step>,
    /// `TOK_*` markers in what the agent printed on stdout and stderr (for Claude Code its
    /// stream-json, hook events included). Recorded, not replayed.
    pub shown: Vec<String>,
    /// The agent's exit code (`None`: killed at the scenario's budget).
    pub exit_code: Option<i32>,
}

/// One step of the timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// One firing of an event: the hook runs it started. Runs are sorted by script name: both
    /// agents start an event's matching hooks concurrently, so their start order is a race.
    Hooks {
        /// `hook_event_name` of the payload.
        event: String,
        /// The payload (stdin) of the first run, masked.
        payload: Value,
        /// The runs.
        runs: Vec<Run>,
    },
    /// A request to the model: what it was told beyond the previous request.
    Model {
        /// Texts, masked.
        told: Vec<String>,
    },
}

/// One run of a hook script.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The script's name.
    pub script: String,
    /// Whether it got to its end (`false`: killed, at its timeout or when the agent exited).
    pub finished: bool,
    /// The keys of its stdin JSON object, sorted.
    pub stdin_keys: Vec<String>,
    /// Its argv after `$0`, masked.
    pub args: Vec<String>,
    /// The command line of its parent process, masked: the shell that spawned it, or the agent.
    pub parent: Vec<String>,
    /// The names of its environment variables, sorted.
    pub env: Vec<String>,
}

/// Masks the volatile parts of recorded text.
pub struct Masker {
    pairs: Vec<(String, &'static str)>,
}

fn patterns() -> &'static [(Regex, &'static str)] {
    static P: OnceLock<Vec<(Regex, &'static str)>> = OnceLock::new();
    P.get_or_init(|| {
        [
            // Gemini CLI's transcript, `chats/session-2026-12-01T08-47-5e9ac3df.jsonl`: first,
            // before the time pattern eats an id that starts with digits.
            (
                r"session-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-[0-9a-f]{8}\.jsonl",
                "session-<DATE>T<TIME>-<ID>.jsonl",
            ),
            (
                r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
                "<ID>",
            ),
            (
                r"\d{4}-\d{2}-\d{2}T\d{2}[-:]\d{2}[-:]\d{2}(\.\d+)?Z?",
                "<TIME>",
            ),
            (r"\d{4}/\d{2}/\d{2}", "<DATE>"),
            (r"\d{4}-\d{2}-\d{2}", "<DATE>"),
            // Codex trust hashes cover the hook's absolute command path: a temp dir.
            (r"sha256:[0-9a-f]{64}", "sha256:<HASH>"),
            // Gemini CLI's shell tool: `Process Group PGID: 35`.
            (r"Process Group PGID: \d+", "Process Group PGID: <PID>"),
            (r"Wall time: [0-9.]+ seconds", "Wall time: <DUR> seconds"),
            (r"Chunk ID: [0-9a-zA-Z]+", "Chunk ID: <ID>"),
            // Cline's `conv_…`/`agent_…` ids and root session ids, Qwen Code's `toolu_…` tool use
            // ids: milliseconds since the epoch and a random suffix.
            (r"\b((conv|agent|toolu)_)?\d{13}_[0-9a-z]{5,}\b", "<ID>"),
            (r"\b[0-9]+(\.[0-9]+)?m?s\b", "<DUR>"),
        ]
        .into_iter()
        .map(|(p, r)| (Regex::new(p).expect("a valid pattern"), r))
        .collect()
    })
}

impl Masker {
    /// A masker for a run rooted at `root` in the repository `repo`.
    pub fn new(root: &Path, repo: &Path) -> Masker {
        let mut pairs = Vec::new();
        for (p, tag) in [(root, "<ROOT>"), (repo, "<REPO>")] {
            let mut forms = vec![p.display().to_string()];
            if let Ok(c) = std::fs::canonicalize(p) {
                forms.push(c.display().to_string());
            }
            for f in forms {
                // Claude Code names a project's transcript dir after its path, `/` as `-`.
                pairs.push((f.replace(['/', '.'], "-"), tag));
                pairs.push((f, tag));
            }
        }
        // Longest first, so a path is never half-replaced by a shorter form.
        pairs.sort_by_key(|(f, _)| std::cmp::Reverse(f.len()));
        pairs.dedup();
        Masker { pairs }
    }

    /// Masks a string.
    pub fn text(&self, s: &str) -> String {
        let mut s = s.to_string();
        for (from, to) in &self.pairs {
            s = s.replace(from.as_str(), to);
        }
        for (re, to) in patterns() {
            s = re.replace_all(&s, *to).into_owned();
        }
        s
    }

    /// Masks every string of a JSON value, and the numbers of duration and timestamp keys
    /// (Copilot CLI's camelCase payloads: `timestamp` in ms since the epoch; Cline's
    /// `executionTimeMs`).
    pub fn value(&self, v: &Value) -> Value {
        match v {
            Value::String(s) => Value::String(self.text(s)),
            Value::Array(a) => Value::Array(a.iter().map(|x| self.value(x)).collect()),
            Value::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, x)| {
                        let x =
                            if (k.contains("duration") || k.ends_with("TimeMs")) && x.is_number() {
                                Value::String("<DUR>".into())
                            } else if k == "timestamp" && x.is_number() {
                                Value::String("<TIME>".into())
                            } else {
                                self.value(x)
                            };
                        (k.clone(), x)
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
}

/// The `TOK_*` markers of a text, in order of first appearance.
pub fn tokens(s: &str) -> Vec<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(r"TOK_[A-Za-z0-9_]+").expect("a valid pattern"));
    let mut out: Vec<String> = Vec::new();
    for m in re.find_iter(s) {
        if !out.iter().any(|t| t == m.as_str()) {
            out.push(m.as_str().to_string());
        }
    }
    out
}

impl Trace {
    /// Pretty JSON with a trailing newline: the committed form.
    pub fn to_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cline_and_qwen_run_ids_and_durations_are_masked() {
        let m = Masker::new(Path::new("/tmp/conformance-x"), Path::new("/r"));
        let v = m.value(&json!({
            "taskId": "conv_1796402584641_hwyzoww",
            "agent_id": "agent_1796402584603_o1z4g8",
            "sessionContext": {"rootSessionId": "1796402584354_jv42q"},
            "tool_use_id": "toolu_1796402563480_yfb7ydpcf",
            "postToolUse": {"executionTimeMs": 44, "success": true},
            "iteration": 1,
        }));
        assert_eq!(
            v,
            json!({
                "taskId": "<ID>",
                "agent_id": "<ID>",
                "sessionContext": {"rootSessionId": "<ID>"},
                "tool_use_id": "<ID>",
                "postToolUse": {"executionTimeMs": "<DUR>", "success": true},
                "iteration": 1,
            })
        );
        // A short number before an underscore is no id.
        assert_eq!(m.text("call_01 TOK_a_b"), "call_01 TOK_a_b");
    }
}
