//! What `hooks bridge` guarantees its host on top of the source conventions' contracts:
//!
//! - **fail closed** (`--fail-closed`): almost every agent lets a tool call or a prompt through
//!   when a guard crashes, times out or cannot start — the top reason "security"
//!   hooks protect nothing. With the flag, such a failure of a gate hook blocks the call in the
//!   host's own protocol, with a reason that says which hook failed and how.
//! - **a loop limit** (`--loop-limit N`): a Stop hook that keeps blocking keeps the agent going
//!   (Codex has no cap at all). The bridge counts consecutive blocks of the host's stop event per
//!   session — each event is a new process, so the count lives in a file of the user's private
//!   runtime directory (`runner::loop_limit::FileCount`; the rule is the runner's, the same an
//!   embedder gets with `RunnerOptions::loop_limit`) — and past the limit lets the agent stop,
//!   saying so.

use hook_ir::Kind;
use runner::{Decision, OutcomeKind};

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

pub use runner::state::runtime_dir;
