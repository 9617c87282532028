//! `hooks run` as a security reviewer tries it (issue 27): a gate hook that fails lets the call
//! through and is said to, `--fail-on-hook-error` makes that exit 1, `--convention` filters a
//! project directory, and each agent's own decision is given when several agents' hooks ran.

use crate::common::Tree;
use serde_json::Value;

fn settings(command: &str) -> String {
    format!(
        r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [{{"type": "command", "command": {}}}]}}]}}}}"#,
        serde_json::to_string(command).unwrap()
    )
}

fn run_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "run",
        "pre_tool_use",
        ".",
        "--home",
        "../home",
        "--tool",
        "Bash",
        "--input",
        r#"{"command":"rm -rf /"}"#,
    ];
    v.extend_from_slice(extra);
    v
}

#[test]
fn a_guard_that_exits_1_allows_and_says_so_and_can_fail_the_run() {
    let t = Tree::new();
    // Prints BLOCKED and exits 1: Claude Code reads that as a non-blocking error.
    t.write(
        "project/.claude/settings.json",
        &settings("echo 'BLOCKED: rm -rf' >&2; exit 1"),
    );
    let r = t.run(&run_args(&[]));
    assert_eq!(r.code, 0, "{}", r.shown);
    let d: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(d["decision"], "allow");
    assert!(
        r.stderr.contains("warning: hook `claude-settings:.claude/settings.json:PreToolUse:0:0` is a guard and it exited 1: Claude Code blocks only on exit 2 (or a JSON deny), so the tool call is allowed"),
        "{}",
        r.stderr
    );
    let r = t.run(&run_args(&["--fail-on-hook-error"]));
    assert_eq!(r.code, 1, "{}", r.shown);
    // A guard that answers is no error.
    t.write(
        "project/.claude/settings.json",
        &settings("cat >/dev/null; echo no >&2; exit 2"),
    );
    let r = t.run(&run_args(&["--fail-on-hook-error"]));
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(!r.stderr.contains("is a guard"), "{}", r.stderr);
}

#[test]
fn several_agents_each_decide_and_convention_filters_a_directory() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        &settings("cat >/dev/null; exit 0"),
    );
    t.write(
        "project/.codex/hooks.json",
        &settings("cat >/dev/null; echo 'codex says no' >&2; exit 2"),
    );
    let r = t.run(&run_args(&[]));
    assert_eq!(r.code, 0, "{}", r.shown);
    let d: Value = serde_json::from_str(&r.stdout).unwrap();
    let agents: Vec<(String, String)> = d["agents"]
        .as_array()
        .unwrap_or_else(|| panic!("no agents: {}", r.stdout))
        .iter()
        .map(|a| {
            (
                a["agent"].as_str().unwrap().to_string(),
                a["decision"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        agents,
        vec![
            ("codex-json".to_string(), "block".to_string()),
            ("claude-settings".into(), "allow".into())
        ]
    );
    // --convention with the project directory: only Claude's hook runs.
    let r = t.run(&run_args(&["--convention", "claude-settings"]));
    assert_eq!(r.code, 0, "{}", r.shown);
    let d: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(d["decision"], "allow", "{}", r.stdout);
    assert_eq!(d["hooks"].as_array().unwrap().len(), 1);
    assert!(d.get("agents").is_none(), "{}", r.stdout);
    assert!(
        r.stderr.contains(
            "note: --convention claude-settings: 1 hook(s) of other conventions are not run"
        ),
        "{}",
        r.stderr
    );
}
