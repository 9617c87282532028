//! Issue 15's "done when", through the real binary on a real `.gemini/settings.json`: it lints
//! (with Gemini's own mistakes), lists, imports both ways (seconds ↔ milliseconds, tool names
//! mapped, comments kept in the Gemini file) and runs through `hooks run` under Gemini's contract.

use crate::common;
use common::Tree;
use serde_json::Value;

const SETTINGS: &str = r#"// Gemini CLI project settings
{
  "ui": { "theme": "GitHub" },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [{ "type": "command", "name": "guard", "command": "echo \"refused for $GEMINI_SESSION_ID\" >&2; exit 2", "timeout": 5000 }]
      }
    ],
    "BeforeAgent": [
      { "hooks": [{ "type": "command", "command": "echo '{\"hookSpecificOutput\":{\"additionalContext\":\"TOK_ctx\"}}'" }] }
    ]
  }
}
"#;

fn json(r: &common::Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

#[test]
fn a_real_gemini_settings_file_lints_lists_and_runs() {
    let t = Tree::new();
    t.write("project/.gemini/settings.json", SETTINGS);
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--format", "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc = json(&r);
    assert_eq!(doc["summary"]["hooks"], 2);
    let hooks = doc["hooks"].as_array().unwrap();
    assert_eq!(hooks[0]["convention"], "gemini-settings");
    assert_eq!(hooks[0]["timeout_ms"], 5000);
    assert_eq!(hooks[1]["timeout_ms"], 60000);

    let r = t.run(&[
        "run",
        "pre_tool_use",
        ".",
        "--home",
        "../home",
        "--tool",
        "run_shell_command",
        "--input",
        r#"{"command":"rm -rf /"}"#,
    ]);
    let d = json(&r);
    assert_eq!(d["decision"], "block", "{}", r.shown);
    assert!(d["reason"].as_str().unwrap().starts_with("refused for "));
    // Unanchored regex: an MCP tool whose name contains it is guarded too; read_file is not.
    let run_tool = |tool: &str| {
        json(&t.run(&[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "../home",
            "--tool",
            tool,
        ]))["decision"]
            .clone()
    };
    assert_eq!(run_tool("mcp_x_run_shell_command_2"), "block");
    assert_eq!(run_tool("read_file"), "allow");
    let r = t.run(&[
        "run",
        "user_prompt_submit",
        ".",
        "--home",
        "../home",
        "--prompt",
        "hi",
    ]);
    assert_eq!(
        json(&r)["context"],
        serde_json::json!(["TOK_ctx"]),
        "{}",
        r.shown
    );
}

#[test]
fn a_migrated_claude_timeout_is_reported_with_its_fix() {
    let t = Tree::new();
    t.write(
        "project/.gemini/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh", "timeout": 30}]}],
                      "BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh", "timeout": 30}]}]}}"#,
    );
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--format", "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let doc = json(&r);
    let codes: Vec<&str> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    for c in [
        "unknown_event",
        "matcher_matches_nothing",
        "timeout_looks_like_seconds",
    ] {
        assert!(codes.contains(&c), "{c}: {codes:?}");
    }
}

#[test]
fn imports_both_ways_with_milliseconds_and_gemini_tool_names() {
    let t = Tree::new();
    t.write("project/.gemini/settings.json", SETTINGS);
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./claude-guard.sh", "timeout": 30}]}]}}"#,
    );
    // Claude → Gemini: 30 s becomes 30000 ms, Bash becomes run_shell_command, and the
    // comments and other keys of the Gemini file survive.
    let r = t.import("claude-settings", "gemini-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let text = t.read("project/.gemini/settings.json");
    assert!(text.starts_with("// Gemini CLI project settings"), "{text}");
    assert!(text.contains(r#""theme": "GitHub""#), "{text}");
    // The first line is the comment; the rest is plain JSON.
    let doc: Value = serde_json::from_str(text.split_once('\n').unwrap().1).unwrap();
    let before = doc["hooks"]["BeforeTool"].as_array().unwrap();
    let imported = before
        .iter()
        .find(|g| g["hooks"][0]["command"] == "./claude-guard.sh")
        .unwrap();
    assert_eq!(imported["matcher"], "^(?:run_shell_command)$");
    assert_eq!(imported["hooks"][0]["timeout"], 30000);
    // Again: nothing changes.
    let again = t.import("claude-settings", "gemini-settings", &["--format", "json"]);
    assert_eq!(json(&again)["outcome"], "unchanged", "{}", again.shown);

    // Gemini → Claude: 5000 ms becomes 5 s, run_shell_command becomes Bash.
    let t = Tree::new();
    t.write("project/.gemini/settings.json", SETTINGS);
    let r = t.import("gemini-settings", "claude-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&t.read("project/.claude/settings.json")).unwrap();
    let pre = &doc["hooks"]["PreToolUse"][0];
    // The unanchored Gemini regex keeps matching what it matched (an MCP tool whose name
    // contains it), and Claude's `Bash`.
    assert_eq!(pre["matcher"], "^Bash$|run_shell_command");
    assert_eq!(pre["hooks"][0]["timeout"], 5);
    assert_eq!(
        doc["hooks"]["UserPromptSubmit"][0]["hooks"][0]["timeout"],
        60
    );
}

/// "`examples/demo` shows one Gemini mistake": the README's demo command reports the
/// millisecond timeout copied from Claude's seconds in the demo's `.gemini/settings.json`.
#[test]
fn the_demo_shows_a_gemini_mistake() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = common::bin()
        .args([
            "lint",
            "examples/demo",
            "--home",
            "examples/demo/home",
            "--no-env",
            "--format",
            "json",
        ])
        .current_dir(&repo)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let hit = v["diagnostics"].as_array().unwrap().iter().any(|d| {
        d["code"] == "timeout_looks_like_seconds"
            && d["location"]["path"] == "examples/demo/.gemini/settings.json"
    });
    assert!(
        hit,
        "{}",
        serde_json::to_string_pretty(&v["diagnostics"]).unwrap()
    );
}
