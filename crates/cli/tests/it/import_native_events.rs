//! Issue 14, "Move every event the target has": hooks of events outside the six kinds go to
//! the target's equivalent event (`crates/hook-ir/src/contract/native.rs`), through the real
//! binary; what cannot carry is left out with its code, what changes is said.

use crate::common;
use common::Tree;
use serde_json::Value;

/// The codes of the diagnostics whose message names `command`.
fn codes_for(plan: &Value, command: &str) -> Vec<String> {
    plan["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["message"].as_str().unwrap_or_default().contains(command))
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn claude_events_outside_the_six_kinds_move_where_the_target_has_them() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PreCompact": [
    {"matcher": "manual", "hooks": [{"type": "command", "command": "./manual.sh"}]},
    {"hooks": [{"type": "command", "command": "./any-compact.sh", "timeout": 20}]}
  ],
  "SubagentStop": [
    {"matcher": "Explore", "hooks": [{"type": "command", "command": "./explore.sh"}]},
    {"hooks": [{"type": "command", "command": "./sub.sh"}]}
  ],
  "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./perm.sh"}]}],
  "Notification": [{"hooks": [{"type": "command", "command": "./ping.sh"}]}],
  "TeammateIdle": [{"hooks": [{"type": "command", "command": "./idle.sh"}]}]
}}"#,
    );
    let r = t.import("claude-settings", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let plan: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(plan["read"], 7);
    assert_eq!(plan["targets"][0]["moved"], 3, "{}", r.shown);
    assert_eq!(plan["targets"][0]["carried"], 3);
    assert_eq!(
        plan["targets"][0]["left_out"],
        serde_json::json!({"matcher_not_portable": 2, "event_not_in_target": 2})
    );
    // Codex ignores matchers on `PreCompact`: `manual` would fire for every compaction.
    assert!(codes_for(&plan, "./manual.sh").contains(&"matcher_not_portable".to_string()));
    // Agent types are each agent's own names.
    assert!(codes_for(&plan, "./explore.sh").contains(&"matcher_not_portable".to_string()));
    assert!(codes_for(&plan, "./ping.sh").contains(&"event_not_in_target".to_string()));
    assert!(codes_for(&plan, "./idle.sh").contains(&"event_not_in_target".to_string()));
    // The `hooks` list keeps the six kinds; these are listed under `carried`, without `kind`.
    assert_eq!(plan["hooks"].as_array().unwrap().len(), 0);
    let carried = plan["carried"].as_array().unwrap();
    assert_eq!(carried.len(), 3);
    assert!(carried.iter().all(|h| h.get("kind").is_none()));

    let codex: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    let hooks = &codex["hooks"];
    assert_eq!(
        hooks["PreCompact"][0]["hooks"][0]["command"],
        "./any-compact.sh"
    );
    assert_eq!(hooks["PreCompact"][0]["hooks"][0]["timeout"], 20);
    assert_eq!(hooks["SubagentStop"][0]["hooks"][0]["command"], "./sub.sh");
    assert_eq!(hooks["PermissionRequest"][0]["matcher"], "Bash");
    assert_eq!(
        hooks["PermissionRequest"][0]["hooks"][0]["command"],
        "./perm.sh"
    );
    assert!(hooks.get("Notification").is_none());
    // A second run changes nothing.
    let again = t.import("claude-settings", "codex-json", &["--format", "json"]);
    let plan: Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(plan["outcome"], "unchanged", "{}", again.shown);
}

#[test]
fn what_changes_on_the_way_is_said() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {
  "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./perm.sh"}]}],
  "PreCompact": [{"matcher": "auto", "hooks": [{"type": "command", "command": "./auto.sh", "timeout": 5}]}]
}}"#,
    );
    // Kimi Code/Jarvis: permission hooks are observers there; its trigger names are not known
    // to be Claude's, so the `auto` matcher does not carry.
    let r = t.import("claude-settings", "jarvis", &["--format", "json"]);
    let plan: Value = serde_json::from_str(&r.stdout).unwrap();
    let perm = codes_for(&plan, "./perm.sh");
    assert!(perm.contains(&"lossy_conversion".to_string()), "{perm:?}");
    assert!(perm.contains(&"scope_guarded".to_string()), "{perm:?}");
    assert!(codes_for(&plan, "./auto.sh").contains(&"matcher_not_portable".to_string()));
    let jarvis = t.read("home/.jarvis-code/config.toml");
    assert!(jarvis.contains("event = \"PermissionRequest\""), "{jarvis}");
    assert!(jarvis.contains("matcher = \"^(?:Bash)$\""), "{jarvis}");

    // Gemini: `PreCompact` is `PreCompress`, the trigger compared exactly, 5 s = 5000 ms.
    let r = t.import("claude-settings", "gemini-settings", &["--format", "json"]);
    let plan: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(codes_for(&plan, "./auto.sh").contains(&"conversion_note".to_string()));
    assert!(codes_for(&plan, "./perm.sh").contains(&"event_not_in_target".to_string()));
    let gemini: Value = serde_json::from_str(&t.read("project/.gemini/settings.json")).unwrap();
    let group = &gemini["hooks"]["PreCompress"][0];
    assert_eq!(group["matcher"], "auto", "{gemini:#}");
    assert_eq!(group["hooks"][0]["command"], "./auto.sh");
    assert_eq!(group["hooks"][0]["timeout"], 5000);
}

#[test]
fn an_ignored_codex_matcher_is_dropped_with_a_note() {
    let t = Tree::new();
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {
  "PostCompact": [{"matcher": "manual", "hooks": [{"type": "command", "command": "./post.sh"}]}],
  "Interrupt": [{"hooks": [{"type": "command", "command": "./interrupted.sh"}]}]
}}"#,
    );
    // Codex fires `PostCompact` hooks for every compaction whatever the matcher: in Claude the
    // hook keeps firing for every one, so it is written without a matcher.
    let r = t.import("codex-json", "claude-settings", &["--format", "json"]);
    let plan: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(codes_for(&plan, "./post.sh").contains(&"conversion_note".to_string()));
    // Claude has no interrupt event; Kimi Code/Jarvis has.
    assert!(codes_for(&plan, "./interrupted.sh").contains(&"event_not_in_target".to_string()));
    let claude: Value = serde_json::from_str(&t.read("project/.claude/settings.json")).unwrap();
    let group = &claude["hooks"]["PostCompact"][0];
    assert!(group.get("matcher").is_none(), "{claude:#}");
    let r = t.import("codex-json", "jarvis", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(t
        .read("home/.jarvis-code/config.toml")
        .contains("event = \"Interrupt\""));
}
