//! `codex-json`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// Codex hooks.json (conventions.md §4; Codex 0.171.0 as observed, issue 11).
pub mod limits {
    /// Default `timeout` in seconds (`timeout.unwrap_or(600).max(1)`,
    /// `codex-rs/hooks/src/engine/discovery.rs`).
    pub const TIMEOUT_DEFAULT_S: u64 = 600;
    /// Smallest `timeout` (smaller values are raised to it).
    pub const TIMEOUT_MIN_S: u64 = 1;
    /// `SessionEnd`'s default `timeout` (`SESSION_END_DEFAULT_TIMEOUT_SEC`,
    /// `codex-rs/hooks/src/events/session_end.rs`; `hooks/list` of 0.171.0 reports
    /// `timeoutSec: 1`).
    pub const SESSION_END_TIMEOUT_DEFAULT_S: u64 = 1;
    /// `SessionEnd`'s largest `timeout`: larger values are clamped with the warning
    /// "clamping SessionEnd hook timeout to 3s" (`SESSION_END_MAX_TIMEOUT_SEC`; 0.171.0's
    /// `hooks/list` reports `timeoutSec: 3` for `timeout: 10`).
    pub const SESSION_END_TIMEOUT_MAX_S: u64 = 3;
    /// Exit code that blocks (with non-empty stderr).
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// The flag hooks run with: `<shell> -c <command>`, not a login shell
    /// (`default_shell.derive_exec_args("", use_login_shell = false)` in codex-rs core's
    /// session setup; observed `/bin/bash -c <command>` on 0.171.0).
    pub const SHELL_FLAG: &str = "-c";
    /// The shells Codex takes from the password database (`getpwuid_r`'s `pw_shell`), by the
    /// file name of the path (`detect_shell_type`, `codex-rs/core/src/shell.rs`); any other
    /// login shell (fish, ...) falls back to [`FALLBACK_SHELLS`]. `$SHELL` is never read.
    pub const LOGIN_SHELLS: &[&str] = &["bash", "zsh", "sh"];
    /// When the login shell is none of [`LOGIN_SHELLS`]: the first of these found on `PATH`,
    /// then at its fixed paths (Linux order: bash, then zsh; `default_user_shell_from_path`).
    pub const FALLBACK_SHELLS: &[(&str, &[&str])] = &[
        ("bash", &["/bin/bash", "/usr/bin/bash"]),
        ("zsh", &["/bin/zsh"]),
    ];
    /// The shell when nothing else is found (`ultimate_fallback_shell`).
    pub const LAST_RESORT_SHELL: &str = "/bin/sh";
    /// The `additionalContextLimit` a handler has when it writes none; the trust hash leaves
    /// the default out (verified against 0.171.0's `hooks/list`).
    pub const ADDITIONAL_CONTEXT_LIMIT_DEFAULT: u64 = 2500;
    /// Joins the feedback of several `PostToolUse` hooks (`join_text_chunks`,
    /// `codex-rs/hooks/src/events/common.rs`).
    pub const FEEDBACK_SEPARATOR: &str = "\n\n";
}

const CODEX_NAMES: &str = "openai/codex@05d99c8 codex-rs/core/src/tools/hook_names.rs";
const CODEX_PLAN: &str =
    "openai/codex codex-rs/core/src/tools/handlers/plan.rs (`HookToolName::new(\"update_plan\")`)";

// ── Codex hooks.json ──
const CODEX_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Seconds,
        default: limits::TIMEOUT_DEFAULT_S,
        min: limits::TIMEOUT_MIN_S,
        max: None,
    },
    on_error: E::FailOpen,
    can_block: false,
    mutates: &[],
    input: &[I::StdinJson],
    output: Output::ExitCodeAndStdout,
    authority: A::ProviderOwned,
    trust: Trust::HashPinned,
    skip_when: &[],
};
const CX: Convention = Convention::CodexJson;
const CODEX_SESSION_END_TIMEOUT: Timeout = Timeout::Configurable {
    unit: TimeoutUnit::Seconds,
    default: limits::SESSION_END_TIMEOUT_DEFAULT_S,
    min: limits::TIMEOUT_MIN_S,
    max: Some(limits::SESSION_END_TIMEOUT_MAX_S),
};

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // Codex hooks.json (conventions.md §4).
    accepted(CX, "PreToolUse", Kind::PreToolUse, Rules { can_block: true, mutates: &[Mu::ToolInput], ..CODEX_OBSERVER }, M::ToolName,
        "exit 2 blocks only with non-empty stderr; exit 2 with empty stderr is a failure. Codex refuses (the hook fails, the tool runs) `continue: false`, `stopReason`, `suppressOutput`, `permissionDecision: \"ask\"`, `\"allow\"` without `updatedInput`, and `updatedInput` without `\"allow\"` (`hooks/src/engine/output_parser.rs`; observed on 0.171.0)."),
    rejected(CX, "PermissionRequest", OUTSIDE, M::ToolName, ""),
    accepted(CX, "PostToolUse", Kind::PostToolUse, Rules { mutates: &[Mu::Context, Mu::ToolResult], ..CODEX_OBSERVER }, M::ToolName,
        "exit 2 with non-empty stderr, or `decision: \"block\"` with a reason, replaces the tool output the model receives with that text (several hooks: joined with a blank line); `additionalContext` adds context (`hooks/src/events/post_tool_use.rs`; observed on 0.171.0)."),
    rejected(CX, "PreCompact", OUTSIDE, M::Ignored, "Matchers ignored (openai/codex@0b9770e codex-rs/hooks/src/events/common.rs `matcher_pattern_for_event`)."),
    rejected(CX, "PostCompact", OUTSIDE, M::Ignored, "Matchers ignored (same source)."),
    accepted(CX, "SessionStart", Kind::SessionStart, Rules { mutates: &[Mu::Context], ..CODEX_OBSERVER }, M::Source,
        "Plain stdout on exit 0 becomes context (observed on 0.171.0)."),
    accepted(CX, "UserPromptSubmit", Kind::UserPromptSubmit, Rules { can_block: true, mutates: &[Mu::Context], ..CODEX_OBSERVER }, M::Ignored,
        "Plain stdout on exit 0 becomes context. GJC manages an entry here (`gjc codex-native-hook`)."),
    accepted(CX, "Stop", Kind::Stop, Rules { can_block: true, mutates: &[Mu::Continuation], ..CODEX_OBSERVER }, M::Ignored,
        "A block becomes a continuation prompt. GJC manages an entry here (timeout 30)."),
    rejected(CX, "SubagentStart", OUTSIDE, M::Other,
        "Newer Codex versions. The matcher is tested against the subagent's `agent_type` (openai/codex@bde5e18 codex-rs/hooks/src/events/subagent_start.rs)."),
    rejected(CX, "SubagentStop", OUTSIDE, M::Other,
        "Newer Codex versions. The matcher is tested against the subagent's `agent_type` (openai/codex@c59b6dc codex-rs/hooks/src/events/subagent_stop.rs)."),
    rejected(CX, "StopFailure", OUTSIDE, M::Ignored, "Newer Codex versions."),
    rejected(CX, "Interrupt", OUTSIDE, M::Ignored, "When a turn is interrupted; no matcher input, exit codes only reported (openai/codex@0afac7e codex-rs/hooks/src/events/interrupt.rs)."),
    accepted(CX, "SessionEnd", Kind::SessionShutdown, Rules { timeout: CODEX_SESSION_END_TIMEOUT, ..CODEX_OBSERVER }, M::Ignored,
        "Newer Codex versions. Default timeout 1 s; a larger `timeout` is clamped to 3 s with a startup warning (`hooks/src/events/session_end.rs`; 0.171.0 killed a 4 s hook)."),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::CodexJson,
    launch: Launch::Shell {
        shell: ShellProgram::LoginShell {
            known: limits::LOGIN_SHELLS,
            fallbacks: limits::FALLBACK_SHELLS,
            last_resort: limits::LAST_RESORT_SHELL,
        },
        flag: limits::SHELL_FLAG,
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    // Every handler runs: an identical command in two groups runs twice (observed on
    // Codex 0.171.0, issue 11).
    dedupe: Dedupe::EveryCopy,
    answer: AnswerFormat::CodexJson,
    continuation: ContinuationRule::HookGuarded,
    source: "openai/codex codex-rs/core/src/shell.rs, codex-rs/hooks/src/engine/{discovery,command_runner}.rs; Codex 0.171.0 observed (issue 11)",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // Codex: only these reach hooks; reads and searches go through the shell.
    t(Agent::Codex, "Bash", &[Shell], CODEX_NAMES),
    aka(
        t(Agent::Codex, "apply_patch", &[Edit, Write], CODEX_NAMES),
        &["Edit", "Write"],
    ),
    aka(
        t(Agent::Codex, "spawn_agent", &[Subagent], CODEX_NAMES),
        &["Agent"],
    ),
    t(Agent::Codex, "update_plan", &[Todo], CODEX_PLAN),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[
            ev("pre_compact", CX, "PreCompact", V::Unmatched, false,
                "openai/codex@ef80fdf codex-rs/hooks/src/events/compact.rs (no matcher input; `continue: false` is refused)"),
            ev("post_compact", CX, "PostCompact", V::Unmatched, false,
                "openai/codex@ef80fdf codex-rs/hooks/src/events/compact.rs"),
            ev("subagent_start", CX, "SubagentStart", V::AgentType, false,
                "openai/codex@bde5e18 codex-rs/hooks/src/events/subagent_start.rs (`select_handlers(.., agent_type)`; context only)"),
            ev("subagent_stop", CX, "SubagentStop", V::AgentType, true,
                "openai/codex@c59b6dc codex-rs/hooks/src/events/subagent_stop.rs (`select_handlers(.., agent_type)`; Stop's block aggregation)"),
            ev("permission_request", CX, "PermissionRequest", V::ToolName, true,
                "openai/codex@c6687ba codex-rs/hooks/src/events/permission_request.rs (allow/deny decision; matcher kept by `matcher_pattern_for_event`)"),

            ev("interrupt", CX, "Interrupt", V::Unmatched, false,
                "openai/codex@0afac7e codex-rs/hooks/src/events/interrupt.rs (no matcher input; exit codes only reported)"),
];

/// Codex reads a matcher made only of `[A-Za-z0-9_|]` as an exact list: whether `n` is one of
/// its names.
fn exact_name(n: &str) -> bool {
    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Codex,
    convention: Convention::CodexJson,
    name: "Codex",
    reader_id: "codex",
    // openai/codex codex-rs/core/src/tools/handlers/mcp.rs:
    // `HookToolName::new(format!("mcp__{server}__{tool}"))`.
    mcp_form: Some(McpForm::DoubleUnderscore {
        dash_to_underscore: false,
    }),
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::CodexJson,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "openai/codex@0174665 codex-rs/hooks/src/engine/command_runner.rs `run_command`: `command.current_dir(cwd)`, the session's cwd; conformance/traces/codex-0.171.0: `cwd` = the project",
    ),
    tool_agent: Some(Agent::Codex),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::ExactAndRegex(exact_name, Dialect::Rust),
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "a JSON payload on stdin (`hook_event_name`, `session_id`, `tool_name`, `tool_input`, …)",
    }),
    blocks_on: "exit 2 with a reason on stderr (or a JSON block)",
    session_defaults: super::STARTUP_EXIT,
};
