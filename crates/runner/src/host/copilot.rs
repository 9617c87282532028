//! GitHub Copilot CLI as a host (1.0.102, `conformance/traces/copilot-1.0.102/`,
//! `conformance/notes/copilot.md`).
//!
//! Input: two dialects, told apart by the event name: camelCase events (`preToolUse`…) send
//! `sessionId`, `timestamp` (ms), `cwd`, `toolName` (its runtime name, `bash`), `toolArgs`,
//! `toolResult` (`{resultType, textResultForLlm}`), `prompt`, `initialPrompt`, `source`,
//! `reason`, `transcriptPath` and `stop_hook_active` (trace copilot_six_kinds); PascalCase events
//! send Claude's snake_case fields with Claude's tool names and `tool_result`
//! (`{result_type, text_result_for_llm}`) (trace copilot_pascal_dialect). Both are read with
//! Copilot's runtime tool name.
//!
//! Answer ("Answers" in the notes, every claim a trace): a JSON object on stdout after exit 0,
//! top-level keys in both dialects: `permissionDecision: "deny"` + `permissionDecisionReason`
//! denies a tool call (copilot_pre_json_deny; the PascalCase dialect also reads Claude's
//! `hookSpecificOutput.permissionDecision`, copilot_pascal_answers), `ask` denies in a headless
//! run (copilot_pre_json_ask); `modifiedArgs` replaces the tool's arguments whole
//! (copilot_pre_modified_args); `modifiedResult` `{resultType, textResultForLlm}` replaces a
//! tool's result (copilot_post_modified_result); `additionalContext` adds context on
//! preToolUse, postToolUse, userPromptSubmitted and sessionStart; `modifiedPrompt` replaces the
//! prompt (copilot_prompt_answers); `decision: "block"` + `reason` continues the agent on
//! agentStop (copilot_stop_block_once). It has no way to block a prompt (exit 2 is a warning,
//! copilot_prompt_exit2) and no `continue: false`.

use super::answer::{effects, non_empty, HostAnswer};
use super::input::{object_field, Fields, HostError, HostEvent};
use crate::decision::{Decision, Verdict};
use crate::Event;
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};
use std::path::PathBuf;

/// GitHub Copilot CLI's answer in its own keys, within what 1.0.102 applies (see the module doc).
pub(super) fn answer(
    _host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut out = Map::new();
    let mut notes = Vec::new();
    let mut context: Vec<String> = d.context.clone();
    let pascal = event_name.starts_with(|c: char| c.is_ascii_uppercase());
    let reason = match &d.verdict {
        Verdict::Block { reason } => Some(non_empty(reason, event_name)),
        Verdict::Allow => None,
    };
    match d.kind {
        Kind::PreToolUse => {
            if let Some(r) = &reason {
                out.insert("permissionDecision".into(), "deny".into());
                out.insert("permissionDecisionReason".into(), r.clone().into());
                if pascal {
                    // Claude's shape, which this dialect honours too.
                    let mut s = Map::new();
                    s.insert("hookEventName".into(), event_name.into());
                    s.insert("permissionDecision".into(), "deny".into());
                    s.insert("permissionDecisionReason".into(), r.clone().into());
                    out.insert("hookSpecificOutput".into(), Value::Object(s));
                }
            } else {
                if let Some(input) = &d.updated_input {
                    out.insert("modifiedArgs".into(), input.clone());
                }
                if let Some(p) = effects(d, "permission").next() {
                    out.insert("permissionDecision".into(), p["decision"].clone());
                    if let Some(r) = p.get("reason").filter(|r| r.is_string()) {
                        out.insert("permissionDecisionReason".into(), r.clone());
                    }
                }
            }
        }
        Kind::PostToolUse => {
            if let Some(text) = replaced {
                let failed = d
                    .tool_result
                    .as_ref()
                    .and_then(|p| p.is_error)
                    .unwrap_or(false);
                let mut r = Map::new();
                r.insert(
                    "resultType".into(),
                    if failed { "failure" } else { "success" }.into(),
                );
                r.insert("textResultForLlm".into(), text.into());
                out.insert("modifiedResult".into(), Value::Object(r));
            }
            // A source's block after the tool ran is feedback: the model reads it as context.
            if let Some(r) = &reason {
                context.insert(0, r.clone());
            }
        }
        Kind::UserPromptSubmit => {
            if let Some(r) = &reason {
                // Copilot cannot block a prompt: the prompt is replaced, so the model never
                // reads what the hook refused.
                out.insert(
                    "modifiedPrompt".into(),
                    format!("(The user's prompt was blocked by a hook: {r})").into(),
                );
                notes.push(format!(
                    "Copilot CLI cannot block a prompt: the prompt was replaced by the block reason: {r}"
                ));
            } else if let Some(p) =
                effects(d, "modified_prompt").find_map(|e| e.get("prompt").and_then(Value::as_str))
            {
                out.insert("modifiedPrompt".into(), p.into());
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
    let text = context.join("\n\n");
    if !text.trim().is_empty() {
        if matches!(
            d.kind,
            Kind::PreToolUse | Kind::PostToolUse | Kind::UserPromptSubmit | Kind::SessionStart
        ) {
            out.insert("additionalContext".into(), text.into());
        } else {
            notes.push(format!(
                "context not passed on: Copilot CLI's `{event_name}` takes none: {text}"
            ));
        }
    }
    if let Some(stop) = effects(d, "stop").next() {
        notes.push(format!(
            "a hook asked the agent to stop (continue: false); Copilot CLI has no such answer: {stop}"
        ));
    }
    for m in effects(d, "system_message").filter_map(|e| e.get("message").and_then(Value::as_str)) {
        notes.push(format!(
            "message for the user (Copilot CLI shows none from a hook): {m}"
        ));
    }
    HostAnswer::object(out, notes)
}

/// A Copilot CLI payload of either dialect (the module docs).
pub(super) fn read(
    kind: Kind,
    event_name: &str,
    m: &Map<String, Value>,
) -> Result<HostEvent, HostError> {
    let f = Fields(m);
    let camel = event_name.starts_with(|c: char| c.is_ascii_lowercase());
    let pick =
        |camel_name: &'static str, snake: &'static str| if camel { camel_name } else { snake };
    // The PascalCase dialect shows Claude's tool names: back to Copilot's runtime name, which
    // the bridge translates for each source.
    let tool = || -> Result<String, HostError> {
        let name = f.str(pick("toolName", "tool_name"))?.unwrap_or_default();
        Ok(hook_ir::conventions::COPILOT_PASCAL_NAMES
            .iter()
            .find(|(_, claude)| !camel && *claude == name)
            .map_or(name, |(copilot, _)| copilot.to_string()))
    };
    let args = || object_field(m, pick("toolArgs", "tool_input"));
    let mut event = match kind {
        Kind::PreToolUse => Event::pre_tool_use(tool()?, args()?),
        Kind::PostToolUse => {
            let result = object_field(m, pick("toolResult", "tool_result"))?;
            let text = result
                .get(pick("textResultForLlm", "text_result_for_llm"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let mut e = Event::post_tool_use(tool()?, args()?, text);
            let failed = result
                .get(pick("resultType", "result_type"))
                .and_then(Value::as_str)
                .is_some_and(|t| t != "success");
            if failed {
                e.status = Some("error".into());
            }
            e
        }
        Kind::UserPromptSubmit => Event::user_prompt_submit(f.str("prompt")?.unwrap_or_default()),
        Kind::Stop => {
            let mut e = Event::stop();
            // snake_case in both dialects (trace copilot_six_kinds).
            e.stop_hook_active = f.bool("stop_hook_active")?;
            e
        }
        Kind::SessionStart => {
            let mut e = Event::session_start(f.str("source")?.unwrap_or_default());
            e.prompt = f.str(pick("initialPrompt", "initial_prompt"))?;
            e
        }
        Kind::SessionShutdown => Event::session_shutdown(f.str("reason")?.unwrap_or_default()),
    };
    event.model = f.str("model")?;
    Ok(HostEvent {
        event,
        session_id: f.str(pick("sessionId", "session_id"))?,
        cwd: f.str("cwd")?.filter(|c| !c.is_empty()).map(PathBuf::from),
        transcript_path: f
            .str(pick("transcriptPath", "transcript_path"))?
            .filter(|t| !t.is_empty())
            .map(PathBuf::from),
        client_type: None,
        session_title: None,
    })
}
