//! The convention registry of the contract: one file per convention holding its part of every
//! table (numbers, events, runtime, variables, tools, shared native events), and [`PROFILES`],
//! which lists them in [`Convention::ALL`] order. Everything else reads a convention's contract
//! through [`profile`]: adding a convention is a file here and a row in [`PROFILES`].

use crate::contract::native::NativeEvent;
use crate::contract::variables::AgentVariable;
use crate::contract::{EventContract, Runtime};
use crate::tools::{Agent, AgentFacts, Tool};
use crate::{Convention, Dialect};

mod claude_dir;
mod claude_settings;
mod cline_dir;
mod codex_dir;
mod codex_json;
mod copilot_hooks;
mod cursor_hooks;
mod gemini_settings;
mod gjc;
mod gjc_plugin;
mod gjc_runtime;
mod jarvis;
mod jcode;
mod qwen_settings;

/// What every convention file imports: the table's types and row builders.
mod prelude {
    pub(super) use super::{HookInput, MatcherSyntax, Profile};
    pub(super) use crate::contract::native::{
        ev, ev_when, spelled, NativeEvent, NativeValue as V, TRIGGERS,
    };
    pub(super) use crate::contract::variables::{AgentVariable, Meaning};
    pub(super) use crate::contract::{
        accepted, rejected, AnswerFormat, Authority as A, ContinuationRule, Dedupe, EventContract,
        Input as I, KillRule, Launch, MatchedValue as M, Mutation as Mu, OnError as E,
        Ordering as O, Output, ProcessMode, Rules, Runtime, ShellProgram, SkipWhen, Timeout,
        TimeoutUnit, Trust, IMPORT_ONLY, OUTSIDE,
    };
    pub(super) use crate::tools::{aka, legacy, t, Agent, AgentFacts, McpForm, Tool};
    pub(super) use crate::Dialect;
    pub(super) use crate::{Code, Convention, Kind};
}

/// One convention's part of the contract.
#[derive(Debug)]
pub struct Profile {
    /// The convention.
    pub convention: Convention,
    /// Its events (accepted and rejected), in the agent's own order.
    pub events: &'static [EventContract],
    /// How its runtime launches and answers hooks.
    pub runtime: &'static Runtime,
    /// The variables its agent sets for its hooks.
    pub variables: &'static [AgentVariable],
    /// Where its agent says every hook runs in the session's starting directory (the source),
    /// `None` when it does not (see [`crate::contract::variables::hook_cwd`]).
    pub hook_cwd: Option<&'static str>,
    /// The agent whose tools its hooks see.
    pub tool_agent: Option<Agent>,
    /// That agent's tools, listed by the one convention that owns the agent's column (the
    /// others of the same agent list none).
    pub tools: &'static [Tool],
    /// Its events outside the six kinds that other agents share.
    pub native: &'static [NativeEvent],
    /// The environment variable whose presence (any value, even empty) makes its agent run no
    /// hook at all.
    pub disabled_by: Option<&'static str>,
    /// What its matchers can express, as `hooks import` writes them.
    pub matcher: MatcherSyntax,
    /// Whether `hooks bridge` can run other conventions' hooks from an entry in its file: its
    /// agent runs commands and reads a JSON answer the bridge can write.
    pub hosts_bridge: bool,
    /// Whether an event name outside its table is an event the IR does not model rather than
    /// a mistake: GJC's extension API takes any event name (`Lookup::OutsideIr`), where the
    /// other agents skip an unknown name (a did-you-mean).
    pub unknown_events_outside_ir: bool,
    /// How its agent hands an event to a command hook, when its hooks are external commands
    /// that `hooks import` moves both ways ([`command_conventions`]); `None` otherwise.
    pub hook_input: Option<HookInput>,
    /// What makes one of its gate hooks block, in words ("… blocks only on …").
    pub blocks_on: &'static str,
    /// The session start's source and the session end's reason its agent sends when nothing
    /// more specific is known (what `hooks run` sends, and the matchers see, by default).
    pub session_defaults: SessionDefaults,
}

/// See [`Profile::session_defaults`].
#[derive(Debug, Clone, Copy)]
pub struct SessionDefaults {
    /// The session start's source.
    pub start_source: &'static str,
    /// The session end's reason.
    pub end_reason: &'static str,
}

/// The words most agents send: `startup` and `exit` (Claude Code, Codex, Gemini CLI, Jarvis).
pub const STARTUP_EXIT: SessionDefaults = SessionDefaults {
    start_source: "startup",
    end_reason: "exit",
};

/// How a command convention's agent hands the event to its hooks: what `hooks import` says
/// when a hook moves to an agent whose hooks read another input.
#[derive(Debug, Clone, Copy)]
pub struct HookInput {
    /// The input, in words: conventions with the same words hand their hooks the same input
    /// (Claude Code's payload is Codex's shape).
    pub words: &'static str,
}

/// The command conventions, between which `hooks import` moves hooks both ways (the profiles
/// with a [`Profile::hook_input`]), in [`Convention::ALL`] order.
pub fn command_conventions() -> impl Iterator<Item = Convention> {
    PROFILES
        .iter()
        .filter(|p| p.hook_input.is_some())
        .map(|p| p.convention)
}

/// What a convention's matchers can express.
#[derive(Debug, Clone, Copy)]
pub enum MatcherSyntax {
    /// Exact lists of names matching this predicate, and regexes of this dialect.
    ExactAndRegex(fn(&str) -> bool, Dialect),
    /// Regexes of this dialect only (every matcher string is a regex).
    RegexOnly(Dialect),
    /// No matcher: every hook fires for every tool (jcode), or the convention is not a target
    /// of `hooks import`'s command conversion.
    None,
}

/// The Claude name Copilot CLI's PascalCase dialect shows for each of its tools (payloads and
/// matchers), verified live pair by pair.
pub use copilot_hooks::PASCAL_NAMES as COPILOT_PASCAL_NAMES;

/// The Cursor docs every `cursor-hooks` rule cites.
pub use cursor_hooks::{DOCS as CURSOR_DOCS, REFERENCE as CURSOR_REFERENCE};

/// Every convention's profile, in [`Convention::ALL`] order.
pub static PROFILES: [&Profile; Convention::ALL.len()] = [
    &jcode::PROFILE,
    &jarvis::PROFILE,
    &gjc::PROFILE,
    &claude_dir::PROFILE,
    &codex_dir::PROFILE,
    &codex_json::PROFILE,
    &gjc_plugin::PROFILE,
    &claude_settings::PROFILE,
    &gemini_settings::PROFILE,
    &copilot_hooks::PROFILE,
    &qwen_settings::PROFILE,
    &cursor_hooks::PROFILE,
    &cline_dir::PROFILE,
];

/// Every agent's column header, in [`Agent::ALL`] order, each from the file of the convention
/// that owns its column.
pub const AGENTS: [AgentFacts; Agent::ALL.len()] = [
    claude_settings::AGENT,
    codex_json::AGENT,
    jcode::AGENT,
    gjc::AGENT,
    jarvis::AGENT,
    gemini_settings::AGENT,
    copilot_hooks::AGENT,
    qwen_settings::AGENT,
    cursor_hooks::AGENT,
    cline_dir::AGENT,
];

/// The profile of `convention`.
pub fn profile(convention: Convention) -> &'static Profile {
    // `PROFILES` is in `Convention::ALL` order, which is the enum's declaration order (pinned
    // by `profiles_are_in_convention_order`).
    PROFILES[convention as usize]
}

/// Each agent's numbers, by the agent's short name (`hook_ir::contract::limits::claude`).
pub mod limits {
    pub use super::claude_settings::limits as claude;
    pub use super::cline_dir::limits as cline;
    pub use super::codex_json::limits as codex;
    pub use super::copilot_hooks::limits as copilot;
    pub use super::cursor_hooks::limits as cursor;
    pub use super::gemini_settings::limits as gemini;
    pub use super::gjc::limits as gjc;
    /// The numbers of the in-process module runtime the runner's module host reproduces
    /// (GJC's ExtensionRunner, whose two conventions share them).
    pub use super::gjc_runtime::limits as module_host;
    pub use super::jarvis::limits as jarvis;
    pub use super::jcode::limits as jcode;
    pub use super::qwen_settings::limits as qwen;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_are_in_convention_order() {
        for (i, c) in Convention::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i, "{c}");
            assert_eq!(PROFILES[i].convention, c, "PROFILES[{i}] is not {c}'s");
            assert!(PROFILES[i].events.iter().all(|e| e.convention == c), "{c}");
            assert_eq!(PROFILES[i].runtime.convention, c);
            assert!(PROFILES[i].variables.iter().all(|v| v.convention == c));
            assert!(PROFILES[i].native.iter().all(|n| n.convention == c));
            assert!(PROFILES[i]
                .tools
                .iter()
                .all(|t| Some(t.agent) == PROFILES[i].tool_agent));
        }
    }

    #[test]
    fn agents_are_in_column_order() {
        for (i, a) in Agent::ALL.into_iter().enumerate() {
            assert_eq!(a as usize, i, "{a:?}");
            assert_eq!(AGENTS[i].agent, a, "AGENTS[{i}] is not {a:?}'s");
            let owner = PROFILES
                .iter()
                .find(|p| p.tools.iter().any(|t| t.agent == a));
            assert_eq!(
                owner.map(|p| p.convention),
                Some(AGENTS[i].convention),
                "{a:?}: AGENTS' convention is not its column's owner"
            );
        }
    }

    #[test]
    fn each_agent_column_is_listed_once() {
        for agent in Agent::ALL {
            let owners = PROFILES
                .iter()
                .filter(|p| p.tools.iter().any(|t| t.agent == agent))
                .count();
            assert_eq!(owners, 1, "{agent:?}");
        }
    }
}
