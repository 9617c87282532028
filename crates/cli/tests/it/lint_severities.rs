//! Issue 13, "Severities that disagree", through the real binary: hook events outside `"hooks"`
//! are an error in Claude as in Codex; a valid event outside the six kinds is an info (so
//! `--deny-warnings` passes a valid config); `duplicate_hook` only when both copies can fire.

use crate::common;

use common::{code_severities as codes, Tree};
use serde_json::Value;

/// Lints a project made of `files` (paths relative to it) in JSON: exit code and document.
fn lint(files: &[(&str, &str)], extra: &[&str]) -> (i32, Value) {
    let t = Tree::new();
    for (rel, text) in files {
        t.write(&format!("project/{rel}"), text);
    }
    let mut args = vec!["."];
    args.extend_from_slice(extra);
    t.lint_json(&args)
}

fn pair(code: &str, severity: &str) -> (String, String) {
    (code.to_string(), severity.to_string())
}

const CMD: &str = r#"{"type": "command", "command": "echo ok"}"#;

#[test]
fn events_outside_hooks_are_an_error_in_claude_as_in_codex() {
    let claude = format!(r#"{{"PreToolUse": [{{"matcher": "Bash", "hooks": [{CMD}]}}]}}"#);
    let (code, v) = lint(&[(".claude/settings.json", &claude)], &[]);
    assert_eq!(code, 1, "{v}");
    // Claude Code 2.1.332 then loads no hook of the file (conformance: `syntax_top_level_event`).
    // One root cause, one error (issue 25): the rejection of the file is said in it, not as a
    // second `hooks_file_rejected` at the same key.
    assert_eq!(codes(&v), [pair("missing_hooks_wrapper", "error")]);
    assert!(
        v["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("loads no other hook of this file"),
        "{v}"
    );
    let codex = format!(r#"{{"PreToolUse": [{{"matcher": "Bash", "hooks": [{CMD}]}}]}}"#);
    let (code, v) = lint(&[(".codex/hooks.json", &codex)], &[]);
    assert_eq!(code, 1, "{v}");
    // Codex 0.171.0 also fails the whole file on the unknown top-level key: said in the one
    // error.
    assert_eq!(codes(&v), [pair("missing_hooks_wrapper", "error")]);
    assert!(
        v["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("so none of its hooks run"),
        "{v}"
    );
}

#[test]
fn a_valid_event_outside_the_six_kinds_is_an_info_and_passes_deny_warnings() {
    let claude = format!(r#"{{"hooks": {{"PreCompact": [{{"hooks": [{CMD}]}}]}}}}"#);
    let (code, v) = lint(&[(".claude/settings.json", &claude)], &["--deny-warnings"]);
    assert_eq!(codes(&v), [pair("unsupported_convention_event", "info")]);
    assert_eq!(code, 0, "{v}");
}

#[test]
fn duplicate_hook_only_when_both_copies_can_fire_for_one_tool() {
    let settings = |a: &str, b: &str| {
        format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "{a}", "hooks": [{CMD}]}}, {{"matcher": "{b}", "hooks": [{CMD}]}}]}}}}"#
        )
    };
    for (a, b) in [
        ("Edit", "Write"),
        ("Edit|MultiEdit", "Write"),
        ("Read", "^Write$"),
    ] {
        let (_, v) = lint(&[(".claude/settings.json", &settings(a, b))], &[]);
        assert!(codes(&v).is_empty(), "{a} / {b}: {v}");
    }
    for (a, b) in [("Edit", "Edit|Write"), ("Write", "Wr.*"), ("Bash", "*")] {
        let (_, v) = lint(&[(".claude/settings.json", &settings(a, b))], &[]);
        assert_eq!(codes(&v), [pair("duplicate_hook", "warning")], "{a} / {b}");
    }
    // An event that ignores matchers runs both copies whatever the matchers say.
    let stop = format!(
        r#"{{"hooks": {{"Stop": [{{"matcher": "a", "hooks": [{CMD}]}}, {{"matcher": "b", "hooks": [{CMD}]}}]}}}}"#
    );
    let (_, v) = lint(&[(".claude/settings.json", &stop)], &[]);
    assert!(codes(&v).iter().any(|(c, _)| c == "duplicate_hook"), "{v}");
}
