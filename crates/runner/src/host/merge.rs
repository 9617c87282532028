//! One decision from the decisions of several runners, and the decision of a bridge that could
//! not run its hooks.
//!
//! The bridge dispatches each source convention through its own [`Runner`](crate::Runner) (each
//! sees the tool under its own name), in [`hook_ir::Convention::ALL`] order — the order
//! discovery gives the hooks. [`merge`] then combines them exactly as one runner combines its
//! convention groups (see [`Runner`](crate::Runner)): the first block in hook order wins, a
//! block discards a replaced tool input, a `stop` block continues with its reason, contexts,
//! effects and outcomes are concatenated, the first replacement input and continuation win,
//! tool-result replacements chain.

use crate::decision::{Decision, HookOutcome, OutcomeKind, ToolResultPatch, Verdict};
use hook_ir::contract::{self, EventContract, OnError};
use hook_ir::{Convention, Hook, Kind};

/// Combines `decisions` (in hook order) into one.
pub fn merge(kind: Kind, decisions: Vec<Decision>) -> Decision {
    let mut d = Decision::allow(kind);
    let mut patch: Option<ToolResultPatch> = None;
    for x in decisions {
        if let (Verdict::Block { reason }, false) = (x.verdict, d.is_block()) {
            d.verdict = Verdict::Block { reason };
        }
        if d.continuation.is_none() {
            d.continuation = x.continuation;
        }
        if d.updated_input.is_none() {
            d.updated_input = x.updated_input;
        }
        if let Some(t) = x.tool_result {
            let p = patch.get_or_insert_with(ToolResultPatch::default);
            if t.content.is_some() {
                p.content = t.content;
            }
            if t.details.is_some() {
                p.details = t.details;
            }
            if t.is_error.is_some() {
                p.is_error = t.is_error;
            }
        }
        d.context.extend(x.context);
        d.effects.extend(x.effects);
        d.hooks.extend(x.hooks);
    }
    d.tool_result = patch;
    if let Verdict::Block { reason } = &d.verdict {
        if kind == Kind::Stop && d.continuation.is_none() {
            d.continuation = Some(reason.clone());
        }
        d.updated_input = None;
    }
    d
}

/// The decision when the bridge cannot run the hooks of an event of `kind`: `hooks` (the ones
/// that would have run, when known) and `conventions` (sources whose hooks could not even be
/// read). It follows the strictest of their contracts: when one of them fails closed on an
/// error and can block (a GJC `tool_call` handler: a throw blocks), the decision blocks with
/// `why`; otherwise it allows, as every other contract does when its hook cannot run. Each hook
/// gets a `failed` outcome carrying `why`.
pub fn fallback(kind: Kind, hooks: &[&Hook], conventions: &[Convention], why: &str) -> Decision {
    let strict = |r: &EventContract| {
        r.kind() == Some(kind)
            && r.rules()
                .is_some_and(|r| r.on_error == OnError::FailClosed && r.can_block)
    };
    let closed = hooks.iter().any(|h| {
        h.kind == kind && contract::find(h.convention, &h.source_event).is_some_and(strict)
    }) || conventions
        .iter()
        .any(|&c| contract::events_of(c).any(strict));
    let mut d = Decision::allow(kind);
    if closed {
        d.verdict = Verdict::Block {
            reason: format!("hooks bridge: {why}"),
        };
    }
    d.hooks = hooks
        .iter()
        .filter(|h| h.kind == kind)
        .map(|h| HookOutcome {
            id: h.id.clone(),
            outcome: OutcomeKind::Failed,
            exit_code: None,
            signal: None,
            duration_ms: 0,
            stderr: String::new(),
            error: Some(why.to_string()),
            detached: false,
            not_loaded: false,
        })
        .collect();
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn block(kind: Kind, r: &str) -> Decision {
        let mut d = Decision::allow(kind);
        d.verdict = Verdict::Block { reason: r.into() };
        d
    }

    #[test]
    fn first_block_wins_and_discards_a_replaced_input() {
        let mut a = Decision::allow(Kind::PreToolUse);
        a.updated_input = Some(json!({"command": "ls -l"}));
        a.context.push("a".into());
        let mut b = block(Kind::PreToolUse, "no");
        b.context.push("b".into());
        let c = block(Kind::PreToolUse, "later");
        let d = merge(Kind::PreToolUse, vec![a, b, c]);
        assert_eq!(
            d.verdict,
            Verdict::Block {
                reason: "no".into()
            }
        );
        assert_eq!(d.updated_input, None);
        assert_eq!(d.context, ["a", "b"]);
    }

    #[test]
    fn a_stop_block_continues_with_its_reason() {
        let d = merge(
            Kind::Stop,
            vec![Decision::allow(Kind::Stop), block(Kind::Stop, "go on")],
        );
        assert_eq!(d.continuation.as_deref(), Some("go on"));
    }

    #[test]
    fn fallback_blocks_only_where_a_contract_fails_closed() {
        let d = fallback(Kind::PreToolUse, &[], &[Convention::Gjc], "cannot read");
        assert_eq!(
            d.verdict,
            Verdict::Block {
                reason: "hooks bridge: cannot read".into()
            }
        );
        let d = fallback(Kind::PreToolUse, &[], &[Convention::Jarvis], "cannot read");
        assert_eq!(d.verdict, Verdict::Allow);
        // GJC's tool_result isolates errors: nothing to block after the tool ran.
        let d = fallback(Kind::PostToolUse, &[], &[Convention::Gjc], "cannot read");
        assert_eq!(d.verdict, Verdict::Allow);
    }

    #[test]
    fn tool_result_replacements_chain() {
        let mut a = Decision::allow(Kind::PostToolUse);
        a.tool_result = Some(ToolResultPatch {
            content: Some(json!("x")),
            details: Some(json!(1)),
            is_error: None,
        });
        let mut b = Decision::allow(Kind::PostToolUse);
        b.tool_result = Some(ToolResultPatch {
            content: Some(json!("y")),
            details: None,
            is_error: Some(true),
        });
        let d = merge(Kind::PostToolUse, vec![a, b]);
        let p = d.tool_result.unwrap();
        assert_eq!(
            (p.content, p.details, p.is_error),
            (Some(json!("y")), Some(json!(1)), Some(true))
        );
    }
}
