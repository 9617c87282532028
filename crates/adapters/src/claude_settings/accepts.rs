//! Whether Claude Code loads a settings file's hooks at all.
//!
//! One wrong value in a hook of a six-kind event — a `matcher` that is not a string (`null`
//! included), a group without a `hooks` list, a handler that is not an object or has no or an
//! unknown `type`, a command handler without `command`, a `timeout` that is not a positive
//! number, an `async` that is not a boolean, a `statusMessage` that is not a string, an event
//! whose value is not a list — and Claude Code 2.1.332 runs **none** of the file's hooks, the
//! valid ones included; so does a hook event written at the top level. Recorded live, each next to a valid hook in the same file: the
//! conformance scenarios `schema_*` and `syntax_wrong_type_elsewhere`. What it tolerates
//! (recorded too): unknown events and keys, a fractional `timeout`, an empty `command`, a
//! `prompt` handler, a key written twice (the last copy wins), and the same mistakes under an
//! event outside the six kinds (`schema_bad_event_outside_kinds`: `PreCompact`).

use super::json::{span, type_name, Span};
use hook_ir::contract;
use hook_ir::Convention;
use jsonc_parser::ast::{Object, Value};
use jsonc_parser::common::Ranged;

/// Handler types Claude Code knows.
const HANDLER_TYPES: &[&str] = &["command", "http", "prompt", "agent", "mcp_tool"];

/// The first value that makes Claude Code drop every hook of the file, with why; `None` when it
/// loads them.
pub(super) fn first_rejection(root: &Value<'_>) -> Option<(Span, String)> {
    let Value::Object(root) = root else {
        return None;
    };
    // A hook event written at the top level, outside `hooks` (recorded:
    // `syntax_top_level_event`; a `description` there is fine: `syntax_unknown_top_key`).
    if let Some(p) = root.properties.iter().find(|p| {
        p.name.as_str() != "hooks"
            && contract::find(Convention::ClaudeSettings, p.name.as_str()).is_some()
    }) {
        let r = p.name.range();
        return Some((
            (r.start, r.end),
            format!(
                "`{}` is a hook event written at the top level, outside `hooks`",
                p.name.as_str()
            ),
        ));
    }
    let Value::Object(events) = &last(root, "hooks")?.value else {
        return None;
    };
    // The last copy of a key is the one read: check each event once, at its last copy, in
    // the order of the file.
    let last_index: std::collections::HashMap<&str, usize> = events
        .properties
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.as_str(), i))
        .collect();
    events
        .properties
        .iter()
        .enumerate()
        .filter(|(i, p)| last_index.get(p.name.as_str()) == Some(i))
        .filter(|(_, p)| {
            contract::find(Convention::ClaudeSettings, p.name.as_str())
                .is_some_and(|r| r.kind().is_some())
        })
        .find_map(|(_, p)| event(&p.value))
}

fn last<'o, 'a>(obj: &'o Object<'a>, name: &str) -> Option<&'o jsonc_parser::ast::ObjectProp<'a>> {
    obj.properties
        .iter()
        .rev()
        .find(|p| p.name.as_str() == name)
}

fn wrong(v: &Value<'_>, what: &str) -> Option<(Span, String)> {
    Some((span(v), format!("{what}, not {}", type_name(v))))
}

fn event(v: &Value<'_>) -> Option<(Span, String)> {
    let Value::Array(groups) = v else {
        return wrong(v, "an event's value must be a list of matcher groups");
    };
    groups.elements.iter().find_map(group)
}

fn group(g: &Value<'_>) -> Option<(Span, String)> {
    let Value::Object(o) = g else {
        return wrong(g, "a matcher group must be an object");
    };
    if let Some(m) = last(o, "matcher") {
        if !matches!(m.value, Value::StringLit(_)) {
            return wrong(&m.value, "`matcher` must be a string");
        }
    }
    let Some(hooks) = last(o, "hooks") else {
        return Some((span(g), "a matcher group must have a `hooks` list".into()));
    };
    let Value::Array(handlers) = &hooks.value else {
        return wrong(&hooks.value, "`hooks` must be a list of handlers");
    };
    handlers.elements.iter().find_map(handler)
}

fn handler(h: &Value<'_>) -> Option<(Span, String)> {
    let Value::Object(o) = h else {
        return wrong(h, "a handler must be an object");
    };
    let Some(ty) = last(o, "type") else {
        return Some((span(h), "a handler must have a `type`".into()));
    };
    let ty_name = match &ty.value {
        Value::StringLit(s) => s.value.as_ref(),
        other => return wrong(other, "`type` must be a string"),
    };
    if !HANDLER_TYPES.contains(&ty_name) {
        return Some((
            span(&ty.value),
            format!("`{ty_name}` is not a handler type Claude Code knows"),
        ));
    }
    if let Some(t) = last(o, "timeout") {
        match &t.value {
            Value::NumberLit(n) if n.value.parse::<f64>().is_ok_and(|s| s > 0.0) => {}
            Value::NumberLit(n) => {
                return Some((
                    span(&t.value),
                    format!("`timeout` must be a positive number, not {}", n.value),
                ))
            }
            other => return wrong(other, "`timeout` must be a number"),
        }
    }
    if let Some(a) = last(o, "async") {
        if !matches!(a.value, Value::BooleanLit(_)) {
            return wrong(&a.value, "`async` must be true or false");
        }
    }
    if let Some(s) = last(o, "statusMessage") {
        if !matches!(s.value, Value::StringLit(_)) {
            return wrong(&s.value, "`statusMessage` must be a string");
        }
    }
    if ty_name == "command" {
        match last(o, "command") {
            None => return Some((span(h), "a command handler must have a `command`".into())),
            Some(c) if !matches!(c.value, Value::StringLit(_)) => {
                return wrong(&c.value, "`command` must be a string")
            }
            Some(_) => {}
        }
    }
    None
}
