//! The contract table: for every convention × source event, the canonical kind it maps to (or
//! the code that rejects it) and, for accepted events, how its runtime executes it.
//!
//! Every number of a contract lives here once, in [`limits`], and is pinned by a test that cites
//! its source in `shared/reference/conventions.md`. The runner and the adapters read this table;
//! `docs/contracts.md` is generated from it.

use crate::{Code, Convention, Kind};
use serde::Serialize;

/// How the hooks of one event run relative to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ordering {
    /// One after another, each awaited, in declaration order.
    Sequential,
    /// All at once; results kept in declaration order.
    Parallel,
    /// Spawned and never awaited by the agent.
    Detached,
    /// All at once, each under its timeout, but the agent does not wait for them: the action
    /// goes on as soon as they are started and their answers are never read (Kimi Code
    /// `fireAndForgetTrigger`).
    FireAndForget,
    /// Never executed at runtime (import and diagnostics only).
    NotExecuted,
}

/// The unit a convention writes timeouts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutUnit {
    /// Milliseconds.
    Milliseconds,
    /// Seconds.
    Seconds,
}

impl TimeoutUnit {
    /// Milliseconds per unit.
    pub const fn millis(self) -> u64 {
        match self {
            TimeoutUnit::Milliseconds => 1,
            TimeoutUnit::Seconds => 1000,
        }
    }
}

/// The timeout rule of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Timeout {
    /// No timeout: the hook may run forever.
    None,
    /// A fixed timeout the user cannot change.
    Fixed {
        /// Milliseconds.
        ms: u64,
    },
    /// A timeout the user writes, in `unit`, with a default and bounds (in `unit`).
    Configurable {
        /// The unit the user writes it in.
        unit: TimeoutUnit,
        /// The default when not written.
        default: u64,
        /// The smallest accepted value (or the clamp floor, see the event's notes).
        min: u64,
        /// The largest accepted value, `None` when unbounded.
        max: Option<u64>,
    },
    /// A per-hook timeout as in [`Timeout::Configurable`], inside one time budget shared by all
    /// the event's hooks: the budget is the largest timeout written on any of the event's hooks,
    /// at least `floor_ms` (also the budget when none is written) and at most `max_ms` (Claude
    /// Code's `SessionEnd`).
    SharedBudget {
        /// The unit the user writes each hook's timeout in.
        unit: TimeoutUnit,
        /// The per-hook default when not written.
        default: u64,
        /// The budget when no hook writes a larger timeout, in milliseconds.
        floor_ms: u64,
        /// The largest budget, in milliseconds.
        max_ms: u64,
    },
}

impl Timeout {
    /// The effective default in milliseconds (`None` for no timeout).
    pub const fn default_ms(self) -> Option<u64> {
        match self {
            Timeout::None => None,
            Timeout::Fixed { ms } => Some(ms),
            Timeout::Configurable { unit, default, .. } => Some(default * unit.millis()),
            Timeout::SharedBudget { floor_ms, .. } => Some(floor_ms),
        }
    }

    /// The timeout in milliseconds a hook that writes `written_ms` (`None`: nothing written)
    /// runs under by this rule, before any shared budget: the written value (or the default)
    /// clamped into `min..=max` (Codex clamps `SessionEnd` timeouts to 3 s with a warning,
    /// `hooks/src/engine/discovery.rs`). `None` for no timeout.
    pub fn effective_ms(self, written_ms: Option<u64>) -> Option<u64> {
        match self {
            Timeout::None => None,
            Timeout::Fixed { ms } => Some(ms),
            Timeout::Configurable {
                unit,
                default,
                min,
                max,
            } => {
                let ms = written_ms.unwrap_or(default * unit.millis());
                let ms = ms.max(min * unit.millis());
                Some(max.map_or(ms, |m| ms.min(m * unit.millis())))
            }
            Timeout::SharedBudget { unit, default, .. } => {
                Some(written_ms.unwrap_or(default * unit.millis()))
            }
        }
    }

    /// The shared budget of an event in milliseconds, given the largest timeout written on its
    /// hooks (`None` when no hook writes one); `None` when the rule has no shared budget.
    pub fn budget_ms(self, largest_written_ms: Option<u64>) -> Option<u64> {
        match self {
            Timeout::SharedBudget {
                floor_ms, max_ms, ..
            } => Some(largest_written_ms.unwrap_or(0).min(max_ms).max(floor_ms)),
            _ => None,
        }
    }
}

/// What happens when a hook fails (error, crash, timeout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnError {
    /// The action proceeds as if the hook allowed it.
    FailOpen,
    /// The action is blocked.
    FailClosed,
    /// The failure is logged; other hooks and the action go on.
    Isolated,
}

/// What a hook may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mutation {
    /// Adds context for the model (prompt submit, session start).
    Context,
    /// Replaces the tool input (Codex/Claude `updatedInput`).
    ToolInput,
    /// Replaces the tool result (GJC `content`, `details`, `isError`; Codex `PostToolUse` feedback
    /// replaces the output the model receives).
    ToolResult,
    /// Makes the agent continue with a reason after it wanted to stop.
    Continuation,
    /// Injects a message (GJC `before_agent_start`).
    Message,
}

/// How the hook receives the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// A JSON document on stdin.
    StdinJson,
    /// Environment variables.
    Env,
    /// Arguments of a module API call.
    ModuleApi,
}

/// How the hook answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Output {
    /// Nothing is read back.
    Ignored,
    /// The exit code, stderr as the block reason.
    ExitCode,
    /// The exit code plus a JSON document (or plain text) on stdout.
    ExitCodeAndStdout,
    /// The value the module handler returns.
    ReturnValue,
}

/// What authority the hook's code runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Authority {
    /// A process or module with the user's full ambient authority.
    AmbientHost,
    /// A module given a constrained API (still ambient host-process authority underneath).
    ConstrainedApi,
    /// Executed by another runtime this project does not control.
    ExternalRuntime,
    /// Owned and scheduled by the provider's agent (Codex).
    ProviderOwned,
    /// Never executed: import and diagnostics only.
    NotExecuted,
}

/// What makes the agent trust the hook enough to run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trust {
    /// The user's own config file; no further gate.
    UserConfig,
    /// Project files execute when loaded; no trust gate is enforced.
    NotEnforced,
    /// The file's hash must match a registry (plugins) or a trusted hash (Codex: per handler, in
    /// `[hooks.state]` of `$CODEX_HOME/config.toml`, and a project file loads only in a trusted
    /// project; untrusted hooks are skipped silently — `adapters::codex_json::trust`).
    HashPinned,
    /// Project settings run once the folder is trusted (Claude, interactively; print mode
    /// `claude -p` has no trust step and runs project hooks at once — Claude Code 2.1.332,
    /// issue 11 item 6).
    FolderTrust,
    /// Not executed.
    NotExecuted,
}

/// What value a matcher is tested against for this event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchedValue {
    /// The tool name.
    ToolName,
    /// The prompt text.
    Prompt,
    /// The session source (`startup`, `resume`, ...).
    Source,
    /// The end reason.
    Reason,
    /// Something else the convention defines (origin kind, agent name, trigger, ...).
    Other,
    /// The matched value is always the empty string.
    AlwaysEmpty,
    /// The agent ignores matchers on this event.
    Ignored,
    /// The convention has no matcher at all (jcode): the hook fires for every value.
    NoMatcher,
}

/// A condition under which the agent does not run an event's hooks at all (no process, no
/// outcome), although the event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipWhen {
    /// The tool call failed (Kimi Code fires `PostToolUseFailure` instead of `PostToolUse`).
    ToolFailed,
    /// The model's step ended with tool calls (or was filtered): the agent is not stopping.
    StepEndedWithToolCalls,
    /// A Stop hook already continued this turn.
    ContinuedThisTurn,
    /// The prompt did not come from the user (a system trigger, a hook result...).
    NotUserPrompt,
}

/// The execution rules of an accepted event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// Ordering among the event's hooks.
    pub ordering: Ordering,
    /// Timeout rule.
    pub timeout: Timeout,
    /// Failure behaviour.
    pub on_error: OnError,
    /// Whether a hook can block the action.
    pub can_block: bool,
    /// What a hook can change.
    pub mutates: &'static [Mutation],
    /// Input channels.
    pub input: &'static [Input],
    /// Output channel.
    pub output: Output,
    /// Authority of the hook's code.
    pub authority: Authority,
    /// Trust gate.
    pub trust: Trust,
    /// When the agent does not run these hooks at all.
    pub skip_when: &'static [SkipWhen],
}

/// Where a source event goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Mapping {
    /// Accepted into this kind, executed under these rules.
    Accepted {
        /// The canonical kind.
        kind: Kind,
        /// Its execution rules.
        rules: Rules,
    },
    /// Rejected with this diagnostic code.
    Rejected {
        /// The code reported.
        code: Code,
    },
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventContract {
    /// The convention.
    pub convention: Convention,
    /// The event as the convention spells it (plugin shapes as `event/phase`).
    pub event: &'static str,
    /// Kind or rejection.
    pub mapping: Mapping,
    /// What a matcher is tested against.
    pub matched: MatchedValue,
    /// A contract note: where the real behaviour differs from the docs or from the other
    /// conventions. Empty when there is nothing to say.
    pub note: &'static str,
}

impl EventContract {
    /// The canonical kind, when accepted.
    pub fn kind(&self) -> Option<Kind> {
        match self.mapping {
            Mapping::Accepted { kind, .. } => Some(kind),
            Mapping::Rejected { .. } => None,
        }
    }

    /// The rules, when accepted.
    pub fn rules(&self) -> Option<&Rules> {
        match &self.mapping {
            Mapping::Accepted { rules, .. } => Some(rules),
            Mapping::Rejected { .. } => None,
        }
    }
}

/// Every number of every contract, once. Each is pinned by a test citing conventions.md.
pub mod limits {
    /// jcode (conventions.md §1).
    pub mod jcode {
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
    /// Jarvis Code (conventions.md §2).
    pub mod jarvis {
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
    /// GJC ExtensionRunner (conventions.md §3).
    pub mod gjc {
        /// `tool_result` per-handler timeout.
        pub const TOOL_RESULT_TIMEOUT_MS: u64 = 30_000;
        /// Other lifecycle events' timeout (contract table).
        pub const LIFECYCLE_TIMEOUT_MS: u64 = 30_000;
        /// What the code actually uses for `session_shutdown`.
        pub const SESSION_SHUTDOWN_CODE_TIMEOUT_MS: u64 = 60_000;
        /// Timeout of the managed Codex `Stop` entry, in seconds.
        pub const MANAGED_STOP_TIMEOUT_S: u64 = 30;
        /// The managed command.
        pub const MANAGED_COMMAND: &str = "gjc codex-native-hook";
        /// The managed entries' `statusMessage`.
        pub const MANAGED_STATUS_MESSAGE: &str = "GJC skill state";
    }
    /// Codex hooks.json (conventions.md §4; Codex 0.171.0 as observed, issue 11).
    pub mod codex {
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
    /// Thresholds of `hooks lint`'s timeout rules (ours, not an agent's: no agent checks these).
    pub mod lint {
        /// A timeout written in seconds at or above this many probably meant milliseconds
        /// (`"timeout": 30000` is 8 h 20 min).
        pub const TIMEOUT_LOOKS_LIKE_MS_S: u64 = 1000;
        /// A timeout below this many milliseconds cannot start a process (fork, exec and a
        /// shell's start-up alone take a few milliseconds, an interpreter tens): the hook times
        /// out every time it fires.
        pub const PROCESS_START_MIN_MS: u64 = 100;
    }
    /// Claude Code settings (conventions.md §5).
    pub mod claude {
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
    /// Gemini CLI settings hooks (Gemini CLI 0.61.0, `packages/core/src/hooks/`).
    pub mod gemini {
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
    /// `hooks bridge` (docs/bridge.md): an agent's hook entry that runs other conventions' hooks.
    pub mod bridge {
        /// The bridge answers this long before the timeout of its host entry, so the host never
        /// kills it first (the entry's timeout is the host's largest or default, see
        /// `runner::host::entry_timeout_s`).
        pub const DEADLINE_MARGIN_MS: u64 = 2000;
        /// A bridge started (through hooks) by bridges this many levels deep answers at once,
        /// running nothing: two agents bridging each other's hooks would otherwise loop.
        pub const MAX_DEPTH: u32 = 4;
        /// The environment variable that carries the depth to the hooks a bridge runs.
        pub const DEPTH_ENV: &str = "HOOKS_BRIDGE_DEPTH";
        /// How many consecutive blocks of a host's stop event, in one session, the bridge lets
        /// through before it lets the agent stop (`hooks bridge --loop-limit`): GitHub Copilot
        /// CLI's `agentStop` runaway guard stops after 8 consecutive blocks
        /// (`shared/reference/other-agents.md` §2.1, Copilot's hooks reference; to be pinned by
        /// the Copilot CLI conformance traces), while Codex has no cap at all and Claude Code
        /// leaves it to the hook (`stop_hook_active`).
        pub const LOOP_LIMIT: u32 = 8;
        /// A session's warm module host (`runner::warm`) exits after this long without an
        /// event: our own bound (no agent has one), so a session that ended without a
        /// `SessionEnd` reaching the bridge leaves no Node.js behind for long.
        pub const WARM_HOST_IDLE_MS: u64 = 10 * 60 * 1000;
        /// The environment variable that replaces [`WARM_HOST_IDLE_MS`] (milliseconds); `0`
        /// turns the warm host off (every event loads the modules afresh).
        pub const WARM_HOST_IDLE_ENV: &str = "HOOKS_BRIDGE_IDLE_MS";
    }
}

use limits::*;
use Authority as A;
use Input as I;
use MatchedValue as M;
use Mutation as Mu;
use OnError as E;
use Ordering as O;

const fn accepted(
    convention: Convention,
    event: &'static str,
    kind: Kind,
    rules: Rules,
    matched: MatchedValue,
    note: &'static str,
) -> EventContract {
    EventContract {
        convention,
        event,
        mapping: Mapping::Accepted { kind, rules },
        matched,
        note,
    }
}

const fn rejected(
    convention: Convention,
    event: &'static str,
    code: Code,
    matched: MatchedValue,
    note: &'static str,
) -> EventContract {
    EventContract {
        convention,
        event,
        mapping: Mapping::Rejected { code },
        matched,
        note,
    }
}

// ── jcode ──
const JCODE_GATE: Rules = Rules {
    ordering: O::Sequential,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Milliseconds,
        default: jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS,
        min: jcode::PRE_TOOL_TIMEOUT_FLOOR_MS,
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

// ── Jarvis ──
const JARVIS_TIMEOUT: Timeout = Timeout::Configurable {
    unit: TimeoutUnit::Seconds,
    default: jarvis::TIMEOUT_DEFAULT_S,
    min: jarvis::TIMEOUT_MIN_S,
    max: Some(jarvis::TIMEOUT_MAX_S),
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
const OUTSIDE: Code = Code::UnsupportedConventionEvent;

// ── GJC in-process ──
const GJC_TOOL_CALL: Rules = Rules {
    ordering: O::Sequential,
    timeout: Timeout::None,
    on_error: E::FailClosed,
    can_block: true,
    mutates: &[],
    input: &[I::ModuleApi],
    output: Output::ReturnValue,
    authority: A::AmbientHost,
    trust: Trust::NotEnforced,
    skip_when: &[],
};
const GJC_TOOL_RESULT: Rules = Rules {
    timeout: Timeout::Fixed {
        ms: gjc::TOOL_RESULT_TIMEOUT_MS,
    },
    on_error: E::Isolated,
    can_block: false,
    mutates: &[Mu::ToolResult],
    ..GJC_TOOL_CALL
};
const GJC_LIFECYCLE: Rules = Rules {
    timeout: Timeout::Fixed {
        ms: gjc::LIFECYCLE_TIMEOUT_MS,
    },
    on_error: E::Isolated,
    can_block: false,
    mutates: &[],
    ..GJC_TOOL_CALL
};
const GJC_BEFORE_AGENT_START: Rules = Rules {
    mutates: &[Mu::Message],
    ..GJC_LIFECYCLE
};
const GJ: Convention = Convention::Gjc;

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

// ── Claude/Codex directories ──
const IMPORT_ONLY: Rules = Rules {
    ordering: O::NotExecuted,
    timeout: Timeout::None,
    on_error: E::Isolated,
    can_block: false,
    mutates: &[],
    input: &[],
    output: Output::Ignored,
    authority: A::NotExecuted,
    trust: Trust::NotExecuted,
    skip_when: &[],
};

// ── Codex hooks.json ──
const CODEX_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Seconds,
        default: codex::TIMEOUT_DEFAULT_S,
        min: codex::TIMEOUT_MIN_S,
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
    default: codex::SESSION_END_TIMEOUT_DEFAULT_S,
    min: codex::TIMEOUT_MIN_S,
    max: Some(codex::SESSION_END_TIMEOUT_MAX_S),
};

// ── Claude settings ──
const CLAUDE_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Seconds,
        default: claude::TIMEOUT_DEFAULT_S,
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
    default: claude::TIMEOUT_DEFAULT_S,
    floor_ms: claude::SESSION_END_BUDGET_FLOOR_MS,
    max_ms: claude::SESSION_END_BUDGET_MAX_MS,
};

// ── Gemini CLI settings ──
const GEMINI_OBSERVER: Rules = Rules {
    ordering: O::Parallel,
    timeout: Timeout::Configurable {
        unit: TimeoutUnit::Milliseconds,
        default: gemini::TIMEOUT_DEFAULT_MS,
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

/// The table. Order: conventions in [`Convention::ALL`] order, events in each convention's own order.
pub static CONTRACTS: &[EventContract] = &[
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
    // GJC plugin manifest shapes (conventions.md §3).
    accepted(GP, "tool_call/before", Kind::PreToolUse, PLUGIN_BEFORE, M::ToolName, ""),
    accepted(GP, "tool_call/after", Kind::PostToolUse, PLUGIN_AFTER, M::ToolName,
        "A post-tool observation: never gains pre-tool blocking authority."),
    accepted(GP, "tool_result/after", Kind::PostToolUse, PLUGIN_AFTER, M::ToolName, "target defaults to `*`."),
    accepted(GP, "session_start", Kind::SessionStart, PLUGIN_LIFECYCLE, M::Ignored, "No target and no phase (not even null)."),
    accepted(GP, "session_shutdown", Kind::SessionShutdown, PLUGIN_LIFECYCLE, M::Ignored, "No target and no phase (not even null)."),
    rejected(GP, "pre_tool_use", NOT_PLUGIN, M::Ignored, "Aliases are never authority."),
    rejected(GP, "post_tool_use", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "UserPromptSubmit", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "Stop", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "agent_end", NOT_PLUGIN, M::Ignored, ""),
    rejected(GP, "before_agent_start", NOT_PLUGIN, M::Ignored, ""),
    // Claude/Codex hook directories: import and diagnostics only (conventions.md §3).
    accepted(Convention::ClaudeDir, "pre", Kind::PreToolUse, IMPORT_ONLY, M::ToolName, "Never executed; `hooks import --from claude-dir --to gjc` writes the canonical copy."),
    accepted(Convention::ClaudeDir, "post", Kind::PostToolUse, IMPORT_ONLY, M::ToolName, "Never executed."),
    accepted(Convention::CodexDir, "pre", Kind::PreToolUse, IMPORT_ONLY, M::ToolName, "Never executed; `hooks import --from codex-dir --to gjc` writes the canonical copy."),
    accepted(Convention::CodexDir, "post", Kind::PostToolUse, IMPORT_ONLY, M::ToolName, "Never executed."),
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

/// Whether the convention's runtime runs every copy of an identical hook (its [`Runtime`] row's
/// [`Dedupe`]). jcode runs all the commands of a slot in declaration order, copies included
/// (conventions.md §1), and so does Codex: every configured handler runs, an identical command
/// in two groups twice (observed on Codex 0.171.0, issue 11). Jarvis and Claude run an identical
/// command once (§2, §5; Claude Code 2.1.332 observed) and GJC keeps the first module (§3).
pub fn runs_every_copy(convention: Convention) -> bool {
    runtime(convention).is_some_and(|r| r.dedupe == Dedupe::EveryCopy)
}

/// Whether some runtime executes an event of `convention` (of `kind`, when given): false for
/// the import-only directories and for kinds the convention has no executed event for.
pub fn executes(convention: Convention, kind: Option<Kind>) -> bool {
    events_of(convention).any(|r| {
        kind.is_none_or(|k| r.kind() == Some(k))
            && r.rules()
                .is_some_and(|r| r.ordering != Ordering::NotExecuted)
    })
}

/// What looking up a (convention, event) pair found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// A row of the table.
    Known(&'static EventContract),
    /// A GJC in-process event not listed: outside the hook IR (conventions.md §3: "any other event").
    OutsideIr,
    /// The convention does not define this name. `suggestion` is the nearest defined name
    /// (case-insensitive match first, then edit distance), if any is close.
    Unknown {
        /// Did-you-mean.
        suggestion: Option<&'static str>,
    },
}

/// The rows of one convention, in table order.
pub fn events_of(convention: Convention) -> impl Iterator<Item = &'static EventContract> {
    CONTRACTS.iter().filter(move |c| c.convention == convention)
}

/// Finds the row for `event` (exact, case-sensitive, as every agent compares it).
pub fn find(convention: Convention, event: &str) -> Option<&'static EventContract> {
    events_of(convention).find(|c| c.event == event)
}

/// Looks an event up, with a did-you-mean for unknown names.
pub fn lookup(convention: Convention, event: &str) -> Lookup {
    if let Some(row) = find(convention, event) {
        return Lookup::Known(row);
    }
    if convention == Convention::Gjc {
        return Lookup::OutsideIr;
    }
    Lookup::Unknown {
        suggestion: suggest(event, events_of(convention).map(|c| c.event)),
    }
}

/// The nearest of `candidates` to `input`: a case-insensitive equal first, else the closest by
/// Jaro–Winkler similarity (≥ 0.8). Used for every did-you-mean of the project.
pub fn suggest<'a>(input: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.collect();
    if let Some(c) = candidates.iter().find(|c| c.eq_ignore_ascii_case(input)) {
        return Some(c);
    }
    let lower = input.to_ascii_lowercase();
    candidates
        .iter()
        .map(|c| (strsim::jaro_winkler(&lower, &c.to_ascii_lowercase()), *c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

pub mod native;
mod runtime;
pub mod variables;
pub use runtime::{
    runtime, AnswerFormat, ContinuationRule, Dedupe, KillRule, Launch, ProcessMode, Runtime,
    ShellProgram, RUNTIMES,
};

#[cfg(test)]
mod tests;
