//! Structure-aware generators of config documents: valid documents of each format, then
//! mutations of their structure and values (wrong types, mis-cased and unknown keys, bad
//! matchers, extreme timeouts, duplicates, huge and odd strings), and rarely of their syntax.
//! Most documents stay parseable, so what is tested is lowering, diagnostics and the writers —
//! not the TOML and JSON parsers.
#![allow(dead_code)]

use hook_ir::contract::{events_of, limits, MatchedValue};
use hook_ir::Convention;
use proptest::prelude::*;

/// A generated document.
#[derive(Debug, Clone)]
pub struct Doc {
    /// Its text.
    pub text: String,
    /// How many hooks it declares.
    pub entries: usize,
    /// Which mutations were applied (empty: a valid document that must read back exactly).
    pub mutations: Vec<&'static str>,
    /// Content the writers do not own, each part of which must survive a write byte for byte.
    pub unrelated: Vec<String>,
}

/// Commands every reader accepts (programs on any Debian PATH, balanced quotes, no shell
/// syntax that jcode would warn about).
fn good_command() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("true".to_string()),
        Just("true --flag".to_string()),
        Just("sh -c 'exit 0'".to_string()),
        "[a-z]{1,8}".prop_map(|a| format!("true {a}")),
        "[a-zA-Z0-9 ]{0,12}".prop_map(|a| format!("echo '{a}'")),
    ]
}

/// Commands a reader must diagnose or carry through unharmed: empty, blank, unbalanced quotes,
/// a trailing backslash, shell syntax, control characters, right-to-left marks, astral
/// characters, and very long text.
fn odd_command() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("   ".to_string()),
        Just("true 'unterminated".to_string()),
        Just("true \\".to_string()),
        Just("cat x | grep y && rm -rf $HOME/*".to_string()),
        Just("true \u{0}nul \u{7}bell".to_string()),
        Just("true \u{202E}evil\u{202C} 😀 \u{10FFFF}".to_string()),
        (1usize..6).prop_map(|n| format!("true {}", "x".repeat(n * 4000))),
        "\\PC{1,40}",
    ]
}

/// TOML text for a string (basic string, escaped as TOML requires).
fn toml_str(s: &str) -> String {
    toml_edit::Value::from(s).to_string().trim().to_string()
}

/// JSON text for a string.
fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// A mutation is applied with this probability (percent) per site.
const MUTATE: u32 = 12;

/// Picks `a` unless the coin says mutate, then one of `bad` (and records it).
fn maybe<T: Clone>(
    coin: u32,
    a: T,
    bad: &[(&'static str, T)],
    pick: usize,
    log: &mut Vec<&'static str>,
) -> T {
    if coin % 100 < MUTATE && !bad.is_empty() {
        let (name, v) = &bad[pick % bad.len()];
        log.push(name);
        v.clone()
    } else {
        a
    }
}

/// Random numbers the renderers draw their choices from (so one strategy value decides all).
fn dice() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 64)
}

struct Dice<'a> {
    d: &'a [u32],
    i: usize,
}

impl Dice<'_> {
    fn next(&mut self) -> u32 {
        let v = self.d[self.i % self.d.len()].rotate_left(self.i as u32 / 64);
        self.i += 1;
        v
    }
}

/// Unrelated content around the hooks, for the TOML formats.
const TOML_BEFORE: &str = "# my config\nmodel = \"sonnet\"  # keep me\n\n";
const TOML_AFTER: &str = "\n[display]\ntheme = \"dark\"   # odd spacing kept\nsizes = [1, 2,3]\n";

/// A syntax mutation: rarely, the text is cut or gets a stray byte.
fn syntax(text: &mut String, d: &mut Dice, log: &mut Vec<&'static str>) {
    if d.next() % 100 < 4 && !text.is_empty() {
        let mut cut = (d.next() as usize) % text.len();
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        if d.next().is_multiple_of(2) {
            text.truncate(cut);
            log.push("truncated");
        } else {
            text.insert(cut, '"');
            log.push("stray quote");
        }
    }
}

/// jcode `config.toml`: `[hooks]` slots (a string or an array of strings each) and
/// `pre_tool_timeout_ms`, between unrelated tables.
pub fn jcode() -> impl Strategy<Value = Doc> {
    let slots = prop::collection::vec(
        (
            0usize..6,
            prop::collection::vec(good_command(), 1..4),
            any::<bool>(),
        ),
        1..5,
    );
    (slots, prop::collection::vec(odd_command(), 4), dice()).prop_map(|(slots, odd, d)| {
        let mut d = Dice { d: &d, i: 0 };
        let mut log = Vec::new();
        let mut body = String::from("[hooks]\n");
        let mut entries = 0;
        let mut seen = std::collections::HashSet::new();
        let nonce = d.next() % 1_000_000;
        for (slot, cmds, as_array) in slots {
            let name = hook_ir_slot(slot);
            if !seen.insert(name) {
                continue; // a TOML key twice is a syntax error: see the mutation below instead
            }
            let key = maybe(
                d.next(),
                name.to_string(),
                &[
                    ("mis-cased key", name.to_uppercase()),
                    ("unknown key", format!("{name}s")),
                ],
                d.next() as usize,
                &mut log,
            );
            let mut cmds: Vec<String> = cmds
                .into_iter()
                .map(|c| {
                    entries += 1;
                    let c = unique(&c, nonce, entries);
                    let o = odd[d.next() as usize % odd.len()].clone();
                    maybe(d.next(), c, &[("odd command", o)], 0, &mut log)
                })
                .collect();
            if d.next() % 100 < MUTATE {
                cmds.push(cmds[0].clone());
                log.push("duplicate command");
                entries += 1;
            }
            let list = || {
                format!(
                    "[{}]",
                    cmds.iter()
                        .map(|c| toml_str(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let value = if as_array || cmds.len() > 1 {
                list()
            } else {
                toml_str(&cmds[0])
            };
            let value = maybe(
                d.next(),
                value,
                &[
                    ("integer slot", "42".to_string()),
                    ("table slot", "{ cmd = \"true\" }".to_string()),
                    ("array of integers", "[1, 2]".to_string()),
                    ("empty array", "[]".to_string()),
                    ("mixed array", "[\"true\", 1]".to_string()),
                ],
                d.next() as usize,
                &mut log,
            );
            if value == "[]" {
                entries -= cmds.len(); // an empty slot declares no hook
            }
            body.push_str(&format!("{key} = {value}\n"));
        }
        if d.next().is_multiple_of(3) {
            let t = 1 + d.next() as u64 % 60_000;
            let t = maybe(
                d.next(),
                t.to_string(),
                &[
                    ("zero timeout", "0".into()),
                    ("negative timeout", "-1".into()),
                    ("huge timeout", "9223372036854775807".into()),
                    ("float timeout", "1.5".into()),
                    ("string timeout", "\"5000\"".into()),
                ],
                d.next() as usize,
                &mut log,
            );
            body.push_str(&format!("{} = {t}\n", limits_key()));
        }
        if d.next() % 100 < MUTATE / 2 {
            body = "hooks = 3\n".into();
            log.push("hooks not a table");
        }
        let mut text = format!("{TOML_BEFORE}{body}{TOML_AFTER}");
        syntax(&mut text, &mut d, &mut log);
        Doc {
            text,
            entries,
            mutations: log,
            unrelated: vec![TOML_BEFORE.to_string(), TOML_AFTER.trim_start().to_string()],
        }
    })
}

fn hook_ir_slot(i: usize) -> &'static str {
    [
        "pre_tool",
        "post_tool",
        "turn_start",
        "turn_end",
        "session_start",
        "session_end",
    ][i % 6]
}

fn limits_key() -> &'static str {
    "pre_tool_timeout_ms"
}

/// Events a convention accepts into a kind, from the contract table, and whether their
/// matcher is tested against a tool name.
fn accepted_events(c: Convention) -> Vec<(&'static str, bool)> {
    events_of(c)
        .filter(|e| e.kind().is_some() && !e.event.contains('/'))
        .map(|e| (e.event, e.matched == MatchedValue::ToolName))
        .collect()
}

/// Makes each command of a document distinct (`--id<doc>-<n>`): two equal hooks are a
/// duplicate the batch folds into one, and the same command with other settings is an import
/// conflict, both right but not what a valid document is meant to exercise.
fn unique(cmd: &str, nonce: u32, n: usize) -> String {
    format!("{cmd} --id{nonce}-{n}")
}

/// Matchers: tool names, alternations, regexes of the convention's dialect; and bad ones.
fn good_matcher() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Bash".to_string()),
        Just("Write|Edit".to_string()),
        Just("^mcp__.*__write$".to_string()),
        Just("Notebook.*".to_string()),
        Just("*".to_string()),
        "[A-Z][a-z]{2,8}",
    ]
}

const BAD_MATCHERS: [(&str, &str); 6] = [
    ("unbalanced regex", "Bash("),
    ("empty matcher", ""),
    ("untrimmed matcher", " Bash "),
    ("lookbehind regex", "(?<=x)Bash"),
    ("nested quantifier", "(a+)+$"),
    ("astral matcher", "😀?"),
];

/// Jarvis `config.toml`: `[[hooks]]` entries with `event`, `matcher`, `command`, `timeout`.
pub fn jarvis() -> impl Strategy<Value = Doc> {
    let entries = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::option::of(good_matcher()),
            good_command(),
            prop::option::of(limits::jarvis::TIMEOUT_MIN_S..=limits::jarvis::TIMEOUT_MAX_S),
        ),
        1..5,
    );
    (entries, prop::collection::vec(odd_command(), 4), dice()).prop_map(|(es, odd, d)| {
        let events = accepted_events(Convention::Jarvis);
        let mut d = Dice { d: &d, i: 0 };
        let mut log = Vec::new();
        let mut body = String::new();
        let nonce = d.next() % 1_000_000;
        for (n, (ev, matcher, cmd, timeout)) in es.iter().enumerate() {
            let (ev, tool) = events[ev.index(events.len())];
            let matcher = matcher.as_ref().filter(|m| tool && *m != "*");
            let cmd = &unique(cmd, nonce, n);
            let ev = maybe(
                d.next(),
                ev.to_string(),
                &[
                    ("mis-cased event", ev.to_lowercase()),
                    ("unknown event", format!("{ev}Hook")),
                    ("other agent's event", "BeforeTool".into()),
                ],
                d.next() as usize,
                &mut log,
            );
            body.push_str(&format!("[[hooks]]\nevent = {}\n", toml_str(&ev)));
            if let Some(m) = matcher {
                let bad: Vec<(&str, String)> = BAD_MATCHERS
                    .iter()
                    .map(|(n, v)| (*n, v.to_string()))
                    .collect();
                let m = maybe(d.next(), m.to_string(), &bad, d.next() as usize, &mut log);
                body.push_str(&format!("matcher = {}\n", toml_str(&m)));
            }
            let o = odd[d.next() as usize % odd.len()].clone();
            let cmd = maybe(d.next(), cmd.clone(), &[("odd command", o)], 0, &mut log);
            let key = maybe(
                d.next(),
                "command",
                &[("mis-cased key", "Command"), ("unknown key", "cmd")],
                d.next() as usize,
                &mut log,
            );
            body.push_str(&format!("{key} = {}\n", toml_str(&cmd)));
            if let Some(t) = timeout {
                let t = maybe(
                    d.next(),
                    t.to_string(),
                    &[
                        ("zero timeout", "0".into()),
                        ("negative timeout", "-5".into()),
                        ("huge timeout", "100000000".into()),
                        ("float timeout", "2.5".into()),
                        ("string timeout", "\"30\"".into()),
                    ],
                    d.next() as usize,
                    &mut log,
                );
                body.push_str(&format!("timeout = {t}\n"));
            }
            if d.next() % 100 < MUTATE / 2 {
                body.push_str("extra = true\n");
                log.push("unknown field");
            }
            body.push('\n');
        }
        if d.next() % 100 < MUTATE / 2 {
            body.push_str(&body.clone());
            log.push("duplicate entries");
        }
        let mut text = format!("{TOML_BEFORE}{TOML_AFTER}\n{body}");
        syntax(&mut text, &mut d, &mut log);
        Doc {
            text,
            entries: es.len(),
            mutations: log,
            unrelated: vec![TOML_BEFORE.to_string(), TOML_AFTER.trim_start().to_string()],
        }
    })
}

/// Unrelated JSON content around `hooks`.
const JSON_UNRELATED: &str =
    "\"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Bash(ls:*)\"], \"deny\": []}";

/// The one other top-level key Codex accepts next to `hooks` (odd spacing kept), which a writer
/// must not touch. Any other key fails the whole file in Codex 0.171.0
/// (`hooks_file_rejected`, fixtures/codex-hooks-shapes).
const CODEX_UNRELATED: &str = "\"description\"  :   \"team ops, [1,2, 3]\"";

/// Codex `hooks.json` and Claude `settings.json`: `{"hooks": {EVENT: [{"matcher", "hooks":
/// [{"type": "command", "command", "timeout"}]}]}}` (Claude with other settings around it).
pub fn json_hooks(c: Convention) -> impl Strategy<Value = Doc> {
    let groups = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::option::of(good_matcher()),
            prop::collection::vec((good_command(), prop::option::of(1u64..=3600)), 1..3),
        ),
        1..5,
    );
    (groups, prop::collection::vec(odd_command(), 4), dice()).prop_map(move |(gs, odd, d)| {
        let events = accepted_events(c);
        let mut d = Dice { d: &d, i: 0 };
        let mut log = Vec::new();
        let mut by_event: Vec<(String, Vec<String>)> = Vec::new();
        let mut entries = 0;
        let nonce = d.next() % 1_000_000;
        for (ev, matcher, handlers) in &gs {
            let (ev, tool) = events[ev.index(events.len())];
            let ev = ev.to_string();
            let mut group = Vec::new();
            // Gemini's matchers are regexes only: its `*` is no wildcard.
            let gemini = c == Convention::GeminiSettings;
            if let Some(m) = matcher.as_ref().filter(|m| tool && !(gemini && *m == "*")) {
                let bad: Vec<(&str, String)> = BAD_MATCHERS
                    .iter()
                    .map(|(n, v)| (*n, json_str(v)))
                    .chain([("matcher not a string", "42".to_string())])
                    .collect();
                let m = maybe(d.next(), json_str(m), &bad, d.next() as usize, &mut log);
                group.push(format!("\"matcher\": {m}"));
            }
            let mut hs = Vec::new();
            for (cmd, timeout) in handlers {
                let cmd = &unique(cmd, nonce, entries);
                let o = odd[d.next() as usize % odd.len()].clone();
                let cmd = maybe(d.next(), cmd.clone(), &[("odd command", o)], 0, &mut log);
                let ty = maybe(
                    d.next(),
                    "\"command\"",
                    &[
                        ("mis-cased type", "\"Command\""),
                        ("prompt type", "\"prompt\""),
                        ("type not a string", "1"),
                    ],
                    d.next() as usize,
                    &mut log,
                );
                let mut h = format!("{{\"type\": {ty}, \"command\": {}", json_str(&cmd));
                if let Some(t) = timeout {
                    let t = maybe(
                        d.next(),
                        t.to_string(),
                        &[
                            ("zero timeout", "0".into()),
                            ("negative timeout", "-1".into()),
                            ("huge timeout", "18446744073709551616".into()),
                            ("float timeout", "1.5".into()),
                            ("string timeout", "\"30\"".into()),
                            ("null timeout", "null".into()),
                        ],
                        d.next() as usize,
                        &mut log,
                    );
                    h.push_str(&format!(", \"timeout\": {t}"));
                }
                if d.next() % 100 < MUTATE / 2 {
                    h.push_str(", \"commnd\": \"x\"");
                    log.push("unknown handler key");
                }
                h.push('}');
                hs.push(h);
                entries += 1;
            }
            group.push(format!("\"hooks\": [{}]", hs.join(", ")));
            let group = format!("{{{}}}", group.join(", "));
            match by_event.iter_mut().find(|(e, _)| *e == ev) {
                Some((_, v)) => v.push(group),
                None => by_event.push((ev, vec![group])),
            }
        }
        let mut parts = Vec::new();
        for (ev, groups) in &by_event {
            let key = maybe(
                d.next(),
                ev.clone(),
                &[
                    ("mis-cased event", ev.to_lowercase()),
                    ("unknown event", format!("{ev}s")),
                ],
                d.next() as usize,
                &mut log,
            );
            let value = maybe(
                d.next(),
                format!("[\n      {}\n    ]", groups.join(",\n      ")),
                &[
                    ("groups not an array", "{}".to_string()),
                    ("groups a string", "\"x\"".to_string()),
                ],
                d.next() as usize,
                &mut log,
            );
            parts.push(format!("    {}: {value}", json_str(&key)));
        }
        if d.next() % 100 < MUTATE / 2 && !parts.is_empty() {
            parts.push(parts[0].clone());
            log.push("duplicate event key");
        }
        let hooks = maybe(
            d.next(),
            format!("{{\n{}\n  }}", parts.join(",\n")),
            &[
                ("hooks an array", "[]".to_string()),
                ("hooks null", "null".to_string()),
            ],
            d.next() as usize,
            &mut log,
        );
        let mut text = if matches!(c, Convention::ClaudeSettings | Convention::GeminiSettings) {
            format!("{{\n  {JSON_UNRELATED},\n  \"hooks\": {hooks}\n}}\n")
        } else {
            format!("{{\n  {CODEX_UNRELATED},\n  \"hooks\": {hooks}\n}}\n")
        };
        syntax(&mut text, &mut d, &mut log);
        Doc {
            text,
            entries,
            mutations: log,
            unrelated: if matches!(c, Convention::ClaudeSettings | Convention::GeminiSettings) {
                vec![JSON_UNRELATED.to_string()]
            } else {
                vec![CODEX_UNRELATED.to_string()]
            },
        }
    })
}

/// A GJC plugin: its `gajae-plugin.json` manifest and the hook module files it names (written
/// into the plugin directory by [`write_plugin`]; some missing or outside the plugin as
/// mutations).
#[derive(Debug, Clone)]
pub struct Plugin {
    /// The manifest.
    pub doc: Doc,
    /// Module files to create, relative to the plugin root.
    pub files: Vec<String>,
}

/// GJC plugin manifests and their directory trees.
pub fn gjc_plugin() -> impl Strategy<Value = Plugin> {
    let hooks = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            "[a-z][a-z-]{0,10}",
            prop::option::of(prop_oneof![Just("bash"), Just("Edit"), Just("*")]),
        ),
        1..5,
    );
    (hooks, dice()).prop_map(|(hs, d)| {
        let rows: Vec<&'static str> = events_of(Convention::GjcPlugin)
            .filter(|e| e.kind().is_some())
            .map(|e| e.event)
            .collect();
        let mut d = Dice { d: &d, i: 0 };
        let mut log = Vec::new();
        let mut items = Vec::new();
        let mut files = Vec::new();
        for (i, (ev, name, target)) in hs.iter().enumerate() {
            // Rows are spelled `event` or `event/phase`.
            let row = rows[ev.index(rows.len())];
            let (event, phase) = match row.split_once('/') {
                Some((e, p)) => (e, Some(p)),
                None => (row, None),
            };
            let event = maybe(
                d.next(),
                event.to_string(),
                &[
                    ("unknown event", format!("{event}_x")),
                    ("mis-cased event", event.to_uppercase()),
                ],
                d.next() as usize,
                &mut log,
            );
            let file = format!("hooks/{name}-{i}.js");
            let path = maybe(
                d.next(),
                file.clone(),
                &[
                    ("path outside the plugin", "../../escape.js".to_string()),
                    ("absolute path", "/etc/passwd".to_string()),
                    ("missing file", format!("hooks/missing-{i}.js")),
                    ("empty path", String::new()),
                ],
                d.next() as usize,
                &mut log,
            );
            files.push(file);
            let mut item = format!(
                "{{\"name\": {}, \"event\": {}, \"path\": {}",
                json_str(&format!("{name}-{i}")),
                json_str(&event),
                json_str(&path)
            );
            if let Some(p) = phase {
                let p = maybe(
                    d.next(),
                    p.to_string(),
                    &[("bad phase", "during".into())],
                    0,
                    &mut log,
                );
                item.push_str(&format!(", \"phase\": {}", json_str(&p)));
            }
            // `tool_call` needs a target; `tool_result`'s defaults to `*`.
            let target = match (target, row.starts_with("tool_call")) {
                (None, true) => Some("bash"),
                (t, _) => *t,
            };
            if let (Some(t), true) = (target, row.starts_with("tool_")) {
                item.push_str(&format!(", \"target\": {}", json_str(t)));
            }
            item.push('}');
            items.push(item);
        }
        if d.next() % 100 < MUTATE / 2 {
            items.push(items[0].clone());
            log.push("duplicate hook");
        }
        let kind = maybe(
            d.next(),
            "\"gajae-code-plugin\"",
            &[("wrong kind", "\"plugin\""), ("kind not a string", "3")],
            d.next() as usize,
            &mut log,
        );
        let mut text = format!(
            "{{\n  \"kind\": {kind},\n  \"name\": \"p\",\n  \"version\": \"1.0.0\",\n  \"hooks\": [\n    {}\n  ]\n}}\n",
            items.join(",\n    ")
        );
        syntax(&mut text, &mut d, &mut log);
        Plugin {
            doc: Doc {
                text,
                entries: hs.len(),
                mutations: log,
                unrelated: Vec::new(),
            },
            files,
        }
    })
}

/// Tool names every directory convention files a module under (GJC's `normalizeToolMatcher`
/// accepts them): plain, MCP-style, the wildcard, non-ASCII, and one with a dot (the tool is
/// the name minus its last extension).
const TREE_TOOLS: &[&str] = &["bash", "Edit", "*", "mcp__fs__write", "édit", "a.b", "Read"];

/// File names a module is refused under, or that make no module: with whitespace around the
/// tool, `.` as the tool, a backslash.
const BAD_TOOL_FILES: &[&str] = &[" bash.ts", "bash .js", "..ts", "a\\b.ts"];

/// A module registering `events` (the first one is its folder's event; `None` drops it).
fn module_text(events: &[&str], style: u32) -> String {
    let mut t = String::from("// generated\nexport default function (api) {\n");
    for (i, e) in events.iter().enumerate() {
        let q = ["\"", "'", "`"][(style as usize + i) % 3];
        t.push_str(&format!("  api.on({q}{e}{q}, (event) => undefined);\n"));
    }
    t.push_str("}\n");
    t
}

/// Hook directory trees of `conv` (`Gjc`, `ClaudeDir` or `CodexDir`): one to five modules with
/// distinct tool names (GJC modules may register further events), a dot file, and mutations:
/// bad tool names, non-module extensions, unregistered, unknown and rejected events, a
/// subdirectory, binary and non-UTF-8 files, symlinks dangling, leaving or staying in the tree,
/// a folder that is a file, an empty module, odd text, a misnamed Codex file.
pub fn tree(conv: Convention) -> impl Strategy<Value = super::tree::Tree> {
    use super::tree::{Entry, Tree};
    let modules = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            any::<bool>(),
            any::<prop::sample::Index>(),
            prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        ),
        1..6,
    );
    (modules, dice()).prop_map(move |(ms, d)| {
        let mut d = Dice { d: &d, i: 0 };
        let mut log = Vec::new();
        let mut entries = Vec::new();
        let mut hooks = 0;
        let gjc_rows: Vec<(&'static str, bool)> = events_of(Convention::Gjc)
            .filter(|e| !e.event.contains('/'))
            .map(|e| (e.event, e.kind().is_some()))
            .collect();
        let accepted: Vec<&str> = gjc_rows.iter().filter(|r| r.1).map(|r| r.0).collect();
        let rejected: Vec<&str> = gjc_rows.iter().filter(|r| !r.1).map(|r| r.0).collect();
        let mut used = std::collections::HashSet::new();
        let mut files: Vec<String> = Vec::new();
        for (tool, post, ext, extra) in &ms {
            let tool = TREE_TOOLS[tool.index(TREE_TOOLS.len())];
            let (phase, event) = if *post {
                ("post", "tool_result")
            } else {
                ("pre", "tool_call")
            };
            if !used.insert((phase, tool)) {
                continue;
            }
            let exts: &[&str] = match conv {
                Convention::ClaudeDir => &["ts", "js", "sh", "bash", "zsh", "fish"],
                Convention::CodexDir => &["ts", "js"],
                _ => &["ts", "js", "mts", "mjs", "cts", "cjs", "tsx", "jsx", "TS"],
            };
            let ext = exts[ext.index(exts.len())];
            let mut rel = match conv {
                Convention::CodexDir => format!("{phase}-{tool}.{ext}"),
                _ => format!("{phase}/{tool}.{ext}"),
            };
            let mut events = vec![event];
            let mut n = 1;
            if conv == Convention::Gjc {
                for e in extra {
                    let e = accepted[e.index(accepted.len())];
                    if !events.contains(&e) {
                        events.push(e);
                        n += 1;
                    }
                }
            }
            let mut text = if ext.ends_with("sh") || ext == "fish" || ext == "bash" {
                "#!/bin/sh\nexit 0\n".to_string()
            } else {
                module_text(&events, d.next())
            };
            let coin = d.next() % 100;
            if coin < MUTATE {
                let bad = d.next() as usize;
                match bad % 11 {
                    0 => {
                        // In a folder a name starting with `.` is a hidden file, which GJC (and
                        // the reader) skip without a word: not a bad tool name there.
                        let bad: Vec<&str> = BAD_TOOL_FILES
                            .iter()
                            .copied()
                            .filter(|b| conv == Convention::CodexDir || !b.starts_with('.'))
                            .collect();
                        let b = bad[d.next() as usize % bad.len()];
                        rel = match conv {
                            Convention::CodexDir => format!("{phase}-{b}"),
                            _ => format!("{phase}/{b}"),
                        };
                        log.push("bad tool name");
                    }
                    1 => {
                        rel = match conv {
                            Convention::CodexDir => format!("{tool}.ts"),
                            _ => format!("{phase}/{tool}.py"),
                        };
                        log.push("non-module name");
                    }
                    2 => {
                        text = module_text(&events[1..], d.next());
                        log.push("folder event not registered");
                    }
                    3 => {
                        text = format!(
                            "{text}// api.on(\"{event}\")\napi.on(\"no_such_event\", f);\n"
                        );
                        log.push("unknown event");
                    }
                    4 if !rejected.is_empty() => {
                        let r = rejected[d.next() as usize % rejected.len()];
                        text.push_str(&format!("api.on(\"{r}\", f);\n"));
                        log.push("rejected event");
                    }
                    5 => {
                        entries.push(Entry::Dir(format!("{rel}.d")));
                        log.push("subdirectory");
                    }
                    6 => {
                        text = format!("{text}\0binary");
                        log.push("binary file");
                    }
                    7 => {
                        entries.push(Entry::File(rel.clone(), vec![0xFF, 0xFE, b'a']));
                        log.push("not UTF-8");
                        continue;
                    }
                    8 => {
                        let target = match d.next() % 3 {
                            0 => "nowhere.ts".to_string(),
                            1 => "/etc/hostname".to_string(),
                            _ => files.first().map_or("nowhere.ts".into(), |f| {
                                format!("../{f}")
                                    .replace("../pre-", "pre-")
                                    .replace("../post-", "post-")
                            }),
                        };
                        entries.push(Entry::Symlink(rel.clone(), target));
                        log.push("symlink");
                        continue;
                    }
                    9 => {
                        text = String::new();
                        log.push("empty module");
                    }
                    _ => {
                        text = format!(
                            "\u{FEFF}{}\r\n// \u{202E}😀 \u{10FFFF}\r\n",
                            text.replace('\n', "\r\n")
                        );
                        log.push("odd text");
                    }
                }
            }
            hooks += n;
            files.push(rel.clone());
            entries.push(Entry::File(rel, text.into_bytes()));
        }
        // Dot files are skipped by the agents: a valid tree may hold one.
        let dot = match conv {
            Convention::CodexDir => ".pre-bash.ts",
            _ => "pre/.hidden.ts",
        };
        entries.push(Entry::File(dot.into(), b"api.on(\"tool_call\")".to_vec()));
        if conv != Convention::CodexDir && d.next() % 100 < MUTATE / 3 {
            entries.insert(0, Entry::File("post".into(), b"not a folder".to_vec()));
            log.push("folder is a file");
        }
        Tree {
            conv,
            entries,
            hooks,
            mutations: log,
        }
    })
}
