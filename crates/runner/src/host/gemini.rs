//! Gemini CLI's answer (0.61.0, `packages/core/src/hooks/`: `hookRunner.ts`, `hookAggregator.ts`,
//! `coreToolHookTriggers.ts`, `client.ts`): stdout parsed as JSON whatever the exit code.
//! `decision: "deny"` + `reason` blocks a tool call (`BeforeTool`), a prompt (`BeforeAgent`),
//! or rejects the answer and sends the reason as the next prompt (`AfterAgent`; on `AfterTool`
//! it would replace the tool's output, so a source's post-tool block is passed as context);
//! `hookSpecificOutput.additionalContext` adds context (`BeforeAgent`, `AfterTool`,
//! `SessionStart`); `hookSpecificOutput.tool_input` is merged into the tool's arguments;
//! `continue: false` + `stopReason` stops the agent; `systemMessage` is shown to the user.

use super::answer::{effects, non_empty, unreplaced, HostAnswer};
use super::claude::stop_and_messages;
use crate::decision::{Decision, Verdict};
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};

/// Gemini CLI's answer (see the module doc); it takes no replaced tool output.
pub(super) fn answer(
    host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut a = render(event_name, d);
    unreplaced(host, replaced, &mut a);
    a
}

fn render(event_name: &str, d: &Decision) -> HostAnswer {
    let mut out = Map::new();
    let mut specific = Map::new();
    let mut notes = Vec::new();
    let mut context: Vec<String> = d.context.clone();
    let reason = match &d.verdict {
        Verdict::Block { reason } => Some(non_empty(reason, event_name)),
        Verdict::Allow => None,
    };
    let deny = |out: &mut Map<String, Value>, r: &str| {
        out.insert("decision".into(), "deny".into());
        out.insert("reason".into(), r.into());
    };
    match d.kind {
        Kind::PreToolUse => {
            if let Some(r) = &reason {
                deny(&mut out, r);
            } else if let Some(input) = &d.updated_input {
                // Merged into the arguments: a key the hook dropped keeps its old value.
                specific.insert("tool_input".into(), input.clone());
            } else if let Some(p) = effects(d, "permission").next() {
                notes.push(format!(
                    "a hook answered permissionDecision `{}`; Gemini CLI has no such answer, its own approval mode applies",
                    p["decision"].as_str().unwrap_or_default()
                ));
            }
        }
        Kind::UserPromptSubmit => {
            if let Some(r) = &reason {
                deny(&mut out, r);
            }
        }
        // A deny on AfterTool replaces the tool's output; a source's block after the tool ran
        // is feedback, so the model gets it beside the output, as context.
        Kind::PostToolUse => {
            if let Some(r) = &reason {
                context.insert(0, r.clone());
            }
        }
        Kind::Stop => {
            if let Some(c) = d.continuation.as_deref().or(reason.as_deref()) {
                deny(&mut out, &non_empty(c, event_name));
            }
        }
        Kind::SessionStart | Kind::SessionShutdown => {}
    }
    let text = context.join("\n\n");
    if !text.trim().is_empty() {
        if matches!(
            d.kind,
            Kind::UserPromptSubmit | Kind::PostToolUse | Kind::SessionStart
        ) {
            specific.insert("additionalContext".into(), text.into());
        } else {
            notes.push(format!(
                "context not passed on: Gemini CLI's `{event_name}` takes none: {text}"
            ));
        }
    }
    stop_and_messages(&mut out, d);
    if !specific.is_empty() {
        out.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    HostAnswer::object(out, notes)
}
