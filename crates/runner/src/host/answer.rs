//! The runner's [`Decision`] → the host's answer: exit code, stdout, stderr.
//!
//! - Claude Code (conventions.md §5) and Codex (§4) read a JSON object on stdout after exit 0:
//!   `hookSpecificOutput.permissionDecision: "deny"` + `permissionDecisionReason` blocks a
//!   PreToolUse call; `decision: "block"` + `reason` blocks a prompt (UserPromptSubmit) or
//!   continues the agent (Stop); `hookSpecificOutput.additionalContext` adds context;
//!   `hookSpecificOutput.updatedInput` replaces the tool input (Codex takes it only beside
//!   `permissionDecision: "allow"`, codex-rs `hooks/src/engine/output_parser.rs`);
//!   `continue: false` + `stopReason` stops the agent; `systemMessage` is shown to the user.
//! - Jarvis/Kimi (§2) reads exit 2 + stderr as a block (on Stop: the continuation), and on
//!   UserPromptSubmit exit 0 + `{"message": …}` as context. It cannot replace a tool input.
//! - Gemini CLI (0.61.0, `packages/core/src/hooks/`: `hookRunner.ts`, `hookAggregator.ts`,
//!   `coreToolHookTriggers.ts`, `client.ts`) parses stdout as JSON whatever the exit code:
//!   `decision: "deny"` + `reason` blocks a tool call (`BeforeTool`), a prompt (`BeforeAgent`),
//!   or rejects the answer and sends the reason as the next prompt (`AfterAgent`; on `AfterTool`
//!   it would replace the tool's output, so a source's post-tool block is passed as context);
//!   `hookSpecificOutput.additionalContext` adds context (`BeforeAgent`, `AfterTool`,
//!   `SessionStart`); `hookSpecificOutput.tool_input` is merged into the tool's arguments;
//!   `continue: false` + `stopReason` stops the agent; `systemMessage` is shown to the user.
//! - Qwen Code (0.24.4, `conformance/notes/qwen.md`) reads Claude's JSON answer on exit 0, with
//!   its own limits, all live: a PreToolUse `updatedInput` is ignored (`qwen_pre_updated_input`:
//!   the original command ran), so a rewritten input blocks the call rather than run the one
//!   the hook rejected; a PreToolUse `additionalContext` never reaches the model
//!   (`qwen_pre_additional_context`), so it is a note; PostToolUse `additionalContext` is
//!   appended to the tool result (`qwen_post_additional_context`), and a source's post-tool
//!   block, feedback on a call that already ran, is passed that way; `decision: "block"` blocks
//!   a prompt (`qwen_prompt_block`) and continues the agent on Stop (`qwen_stop_block_once`).
//! - GitHub Copilot CLI (1.0.102, `conformance/notes/copilot.md` "Answers", every claim a
//!   trace) reads a JSON object on stdout after exit 0, top-level keys in both dialects:
//!   `permissionDecision: "deny"` + `permissionDecisionReason` denies a tool call
//!   (copilot_pre_json_deny; the PascalCase dialect also reads Claude's
//!   `hookSpecificOutput.permissionDecision`, copilot_pascal_answers), `ask` denies in a
//!   headless run (copilot_pre_json_ask); `modifiedArgs` replaces the tool's arguments whole
//!   (copilot_pre_modified_args); `modifiedResult` `{resultType, textResultForLlm}` replaces a
//!   tool's result (copilot_post_modified_result); `additionalContext` adds context on
//!   preToolUse, postToolUse, userPromptSubmitted and sessionStart; `modifiedPrompt` replaces
//!   the prompt (copilot_prompt_answers); `decision: "block"` + `reason` continues the agent on
//!   agentStop (copilot_stop_block_once). It has no way to block a prompt (exit 2 is a warning,
//!   copilot_prompt_exit2) and no `continue: false`.

use crate::decision::{Decision, Verdict};
use hook_ir::contract::AnswerFormat;
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};

/// What the bridge process answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostAnswer {
    /// The exit code.
    pub exit_code: i32,
    /// stdout (empty, or one JSON document and a newline).
    pub stdout: String,
    /// stderr the host reads as a reason (Jarvis blocks); empty otherwise.
    pub stderr: String,
    /// What the bridge has to tell the user beyond the answer (effects the host cannot apply);
    /// written to stderr only where the host does not read stderr as a reason.
    pub notes: Vec<String>,
}

/// Renders `d` (the decision for the host's `event_name`) in `host`'s protocol.
pub fn answer(host: Convention, event_name: &str, d: &Decision) -> HostAnswer {
    let mut notes = Vec::new();
    for e in &d.effects {
        match e.get("effect").and_then(Value::as_str) {
            // Rendered below; `exec` already ran in the module host.
            Some("system_message" | "stop" | "permission" | "exec") => {}
            // Copilot CLI's `modifiedPrompt` (rendered below).
            Some("modified_prompt")
                if hook_ir::contract::runtime(host)
                    .is_some_and(|r| r.answer == AnswerFormat::CopilotJson) => {}
            _ => notes.push(format!(
                "effect not applied (the host has no way to apply it): {e}"
            )),
        }
    }
    let replaced = d
        .tool_result
        .as_ref()
        .and_then(|p| p.content.as_ref())
        .map(content_text);
    let format = hook_ir::contract::runtime(host).map(|r| r.answer);
    let mut a = match (format, replaced) {
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
            notes.push(
                "a hook replaced the tool output; Claude Code takes no replacement for a built-in tool: it is added as context"
                    .into(),
            );
            let mut with = d.clone();
            with.context.insert(0, text);
            json(host, event_name, &with)
        }
        (Some(AnswerFormat::CopilotJson), replaced) => copilot(event_name, d, replaced),
        (Some(AnswerFormat::CursorJson), replaced) => {
            super::cursor::answer(event_name, d, replaced)
        }
        (_, replaced) => {
            if replaced.is_some() {
                notes.push(format!(
                    "a hook replaced the tool output; `{host}` takes no replacement from a hook: the model sees the original"
                ));
            }
            match format {
                Some(AnswerFormat::KimiJson) => jarvis(d),
                Some(AnswerFormat::GeminiJson) => gemini(event_name, d),
                Some(AnswerFormat::QwenJson) => qwen(host, event_name, d),
                _ => json(host, event_name, d),
            }
        }
    };
    notes.append(&mut a.notes);
    a.notes = notes;
    a
}

/// A replaced tool result as the text a model reads: a string as is; GJC's content parts (text
/// parts joined by newlines); anything else as JSON.
fn content_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts)
            if parts
                .iter()
                .all(|p| p.get("text").is_some_and(Value::is_string)) =>
        {
            parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n")
        }
        other => other.to_string(),
    }
}

pub(super) fn effects<'a>(d: &'a Decision, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    d.effects
        .iter()
        .filter(move |e| e.get("effect").and_then(Value::as_str) == Some(kind))
}

/// A block reason the host accepts: Codex rejects an empty one as an invalid answer.
pub(super) fn non_empty(reason: &str, event_name: &str) -> String {
    match reason.trim() {
        "" => format!("Blocked by {event_name} hook (hooks bridge)"),
        r => r.to_string(),
    }
}

fn json(host: Convention, event_name: &str, d: &Decision) -> HostAnswer {
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
    let stdout = if out.is_empty() {
        String::new()
    } else {
        format!("{}\n", Value::Object(out))
    };
    HostAnswer {
        exit_code: 0,
        stdout,
        stderr: String::new(),
        notes,
    }
}

/// The `continue: false` and `systemMessage` keys every JSON host reads alike.
fn stop_and_messages(out: &mut Map<String, Value>, d: &Decision) {
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

fn gemini(event_name: &str, d: &Decision) -> HostAnswer {
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
    HostAnswer {
        exit_code: 0,
        stdout: if out.is_empty() {
            String::new()
        } else {
            format!("{}\n", Value::Object(out))
        },
        stderr: String::new(),
        notes,
    }
}

/// Claude's JSON answer, within what Qwen Code 0.24.4 applies (see the module doc).
fn qwen(host: Convention, event_name: &str, d: &Decision) -> HostAnswer {
    let mut d = d.clone();
    let mut notes = Vec::new();
    match d.kind {
        Kind::PreToolUse => {
            if d.updated_input.take().is_some() && !d.is_block() {
                d.verdict = Verdict::Block {
                    reason: "hooks bridge: a hook replaced the tool input, which Qwen Code                              does not apply; the call is blocked rather than run with the                              input the hook rejected"
                        .into(),
                };
            }
            if !d.context.is_empty() {
                notes.push(format!(
                    "context not passed on: Qwen Code drops a PreToolUse additionalContext: {}",
                    d.context.join("\n\n")
                ));
                d.context.clear();
            }
        }
        Kind::PostToolUse => {
            if let Verdict::Block { reason } = &d.verdict {
                d.context.insert(0, non_empty(reason, event_name));
                d.verdict = Verdict::Allow;
            }
        }
        _ => {}
    }
    let mut a = json(host, event_name, &d);
    notes.append(&mut a.notes);
    a.notes = notes;
    a
}

/// GitHub Copilot CLI's answer in its own keys, within what 1.0.102 applies (see the module doc).
fn copilot(event_name: &str, d: &Decision, replaced: Option<String>) -> HostAnswer {
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
    HostAnswer {
        exit_code: 0,
        stdout: if out.is_empty() {
            String::new()
        } else {
            format!("{}\n", Value::Object(out))
        },
        stderr: String::new(),
        notes,
    }
}

fn jarvis(d: &Decision) -> HostAnswer {
    let mut a = HostAnswer {
        exit_code: 0,
        stdout: String::new(),
        stderr: String::new(),
        notes: Vec::new(),
    };
    let block = |a: &mut HostAnswer, reason: &str| {
        a.exit_code = hook_ir::contract::limits::jarvis::BLOCK_EXIT_CODE;
        a.stderr = reason.to_string();
    };
    match (&d.verdict, d.kind) {
        (Verdict::Block { reason }, Kind::Stop) => {
            block(&mut a, d.continuation.as_deref().unwrap_or(reason))
        }
        (Verdict::Block { reason }, Kind::PreToolUse | Kind::UserPromptSubmit) => {
            block(&mut a, reason)
        }
        (Verdict::Allow, Kind::Stop) if d.continuation.is_some() => {
            block(&mut a, d.continuation.as_deref().unwrap_or_default())
        }
        (Verdict::Allow, Kind::PreToolUse) if d.updated_input.is_some() => block(
            &mut a,
            "hooks bridge: a hook replaced the tool input, which Jarvis cannot apply; \
             the call is blocked rather than run with the input the hook rejected",
        ),
        (Verdict::Allow, Kind::UserPromptSubmit) => {
            let text = d.context.join("\n");
            if !text.trim().is_empty() {
                let mut m = Map::new();
                m.insert("message".into(), text.into());
                a.stdout = format!("{}\n", Value::Object(m));
            }
        }
        _ => {
            if !d.context.is_empty() {
                a.notes.push(format!(
                    "context not passed on: Jarvis takes context only on UserPromptSubmit: {}",
                    d.context.join("\n")
                ));
            }
        }
    }
    a
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

    fn stdout_json(a: &HostAnswer) -> Value {
        serde_json::from_str(&a.stdout).unwrap()
    }

    #[test]
    fn claude_and_codex_deny_a_tool_call_in_json() {
        for host in [Convention::ClaudeSettings, Convention::CodexJson] {
            let a = answer(host, "PreToolUse", &block(Kind::PreToolUse, "no rm -rf"));
            assert_eq!(a.exit_code, 0);
            assert_eq!(
                stdout_json(&a),
                json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                    "permissionDecision": "deny", "permissionDecisionReason": "no rm -rf"}})
            );
        }
    }

    #[test]
    fn copilot_answers_in_its_own_keys() {
        let host = Convention::CopilotHooks;
        let a = answer(host, "preToolUse", &block(Kind::PreToolUse, "no rm -rf"));
        assert_eq!(a.exit_code, 0);
        assert_eq!(
            stdout_json(&a),
            json!({"permissionDecision": "deny", "permissionDecisionReason": "no rm -rf"})
        );
        let a = answer(host, "PreToolUse", &block(Kind::PreToolUse, "no"));
        assert_eq!(
            stdout_json(&a)["hookSpecificOutput"]["permissionDecision"],
            "deny"
        );
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"command": "ls"}));
        d.context.push("careful".into());
        assert_eq!(
            stdout_json(&answer(host, "preToolUse", &d)),
            json!({"modifiedArgs": {"command": "ls"}, "additionalContext": "careful"})
        );
        let mut d = Decision::allow(Kind::PostToolUse);
        d.tool_result = Some(crate::decision::ToolResultPatch {
            content: Some(json!("redacted")),
            details: None,
            is_error: Some(false),
        });
        let a = answer(host, "postToolUse", &d);
        assert_eq!(
            stdout_json(&a),
            json!({"modifiedResult": {"resultType": "success", "textResultForLlm": "redacted"}})
        );
        assert!(a.notes.is_empty(), "{:?}", a.notes);
        let c = stdout_json(&answer(host, "agentStop", &block(Kind::Stop, "go on")));
        assert_eq!(c, json!({"decision": "block", "reason": "go on"}));
        let a = answer(
            host,
            "userPromptSubmitted",
            &block(Kind::UserPromptSubmit, "secret"),
        );
        assert!(stdout_json(&a)["modifiedPrompt"]
            .as_str()
            .unwrap()
            .contains("secret"));
        assert_eq!(a.notes.len(), 1, "{:?}", a.notes);
        let mut d = Decision::allow(Kind::SessionStart);
        d.context.push("hello".into());
        assert_eq!(
            stdout_json(&answer(host, "sessionStart", &d)),
            json!({"additionalContext": "hello"})
        );
    }

    #[test]
    fn an_allow_with_nothing_to_say_prints_nothing() {
        let a = answer(
            Convention::ClaudeSettings,
            "PreToolUse",
            &Decision::allow(Kind::PreToolUse),
        );
        assert_eq!((a.exit_code, a.stdout.as_str()), (0, ""));
    }

    #[test]
    fn updated_input_carries_codex_s_required_allow() {
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"command": "ls"}));
        let c = stdout_json(&answer(Convention::CodexJson, "PreToolUse", &d));
        assert_eq!(c["hookSpecificOutput"]["permissionDecision"], "allow");
        let c = stdout_json(&answer(Convention::ClaudeSettings, "PreToolUse", &d));
        assert_eq!(c["hookSpecificOutput"].get("permissionDecision"), None);
        assert_eq!(
            c["hookSpecificOutput"]["updatedInput"],
            json!({"command": "ls"})
        );
        let j = answer(Convention::Jarvis, "PreToolUse", &d);
        assert_eq!(j.exit_code, 2, "Jarvis cannot apply it: blocked");
    }

    #[test]
    fn prompt_context_and_stop_continuation() {
        let mut d = Decision::allow(Kind::UserPromptSubmit);
        d.context.push("<hook_result>x</hook_result>".into());
        let c = stdout_json(&answer(Convention::ClaudeSettings, "UserPromptSubmit", &d));
        assert_eq!(
            c["hookSpecificOutput"]["additionalContext"],
            "<hook_result>x</hook_result>"
        );
        let j = answer(Convention::Jarvis, "UserPromptSubmit", &d);
        assert_eq!(
            stdout_json(&j),
            json!({"message": "<hook_result>x</hook_result>"})
        );
        let mut s = block(Kind::Stop, "tests fail");
        s.continuation = Some("tests fail".into());
        let c = stdout_json(&answer(Convention::CodexJson, "Stop", &s));
        assert_eq!(c, json!({"decision": "block", "reason": "tests fail"}));
        let j = answer(Convention::Jarvis, "Stop", &s);
        assert_eq!((j.exit_code, j.stderr.as_str()), (2, "tests fail"));
    }

    #[test]
    fn a_replaced_tool_output_is_exit_2_for_codex_and_context_for_claude() {
        let mut d = Decision::allow(Kind::PostToolUse);
        d.tool_result = Some(crate::ToolResultPatch {
            content: Some(json!("lint: 2 warnings")),
            details: None,
            is_error: None,
        });
        let c = answer(Convention::CodexJson, "PostToolUse", &d);
        assert_eq!((c.exit_code, c.stderr.as_str()), (2, "lint: 2 warnings"));
        let c = answer(Convention::ClaudeSettings, "PostToolUse", &d);
        assert_eq!(
            stdout_json(&c),
            json!({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                "additionalContext": "lint: 2 warnings"}})
        );
    }

    #[test]
    fn gemini_answers_in_its_own_json() {
        let g = Convention::GeminiSettings;
        let a = answer(g, "BeforeTool", &block(Kind::PreToolUse, "no rm -rf"));
        assert_eq!(
            (a.exit_code, stdout_json(&a)),
            (0, json!({"decision": "deny", "reason": "no rm -rf"}))
        );
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"command": "ls"}));
        assert_eq!(
            stdout_json(&answer(g, "BeforeTool", &d)),
            json!({"hookSpecificOutput": {"tool_input": {"command": "ls"}}})
        );
        let mut d = Decision::allow(Kind::UserPromptSubmit);
        d.context.push("rule".into());
        assert_eq!(
            stdout_json(&answer(g, "BeforeAgent", &d)),
            json!({"hookSpecificOutput": {"additionalContext": "rule"}})
        );
        let mut s = block(Kind::Stop, "tests fail");
        s.continuation = Some("run the tests".into());
        assert_eq!(
            stdout_json(&answer(g, "AfterAgent", &s)),
            json!({"decision": "deny", "reason": "run the tests"})
        );
        // After the tool ran, a block is feedback: context, the output kept.
        let mut p = block(Kind::PostToolUse, "lint: 2 warnings");
        p.context.push("more".into());
        assert_eq!(
            stdout_json(&answer(g, "AfterTool", &p)),
            json!({"hookSpecificOutput": {"additionalContext": "lint: 2 warnings\n\nmore"}})
        );
        let a = answer(g, "BeforeTool", &Decision::allow(Kind::PreToolUse));
        assert_eq!((a.exit_code, a.stdout.as_str()), (0, ""));
    }

    #[test]
    fn qwen_answers_in_claude_s_json_within_what_it_applies() {
        let q = Convention::QwenSettings;
        let a = answer(q, "PreToolUse", &block(Kind::PreToolUse, "no rm -rf"));
        assert_eq!(
            (a.exit_code, stdout_json(&a)),
            (
                0,
                json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                    "permissionDecision": "deny", "permissionDecisionReason": "no rm -rf"}})
            )
        );
        // Qwen ignores `updatedInput` (live `qwen_pre_updated_input`): blocked, not run as is.
        let mut d = Decision::allow(Kind::PreToolUse);
        d.updated_input = Some(json!({"command": "ls"}));
        d.context.push("dropped".into());
        let a = answer(q, "PreToolUse", &d);
        let v = stdout_json(&a);
        assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
        assert!(v["hookSpecificOutput"].get("updatedInput").is_none(), "{v}");
        assert!(
            v["hookSpecificOutput"].get("additionalContext").is_none(),
            "{v}"
        );
        assert!(
            a.notes.iter().any(|n| n.contains("dropped")),
            "{:?}",
            a.notes
        );
        // After the tool ran, a block is feedback: appended to the tool result as context.
        let a = answer(
            q,
            "PostToolUse",
            &block(Kind::PostToolUse, "lint: 2 warnings"),
        );
        assert_eq!(
            stdout_json(&a),
            json!({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                "additionalContext": "lint: 2 warnings"}})
        );
        let mut s = block(Kind::Stop, "tests fail");
        s.continuation = Some("run the tests".into());
        assert_eq!(
            stdout_json(&answer(q, "Stop", &s)),
            json!({"decision": "block", "reason": "run the tests"})
        );
        let a = answer(
            q,
            "UserPromptSubmit",
            &block(Kind::UserPromptSubmit, "no secrets"),
        );
        assert_eq!(
            stdout_json(&a),
            json!({"decision": "block", "reason": "no secrets"})
        );
    }

    #[test]
    fn stop_for_good_and_system_messages() {
        let mut d = Decision::allow(Kind::Stop);
        d.effects
            .push(json!({"effect": "stop", "hook": "h", "reason": "done"}));
        d.effects
            .push(json!({"effect": "system_message", "hook": "h", "message": "hi"}));
        let c = stdout_json(&answer(Convention::ClaudeSettings, "Stop", &d));
        assert_eq!(
            c,
            json!({"continue": false, "stopReason": "done", "systemMessage": "hi"})
        );
    }
}
