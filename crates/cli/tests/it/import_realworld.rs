//! Real-world configurations from public repositories (`fixtures/realworld/`, named with
//! repository, path and commit in `SOURCES.md`), each imported through the real binary into
//! every other command convention. For every hook the source file holds, read independently of
//! the adapters (a plain JSON/TOML walk here, the contract table for which events exist):
//!
//! - **moved exactly**: found in the written target (read back the same independent way) under
//!   the equivalent event, with the same command, a matcher selecting the same values and the
//!   same effective timeout;
//! - **moved, changes reported**: found, and every difference in command, matcher or timeout is
//!   said by a diagnostic at the hook's source line;
//! - **left out**: not written, with an error (or note) at its source line whose code the
//!   summary counts;
//! - **changed silently**: anything else — a difference nothing reports, or a hook the import
//!   says it moved that the target does not hold. This must be 0.
//!
//! The totals per direction are printed (`cargo test -p hooks-cli --test import_realworld --
//! --nocapture`) and quoted in the closing note.

use crate::common;
use common::Tree;
use hook_ir::contract::{self, native, MatchedValue, Timeout};
use hook_ir::{Convention, Kind};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const TARGETS: [&str; 6] = [
    "jcode",
    "jarvis",
    "codex-json",
    "claude-settings",
    "gemini-settings",
    "cursor-hooks",
];

/// Where a source of `convention` is placed: the project's file, or (Kimi/Jarvis and jcode keep
/// hooks only at user level) the home's.
fn source_path(convention: &str) -> &'static str {
    match convention {
        "jarvis" => "home/.jarvis-code/config.toml",
        "codex-json" => "project/.codex/hooks.json",
        "claude-settings" => "project/.claude/settings.json",
        "gemini-settings" => "project/.gemini/settings.json",
        "copilot-hooks" => "project/.github/hooks/hooks.json",
        "cursor-hooks" => "project/.cursor/hooks.json",
        other => panic!("{other}"),
    }
}

/// Every file `convention` may have been written to.
fn target_paths(convention: &str) -> &'static [&'static str] {
    match convention {
        "jcode" => &["home/.jcode/config.toml"],
        "jarvis" => &["home/.jarvis-code/config.toml"],
        "codex-json" => &["project/.codex/hooks.json", "home/.codex/hooks.json"],
        "claude-settings" => &[
            "project/.claude/settings.json",
            "project/.claude/settings.local.json",
            "home/.claude/settings.json",
        ],
        "gemini-settings" => &[
            "project/.gemini/settings.json",
            "home/.gemini/settings.json",
        ],
        "cursor-hooks" => &["project/.cursor/hooks.json", "home/.cursor/hooks.json"],
        other => panic!("{other}"),
    }
}

/// One command handler as the file writes it.
#[derive(Debug, Clone)]
struct Entry {
    /// `event:group:index` (JSON) or the `[[hooks]]` index (Jarvis): the importer's id suffix.
    key: String,
    event: String,
    matcher: Option<String>,
    command: String,
    /// As written, in the file's unit (seconds; Gemini and jcode milliseconds).
    timeout: Option<u64>,
    /// Codex/Claude `async: true`: the hook runs in the background and never blocks.
    is_async: bool,
}

fn conv(name: &str) -> Convention {
    Convention::parse(name).unwrap_or_else(|| panic!("{name}"))
}

/// The command handlers of a file, read without the adapters: JSON `{"hooks": {Event: [{matcher,
/// hooks: [{type, command, timeout}]}]}}`, Jarvis `[[hooks]]`, jcode `[hooks]` slots. Only
/// events the agent defines (the contract table) count: the agent ignores any other key.
fn entries(convention: &str, text: &str) -> Vec<Entry> {
    let c = conv(convention);
    let known = |e: &str| contract::find(c, e).is_some();
    let mut out = Vec::new();
    match convention {
        "jarvis" => {
            let doc: toml::Table = text.parse().unwrap();
            for (i, h) in doc
                .get("hooks")
                .and_then(|h| h.as_array())
                .into_iter()
                .flatten()
                .enumerate()
            {
                let event = h["event"].as_str().unwrap().to_string();
                if !known(&event) {
                    continue;
                }
                out.push(Entry {
                    key: i.to_string(),
                    event,
                    matcher: h.get("matcher").and_then(|m| m.as_str()).map(String::from),
                    command: h["command"].as_str().unwrap().to_string(),
                    timeout: h
                        .get("timeout")
                        .and_then(|t| t.as_integer())
                        .map(|t| t as u64),
                    is_async: false,
                });
            }
        }
        "jcode" => {
            let doc: toml::Table = text.parse().unwrap();
            let Some(hooks) = doc.get("hooks").and_then(|h| h.as_table()) else {
                return out;
            };
            let timeout = hooks
                .get("pre_tool_timeout_ms")
                .and_then(|t| t.as_integer())
                .map(|t| t as u64);
            for (slot, v) in hooks {
                if !known(slot) {
                    continue;
                }
                let commands: Vec<String> = match v {
                    toml::Value::String(s) => vec![s.clone()],
                    toml::Value::Array(a) => a
                        .iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect(),
                    _ => Vec::new(),
                };
                for (i, command) in commands.into_iter().enumerate() {
                    out.push(Entry {
                        key: format!("{slot}:{i}"),
                        event: slot.clone(),
                        matcher: None,
                        command,
                        timeout: (slot == "pre_tool").then_some(timeout).flatten(),
                        is_async: false,
                    });
                }
            }
        }
        // Flat entries `hooks.<event>[]` (Cursor; Copilot CLI, whose entry may also be a
        // Claude-style group one level deep). Copilot runs `bash` (else `command`) and reads
        // `timeoutSec` (else `timeout`); Cursor runs `command` and reads `timeout`.
        "cursor-hooks" | "copilot-hooks" => {
            let copilot = convention == "copilot-hooks";
            let doc: Value = serde_json::from_str(text).unwrap();
            let Some(events) = doc.get("hooks").and_then(Value::as_object) else {
                return out;
            };
            let mut push = |event: &str, key: String, h: &Value, matcher: Option<&str>| {
                if h.get("type")
                    .and_then(Value::as_str)
                    .is_some_and(|t| t != "command")
                {
                    return;
                }
                let command = if copilot {
                    h.get("bash").or_else(|| h.get("command"))
                } else {
                    h.get("command")
                };
                let Some(command) = command.and_then(Value::as_str) else {
                    return;
                };
                let timeout = if copilot {
                    h.get("timeoutSec").or_else(|| h.get("timeout"))
                } else {
                    h.get("timeout")
                };
                out.push(Entry {
                    key,
                    event: event.to_string(),
                    matcher: matcher.map(String::from),
                    command: command.to_string(),
                    timeout: timeout.and_then(Value::as_u64),
                    is_async: false,
                });
            };
            for (event, items) in events {
                if !known(event) {
                    continue;
                }
                for (i, item) in items.as_array().into_iter().flatten().enumerate() {
                    let matcher = item.get("matcher").and_then(Value::as_str);
                    match item.get("hooks").and_then(Value::as_array) {
                        Some(nested) if copilot => {
                            for (j, h) in nested.iter().enumerate() {
                                push(event, format!("{event}:{i}:{j}"), h, matcher);
                            }
                        }
                        _ if copilot => push(event, format!("{event}:{i}:0"), item, matcher),
                        _ => push(event, format!("{event}:{i}"), item, matcher),
                    }
                }
            }
        }
        _ => {
            let doc: Value = serde_json::from_str(text).unwrap();
            let Some(events) = doc.get("hooks").and_then(Value::as_object) else {
                return out;
            };
            for (event, groups) in events {
                if !known(event) {
                    continue;
                }
                for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
                    let matcher = group.get("matcher").and_then(Value::as_str);
                    let handlers = group.get("hooks").and_then(Value::as_array);
                    for (i, h) in handlers.into_iter().flatten().enumerate() {
                        let command_type = h.get("type").and_then(Value::as_str);
                        let Some(command) = h.get("command").and_then(Value::as_str) else {
                            continue;
                        };
                        if command_type.is_some_and(|t| t != "command") {
                            continue;
                        }
                        out.push(Entry {
                            key: format!("{event}:{g}:{i}"),
                            event: event.clone(),
                            matcher: matcher.map(String::from),
                            command: command.to_string(),
                            timeout: h.get("timeout").and_then(Value::as_u64),
                            is_async: h.get("async").and_then(Value::as_bool) == Some(true),
                        });
                    }
                }
            }
        }
    }
    out
}

/// The event `to` has for `from`'s `event`: the same kind, or the equivalent event outside the
/// six kinds.
fn mapped_event(from: Convention, event: &str, to: Convention) -> Option<&'static str> {
    match contract::find(from, event)?.kind() {
        Some(k) => contract::events_of(to)
            .find(|r| r.kind() == Some(k))
            .map(|r| r.event),
        None => native::equivalent_of(from, event)?
            .0
            .in_convention(to)
            .map(|n| n.event),
    }
}

/// What a matcher selects, in a form two agents' spellings can be compared by.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Selects {
    Any,
    Names(BTreeSet<String>),
    Regex(String),
    Globs(Vec<String>),
}

fn plain(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// An anchored alternation of plain names (`^(?:A|B)$`, `^(A|B)$`, `^A$`) as those names.
fn anchored_names(p: &str) -> Option<BTreeSet<String>> {
    let inner = p.strip_prefix('^')?.strip_suffix('$')?;
    let inner = inner
        .strip_prefix("(?:")
        .or_else(|| inner.strip_prefix('('))
        .and_then(|i| i.strip_suffix(')'))
        .unwrap_or(inner);
    let names: BTreeSet<String> = inner.split('|').map(String::from).collect();
    names.iter().all(|n| plain(n)).then_some(names)
}

/// What `matcher` selects on `event` of `convention`, by each agent's documented rule.
fn selects(convention: &str, event: &str, matcher: Option<&str>) -> Selects {
    let c = conv(convention);
    let matched = match contract::find(c, event) {
        Some(r) if r.kind().is_some() => r.matched,
        _ => match native::equivalent_of(c, event) {
            Some((_, n)) if n.value == native::NativeValue::Unmatched => MatchedValue::Ignored,
            _ => contract::find(c, event).map_or(MatchedValue::Other, |r| r.matched),
        },
    };
    if matches!(
        matched,
        MatchedValue::Ignored | MatchedValue::NoMatcher | MatchedValue::AlwaysEmpty
    ) {
        return Selects::Any;
    }
    let Some(m) = matcher.filter(|m| !m.is_empty()) else {
        return Selects::Any;
    };
    match convention {
        // `*` and exact `|` lists (codex-rs hooks/src/events/common.rs; Claude the same).
        "codex-json" | "claude-settings" => {
            if m == "*" {
                Selects::Any
            } else if m.split('|').all(plain) {
                Selects::Names(m.split('|').map(String::from).collect())
            } else {
                regex(m)
            }
        }
        // Gemini: a regex on tool events, an exact value elsewhere.
        "gemini-settings" if matched != MatchedValue::ToolName => {
            if m == "*" {
                Selects::Any
            } else {
                Selects::Names([m.to_string()].into())
            }
        }
        // Copilot CLI: a PascalCase event takes Claude's matchers; a camelCase one is a regex
        // Copilot anchors as `^(?:…)$` (conformance/notes/copilot.md).
        "copilot-hooks" if event.starts_with(|c: char| c.is_ascii_uppercase()) => {
            if m == "*" {
                Selects::Any
            } else if m.split('|').all(plain) {
                Selects::Names(m.split('|').map(String::from).collect())
            } else {
                regex(m)
            }
        }
        "copilot-hooks" => {
            if m.split('|').all(plain) {
                Selects::Names(m.split('|').map(String::from).collect())
            } else {
                regex(&format!("^(?:{m})$"))
            }
        }
        // Cursor: a regex searched in the value; `*` for every value.
        "cursor-hooks" if m == "*" => Selects::Any,
        _ => regex(m),
    }
}

fn regex(p: &str) -> Selects {
    if matches!(p, ".*" | "^.*$" | ".*$" | "^.*") {
        return Selects::Any;
    }
    match anchored_names(p) {
        Some(names) => Selects::Names(names),
        None => Selects::Regex(
            p.strip_prefix("(?:")
                .and_then(|x| x.strip_suffix(')'))
                .filter(|x| !x.contains('(') && !x.contains(')'))
                .unwrap_or(p)
                .to_string(),
        ),
    }
}

/// A jcode command as the importer wraps it: the inner shell command and the tool patterns of a
/// `case` wrapper. Read with jcode's own tokenizer (the contract's `jcode_argv`).
fn unwrap_jcode(command: &str) -> (String, Option<Vec<String>>) {
    let Ok(argv) = hook_ir::jcode_argv::parse_hook_command(command) else {
        return (command.to_string(), None);
    };
    match argv.as_slice() {
        [sh, c, inner] if sh == "sh" && c == "-c" => (inner.clone(), None),
        [sh, c, script, sh2, inner] if sh == "sh" && c == "-c" && sh2 == "sh" => {
            let globs = script
                .strip_prefix("case \"$JCODE_HOOK_TOOL_NAME\" in ")
                .and_then(|s| s.strip_suffix(") eval \"$1\";; esac"))
                .map(|g| g.split('|').map(String::from).collect());
            (inner.clone(), globs)
        }
        _ => (command.to_string(), None),
    }
}

/// The command without a scope guard (`case "$PWD/" in '<project>/'*) ;; … esac; `), and
/// whether it had one.
fn unguard(command: &str) -> (String, bool) {
    match command
        .strip_prefix("case \"$PWD/\" in ")
        .and_then(|r| r.split_once("esac; "))
    {
        Some((_, rest)) => (rest.to_string(), true),
        None => (command.to_string(), false),
    }
}

/// The project directory a scope guard names (`case "$PWD/" in '<dir>/'*) …`).
fn guard_dir(command: &str) -> Option<String> {
    let rest = command.strip_prefix("case \"$PWD/\" in ")?;
    let word = &rest[..rest.find("*)")?];
    let word = word
        .strip_prefix('\'')
        .and_then(|w| w.strip_suffix('\''))
        .unwrap_or(word);
    Some(word.trim_end_matches('/').to_string())
}

/// `command` with every spelling of the project directory an import writes as `<project>`:
/// each agent's variable for it, `$PWD` where the agent runs hooks in the session's directory,
/// and (inside a scope guard) the directory itself, quoted or not.
fn project_dir_as_token(command: &str, project: Option<&str>) -> String {
    let mut s = command.to_string();
    if let Some(p) = project.filter(|p| !p.is_empty()) {
        s = s
            .replace(&hook_ir::jcode_argv::quote_word(p), "<project>")
            .replace(&format!("\"{p}\""), "\"<project>\"")
            .replace(p, "<project>");
    }
    for v in [
        "CLAUDE_PROJECT_DIR",
        "CURSOR_PROJECT_DIR",
        "COPILOT_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
        "GEMINI_CWD",
        "JCODE_HOOK_CWD",
        "PWD",
    ] {
        s = s
            .replace(&format!("${{{v}}}"), "<project>")
            .replace(&format!("${v}"), "<project>");
    }
    s
}

/// The timeout a hook of `event` runs under, in milliseconds, given what is written.
fn effective_ms(convention: &str, event: &str, written: Option<u64>) -> Option<u64> {
    let c = conv(convention);
    let rule = contract::find(c, event)
        .and_then(|r| r.rules())
        .or_else(|| {
            contract::events_of(c)
                .find(|r| r.kind() == Some(Kind::PreToolUse))
                .and_then(|r| r.rules())
        })?
        .timeout;
    let unit_ms = match rule {
        Timeout::Configurable { unit, .. } | Timeout::SharedBudget { unit, .. } => unit.millis(),
        _ => 1,
    };
    rule.effective_ms(written.map(|w| w * unit_ms))
}

/// Whether a hook of `event` can block or decide in `convention` (the contract's rules; for
/// events outside the six kinds, the table of equivalents).
fn can_block(convention: &str, event: &str) -> bool {
    let c = conv(convention);
    match contract::find(c, event).and_then(|r| r.rules()) {
        Some(r) => r.can_block,
        None => native::equivalent_of(c, event).is_some_and(|(_, n)| n.can_block),
    }
}

/// The counts of one direction.
#[derive(Debug, Default, Clone)]
struct Tally {
    read: usize,
    exact: usize,
    reported: usize,
    left_out: BTreeMap<String, usize>,
    silent: usize,
    /// Of the moved hooks, those of events outside the six kinds.
    carried: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.read += o.read;
        self.exact += o.exact;
        self.reported += o.reported;
        self.silent += o.silent;
        self.carried += o.carried;
        for (k, v) in &o.left_out {
            *self.left_out.entry(k.clone()).or_default() += v;
        }
    }
}

/// The diagnostics of the import at `line` of the source file.
fn at_line(plan: &Value, line: u64) -> Vec<(String, String)> {
    plan["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["location"]["line"].as_u64() == Some(line))
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The notes said once for several hooks (`… (and N more hooks)`), as (code, message).
fn collapsed_notes(plan: &Value) -> Vec<(String, String)> {
    plan["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "conversion_note")
        .filter_map(|d| d["message"].as_str())
        .filter(|m| m.ends_with(" more hook)") || m.ends_with(" more hooks)"))
        .map(|m| ("conversion_note".to_string(), m.to_string()))
        .collect()
}

/// Whether some diagnostic says what changed in `what` (`matcher`, `timeout`, `command`, `scope`).
fn said(diags: &[(String, String)], what: &str) -> bool {
    diags.iter().any(|(code, msg)| match what {
        "matcher" => {
            matches!(
                code.as_str(),
                "tool_not_equivalent" | "tool_dropped_from_matcher"
            ) || matches!(code.as_str(), "conversion_note" | "lossy_conversion")
                && ["matcher", "tool", "regex", "wrapped", "case"]
                    .iter()
                    .any(|w| msg.contains(w))
        }
        "timeout" => {
            matches!(
                code.as_str(),
                "lossy_conversion" | "invalid_timeout" | "timeout_clamped"
            ) && msg.contains("timeout")
        }
        "command" => {
            matches!(code.as_str(), "conversion_note" | "lossy_conversion")
                && ["shell", "wrapped", "written", "sh -c"]
                    .iter()
                    .any(|w| msg.contains(w))
        }
        "scope" => code == "scope_guarded",
        "loses blocking" => code == "lossy_conversion" && msg.contains("block"),
        "gains blocking" => code == "observer_becomes_gate",
        "occasions" => code == "lossy_conversion" && msg.contains("occasions"),
        _ => false,
    })
}

/// Imports `file` (of `from`) into `to` and tallies what happened to each of its hooks; a
/// silent change is described in `problems`.
fn import_one(from: &str, name: &str, text: &str, to: &str, problems: &mut Vec<String>) -> Tally {
    let tree = Tree::new();
    tree.write(source_path(from), text);
    let run = tree.import(from, to, &["--format", "json"]);
    let what = format!("{from}/{name} → {to}");
    assert!(
        run.code == 0 || run.code == 1,
        "{what}: exit {}\n{}",
        run.code,
        run.shown
    );
    let plan: Value = serde_json::from_str(&run.stdout).unwrap();
    let source = entries(from, text);
    let mut t = Tally {
        read: source.len(),
        ..Tally::default()
    };
    if plan["read"].as_u64() != Some(source.len() as u64) {
        problems.push(format!(
            "{what}: the import read {} hooks, the file holds {}",
            plan["read"],
            source.len()
        ));
    }
    if plan["outcome"] == "refused" {
        problems.push(format!("{what}: the plan was refused\n{}", run.shown));
        return t;
    }
    // What the import says it wrote, by source entry.
    let mut moved: BTreeMap<String, u64> = BTreeMap::new();
    for h in plan["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .chain(plan["carried"].as_array().unwrap())
    {
        let id = h["id"].as_str().unwrap();
        // The id's tail that names the entry: `event:group:index`, Cursor's `event:index`.
        let parts = if from == "cursor-hooks" { 2 } else { 3 };
        let key = match from {
            "jarvis" => id.rsplit(':').next().unwrap().to_string(),
            _ => id
                .rsplitn(parts + 1, ':')
                .take(parts)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<Vec<_>>()
                .join(":"),
        };
        moved.insert(key, h["location"]["line"].as_u64().unwrap_or(0));
    }
    // What the target holds, read back independently.
    let mut target: Vec<(Entry, bool)> = Vec::new();
    for p in target_paths(to) {
        if tree.root().join(p).exists() {
            let text = tree.read(p);
            target.extend(entries(to, &text).into_iter().map(|e| (e, false)));
        }
    }
    let jcode_timeout = target
        .iter()
        .find(|(e, _)| e.event == "pre_tool")
        .and_then(|(e, _)| e.timeout);
    let (fc, tc) = (conv(from), conv(to));
    for s in &source {
        let Some(&line) = moved.get(&s.key) else {
            continue;
        };
        let mut diags = at_line(&plan, line);
        // A note many hooks get in the same words is said once, on the first of them, with a
        // count (issue 24): it speaks for the others too.
        diags.extend(collapsed_notes(&plan));
        let Some(event) = mapped_event(fc, &s.event, tc) else {
            problems.push(format!("{what}: `{}` moved to no event", s.event));
            t.silent += 1;
            continue;
        };
        // The target entry: same event, same command once unwrapped and unguarded.
        let found = target.iter_mut().find(|(e, used)| {
            !*used && e.event == event && {
                // jcode: our wrapper around the shell command (a `case` on the tool, or a
                // plain `sh -c` for shell syntax), the user's own command inside.
                let outer = if to == "jcode" {
                    unwrap_jcode(&e.command).0
                } else {
                    e.command.clone()
                };
                let inner = unguard(&outer).0;
                // Agent variables are written in the target's terms (issue 24).
                let dir = guard_dir(&outer);
                let same = |c: &str| {
                    project_dir_as_token(c, dir.as_deref())
                        == project_dir_as_token(&s.command, None)
                };
                same(&inner) || (to == "jcode" && same(&unwrap_jcode(&inner).0))
            }
        });
        let Some((e, used)) = found else {
            problems.push(format!(
                "{what}: `{}` {:?} is reported moved but {to} does not hold it",
                s.event, s.command
            ));
            t.silent += 1;
            continue;
        };
        *used = true;
        let mut changes = Vec::new();
        let (outer, globs) = if to == "jcode" {
            unwrap_jcode(&e.command)
        } else {
            (e.command.clone(), None)
        };
        let (inner, guarded) = unguard(&outer);
        if guarded {
            changes.push("scope");
        }
        if inner != s.command {
            changes.push("command");
        }
        let src = selects(from, &s.event, s.matcher.as_deref());
        let dst = match globs {
            Some(g) if g.iter().all(|x| plain(x)) => Selects::Names(g.into_iter().collect()),
            Some(g) => Selects::Globs(g),
            None => selects(to, event, e.matcher.as_deref()),
        };
        if src != dst {
            changes.push("matcher");
        }
        // Gate or observer: an `async` hook never blocked; it stays in the background only
        // where the target keeps the flag (Codex and Claude).
        let blocks_there =
            can_block(to, event) && !(s.is_async && matches!(to, "codex-json" | "claude-settings"));
        let blocked_here = can_block(from, &s.event) && !s.is_async;
        // An equivalent event that fires on other occasions (Claude's and Gemini's
        // `Notification`).
        let fires = |c: &str, e: &str| native::equivalent_of(conv(c), e).map(|(_, n)| n.fires);
        if fires(from, &s.event) != fires(to, event) {
            changes.push("occasions");
        }
        if blocked_here && !blocks_there {
            changes.push("loses blocking");
        }
        if !blocked_here && blocks_there {
            changes.push("gains blocking");
        }
        let written = if to == "jcode" {
            jcode_timeout
        } else {
            e.timeout
        };
        if effective_ms(from, &s.event, s.timeout) != effective_ms(to, event, written) {
            changes.push("timeout");
        }
        let silent: Vec<&str> = changes
            .iter()
            .copied()
            .filter(|w| !said(&diags, w))
            .collect();
        if !silent.is_empty() {
            problems.push(format!(
                "{what}: `{}` {:?} changed silently ({}): {src:?} → {dst:?}, {:?} → {:?}; said: {diags:?}",
                s.event,
                s.command,
                silent.join(", "),
                effective_ms(from, &s.event, s.timeout),
                effective_ms(to, event, written)
            ));
            t.silent += 1;
        } else if changes.is_empty() {
            t.exact += 1;
        } else {
            t.reported += 1;
        }
    }
    // The agent accepts what was written: `hooks lint` reports no error in a written file
    // (the source files are the user's and may hold their own).
    let lint = tree.run(&["lint", ".", "--home", "../home", "--format", "json"]);
    let report: Value = serde_json::from_str(&lint.stdout).unwrap_or(Value::Null);
    let written: Vec<String> = plan["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().trim_start_matches("~/").to_string())
        .collect();
    for d in report["diagnostics"].as_array().into_iter().flatten() {
        let path = d["location"]["path"].as_str().unwrap_or_default();
        let path = path.trim_start_matches("../home/").trim_start_matches("~/");
        if d["severity"] == "error" && written.iter().any(|w| path.ends_with(w.as_str())) {
            problems.push(format!(
                "{what}: `hooks lint` finds an error in the written {path}: {d}"
            ));
        }
    }
    t.carried = plan["targets"][0]["carried"].as_u64().unwrap_or(0) as usize;
    // Every hook not moved is left out with a code the summary counts.
    let left: BTreeMap<String, u64> = plan["targets"][0]["left_out"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    let n_left = source.len()
        - moved
            .keys()
            .filter(|k| source.iter().any(|s| &s.key == *k))
            .count();
    if left.values().sum::<u64>() != n_left as u64 {
        problems.push(format!(
            "{what}: {n_left} hooks were not moved, the summary counts {left:?}\n{}",
            run.shown
        ));
        t.silent += n_left.saturating_sub(left.values().sum::<u64>() as usize);
    }
    for (k, v) in left {
        *t.left_out.entry(k).or_default() += v as usize;
    }
    t
}

#[test]
fn real_world_configurations_move_or_say_why_never_silently() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/realworld");
    let mut by_direction: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut files = 0;
    for from in [
        "claude-settings",
        "codex-json",
        "copilot-hooks",
        "cursor-hooks",
        "gemini-settings",
        "jarvis",
    ] {
        let mut names: Vec<_> = std::fs::read_dir(root.join(from))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            for to in TARGETS.iter().filter(|t| **t != from) {
                let t = import_one(from, &name, &text, to, &mut problems);
                by_direction
                    .entry((from.to_string(), to.to_string()))
                    .or_default()
                    .add(&t);
            }
        }
    }
    assert!(files >= 20, "{files} files");
    let mut total = Tally::default();
    println!("| direction | read | moved exactly | moved, changes reported | of the moved: outside the six kinds | left out (by reason) | changed silently |");
    println!("|---|---|---|---|---|---|---|");
    for ((from, to), t) in &by_direction {
        total.add(t);
        let left: Vec<String> = t.left_out.iter().map(|(k, v)| format!("{v} {k}")).collect();
        println!(
            "| {from} → {to} | {} | {} | {} | {} | {} ({}) | {} |",
            t.read,
            t.exact,
            t.reported,
            t.carried,
            t.left_out.values().sum::<usize>(),
            left.join(", "),
            t.silent
        );
    }
    println!(
        "| all | {} | {} | {} | {} | {} | {} |",
        total.read,
        total.exact,
        total.reported,
        total.carried,
        total.left_out.values().sum::<usize>(),
        total.silent
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert_eq!(total.silent, 0);
}
