//! `gemini-settings`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// Gemini CLI settings hooks (Gemini CLI 0.61.0, `packages/core/src/hooks/`).
pub mod limits {
    /// Default `timeout` of a command hook, in milliseconds (`hookRunner.ts`,
    /// `DEFAULT_HOOK_TIMEOUT = 60000`).
    pub const TIMEOUT_DEFAULT_MS: u64 = 60_000;
    /// After the timeout's SIGTERM, SIGKILL follows this many milliseconds later
    /// (`hookRunner.ts`, `setTimeout(..., 5000)`).
    pub const KILL_GRACE_MS: u64 = 5_000;
    /// Exit code of a non-blocking failure: plain output becomes a warning
    /// (`EXIT_CODE_NON_BLOCKING_ERROR = 1`).
    pub const WARNING_EXIT_CODE: i32 = 1;
    /// The documented blocking exit code; every exit code from this one up blocks when
    /// the hook printed text (`convertPlainTextToHookOutput`).
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// A written timeout at or below this many milliseconds was probably meant as seconds.
    pub const TIMEOUT_LOOKS_LIKE_S_MAX_MS: u64 = 600;
    /// Gemini CLI's exit code when a settings file (system, system defaults, user or
    /// workspace; not an extension's `hooks/hooks.json`) is not JSON once comments are
    /// stripped, is empty, or is not an object: it does not start at all, whatever else
    /// the file holds (`packages/cli/src/config/settings.ts` `loadSettings` pushes an
    /// `error` and throws `FatalConfigError`, whose `exitCode` is 52; a value of the wrong
    /// type is only a warning). Observed: the conformance trace `syntax_trailing_comma`.
    pub const CONFIG_ERROR_EXIT: i32 = 52;
    /// The shell commands run with on Unix (`bash -c <command>`, `bash` looked up on PATH;
    /// `shell-utils.ts`, `getShellConfiguration`).
    pub const SHELL: &str = "bash";
    /// The variables set to the session's working directory in every hook's environment
    /// (and substituted, shell-quoted, into the command text before it runs).
    pub const PROJECT_DIR_ENVS: [&str; 3] =
        ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"];
    /// The variable holding the session id.
    pub const SESSION_ID_ENV: &str = "GEMINI_SESSION_ID";
    /// `~/.gemini/settings.json`, relative to the home dir.
    pub const USER_SETTINGS: &str = ".gemini/settings.json";
    /// `.gemini/settings.json`, relative to the project root.
    pub const PROJECT_SETTINGS: &str = ".gemini/settings.json";
    /// System settings on Linux (overrides every other layer); `GEMINI_CLI_SYSTEM_SETTINGS_PATH`
    /// replaces it.
    pub const SYSTEM_SETTINGS: &str = "/etc/gemini-cli/settings.json";
    /// System defaults on Linux (the lowest layer), next to the system settings;
    /// `GEMINI_CLI_SYSTEM_DEFAULTS_PATH` replaces it.
    pub const SYSTEM_DEFAULTS: &str = "/etc/gemini-cli/system-defaults.json";
}

const GEMINI_RUNNER: &str = "google-gemini/gemini-cli@5411f113 packages/core/src/hooks/hookRunner.ts `executeCommandHook` (env: all four = `input.cwd` / session id; `expandCommand` also substitutes `$NAME` in the text); conformance/traces/gemini-0.61.0";
const GEMINI: &str =
    "google-gemini/gemini-cli@5411f11 packages/core/src/tools/definitions/base-declarations.ts";
const GEMINI_NAMES: &str = "google-gemini/gemini-cli@5411f11 packages/core/src/tools/tool-names.ts";

// ── Gemini CLI settings ──
const GEMINI_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Milliseconds,
        default: limits::TIMEOUT_DEFAULT_MS,
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
const GE: Convention = Convention::GeminiSettings;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // Gemini CLI settings (Gemini CLI 0.61.0: packages/core/src/hooks/types.ts `HookEventName`,
    // hookPlanner.ts, hookRunner.ts, hookAggregator.ts, hookEventHandler.ts; scheduler/hook-utils.ts
    // `evaluateBeforeToolHook`; core/client.ts for AfterAgent), in the enum's order.
    accepted(GE, "BeforeTool", Kind::PreToolUse, Rules { can_block: true, mutates: &[Mu::ToolInput], ..GEMINI_OBSERVER }, M::ToolName,
        "The matcher is a JavaScript regex tested unanchored against the tool name (`run_shell_command`, ...); one that does not compile is compared as an exact name. Exit 2 — or any exit from 2 up with text on stdout or stderr — blocks with that text; `decision` `deny`/`block` blocks with `reason`; `decision: ask` asks the user even in yolo mode (headless: nobody answers and the run ends); `hookSpecificOutput.tool_input` replaces the arguments (the tool is rebuilt from it alone, so a partial one fails validation). If any matching group has `sequential: true`, all matching hooks run one after another, each seeing the previous one's `tool_input`."),
    accepted(GE, "AfterTool", Kind::PostToolUse, Rules { mutates: &[Mu::Context, Mu::ToolResult], ..GEMINI_OBSERVER }, M::ToolName,
        "`decision: deny` (or exit 2 with text) replaces the tool result the model sees with the reason; `hookSpecificOutput.additionalContext` is appended to it."),
    accepted(GE, "BeforeAgent", Kind::UserPromptSubmit, Rules { can_block: true, mutates: &[Mu::Context], ..GEMINI_OBSERVER }, M::Ignored,
        "Gemini passes no matcher context: every group fires. A block discards the prompt; `additionalContext` is appended to it."),
    rejected(GE, "Notification", OUTSIDE, M::Ignored, "Observability only; fires for tool-permission prompts."),
    accepted(GE, "AfterAgent", Kind::Stop, Rules { can_block: true, mutates: &[Mu::Continuation], ..GEMINI_OBSERVER }, M::Ignored,
        "A block rejects the final answer and re-prompts with the reason, which is a new prompt: BeforeAgent fires for it, then AfterAgent again with `stop_hook_active` true; `continue: false` stops the session."),
    accepted(GE, "SessionStart", Kind::SessionStart, Rules { mutates: &[Mu::Context], ..GEMINI_OBSERVER }, M::Source,
        "The matcher is compared exactly (not a regex) with the source: `startup`, `resume` or `clear`. Advisory: it cannot block."),
    accepted(GE, "SessionEnd", Kind::SessionShutdown, GEMINI_OBSERVER, M::Reason,
        "The matcher is compared exactly with the reason (`exit`, `clear`, `logout`, `prompt_input_exit`, `other`)."),
    rejected(GE, "PreCompress", OUTSIDE, M::Other, "The matcher is compared exactly with the trigger (`auto`, `manual`)."),
    rejected(GE, "BeforeModel", OUTSIDE, M::Ignored, ""),
    rejected(GE, "AfterModel", OUTSIDE, M::Ignored, "Fires for every streamed chunk."),
    rejected(GE, "BeforeToolSelection", OUTSIDE, M::Ignored, ""),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::GeminiSettings,
    launch: Launch::Shell {
        shell: ShellProgram::Fixed {
            path: limits::SHELL,
        },
        flag: "-c",
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::TermThenKill {
        grace_ms: limits::KILL_GRACE_MS,
    },
    dedupe: Dedupe::IdenticalCommand,
    answer: AnswerFormat::GeminiJson,
    continuation: ContinuationRule::HookGuarded,
    source: "google-gemini/gemini-cli hookRunner.ts (docs/conventions/gemini-settings.md)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    // Gemini's preferred name first: the rewrite picks the first row of a meaning.
    AgentVariable {
        name: "GEMINI_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::GeminiSettings,
        plugin_only: false,
        source: GEMINI_RUNNER,
    },
    // `GEMINI_CWD` is the same value (`input.cwd`): a second name for the project directory.
    AgentVariable {
        name: "GEMINI_CWD",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::GeminiSettings,
        plugin_only: false,
        source: GEMINI_RUNNER,
    },
    // "For compatibility" (hookRunner.ts): Claude's name, with Gemini's value.
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::GeminiSettings,
        plugin_only: false,
        source: GEMINI_RUNNER,
    },
    AgentVariable {
        name: "GEMINI_SESSION_ID",
        prefix: false,
        meaning: Meaning::SessionId,
        convention: Convention::GeminiSettings,
        plugin_only: false,
        source: GEMINI_RUNNER,
    },
    AgentVariable {
        name: "GEMINI_PLANS_DIR",
        prefix: false,
        meaning: Meaning::PlansDir,
        convention: Convention::GeminiSettings,
        plugin_only: false,
        source: GEMINI_RUNNER,
    },
];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // Gemini CLI.
    t(Agent::Gemini, "run_shell_command", &[Shell], GEMINI),
    t(Agent::Gemini, "read_file", &[Read], GEMINI),
    t(Agent::Gemini, "read_many_files", &[Read], GEMINI),
    t(Agent::Gemini, "write_file", &[Write], GEMINI),
    t(Agent::Gemini, "replace", &[Edit], GEMINI),
    t(Agent::Gemini, "glob", &[Glob], GEMINI),
    aka(
        t(Agent::Gemini, "grep_search", &[Grep], GEMINI),
        &["search_file_content"],
    ),
    t(Agent::Gemini, "list_directory", &[List], GEMINI),
    t(Agent::Gemini, "web_fetch", &[WebFetch], GEMINI),
    t(Agent::Gemini, "google_web_search", &[WebSearch], GEMINI),
    t(Agent::Gemini, "invoke_agent", &[Subagent], GEMINI_NAMES),
    t(Agent::Gemini, "write_todos", &[Todo], GEMINI),
    t(Agent::Gemini, "ask_user", &[AskUser], GEMINI),
    t(Agent::Gemini, "activate_skill", &[Skill], GEMINI),
    t(Agent::Gemini, "enter_plan_mode", &[EnterPlan], GEMINI),
    t(Agent::Gemini, "exit_plan_mode", &[ExitPlan], GEMINI),
    t(Agent::Gemini, "get_internal_docs", &[], GEMINI),
    t(Agent::Gemini, "update_topic", &[], GEMINI),
    t(Agent::Gemini, "complete_task", &[], GEMINI),
    t(Agent::Gemini, "read_mcp_resource", &[], GEMINI),
    t(Agent::Gemini, "list_mcp_resources", &[], GEMINI),
    t(Agent::Gemini, "tracker_create_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_update_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_get_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_list_tasks", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_add_dependency", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_visualize", &[], GEMINI_NAMES),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[
            spelled(ev("pre_compact", GE, "PreCompress", V::Trigger, false,
                "Gemini CLI 0.61.0 packages/core/src/hooks/types.ts `HookEventName.PreCompress`; hookPlanner.ts compares the trigger exactly"), TRIGGERS),
            ev_when("notification", GE, "Notification", V::Unmatched,
                "only when a tool asks for permission",
                "Gemini CLI 0.61.0 packages/core/src/hooks/types.ts `HookEventName.Notification` (observability only, no matcher context)"),
];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Gemini,
    convention: Convention::GeminiSettings,
    name: "Gemini CLI",
    reader_id: "gemini-cli",
    // google-gemini/gemini-cli@5411f11 packages/core/src/tools/mcp-tool.ts:32-37:
    // `MCP_TOOL_PREFIX = 'mcp_'`, `MCP_QUALIFIED_NAME_SEPARATOR = '_'`.
    mcp_form: Some(McpForm::SingleUnderscore),
};

// Gemini: tool matchers are unanchored JavaScript regexes (exact-value events are written by
// the Gemini writer from an anchored alternation).
/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::GeminiSettings,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "google-gemini/gemini-cli@5411f113 hookRunner.ts: `spawn(..., { cwd: input.cwd })`",
    ),
    tool_agent: Some(Agent::Gemini),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::RegexOnly(Dialect::Ecmascript),
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a JSON payload on stdin with Gemini's event names and fields (`hook_event_name` = `BeforeTool`, `timestamp`, `tool_input`, `prompt_response`, …)",
    }),
    // `convertPlainTextToHookOutput`: any exit code from 2 up is a deny.
    blocks_on: "an exit code of 2 or more (or a JSON block)",
    session_defaults: super::STARTUP_EXIT,
};
