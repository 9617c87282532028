//! Issue 29, `cursor-hooks`, through the real binary: the layers Cursor reads (project and
//! user `hooks.json`; the enterprise file is machine state, left out with `--no-env`) found and
//! stamped with their layer (also from another current directory and with `--home` not
//! `$HOME`), each mistake reported where it is with its code, explicitly named files finding
//! their convention and layer, `hooks run` answering as Cursor's docs describe (relative
//! commands run from the hooks.json's directory, exit 2 denies, `failClosed`, `loop_limit`), and
//! `hooks import` both ways. Cursor cannot run here: every expectation follows its published
//! docs (cursor.com/docs/agent/hooks, cursor.com/docs/reference/hooks). Fixtures:
//! `fixtures/cursor-hooks/`.

use crate::common;
use common::Tree;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/cursor-hooks")
}

fn json(r: &common::Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

fn codes_at(doc: &Value) -> Vec<(String, u64)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn project_and_user_files_are_read_with_their_layer_from_another_directory() {
    let valid = fixtures().join("valid");
    let elsewhere = Tree::new();
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
    let hooks: Vec<(String, String, String)> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["convention"] == "cursor-hooks")
        .map(|h| {
            (
                h["source_event"].as_str().unwrap().to_string(),
                h["kind"].as_str().unwrap().to_string(),
                h["scope"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("preToolUse", "pre_tool_use", "project"),
        ("beforeSubmitPrompt", "user_prompt_submit", "project"),
        ("stop", "stop", "project"),
        ("sessionStart", "session_start", "user"),
    ];
    assert_eq!(
        hooks,
        want.map(|(e, k, s)| (e.to_string(), k.to_string(), s.to_string())),
        "{}",
        r.shown
    );
    // The scripts are next to the hooks.json (`./hooks/guard.sh`), where Cursor looks for a
    // relative command: no missing_script. Cursor's own events are said once each (info).
    let codes: Vec<String> = codes_at(&doc).into_iter().map(|(c, _)| c).collect();
    assert!(
        codes.iter().all(|c| c == "unsupported_convention_event"),
        "{}",
        r.shown
    );
    assert_eq!(codes.len(), 2, "{}", r.shown);
    let guard = &doc["hooks"][0];
    assert_eq!(guard["timeout_ms"], 5000);
}

#[test]
fn each_mistake_is_reported_with_its_code_and_line() {
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
    let commands: Vec<&str> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["handler"]["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands, ["./kept.sh", "./kept.sh"], "{}", r.shown);
    let want = [
        ("unknown_event", 4),
        ("ignored_key", 6),
        ("missing_field", 7),
        ("invalid_matcher_regex", 8),
        ("ignored_key", 10),
    ];
    assert_eq!(
        codes_at(&doc),
        want.map(|(c, l)| (c.to_string(), l)),
        "{}",
        r.shown
    );
    assert_eq!(
        doc["diagnostics"][0]["help"],
        "did you mean `beforeShellExecution`?"
    );
    assert!(doc["diagnostics"][1]["help"]
        .as_str()
        .unwrap()
        .contains("Cursor reads `timeout`"));
}

#[test]
fn explicitly_named_files_find_their_convention_and_layer() {
    let valid = fixtures().join("valid");
    let t = Tree::new();
    for (file, scope, n) in [
        ("project/.cursor/hooks.json", "project", 3),
        ("home/.cursor/hooks.json", "user", 1),
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
            assert_eq!(h["convention"], "cursor-hooks", "{file}");
            assert_eq!(h["scope"], scope, "{file}");
        }
    }
}

#[test]
fn the_schema_is_printed_and_a_claude_tool_name_is_flagged() {
    let t = Tree::new();
    let r = t.run(&["schema", "cursor-hooks"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(json(&r)["title"], "Cursor hooks.json");
    // `Bash` is Claude's name: Cursor's preToolUse matchers name tool types (`Shell`).
    t.write(
        "project/.cursor/hooks.json",
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"preToolUse\": [{\"command\": \"true\", \"matcher\": \"Bash\", \"timeout\": 5}]\n  }\n}\n",
    );
    let (_, doc) = t.lint_json(&["."]);
    let codes: Vec<String> = codes_at(&doc).into_iter().map(|(c, _)| c).collect();
    assert!(codes.iter().any(|c| c.starts_with("matcher_")), "{doc}");
}

/// `hooks run` as Cursor's docs describe it.
#[test]
fn hooks_run_follows_cursors_documented_contract() {
    let t = Tree::new();
    // A project's hooks run from the project root (as real project files name their scripts:
    // `.cursor/hooks/x.sh`).
    t.write(
        "project/.cursor/hooks/rewrite.sh",
        "#!/bin/sh\ncat > first.json\necho '{\"permission\":\"allow\",\"updated_input\":{\"command\":\"A\"}}'\n",
    );
    t.write(
        "project/.cursor/hooks/deny.sh",
        "#!/bin/sh\ncat > second.json\necho '{\"permission\":\"deny\",\"user_message\":\"shown\",\"agent_message\":\"no rm\"}'\n",
    );
    for f in ["rewrite.sh", "deny.sh"] {
        let p = t.project().join(".cursor/hooks").join(f);
        std::fs::set_permissions(&p, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    }
    t.write(
        "project/.cursor/hooks.json",
        r#"{"version": 1, "hooks": {
  "preToolUse": [
    {"command": ".cursor/hooks/rewrite.sh", "matcher": "Shell", "timeout": 5},
    {"command": ".cursor/hooks/deny.sh", "matcher": "Shell", "timeout": 5},
    {"command": "touch never", "matcher": "Read", "timeout": 5}
  ],
  "postToolUse": [{"command": "echo '{\"additional_context\":\"after\"}'", "timeout": 5}],
  "beforeSubmitPrompt": [{"command": "echo '{\"continue\":false,\"user_message\":\"not now\"}'", "timeout": 5}],
  "stop": [{"command": "echo '{\"followup_message\":\"go on\"}'", "timeout": 5}]
}}"#,
    );
    let run = |args: &[&str]| {
        let mut all = vec!["run"];
        all.extend_from_slice(args);
        all.extend_from_slice(&[".", "--home", "../home"]);
        json(&t.run(&all))
    };
    let d = run(&[
        "pre_tool_use",
        "--tool",
        "Shell",
        "--input",
        r#"{"command":"rm -rf /"}"#,
    ]);
    assert_eq!(d["decision"], "block", "{d}");
    assert_eq!(d["reason"], "no rm");
    // Each ran in the project, with Cursor's payload.
    let first: Value = serde_json::from_str(&t.read("project/first.json")).unwrap();
    assert_eq!(first["hook_event_name"], "preToolUse");
    assert_eq!(first["tool_name"], "Shell");
    assert_eq!(first["tool_input"]["command"], "rm -rf /");
    assert!(first["workspace_roots"].is_array() && first.get("conversation_id").is_some());
    let second: Value = serde_json::from_str(&t.read("project/second.json")).unwrap();
    assert_eq!(
        second["tool_input"]["command"], "A",
        "the second hook sees the rewrite"
    );
    assert!(!t.project().join("never").exists());
    let d = run(&["post_tool_use", "--tool", "Shell", "--input", "{}"]);
    assert_eq!(d["context"][0], "after", "{d}");
    let d = run(&["user_prompt_submit", "--prompt", "hello"]);
    assert_eq!(d["decision"], "block", "{d}");
    assert_eq!(d["reason"], "not now");
    let d = run(&["stop"]);
    assert_eq!(d["continuation"], "go on", "{d}");
}

/// Exit 2 denies; a failure lets the tool run unless the entry sets `failClosed`
/// (cursor.com/docs/reference/hooks); `loop_limit: 0` submits no follow-up.
#[test]
fn exit_2_denies_and_fail_closed_turns_failures_into_denials() {
    let cases = [
        (r#"{"command": "exit 2", "timeout": 5}"#, "block"),
        (r#"{"command": "exit 1", "timeout": 5}"#, "allow"),
        (
            r#"{"command": "exit 1", "timeout": 5, "failClosed": true}"#,
            "block",
        ),
        (r#"{"command": "sleep 5", "timeout": 1}"#, "allow"),
        (
            r#"{"command": "sleep 5", "timeout": 1, "failClosed": true}"#,
            "block",
        ),
        (
            r#"{"command": "echo not json", "timeout": 5, "failClosed": true}"#,
            "block",
        ),
        (r#"{"command": "./missing-hook", "timeout": 5}"#, "allow"),
    ];
    for (entry, decision) in cases {
        let t = Tree::new();
        t.write(
            "project/.cursor/hooks.json",
            &format!(r#"{{"version": 1, "hooks": {{"preToolUse": [{entry}]}}}}"#),
        );
        let r = t.run(&[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "../home",
            "--tool",
            "Shell",
        ]);
        assert_eq!(json(&r)["decision"], decision, "{entry}: {}", r.shown);
    }
    let t = Tree::new();
    t.write(
        "project/.cursor/hooks.json",
        r#"{"version": 1, "hooks": {"stop": [{"command": "echo '{\"followup_message\":\"again\"}'", "loop_limit": 0}]}}"#,
    );
    let r = t.run(&["run", "stop", ".", "--home", "../home"]);
    let d = json(&r);
    assert!(d["continuation"].is_null(), "{d}");
}

/// `hooks import` both ways: a Claude guard keeps its variable (Cursor sets
/// `CLAUDE_PROJECT_DIR`), a project's relative script stays (Cursor runs project hooks from the
/// project root), a fail-closed Copilot guard gets `failClosed`; out of a user
/// `~/.cursor/hooks.json`, a relative script becomes the path it named (Cursor ran it from
/// `~/.cursor/`); a second import changes nothing.
#[test]
fn import_moves_hooks_into_and_out_of_cursor() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/guard.sh", "timeout": 20}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "./check.sh"}]}]
}}"#,
    );
    t.write("project/guard.sh", "#!/bin/sh\nexit 0\n");
    t.write("project/check.sh", "#!/bin/sh\nexit 0\n");
    let r = t.import("claude-settings", "cursor-hooks", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let written: Value = serde_json::from_str(&t.read("project/.cursor/hooks.json")).unwrap();
    assert_eq!(written["version"], 1);
    let pre = &written["hooks"]["preToolUse"][0];
    assert_eq!(pre["matcher"], "^(?:Shell)$", "{written}");
    assert_eq!(pre["timeout"], 20);
    assert_eq!(pre["command"], "\"$CLAUDE_PROJECT_DIR\"/guard.sh");
    assert_eq!(
        written["hooks"]["stop"][0]["command"], "./check.sh",
        "{written}"
    );
    let before = t.read("project/.cursor/hooks.json");
    let again = t.import("claude-settings", "cursor-hooks", &[]);
    assert_eq!(again.code, 0, "{}", again.shown);
    assert_eq!(t.read("project/.cursor/hooks.json"), before);
    let (_, doc) = t.lint_json(&["."]);
    let errors: Vec<&Value> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert!(errors.is_empty(), "{doc}");

    // Out of Cursor's user file: `./hooks/x.sh` named `~/.cursor/hooks/x.sh`.
    let t = Tree::new();
    t.write(
        "home/.cursor/hooks.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"command": "./hooks/x.sh", "matcher": "Shell", "timeout": 7, "failClosed": true}]}}"#,
    );
    t.write("home/.cursor/hooks/x.sh", "#!/bin/sh\nexit 0\n");
    let r = t.import("cursor-hooks", "claude-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let claude: Value = serde_json::from_str(&t.read("home/.claude/settings.json")).unwrap();
    let h = &claude["hooks"]["PreToolUse"][0];
    // Cursor's matcher is a search: `Shell` becomes Claude's `Bash`, and still matches a tool
    // whose name holds `Shell`.
    assert_eq!(h["matcher"], "^Bash$|Shell", "{claude}");
    let x = t.home().join(".cursor/hooks/x.sh");
    let x = std::fs::canonicalize(&x).unwrap_or(x);
    let written_x = h["hooks"][0]["command"].as_str().unwrap();
    assert!(
        Path::new(written_x) == x || Path::new(written_x) == t.home().join(".cursor/hooks/x.sh"),
        "{claude}"
    );
    assert_eq!(h["hooks"][0]["timeout"], 7);
    assert!(
        r.stdout.contains("failClosed") || r.stderr.contains("failClosed"),
        "the dropped failClosed is said: {}",
        r.shown
    );

    // A fail-closed Copilot guard stays fail-closed.
    let t = Tree::new();
    t.write(
        "project/.github/hooks/g.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "true", "matcher": "bash"}]}}"#,
    );
    let r = t.import("copilot-hooks", "cursor-hooks", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let written: Value = serde_json::from_str(&t.read("project/.cursor/hooks.json")).unwrap();
    assert_eq!(
        written["hooks"]["preToolUse"][0]["failClosed"], true,
        "{written}"
    );
    assert_eq!(written["hooks"]["preToolUse"][0]["matcher"], "^(?:Shell)$");
}

/// A Cursor guard runs inside Claude Code through the bridge, under Cursor's contract: Claude's
/// `Bash` is Cursor's `Shell` for its matcher, and its `permission: deny` comes back as Claude's
/// deny with the `agent_message`; a call its matcher does not name is allowed.
#[test]
fn a_cursor_guard_is_bridged_into_claude_code() {
    use std::io::Write;
    let t = Tree::new();
    t.write(
        "project/.cursor/hooks.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"command": "cat >/dev/null; echo '{\"permission\":\"deny\",\"agent_message\":\"cursor guard: no\"}'", "matcher": "Shell", "timeout": 5}]}}"#,
    );
    for (tool, denied) in [("Bash", true), ("Read", false)] {
        let payload = serde_json::json!({
            "session_id": "s", "cwd": t.project(), "hook_event_name": "PreToolUse",
            "tool_name": tool, "tool_input": {"command": "rm -rf build"}
        });
        let mut child = common::bin()
            .current_dir(t.project())
            .env("HOOKS_BRIDGE_IDLE_MS", "0")
            .args([
                "bridge",
                "--host",
                "claude-settings",
                "--event",
                "PreToolUse",
                "--home",
                "../home",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(payload.to_string().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let stdout = String::from_utf8_lossy(&out.stdout);
        if denied {
            let v: Value = serde_json::from_str(&stdout).unwrap();
            let s = &v["hookSpecificOutput"];
            assert_eq!(s["permissionDecision"], "deny", "{v}");
            assert_eq!(s["permissionDecisionReason"], "cursor guard: no", "{v}");
        } else {
            assert!(!stdout.contains("deny"), "{tool}: {stdout}");
        }
    }
}
