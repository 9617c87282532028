//! Codex hooks inlined in `~/.codex/config.toml` (`[hooks]`) through the real binary:
//! `hooks lint` reports them at their TOML line and column, `hooks list --format json` lists them
//! with the trust key Codex gives them (the config.toml's path), and `hooks import --to
//! codex-json` leaves the config.toml untouched.

use crate::common;

use common::Tree;
use serde_json::Value;

const CONFIG: &str = r#"model = "gpt-5"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "./guard.sh"
timeout = 1.5

[[hooks.Stop]]
hooks = [{ type = "command", command = "echo done" }]
"#;

fn diag<'a>(doc: &'a Value, code: &str) -> &'a Value {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code}: {doc:#}"))
}

#[test]
fn lint_reports_config_toml_hooks_at_their_toml_position() {
    let t = Tree::new();
    t.write("home/.codex/config.toml", CONFIG);
    let (code, doc) = t.lint_json(&[]);
    // A float timeout: Codex cannot deserialize the TOML hooks and skips all of them.
    assert_eq!(code, 1, "{doc:#}");
    let d = diag(&doc, "hooks_file_rejected");
    assert_eq!(d["location"]["path"], "~/.codex/config.toml");
    assert_eq!(
        (&d["location"]["line"], &d["location"]["column"]),
        (&Value::from(9), &Value::from(11))
    );
    assert!(doc["hooks"].as_array().unwrap().is_empty(), "{doc:#}");

    // Fixed, both hooks are read, each still to be trusted; a hooks.json in the same layer
    // draws Codex's "prefer a single representation" warning.
    t.write(
        "home/.codex/config.toml",
        &CONFIG.replace("timeout = 1.5", "timeout = 30"),
    );
    t.write(
        "home/.codex/hooks.json",
        r#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}"#,
    );
    let (code, doc) = t.lint_json(&[]);
    assert_eq!(code, 0, "{doc:#}");
    let ids: Vec<&str> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "codex-json:~/.codex/hooks.json:SessionStart:0:0",
            "codex-json:~/.codex/config.toml:PreToolUse:0:0",
            "codex-json:~/.codex/config.toml:Stop:0:0",
        ]
    );
    let two = diag(&doc, "codex_hooks_in_two_files");
    assert_eq!(two["severity"], "warning");
    assert_eq!(two["location"]["path"], "~/.codex/config.toml");
    let human = t.lint("human", &[]);
    assert!(
        human.stdout.contains("--> ~/.codex/config.toml:6:1"),
        "{}",
        human.shown
    );
}

#[test]
fn list_shows_config_toml_hooks_with_their_codex_trust_key() {
    let t = Tree::new();
    t.write(
        "home/.codex/config.toml",
        &CONFIG.replace("timeout = 1.5", "timeout = 30"),
    );
    let r = t.run(&[
        "list", ".", "--home", "../home", "--no-env", "--format", "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let hooks = doc["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 2, "{doc:#}");
    let pre = &hooks[0];
    assert_eq!(pre["source_event"], "PreToolUse");
    assert_eq!(pre["location"]["path"], "~/.codex/config.toml");
    assert_eq!(pre["location"]["line"], 6);
    assert_eq!(pre["timeout_ms"], 30_000);
    // The temp dir is shown as `[TEMP]`: the key is the absolute path of the config.toml.
    assert_eq!(
        pre["codex_trust"]["key"],
        "[TEMP]/home/.codex/config.toml:pre_tool_use:0:0"
    );
    assert_eq!(pre["codex_trust"]["status"], "untrusted");
}

#[test]
fn import_to_codex_json_leaves_config_toml_hooks_alone() {
    let t = Tree::new();
    let config = CONFIG.replace("timeout = 1.5", "timeout = 30");
    t.write("home/.codex/config.toml", &config);
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "cargo fmt"}]}]}}"#,
    );
    let r = t.import("claude-settings", "codex-json", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(t.read("home/.codex/config.toml"), config);
    assert!(t.read("project/.codex/hooks.json").contains("cargo fmt"));
}

#[test]
fn import_from_codex_json_carries_config_toml_hooks() {
    let t = Tree::new();
    t.write(
        "home/.codex/config.toml",
        &CONFIG.replace("timeout = 1.5", "timeout = 30"),
    );
    let r = t.import("codex-json", "claude-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let written = t.read("home/.claude/settings.json");
    assert!(written.contains("./guard.sh"), "{written}\n{}", r.shown);
    assert!(written.contains("echo done"), "{written}");
}
