//! The writer: merges hooks (already converted to `claude-settings` by the importer) into
//! `<project>/.claude/settings.json` (or `WriteOptions::target`), editing the file through
//! `jsonc-parser`'s CST so every other key, entry, the key order and the indentation survive.
//!
//! Each hook goes into the group of its event whose `matcher` string is the same (a group is
//! created at the end of the event's array when there is none). A handler with the same
//! command already in that group is left alone when it means the same thing (a second run
//! changes nothing) and is only replaced with `force` when it differs.

use super::matcher;
use crate::write::{json_input, FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, limits};
use hook_ir::matcher_text::anchored_alternation;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Location, Matcher};
use jsonc_parser::cst::{CstArray, CstInputValue as V, CstNode, CstObject, CstRootNode};
use jsonc_parser::ParseOptions;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

const CL: Convention = Convention::ClaudeSettings;
/// What a tool name escapes to be matched verbatim by Claude's (JavaScript) regex.
const REGEX_SPECIALS: &str = "\\^$.|?*+()[]{}";
const DEFAULT_TIMEOUT_MS: u64 = limits::claude::TIMEOUT_DEFAULT_S * 1000;

pub(super) fn plan(
    ctx: &Context,
    _convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    let mut plan = Plan::default();
    let Some(target) = target(ctx, opts) else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::InvalidSource,
                "no project root to write `.claude/settings.json` into; pass a project or a target file",
            )
            .with_convention(CL),
        );
        return plan;
    };
    let display = ctx.display(&target);
    let before = match opts.read(&target) {
        Ok(t) => t,
        Err(e) => {
            plan.diagnostics.push(
                Diagnostic::new(Code::UnreadableSource, format!("cannot read the file: {e}"))
                    .with_convention(CL)
                    .at(Location::path_only(display)),
            );
            return plan;
        }
    };
    let base = match before.as_deref() {
        Some(t) if !t.trim().is_empty() => t,
        _ => "{}\n",
    };
    // Refuse to edit what Claude cannot read: the user must fix it first.
    if let Err(d) = check_base(base, &display) {
        plan.diagnostics.push(d);
        return plan;
    }
    let Ok(root) = CstRootNode::parse(base, &ParseOptions::default()) else {
        return plan;
    };
    let obj = root.object_value_or_set();
    let tree = crate::json_span::parse(base).ok();
    let mut cache = Cache::default();
    for hook in hooks {
        if let Err(e) = merge(&obj, hook, opts.force, &mut cache) {
            let (d, at) = *e;
            // A conflict points at the handler already in the target; anything else at the
            // imported hook.
            let span = at.and_then(|(gi, hi)| {
                let groups = tree.as_ref()?.get("hooks")?.value.get(&hook.source_event)?;
                let handler = groups.value.elements()?.get(gi)?.get("hooks")?;
                Some(handler.value.elements()?.get(hi)?.span)
            });
            let loc = match span {
                Some((s, e)) => crate::source::locate(display.clone(), base, s, e),
                None => hook.location.clone(),
            };
            plan.diagnostics.push(d.with_convention(CL).at(loc));
        }
    }
    cache.flush(&obj);
    let mut after = root.to_string();
    if before.is_none() && !after.ends_with('\n') {
        after.push('\n');
    }
    plan.changes.push(FileChange {
        path: target,
        display,
        before,
        after,
        mode: None,
    });
    plan
}

fn target(ctx: &Context, opts: &WriteOptions) -> Option<PathBuf> {
    opts.target.clone().or_else(|| {
        ctx.project
            .as_ref()
            .map(|p| p.join(".claude/settings.json"))
    })
}

fn check_base(text: &str, display: &str) -> Result<(), Diagnostic> {
    let refuse = |code, msg: String, span: (usize, usize)| {
        Diagnostic::new(code, msg)
            .with_convention(CL)
            .at(crate::source::locate(display, text, span.0, span.1))
    };
    if text.starts_with('\u{feff}') {
        // Claude Code reads such a file (recorded: `syntax_bom`); the editor does not keep
        // the mark, so the file is left as it is rather than rewritten without it.
        return Err(refuse(
            Code::InvalidSource,
            "the file starts with a byte order mark (U+FEFF): Claude Code reads it, but `hooks import` does not edit it; remove the mark (the first 3 bytes) and import again".into(),
            (0, 3),
        ));
    }
    crate::jsonc_ast::editable_settings(text, false)
        .map(|_| ())
        .map_err(|(code, msg, span)| refuse(code, msg, span))
}

/// The `matcher` string to write (`Ok(None)`: no matcher key), chosen so that Claude reads it
/// back as exactly `hook.matcher`:
/// - the string as it was written, when the hook came from a JSON group and Claude reads that
///   string as the same matcher;
/// - else `A|B` for exact names Claude would also read as names, an anchored regex
///   `^(?:A|B\.c)$` for names it would not, the pattern for a regex (wrapped in `(?:…)` when
///   Claude would otherwise take it for a list of names), nothing for "any".
pub(super) fn matcher_string(hook: &Hook) -> Result<Option<String>, String> {
    if let Detail::JsonGroup {
        raw_matcher: Some(m),
        ..
    } = &hook.detail
    {
        if matcher::to_ir(Some(m)) == hook.matcher {
            return Ok(Some(m.clone()));
        }
    }
    match &hook.matcher {
        Matcher::Any => Ok(None),
        Matcher::Exact { names } if names.is_empty() => Err(
            "an empty list of names matches nothing and cannot be written as a Claude matcher"
                .into(),
        ),
        Matcher::Exact { names } => {
            let plain = names.iter().all(|n| {
                !n.is_empty()
                    && n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
            });
            if plain {
                Ok(Some(names.join("|")))
            } else {
                Ok(Some(anchored_alternation(names, REGEX_SPECIALS)))
            }
        }
        Matcher::Regex { pattern, .. } => {
            let ecma = Matcher::Regex {
                dialect: hook_ir::Dialect::Ecmascript,
                pattern: pattern.clone(),
            };
            if let Err(e) = ecma.compile() {
                return Err(format!(
                    "the regex `{pattern}` is not valid JavaScript ({})",
                    e.message
                ));
            }
            if pattern.is_empty() {
                Ok(None)
            } else if matcher::is_exact_list(pattern) {
                Ok(Some(format!("(?:{pattern})")))
            } else {
                Ok(Some(pattern.clone()))
            }
        }
    }
}

/// The handler object to write, as ordered key/value pairs.
fn handler_fields(hook: &Hook, command: &str) -> Vec<(String, Value)> {
    let mut f = vec![
        ("type".to_string(), Value::from("command")),
        ("command".to_string(), Value::from(command)),
    ];
    let (explicit, is_async, status) = match &hook.detail {
        Detail::JsonGroup {
            timeout_explicit,
            is_async,
            status_message,
            ..
        } => (*timeout_explicit, *is_async, status_message.clone()),
        _ => (false, None, None),
    };
    if let Some(ms) = hook.timeout_ms {
        if explicit || ms != DEFAULT_TIMEOUT_MS {
            f.push(("timeout".to_string(), seconds(ms)));
        }
    }
    if let Some(a) = is_async {
        f.push(("async".to_string(), Value::from(a)));
    }
    if let Some(s) = status {
        f.push(("statusMessage".to_string(), Value::from(s)));
    }
    f
}

/// Milliseconds as Claude's seconds: an integer when exact, else a decimal number.
fn seconds(ms: u64) -> Value {
    if ms.is_multiple_of(1000) {
        Value::from(ms / 1000)
    } else {
        Value::from(ms as f64 / 1000.0)
    }
}

/// Merges one hook. `Err` carries what there is to say: a refusal, or (with `force`) the
/// `forced_overwrite` warning of a replaced handler — then with the (group, handler) indices of
/// the handler already there.
fn merge(obj: &CstObject, hook: &Hook, force: bool, cache: &mut Cache) -> Result<(), Refusal> {
    let plain = |d: Diagnostic| Box::new((d, None));
    let event = hook.source_event.as_str();
    if hook.convention != CL || contract::find(CL, event).is_none() {
        return Err(plain(Diagnostic::new(
            Code::SemanticMismatch,
            format!("`{event}` ({}) is not a Claude Code hook event; convert the hook to claude-settings first", hook.convention),
        )));
    }
    let Handler::Command { command, .. } = &hook.handler else {
        return Err(plain(Diagnostic::new(
            Code::SemanticMismatch,
            "Claude settings hooks run commands; a module hook cannot be written here",
        )));
    };
    let fields = handler_fields(hook, command);
    let wanted = Value::Object(fields.iter().cloned().collect());
    let matcher = matcher_string(hook).map_err(|why| {
        plain(Diagnostic::new(
            Code::SemanticMismatch,
            format!("{why}; this `{event}` hook was not written"),
        ))
    })?;
    let hooks_obj = obj.object_value_or_create("hooks").ok_or_else(|| {
        plain(Diagnostic::new(
            Code::WrongValueType,
            "`hooks` is not an object; nothing was written",
        ))
    })?;
    // The event's array, when the file has one (a missing one is created at the end, whole).
    let events = match hooks_obj.get(event) {
        None => None,
        Some(_) => Some(hooks_obj.array_value_or_create(event).ok_or_else(|| {
            plain(Diagnostic::new(
                Code::WrongValueType,
                format!("`hooks.{event}` is not an array; this hook was not written"),
            ))
        })?),
    };
    if !cache.indexed.contains(event) {
        cache.index(event, events.as_ref());
    }
    let key = (event.to_string(), matcher.clone());
    let Some(group) = cache.groups.get_mut(&key) else {
        let gi = cache.counts.get(event).copied().unwrap_or(0);
        cache.counts.insert(event.to_string(), gi + 1);
        let mut handlers = HashMap::new();
        handlers.insert(command.clone(), (0, Some(wanted.clone())));
        cache.order.push(key.clone());
        cache.groups.insert(
            key,
            Group {
                index: gi,
                node: None,
                handlers,
                len: 1,
                original: 0,
                pending: vec![wanted],
            },
        );
        return Ok(());
    };
    let gi = group.index;
    match group.handlers.get(command) {
        None => {
            if group.pending.is_empty() && group.node.is_some() {
                cache.order.push(key.clone());
            }
            let group = cache.groups.get_mut(&key).expect("looked up above");
            group
                .handlers
                .insert(command.clone(), (group.len, Some(wanted.clone())));
            group.len += 1;
            group.pending.push(wanted);
            Ok(())
        }
        Some((_, Some(have))) if same_meaning(have, &wanted) => Ok(()),
        // Both are reported through `Err`: the forced replacement as a warning.
        Some((hi, have)) => {
            let hi = *hi;
            let differences = crate::write::handler_differences(
                have.as_ref().unwrap_or(&Value::Null),
                &wanted,
                limits::claude::TIMEOUT_DEFAULT_S,
            );
            let d = crate::write::conflict(
                force,
                &format!(
                    "`hooks.{event}[{gi}].hooks[{hi}]` already runs {}, with other settings: {}",
                    quote(command),
                    differences.join("; ")
                ),
                "replace its settings with the imported ones",
            );
            if force {
                if hi >= group.original {
                    // A handler this plan adds: replace it before it is written.
                    if let Some(p) = group.pending.get_mut(hi - group.original) {
                        *p = wanted.clone();
                    }
                } else if let Some(node) = group
                    .node
                    .as_ref()
                    .and_then(|n| n.array_value_or_create("hooks"))
                    .and_then(|a| a.elements().into_iter().nth(hi))
                {
                    replace(node, json_input(&wanted));
                }
                group.handlers.insert(command.clone(), (hi, Some(wanted)));
            }
            let at = (hi < group.original).then_some((gi, hi));
            Err(Box::new((d, at)))
        }
    }
}

/// What a merge has to say, and for a conflict the (group, handler) indices of the handler
/// already in the file.
type Refusal = Box<(Diagnostic, Option<(usize, usize)>)>;

/// One matcher group: its index under the event, its CST node (`None` for a group this plan
/// adds), its command handlers by command (index, value), and the handlers to append. Found
/// once and looked up per imported hook; the edits are made at the end, in [`Cache::flush`]:
/// walking the groups per hook, and appending one handler at a time to a jsonc-parser array
/// (each append copies the array's children), made imports quadratic (16,000 hooks: 92 s).
struct Group {
    index: usize,
    node: Option<CstObject>,
    handlers: HashMap<String, (usize, Option<Value>)>,
    len: usize,
    /// Handlers in the file when it was read.
    original: usize,
    pending: Vec<Value>,
}

/// The file's groups by (event, matcher), indexed one event at a time when first needed.
#[derive(Default)]
struct Cache {
    groups: HashMap<(String, Option<String>), Group>,
    indexed: HashSet<String>,
    /// Groups under each indexed event (the index a new group gets).
    counts: HashMap<String, usize>,
    /// Groups with handlers to append, in the order they were first given one.
    order: Vec<(String, Option<String>)>,
}

impl Cache {
    fn index(&mut self, event: &str, events: Option<&CstArray>) {
        self.indexed.insert(event.to_string());
        let elements = events.map(CstArray::elements).unwrap_or_default();
        self.counts.insert(event.to_string(), elements.len());
        for (gi, g) in elements.into_iter().enumerate() {
            let Some(g) = g.as_object() else { continue };
            // A group whose matcher is not a readable string is never merged into.
            let Some(m) = group_matcher(&g) else { continue };
            let key = (event.to_string(), m);
            if self.groups.contains_key(&key) {
                // The first group with this matcher is the one merged into.
                continue;
            }
            let mut handlers = HashMap::new();
            let hs = g
                .array_value_or_create("hooks")
                .map(|a| a.elements())
                .unwrap_or_default();
            let len = hs.len();
            for (hi, h) in hs.iter().enumerate() {
                let v = node_value(h);
                let is_command = v
                    .as_ref()
                    .and_then(|v| v.get("type"))
                    .and_then(Value::as_str)
                    == Some("command");
                let command = v
                    .as_ref()
                    .and_then(|v| v.get("command"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                if let (true, Some(c)) = (is_command, command) {
                    handlers.entry(c).or_insert((hi, v));
                }
            }
            self.groups.insert(
                key,
                Group {
                    index: gi,
                    node: Some(g),
                    handlers,
                    len,
                    original: len,
                    pending: Vec::new(),
                },
            );
        }
    }

    /// Makes the edits: handlers appended to the file's groups, new groups appended to the
    /// file's event arrays, and each event the file lacks written whole in one edit.
    fn flush(mut self, obj: &CstObject) {
        if self.order.is_empty() {
            return;
        }
        let Some(hooks_obj) = obj.object_value_or_create("hooks") else {
            return;
        };
        let mut new_arrays: Vec<(String, Vec<V>)> = Vec::new();
        for key in std::mem::take(&mut self.order) {
            let Some(g) = self.groups.get_mut(&key) else {
                continue;
            };
            let pending = std::mem::take(&mut g.pending);
            if pending.is_empty() {
                continue;
            }
            if let Some(node) = &g.node {
                if let Some(arr) = node.array_value_or_create("hooks") {
                    for v in &pending {
                        arr.append(json_input(v));
                    }
                }
                continue;
            }
            let mut group = Vec::new();
            if let Some(m) = &key.1 {
                group.push(("matcher".to_string(), V::String(m.clone())));
            }
            group.push((
                "hooks".to_string(),
                V::Array(pending.iter().map(json_input).collect()),
            ));
            let event = &key.0;
            if hooks_obj.get(event).is_some() {
                if let Some(arr) = hooks_obj.array_value_or_create(event) {
                    arr.append(V::Object(group));
                }
            } else {
                match new_arrays.iter_mut().find(|(e, _)| e == event) {
                    Some((_, groups)) => groups.push(V::Object(group)),
                    None => new_arrays.push((event.clone(), vec![V::Object(group)])),
                }
            }
        }
        for (event, groups) in new_arrays {
            hooks_obj.append(&event, V::Array(groups));
        }
    }
}

/// A group's matcher: `Some(None)` without one, `None` when it is not a readable string (such
/// a group is never merged into).
fn group_matcher(g: &CstObject) -> Option<Option<String>> {
    let Some(prop) = g.get("matcher") else {
        return Some(None);
    };
    prop.value()?
        .as_string_lit()?
        .decoded_value()
        .ok()
        .map(Some)
}

/// Same command, same effective timeout, same `async` and `statusMessage`.
fn same_meaning(have: &Value, wanted: &Value) -> bool {
    let timeout = |v: &Value| {
        v.get("timeout")
            .and_then(Value::as_f64)
            .unwrap_or(limits::claude::TIMEOUT_DEFAULT_S as f64)
    };
    timeout(have) == timeout(wanted)
        && ["command", "async", "statusMessage"]
            .iter()
            .all(|k| have.get(k) == wanted.get(k))
}

/// A node's value; the file passed the strict JSON check, so its text is JSON.
fn node_value(node: &CstNode) -> Option<Value> {
    serde_json::from_str(&node.to_string()).ok()
}

fn replace(node: CstNode, value: V) {
    if let Some(o) = node.as_object() {
        o.replace_with(value);
    }
}
