//! The `qwen-settings` convention through the real binary (issue 30): the fixtures of
//! `fixtures/qwen-settings/` copied into a temp tree, linted and listed from other current
//! directories and with a `--home` that is not `$HOME`; each outcome is what Qwen Code 0.24.4
//! did live (`conformance/traces-pending/qwen-0.24.4/`, named per assertion).

use crate::common;
use common::Tree;
use serde_json::Value;
use std::path::Path;

/// Copies `fixtures/qwen-settings/<name>/` (its `project/` and `home/`) into a fresh tree.
fn fixture(name: &str) -> Tree {
    let t = Tree::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/qwen-settings")
        .join(name);
    copy(&src, t.root());
    t
}

fn copy(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
            copy(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}

fn codes(doc: &Value) -> Vec<String> {
    common::code_severities(doc)
        .into_iter()
        .map(|(c, _)| c)
        .collect()
}

fn hooks(doc: &Value) -> &Vec<Value> {
    doc["hooks"].as_array().unwrap()
}

#[test]
fn the_valid_fixture_reads_every_layer_with_qwens_timeouts_and_aliases() {
    let t = fixture("valid");
    let (code, doc) = t.lint_json(&["."]);
    assert_eq!(code, 0, "{doc:#}");
    let hs = hooks(&doc);
    assert_eq!(doc["summary"]["hooks"], 7, "{doc:#}");
    assert!(hs.iter().all(|h| h["convention"] == "qwen-settings"));
    let by_cmd = |c: &str| {
        hs.iter()
            .find(|h| h["handler"]["command"].as_str().unwrap().contains(c))
            .unwrap_or_else(|| panic!("{c}: {doc:#}"))
    };
    // `Bash` is an alias of `run_shell_command` (qwen_matcher_claude_alias); `timeout: 5` is
    // seconds (qwen_timeout_seconds); `1500` legacy milliseconds (qwen_timeout_legacy_ms).
    let guard = by_cmd("guard.sh");
    assert_eq!(
        guard["matcher"]["names"],
        serde_json::json!(["run_shell_command"])
    );
    assert_eq!(guard["timeout_ms"], 5000);
    assert_eq!(guard["scope"], "project");
    assert_eq!(by_cmd("add-context.sh")["timeout_ms"], 1500);
    assert_eq!(by_cmd("verify-answer.sh")["timeout_ms"], 60_000);
    // `Read` selects `read_file` (qwen_tool_read_file); the user layer is stamped `user`.
    let read = by_cmd("audit-read.sh");
    assert_eq!(read["matcher"]["names"], serde_json::json!(["read_file"]));
    assert_eq!(read["scope"], "user");
    // `write_file|edit`: `edit` is also an unanchored regex, so `notebook_edit` is selected too.
    assert_eq!(by_cmd("check-paths.sh")["matcher"]["type"], "regex");
    let c = codes(&doc);
    assert!(c.contains(&"timeout_clamped".to_string()), "{c:?}");
    assert!(
        c.contains(&"unsupported_convention_event".to_string()),
        "{c:?}"
    );
}

#[test]
fn list_reads_the_same_from_another_directory_and_home() {
    let t = fixture("valid");
    // Run from the home dir, naming the project and the home explicitly: the real `$HOME` is
    // another directory.
    let project = t.project().display().to_string();
    let home = t.home().display().to_string();
    let r = common::hooks(
        &[
            "list", &project, "--home", &home, "--no-env", "--format", "json",
        ],
        &t.home(),
        &t.root().join("elsewhere"),
        t.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let scopes: Vec<&str> = hooks(&doc)
        .iter()
        .map(|h| h["scope"].as_str().unwrap())
        .collect();
    assert_eq!(
        scopes.iter().filter(|s| **s == "user").count(),
        2,
        "{}",
        r.shown
    );
    assert_eq!(
        scopes.iter().filter(|s| **s == "project").count(),
        5,
        "{}",
        r.shown
    );
    let human = common::hooks(
        &["list", &project, "--home", &home, "--no-env"],
        &t.home(),
        &t.root().join("elsewhere"),
        t.root(),
    );
    assert_eq!(human.code, 0, "{}", human.shown);
    assert!(human.stdout.contains("qwen-settings"), "{}", human.shown);
}

#[test]
fn each_mistake_gets_its_code_at_its_place() {
    let t = fixture("mistakes");
    let (code, doc) = t.lint_json(&["."]);
    assert_eq!(code, 1, "{doc:#}");
    let c = codes(&doc);
    for want in [
        // qwen_invalid_event_name: camelCase is skipped; Gemini's names are not Qwen's.
        "unknown_event",
        // qwen_matcher_claude_alias: `^Bash$` never fired.
        "matcher_matches_nothing",
        "timeout_clamped",
        "invalid_matcher_regex",
        "matcher_has_no_effect",
        "non_command_handler",
        // qwen_hooks_disabled_list: listing a command did not disable it.
        "ignored_key",
    ] {
        assert!(c.contains(&want.to_string()), "{want}: {c:?}");
    }
    let unknown: Vec<&Value> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "unknown_event")
        .collect();
    assert_eq!(unknown.len(), 2);
    assert_eq!(unknown[0]["location"]["line"], 3);
    assert!(unknown[1]["help"]
        .as_str()
        .unwrap()
        .contains("`PreToolUse`"));
    // `30000` is 30 s for Qwen, not 8 h 20 min.
    let legacy = hooks(&doc)
        .iter()
        .find(|h| h["handler"]["command"] == "./legacy-ms.sh")
        .unwrap();
    assert_eq!(legacy["timeout_ms"], 30_000);
}

/// qwen_project_untrusted / qwen_project_trusted: with folder trust on, an untrusted folder
/// drops the project's hooks only; `TRUST_FOLDER` brings them back.
#[test]
fn folder_trust_on_drops_only_the_project_hooks_until_trusted() {
    let t = fixture("untrusted");
    let (_, doc) = t.lint_json(&["."]);
    let cmds: Vec<&str> = hooks(&doc)
        .iter()
        .map(|h| h["handler"]["command"].as_str().unwrap())
        .collect();
    assert_eq!(cmds, ["./user-guard.sh"], "{doc:#}");
    assert!(common::code_severities(&doc)
        .contains(&("qwen_project_untrusted".to_string(), "warning".to_string())));
    let project = t.project().canonicalize().unwrap();
    t.write(
        "home/.qwen/trustedFolders.json",
        &format!("{{\"{}\": \"TRUST_FOLDER\"}}", project.display()),
    );
    let (_, doc) = t.lint_json(&["."]);
    assert_eq!(hooks(&doc).len(), 2, "{doc:#}");
    assert!(!codes(&doc).contains(&"qwen_project_untrusted".to_string()));
    // Trust off (the default): the project's hooks run in any folder.
    t.write(
        "home/.qwen/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./user-guard.sh"}]}]}}"#,
    );
    std::fs::remove_file(t.home().join(".qwen/trustedFolders.json")).unwrap();
    let (_, doc) = t.lint_json(&["."]);
    assert_eq!(hooks(&doc).len(), 2, "{doc:#}");
}

/// qwen_disable_all_hooks: `disableAllHooks: true` in any layer turns every hook off.
#[test]
fn disable_all_hooks_turns_every_layer_off() {
    let t = fixture("switched-off");
    let (_, doc) = t.lint_json(&["."]);
    assert_eq!(hooks(&doc).len(), 0, "{doc:#}");
    assert!(codes(&doc).contains(&"hooks_disabled".to_string()));
}

/// qwen_system_settings: the system file named by `QWEN_CODE_SYSTEM_SETTINGS_PATH`, and its
/// `system-defaults.json` beside it, are read (not under `--no-env`); `$QWEN_HOME` replaces
/// `~/.qwen`.
#[test]
fn system_layers_and_qwen_home_follow_the_environment() {
    let t = Tree::new();
    t.write(
        "etc/settings.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo system"}]}]}}"#,
    );
    t.write(
        "etc/system-defaults.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo defaults"}]}]}}"#,
    );
    t.write(
        "qhome/settings.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo qwen-home"}]}]}}"#,
    );
    let mut cmd = common::bin();
    cmd.args(["list", ".", "--home", "../home", "--format", "json"])
        .current_dir(t.project())
        .env("HOME", t.home())
        .env(
            "QWEN_CODE_SYSTEM_SETTINGS_PATH",
            t.root().join("etc/settings.json"),
        )
        .env("QWEN_HOME", t.root().join("qhome"));
    let out = cmd.output().unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<(&str, &str)> = hooks(&doc)
        .iter()
        .map(|h| {
            (
                h["handler"]["command"].as_str().unwrap(),
                h["scope"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("echo defaults", "system"),
            ("echo qwen-home", "user"),
            ("echo system", "system")
        ],
        "{doc:#}"
    );
}

#[test]
fn an_explicit_file_is_claimed_by_qwen_and_the_schema_is_printed() {
    let t = fixture("valid");
    let r = t.run(&[
        "lint",
        ".qwen/settings.json",
        "--home",
        "../home",
        "--no-env",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown));
    assert!(!hooks(&doc).is_empty(), "{}", r.shown);
    assert!(hooks(&doc)
        .iter()
        .all(|h| h["convention"] == "qwen-settings"));
    let r = t.run(&["schema", "qwen-settings"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let schema: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(schema["title"], "Qwen Code settings.json (hooks)");
}

fn run_json(t: &Tree, args: &[&str]) -> Value {
    let mut all = vec!["run"];
    all.extend_from_slice(args);
    all.extend_from_slice(&[".", "--home", "../home", "--no-env"]);
    let r = t.run(&all);
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

/// `hooks run` under Qwen's answers, each as Qwen 0.24.4 did live.
#[test]
fn run_answers_as_qwen_does() {
    let t = Tree::new();
    t.write(
        "project/.qwen/settings.json",
        r#"{"hooks": {
  "PreToolUse": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo \"refused in $QWEN_PROJECT_DIR\" >&2; echo '{\"decision\":\"approve\"}'; exit 2", "timeout": 5}]},
    {"matcher": "Write", "hooks": [{"type": "command", "command": "echo '{\"continue\": false, \"stopReason\": \"TOK_stop\"}'"}]},
    {"matcher": "Read", "hooks": [{"type": "command", "command": "echo '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"updatedInput\": {\"x\": 1}, \"additionalContext\": \"TOK_ctx\"}}'"}]},
    {"matcher": "glob", "hooks": [{"type": "command", "command": "echo '{not json'"}]},
    {"matcher": "grep_search", "hooks": [{"type": "command", "command": "echo no >&2; exit 3"}]},
    {"matcher": "list_directory", "hooks": [{"type": "command", "command": "sleep 3; exit 2", "timeout": 1}]},
    {"matcher": "web_fetch", "hooks": [{"type": "command", "command": "echo TOK_async >&2; exit 2", "async": true}]}
  ],
  "PostToolUse": [{"hooks": [{"type": "command", "command": "echo TOK_post >&2; exit 2"}]}],
  "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo TOK_plain"}]}]
}}"#,
    );
    // qwen_pre_exit2_stderr, qwen_pre_exit2_json_stdout: stderr is the reason, stdout ignored;
    // bash expands $QWEN_PROJECT_DIR (qwen_env_and_project_dir).
    let d = run_json(&t, &["pre_tool_use", "--tool", "run_shell_command"]);
    assert_eq!(d["decision"], "block", "{d:#}");
    assert_eq!(d["reason"], "refused in [TEMP]/project", "{d:#}");
    // qwen_pre_continue_false: a deny with the stop reason, no stop.
    let d = run_json(&t, &["pre_tool_use", "--tool", "write_file"]);
    assert_eq!(
        (&d["decision"], &d["reason"]),
        (&"block".into(), &"TOK_stop".into()),
        "{d:#}"
    );
    assert!(d["stop"].is_null(), "{d:#}");
    // qwen_pre_updated_input, qwen_pre_additional_context: both dropped.
    let d = run_json(&t, &["pre_tool_use", "--tool", "read_file"]);
    assert_eq!(d["decision"], "allow", "{d:#}");
    assert!(
        d["updated_input"].is_null() && d["context"] == serde_json::json!([]),
        "{d:#}"
    );
    // qwen_pre_invalid_json, qwen_pre_exit3_stderr: non-blocking failures.
    for tool in ["glob", "grep_search"] {
        let d = run_json(&t, &["pre_tool_use", "--tool", tool]);
        assert_eq!(d["decision"], "allow", "{tool}: {d:#}");
        assert_eq!(d["hooks"][0]["outcome"], "failed", "{tool}: {d:#}");
    }
    // qwen_timeout_seconds: `timeout: 1` is one second; a timed-out hook does not block.
    let d = run_json(&t, &["pre_tool_use", "--tool", "list_directory"]);
    assert_eq!(d["decision"], "allow", "{d:#}");
    assert_eq!(d["hooks"][0]["outcome"], "timed_out", "{d:#}");
    // qwen_async_hook: an `async: true` hook's block is ignored.
    let d = run_json(&t, &["pre_tool_use", "--tool", "web_fetch"]);
    assert_eq!(d["decision"], "allow", "{d:#}");
    assert_eq!(d["hooks"][0]["outcome"], "allowed", "{d:#}");
    // qwen_post_exit2_stderr: the reason does not reach the model.
    let d = run_json(&t, &["post_tool_use", "--tool", "run_shell_command"]);
    assert_eq!(d["context"], serde_json::json!([]), "{d:#}");
    // qwen_prompt_plain_stdout: plain stdout is context.
    let d = run_json(&t, &["user_prompt_submit", "--prompt", "hi"]);
    assert_eq!(d["context"], serde_json::json!(["TOK_plain"]), "{d:#}");
}

/// qwen_parallel_default, qwen_sequential_one_group_all: parallel unless one matching
/// definition says `sequential: true`, which serialises the other definition too.
#[test]
fn one_sequential_definition_serialises_the_whole_event() {
    let settings = |seq: bool| {
        format!(
            r#"{{"hooks": {{"PreToolUse": [
  {{"matcher": "Bash", "sequential": {seq}, "hooks": [{{"type": "command", "command": "sleep 0.3; touch a.done"}}]}},
  {{"matcher": "Bash", "hooks": [{{"type": "command", "command": "test -f a.done || {{ echo 'A still running' >&2; exit 2; }}"}}]}}
]}}}}"#
        )
    };
    for (seq, want) in [(true, "allow"), (false, "block")] {
        let t = Tree::new();
        t.write("project/.qwen/settings.json", &settings(seq));
        let d = run_json(&t, &["pre_tool_use", "--tool", "run_shell_command"]);
        assert_eq!(d["decision"], want, "sequential {seq}: {d:#}");
    }
}

/// `hooks import` into Qwen: Claude's tool names become Qwen's ids in an anchored regex, seconds
/// stay seconds, the project file is `.qwen/settings.json`; and back out to Claude.
#[test]
fn imports_both_ways_with_claude() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/guard.sh", "timeout": 5}]}],
 "Stop": [{"hooks": [{"type": "command", "command": "./stop.sh"}]}]}}"#,
    );
    let r = t.import("claude-settings", "qwen-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let text = t.read("project/.qwen/settings.json");
    assert!(
        text.contains(r#""matcher": "^(?:run_shell_command|edit)$""#),
        "{text}"
    );
    assert!(text.contains(r#""timeout": 5"#), "{text}");
    // Qwen sets `CLAUDE_PROJECT_DIR` too (qwen_env_and_project_dir): the command is kept.
    assert!(text.contains("$CLAUDE_PROJECT_DIR"), "{text}");
    let qwen = t.hooks_of("qwen-settings");
    assert_eq!(qwen.len(), 2, "{qwen:#?}");
    assert_eq!(
        qwen[0]["matcher"]["names"],
        serde_json::json!(["run_shell_command", "edit"])
    );
    assert_eq!(qwen[0]["timeout_ms"], 5000);
    // And out again, into a fresh Claude file: Qwen's ids become Claude's names.
    std::fs::remove_dir_all(t.project().join(".claude")).unwrap();
    let r = t.import("qwen-settings", "claude-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let claude = t.hooks_of("claude-settings");
    assert_eq!(claude.len(), 2, "{claude:#?}");
    assert_eq!(
        claude[0]["matcher"]["names"],
        serde_json::json!(["Bash", "Edit"])
    );
    assert_eq!(claude[0]["timeout_ms"], 5000);
    assert!(t
        .read("project/.claude/settings.json")
        .contains("$CLAUDE_PROJECT_DIR"));
}

/// Qwen's `applyHookOutputToInput` (bundle chunks/chunk-DPEB6S2R.js:146556): in a sequential
/// plan the next hook sees the prompt with the previous hook's context appended, and the tool
/// input merged with its `hookSpecificOutput.tool_input`; in parallel it sees the original.
#[test]
fn a_sequential_plan_feeds_each_hook_the_previous_ones_changes() {
    let settings = |seq: bool| {
        format!(
            r#"{{"hooks": {{
  "UserPromptSubmit": [
    {{"sequential": {seq}, "hooks": [{{"type": "command", "command": "echo TOK_A"}}]}},
    {{"hooks": [{{"type": "command", "command": "grep -q TOK_A || {{ echo missing >&2; exit 2; }}"}}]}}
  ],
  "PreToolUse": [
    {{"matcher": "Bash", "sequential": {seq}, "hooks": [{{"type": "command", "command": "echo '{{\"hookSpecificOutput\": {{\"tool_input\": {{\"extra\": \"TOK_X\"}}}}}}'"}}]}},
    {{"matcher": "Bash", "hooks": [{{"type": "command", "command": "grep -q TOK_X || {{ echo missing >&2; exit 2; }}"}}]}}
  ]
}}}}"#
        )
    };
    for (seq, want) in [(true, "allow"), (false, "block")] {
        let t = Tree::new();
        t.write("project/.qwen/settings.json", &settings(seq));
        let d = run_json(&t, &["user_prompt_submit", "--prompt", "hi"]);
        assert_eq!(d["decision"], want, "sequential {seq}: {d:#}");
        let d = run_json(
            &t,
            &[
                "pre_tool_use",
                "--tool",
                "run_shell_command",
                "--input",
                r#"{"command":"ls"}"#,
            ],
        );
        assert_eq!(d["decision"], want, "sequential {seq}: {d:#}");
    }
}

/// An `async: true` Qwen hook is not carried silently: the target waits for it.
#[test]
fn an_async_qwen_hook_imported_elsewhere_is_said_to_change() {
    let t = Tree::new();
    t.write(
        "project/.qwen/settings.json",
        r#"{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "./log.sh", "async": true}]}]}}"#,
    );
    let r = t.import("qwen-settings", "claude-settings", &["--format", "json"]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown));
    let said = doc["diagnostics"].as_array().unwrap().iter().any(|d| {
        d["code"] == "lossy_conversion" && d["message"].as_str().unwrap().contains("`async: true`")
    });
    assert!(said, "{}", r.shown);
}

/// `hooks doctor` answers per hook for Qwen Code: in a folder Qwen does not trust, the project's
/// hook never fires (`qwen_project_untrusted`, said once, with that hook) and the user's does;
/// `disableAllHooks` in the user's settings stops both. The same from the project and from `/`,
/// with `--home` not `$HOME`.
#[test]
fn doctor_says_which_qwen_hooks_never_fire_and_why() {
    let fx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/qwen-settings");
    for (case, fires, never) in [
        ("untrusted", 1, &["qwen_project_untrusted"][..]),
        ("switched-off", 0, &["hooks_disabled", "hooks_disabled"][..]),
    ] {
        let project = fx.join(case).join("project").canonicalize().unwrap();
        let home = fx.join(case).join("home").canonicalize().unwrap();
        for cwd in [project.as_path(), Path::new("/")] {
            let out = common::bin()
                .current_dir(cwd)
                .env("HOME", std::env::temp_dir())
                .args(["doctor", "--agent", "qwen-settings", "--format", "json"])
                .arg(&project)
                .arg("--home")
                .arg(&home)
                .output()
                .unwrap();
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            let agent = &v["agents"][0];
            assert_eq!(agent["agent"], "qwen-settings", "{v}");
            let hooks = agent["hooks"].as_array().unwrap();
            let fired = hooks.iter().filter(|h| h["fires"] == true).count();
            assert_eq!(fired, fires, "{case} from {cwd:?}: {v}");
            let mut codes: Vec<&str> = hooks
                .iter()
                .filter(|h| h["fires"] == false)
                .flat_map(|h| h["reasons"].as_array().unwrap())
                .map(|r| r["code"].as_str().unwrap())
                .collect();
            codes.sort();
            assert_eq!(codes, never, "{case} from {cwd:?}: {v}");
            // Said with the hook it stops, not again as a note of the agent.
            assert_eq!(agent["notes"].as_array().map_or(0, Vec::len), 0, "{v}");
        }
    }
}
