//! `jcode`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and the events it shares with
//! other agents. Registered in [`super::PROFILES`].

use super::prelude::*;
use super::HookInput;
use crate::tools::Role::*;

/// jcode (conventions.md §1).
pub mod limits {
    /// `pre_tool_timeout_ms` default.
    pub const PRE_TOOL_TIMEOUT_DEFAULT_MS: u64 = 5000;
    /// The runner uses `max(1, pre_tool_timeout_ms)`.
    pub const PRE_TOOL_TIMEOUT_FLOOR_MS: u64 = 1;
    /// Exit code that blocks a `pre_tool` call.
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// The block reason (trimmed stderr) is cut to this many bytes at a char boundary.
    pub const BLOCK_REASON_MAX_BYTES: usize = 2000;
    /// Reason used when the trimmed stderr is empty.
    pub const DEFAULT_BLOCK_REASON: &str = "blocked by pre_tool hook";
    /// `JCODE_HOOK_PAYLOAD` is cut to this many bytes at a UTF-8 boundary.
    pub const PAYLOAD_MAX_BYTES: usize = 16_384;
    /// `TOOL_INPUT` is cut to this many bytes.
    pub const TOOL_INPUT_MAX_BYTES: usize = 16_384;
    /// `LAST_ASSISTANT_TEXT` keeps the first this-many characters.
    pub const LAST_ASSISTANT_TEXT_MAX_CHARS: usize = 4000;
    /// `ERROR` keeps the first this-many characters.
    pub const ERROR_MAX_CHARS: usize = 1000;
    /// Present in the agent's environment (any value, even empty), it disables every hook
    /// (`crates/jcode-base/src/hooks.rs`, `hooks_disabled`; code `hooks_disabled_by_env`).
    pub const DISABLED_ENV: &str = "JCODE_HOOKS_DISABLED";
    /// Config re-read polling period.
    pub const CONFIG_POLL_MS: u64 = 500;
    /// The terminal identity of the requesting client, replaced in every hook's environment
    /// and copied as `JCODE_CLIENT_<VAR>` (1jehuang/jcode@6da6124
    /// `crates/jcode-terminal-launch/src/lib.rs` `CLIENT_TERMINAL_ENV_VARS`, applied by
    /// `apply_client_terminal_env` from `crates/jcode-base/src/hooks.rs`
    /// `build_hook_process`). The "about 45" is these 36.
    pub const CLIENT_TERMINAL_ENV_VARS: &[&str] = &[
        "ZELLIJ",
        "ZELLIJ_SESSION_NAME",
        "ZELLIJ_PANE_ID",
        "TMUX",
        "TMUX_PANE",
        "STY",
        "HERDR_ENV",
        "HERDR_SOCKET_PATH",
        "HERDR_PANE_ID",
        "HERDR_TAB_ID",
        "HERDR_WORKSPACE_ID",
        "HERDR_BIN_PATH",
        "HERDR_SESSION",
        "HERDR_AGENT",
        "TERM",
        "TERM_PROGRAM",
        "TERM_PROGRAM_VERSION",
        "COLORTERM",
        "KITTY_PID",
        "KITTY_WINDOW_ID",
        "KITTY_LISTEN_ON",
        "WEZTERM_PANE",
        "WEZTERM_EXECUTABLE",
        "WEZTERM_UNIX_SOCKET",
        "ALACRITTY_WINDOW_ID",
        "ALACRITTY_SOCKET",
        "GHOSTTY_RESOURCES_DIR",
        "GHOSTTY_BIN_DIR",
        "ITERM_SESSION_ID",
        "WINDOWID",
        "HANDTERM_SESSION",
        "HANDTERM_PID",
        "WT_SESSION",
        "WT_PROFILE_ID",
        "DISPLAY",
        "WAYLAND_DISPLAY",
    ];
    /// What `hooks run` (and an embedder that leaves a field unset) sends for the fields
    /// jcode always sets: `SOURCE` of `session_start` (jcode `agent.rs`:
    /// `fire_session_lifecycle_hook("session_start", "create")`; also `attach`, `resume`).
    pub const DEFAULT_SESSION_START_SOURCE: &str = "create";
    /// `SOURCE` of `session_end` (`agent.rs`: `fire_session_lifecycle_hook("session_end",
    /// "close")`, the only value).
    pub const DEFAULT_SESSION_END_SOURCE: &str = "close";
    /// `SOURCE` of `turn_start` (`turn_execution.rs`: `self.fire_turn_start_hook("chat")`,
    /// the only value).
    pub const DEFAULT_TURN_START_SOURCE: &str = "chat";
    /// `MODEL` when the agent gave none (jcode always sends the provider's model).
    pub const DEFAULT_MODEL: &str = "unknown";
    /// `STATUS` of `turn_end`/`post_tool` when the agent gave none.
    pub const DEFAULT_STATUS: &str = "ok";
    /// `DURATION_MS` when the agent gave none.
    pub const DEFAULT_DURATION_MS: u64 = 0;
    /// The prefix of the copies of the client's terminal variables.
    pub const CLIENT_ENV_PREFIX: &str = "JCODE_CLIENT_";
}

const JCODE_HOOKS: &str =
    "1jehuang/jcode@6da6124 crates/jcode-base/src/hooks.rs `apply_event_env`, `build_hook_process`";
const JCODE: &str =
    "1jehuang/jcode@6da6124 crates/jcode-app-core/src/tool/mod.rs:225-375 (registry keys)";
const JCODE_AGENT: &str =
    "1jehuang/jcode@6da6124 crates/jcode-tool-types/src/lib.rs:71-111 (`task` → `subagent`)";

// ── jcode ──
const JCODE_GATE: Rules = Rules {
    ordering: O::Sequential,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Milliseconds,
        default: limits::PRE_TOOL_TIMEOUT_DEFAULT_MS,
        min: limits::PRE_TOOL_TIMEOUT_FLOOR_MS,
        max: None,
    },
    on_error: E::FailOpen,
    can_block: true,
    mutates: &[],
    input: &[I::StdinJson, I::Env],
    output: Output::ExitCode,
    authority: A::AmbientHost,
    trust: Trust::UserConfig,
    skip_when: &[],
};
const JCODE_OBSERVER: Rules = Rules {
    ordering: O::Detached,
    timeout: Timeout::None,
    on_error: E::Isolated,
    can_block: false,
    mutates: &[],
    input: &[I::Env],
    output: Output::Ignored,
    authority: A::AmbientHost,
    trust: Trust::UserConfig,
    skip_when: &[],
};
const JC: Convention = Convention::Jcode;

/// Its events, in the agent's own order.
static EVENTS: &[EventContract] = &[
    // jcode: six slots (conventions.md §1).
    accepted(JC, "turn_start", Kind::UserPromptSubmit, JCODE_OBSERVER, M::NoMatcher,
        "Observer: fires at the start of each agent response, cannot block or add context (jcode has no prompt-submit gate)."),
    accepted(JC, "turn_end", Kind::Stop, JCODE_OBSERVER, M::NoMatcher,
        "Observer: fires once per agent response with the last assistant text; cannot block or continue."),
    accepted(JC, "session_start", Kind::SessionStart, JCODE_OBSERVER, M::NoMatcher,
        "SOURCE is create, attach or resume."),
    accepted(JC, "session_end", Kind::SessionShutdown, JCODE_OBSERVER, M::NoMatcher,
        "SOURCE is close."),
    accepted(JC, "pre_tool", Kind::PreToolUse, JCODE_GATE, M::NoMatcher,
        "Every command runs, sequentially, even after a block; the first block wins. Timeout max(1, pre_tool_timeout_ms) per command. jcode awaits the stdin write before its timeout starts and kills only the direct child; the runner times the whole run and kills the group."),
    accepted(JC, "post_tool", Kind::PostToolUse, JCODE_OBSERVER, M::NoMatcher,
        "Does not fire for blocked calls."),
];

/// How its runtime launches and answers hooks.
static RUNTIME: Runtime = Runtime {
    convention: Convention::Jcode,
    launch: Launch::Argv,
    // Observers are spawned with `setsid` (jcode `platform::spawn_detached`); the gate is a
    // tokio child of the agent, which the runner still puts in its own group so a timeout
    // reaches grandchildren (a documented improvement over jcode, conventions.md §1).
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::EveryCopy,
    answer: AnswerFormat::ExitCodeAndStderr,
    continuation: ContinuationRule::None,
    source: "1jehuang/jcode@6da6124 crates/jcode-base/src/hooks.rs",
};

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    // jcode has no project config: the session's working directory, which is also the
    // hook's cwd (`cmd.current_dir(cwd)` when it is a directory), is its project.
    AgentVariable {
        name: "JCODE_HOOK_CWD",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::Jcode,
        plugin_only: false,
        source: JCODE_HOOKS,
    },
    AgentVariable {
        name: "JCODE_HOOK_SESSION_ID",
        prefix: false,
        meaning: Meaning::SessionId,
        convention: Convention::Jcode,
        plugin_only: false,
        source: JCODE_HOOKS,
    },
    AgentVariable {
        name: "JCODE_HOOK_",
        prefix: true,
        meaning: Meaning::EventField,
        convention: Convention::Jcode,
        plugin_only: false,
        source: JCODE_HOOKS,
    },
];

/// Its agent's built-in tools that hooks see, in source order.
static TOOLS: &[Tool] = &[
    // jcode: registry keys; hooks see the resolved name (`resolve_tool_name`).
    t(Agent::Jcode, "bash", &[Shell], JCODE),
    t(Agent::Jcode, "read", &[Read], JCODE),
    t(Agent::Jcode, "write", &[Write], JCODE),
    t(Agent::Jcode, "edit", &[Edit], JCODE),
    t(Agent::Jcode, "multiedit", &[Edit], JCODE),
    t(Agent::Jcode, "patch", &[Edit, Write], JCODE),
    t(Agent::Jcode, "apply_patch", &[Edit, Write], JCODE),
    // agentgrep's modes `grep` and `find` (crates/jcode-app-core/src/tool/agentgrep.rs:198).
    t(Agent::Jcode, "agentgrep", &[Grep, Glob], JCODE),
    t(Agent::Jcode, "ls", &[List], JCODE),
    t(Agent::Jcode, "webfetch", &[WebFetch], JCODE),
    t(Agent::Jcode, "websearch", &[WebSearch], JCODE),
    t(Agent::Jcode, "todo", &[Todo], JCODE),
    t(Agent::Jcode, "subagent", &[Subagent], JCODE_AGENT),
    t(Agent::Jcode, "skill_manage", &[Skill], JCODE),
    t(Agent::Jcode, "batch", &[], JCODE),
    t(Agent::Jcode, "browser", &[], JCODE),
    t(Agent::Jcode, "open", &[], JCODE),
    t(Agent::Jcode, "bg", &[], JCODE),
    t(Agent::Jcode, "memory", &[], JCODE),
    t(Agent::Jcode, "session_search", &[], JCODE),
    t(Agent::Jcode, "conversation_search", &[], JCODE),
    t(Agent::Jcode, "schedule", &[], JCODE),
    t(Agent::Jcode, "swarm", &[], JCODE),
    t(Agent::Jcode, "side_panel", &[], JCODE),
    t(Agent::Jcode, "mcp", &[], JCODE),
];

/// Its events outside the six kinds that other agents share.
static NATIVE: &[NativeEvent] = &[];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Jcode,
    convention: Convention::Jcode,
    name: "jcode",
    reader_id: "jcode",
    // 1jehuang/jcode@6da6124 crates/jcode-base/src/mcp/tool.rs:110:
    // `format!("mcp__{}__{}", server_name, tool_name).replace('-', "_")`.
    mcp_form: Some(McpForm::DoubleUnderscore {
        dash_to_underscore: true,
    }),
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: Convention::Jcode,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "1jehuang/jcode@6da6124 crates/jcode-base/src/hooks.rs `build_hook_process`: `cmd.current_dir(cwd)` with the session's cwd (when it names a directory)",
    ),
    tool_agent: Some(Agent::Jcode),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: Some(limits::DISABLED_ENV),
    matcher: MatcherSyntax::None,
    hosts_bridge: false,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "`JCODE_HOOK_*` environment variables, and for `pre_tool` the tool input alone as JSON on stdin",
    }),
    blocks_on: "exit 2",
    session_defaults: super::SessionDefaults {
        start_source: limits::DEFAULT_SESSION_START_SOURCE,
        end_reason: limits::DEFAULT_SESSION_END_SOURCE,
    },
};
