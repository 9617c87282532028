//! Issue 30, `cline-dir`, through the real binary: the four folders Cline CLI 3.0.65 reads
//! (conformance/notes/cline.md, "Discovery"), each hook stamped with its layer and listed in
//! Cline's full-path order (also from another directory, with `--home` not `$HOME`);
//! `$CLINE_DIR` replaces `~/.cline`; every file Cline skips that looks like a hook is reported
//! with a code; `hooks run` answers as Cline does (traces `conformance/traces/cline-3.0.65/`).

use crate::common;
use common::Tree;
use serde_json::Value;

fn json(r: &common::Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

/// (source_event, scope, location) of each hook.
fn layout(doc: &Value) -> Vec<(String, String, String)> {
    doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["source_event"].as_str().unwrap().to_string(),
                h["scope"].as_str().unwrap().to_string(),
                h["location"]["path"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn four_folders() -> Tree {
    let t = Tree::new();
    t.write(
        "home/Documents/Cline/Hooks/PreToolUse",
        "#!/bin/sh\necho '{}'\n",
    );
    t.write("home/.cline/hooks/pretooluse.py", "print('{}')\n");
    t.write("project/.clinerules/hooks/PreToolUse.sh", "echo '{}'\n");
    t.write("project/.cline/hooks/TaskStart", "echo\n");
    t
}

#[test]
fn every_folder_is_read_in_clines_path_order_from_another_directory() {
    let t = four_folders();
    let elsewhere = Tree::new();
    let r = common::hooks(
        &[
            "list",
            t.project().to_str().unwrap(),
            "--home",
            t.home().to_str().unwrap(),
            "--no-env",
            "--format",
            "json",
        ],
        elsewhere.root(),
        &elsewhere.home(),
        t.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc = json(&r);
    let got = layout(&doc);
    // Full paths in `localeCompare` order: `~/.cline/` before `~/Documents/` although
    // Documents is searched first (trace cline_order_by_path_not_layer).
    let names: Vec<(&str, &str, &str)> = got
        .iter()
        .map(|(e, s, p)| (e.as_str(), s.as_str(), p.rsplit('/').next().unwrap()))
        .collect();
    assert_eq!(
        names,
        [
            ("PreToolUse", "user", "pretooluse.py"),
            ("PreToolUse", "user", "PreToolUse"),
            ("TaskStart", "project", "TaskStart"),
            ("PreToolUse", "project", "PreToolUse.sh"),
        ]
    );
    // The interpreter is explicit in the command, the path absolute (typed facts, not display).
    let commands: Vec<&str> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["handler"]["command"].as_str().unwrap())
        .collect();
    assert!(
        commands[0].starts_with("python3 [TEMP]/home/.cline/hooks/"),
        "{commands:?}"
    );
    assert!(
        commands[1].starts_with("sh [TEMP]/home/Documents/"),
        "{commands:?}"
    );
    assert!(
        commands[2].starts_with("bash [TEMP]/project/.cline/"),
        "{commands:?}"
    );
    assert!(
        commands[3].starts_with("bash [TEMP]/project/.clinerules/"),
        "{commands:?}"
    );
    assert_eq!(doc["hooks"][0]["timeout_ms"], 120_000);
    assert_eq!(doc["hooks"][2]["timeout_ms"], Value::Null);
}

#[test]
fn cline_dir_replaces_the_user_folder() {
    let t = four_folders();
    t.write("elsewhere/hooks/PostToolUse", "echo\n");
    let mut cmd = common::bin();
    cmd.args(["list", ".", "--home", "../home", "--format", "json"])
        .current_dir(t.project())
        .env("HOME", t.home())
        .env("CLINE_DIR", t.root().join("elsewhere"));
    let out = cmd.output().unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let files: Vec<String> = layout(&doc).into_iter().map(|(e, _, _)| e).collect();
    assert!(files.contains(&"PostToolUse".to_string()), "{files:?}");
    // `~/.cline/hooks` is not read while `$CLINE_DIR` names another folder.
    assert_eq!(
        files.iter().filter(|e| *e == "PreToolUse").count(),
        2,
        "{files:?}"
    );
}

#[test]
fn files_cline_skips_are_reported_with_codes() {
    let t = Tree::new();
    let dir = "project/.clinerules/hooks";
    t.write(&format!("{dir}/PreToolUse.txt"), "x");
    t.write(&format!("{dir}/PreToolUs.sh"), "x");
    t.write(&format!("{dir}/PreCompact"), "x");
    t.write(&format!("{dir}/TaskError.sh"), "x");
    t.write(&format!("{dir}/README.md"), "x");
    t.write(&format!("{dir}/TaskStart"), "x");
    std::os::unix::fs::symlink("TaskStart", t.root().join(dir).join("PostToolUse")).unwrap();
    std::fs::create_dir_all(t.root().join(dir).join("TaskComplete")).unwrap();
    let (code, doc) = t.lint_json(&["."]);
    assert_eq!(code, 1);
    let got: Vec<(String, String)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["path"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    let want = [
        ("unsupported_convention_event", "PreCompact"),
        ("unknown_event", "PreToolUs.sh"),
        ("unknown_event", "PreToolUse.txt"),
        ("invalid_source", "PostToolUse"),
        ("invalid_source", "TaskComplete"),
        ("unsupported_convention_event", "TaskError.sh"),
    ];
    for (c, f) in want {
        assert!(
            got.contains(&(c.to_string(), f.to_string())),
            "{c} at {f} missing: {got:?}"
        );
    }
    assert!(!got.iter().any(|(_, f)| f == "README.md"), "{got:?}");
    let typo = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| {
            d["location"]["path"]
                .as_str()
                .unwrap()
                .ends_with("PreToolUs.sh")
        })
        .unwrap();
    assert!(typo["help"].as_str().unwrap().contains("`PreToolUse.sh`"));
    assert_eq!(layout(&doc).len(), 1, "only TaskStart is a hook");
}

/// `hooks run` under Cline's answer rules: files of every folder one after the other in path
/// order, each seeing the previous `overrideInput`; the exit code means nothing; the last
/// `HOOK_CONTROL<TAB>` line is the answer; a cancel blocks and stops the run (traces
/// cline_pre_hook_control_prefix, cline_pre_override_input, cline_pre_exit1_cancel_json,
/// cline_pre_cancel).
#[test]
fn hooks_run_answers_as_cline_does() {
    let t = Tree::new();
    let seen = t.root().join("seen.json");
    t.write(
        "home/.cline/hooks/PreToolUse",
        &format!(
            "cat > '{}'\necho noise\nprintf 'HOOK_CONTROL\\t{{\"contextModification\":\"CTX1\",\"overrideInput\":{{\"commands\":[\"echo hi\"]}}}}\\n'\nexit 2\n",
            seen.display()
        ),
    );
    t.write(
        "project/.clinerules/hooks/PreToolUse.py",
        "import json,sys\nd=json.load(sys.stdin)\nprint(json.dumps({'cancel': True, 'errorMessage': 'no ' + d['preToolUse']['parameters']['commands']}))\nsys.exit(1)\n",
    );
    let elsewhere = Tree::new();
    let r = common::hooks(
        &[
            "run",
            "pre_tool_use",
            t.project().to_str().unwrap(),
            "--home",
            t.home().to_str().unwrap(),
            "--no-env",
            "--tool",
            "run_commands",
            "--input",
            r#"{"commands":["ls"]}"#,
        ],
        elsewhere.root(),
        &elsewhere.home(),
        t.root(),
    );
    let d = json(&r);
    assert_eq!(d["decision"], "block", "{}", r.shown);
    assert_eq!(d["reason"], r#"no ["echo hi"]"#);
    assert!(d["stop"].is_object(), "a cancel ends the whole run");
    assert_eq!(d["hooks"][0]["outcome"], "allowed", "exit 2 means nothing");
    assert_eq!(d["hooks"][0]["exit_code"], 2);
    let payload: Value = serde_json::from_str(&std::fs::read_to_string(&seen).unwrap()).unwrap();
    assert_eq!(payload["hookName"], "tool_call");
    assert_eq!(payload["clineVersion"], "");
    assert_eq!(payload["preToolUse"]["toolName"], "run_commands");
    assert_eq!(payload["preToolUse"]["parameters"]["commands"], r#"["ls"]"#);
    assert_eq!(payload["tool_call"]["input"]["commands"][0], "ls");
    assert!(payload["workspaceRoots"][0]
        .as_str()
        .unwrap()
        .ends_with("/project"));

    // Without the cancelling file: the context and the overriding input come back.
    std::fs::remove_file(t.project().join(".clinerules/hooks/PreToolUse.py")).unwrap();
    let r = t.run(&[
        "run",
        "pre_tool_use",
        ".",
        "--home",
        "../home",
        "--no-env",
        "--tool",
        "run_commands",
        "--input",
        r#"{"commands":["ls"]}"#,
    ]);
    let d = json(&r);
    assert_eq!(d["decision"], "allow", "{}", r.shown);
    assert_eq!(d["context"], serde_json::json!(["CTX1"]));
    assert_eq!(
        d["updated_input"],
        serde_json::json!({"commands": ["echo hi"]})
    );
}

/// Every event but the tool events is started and never read (traces
/// cline_detached_task_start, cline_task_complete_output_ignored): `hooks run` returns at once
/// and a cancel changes nothing.
#[test]
fn other_events_are_detached_and_their_answers_ignored() {
    let t = Tree::new();
    let mark = t.root().join("started");
    t.write(
        "project/.cline/hooks/TaskComplete.sh",
        &format!(
            "sleep 1\necho '{{\"cancel\": true, \"context\": \"x\"}}'\ntouch '{}'\n",
            mark.display()
        ),
    );
    let start = std::time::Instant::now();
    let r = t.run(&["run", "stop", ".", "--home", "../home", "--no-env"]);
    assert!(
        start.elapsed() < std::time::Duration::from_millis(900),
        "{}",
        r.shown
    );
    let d = json(&r);
    assert_eq!(d["decision"], "allow", "{}", r.shown);
    assert_eq!(d["context"], serde_json::json!([]));
    assert_eq!(d["hooks"][0]["awaited"], false);
    for _ in 0..50 {
        if mark.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("the detached TaskComplete hook never ran");
}

fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/cline-dir")
}

/// `fixtures/cline-dir/valid` lints clean and lists in Cline's run order with each file's
/// interpreter; `mistakes` reports each file Cline skips, where it is.
#[test]
fn the_fixtures_read_as_cline_reads_them() {
    let elsewhere = Tree::new();
    let lint = |tree: &str| {
        let dir = fixtures().join(tree);
        let r = common::hooks(
            &[
                "lint",
                dir.join("project").to_str().unwrap(),
                "--home",
                dir.join("home").to_str().unwrap(),
                "--no-env",
                "--format",
                "json",
            ],
            elsewhere.root(),
            &elsewhere.home(),
            &fixtures(),
        );
        (r.code, json(&r))
    };
    let (code, doc) = lint("valid");
    assert_eq!(code, 0, "{doc:#}");
    let got: Vec<(String, String)> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let command = h["handler"]["command"].as_str().unwrap();
            (
                h["source_event"].as_str().unwrap().to_string(),
                command.split(' ').next().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("PreToolUse", "python3"),
        ("PreToolUse", "sh"),
        ("TaskComplete", "bash"),
        ("TaskStart", "bash"),
        ("PostToolUse", "python3"),
    ];
    assert_eq!(
        got,
        want.map(|(a, b)| (a.to_string(), b.to_string())).to_vec(),
        "{doc:#}"
    );
    let (code, doc) = lint("mistakes");
    assert_eq!(code, 1);
    let codes: Vec<String> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        codes,
        [
            "unsupported_convention_event",
            "unknown_event",
            "unknown_event",
            "invalid_source",
            "unsupported_convention_event"
        ],
        "{doc:#}"
    );
}
