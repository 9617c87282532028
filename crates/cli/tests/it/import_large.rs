//! Issue 24: a large import says a note that every hook gets once, with a count — 64,000 hooks
//! printed 64,000 identical `conversion_note`s (and held them all in memory).

use crate::common;

use common::Tree;
use serde_json::Value;

#[test]
fn identical_notes_of_many_hooks_are_one_diagnostic_with_a_count() {
    const N: usize = 3000;
    let t = Tree::new();
    let handlers: Vec<Value> = (0..N)
        .map(|i| serde_json::json!({"type": "command", "command": format!("echo {i}")}))
        .collect();
    t.write(
        "project/.claude/settings.json",
        &serde_json::json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": handlers}]}})
            .to_string(),
    );
    let r = t.import("claude-settings", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["targets"][0]["moved"], N);
    let notes: Vec<&str> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "conversion_note")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    // Codex's login shell: one note for all of them.
    assert_eq!(notes.len(), 1, "{notes:#?}");
    assert!(
        notes[0].starts_with("claude-settings `PreToolUse` hook `echo 0` → codex-json: "),
        "{}",
        notes[0]
    );
    assert!(
        notes[0].ends_with(" (and 2,999 more hooks)"),
        "{}",
        notes[0]
    );
    // Every diagnostic, not only the notes: a handful, not one per hook.
    assert!(
        doc["diagnostics"].as_array().unwrap().len() < 10,
        "{:#?}",
        doc["diagnostics"]
    );
    // The one note, and Codex's project trust (an info on a machine where Codex never ran:
    // this home has no `.codex/`).
    let infos: Vec<&str> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "info")
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        infos,
        ["conversion_note", "codex_project_untrusted"],
        "{infos:?}"
    );
    assert_eq!(doc["summary"]["infos"], 2);
    // The file holds every hook.
    let written: Value = serde_json::from_str(&t.read("project/.codex/hooks.json")).unwrap();
    assert_eq!(written["hooks"]["PreToolUse"].as_array().unwrap().len(), N);
}
