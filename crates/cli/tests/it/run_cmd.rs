//! `hooks run`: argument errors and the no-hook path, running the real binary. (Fixture-based
//! runs through each adapter come with the adapters.)

use crate::common;
use serde_json::{json, Value};
use std::process::Output;

fn hooks(args: &[&str], home: &std::path::Path) -> Output {
    common::bin()
        .arg("run")
        .args(args)
        .arg("--home")
        .arg(home)
        .arg("--no-env")
        .output()
        .expect("the hooks binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn no_hook_prints_an_allow_with_no_outcomes_and_exits_0() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    for (args, kind) in [
        (
            vec![
                "pre_tool_use",
                "--tool",
                "Bash",
                "--input",
                r#"{"command":"ls"}"#,
            ],
            "pre_tool_use",
        ),
        (vec!["post_tool_use", "--tool", "Bash"], "post_tool_use"),
        (
            vec!["user_prompt_submit", "--prompt", "hello"],
            "user_prompt_submit",
        ),
        (vec!["stop"], "stop"),
        (vec!["session_start"], "session_start"),
        (vec!["session_shutdown"], "session_shutdown"),
    ] {
        let mut args = args.clone();
        let p = project.path().to_str().unwrap();
        args.insert(1, p);
        let o = hooks(&args, home.path());
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            v,
            json!({"schema_version": 1, "kind": kind, "decision": "allow", "reason": null, "context": [],
                   "updated_input": null, "tool_output": null, "continuation": null, "stop": null, "hooks": []})
        );
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(
            text.starts_with("{\n  \"schema_version\": 1,\n  \"kind\""),
            "field order of design.md: {text}"
        );
    }
}

#[test]
fn unknown_kind_is_a_usage_error_listing_the_six_kinds() {
    let home = tempfile::tempdir().unwrap();
    let o = hooks(&["PreToolUse"], home.path());
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("pre_tool_use") && e.contains("session_shutdown"),
        "{e}"
    );
}

#[test]
fn invalid_input_json_is_a_failure_with_a_clear_message() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let p = project.path().to_str().unwrap();
    let o = hooks(
        &["pre_tool_use", p, "--tool", "Bash", "--input", "{not json"],
        home.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--input is not valid JSON"),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn flags_that_do_not_apply_to_the_kind_are_rejected() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let p = project.path().to_str().unwrap();
    for (args, needle) in [
        (vec!["stop", p, "--tool", "Bash"], "--tool applies only"),
        (
            vec!["session_start", p, "--input", "{}"],
            "--input applies only",
        ),
        (
            vec!["pre_tool_use", p, "--prompt", "x"],
            "--prompt applies only",
        ),
    ] {
        let o = hooks(&args, home.path());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_missing_path_is_a_failure() {
    let home = tempfile::tempdir().unwrap();
    let o = hooks(&["stop", "/definitely/not/here"], home.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no such file or directory"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_tool_kind_without_tool_warns_that_matchers_saw_no_tool() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let p = project.path().to_str().unwrap();
    for kind in ["pre_tool_use", "post_tool_use"] {
        let o = hooks(&[kind, p], home.path());
        assert_eq!(o.status.code(), Some(0), "{kind}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("no --tool given"),
            "{kind}: {}",
            stderr(&o)
        );
        let o = hooks(&[kind, p, "--tool", "Bash"], home.path());
        assert!(
            !stderr(&o).contains("no --tool given"),
            "{kind}: {}",
            stderr(&o)
        );
    }
    let o = hooks(&["stop", p], home.path());
    assert!(!stderr(&o).contains("no --tool given"), "{}", stderr(&o));
}
