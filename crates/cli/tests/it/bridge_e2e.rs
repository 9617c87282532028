//! `hooks bridge` end to end (issue 16): the real binary reads each host's payload on stdin,
//! runs real hooks of other conventions — a real GJC module in a real Node.js host, real Jarvis
//! and Codex shell hooks — and answers in the host's protocol, checked exactly. The project is
//! `fixtures/bridge/guarded`, copied to a temp dir (hooks write files into it).

use crate::common;

use common::path_without_bun;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// A copy of `fixtures/bridge/<name>` (its `project` and `home`).
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new(name: &str) -> Tree {
        let dir = tempfile::tempdir().unwrap();
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/bridge")
            .join(name);
        copy_tree(&src, dir.path());
        Tree { dir }
    }
    fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }
    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }
    fn write(&self, rel: &str, text: &str) {
        let p = self.dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// Runs `hooks ARGS` in the project with HOME = the tree's home and `stdin` as the payload, as
/// an agent runs its hook.
fn hooks(t: &Tree, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut cmd = common::bin();
    cmd.args(args)
        .current_dir(t.project())
        .env("HOME", t.home())
        .env("SHELL", "/bin/sh")
        .env("XDG_RUNTIME_DIR", t.dir.path().join("run"))
        .env_remove("CLAUDE_PROJECT_DIR")
        .env_remove("HOOKS_BRIDGE_DEPTH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, _) in std::env::vars() {
        if k.starts_with("JCODE_") {
            cmd.env_remove(k);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the hooks binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn bridge(t: &Tree, host: &str, event: &str, payload: &Value) -> Output {
    hooks(
        t,
        &["bridge", "--host", host, "--event", event],
        &payload.to_string(),
        &[],
    )
}

use common::stdout_json;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Claude Code's PreToolUse payload for its Bash tool (conventions.md §5).
fn claude_bash(t: &Tree, command: &str) -> Value {
    json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl", "cwd": t.project(),
        "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": command, "description": "run it"}, "tool_use_id": "toolu_01"})
}

/// Codex's PreToolUse payload for its shell tool (conventions.md §4: it reaches hooks as Bash).
fn codex_bash(t: &Tree, command: &str) -> Value {
    json!({"session_id": "x1", "transcript_path": null, "cwd": t.project(),
        "hook_event_name": "PreToolUse", "model": "gpt-5", "permission_mode": "default",
        "turn_id": "turn-1", "tool_name": "Bash", "tool_input": {"command": command},
        "tool_use_id": "call_1"})
}

#[test]
fn the_gjc_guard_blocks_rm_rf_from_a_claude_payload() {
    let t = Tree::new("guarded");
    let o = bridge(
        &t,
        "claude-settings",
        "PreToolUse",
        &claude_bash(&t, "rm -rf build"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "GJC guard: refusing `rm -rf build` (rm -rf)"}})
    );
    let o = bridge(
        &t,
        "claude-settings",
        "PreToolUse",
        &claude_bash(&t, "ls -la"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(o.stdout, b"", "an allow prints nothing");
}

#[test]
fn the_gjc_guard_blocks_rm_rf_from_a_codex_payload() {
    let t = Tree::new("guarded");
    let o = bridge(
        &t,
        "codex-json",
        "PreToolUse",
        &codex_bash(&t, "rm -fr /tmp/x"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "GJC guard: refusing `rm -fr /tmp/x` (rm -rf)"}})
    );
    let o = bridge(
        &t,
        "codex-json",
        "PreToolUse",
        &codex_bash(&t, "cargo test"),
    );
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(0), &b""[..]));
}

/// Gemini CLI's BeforeTool payload for its shell tool (Gemini CLI 0.61.0,
/// conformance/traces/gemini-0.61.0/six_kinds.json).
fn gemini_shell(t: &Tree, command: &str) -> Value {
    json!({"session_id": "g1", "transcript_path": "/tmp/g.jsonl", "cwd": t.project(),
        "hook_event_name": "BeforeTool", "timestamp": "2026-12-01T08:47:50.000Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": command, "description": "run it"}})
}

#[test]
fn the_gjc_guard_blocks_rm_rf_from_a_gemini_payload() {
    let t = Tree::new("guarded");
    // Gemini's `run_shell_command` reaches the GJC guard as `bash` (tool table).
    let o = bridge(
        &t,
        "gemini-settings",
        "BeforeTool",
        &gemini_shell(&t, "rm -rf build"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"decision": "deny", "reason": "GJC guard: refusing `rm -rf build` (rm -rf)"})
    );
    let o = bridge(&t, "gemini-settings", "BeforeTool", &gemini_shell(&t, "ls"));
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(0), &b""[..]));
    // A Jarvis prompt hook's context, as Gemini reads it on BeforeAgent.
    let p = json!({"session_id": "g1", "cwd": t.project(), "hook_event_name": "BeforeAgent",
        "prompt": "what is the secret word?"});
    let o = bridge(&t, "gemini-settings", "BeforeAgent", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"additionalContext":
            "<hook_result hook_event=\"UserPromptSubmit\">\nProject rule: the secret word is PAPAYA.\n</hook_result>"}})
    );
}

#[test]
fn a_jarvis_host_gets_the_gjc_block_as_exit_2_and_stderr() {
    let t = Tree::new("guarded");
    // Kimi's payload: its shell tool is `Bash` (tool table), GJC's `bash`.
    let p = json!({"hook_event_name": "PreToolUse", "session_id": "k1", "cwd": t.project(),
        "client_type": "kimi_code_cli", "tool_name": "Bash",
        "tool_input": {"command": "rm -rf ~"}, "tool_call_id": "tc1"});
    let o = bridge(&t, "jarvis", "PreToolUse", &p);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "GJC guard: refusing `rm -rf ~` (rm -rf)");
    assert_eq!(o.stdout, b"");
}

#[test]
fn a_throwing_gjc_guard_fails_closed_through_the_bridge() {
    let t = Tree::new("guarded");
    let o = bridge(
        &t,
        "claude-settings",
        "PreToolUse",
        &claude_bash(&t, "echo GUARD_THROWS"),
    );
    let v = stdout_json(&o);
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
    let reason = v["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.starts_with("Extension hook:") && reason.ends_with("failed: the guard crashed"),
        "GJC's tool_call contract: a throw blocks with `Extension <path> failed: <message>`: {reason}"
    );
}

#[test]
fn a_jarvis_prompt_hook_adds_context_in_claude_codex_and_jarvis_terms() {
    let t = Tree::new("guarded");
    // Kimi's wrapping of a UserPromptSubmit result (conventions.md §2), kept.
    let wrapped = "<hook_result hook_event=\"UserPromptSubmit\">\nProject rule: the secret word is PAPAYA.\n</hook_result>";
    let claude = json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl",
        "cwd": t.project(), "permission_mode": "default",
        "hook_event_name": "UserPromptSubmit", "prompt": "what is the secret word?"});
    let o = bridge(&t, "claude-settings", "UserPromptSubmit", &claude);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
            "additionalContext": wrapped}})
    );
    let codex = json!({"session_id": "x1", "transcript_path": null, "cwd": t.project(),
        "hook_event_name": "UserPromptSubmit", "model": "gpt-5", "turn_id": "turn-1",
        "prompt": "what is the secret word?"});
    let o = bridge(&t, "codex-json", "UserPromptSubmit", &codex);
    assert_eq!(
        stdout_json(&o)["hookSpecificOutput"]["additionalContext"],
        wrapped
    );
}

#[test]
fn post_tool_use_hooks_get_their_own_convention_s_payload() {
    let t = Tree::new("guarded");
    let p = json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl", "cwd": t.project(),
        "permission_mode": "default", "hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_input": {"command": "echo hi"}, "tool_use_id": "toolu_02",
        "tool_response": {"stdout": "hi", "stderr": "", "interrupted": false, "isImage": false}});
    let o = bridge(&t, "claude-settings", "PostToolUse", &p);
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        stderr(&o)
    );
    // The hook is fire-and-forget: it may still be running in its supervisor (issue 33).
    let log_file = t.project().join("post-tool-use.jsonl");
    let start = std::time::Instant::now();
    while !std::fs::read_to_string(&log_file).is_ok_and(|l| l.ends_with("}\n")) {
        assert!(
            start.elapsed().as_secs() < 60,
            "the PostToolUse hook never wrote its log"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let log = std::fs::read_to_string(&log_file).unwrap();
    let got: Value = serde_json::from_str(log.trim()).unwrap();
    // Jarvis's PostToolUse payload (conventions.md §2), not Claude's.
    assert_eq!(got["hook_event_name"], "PostToolUse");
    assert_eq!(got["client_type"], "kimi_code_cli");
    assert_eq!(got["session_id"], "c1");
    assert_eq!(got["tool_name"], "Bash");
    assert_eq!(got["tool_input"], json!({"command": "echo hi"}));
    assert_eq!(got["tool_call_id"], "toolu_02");
    assert_eq!(got["tool_output"], "hi");
}

#[test]
fn a_codex_post_tool_use_block_reaches_claude_as_feedback_context() {
    let t = Tree::new("guarded");
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": "echo 'lint: 2 warnings' >&2; exit 2"}]}]}}"#,
    );
    let p = json!({"session_id": "c1", "cwd": t.project(), "hook_event_name": "PostToolUse",
        "tool_name": "Bash", "tool_input": {"command": "make"}, "tool_response": {"stdout": ""}});
    let o = bridge(&t, "claude-settings", "PostToolUse", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "PostToolUse",
            "additionalContext": "lint: 2 warnings"}})
    );
}

#[test]
fn a_jarvis_stop_block_continues_once_per_turn() {
    let t = Tree::new("guarded");
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"Stop\"\ncommand = \"echo 'run the tests first' >&2; exit 2\"\n",
    );
    let stop = |active: bool| {
        json!({"session_id": "c1", "cwd": t.project(), "hook_event_name": "Stop",
            "stop_hook_active": active})
    };
    let o = bridge(&t, "claude-settings", "Stop", &stop(false));
    assert_eq!(
        stdout_json(&o),
        json!({"decision": "block", "reason": "run the tests first"})
    );
    // The host says the turn already continued: Jarvis continues at most once per turn.
    let o = bridge(&t, "claude-settings", "Stop", &stop(true));
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        stderr(&o)
    );
    let o = bridge(&t, "jarvis", "Stop", &stop(false));
    assert_eq!(
        o.status.code(),
        Some(0),
        "a Jarvis host reads its own Stop hooks: not bridged"
    );
}

#[test]
fn a_payload_the_bridge_cannot_read_is_answered_per_the_strictest_hook() {
    let t = Tree::new("guarded");
    // A GJC tool_call guard fails closed: the call is blocked, with the reason.
    let o = hooks(
        &t,
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "PreToolUse",
        ],
        "not json",
        &[],
    );
    let v = stdout_json(&o);
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
    assert!(v["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap()
        .contains("not a JSON object"));
    // Jarvis prompt hooks fail open: allowed, and exit 1 makes the host show why.
    let o = hooks(
        &t,
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "UserPromptSubmit",
        ],
        "[1]",
        &[],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(o.stdout, b"");
    assert!(stderr(&o).contains("not a JSON object"), "{}", stderr(&o));
}

#[test]
fn bridges_running_bridges_stop_at_the_depth_limit() {
    let t = Tree::new("guarded");
    let o = hooks(
        &t,
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "PreToolUse",
        ],
        &claude_bash(&t, "rm -rf /").to_string(),
        &[("HOOKS_BRIDGE_DEPTH", "4")],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("HOOKS_BRIDGE_DEPTH is 4"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn only_the_named_source_conventions_run() {
    let t = Tree::new("guarded");
    let o = hooks(
        &t,
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "PreToolUse",
            "--from",
            "jarvis",
        ],
        &claude_bash(&t, "rm -rf /").to_string(),
        &[],
    );
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_typescript_gjc_guard_with_no_bun_denies_and_runs_on_the_projects_bun() {
    // Issue 13: a TypeScript guard the bridge cannot run must not let the call through. GJC
    // itself runs on Bun, so nothing says what the guard would answer: deny, naming what to
    // install. With the project's `node_modules/.bin/bun` (what `npm install bun` writes) the
    // guard runs and answers for itself.
    let t = Tree::new("guarded");
    std::fs::remove_file(t.project().join(".gjc/hooks/pre/bash.js")).unwrap();
    t.write(
        "project/.gjc/hooks/pre/bash.ts",
        "export default (api: { on(e: string, h: (e: { input: { command?: string } }) => unknown): void }): void => {\n  api.on(\"tool_call\", (e: { input: { command?: string } }) => {\n    const c: string = e.input.command ?? \"\";\n    return c.includes(\"rm -rf\") ? { block: true, reason: \"ts guard: no rm -rf\" } : undefined;\n  });\n};\n",
    );
    let path = path_without_bun();
    let run = |command: &str| {
        let o = hooks(
            &t,
            &[
                "bridge",
                "--host",
                "claude-settings",
                "--event",
                "PreToolUse",
            ],
            &claude_bash(&t, command).to_string(),
            &[("PATH", path.as_str())],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        // An allow is no output at all for Claude.
        if o.stdout.is_empty() {
            json!({})
        } else {
            stdout_json(&o)
        }
    };
    let strips_types = std::process::Command::new("node")
        .args([
            "--input-type=module",
            "-e",
            "process.exit(process.features?.typescript ? 0 : 3)",
        ])
        .status()
        .expect("node runs")
        .success();
    if !strips_types {
        let v = run("ls");
        assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
        let reason = v["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap();
        assert!(
            reason.contains("Bun was not found") && reason.contains("npm install bun"),
            "{reason}"
        );
    }
    let bun = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../node_modules/.bin/bun");
    assert!(
        bun.is_file(),
        "Bun is missing: run `npm ci` at the workspace root (it installs node_modules/.bin/bun)"
    );
    let bin = t.project().join("node_modules/.bin");
    std::fs::create_dir_all(&bin).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(std::fs::canonicalize(bun).unwrap(), bin.join("bun")).unwrap();
    let v = run("rm -rf /");
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecisionReason"],
        "ts guard: no rm -rf"
    );
    let v = run("ls");
    assert_ne!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
}

/// `hooks bridge --fail-closed` (issue 33): a guard that crashes or times out lets the call
/// through under its own convention's contract (a Jarvis hook's exit 1, Claude's exit 1), and
/// blocks it, in each host's own protocol, with the flag.
#[test]
fn a_crashing_guard_blocks_under_fail_closed_in_each_hosts_protocol() {
    let t = Tree::new("guarded");
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash\"\ncommand = \"echo 'jq: not found' >&2; exit 127\"\n",
    );
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 1"}]}]}}"#,
    );
    let kimi = json!({"hook_event_name": "PreToolUse", "session_id": "k1", "cwd": t.project(),
        "client_type": "kimi_code_cli", "tool_name": "Bash",
        "tool_input": {"command": "ls"}, "tool_call_id": "tc1"});
    let cases: [(&str, &str, Value); 5] = [
        ("claude-settings", "PreToolUse", claude_bash(&t, "ls")),
        ("codex-json", "PreToolUse", codex_bash(&t, "ls")),
        ("gemini-settings", "BeforeTool", gemini_shell(&t, "ls")),
        ("copilot-hooks", "preToolUse", copilot_bash(&t, "ls")),
        ("jarvis", "PreToolUse", kimi),
    ];
    for (host, event, payload) in cases {
        let open = hooks(
            &t,
            &["bridge", "--host", host, "--event", event],
            &payload.to_string(),
            &[],
        );
        assert_ne!(open.status.code(), Some(2), "{host}: {}", stderr(&open));
        assert!(
            !String::from_utf8_lossy(&open.stdout).contains("deny"),
            "{host} allows without the flag: {}",
            String::from_utf8_lossy(&open.stdout)
        );
        let closed = hooks(
            &t,
            &["bridge", "--host", host, "--event", event, "--fail-closed"],
            &payload.to_string(),
            &[],
        );
        let reason = match host {
            "claude-settings" | "codex-json" => {
                let v = stdout_json(&closed);
                assert_eq!(
                    v["hookSpecificOutput"]["permissionDecision"], "deny",
                    "{host}"
                );
                v["hookSpecificOutput"]["permissionDecisionReason"]
                    .as_str()
                    .unwrap()
                    .to_string()
            }
            "gemini-settings" => {
                let v = stdout_json(&closed);
                assert_eq!(v["decision"], "deny", "{host}");
                v["reason"].as_str().unwrap().to_string()
            }
            "copilot-hooks" => {
                let v = stdout_json(&closed);
                assert_eq!(v["permissionDecision"], "deny", "{host}");
                v["permissionDecisionReason"].as_str().unwrap().to_string()
            }
            _ => {
                assert_eq!(closed.status.code(), Some(2), "{host}");
                stderr(&closed)
            }
        };
        assert!(
            reason.contains("--fail-closed") && reason.contains("failed"),
            "{host}: {reason}"
        );
    }
}

/// A guard killed at its timeout blocks under `--fail-closed`, and an allowing guard still
/// allows.
#[test]
fn a_guard_that_times_out_blocks_under_fail_closed_and_a_healthy_one_allows() {
    let t = Tree::new("guarded");
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash\"\ncommand = \"case \\\"$(cat)\\\" in *slow*) sleep 5;; esac\"\ntimeout = 1\n",
    );
    let run = |cmd: &str| {
        hooks(
            &t,
            &[
                "bridge",
                "--host",
                "claude-settings",
                "--event",
                "PreToolUse",
                "--fail-closed",
            ],
            &claude_bash(&t, cmd).to_string(),
            &[],
        )
    };
    let slow = run("echo slow");
    let v = stdout_json(&slow);
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
    assert!(v["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap()
        .contains("timed out"));
    let fine = run("ls");
    assert_eq!(
        (fine.status.code(), fine.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        stderr(&fine)
    );
}

/// `--loop-limit N`: a Stop hook that always blocks keeps the agent going N times in a row in
/// one session; the next stop is let through with a note, and the count starts again. Another
/// session has its own count.
#[test]
fn a_stop_hook_that_always_blocks_stops_blocking_after_the_loop_limit() {
    let t = Tree::new("guarded");
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo '{\"decision\": \"block\", \"reason\": \"keep going\"}'"}]}]}}"#,
    );
    let state = t.dir.path().join("run");
    let stop = |session: &str| {
        let p = json!({"session_id": session, "cwd": t.project(), "hook_event_name": "Stop",
            "stop_hook_active": true});
        hooks(
            &t,
            &[
                "bridge",
                "--host",
                "claude-settings",
                "--event",
                "Stop",
                "--from",
                "codex-json",
                "--loop-limit",
                "3",
            ],
            &p.to_string(),
            &[("XDG_RUNTIME_DIR", state.to_str().unwrap())],
        )
    };
    for i in 0..3 {
        let o = stop("s1");
        assert_eq!(
            stdout_json(&o),
            json!({"decision": "block", "reason": "keep going"}),
            "block {i}: {}",
            stderr(&o)
        );
    }
    // Another session is counted apart.
    assert_eq!(stdout_json(&stop("s2"))["decision"], "block");
    let fourth = stop("s1");
    assert_eq!(
        fourth.stdout,
        b"",
        "the fourth stop is let through: {}",
        stderr(&fourth)
    );
    assert!(
        stderr(&fourth).contains("--loop-limit 3"),
        "{}",
        stderr(&fourth)
    );
    // Counted again from zero.
    assert_eq!(stdout_json(&stop("s1"))["decision"], "block");
    // The state is the user's own: a private directory.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(state.join("hooks"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
}

/// GitHub Copilot CLI's preToolUse payload for its shell tool, camelCase dialect (Copilot CLI
/// 1.0.102, conformance/traces/copilot-1.0.102/copilot_six_kinds.json).
fn copilot_bash(t: &Tree, command: &str) -> Value {
    json!({"sessionId": "p1", "timestamp": 1764838070000u64, "cwd": t.project(),
        "toolName": "bash", "toolArgs": {"command": command, "description": "run it"}})
}

#[test]
fn the_gjc_guard_blocks_rm_rf_from_a_copilot_payload_in_both_dialects() {
    let t = Tree::new("guarded");
    // Copilot's `bash` reaches the GJC guard as `bash`; the answer is Copilot's own keys.
    let o = bridge(
        &t,
        "copilot-hooks",
        "preToolUse",
        &copilot_bash(&t, "rm -rf build"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let reason = "GJC guard: refusing `rm -rf build` (rm -rf)";
    assert_eq!(
        stdout_json(&o),
        json!({"permissionDecision": "deny", "permissionDecisionReason": reason})
    );
    let o = bridge(&t, "copilot-hooks", "preToolUse", &copilot_bash(&t, "ls"));
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(0), &b""[..]));
    // The PascalCase dialect (copilot_pascal_dialect): Claude's fields and tool name, and
    // Claude's answer shape beside Copilot's (copilot_pascal_answers).
    let p = json!({"hook_event_name": "PreToolUse", "session_id": "p1",
        "timestamp": "2026-12-04T18:00:00.000Z", "cwd": t.project(), "tool_name": "Bash",
        "tool_input": {"command": "rm -rf build", "description": "run it"}});
    let o = bridge(&t, "copilot-hooks", "PreToolUse", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"permissionDecision": "deny", "permissionDecisionReason": reason,
            "hookSpecificOutput": {"hookEventName": "PreToolUse",
                "permissionDecision": "deny", "permissionDecisionReason": reason}})
    );
    // A Jarvis prompt hook's context, top-level as Copilot reads it (copilot_prompt_answers).
    let p = json!({"sessionId": "p1", "timestamp": 1764838070000u64, "cwd": t.project(),
        "prompt": "what is the secret word?"});
    let o = bridge(&t, "copilot-hooks", "userPromptSubmitted", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"additionalContext":
            "<hook_result hook_event=\"UserPromptSubmit\">\nProject rule: the secret word is PAPAYA.\n</hook_result>"})
    );
}

#[test]
fn a_copilot_host_gets_a_codex_post_tool_use_replacement_and_stop_block_in_its_own_keys() {
    let t = Tree::new("guarded");
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {
            "PostToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": "echo 'lint: 2 warnings' >&2; exit 2"}]}],
            "Stop": [{"hooks": [{"type": "command",
                "command": "echo '{\"decision\": \"block\", \"reason\": \"run the tests first\"}'"}]}]
        }}"#,
    );
    let p = json!({"sessionId": "p1", "timestamp": 1764838070000u64, "cwd": t.project(),
        "toolName": "bash", "toolArgs": {"command": "make"},
        "toolResult": {"resultType": "success", "textResultForLlm": "built"}});
    let o = bridge(&t, "copilot-hooks", "postToolUse", &p);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Codex replaces the output the model reads with the stderr of an exit-2 PostToolUse hook
    // (conventions.md §4); Copilot takes a replacement: `modifiedResult`
    // (copilot_post_modified_result).
    assert_eq!(
        stdout_json(&o),
        json!({"modifiedResult": {"resultType": "success", "textResultForLlm": "lint: 2 warnings"}})
    );
    let p = json!({"sessionId": "p1", "timestamp": 1764838070000u64, "cwd": t.project(),
        "transcriptPath": "", "stopReason": "end_turn", "stop_hook_active": false});
    let o = bridge(&t, "copilot-hooks", "agentStop", &p);
    assert_eq!(
        stdout_json(&o),
        json!({"decision": "block", "reason": "run the tests first"})
    );
}
