//! `copilot-hooks`: its part of every contract table — its numbers ([`limits`]), its events (both
//! input dialects), its runtime, the variables its agent sets, its agent's tools, the events it
//! shares with other agents and its matcher syntax. Registered in [`super::PROFILES`].
//!
//! Every fact is GitHub Copilot CLI 1.0.102's, recorded live
//! (`conformance/traces/copilot-1.0.102/`, notes in `conformance/notes/copilot.md`);
//! where those and the published docs disagree, the recordings win.

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// GitHub Copilot CLI hooks (`@github/copilot` 1.0.102, its Rust hook engine `runtime.node`).
pub mod limits {
    /// Default `timeoutSec` of a command hook, in seconds: a hook sleeping 33 s without a
    /// timeout is killed at 30 s and the tool runs (trace `copilot_timeout_default`).
    pub const TIMEOUT_DEFAULT_S: u64 = 30;
    /// The joined `additionalContext` of one event's hooks is cut at this many bytes, mid-text;
    /// a later hook's context past the cap is dropped (trace `copilot_post_context_cap`).
    pub const CONTEXT_CAP_BYTES: usize = 10_240;
    /// `agentStop` runaway guard: after this many consecutive continuations (blocks) the turn
    /// ends anyway — 9 firings, the agent exits 0 (trace `copilot_stop_block_cap`).
    pub const AGENT_STOP_CAP: u32 = 8;
    /// The exit code whose preToolUse denial the model reads as `hook exited with code 2`
    /// (stderr is not shown); on the other events it is only a warning
    /// (traces `copilot_pre_exit2_stderr`, `copilot_post_exit2_stderr`).
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// The only accepted `version` of a hooks file; another rejects the whole file, none is
    /// accepted (traces `copilot_bad_version`, `copilot_no_version`).
    pub const FILE_VERSION: u64 = 1;
    /// The shell a `bash` (or `command`) entry runs with: `/bin/bash --norc --noprofile -c
    /// <command>` (the spawning process of every compound command in the traces, e.g.
    /// `copilot_cwd_env`, `copilot_pre_killed_by_signal`; a simple command is exec'ed by it, the
    /// script then sees `SHLVL` and `_`, trace `copilot_exec_args_env`).
    pub const SHELL: &str = "/bin/bash";
    /// The options [`SHELL`] gets before `-c` (same traces).
    pub const SHELL_OPTIONS: [&str; 2] = ["--norc", "--noprofile"];
    /// The variables set to the project directory in every hook's environment.
    pub const PROJECT_DIR_ENVS: [&str; 2] = ["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"];
    /// Where Copilot keeps its user state when `COPILOT_HOME` is unset, relative to the home dir.
    pub const USER_DIR: &str = ".copilot";
    /// The variable replacing [`USER_DIR`].
    pub const HOME_ENV: &str = "COPILOT_HOME";
    /// The repository's hooks directory, relative to the project root.
    pub const PROJECT_HOOKS_DIR: &str = ".github/hooks";
    /// The repository settings files whose top-level `hooks` Copilot reads, in run order.
    pub const PROJECT_SETTINGS: [&str; 2] = [
        ".github/copilot/settings.json",
        ".github/copilot/settings.local.json",
    ];
    /// The machine policy directory (root-owned; a group/world-writable file is skipped).
    pub const POLICY_DIR: &str = "/etc/github-copilot/policy.d";
}

const TRACES: &str = "@github/copilot 1.0.102, conformance/traces/copilot-1.0.102";
/// The recorded run of a `--plugin-dir` plugin's hook: the variables in its environment.
const PLUGIN_TRACE: &str = "conformance/traces/copilot-1.0.102/copilot_plugin_dir.json";
const ENV_TRACE: &str =
    "@github/copilot 1.0.102, trace copilot_six_kinds (`env` of every run), copilot_exec_args_env";
const LIVE_TOOLS: &str =
    "@github/copilot 1.0.102, tools offered to the model (conformance/notes/copilot.md, harness)";

// ── Copilot CLI hooks files ──
// Every event's hooks run one at a time, in layer then file order (trace
// copilot_layers_order); a timed-out hook is killed and the action goes on.
const COPILOT_OBSERVER: Rules = Rules {
    ordering: O::Sequential,
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
const CP: Convention = Convention::CopilotHooks;
const PRE: Rules = Rules {
    on_error: E::FailClosedOnCrash,
    can_block: true,
    mutates: &[Mu::ToolInput, Mu::Context],
    ..COPILOT_OBSERVER
};
const POST: Rules = Rules {
    mutates: &[Mu::Context, Mu::ToolResult],
    ..COPILOT_OBSERVER
};
const PROMPT: Rules = Rules {
    mutates: &[Mu::Context],
    ..COPILOT_OBSERVER
};
const STOP: Rules = Rules {
    can_block: true,
    mutates: &[Mu::Continuation],
    ..COPILOT_OBSERVER
};
const START: Rules = Rules {
    mutates: &[Mu::Context],
    ..COPILOT_OBSERVER
};

/// Its events: the camelCase dialect (camelCase payload fields, Copilot's tool names, matchers
/// anchored regexes), then the PascalCase one (VS Code compatible: Claude-style fields and
/// tool names, Claude's matcher semantics).
static EVENTS: &[EventContract] = &[
    accepted(CP, "sessionStart", Kind::SessionStart, START, M::Ignored,
        "`additionalContext` becomes a user message before the prompt; plain stdout is ignored (traces copilot_session_start_context, _plain_stdout)."),
    accepted(CP, "userPromptSubmitted", Kind::UserPromptSubmit, PROMPT, M::Ignored,
        "A command hook's `modifiedPrompt` replaces the prompt and its `additionalContext` is added in a system reminder (the docs say command output is dropped); exit 2 is a warning, the prompt goes on (traces copilot_prompt_answers, copilot_prompt_exit2)."),
    rejected(CP, "userPromptTransformed", OUTSIDE, M::Ignored,
        "`modifiedTransformedPrompt` replaces the whole model-facing content (trace copilot_prompt_transformed)."),
    accepted(CP, "preToolUse", Kind::PreToolUse, PRE, M::ToolName,
        "The matcher is a regex anchored as `^(?:…)$` on Copilot's tool name (`bash`); one that does not compile skips the entry. Top-level `permissionDecision` (`deny` stops the event's later hooks; `ask` in a headless run denies), `modifiedArgs` replaces the arguments whole, `additionalContext` follows the tool result. Fails closed when a hook errors, crashes or cannot start (the denial names the file); a timeout lets the tool run. Exit 2 denies and the model reads `hook exited with code 2`, not stderr."),
    rejected(CP, "permissionRequest", OUTSIDE, M::ToolName,
        "Fires even under `--allow-all`; `{\"behavior\":\"deny\",\"message\":M}` denies (trace copilot_permission_request)."),
    accepted(CP, "postToolUse", Kind::PostToolUse, POST, M::ToolName,
        "`modifiedResult` replaces the result; `additionalContext` of the event's hooks is joined by blank lines in run order and cut at 10240 bytes. Fires for a shell exit ≠ 0 too (only an invalid call fires postToolUseFailure)."),
    rejected(CP, "postToolUseFailure", OUTSIDE, M::ToolName,
        "Fires for a failed call (invalid arguments), not for a shell exit ≠ 0; JSON `additionalContext` reaches the model, exit-2 stdout does not."),
    accepted(CP, "agentStop", Kind::Stop, STOP, M::Ignored,
        "`{\"decision\":\"block\",\"reason\":R}` starts another turn with R as the prompt; the payload's `stop_hook_active` (snake_case even here) is then true; after 8 consecutive blocks the turn ends anyway."),
    accepted(CP, "sessionEnd", Kind::SessionShutdown, COPILOT_OBSERVER, M::Ignored,
        "A timed-out hook is killed and the agent exits 0 (trace copilot_session_end_timeout)."),
    rejected(CP, "preCompact", OUTSIDE, M::Other, "In the engine's event table; not fired live."),
    rejected(CP, "subagentStart", OUTSIDE, M::Other, "In the engine's event table; not fired live."),
    rejected(CP, "subagentStop", OUTSIDE, M::Other, "In the engine's event table; not fired live."),
    rejected(CP, "errorOccurred", OUTSIDE, M::Ignored,
        "A failed model request fires it (`errorContext`, `recoverable`, `error`), then sessionEnd with reason `error` (probe, not a trace)."),
    rejected(CP, "notification", OUTSIDE, M::Other, "In the engine's event table; not fired live."),
    rejected(CP, "preMcpToolCall", OUTSIDE, M::ToolName, "In the engine's event table; not fired live."),
    // The PascalCase dialect (trace copilot_pascal_dialect).
    accepted(CP, "SessionStart", Kind::SessionStart, START, M::Ignored,
        "PascalCase dialect: Claude-style snake_case payload (`hook_event_name`, `session_id`, ISO `timestamp`)."),
    accepted(CP, "UserPromptSubmit", Kind::UserPromptSubmit, PROMPT, M::Ignored, "PascalCase dialect."),
    accepted(CP, "PreToolUse", Kind::PreToolUse, PRE, M::ToolName,
        "PascalCase dialect: Claude's matcher semantics on Claude's tool names (`Bash`, `Read`…; `*` matches all, an empty matcher is a load error that skips the entry) and Claude's answer shape `hookSpecificOutput.permissionDecision`; `tool_input` keeps Copilot's argument names (`path`, not `file_path`)."),
    rejected(CP, "PermissionRequest", OUTSIDE, M::ToolName, "PascalCase dialect."),
    accepted(CP, "PostToolUse", Kind::PostToolUse, POST, M::ToolName,
        "PascalCase dialect: top-level `additionalContext` is honoured, `hookSpecificOutput.additionalContext` ignored (trace copilot_pascal_post_answers)."),
    rejected(CP, "PostToolUseFailure", OUTSIDE, M::ToolName, "PascalCase dialect."),
    accepted(CP, "Stop", Kind::Stop, STOP, M::Ignored, "PascalCase dialect (trace copilot_pascal_stop_block)."),
    accepted(CP, "SessionEnd", Kind::SessionShutdown, COPILOT_OBSERVER, M::Ignored, "PascalCase dialect."),
    rejected(CP, "PreMcpToolCall", OUTSIDE, M::ToolName, "PascalCase dialect; not fired live."),
    rejected(CP, "ErrorOccurred", OUTSIDE, M::Ignored, "PascalCase dialect; not fired live."),
    rejected(CP, "SubagentStart", OUTSIDE, M::Other, "PascalCase dialect; not fired live."),
];

/// How its runtime launches and answers hooks. Launch, process and kill are what the traces
/// show (a `bash -c` child of the agent, killed at its timeout); the process group and the
/// signal were not observed separately.
static RUNTIME: Runtime = Runtime {
    convention: Convention::CopilotHooks,
    launch: Launch::Shell {
        shell: ShellProgram::Fixed {
            path: limits::SHELL,
        },
        flag: "-c",
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::EveryCopy,
    answer: AnswerFormat::CopilotJson,
    continuation: ContinuationRule::Capped {
        max: limits::AGENT_STOP_CAP,
    },
    source: TRACES,
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    // Copilot's own name first: the rewrite picks the first row of a meaning.
    AgentVariable {
        name: "COPILOT_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::CopilotHooks,
        plugin_only: false,
        source: ENV_TRACE,
    },
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::CopilotHooks,
        plugin_only: false,
        source: ENV_TRACE,
    },
    // A `--plugin-dir` plugin's hooks get these three (and `*_PLUGIN_DATA`), the user file's
    // hooks none; `${PLUGIN_ROOT}` in its `env` expands to the plugin dir.
    AgentVariable {
        name: "COPILOT_PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::CopilotHooks,
        plugin_only: true,
        source: PLUGIN_TRACE,
    },
    AgentVariable {
        name: "PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::CopilotHooks,
        plugin_only: true,
        source: PLUGIN_TRACE,
    },
    AgentVariable {
        name: "CLAUDE_PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::CopilotHooks,
        plugin_only: true,
        source: PLUGIN_TRACE,
    },
];

/// Its agent's built-in tools that hooks see, in the order the model is offered them. The
/// PascalCase dialect shows the same tools under Claude's names (see [`PASCAL_NAMES`]).
static TOOLS: &[Tool] = &[
    t(Agent::Copilot, "bash", &[Shell], LIVE_TOOLS),
    t(Agent::Copilot, "read_bash", &[TaskOutput], LIVE_TOOLS),
    t(Agent::Copilot, "stop_bash", &[TaskStop], LIVE_TOOLS),
    t(Agent::Copilot, "list_bash", &[], LIVE_TOOLS),
    t(Agent::Copilot, "view", &[Read], LIVE_TOOLS),
    t(Agent::Copilot, "create", &[Write], LIVE_TOOLS),
    t(Agent::Copilot, "edit", &[Edit], LIVE_TOOLS),
    t(
        Agent::Copilot,
        "fetch_copilot_cli_documentation",
        &[],
        LIVE_TOOLS,
    ),
    t(Agent::Copilot, "skill", &[Skill], LIVE_TOOLS),
    t(Agent::Copilot, "sql", &[], LIVE_TOOLS),
    t(Agent::Copilot, "session_store_sql", &[], LIVE_TOOLS),
    t(Agent::Copilot, "read_agent", &[], LIVE_TOOLS),
    t(Agent::Copilot, "list_agents", &[], LIVE_TOOLS),
    t(Agent::Copilot, "write_agent", &[], LIVE_TOOLS),
    t(Agent::Copilot, "grep", &[Grep], LIVE_TOOLS),
    t(Agent::Copilot, "glob", &[Glob], LIVE_TOOLS),
    t(Agent::Copilot, "task", &[Subagent], LIVE_TOOLS),
];

/// The Claude name the PascalCase dialect shows for a Copilot tool, verified live for each
/// pair: @github/copilot 1.0.102, traces `copilot_tool_{view,create,edit,grep,glob}` and
/// `copilot_pascal_dialect` (a PascalCase matcher on the Claude name fires and `tool_name` is the
/// Claude name). The arguments keep Copilot's names (`path`, not `file_path`).
pub static PASCAL_NAMES: &[(&str, &str)] = &[
    ("bash", "Bash"),
    ("view", "Read"),
    ("create", "Write"),
    ("edit", "Edit"),
    ("grep", "Grep"),
    ("glob", "Glob"),
];

/// Its events outside the six kinds that other agents share and that were fired live
/// (camelCase spellings; the PascalCase ones are the same events). `preCompact`,
/// `subagentStart`/`subagentStop` and `notification` are in the engine's table but were never
/// observed, so `hooks import` does not carry other agents' hooks onto them.
static NATIVE: &[NativeEvent] = &[
    ev(
        "permission_request",
        CP,
        "permissionRequest",
        V::ToolName,
        true,
        "@github/copilot 1.0.102, trace copilot_permission_request",
    ),
    ev(
        "post_tool_use_failure",
        CP,
        "postToolUseFailure",
        V::ToolName,
        false,
        "@github/copilot 1.0.102, traces copilot_post_failure_context, copilot_post_nonzero_tool",
    ),
];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Copilot,
    convention: Convention::CopilotHooks,
    name: "Copilot CLI",
    reader_id: "copilot-cli",
    // No MCP server was configured in the Copilot CLI 1.0.102 recordings: its form is
    // unverified, so MCP names are not mapped into or out of it.
    mcp_form: None,
};

/// Everything the workspace knows about this convention's contract. Matchers, as `hooks
/// import` writes them, are camelCase-dialect regexes: Copilot compiles each with the Rust
/// `regex` crate anchored as `^(?:…)$` (trace copilot_matchers; the engine is Rust).
pub static PROFILE: Profile = Profile {
    convention: Convention::CopilotHooks,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "@github/copilot 1.0.102, trace copilot_cwd_env: `cwd` defaults to the project directory",
    ),
    tool_agent: Some(Agent::Copilot),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::RegexOnly(Dialect::Rust),
    // `hooks bridge` reads both payload dialects and answers in Copilot's JSON
    // (`runner::host`; traces copilot_six_kinds, copilot_pascal_dialect, the answers scenarios).
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a camelCase JSON payload on stdin without the event's name (`sessionId`, `timestamp`, `toolName`, `toolArgs`, `toolResult`, …)",
    }),
    blocks_on: "exit 2 or a JSON deny on preToolUse, where any other failure but a timeout denies too",
    // @github/copilot 1.0.102, trace copilot_six_kinds: `source: "new"`, `reason: "complete"`.
    session_defaults: super::SessionDefaults {
        start_source: "new",
        end_reason: "complete",
    },
};
