//! Issue 24: an imported guard that reads its agent's project-directory variable keeps working
//! in the target. A Claude guard `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh` is written with
//! what each target provides (Codex: `${PWD}`, it runs hooks in the session's directory; Gemini:
//! the same name, which it sets; Jarvis, user-level only: the project directory the scope guard
//! names), and the written command is run as the target runs it: it blocks.

use crate::common;

use common::Tree;
use serde_json::Value;

const GUARD: &str = r#""$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh"#;

/// A project with the Claude guard (exit 2, "no bash here") and its script.
fn project_with_guard() -> Tree {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        &serde_json::json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": GUARD}
        ]}]}})
        .to_string(),
    );
    t.write(
        "project/.claude/hooks/guard.sh",
        "#!/bin/sh\necho 'no bash here' >&2\nexit 2\n",
    );
    let script = t.project().join(".claude/hooks/guard.sh");
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    t
}

/// The command of every hook of `file` (a JSON hooks file, or Jarvis TOML).
fn commands(text: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(text).unwrap_or_else(|_| {
        let t: toml::Value = toml::from_str(text).unwrap();
        serde_json::to_value(t).unwrap()
    });
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(c)) = m.get("command") {
                    out.push(c.clone());
                }
                m.values().for_each(|x| walk(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(&v, &mut out);
    out
}

/// `hooks run pre_tool_use DIR --tool TOOL` from `DIR`: the decision and the hooks that ran.
fn run_gate(t: &Tree, dir: &std::path::Path, tool: &str) -> (String, Vec<(String, String)>) {
    let home = t.home();
    let r = common::hooks(
        &[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            home.to_str().unwrap(),
            "--tool",
            tool,
            "--input",
            r#"{"command": "ls"}"#,
        ],
        dir,
        &home,
        t.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let ran = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["id"].as_str().unwrap().to_string(),
                h["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (doc["decision"].as_str().unwrap().to_string(), ran)
}

#[test]
fn a_claude_project_dir_guard_blocks_in_codex_and_gemini() {
    let t = project_with_guard();
    let r = t.import("claude-settings", "codex-json,gemini-settings", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(
        commands(&t.read("project/.codex/hooks.json")),
        [r#""${PWD}"/.claude/hooks/guard.sh"#]
    );
    // Gemini sets `CLAUDE_PROJECT_DIR` itself (hookRunner.ts, "for compatibility").
    assert_eq!(commands(&t.read("project/.gemini/settings.json")), [GUARD]);
    // Only the imported files: the Claude source would block on its own.
    std::fs::remove_file(t.project().join(".claude/settings.json")).unwrap();
    for (tool, convention) in [
        ("Bash", "codex-json"),
        ("run_shell_command", "gemini-settings"),
    ] {
        let (decision, ran) = run_gate(&t, &t.project(), tool);
        assert_eq!(decision, "block", "{convention}: {ran:?}");
        // `--tool` is spelled per agent (issue 27): both agents' guards run, each blocks.
        let mine: Vec<_> = ran.iter().filter(|r| r.0.starts_with(convention)).collect();
        assert_eq!(mine.len(), 1, "{ran:?}");
        assert_eq!(mine[0].1, "blocked", "{ran:?}");
    }
}

/// Jarvis keeps hooks only at user level: the guard goes to `~/.jarvis-code/config.toml` behind
/// the scope guard, with the project directory written out — so it blocks also in a session
/// started in a subdirectory, where `$PWD` would name the wrong directory.
#[test]
fn a_guarded_user_level_copy_names_the_project_directory() {
    let t = project_with_guard();
    let r = t.import("claude-settings", "jarvis", &[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let written = commands(&t.read("home/.jarvis-code/config.toml"));
    assert_eq!(written.len(), 1, "{written:?}");
    let project = t.project().to_string_lossy().into_owned();
    assert!(
        written[0].ends_with(&format!("\"{project}\"/.claude/hooks/guard.sh")),
        "{written:?}"
    );
    std::fs::remove_file(t.project().join(".claude/settings.json")).unwrap();
    std::fs::create_dir_all(t.project().join("sub")).unwrap();
    let (decision, ran) = run_gate(&t, &t.project().join("sub"), "Bash");
    assert_eq!(decision, "block", "{ran:?}");
    assert_eq!(ran[0].1, "blocked", "{ran:?}");
}

/// A Claude gate reading the session id has no equivalent in Codex: refused with an error (it would fail
/// open), nothing written for it; exit 1 as for every hook left out with an error.
#[test]
fn a_gate_with_no_equivalent_variable_is_refused() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_CODE_SESSION_ID\" = x || exit 2"}]}]}}"#,
    );
    let r = t.import("claude-settings", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    let codes: Vec<(&str, &str)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), d["severity"].as_str().unwrap()))
        .collect();
    assert!(
        codes.contains(&("agent_variable_unavailable", "error")),
        "{codes:?}"
    );
    assert_eq!(
        doc["targets"][0]["left_out"]["agent_variable_unavailable"],
        1
    );
    assert!(!t.project().join(".codex/hooks.json").exists());
}

/// Back from the Jarvis copy into a project's Claude file (the guard taken off), the project
/// directory is Claude's variable again, and from Codex's `${PWD}` too: nothing absolute lands
/// in the committed file.
#[test]
fn the_way_back_gives_claudes_variable_again() {
    let t = project_with_guard();
    assert_eq!(
        t.import("claude-settings", "jarvis,codex-json", &[]).code,
        0
    );
    std::fs::remove_file(t.project().join(".claude/settings.json")).unwrap();
    for from in ["jarvis", "codex-json"] {
        let r = t.import(from, "claude-settings", &["--format", "json"]);
        assert_eq!(r.code, 0, "{}", r.shown);
        assert_eq!(
            commands(&t.read("project/.claude/settings.json")),
            [GUARD],
            "{from}: {}",
            r.shown
        );
    }
}
