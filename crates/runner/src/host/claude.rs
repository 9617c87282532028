//! Claude Code's JSON answer (conventions.md §5), which Codex reads too (§4): a JSON object on
//! stdout after exit 0. `hookSpecificOutput.permissionDecision: "deny"` +
//! `permissionDecisionReason` blocks a PreToolUse call; `decision: "block"` + `reason` blocks a
//! prompt (UserPromptSubmit) or continues the agent (Stop); `hookSpecificOutput.additionalContext`
//! adds context; `hookSpecificOutput.updatedInput` replaces the tool input (Codex takes it only
//! beside `permissionDecision: "allow"`, codex-rs `hooks/src/engine/output_parser.rs`);
//! `continue: false` + `stopReason` stops the agent; `systemMessage` is shown to the user.

use super::answer::{effects, non_empty, unreplaced, HostAnswer};
use crate::decision::{Decision, Verdict};
use hook_ir::contract::AnswerFormat;
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};

/// The answer of a host that reads Claude's JSON (Claude Code, Codex), with the tool output a
/// hook replaced (`replaced`) passed the way each can take it.
pub(super) fn answer(
    host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let format = hook_ir::contract::runtime(host).map(|r| r.answer);
    match (format, replaced) {
        // Codex replaces the output the model receives with a PostToolUse hook's stderr on
        // exit 2 (conventions.md §4, observed on Codex 0.171.0); context rides along in it.
        (Some(AnswerFormat::CodexJson), Some(text)) if d.kind == Kind::PostToolUse => {
            let mut parts = vec![text];
            parts.extend(d.context.iter().cloned());
            HostAnswer {
                exit_code: hook_ir::contract::limits::codex::BLOCK_EXIT_CODE,
                stdout: String::new(),
                stderr: parts.join("\n\n"),
                notes: Vec::new(),
            }
        }
        // Claude cannot replace a built-in tool's output: the model gets the replacement as
        // context after the original output.
        (Some(AnswerFormat::ClaudeJson), Some(text)) if d.kind == Kind::PostToolUse => {
            let mut with = d.clone();
            with.context.insert(0, text);
            let mut a = json(host, event_name, &with);
            a.notes.insert(
                0,
                "a hook replaced the tool output; Claude Code takes no replacement for a built-in tool: it is added as context"
                    .into(),
            );
            a
        }
        (_, replaced) => {
            let mut a = json(host, event_name, d);
            unreplaced(host, replaced, &mut a);
            a
        }
    }
}

pub(super) fn json(host: Convention, event_name: &str, d: &Decision) -> HostAnswer {
    let codex =
        hook_ir::contract::runtime(host).is_some_and(|r| r.answer == AnswerFormat::CodexJson);
    let mut out = Map::new();
    let mut specific = Map::new();
    let mut notes = Vec::new();
    let context = d.context.join("\n\n");
    let reason = match &d.verdict {
        Verdict::Block { reason } => Some(non_empty(reason, event_name)),
        Verdict::Allow => None,
    };
    match d.kind {
        Kind::PreToolUse => {
            if let Some(r) = reason {
                specific.insert("permissionDecision".into(), "deny".into());
                specific.insert("permissionDecisionReason".into(), r.into());
            } else if let Some(input) = &d.updated_input {
                if codex {
                    // Codex ignores updatedInput without an explicit allow.
                    specific.insert("permissionDecision".into(), "allow".into());
                }
                specific.insert("updatedInput".into(), input.clone());
            } else if let Some(p) = effects(d, "permission").next() {
                // Claude's ask/defer (Codex has no such answer: its own approvals apply).
                if codex {
                    notes.push(format!(
                        "a hook answered permissionDecision `{}`; Codex has no such answer, its own approval policy applies",
                        p["decision"].as_str().unwrap_or_default()
                    ));
                } else {
                    specific.insert("permissionDecision".into(), p["decision"].clone());
                    if let Some(r) = p.get("reason").filter(|r| r.is_string()) {
                        specific.insert("permissionDecisionReason".into(), r.clone());
                    }
                }
            }
        }
        Kind::UserPromptSubmit | Kind::PostToolUse => {
            if let Some(r) = reason {
                out.insert("decision".into(), "block".into());
                out.insert("reason".into(), r.into());
            }
        }
        Kind::Stop => {
            if let Some(c) = d.continuation.as_deref().or(reason.as_deref()) {
                out.insert("decision".into(), "block".into());
                out.insert("reason".into(), non_empty(c, event_name).into());
            }
        }
        Kind::SessionStart | Kind::SessionShutdown => {}
    }
    let takes_context = !matches!(d.kind, Kind::Stop | Kind::SessionShutdown);
    if !context.trim().is_empty() {
        if takes_context {
            specific.insert("additionalContext".into(), context.into());
        } else {
            notes.push(format!(
                "context not passed on: `{event_name}` takes none: {context}"
            ));
        }
    }
    stop_and_messages(&mut out, d);
    if !specific.is_empty() {
        let mut s = Map::new();
        s.insert("hookEventName".into(), event_name.into());
        s.extend(specific);
        out.insert("hookSpecificOutput".into(), Value::Object(s));
    }
    HostAnswer::object(out, notes)
}

/// The `continue: false` and `systemMessage` keys every JSON host reads alike.
pub(super) fn stop_and_messages(out: &mut Map<String, Value>, d: &Decision) {
    if let Some(stop) = effects(d, "stop").next() {
        out.insert("continue".into(), false.into());
        if let Some(r) = stop.get("reason").filter(|r| r.is_string()) {
            out.insert("stopReason".into(), r.clone());
        }
    }
    let messages: Vec<&str> = effects(d, "system_message")
        .filter_map(|e| e.get("message").and_then(Value::as_str))
        .collect();
    if !messages.is_empty() {
        out.insert("systemMessage".into(), messages.join("\n").into());
    }
}
