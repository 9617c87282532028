//! `hooks bridge` with Qwen Code (issue 30), through the real binary on real files: Qwen as a
//! host (its payload read, the answer in Claude's JSON within what Qwen Code 0.24.4 applies,
//! `.qwen/settings.json` written and given back byte for byte) and as a source (a Qwen hook in
//! `.qwen/settings.json` run inside Claude Code, Codex and Gemini CLI under Qwen's own contract:
//! its payload, tool ids and environment). Payload shapes as Qwen Code 0.24.4 sent them
//! (`conformance/traces/qwen-0.24.4/qwen_six_kinds.json`).

use crate::common;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Output;

/// The tree: a project and a home.
struct Tree(common::Sandbox);

impl std::ops::Deref for Tree {
    type Target = common::Sandbox;
    fn deref(&self) -> &common::Sandbox {
        &self.0
    }
}

impl Tree {
    fn new() -> Tree {
        Tree(common::Sandbox::with_dirs(&["project", "home"]))
    }
    /// Runs `hooks ARGS` from `cwd` (relative to the tree) with HOME = the tree's home and
    /// `stdin` as the payload, as an agent runs its hook.
    fn hooks_in(&self, cwd: &str, args: &[&str], stdin: &str) -> Output {
        common::run_with_stdin(self.hooks_command(args, cwd, "home"), stdin)
    }
    fn hooks(&self, args: &[&str], stdin: &str) -> Output {
        self.hooks_in("project", args, stdin)
    }
}

use common::{stdout_json, text};

fn exe() -> String {
    Path::new(env!("CARGO_BIN_EXE_hooks"))
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Qwen Code 0.24.4's PreToolUse payload for its shell tool (`qwen_six_kinds`).
fn qwen_shell(t: &Tree, command: &str) -> Value {
    json!({"session_id": "q1", "transcript_path": "/tmp/q.jsonl", "cwd": t.project(),
        "hook_event_name": "PreToolUse", "timestamp": "2026-12-04T10:00:00.000Z",
        "permission_mode": "yolo", "prompt_id": "q1########0", "tool_name": "run_shell_command",
        "tool_input": {"command": command, "description": "run it"},
        "tool_use_id": "toolu_1_a", "tool_call_id": "call_01"})
}

/// A GJC guard (project) refusing `rm -rf`, and a Jarvis prompt hook (user) adding a rule.
fn gjc_and_jarvis(t: &Tree) {
    t.write(
        "project/.gjc/hooks/pre/bash.js",
        "export default (api) => { api.on('tool_call', (e) => {\n  const c = String(e.input?.command ?? '');\n  if (/rm\\s+-rf/.test(c)) return { block: true, reason: `GJC guard: refusing \\`${c}\\`` };\n}) }\n",
    );
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"UserPromptSubmit\"\ncommand = \"echo 'Project rule: the secret word is PAPAYA.'\"\n",
    );
}

#[test]
fn a_qwen_host_gets_other_conventions_answers_in_claude_s_json() {
    let t = Tree::new();
    gjc_and_jarvis(&t);
    let bridge = |event: &str, payload: &Value| {
        t.hooks(
            &["bridge", "--host", "qwen-settings", "--event", event],
            &payload.to_string(),
        )
    };
    // Qwen's `run_shell_command` reaches the GJC guard as `bash` (tool table).
    let o = bridge("PreToolUse", &qwen_shell(&t, "rm -rf build"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "GJC guard: refusing `rm -rf build`"}})
    );
    let o = bridge("PreToolUse", &qwen_shell(&t, "ls"));
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        text(&o)
    );
    // The Jarvis prompt hook's context, as Qwen reads it on UserPromptSubmit.
    let p = json!({"session_id": "q1", "transcript_path": "/tmp/q.jsonl", "cwd": t.project(),
        "hook_event_name": "UserPromptSubmit", "timestamp": "2026-12-04T10:00:00.000Z",
        "permission_mode": "yolo", "prompt_id": "q1########0", "prompt": "the secret word?",
        "submitted_prompt": "the secret word?"});
    let o = bridge("UserPromptSubmit", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
            "additionalContext":
            "<hook_result hook_event=\"UserPromptSubmit\">\nProject rule: the secret word is PAPAYA.\n</hook_result>"}})
    );
}

/// A Qwen settings file whose PreToolUse hook (on Qwen's shell id) refuses `rm -rf` with exit 2
/// and records its payload and environment, and whose UserPromptSubmit hook prints a rule.
fn qwen_source(t: &Tree) {
    t.write(
        "project/guard.sh",
        "#!/bin/sh\nin=$(cat)\nprintf '%s' \"$in\" > \"$QWEN_PROJECT_DIR/payload.json\"\nenv > \"$QWEN_PROJECT_DIR/env.txt\"\ncase \"$in\" in *'rm -rf'*) echo 'qwen guard: no rm -rf' >&2; exit 2;; esac\nexit 0\n",
    );
    let mut perm = std::fs::metadata(t.path("project/guard.sh"))
        .unwrap()
        .permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(t.path("project/guard.sh"), perm).unwrap();
    t.write(
        "project/.qwen/settings.json",
        r#"{
  "hooks": {
    "PreToolUse": [
      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "\"$QWEN_PROJECT_DIR\"/guard.sh", "timeout": 10}]}
    ],
    "UserPromptSubmit": [
      {"hooks": [{"type": "command", "command": "echo 'Qwen rule: answer in French.'"}]}
    ]
  }
}
"#,
    );
}

#[test]
fn a_qwen_hook_runs_inside_claude_codex_and_gemini_under_qwen_s_contract() {
    let t = Tree::new();
    qwen_source(&t);
    let cwd = t.project();
    let hosts = [
        (
            "claude-settings",
            "PreToolUse",
            json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl", "cwd": cwd,
                "permission_mode": "default", "hook_event_name": "PreToolUse",
                "tool_name": "Bash", "tool_input": {"command": "rm -rf build"},
                "tool_use_id": "toolu_01"}),
        ),
        (
            "codex-json",
            "PreToolUse",
            json!({"session_id": "x1", "transcript_path": null, "cwd": cwd,
                "hook_event_name": "PreToolUse", "model": "gpt-5", "turn_id": "turn-1",
                "tool_name": "Bash", "tool_input": {"command": "rm -rf build"},
                "tool_use_id": "call_1"}),
        ),
        (
            "gemini-settings",
            "BeforeTool",
            json!({"session_id": "g1", "transcript_path": "/tmp/g.jsonl", "cwd": cwd,
                "hook_event_name": "BeforeTool", "timestamp": "2026-12-01T08:47:50.000Z",
                "tool_name": "run_shell_command",
                "tool_input": {"command": "rm -rf build"}}),
        ),
    ];
    for (host, event, payload) in hosts {
        // From a subdirectory: the project is found from the payload's cwd, not the process's.
        std::fs::create_dir_all(t.path("project/src")).unwrap();
        let o = t.hooks_in(
            "project/src",
            &[
                "bridge",
                "--host",
                host,
                "--event",
                event,
                "--from",
                "qwen-settings",
            ],
            &payload.to_string(),
        );
        assert_eq!(o.status.code(), Some(0), "{host}: {}", text(&o));
        let v = stdout_json(&o);
        let reason = match host {
            "gemini-settings" => &v["reason"],
            _ => &v["hookSpecificOutput"]["permissionDecisionReason"],
        };
        assert_eq!(reason, "qwen guard: no rm -rf", "{host}: {v}");
        // The Qwen hook got Qwen's payload: its own event name and shell tool id.
        let p: Value = serde_json::from_str(&t.read("project/payload.json")).unwrap();
        assert_eq!(p["hook_event_name"], "PreToolUse", "{host}: {p}");
        assert_eq!(p["tool_name"], "run_shell_command", "{host}: {p}");
        assert_eq!(p["tool_input"]["command"], "rm -rf build", "{host}: {p}");
        assert!(p["timestamp"].is_string(), "{host}: {p}");
        // ...and Qwen's environment: the project dir under its three names.
        let env = t.read("project/env.txt");
        let project = t.project().canonicalize().unwrap();
        for var in [
            "QWEN_PROJECT_DIR",
            "CLAUDE_PROJECT_DIR",
            "GEMINI_PROJECT_DIR",
        ] {
            assert!(
                env.lines()
                    .any(|l| l == format!("{var}={}", project.display())),
                "{host}: {var} not the project in\n{env}"
            );
        }
    }
    // A Qwen prompt hook's plain stdout is context, in Claude's terms.
    let p = json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl", "cwd": cwd,
        "permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": "hi"});
    let o = t.hooks(
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "UserPromptSubmit",
            "--from",
            "qwen-settings",
        ],
        &p.to_string(),
    );
    let v = stdout_json(&o);
    assert!(
        v["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .is_some_and(|c| c.contains("Qwen rule: answer in French.")),
        "{v}"
    );
}

#[test]
fn qwen_install_writes_its_settings_in_seconds_and_uninstall_gives_back_the_bytes() {
    let t = Tree::new();
    gjc_and_jarvis(&t);
    let original =
        "{\n  \"model\": {\"name\":   \"qwen3-coder\"},\n\n  \"ui\": {\"theme\": \"Default\"}\n}\n";
    t.write("project/.qwen/settings.json", original);
    let o = t.hooks(&["bridge", "install", "--host", "qwen-settings"], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("folderTrust"), "{}", text(&o));
    let written = t.read("project/.qwen/settings.json");
    // The user's formatting is kept around the new key.
    assert!(
        written.contains("\"model\": {\"name\":   \"qwen3-coder\"}"),
        "{written}"
    );
    let v: Value = serde_json::from_str(&written).unwrap();
    assert_eq!(v["ui"], json!({"theme": "Default"}));
    // Claude's event names (Qwen's own) and Qwen's unit: seconds, its default 60.
    let entry = |event: &str| {
        json!({"hooks": [{"type": "command",
            "command": format!("{} bridge --host qwen-settings --event {event}", exe()),
            "timeout": 60}]})
    };
    assert_eq!(v["hooks"]["PreToolUse"][0], entry("PreToolUse"));
    assert_eq!(v["hooks"]["UserPromptSubmit"][0], entry("UserPromptSubmit"));
    assert_eq!(v["hooks"].as_object().unwrap().len(), 2, "{v}");
    // Lint calls them sound bridge entries.
    let lint = t.hooks(&["lint", "--format", "json"], "");
    let l: Value = serde_json::from_slice(&lint.stdout).unwrap();
    let codes: Vec<&str> = l["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .filter(|c| c.starts_with("bridge"))
        .collect();
    assert!(codes.is_empty(), "{}", text(&lint));
    // Installing again changes nothing; uninstall gives back the original bytes.
    t.hooks(&["bridge", "install", "--host", "qwen-settings"], "");
    assert_eq!(t.read("project/.qwen/settings.json"), written);
    let un = t.hooks(&["bridge", "uninstall", "--host", "qwen-settings"], "");
    assert!(
        text(&un).contains("removed 2 bridge entries"),
        "{}",
        text(&un)
    );
    assert_eq!(t.read("project/.qwen/settings.json"), original);
}
