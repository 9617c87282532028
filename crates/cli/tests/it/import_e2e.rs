//! `hooks import` through the real binary on temp projects and homes: argument checks, an empty
//! source, a dry run (prints the plan with a diff, writes nothing), the JSON plan, a conflict
//! without and with `--force`, an idempotent re-run, and the user's content (comments, other
//! keys, key order, formatting) surviving in TOML and JSON targets. Round trips are in
//! `import_round_trip.rs`, directory imports into GJC in `import_dirs.rs`.

use crate::common;
use common::Tree;

#[test]
fn unsupported_moves_and_bad_conventions_are_usage_errors() {
    let t = Tree::new();
    for (name, args) in [
        (
            "import_unsupported",
            vec!["import", "--from", "gjc", "--to", "jarvis"],
        ),
        (
            "import_same",
            vec!["import", "--from", "jcode", "--to", "jcode"],
        ),
        (
            "import_unknown_convention",
            vec!["import", "--from", "cursor", "--to", "jcode"],
        ),
        ("import_missing_to", vec!["import", "--from", "jcode"]),
        (
            "import_path_is_a_file",
            vec!["import", "--from", "jcode", "--to", "jarvis", "f.toml"],
        ),
    ] {
        if name == "import_path_is_a_file" {
            t.write("project/f.toml", "");
        }
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{}", r.shown);
        insta::assert_snapshot!(name, r.shown);
    }
}

#[test]
fn an_empty_source_imports_nothing_and_writes_nothing() {
    let t = Tree::new();
    for format in ["human", "json"] {
        let r = t.run(&[
            "import",
            "--from",
            "codex-json",
            "--to",
            "jarvis",
            ".",
            "--home",
            "../home",
            "--format",
            format,
        ]);
        assert_eq!(r.code, 0, "{}", r.shown);
        insta::assert_snapshot!(format!("import_empty_{format}"), r.shown);
    }
    assert_eq!(std::fs::read_dir(t.project()).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(t.home()).unwrap().count(), 0);
}

/// Claude Code settings with hooks of several kinds (issue 8's move: claude-settings → jarvis).
const CLAUDE: &str = r#"{
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{ "type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/guard.sh", "timeout": 20 }]
      }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "./notify.sh stop" }] }]
  }
}
"#;

/// The user's Jarvis config: comments, other keys, a hook of their own.
const JARVIS_MINE: &str = r#"# My Jarvis settings
model = "k2"   # the fast one

[[hooks]]
# keep this one
event = "SessionStart"
command = "./hello.sh"

[ui]
theme = "dark"
"#;

fn claude_tree() -> Tree {
    let t = Tree::new();
    t.write("project/.claude/settings.json", CLAUDE);
    t.write("home/.jarvis-code/config.toml", JARVIS_MINE);
    t
}

#[test]
fn a_dry_run_prints_the_plan_with_a_diff_and_writes_nothing() {
    let t = claude_tree();
    let before = t.files();
    let r = t.import(
        "claude-settings",
        "jarvis",
        &["--dry-run", "--format", "human"],
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    insta::assert_snapshot!("dry_run_human", r.shown);
    assert_eq!(t.files(), before, "a dry run writes nothing");

    let j = t.import(
        "claude-settings",
        "jarvis",
        &["--dry-run", "--format", "json"],
    );
    assert_eq!(j.code, 0, "{}", j.shown);
    let mut doc: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    assert_eq!(doc["outcome"], "dry_run");
    assert_eq!(doc["written"], serde_json::json!([]));
    // The record's digests hash the guard, which names the temp dir: not snapshotted.
    for c in doc["changes"].as_array_mut().unwrap() {
        if c["path"].as_str().unwrap().ends_with(".hooks-import") {
            assert!(c["diff"].as_str().unwrap().contains("\"sha256\""), "{c}");
            c["diff"] = "[record]".into();
        }
    }
    insta::assert_json_snapshot!("dry_run_json", doc);
    assert_eq!(t.files(), before, "a dry run writes nothing");
}

#[test]
fn an_import_keeps_the_users_toml_and_a_second_run_changes_nothing() {
    let t = claude_tree();
    let r = t.import("claude-settings", "jarvis", &["--format", "human"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    insta::assert_snapshot!("claude_to_jarvis_human", r.shown);
    let written = t.read("home/.jarvis-code/config.toml");
    // Everything of the user's is still there, in its place, byte for byte.
    assert!(
        written.starts_with(&JARVIS_MINE[..JARVIS_MINE.find("[ui]").unwrap()]),
        "{written}"
    );
    assert!(written.contains("[ui]\ntheme = \"dark\"\n"), "{written}");
    insta::assert_snapshot!(
        "claude_to_jarvis_file",
        written.replace(&t.root().display().to_string(), "[TEMP]")
    );

    let before = t.files();
    let again = t.import("claude-settings", "jarvis", &["--format", "human"]);
    assert_eq!(again.code, 0, "{}", again.shown);
    assert!(
        again
            .stdout
            .contains("\nunchanged ~/.jarvis-code/config.toml\n"),
        "{}",
        again.shown
    );
    assert!(
        again.stdout.contains(
            "nothing to change: everything is already there: 2 hooks read from `claude-settings`; to `jarvis`: 2 already there;"
        ),
        "{}",
        again.shown
    );
    assert_eq!(t.files(), before, "a second run changes nothing");
    let j = t.import("claude-settings", "jarvis", &["--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    assert_eq!(doc["outcome"], "unchanged");
    assert_eq!(doc["changes"][0]["action"], "unchanged");
    assert_eq!(t.files(), before);
}

#[test]
fn a_differing_value_is_a_conflict_without_force_and_overwritten_with_it() {
    let t = claude_tree();
    // The same guard is already there (limited to this project, as import writes it), with
    // another timeout.
    let project = t.project().display().to_string();
    t.write(
        "home/.jarvis-code/config.toml",
        &format!(
            "{JARVIS_MINE}\n[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"^(?:Bash)$\"\ncommand = 'case \"$PWD/\" in {project}/*) ;; *) exit 0 ;; esac; \"{project}\"/.claude/guard.sh'\ntimeout = 5 # short\n"
        ),
    );
    let before = t.files();
    let r = t.import("claude-settings", "jarvis", &["--format", "human"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    insta::assert_snapshot!("conflict_human", r.shown);
    assert_eq!(t.files(), before, "nothing is written on a conflict");
    let j = t.import("claude-settings", "jarvis", &["--format", "json"]);
    assert_eq!(j.code, 1);
    let doc: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    assert_eq!(doc["outcome"], "refused");
    assert!(doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "import_conflict"));
    assert_eq!(t.files(), before);

    let forced = t.import(
        "claude-settings",
        "jarvis",
        &["--format", "human", "--force"],
    );
    assert_eq!(forced.code, 0, "{}", forced.shown);
    insta::assert_snapshot!("conflict_forced_human", forced.shown);
    let after = t.read("home/.jarvis-code/config.toml");
    assert!(after.contains("timeout = 20 # short\n"), "{after}");
    assert!(after.starts_with(JARVIS_MINE), "{after}");
    assert_eq!(after.matches("guard.sh").count(), 1, "{after}");
}

#[test]
fn jcode_comments_and_its_one_timeout() {
    let t = Tree::new();
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"^(?:Bash)$\"\ncommand = \"./guard.sh && echo ok\"\ntimeout = 30\n",
    );
    let mine = "# jcode\nmodel = \"anthropic\"\n\n[hooks]\n# my audit log\nturn_end = \"./log-turn.sh\"  # every turn\npre_tool_timeout_ms = 2000 # fast\n\n[tui]\nmouse = true\n";
    t.write("home/.jcode/config.toml", mine);
    let before = t.files();
    let r = t.import("jarvis", "jcode", &["--format", "human"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    insta::assert_snapshot!("jcode_timeout_conflict", r.shown);
    assert_eq!(t.files(), before);

    let forced = t.import("jarvis", "jcode", &["--force", "--format", "human"]);
    assert_eq!(forced.code, 0, "{}", forced.shown);
    let after = t.read("home/.jcode/config.toml");
    insta::assert_snapshot!("jcode_forced_file", after);
    assert!(after.contains("# my audit log\nturn_end = \"./log-turn.sh\"  # every turn\n"));
    assert!(
        after.contains("pre_tool_timeout_ms = 30000 # fast\n"),
        "{after}"
    );
    assert!(after.ends_with("\n[tui]\nmouse = true\n"), "{after}");
    // Read back: the wrapper limits the gate to Bash and runs the shell command.
    let hooks = t.hooks_of("jcode");
    assert_eq!(hooks.len(), 2, "{hooks:#?}");
    assert_eq!(hooks[1]["timeout_ms"], 30000);

    let before = t.files();
    let again = t.import("jarvis", "jcode", &["--format", "json"]);
    assert_eq!(again.code, 0, "{}", again.shown);
    assert_eq!(t.files(), before, "a second run changes nothing");
}

#[test]
fn json_targets_keep_other_keys_order_and_indentation() {
    let t = Tree::new();
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PostToolUse\"\nmatcher = \"Edit|Write\"\ncommand = \"prettier --write .\"\n",
    );
    // Tabs, an unusual key order and a hook of the user's own.
    let mine = "{\n\t\"zeta\": true,\n\t\"hooks\": {\n\t\t\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}]\n\t},\n\t\"alpha\": [1, 2]\n}\n";
    // Jarvis hooks are the user's: they go to the user-level files.
    // Codex 0.171.0 accepts no top-level key but `description` and `hooks`
    // (`hooks_file_rejected`): its file keeps the same layout with `description`.
    let mine_codex = mine
        .replace("\t\"zeta\": true,", "\t\"description\": \"zeta\",")
        .replace(",\n\t\"alpha\": [1, 2]", "");
    t.write("home/.codex/hooks.json", &mine_codex);
    t.write("home/.claude/settings.json", mine);
    for to in ["codex-json", "claude-settings"] {
        let r = t.import("jarvis", to, &["--format", "json"]);
        assert_eq!(r.code, 0, "{}", r.shown);
    }
    for (name, path, first, last) in [
        (
            "json_kept_codex",
            "home/.codex/hooks.json",
            "\"description\": \"zeta\"",
            "\t}\n}\n",
        ),
        (
            "json_kept_claude",
            "home/.claude/settings.json",
            "\"zeta\": true",
            "\t},\n\t\"alpha\": [1, 2]\n}\n",
        ),
    ] {
        let after = t.read(path);
        assert!(after.starts_with(&format!("{{\n\t{first},\n\t\"hooks\": {{\n\t\t\"Stop\": [{{\"hooks\": [{{\"type\": \"command\", \"command\": \"./mine.sh\"}}]}}],")), "{after}");
        assert!(after.ends_with(last), "{after}");
        insta::assert_snapshot!(name, after);
    }
    let before = t.files();
    for to in ["codex-json", "claude-settings"] {
        let r = t.import("jarvis", to, &["--format", "json"]);
        assert_eq!(r.code, 0, "{}", r.shown);
    }
    assert_eq!(t.files(), before, "a second run changes nothing");
}

/// What cannot move is refused with a coded error at its source line and left out; the rest
/// moves, and the exit code is 1.
#[test]
fn what_cannot_move_is_refused_with_a_code_and_the_rest_moves() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreToolUse": [
    {"matcher": "mcp__github__.*", "hooks": [{"type": "command", "command": "./gh.sh"}]},
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "async": true, "statusMessage": "Checking"}]}
  ],
  "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "./hello.sh"}]}],
  "Notification": [{"hooks": [{"type": "command", "command": "./ping.sh"}]}]
}}
"#,
    );
    let r = t.import("claude-settings", "jcode", &["--format", "human"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    insta::assert_snapshot!("refusals_claude_to_jcode", r.shown);
    let jcode = t.read("home/.jcode/config.toml");
    assert!(jcode.contains("./guard.sh"), "{jcode}");
    // The regex `mcp__github__.*` has an exact `case` glob (issue 14): it moves.
    assert!(jcode.contains("in *mcp__github__*)"), "{jcode}");
    assert!(!jcode.contains("hello.sh"), "{jcode}");
    assert_eq!(t.hooks_of("jcode").len(), 2);
}

/// GJC's managed Codex entries (from `hooks setup codex`) stay in Codex with a note; the user's
/// own hook moves and the import succeeds.
#[test]
fn gjc_managed_codex_entries_stay_and_do_not_fail_the_import() {
    let t = Tree::new();
    let setup = t.run(&["setup", "codex", "--home", "../home"]);
    assert_eq!(setup.code, 0, "{}", setup.shown);
    let file = t.read("home/.codex/hooks.json");
    let mut doc: serde_json::Value = serde_json::from_str(&file).unwrap();
    doc["hooks"]["PreToolUse"] = serde_json::json!([
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
    ]);
    t.write(
        "home/.codex/hooks.json",
        &serde_json::to_string_pretty(&doc).unwrap(),
    );
    let r = t.import("codex-json", "claude-settings", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let plan: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(plan["read"], 3);
    assert_eq!(plan["hooks"].as_array().unwrap().len(), 1);
    let managed: Vec<_> = plan["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "managed_hook_not_imported")
        .collect();
    assert_eq!(managed.len(), 2, "{plan:#}");
    // User-level Codex hooks go to the user's Claude settings (issue 14: scopes are kept).
    let claude = t.read("home/.claude/settings.json");
    assert!(claude.contains("./guard.sh"), "{claude}");
    assert!(!claude.contains("codex-native-hook"), "{claude}");
    assert!(!t.root().join("project/.claude/settings.json").exists());
}
