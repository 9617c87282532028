//! Whether Codex loads a `hooks.json` at all.
//!
//! Codex 0.171.0 deserializes the whole file with serde (`codex-rs/hooks/src/engine/discovery.rs`
//! `load_hooks_json` into `codex-rs/config/src/hook_config.rs` `HooksFile`): the first value
//! serde refuses — a known key written twice, a wrong type, a `timeout` that is not a whole
//! number of seconds, a handler without or with an unknown `type`, a command handler without
//! `command` — and Codex skips the file with a warning, so **none** of its hooks run, the valid
//! ones included. Recorded live, each next to a valid hook in the same file: the conformance
//! scenarios `schema_*`, `syntax_duplicate_event` and `syntax_wrong_type_elsewhere`. What it
//! accepts (recorded too): unknown events (their content unread), unknown keys inside `hooks`,
//! groups and handlers, a `null` matcher, a group without `hooks`, a `timeout` of 0, an empty
//! `command`, `prompt` handlers, `mcp_tool` handlers with `server` and `tool`. Not at the top
//! level: there the file takes only `description` (a string) and `hooks`. Each shape is also
//! pinned against Codex 0.171.0's `hooks/list` (`fixtures/codex-hooks-shapes/`, test
//! `codex_hooks_shapes.rs`); plugins' `hooks/hooks.json` are read with the same model
//! (`codex-rs/core-plugins/src/loader.rs` `append_plugin_hook_file`).

use super::raw::{GROUP_KEYS, HANDLER_KEYS};
use crate::json_span::{Kind as J, Member, Node};

/// A span and why serde refuses the value there.
pub(super) type Rejection = ((usize, usize), String);

/// The events of Codex 0.171.0's `HookEventsToml`: a value under one of these keys must be a
/// list of matcher groups; any other key of `hooks` is ignored unread — `StopFailure` too, which
/// the contract table lists for newer Codex versions (pinned against that build's `hooks/list`:
/// `fixtures/codex-hooks-shapes/`, case `stop_failure_5`).
const KNOWN_EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SessionStart",
    "UserPromptSubmit",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "SessionEnd",
    "Interrupt",
];

/// The first value that makes Codex skip the whole file, or `None` when it loads it.
pub(super) fn first_rejection(root: &Node) -> Option<Rejection> {
    let Some(members) = root.members() else {
        return wrong(root, "the file must be an object with `hooks`");
    };
    // `HooksFile` denies unknown fields: `description` and `hooks` only — an event written at
    // the top level, `$schema` or any other key fails the file ("unknown field `$schema`,
    // expected `description` or `hooks`" from Codex 0.171.0; fixtures/codex-hooks-shapes).
    if let Some(d) = duplicate(members, &["description", "hooks"]) {
        return Some(d);
    }
    for m in members {
        match (m.key.as_str(), &m.value.kind) {
            ("hooks", _) | ("description", J::String(_) | J::Null) => {}
            ("description", _) => return wrong(&m.value, "`description` must be a string"),
            (other, _) => {
                return Some((
                    m.key_span,
                    format!(
                        "`{other}` is not a top-level key Codex knows (`description`, `hooks`)"
                    ),
                ))
            }
        }
    }
    let hooks = root.get("hooks")?;
    let Some(events) = hooks.value.members() else {
        return wrong(&hooks.value, "`hooks` must be an object of events");
    };
    let is_event = |k: &str| KNOWN_EVENTS.contains(&k);
    let names: Vec<&str> = events
        .iter()
        .map(|e| e.key.as_str())
        .filter(|k| is_event(k))
        .collect();
    if let Some(d) = duplicate(events, &names) {
        return Some(d);
    }
    events
        .iter()
        .filter(|e| is_event(&e.key))
        .find_map(|e| event(&e.value))
}

/// Whether Codex loads this file with at least one matcher group (`HookEventsToml::is_empty`
/// is false): what its "prefer a single representation" warning requires of each file.
pub(super) fn has_events(root: &Node) -> bool {
    first_rejection(root).is_none()
        && root
            .get("hooks")
            .and_then(|h| h.value.members())
            .is_some_and(|events| {
                events.iter().any(|e| {
                    KNOWN_EVENTS.contains(&e.key.as_str())
                        && e.value.elements().is_some_and(|g| !g.is_empty())
                })
            })
}

/// The second copy of the first of `names` written twice among `members`, as serde's
/// "duplicate field" error.
fn duplicate(members: &[Member], names: &[&str]) -> Option<Rejection> {
    let mut seen = std::collections::HashSet::new();
    members
        .iter()
        .filter(|m| names.contains(&m.key.as_str()))
        .find(|m| !seen.insert(m.key.as_str()))
        .map(|m| {
            (
                m.key_span,
                format!("`{}` is written twice in the same object", m.key),
            )
        })
}

fn wrong(n: &Node, what: &str) -> Option<Rejection> {
    Some((n.span, format!("{what}, not {}", n.type_name())))
}

fn event(v: &Node) -> Option<Rejection> {
    let Some(groups) = v.elements() else {
        return wrong(v, "an event's value must be a list of matcher groups");
    };
    groups.iter().find_map(group)
}

fn group(g: &Node) -> Option<Rejection> {
    let Some(members) = g.members() else {
        return wrong(g, "a matcher group must be an object");
    };
    if let Some(d) = duplicate(members, GROUP_KEYS) {
        return Some(d);
    }
    if let Some(m) = g.get("matcher") {
        if !matches!(m.value.kind, J::String(_) | J::Null) {
            return wrong(&m.value, "`matcher` must be a string");
        }
    }
    let handlers = g.get("hooks")?;
    let Some(handlers) = handlers.value.elements() else {
        return wrong(&handlers.value, "`hooks` must be a list of handlers");
    };
    handlers.iter().find_map(handler)
}

fn handler(h: &Node) -> Option<Rejection> {
    let Some(members) = h.members() else {
        return wrong(h, "a handler must be an object");
    };
    // The `type` tag is read first, over the whole object.
    if let Some(d) = duplicate(members, &["type"]) {
        return Some(d);
    }
    let Some(ty) = h.get("type") else {
        return Some((h.span, "a handler must have a `type`".into()));
    };
    match &ty.value.kind {
        J::String(t) if t == "command" => {}
        J::String(t) if t == "prompt" || t == "agent" => return None,
        // An MCP tool call: `server` and `tool` are required strings (Codex 0.171.0:
        // "missing field `server`"; fixtures/codex-hooks-shapes, `mcp_tool_*`).
        J::String(t) if t == "mcp_tool" => {
            if let Some(d) = duplicate(members, &["server", "tool"]) {
                return Some(d);
            }
            for key in ["server", "tool"] {
                match h.get(key) {
                    None => {
                        return Some((h.span, format!("an `mcp_tool` handler must have a `{key}`")))
                    }
                    Some(m) if !matches!(m.value.kind, J::String(_)) => {
                        return wrong(&m.value, &format!("`{key}` must be a string"))
                    }
                    Some(_) => {}
                }
            }
            return None;
        }
        J::String(t) => {
            return Some((
                ty.value.span,
                format!(
                    "`{t}` is not a handler type Codex knows (command, mcp_tool, prompt, agent)"
                ),
            ))
        }
        _ => return wrong(&ty.value, "`type` must be a string"),
    }
    let fields: Vec<&str> = HANDLER_KEYS
        .iter()
        .copied()
        .filter(|k| *k != "type")
        .collect();
    if let Some(d) = duplicate(members, &fields) {
        return Some(d);
    }
    for m in members {
        let ok = match (m.key.as_str(), &m.value.kind) {
            ("command", J::String(_)) => true,
            ("commandWindows" | "statusMessage", J::String(_) | J::Null) => true,
            ("timeout" | "additionalContextLimit", J::Number(n)) => n.parse::<u64>().is_ok(),
            ("timeout" | "additionalContextLimit", J::Null) => true,
            ("async", J::Bool(_)) => true,
            (
                "command"
                | "commandWindows"
                | "statusMessage"
                | "timeout"
                | "additionalContextLimit"
                | "async",
                _,
            ) => false,
            _ => true,
        };
        if !ok {
            let want = match m.key.as_str() {
                "timeout" => "a whole number of seconds",
                "additionalContextLimit" => "a whole number",
                "async" => "true or false",
                _ => "a string",
            };
            return Some((
                m.value.span,
                format!("`{}` must be {want}, not {}", m.key, shown(&m.value)),
            ));
        }
    }
    if h.get("command").is_none() {
        return Some((h.span, "a command handler must have a `command`".into()));
    }
    None
}

/// A number as written (`1.5`, `-5`), else the value's type.
fn shown(n: &Node) -> String {
    match &n.kind {
        J::Number(s) => s.clone(),
        _ => n.type_name().to_string(),
    }
}
