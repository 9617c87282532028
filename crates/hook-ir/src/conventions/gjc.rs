//! `gjc`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use crate::tools::Role::*;

pub use super::gjc_runtime::limits;
use super::gjc_runtime::{GJC_LIFECYCLE, GJC_TOOL_CALL, GJC_TOOL_RESULT};

const GJC: &str =
    "sskys18/gajae-code@9af8ebe packages/coding-agent/src/tools/descriptors.ts (loaders)";

const GJC_BEFORE_AGENT_START: Rules = Rules {
    mutates: &[Mu::Message],
    ..GJC_LIFECYCLE
};
const GJ: Convention = Convention::Gjc;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // GJC in-process HookAPI events (conventions.md §3).
    accepted(GJ, "before_agent_start", Kind::UserPromptSubmit, GJC_BEFORE_AGENT_START, M::Ignored,
        "Handlers may each return a message to inject."),
    accepted(GJ, "tool_call", Kind::PreToolUse, GJC_TOOL_CALL, M::ToolName,
        "The first {block: true, reason} returns at once and skips later handlers; a thrown error blocks with `Extension <path> failed: <message>`."),
    accepted(GJ, "tool_result", Kind::PostToolUse, GJC_TOOL_RESULT, M::ToolName,
        "content, details and isError replacements chain through the handlers."),
    accepted(GJ, "agent_end", Kind::Stop, GJC_LIFECYCLE, M::Ignored, "Fires once per agent loop."),
    accepted(GJ, "session_start", Kind::SessionStart, GJC_LIFECYCLE, M::Ignored, ""),
    accepted(GJ, "session_shutdown", Kind::SessionShutdown, GJC_LIFECYCLE, M::Ignored,
        "The contract table says 30 s; the code awaits handlers for 60 s."),
    rejected(GJ, "turn_end", Code::SemanticMismatch, M::Ignored,
        "Fires once per turn, not once per agent loop: mapping it to stop would change invocation counts."),
    rejected(GJ, "context", Code::InProcessEventOutsideHookIr, M::Ignored, ""),
    rejected(GJ, "session_before_compact", Code::InProcessEventOutsideHookIr, M::Ignored, ""),
    rejected(GJ, "auto_retry_start", Code::InProcessEventOutsideHookIr, M::Ignored,
        "Any other in-process event is outside the hook IR too."),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::Gjc,
    launch: Launch::Module,
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::FirstModule,
    answer: AnswerFormat::ModuleReturn,
    continuation: ContinuationRule::None,
    source: "conventions.md §3 (ExtensionRunner)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // GJC: `read` also lists directories and fetches URLs (tool-catalog.generated.ts).
    t(Agent::Gjc, "bash", &[Shell], GJC),
    t(Agent::Gjc, "read", &[Read, List, WebFetch], GJC),
    t(Agent::Gjc, "write", &[Write], GJC),
    t(Agent::Gjc, "edit", &[Edit], GJC),
    t(Agent::Gjc, "find", &[Glob], GJC),
    t(Agent::Gjc, "search", &[Grep], GJC),
    t(Agent::Gjc, "web_search", &[WebSearch], GJC),
    t(Agent::Gjc, "task", &[Subagent], GJC),
    t(Agent::Gjc, "todo_write", &[Todo], GJC),
    t(Agent::Gjc, "ask", &[AskUser], GJC),
    t(Agent::Gjc, "skill", &[Skill], GJC),
    t(Agent::Gjc, "cron", &[CronCreate, CronDelete, CronList], GJC),
    t(Agent::Gjc, "subagent", &[], GJC),
    t(Agent::Gjc, "ast_grep", &[], GJC),
    t(Agent::Gjc, "ast_edit", &[], GJC),
    t(Agent::Gjc, "lsp", &[], GJC),
    t(Agent::Gjc, "eval", &[], GJC),
    t(Agent::Gjc, "python", &[], GJC),
    t(Agent::Gjc, "job", &[], GJC),
    t(Agent::Gjc, "browser", &[], GJC),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Gjc,
    convention: Convention::Gjc,
    name: "GJC",
    reader_id: "gjc",
    // GJC hooks filter on the tool's registered name; no MCP naming rule was found in
    // sskys18/gajae-code@9af8ebe, so MCP names are not mapped into or out of it.
    mcp_form: None,
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::Gjc,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: None,
    tool_agent: Some(Agent::Gjc),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::None,
    hosts_bridge: false,
    unknown_events_outside_ir: true,
    hook_input: None,
    blocks_on: "an explicit block",
    session_defaults: super::STARTUP_EXIT,
};
