//! What `hooks bridge --fail-closed` guarantees its host on top of the source conventions'
//! contracts: a failed gate hook blocks. Here, not in the CLI, so the conformance replay of a
//! live `--fail-closed` bridge runs the same rule as the bridge.

use crate::{Decision, OutcomeKind};
use hook_ir::Kind;

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
