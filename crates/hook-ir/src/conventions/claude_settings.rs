//! `claude-settings`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// Claude Code settings (conventions.md §5).
pub mod limits {
    /// Default `timeout` of a command hook, in seconds.
    pub const TIMEOUT_DEFAULT_S: u64 = 600;
    /// `SessionEnd` hooks share one time budget: at least this (Claude Code 2.1.332's bundle,
    /// `Math.max(1500, Math.min(largestTimeout, 60000), env)`; observed: a hook with no
    /// timeout cancelled after ~1.5 s, issue 11).
    pub const SESSION_END_BUDGET_FLOOR_MS: u64 = 1500;
    /// The largest `SessionEnd` budget a hook's `timeout` can raise it to.
    pub const SESSION_END_BUDGET_MAX_MS: u64 = 60_000;
    /// Exit code that blocks.
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// A timeout at or above this many seconds probably meant milliseconds.
    pub const TIMEOUT_LOOKS_LIKE_MS_S: u64 = 1000;
    /// The shell commands run with on Unix (`sh -c <command>`).
    pub const SHELL: &str = "/bin/sh";
    /// The variable naming the project root in every hook's environment.
    pub const PROJECT_DIR_ENV: &str = "CLAUDE_PROJECT_DIR";
}

const CLAUDE_TRACE: &str = "Claude Code 2.1.332, conformance/traces/claude-2.1.332/*.json (`env` of every hook run); conventions.md §5";
const CLAUDE_PLUGIN_DOC: &str =
    "Claude Code docs, hooks \"Plugin hooks\"; conventions.md §5 (`${CLAUDE_PLUGIN_ROOT}`)";
const CLAUDE: &str =
    "Claude Code docs, code.claude.com/docs/en/tools-reference (Claude Code 2.1.x)";
const CLAUDE_OLD: &str = "Claude Code docs before 2.1 (hooks guide: `Task`, `MultiEdit`, `LS`, `NotebookRead`, `TodoRead`)";
const CLAUDE_DOCS: &str = "Claude Code 2.1.332, hooks reference (code.claude.com/docs/en/hooks)";

// ── Claude settings ──
const CLAUDE_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Seconds,
        default: limits::TIMEOUT_DEFAULT_S,
        min: 1,
        max: None,
    },
    on_error: E::FailOpen,
    can_block: false,
    mutates: &[],
    input: &[I::StdinJson, I::Env],
    output: Output::ExitCodeAndStdout,
    authority: A::AmbientHost,
    trust: Trust::FolderTrust,
    skip_when: &[],
};
const CL: Convention = Convention::ClaudeSettings;
const CLAUDE_SESSION_END_TIMEOUT: Timeout = Timeout::SharedBudget {
    unit: TimeoutUnit::Seconds,
    default: limits::TIMEOUT_DEFAULT_S,
    floor_ms: limits::SESSION_END_BUDGET_FLOOR_MS,
    max_ms: limits::SESSION_END_BUDGET_MAX_MS,
};

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // Claude Code settings (conventions.md §5).
    accepted(CL, "PreToolUse", Kind::PreToolUse, Rules { can_block: true, mutates: &[Mu::ToolInput], ..CLAUDE_OBSERVER }, M::ToolName,
        "permissionDecision precedence deny > defer > ask > allow; a timed-out hook does not block."),
    rejected(CL, "PermissionRequest", OUTSIDE, M::ToolName, ""),
    accepted(CL, "PostToolUse", Kind::PostToolUse, Rules { mutates: &[Mu::Context], ..CLAUDE_OBSERVER }, M::ToolName, ""),
    rejected(CL, "PostToolUseFailure", OUTSIDE, M::ToolName, ""),
    rejected(CL, "Notification", OUTSIDE, M::Other, ""),
    accepted(CL, "UserPromptSubmit", Kind::UserPromptSubmit, Rules { can_block: true, mutates: &[Mu::Context], ..CLAUDE_OBSERVER }, M::Ignored,
        "Plain stdout on exit 0 becomes context."),
    accepted(CL, "Stop", Kind::Stop, Rules { can_block: true, mutates: &[Mu::Continuation], ..CLAUDE_OBSERVER }, M::Ignored, ""),
    rejected(CL, "SubagentStart", OUTSIDE, M::Other, ""),
    rejected(CL, "SubagentStop", OUTSIDE, M::Other, ""),
    rejected(CL, "PreCompact", OUTSIDE, M::Other, ""),
    rejected(CL, "PostCompact", OUTSIDE, M::Other, ""),
    accepted(CL, "SessionStart", Kind::SessionStart, Rules { mutates: &[Mu::Context], ..CLAUDE_OBSERVER }, M::Source,
        "Plain stdout on exit 0 becomes context. Project-level SessionStart hooks run when a repository is opened."),
    accepted(CL, "SessionEnd", Kind::SessionShutdown, Rules { timeout: CLAUDE_SESSION_END_TIMEOUT, ..CLAUDE_OBSERVER }, M::Reason,
        "The event's hooks share one budget: 1.5 s, raised by the largest `timeout` written on a SessionEnd hook up to 60 s (Claude Code 2.1.332; observed: a hook with no timeout cancelled after ~1.5 s, with `timeout: 10` it finished)."),
    // Newer Claude Code events (hooks reference, code.claude.com/docs/en/hooks): valid names
    // that are outside the six kinds. `Ignored` marks events whose matcher Claude ignores.
    rejected(CL, "PermissionDenied", OUTSIDE, M::ToolName, ""),
    rejected(CL, "PostToolBatch", OUTSIDE, M::Ignored, ""),
    rejected(CL, "UserPromptExpansion", OUTSIDE, M::Other, "Matches the slash command name."),
    rejected(CL, "StopFailure", OUTSIDE, M::Other, "Matches the error type."),
    rejected(CL, "Setup", OUTSIDE, M::Other, "Matches the trigger (init, maintenance)."),
    rejected(CL, "TeammateIdle", OUTSIDE, M::Ignored, ""),
    rejected(CL, "TaskCreated", OUTSIDE, M::Ignored, ""),
    rejected(CL, "TaskCompleted", OUTSIDE, M::Ignored, ""),
    rejected(CL, "InstructionsLoaded", OUTSIDE, M::Other, "Matches the load reason."),
    rejected(CL, "ConfigChange", OUTSIDE, M::Other, "Matches the configuration source."),
    rejected(CL, "CwdChanged", OUTSIDE, M::Ignored, ""),
    rejected(CL, "FileChanged", OUTSIDE, M::Other, "Matches file names."),
    rejected(CL, "WorktreeCreate", OUTSIDE, M::Ignored, ""),
    rejected(CL, "WorktreeRemove", OUTSIDE, M::Ignored, ""),
    rejected(CL, "Elicitation", OUTSIDE, M::Other, "Matches the MCP server name."),
    rejected(CL, "ElicitationResult", OUTSIDE, M::Other, "Matches the MCP server name."),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::ClaudeSettings,
    launch: Launch::Shell {
        shell: ShellProgram::Fixed {
            path: limits::SHELL,
        },
        flag: "-c",
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::IdenticalCommand,
    answer: AnswerFormat::ClaudeJson,
    continuation: ContinuationRule::HookGuarded,
    source: "conventions.md §5",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::ClaudeSettings,
        plugin_only: false,
        source: CLAUDE_TRACE,
    },
    AgentVariable {
        name: "CLAUDE_PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::ClaudeSettings,
        plugin_only: true,
        source: CLAUDE_PLUGIN_DOC,
    },
    AgentVariable {
        name: "CLAUDE_CODE_SESSION_ID",
        prefix: false,
        meaning: Meaning::SessionId,
        convention: Convention::ClaudeSettings,
        plugin_only: false,
        source: CLAUDE_TRACE,
    },
];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // Claude Code.
    t(Agent::Claude, "Bash", &[Shell], CLAUDE),
    t(Agent::Claude, "Read", &[Read], CLAUDE),
    t(Agent::Claude, "Write", &[Write], CLAUDE),
    t(Agent::Claude, "Edit", &[Edit], CLAUDE),
    legacy(t(Agent::Claude, "MultiEdit", &[Edit], CLAUDE_OLD)),
    t(Agent::Claude, "Glob", &[Glob], CLAUDE),
    t(Agent::Claude, "Grep", &[Grep], CLAUDE),
    legacy(t(Agent::Claude, "LS", &[List], CLAUDE_OLD)),
    t(Agent::Claude, "WebFetch", &[WebFetch], CLAUDE),
    t(Agent::Claude, "WebSearch", &[WebSearch], CLAUDE),
    t(Agent::Claude, "Agent", &[Subagent], CLAUDE),
    legacy(t(Agent::Claude, "Task", &[Subagent], CLAUDE_OLD)),
    t(Agent::Claude, "TodoWrite", &[Todo], CLAUDE),
    legacy(t(Agent::Claude, "TodoRead", &[], CLAUDE_OLD)),
    t(Agent::Claude, "NotebookEdit", &[], CLAUDE),
    legacy(t(Agent::Claude, "NotebookRead", &[Read], CLAUDE_OLD)),
    t(Agent::Claude, "AskUserQuestion", &[AskUser], CLAUDE),
    t(Agent::Claude, "Skill", &[Skill], CLAUDE),
    t(Agent::Claude, "EnterPlanMode", &[EnterPlan], CLAUDE),
    t(Agent::Claude, "ExitPlanMode", &[ExitPlan], CLAUDE),
    t(Agent::Claude, "CronCreate", &[CronCreate], CLAUDE),
    t(Agent::Claude, "CronDelete", &[CronDelete], CLAUDE),
    t(Agent::Claude, "CronList", &[CronList], CLAUDE),
    t(Agent::Claude, "TaskOutput", &[TaskOutput], CLAUDE),
    t(Agent::Claude, "TaskStop", &[TaskStop], CLAUDE),
    // Claude's own task list (TaskCreate…) is its todo list in interactive sessions.
    t(Agent::Claude, "TaskCreate", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskGet", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskList", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskUpdate", &[Todo], CLAUDE),
    t(Agent::Claude, "EnterWorktree", &[], CLAUDE),
    t(Agent::Claude, "ExitWorktree", &[], CLAUDE),
    t(Agent::Claude, "ListMcpResourcesTool", &[], CLAUDE),
    t(Agent::Claude, "ReadMcpResourceTool", &[], CLAUDE),
    t(Agent::Claude, "LSP", &[], CLAUDE),
    t(Agent::Claude, "ToolSearch", &[], CLAUDE),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[

            spelled(ev("pre_compact", CL, "PreCompact", V::Trigger, true, CLAUDE_DOCS), TRIGGERS),

            spelled(ev("post_compact", CL, "PostCompact", V::Trigger, false, CLAUDE_DOCS), TRIGGERS),

            ev("subagent_start", CL, "SubagentStart", V::AgentType, false, CLAUDE_DOCS),

            ev("subagent_stop", CL, "SubagentStop", V::AgentType, true, CLAUDE_DOCS),

            ev_when("notification", CL, "Notification", V::NotificationType,
                "when Claude asks for a permission, waits idle for input, or shows an auth or elicitation dialog",
                CLAUDE_DOCS),

            ev("post_tool_use_failure", CL, "PostToolUseFailure", V::ToolName, false, CLAUDE_DOCS),

            ev("permission_request", CL, "PermissionRequest", V::ToolName, true, CLAUDE_DOCS),

            ev("stop_failure", CL, "StopFailure", V::ErrorType, false, CLAUDE_DOCS),
];

/// Claude reads letters, digits, `_`, `-`, space, `,` and `|` as an exact list: whether `n` is
/// one of its names.
fn exact_name(n: &str) -> bool {
    !n.is_empty()
        && n.trim() == n
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_- ".contains(c))
}

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Claude,
    convention: Convention::ClaudeSettings,
    name: "Claude Code",
    reader_id: "claude-code",
    // Claude Code docs, hooks "MCP tools": `mcp__<server>__<tool>`.
    mcp_form: Some(McpForm::DoubleUnderscore {
        dash_to_underscore: false,
    }),
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::ClaudeSettings,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: None,
    tool_agent: Some(Agent::Claude),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::ExactAndRegex(exact_name, Dialect::Ecmascript),
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a JSON payload on stdin (`hook_event_name`, `session_id`, `tool_name`, `tool_input`, …)",
    }),
    blocks_on: "exit 2 (or a JSON deny)",
    session_defaults: super::STARTUP_EXIT,
};
