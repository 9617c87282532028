//! The runner's [`Decision`] → the host's answer: exit code, stdout, stderr. Each answer format
//! of the contract table ([`AnswerFormat`], the host's runtime row) has its renderer in its
//! host's file: Claude's JSON, which Codex reads too (`claude.rs`), Gemini CLI's (`gemini.rs`),
//! Qwen Code's (`qwen.rs`), GitHub Copilot CLI's (`copilot.rs`), Jarvis/Kimi's (`kimi.rs`),
//! Cline's (`cline.rs`), Cursor's (`cursor.rs`).

use super::{claude, cline, copilot, cursor, gemini, kimi, qwen};
use crate::decision::Decision;
use hook_ir::contract::AnswerFormat;
use hook_ir::Convention;
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

impl HostAnswer {
    /// Exit 0 with the JSON object `out` on stdout, or nothing when it is empty: the answer of
    /// every JSON host.
    pub(super) fn object(out: Map<String, Value>, notes: Vec<String>) -> HostAnswer {
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
}

/// A host's renderer: the host, its event name, the decision, and the tool output a hook
/// replaced (as the text a model reads), when one did.
type Render = fn(Convention, &str, &Decision, Option<String>) -> HostAnswer;

/// The renderer of an answer format; Claude's JSON for the formats no host of the bridge has.
fn renderer(format: Option<AnswerFormat>) -> Render {
    match format {
        Some(AnswerFormat::KimiJson) => kimi::answer,
        Some(AnswerFormat::GeminiJson) => gemini::answer,
        Some(AnswerFormat::QwenJson) => qwen::answer,
        Some(AnswerFormat::CopilotJson) => copilot::answer,
        Some(AnswerFormat::ClineJson) => cline::answer,
        Some(AnswerFormat::CursorJson) => cursor::answer,
        _ => claude::answer,
    }
}

/// Renders `d` (the decision for the host's `event_name`) in `host`'s protocol.
pub fn answer(host: Convention, event_name: &str, d: &Decision) -> HostAnswer {
    let format = hook_ir::contract::runtime(host).map(|r| r.answer);
    let mut notes = Vec::new();
    for e in &d.effects {
        match e.get("effect").and_then(Value::as_str) {
            // Rendered by the hosts; `exec` already ran in the module host.
            Some("system_message" | "stop" | "permission" | "exec") => {}
            // Copilot CLI's `modifiedPrompt` (rendered in its file).
            Some("modified_prompt") if format == Some(AnswerFormat::CopilotJson) => {}
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
    let mut a = renderer(format)(host, event_name, d, replaced);
    notes.append(&mut a.notes);
    a.notes = notes;
    a
}

/// For a host that takes no replaced tool output: says so first among `a`'s notes.
pub(super) fn unreplaced(host: Convention, replaced: Option<String>, a: &mut HostAnswer) {
    if replaced.is_some() {
        a.notes.insert(
            0,
            format!(
                "a hook replaced the tool output; `{host}` takes no replacement from a hook: the model sees the original"
            ),
        );
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decision::Verdict;
    use hook_ir::Kind;
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
