//! Scenarios are data: `conformance/scenarios.toml` holds every one, with the agents it runs on,
//! the config file text (hook commands written as `@NAME@`, replaced by the path of the generated
//! script NAME), the scripts' behaviours and what the scripted model does.

use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The scenario file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Every scenario, in file order.
    pub scenario: Vec<Scenario>,
}

/// Where a config file goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// The project (`.claude/settings.json`, `.codex/hooks.json`).
    Project,
    /// The user's home (`~/.claude/settings.json`, `~/.codex/hooks.json`).
    #[default]
    User,
}

/// Codex's hook trust, as the scenario sets it up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Trust {
    /// `--dangerously-bypass-hook-trust`.
    #[default]
    Bypass,
    /// A trusted hash for every hook of `trusted_config` (default: the config itself) and, for a
    /// project layer, the project trusted.
    Trusted,
    /// No `[hooks.state]` at all.
    Untrusted,
    /// Hooks trusted, but the project itself not trusted.
    UntrustedProject,
}

/// One scenario.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A unique snake_case name (the trace's file name).
    pub name: String,
    /// What it observes, one line.
    pub about: String,
    /// The agents it runs on (`claude`, `codex`).
    pub agents: Vec<String>,
    /// The config file text, with `@NAME@` for the path of script NAME. May be empty in a
    /// `bridge` scenario: then no file is written before `hooks bridge install` creates it.
    #[serde(default)]
    pub config: String,
    /// Per agent id, a config text used instead of `config` by that agent (Gemini CLI's
    /// `settings.json` names its events and tools its own way).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub configs: BTreeMap<String, String>,
    /// Where the config file goes.
    #[serde(default)]
    pub layer: Layer,
    /// The scripts' behaviours, by name.
    #[serde(default)]
    pub scripts: BTreeMap<String, Behaviour>,
    /// The user's prompt.
    #[serde(default = "default_prompt")]
    pub prompt: String,
    /// The shell command of the model's tool call; empty: no tool call.
    #[serde(default = "default_tool")]
    pub tool: String,
    /// The model's final text.
    #[serde(default = "default_final")]
    pub final_text: String,
    /// The Chat Completions agents only (Copilot CLI, Qwen Code, Cline): the model calls this tool
    /// instead of the shell, a JSON object `{"name": …, "arguments": {…}}` (`<ROOT>` = the run's
    /// root); empty: the shell call `tool`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tool_call: String,
    /// Codex only: hook trust.
    #[serde(default)]
    pub trust: Trust,
    /// Codex only, with `trust = "trusted"`: the config whose hooks the hashes were computed for
    /// (a hook that differs from it is "changed").
    #[serde(default)]
    pub trusted_config: Option<String>,
    /// More files of the run, by path under the run root (`project/…`, `home/…`): the hooks of
    /// other conventions a bridge runs (a GJC module, a Jarvis config). `@NAME@` stands for the
    /// path of script NAME, `<LOGS>` for the directory hook runs log into.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub files: BTreeMap<String, String>,
    /// Codex only: hooks inlined in `$CODEX_HOME/config.toml` (`[[hooks.PreToolUse]]` …), TOML
    /// appended to the config the recorder writes there (`@NAME@` = the path of script NAME).
    /// Codex 0.171.0 loads them next to the same layer's `hooks.json`
    /// (`codex-rs/hooks/src/engine/discovery.rs` `load_toml_hooks_from_layer`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub codex_config_hooks: String,
    /// Install `hooks bridge` with the real binary (`hooks bridge install --host <the agent's
    /// convention>`) after writing `files`: the agent then runs the other conventions' hooks
    /// through it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bridge: bool,
    /// The guarantees `hooks bridge install` is given for a `bridge` scenario
    /// (`["--fail-closed"]`, `["--loop-limit", "2"]`), written into each entry it installs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bridge_flags: Vec<String>,
    /// Variables added to the agent's environment (`<ROOT>` = the run's root), such as
    /// Gemini CLI's `GEMINI_CLI_SYSTEM_SETTINGS_PATH` for a system settings layer of the run's
    /// own. The replay gives our adapter and runner the same variables.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// More arguments for the agent, after its usual ones (`<ROOT>` = the run's root), such as
    /// Copilot CLI's `--plugin-dir`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Seconds the whole agent run may take.
    #[serde(default = "default_budget")]
    pub budget_secs: u64,
}

/// `base` with the scenario variables `extra` set (`<ROOT>` replaced by `root`).
pub fn with_env(
    mut base: Vec<(String, String)>,
    extra: &BTreeMap<String, String>,
    root: &Path,
) -> Vec<(String, String)> {
    for (k, v) in extra {
        base.retain(|(n, _)| n != k);
        base.push((k.clone(), v.replace("<ROOT>", &root.display().to_string())));
    }
    base
}

/// What a generated hook script does after logging its run.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Behaviour {
    /// Only behave when stdin contains this text; otherwise exit 0 silently.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// Seconds to sleep first (a hook killed while sleeping never logs `finished`).
    #[serde(default, skip_serializing_if = "is_zero_f")]
    pub sleep: f64,
    /// Text printed on stdout.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdout: String,
    /// Text printed on stderr.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
    /// Exit code.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub exit: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}
fn is_zero_f(n: &f64) -> bool {
    *n == 0.0
}
fn default_prompt() -> String {
    "please run the scripted tool TOK_prompt".into()
}
fn default_tool() -> String {
    "printf 'TOK_%s\\n' toolran".into()
}
fn default_final() -> String {
    "all done TOK_final".into()
}
fn default_budget() -> u64 {
    30
}

impl ScenarioFile {
    /// Reads and checks the scenario file.
    pub fn load(path: &Path) -> Result<ScenarioFile> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?;
        let file: ScenarioFile =
            toml::from_str(&text).map_err(|e| Error::msg(format!("{}: {e}", path.display())))?;
        let mut seen = std::collections::BTreeSet::new();
        for s in &file.scenario {
            if !seen.insert(s.name.as_str()) {
                return Err(Error::msg(format!("scenario `{}` twice", s.name)));
            }
            for a in &s.agents {
                if crate::agents::Agent::parse(a).is_none() {
                    return Err(Error::msg(format!(
                        "scenario `{}`: unknown agent `{a}`",
                        s.name
                    )));
                }
            }
            for a in s.configs.keys() {
                if !s.agents.contains(a) {
                    return Err(Error::msg(format!(
                        "scenario `{}`: a config for `{a}`, which it does not run on",
                        s.name
                    )));
                }
            }
            check_bridge(s)?;
            if !s.tool_call.is_empty()
                && s.agents
                    .iter()
                    .any(|a| !matches!(a.as_str(), "copilot" | "qwen" | "cline"))
            {
                return Err(Error::msg(format!(
                    "scenario `{}`: `tool_call` is served to the Chat Completions agents only \
                     (copilot, qwen, cline)",
                    s.name
                )));
            }
            for name in std::iter::once(&s.config)
                .chain(s.configs.values())
                .chain(s.files.values())
                .flat_map(|c| placeholders(c))
            {
                if !s.scripts.contains_key(&name) {
                    return Err(Error::msg(format!(
                        "scenario `{}`: `@{name}@` has no [scripts.{name}]",
                        s.name
                    )));
                }
            }
        }
        Ok(file)
    }
}

/// A bridge scenario runs on hosts only, in the project (where `hooks bridge install` writes
/// Claude's and Codex's entries); its files stay inside the run root.
fn check_bridge(s: &Scenario) -> Result<()> {
    let bad = |why: String| Err(Error::msg(format!("scenario `{}`: {why}", s.name)));
    for path in s.files.keys() {
        let p = Path::new(path);
        let inside = (p.starts_with("project") || p.starts_with("home"))
            && p.components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !inside {
            return bad(format!(
                "file `{path}` is not under `project/` or `home/` (relative, no `..`)"
            ));
        }
    }
    if !s.bridge {
        return if s.bridge_flags.is_empty() {
            Ok(())
        } else {
            bad("`bridge_flags` needs `bridge = true`".into())
        };
    }
    for f in &s.bridge_flags {
        if !f.starts_with("--fail-closed")
            && !f.starts_with("--loop-limit")
            && f.parse::<u32>().is_err()
        {
            return bad(format!(
                "`bridge_flags`: `{f}` is not a guarantee of `hooks bridge install`"
            ));
        }
    }
    if s.layer != Layer::Project {
        return bad("`bridge` installs into the project: set `layer = \"project\"`".into());
    }
    for a in &s.agents {
        let host = crate::agents::Agent::parse(a).and_then(crate::agents::Agent::convention);
        if !host.is_some_and(runner::host::is_host) {
            return bad(format!("`bridge`: `{a}` cannot host the bridge"));
        }
    }
    Ok(())
}

impl Scenario {
    /// The scenario as `agent` runs it: its own config text when it has one.
    pub fn for_agent(&self, agent: &str) -> Scenario {
        let mut s = self.clone();
        if let Some(c) = self.configs.get(agent) {
            s.config = c.clone();
        }
        s.configs.clear();
        s
    }
}

/// The `@NAME@` placeholders of a config text, in order.
pub fn placeholders(config: &str) -> Vec<String> {
    let re = regex::Regex::new(r"@([a-z0-9_]+)@").expect("a valid regex");
    re.captures_iter(config).map(|c| c[1].to_string()).collect()
}
