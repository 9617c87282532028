//! The agents under test: where their pinned builds live, how each is configured and started,
//! and how to read what its model was told from the requests it sent. One file per agent holds
//! its [`Driver`]; [`Agent`] names them.

mod chat;
mod claude;
mod cline;
pub mod codex;
mod copilot;
mod gemini;
mod qwen;

pub use copilot::copilot_trust;

use crate::scenario::{Layer, Scenario};
use crate::server::Api;
use crate::{Error, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// An agent the suite drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Agent {
    /// Claude Code (`@anthropic-ai/claude-code`).
    Claude,
    /// Codex (`@openai/codex`).
    Codex,
    /// Gemini CLI (`@google/gemini-cli`).
    Gemini,
    /// GitHub Copilot CLI (`@github/copilot`).
    Copilot,
    /// Qwen Code (`@qwen-code/qwen-code`).
    Qwen,
    /// Cline CLI (`cline`): convention `cline-dir`, replayed.
    Cline,
}

/// What an agent's driver states as data.
struct Facts {
    /// Its id in scenarios and trace paths.
    id: &'static str,
    /// The convention of its hook config.
    convention: hook_ir::Convention,
    /// Its npm package (the one `conformance/package.json` pins).
    package: &'static str,
    /// Its native binary, relative to `conformance/node_modules`.
    binary: &'static str,
    /// Where a scenario's project config goes, relative to the run's root.
    project_config: &'static str,
    /// Where a scenario's user config goes, relative to the run's root.
    user_config: &'static str,
    /// Where `hooks bridge install` writes a bridge scenario's project entries, when not in
    /// `project_config`.
    bridge_project_config: Option<&'static str>,
}

/// What the suite knows about driving one agent: its file in this folder implements it.
trait Driver: Sync {
    /// Its facts.
    fn facts(&self) -> &'static Facts;
    /// The wire API of its model.
    fn api(&self) -> Box<dyn Api>;
    /// The command line after the binary.
    fn args(&self, s: &Scenario) -> Vec<String>;
    /// Its own variables, added to the environment every agent gets.
    fn env(&self, root: &Path, model_url: &str, env: &mut Vec<(String, String)>);
    /// Files it needs besides the hook config; by default a scratch `tmp/` in the run's root.
    fn setup(
        &self,
        root: &Path,
        _s: &Scenario,
        _model_url: &str,
        _hooks_file: &Path,
    ) -> Result<()> {
        std::fs::create_dir_all(root.join("tmp"))?;
        Ok(())
    }
    /// The event a hook file of this name runs on, for an agent whose hooks are files named
    /// after their event (Cline); `None` for the others.
    fn event_of_hook_file(&self, _name: &str) -> Option<&'static str> {
        None
    }
    /// Per item of one request body: how many items it holds, and the texts the model reads in
    /// each.
    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>);
}

impl Agent {
    /// Every replayed agent, in trace order: its traces are in `conformance/traces/`, CI
    /// re-records them, `docs/conformance.md` lists them.
    pub const ALL: [Agent; 6] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Gemini,
        Agent::Qwen,
        Agent::Copilot,
        Agent::Cline,
    ];

    /// Agents recorded but not replayed: none now (every recorded agent's convention is
    /// replayed). Their traces would go to `conformance/traces-pending/`, and `record` would
    /// run them only when asked by name, never in CI's `--check`.
    pub const PENDING: [Agent; 0] = [];

    fn driver(self) -> &'static dyn Driver {
        match self {
            Agent::Claude => &claude::Claude,
            Agent::Codex => &codex::Codex,
            Agent::Gemini => &gemini::Gemini,
            Agent::Copilot => &copilot::Copilot,
            Agent::Qwen => &qwen::Qwen,
            Agent::Cline => &cline::Cline,
        }
    }

    /// Whether it is one of [`Agent::PENDING`].
    pub fn pending(self) -> bool {
        Agent::PENDING.contains(&self)
    }

    /// Its id in scenarios and trace paths.
    pub fn id(self) -> &'static str {
        self.driver().facts().id
    }

    /// The agent with this id (replayed or pending).
    pub fn parse(s: &str) -> Option<Agent> {
        Agent::ALL
            .into_iter()
            .chain(Agent::PENDING)
            .find(|a| a.id() == s)
    }

    /// The convention of its hook config (how the bridge reads its payloads and answers it);
    /// `None` for a pending agent.
    pub fn convention(self) -> Option<hook_ir::Convention> {
        (!self.pending()).then(|| self.driver().facts().convention)
    }

    /// Its npm package (the one `conformance/package.json` pins).
    pub fn package(self) -> &'static str {
        self.driver().facts().package
    }

    /// Its native binary inside `conformance/node_modules` (run directly: Claude Code's Node
    /// wrapper wants Node ≥ 22, and neither wrapper adds anything the suite needs).
    pub fn binary(self, repo: &Path) -> PathBuf {
        repo.join("conformance/node_modules")
            .join(self.driver().facts().binary)
    }

    /// The pinned version, read from `conformance/package.json` (the one file naming them).
    pub fn pinned_version(self, repo: &Path) -> Result<String> {
        pinned_version(repo, self.package())
    }

    /// The wire API of its model.
    pub fn api(self) -> Box<dyn Api> {
        self.driver().api()
    }

    /// Where the scenario's config file goes, relative to the run's root (`home/`, `project/`).
    pub fn config_path(self, layer: Layer) -> &'static str {
        let f = self.driver().facts();
        match layer {
            Layer::Project => f.project_config,
            Layer::User => f.user_config,
        }
    }

    /// Where `hooks bridge install --host <its convention>` writes the entries of a bridge
    /// scenario (the host adapter's project file): the config path, but for Copilot CLI its
    /// `.github/hooks/hooks.json` (the scenario's `conformance.json` is for hand-written configs).
    pub fn bridge_config_path(self, layer: Layer) -> &'static str {
        match (layer, self.driver().facts().bridge_project_config) {
            (Layer::Project, Some(p)) => p,
            _ => self.config_path(layer),
        }
    }

    /// The command line after the binary.
    pub fn args(self, s: &Scenario) -> Vec<String> {
        let mut a = self.driver().args(s);
        a.shrink_to_fit();
        a
    }

    /// The whole environment of the agent (nothing is inherited).
    pub fn env(self, root: &Path, model_url: &str) -> Vec<(String, String)> {
        let home = root.join("home");
        let mut env = vec![
            ("HOME".to_string(), home.display().to_string()),
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
            // As in the probes: hooks must not depend on the login shell.
            ("SHELL".into(), "/bin/sh".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("TERM".into(), "dumb".into()),
        ];
        self.driver().env(root, model_url, &mut env);
        env
    }

    /// Files the agent needs besides the hook config (Codex's `config.toml` with the scripted
    /// model provider and the trust state, Gemini's and Qwen's user settings, Copilot's folder
    /// trust, Cline's provider).
    pub fn setup(
        self,
        root: &Path,
        s: &Scenario,
        model_url: &str,
        hooks_file: &Path,
    ) -> Result<()> {
        self.driver().setup(root, s, model_url, hooks_file)
    }

    /// The event a hook file named `name` runs on, for an agent whose hooks are files named
    /// after their event (Cline); `None` for the others and for a name no event has.
    pub fn event_of_hook_file(self, name: &str) -> Option<&'static str> {
        self.driver().event_of_hook_file(name)
    }

    /// What the model was told in each request, beyond what the previous request held: the
    /// user-visible texts and tool results, in order, boilerplate of the agent left out.
    pub fn told(self, requests: &[Value]) -> Vec<Vec<String>> {
        let mut seen = 0usize;
        let mut out = Vec::new();
        for body in requests {
            let (items, texts) = self.driver().items(body);
            let start = if items >= seen { seen } else { 0 };
            out.push(texts.into_iter().skip(start).flatten().collect());
            seen = items;
        }
        out
    }
}

/// The paragraphs of an agent's own instructions (system/developer text) that carry a hook's
/// `TOK_*` marker: where hook context lands, without the agent's volatile boilerplate.
pub(crate) fn marked_paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .filter(|p| p.contains("TOK_"))
        .map(|p| p.trim().to_string())
        .collect()
}

/// The text of a message's content: a string, or its text parts joined by newlines.
pub(crate) fn content_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// The model the Chat Completions agents are told to use (not in Copilot CLI's catalog: it warns
/// and uses default limits).
pub(crate) const CHAT_MODEL: &str = "conformance-model";

/// The exact version `conformance/package.json` pins for `package`.
pub fn pinned_version(repo: &Path, package: &str) -> Result<String> {
    let p = repo.join("conformance/package.json");
    let text =
        std::fs::read_to_string(&p).map_err(|e| Error::msg(format!("{}: {e}", p.display())))?;
    let v: Value = serde_json::from_str(&text)?;
    v["dependencies"][package]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| Error::msg(format!("{} does not pin {package}", p.display())))
}
