//! Codex 0.171.0's payloads beyond its convention's: `permission_mode` and `turn_id`, and no
//! `model` on SessionEnd (`conformance/traces/codex-0.171.0/`).

use super::{insert_after, transcript, uuid_of, RecordedAgent, Session};
use crate::Event;
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};

/// Codex's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::CodexJson,
    agent: "codex",
    version: "0.171.0",
    // The conformance suite runs Codex with `--dangerously-bypass-approvals-and-sandbox`.
    permission_mode: Some("bypassPermissions"),
    extras,
}];

/// What Codex sends beyond the runner's payload (see the module doc).
fn extras(agent: &RecordedAgent, event: &Event, s: &Session, m: &mut Map<String, Value>) {
    let Session {
        sid, home, turn, ..
    } = s;
    let kind = event.kind();
    transcript(
        m,
        format!("{home}/.codex/sessions/rollout-{}.jsonl", uuid_of(sid)),
    );
    match kind {
        Kind::SessionShutdown => {
            m.shift_remove("model");
        }
        _ => {
            if let Some(pm) = agent.permission_mode {
                insert_after(m, "model", vec![("permission_mode", pm.into())]);
            }
        }
    }
    let per_turn = matches!(
        kind,
        Kind::PreToolUse | Kind::PostToolUse | Kind::UserPromptSubmit | Kind::Stop
    );
    // `tool_use_id` comes after `tool_response` in Codex's PostToolUse payload.
    if kind == Kind::PostToolUse {
        if let Some(id) = m.shift_remove("tool_use_id") {
            m.insert("tool_use_id".into(), id);
        }
    }
    // Codex sends `turn_id` right after `session_id`, and only within a turn.
    let id = m.shift_remove("turn_id");
    if per_turn {
        let id = id.unwrap_or_else(|| uuid_of(turn).into());
        insert_after(m, "session_id", vec![("turn_id", id)]);
    }
}
