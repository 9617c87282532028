//! `qwen-settings`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].
//!
//! Qwen Code is a fork of Gemini CLI (same layered `settings.json`, same folder trust) whose hooks
//! took Claude Code's shape (events, answers). Every fact here was read in the installed bundle of
//! `@qwen-code/qwen-code` 0.24.4 and run live: `conformance/notes/qwen.md`,
//! `conformance/traces/qwen-0.24.4/`. Where the two disagree with issue 30, they win.

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// Qwen Code 0.24.4 settings hooks (`core/hooks/`, `cli/config/settings.ts`).
pub mod limits {
    /// Default `timeout` of a command hook, in seconds (`core/hooks/hook-timeout.ts`,
    /// bundle `chunks/chunk-DPEB6S2R.js:144230`; live `qwen_timeout_seconds`).
    pub const TIMEOUT_DEFAULT_S: u64 = 60;
    /// A written `timeout` at or above this is read as legacy milliseconds, not seconds
    /// (`LEGACY_MILLISECOND_TIMEOUT_THRESHOLD`; live `qwen_timeout_legacy_ms`: `1500` killed a
    /// 4 s hook).
    pub const LEGACY_MS_THRESHOLD: u64 = 1000;
    /// After the timeout's signal to the hook's group, the grace before the kill
    /// (`HOOK_TERMINATE_GRACE_MS`, chunk-DPEB6S2R.js:145755).
    pub const KILL_GRACE_MS: u64 = 2_000;
    /// Exit code that blocks (stdout ignored, stderr read; live `qwen_pre_exit2_stderr`).
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// stdout and stderr are each cut at this many bytes (`MAX_OUTPUT_LENGTH2`, :145754).
    pub const OUTPUT_CAP_BYTES: usize = 1024 * 1024;
    /// The shell commands run with on Linux (`bash -c <command>`, `getShellConfiguration`,
    /// `chunks/chunk-I3K2QRZ5.js:676`).
    pub const SHELL: &str = "bash";
    /// The variable naming the project directory (the session's cwd) in every hook's
    /// environment; `CLAUDE_PROJECT_DIR` and `GEMINI_PROJECT_DIR` hold the same value.
    pub const PROJECT_DIR_ENV: &str = "QWEN_PROJECT_DIR";
    /// `~/.qwen/settings.json`, relative to the home dir (`$QWEN_HOME/settings.json` when set).
    pub const USER_SETTINGS: &str = ".qwen/settings.json";
    /// `.qwen/settings.json`, relative to the project root (not read when the project is the
    /// home directory).
    pub const PROJECT_SETTINGS: &str = ".qwen/settings.json";
    /// System settings on Linux; `QWEN_CODE_SYSTEM_SETTINGS_PATH` replaces it
    /// (`cli/config/storage-paths-lite.ts`, `chunks/chunk-IDS7MSUP.js:27`).
    pub const SYSTEM_SETTINGS: &str = "/etc/qwen-code/settings.json";
    /// System defaults, next to the system settings; `QWEN_CODE_SYSTEM_DEFAULTS_PATH` replaces
    /// it. Its hooks are concatenated with the system file's (`getSystemHooks`).
    pub const SYSTEM_DEFAULTS: &str = "/etc/qwen-code/system-defaults.json";
    /// The trusted-folders file, relative to the home dir (read only when
    /// `security.folderTrust.enabled` is true: trust is off by default).
    pub const TRUSTED_FOLDERS: &str = ".qwen/trustedFolders.json";
}

const RUNNER: &str = "Qwen Code 0.24.4 core/hooks/hookRunner.ts (chunks/chunk-DPEB6S2R.js:146687-146697); live qwen_env_and_project_dir, qwen_six_kinds";
const NAMES: &str = "Qwen Code 0.24.4 packages/core/src/tools/tool-names.ts `ToolNames` (chunks/chunk-RSWOFJBY.js:12); aliases: packages/core/src/permissions/rule-parser.ts `TOOL_NAME_ALIASES` (chunks/chunk-47C3HPMW.js:1823)";
const OFFERED: &str = "Qwen Code 0.24.4 tool-names.ts and rule-parser.ts `TOOL_NAME_ALIASES`; offered in every recorded request (traces-pending/qwen-0.24.4)";
const EVENTS_SRC: &str = "Qwen Code 0.24.4 core/hooks/types.ts `HookEventName` (chunks/chunk-QA5TENCT.js:96-117), hookPlanner.ts `getHookMatcherTarget`";

// ── Qwen Code settings ──
const QWEN_OBSERVER: Rules = Rules {
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
const QW: Convention = Convention::QwenSettings;

/// Its events, in the agent's own order (`HookEventName`).
static EVENTS: &[EventContract] = &[
    accepted(QW, "PreToolUse", Kind::PreToolUse, Rules { can_block: true, ..QWEN_OBSERVER }, M::ToolName,
        "The matcher is the tool id (`run_shell_command`, `write_file`...) or one of its aliases exactly (`Bash`, `Shell`, `Write`...), else an unanchored JavaScript regex on the id (`^Bash$` never fires). Exit 2 blocks with stderr alone (stdout ignored); `permissionDecision: deny` and `decision: block` block with the reason; `continue: false` is a deny, not a stop. `updatedInput` and `additionalContext` are dropped (live `qwen_pre_updated_input`, `qwen_pre_additional_context`). Hooks run in parallel unless any matching group has `sequential: true`, which makes the whole event sequential."),
    accepted(QW, "PostToolUse", Kind::PostToolUse, Rules { mutates: &[Mu::Context], skip_when: &[SkipWhen::ToolFailed], ..QWEN_OBSERVER }, M::ToolName,
        "`additionalContext` is appended to the tool result after a blank line; exit 2's stderr does not reach the model (live `qwen_post_exit2_stderr`). A failed tool (a shell command's non-zero exit) fires `PostToolUseFailure` instead (live `qwen_post_tool_failure`)."),
    rejected(QW, "PostToolUseFailure", OUTSIDE, M::ToolName, ""),
    rejected(QW, "PostToolBatch", OUTSIDE, M::Ignored, ""),
    rejected(QW, "Notification", OUTSIDE, M::Other, "Matches the notification type."),
    accepted(QW, "UserPromptSubmit", Kind::UserPromptSubmit, Rules { can_block: true, mutates: &[Mu::Context], ..QWEN_OBSERVER }, M::Ignored,
        "Plain stdout on exit 0 becomes context appended to the prompt. Fires again on every continuation turn with an empty `prompt` (live `qwen_six_kinds`); a block ends the run before any model call."),
    rejected(QW, "UserPromptExpansion", OUTSIDE, M::Other, "Matches the slash command name."),
    accepted(QW, "SessionStart", Kind::SessionStart, Rules { mutates: &[Mu::Context], ..QWEN_OBSERVER }, M::Source,
        "Plain stdout on exit 0 reaches the model as a separate hidden user text before the prompt."),
    accepted(QW, "Stop", Kind::Stop, Rules { can_block: true, mutates: &[Mu::Continuation], ..QWEN_OBSERVER }, M::Ignored,
        "`decision: block` makes the agent answer again with the reason as a user message; the next Stop has `stop_hook_active: true`."),
    rejected(QW, "MessageDisplay", OUTSIDE, M::Ignored, "Runs under a detached supervisor."),
    rejected(QW, "SubagentStart", OUTSIDE, M::Other, "Matches the agent type."),
    rejected(QW, "SubagentStop", OUTSIDE, M::Other, "Matches the agent type."),
    rejected(QW, "PreCompact", OUTSIDE, M::Other, "Matches the trigger."),
    rejected(QW, "PostCompact", OUTSIDE, M::Other, "Matches the trigger."),
    accepted(QW, "SessionEnd", Kind::SessionShutdown, QWEN_OBSERVER, M::Reason,
        "Does not fire in a headless run (live `qwen_six_kinds`: configured, never ran)."),
    rejected(QW, "SessionDelete", OUTSIDE, M::Ignored, "Runs under a detached supervisor."),
    rejected(QW, "PermissionRequest", OUTSIDE, M::ToolName, "`updatedInput` is applied on this path only."),
    rejected(QW, "PermissionDenied", OUTSIDE, M::ToolName, ""),
    rejected(QW, "StopFailure", OUTSIDE, M::Other, "Matches the error; runs under a detached supervisor."),
    rejected(QW, "TodoCreated", OUTSIDE, M::Ignored, ""),
    rejected(QW, "TodoCompleted", OUTSIDE, M::Ignored, ""),
    rejected(QW, "InstructionsLoaded", OUTSIDE, M::Other, "Matches the file path."),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::QwenSettings,
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
    // `getHookKey`: `name:command`, else the command, once across every source
    // (live `qwen_same_command_two_layers`).
    dedupe: Dedupe::IdenticalCommand,
    answer: AnswerFormat::QwenJson,
    continuation: ContinuationRule::HookGuarded,
    source: "Qwen Code 0.24.4 core/hooks/hookRunner.ts, hookPlanner.ts, hookAggregator.ts (conformance/notes/qwen.md)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    // Qwen's own name first: the rewrite picks the first row of a meaning.
    AgentVariable {
        name: "QWEN_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: QW,
        plugin_only: false,
        source: RUNNER,
    },
    AgentVariable {
        name: "QWEN_CODE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: QW,
        plugin_only: false,
        source: RUNNER,
    },
    // "For compatibility": Claude's and Gemini's names, with Qwen's value.
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: QW,
        plugin_only: false,
        source: RUNNER,
    },
    AgentVariable {
        name: "GEMINI_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: QW,
        plugin_only: false,
        source: RUNNER,
    },
    AgentVariable {
        name: "QWEN_CODE_SESSION_ID",
        prefix: false,
        meaning: Meaning::SessionId,
        convention: QW,
        plugin_only: false,
        source: RUNNER,
    },
];

/// Its agent's built-in tools that hooks see, in `ToolNames` order, each with the aliases its
/// matchers also select it by exactly (display names, `…Tool` forms, legacy and Claude names).
/// The media tools (`omni_*`), registered only when enabled, are left out.
static TOOLS: &[Tool] = &[
    aka(t(Agent::Qwen, "exec", &[], NAMES), &["Exec", "ExecTool"]),
    aka(
        t(Agent::Qwen, "edit", &[Edit], OFFERED),
        &["Edit", "EditTool"],
    ),
    aka(
        t(Agent::Qwen, "write_file", &[Write], OFFERED),
        &["WriteFile", "WriteFileTool", "Write"],
    ),
    aka(
        t(Agent::Qwen, "read_file", &[Read], OFFERED),
        &["ReadFile", "ReadFileTool", "Read"],
    ),
    aka(
        t(Agent::Qwen, "zoom_image", &[], NAMES),
        &["ZoomImage", "ZoomImageTool"],
    ),
    aka(
        t(Agent::Qwen, "grep_search", &[Grep], OFFERED),
        &["Grep", "GrepTool", "search_file_content", "SearchFiles"],
    ),
    aka(
        t(Agent::Qwen, "glob", &[Glob], OFFERED),
        &["Glob", "GlobTool", "FindFiles"],
    ),
    aka(
        t(Agent::Qwen, "run_shell_command", &[Shell], OFFERED),
        &["Shell", "ShellTool", "Bash"],
    ),
    aka(
        t(Agent::Qwen, "todo_write", &[Todo], NAMES),
        &["TodoList", "TodoWrite", "TodoWriteTool"],
    ),
    aka(
        t(Agent::Qwen, "save_memory", &[], NAMES),
        &["SaveMemory", "SaveMemoryTool"],
    ),
    aka(
        t(Agent::Qwen, "agent", &[Subagent], OFFERED),
        &["Agent", "AgentTool", "task", "Task", "TaskTool"],
    ),
    aka(
        t(Agent::Qwen, "skill", &[Skill], OFFERED),
        &["Skill", "SkillTool"],
    ),
    aka(
        t(Agent::Qwen, "exit_plan_mode", &[ExitPlan], NAMES),
        &["ExitPlanMode", "ExitPlanModeTool"],
    ),
    aka(
        t(Agent::Qwen, "enter_plan_mode", &[EnterPlan], NAMES),
        &["EnterPlanMode", "EnterPlanModeTool"],
    ),
    aka(
        t(Agent::Qwen, "web_fetch", &[WebFetch], NAMES),
        &["WebFetch", "WebFetchTool"],
    ),
    aka(
        t(Agent::Qwen, "web_search", &[WebSearch], NAMES),
        &["WebSearch", "WebSearchTool"],
    ),
    aka(
        t(Agent::Qwen, "image_gen", &[], NAMES),
        &["ImageGen", "ImageGenTool"],
    ),
    aka(
        t(Agent::Qwen, "list_directory", &[List], NAMES),
        &["ListFiles", "ListFilesTool", "ReadFolder"],
    ),
    aka(t(Agent::Qwen, "lsp", &[], NAMES), &["Lsp", "LspTool"]),
    aka(
        t(Agent::Qwen, "ask_user_question", &[AskUser], NAMES),
        &["AskUserQuestion", "AskUserQuestionTool"],
    ),
    aka(
        t(Agent::Qwen, "cron_create", &[CronCreate], NAMES),
        &["CronCreate"],
    ),
    aka(
        t(Agent::Qwen, "cron_list", &[CronList], NAMES),
        &["CronList"],
    ),
    aka(
        t(Agent::Qwen, "cron_delete", &[CronDelete], NAMES),
        &["CronDelete"],
    ),
    aka(
        t(Agent::Qwen, "loop_wakeup", &[], NAMES),
        &["LoopWakeup", "LoopWakeupTool"],
    ),
    aka(
        t(Agent::Qwen, "create_sub_session", &[], NAMES),
        &["CreateSubSession", "CreateSubSessionTool"],
    ),
    aka(
        t(Agent::Qwen, "list_agents", &[], OFFERED),
        &["ListAgents", "ListAgentsTool"],
    ),
    aka(
        t(Agent::Qwen, "task_stop", &[TaskStop], NAMES),
        &["TaskStop"],
    ),
    // Qwen's task tools are a team's shared task board, not the session's todo list.
    aka(t(Agent::Qwen, "task_create", &[], NAMES), &["TaskCreate"]),
    aka(t(Agent::Qwen, "task_update", &[], NAMES), &["TaskUpdate"]),
    aka(t(Agent::Qwen, "task_list", &[], NAMES), &["TaskList"]),
    aka(t(Agent::Qwen, "team_create", &[], NAMES), &["TeamCreate"]),
    aka(t(Agent::Qwen, "team_delete", &[], NAMES), &["TeamDelete"]),
    aka(
        t(Agent::Qwen, "team_plan_approval", &[], NAMES),
        &["TeamPlanApproval"],
    ),
    t(Agent::Qwen, "request_shutdown", &[], NAMES),
    aka(
        t(Agent::Qwen, "send_message", &[], NAMES),
        &["SendMessage", "SendMessageTool"],
    ),
    aka(
        t(Agent::Qwen, "structured_output", &[], NAMES),
        &["StructuredOutput"],
    ),
    aka(
        t(Agent::Qwen, "monitor", &[], NAMES),
        &["Monitor", "MonitorTool"],
    ),
    aka(
        t(Agent::Qwen, "notebook_edit", &[], OFFERED),
        &["NotebookEdit", "NotebookEditTool"],
    ),
    aka(
        t(Agent::Qwen, "tool_call", &[], OFFERED),
        &["ToolCall", "ToolCallTool"],
    ),
    aka(
        t(Agent::Qwen, "tool_search", &[], OFFERED),
        &["ToolSearch", "ToolSearchTool"],
    ),
    aka(
        t(Agent::Qwen, "read_mcp_resource", &[], NAMES),
        &["ReadMcpResource", "ReadMcpResourceTool"],
    ),
    aka(
        t(Agent::Qwen, "enter_worktree", &[], NAMES),
        &["EnterWorktree"],
    ),
    aka(
        t(Agent::Qwen, "exit_worktree", &[], NAMES),
        &["ExitWorktree"],
    ),
    aka(
        t(Agent::Qwen, "get_goal", &[], OFFERED),
        &["Goal", "GetGoal"],
    ),
    aka(
        t(Agent::Qwen, "update_goal", &[], OFFERED),
        &["UpdateGoal", "UpdateGoalTool"],
    ),
    aka(
        t(Agent::Qwen, "propose_goal", &[], NAMES),
        &["ProposeGoal", "ProposeGoalTool"],
    ),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[
    spelled(
        ev(
            "pre_compact",
            QW,
            "PreCompact",
            V::Trigger,
            false,
            EVENTS_SRC,
        ),
        TRIGGERS,
    ),
    spelled(
        ev(
            "post_compact",
            QW,
            "PostCompact",
            V::Trigger,
            false,
            EVENTS_SRC,
        ),
        TRIGGERS,
    ),
    ev(
        "subagent_start",
        QW,
        "SubagentStart",
        V::AgentType,
        false,
        EVENTS_SRC,
    ),
    ev(
        "subagent_stop",
        QW,
        "SubagentStop",
        V::AgentType,
        true,
        EVENTS_SRC,
    ),
    ev_when(
        "notification",
        QW,
        "Notification",
        V::NotificationType,
        "for each of Qwen Code's notifications, matched by its type",
        EVENTS_SRC,
    ),
    ev(
        "post_tool_use_failure",
        QW,
        "PostToolUseFailure",
        V::ToolName,
        false,
        EVENTS_SRC,
    ),
    ev(
        "permission_request",
        QW,
        "PermissionRequest",
        V::ToolName,
        true,
        EVENTS_SRC,
    ),
    ev(
        "stop_failure",
        QW,
        "StopFailure",
        V::ErrorType,
        false,
        EVENTS_SRC,
    ),
];

/// Whether `n` is read by Qwen as an exact list: `matchesHookPattern` compares a matcher, and
/// each entry of a `|` list not starting with `^` or `(`, exactly with the tool id and its
/// aliases first. Only names of letters, digits and `_` are written that way (a name that is
/// no target falls back to an unanchored regex, which letters alone make a substring test).
fn exact_name(n: &str) -> bool {
    !n.is_empty()
        && n.split('|')
            .all(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Qwen,
    convention: Convention::QwenSettings,
    name: "Qwen Code",
    reader_id: "qwen-code",
    // Qwen Code 0.24.4 packages/core/src/tools/mcp-tool.ts (bundle
    // chunks/chunk-2VS5EEXU.js:6328): `mcp__${serverName}__${serverToolName}`.
    mcp_form: Some(McpForm::DoubleUnderscore {
        dash_to_underscore: false,
    }),
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::QwenSettings,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some("Qwen Code 0.24.4 core/hooks/hookRunner.ts: `spawn(..., { cwd: input.cwd })` (chunks/chunk-DPEB6S2R.js:146687); live qwen_env_and_project_dir"),
    tool_agent: Some(Agent::Qwen),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::ExactAndRegex(exact_name, Dialect::Ecmascript),
    // Qwen runs `bash -c` commands and reads Claude's JSON answer on exit 0
    // (`runner::host::answer`, live traces `qwen_pre_deny_json`, `qwen_stop_block_once`...).
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a JSON payload on stdin with Claude's event names and fields but Qwen's tool names (`tool_name` = `run_shell_command`, `permission_mode`, `timestamp`, …)",
    }),
    blocks_on: "exit 2 (or a JSON deny)",
    session_defaults: super::STARTUP_EXIT,
};
