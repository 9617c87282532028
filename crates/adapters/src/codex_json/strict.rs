//! What Codex's serde model of `hooks.json` rejects. Codex reads a `hooks.json` — the project's,
//! the user's, and a plugin's `hooks/hooks.json` alike — with one `serde_json::from_str::<HooksFile>`
//! (`codex-rs/hooks/src/engine/discovery.rs` `load_hooks_json`, `codex-rs/core-plugins/src/loader.rs`
//! `append_plugin_hook_file`); the first value the model does not accept fails the whole call,
//! Codex logs "failed to parse hooks config …" among its startup warnings, and loads **none** of
//! the file's hooks, the valid ones included.
//!
//! The model (`codex-rs/config/src/hook_config.rs`, as Codex 0.171.0 applies it — every rule
//! below was checked against that build's `hooks/list`, recorded in
//! `fixtures/codex-hooks-shapes/hooks-list.codex-0.171.0.json`):
//! - the file: an object with only `description` (a string) and `hooks` (unknown keys, events
//!   written at the top level included, are errors);
//! - `hooks`: an object; the events Codex knows ([`KNOWN_EVENTS`]) must hold arrays, any other
//!   key is ignored whatever it holds;
//! - a matcher group: an object; `matcher` a string or `null`, `hooks` an array (missing is an
//!   empty group); other keys ignored;
//! - a handler: an object tagged by `type` — `command` (with a string `command`; `timeout` a
//!   non-negative integer or `null`; `async` a boolean; `statusMessage`, `commandWindows` a
//!   string or `null`), `mcp_tool` (with string `server` and `tool`), `prompt` or `agent`
//!   (their fields ignored; Codex then skips them with a warning); other keys ignored;
//! - a key Codex knows written twice in the same object is an error ("duplicate field").

use crate::json_span::{Kind as J, Member, Node};

/// The events of Codex 0.171.0's `HookEventsToml`: a value under one of these keys must be an
/// array of matcher groups; any other key of `hooks` is ignored, whatever it holds (so
/// `StopFailure`, which this build does not know, never fails the file).
pub const KNOWN_EVENTS: &[&str] = &[
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

/// The first value of a `hooks.json` Codex's model rejects: where, and why (in our words, not
/// serde's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The byte range of the key or value at fault.
    pub span: (usize, usize),
    /// What is wrong with it.
    pub message: String,
}

fn reject(span: (usize, usize), message: impl Into<String>) -> Option<Rejection> {
    Some(Rejection {
        span,
        message: message.into(),
    })
}

/// The first rejection in document order, as serde meets it; `None` when Codex loads the file.
pub fn first_rejection(root: &Node) -> Option<Rejection> {
    let Some(members) = root.members() else {
        return reject(
            root.span,
            format!(
                "the file is {}, not an object with `hooks`",
                root.type_name()
            ),
        );
    };
    let mut seen: Vec<&str> = Vec::new();
    for m in members {
        let found = match m.key.as_str() {
            k @ ("description" | "hooks") if seen.contains(&k) => {
                reject(m.key_span, format!("`{k}` is written twice"))
            }
            "description" => string_or_null(m, "`description`"),
            "hooks" => events(&m.value),
            other => reject(
                m.key_span,
                format!(
                    "unknown top-level key `{other}`: Codex accepts only `description` and `hooks`"
                ),
            ),
        };
        if found.is_some() {
            return found;
        }
        seen.push(&m.key);
    }
    None
}

/// Checks the members of `members` named in `known`, in order: a second copy of one is a
/// duplicate; each is checked by `check`. Other members are left alone.
fn each_known(
    members: &[Member],
    known: &[&str],
    mut check: impl FnMut(&Member) -> Option<Rejection>,
) -> Option<Rejection> {
    let mut seen: Vec<&str> = Vec::new();
    for m in members.iter().filter(|m| known.contains(&m.key.as_str())) {
        if seen.contains(&m.key.as_str()) {
            return reject(m.key_span, format!("`{}` is written twice", m.key));
        }
        seen.push(&m.key);
        if let Some(r) = check(m) {
            return Some(r);
        }
    }
    None
}

fn string_or_null(m: &Member, what: &str) -> Option<Rejection> {
    match &m.value.kind {
        J::String(_) | J::Null => None,
        _ => reject(
            m.value.span,
            format!("{what} must be a string, not {}", m.value.type_name()),
        ),
    }
}

fn events(hooks: &Node) -> Option<Rejection> {
    let Some(members) = hooks.members() else {
        return reject(
            hooks.span,
            format!(
                "`hooks` must be an object of events, not {}",
                hooks.type_name()
            ),
        );
    };
    each_known(members, KNOWN_EVENTS, |ev| {
        let Some(groups) = ev.value.elements() else {
            return reject(
                ev.value.span,
                format!(
                    "`{}` must be an array of matcher groups, not {}",
                    ev.key,
                    ev.value.type_name()
                ),
            );
        };
        groups.iter().find_map(group)
    })
}

fn group(g: &Node) -> Option<Rejection> {
    let Some(members) = g.members() else {
        return reject(
            g.span,
            format!("a matcher group must be an object, not {}", g.type_name()),
        );
    };
    each_known(members, &["matcher", "hooks"], |m| match m.key.as_str() {
        "matcher" => string_or_null(m, "`matcher`"),
        _ => match m.value.elements() {
            Some(handlers) => handlers.iter().find_map(handler),
            None => reject(
                m.value.span,
                format!(
                    "`hooks` of a matcher group must be an array of handlers, not {}",
                    m.value.type_name()
                ),
            ),
        },
    })
}

fn handler(h: &Node) -> Option<Rejection> {
    let Some(members) = h.members() else {
        return reject(
            h.span,
            format!("a handler must be an object, not {}", h.type_name()),
        );
    };
    let ty = match h.get("type") {
        None => return reject(h.span, "a handler without `type`"),
        Some(Member {
            value: Node {
                kind: J::String(t), ..
            },
            ..
        }) => t.as_str(),
        Some(m) => {
            return reject(
                m.value.span,
                format!("`type` must be a string, not {}", m.value.type_name()),
            )
        }
    };
    let type_span = h.get("type").map_or(h.span, |m| m.value.span);
    match ty {
        "command" => {
            let fields = ["type", "command", "commandWindows", "timeout", "async", "statusMessage"];
            each_known(members, &fields, |m| match m.key.as_str() {
                "command" => match &m.value.kind {
                    J::String(_) => None,
                    _ => reject(
                        m.value.span,
                        format!("`command` must be a string, not {}", m.value.type_name()),
                    ),
                },
                "commandWindows" | "statusMessage" => string_or_null(m, &format!("`{}`", m.key)),
                "timeout" => match &m.value.kind {
                    J::Null => None,
                    J::Number(n) if n.parse::<u64>().is_ok() => None,
                    _ => reject(
                        m.value.span,
                        format!(
                            "`timeout` must be a whole number of seconds (0 or more), not {}",
                            shown(&m.value)
                        ),
                    ),
                },
                "async" => match &m.value.kind {
                    J::Bool(_) => None,
                    _ => reject(
                        m.value.span,
                        format!("`async` must be true or false, not {}", m.value.type_name()),
                    ),
                },
                _ => None,
            })
            .or_else(|| {
                h.get("command")
                    .is_none()
                    .then(|| Rejection {
                        span: h.span,
                        message: "a `command` handler without `command`".into(),
                    })
            })
        }
        "mcp_tool" => each_known(members, &["type", "server", "tool"], |m| {
            match &m.value.kind {
                _ if m.key == "type" => None,
                J::String(_) => None,
                _ => reject(
                    m.value.span,
                    format!("`{}` must be a string, not {}", m.key, m.value.type_name()),
                ),
            }
        })
        .or_else(|| {
            ["server", "tool"]
                .into_iter()
                .find(|k| h.get(k).is_none())
                .map(|k| Rejection {
                    span: h.span,
                    message: format!("an `mcp_tool` handler without `{k}`"),
                })
        }),
        "prompt" | "agent" => each_known(members, &["type"], |_| None),
        other => reject(
            type_span,
            format!(
                "unknown handler type `{other}` (Codex knows `command`, `mcp_tool`, `prompt`, `agent`)"
            ),
        ),
    }
}

/// A value for a message: a number as written, else its type.
fn shown(n: &Node) -> String {
    match &n.kind {
        J::Number(s) => format!("`{s}`"),
        J::String(s) => format!("the string {}", hook_ir::quote(s)),
        _ => n.type_name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Option<String> {
        let root = crate::json_span::parse(text).unwrap();
        first_rejection(&root).map(|r| format!("{}: {}", &text[r.span.0..r.span.1], r.message))
    }

    #[test]
    fn valid_files_and_what_codex_ignores_pass() {
        for text in [
            r#"{"hooks": {}}"#,
            r#"{}"#,
            r#"{"description": "d", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}"#,
            r#"{"hooks": {"StopFailure": 5, "preToolUse": null, "hooks": {"x": 1}}}"#,
            r#"{"hooks": {"Stop": [{"matcher": null, "x": 1}, {"hooks": [{"command": "x", "type": "command", "timeout": null, "statusMessage": null, "tiemout": "5"}]}]}}"#,
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "prompt", "prompt": 5}, {"type": "agent"}, {"type": "mcp_tool", "server": "s", "tool": "t"}]}]}}"#,
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 0}]}]}}"#,
        ] {
            assert_eq!(check(text), None, "{text}");
        }
    }

    #[test]
    fn each_rejection_points_at_the_value_at_fault() {
        for (text, want) in [
            (
                r#"[1]"#,
                "[1]: the file is an array, not an object with `hooks`",
            ),
            (
                r#"{"PreToolUse": [], "hooks": {}}"#,
                r#""PreToolUse": unknown top-level key `PreToolUse`: Codex accepts only `description` and `hooks`"#,
            ),
            (
                r#"{"hooks": {"Stop": 5}, "$schema": "x"}"#,
                "5: `Stop` must be an array of matcher groups, not a number",
            ),
            (
                r#"{"hooks": []}"#,
                "[]: `hooks` must be an object of events, not an array",
            ),
            (
                r#"{"hooks": null}"#,
                "null: `hooks` must be an object of events, not null",
            ),
            (
                r#"{"description": 5}"#,
                "5: `description` must be a string, not a number",
            ),
            (
                r#"{"hooks": {"Stop": [], "Stop": []}}"#,
                r#""Stop": `Stop` is written twice"#,
            ),
            (
                r#"{"hooks": {"Stop": ["x"]}}"#,
                r#""x": a matcher group must be an object, not a string"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"matcher": ["B"]}]}}"#,
                r#"["B"]: `matcher` must be a string, not an array"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": null}]}}"#,
                "null: `hooks` of a matcher group must be an array of handlers, not null",
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]}}"#,
                r#"{"command": "x"}: a handler without `type`"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "cmd"}]}]}}"#,
                r#""cmd": unknown handler type `cmd` (Codex knows `command`, `mcp_tool`, `prompt`, `agent`)"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": null}]}]}}"#,
                "null: `type` must be a string, not null",
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}}"#,
                r#"{"type": "command"}: a `command` handler without `command`"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}]}}"#,
                "-1: `timeout` must be a whole number of seconds (0 or more), not `-1`",
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "30"}]}]}}"#,
                r#""30": `timeout` must be a whole number of seconds (0 or more), not the string `30`"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "async": null}]}]}}"#,
                "null: `async` must be true or false, not null",
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "command": "y"}]}]}}"#,
                r#""command": `command` is written twice"#,
            ),
            (
                r#"{"hooks": {"Stop": [{"hooks": [{"type": "mcp_tool", "tool": "t"}]}]}}"#,
                r#"{"type": "mcp_tool", "tool": "t"}: an `mcp_tool` handler without `server`"#,
            ),
        ] {
            assert_eq!(check(text).as_deref(), Some(want), "{text}");
        }
    }
}
