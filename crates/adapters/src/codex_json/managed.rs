//! GJC's managed entries in Codex's `hooks.json` (`gjc setup hooks`, conventions.md §3):
//! `UserPromptSubmit` and `Stop`, each one group `{"hooks": [{"type": "command", "command":
//! "gjc codex-native-hook", "statusMessage": "GJC skill state"}]}` (Stop also `"timeout": 30`),
//! without a matcher.
//!
//! [`merge`] does what GJC's `mergeGjcManagedCodexHooksConfig` does — managed entries first,
//! older managed entries replaced, user entries kept — with three deliberate differences, all
//! about never destroying user content:
//! - the edit is format-preserving (GJC rewrites the whole file with `JSON.stringify`);
//! - a file that is not valid JSON, or whose `hooks`/event value has the wrong type, is refused
//!   (GJC silently replaces it with `{}`);
//! - in a group that mixes a managed handler with user handlers only the managed handler is
//!   removed (GJC drops the whole group, user handlers included).

use super::raw::{RawGroup, RawHandler};
use crate::json_span::{self, Node};
use hook_ir::contract::limits::gjc;
use jsonc_parser::cst::{CstInputValue, CstRootNode};
use regex::Regex;
use std::sync::OnceLock;

/// The events GJC manages, in the order it writes them.
pub const MANAGED_EVENTS: [&str; 2] = ["UserPromptSubmit", "Stop"];

/// Whether `command` is a GJC-managed command: it matches both `\bgjc(\.exe)?\b` and
/// `\bcodex-native-hook\b` (GJC's `commandIsGjcManaged`).
pub fn is_managed_command(command: &str) -> bool {
    static RES: OnceLock<(Regex, Regex)> = OnceLock::new();
    let (a, b) = RES.get_or_init(|| {
        (
            Regex::new(r"(?-u:\b)gjc(?:\.exe)?(?-u:\b)")
                .unwrap_or_else(|e| unreachable!("static regex: {e}")),
            Regex::new(r"(?-u:\b)codex-native-hook(?-u:\b)")
                .unwrap_or_else(|e| unreachable!("static regex: {e}")),
        )
    });
    a.is_match(command) && b.is_match(command)
}

/// Whether `command` is GJC's managed command by its words (`gjc` or `gjc.exe`, and
/// `codex-native-hook`, split at characters other than alphanumerics, `-`, `.` and `_`): what
/// `hooks import` leaves out ([`crate::registry::Adapter::managed_by_other_agent`]).
pub fn is_managed_by_words(command: &str) -> bool {
    let words: Vec<&str> = command
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.' || c == '_'))
        .collect();
    words.iter().any(|w| *w == "gjc" || *w == "gjc.exe") && words.contains(&"codex-native-hook")
}

/// The managed group GJC writes for `event`.
pub fn managed_group(event: &str) -> RawGroup {
    RawGroup {
        matcher: None,
        hooks: vec![RawHandler {
            kind: "command".into(),
            command: Some(gjc::MANAGED_COMMAND.into()),
            timeout: (event == "Stop").then_some(gjc::MANAGED_STOP_TIMEOUT_S),
            is_async: None,
            status_message: Some(gjc::MANAGED_STATUS_MESSAGE.into()),
        }],
    }
}

/// The managed group as a CST value, keys in GJC's order (type, command, statusMessage, timeout).
fn managed_input(event: &str) -> CstInputValue {
    let mut handler = vec![
        ("type".to_string(), CstInputValue::from("command")),
        ("command".to_string(), gjc::MANAGED_COMMAND.into()),
        (
            "statusMessage".to_string(),
            gjc::MANAGED_STATUS_MESSAGE.into(),
        ),
    ];
    if event == "Stop" {
        handler.push(("timeout".to_string(), gjc::MANAGED_STOP_TIMEOUT_S.into()));
    }
    CstInputValue::Object(vec![(
        "hooks".to_string(),
        CstInputValue::Array(vec![CstInputValue::Object(handler)]),
    )])
}

/// What happened to one managed event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventChange {
    /// The event.
    pub event: &'static str,
    /// Whether the event's groups were already exactly what GJC writes.
    pub unchanged: bool,
    /// Managed handlers removed (older or misplaced copies).
    pub replaced: usize,
    /// User groups kept.
    pub kept: usize,
}

/// The result of [`merge`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merge {
    /// The new text (equal to the old text when nothing changed).
    pub after: String,
    /// Whether anything changed.
    pub changed: bool,
    /// Per event, in [`MANAGED_EVENTS`] order.
    pub events: Vec<EventChange>,
}

/// Why the file cannot be merged into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeError {
    /// What is wrong.
    pub message: String,
    /// Byte range in the existing text.
    pub span: (usize, usize),
    /// Whether it is a JSON syntax error (vs. a value of the wrong type).
    pub syntax: bool,
}

fn handler_is_managed(h: &Node) -> bool {
    h.get("command")
        .and_then(|m| m.value.as_str())
        .is_some_and(is_managed_command)
}

/// Merges GJC's managed entries into `before` (`None`: no file yet).
pub fn merge(before: Option<&str>) -> Result<Merge, MergeError> {
    let base = match before {
        Some(t) if !t.trim().is_empty() => t.to_string(),
        _ => "{}\n".to_string(),
    };
    let tree = json_span::parse(&base).map_err(|e| MergeError {
        message: e.message,
        span: e.span,
        syntax: true,
    })?;
    let wrong = |n: &Node, what: &str| MergeError {
        message: format!("{what} is {}; refusing to replace it", n.type_name()),
        span: n.span,
        syntax: false,
    };
    if tree.members().is_none() {
        return Err(wrong(&tree, "the file's top-level value"));
    }
    let hooks_node = tree.get("hooks").map(|m| &m.value);
    if let Some(h) = hooks_node {
        if h.members().is_none() {
            return Err(wrong(h, "`hooks`"));
        }
    }
    // Readers disagree on duplicate keys (JSON.parse keeps the last, a CST edit finds the first):
    // editing such a file could silently lose the edit.
    for obj in std::iter::once(&tree).chain(hooks_node) {
        if let Some(d) = obj.duplicate_key() {
            return Err(MergeError {
                message: format!(
                    "the key `{}` is written twice; refusing to guess which one counts",
                    d.key
                ),
                span: d.key_span,
                syntax: false,
            });
        }
    }
    let root = CstRootNode::parse(&base, &json_span::strict_options()).map_err(|e| MergeError {
        message: e.kind().to_string(),
        span: (e.range().start, e.range().end),
        syntax: true,
    })?;
    let mut events = Vec::new();
    let mut changed = false;
    for event in MANAGED_EVENTS {
        let current = hooks_node.and_then(|h| h.get(event)).map(|m| &m.value);
        if let Some(c) = current {
            if c.elements().is_none() {
                return Err(wrong(c, &format!("`hooks.{event}`")));
            }
        }
        let groups: &[Node] = current.and_then(Node::elements).unwrap_or(&[]);
        let want = serde_json::to_value(managed_group(event)).unwrap_or_default();
        // What GJC would produce: the managed group, then every group minus managed handlers.
        let mut replaced = 0;
        let mut kept = 0;
        let mut first_is_managed = false;
        for (i, g) in groups.iter().enumerate() {
            let handlers = g
                .get("hooks")
                .and_then(|m| m.value.elements())
                .unwrap_or(&[]);
            let managed = handlers.iter().filter(|h| handler_is_managed(h)).count();
            if i == 0 && g.to_value() == want {
                first_is_managed = true;
                continue;
            }
            replaced += managed;
            if managed < handlers.len() || handlers.is_empty() {
                kept += 1;
            }
        }
        let unchanged = first_is_managed && replaced == 0;
        if !unchanged {
            changed = true;
            edit_event(&root, event, groups);
        }
        events.push(EventChange {
            event,
            unchanged,
            replaced,
            kept,
        });
    }
    let after = if changed {
        let mut s = root.to_string();
        if !s.ends_with('\n') {
            s.push('\n');
        }
        s
    } else {
        before.unwrap_or_default().to_string()
    };
    Ok(Merge {
        changed: before != Some(after.as_str()),
        after,
        events,
    })
}

/// Removes every managed handler of `event` (and groups left with only managed handlers), then
/// inserts the managed group first.
fn edit_event(root: &CstRootNode, event: &str, groups: &[Node]) {
    let obj = root.object_value_or_set();
    let hooks = obj.object_value_or_set("hooks");
    let arr = hooks.array_value_or_set(event);
    let elements = arr.elements();
    for (i, g) in groups.iter().enumerate().rev() {
        let handlers = g
            .get("hooks")
            .and_then(|m| m.value.elements())
            .unwrap_or(&[]);
        let managed: Vec<usize> = handlers
            .iter()
            .enumerate()
            .filter(|(_, h)| handler_is_managed(h))
            .map(|(j, _)| j)
            .collect();
        if managed.is_empty() {
            continue;
        }
        let Some(el) = elements.get(i) else { continue };
        if managed.len() == handlers.len() {
            el.clone().remove();
        } else if let Some(inner) = el
            .as_object()
            .and_then(|o| o.get("hooks"))
            .and_then(|p| p.array_value())
        {
            let inner_el = inner.elements();
            for j in managed.into_iter().rev() {
                if let Some(e) = inner_el.get(j) {
                    e.clone().remove();
                }
            }
            // Removing the first element of an inline array leaves `[ {...}`: drop the space.
            let children = inner.children();
            if let (Some(open), Some(ws)) = (children.first(), children.get(1)) {
                if open.token_char() == Some('[') && ws.is_whitespace() {
                    ws.clone().remove();
                }
            }
        }
    }
    arr.insert(0, managed_input(event));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_managed_commands_like_gjc() {
        assert!(is_managed_command("gjc codex-native-hook"));
        assert!(is_managed_command(
            "/usr/local/bin/gjc.exe codex-native-hook --x"
        ));
        assert!(!is_managed_command("gjcx codex-native-hook"));
        assert!(!is_managed_command("gjc codex-native-hooks"));
        assert!(!is_managed_command("./check.sh"));
    }
}
