//! Plugin hooks run with their plugin-root variables, through the real binary on real files:
//! a guard installed the way discovery finds it — a Claude Code plugin in
//! `~/.claude/plugins/cache/…`, a Cursor plugin in `~/.cursor/plugins/local/…`, a Gemini CLI
//! extension in `~/.gemini/extensions/…`, a Copilot CLI `--plugin-dir` plugin — names its script
//! by its root (`"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh`, `${CURSOR_PLUGIN_ROOT}`,
//! `${extensionPath}`, `$COPILOT_PLUGIN_ROOT`) and denies. Before the runner set these, the
//! script was `/hooks/guard.sh`, the shell exited 127 and the call went through: a guard that
//! failed open. Every run is from two current directories, with `HOME` not the tree's `--home`.
//! A project (non-plugin) hook using `${CLAUDE_PLUGIN_ROOT}` still gets nothing, as in Claude.

use crate::common;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Output;

const CLAUDE: &str = "home/.claude/plugins/cache/market/claude-guard/1.0.0";
const CURSOR: &str = "home/.cursor/plugins/local/cursor-guard";
const GEMINI: &str = "home/.gemini/extensions/gemini-guard";
const COPILOT: &str = "plugins/copilot-guard";

struct Tree(common::Sandbox);

impl std::ops::Deref for Tree {
    type Target = common::Sandbox;
    fn deref(&self) -> &common::Sandbox {
        &self.0
    }
}

impl Tree {
    /// The four plugins, each with a guard that denies every shell command — only when its
    /// agent's plugin-root variables all hold the plugin's root (else it allows, and the test
    /// sees the call go through).
    fn new() -> Tree {
        let t = Tree(common::Sandbox::with_dirs(&[
            "project",
            "home",
            "elsewhere",
            "real-home",
        ]));
        t.write(
            &format!("{CLAUDE}/.claude-plugin/plugin.json"),
            r#"{"name": "claude-guard", "version": "1.0.0"}"#,
        );
        t.write(
            &format!("{CLAUDE}/hooks/hooks.json"),
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
  "command": "\"${CLAUDE_PLUGIN_ROOT}\"/hooks/guard.sh"}]}]}}"#,
        );
        t.script(
            &format!("{CLAUDE}/hooks/guard.sh"),
            "cat >/dev/null; echo 'claude plugin guard: no' >&2; exit 2",
        );
        t.write(
            &format!("{CURSOR}/.cursor-plugin/plugin.json"),
            r#"{"name": "cursor-guard"}"#,
        );
        t.write(
            &format!("{CURSOR}/hooks/hooks.json"),
            r#"{"version": 1, "hooks": {"preToolUse": [{"command": "\"${CURSOR_PLUGIN_ROOT}\"/hooks/guard.sh"}]}}"#,
        );
        // Cursor sets both names (cursor/plugins uses `CLAUDE_PLUGIN_ROOT`).
        t.script(
            &format!("{CURSOR}/hooks/guard.sh"),
            r#"cat >/dev/null; [ "$CLAUDE_PLUGIN_ROOT" = "$CURSOR_PLUGIN_ROOT" ] || exit 0
echo '{"permission": "deny", "user_message": "cursor plugin guard: no", "agent_message": "cursor plugin guard: no"}'"#,
        );
        t.write(
            &format!("{GEMINI}/gemini-extension.json"),
            r#"{"name": "gemini-guard", "version": "1.0.0"}"#,
        );
        t.write(
            &format!("{GEMINI}/hooks/hooks.json"),
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command",
  "command": "${extensionPath}${/}hooks${/}guard.sh"}]}]}}"#,
        );
        t.script(
            &format!("{GEMINI}/hooks/guard.sh"),
            "cat >/dev/null; echo 'gemini extension guard: no' >&2; exit 2",
        );
        t.write(
            &format!("{COPILOT}/.plugin/plugin.json"),
            r#"{"name": "copilot-guard", "version": "0.0.1"}"#,
        );
        t.write(
            &format!("{COPILOT}/hooks/hooks.json"),
            r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "\"$COPILOT_PLUGIN_ROOT\"/hooks/guard.sh"}]}}"#,
        );
        // Copilot sets three names (trace copilot_plugin_dir).
        t.script(
            &format!("{COPILOT}/hooks/guard.sh"),
            r#"cat >/dev/null
[ "$PLUGIN_ROOT" = "$COPILOT_PLUGIN_ROOT" ] && [ "$CLAUDE_PLUGIN_ROOT" = "$PLUGIN_ROOT" ] || exit 0
echo '{"permissionDecision": "deny", "permissionDecisionReason": "copilot plugin guard: no"}'"#,
        );
        t
    }
    /// `hooks ARGS` from `cwd` (relative to the tree), `HOME` not `--home`, `stdin` piped in.
    fn hooks(&self, cwd: &str, args: &[&str], stdin: &str) -> Output {
        let mut cmd = self.hooks_command(args, cwd, "real-home");
        cmd.env_remove("CURSOR_PLUGIN_ROOT")
            .env_remove("PLUGIN_ROOT");
        common::run_with_stdin(cmd, stdin)
    }
    /// `hooks lint --format json` of `target` with `--home home`, from `cwd`.
    fn lint(&self, cwd: &str, home: &Path, target: &Path) -> Output {
        let args = [
            "lint",
            "--home",
            home.to_str().unwrap(),
            "--format",
            "json",
            target.to_str().unwrap(),
        ];
        self.hooks(cwd, &args, "")
    }
    /// `hooks run pre_tool_use` of `ls` under Bash over `target`, from `cwd`.
    fn run(&self, cwd: &str, target: &str) -> Value {
        let home = self.path("home");
        let target = self.path(target);
        let o = self.hooks(
            cwd,
            &[
                "run",
                "pre_tool_use",
                "--tool",
                "Bash",
                "--input",
                r#"{"command": "ls"}"#,
                "--home",
                home.to_str().unwrap(),
                target.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o)))
    }
}

use common::text;

/// The diagnostics of a `hooks lint --format json` run with this code.
fn with_code(o: &Output, code: &str) -> Vec<Value> {
    let doc: Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)));
    let all = doc["diagnostics"].as_array().unwrap();
    all.iter().filter(|d| d["code"] == code).cloned().collect()
}

/// Each agent's decision and reason in a `hooks run` document.
fn by_agent(doc: &Value) -> Vec<(String, String, String)> {
    doc["agents"]
        .as_array()
        .unwrap_or_else(|| panic!("no agents: {doc}"))
        .iter()
        .map(|a| {
            (
                a["agent"].as_str().unwrap().to_string(),
                a["decision"].as_str().unwrap().to_string(),
                a["reason"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn each_plugin_s_guard_finds_its_script_by_its_root_and_denies() {
    let t = Tree::new();
    let want = vec![
        (
            "claude-settings".to_string(),
            "block".to_string(),
            "claude plugin guard: no".to_string(),
        ),
        (
            "gemini-settings".to_string(),
            "block".to_string(),
            "gemini extension guard: no".to_string(),
        ),
        (
            "cursor-hooks".to_string(),
            "block".to_string(),
            "cursor plugin guard: no".to_string(),
        ),
    ];
    for cwd in ["project", "elsewhere"] {
        let doc = t.run(cwd, "project");
        assert_eq!(by_agent(&doc), want, "from {cwd}: {doc}");
        for h in doc["hooks"].as_array().unwrap() {
            assert_eq!(h["outcome"], "blocked", "from {cwd}: {h}");
        }
    }
}

#[test]
fn a_copilot_plugin_dir_guard_gets_its_three_root_variables() {
    let t = Tree::new();
    for cwd in ["project", "elsewhere"] {
        let doc = t.run(cwd, &format!("{COPILOT}/hooks/hooks.json"));
        assert_eq!(doc["decision"], "block", "from {cwd}: {doc}");
        assert_eq!(
            doc["reason"], "copilot plugin guard: no",
            "from {cwd}: {doc}"
        );
    }
}

#[test]
fn the_bridge_from_another_host_answers_each_plugin_s_deny() {
    let t = Tree::new();
    let home = t.path("home");
    let payload = json!({"session_id": "s1", "transcript_path": null, "cwd": t.path("project"),
        "hook_event_name": "PreToolUse", "model": "m", "permission_mode": "default",
        "tool_name": "Bash", "tool_use_id": "t1", "tool_input": {"command": "ls"}})
    .to_string();
    for (from, reason) in [
        ("claude-settings", "claude plugin guard: no"),
        ("cursor-hooks", "cursor plugin guard: no"),
        ("gemini-settings", "gemini extension guard: no"),
    ] {
        for cwd in ["project", "elsewhere"] {
            let o = t.hooks(
                cwd,
                &[
                    "bridge",
                    "--host",
                    "codex-json",
                    "--event",
                    "PreToolUse",
                    "--from",
                    from,
                    "--home",
                    home.to_str().unwrap(),
                ],
                &payload,
            );
            assert_eq!(o.status.code(), Some(0), "{}", text(&o));
            let answer: Value = serde_json::from_slice(&o.stdout)
                .unwrap_or_else(|e| panic!("{from} from {cwd}: {e}: {}", text(&o)));
            assert_eq!(
                answer["hookSpecificOutput"]["permissionDecision"],
                "deny",
                "{from} from {cwd}: {}",
                text(&o)
            );
            assert_eq!(
                answer["hookSpecificOutput"]["permissionDecisionReason"], reason,
                "{from} from {cwd}"
            );
        }
    }
}

#[test]
fn hooks_test_sees_the_plugin_guards_block() {
    let t = Tree::new();
    t.write(
        "project/hooks.test.toml",
        "[[case]]\nname = \"plugin guards deny ls\"\nevent = \"pre_tool_use\"\ntool = \"Bash\"\n\
         input = { command = \"ls\" }\n[case.expect]\ndecision = \"block\"\n",
    );
    let home = t.path("home");
    let project = t.path("project");
    for cwd in ["project", "elsewhere"] {
        let o = t.hooks(
            cwd,
            &[
                "test",
                project.to_str().unwrap(),
                "--home",
                home.to_str().unwrap(),
                "--agent",
                "claude-settings,cursor-hooks,gemini-settings",
                "--format",
                "json",
            ],
            "",
        );
        assert_eq!(o.status.code(), Some(0), "from {cwd}: {}", text(&o));
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
        let results = doc["results"].as_array().unwrap();
        let agents: Vec<&str> = results
            .iter()
            .map(|r| r["agent"].as_str().unwrap())
            .collect();
        assert_eq!(
            agents,
            ["claude-settings", "gemini-settings", "cursor-hooks"],
            "{doc}"
        );
        for r in results {
            assert_eq!(r["passed"], true, "from {cwd}: {r}");
        }
    }
}

#[test]
fn a_project_hook_gets_no_plugin_root_and_lint_still_says_so() {
    let t = Tree::new();
    // The same guard command in the project's settings: Claude sets `CLAUDE_PLUGIN_ROOT` for
    // plugin hooks only, so here it is empty and the script is not found.
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
  "command": "\"${CLAUDE_PLUGIN_ROOT}\"/hooks/guard.sh"}]}]}}"#,
    );
    let empty_home = t.path("real-home");
    let project = t.path("project");
    for cwd in ["project", "elsewhere"] {
        let o = t.hooks(
            cwd,
            &[
                "run",
                "pre_tool_use",
                "--tool",
                "Bash",
                "--input",
                r#"{"command": "ls"}"#,
                "--home",
                empty_home.to_str().unwrap(),
                project.to_str().unwrap(),
            ],
            "",
        );
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["decision"], "allow", "{doc}");
        assert_eq!(doc["hooks"][0]["exit_code"], 127, "{doc}");
        let o = t.lint(cwd, &empty_home, &project);
        assert!(
            String::from_utf8_lossy(&o.stdout).contains("plugin_root_outside_plugin"),
            "{}",
            text(&o)
        );
    }
    // The plugins' own files (the tree's home) draw no such finding.
    let home = t.path("home");
    let o = t.lint("elsewhere", &home, &t.path("elsewhere"));
    assert!(
        !String::from_utf8_lossy(&o.stdout).contains("plugin_root_outside_plugin"),
        "{}",
        text(&o)
    );
}

#[test]
fn cursor_and_copilot_project_hooks_using_their_plugin_root_are_told_so_by_name() {
    let t = Tree::new();
    // Each agent's own plugin-root variable, in a project file: unset there, as in Claude.
    t.write(
        "project/.cursor/hooks.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"command": "\"${CURSOR_PLUGIN_ROOT}\"/hooks/guard.sh"}]}}"#,
    );
    t.write(
        "project/.github/hooks/guard.json",
        r#"{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "\"$COPILOT_PLUGIN_ROOT\"/hooks/guard.sh"}]}}"#,
    );
    let empty_home = t.path("real-home");
    let project = t.path("project");
    for cwd in ["project", "elsewhere"] {
        let o = t.lint(cwd, &empty_home, &project);
        let found: Vec<(String, String, String)> = with_code(&o, "plugin_root_outside_plugin")
            .iter()
            .map(|d| {
                (
                    d["convention"].as_str().unwrap_or("").to_string(),
                    d["message"].as_str().unwrap().to_string(),
                    d["help"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        assert_eq!(found.len(), 2, "from {cwd}: {}", text(&o));
        let cursor = found.iter().find(|f| f.0 == "cursor-hooks").unwrap();
        assert!(
            cursor
                .1
                .contains("`${CURSOR_PLUGIN_ROOT}`, which Cursor sets only for plugin hooks"),
            "{cursor:?}"
        );
        assert!(
            cursor.2.contains("\"$CURSOR_PROJECT_DIR\"/..."),
            "{cursor:?}"
        );
        let copilot = found.iter().find(|f| f.0 == "copilot-hooks").unwrap();
        assert!(
            copilot
                .1
                .contains("`${COPILOT_PLUGIN_ROOT}`, which Copilot CLI sets only for plugin hooks"),
            "{copilot:?}"
        );
    }
    // The plugins' own files use the same variables and draw no such finding, nor a missing
    // script: their root resolves the script.
    let home = t.path("home");
    let o = t.lint("elsewhere", &home, &t.path("elsewhere"));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("plugin_root_outside_plugin"), "{}", text(&o));
    assert!(!out.contains("missing_script"), "{}", text(&o));
    // And the root resolves a script that is not there: `${CURSOR_PLUGIN_ROOT}` is the
    // plugin's directory to the missing-script rule, as `${CLAUDE_PLUGIN_ROOT}` is.
    t.write(
        &format!("{CURSOR}/hooks/hooks.json"),
        r#"{"version": 1, "hooks": {"preToolUse": [{"command": "\"${CURSOR_PLUGIN_ROOT}\"/hooks/gone.sh"}]}}"#,
    );
    let o = t.lint("elsewhere", &home, &t.path("elsewhere"));
    let missing = with_code(&o, "missing_script");
    assert_eq!(missing.len(), 1, "{}", text(&o));
    assert!(
        missing[0]["message"].as_str().unwrap().contains("gone.sh"),
        "{}",
        text(&o)
    );
}
