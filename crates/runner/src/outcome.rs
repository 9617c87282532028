//! One hook's contribution to a dispatch, and turning a finished process into an outcome.

use crate::decision::{
    cut_bytes, HookOutcome, OutcomeKind, ToolResultPatch, OUTCOME_STDERR_MAX_BYTES,
};
use crate::process::{Finished, Status};
use crate::sys::signal_name;
use serde_json::Value;

/// What one hook contributed, before the runner combines every hook in hook order.
#[derive(Debug)]
pub(crate) struct HookRun {
    /// The hook's position in the runner's hook list (hook order).
    pub index: usize,
    /// Its outcome for logging.
    pub outcome: HookOutcome,
    /// A block reason, when the hook asked to block.
    pub block: Option<String>,
    /// Context to add, in order.
    pub context: Vec<String>,
    /// A continuation prompt (module hooks; command conventions continue with the block reason).
    pub continuation: Option<String>,
    /// A replacement tool input.
    pub updated_input: Option<Value>,
    /// A replacement tool result (module hooks; Codex `PostToolUse` feedback).
    pub tool_result: Option<ToolResultPatch>,
    /// Codex `PostToolUse` feedback before the convention joins it into `tool_result`.
    pub feedback: Option<String>,
    /// Effects as data.
    pub effects: Vec<Value>,
}

impl HookRun {
    /// A run with only an outcome.
    pub fn new(index: usize, outcome: HookOutcome) -> Self {
        HookRun {
            index,
            outcome,
            block: None,
            context: Vec::new(),
            continuation: None,
            updated_input: None,
            tool_result: None,
            feedback: None,
            effects: Vec::new(),
        }
    }
}

/// An outcome for a hook that did not run.
pub(crate) fn not_run(id: &str, kind: OutcomeKind, error: impl Into<String>) -> HookOutcome {
    HookOutcome {
        id: id.to_string(),
        outcome: kind,
        exit_code: None,
        signal: None,
        duration_ms: 0,
        stderr: String::new(),
        error: Some(error.into()),
        detached: false,
        not_loaded: false,
    }
}

/// How to describe a process that ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Launch {
    /// Run directly (jcode): spawn errors name the program.
    Direct,
    /// Run by a shell: exit 126/127 are the shell's "not executable"/"not found".
    Shell,
}

/// The outcome of a finished process, with `kind` decided by the convention. Fills the exit
/// code, signal, duration, bounded stderr and an error text that says clearly what happened
/// (spawn error, signal, timeout, non-UTF-8 or truncated output).
pub(crate) fn outcome_of(
    id: &str,
    program: &str,
    launch: Launch,
    f: &Finished,
    kind: OutcomeKind,
) -> HookOutcome {
    let mut notes: Vec<String> = Vec::new();
    match &f.status {
        Status::Exited(code) => {
            if launch == Launch::Shell && *code == 127 {
                notes.push("exit 127: the shell could not find the command".into());
            } else if launch == Launch::Shell && *code == 126 {
                notes.push(
                    "exit 126: the shell could not execute the command (not executable)".into(),
                );
            }
        }
        Status::Signaled(s) => notes.push(format!("killed by {}", signal_name(*s))),
        Status::TimedOut => notes.push(format!(
            "timed out (killed after {} ms of wall time, its whole process group with it)",
            f.duration_ms()
        )),
        Status::SpawnFailed(e) => notes.push(spawn_error(program, e)),
        Status::WaitFailed(e) => notes.push(format!("waiting for the hook failed: {e}")),
    }
    if std::str::from_utf8(&f.stdout).is_err() {
        notes.push("stdout is not valid UTF-8".into());
    }
    if std::str::from_utf8(&f.stderr).is_err() {
        notes.push("stderr is not valid UTF-8 (shown lossily)".into());
    }
    if f.stdout_truncated {
        notes.push("stdout exceeded the capture cap; the rest was read and discarded".into());
    }
    if f.stderr_truncated {
        notes.push("stderr exceeded the capture cap; the rest was read and discarded".into());
    }
    let stderr = String::from_utf8_lossy(&f.stderr);
    HookOutcome {
        id: id.to_string(),
        outcome: kind,
        exit_code: f.exit_code(),
        signal: f.signal(),
        duration_ms: f.duration_ms(),
        stderr: cut_bytes(&stderr, OUTCOME_STDERR_MAX_BYTES).to_string(),
        error: (!notes.is_empty()).then(|| notes.join("; ")),
        detached: false,
        not_loaded: false,
    }
}

/// A clear message for a spawn failure.
pub(crate) fn spawn_error(program: &str, e: &std::io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::ENOENT) => format!("cannot run `{program}`: no such file or directory ({e})"),
        Some(libc::EACCES) => format!("cannot run `{program}`: not executable ({e})"),
        Some(libc::ENOEXEC) => format!("cannot run `{program}`: not a valid executable ({e})"),
        _ => format!("cannot run `{program}`: {e}"),
    }
}

/// Whether the process ran to a normal exit with this code.
pub(crate) fn exited_with(f: &Finished, code: i32) -> bool {
    matches!(f.status, Status::Exited(c) if c == code)
}
