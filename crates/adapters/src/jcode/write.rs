//! The jcode writer: adds commands to `[hooks]` slots of jcode's `config.toml`, editing the
//! file in place with `toml_edit` so comments, other tables and key order survive.
//!
//! - a command already in its slot is left alone (writing twice changes nothing);
//! - adding to a slot written as one string turns it into an array `[old, new]`;
//! - `pre_tool_timeout_ms` is written when a `pre_tool` hook carries an explicit timeout; a
//!   different value already in the file is an `import_conflict` and nothing is written,
//!   unless `force` (then a `forced_overwrite` warning names the old value).

use super::discover::config_path;
use super::raw::{SLOTS, TIMEOUT_KEY};
use crate::toml_support::{clear_if_bad, finish, read_target, refused, replace_keeping_decor};
use crate::write::{conflict, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::limits;
use hook_ir::jcode_argv::quote_word;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Exec, Handler, Hook, Location};
use std::collections::{HashMap, HashSet};
use toml_edit::{Array, Item, Table, Value};

/// Plans writing `hooks` into the target file (`opts.target`, else the discovery path).
pub fn plan(ctx: &Context, convention: Convention, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let d = |code, msg: String| Diagnostic::new(code, msg).with_convention(convention);
    let Some(path) = opts.target.clone().or_else(|| config_path(ctx)) else {
        return refused(d(
            Code::UnreadableSource,
            "no home directory and no JCODE_HOME: cannot tell where jcode's config.toml is".into(),
        ));
    };
    let (display, before, mut doc) = match read_target(ctx, &path, convention, opts) {
        Ok(t) => t,
        Err(e) => return refused(e),
    };
    let at = || Location::path_only(display.clone());
    // The line of `key` in the file as it is, when it is there.
    let at_key = |key: &str| match before
        .as_deref()
        .and_then(|b| crate::toml_support::key_line(b, key).map(|o| (b, o)))
    {
        Some((b, o)) => crate::source::locate(display.clone(), b, o, o + key.len()),
        None => at(),
    };
    let mut diagnostics = Vec::new();
    let mut conflicts = 0usize;
    let mut changed = false;

    let bad = doc
        .get("hooks")
        .is_some_and(|h| h.as_table_like().is_none());
    if let Err(p) = clear_if_bad(
        &mut doc,
        "hooks",
        bad,
        "`hooks` in this file is not a table",
        "replace it with a `[hooks]` table",
        opts.force,
        convention,
        at(),
        &mut diagnostics,
    ) {
        return p;
    }
    // An empty `[hooks]` table is added only to hold a hook: when no hook is written (each was
    // refused), the file is left as it was (a refused write changes nothing).
    if doc.get("hooks").is_none() {
        doc.insert("hooks", Item::Table(Table::new()));
    }
    let Some(table) = doc.get_mut("hooks").and_then(Item::as_table_like_mut) else {
        return refused(d(Code::ImportConflict, "`hooks` is not a table".into()).at(at()));
    };

    // Whether the file has gates of its own, which share the one timeout with imported ones.
    let had_pre_tool = table.get("pre_tool").is_some_and(|i| {
        i.as_str().is_some_and(|s| !s.trim().is_empty())
            || i.as_array().is_some_and(|a| {
                a.iter()
                    .any(|v| v.as_str().is_some_and(|s| !s.trim().is_empty()))
            })
    });
    let mut want_timeout: Option<u64> = None;
    // The commands already in each slot that is an array of strings, built once: checking every
    // imported hook against the whole array again made large imports quadratic.
    let mut known: HashMap<&str, HashSet<String>> = HashMap::new();
    for (slot, _) in SLOTS {
        if let Some(Item::Value(Value::Array(a))) = table.get(slot) {
            let words: Option<HashSet<String>> = a
                .iter()
                .map(|v| v.as_str().map(|s| s.trim().to_string()))
                .collect();
            if let Some(words) = words {
                known.insert(slot, words);
            }
        }
    }
    for h in hooks {
        let slot = h.source_event.as_str();
        if !SLOTS.iter().any(|(s, _)| *s == slot) {
            diagnostics.push(
                d(
                    Code::SemanticMismatch,
                    format!("jcode has no hook slot `{slot}`; {} is not written", h.id),
                )
                .at(h.location.clone()),
            );
            continue;
        }
        let Some(command) = h.command().map(str::trim).filter(|c| !c.is_empty()) else {
            diagnostics.push(
                d(
                    Code::SemanticMismatch,
                    format!("{} has no command; jcode runs only commands", h.id),
                )
                .at(h.location.clone()),
            );
            continue;
        };
        if !h.matcher.is_any() {
            // jcode has no matcher: writing it would silently widen the hook to every tool.
            diagnostics.push(d(
                Code::SemanticMismatch,
                format!(
                    "jcode hooks have no matcher, so {} would fire for every tool; it is not written (convert the matcher first)",
                    h.id
                ),
            ).at(h.location.clone()));
            continue;
        }
        // jcode runs argv directly: a shell command keeps its meaning only through `sh -c`.
        let wrapped;
        let command = match h.handler {
            Handler::Command {
                exec: Exec::Shell, ..
            } => {
                wrapped = format!("sh -c {}", quote_word(command));
                wrapped.as_str()
            }
            Handler::Command {
                exec: Exec::LoginShell,
                ..
            } => {
                wrapped = format!("sh -lc {}", quote_word(command));
                wrapped.as_str()
            }
            _ => command,
        };
        let as_array = matches!(h.detail, Detail::Jcode { array: true, .. });
        match table.get_mut(slot) {
            None => {
                let v = if as_array {
                    known.insert(slot_key(slot), HashSet::from([command.to_string()]));
                    Value::Array(Array::from_iter([command]))
                } else {
                    Value::from(command)
                };
                table.insert(slot, Item::Value(v));
                changed = true;
            }
            Some(item) if item.is_str() => {
                let old = item.as_value().cloned().unwrap_or_else(|| Value::from(""));
                if old.as_str().map(str::trim) != Some(command) {
                    // Keep the value's decor (a trailing comment) on the new array; the key's
                    // own decor (comments above it) stays because the key is not replaced.
                    let first = old.as_str().map(str::trim).unwrap_or_default().to_string();
                    let decor = old.decor().clone();
                    let mut arr = Array::new();
                    arr.push_formatted(old.decorated("", ""));
                    arr.push(command);
                    let mut v = Value::Array(arr);
                    *v.decor_mut() = decor;
                    *item = Item::Value(v);
                    changed = true;
                    known.insert(slot_key(slot), HashSet::from([first, command.to_string()]));
                }
            }
            Some(Item::Value(Value::Array(a))) if known.contains_key(slot) => {
                let words = known.entry(slot_key(slot)).or_default();
                if words.insert(command.to_string()) {
                    a.push(command);
                    changed = true;
                }
            }
            Some(_) => {
                conflicts += 1;
                diagnostics.push(
                    conflict(
                        opts.force,
                        &format!("`hooks.{slot}` is not a string or an array of strings"),
                        &format!("replace it with {}", quote(command)),
                    )
                    .with_convention(convention)
                    .at(at()),
                );
                if opts.force {
                    if let Some(item) = table.get_mut(slot) {
                        *item = Item::Value(Value::from(command));
                        changed = true;
                    }
                }
            }
        }
        if slot == "pre_tool" {
            // Every gate's effective timeout counts, the default included: a file value of
            // 2000 would silently cut an imported 5000 ms gate short.
            if let Some(ms) = h.timeout_ms {
                match want_timeout {
                    None => want_timeout = Some(ms),
                    Some(w) if w != ms => {
                        conflicts += 1;
                        diagnostics.push(
                            conflict(
                                opts.force,
                                &format!("the imported pre_tool hooks ask for different timeouts ({w} ms and {ms} ms), but jcode has one `{TIMEOUT_KEY}`"),
                                &format!("write {w} ms"),
                            )
                            .with_convention(convention)
                            .at(at()),
                        );
                    }
                    Some(_) => {}
                }
            }
        }
    }
    if let Some(ms) = want_timeout {
        let existing = table.get(TIMEOUT_KEY).map(|i| i.as_integer());
        let default = limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS;
        match existing {
            None if ms == default => {}
            // The user's own gates run with the default: setting the key would change them.
            None if had_pre_tool => {
                conflicts += 1;
                diagnostics.push(
                    conflict(
                        opts.force,
                        &format!(
                            "the `pre_tool` commands already in this file run with jcode's default `{TIMEOUT_KEY}` of {default}, the imported pre_tool hooks need {ms} (jcode has one timeout for all of them)"
                        ),
                        &format!("set `{TIMEOUT_KEY} = {ms}` for all of them"),
                    )
                    .with_convention(convention)
                    .at(at_key("pre_tool")),
                );
                if opts.force {
                    table.insert(
                        TIMEOUT_KEY,
                        Item::Value(Value::from(i64::try_from(ms).unwrap_or(i64::MAX))),
                    );
                    changed = true;
                }
            }
            None => {
                table.insert(
                    TIMEOUT_KEY,
                    Item::Value(Value::from(i64::try_from(ms).unwrap_or(i64::MAX))),
                );
                changed = true;
            }
            Some(Some(v)) if u64::try_from(v).ok() == Some(ms) => {}
            Some(found) => {
                conflicts += 1;
                diagnostics.push(
                    conflict(
                        opts.force,
                        &format!(
                            "`{TIMEOUT_KEY}` is {} in this file, the imported pre_tool hooks need {ms}",
                            found.map_or_else(|| "not an integer".to_string(), |v| v.to_string())
                        ),
                        &format!("set it to {ms}"),
                    )
                    .with_convention(convention)
                    .at(at_key(TIMEOUT_KEY)),
                );
                if opts.force {
                    if let Some(item) = table.get_mut(TIMEOUT_KEY) {
                        let v = Value::from(i64::try_from(ms).unwrap_or(i64::MAX));
                        replace_keeping_decor(item, v);
                        changed = true;
                    }
                }
            }
        }
    }
    if !changed && before.is_none() {
        return crate::write::Plan {
            changes: Vec::new(),
            diagnostics,
        };
    }
    finish(
        (path, display),
        before,
        &doc,
        changed,
        conflicts,
        opts.force,
        diagnostics,
    )
}

/// The `'static` name of a slot, so the per-slot sets need no borrow of the hooks.
fn slot_key(slot: &str) -> &'static str {
    SLOTS
        .iter()
        .map(|(s, _)| *s)
        .find(|s| *s == slot)
        .unwrap_or("")
}
