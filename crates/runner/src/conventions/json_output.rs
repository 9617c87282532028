//! Reading a hook's stdout as the JSON object Codex and Claude define (conventions.md §4, §5).

use hook_ir::Kind;
use serde_json::{Map, Value};

/// What stdout was.
pub(crate) enum Stdout {
    /// Nothing but whitespace.
    Empty,
    /// A JSON object.
    Object(Map<String, Value>),
    /// Text that is not a JSON object (plain output).
    Plain(String),
    /// It looked like a JSON object (`{` … `}` once trimmed) but did not parse.
    Invalid(String),
}

/// Classifies stdout: trimmed, and parsed only when it looks like an object.
pub(crate) fn classify(stdout: &str) -> Stdout {
    let t = stdout.trim();
    if t.is_empty() {
        return Stdout::Empty;
    }
    if t.starts_with('{') {
        return match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(m)) => Stdout::Object(m),
            Ok(_) => Stdout::Plain(t.to_string()),
            Err(e) => Stdout::Invalid(format!("stdout looks like JSON but does not parse: {e}")),
        };
    }
    Stdout::Plain(t.to_string())
}

/// What a JSON answer asks for.
#[derive(Debug, Default)]
pub(crate) struct Answer {
    /// Block with this reason.
    pub block: Option<String>,
    /// Context for the model.
    pub context: Option<String>,
    /// A replacement tool input (`hookSpecificOutput.updatedInput`).
    pub updated_input: Option<Value>,
    /// `permissionDecision` when it is neither `deny` nor absent (`allow`, `ask`, `defer`).
    pub permission: Option<(String, Option<String>)>,
    /// `systemMessage`.
    pub system_message: Option<String>,
    /// `continue: false`: the agent stops for good after the hooks (on `stop`: no
    /// continuation; elsewhere the action is blocked too).
    pub stop_for_good: Option<String>,
}

fn str_of<'a>(m: &'a Map<String, Value>, k: &str) -> Option<&'a str> {
    m.get(k).and_then(Value::as_str)
}

/// Interprets the JSON object per §4/§5: `continue:false`+`stopReason`, `decision:"block"`+
/// `reason`, `hookSpecificOutput.permissionDecision` (`deny` blocks with
/// `permissionDecisionReason`), `additionalContext`, `updatedInput`, `systemMessage`.
/// `event` is the convention's event name, used in default reasons.
pub(crate) fn interpret(kind: Kind, event: &str, m: &Map<String, Value>) -> Answer {
    let mut a = Answer::default();
    let default_reason = || format!("Blocked by {event} hook");
    let specific = m.get("hookSpecificOutput").and_then(Value::as_object);
    if m.get("continue") == Some(&Value::Bool(false)) {
        let reason = str_of(m, "stopReason")
            .map_or_else(|| format!("Stopped by {event} hook"), str::to_string);
        // "Do not continue" stops the agent after the hooks, whatever the event (Codex
        // `continue_processing`, Claude `continue`); on stop there is then no continuation,
        // elsewhere the action is blocked as well.
        if kind != Kind::Stop {
            a.block = Some(reason.clone());
        }
        a.stop_for_good = Some(reason);
    }
    if a.block.is_none() && a.stop_for_good.is_none() && str_of(m, "decision") == Some("block") {
        a.block = Some(str_of(m, "reason").map_or_else(default_reason, str::to_string));
    }
    if let Some(s) = specific {
        match str_of(s, "permissionDecision") {
            Some("deny") => {
                a.block.get_or_insert_with(|| {
                    str_of(s, "permissionDecisionReason")
                        .map_or_else(default_reason, str::to_string)
                });
            }
            Some(other) => {
                a.permission = Some((
                    other.to_string(),
                    str_of(s, "permissionDecisionReason").map(str::to_string),
                ))
            }
            None => {}
        }
        a.context = str_of(s, "additionalContext")
            .filter(|c| !c.trim().is_empty())
            .map(str::to_string);
        if kind == Kind::PreToolUse {
            a.updated_input = s.get("updatedInput").filter(|v| v.is_object()).cloned();
        }
    }
    a.system_message = str_of(m, "systemMessage").map(str::to_string);
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn deny_blocks_and_continue_false_stops_for_good_on_stop() {
        let a = interpret(
            Kind::PreToolUse,
            "PreToolUse",
            &obj(
                json!({"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}),
            ),
        );
        assert_eq!(a.block.as_deref(), Some("no"));
        let a = interpret(
            Kind::Stop,
            "Stop",
            &obj(json!({"continue":false,"stopReason":"done"})),
        );
        assert_eq!(a.block, None);
        assert_eq!(a.stop_for_good.as_deref(), Some("done"));
        let a = interpret(
            Kind::UserPromptSubmit,
            "UserPromptSubmit",
            &obj(json!({"continue":false})),
        );
        assert_eq!(a.block.as_deref(), Some("Stopped by UserPromptSubmit hook"));
        assert_eq!(
            a.stop_for_good.as_deref(),
            Some("Stopped by UserPromptSubmit hook")
        );
    }

    #[test]
    fn classify_separates_plain_text_objects_and_broken_json() {
        assert!(matches!(classify("  \n"), Stdout::Empty));
        assert!(matches!(classify("hello"), Stdout::Plain(_)));
        assert!(matches!(classify("{\"a\":1}\n"), Stdout::Object(_)));
        assert!(matches!(classify("{oops"), Stdout::Invalid(_)));
    }
}
