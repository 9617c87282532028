//! `hooks bridge install|uninstall` (issue 16) through the real binary on real files: one entry
//! per event that has hooks to bridge, written by the host's own format-preserving writer,
//! idempotent, stale entries replaced, `--dry-run` writes nothing; and `hooks lint` on the
//! entries it wrote (`bridge_without_source_hooks`, `bridge_event_not_bridged`).

use crate::common;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    /// A project with a GJC guard and a home with a Jarvis prompt hook.
    fn new() -> Tree {
        let t = Tree {
            dir: tempfile::tempdir().unwrap(),
        };
        t.write(
            "project/.gjc/hooks/pre/bash.js",
            "export default (api) => { api.on('tool_call', () => undefined) }\n",
        );
        t.write(
            "home/.jarvis-code/config.toml",
            "[[hooks]]\nevent = \"UserPromptSubmit\"\ncommand = \"echo hi\"\n",
        );
        t
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }
    fn hooks(&self, args: &[&str]) -> Output {
        let mut cmd = common::bin();
        cmd.args(args)
            .current_dir(self.path("project"))
            .env("HOME", self.path("home"))
            .env_remove("XDG_STATE_HOME")
            .env("NO_COLOR", "1");
        for (k, _) in std::env::vars() {
            if k.starts_with("JCODE_") {
                cmd.env_remove(k);
            }
        }
        cmd.output().unwrap()
    }
}

use common::text;

fn exe() -> String {
    Path::new(env!("CARGO_BIN_EXE_hooks"))
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn claude_install_writes_one_entry_per_bridged_event_and_is_idempotent() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        "{\n  \"model\":   \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/mine.sh\"}]}\n    ]\n  }\n}\n",
    );
    t.write("project/mine.sh", "#!/bin/sh\n");
    let dry = t.hooks(&[
        "bridge",
        "install",
        "--host",
        "claude-settings",
        "--dry-run",
    ]);
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry));
    assert!(
        text(&dry).contains("dry run: nothing written."),
        "{}",
        text(&dry)
    );
    assert!(t.read("project/.claude/settings.json").contains("/mine.sh"));
    assert!(!t.read("project/.claude/settings.json").contains("bridge"));

    let o = t.hooks(&["bridge", "install", "--host", "claude-settings"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("once you trust the folder"),
        "{}",
        text(&o)
    );
    let after = t.read("project/.claude/settings.json");
    assert!(
        after.contains("\"model\":   \"opus\""),
        "formatting survives: {after}"
    );
    let v: Value = serde_json::from_str(&after).unwrap();
    assert_eq!(v["model"], "opus");
    assert_eq!(
        v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        "\"$CLAUDE_PROJECT_DIR\"/mine.sh"
    );
    let entry = |event: &str| {
        json!({"hooks": [{"type": "command",
            "command": format!("{} bridge --host claude-settings --event {event}", exe()),
            "timeout": 600}]})
    };
    assert_eq!(v["hooks"]["PreToolUse"][1], entry("PreToolUse"));
    assert_eq!(v["hooks"]["UserPromptSubmit"][0], entry("UserPromptSubmit"));
    assert_eq!(
        v["hooks"].as_object().unwrap().len(),
        2,
        "only events with hooks: {after}"
    );

    let again = t.hooks(&["bridge", "install", "--host", "claude-settings"]);
    assert!(text(&again).contains("up to date"), "{}", text(&again));
    assert_eq!(t.read("project/.claude/settings.json"), after);

    let lint = t.hooks(&["lint", "--format", "json"]);
    let l: Value = serde_json::from_slice(&lint.stdout).unwrap();
    assert_eq!(l["diagnostics"], json!([]), "{}", text(&lint));

    let un = t.hooks(&["bridge", "uninstall", "--host", "claude-settings"]);
    assert!(
        text(&un).contains("removed 2 bridge entries"),
        "{}",
        text(&un)
    );
    let v: Value = serde_json::from_str(&t.read("project/.claude/settings.json")).unwrap();
    assert_eq!(
        v["hooks"],
        json!({"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/mine.sh"}]}]})
    );
}

#[test]
fn codex_install_says_the_entries_need_trust_and_from_narrows_the_sources() {
    let t = Tree::new();
    let o = t.hooks(&["bridge", "install", "--host", "codex-json", "--from", "gjc"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("trust_level = \"trusted\""),
        "{}",
        text(&o)
    );
    let v: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    assert_eq!(
        v,
        json!({"hooks": {"PreToolUse": [{"hooks": [{"type": "command",
            "command": format!("{} bridge --host codex-json --event PreToolUse --from gjc", exe()),
            "timeout": 600}]}]}})
    );
    // Re-installed with other sources: the stale entry is replaced, not duplicated.
    let o = t.hooks(&["bridge", "install", "--host", "codex-json"]);
    assert!(
        text(&o).contains("removing 1 stale bridge entry"),
        "{}",
        text(&o)
    );
    let v: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    assert_eq!(v["hooks"]["PreToolUse"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(
        v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        format!("{} bridge --host codex-json --event PreToolUse", exe())
    );
    assert!(v["hooks"]["UserPromptSubmit"].is_array());
}

#[test]
fn gemini_install_writes_the_project_settings_in_its_event_names_and_milliseconds() {
    let t = Tree::new();
    t.write(
        "project/.gemini/settings.json",
        "{\n  \"ui\": {\"theme\": \"Default\"}\n}\n",
    );
    let o = t.hooks(&["bridge", "install", "--host", "gemini-settings"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("trusted folder"), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.gemini/settings.json")).unwrap();
    assert_eq!(v["ui"], json!({"theme": "Default"}));
    // Gemini CLI's own event names, and its timeout unit (ms: its default, 60000).
    let entry = |event: &str| {
        json!({"hooks": [{"type": "command",
            "command": format!("{} bridge --host gemini-settings --event {event}", exe()),
            "timeout": 60000}]})
    };
    assert_eq!(v["hooks"]["BeforeTool"][0], entry("BeforeTool"));
    assert_eq!(v["hooks"]["BeforeAgent"][0], entry("BeforeAgent"));
    assert_eq!(v["hooks"].as_object().unwrap().len(), 2, "{v}");
    let lint = t.hooks(&["lint", "--format", "json"]);
    let l: Value = serde_json::from_slice(&lint.stdout).unwrap();
    let codes: Vec<&str> = l["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .filter(|c| c.starts_with("bridge"))
        .collect();
    assert!(codes.is_empty(), "{}", text(&lint));
    let un = t.hooks(&["bridge", "uninstall", "--host", "gemini-settings"]);
    assert!(
        text(&un).contains("removed 2 bridge entries"),
        "{}",
        text(&un)
    );
}

#[test]
fn copilot_install_writes_a_repository_hooks_file_in_its_camel_case_events_and_seconds() {
    let t = Tree::new();
    // The user's own Copilot hooks file beside it, and a project Claude hook: Copilot CLI runs
    // `.claude/settings.json` itself (trace copilot_layers_order), so it is not bridged.
    t.write(
        "project/.github/hooks/mine.json",
        "{\"version\": 1, \"hooks\": {\"preToolUse\": [{\"type\": \"command\", \"bash\": \"echo mine\"}]}}\n",
    );
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]}}"#,
    );
    let o = t.hooks(&["bridge", "install", "--host", "copilot-hooks"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("trusted folder"), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.github/hooks/hooks.json")).unwrap();
    // Copilot CLI's camelCase events, its `bash` key and its timeout in seconds (default 30).
    let entry = |event: &str| {
        json!({"type": "command",
            "bash": format!("{} bridge --host copilot-hooks --event {event}", exe()),
            "timeoutSec": 30})
    };
    assert_eq!(v["version"], 1, "{v}");
    assert_eq!(v["hooks"]["preToolUse"][0], entry("preToolUse"));
    assert_eq!(
        v["hooks"]["userPromptSubmitted"][0],
        entry("userPromptSubmitted")
    );
    assert_eq!(
        v["hooks"].as_object().unwrap().len(),
        2,
        "no agentStop: {v}"
    );
    assert!(t
        .read("project/.github/hooks/mine.json")
        .contains("echo mine"));
    let lint = t.hooks(&["lint", "--format", "json"]);
    let l: Value = serde_json::from_slice(&lint.stdout).unwrap();
    let codes: Vec<&str> = l["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .filter(|c| c.starts_with("bridge"))
        .collect();
    assert!(codes.is_empty(), "{}", text(&lint));
    // Installing again changes nothing.
    let again = t.hooks(&["bridge", "install", "--host", "copilot-hooks"]);
    assert!(text(&again).contains("up to date"), "{}", text(&again));
    let un = t.hooks(&["bridge", "uninstall", "--host", "copilot-hooks"]);
    assert!(
        text(&un).contains("removed 2 bridge entries"),
        "{}",
        text(&un)
    );
    assert!(
        !t.path("project/.github/hooks/hooks.json").exists(),
        "install created it"
    );
    assert!(t
        .read("project/.github/hooks/mine.json")
        .contains("echo mine"));
}

#[test]
fn jarvis_install_writes_into_its_own_config_keeping_the_user_s_entries() {
    let t = Tree::new();
    let o = t.hooks(&["bridge", "install", "--host", "jarvis"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let toml = t.read("home/.jarvis-code/config.toml");
    assert!(
        toml.starts_with("[[hooks]]\nevent = \"UserPromptSubmit\"\ncommand = \"echo hi\"\n"),
        "{toml}"
    );
    assert!(
        toml.contains(&format!(
            "[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"{} bridge --host jarvis --event PreToolUse\"\ntimeout = 600\n",
            exe()
        )),
        "{toml}"
    );
    // Jarvis reads its own UserPromptSubmit hook: that one is not bridged.
    assert!(!toml.contains("--event UserPromptSubmit"), "{toml}");
}

#[test]
fn lint_reports_bridge_entries_without_sources_or_on_events_they_cannot_bridge() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "Stop": [{"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event Stop --from gjc"}]}],
  "PostToolUse": [{"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event PreToolUse"}]}],
  "SessionEnd": [{"hooks": [{"type": "command", "command": "hooks bridge --host codex-json --event SessionEnd"}]}],
  "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event UserPromptSubmit --from gjc-plugin"}]}],
  "PreToolUse": [{"hooks": [{"type": "command", "command": "hooks bridge --host claude-settings --event PreToolUse --from jcode"}]}]
}}
"#,
    );
    let o = t.hooks(&["lint", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let got: Vec<(String, u64)> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            // Stop from gjc: GJC's agent_end runs, but no module registers it here.
            ("bridge_without_source_hooks".to_string(), 2),
            // Filed under PostToolUse, reads PreToolUse.
            ("bridge_event_not_bridged".to_string(), 3),
            // A Codex entry in a Claude file.
            ("bridge_event_not_bridged".to_string(), 4),
            // gjc-plugin has no prompt-submit event at all.
            ("bridge_event_not_bridged".to_string(), 5),
            // jcode's pre_tool runs, but no jcode hooks exist.
            ("bridge_without_source_hooks".to_string(), 6),
        ],
        "{}",
        text(&o)
    );
}

/// `hooks bridge install --fail-closed --loop-limit N` writes entries that carry both, and
/// installing again without them replaces those entries (nothing duplicated).
#[test]
fn install_writes_the_fail_closed_and_loop_limit_guarantees_into_the_entries() {
    let t = Tree::new();
    let o = t.hooks(&[
        "bridge",
        "install",
        "--host",
        "codex-json",
        "--from",
        "gjc",
        "--fail-closed",
        "--loop-limit",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    assert_eq!(
        v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        format!(
            "{} bridge --host codex-json --event PreToolUse --from gjc --fail-closed --loop-limit 5",
            exe()
        )
    );
    let o = t.hooks(&["bridge", "install", "--host", "codex-json", "--from", "gjc"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    assert_eq!(v["hooks"]["PreToolUse"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(
        v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        format!(
            "{} bridge --host codex-json --event PreToolUse --from gjc",
            exe()
        )
    );
}

/// An entry written into a committed file with this machine's path to `hooks` (not on PATH, as
/// in the tests) is said: teammates' agents will not find that path.
#[test]
fn install_warns_when_a_committed_file_gets_this_machines_path() {
    let t = Tree::new();
    let o = t.hooks(&["bridge", "install", "--host", "codex-json", "--from", "gjc"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("warning: `hooks` is not on PATH")
            && text(&o).contains("a file the project commits"),
        "{}",
        text(&o)
    );
    // Into Jarvis's own user-level file: nothing to warn about.
    let o = t.hooks(&["bridge", "install", "--host", "jarvis"]);
    assert!(
        !text(&o).contains("warning: `hooks` is not on PATH"),
        "{}",
        text(&o)
    );
}
