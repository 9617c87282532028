//! `jarvis`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// A Kimi Code source file, under `packages/agent-core-v2/src/`.
macro_rules! kimi {
    ($path:literal) => {
        concat!(
            "MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/",
            $path
        )
    };
}

/// Jarvis Code (conventions.md §2).
pub mod limits {
    /// Default `timeout` in seconds.
    pub const TIMEOUT_DEFAULT_S: u64 = 30;
    /// Smallest accepted `timeout`.
    pub const TIMEOUT_MIN_S: u64 = 1;
    /// Largest accepted `timeout`.
    pub const TIMEOUT_MAX_S: u64 = 600;
    /// Exit code that blocks.
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// Delay between SIGTERM and SIGKILL to the process group on timeout.
    pub const KILL_GRACE_MS: u64 = 100;
    /// `tool_output` in the PostToolUse payload keeps this many characters.
    pub const TOOL_OUTPUT_MAX_CHARS: usize = 2000;
    /// Stop continuations per turn.
    pub const STOP_CONTINUATIONS_PER_TURN: u32 = 1;
    /// `client_type` of the base payload (Kimi's value; Jarvis is a renamed copy).
    pub const CLIENT_TYPE: &str = "kimi_code_cli";
    /// The shell commands run with (`/bin/sh -c <command>`).
    pub const SHELL: &str = "/bin/sh";
}

const KIMI: &str = "MoonshotAI/kimi-code@0746eef packages/agent-core-v2/src/features/externalHooks/agent/agentExternalHooksService.ts (conventions.md §2): every event but PreToolUse, Stop and UserPromptSubmit is an observer";

// ── Jarvis ──
const JARVIS_TIMEOUT: Timeout = Timeout::Configurable {
    unit: TimeoutUnit::Seconds,
    default: limits::TIMEOUT_DEFAULT_S,
    min: limits::TIMEOUT_MIN_S,
    max: Some(limits::TIMEOUT_MAX_S),
};
const JARVIS_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: JARVIS_TIMEOUT,
    on_error: E::FailOpen,
    can_block: false,
    mutates: &[],
    input: &[I::StdinJson],
    output: Output::ExitCodeAndStdout,
    authority: A::AmbientHost,
    trust: Trust::UserConfig,
    skip_when: &[],
};
const JARVIS_GATE: Rules = Rules {
    can_block: true,
    ..JARVIS_OBSERVER
};
const JV: Convention = Convention::Jarvis;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // Jarvis: the 20 events in the code's order (conventions.md §2).
    accepted(JV, "PreToolUse", Kind::PreToolUse, JARVIS_GATE, M::ToolName, ""),
    accepted(JV, "PostToolUse", Kind::PostToolUse, Rules { ordering: O::FireAndForget, skip_when: &[SkipWhen::ToolFailed], ..JARVIS_OBSERVER }, M::ToolName,
        "Fire-and-forget: the agent does not wait (`fireAndForget` in agentExternalHooksService.ts); a failed tool call fires PostToolUseFailure instead."),
    rejected(JV, "PostToolUseFailure", OUTSIDE, M::ToolName, ""),
    rejected(JV, "PermissionRequest", OUTSIDE, M::ToolName, ""),
    rejected(JV, "PermissionResult", OUTSIDE, M::ToolName, ""),
    accepted(JV, "UserPromptSubmit", Kind::UserPromptSubmit, Rules { mutates: &[Mu::Context], skip_when: &[SkipWhen::NotUserPrompt], ..JARVIS_GATE }, M::Prompt,
        "The code sends `prompt` as an array of content parts (the seed shows a string); the matched value is the text parts joined with a space; only prompts from the user fire it. Context: each result as `<hook_result hook_event=\"UserPromptSubmit\">\\n…\\n</hook_result>`, joined with `\\n` into one message. A block shows the top-level `message` over the reason and drops the other hooks' context. Kimi injects the raw JSON text for `{\"message\": \"\"}` (a Kimi bug): the runner adds nothing."),
    rejected(JV, "UserPromptQueued", OUTSIDE, M::Prompt, ""),
    rejected(JV, "TurnStarted", OUTSIDE, M::Other, ""),
    accepted(JV, "Stop", Kind::Stop, Rules { mutates: &[Mu::Continuation], skip_when: &[SkipWhen::StepEndedWithToolCalls, SkipWhen::ContinuedThisTurn], ..JARVIS_GATE }, M::AlwaysEmpty,
        "A block continues the agent with the reason, at most once per turn: on the second stop of a turn the Stop hooks are not run at all, nor after a step that ended with tool calls."),
    rejected(JV, "StopFailure", OUTSIDE, M::Other, ""),
    rejected(JV, "Interrupt", OUTSIDE, M::AlwaysEmpty, ""),
    accepted(JV, "SessionStart", Kind::SessionStart, JARVIS_OBSERVER, M::Source, ""),
    accepted(JV, "SessionEnd", Kind::SessionShutdown, JARVIS_OBSERVER, M::Reason, "reason is exit or archive."),
    rejected(JV, "SessionHeartbeat", OUTSIDE, M::AlwaysEmpty, ""),
    rejected(JV, "SubagentStart", OUTSIDE, M::Other, ""),
    rejected(JV, "SubagentStop", OUTSIDE, M::Other, ""),
    rejected(JV, "TaskStarted", OUTSIDE, M::Other, ""),
    rejected(JV, "PreCompact", OUTSIDE, M::Other, ""),
    rejected(JV, "PostCompact", OUTSIDE, M::Other, ""),
    rejected(JV, "Notification", OUTSIDE, M::Other, ""),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::Jarvis,
    launch: Launch::Shell {
        shell: ShellProgram::Fixed {
            path: limits::SHELL,
        },
        flag: "-c",
    },
    // `buildHookSpawnOptions`: `detached: process.platform !== 'win32'` → setsid.
    process: ProcessMode::SessionLeader,
    kill: KillRule::TermThenKill {
        grace_ms: limits::KILL_GRACE_MS,
    },
    dedupe: Dedupe::IdenticalCommand,
    answer: AnswerFormat::KimiJson,
    continuation: ContinuationRule::OncePerTurn,
    source: "MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/features/externalHooks/",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // Kimi Code (and Jarvis Code).
    t(
        Agent::Kimi,
        "Bash",
        &[Shell],
        kimi!("agent/tools/os/bash/bashTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Read",
        &[Read],
        kimi!("agent/tools/os/read/readTool.ts"),
    ),
    t(
        Agent::Kimi,
        "ReadMediaFile",
        &[Read],
        kimi!("agent/tools/read-media-file/readMediaFileTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Write",
        &[Write],
        kimi!("agent/tools/os/write/writeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Edit",
        &[Edit],
        kimi!("agent/tools/edit/editTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Glob",
        &[Glob],
        kimi!("agent/tools/os/glob/globTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Grep",
        &[Grep],
        kimi!("agent/tools/os/grep/grepTool.ts"),
    ),
    t(
        Agent::Kimi,
        "FetchURL",
        &[WebFetch],
        kimi!("agent/tools/fetch-url/fetchUrlTool.ts"),
    ),
    t(
        Agent::Kimi,
        "WebSearch",
        &[WebSearch],
        kimi!("agent/tools/web-search/webSearchTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Agent",
        &[Subagent],
        kimi!("agent/tools/agent/agentTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TodoList",
        &[Todo],
        kimi!("session/todo/todoItem.ts"),
    ),
    t(
        Agent::Kimi,
        "AskUserQuestion",
        &[AskUser],
        kimi!("agent/tools/ask-user-question/askUserQuestionTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Skill",
        &[Skill],
        kimi!("agent/tools/skill/skillTool.ts"),
    ),
    t(
        Agent::Kimi,
        "EnterPlanMode",
        &[EnterPlan],
        kimi!("features/plan/tools/enter-plan-mode/enterPlanModeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "ExitPlanMode",
        &[ExitPlan],
        kimi!("features/plan/tools/exit-plan-mode/exitPlanModeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronCreate",
        &[CronCreate],
        kimi!("agent/tools/cron/cron-create/cronCreateTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronDelete",
        &[CronDelete],
        kimi!("agent/tools/cron/cron-delete/cronDeleteTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronList",
        &[CronList],
        kimi!("agent/tools/cron/cron-list/cronListTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TaskOutput",
        &[TaskOutput],
        kimi!("agent/tools/task/task-output/taskOutputTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TaskStop",
        &[TaskStop],
        kimi!("agent/tools/task/task-stop/taskStopTool.ts"),
    ),
    // Kimi's `TaskList` lists background tasks; Claude's `TaskList` is its todo list.
    t(
        Agent::Kimi,
        "TaskList",
        &[],
        kimi!("agent/tools/task/task-list/taskListTool.ts"),
    ),
    t(
        Agent::Kimi,
        "WaitFor",
        &[],
        kimi!("agent/tools/task/task-wait/taskWaitTool.ts"),
    ),
    t(
        Agent::Kimi,
        "AgentSwarm",
        &[],
        kimi!("features/swarm/tools/agent-swarm/agentSwarmTool.ts"),
    ),
    t(
        Agent::Kimi,
        "select_tools",
        &[],
        kimi!("agent/toolSelect/toolSelect.ts"),
    ),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[
    ev("pre_compact", JV, "PreCompact", V::Trigger, false, KIMI),
    ev("post_compact", JV, "PostCompact", V::Trigger, false, KIMI),
    ev(
        "subagent_start",
        JV,
        "SubagentStart",
        V::AgentType,
        false,
        KIMI,
    ),
    ev(
        "subagent_stop",
        JV,
        "SubagentStop",
        V::AgentType,
        false,
        KIMI,
    ),
    ev(
        "post_tool_use_failure",
        JV,
        "PostToolUseFailure",
        V::ToolName,
        false,
        KIMI,
    ),
    ev(
        "permission_request",
        JV,
        "PermissionRequest",
        V::ToolName,
        false,
        KIMI,
    ),
    ev("stop_failure", JV, "StopFailure", V::ErrorType, false, KIMI),
    ev("interrupt", JV, "Interrupt", V::Unmatched, false, KIMI),
];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Kimi,
    convention: Convention::Jarvis,
    name: "Kimi Code",
    reader_id: "kimi-code",
    // MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/mcpCore/tool-naming.ts:
    // prefix `mcp__`, separator `__`.
    mcp_form: Some(McpForm::DoubleUnderscore {
        dash_to_underscore: false,
    }),
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::Jarvis,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/features/externalHooks/session/sessionExternalHooksService.ts: `cwd: this.context.cwd`; runHook.ts spawns with it",
    ),
    tool_agent: Some(Agent::Kimi),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::RegexOnly(Dialect::Ecmascript),
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a snake_case JSON payload on stdin (`hook_event_name`, `tool_input`, `prompt` as content parts, …)",
    }),
    blocks_on: "exit 2 (or a JSON block)",
    session_defaults: super::STARTUP_EXIT,
};
