//! The environment variables each command convention's agent sets for its hooks, by meaning:
//! the third part of the contract table. `hooks import` rewrites a variable into the target's
//! variable of the same meaning; the lint rule `foreign_agent_variable` flags a variable the
//! hook's own agent does not set. One table for both, so they cannot disagree.
//!
//! Every row names the source it was read from (a file of the agent's repository at a pinned
//! revision, or a recorded conformance trace for Claude Code, which is closed source).

use crate::Convention;
use serde::Serialize;

/// What a variable holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Meaning {
    /// The project's directory: the directory the session was started in, which the agent
    /// treats as the project (Claude's `CLAUDE_PROJECT_DIR`, Gemini's `GEMINI_PROJECT_DIR`).
    ProjectDir,
    /// The root directory of the plugin that holds the hook (set for plugin hooks only).
    PluginRoot,
    /// The session's id.
    SessionId,
    /// Gemini CLI's plans directory.
    PlansDir,
    /// One of jcode's per-event fields (`JCODE_HOOK_TOOL_NAME`, `JCODE_HOOK_PAYLOAD`...): the
    /// other agents pass these on stdin, not in the environment.
    EventField,
}

impl Meaning {
    /// The meaning in words, for messages.
    pub fn words(self) -> &'static str {
        match self {
            Meaning::ProjectDir => "the project directory",
            Meaning::PluginRoot => "the plugin's root directory",
            Meaning::SessionId => "the session id",
            Meaning::PlansDir => "Gemini's plans directory",
            Meaning::EventField => "a field of the event",
        }
    }
}

/// One variable an agent sets in every hook's environment (or, `plugin_only`, in its plugin
/// hooks' environment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AgentVariable {
    /// The variable's name; with `prefix`, the start of the names of a family.
    pub name: &'static str,
    /// Whether `name` is a prefix (`JCODE_HOOK_` + a field name).
    pub prefix: bool,
    /// What it holds.
    pub meaning: Meaning,
    /// The convention whose agent sets it.
    pub convention: Convention,
    /// Set only for hooks of a plugin (Claude's `CLAUDE_PLUGIN_ROOT`).
    pub plugin_only: bool,
    /// Where this was read.
    pub source: &'static str,
}

impl AgentVariable {
    /// Whether this row names `var` (a whole name, or a name of the prefix's family).
    pub fn names(&self, var: &str) -> bool {
        if self.prefix {
            var.len() > self.name.len() && var.starts_with(self.name)
        } else {
            var == self.name
        }
    }
}

/// Every variable an agent sets for its hooks. Codex (`openai/codex@0082977
/// codex-rs/hooks/src/engine/discovery.rs`: hooks of config layers get `env: HashMap::new()`;
/// only plugin hooks, which `codex-json` does not read, get `PLUGIN_ROOT`) and Jarvis/Kimi Code
/// (`MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/features/externalHooks/internal/runHook.ts`:
/// the inherited environment, plus a hook's `env`, which config hooks cannot have) set none;
/// conformance/traces/codex-0.171.0 shows no agent variable either.
pub fn all() -> impl Iterator<Item = &'static AgentVariable> {
    crate::conventions::PROFILES
        .iter()
        .flat_map(|p| p.variables.iter())
}

/// The first row naming `var`, preferring exact names to a prefix family.
pub fn lookup(var: &str) -> Option<&'static AgentVariable> {
    all()
        .find(|v| !v.prefix && v.names(var))
        .or_else(|| all().find(|v| v.names(var)))
}

/// Whether `convention`'s agent sets `var` for its hooks (plugin-only variables included).
pub fn sets(convention: Convention, var: &str) -> bool {
    all().any(|v| v.convention == convention && v.names(var))
}

/// The variable `convention`'s agent sets with `meaning` for every hook (not a plugin-only
/// one), its preferred name first.
pub fn for_meaning(convention: Convention, meaning: Meaning) -> Option<&'static AgentVariable> {
    all()
        .find(|v| v.convention == convention && v.meaning == meaning && !v.plugin_only && !v.prefix)
}

/// The variables `convention`'s agent sets to the plugin's root for a plugin's hooks only
/// (Claude's `CLAUDE_PLUGIN_ROOT`, Cursor's `CURSOR_PLUGIN_ROOT` and `CLAUDE_PLUGIN_ROOT`...):
/// the runner sets each for a hook with a [`crate::Hook::plugin_root`].
pub fn plugin_roots(convention: Convention) -> impl Iterator<Item = &'static AgentVariable> {
    all().filter(move |v| {
        v.convention == convention && v.plugin_only && v.meaning == Meaning::PluginRoot && !v.prefix
    })
}

/// The conventions whose agent sets `var`, in table order, once each.
pub fn setters(var: &str) -> Vec<Convention> {
    let mut out: Vec<Convention> = Vec::new();
    for v in all().filter(|v| v.names(var)) {
        if !out.contains(&v.convention) {
            out.push(v.convention);
        }
    }
    out
}

/// The command conventions that run every hook process in the session's working directory, the
/// directory the agent was started in, for the whole session: a variable of
/// [`Meaning::ProjectDir`] the target lacks is `$PWD` there, by these rows. Claude Code is not
/// one: it runs hooks in the session's *current* directory, which moves with a `cd`
/// (`relative_script_path`), and sets `CLAUDE_PROJECT_DIR` for that reason.
pub fn hook_cwds() -> impl Iterator<Item = (Convention, &'static str)> {
    crate::conventions::PROFILES
        .iter()
        .filter_map(|p| p.hook_cwd.map(|s| (p.convention, s)))
}

/// The source of the row saying `convention` runs its hooks in the session's directory.
pub fn hook_cwd(convention: Convention) -> Option<&'static str> {
    crate::conventions::profile(convention).hook_cwd
}
