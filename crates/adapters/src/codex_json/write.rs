//! The `hooks.json` writer: merges command hooks into an existing file with format-preserving
//! CST edits (jsonc-parser), keeping every other key, group, order, comment-free formatting and
//! indentation. A hook whose identical handler is already in a group with the same matcher is a
//! no-op; the same command there with other settings is an `import_conflict` (replaced in place
//! with `force`); new hooks are appended as new groups, never spliced into the user's groups, because
//! Codex pins a trust hash per hook and rewriting a group would drop that trust.

use super::lower::parse_matcher;
use super::raw::{RawGroup, RawHandler};
use crate::json_span::{self, Node};
use crate::write::{json_input, FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::limits::codex;
use hook_ir::contract::{self, Lookup};
use hook_ir::{Code, Convention, Detail, Diagnostic, Dialect, Handler, Hook, Location, Matcher};
use jsonc_parser::cst::{CstInputValue, CstRootNode};
use std::path::PathBuf;

const CONV: Convention = Convention::CodexJson;

/// The default target: `<project>/.codex/hooks.json`, else `~/.codex/hooks.json`.
pub fn default_target(ctx: &Context) -> Option<PathBuf> {
    ctx.project
        .as_ref()
        .or(ctx.home.as_ref())
        .map(|b| b.join(".codex/hooks.json"))
}

/// `base` with the forced replacements and the pending groups applied, printed: new events'
/// arrays through `lazy` when given ([`crate::json_append`]), else every group a CST node;
/// `None` when the CST cannot be made or `lazy` cannot prove its text.
fn edit<'v>(
    base: &str,
    replaced: &[(String, (usize, usize), serde_json::Value)],
    pending: &'v [(String, Vec<String>)],
    mut lazy: Option<&mut crate::json_append::Lazy<'v>>,
) -> Option<String> {
    let root = CstRootNode::parse(base, &json_span::strict_options()).ok()?;
    for (event, at, handler) in replaced {
        replace_handler(&root, event, *at, json_input(handler));
    }
    let obj = root.object_value_or_set();
    for (event, values) in pending {
        let hooks_obj = obj.object_value_or_set("hooks");
        if hooks_obj.get(event).is_some() {
            let arr = hooks_obj.array_value_or_set(event);
            for v in values {
                arr.append(json_input(&parse(v)));
            }
        } else if let Some(l) = lazy.as_deref_mut() {
            l.append(&hooks_obj, event, values);
        } else {
            hooks_obj.append(
                event,
                CstInputValue::Array(values.iter().map(|v| json_input(&parse(v))).collect()),
            );
        }
    }
    let mut s = root.to_string();
    drop(root);
    if let Some(l) = lazy {
        s = std::mem::replace(l, crate::json_append::Lazy::new("")).finish(s)?;
    }
    if !s.ends_with('\n') {
        s.push('\n');
    }
    Some(s)
}

/// A compact JSON text this writer made, as a value.
fn parse(compact: &str) -> serde_json::Value {
    serde_json::from_str(compact).unwrap_or_default()
}

/// The matcher string Codex reads back as `m`, or why there is none.
pub fn matcher_string(m: &Matcher) -> Result<Option<String>, String> {
    let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match m {
        Matcher::Any => Ok(None),
        Matcher::Exact { names } if names.iter().all(|n| plain(n)) => Ok(Some(names.join("|"))),
        Matcher::Exact { names } => Ok(Some(format!(
            "^(?:{})$",
            names
                .iter()
                .map(|n| regex::escape(n))
                .collect::<Vec<_>>()
                .join("|")
        ))),
        Matcher::Regex { pattern, .. } if pattern.is_empty() => Ok(None),
        Matcher::Regex { dialect, pattern } => {
            if *dialect == Dialect::Ecmascript {
                let as_rust = Matcher::Regex {
                    dialect: Dialect::Rust,
                    pattern: pattern.clone(),
                };
                if let Err(e) = as_rust.compile() {
                    return Err(format!(
                        "the JavaScript matcher is not a valid Rust regex ({})",
                        e.message
                    ));
                }
            }
            // Codex reads a string of only `[A-Za-z0-9_|]` as an exact list: the regex `Bash`
            // (which also matches `BashOutput`) must be written so that it stays a regex.
            if pattern
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|')
            {
                Ok(Some(format!("(?:{pattern})")))
            } else {
                Ok(Some(pattern.clone()))
            }
        }
    }
}

/// The group one hook becomes.
pub fn group_of(h: &Hook) -> Result<RawGroup, String> {
    let Handler::Command { command, .. } = &h.handler else {
        return Err("Codex hooks.json runs commands; a module hook cannot be written there".into());
    };
    match contract::lookup(CONV, &h.source_event) {
        // Events outside the six kinds too: `hooks import` carries them (`convert::native`).
        Lookup::Known(_) => {}
        _ => {
            return Err(format!(
                "`{}` is not a Codex hooks.json event",
                h.source_event
            ))
        }
    }
    let (raw_matcher, explicit, is_async, status) = match &h.detail {
        Detail::JsonGroup {
            raw_matcher,
            timeout_explicit,
            is_async,
            status_message,
            ..
        } => (
            raw_matcher.as_deref(),
            *timeout_explicit,
            *is_async,
            status_message.clone(),
        ),
        _ => (None, false, None, None),
    };
    // The string as the user wrote it, only when Codex reads it back as this very matcher: a
    // hook converted from Claude carries no string (absent would mean "every tool").
    let matcher = match raw_matcher {
        Some(m) if parse_matcher(Some(m)).ok().as_ref() == Some(&h.matcher) => Some(m.to_string()),
        _ => matcher_string(&h.matcher)?,
    };
    let default_ms = event_default_s(&h.source_event) * 1000;
    let timeout = match h.timeout_ms {
        Some(ms) if explicit || ms != default_ms => {
            Some(ms.div_ceil(1000).max(codex::TIMEOUT_MIN_S))
        }
        _ => None,
    };
    Ok(RawGroup {
        matcher,
        hooks: vec![RawHandler {
            kind: "command".into(),
            command: Some(command.clone()),
            timeout,
            is_async,
            status_message: status,
        }],
    })
}

/// The timeout Codex gives a handler of `event` that writes none, in seconds (600; SessionEnd 1).
fn event_default_s(event: &str) -> u64 {
    contract::find(CONV, event)
        .and_then(|r| r.rules())
        .and_then(|r| r.timeout.default_ms())
        .map_or(codex::TIMEOUT_DEFAULT_S, |ms| ms / 1000)
}

/// What the target already has for `g`'s handler.
enum Existing {
    /// Nothing with this command in a group with this matcher.
    None,
    /// The same command with the same settings: a no-op.
    Same,
    /// The same command with other settings, at (group, handler) under the event: what differs,
    /// and the span of the handler in the file.
    Differs(usize, usize, Vec<String>, (usize, usize)),
}

/// The handlers already under one event, by (matcher, command): (group, handler, value, span),
/// in file order. Built once per event, so each imported hook is a lookup (scanning every group
/// per hook made a second import of 16,000 hooks quadratic).
type Handlers = std::collections::HashMap<
    (Option<serde_json::Value>, serde_json::Value),
    Vec<(usize, usize, serde_json::Value, (usize, usize))>,
>;

fn index(groups: &[Node]) -> Handlers {
    use serde_json::Value;
    let mut out = Handlers::new();
    for (gi, group) in groups.iter().enumerate() {
        let v = group.to_value();
        let Some(hs) = v.get("hooks").and_then(Value::as_array) else {
            continue;
        };
        let spans: Vec<(usize, usize)> = group
            .get("hooks")
            .and_then(|m| m.value.elements())
            .map(|e| e.iter().map(|n| n.span).collect())
            .unwrap_or_default();
        for (hi, h) in hs.iter().enumerate() {
            let Some(command) = h.get("command") else {
                continue;
            };
            out.entry((v.get("matcher").cloned(), command.clone()))
                .or_default()
                .push((
                    gi,
                    hi,
                    h.clone(),
                    spans.get(hi).copied().unwrap_or(group.span),
                ));
        }
    }
    out
}

/// Looks for `g`'s command in the groups with the same matcher. Settings are compared by
/// meaning: a `timeout` left out is Codex's default.
fn existing(handlers: &Handlers, g: &serde_json::Value, default_s: u64) -> Existing {
    use serde_json::Value;
    let Some(handler) = g.get("hooks").and_then(|h| h.get(0)) else {
        return Existing::None;
    };
    let Some(command) = handler.get("command") else {
        return Existing::None;
    };
    let settings = |h: &Value| {
        (
            h.get("type").cloned(),
            h.get("timeout")
                .and_then(Value::as_f64)
                .unwrap_or(default_s as f64),
            h.get("async").cloned(),
            h.get("statusMessage").cloned(),
        )
    };
    let Some(found) = handlers.get(&(g.get("matcher").cloned(), command.clone())) else {
        return Existing::None;
    };
    if found
        .iter()
        .any(|(_, _, h, _)| settings(h) == settings(handler))
    {
        return Existing::Same;
    }
    let (gi, hi, h, span) = &found[0];
    Existing::Differs(
        *gi,
        *hi,
        crate::write::handler_differences(h, handler, default_s),
        *span,
    )
}

/// Replaces the handler at (group, handler) of `event` with `value`.
fn replace_handler(root: &CstRootNode, event: &str, at: (usize, usize), value: CstInputValue) {
    let node = root
        .object_value()
        .and_then(|o| o.get("hooks")?.value()?.as_object())
        .and_then(|h| h.get(event)?.value()?.as_array())
        .and_then(|groups| groups.elements().into_iter().nth(at.0)?.as_object())
        .and_then(|g| g.get("hooks")?.value()?.as_array())
        .and_then(|hs| hs.elements().into_iter().nth(at.1)?.as_object());
    if let Some(o) = node {
        o.replace_with(value);
    }
}

/// Plans merging `hooks` into the target `hooks.json`.
pub fn plan_write(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let mut plan = Plan::default();
    let Some(target) = opts.target.clone().or_else(|| default_target(ctx)) else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::SemanticMismatch,
                "no project or home dir to write `.codex/hooks.json` into",
            )
            .with_convention(CONV),
        );
        return plan;
    };
    let display = ctx.display(&target);
    let before = match opts.read(&target) {
        Ok(t) => t,
        // Planning as if it were absent would replace content nobody looked at.
        Err(e) => {
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::UnreadableSource,
                    format!("cannot read {display}: {e}; nothing is written"),
                )
                .with_convention(CONV)
                .at(Location::path_only(display)),
            );
            return plan;
        }
    };
    let base = match &before {
        Some(t) if !t.trim().is_empty() => t.clone(),
        _ => "{}\n".to_string(),
    };
    let refuse = |msg: String, span: Option<(usize, usize)>| {
        let at = match span {
            Some((s, e)) => crate::source::locate(display.clone(), &base, s, e),
            None => Location::path_only(display.clone()),
        };
        Diagnostic::new(Code::ParseError, msg)
            .with_convention(CONV)
            .at(at)
    };
    let tree = match json_span::parse(&base) {
        Ok(t) => t,
        Err(e) => {
            plan.diagnostics.push(refuse(
                format!("invalid JSON: {}; not merging into it", e.message),
                Some(e.span),
            ));
            return plan;
        }
    };
    let hooks_node = match (tree.members(), tree.get("hooks")) {
        (None, _) => {
            plan.diagnostics.push(refuse(
                format!(
                    "the top-level value is {}, not an object; not merging into it",
                    tree.type_name()
                ),
                Some(tree.span),
            ));
            return plan;
        }
        (Some(_), Some(h)) if h.value.members().is_none() => {
            plan.diagnostics.push(refuse(
                format!(
                    "`hooks` is {}, not an object; not merging into it",
                    h.value.type_name()
                ),
                Some(h.value.span),
            ));
            return plan;
        }
        (Some(_), h) => h.map(|m| &m.value),
    };
    for obj in std::iter::once(&tree).chain(hooks_node) {
        if let Some(d) = obj.duplicate_key() {
            plan.diagnostics.push(refuse(
                format!(
                    "the key `{}` is written twice; not merging into an ambiguous file",
                    d.key
                ),
                Some(d.key_span),
            ));
            return plan;
        }
    }
    // The edits are made at the end, on a CST parsed then ([`crate::json_append`]); this one
    // only says whether the file can be edited at all.
    if CstRootNode::parse(&base, &json_span::strict_options()).is_err() {
        plan.diagnostics
            .push(refuse("the file cannot be edited".into(), None));
        return plan;
    }
    let mut changed = false;
    // Handlers replaced in place (`force`): event, (group, index), the new handler.
    let mut replaced: Vec<(String, (usize, usize), serde_json::Value)> = Vec::new();
    // The groups this plan appended, by a hash of event and JSON text → where they are in
    // `pending`: a set, not a list scanned per hook (quadratic), and no second copy of each
    // group's text (a 64,000-hook import's largest item once the CST was gone).
    let mut added: std::collections::HashMap<u64, Vec<(usize, usize)>> =
        std::collections::HashMap::new();
    let hasher = std::collections::hash_map::RandomState::new();
    let key_of = |event: &str, compact: &str| {
        use std::hash::BuildHasher;
        hasher.hash_one((event, compact))
    };
    let mut indexes: std::collections::HashMap<String, Handlers> = std::collections::HashMap::new();
    // The groups to append, by event in order of first appearance, as compact JSON (a
    // `serde_json::Value` per group held until the end was several times its text).
    let mut pending: Vec<(String, Vec<String>)> = Vec::new();
    for h in hooks {
        let group = match group_of(h) {
            Ok(g) => g,
            Err(why) => {
                plan.diagnostics.push(
                    Diagnostic::new(Code::SemanticMismatch, why)
                        .with_convention(h.convention)
                        .at(h.location.clone()),
                );
                continue;
            }
        };
        let value = serde_json::to_value(&group).unwrap_or_default();
        let existing_groups = hooks_node
            .and_then(|n| n.get(&h.source_event))
            .map(|m| &m.value);
        if let Some(e) = existing_groups {
            if e.elements().is_none() {
                plan.diagnostics.push(refuse(
                    format!(
                        "`hooks.{}` is {}, not an array; not merging into it",
                        h.source_event,
                        e.type_name()
                    ),
                    Some(e.span),
                ));
                continue;
            }
        }
        let groups = existing_groups.and_then(Node::elements).unwrap_or(&[]);
        let compact = value.to_string();
        let added_key = key_of(&h.source_event, &compact);
        let already = added.get(&added_key).is_some_and(|at| {
            at.iter()
                .any(|&(e, v)| pending[e].0 == h.source_event && pending[e].1[v] == compact)
        });
        if already {
            continue;
        }
        let handlers = indexes
            .entry(h.source_event.clone())
            .or_insert_with(|| index(groups));
        match existing(handlers, &value, event_default_s(&h.source_event)) {
            Existing::None => {}
            Existing::Same => continue,
            Existing::Differs(g, i, differences, span) => {
                let command = h.command().unwrap_or_default();
                plan.diagnostics.push(
                    crate::write::conflict(
                        opts.force,
                        &format!(
                            "`hooks.{}[{g}].hooks[{i}]` already runs {}, with other settings: {}",
                            h.source_event,
                            hook_ir::quote(command),
                            differences.join("; ")
                        ),
                        "replace its settings with the imported ones (Codex then asks to trust the changed hook again)",
                    )
                    .with_convention(CONV)
                    .at(crate::source::locate(display.clone(), &base, span.0, span.1)),
                );
                if opts.force {
                    let handler = value
                        .get("hooks")
                        .and_then(|h| h.get(0))
                        .cloned()
                        .unwrap_or_default();
                    replaced.push((h.source_event.clone(), (g, i), handler));
                    changed = true;
                }
                continue;
            }
        }
        let e = match pending.iter().position(|(e, _)| *e == h.source_event) {
            Some(e) => e,
            None => {
                pending.push((h.source_event.clone(), Vec::new()));
                pending.len() - 1
            }
        };
        pending[e].1.push(compact);
        added
            .entry(added_key)
            .or_default()
            .push((e, pending[e].1.len() - 1));
        changed = true;
    }
    // New groups are appended per event at the end: an event the file lacks gets its whole
    // array in one edit (appending to a jsonc-parser array copies its children: one append per
    // hook made 16,000 hooks quadratic); groups go one by one only into an array the user
    // already has, after the user's own.
    // An event the file lacks gets its array through [`crate::json_append::Lazy`]: the CST
    // prints the first group, the others are rendered as text (64,000 groups as CST nodes took
    // hundreds of megabytes); when that rendering cannot be proven, every group is a node.
    let after = if !changed {
        before.clone().unwrap_or(base)
    } else {
        let edit = |lazy| edit(&base, &replaced, &pending, lazy);
        let mut lazy = crate::json_append::Lazy::new(&base);
        match edit(Some(&mut lazy)) {
            Some(s) => s,
            None => edit(None).unwrap_or_else(|| base.clone()),
        }
    };
    if changed || before.is_some() {
        plan.changes.push(FileChange {
            path: target,
            display,
            before,
            after,
            mode: None,
        });
    }
    plan
}
