//! "Write the hooks once, generate the others, run it again after each change" (issue 24):
//! importing again replaces what the earlier import wrote — a changed command is updated, a
//! hook removed from the source is removed from every target, hand-written and hand-edited
//! hooks are kept — and exit codes say what docs/cli.md says (unchanged → 0, `--allow-loss`,
//! a dry run exits as the real run would).

use crate::common;

use common::Tree;

const TARGETS: &str = "codex-json,gemini-settings,jarvis,jcode";
/// The target conventions, each with the file it is written to.
const FILES: [(&str, &str); 4] = [
    ("codex-json", "project/.codex/hooks.json"),
    ("gemini-settings", "project/.gemini/settings.json"),
    ("jarvis", "home/.jarvis-code/config.toml"),
    ("jcode", "home/.jcode/config.toml"),
];

fn settings(guard: &str, with_stop: bool) -> String {
    let stop = if with_stop {
        r#", "Stop": [{"hooks": [{"type": "command", "command": "./done.sh"}]}]"#
    } else {
        ""
    };
    format!(
        r#"{{
  "hooks": {{
    "PreToolUse": [{{"matcher": "Bash", "hooks": [{{"type": "command", "command": "./guard.sh {guard}"}}]}}]{stop}
  }}
}}
"#
    )
}

/// The commands of one convention's hooks, as `hooks list` reads them.
fn commands(t: &Tree, convention: &str) -> Vec<String> {
    t.hooks_of(convention)
        .iter()
        .map(|h| h["handler"]["command"].as_str().unwrap().to_string())
        .collect()
}

fn count(t: &Tree, convention: &str, needle: &str) -> usize {
    commands(t, convention)
        .iter()
        .filter(|c| c.contains(needle))
        .count()
}

fn import_json(t: &Tree, extra: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["--format", "json"];
    args.extend_from_slice(extra);
    let r = t.import("claude-settings", TARGETS, &args);
    let doc = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}\n{}", r.shown));
    (r.code, doc)
}

/// A tree whose Claude settings were imported once into every target.
fn imported(guard: &str, with_stop: bool) -> Tree {
    let t = Tree::new();
    t.write("project/.claude/settings.json", &settings(guard, with_stop));
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "guard.sh v1"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
    t
}

#[test]
fn a_changed_command_replaces_the_imported_one_in_every_target() {
    let t = imported("v1", true);
    t.write("project/.claude/settings.json", &settings("v2", true));
    let (code, doc) = import_json(&t, &["--force"]);
    assert_eq!(code, 0, "{doc:#}");
    for target in doc["targets"].as_array().unwrap() {
        assert_eq!(target["updated"], 1, "{doc:#}");
        assert_eq!(target["removed"], 0, "{doc:#}");
    }
    let removals = doc["removals"].as_array().unwrap();
    assert_eq!(removals.len(), 4, "{doc:#}");
    assert!(removals
        .iter()
        .all(|r| r["updated"] == true && r["command"].as_str().unwrap().contains("guard.sh v1")));
    // Twice: the second run changes nothing.
    let before = t.files();
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    assert_eq!(doc["outcome"], "unchanged", "{doc:#}");
    assert_eq!(t.files(), before);
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "guard.sh v1"),
            0,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "guard.sh v2"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "done.sh"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            commands(&t, conv).len(),
            2,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
}

#[test]
fn a_hook_removed_from_the_source_is_removed_from_every_target() {
    let t = imported("v1", true);
    t.write("project/.claude/settings.json", &settings("v1", false));
    let r = t.import("claude-settings", TARGETS, &["--format", "human"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(
        r.stdout
            .contains("to `codex-json`: 1 moved, 1 removed (no longer in the source)"),
        "{}",
        r.shown
    );
    assert!(
        r.stdout.contains(
            "removed `./done.sh` (Stop) in .codex/hooks.json: the source no longer has it"
        ),
        "{}",
        r.shown
    );
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "done.sh"),
            0,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "guard.sh v1"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
    // Every hook gone from the source: every imported hook gone from the targets, the files
    // still read (the other keys kept).
    t.write("project/.claude/settings.json", "{\"hooks\": {}}\n");
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    for (conv, _) in FILES {
        assert!(
            commands(&t, conv).is_empty(),
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
}

#[test]
fn hand_written_and_hand_edited_hooks_in_a_target_are_kept() {
    let t = imported("v1", true);
    // By hand, in the targets: a hook of one's own in Codex and Jarvis (with a comment), and
    // an edit of the imported guard in Gemini.
    let codex = t
        .read("project/.codex/hooks.json")
        .replacen(
            "\"hooks\": {",
            "\"hooks\": {\n    \"UserPromptSubmit\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}],",
            1,
        );
    t.write("project/.codex/hooks.json", &codex);
    let jarvis = format!(
        "{}\n# my own\n[[hooks]]\nevent = \"Stop\"\ncommand = \"./mine.sh\"\n",
        t.read("home/.jarvis-code/config.toml")
    );
    t.write("home/.jarvis-code/config.toml", &jarvis);
    let gemini = t
        .read("project/.gemini/settings.json")
        .replace("./guard.sh v1", "./guard.sh v1 --strict");
    t.write("project/.gemini/settings.json", &gemini);

    t.write("project/.claude/settings.json", &settings("v2", false));
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    let edited: Vec<_> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "imported_hook_edited")
        .collect();
    assert_eq!(edited.len(), 1, "{doc:#}");
    assert_eq!(edited[0]["severity"], "warning");
    assert_eq!(
        edited[0]["location"]["path"], ".gemini/settings.json",
        "{doc:#}"
    );

    assert_eq!(count(&t, "codex-json", "mine.sh"), 1);
    assert_eq!(count(&t, "jarvis", "mine.sh"), 1);
    assert!(t
        .read("home/.jarvis-code/config.toml")
        .contains("# my own\n"));
    assert_eq!(count(&t, "gemini-settings", "guard.sh v1 --strict"), 1);
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "guard.sh v2"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "done.sh"),
            0,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        if conv != "gemini-settings" {
            assert_eq!(
                count(&t, conv, "guard.sh v1"),
                0,
                "{conv}: {:?}",
                commands(&t, conv)
            );
        }
    }
    // A hand-written hook equal to one the source has is not the import's either: removing it
    // from the source leaves it.
    let t = Tree::new();
    t.write(
        "project/.codex/hooks.json",
        "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./done.sh\"}]}]}}\n",
    );
    t.write("project/.claude/settings.json", &settings("v1", true));
    assert_eq!(t.import("claude-settings", "codex-json", &[]).code, 0);
    t.write("project/.claude/settings.json", &settings("v1", false));
    let r = t.import("claude-settings", "codex-json", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(count(&t, "codex-json", "done.sh"), 1);
}

/// One hook jcode cannot take (a regex with `?` has no `case` pattern) and one it can.
const LOSSY: &str = r#"{"hooks": {"PreToolUse": [
  {"matcher": "^Bas?h$", "hooks": [{"type": "command", "command": "./odd.sh"}]},
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./ok.sh"}]}
]}}"#;

#[test]
fn importing_again_with_nothing_changed_exits_0_and_changes_no_byte() {
    let t = Tree::new();
    t.write("project/.claude/settings.json", LOSSY);
    let first = t.import("claude-settings", "jcode,codex-json", &["--format", "json"]);
    assert_eq!(first.code, 1, "the loss is reported: {}", first.shown);
    let before = t.files();
    let again = t.import("claude-settings", "jcode,codex-json", &["--format", "json"]);
    // docs/cli.md: everything already there → 0 (it exited 1, outcome "unchanged").
    assert_eq!(again.code, 0, "{}", again.shown);
    let doc: serde_json::Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(doc["outcome"], "unchanged");
    assert_eq!(doc["targets"][0]["left_out"]["matcher_not_portable"], 1);
    assert_eq!(t.files(), before);
}

#[test]
fn a_known_loss_is_acknowledged_with_allow_loss() {
    let t = Tree::new();
    t.write("project/.claude/settings.json", LOSSY);
    let before = t.files();
    let dry = t.import("claude-settings", "jcode", &["--dry-run"]);
    assert_eq!(
        dry.code, 1,
        "a dry run exits as the real run would: {}",
        dry.shown
    );
    let dry = t.import(
        "claude-settings",
        "jcode",
        &["--dry-run", "--allow-loss", "matcher_not_portable"],
    );
    assert_eq!(dry.code, 0, "{}", dry.shown);
    assert_eq!(t.files(), before, "a dry run writes nothing");

    let bad = t.import(
        "claude-settings",
        "jcode",
        &["--allow-loss", "matcher_not_portabel"],
    );
    assert_eq!(bad.code, 2, "{}", bad.shown);
    assert!(
        bad.stderr.contains("unknown diagnostic code"),
        "{}",
        bad.shown
    );
    assert_eq!(t.files(), before);

    let r = t.import("claude-settings", "jcode", &["--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let t = Tree::new();
    t.write("project/.claude/settings.json", LOSSY);
    let r = t.import(
        "claude-settings",
        "jcode",
        &[
            "--format",
            "json",
            "--allow-loss",
            "tool_not_in_target,matcher_not_portable",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(count(&t, "jcode", "ok.sh"), 1);
    assert_eq!(count(&t, "jcode", "odd.sh"), 0);
}

#[test]
fn a_dry_run_exits_as_the_real_run_and_shows_what_it_would_remove() {
    let t = imported("v1", true);
    t.write("project/.claude/settings.json", &settings("v1", false));
    let before = t.files();
    let r = t.import(
        "claude-settings",
        TARGETS,
        &["--dry-run", "--format", "human"],
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(
        r.stdout.contains(
            "would remove `./done.sh` (Stop) in .codex/hooks.json: the source no longer has it"
        ),
        "{}",
        r.shown
    );
    assert_eq!(t.files(), before, "a dry run writes nothing");
    // With nothing to change, a dry run exits 0 as well, also with a loss already reported.
    let t = Tree::new();
    t.write("project/.claude/settings.json", LOSSY);
    assert_eq!(t.import("claude-settings", "jcode", &[]).code, 1);
    let r = t.import("claude-settings", "jcode", &["--dry-run"]);
    assert_eq!(r.code, 0, "{}", r.shown);
}

#[test]
fn into_claude_settings_the_same_holds_and_the_users_keys_stay() {
    let t = Tree::new();
    let codex = |cmd: &str| {
        format!(
            "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [{{\"type\": \"command\", \"command\": \"{cmd}\"}}]}}], \"Stop\": [{{\"hooks\": [{{\"type\": \"command\", \"command\": \"./stop.sh\"}}]}}]}}}}\n"
        )
    };
    t.write("project/.codex/hooks.json", &codex("./guard.sh v1"));
    t.write(
        "project/.claude/settings.json",
        "{\n  \"model\": \"opus\",\n  \"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./by-hand.sh\"}]}]}\n}\n",
    );
    assert_eq!(t.import("codex-json", "claude-settings", &[]).code, 0);
    t.write("project/.codex/hooks.json", &codex("./guard.sh v2"));
    let r = t.import("codex-json", "claude-settings", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let claude = commands(&t, "claude-settings");
    assert_eq!(claude.len(), 3, "{claude:?}");
    assert!(claude.iter().any(|c| c == "./guard.sh v2"), "{claude:?}");
    assert!(claude.iter().any(|c| c == "./by-hand.sh"), "{claude:?}");
    assert!(!claude.iter().any(|c| c.contains("v1")), "{claude:?}");
    let text = t.read("project/.claude/settings.json");
    assert!(text.starts_with("{\n  \"model\": \"opus\",\n"), "{text}");
}

#[test]
fn a_record_that_cannot_be_read_stops_the_import() {
    let t = imported("v1", true);
    t.write("project/.codex/.hooks.json.hooks-import", "{not json");
    t.write("project/.claude/settings.json", &settings("v2", true));
    let before = t.files();
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 1, "{doc:#}");
    assert_eq!(doc["outcome"], "refused", "{doc:#}");
    let d = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unreadable_source")
        .unwrap_or_else(|| panic!("{doc:#}"));
    assert_eq!(d["location"]["path"], ".codex/.hooks.json.hooks-import");
    assert_eq!(t.files(), before, "nothing is written");
}

#[test]
fn a_target_deleted_by_hand_is_written_again_without_edited_warnings() {
    let t = imported("v1", true);
    std::fs::remove_file(t.root().join("project/.codex/hooks.json")).unwrap();
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    assert!(
        !doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "imported_hook_edited"),
        "{doc:#}"
    );
    assert_eq!(commands(&t, "codex-json").len(), 2);
    // And it is the import's again: a change replaces it.
    t.write("project/.claude/settings.json", &settings("v2", true));
    assert_eq!(import_json(&t, &[]).0, 0);
    assert_eq!(count(&t, "codex-json", "guard.sh v1"), 0);
    assert_eq!(count(&t, "codex-json", "guard.sh v2"), 1);
}

#[test]
fn only_the_sources_read_are_replaced_from() {
    // Another project's hooks, guarded in the same user-level jcode file, stay.
    let t = imported("v1", false);
    t.write("other/.claude/settings.json", &settings("other", false));
    let other = |extra: &[&str]| {
        let mut args = vec![
            "import",
            "--from",
            "claude-settings",
            "--to",
            "jcode",
            "../other",
            "--home",
            "../home",
        ];
        args.extend_from_slice(extra);
        t.run(&args)
    };
    assert_eq!(other(&[]).code, 0);
    t.write("project/.claude/settings.json", &settings("v2", false));
    assert_eq!(import_json(&t, &[]).0, 0);
    assert_eq!(count(&t, "jcode", "guard.sh other"), 1);
    assert_eq!(count(&t, "jcode", "guard.sh v2"), 1);
    assert_eq!(count(&t, "jcode", "guard.sh v1"), 0);

    // A source with an error (a typo) is not replaced from: its hooks may be missing only
    // because of it.
    let before = t.files();
    t.write(
        "project/.claude/settings.json",
        "{\"hooks\": {\"PreToolUse\": [}",
    );
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 1, "{doc:#}");
    assert!(doc["removals"].as_array().unwrap().is_empty(), "{doc:#}");
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "guard.sh v2"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
    let mut now = t.files();
    now.remove("project/.claude/settings.json");
    let mut then = before;
    then.remove("project/.claude/settings.json");
    assert_eq!(now, then);

    // A source file deleted: its hooks go with it (here the personal file).
    t.write("project/.claude/settings.json", &settings("v2", false));
    t.write(
        "project/.claude/settings.local.json",
        "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}]}}",
    );
    assert_eq!(import_json(&t, &[]).0, 0);
    assert_eq!(count(&t, "codex-json", "mine.sh"), 1);
    std::fs::remove_file(t.root().join("project/.claude/settings.local.json")).unwrap();
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    for (conv, _) in FILES {
        assert_eq!(
            count(&t, conv, "mine.sh"),
            0,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "guard.sh v2"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
    // `--scope user` reads no project file: nothing of the project's is replaced.
    t.write("project/.claude/settings.json", "{}");
    let r = t.import(
        "claude-settings",
        TARGETS,
        &["--scope", "user", "--format", "json"],
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(count(&t, "codex-json", "guard.sh v2"), 1);
}

#[test]
fn a_project_imported_through_a_symlink_is_the_same_source() {
    let t = Tree::new();
    std::os::unix::fs::symlink(t.project(), t.root().join("link")).unwrap();
    t.write("project/.claude/settings.json", &settings("v1", false));
    let r = t.run(&[
        "import",
        "--from",
        "claude-settings",
        "--to",
        TARGETS,
        "../link",
        "--home",
        "../home",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    t.write("project/.claude/settings.json", &settings("v2", false));
    let (code, doc) = import_json(&t, &[]);
    assert_eq!(code, 0, "{doc:#}");
    for (conv, _) in FILES {
        assert_eq!(
            commands(&t, conv).len(),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
        assert_eq!(
            count(&t, conv, "guard.sh v2"),
            1,
            "{conv}: {:?}",
            commands(&t, conv)
        );
    }
}
