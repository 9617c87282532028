//! Issue 29, "which agents run this file", through the real binary: each file's readers are
//! typed data of its source (stamped by discovery from the layer it was found in, not read from
//! its printed path) — a project's `.claude/settings.json` is run by Claude Code, Copilot CLI,
//! VS Code and Cursor, the user's by Claude Code, VS Code and Cursor (Copilot CLI does not read
//! it: trace copilot_user_claude_settings), `.github/hooks/*.json` by Copilot CLI, VS Code and
//! Copilot's cloud agent; `hooks list` shows them (JSON `readers`, human `[run by: …]`) and
//! `hooks lint` says, as info naming the agent, where a hook behaves differently under one of
//! them (for the agents the project shows it uses: `.vscode/`, `.cursor/`, `.github/hooks/`).
//! Run from another directory, with `--home` not `$HOME`.

use crate::common;
use common::Tree;
use serde_json::Value;

fn tree() -> Tree {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash|WebFetch", "hooks": [{"type": "command", "command": "true"}]}],
  "SessionEnd": [{"hooks": [{"type": "command", "command": "true", "timeout": 5}]}]
}}"#,
    );
    t.write(
        "project/.github/hooks/a.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "true", "matcher": "bash"}], "sessionEnd": [{"bash": "true"}]}}"#,
    );
    // The project shows it uses VS Code and Cursor too (lint speaks of those agents only then).
    t.write("project/.vscode/settings.json", "{}");
    t.write("project/.cursor/rules/style.mdc", "Use tabs.\n");
    t.write(
        "home/.claude/settings.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "timeout": 9}]}]}}"#,
    );
    t
}

/// Runs `hooks ARGS <project> --home <home>` from an unrelated directory, `$HOME` elsewhere.
fn run(t: &Tree, args: &[&str]) -> common::Run {
    let elsewhere = Tree::new();
    let project = t.project();
    let home = t.home();
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(&[
        project.to_str().unwrap(),
        "--home",
        home.to_str().unwrap(),
        "--no-env",
    ]);
    common::hooks(&all, elsewhere.root(), &elsewhere.home(), elsewhere.root())
}

#[test]
fn hooks_list_shows_every_agent_that_runs_each_file() {
    let t = tree();
    let r = run(&t, &["list", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let got: Vec<(String, Vec<String>)> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["source_event"].as_str().unwrap().to_string(),
                h["readers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect();
    let claude_project = ["claude-code", "copilot-cli", "vscode", "cursor"];
    let copilot_repo = ["copilot-cli", "vscode", "copilot-cloud-agent"];
    let claude_user = ["claude-code", "vscode", "cursor"];
    let want: Vec<(&str, &[&str])> = vec![
        ("Stop", &claude_user),
        ("PreToolUse", &claude_project),
        ("SessionEnd", &claude_project),
        ("preToolUse", &copilot_repo),
        ("sessionEnd", &copilot_repo),
    ];
    let want: Vec<(String, Vec<String>)> = want
        .into_iter()
        .map(|(e, r)| (e.to_string(), r.iter().map(|s| s.to_string()).collect()))
        .collect();
    assert_eq!(got, want, "{}", r.shown);
    let r = run(&t, &["list", "--format", "human"]);
    assert!(
        r.stdout.lines().any(|l| l.contains("PreToolUse")
            && l.ends_with("[run by: Claude Code, Copilot CLI, VS Code, Cursor]")),
        "{}",
        r.shown
    );
    assert!(
        r.stdout.lines().any(|l| l.contains("sessionEnd")
            && l.ends_with("[run by: Copilot CLI, VS Code, Copilot cloud agent]")),
        "{}",
        r.shown
    );
}

#[test]
fn lint_says_where_another_reader_runs_a_hook_differently() {
    let t = tree();
    let r = run(&t, &["lint", "--format", "json"]);
    assert_eq!(r.code, 0, "info only: {}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let infos: Vec<(String, u64, String)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "other_reader_differs")
        .map(|d| {
            assert_eq!(d["severity"], "info");
            (
                d["location"]["path"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                d["location"]["line"].as_u64().unwrap(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let has = |file: &str, line: u64, words: &[&str]| {
        infos
            .iter()
            .any(|(f, l, m)| f == file && *l == line && words.iter().all(|w| m.contains(w)))
    };
    // VS Code ignores a Claude file's matchers; Copilot CLI maps no tool to WebFetch; both
    // default to 30 s where Claude Code's is 600 s.
    assert!(
        has(
            "settings.json",
            2,
            &["VS Code", "ignores matchers", "30 s, not 600 s"]
        ),
        "{infos:#?}"
    );
    assert!(
        has("settings.json", 2, &["Copilot CLI", "`WebFetch`"]),
        "{infos:#?}"
    );
    assert!(
        has("settings.json", 2, &["Cursor", "`WebFetch`"]),
        "{infos:#?}"
    );
    // VS Code has no SessionEnd, in either file.
    assert!(
        has("settings.json", 3, &["VS Code", "no `SessionEnd` event"]),
        "{infos:#?}"
    );
    assert!(
        has("a.json", 1, &["VS Code", "no `sessionEnd` event"]),
        "{infos:#?}"
    );
    // The user's Claude file: Copilot CLI does not read it, so it says nothing about it.
    assert!(
        !infos
            .iter()
            .any(|(_, _, m)| m.contains("Copilot CLI") && m.contains("`Stop`")),
        "{infos:#?}"
    );
}

#[test]
fn a_project_run_by_claude_code_alone_hears_nothing() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "WebFetch", "hooks": [{"type": "command", "command": "true"}]}]}}"#,
    );
    let r = run(&t, &["lint", "--format", "json"]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(
        !doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "other_reader_differs"),
        "{}",
        r.shown
    );
    // The readers are still listed.
    let r = run(&t, &["list", "--format", "json"]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["hooks"][0]["readers"].as_array().unwrap().len(), 4);
}
