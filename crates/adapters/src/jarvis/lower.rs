//! Lowering Jarvis's `[[hooks]]` into the IR.
//!
//! Jarvis validates the whole `hooks` array with a strict schema: one invalid entry (unknown
//! field, unknown event, wrong type, empty command, bad timeout) drops every hook of the file.
//! Such a file yields diagnostics and no hooks. An invalid matcher regex is not a schema error:
//! Jarvis silently skips only that hook.

use super::raw::{RawEntry, RawHooks, RawTimeout, FIELDS};
use crate::toml_support::Source;
use crate::Output;
use hook_ir::contract::{self, limits, Lookup, MatchedValue};
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Dialect, Exec, Handler, Hook, Matcher};

use std::collections::HashMap;

const JV: Convention = Convention::Jarvis;

/// An accepted entry, remembered (by event, command and matcher) for the duplicate check.
struct Seen {
    timeout_s: u64,
    entry: usize,
    line: Option<u32>,
}

/// Lowers the raw `hooks` of `src` into `out`.
pub fn lower(src: &Source, raw: &RawHooks, out: &mut Output) {
    let n = raw.entries.len() + raw.type_errors.len();
    let consequence = if n == 1 {
        "Jarvis rejects the whole `hooks` section because of it: the file's only hook does not run"
            .to_string()
    } else {
        format!(
            "Jarvis rejects the whole `hooks` section because of it: none of the {n} hooks of this file run"
        )
    };
    let mut schema_errors = 0usize;
    let mut schema = |out: &mut Output, d: Diagnostic| {
        schema_errors += 1;
        let msg = format!("{}; {consequence}", d.message);
        let mut d2 = Diagnostic::new(d.code, msg).with_convention(JV);
        d2.location = d.location;
        d2.help = d.help;
        out.diag(d2);
    };
    for e in &raw.type_errors {
        schema(
            out,
            Diagnostic::new(
                Code::WrongValueType,
                format!("`{}` must be {}, not {}", e.path, e.expected, e.found),
            )
            .at(src.loc(e.span.clone())),
        );
    }
    let first = out.diagnostics.len();
    let mut hooks = Vec::with_capacity(raw.entries.len());
    let mut seen: HashMap<(String, String, String), Seen> =
        HashMap::with_capacity(raw.entries.len());
    for entry in &raw.entries {
        lower_entry(src, entry, &mut schema, &mut seen, &mut hooks, out);
    }
    if schema_errors > 0 {
        // The valid hooks Jarvis drops with the section: `hooks doctor` says which and why.
        if let Some(reason) = out.diagnostics[first..]
            .iter()
            .find(|d| d.message.ends_with(&consequence))
            .cloned()
        {
            out.never_run
                .extend(hooks.into_iter().map(|h| (h, reason.clone())));
        }
        return;
    }
    {
        let (inside, outside): (Vec<Hook>, Vec<Hook>) = hooks
            .into_iter()
            .partition(|h| contract::find(JV, &h.source_event).is_some_and(|r| r.kind().is_some()));
        let hooks = inside;
        out.outside.extend(outside);
        if out.hooks.is_empty() {
            out.hooks = hooks;
        } else {
            out.hooks.extend(hooks);
        }
    }
}

fn lower_entry(
    src: &Source,
    e: &RawEntry,
    schema: &mut impl FnMut(&mut Output, Diagnostic),
    seen: &mut HashMap<(String, String, String), Seen>,
    hooks: &mut Vec<Hook>,
    out: &mut Output,
) {
    let i = e.index;
    let entry_loc = src.loc(e.span.clone().map(|r| r.start..r.start));
    let warn = |out: &mut Output, d: Diagnostic| out.diag(d.with_convention(JV));
    let mut valid = true;

    for u in &e.unknown {
        let mut d = Diagnostic::new(
            Code::UnknownField,
            format!(
                "`hooks[{i}]` has the field {}, which Jarvis does not accept (only event, matcher, command, timeout)",
                quote(&u.value)
            ),
        )
        .at(src.loc(u.span.clone()));
        if let Some(s) = contract::suggest(&u.value, FIELDS.into_iter()) {
            d = d.with_help(format!("did you mean `{s}`?"));
        } else {
            d = d.with_help("remove the field");
        }
        schema(out, d);
        valid = false;
    }
    for t in &e.type_errors {
        schema(
            out,
            Diagnostic::new(
                Code::WrongValueType,
                format!("`{}` must be {}, not {}", t.path, t.expected, t.found),
            )
            .at(src.loc(t.span.clone())),
        );
        valid = false;
    }

    // event
    let mut row = None;
    match &e.event {
        None if !e.type_errors.iter().any(|t| t.path.ends_with(".event")) => {
            schema(
                out,
                Diagnostic::new(Code::MissingField, format!("`hooks[{i}]` has no `event`"))
                    .at(entry_loc.clone())
                    .with_help("add e.g. event = \"PreToolUse\""),
            );
            valid = false;
        }
        None => {}
        Some(ev) => match contract::lookup(JV, &ev.value) {
            Lookup::Known(r) => row = Some(r),
            Lookup::Unknown { .. } | Lookup::OutsideIr => {
                let s = contract::suggest(&ev.value, contract::events_of(JV).map(|c| c.event));
                let mut d = Diagnostic::new(
                    Code::UnknownEvent,
                    format!(
                        "{} is not a Jarvis event (names are case-sensitive)",
                        quote(&ev.value)
                    ),
                )
                .at(src.loc(ev.span.clone()));
                if let Some(s) = s {
                    d = d.with_help(format!("did you mean `{s}`?"));
                }
                schema(out, d);
                valid = false;
            }
        },
    }

    // command
    let command = match &e.command {
        None if !e.type_errors.iter().any(|t| t.path.ends_with(".command")) => {
            schema(
                out,
                Diagnostic::new(Code::MissingField, format!("`hooks[{i}]` has no `command`"))
                    .at(entry_loc.clone())
                    .with_help("add command = \"...\""),
            );
            valid = false;
            None
        }
        None => None,
        Some(c) if c.value.is_empty() => {
            schema(
                out,
                Diagnostic::new(
                    Code::InvalidCommand,
                    format!(
                        "`hooks[{i}].command` is empty (Jarvis requires at least one character)"
                    ),
                )
                .at(src.loc(c.span.clone()))
                .with_help("give a command, or remove the entry"),
            );
            valid = false;
            None
        }
        Some(c) if c.value.trim().is_empty() => {
            warn(
                out,
                Diagnostic::new(
                    Code::InvalidCommand,
                    format!("`hooks[{i}].command` is only whitespace: `sh -c` runs nothing"),
                )
                .at(src.loc(c.span.clone()))
                .with_help("give a command, or remove the entry"),
            );
            valid = false;
            None
        }
        Some(c) => Some(c.value.clone()),
    };

    // timeout
    let (min, max) = (limits::jarvis::TIMEOUT_MIN_S, limits::jarvis::TIMEOUT_MAX_S);
    let timeout_s = match &e.timeout {
        None => Some(limits::jarvis::TIMEOUT_DEFAULT_S),
        Some(t) => {
            let ok = match t.value {
                RawTimeout::Int(v) => u64::try_from(v).ok().filter(|v| (min..=max).contains(v)),
                RawTimeout::Float(f) => {
                    (f.fract() == 0.0 && f >= min as f64 && f <= max as f64).then_some(f as u64)
                }
            };
            if ok.is_none() {
                let shown = match t.value {
                    RawTimeout::Int(v) => v.to_string(),
                    RawTimeout::Float(f) => f.to_string(),
                };
                let hint = match t.value {
                    RawTimeout::Int(v)
                        if v > i64::try_from(max).unwrap_or(i64::MAX) && v >= 1000 =>
                    {
                        " (it looks like milliseconds: Jarvis counts seconds)"
                    }
                    _ => "",
                };
                schema(
                    out,
                    Diagnostic::new(
                        Code::InvalidTimeout,
                        format!(
                            "`hooks[{i}].timeout` is {shown}; Jarvis accepts an integer number of seconds in {min}..={max}{hint}"
                        ),
                    )
                    .at(src.loc(t.span.clone()))
                    .with_help(format!(
                        "use a whole number of seconds from {min} to {max}, or remove it (default {} s)",
                        limits::jarvis::TIMEOUT_DEFAULT_S
                    )),
                );
                valid = false;
            }
            ok
        }
    };

    // matcher
    let pattern = e.matcher.as_ref().map(|m| m.value.as_str()).unwrap_or("");
    let matcher = if pattern.is_empty() {
        Matcher::Any
    } else {
        Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: pattern.to_string(),
        }
    };
    if let (Some(m), false) = (&e.matcher, pattern.is_empty()) {
        match matcher.compile() {
            Err(err) => {
                warn(
                    out,
                    Diagnostic::new(
                        Code::InvalidMatcherRegex,
                        format!(
                            "`hooks[{i}].matcher` {} is not a valid JavaScript regex ({}): Jarvis silently skips this hook",
                            quote(pattern),
                            err.message
                        ),
                    )
                    .at(src.loc(m.span.clone()))
                    .with_help("fix the pattern; escape literal characters such as `(` as `\\\\(`"),
                );
                valid = false;
            }
            Ok(compiled) => {
                if let Some(r) = row {
                    if r.matched == MatchedValue::AlwaysEmpty && !compiled.is_match("") {
                        warn(
                            out,
                            Diagnostic::new(
                                Code::MatcherHasNoEffect,
                                format!(
                                    "`{}` always matches against the empty string, and {} cannot match it: this hook never fires",
                                    r.event,
                                    quote(pattern)
                                ),
                            )
                            .at(src.loc(m.span.clone()))
                            .with_help("remove the matcher"),
                        );
                    }
                }
            }
        }
    }

    let Some(row) = row else { return };
    let kind = row.kind().unwrap_or_else(|| {
        let code = match row.mapping {
            contract::Mapping::Rejected { code } => code,
            contract::Mapping::Accepted { .. } => Code::UnsupportedConventionEvent,
        };
        if let Some(ev) = &e.event {
            warn(
                out,
                Diagnostic::new(
                    code,
                    format!(
                        "`{}` is a valid Jarvis event outside the six canonical kinds: Jarvis runs this hook; the hooks runner does not, and `hooks import` carries it only to an agent with an equivalent event",
                        row.event
                    ),
                )
                .at(src.loc(ev.span.clone())),
            );
        }
        // Carried by `hooks import` only (`Output::outside`, split off in `lower`).
        contract::native::nominal_kind(row.matched)
    });
    let (Some(command), Some(timeout_s), true) = (command, timeout_s, valid) else {
        return;
    };
    let key = (row.event.to_string(), command.clone(), pattern.to_string());
    if let Some(first) = seen.get(&key) {
        let timeouts = if first.timeout_s == timeout_s {
            String::new()
        } else {
            format!(
                "; the first definition's timeout ({} s) wins over this one's ({timeout_s} s)",
                first.timeout_s
            )
        };
        warn(
            out,
            Diagnostic::new(
                Code::DuplicateHook,
                format!(
                    "command {} for `{}` is already declared by hooks[{}]{}: Jarvis runs it once{timeouts}",
                    quote(&command),
                    row.event,
                    first.entry,
                    first.line.map(|l| format!(" (line {l})")).unwrap_or_default()
                ),
            )
            .at(entry_loc.clone())
            .with_help("delete this entry, or merge what differs into the first one"),
        );
        return;
    }
    seen.insert(
        key,
        Seen {
            timeout_s,
            entry: i,
            line: entry_loc.line,
        },
    );
    hooks.push(Hook {
        plugin_root: None,
        source_file: None,
        id: format!("jarvis:{}:{i}", src.display),
        kind,
        convention: JV,
        source_event: row.event.to_string(),
        matcher,
        handler: Handler::Command {
            command,
            exec: Exec::Shell,
        },
        timeout_ms: Some(timeout_s * 1000),
        scope: hook_ir::Scope::default(),
        location: entry_loc,
        detail: Detail::Jarvis {
            entry: i,
            timeout_explicit: e.timeout.is_some(),
        },
    });
}
