//! `hooks bridge` with Cline (issue 30), through the real binary on real files. Cline as a host:
//! `hooks bridge install --host cline-dir` writes one `#!/bin/sh` file per bridged event into
//! `.cline/hooks/`, each file is run as Cline runs it (`sh <file>`, cwd the workspace, Cline's
//! payload on stdin, taken from the recorded trace `conformance/traces/cline-3.0.65/
//! cline_all_events.json`) and answers in Cline's stdout JSON. Cline as a source: a
//! `.clinerules/hooks/PreToolUse` file run by the bridge inside Claude Code.

use crate::common;
use serde_json::{json, Value};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// The tree: a project with a subfolder, a home, a folder elsewhere.
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
            "project/sub",
            "home",
            "elsewhere",
        ]))
    }
    /// Runs `cmd` with `stdin`, as Cline's hook runner does: `--wait` for detached hooks.
    fn spawn(&self, mut cmd: Command, stdin: &str) -> Output {
        cmd.env("HOOKS_BRIDGE_WAIT", "1");
        common::run_with_stdin(cmd, stdin)
    }
    /// `hooks ARGS` from `cwd`, HOME = `home`.
    fn hooks_in(&self, cwd: &str, home: &str, args: &[&str], stdin: &str) -> Output {
        self.spawn(self.hooks_command(args, cwd, home), stdin)
    }
    /// Runs the hook file `rel` as Cline CLI 3.0.65 does: under the interpreter its shebang
    /// names (`#!/bin/sh` → `sh`, trace cline_interpreter_shebang_sh), cwd the workspace.
    fn cline_runs(&self, rel: &str, payload: &Value) -> Output {
        let mut cmd = self.command("sh", "project", "home");
        cmd.arg(self.path(rel));
        self.spawn(cmd, &payload.to_string())
    }
}

use common::{stdout_json, text};

/// The payload Cline CLI 3.0.65 sent for `hook_name` in the recorded run `cline_all_events`,
/// its placeholders filled for this tree (`<ROOT>/project` is the workspace).
fn traced(t: &Tree, hook_name: &str) -> Value {
    let trace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../conformance/traces/cline-3.0.65/cline_all_events.json");
    let trace: Value = serde_json::from_str(&std::fs::read_to_string(trace).unwrap()).unwrap();
    let payload = trace["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["step"] == "hooks" && s["event"] == hook_name)
        .unwrap_or_else(|| panic!("no `{hook_name}` payload in the trace"))["payload"]
        .to_string();
    let filled = payload
        .replace("<ROOT>", &t.dir.path().display().to_string())
        .replace("<ID>", "conv_1764838070000_abc")
        .replace("<TIME>", "2026-12-04T10:00:00.000Z")
        .replace("\"<DUR>\"", "5");
    serde_json::from_str(&filled).unwrap()
}

/// The traced PreToolUse payload with its shell command replaced by `command`.
fn pre_tool_use(t: &Tree, command: &str) -> Value {
    let mut p = traced(t, "tool_call");
    p["tool_call"]["input"] = json!({"commands": [command]});
    p["preToolUse"]["parameters"]["commands"] = json!([command]).to_string().into();
    p
}

/// Claude Code hooks in the project: a PreToolUse guard on `Bash` (Cline's `run_commands`,
/// through the tool table) refusing `rm -rf` in `tool_input.command` (the bridge gives Cline's
/// `{"commands": […]}` in that shape), a PostToolUse hook adding context, and a Stop hook that
/// asks to go on and leaves a mark.
fn claude_hooks(t: &Tree) {
    t.write(
        "project/.claude/settings.json",
        &json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
                "command": "if grep -q '\"command\":\"rm -rf'; then echo 'Claude guard: no rm -rf' >&2; exit 2; fi"}]}],
            "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
                "command": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PostToolUse\", \"additionalContext\": \"lint: 0 warnings\"}}'"}]}],
            "Stop": [{"hooks": [{"type": "command",
                "command": "cat > \"$CLAUDE_PROJECT_DIR/stop-ran.json\"; echo 'run the tests first' >&2; exit 2"}]}]
        }})
        .to_string(),
    );
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_claude_guard_bridged_into_cline_answers_in_cline_s_json() {
    let t = Tree::new();
    claude_hooks(&t);
    // From a subdirectory, the project named, the home given with --home and not $HOME.
    let o = t.hooks_in(
        "project/sub",
        "elsewhere",
        &[
            "bridge",
            "install",
            "--host",
            "cline-dir",
            "..",
            "--home",
            t.path("home").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let exe = Path::new(env!("CARGO_BIN_EXE_hooks"))
        .canonicalize()
        .unwrap();
    for event in ["PreToolUse", "PostToolUse", "TaskComplete"] {
        let file = t.path(&format!("project/.cline/hooks/{event}"));
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            format!(
                "#!/bin/sh\n# Cline {event} hook written by `hooks bridge install`.\nexec {} bridge --host cline-dir --event {event}\n",
                exe.display()
            )
        );
        assert_eq!(mode(&file), 0o755, "{event}");
    }
    assert!(text(&o).contains("no trust step"), "{}", text(&o));
    // The Claude guard denies: Cline's only refusal, a cancel (trace cline_pre_cancel), said on
    // stderr (which Cline ignores) for whoever reads the log.
    let o = t.cline_runs(
        "project/.cline/hooks/PreToolUse",
        &pre_tool_use(&t, "rm -rf build"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"cancel": true, "errorMessage": "Claude guard: no rm -rf"})
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("whole run"),
        "{}",
        text(&o)
    );
    // Allowed: nothing on stdout.
    let o = t.cline_runs("project/.cline/hooks/PreToolUse", &pre_tool_use(&t, "ls"));
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        text(&o)
    );
    // A context answer: `contextModification`, which Cline shows the model after the tool result
    // (trace cline_post_context).
    let o = t.cline_runs(
        "project/.cline/hooks/PostToolUse",
        &traced(&t, "tool_result"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"contextModification": "lint: 0 warnings"})
    );
    // TaskComplete is detached (trace cline_task_complete_output_ignored): the Claude Stop hook
    // runs, with Claude's payload, and its block is not printed but said on stderr.
    let o = t.cline_runs(
        "project/.cline/hooks/TaskComplete",
        &traced(&t, "agent_end"),
    );
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        text(&o)
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("run the tests first"),
        "{}",
        text(&o)
    );
    let seen: Value = serde_json::from_str(&t.read("project/stop-ran.json")).unwrap();
    assert_eq!(seen["hook_event_name"], "Stop");
    assert_eq!(seen["stop_hook_active"], false);
    assert_eq!(seen["session_id"], "conv_1764838070000_abc");
}

#[test]
fn a_claude_rewrite_is_cline_s_override_input() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        &json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
            "command": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"updatedInput\": {\"command\": \"ls -a\"}}}'"}]}]}})
        .to_string(),
    );
    let o = t.hooks_in(
        "project",
        "home",
        &["bridge", "install", "--host", "cline-dir"],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Claude's shape, which Cline's `run_commands` accepts too (live:
    // bridge_cline_claude_updated_input ran the rewritten command).
    let o = t.cline_runs("project/.cline/hooks/PreToolUse", &pre_tool_use(&t, "ls"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        stdout_json(&o),
        json!({"overrideInput": {"command": "ls -a"}})
    );
}

#[test]
fn install_never_overwrites_a_user_s_file_and_uninstall_removes_only_its_own() {
    let t = Tree::new();
    claude_hooks(&t);
    let user = "#!/bin/sh\necho '{\"contextModification\": \"mine\"}'\n";
    t.write("project/.cline/hooks/PreToolUse", user);
    let install = |args: &[&str]| {
        let mut all = vec!["bridge", "install", "--host", "cline-dir"];
        all.extend_from_slice(args);
        let o = t.hooks_in("project", "home", &all, "");
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        text(&o)
    };
    install(&[]);
    // Chained: the entry takes the next name Cline reads, which it runs after the user's.
    assert_eq!(t.read("project/.cline/hooks/PreToolUse"), user);
    assert!(t
        .read("project/.cline/hooks/PreToolUse.bash")
        .contains("exec "));
    // Again: nothing changes.
    let again = install(&[]);
    assert!(again.contains("up to date"), "{again}");
    let names = |t: &Tree| {
        let mut n: Vec<String> = std::fs::read_dir(t.path("project/.cline/hooks"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    };
    assert_eq!(
        names(&t),
        [
            "PostToolUse",
            "PreToolUse",
            "PreToolUse.bash",
            "TaskComplete"
        ]
    );
    // Another --from: the old entries are stale and go, the new ones come.
    let out = install(&["--from", "claude-settings"]);
    assert!(
        out.contains("removed .cline/hooks/PreToolUse.bash"),
        "{out}"
    );
    assert!(t
        .read("project/.cline/hooks/PreToolUse.bash")
        .contains("--from claude-settings"));
    // Both bridges read the files the same way: the user's file is a Cline hook, the entries are
    // bridge entries (never run as hooks by a bridge).
    let o = t.hooks_in(
        "project",
        "home",
        &["bridge", "uninstall", "--host", "cline-dir"],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(names(&t), ["PreToolUse"]);
    assert_eq!(t.read("project/.cline/hooks/PreToolUse"), user);
    let o = t.hooks_in(
        "project",
        "home",
        &["bridge", "uninstall", "--host", "cline-dir"],
        "",
    );
    assert!(text(&o).contains("nothing to remove"), "{}", text(&o));
}

#[test]
fn uninstall_takes_away_the_folders_install_made_and_only_empty_ones() {
    let t = Tree::new();
    claude_hooks(&t);
    let run = |verb: &str| {
        let o = t.hooks_in(
            "project",
            "home",
            &["bridge", verb, "--host", "cline-dir"],
            "",
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        text(&o)
    };
    assert!(!t.path("project/.cline").exists());
    run("install");
    assert!(t.path("project/.cline/hooks/PreToolUse").is_file());
    let out = run("uninstall");
    assert!(
        out.contains("removed the empty folder .cline/hooks"),
        "{out}"
    );
    // As before install: no `.cline/` at all.
    assert!(!t.path("project/.cline").exists(), "{out}");
    // A folder that holds something of the user's stays, with it.
    t.write("project/.cline/rules.md", "mine\n");
    run("install");
    run("uninstall");
    assert!(!t.path("project/.cline/hooks").exists());
    assert_eq!(t.read("project/.cline/rules.md"), "mine\n");
}

/// Claude Code's PreToolUse payload (conventions.md §5).
fn claude_pre(t: &Tree, command: &str) -> Value {
    json!({"session_id": "s1", "transcript_path": "/tmp/t.jsonl", "cwd": t.project(),
        "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_use_id": "toolu_1"})
}

#[test]
fn a_cline_hook_runs_inside_claude_code_through_the_bridge() {
    let t = Tree::new();
    // Cline's deprecated project folder, a file with no shebang: bash runs it (trace
    // cline_interpreter_no_shebang). It cancels on `rm -rf` and logs each payload.
    t.write(
        "project/.clinerules/hooks/PreToolUse",
        "payload=$(cat)\nprintf '%s\\n' \"$payload\" >> \"$PWD/cline-seen.jsonl\"\ncase \"$payload\" in\n  *'rm -rf'*) echo '{\"cancel\": true, \"errorMessage\": \"Cline guard: no rm -rf\"}' ;;\n  *) echo '{\"contextModification\": \"Cline saw it\", \"overrideInput\": {\"commands\": [\"ls -a\"]}}' ;;\nesac\n",
    );
    let bridge = |payload: &Value| {
        t.hooks_in(
            "project/sub",
            "home",
            &[
                "bridge",
                "--host",
                "claude-settings",
                "--event",
                "PreToolUse",
            ],
            &payload.to_string(),
        )
    };
    let o = bridge(&claude_pre(&t, "rm -rf build"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Cline's cancel ends its run: in Claude Code, a deny and `continue: false`.
    let v = stdout_json(&o);
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecisionReason"],
        "Cline guard: no rm -rf"
    );
    assert_eq!(v["continue"], false);
    let o = bridge(&claude_pre(&t, "ls"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // Its override, in Cline's shape, goes back to Claude's Bash in Claude's.
    assert_eq!(
        stdout_json(&o),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "updatedInput": {"command": "ls -a"}, "additionalContext": "Cline saw it"}})
    );
    // The hook got Cline's payload, Claude's Bash under Cline's name and its input in Cline's
    // shape (`run_commands` takes a list), cwd the workspace.
    let seen: Vec<Value> = t
        .read("project/cline-seen.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[1]["hookName"], "tool_call");
    assert_eq!(seen[1]["preToolUse"]["toolName"], "run_commands");
    assert_eq!(seen[1]["tool_call"]["input"], json!({"commands": ["ls"]}));
    assert_eq!(seen[1]["preToolUse"]["parameters"]["commands"], "[\"ls\"]");
    assert_eq!(seen[1]["taskId"], "s1");
}

#[test]
fn a_cline_bridge_file_is_not_run_again_by_another_host_s_bridge() {
    let t = Tree::new();
    // A Jarvis hook (user) that counts its runs, bridged into Cline and into Claude Code.
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"echo x >> \\\"$HOME/jarvis-runs\\\"\"\n",
    );
    let o = t.hooks_in(
        "project",
        "home",
        &["bridge", "install", "--host", "cline-dir"],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(t.path("project/.cline/hooks/PreToolUse").is_file());
    // Claude's bridge reads the Cline folder as a source: the bridge file there is an entry, not
    // a hook, or the Jarvis hook would run twice (once more through the Cline bridge).
    let o = t.hooks_in(
        "project",
        "home",
        &[
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "PreToolUse",
        ],
        &claude_pre(&t, "ls").to_string(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(t.read("home/jarvis-runs"), "x\n");
    let o = t.cline_runs("project/.cline/hooks/PreToolUse", &pre_tool_use(&t, "ls"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(t.read("home/jarvis-runs"), "x\nx\n");
}
