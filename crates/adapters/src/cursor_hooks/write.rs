//! The writer: merges hooks (already converted to `cursor-hooks` by the importer) into a Cursor
//! `hooks.json` — `<project>/.cursor/hooks.json`, `~/.cursor/hooks.json` for the user's, or
//! `WriteOptions::target` — editing it through `jsonc-parser`'s CST so every other key, the key
//! order and the indentation survive. A new file gets `"version": 1`.
//!
//! Each hook is one entry `{"command": …, "matcher"?, "timeout", "failClosed"?, "loop_limit"?}`
//! appended to its event's array. `timeout` is always written: Cursor publishes no default, so
//! the hook does not depend on one. An entry with the same command and matcher already there is
//! left alone when it means the same (a second run changes nothing) and is replaced only with
//! `force`.

use crate::write::{json_input, FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, limits::cursor as lim, MatchedValue};
use hook_ir::{
    quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Location, LoopLimit, Matcher,
};
use jsonc_parser::cst::{CstArray, CstNode, CstObject, CstRootNode};
use serde_json::Value;

const CU: Convention = Convention::CursorHooks;

pub(super) fn plan(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let mut plan = Plan::default();
    let target = opts
        .target
        .clone()
        .or_else(|| ctx.project.as_ref().map(|p| p.join(lim::PROJECT_FILE)));
    let Some(target) = target else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::InvalidSource,
                "no project root to write `.cursor/hooks.json` into; pass a project or a target file",
            )
            .with_convention(CU),
        );
        return plan;
    };
    let display = ctx.display(&target);
    let before = match opts.read(&target) {
        Ok(t) => t,
        Err(e) => {
            plan.diagnostics.push(
                Diagnostic::new(Code::UnreadableSource, format!("cannot read the file: {e}"))
                    .with_convention(CU)
                    .at(Location::path_only(display)),
            );
            return plan;
        }
    };
    let base = match before.as_deref() {
        Some(t) if !t.trim().is_empty() => t.to_string(),
        _ => format!("{{\n  \"version\": {}\n}}\n", lim::FILE_VERSION),
    };
    if let Err(d) = check_base(&base, &display) {
        plan.diagnostics.push(d);
        return plan;
    }
    let Ok(root) = CstRootNode::parse(&base, &crate::json_span::strict_options()) else {
        return plan;
    };
    let obj = root.object_value_or_set();
    for hook in hooks {
        if let Err(d) = merge(&obj, hook, opts.force) {
            plan.diagnostics
                .push(d.with_convention(CU).at(hook.location.clone()));
        }
    }
    if plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == hook_ir::Severity::Error)
    {
        return plan;
    }
    let mut after = root.to_string();
    if !after.ends_with('\n') {
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

/// Refuses a target that is not a JSON object with an object of arrays under `hooks` (or that
/// holds a key twice, where an edit could land in the copy a reader drops).
fn check_base(text: &str, display: &str) -> Result<(), Diagnostic> {
    let refuse = |code, msg: String, span: (usize, usize)| {
        Diagnostic::new(code, msg)
            .with_convention(CU)
            .at(crate::source::locate(display, text, span.0, span.1))
    };
    let root = crate::json_span::parse(text).map_err(|e| {
        refuse(
            Code::ParseError,
            format!(
                "not valid JSON ({}); fix it before importing into it",
                e.message
            ),
            e.span,
        )
    })?;
    let Some(members) = root.members() else {
        return Err(refuse(
            Code::WrongValueType,
            format!(
                "the file is {}, not an object; nothing was written",
                root.type_name()
            ),
            root.span,
        ));
    };
    if let Some(dup) = root.duplicate_key() {
        return Err(refuse(
            Code::ImportConflict,
            format!("`{}` is written twice; merge the two before importing into this file (nothing was written)", dup.key),
            dup.key_span,
        ));
    }
    if let Some(h) = members.iter().find(|m| m.key == "hooks") {
        let Some(events) = h.value.members() else {
            return Err(refuse(
                Code::WrongValueType,
                format!(
                    "`hooks` is {}, not an object; nothing was written",
                    h.value.type_name()
                ),
                h.value.span,
            ));
        };
        if let Some(dup) = h.value.duplicate_key() {
            return Err(refuse(
                Code::ImportConflict,
                format!("`{}` is written twice under `hooks`; merge the two before importing into this file (nothing was written)", dup.key),
                dup.key_span,
            ));
        }
        if let Some(e) = events.iter().find(|e| e.value.elements().is_none()) {
            return Err(refuse(
                Code::WrongValueType,
                format!("`hooks.{}` is not an array; nothing was written", e.key),
                e.value.span,
            ));
        }
    }
    Ok(())
}

/// The `matcher` string to write (`None`: no matcher key), so that Cursor reads it back as
/// `hook.matcher`.
pub(super) fn matcher_string(hook: &Hook) -> Result<Option<String>, String> {
    let matched = contract::find(CU, &hook.source_event).map_or(MatchedValue::Other, |r| r.matched);
    if let Detail::CursorEntry {
        raw_matcher: Some(m),
        ..
    } = &hook.detail
    {
        // Kept as written when it still means the hook's matcher (or the event is not matched
        // on a tool: Cursor's own events keep their command-text or subagent matchers).
        if hook.convention == CU
            && (matched != MatchedValue::ToolName
                || super::lower::tool_matcher(m).ok() == Some(hook.matcher.clone()))
        {
            return Ok(Some(m.clone()));
        }
    }
    if matched != MatchedValue::ToolName || hook.matcher.is_any() {
        return Ok(None);
    }
    match &hook.matcher {
        Matcher::Any => Ok(None),
        Matcher::Exact { names } if names.is_empty() => Err(
            "an empty list of names matches nothing and cannot be written as a Cursor matcher"
                .into(),
        ),
        // The matcher is searched in the tool type: an exact list is anchored.
        Matcher::Exact { names } => Ok(Some(format!(
            "^(?:{})$",
            names
                .iter()
                .map(|n| regex::escape(n))
                .collect::<Vec<_>>()
                .join("|")
        ))),
        Matcher::Regex { pattern, .. } => match super::lower::tool_matcher(pattern) {
            Ok(_) => Ok(Some(pattern.clone())),
            Err(why) => Err(why),
        },
    }
}

/// The entry to write, as ordered key/value pairs.
fn entry_fields(hook: &Hook, command: &str, matcher: &Option<String>) -> Vec<(String, Value)> {
    let mut f = vec![("command".to_string(), Value::from(command))];
    if let Some(m) = matcher {
        f.push(("matcher".to_string(), Value::from(m.as_str())));
    }
    let ms = hook.timeout_ms.unwrap_or(lim::TIMEOUT_DEFAULT_S * 1000);
    let s = ms as f64 / 1000.0;
    let v = if s.fract() == 0.0 {
        Value::from(s as u64)
    } else {
        Value::from(s)
    };
    f.push(("timeout".to_string(), v));
    if let Detail::CursorEntry {
        fail_closed,
        loop_limit,
        ..
    } = &hook.detail
    {
        if *fail_closed {
            f.push(("failClosed".to_string(), Value::Bool(true)));
        }
        match loop_limit {
            LoopLimit::Default => {}
            LoopLimit::Unbounded => f.push(("loop_limit".to_string(), Value::Null)),
            LoopLimit::Max(n) => f.push(("loop_limit".to_string(), Value::from(*n))),
        }
    }
    f
}

/// Merges one hook. `Err` carries what there is to say: a refusal, or (with `force`) the
/// `forced_overwrite` warning of a replaced entry.
fn merge(obj: &CstObject, hook: &Hook, force: bool) -> Result<(), Diagnostic> {
    let event = hook.source_event.as_str();
    if hook.convention != CU || contract::find(CU, event).is_none() {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            format!(
                "`{event}` ({}) is not a Cursor hook event; convert the hook to cursor-hooks first",
                hook.convention
            ),
        ));
    }
    let Handler::Command { command, .. } = &hook.handler else {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            "Cursor hooks run commands; a module hook cannot be written here",
        ));
    };
    let matcher = matcher_string(hook).map_err(|why| {
        Diagnostic::new(
            Code::SemanticMismatch,
            format!("{why}; this `{event}` hook was not written"),
        )
    })?;
    let wanted = Value::Object(entry_fields(hook, command, &matcher).into_iter().collect());
    let hooks_obj = obj.object_value_or_create("hooks").ok_or_else(|| {
        Diagnostic::new(
            Code::WrongValueType,
            "`hooks` is not an object; nothing was written",
        )
    })?;
    let entries: CstArray = hooks_obj.array_value_or_create(event).ok_or_else(|| {
        Diagnostic::new(
            Code::WrongValueType,
            format!("`hooks.{event}` is not an array; this hook was not written"),
        )
    })?;
    let existing = entries.elements().into_iter().find(|e| {
        node_value(e).is_some_and(|v| {
            v.get("command").and_then(Value::as_str) == Some(command.as_str())
                && v.get("matcher").and_then(Value::as_str) == matcher.as_deref()
        })
    });
    match existing {
        None => {
            entries.append(json_input(&wanted));
            Ok(())
        }
        Some(node) if node_value(&node).as_ref() == Some(&wanted) => Ok(()),
        Some(node) => {
            let d = crate::write::conflict(
                force,
                &format!(
                    "{} is already a `{event}` hook with other settings (timeout, failClosed or loop_limit)",
                    quote(command)
                ),
                "replace its settings with the imported ones",
            );
            if force {
                if let Some(o) = node.as_object() {
                    o.replace_with(json_input(&wanted));
                }
            }
            Err(d)
        }
    }
}

/// A node's value.
fn node_value(node: &CstNode) -> Option<Value> {
    serde_json::from_str(&node.to_string()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Adapter;

    fn hook(event: &str, kind: hook_ir::Kind, matcher: Matcher, detail: Detail) -> Hook {
        Hook {
            id: "t".into(),
            kind,
            convention: CU,
            source_event: event.into(),
            matcher,
            handler: Handler::Command {
                command: "./guard.sh".into(),
                exec: hook_ir::Exec::Shell,
            },
            timeout_ms: Some(5000),
            scope: hook_ir::Scope::Project,
            location: Location::path_only("src"),
            detail,
        }
    }

    fn written(hooks: &[Hook], base: Option<&str>) -> (String, Vec<Hook>) {
        let ctx = Context {
            project: Some("/p".into()),
            ..Context::default()
        };
        let opts = WriteOptions {
            base: Some(base.map(str::to_string)),
            ..WriteOptions::default()
        };
        let plan = plan(&ctx, hooks, &opts);
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        let after = plan.changes[0].after.clone();
        let mut out = crate::Output::default();
        super::super::CursorHooks.lower_text(&ctx, &plan.changes[0].path, after.clone(), &mut out);
        assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
        (after, out.hooks)
    }

    #[test]
    fn a_new_file_reads_back_the_same_hooks_and_a_second_write_changes_nothing() {
        let hooks = [
            hook(
                "preToolUse",
                hook_ir::Kind::PreToolUse,
                Matcher::Exact {
                    names: vec!["Shell".into(), "Write".into()],
                },
                Detail::CursorEntry {
                    index: 0,
                    raw_matcher: None,
                    timeout_explicit: true,
                    fail_closed: true,
                    loop_limit: LoopLimit::Default,
                    command_dir: None,
                },
            ),
            hook(
                "stop",
                hook_ir::Kind::Stop,
                Matcher::Any,
                Detail::CursorEntry {
                    index: 0,
                    raw_matcher: None,
                    timeout_explicit: false,
                    fail_closed: false,
                    loop_limit: LoopLimit::Unbounded,
                    command_dir: None,
                },
            ),
        ];
        let base = "{\n  \"version\": 1,\n  \"$schema\": \"x\"\n}\n";
        let (text, back) = written(&hooks, Some(base));
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["$schema"], "x");
        assert_eq!(
            doc["hooks"]["preToolUse"][0]["matcher"],
            "^(?:Shell|Write)$"
        );
        assert_eq!(doc["hooks"]["preToolUse"][0]["timeout"], 5);
        assert_eq!(doc["hooks"]["preToolUse"][0]["failClosed"], true);
        assert!(doc["hooks"]["stop"][0]["loop_limit"].is_null());
        assert_eq!(back.len(), 2);
        let m = back[0].matcher.compile().unwrap();
        assert!(m.is_match("Shell") && m.is_match("Write") && !m.is_match("Read"));
        assert!(matches!(
            back[0].detail,
            Detail::CursorEntry {
                fail_closed: true,
                timeout_explicit: true,
                ..
            }
        ));
        assert!(matches!(
            back[1].detail,
            Detail::CursorEntry {
                loop_limit: LoopLimit::Unbounded,
                ..
            }
        ));
        let (again, _) = written(&hooks, Some(&text));
        assert_eq!(again, text);
    }
}
