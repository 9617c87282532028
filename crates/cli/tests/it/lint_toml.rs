//! `hooks lint` on a home dir holding a jcode and a Jarvis config: the real binary, real files,
//! the JSON output of design.md, and the exit code (1 exactly when an error exists).

use crate::common;
use serde_json::{json, Value};
use std::path::Path;

const JCODE: &str = r#"# jcode
[hooks]
pre_tool = "sh -c 'exit 0'"
post_tool = ["true", "cat | tee -a /tmp/log"]
pre_tool_timeout_ms = 1500
"#;

const JARVIS: &str = r#"[[hooks]]
event = "PreToolUse"
matcher = "Bash|Edit"
command = "./guard.sh"
timeout = 12

[[hooks]]
event = "Stop"
command = "./check.sh"

[[hooks]]
event = "Stop"
command = "./check.sh"
timeout = 99
"#;

fn make_home(jcode: &str, jarvis: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in [
        (".jcode/config.toml", jcode),
        (".jarvis-code/config.toml", jarvis),
    ] {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// Runs `hooks lint --format json --home HOME [extra...]` in an empty project dir with a
/// scrubbed environment plus `env`.
fn lint(home: &Path, extra: &[&str], env: &[(&str, &str)]) -> (i32, Value) {
    let project = tempfile::tempdir().unwrap();
    let mut cmd = common::bin();
    cmd.args(["lint", "--format", "json", "--home"])
        .arg(home)
        .args(extra)
        .current_dir(project.path())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", home);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), doc)
}

fn pick(v: &Value, keys: &[&str]) -> Value {
    let mut m = serde_json::Map::new();
    for k in keys {
        m.insert((*k).to_string(), v[*k].clone());
    }
    Value::Object(m)
}

#[test]
fn lints_both_files_with_kinds_events_matchers_handlers_timeouts_and_positions() {
    let home = make_home(JCODE, JARVIS);
    let (code, doc) = lint(home.path(), &["--no-env"], &[]);
    assert_eq!(doc["schema_version"], 1);
    let hooks: Vec<Value> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            pick(
                h,
                &[
                    "id",
                    "kind",
                    "convention",
                    "source_event",
                    "matcher",
                    "handler",
                    "timeout_ms",
                    "location",
                ],
            )
        })
        .collect();
    assert_eq!(
        hooks,
        vec![
            json!({"id": "jcode:~/.jcode/config.toml:pre_tool:0", "kind": "pre_tool_use", "convention": "jcode",
                   "source_event": "pre_tool", "matcher": {"type": "any"},
                   "handler": {"type": "command", "command": "sh -c 'exit 0'", "exec": "direct"},
                   "timeout_ms": 1500, "location": {"path": "~/.jcode/config.toml", "line": 3, "column": 12}}),
            json!({"id": "jcode:~/.jcode/config.toml:post_tool:0", "kind": "post_tool_use", "convention": "jcode",
                   "source_event": "post_tool", "matcher": {"type": "any"},
                   "handler": {"type": "command", "command": "true", "exec": "direct"},
                   "timeout_ms": null, "location": {"path": "~/.jcode/config.toml", "line": 4, "column": 14}}),
            json!({"id": "jcode:~/.jcode/config.toml:post_tool:1", "kind": "post_tool_use", "convention": "jcode",
                   "source_event": "post_tool", "matcher": {"type": "any"},
                   "handler": {"type": "command", "command": "cat | tee -a /tmp/log", "exec": "direct"},
                   "timeout_ms": null, "location": {"path": "~/.jcode/config.toml", "line": 4, "column": 22}}),
            json!({"id": "jarvis:~/.jarvis-code/config.toml:0", "kind": "pre_tool_use", "convention": "jarvis",
                   "source_event": "PreToolUse", "matcher": {"type": "regex", "dialect": "ecmascript", "pattern": "Bash|Edit"},
                   "handler": {"type": "command", "command": "./guard.sh", "exec": "shell"},
                   "timeout_ms": 12000, "location": {"path": "~/.jarvis-code/config.toml", "line": 1, "column": 1}}),
            json!({"id": "jarvis:~/.jarvis-code/config.toml:1", "kind": "stop", "convention": "jarvis",
                   "source_event": "Stop", "matcher": {"type": "any"},
                   "handler": {"type": "command", "command": "./check.sh", "exec": "shell"},
                   "timeout_ms": 30000, "location": {"path": "~/.jarvis-code/config.toml", "line": 7, "column": 1}}),
        ]
    );
    let diags: Vec<Value> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| pick(d, &["code", "severity", "convention", "location"]))
        .collect();
    assert_eq!(
        diags,
        vec![
            json!({"code": "shell_syntax_without_shell", "severity": "warning", "convention": "jcode",
                   "location": {"path": "~/.jcode/config.toml", "line": 4, "column": 22}}),
            json!({"code": "duplicate_hook", "severity": "warning", "convention": "jarvis",
                   "location": {"path": "~/.jarvis-code/config.toml", "line": 11, "column": 1}}),
        ]
    );
    assert_eq!(
        doc["summary"],
        json!({"hooks": 5, "errors": 0, "warnings": 2, "infos": 0})
    );
    assert_eq!(code, 0, "warnings only");
    let (code, _) = lint(home.path(), &["--no-env", "--deny-warnings"], &[]);
    assert_eq!(code, 1, "--deny-warnings");

    // `hooks list` shows the same accepted IR.
    let project = tempfile::tempdir().unwrap();
    let out = common::bin()
        .args(["list", "--format", "json", "--no-env", "--home"])
        .arg(home.path())
        .current_dir(project.path())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    // `hooks list` adds the agents that run each file (`readers`): each file here is its own
    // agent's alone.
    for h in listed["hooks"].as_array_mut().unwrap() {
        let readers = h.as_object_mut().unwrap().remove("readers").unwrap();
        assert_eq!(readers.as_array().unwrap().len(), 1, "{readers}");
    }
    assert_eq!(listed["hooks"], doc["hooks"]);
}

#[test]
fn exits_1_exactly_when_an_error_exists() {
    let bad_jarvis = JARVIS.replace("matcher = \"Bash|Edit\"", "matcher = \"Bash(\"");
    let home = make_home(JCODE, &bad_jarvis);
    let (code, doc) = lint(home.path(), &["--no-env"], &[]);
    assert_eq!(code, 1);
    let e = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "invalid_matcher_regex")
        .unwrap();
    assert_eq!(e["severity"], "error");
    assert_eq!(
        e["location"],
        json!({"path": "~/.jarvis-code/config.toml", "line": 3, "column": 11})
    );
    assert_eq!(
        doc["summary"]["hooks"], 4,
        "the hook with the bad regex is rejected"
    );

    let bad_jcode = JCODE.replace(
        "pre_tool_timeout_ms = 1500",
        "pre_tool_timeout_ms = \"1500\"",
    );
    let home = make_home(&bad_jcode, JARVIS);
    let (code, doc) = lint(home.path(), &["--no-env"], &[]);
    assert_eq!(code, 1);
    assert_eq!(doc["diagnostics"][0]["code"], "wrong_value_type");
    assert_eq!(doc["diagnostics"][0]["location"]["line"], 5);
    assert_eq!(doc["diagnostics"][0]["location"]["column"], 23);
    let conventions: Vec<_> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["convention"].clone())
        .collect();
    assert!(
        conventions.iter().all(|c| c == "jarvis"),
        "jcode ignores the whole file: {conventions:?}"
    );
}

#[test]
fn env_overrides_apply_without_no_env() {
    let home = make_home(JCODE, "");
    let env = [
        ("JCODE_HOOK_PRE_TOOL", r#"["true --a", "true --b"]"#),
        ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", "250"),
        ("JCODE_HOOK_POST_TOOL", ""),
    ];
    let (code, doc) = lint(home.path(), &[], &env);
    let hooks: Vec<Value> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| pick(h, &["source_event", "handler", "timeout_ms", "location"]))
        .collect();
    assert_eq!(
        hooks,
        vec![
            json!({"source_event": "pre_tool", "handler": {"type": "command", "command": "true --a", "exec": "direct"},
                   "timeout_ms": 250, "location": {"path": "env:JCODE_HOOK_PRE_TOOL", "line": null, "column": null}}),
            json!({"source_event": "pre_tool", "handler": {"type": "command", "command": "true --b", "exec": "direct"},
                   "timeout_ms": 250, "location": {"path": "env:JCODE_HOOK_PRE_TOOL", "line": null, "column": null}}),
        ],
        "the file's pre_tool and post_tool are replaced; an empty value disables"
    );
    let infos: Vec<(String, Value)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["line"].clone(),
            )
        })
        .collect();
    assert_eq!(
        infos,
        [
            ("env_override_shadows_file".to_string(), json!(5)),
            ("env_override_shadows_file".to_string(), json!(3)),
            ("env_override_shadows_file".to_string(), json!(4)),
            ("shell_syntax_without_shell".to_string(), json!(4)),
        ]
    );
    assert_eq!(doc["summary"]["infos"], 3);
    assert_eq!(code, 0);

    // JCODE_HOOKS_DISABLED: a warning at the variable.
    let (code, doc) = lint(home.path(), &[], &[("JCODE_HOOKS_DISABLED", "1")]);
    let d = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "hooks_disabled_by_env")
        .unwrap();
    assert_eq!(
        d["location"],
        json!({"path": "env:JCODE_HOOKS_DISABLED", "line": null, "column": null})
    );
    assert_eq!(code, 0);
}
