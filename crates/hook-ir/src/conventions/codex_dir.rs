//! `codex-dir`: its part of every contract table — the events, the runtime,
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // Claude/Codex hook directories: import and diagnostics only (conventions.md §3).
    accepted(
        Convention::CodexDir,
        "pre",
        Kind::PreToolUse,
        IMPORT_ONLY,
        M::ToolName,
        "Never executed; `hooks import --from codex-dir --to gjc` writes the canonical copy.",
    ),
    accepted(
        Convention::CodexDir,
        "post",
        Kind::PostToolUse,
        IMPORT_ONLY,
        M::ToolName,
        "Never executed.",
    ),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::CodexDir,
    launch: Launch::NotExecuted,
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::FirstModule,
    answer: AnswerFormat::None,
    continuation: ContinuationRule::None,
    source: "conventions.md §3 (import only)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[];

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::CodexDir,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: None,
    tool_agent: Some(Agent::Codex),
    tools: &[],
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::None,
    hosts_bridge: false,
    unknown_events_outside_ir: false,
    hook_input: None,
    blocks_on: "an explicit block",
    session_defaults: super::STARTUP_EXIT,
};
