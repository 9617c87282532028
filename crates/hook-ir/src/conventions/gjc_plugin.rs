//! `gjc-plugin`: its part of every contract table — the events, the runtime,
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::gjc_runtime::{GJC_LIFECYCLE, GJC_TOOL_CALL, GJC_TOOL_RESULT};
use super::prelude::*;

// ── GJC plugins ──
const PLUGIN_BEFORE: Rules = Rules {
    authority: A::ConstrainedApi,
    trust: Trust::HashPinned,
    ..GJC_TOOL_CALL
};
const PLUGIN_AFTER: Rules = Rules {
    authority: A::ConstrainedApi,
    trust: Trust::HashPinned,
    ..GJC_TOOL_RESULT
};
const PLUGIN_LIFECYCLE: Rules = Rules {
    authority: A::ConstrainedApi,
    trust: Trust::HashPinned,
    ..GJC_LIFECYCLE
};
const GP: Convention = Convention::GjcPlugin;
const NOT_PLUGIN: Code = Code::UnrecognizedPluginEvent;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // GJC plugin manifest shapes (conventions.md §3).
    accepted(
        GP,
        "tool_call/before",
        Kind::PreToolUse,
        PLUGIN_BEFORE,
        M::ToolName,
        "",
    ),
    accepted(
        GP,
        "tool_call/after",
        Kind::PostToolUse,
        PLUGIN_AFTER,
        M::ToolName,
        "A post-tool observation: never gains pre-tool blocking authority.",
    ),
    accepted(
        GP,
        "tool_result/after",
        Kind::PostToolUse,
        PLUGIN_AFTER,
        M::ToolName,
        "target defaults to `*`.",
    ),
    accepted(
        GP,
        "session_start",
        Kind::SessionStart,
        PLUGIN_LIFECYCLE,
        M::Ignored,
        "No target and no phase (not even null).",
    ),
    accepted(
        GP,
        "session_shutdown",
        Kind::SessionShutdown,
        PLUGIN_LIFECYCLE,
        M::Ignored,
        "No target and no phase (not even null).",
    ),
    rejected(
        GP,
        "pre_tool_use",
        NOT_PLUGIN,
        M::Ignored,
        "Aliases are never authority.",
    ),
    rejected(GP, "post_tool_use", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "UserPromptSubmit", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "Stop", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "agent_end", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "before_agent_start", NOT_PLUGIN, M::Ignored, ""),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::GjcPlugin,
    launch: Launch::Module,
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::FirstModule,
    answer: AnswerFormat::ModuleReturn,
    continuation: ContinuationRule::None,
    source: "conventions.md §3 (constrained plugins)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[];

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::GjcPlugin,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: None,
    tool_agent: Some(Agent::Gjc),
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
