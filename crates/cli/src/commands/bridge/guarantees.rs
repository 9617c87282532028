//! What `hooks bridge` guarantees its host on top of the source conventions' contracts:
//!
//! - **fail closed** (`--fail-closed`): almost every agent lets a tool call or a prompt through
//!   when a guard crashes, times out or cannot start — the top reason "security"
//!   hooks protect nothing. With the flag, such a failure of a gate hook blocks the call in the
//!   host's own protocol, with a reason that says which hook failed and how.
//! - **a loop limit** (`--loop-limit N`): a Stop hook that keeps blocking keeps the agent going
//!   (Codex has no cap at all). The bridge counts consecutive blocks of the host's stop event per
//!   session — each event is a new process, so the count lives in a file of the user's private
//!   runtime directory — and past the limit lets the agent stop, saying so.

use hook_ir::Kind;
use runner::{Decision, OutcomeKind, Verdict};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Kinds whose block stops an action the user wanted guarded (a tool call, a prompt).
fn is_gate(kind: Kind) -> bool {
    matches!(kind, Kind::PreToolUse | Kind::UserPromptSubmit)
}

/// Under `--fail-closed`: the block that replaces an allow when a gate hook (or the bridge
/// itself, `bridge_failed`) failed. `None` when nothing failed or the decision already blocks.
pub fn fail_closed(decision: &Decision, bridge_failed: Option<&str>) -> Option<String> {
    if !is_gate(decision.kind) || decision.is_block() {
        return None;
    }
    let mut why: Vec<String> = decision
        .hooks
        .iter()
        .filter_map(|h| {
            // `failed` covers a crash (an exit the contract does not read as a block), a
            // program that cannot start and an answer the source contract rejects.
            let how = match h.outcome {
                OutcomeKind::Failed => "failed",
                OutcomeKind::TimedOut => "timed out",
                OutcomeKind::Allowed | OutcomeKind::Blocked => return None,
            };
            let detail = h
                .error
                .clone()
                .or_else(|| h.exit_code.map(|c| format!("exit {c}")))
                .unwrap_or_default();
            Some(format!("hook `{}` {how} ({detail})", h.id))
        })
        .collect();
    if let Some(b) = bridge_failed {
        why.push(format!("the bridge could not run the hooks ({b})"));
    }
    (!why.is_empty()).then(|| {
        format!(
            "blocked by `hooks bridge --fail-closed`: {}; a failed guard does not let the call through",
            why.join("; ")
        )
    })
}

/// The consecutive-block counter of one host session's stop event.
pub struct StopLoop {
    file: PathBuf,
}

impl StopLoop {
    /// The counter of `host` for `session` in `project`, kept under `dir` (the user's private
    /// runtime directory, [`runtime_dir`]).
    pub fn new(dir: &Path, host: &str, session: Option<&str>, project: &Path) -> StopLoop {
        let mut h = Sha256::new();
        for part in [
            host.as_bytes(),
            session.unwrap_or("").as_bytes(),
            project.as_os_str().as_encoded_bytes(),
        ] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        let key: String = h
            .finalize()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect();
        StopLoop {
            file: dir.join(format!("stop-{key}")),
        }
    }

    fn count(&self) -> u32 {
        std::fs::read_to_string(&self.file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0)
    }

    /// Records what the hooks decided on a stop event and returns the decision the host gets:
    /// a block past `limit` consecutive blocks becomes an allow with a note (and the count
    /// starts again), an allow resets the count. A counter that cannot be written is said in a
    /// note; the decision then stands.
    pub fn apply(&self, decision: &mut Decision, limit: u32, notes: &mut Vec<String>) {
        if limit == 0 {
            return;
        }
        if !decision.is_block() {
            let _ = std::fs::remove_file(&self.file);
            return;
        }
        let n = self.count() + 1;
        if n > limit {
            let _ = std::fs::remove_file(&self.file);
            decision.verdict = Verdict::Allow;
            decision.continuation = None;
            notes.push(format!(
                "the stop hooks blocked {limit} times in a row in this session: `--loop-limit {limit}` lets the agent stop now"
            ));
            return;
        }
        if let Err(e) = std::fs::write(&self.file, n.to_string()) {
            notes.push(format!(
                "cannot record the stop-loop count in {}: {e}",
                self.file.display()
            ));
        }
    }
}

pub use runner::state::runtime_dir;
