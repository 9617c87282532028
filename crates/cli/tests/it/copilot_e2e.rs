//! Issue 29, `copilot-hooks`, through the real binary: every layer GitHub Copilot CLI 1.0.102
//! reads is found in its run order and stamped with its layer (also from another current
//! directory and with `--home` not `$HOME`), `$COPILOT_HOME` replaces `~/.copilot`, each mistake
//! is reported where Copilot drops it (an entry alone, a settings file whole), `disableAllHooks`
//! switches as recorded, and explicitly named files find their convention and layer. Fixtures:
//! `fixtures/copilot-hooks/` (shaped after the recorded traces).

use crate::common;
use common::Tree;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/copilot-hooks")
}

fn json(r: &common::Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

/// (source_event, scope, file name of the location) of each hook of a lint or list document.
fn layout(doc: &Value) -> Vec<(String, String, String)> {
    doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let path = h["location"]["path"].as_str().unwrap();
            (
                h["source_event"].as_str().unwrap().to_string(),
                h["scope"].as_str().unwrap().to_string(),
                path.rsplit('/').next().unwrap().to_string(),
            )
        })
        .collect()
}

fn codes_at(doc: &Value) -> Vec<(String, String, u64)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let loc = &d["location"];
            (
                d["code"].as_str().unwrap().to_string(),
                loc["path"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                loc["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn every_layer_is_read_in_copilots_order_from_another_directory() {
    let valid = fixtures().join("valid");
    let elsewhere = Tree::new();
    // Run from an unrelated directory, with a HOME that is not `--home`.
    let r = common::hooks(
        &[
            "lint",
            valid.join("project").to_str().unwrap(),
            "--home",
            valid.join("home").to_str().unwrap(),
            "--no-env",
            "--format",
            "json",
        ],
        elsewhere.root(),
        &elsewhere.home(),
        elsewhere.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc = json(&r);
    assert_eq!(doc["summary"]["errors"], 0, "{}", r.shown);
    assert_eq!(doc["summary"]["warnings"], 0, "{}", r.shown);
    // policy → user files → user settings → repo files (descending: b before a) → repo settings
    // (trace copilot_layers_order, copilot_file_order).
    let want = [
        ("preToolUse", "user", "guard.json"),
        ("sessionStart", "user", "settings.json"),
        ("PreToolUse", "project", "b-policy.json"),
        ("agentStop", "project", "b-policy.json"),
        ("postToolUse", "project", "a-format.json"),
        ("userPromptSubmitted", "project", "settings.json"),
    ];
    let got = layout(&doc);
    assert_eq!(
        got,
        want.map(|(e, s, f)| (e.to_string(), s.to_string(), f.to_string())),
        "{}",
        r.shown
    );
    let hooks = doc["hooks"].as_array().unwrap();
    assert!(hooks.iter().all(|h| h["convention"] == "copilot-hooks"));
    // timeoutSec in seconds, 30 s by default.
    assert_eq!(hooks[0]["timeout_ms"], 10_000);
    assert_eq!(hooks[1]["timeout_ms"], 30_000);
    // camelCase: an anchored Rust regex on Copilot's names; PascalCase: Claude's `Bash` is
    // Copilot's `bash`; exec runs without a shell.
    assert_eq!(hooks[0]["matcher"]["pattern"], "^(?:bash)$");
    assert_eq!(hooks[2]["matcher"]["names"], serde_json::json!(["bash"]));
    assert_eq!(hooks[3]["handler"]["exec"], "direct");
    assert_eq!(hooks[3]["handler"]["command"], "./scripts/check --quiet");
}

#[test]
fn hooks_list_shows_each_layer() {
    let valid = fixtures().join("valid");
    let t = Tree::new();
    let r = common::hooks(
        &[
            "list",
            valid.join("project").to_str().unwrap(),
            "--home",
            valid.join("home").to_str().unwrap(),
            "--no-env",
            "--format",
            "human",
        ],
        t.root(),
        &t.home(),
        t.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{}", r.shown);
    assert!(lines[0].contains("copilot-hooks") && lines[0].contains(" user "));
    assert!(
        lines[0].contains("~/.copilot/hooks/guard.json:5"),
        "{}",
        r.shown
    );
    assert!(lines[4].contains(" project ") && lines[4].contains("a-format.json:5"));
    assert!(lines[6].starts_with("6 hook"), "{}", r.shown);
}

#[test]
fn each_mistake_is_reported_where_copilot_drops_it() {
    let mistakes = fixtures().join("mistakes/project");
    let r = common::hooks(
        &[
            "lint", ".", "--home", "../home", "--no-env", "--format", "json",
        ],
        &mistakes,
        &mistakes,
        &mistakes,
    );
    assert_eq!(r.code, 1, "{}", r.shown);
    let doc = json(&r);
    // Only `./kept.sh` survives: the settings file's good inline entry is rejected with its
    // bad sibling (trace copilot_inline_bad_item); each bad entry of the hooks file is dropped
    // alone (copilot_bad_item_dropped, copilot_matchers, copilot_pascal_matchers).
    let commands: Vec<&str> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["handler"]["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands, ["./kept.sh"], "{}", r.shown);
    let want = [
        ("unknown_event", "hooks.json", 4),
        ("missing_field", "hooks.json", 6),
        ("invalid_matcher_regex", "hooks.json", 7),
        ("invalid_timeout", "hooks.json", 8),
        ("invalid_tool_matcher", "hooks.json", 11),
        ("missing_field", "settings.json", 3),
        ("hooks_file_rejected", "settings.json", 3),
    ];
    assert_eq!(
        codes_at(&doc),
        want.map(|(c, f, l)| (c.to_string(), f.to_string(), l)),
        "{}",
        r.shown
    );
    let typo = &doc["diagnostics"][0];
    assert_eq!(typo["help"], "did you mean `preToolUse`?");
}

#[test]
fn copilot_home_replaces_the_user_folder_and_disable_all_hooks_switches_as_recorded() {
    let t = Tree::new();
    t.write(
        "home/.copilot/hooks/ignored.json",
        r#"{"version": 1, "hooks": {"sessionEnd": [{"bash": "echo not-read"}]}}"#,
    );
    t.write(
        "state/hooks/mine.json",
        r#"{"version": 1, "hooks": {"sessionEnd": [{"bash": "echo from-copilot-home"}]}}"#,
    );
    t.write(
        "project/.github/hooks/off.json",
        r#"{"version": 1, "disableAllHooks": true, "hooks": {"sessionEnd": [{"bash": "echo off"}]}}"#,
    );
    t.write(
        "project/.github/hooks/on.json",
        r#"{"version": 1, "hooks": {"sessionEnd": [{"bash": "echo on"}]}}"#,
    );
    let run = |extra_env: &[(&str, &Path)]| {
        let mut cmd = common::bin();
        cmd.args(["lint", ".", "--home", "../home", "--format", "json"])
            .current_dir(t.project())
            .env("HOME", t.home());
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        let commands: Vec<String> = doc["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["handler"]["command"].as_str().unwrap().to_string())
            .collect();
        (commands, doc)
    };
    let state = t.root().join("state");
    let (commands, doc) = run(&[("COPILOT_HOME", &state)]);
    // A file's own `disableAllHooks` skips that file only (trace copilot_disable_all_hooks_file).
    assert_eq!(commands, ["echo from-copilot-home", "echo on"], "{doc}");
    assert!(doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "hooks_disabled"));
    let (commands, _) = run(&[]);
    assert_eq!(commands, ["echo not-read", "echo on"]);
    // In the repository settings it skips every hook, the user's included
    // (trace copilot_disable_all_hooks_settings).
    t.write(
        "project/.github/copilot/settings.json",
        r#"{"disableAllHooks": true}"#,
    );
    let (commands, doc) = run(&[]);
    assert!(commands.is_empty(), "{doc}");
}

#[test]
fn explicitly_named_files_find_their_convention_and_layer() {
    let valid = fixtures().join("valid");
    let t = Tree::new();
    for (file, scope, n) in [
        ("project/.github/hooks/b-policy.json", "project", 2),
        ("project/.github/copilot/settings.json", "project", 1),
        ("home/.copilot/hooks/guard.json", "user", 1),
        ("home/.copilot/settings.json", "user", 1),
    ] {
        let r = common::hooks(
            &[
                "lint",
                valid.join(file).to_str().unwrap(),
                "--home",
                valid.join("home").to_str().unwrap(),
                "--no-env",
                "--format",
                "json",
            ],
            t.root(),
            &t.home(),
            t.root(),
        );
        let doc = json(&r);
        let hooks = doc["hooks"].as_array().unwrap();
        assert_eq!(hooks.len(), n, "{file}: {}", r.shown);
        for h in hooks {
            assert_eq!(h["convention"], "copilot-hooks", "{file}");
            assert_eq!(h["scope"], scope, "{file}");
        }
    }
}

#[test]
fn the_schema_is_printed_and_a_seconds_timeout_that_looks_like_ms_is_flagged() {
    let t = Tree::new();
    let r = t.run(&["schema", "copilot-hooks"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let schema = json(&r);
    assert_eq!(schema["title"], "GitHub Copilot CLI hooks file");
    t.write(
        "project/.github/hooks/slow.json",
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"preToolUse\": [{\"bash\": \"true\", \"timeoutSec\": 30000}]\n  }\n}\n",
    );
    let (code, doc) = t.lint_json(&["."]);
    assert_eq!(code, 0);
    let d = &doc["diagnostics"][0];
    assert_eq!(d["code"], "timeout_looks_like_milliseconds", "{doc}");
    assert_eq!(d["location"]["line"], 4);
    assert!(d["message"]
        .as_str()
        .unwrap()
        .contains("Copilot CLI reads `timeoutSec` in seconds"));
}

/// `hooks run` under Copilot CLI 1.0.102's contract, each case as a trace recorded it.
#[test]
fn hooks_run_follows_copilots_recorded_contract() {
    let t = Tree::new();
    t.write(
        "project/.github/hooks/a.json",
        r#"{"version": 1, "hooks": {
  "preToolUse": [
    {"bash": "cat > first.json; echo '{\"modifiedArgs\":{\"command\":\"A\"}}'"},
    {"bash": "cat > second.json; echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no rm\"}'"},
    {"bash": "touch later-ran"}
  ],
  "PostToolUse": [{"matcher": "Bash", "bash": "cat > pascal.json; head -c 12000 /dev/zero | tr '\\0' x | sed 's/.*/{\"additionalContext\":\"&\"}/'"}],
  "agentStop": [{"bash": "echo '{\"decision\":\"block\",\"reason\":\"go on\"}'"}]
}}"#,
    );
    let run = |args: &[&str]| {
        let mut all = vec!["run"];
        all.extend_from_slice(args);
        all.extend_from_slice(&[".", "--home", "../home"]);
        let r = t.run(&all);
        json(&r)
    };
    // copilot_pre_modified_args_chain, copilot_pre_json_deny, copilot_pre_deny_then_more.
    let d = run(&[
        "pre_tool_use",
        "--tool",
        "bash",
        "--input",
        r#"{"command":"rm -rf /"}"#,
    ]);
    assert_eq!(d["decision"], "block", "{d}");
    assert_eq!(d["reason"], "no rm");
    let first: Value = serde_json::from_str(&t.read("project/first.json")).unwrap();
    assert_eq!(first["toolName"], "bash");
    assert_eq!(first["toolArgs"]["command"], "rm -rf /");
    assert!(first["timestamp"].is_u64() && first.get("hook_event_name").is_none());
    let second: Value = serde_json::from_str(&t.read("project/second.json")).unwrap();
    assert_eq!(
        second["toolArgs"]["command"], "A",
        "the second hook sees the first's rewrite"
    );
    assert!(
        !t.project().join("later-ran").exists(),
        "a deny stops the later hooks"
    );
    // copilot_pascal_dialect, copilot_post_context_cap: Claude's name in a PascalCase payload,
    // the context cut at 10240 bytes.
    let d = run(&["post_tool_use", "--tool", "bash", "--input", "{}"]);
    assert_eq!(d["context"][0].as_str().unwrap().len(), 10_240, "{d}");
    let pascal: Value = serde_json::from_str(&t.read("project/pascal.json")).unwrap();
    assert_eq!(pascal["hook_event_name"], "PostToolUse");
    assert_eq!(pascal["tool_name"], "Bash");
    assert!(pascal["timestamp"].is_string());
    // copilot_stop_block_once: a block continues with the reason.
    let d = run(&["stop"]);
    assert_eq!(d["continuation"], "go on", "{d}");
}

/// preToolUse fails closed on an error or a crash but open on a timeout; exit 2 denies with
/// Copilot's own words (traces copilot_pre_exit1_stderr, copilot_pre_crash_missing_command,
/// copilot_pre_timeout_fail_open, copilot_pre_exit2_stderr).
#[test]
fn pre_tool_use_fails_closed_on_errors_and_open_on_timeouts() {
    let cases = [
        (
            r#"{"bash": "echo oops >&2; exit 1"}"#,
            "block",
            Some("(hook errored)"),
        ),
        (
            r#"{"bash": "./missing-hook"}"#,
            "block",
            Some("(hook errored)"),
        ),
        (
            r#"{"bash": "echo why >&2; exit 2"}"#,
            "block",
            Some("hook exited with code 2"),
        ),
        (r#"{"bash": "sleep 5", "timeoutSec": 1}"#, "allow", None),
        (r#"{"bash": "echo not json"}"#, "allow", None),
    ];
    for (entry, decision, reason) in cases {
        let t = Tree::new();
        t.write(
            "project/.github/hooks/g.json",
            &format!(r#"{{"version": 1, "hooks": {{"preToolUse": [{entry}]}}}}"#),
        );
        let r = t.run(&[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "../home",
            "--tool",
            "bash",
        ]);
        let d = json(&r);
        assert_eq!(d["decision"], decision, "{entry}: {}", r.shown);
        if let Some(reason) = reason {
            assert!(
                d["reason"].as_str().unwrap().contains(reason),
                "{entry}: {d}"
            );
        }
    }
}

/// `hooks import` both ways: Claude's names become Copilot's (and back), the matcher an
/// anchored regex Copilot reads back as the same tools, the timeout in seconds; a second import
/// changes nothing; the written file lints clean as Copilot's.
#[test]
fn import_moves_hooks_into_and_out_of_copilot() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/guard.sh", "timeout": 20}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "true"}]}]
}}"#,
    );
    t.write("project/guard.sh", "#!/bin/sh\nexit 0\n");
    let r = t.import("claude-settings", "copilot-hooks", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let written: Value = serde_json::from_str(&t.read("project/.github/hooks/hooks.json")).unwrap();
    assert_eq!(written["version"], 1);
    let pre = &written["hooks"]["preToolUse"][0];
    assert_eq!(pre["matcher"], "bash|edit", "{written}");
    assert_eq!(pre["timeoutSec"], 20);
    // Copilot sets CLAUDE_PROJECT_DIR too: the guard keeps its variable.
    assert_eq!(pre["bash"], "\"$CLAUDE_PROJECT_DIR\"/guard.sh");
    assert!(written["hooks"]["agentStop"].is_array());
    let before = t.read("project/.github/hooks/hooks.json");
    let again = t.import("claude-settings", "copilot-hooks", &[]);
    assert_eq!(again.code, 0, "{}", again.shown);
    assert_eq!(t.read("project/.github/hooks/hooks.json"), before);
    let copilot = t.hooks_of("copilot-hooks");
    assert_eq!(copilot.len(), 2, "{copilot:?}");
    // And out again, into Gemini CLI's names.
    let r = t.import("copilot-hooks", "gemini-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let gemini: Value = serde_json::from_str(&t.read("project/.gemini/settings.json")).unwrap();
    assert_eq!(
        gemini["hooks"]["BeforeTool"][0]["matcher"],
        "^(?:run_shell_command|replace)$"
    );
    assert_eq!(
        gemini["hooks"]["BeforeTool"][0]["hooks"][0]["timeout"],
        20_000
    );
}

/// "The demo shows one Copilot mistake": the README's demo command reports the `*` matcher of
/// the demo's `.github/hooks/guard.json`, which Copilot CLI 1.0.102 compiles as `^(?:*)$` and
/// skips (conformance/notes/copilot.md, trace `copilot_matchers`).
#[test]
fn the_demo_shows_a_copilot_mistake() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = common::bin()
        .args([
            "lint",
            "examples/demo",
            "--home",
            "examples/demo/home",
            "--no-env",
            "--format",
            "json",
        ])
        .current_dir(&repo)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hit = v["diagnostics"].as_array().unwrap().iter().any(|d| {
        d["code"] == "invalid_matcher_regex"
            && d["location"]["path"] == "examples/demo/.github/hooks/guard.json"
            && d["location"]["line"] == 7
    });
    assert!(
        hit,
        "{}",
        serde_json::to_string_pretty(&v["diagnostics"]).unwrap()
    );
}

/// Copilot CLI's folder trust (trace copilot_untrusted_project): once Copilot has state here
/// (`$COPILOT_HOME/config.json`), a repository hook runs only in a folder it lists as trusted;
/// the user's hooks run either way. Where Copilot never ran, nothing is refused.
#[test]
fn an_untrusted_folders_repository_hooks_do_not_run_as_in_copilot() {
    let t = Tree::new();
    t.write(
        "project/.github/hooks/g.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"repo guard\"}'"}]}}"#,
    );
    t.write(
        "home/.copilot/hooks/u.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "touch user-ran"}]}}"#,
    );
    let run = || {
        let r = t.run(&[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "../home",
            "--tool",
            "bash",
        ]);
        (json(&r), r.shown)
    };
    let (d, shown) = run();
    assert_eq!(d["decision"], "block", "no config.json: {shown}");
    t.write("home/.copilot/config.json", r#"{"trusted_folders": []}"#);
    std::fs::remove_file(t.project().join("user-ran")).unwrap();
    let (d, shown) = run();
    assert_eq!(d["decision"], "allow", "untrusted: {shown}");
    assert!(
        shown.contains("Copilot CLI does not load it: the folder is not trusted"),
        "{shown}"
    );
    assert!(t.project().join("user-ran").exists(), "the user's hook ran");
    // Trusted as Copilot 1.0.102 rewrites its config (a comment header, `trustedFolders`).
    let project = t.project().canonicalize().unwrap();
    t.write(
        "home/.copilot/config.json",
        &format!(
            "// This file is managed automatically.\n{}",
            serde_json::json!({ "trustedFolders": [project] })
        ),
    );
    let (d, shown) = run();
    assert_eq!(d["decision"], "block", "trusted: {shown}");
}
