//! The writer: merges hooks (already converted to `copilot-hooks` by the importer) into a Copilot
//! CLI hooks file — `<project>/.github/hooks/hooks.json`, `$COPILOT_HOME/hooks/hooks.json` for
//! the user's, or `WriteOptions::target` — editing it through `jsonc-parser`'s CST so every
//! other key, the key order and the indentation survive. A new file gets `"version": 1`.
//!
//! Each hook is one entry `{"type": "command", "bash": …, "matcher"?, "timeoutSec"?}` appended to
//! its event's array; an entry with the same command and matcher already there is left alone
//! when it means the same (a second run changes nothing) and is replaced only with `force`.
//! A hook that runs without a shell (`exec`) is written as the same command text under `bash`:
//! its words are shell-quoted, so bash runs the same argv.

use crate::write::{json_input, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, limits::copilot as lim, MatchedValue};
use hook_ir::conventions::COPILOT_PASCAL_NAMES;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Matcher};
use jsonc_parser::cst::{CstArray, CstNode, CstObject};
use serde_json::Value;

const CP: Convention = Convention::CopilotHooks;

/// What this file differs in from the other flat hooks files.
const FILE: crate::flat_json_write::FlatFile = crate::flat_json_write::FlatFile {
    convention: CP,
    project_file: &[lim::PROJECT_HOOKS_DIR, "hooks.json"],
    version: lim::FILE_VERSION,
    not_an_array: ": Copilot CLI rejects this file whole",
};

pub(super) fn plan(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    crate::flat_json_write::plan(ctx, hooks, opts, &FILE, merge)
}

/// The `matcher` string to write (`None`: no matcher key), so that Copilot reads it back as
/// `hook.matcher`.
pub(super) fn matcher_string(hook: &Hook) -> Result<Option<String>, String> {
    let matched = contract::find(CP, &hook.source_event).map_or(MatchedValue::Other, |r| r.matched);
    if matched != MatchedValue::ToolName || hook.matcher.is_any() {
        return Ok(None);
    }
    if let Detail::JsonGroup {
        raw_matcher: Some(m),
        ..
    } = &hook.detail
    {
        if hook.convention == CP
            && super::lower::matcher_of(&hook.source_event, m) == Some(hook.matcher.clone())
        {
            return Ok(Some(m.clone()));
        }
    }
    let pascal = hook
        .source_event
        .starts_with(|c: char| c.is_ascii_uppercase());
    match &hook.matcher {
        Matcher::Any => Ok(None),
        Matcher::Exact { names } if names.is_empty() => {
            Err("an empty list of names matches nothing and cannot be written as a Copilot matcher".into())
        }
        Matcher::Exact { names } if pascal => Ok(Some(
            names
                .iter()
                .map(|n| {
                    COPILOT_PASCAL_NAMES
                        .iter()
                        .find(|(copilot, _)| copilot == n)
                        .map_or(n.as_str(), |(_, claude)| claude)
                })
                .collect::<Vec<_>>()
                .join("|"),
        )),
        // Copilot anchors the pattern as `^(?:…)$`.
        Matcher::Exact { names } => Ok(Some(
            names
                .iter()
                .map(|n| regex::escape(n))
                .collect::<Vec<_>>()
                .join("|"),
        )),
        Matcher::Regex { pattern, .. } if pascal => Err(format!(
            "`{}` matchers are tested on Claude's names: the regex `{pattern}` cannot be written there",
            hook.source_event
        )),
        Matcher::Regex { pattern, .. } => {
            // The IR's regex is an unanchored search: `^(?:X)$` is X for Copilot, anything
            // else is searched anywhere in the name.
            let text = pattern
                .strip_prefix("^(?:")
                .and_then(|p| p.strip_suffix(")$"))
                .filter(|inner| regex::Regex::new(&format!("^(?:{inner})$")).is_ok())
                .map_or_else(|| format!(".*(?:{pattern}).*"), str::to_string);
            match regex::Regex::new(&format!("^(?:{text})$")) {
                Ok(_) => Ok(Some(text)),
                Err(e) => Err(format!(
                    "the regex `{pattern}` is not valid for Copilot CLI's Rust regex engine ({})",
                    e.to_string().lines().last().unwrap_or("").trim()
                )),
            }
        }
    }
}

/// The entry to write, as ordered key/value pairs.
fn entry_fields(hook: &Hook, command: &str, matcher: &Option<String>) -> Vec<(String, Value)> {
    let mut f = vec![
        ("type".to_string(), Value::from("command")),
        ("bash".to_string(), Value::from(command)),
    ];
    if let Some(m) = matcher {
        f.push(("matcher".to_string(), Value::from(m.as_str())));
    }
    let explicit = match &hook.detail {
        Detail::JsonGroup {
            timeout_explicit, ..
        } => *timeout_explicit,
        _ => false,
    };
    if let Some(ms) = hook.timeout_ms {
        if explicit || ms != lim::TIMEOUT_DEFAULT_S * 1000 {
            // Seconds; a fraction is kept (Copilot reads a number).
            let s = ms as f64 / 1000.0;
            let v = if s.fract() == 0.0 {
                Value::from(s as u64)
            } else {
                Value::from(s)
            };
            f.push(("timeoutSec".to_string(), v));
        }
    }
    f
}

/// Merges one hook. `Err` carries what there is to say: a refusal, or (with `force`) the
/// `forced_overwrite` warning of a replaced entry.
fn merge(obj: &CstObject, hook: &Hook, force: bool) -> Result<(), Diagnostic> {
    let event = hook.source_event.as_str();
    if hook.convention != CP || contract::find(CP, event).is_none() {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            format!("`{event}` ({}) is not a Copilot CLI hook event; convert the hook to copilot-hooks first", hook.convention),
        ));
    }
    let Handler::Command { command, .. } = &hook.handler else {
        return Err(Diagnostic::new(
            Code::SemanticMismatch,
            "Copilot CLI hooks run commands; a module hook cannot be written here",
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
            let cmd = v
                .get("bash")
                .or_else(|| v.get("command"))
                .and_then(Value::as_str);
            cmd == Some(command.as_str())
                && v.get("matcher").and_then(Value::as_str) == matcher.as_deref()
        })
    });
    match existing {
        None => {
            entries.append(json_input(&wanted));
            Ok(())
        }
        Some(node) if same_meaning(&node, &wanted) => Ok(()),
        Some(node) => {
            let d = crate::write::conflict(
                force,
                &format!(
                    "{} is already a `{event}` hook with other settings (type or timeout)",
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

/// Same type and effective timeout.
fn same_meaning(node: &CstNode, wanted: &Value) -> bool {
    let Some(have) = node_value(node) else {
        return false;
    };
    let timeout = |v: &Value| {
        v.get("timeoutSec")
            .or_else(|| v.get("timeout"))
            .and_then(Value::as_f64)
            .unwrap_or(lim::TIMEOUT_DEFAULT_S as f64)
    };
    let kind = |v: &Value| {
        v.get("type")
            .and_then(Value::as_str)
            .unwrap_or("command")
            .to_string()
    };
    timeout(&have) == timeout(wanted) && kind(&have) == kind(wanted)
}

/// A node's value.
fn node_value(node: &CstNode) -> Option<Value> {
    serde_json::from_str(&node.to_string()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Adapter;

    fn hook(event: &str, kind: hook_ir::Kind, matcher: Matcher, timeout_ms: Option<u64>) -> Hook {
        Hook {
            plugin_root: None,
            source_file: None,
            id: "t".into(),
            kind,
            convention: CP,
            source_event: event.into(),
            matcher,
            handler: Handler::Command {
                command: "./guard.sh".into(),
                exec: hook_ir::Exec::Shell,
            },
            timeout_ms,
            scope: hook_ir::Scope::Project,
            location: hook_ir::Location::path_only("src"),
            detail: Detail::JsonGroup {
                group: 0,
                index: 0,
                raw_matcher: None,
                timeout_explicit: false,
                is_async: None,
                status_message: None,
                gjc_managed: false,
            },
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
        super::super::CopilotHooks.lower_text(&ctx, &plan.changes[0].path, after.clone(), &mut out);
        assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
        (after, out.hooks)
    }

    #[test]
    fn a_new_file_gets_version_1_and_reads_back_the_same_hooks() {
        let hooks = [
            hook(
                "preToolUse",
                hook_ir::Kind::PreToolUse,
                Matcher::Exact {
                    names: vec!["bash".into(), "edit".into()],
                },
                Some(5000),
            ),
            hook("agentStop", hook_ir::Kind::Stop, Matcher::Any, Some(30_000)),
        ];
        let (text, back) = written(&hooks, None);
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["version"], 1);
        assert_eq!(doc["hooks"]["preToolUse"][0]["matcher"], "bash|edit");
        assert_eq!(doc["hooks"]["preToolUse"][0]["timeoutSec"], 5);
        assert!(doc["hooks"]["agentStop"][0].get("timeoutSec").is_none());
        assert_eq!(back.len(), 2);
        for name in ["bash", "edit"] {
            assert!(back[0].matcher.compile().unwrap().is_match(name));
        }
        assert!(!back[0].matcher.compile().unwrap().is_match("view"));
        assert_eq!(back[0].timeout_ms, Some(5000));
    }

    #[test]
    fn an_unanchored_regex_stays_a_search_and_a_second_write_changes_nothing() {
        let h = hook(
            "postToolUse",
            hook_ir::Kind::PostToolUse,
            Matcher::Regex {
                dialect: hook_ir::Dialect::Rust,
                pattern: "mcp".into(),
            },
            None,
        );
        let base = "{\n  \"version\": 1,\n  \"disableAllHooks\": false\n}\n";
        let (text, back) = written(std::slice::from_ref(&h), Some(base));
        assert!(text.contains("\"disableAllHooks\": false"), "{text}");
        assert!(text.contains("\".*(?:mcp).*\""), "{text}");
        assert!(back[0].matcher.compile().unwrap().is_match("x_mcp_y"));
        let (again, _) = written(&[h], Some(&text));
        assert_eq!(again, text);
    }
}
