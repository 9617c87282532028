//! The writer: merges hooks (already converted to `gemini-settings` or `qwen-settings` by the
//! importer) into `<project>/.gemini/settings.json` (`.qwen/settings.json`) or
//! `WriteOptions::target`, editing the file through
//! `jsonc-parser`'s CST so comments, every other key, the key order and the indentation survive.
//!
//! Each hook goes into the definition of its event whose `matcher` string is the same (one is
//! created at the end of the event's array when there is none). A hook with the same command
//! already in that definition is left alone when it means the same thing (a second run
//! changes nothing) and is only replaced with `force` when it differs. Timeouts are written in
//! the agent's unit ([`super::flavor::TimeoutRule::written`]).

use super::flavor::Flavor;
use crate::write::{json_input, FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, MatchedValue};
use hook_ir::{quote, Code, Detail, Diagnostic, Handler, Hook, Location};
use jsonc_parser::cst::{CstArray, CstInputValue as V, CstNode, CstObject, CstRootNode};
use jsonc_parser::ParseOptions;
use serde_json::Value;

pub(crate) fn plan(
    ctx: &Context,
    fl: &'static Flavor,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    let mut plan = Plan::default();
    let Some(target) = opts.target.clone().or_else(|| {
        ctx.project
            .as_ref()
            .map(|p| p.join(fl.dir).join("settings.json"))
    }) else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::InvalidSource,
                format!(
                    "no project root to write `{}/settings.json` into; pass a project or a target file",
                    fl.dir
                ),
            )
            .with_convention(fl.convention),
        );
        return plan;
    };
    let display = ctx.display(&target);
    let before = match opts.read(&target) {
        Ok(t) => t,
        Err(e) => {
            plan.diagnostics.push(
                Diagnostic::new(Code::UnreadableSource, format!("cannot read the file: {e}"))
                    .with_convention(fl.convention)
                    .at(Location::path_only(display)),
            );
            return plan;
        }
    };
    let base = match before.as_deref() {
        Some(t) if !t.trim().is_empty() => t,
        _ => "{}\n",
    };
    // Refuse to edit what Gemini cannot read: the user must fix it first.
    if let Err(d) = check_base(fl, base, &display) {
        plan.diagnostics.push(d);
        return plan;
    }
    let options = ParseOptions {
        allow_comments: true,
        ..crate::json_span::strict_options()
    };
    let Ok(root) = CstRootNode::parse(base, &options) else {
        return plan;
    };
    let obj = root.object_value_or_set();
    for hook in hooks {
        if let Err(d) = merge(fl, &obj, hook, opts.force) {
            plan.diagnostics
                .push(d.with_convention(fl.convention).at(hook.location.clone()));
        }
    }
    // A refusal writes nothing, as its message says — also when the hook it refuses conflicts
    // with another hook of the same import, merged a moment before (found by the writer fuzz
    // target: two handlers of one group with one command and other settings).
    if plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == hook_ir::Severity::Error)
    {
        return plan;
    }
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

fn check_base(fl: &Flavor, text: &str, display: &str) -> Result<(), Diagnostic> {
    let refuse = |code, msg: String, span: (usize, usize)| {
        Diagnostic::new(code, msg)
            .with_convention(fl.convention)
            .at(crate::source::locate(display, text, span.0, span.1))
    };
    let root = match crate::jsonc_ast::editable_settings(text, true) {
        Ok(Some(root)) => root,
        Ok(None) => return Ok(()),
        Err((code, msg, span)) => return Err(refuse(code, msg, span)),
    };
    let jsonc_parser::ast::Value::Object(o) = &root else {
        return Ok(());
    };
    // Gemini keeps the last copy of a key written twice; an edit could land in the copy it
    // drops, or find a hook "already there" in it — an event, a handler's `command`, any key
    // at any depth under `hooks` (found by the writer fuzz target, twice).
    if let Some(p) = crate::jsonc_ast::last_prop(o, "hooks").and_then(|h| repeated_key(&h.value)) {
        let r = jsonc_parser::common::Ranged::range(&p.name);
        return Err(refuse(
            Code::ImportConflict,
            format!(
                "`{}` is written twice under `hooks`: {} keeps only the last copy; merge the two before importing into this file (nothing was written)",
                p.name.as_str(),
                fl.short
            ),
            (r.start, r.end),
        ));
    }
    Ok(())
}

/// The first property of an object in `v` (at any depth) whose key the same object already has.
fn repeated_key<'a>(
    v: &'a jsonc_parser::ast::Value<'a>,
) -> Option<&'a jsonc_parser::ast::ObjectProp<'a>> {
    use jsonc_parser::ast::Value;
    match v {
        Value::Object(o) => {
            let mut seen = std::collections::HashSet::new();
            o.properties
                .iter()
                .find(|p| !seen.insert(p.name.as_str()))
                .or_else(|| o.properties.iter().find_map(|p| repeated_key(&p.value)))
        }
        Value::Array(a) => a.elements.iter().find_map(repeated_key),
        _ => None,
    }
}

/// The `matcher` strings to write (`None`: no matcher key; several: one definition each),
/// chosen by the agent's matcher rule ([`Flavor::matcher_strings`]) so that it reads each back
/// as `hook.matcher`.
pub(super) fn matcher_strings(fl: &Flavor, hook: &Hook) -> Result<Vec<Option<String>>, String> {
    let matched = contract::find(fl.convention, &hook.source_event)
        .map_or(MatchedValue::Other, |r| r.matched);
    (fl.matcher_strings)(hook, matched)
}

/// The hook object to write, as ordered key/value pairs, and the definition's `sequential`.
fn handler_fields(fl: &Flavor, hook: &Hook, command: &str) -> (Vec<(String, Value)>, Option<bool>) {
    let mut f = vec![("type".to_string(), Value::from("command"))];
    let (explicit, sequential, name, description, env) = match &hook.detail {
        Detail::GeminiGroup {
            timeout_explicit,
            sequential,
            name,
            description,
            env,
            ..
        } => (
            *timeout_explicit,
            *sequential,
            name.clone(),
            description.clone(),
            env.clone(),
        ),
        _ => (false, None, None, None, Vec::new()),
    };
    if let Some(n) = name {
        f.push(("name".to_string(), Value::from(n)));
    }
    f.push(("command".to_string(), Value::from(command)));
    if let Some(d) = description {
        f.push(("description".to_string(), Value::from(d)));
    }
    if let Some(ms) = hook.timeout_ms {
        if explicit || ms != fl.timeout.default_ms() {
            f.push(("timeout".to_string(), fl.timeout.written(ms)));
        }
    }
    if !env.is_empty() {
        let m: serde_json::Map<String, Value> =
            env.into_iter().map(|(k, v)| (k, Value::from(v))).collect();
        f.push(("env".to_string(), Value::Object(m)));
    }
    (f, sequential)
}

/// Merges one hook. `Err` carries what there is to say: a refusal, or (with `force`) the
/// `forced_overwrite` warning of a replaced hook.
fn merge(fl: &Flavor, obj: &CstObject, hook: &Hook, force: bool) -> Result<(), Diagnostic> {
    let event = hook.source_event.as_str();
    if hook.convention != fl.convention || contract::find(fl.convention, event).is_none() {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            format!(
                "`{event}` ({}) is not a {} hook event; convert the hook to {} first",
                hook.convention, fl.agent, fl.convention
            ),
        ));
    }
    let Handler::Command { command, .. } = &hook.handler else {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            format!(
                "{} settings hooks run commands; a module hook cannot be written here",
                fl.short
            ),
        ));
    };
    let (fields, sequential) = handler_fields(fl, hook, command);
    let wanted = Value::Object(fields.iter().cloned().collect());
    let matchers = matcher_strings(fl, hook).map_err(|why| {
        Diagnostic::new(
            Code::SemanticMismatch,
            format!("{why}; this `{event}` hook was not written"),
        )
    })?;
    let hooks_obj = obj.object_value_or_create("hooks").ok_or_else(|| {
        Diagnostic::new(
            Code::WrongValueType,
            "`hooks` is not an object; nothing was written",
        )
    })?;
    let events = hooks_obj.array_value_or_create(event).ok_or_else(|| {
        Diagnostic::new(
            Code::WrongValueType,
            format!("`hooks.{event}` is not an array; this hook was not written"),
        )
    })?;
    let mut result = Ok(());
    for matcher in matchers {
        if let Err(d) = merge_one(
            fl, &events, event, matcher, sequential, command, &wanted, force,
        ) {
            result = Err(d);
        }
    }
    result
}

#[allow(clippy::too_many_arguments)]
fn merge_one(
    fl: &Flavor,
    events: &CstArray,
    event: &str,
    matcher: Option<String>,
    sequential: Option<bool>,
    command: &str,
    wanted: &Value,
    force: bool,
) -> Result<(), Diagnostic> {
    let group = events.elements().into_iter().find_map(|g| {
        let g = g.as_object()?;
        (group_matcher(&g).as_ref() == Some(&matcher)).then_some(g)
    });
    let Some(group) = group else {
        let mut g = Vec::new();
        if let Some(m) = &matcher {
            g.push(("matcher".to_string(), V::String(m.clone())));
        }
        if let Some(s) = sequential {
            g.push(("sequential".to_string(), V::Bool(s)));
        }
        g.push(("hooks".to_string(), V::Array(vec![json_input(wanted)])));
        events.append(V::Object(g));
        return Ok(());
    };
    let handlers: CstArray = group.array_value_or_create("hooks").ok_or_else(|| {
        Diagnostic::new(
            Code::WrongValueType,
            format!("a `{event}` definition's `hooks` is not an array; this hook was not written"),
        )
    })?;
    let existing = handlers.elements().into_iter().find(|h| {
        let v = node_value(h);
        v.as_ref()
            .and_then(|v| v.get("command"))
            .and_then(Value::as_str)
            == Some(command)
    });
    match existing {
        None => {
            handlers.append(json_input(wanted));
            Ok(())
        }
        Some(node) if same_meaning(fl, &node, wanted) => Ok(()),
        Some(node) => {
            let d = crate::write::conflict(
                force,
                &format!(
                    "{} is already a `{event}` hook with other settings (type, name, timeout or env)",
                    quote(command)
                ),
                "replace its settings with the imported ones",
            );
            if force {
                if let Some(o) = node.as_object() {
                    o.replace_with(json_input(wanted));
                }
            }
            Err(d)
        }
    }
}

/// A definition's matcher: `Some(None)` without one, `None` when it is not a readable string
/// (such a definition is never merged into).
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

/// Same type, name, effective timeout and env.
fn same_meaning(fl: &Flavor, node: &CstNode, wanted: &Value) -> bool {
    let Some(have) = node_value(node) else {
        return false;
    };
    let timeout = |v: &Value| {
        v.get("timeout")
            .and_then(Value::as_f64)
            .map_or(fl.timeout.default_ms() as f64, |t| fl.timeout.to_ms(t))
    };
    timeout(&have) == timeout(wanted)
        && ["type", "name", "env"]
            .iter()
            .all(|k| have.get(k) == wanted.get(k))
}

/// A node's value, comments stripped.
fn node_value(node: &CstNode) -> Option<Value> {
    jsonc_parser::parse_to_serde_value(&node.to_string(), &Default::default())
        .ok()
        .flatten()
}
