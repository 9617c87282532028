//! Cursor as a bridge host (issue 29), through the real binary on real files: Cursor's stdin
//! payload read, the answer in Cursor's fields, `.cursor/hooks.json` written by `hooks bridge
//! install` (with Cursor's own `failClosed` and `loop_limit` for `--fail-closed` and
//! `--loop-limit`) and given back by uninstall. Cursor cannot run here: payloads and answers are
//! as cursor.com/docs/reference/hooks shows them (`docs/conventions/cursor-hooks.md` lists what
//! no running Cursor confirmed). The bridge runs from `.cursor/` (Cursor resolves a command
//! relative to `hooks.json`) and from elsewhere, with `HOME` not the tree's `--home`.

use crate::common;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Output;

/// The tree: a project with its `.cursor/`, a home, a folder elsewhere.
struct Tree(common::Sandbox);

impl std::ops::Deref for Tree {
    type Target = common::Sandbox;
    fn deref(&self) -> &common::Sandbox {
        &self.0
    }
}

impl Tree {
    fn new() -> Tree {
        Tree(common::Sandbox::with_dirs(&[
            "project/.cursor",
            "home",
            "elsewhere",
        ]))
    }
    /// Runs `hooks ARGS` from `cwd` (relative to the tree) as Cursor runs a hook: the payload
    /// on stdin, `CURSOR_PROJECT_DIR` set when `project_env`.
    fn hooks_in(&self, cwd: &str, args: &[&str], stdin: &str, project_env: bool) -> Output {
        let mut cmd = self.hooks_command(args, cwd, "home");
        cmd.env_remove("CURSOR_PROJECT_DIR");
        if project_env {
            cmd.env("CURSOR_PROJECT_DIR", self.project());
        }
        common::run_with_stdin(cmd, stdin)
    }
    /// `hooks bridge --host cursor-hooks --event EVENT EXTRA..` from `.cursor/`, with
    /// `CURSOR_PROJECT_DIR`.
    fn bridge(&self, event: &str, extra: &[&str], payload: &Value) -> Output {
        let mut args = vec!["bridge", "--host", "cursor-hooks", "--event", event];
        args.extend(extra);
        self.hooks_in("project/.cursor", &args, &payload.to_string(), true)
    }
    fn install(&self, extra: &[&str]) -> Output {
        let mut args = vec!["bridge", "install", "--host", "cursor-hooks"];
        args.extend(extra);
        self.hooks_in("project", &args, "", false)
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

/// The fields every Cursor event sends (cursor.com/docs/reference/hooks, common input).
fn common_fields(t: &Tree, event: &str) -> serde_json::Map<String, Value> {
    let v = json!({"conversation_id": "conv-1", "generation_id": "gen-1",
        "hook_event_name": event, "workspace_roots": [t.project()],
        "cursor_version": "2.0.77"});
    v.as_object().unwrap().clone()
}

fn payload(t: &Tree, event: &str, fields: Value) -> Value {
    let mut m = common_fields(t, event);
    m.extend(fields.as_object().unwrap().clone());
    Value::Object(m)
}

/// A Claude Code guard on `Bash` refusing `rm -rf` (exit 2 + stderr), a prompt hook refusing
/// secrets (`decision: block`), and a stop hook that always asks for more.
fn claude_hooks(t: &Tree) {
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
    "command": "grep -q 'rm -rf' && { echo 'Claude guard: no rm -rf' >&2; exit 2; } || exit 0"}]}],
  "UserPromptSubmit": [{"hooks": [{"type": "command",
    "command": "grep -q secret && echo '{\"decision\": \"block\", \"reason\": \"no secrets in prompts\"}' || true"}]}],
  "Stop": [{"hooks": [{"type": "command",
    "command": "cat >/dev/null; echo '{\"decision\": \"block\", \"reason\": \"run the tests first\"}'"}]}]
}}
"#,
    );
}

#[test]
fn a_claude_guard_denies_cursor_s_shell_command_in_cursor_s_fields() {
    let t = Tree::new();
    claude_hooks(&t);
    let shell = |command: &str| {
        payload(
            &t,
            "beforeShellExecution",
            json!({"command": command, "cwd": t.project(), "sandbox": false}),
        )
    };
    let o = t.bridge("beforeShellExecution", &[], &shell("rm -rf build"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"permission": "deny", "user_message": "Claude guard: no rm -rf",
            "agent_message": "Claude guard: no rm -rf"})
    );
    let o = t.bridge("beforeShellExecution", &[], &shell("ls"));
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        text(&o)
    );
    // preToolUse: Cursor's `Shell` is Claude's `Bash` for the matcher; its `Read` is not.
    let pre = |tool: &str, input: Value| {
        payload(
            &t,
            "preToolUse",
            json!({"tool_name": tool, "tool_input": input, "tool_use_id": "t1", "cwd": t.project()}),
        )
    };
    let o = t.bridge(
        "preToolUse",
        &[],
        &pre("Shell", json!({"command": "rm -rf /"})),
    );
    assert_eq!(stdout_json(&o)["permission"], "deny", "{}", text(&o));
    let o = t.bridge(
        "preToolUse",
        &[],
        &pre("Read", json!({"file_path": "rm -rf"})),
    );
    assert_eq!(o.stdout, b"", "{}", text(&o));
    // Without CURSOR_PROJECT_DIR, from another directory: the project is the payload's.
    let o = t.hooks_in(
        "elsewhere",
        &[
            "bridge",
            "--host",
            "cursor-hooks",
            "--event",
            "beforeShellExecution",
        ],
        &payload(&t, "beforeShellExecution", json!({"command": "rm -rf x"})).to_string(),
        false,
    );
    assert_eq!(stdout_json(&o)["permission"], "deny", "{}", text(&o));
}

#[test]
fn a_prompt_block_is_continue_false_and_context_is_said_not_dropped() {
    let t = Tree::new();
    claude_hooks(&t);
    let prompt = |p: &str| {
        payload(
            &t,
            "beforeSubmitPrompt",
            json!({"prompt": p, "attachments": []}),
        )
    };
    let o = t.bridge("beforeSubmitPrompt", &[], &prompt("the secret is 42"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"continue": false, "user_message": "no secrets in prompts"})
    );
    let o = t.bridge("beforeSubmitPrompt", &[], &prompt("hello"));
    assert_eq!(o.stdout, b"", "{}", text(&o));
    // A Jarvis prompt hook adds context; Cursor's beforeSubmitPrompt takes none: said.
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"UserPromptSubmit\"\ncommand = \"echo 'Project rule: PAPAYA.'\"\n",
    );
    let o = t.bridge("beforeSubmitPrompt", &[], &prompt("hello"));
    assert_eq!(o.stdout, b"", "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("context not passed on") && err.contains("PAPAYA"),
        "{err}"
    );
}

#[test]
fn a_stop_block_is_a_followup_message_bounded_by_loop_limit() {
    let t = Tree::new();
    claude_hooks(&t);
    // Install writes Cursor's own bound on the stop entry, and the bridge's.
    let o = t.install(&["--loop-limit", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.cursor/hooks.json")).unwrap();
    assert_eq!(
        v["hooks"]["stop"][0],
        json!({"command": format!("{} bridge --host cursor-hooks --event stop --loop-limit 2", exe()),
            "timeout": 60, "loop_limit": 2}),
        "{v}"
    );
    assert!(
        v["hooks"]["preToolUse"][0].get("loop_limit").is_none(),
        "{v}"
    );
    let stop = |loop_count: u32| {
        payload(
            &t,
            "stop",
            json!({"status": "completed", "loop_count": loop_count}),
        )
    };
    let mut answers = Vec::new();
    for n in 0..3 {
        let o = t.bridge("stop", &["--loop-limit", "2"], &stop(n));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        answers.push(String::from_utf8_lossy(&o.stdout).trim().to_string());
    }
    let follow = json!({"followup_message": "run the tests first"}).to_string();
    assert_eq!(answers[0], follow);
    assert_eq!(answers[1], follow);
    assert_eq!(answers[2], "", "the third stop in a row is let through");
}

#[test]
fn fail_closed_blocks_a_crashing_guard_and_install_writes_cursor_s_fail_closed() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "cat >/dev/null; exit 1"}]}]}}"#,
    );
    let shell = payload(
        &t,
        "beforeShellExecution",
        json!({"command": "ls", "cwd": t.project()}),
    );
    // Claude's exit 1 is a non-blocking error: the command runs.
    let o = t.bridge("beforeShellExecution", &[], &shell);
    assert_eq!(o.stdout, b"", "{}", text(&o));
    let o = t.bridge("beforeShellExecution", &["--fail-closed"], &shell);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = stdout_json(&o);
    assert_eq!(v["permission"], "deny", "{v}");
    assert!(
        v["agent_message"]
            .as_str()
            .unwrap()
            .contains("--fail-closed"),
        "{v}"
    );
    // Cursor's own failClosed on the gate entries: a bridge that crashes or times out denies.
    let o = t.install(&["--fail-closed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.cursor/hooks.json")).unwrap();
    assert_eq!(
        v["hooks"]["preToolUse"][0],
        json!({"command": format!("{} bridge --host cursor-hooks --event preToolUse --fail-closed", exe()),
            "timeout": 60, "failClosed": true}),
        "{v}"
    );
}

#[test]
fn install_writes_cursor_s_file_whose_commands_run_from_beside_it_and_uninstall_gives_it_back() {
    let t = Tree::new();
    claude_hooks(&t);
    let mine = "{\n    \"version\": 1,\n    \"hooks\": {\n        \"afterFileEdit\": [ { \"command\": \"./hooks/format.sh\" } ]\n    }\n}\n";
    t.write("project/.cursor/hooks.json", mine);
    let o = t.install(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("CURSOR_PROJECT_DIR"), "{}", text(&o));
    let written = t.read("project/.cursor/hooks.json");
    assert!(
        written.contains("        \"afterFileEdit\": [ { \"command\": \"./hooks/format.sh\" } ]"),
        "the user's text is kept: {written}"
    );
    let v: Value = serde_json::from_str(&written).unwrap();
    for (event, kind_present) in [
        ("preToolUse", true),
        ("beforeSubmitPrompt", true),
        ("stop", true),
        ("sessionStart", false),
    ] {
        assert_eq!(
            v["hooks"].get(event).is_some(),
            kind_present,
            "{event}: {v}"
        );
    }
    assert_eq!(
        v["hooks"]["afterFileEdit"][0]["command"],
        "./hooks/format.sh"
    );
    // The entry's command, run as Cursor runs it: `sh -c` from the hooks.json's directory.
    let command = v["hooks"]["preToolUse"][0]["command"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        Path::new(command.split(' ').next().unwrap()).is_absolute(),
        "{command}"
    );
    let mut sh = t.command("sh", "project/.cursor", "home");
    sh.args(["-c", &command])
        .env("CURSOR_PROJECT_DIR", t.project());
    let input = payload(
        &t,
        "preToolUse",
        json!({"tool_name": "Shell", "tool_input": {"command": "rm -rf /"}}),
    );
    let out = common::run_with_stdin(sh, &input.to_string());
    assert_eq!(stdout_json(&out)["permission"], "deny", "{}", text(&out));
    // lint knows the entries as bridge entries with sources.
    let lint = t.hooks_in("project", &["lint", "--format", "json"], "", false);
    let l: Value = serde_json::from_slice(&lint.stdout).unwrap();
    let bridge_codes: Vec<&str> = l["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .filter(|c| c.starts_with("bridge"))
        .collect();
    assert!(bridge_codes.is_empty(), "{}", text(&lint));
    let again = t.install(&[]);
    assert!(text(&again).contains("up to date"), "{}", text(&again));
    let un = t.hooks_in(
        "project",
        &["bridge", "uninstall", "--host", "cursor-hooks"],
        "",
        false,
    );
    assert!(
        text(&un).contains("removed 3 bridge entries"),
        "{}",
        text(&un)
    );
    assert_eq!(t.read("project/.cursor/hooks.json"), mine, "byte for byte");
}
