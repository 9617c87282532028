//! The hooks.json writer and GJC's managed-entry merge: format-preserving, idempotent, never
//! destroying user content.

mod common;

use adapters::codex_json::managed::{self, merge};
use adapters::write::{apply, WriteOptions};
use common::Tree;
use hook_ir::{Code, Convention, Detail, Exec, Handler, Hook, Kind, Location, Matcher};

const USER_FILE: &str = r#"{
    "model": "o3",
    "hooks": {
        "Stop": [
            {"hooks": [{"type": "command", "command": "./mine.sh"}]},
            {"hooks": [{"type": "command", "command": "gjc codex-native-hook --old"}, {"type": "command", "command": "./keep.sh"}]},
            {"hooks": [{"type": "command", "command": "/opt/bin/gjc.exe codex-native-hook"}]}
        ],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
        ]
    },
    "zzz": [1, 2, 3]
}
"#;

/// [`USER_FILE`] as Codex 0.171.0 loads it: no top-level key but `description` and `hooks`
/// (any other fails the whole file, `hooks_file_rejected`).
const LOADABLE_USER_FILE: &str = r#"{
    "description": "o3",
    "hooks": {
        "Stop": [
            {"hooks": [{"type": "command", "command": "./mine.sh"}]},
            {"hooks": [{"type": "command", "command": "gjc codex-native-hook --old"}, {"type": "command", "command": "./keep.sh"}]},
            {"hooks": [{"type": "command", "command": "/opt/bin/gjc.exe codex-native-hook"}]}
        ],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
        ]
    }
}
"#;

#[test]
fn managed_merge_into_a_missing_file() {
    let m = merge(None).unwrap();
    assert!(m.changed);
    insta::assert_snapshot!("managed_new_file", m.after);
    let v: serde_json::Value = serde_json::from_str(&m.after).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"hooks": {
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "gjc codex-native-hook", "statusMessage": "GJC skill state"}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "gjc codex-native-hook", "statusMessage": "GJC skill state", "timeout": 30}]}]
        }})
    );
    let again = merge(Some(&m.after)).unwrap();
    assert!(!again.changed);
    assert_eq!(again.after, m.after);
    assert!(again.events.iter().all(|e| e.unchanged));
}

#[test]
fn managed_merge_keeps_user_entries_and_replaces_older_managed_ones() {
    let m = merge(Some(USER_FILE)).unwrap();
    insta::assert_snapshot!("managed_user_file", m.after);
    let v: serde_json::Value = serde_json::from_str(&m.after).unwrap();
    let stop = v["hooks"]["Stop"].as_array().unwrap();
    let cmds: Vec<Vec<&str>> = stop
        .iter()
        .map(|g| {
            g["hooks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h["command"].as_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        cmds,
        [
            vec!["gjc codex-native-hook"],
            vec!["./mine.sh"],
            vec!["./keep.sh"]
        ]
    );
    // Everything else, and its order, survives.
    let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["model", "hooks", "zzz"]);
    assert!(m.after.contains(
        r#"{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}"#
    ));
    let stop_change = &m.events[1];
    assert_eq!(
        (
            stop_change.replaced,
            stop_change.kept,
            stop_change.unchanged
        ),
        (2, 2, false)
    );
    assert!(!merge(Some(&m.after)).unwrap().changed);
}

#[test]
fn managed_merge_refuses_what_gjc_would_silently_destroy() {
    for (text, syntax) in [
        ("{not json", true),
        ("[1]", false),
        (r#"{"hooks": []}"#, false),
        (r#"{"hooks": {"Stop": {"a": 1}}}"#, false),
    ] {
        let e = merge(Some(text)).unwrap_err();
        assert_eq!(e.syntax, syntax, "{text}: {e:?}");
    }
}

#[test]
fn managed_merge_moves_a_managed_entry_that_is_not_first() {
    let text = r#"{"hooks": {"UserPromptSubmit": [
  {"hooks": [{"type": "command", "command": "./user.sh"}]},
  {"hooks": [{"type": "command", "command": "gjc codex-native-hook", "statusMessage": "GJC skill state"}]}
]}}"#;
    let m = merge(Some(text)).unwrap();
    let v: serde_json::Value = serde_json::from_str(&m.after).unwrap();
    let first = &v["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"];
    assert_eq!(first, "gjc codex-native-hook");
    assert_eq!(v["hooks"]["UserPromptSubmit"].as_array().unwrap().len(), 2);
    assert!(managed::is_managed_command("gjc codex-native-hook"));
}

fn cmd_hook(
    event: &str,
    kind: Kind,
    matcher: Matcher,
    command: &str,
    timeout_ms: Option<u64>,
) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("test:{command}"),
        kind,
        convention: Convention::Jarvis,
        source_event: event.into(),
        matcher,
        handler: Handler::Command {
            command: command.into(),
            exec: Exec::Shell,
        },
        timeout_ms,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("src"),
        detail: Detail::None,
    }
}

#[test]
fn writer_appends_groups_preserving_the_file_and_is_idempotent() {
    let t = Tree::empty();
    let path = t.write("project/.codex/hooks.json", LOADABLE_USER_FILE);
    let hooks = [
        cmd_hook(
            "PreToolUse",
            Kind::PreToolUse,
            Matcher::Exact {
                names: vec!["Write".into(), "Edit".into()],
            },
            "./fmt.sh",
            Some(45_000),
        ),
        cmd_hook("Stop", Kind::Stop, Matcher::Any, "./done.sh", Some(600_000)),
        // Already there: no-op.
        cmd_hook(
            "PreToolUse",
            Kind::PreToolUse,
            Matcher::Exact {
                names: vec!["Bash".into()],
            },
            "./guard.sh",
            Some(600_000),
        ),
        cmd_hook(
            "SessionStart",
            Kind::SessionStart,
            Matcher::Exact {
                names: vec!["a b".into()],
            },
            "./odd.sh",
            Some(1_500),
        ),
    ];
    let plan = adapters::plan_write(
        &t.ctx(),
        Convention::CodexJson,
        &hooks,
        &WriteOptions::default(),
    );
    assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
    let after = &plan.changes[0].after;
    insta::assert_snapshot!("writer_merged", after);
    // The user's text is kept byte for byte up to the first insertion.
    assert!(after.starts_with("{\n    \"description\": \"o3\",\n    \"hooks\": {\n        \"Stop\": [\n            {\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]},"));
    apply(&plan).unwrap();
    let d = hooks_rules::load_file(&t.ctx(), &path, Some(Convention::CodexJson));
    let odd = d
        .batch
        .hooks
        .iter()
        .find(|h| h.command() == Some("./odd.sh"))
        .unwrap();
    assert_eq!(
        odd.timeout_ms,
        Some(2_000),
        "1.5 s rounds up to whole seconds"
    );
    let fmt = d
        .batch
        .hooks
        .iter()
        .find(|h| h.command() == Some("./fmt.sh"))
        .unwrap();
    assert_eq!(
        fmt.matcher,
        Matcher::Exact {
            names: vec!["Write".into(), "Edit".into()]
        }
    );
    assert!(odd.matcher.compile().unwrap().is_match("a b"));
    assert!(!odd.matcher.compile().unwrap().is_match("xa b"));
    // Second run: nothing changes.
    let again = adapters::plan_write(
        &t.ctx(),
        Convention::CodexJson,
        &hooks,
        &WriteOptions::default(),
    );
    assert!(again.changes.iter().all(|c| c.is_noop()));
}

#[test]
fn writer_refuses_invalid_files_and_non_command_hooks() {
    let t = Tree::empty();
    t.write("project/.codex/hooks.json", "{ broken");
    let h = cmd_hook("Stop", Kind::Stop, Matcher::Any, "./x.sh", None);
    let plan = adapters::plan_write(
        &t.ctx(),
        Convention::CodexJson,
        std::slice::from_ref(&h),
        &WriteOptions::default(),
    );
    assert!(plan.changes.is_empty());
    assert_eq!(plan.diagnostics[0].code, Code::ParseError);

    let t = Tree::empty();
    let mut module = h.clone();
    module.handler = Handler::Module {
        path: "x.js".into(),
    };
    let mut bad_event = h;
    bad_event.source_event = "turn_end".into();
    let plan = adapters::plan_write(
        &t.ctx(),
        Convention::CodexJson,
        &[module, bad_event],
        &WriteOptions::default(),
    );
    let codes: Vec<_> = plan.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::SemanticMismatch, Code::SemanticMismatch]);
    assert!(plan.changes.is_empty());
}

#[test]
fn round_trip_codex_json_through_the_writer() {
    let src = Tree::fixture("codex-json", "valid");
    let d = hooks_rules::discover_only(
        &adapters::Context {
            home: None,
            ..src.ctx()
        },
        &[Convention::CodexJson],
    );
    let dst = Tree::empty();
    let plan = adapters::plan_write(
        &dst.ctx(),
        Convention::CodexJson,
        &d.batch.hooks,
        &WriteOptions::default(),
    );
    apply(&plan).unwrap();
    let back = dst.discover(&[Convention::CodexJson]);
    let strip = |hs: &[Hook]| -> Vec<_> {
        hs.iter()
            .map(|h| {
                (
                    h.kind,
                    h.source_event.clone(),
                    h.matcher.clone(),
                    h.handler.clone(),
                    h.timeout_ms,
                )
            })
            .collect()
    };
    assert_eq!(strip(&back.batch.hooks), strip(&d.batch.hooks));
}

/// Found by `codex_json_proptest`: `{"hooks": null, "hooks": {}}` made the CST edit the first
/// key while readers take the last, silently losing the managed entries.
#[test]
fn duplicate_keys_are_refused_not_guessed() {
    let e = merge(Some(r#"{"hooks": null, "hooks": {}}"#)).unwrap_err();
    assert!(e.message.contains("written twice"), "{e:?}");
    assert!(merge(Some(r#"{"hooks": {"Stop": [], "Stop": []}}"#)).is_err());
    let t = Tree::empty();
    t.write("project/.codex/hooks.json", r#"{"hooks": {}, "hooks": {}}"#);
    let h = cmd_hook("Stop", Kind::Stop, Matcher::Any, "./x.sh", None);
    let plan = adapters::plan_write(
        &t.ctx(),
        Convention::CodexJson,
        &[h],
        &WriteOptions::default(),
    );
    assert!(plan.changes.is_empty());
    assert_eq!(plan.diagnostics[0].code, Code::ParseError);
}

/// Regression (import e2e): the regex `Bash` (unanchored, also matches `BashOutput`) was written
/// as `"matcher": "Bash"`, which Codex reads as the exact name `Bash`; and a hook converted
/// from Claude (whose JSON detail has no matcher string) was written with no matcher at all,
/// widening it to every tool. Whatever the writer writes, Codex must read back the same matcher.
#[test]
fn matchers_are_read_back_by_codex_as_written() {
    let rx = |p: &str| Matcher::Regex {
        dialect: hook_ir::Dialect::Ecmascript,
        pattern: p.into(),
    };
    let exact = Matcher::Exact {
        names: vec!["Bash".into(), "Edit".into()],
    };
    let mut from_claude = cmd_hook(
        "PreToolUse",
        Kind::PreToolUse,
        exact.clone(),
        "./c.sh",
        None,
    );
    from_claude.convention = Convention::CodexJson;
    from_claude.detail = Detail::JsonGroup {
        group: 0,
        index: 0,
        raw_matcher: None,
        timeout_explicit: false,
        is_async: None,
        status_message: None,
        gjc_managed: false,
    };
    let hooks = vec![
        cmd_hook("PreToolUse", Kind::PreToolUse, rx("Bash"), "./a.sh", None),
        cmd_hook(
            "PreToolUse",
            Kind::PreToolUse,
            rx("Edit|Write"),
            "./b.sh",
            None,
        ),
        from_claude,
        cmd_hook(
            "PreToolUse",
            Kind::PreToolUse,
            rx("^mcp__.*"),
            "./d.sh",
            None,
        ),
    ];
    let dst = Tree::empty();
    let plan = adapters::plan_write(
        &dst.ctx(),
        Convention::CodexJson,
        &hooks,
        &WriteOptions::default(),
    );
    assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
    apply(&plan).unwrap();
    let back = dst.discover(&[Convention::CodexJson]);
    let read: Vec<_> = back.batch.hooks.iter().map(|h| h.matcher.clone()).collect();
    let rust = |p: &str| Matcher::Regex {
        dialect: hook_ir::Dialect::Rust,
        pattern: p.into(),
    };
    assert_eq!(
        read,
        [
            rust("(?:Bash)"),
            rust("(?:Edit|Write)"),
            exact,
            rust("^mcp__.*")
        ]
    );
}

/// Regression (import e2e): the same command with another timeout was appended as a second
/// group, so Codex ran it twice. It is an `import_conflict`; `force` replaces it in place.
#[test]
fn the_same_command_with_other_settings_is_a_conflict_unless_forced() {
    let dst = Tree::empty();
    let file = dst.project().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let text = "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./s.sh\", \"timeout\": 5}]}]\n  },\n  \"description\": \"kept\"\n}\n";
    std::fs::write(&file, text).unwrap();
    let h = cmd_hook("Stop", Kind::Stop, Matcher::Any, "./s.sh", Some(20_000));
    let plan = adapters::plan_write(
        &dst.ctx(),
        Convention::CodexJson,
        std::slice::from_ref(&h),
        &WriteOptions::default(),
    );
    assert_eq!(
        plan.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
        [Code::ImportConflict]
    );
    assert!(plan.changes.iter().all(|c| c.is_noop()));
    // Same command, same effective timeout (5 s): nothing to do.
    let same = cmd_hook("Stop", Kind::Stop, Matcher::Any, "./s.sh", Some(5_000));
    let noop = adapters::plan_write(
        &dst.ctx(),
        Convention::CodexJson,
        &[same],
        &WriteOptions::default(),
    );
    assert!(noop.diagnostics.is_empty() && noop.changes.iter().all(|c| c.is_noop()));
    let forced = adapters::plan_write(
        &dst.ctx(),
        Convention::CodexJson,
        &[h],
        &WriteOptions {
            force: true,
            target: None,
            base: None,
        },
    );
    assert_eq!(
        forced
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect::<Vec<_>>(),
        [Code::ForcedOverwrite]
    );
    apply(&forced).unwrap();
    let after = std::fs::read_to_string(&file).unwrap();
    let v: serde_json::Value = serde_json::from_str(&after).unwrap();
    assert_eq!(v["hooks"]["Stop"].as_array().unwrap().len(), 1, "{after}");
    assert_eq!(v["hooks"]["Stop"][0]["hooks"][0]["timeout"], 20);
    assert!(after.ends_with("\"description\": \"kept\"\n}\n"), "{after}");
}
