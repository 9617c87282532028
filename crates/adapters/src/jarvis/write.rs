//! The Jarvis writer: appends `[[hooks]]` entries to Jarvis's `config.toml`, editing the file
//! in place with `toml_edit` so comments, other tables and key order survive.
//!
//! - an entry with the same event, matcher and command is left alone (writing twice changes
//!   nothing); if its timeout differs, that is an `import_conflict` and nothing is written
//!   unless `force` (then the existing entry's `timeout` is updated, with a `forced_overwrite`);
//! - keys are written in the schema's order: event, matcher (when not "any"), command,
//!   timeout (when explicit or not the default).

use super::discover::config_path;
use crate::toml_support::{clear_if_bad, finish, read_target, refused, replace_keeping_decor};
use crate::write::{conflict, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::{self, limits};
use hook_ir::matcher_text::anchored_alternation;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Hook, Location, Matcher};
use toml_edit::{ArrayOfTables, InlineTable, Item, Table, TableLike, Value};

/// What a literal escapes to be matched verbatim by a JavaScript regex.
const JS_REGEX_SPECIALS: &str = "\\^$.|?*+()[]{}/";

/// What one entry says, in Jarvis's terms.
struct Entry {
    event: String,
    matcher: Option<String>,
    command: String,
    timeout_s: Option<u64>,
}

/// Plans writing `hooks` into the target file (`opts.target`, else `~/.jarvis-code/config.toml`).
pub fn plan(ctx: &Context, convention: Convention, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let d = |code, msg: String| Diagnostic::new(code, msg).with_convention(convention);
    let Some(path) = opts.target.clone().or_else(|| config_path(ctx)) else {
        return refused(d(
            Code::UnreadableSource,
            "no home directory: cannot tell where Jarvis's config.toml is".into(),
        ));
    };
    let (display, before, mut doc) = match read_target(ctx, &path, convention, opts) {
        Ok(t) => t,
        Err(e) => return refused(e),
    };
    let at = || Location::path_only(display.clone());
    let mut diagnostics = Vec::new();
    let mut conflicts = 0usize;
    let mut changed = false;

    let hooks_ok = matches!(doc.get("hooks"), None | Some(Item::ArrayOfTables(_)))
        || doc
            .get("hooks")
            .and_then(Item::as_array)
            .is_some_and(|a| a.iter().all(|v| v.is_inline_table()));
    if let Err(p) = clear_if_bad(
        &mut doc,
        "hooks",
        !hooks_ok,
        "`hooks` in this file is not an array of tables",
        "replace it with `[[hooks]]` entries",
        opts.force,
        convention,
        at(),
        &mut diagnostics,
    ) {
        return p;
    }
    if doc.get("hooks").is_none() {
        doc.insert("hooks", Item::ArrayOfTables(ArrayOfTables::new()));
    }

    // Where each (event, command, matcher) already is: one scan, not one per imported hook
    // (that was quadratic: 20,000 hooks took minutes).
    let mut index = doc.get("hooks").map(entry_index).unwrap_or_default();
    for h in hooks {
        let Some(entry) = to_entry(h, &mut diagnostics, convention) else {
            continue;
        };
        let Some(item) = doc.get_mut("hooks") else {
            break;
        };
        let existing = index.get(&key_of(&entry)).copied();
        match existing {
            Some(pos) => {
                let current =
                    entry_at(item, pos).and_then(|t| t.get("timeout").and_then(|v| v.as_integer()));
                let current_s = current
                    .and_then(|v| u64::try_from(v).ok())
                    .unwrap_or(limits::jarvis::TIMEOUT_DEFAULT_S);
                let want_s = entry.timeout_s.unwrap_or(limits::jarvis::TIMEOUT_DEFAULT_S);
                if current_s != want_s {
                    conflicts += 1;
                    diagnostics.push(
                        conflict(
                            opts.force,
                            &format!(
                                "hooks[{pos}] already runs {} on `{}` with a timeout of {current_s} s, the imported hook has {want_s} s",
                                quote(&entry.command),
                                entry.event
                            ),
                            &format!("set {want_s} s"),
                        )
                        .with_convention(convention)
                        .at(
                            match before.as_deref().and_then(|b| {
                                crate::toml_support::nth_array_table(b, "hooks", pos)
                                    .map(|o| (b, o))
                            }) {
                                Some((b, o)) => crate::source::locate(display.clone(), b, o, o + 9),
                                None => at(),
                            },
                        ),
                    );
                    if opts.force {
                        if let Some(t) = entry_at_mut(item, pos) {
                            let v = Value::from(i64::try_from(want_s).unwrap_or(600));
                            match t.get_mut("timeout") {
                                // Replace in place: the key and its comments stay.
                                Some(old) => replace_keeping_decor(old, v),
                                None => {
                                    t.insert("timeout", Item::Value(v));
                                }
                            }
                            changed = true;
                        }
                    }
                }
            }
            None => {
                append(item, &entry);
                index.insert(key_of(&entry), entries_len(item) - 1);
                changed = true;
            }
        }
    }
    // Nothing written into a file that does not exist yet: no file (a refused write changes
    // nothing).
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

fn to_entry(h: &Hook, diagnostics: &mut Vec<Diagnostic>, convention: Convention) -> Option<Entry> {
    let d = |code, msg: String| Diagnostic::new(code, msg).with_convention(convention);
    if contract::find(Convention::Jarvis, &h.source_event).is_none() {
        diagnostics.push(
            d(
                Code::SemanticMismatch,
                format!(
                    "Jarvis has no event `{}`; {} is not written",
                    h.source_event, h.id
                ),
            )
            .at(h.location.clone()),
        );
        return None;
    }
    let Some(command) = h.command().filter(|c| !c.is_empty()) else {
        diagnostics.push(
            d(
                Code::SemanticMismatch,
                format!("{} has no command; Jarvis runs only commands", h.id),
            )
            .at(h.location.clone()),
        );
        return None;
    };
    let matcher = match &h.matcher {
        Matcher::Any => None,
        Matcher::Regex { pattern, .. } if pattern.is_empty() => None,
        Matcher::Regex { pattern, .. } => Some(pattern.clone()),
        Matcher::Exact { names } => Some(anchored_alternation(names, JS_REGEX_SPECIALS)),
    };
    let (min, max) = (limits::jarvis::TIMEOUT_MIN_S, limits::jarvis::TIMEOUT_MAX_S);
    let timeout_s = h.timeout_ms.map(|ms| ms.div_ceil(1000));
    if let Some(ms) = h.timeout_ms.filter(|ms| ms % 1000 != 0) {
        // Jarvis writes whole seconds: the hook gets a little more time than it had.
        diagnostics.push(
            d(
                Code::LossyConversion,
                format!(
                    "{}: Jarvis timeouts are whole seconds; {ms} ms is written as {} s",
                    h.id,
                    ms.div_ceil(1000)
                ),
            )
            .at(h.location.clone()),
        );
    }
    let timeout_s = match timeout_s {
        Some(s) if !(min..=max).contains(&s) => {
            let clamped = s.clamp(min, max);
            diagnostics.push(d(
                Code::InvalidTimeout,
                format!("{}: a timeout of {s} s is outside Jarvis's {min}..={max}; {clamped} s is written", h.id),
            ));
            Some(clamped)
        }
        other => other,
    };
    let explicit = match h.detail {
        Detail::Jarvis {
            timeout_explicit, ..
        } => timeout_explicit,
        _ => timeout_s != Some(limits::jarvis::TIMEOUT_DEFAULT_S),
    };
    Some(Entry {
        event: h.source_event.clone(),
        matcher,
        command: command.to_string(),
        timeout_s: if explicit { timeout_s } else { None },
    })
}

fn entry_at(item: &Item, i: usize) -> Option<&dyn TableLike> {
    match item {
        Item::ArrayOfTables(a) => a.get(i).map(|t| t as &dyn TableLike),
        Item::Value(Value::Array(a)) => a
            .get(i)
            .and_then(Value::as_inline_table)
            .map(|t| t as &dyn TableLike),
        _ => None,
    }
}

fn entry_at_mut(item: &mut Item, i: usize) -> Option<&mut dyn TableLike> {
    match item {
        Item::ArrayOfTables(a) => a.get_mut(i).map(|t| t as &mut dyn TableLike),
        Item::Value(Value::Array(a)) => a
            .get_mut(i)
            .and_then(Value::as_inline_table_mut)
            .map(|t| t as &mut dyn TableLike),
        _ => None,
    }
}

/// The index of an entry with the same event, matcher and command.
/// What identifies an entry: its event, command and matcher (an empty matcher is none).
type EntryKey = (String, String, Option<String>);

fn key_of(e: &Entry) -> EntryKey {
    (e.event.clone(), e.command.clone(), e.matcher.clone())
}

fn entries_len(item: &Item) -> usize {
    match item {
        Item::ArrayOfTables(a) => a.len(),
        Item::Value(Value::Array(a)) => a.len(),
        _ => 0,
    }
}

/// The position of the first entry of each key in the `hooks` array.
fn entry_index(item: &Item) -> std::collections::HashMap<EntryKey, usize> {
    let mut index = std::collections::HashMap::new();
    for i in 0..entries_len(item) {
        let Some(t) = entry_at(item, i) else { continue };
        let s = |k: &str| t.get(k).and_then(|v| v.as_str());
        let (Some(event), Some(command)) = (s("event"), s("command")) else {
            continue;
        };
        let matcher = s("matcher").filter(|m| !m.is_empty()).map(str::to_string);
        index
            .entry((event.to_string(), command.to_string(), matcher))
            .or_insert(i);
    }
    index
}

fn append(item: &mut Item, e: &Entry) {
    match item {
        Item::ArrayOfTables(a) => {
            let mut t = Table::new();
            fill(&mut t, e);
            a.push(t);
        }
        Item::Value(Value::Array(a)) => {
            let mut t = InlineTable::new();
            fill(&mut t, e);
            a.push(t);
        }
        _ => {}
    }
}

fn fill(t: &mut dyn TableLike, e: &Entry) {
    t.insert("event", Item::Value(Value::from(e.event.as_str())));
    if let Some(m) = &e.matcher {
        t.insert("matcher", Item::Value(Value::from(m.as_str())));
    }
    t.insert("command", Item::Value(Value::from(e.command.as_str())));
    if let Some(s) = e.timeout_s {
        t.insert(
            "timeout",
            Item::Value(Value::from(i64::try_from(s).unwrap_or(600))),
        );
    }
}
