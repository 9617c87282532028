//! `cursor-hooks`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tool types and its matcher syntax.
//! Registered in [`super::PROFILES`].
//!
//! Cursor cannot run here (no registry build; it needs an account), so every fact cites Cursor's
//! published hooks reference: [`DOCS`] (the 1.7–2.0 page, stored copy of
//! `cursor.com/docs/agent/hooks`) and [`REFERENCE`] (the current `cursor.com/docs/reference/hooks`
//! as quoted field by field in a public contract note). `docs/conventions/cursor-hooks.md` lists
//! every point not verified against a running Cursor.

use super::prelude::*;
use crate::tools::Role::*;

/// The 1.7–2.0 hooks page, `https://cursor.com/docs/agent/hooks` (a public stored copy: the
/// events, `hooks.json`'s places, commands relative to `hooks.json`, the stop hook's 5 follow-ups).
pub const DOCS: &str = "cursor.com/docs/agent/hooks (Cursor 1.7-2.0 hooks page)";
/// The current reference, `https://cursor.com/docs/reference/hooks` (entry fields `type`,
/// `timeout`, `matcher`, `failClosed`, `loop_limit`; per-event matchers and answers; variables).
pub const REFERENCE: &str = "cursor.com/docs/reference/hooks";

/// Cursor hooks (`hooks.json`, `version: 1`).
pub mod limits {
    /// The only `version` of a `hooks.json` the docs show (`"version": 1` in every example of
    /// cursor.com/docs/agent/hooks).
    pub const FILE_VERSION: u64 = 1;
    /// Follow-ups a `stop` hook's `followup_message` may start in one conversation when its entry
    /// writes no `loop_limit` ("a maximum of 5 auto follow-ups is enforced",
    /// cursor.com/docs/agent/hooks, `stop`); `"loop_limit": null` removes the cap
    /// (cursor.com/docs/reference/hooks).
    pub const LOOP_LIMIT_DEFAULT: u32 = 5;
    /// The exit code that denies (cursor.com/docs/reference/hooks: "exit code 2 = deny").
    pub const BLOCK_EXIT_CODE: i32 = 2;
    /// The timeout `hooks` assumes for an entry without `timeout`, in seconds. **Not published**:
    /// cursor.com/docs/reference/hooks lists `timeout` (seconds) with no default. 60 s is
    /// Claude Code's default, whose hooks Cursor also runs; `docs/conventions/cursor-hooks.md`
    /// lists it as unverified, and the writer always writes `timeout` so an imported hook does
    /// not depend on it.
    pub const TIMEOUT_DEFAULT_S: u64 = 60;
    /// The shell a command string runs with. **Not published** (the docs say "a shell string");
    /// `sh -c` is assumed and listed as unverified.
    pub const SHELL: &str = "sh";
    /// The variables set in every hook's environment to the project directory
    /// (cursor.com/docs/reference/hooks: `CURSOR_PROJECT_DIR`, and `CLAUDE_PROJECT_DIR` as an
    /// alias).
    pub const PROJECT_DIR_ENVS: [&str; 2] = ["CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"];
    /// The project file, relative to the project root.
    pub const PROJECT_FILE: &str = ".cursor/hooks.json";
    /// The user file, relative to the home dir.
    pub const USER_FILE: &str = ".cursor/hooks.json";
    /// The enterprise-managed file on Linux/WSL (cursor.com/docs/agent/hooks, "Global").
    pub const ENTERPRISE_FILE: &str = "/etc/cursor/hooks.json";
    /// Cursor's plugins directory, relative to the home dir: `local/<plugin>/` for a plugin
    /// placed there by hand (Cursor's own `create-plugin` rules save new plugins there "so they
    /// are immediately available"), `cache/<marketplace>/<plugin>/<commit>/` for one installed
    /// from a marketplace (third-party installers, e.g. `ljos`'s `cursor_plugin_in`). Not
    /// observed here.
    pub const PLUGINS_DIR: &str = ".cursor/plugins";
    /// A plugin's manifest, relative to its root (cursor.com/docs/reference/plugins).
    pub const PLUGIN_MANIFEST: &str = ".cursor-plugin/plugin.json";
    /// A plugin's hooks file when its manifest names none (cursor.com/docs/reference/plugins,
    /// "Plugin structure": `hooks/hooks.json`).
    pub const PLUGIN_HOOKS_FILE: &str = "hooks/hooks.json";
}

// ── Cursor hooks.json ──
// The docs say neither the order nor whether an event's hooks run one at a time: sequential in
// file order is assumed (listed as unverified). A failing hook lets the action go on unless its
// entry sets `failClosed: true` (per hook, `Detail::CursorEntry`).
const OBSERVER: Rules = Rules {
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
    trust: Trust::NotEnforced,
    skip_when: &[],
};
const CU: Convention = Convention::CursorHooks;
const PRE: Rules = Rules {
    can_block: true,
    mutates: &[Mu::ToolInput],
    ..OBSERVER
};
const POST: Rules = Rules {
    mutates: &[Mu::Context],
    ..OBSERVER
};
const PROMPT: Rules = Rules {
    can_block: true,
    ..OBSERVER
};
const STOP: Rules = Rules {
    can_block: true,
    mutates: &[Mu::Continuation],
    ..OBSERVER
};
const START: Rules = Rules {
    mutates: &[Mu::Context],
    ..OBSERVER
};

/// Its events, in the reference's order: the agent hooks, the Tab hooks, the app's.
static EVENTS: &[EventContract] = &[
    accepted(CU, "sessionStart", Kind::SessionStart, START, M::Ignored,
        "Answer `{\"additional_context\": …, \"env\": {…}}`: the context is added to the conversation, `env` to later hooks' environment (cursor.com/docs/reference/hooks)."),
    accepted(CU, "sessionEnd", Kind::SessionShutdown, OBSERVER, M::Ignored,
        "Fire-and-forget: no answer is read (cursor.com/docs/reference/hooks)."),
    accepted(CU, "preToolUse", Kind::PreToolUse, PRE, M::ToolName,
        "The matcher is tested on the tool type (`Shell`, `Read`, `Write`, `Grep`, `Task`, `MCP:<tool>`). Answer `{\"permission\": \"allow\"|\"deny\", \"user_message\", \"agent_message\", \"updated_input\"}`; `ask` is accepted but not enforced here; exit 2 denies; a failure lets the tool run unless the entry sets `failClosed: true` (cursor.com/docs/reference/hooks)."),
    accepted(CU, "postToolUse", Kind::PostToolUse, POST, M::ToolName,
        "Answer `{\"additional_context\"}` (after the tool result) and, for MCP tools, `updated_mcp_tool_output` (cursor.com/docs/reference/hooks)."),
    rejected(CU, "postToolUseFailure", OUTSIDE, M::ToolName,
        "Fires for a failed or denied tool call (cursor.com/docs/reference/hooks)."),
    rejected(CU, "subagentStart", OUTSIDE, M::Other,
        "The matcher is tested on the subagent type; answer `permission` allow/deny (cursor.com/docs/reference/hooks)."),
    rejected(CU, "subagentStop", OUTSIDE, M::Other,
        "The matcher is tested on the subagent type; `followup_message` continues a completed subagent, bounded by `loop_limit` (cursor.com/docs/reference/hooks)."),
    rejected(CU, "beforeShellExecution", OUTSIDE, M::Other,
        "Before a shell command, with `command`, `cwd`, `sandbox`; the matcher is tested on the command text, not a tool name, so it is not a preToolUse; answer `permission` allow/deny/ask, `user_message`, `agent_message` (cursor.com/docs/agent/hooks, /reference/hooks)."),
    rejected(CU, "afterShellExecution", OUTSIDE, M::Other,
        "After a shell command (`command`, `output`, `duration`); fire-and-forget (cursor.com/docs/reference/hooks)."),
    rejected(CU, "beforeMCPExecution", OUTSIDE, M::Other,
        "Before an MCP tool call (`tool_name`, `tool_input` as a JSON string, `url` or `command`); matched on the MCP tool name; answer `permission` allow/deny/ask (cursor.com/docs/agent/hooks)."),
    rejected(CU, "afterMCPExecution", OUTSIDE, M::Other,
        "After an MCP tool call (`result_json`, `duration`); fire-and-forget (cursor.com/docs/agent/hooks)."),
    rejected(CU, "beforeReadFile", OUTSIDE, M::Other,
        "Before the agent reads a file (`file_path`, `content`, `attachments`); answer `permission` allow/deny only (cursor.com/docs/agent/hooks)."),
    rejected(CU, "afterFileEdit", OUTSIDE, M::Other,
        "After the agent edits a file (`file_path`, `edits`); no answer (cursor.com/docs/agent/hooks)."),
    accepted(CU, "beforeSubmitPrompt", Kind::UserPromptSubmit, PROMPT, M::Ignored,
        "Answer `{\"continue\": false, \"user_message\"}` stops the submission; no context can be added (cursor.com/docs/agent/hooks, /reference/hooks)."),
    rejected(CU, "preCompact", OUTSIDE, M::Other,
        "Before the context is compacted; observe only (cursor.com/docs/reference/hooks)."),
    accepted(CU, "stop", Kind::Stop, STOP, M::Ignored,
        "Input `status` (`completed`, `aborted`, `error`) and `loop_count`; a non-empty `followup_message` is submitted as the next user message, at most `loop_limit` times (5 when unwritten, none with `null`) (cursor.com/docs/agent/hooks, /reference/hooks)."),
    rejected(CU, "afterAgentResponse", OUTSIDE, M::Other,
        "After an assistant message (`text`); observe only (cursor.com/docs/agent/hooks)."),
    rejected(CU, "afterAgentThought", OUTSIDE, M::Other,
        "After a thinking block; observe only (cursor.com/docs/agent/hooks)."),
    rejected(CU, "beforeTabFileRead", OUTSIDE, M::Other,
        "Tab completions only: before Tab reads a file; answer `permission` allow/deny (cursor.com/docs/agent/hooks)."),
    rejected(CU, "afterTabFileEdit", OUTSIDE, M::Other,
        "Tab completions only: after Tab edits a file; no answer (cursor.com/docs/agent/hooks)."),
    rejected(CU, "workspaceOpen", OUTSIDE, M::Other,
        "App lifecycle: when a workspace opens (cursor.com/docs/reference/hooks, as quoted by third parties)."),
];

/// How its runtime launches and answers hooks, as the docs describe it: a spawned process
/// talking JSON over stdio. The shell, the process group and the kill are not published
/// (assumed: `sh -c`, own group, group killed at the timeout).
static RUNTIME: Runtime = Runtime {
    convention: Convention::CursorHooks,
    launch: Launch::Shell {
        shell: ShellProgram::Fixed {
            path: limits::SHELL,
        },
        flag: "-c",
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::EveryCopy,
    answer: AnswerFormat::CursorJson,
    continuation: ContinuationRule::Capped {
        max: limits::LOOP_LIMIT_DEFAULT,
    },
    source: "cursor.com/docs/agent/hooks, cursor.com/docs/reference/hooks (not run here)",
};

/// Cursor's plugin reference (`https://cursor.com/docs/reference/plugins`) and the manifest
/// schema of its official plugins repository (`cursor/plugins`, `schemas/plugin.schema.json`):
/// a plugin's `.cursor-plugin/plugin.json` with `hooks` — a path, by default
/// `hooks/hooks.json`, or an inline object.
pub const PLUGINS: &str =
    "cursor.com/docs/reference/plugins; cursor/plugins schemas/plugin.schema.json";

/// The variables its agent sets in every hook's environment.
static VARIABLES: &[AgentVariable] = &[
    AgentVariable {
        name: "CURSOR_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::CursorHooks,
        plugin_only: false,
        source: REFERENCE,
    },
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        prefix: false,
        meaning: Meaning::ProjectDir,
        convention: Convention::CursorHooks,
        plugin_only: false,
        source: REFERENCE,
    },
    // A plugin's hooks name their scripts from the plugin's root: Cursor's own plugins with
    // `${CLAUDE_PLUGIN_ROOT}` (cursor/plugins `continual-learning/hooks/hooks.json`), others with
    // `${CURSOR_PLUGIN_ROOT}` (obra/superpowers `hooks/hooks-cursor.json`). Not observed here.
    AgentVariable {
        name: "CURSOR_PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::CursorHooks,
        plugin_only: true,
        source: PLUGINS,
    },
    AgentVariable {
        name: "CLAUDE_PLUGIN_ROOT",
        prefix: false,
        meaning: Meaning::PluginRoot,
        convention: Convention::CursorHooks,
        plugin_only: true,
        source: PLUGINS,
    },
];

/// The tool types a `preToolUse` matcher names (cursor.com/docs/reference/hooks, "Matcher rules
/// per hook"); `MCP:<tool>` names an MCP tool.
static TOOLS: &[Tool] = &[
    t(Agent::Cursor, "Shell", &[Shell], REFERENCE),
    t(Agent::Cursor, "Read", &[Read], REFERENCE),
    t(Agent::Cursor, "Write", &[Write, Edit], REFERENCE),
    t(Agent::Cursor, "Grep", &[Grep], REFERENCE),
    t(Agent::Cursor, "Task", &[Subagent], REFERENCE),
];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Cursor,
    convention: Convention::CursorHooks,
    name: "Cursor",
    reader_id: "cursor",
    // Cursor's docs name an MCP tool `MCP:<toolName>` (no server) in preToolUse
    // matchers: no server-qualified form, so MCP names are not mapped into or out of it.
    mcp_form: None,
};

/// Everything the workspace knows about this convention's contract. A matcher is a regex the
/// docs do not anchor (`Write|Edit` in their examples): searched in the tool type, JavaScript
/// syntax (Cursor is an Electron app).
pub static PROFILE: Profile = Profile {
    convention: Convention::CursorHooks,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: None,
    tool_agent: Some(Agent::Cursor),
    tools: TOOLS,
    native: &[],
    disabled_by: None,
    matcher: MatcherSyntax::RegexOnly(Dialect::Ecmascript),
    hosts_bridge: true,
    unknown_events_outside_ir: false,
    hook_input: Some(super::HookInput {
        words: "a flat snake_case JSON payload on stdin with Cursor's event names and tool types (`hook_event_name` = `preToolUse`, `conversation_id`, `tool_name` = `Shell`, `workspace_roots`, …)",
    }),
    blocks_on: "exit 2, or a JSON `permission: \"deny\"` (preToolUse) or `continue: false` (beforeSubmitPrompt); any failure too when the entry sets `failClosed`",
    // cursor.com/docs/reference/hooks: sessionStart sends no source (none is matched on);
    // sessionEnd's `reason` is one of `completed`, `aborted`, `error`, `window_close`,
    // `user_close`.
    session_defaults: super::SessionDefaults {
        start_source: "",
        end_reason: "completed",
    },
};
