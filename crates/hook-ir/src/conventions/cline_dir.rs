//! `cline-dir`: its part of every contract table — its numbers ([`limits`]), its events, its
//! runtime, the variables its agent sets, its agent's tools and its matcher syntax (none).
//! Registered in [`super::PROFILES`].
//!
//! Every fact is Cline CLI 3.0.65's (hook engine `@cline/core` 0.0.86), read in its source and
//! run live: notes `conformance/notes/cline.md`, traces `conformance/traces/cline-3.0.65/`.
//! Where those and issue 30 disagree, they win (exit codes mean nothing; a cancel ends the whole
//! run; headless, only TaskStart, PreToolUse, PostToolUse and TaskComplete fire).

use super::prelude::*;
use crate::tools::Role::*;

/// Cline CLI 3.0.65 hook files (`@cline/core` 0.0.86 `hooks/`, `@cline/shared` storage paths).
pub mod limits {
    /// A PreToolUse or PostToolUse hook is SIGKILLed and skipped (fail-open) after this many
    /// milliseconds (`toolCallTimeoutMs ?? 120000`, `hook-file-hooks.ts:786/:815`; the literal
    /// three times in the 3.0.65 binary; notes "Ordering, blocking, timeouts"). No setting
    /// changes it in the CLI.
    pub const TOOL_HOOK_TIMEOUT_MS: u64 = 120_000;
    /// A hook's context is cut at this many characters (`MAX_HOOK_CONTEXT_SIZE`,
    /// `subprocess.ts:56`; notes "Answer").
    pub const CONTEXT_CAP_CHARS: usize = 50_000;
    /// A stdout line starting with this selects the answer: the last such line's rest is the
    /// JSON (`parseStdout`, `subprocess-runner.ts:29`; trace `cline_pre_hook_control_prefix`).
    pub const CONTROL_PREFIX: &str = "HOOK_CONTROL\t";
    /// The interpreter of a file with no shebang and no known extension (`inferHookCommand`,
    /// `hook-file-hooks.ts:327`; trace `cline_interpreter_no_shebang`: the hook saw
    /// `$BASH_VERSION`).
    pub const FALLBACK_INTERPRETER: &str = "bash";
    /// The extensions a hook file may have (none included), compared in lower case
    /// (`SUPPORTED_HOOK_FILE_EXTENSIONS`, `hook-file-config.ts:49`; trace
    /// `cline_unsupported_extension`: `.txt` and `.json` are not hooks, `.bash` is).
    pub const EXTENSIONS: [&str; 12] = [
        "", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1",
    ];
    /// The interpreter (argv before the file) chosen by the extension when the file has no
    /// shebang, on Linux and macOS (`inferHookCommand`; trace
    /// `cline_interpreter_python_extension`: `.py` ran under python3).
    pub const INTERPRETERS: [(&str, &[&str]); 11] = [
        (".sh", &["bash"]),
        (".bash", &["bash"]),
        (".zsh", &["bash"]),
        (".js", &["node"]),
        (".mjs", &["node"]),
        (".cjs", &["node"]),
        (".ts", &["bun", "run"]),
        (".mts", &["bun", "run"]),
        (".cts", &["bun", "run"]),
        (".py", &["python3"]),
        (".ps1", &["pwsh", "-File"]),
    ];
    /// Shebang interpreters whose path is dropped: the bare name is looked up on `PATH`
    /// (`normalizeHookInterpreter`, `hook-file-hooks.ts:302`; trace
    /// `cline_interpreter_shebang_sh`: `#!/bin/sh` ran `sh`).
    pub const BARE_SHELLS: [&str; 3] = ["bash", "sh", "zsh"];
    /// The first search path, relative to the home dir (`resolveDocumentsExtensionPath("Hooks")`,
    /// `paths.ts:456`; trace `cline_layer_documents`).
    pub const DOCUMENTS_DIR: &str = "Documents/Cline/Hooks";
    /// The variable that places Cline's user directory (trace `cline_layer_user`, run with
    /// `CLINE_DIR=<home>/.cline`).
    pub const HOME_ENV: &str = "CLINE_DIR";
    /// Cline's user directory when [`HOME_ENV`] is unset, relative to the home dir
    /// (`resolveClineDir`, `paths.ts:130`).
    pub const USER_DIR: &str = ".cline";
    /// The hooks folder inside the user directory.
    pub const HOOKS_SUBDIR: &str = "hooks";
    /// The workspace's hook folders, relative to the workspace, in search order:
    /// `DEPRECATED_CONFIG_DIR` then `CLINE_CONFIG_DIR` (`paths.ts:34-35`; traces
    /// `cline_all_layers_order`, `cline_layer_dot_cline`).
    pub const PROJECT_DIRS: [&str; 2] = [".clinerules/hooks", ".cline/hooks"];
}

const CL: Convention = Convention::ClineDir;
const NOTES: &str = "Cline CLI 3.0.65 (@cline/core 0.0.86), conformance/notes/cline.md";
const TOOLS_SRC: &str = "Cline CLI 3.0.65, @cline/core 0.0.86 extensions/tools/schemas.ts and the tools offered in every recorded request (traces cline-3.0.65)";
const LIVE_SHELL: &str =
    "Cline CLI 3.0.65, trace cline_all_events (`preToolUse.toolName: run_commands`)";
const LIVE_READ: &str = "Cline CLI 3.0.65, trace cline_tool_read_files";

// ── Cline hook files ──
// Tool hooks: every file of the event in full-path order, one after the other
// (`runBlockingHookCommands`, a `for` loop with `await`; trace cline_tool_hooks_sequential),
// each SIGKILLed at 120 s and skipped. Exit codes and stderr mean nothing (traces
// cline_pre_exit2_stderr, cline_pre_exit1_cancel_json); no trust step, no executable bit.
const TOOL: Rules = Rules {
    ordering: O::Sequential,
    timeout: Timeout::Fixed {
        ms: limits::TOOL_HOOK_TIMEOUT_MS,
    },
    on_error: E::FailOpen,
    can_block: true,
    mutates: &[Mu::Context],
    input: &[I::StdinJson, I::Env],
    output: Output::StdoutOnly,
    authority: A::AmbientHost,
    trust: Trust::NotEnforced,
    skip_when: &[],
};
// Every other event: spawned detached, stdout and stderr ignored, never awaited, no timeout
// (`runAsyncHookCommands`, `subprocess-runner.ts:142`; traces cline_detached_task_start,
// cline_task_complete_output_ignored).
const DETACHED: Rules = Rules {
    ordering: O::Detached,
    timeout: Timeout::None,
    can_block: false,
    mutates: &[],
    input: &[I::StdinJson, I::Env],
    output: Output::Ignored,
    ..TOOL
};

/// Its events: the file names of `HookConfigFileName` (`hook-file-config.ts:17`), in its order.
static EVENTS: &[EventContract] = &[
    accepted(CL, "TaskStart", Kind::SessionStart, DETACHED, M::NoMatcher,
        "Payload `hookName: agent_start`. Fires before the first model call; detached, its answer is never read (trace cline_detached_task_start: a 3 s hook did not hold the run and its cancel changed nothing)."),
    rejected(CL, "TaskResume", OUTSIDE, M::NoMatcher,
        "`agent_resume`: fires on a resumed task only (`CLINE_HOOK_AGENT_RESUME=1`); not in a headless run."),
    rejected(CL, "TaskCancel", OUTSIDE, M::NoMatcher,
        "`agent_abort`: from `afterRun` of an aborted run; did not fire headless (trace cline_prompt_submit_and_error)."),
    accepted(CL, "TaskComplete", Kind::Stop, DETACHED, M::NoMatcher,
        "Payload `hookName: agent_end`. Fires once after the final answer; detached, its cancel and context are ignored (trace cline_task_complete_output_ignored): it cannot make the agent continue."),
    rejected(CL, "TaskError", OUTSIDE, M::NoMatcher,
        "`agent_error`: did not fire headless, not even after a cancel ended the run (traces cline_prompt_submit_and_error, cline_pre_cancel)."),
    accepted(CL, "PreToolUse", Kind::PreToolUse, Rules { mutates: &[Mu::ToolInput, Mu::Context], ..TOOL }, M::NoMatcher,
        "Payload `hookName: tool_call`; fires for every tool (no matchers). `cancel: true` ends the whole run (not just the tool) and its `errorMessage` is shown nowhere (trace cline_pre_cancel); `contextModification`/`context`, or `errorMessage` without `cancel`, reach the model after the tool result as `<hook_context source=\"PreToolUse\" …>`; `overrideInput` replaces the tool's input (trace cline_pre_override_input). The exit code means nothing."),
    accepted(CL, "PostToolUse", Kind::PostToolUse, TOOL, M::NoMatcher,
        "Payload `hookName: tool_result`; fires for a failed command too (`success: false`, trace cline_failing_tool_post). `cancel: true` ends the run right after the tool (trace cline_post_cancel); the context follows the tool result."),
    accepted(CL, "UserPromptSubmit", Kind::UserPromptSubmit, DETACHED, M::NoMatcher,
        "Payload `hookName: prompt_submit`; detached. Did not fire in a headless run (trace cline_prompt_submit_and_error)."),
    rejected(CL, "PreCompact", OUTSIDE, M::NoMatcher,
        "A valid file name with no SDK event behind it (`HOOK_CONFIG_FILE_EVENT_MAP`: undefined): it never runs."),
    accepted(CL, "SessionShutdown", Kind::SessionShutdown, DETACHED, M::NoMatcher,
        "Payload `hookName: session_shutdown`; runs from `afterRun` only when the run was aborted. Did not fire headless (trace cline_all_events)."),
];

/// How its runtime launches and answers hooks: each file under its own interpreter, no shell;
/// a timed-out tool hook is SIGKILLed (only the direct child, in the agent's process group: the
/// runner puts it in its own group and kills that).
static RUNTIME: Runtime = Runtime {
    convention: CL,
    launch: Launch::Interpreter {
        fallback: limits::FALLBACK_INTERPRETER,
    },
    process: ProcessMode::OwnGroup,
    kill: KillRule::Group,
    dedupe: Dedupe::EveryCopy,
    answer: AnswerFormat::ClineJson,
    continuation: ContinuationRule::None,
    source: NOTES,
};

/// The variables its agent sets for its hooks beyond the inherited ones: none naming the
/// project (no `*_PROJECT_DIR`; trace cline_all_events lists `CLINE_BUILD_ENV`,
/// `CLINE_CONNECTOR_CLI_LAUNCH`, `CLINE_DIR`, all the agent's own).
static VARIABLES: &[AgentVariable] = &[];

/// Its agent's built-in tools that hooks see (`preToolUse.toolName`), in the order the model is
/// offered them.
static TOOLS: &[Tool] = &[
    t(Agent::Cline, "read_files", &[Read], LIVE_READ),
    t(Agent::Cline, "search_codebase", &[Grep], TOOLS_SRC),
    t(Agent::Cline, "run_commands", &[Shell], LIVE_SHELL),
    t(Agent::Cline, "fetch_web_content", &[WebFetch], TOOLS_SRC),
    // `editor` replaces text, inserts, or creates a missing file (`EditFileInputSchema`).
    t(Agent::Cline, "editor", &[Edit, Write], TOOLS_SRC),
    t(Agent::Cline, "apply_patch", &[Edit, Write], TOOLS_SRC),
    t(Agent::Cline, "skills", &[Skill], TOOLS_SRC),
    t(Agent::Cline, "ask_question", &[AskUser], TOOLS_SRC),
    t(Agent::Cline, "submit_and_exit", &[], TOOLS_SRC),
    t(Agent::Cline, "spawn_agent", &[Subagent], TOOLS_SRC),
];

/// Its events outside the six kinds that other agents share: none. TaskResume, TaskCancel and
/// TaskError fire at moments no other agent's event does (and did not fire live); PreCompact
/// never fires.
static NATIVE: &[NativeEvent] = &[];

/// Its agent's column header ([`super::AGENTS`]).
pub(super) const AGENT: AgentFacts = AgentFacts {
    agent: Agent::Cline,
    convention: Convention::ClineDir,
    name: "Cline",
    reader_id: "cline",
    // No MCP server was configured in the Cline 3.0.65 recordings: its form is
    // unverified, so MCP names are not mapped into or out of it.
    mcp_form: None,
};

/// Everything the workspace knows about this convention's contract.
pub static PROFILE: Profile = Profile {
    convention: CL,
    events: EVENTS,
    runtime: &RUNTIME,
    variables: VARIABLES,
    hook_cwd: Some(
        "Cline CLI 3.0.65 hook-file-hooks.ts: spawned with `cwd` the workspace (trace cline_all_events)",
    ),
    tool_agent: Some(Agent::Cline),
    tools: TOOLS,
    native: NATIVE,
    disabled_by: None,
    matcher: MatcherSyntax::None,
    hosts_bridge: false,
    unknown_events_outside_ir: false,
    hook_input: Some(HookInput {
        words: "Cline's JSON payload on stdin (`hookName` = `tool_call`, `tool_result`, `agent_start`…, `preToolUse {toolName, parameters}` with every parameter a string, `workspaceRoots`, `taskId`), answered by a JSON `{cancel, contextModification, errorMessage, overrideInput}` on stdout whatever the exit code",
    }),
    blocks_on: "a JSON `cancel: true` on stdout (the exit code means nothing), which ends the whole run",
    // Not verified: Cline's TaskStart payload has no source, and its SessionShutdown (whose
    // payload has a `reason`) never fired in a headless run (trace cline_all_events).
    session_defaults: super::STARTUP_EXIT,
};

#[cfg(test)]
mod tests {
    use super::limits::*;
    use super::*;
    use crate::contract::{find, runtime, Mapping};

    /// The numbers, each from `conformance/notes/cline.md` (cited on its constant).
    #[test]
    fn cline_numbers_are_the_recorded_ones() {
        assert_eq!(TOOL_HOOK_TIMEOUT_MS, 120_000);
        assert_eq!(CONTEXT_CAP_CHARS, 50_000);
        assert_eq!(CONTROL_PREFIX, "HOOK_CONTROL\t");
        assert_eq!(FALLBACK_INTERPRETER, "bash");
        assert!(EXTENSIONS.contains(&"") && EXTENSIONS.contains(&".bash"));
        assert!(!EXTENSIONS.contains(&".txt") && !EXTENSIONS.contains(&".json"));
        // Every extension but none has an interpreter.
        for e in EXTENSIONS.iter().filter(|e| !e.is_empty()) {
            assert!(INTERPRETERS.iter().any(|(x, _)| x == e), "{e}");
        }
        assert_eq!(
            runtime(CL).unwrap().launch,
            Launch::Interpreter { fallback: "bash" }
        );
    }

    #[test]
    fn cline_tool_events_block_in_order_and_the_others_are_detached() {
        for e in ["PreToolUse", "PostToolUse"] {
            let r = find(CL, e).and_then(|r| r.rules()).unwrap();
            assert_eq!(r.ordering, O::Sequential, "{e}");
            assert_eq!(r.timeout.default_ms(), Some(120_000), "{e}");
            assert!(r.can_block, "{e}");
            assert_eq!(r.output, Output::StdoutOnly, "{e}");
        }
        for e in [
            "TaskStart",
            "TaskComplete",
            "UserPromptSubmit",
            "SessionShutdown",
        ] {
            let r = find(CL, e).and_then(|r| r.rules()).unwrap();
            assert_eq!(r.ordering, O::Detached, "{e}");
            assert!(!r.can_block, "{e}");
            assert_eq!(r.output, Output::Ignored, "{e}");
        }
        for e in ["TaskResume", "TaskCancel", "TaskError", "PreCompact"] {
            assert!(matches!(
                find(CL, e).unwrap().mapping,
                Mapping::Rejected { .. }
            ));
        }
    }
}
