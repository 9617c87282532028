//! Gemini CLI settings hooks (issue 15), pinned with real `bash` processes against the
//! behaviour of Gemini CLI 0.61.0's `packages/core/src/hooks/` (hookRunner.ts, hookPlanner.ts,
//! hookAggregator.ts, coreToolHookTriggers.ts).

mod common;

use common::*;
use hook_ir::Convention::GeminiSettings as GE;
use hook_ir::{Detail, Hook, Matcher};
use runner::{Event, OutcomeKind, Verdict};
use serde_json::{json, Value};

/// Whether process `pid` has ended (gone, or a zombie), waiting up to 20 s: only that it
/// ends is asserted, never when.
fn ended(pid: u32) -> bool {
    for _ in 0..400 {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(st)
                if st
                    .rsplit(')')
                    .next()
                    .is_some_and(|r| r.trim_start().starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
    false
}

/// A Gemini hook with its definition's details.
fn gh(id: &str, event: &str, command: &str, name: Option<&str>, sequential: bool) -> Hook {
    Hook {
        detail: Detail::GeminiGroup {
            group: 0,
            index: 0,
            raw_matcher: None,
            timeout_explicit: false,
            sequential: sequential.then_some(true),
            name: name.map(str::to_string),
            description: None,
            env: vec![("HOOK_MODE".into(), "strict".into())],
            is_async: None,
        },
        ..hook(id, GE, event, command)
    }
}

fn reason(v: &Verdict) -> &str {
    match v {
        Verdict::Block { reason } => reason,
        _ => panic!("not a block: {v:?}"),
    }
}

#[test]
fn runs_bash_c_in_the_cwd_with_geminis_environment_and_payload() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("seen");
    let cmd = format!(
        "{{ echo \"$0\"; pwd; echo \"$GEMINI_PROJECT_DIR|$GEMINI_CWD|$CLAUDE_PROJECT_DIR|$GEMINI_SESSION_ID|$HOOK_MODE\"; cat; }} > {}",
        q(&out)
    );
    let ev = Event::pre_tool_use("run_shell_command", json!({"command": "ls"}));
    let dec = dispatch(
        vec![gh("h", "BeforeTool", &cmd, None, false)],
        opts(d.path()),
        &ev,
    );
    assert_eq!(
        dec.hooks[0].outcome,
        OutcomeKind::Allowed,
        "{:?}",
        dec.hooks[0]
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let dir = d.path().display().to_string();
    assert_eq!(lines[0], "bash");
    assert_eq!(lines[1], dir);
    assert_eq!(lines[2], format!("{dir}|{dir}|{dir}|ses_1|strict"));
    let v: Value = serde_json::from_str(lines[3]).unwrap();
    assert_eq!(v["hook_event_name"], "BeforeTool");
    assert_eq!(v["session_id"], "ses_1");
    assert_eq!(v["cwd"], dir);
    assert_eq!(v["tool_name"], "run_shell_command");
    assert_eq!(v["tool_input"], json!({"command": "ls"}));
    assert!(v["timestamp"].as_str().unwrap().ends_with('Z'));
    assert_eq!(v["transcript_path"], "");
}

#[test]
fn project_dir_is_substituted_shell_quoted_into_the_command_text() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("my project");
    std::fs::create_dir(&dir).unwrap();
    // Unquoted `$GEMINI_PROJECT_DIR` would split on the space if bash expanded it; Gemini
    // substitutes a quoted copy first, so `ls` sees one path.
    let cmd = "ls -d $GEMINI_PROJECT_DIR >&2; exit 2";
    let dec = dispatch(
        vec![gh("h", "BeforeTool", cmd, None, false)],
        opts(&dir),
        &Event::pre_tool_use("read_file", json!({})),
    );
    assert_eq!(reason(&dec.verdict), dir.display().to_string());
}

#[test]
fn exit_codes_and_plain_text_follow_convert_plain_text_to_hook_output() {
    let d = tempfile::tempdir().unwrap();
    let ev = Event::pre_tool_use("run_shell_command", json!({}));
    let one = |cmd: &str| {
        dispatch(
            vec![gh("h", "BeforeTool", cmd, None, false)],
            opts(d.path()),
            &ev,
        )
    };
    // exit 2: stderr is the reason.
    let dec = one("echo 'no rm' >&2; exit 2");
    assert_eq!(reason(&dec.verdict), "no rm");
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Blocked);
    // Any exit from 2 up with text blocks; stdout wins over stderr.
    let dec = one("echo out; echo err >&2; exit 3");
    assert_eq!(reason(&dec.verdict), "out");
    // exit 1: a warning, not a block.
    let dec = one("echo careful >&2; exit 1");
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(dec.effects[0]["message"], "Warning: careful");
    // exit 2 with no output at all: nothing to block with.
    let dec = one("exit 2");
    assert_eq!(dec.verdict, Verdict::Allow);
    // JSON is read whatever the exit code; `deny` and `block` both block.
    let dec = one(r#"echo '{"decision":"block","reason":"json says no"}'; exit 1"#);
    assert_eq!(reason(&dec.verdict), "json says no");
    let dec = one(r#"echo '{"decision":"deny"}'"#);
    assert_eq!(reason(&dec.verdict), "No reason provided");
    // Plain stdout on exit 0 is a system message, not context.
    let dec = one("echo hello");
    assert_eq!(dec.verdict, Verdict::Allow);
    assert!(dec.context.is_empty());
    assert_eq!(dec.effects[0]["message"], "hello");
}

#[test]
fn parallel_hooks_aggregate_reasons_and_contexts_like_merge_with_or_decision() {
    let d = tempfile::tempdir().unwrap();
    let hooks = vec![
        gh(
            "a",
            "BeforeAgent",
            r#"echo '{"hookSpecificOutput":{"additionalContext":"ctx A"}}'"#,
            None,
            false,
        ),
        gh(
            "b",
            "BeforeAgent",
            r#"echo '{"hookSpecificOutput":{"additionalContext":"ctx B"}}'"#,
            None,
            false,
        ),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("hi"));
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.context, ["ctx A\nctx B"]);
    let hooks = vec![
        gh(
            "a",
            "BeforeTool",
            r#"echo '{"decision":"allow","reason":"fine"}'"#,
            None,
            false,
        ),
        gh("b", "BeforeTool", "echo nope >&2; exit 2", None, false),
    ];
    let dec = dispatch(
        hooks,
        opts(d.path()),
        &Event::pre_tool_use("glob", json!({})),
    );
    // Every hook's reason is joined, the allowing one's too.
    assert_eq!(reason(&dec.verdict), "fine\nnope");
    assert_eq!(dec.hooks[1].outcome, OutcomeKind::Blocked);
}

#[test]
fn tool_input_replaces_the_arguments_and_sequential_hooks_see_the_previous_rewrite() {
    let d = tempfile::tempdir().unwrap();
    let seen = d.path().join("seen");
    let first = r#"echo '{"hookSpecificOutput":{"tool_input":{"command":"ls -la"}}}'"#;
    let second = format!("cat > {}", q(&seen));
    let ev = Event::pre_tool_use("run_shell_command", json!({"command": "ls", "dir": "/"}));
    let dec = dispatch(
        vec![
            gh("a", "BeforeTool", first, None, true),
            gh("b", "BeforeTool", &second, None, false),
        ],
        opts(d.path()),
        &ev,
    );
    // The tool is rebuilt from the hook's `tool_input` alone (`evaluateBeforeToolHook`,
    // conformance `gemini_pre_tool_input_partial`); the next hook saw it merged
    // (`applyHookOutputToInput`).
    assert_eq!(dec.updated_input, Some(json!({"command": "ls -la"})));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&seen).unwrap()).unwrap();
    assert_eq!(v["tool_input"], json!({"command": "ls -la", "dir": "/"}));
    // Without `sequential` they run in parallel: each hook waits (up to 10 s) for the other to
    // have started, which only a parallel run lets both see.
    let (a, b) = (d.path().join("a.started"), d.path().join("b.started"));
    let wait_for = |me: &std::path::Path, other: &std::path::Path, seen: &str| {
        format!(
            "touch {}; i=0; while [ ! -e {} ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done; [ -e {} ] && touch {}",
            q(me),
            q(other),
            q(other),
            q(&d.path().join(seen))
        )
    };
    dispatch(
        vec![
            gh("a", "SessionEnd", &wait_for(&a, &b, "a.saw.b"), None, false),
            gh("b", "SessionEnd", &wait_for(&b, &a, "b.saw.a"), None, false),
        ],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert!(d.path().join("a.saw.b").exists() && d.path().join("b.saw.a").exists());
    // With `sequential` on the first, the second starts after the first has finished.
    let log = d.path().join("order.log");
    dispatch(
        vec![
            gh(
                "a",
                "SessionEnd",
                &format!("echo a-start >> {0}; sleep 0.3; echo a-end >> {0}", q(&log)),
                None,
                true,
            ),
            gh(
                "b",
                "SessionEnd",
                &format!("echo b-start >> {}", q(&log)),
                None,
                false,
            ),
        ],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "a-start\na-end\nb-start\n"
    );
}

#[test]
fn same_name_and_command_run_once() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("log");
    let cmd = format!("echo x >> {}", q(&log));
    let dec = dispatch(
        vec![
            gh("a", "AfterAgent", &cmd, Some("n"), false),
            gh("b", "AfterAgent", &cmd, Some("n"), false),
            gh("c", "AfterAgent", &cmd, Some("other"), false),
        ],
        opts(d.path()),
        &Event::stop(),
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "x\nx\n");
    assert!(dec.hooks.iter().any(|h| h
        .error
        .as_deref()
        .is_some_and(|e| e.contains("same name and command"))));
}

#[test]
fn after_tool_deny_replaces_the_result_and_after_agent_deny_continues() {
    let d = tempfile::tempdir().unwrap();
    let dec = dispatch(
        vec![gh(
            "h",
            "AfterTool",
            r#"echo '{"decision":"deny","reason":"secret redacted"}'"#,
            None,
            false,
        )],
        opts(d.path()),
        &Event::post_tool_use("read_file", json!({}), "API_KEY=1"),
    );
    assert_eq!(dec.verdict, Verdict::Allow);
    let patch = dec.tool_result.unwrap();
    assert_eq!(
        patch.content,
        Some(json!("Tool result blocked: secret redacted"))
    );
    let dec = dispatch(
        vec![gh(
            "h",
            "AfterAgent",
            "echo 'run the tests first' >&2; exit 2",
            None,
            false,
        )],
        opts(d.path()),
        &Event::stop(),
    );
    assert_eq!(dec.continuation.as_deref(), Some("run the tests first"));
    // continue:false stops the agent and blocks the tool.
    let dec = dispatch(
        vec![gh(
            "h",
            "BeforeTool",
            r#"echo '{"continue":false,"stopReason":"halt"}'"#,
            None,
            false,
        )],
        opts(d.path()),
        &Event::pre_tool_use("glob", json!({})),
    );
    assert_eq!(reason(&dec.verdict), "halt");
    assert!(dec.effects.iter().any(|e| e["effect"] == "stop"));
}

#[test]
fn a_timed_out_hook_never_blocks_and_the_timeout_is_in_milliseconds() {
    let d = tempfile::tempdir().unwrap();
    let pidfile = d.path().join("hook.pid");
    let h = Hook {
        timeout_ms: Some(300),
        ..gh(
            "h",
            "BeforeTool",
            &format!("echo $$ > {}; sleep 5; echo no >&2; exit 2", q(&pidfile)),
            None,
            false,
        )
    };
    let dec = dispatch(
        vec![h],
        opts(d.path()),
        &Event::pre_tool_use("glob", json!({})),
    );
    // It started, and was killed rather than left to finish its 5 s.
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        ended(pid),
        "the timed-out hook (pid {pid}) is still running"
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    assert_eq!(dec.verdict, Verdict::Allow);
}

#[test]
fn tool_matchers_are_unanchored_regexes() {
    let d = tempfile::tempdir().unwrap();
    let h = hook_m(
        "h",
        GE,
        "BeforeTool",
        "echo blocked >&2; exit 2",
        Matcher::Regex {
            dialect: hook_ir::Dialect::Ecmascript,
            pattern: "read_file".into(),
        },
    );
    let run = |tool: &str| {
        dispatch(
            vec![h.clone()],
            opts(d.path()),
            &Event::pre_tool_use(tool, json!({})),
        )
        .verdict
    };
    assert!(matches!(run("read_file"), Verdict::Block { .. }));
    assert!(matches!(run("mcp_fs_read_file_x"), Verdict::Block { .. }));
    assert_eq!(run("write_file"), Verdict::Allow);
}

#[test]
fn ask_is_a_permission_effect_unless_another_hook_blocks() {
    let d = tempfile::tempdir().unwrap();
    let ask = r#"echo '{"decision":"ask","reason":"check it"}'"#;
    let deny = r#"echo '{"decision":"deny","reason":"no"}'"#;
    let ev = Event::pre_tool_use("run_shell_command", json!({"command": "ls"}));
    let dec = dispatch(
        vec![gh("a", "BeforeTool", ask, None, false)],
        opts(d.path()),
        &ev,
    );
    assert!(matches!(dec.verdict, Verdict::Allow), "{dec:?}");
    let p: Vec<&Value> = dec
        .effects
        .iter()
        .filter(|e| e["effect"] == "permission")
        .collect();
    assert_eq!(p.len(), 1, "{dec:?}");
    assert_eq!(
        (&p[0]["decision"], &p[0]["reason"]),
        (&json!("ask"), &json!("check it"))
    );
    let dec = dispatch(
        vec![
            gh("a", "BeforeTool", ask, None, false),
            gh("b", "BeforeTool", deny, None, false),
        ],
        opts(d.path()),
        &ev,
    );
    assert_eq!(reason(&dec.verdict), "check it\nno");
    assert!(
        dec.effects.iter().all(|e| e["effect"] != "permission"),
        "{dec:?}"
    );
}
