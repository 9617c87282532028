//! Claude Code 2.1.332's payloads beyond its convention's: `prompt_id`, `permission_mode`,
//! `effort`, a structured `Bash` `tool_response` and `duration_ms`, and on Stop
//! `background_tasks` and `session_crons` (`conformance/traces/claude-2.1.332/`).

use super::{insert_after, transcript, uuid_of, RecordedAgent, Session};
use crate::Event;
use hook_ir::{Convention, Kind};
use serde_json::{json, Map, Value};

/// Claude Code's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::ClaudeSettings,
    agent: "claude",
    version: "2.1.332",
    permission_mode: Some("default"),
    extras,
}];

/// What Claude Code sends beyond the runner's payload (see the module doc).
fn extras(agent: &RecordedAgent, event: &Event, s: &Session, m: &mut Map<String, Value>) {
    let Session {
        sid,
        cwd,
        home,
        turn,
    } = s;
    let kind = event.kind();
    let project = cwd.replace(['/', '.'], "-");
    transcript(m, format!("{home}/.claude/projects/{project}/{sid}.jsonl"));
    let mut head: Vec<(&str, Value)> = Vec::new();
    if kind != Kind::SessionStart {
        head.push(("prompt_id", uuid_of(turn).into()));
    }
    let mode = matches!(
        kind,
        Kind::PreToolUse | Kind::PostToolUse | Kind::UserPromptSubmit | Kind::Stop
    );
    if let (true, Some(pm)) = (mode, agent.permission_mode) {
        head.push(("permission_mode", pm.into()));
    }
    if matches!(kind, Kind::PreToolUse | Kind::PostToolUse | Kind::Stop) {
        head.push(("effort", json!({"level": "medium"})));
    }
    insert_after(m, "cwd", head);
    match kind {
        Kind::PostToolUse => {
            // Claude's Bash tool answers with a structured response, not a string.
            if event.tool_response.is_none() && event.tool_name.as_deref() == Some("Bash") {
                m.shift_remove("tool_response");
                let out = event.tool_output.clone().unwrap_or_default();
                let out = out.strip_suffix('\n').unwrap_or(&out).to_string();
                insert_after(
                    m,
                    "tool_input",
                    vec![(
                        "tool_response",
                        json!({"stdout": out, "stderr": "", "interrupted": false,
                                   "isImage": false, "noOutputExpected": false}),
                    )],
                );
            }
            // `tool_use_id` comes after `tool_response` in Claude's payload.
            if let Some(id) = m.shift_remove("tool_use_id") {
                m.insert("tool_use_id".into(), id);
            }
            m.insert("duration_ms".into(), event.duration_ms.unwrap_or(0).into());
        }
        Kind::SessionStart => {
            // 2.1.332 sends no `model` on SessionStart.
            m.shift_remove("model");
        }
        Kind::Stop => {
            m.insert(
                "last_assistant_message".into(),
                event.last_assistant_text.clone().into(),
            );
            m.insert("background_tasks".into(), json!([]));
            m.insert("session_crons".into(), json!([]));
        }
        _ => {}
    }
}
