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

use crate::write::{json_input, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, limits::cursor as lim, MatchedValue};
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Handler, Hook, LoopLimit, Matcher};
use jsonc_parser::cst::{CstArray, CstNode, CstObject};
use serde_json::Value;

const CU: Convention = Convention::CursorHooks;

/// What this file differs in from the other flat hooks files.
const FILE: crate::flat_json_write::FlatFile = crate::flat_json_write::FlatFile {
    convention: CU,
    project_file: &[lim::PROJECT_FILE],
    version: lim::FILE_VERSION,
    not_an_array: "",
};

pub(super) fn plan(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    crate::flat_json_write::plan(ctx, hooks, opts, &FILE, merge)
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
            plugin_root: None,
            source_file: None,
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
            location: hook_ir::Location::path_only("src"),
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
