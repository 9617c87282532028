//! How each convention's runtime executes its hooks, as data: the second half of the contract
//! table. The per-event half ([`super::Rules`]) says *what* an event's hooks may do (order,
//! timeout, blocking, mutations, when they fire); this half says *how* the agent launches and
//! answers them. The runner reads both and has no per-convention code path besides one payload
//! module and one answer module per [`AnswerFormat`]: a new convention is its row (in its file of
//! [`crate::conventions`]) and those two modules.

use crate::Convention;
use serde::Serialize;

/// How a hook's command becomes a process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Launch {
    /// Tokenized with jcode's `parse_hook_command` and executed directly, no shell.
    Argv,
    /// `<shell> <flag> <command>`.
    Shell {
        /// Which shell.
        shell: ShellProgram,
        /// Its flag (`-c`, `-lc`).
        flag: &'static str,
    },
    /// The hook is a file run by an interpreter the agent picks for it: the file's shebang
    /// (normalised: `env X` is `X`, a path to `bash`/`sh`/`zsh` is the bare name), else one
    /// chosen by its extension ([`crate::contract::limits::cline::INTERPRETERS`]), else
    /// `fallback`; spawned without a shell as `<interpreter…> <file>` (Cline's
    /// `inferHookCommand`).
    Interpreter {
        /// The interpreter of a file with neither a shebang nor a known extension.
        fallback: &'static str,
    },
    /// A JavaScript module, run by the module host.
    Module,
    /// Never executed (import and diagnostics only).
    NotExecuted,
}

/// The shell program of a [`Launch::Shell`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ShellProgram {
    /// Always this program.
    Fixed {
        /// Its path.
        path: &'static str,
    },
    /// The value of an environment variable of the agent, `default` when unset or empty.
    FromEnv {
        /// The variable (`SHELL`).
        var: &'static str,
        /// Used when it is unset or empty.
        default: &'static str,
    },
    /// The user's login shell from the password database when its file name is one of
    /// `known`; else the first of `fallbacks` (a name looked up on `PATH`, then its fixed
    /// paths); else `last_resort` (Codex: `$SHELL` is never read).
    LoginShell {
        /// Login shells taken as they are (`bash`, `zsh`, `sh`).
        known: &'static [&'static str],
        /// (name on `PATH`, fixed paths), in order.
        fallbacks: &'static [(&'static str, &'static [&'static str])],
        /// When nothing else is found.
        last_resort: &'static str,
    },
}

/// Where a hook process sits among the agent's processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProcessMode {
    /// Its own process group, in the agent's session: it keeps the agent's controlling terminal
    /// (a read of `/dev/tty` in a background group stops it with SIGTTIN).
    OwnGroup,
    /// A new session (`setsid`): no controlling terminal at all; a read of `/dev/tty` fails at
    /// once (ENXIO).
    SessionLeader,
}

/// How a timed-out hook is killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum KillRule {
    /// SIGKILL to the process group at once.
    Group,
    /// SIGTERM to the group, SIGKILL `grace_ms` later.
    TermThenKill {
        /// Milliseconds between the two signals.
        grace_ms: u64,
    },
}

/// Which copies of identical hooks of one event run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dedupe {
    /// Every copy runs, in declaration order.
    EveryCopy,
    /// An identical command runs once per event: the first definition (and its timeout) wins.
    IdenticalCommand,
    /// The first module registered for a (kind, tool) wins (GJC batch dedupe).
    FirstModule,
}

/// How a hook's answer is read: one answer module of the runner per variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerFormat {
    /// Exit code only; a block's reason is stderr (jcode's gate).
    ExitCodeAndStderr,
    /// Kimi Code's external-hooks answer: exit 2 + stderr, or exit 0 + a JSON object whose
    /// `hookSpecificOutput.permissionDecision: "deny"` blocks and whose `message` is context.
    KimiJson,
    /// Codex's JSON answer (`decision`, `continue`, `hookSpecificOutput`...).
    CodexJson,
    /// Claude Code's JSON answer.
    ClaudeJson,
    /// Gemini CLI's JSON answer (`decision`, `continue`, `hookSpecificOutput`, plain text on
    /// exit codes ≥ 2).
    GeminiJson,
    /// GitHub Copilot CLI's JSON answer: top-level `permissionDecision` (+ `Reason`),
    /// `modifiedArgs`, `modifiedResult`, `modifiedPrompt`, `additionalContext`, and
    /// `decision: "block"` on agentStop; exit 2 denies a preToolUse, any other failure but a
    /// timeout denies it too (the PascalCase dialect also reads Claude's
    /// `hookSpecificOutput.permissionDecision`).
    CopilotJson,
    /// Qwen Code's answer: Claude's JSON fields, but exit 2 reads only stderr (JSON or the
    /// reason), empty stdout on exit 0 falls back to stderr, plain text is context on three
    /// events and a `systemMessage` elsewhere, PreToolUse `updatedInput`/`additionalContext` are
    /// dropped and `continue: false` on PreToolUse is a deny (conformance/notes/qwen.md).
    QwenJson,
    /// Cursor's flat snake_case JSON answer (cursor.com/docs/reference/hooks): `permission`
    /// (+ `user_message`, `agent_message`, `updated_input`) on preToolUse, `continue` on
    /// beforeSubmitPrompt, `additional_context` on sessionStart and postToolUse,
    /// `followup_message` on stop; exit 2 denies; a failure denies only with `failClosed`.
    CursorJson,
    /// Cline's answer: stdout only, whole or its last `HOOK_CONTROL<TAB>` line, as a JSON
    /// object `{cancel, contextModification | context, errorMessage, overrideInput}`; the exit
    /// code and stderr mean nothing; `cancel` ends the whole run (conformance/notes/cline.md).
    ClineJson,
    /// The value a module handler returns.
    ModuleReturn,
    /// Nothing is read.
    None,
}

/// What the agent does with a Stop hook that asks to continue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ContinuationRule {
    /// Stop hooks cannot continue the agent.
    None,
    /// At most once per turn: after one continuation, the Stop hooks of the same turn are not
    /// run at all (Kimi Code `stopHookContinuationUsed`).
    OncePerTurn,
    /// Every block continues; the hook guards against loops itself (`stop_hook_active`).
    HookGuarded,
    /// Every block continues, up to `max` consecutive continuations; then the turn ends
    /// anyway (GitHub Copilot CLI's agentStop runaway guard). The hook still sees
    /// `stop_hook_active`.
    Capped {
        /// Consecutive continuations allowed.
        max: u32,
    },
}

/// How one convention's runtime executes its hooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Runtime {
    /// The convention.
    pub convention: Convention,
    /// How a command becomes a process.
    pub launch: Launch,
    /// Where the process sits.
    pub process: ProcessMode,
    /// How a timed-out hook is killed.
    pub kill: KillRule,
    /// Which copies of identical hooks run.
    pub dedupe: Dedupe,
    /// How the answer is read.
    pub answer: AnswerFormat,
    /// What a Stop continuation may do.
    pub continuation: ContinuationRule,
    /// The real source this row follows.
    pub source: &'static str,
}

/// The runtime row of `convention` (`None` only for a convention without a row).
pub fn runtime(convention: Convention) -> Option<&'static Runtime> {
    Some(crate::conventions::profile(convention).runtime)
}
