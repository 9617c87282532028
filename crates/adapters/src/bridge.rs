//! `hooks bridge` entries in an agent's own hook configuration: recognising them (lint, and the
//! bridge itself, which never runs a bridge entry as a source hook), the command
//! `hooks bridge install` writes, removing entries (`hooks bridge uninstall`), and the lint
//! checks `bridge_without_source_hooks` and `bridge_event_not_bridged`.

use hook_ir::contract::executes;
use hook_ir::jcode_argv::parse_hook_command;
use hook_ir::{Code, Convention, Diagnostic, Hook};
use jsonc_parser::cst::{CstNode, CstRootNode};
use jsonc_parser::ParseOptions;
use serde_json::Value;

/// What a bridge entry's command says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BridgeEntry {
    /// `--host`, as written.
    pub host: Option<String>,
    /// `--event`, as written.
    pub event: Option<String>,
    /// `--from`, as written (comma-separated conventions).
    pub from: Option<String>,
    /// The explicit project PATH, when given.
    pub path: Option<String>,
    /// `--home`, when given.
    pub home: Option<String>,
    /// `--fail-closed` was given.
    pub fail_closed: bool,
    /// `--loop-limit`, as written.
    pub loop_limit: Option<String>,
}

/// The guarantees a bridge entry gives its host on top of the source conventions' contracts
/// (`hooks bridge install --fail-closed --loop-limit N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Guarantees {
    /// A gate hook that crashes, times out, cannot start or answers garbage blocks the call.
    pub fail_closed: bool,
    /// The most consecutive blocks of the host's stop event per session (`None`: the default).
    pub loop_limit: Option<u32>,
}

impl BridgeEntry {
    /// The source conventions: `--from` when given (unknown names are left out), else every
    /// runnable convention but the host.
    pub fn sources(&self, host: Convention) -> Vec<Convention> {
        match &self.from {
            Some(list) => list
                .split(',')
                .filter_map(|c| Convention::parse(c.trim()))
                .collect(),
            None => default_sources(host),
        }
    }
}

/// The conventions a bridge on `host` runs by default: every convention some runtime executes,
/// but the host's own.
pub fn default_sources(host: Convention) -> Vec<Convention> {
    Convention::ALL
        .into_iter()
        .filter(|&c| c != host && executes(c, None))
        .collect()
}

/// Reads `command` as a bridge entry: its program is named `hooks` (any directory) and its
/// first argument is `bridge` (not `bridge install`/`uninstall`). `None` for any other command.
pub fn parse(command: &str) -> Option<BridgeEntry> {
    // Without `bridge` in its text or a quote or backslash that could split the word, the
    // command is no entry: most are not, and tokenizing each was a good part of a lint.
    if !command.contains("bridge") && !command.contains(['\'', '"', '\\']) {
        return None;
    }
    // Shell words as the shells that run these entries split them (quotes, backslashes);
    // jcode's tokenizer is POSIX-like for everything an entry contains.
    let argv = parse_hook_command(command).ok()?;
    let program = argv.first()?;
    let name = program.rsplit('/').next().unwrap_or(program);
    if name != "hooks" || argv.get(1).map(String::as_str) != Some("bridge") {
        return None;
    }
    if matches!(
        argv.get(2).map(String::as_str),
        Some("install" | "uninstall")
    ) {
        return None;
    }
    let mut e = BridgeEntry::default();
    let mut rest = argv[2..].iter();
    while let Some(a) = rest.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| rest.next().cloned());
        match flag {
            "--host" => e.host = value(),
            "--event" => e.event = value(),
            "--from" => e.from = value(),
            "--home" => e.home = value(),
            "--loop-limit" => e.loop_limit = value(),
            "--fail-closed" => e.fail_closed = true,
            f if f.starts_with('-') => {}
            p => e.path = Some(p.to_string()),
        }
    }
    Some(e)
}

/// Whether `hook` is a bridge entry.
pub fn is_bridge(hook: &Hook) -> bool {
    hook.command().is_some_and(|c| parse(c).is_some())
}

/// Whether `host`'s agent runs `hook` of another convention itself, so that a bridge on `host`
/// must not run it again (the host's [`crate::registry::Adapter::runs_itself`]: GitHub Copilot
/// CLI runs the project's `.claude/settings.json`).
pub fn host_runs_itself(host: Convention, hook: &Hook) -> bool {
    crate::registry::adapter(host).runs_itself(hook)
}

/// The hooks a bridge on `host` runs of `hooks`: not the bridge entries, nor the hooks the
/// host's agent runs itself ([`host_runs_itself`]).
pub fn bridged(host: Convention, hook: &Hook) -> bool {
    !is_bridge(hook) && !host_runs_itself(host, hook)
}

/// The command of a bridge entry: `<program> bridge --host HOST --event EVENT [--from A,B]
/// [--fail-closed] [--loop-limit N]`, each word quoted for a POSIX shell where needed.
pub fn command(
    program: &str,
    host: Convention,
    event: &str,
    from: Option<&[Convention]>,
    guarantees: Guarantees,
) -> String {
    let mut words = vec![
        shell_quote(program),
        "bridge".into(),
        "--host".into(),
        host.as_str().into(),
        "--event".into(),
        shell_quote(event),
    ];
    if let Some(f) = from {
        words.push("--from".into());
        words.push(f.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(","));
    }
    if guarantees.fail_closed {
        words.push("--fail-closed".into());
    }
    if let Some(n) = guarantees.loop_limit {
        words.push("--loop-limit".into());
        words.push(n.to_string());
    }
    words.join(" ")
}

/// `w` as one POSIX shell word: as is when it has only safe characters, else single-quoted.
fn shell_quote(w: &str) -> String {
    let safe = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:,=@%".contains(c));
    if safe {
        w.to_string()
    } else {
        // Inside single quotes nothing is special; a single quote closes, is escaped, reopens.
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// Removes from a Claude settings, Codex `hooks.json` or Copilot CLI hooks file text every handler that is a bridge
/// entry for which `remove` is true, then the groups and event keys left empty. Returns the new
/// text and how many handlers were removed; everything else keeps its formatting.
pub fn remove_from_json(
    text: &str,
    remove: impl Fn(&BridgeEntry) -> bool,
) -> Result<(String, usize), String> {
    let root = CstRootNode::parse(text, &ParseOptions::default())
        .map_err(|e| format!("not valid JSON: {e}"))?;
    let Some(hooks) = root.object_value().and_then(|o| o.object_value("hooks")) else {
        return Ok((text.to_string(), 0));
    };
    let mut removed = 0;
    for prop in hooks.properties() {
        let Some(groups) = prop.array_value() else {
            continue;
        };
        let mut emptied = 0;
        for group in groups.elements() {
            let Some(handlers) = group.as_object().and_then(|g| g.array_value("hooks")) else {
                // Copilot CLI's entries sit in the event's array themselves.
                if entry_of(&group).is_some_and(|e| remove(&e)) {
                    remove_node(group);
                    emptied += 1;
                    removed += 1;
                }
                continue;
            };
            let (mut gone, mut left) = (0, 0);
            for h in handlers.elements() {
                if entry_of(&h).is_some_and(|e| remove(&e)) {
                    remove_node(h);
                    gone += 1;
                } else {
                    left += 1;
                }
            }
            // Only a group this removal emptied goes; an empty group of the user's stays.
            if gone > 0 && left == 0 {
                remove_node(group);
                emptied += 1;
            }
            removed += gone;
        }
        if emptied > 0 && groups.elements().is_empty() {
            prop.remove();
        }
    }
    Ok((root.to_string(), removed))
}

/// Removes a top-level `"hooks": {}` (an empty object) from a JSON text, keeping everything
/// else as it is: what an uninstall leaves when its removal emptied the key an install added.
pub fn drop_empty_hooks_key(text: &str) -> String {
    let Ok(root) = CstRootNode::parse(text, &ParseOptions::default()) else {
        return text.to_string();
    };
    let Some(obj) = root.object_value() else {
        return text.to_string();
    };
    let Some(prop) = obj.get("hooks") else {
        return text.to_string();
    };
    if prop
        .value()
        .and_then(|v| v.as_object())
        .is_some_and(|o| o.properties().is_empty())
    {
        prop.remove();
        return root.to_string();
    }
    text.to_string()
}

/// Whether a JSON text has a top-level `hooks` key.
pub fn has_hooks_key(text: &str) -> bool {
    CstRootNode::parse(text, &ParseOptions::default())
        .ok()
        .and_then(|r| r.object_value())
        .is_some_and(|o| o.get("hooks").is_some())
}

/// The bridge entry a handler runs: its `command`, or Copilot CLI's `bash` (which wins over
/// `command` there, trace copilot_command_fields).
fn entry_of(node: &CstNode) -> Option<BridgeEntry> {
    let v: Value = serde_json::from_str(&node.to_string()).ok()?;
    parse(v.get("bash").or_else(|| v.get("command"))?.as_str()?)
}

fn remove_node(node: CstNode) {
    if let Some(o) = node.as_object() {
        o.remove();
    }
}

/// Removes from a Jarvis `config.toml` text every `[[hooks]]` entry whose `command` is a bridge
/// entry for which `remove` is true. Returns the new text and how many entries were removed.
pub fn remove_from_toml(
    text: &str,
    remove: impl Fn(&BridgeEntry) -> bool,
) -> Result<(String, usize), String> {
    let mut doc: toml_edit::DocumentMut =
        text.parse().map_err(|e| format!("not valid TOML: {e}"))?;
    let Some(entries) = doc
        .get_mut("hooks")
        .and_then(|h| h.as_array_of_tables_mut())
    else {
        return Ok((text.to_string(), 0));
    };
    let gone: Vec<bool> = entries
        .iter()
        .map(|t| {
            t.get("command")
                .and_then(|c| c.as_str())
                .and_then(parse)
                .is_some_and(|e| remove(&e))
        })
        .collect();
    let removed = gone.iter().filter(|&&g| g).count();
    if removed == 0 {
        return Ok((text.to_string(), 0));
    }
    // The comments and blank lines before a `[[hooks]]` header belong to that table in
    // toml_edit (its decor prefix): they are the user's, so they move to the next table kept,
    // or to the end of the document, instead of going with the entry.
    let mut carried = String::new();
    for (i, &g) in gone.iter().enumerate() {
        let Some(t) = entries.get_mut(i) else {
            continue;
        };
        let prefix = t
            .decor()
            .prefix()
            .and_then(|p| p.as_str())
            .unwrap_or("")
            .to_string();
        if g {
            carried.push_str(&prefix);
        } else if !carried.is_empty() {
            t.decor_mut()
                .set_prefix(format!("{}{prefix}", std::mem::take(&mut carried)));
        }
    }
    let mut i = 0;
    entries.retain(|_| {
        i += 1;
        !gone[i - 1]
    });
    if !carried.trim().is_empty() {
        let trailing = doc.trailing().as_str().unwrap_or("").to_string();
        doc.set_trailing(format!("{carried}{trailing}"));
    }
    Ok((doc.to_string(), removed))
}

/// Checks every bridge entry among `hooks` (the accepted hooks of one discovery) and returns
/// `bridge_event_not_bridged` / `bridge_without_source_hooks` diagnostics.
pub fn check(hooks: &[Hook]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for h in hooks {
        let Some(e) = h.command().and_then(parse) else {
            continue;
        };
        let not_bridged = |msg: String| {
            Diagnostic::new(Code::BridgeEventNotBridged, msg)
                .with_convention(h.convention)
                .at(h.location.clone())
        };
        let host = match e.host.as_deref().map(|s| (s, Convention::parse(s))) {
            None => {
                out.push(not_bridged("the bridge entry has no `--host`".into()));
                continue;
            }
            Some((s, None)) => {
                out.push(not_bridged(format!("`--host {s}` is not a convention")));
                continue;
            }
            Some((_, Some(c))) => c,
        };
        if host != h.convention {
            out.push(not_bridged(format!(
                "the entry is in a `{}` file but answers as `--host {host}`: the agent would misread its answer",
                h.convention
            )));
            continue;
        }
        match e.event.as_deref() {
            None => {
                out.push(not_bridged("the bridge entry has no `--event`".into()));
                continue;
            }
            Some(ev) if ev != h.source_event => {
                out.push(not_bridged(format!(
                    "the entry runs on `{}` but reads and answers `--event {ev}`",
                    h.source_event
                )));
                continue;
            }
            Some(_) => {}
        }
        let sources = e.sources(host);
        if !sources.iter().any(|&c| executes(c, Some(h.kind))) {
            out.push(not_bridged(format!(
                "none of its source conventions ({}) has a `{}` hook that runs: there is nothing to bridge on `{}`",
                names(&sources),
                h.kind,
                h.source_event
            )));
            continue;
        }
        // With an explicit project PATH the sources live elsewhere: not checked here.
        if e.path.is_some() || e.home.is_some() {
            continue;
        }
        let has_source = hooks
            .iter()
            .any(|s| s.kind == h.kind && sources.contains(&s.convention) && !is_bridge(s));
        if !has_source {
            out.push(
                Diagnostic::new(
                    Code::BridgeWithoutSourceHooks,
                    format!(
                        "no `{}` hook of {} was found: the bridge runs nothing on `{}`",
                        h.kind,
                        names(&sources),
                        h.source_event
                    ),
                )
                .with_convention(h.convention)
                .at(h.location.clone()),
            );
        }
    }
    out
}

fn names(cs: &[Convention]) -> String {
    if cs.is_empty() {
        return "no convention".into();
    }
    cs.iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_bridge_entries_only() {
        let e = parse(
            "/opt/bin/hooks bridge --host claude-settings --event PreToolUse --from gjc,jarvis",
        )
        .unwrap();
        assert_eq!(e.host.as_deref(), Some("claude-settings"));
        assert_eq!(e.event.as_deref(), Some("PreToolUse"));
        assert_eq!(
            e.sources(Convention::ClaudeSettings),
            [Convention::Gjc, Convention::Jarvis]
        );
        let e = parse("'/my dir/hooks' bridge --host=codex-json --event=Stop .").unwrap();
        assert_eq!(e.host.as_deref(), Some("codex-json"));
        assert_eq!(e.path.as_deref(), Some("."));
        assert_eq!(parse("hooks bridge install --host codex-json"), None);
        assert_eq!(parse("hooks lint"), None);
        assert_eq!(parse("./guard.sh bridge"), None);
    }

    #[test]
    fn default_sources_leave_out_the_host_and_the_import_only_directories() {
        let s = default_sources(Convention::ClaudeSettings);
        assert!(!s.contains(&Convention::ClaudeSettings));
        assert!(!s.contains(&Convention::ClaudeDir) && !s.contains(&Convention::CodexDir));
        assert!(s.contains(&Convention::Gjc) && s.contains(&Convention::Jarvis));
        assert!(s.contains(&Convention::CodexJson));
    }

    #[test]
    fn commands_round_trip_through_parse() {
        let c = command(
            "/tmp/a b/hooks",
            Convention::CodexJson,
            "PreToolUse",
            Some(&[Convention::Gjc]),
            Guarantees::default(),
        );
        assert_eq!(
            c,
            "'/tmp/a b/hooks' bridge --host codex-json --event PreToolUse --from gjc"
        );
        let e = parse(&c).unwrap();
        assert_eq!(e.event.as_deref(), Some("PreToolUse"));
        assert_eq!(e.from.as_deref(), Some("gjc"));
        assert!(!e.fail_closed && e.loop_limit.is_none());
        let g = command(
            "hooks",
            Convention::ClaudeSettings,
            "Stop",
            None,
            Guarantees {
                fail_closed: true,
                loop_limit: Some(3),
            },
        );
        assert_eq!(
            g,
            "hooks bridge --host claude-settings --event Stop --fail-closed --loop-limit 3"
        );
        let e = parse(&g).unwrap();
        assert!(e.fail_closed);
        assert_eq!(e.loop_limit.as_deref(), Some("3"));
        // The limit's value is no project PATH.
        assert_eq!(e.path, None);
    }

    #[test]
    fn removes_bridge_handlers_and_empty_groups_keeping_the_rest() {
        let text = r#"{
  "model": "x",
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]},
      {"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event PreToolUse", "timeout": 600}]}
    ],
    "Stop": [
      {"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event Stop"}]}
    ]
  }
}
"#;
        let (after, n) = remove_from_json(text, |_| true).unwrap();
        assert_eq!(n, 2);
        let v: Value = serde_json::from_str(&after).unwrap();
        assert_eq!(v["model"], "x");
        assert_eq!(v["hooks"]["PreToolUse"].as_array().unwrap().len(), 1);
        assert!(v["hooks"].get("Stop").is_none(), "{after}");
        assert!(after.contains("\"matcher\": \"Bash\""), "{after}");
        let (same, n) = remove_from_json(&after, |_| true).unwrap();
        assert_eq!((same.as_str(), n), (after.as_str(), 0));
    }

    #[test]
    fn removes_bridge_entries_from_jarvis_toml() {
        let text = "# mine\n[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"./g.sh\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"hooks bridge --host jarvis --event Stop\"\ntimeout = 600\n";
        let (after, n) = remove_from_toml(text, |_| true).unwrap();
        assert_eq!(n, 1);
        assert!(after.starts_with("# mine\n[[hooks]]"), "{after}");
        assert!(!after.contains("bridge"), "{after}");
    }

    #[test]
    fn the_comments_before_a_removed_jarvis_entry_stay() {
        // toml_edit keeps them as the removed table's prefix (issue 33).
        let text = "# settings\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"hooks bridge --host jarvis --event Stop\"\n# before the next\n[[hooks]]\nevent = \"Stop\"\ncommand = \"hooks bridge --host jarvis --event Stop --from gjc\"\n";
        let (after, n) = remove_from_toml(text, |_| true).unwrap();
        assert_eq!(n, 2);
        assert_eq!(after.trim_end(), "# settings\n\n# before the next");
        let text = "# one\n[[hooks]]\nevent = \"Stop\"\ncommand = \"hooks bridge --host jarvis --event Stop\"\n# two\n[[hooks]]\nevent = \"Stop\"\ncommand = \"mine\"\n";
        let (after, _) = remove_from_toml(text, |_| true).unwrap();
        assert_eq!(
            after,
            "# one\n# two\n[[hooks]]\nevent = \"Stop\"\ncommand = \"mine\"\n"
        );
    }
}
