//! Jarvis Code (conventions.md §2), each contract point pinned with real processes.

mod common;

use common::*;
use hook_ir::Convention::Jarvis;
use hook_ir::{Dialect, Matcher};
use runner::{Event, OutcomeKind, Runner, RunnerOptions, Verdict};
use serde_json::json;

#[test]
fn runs_with_sh_c_and_sends_the_compact_payload_with_base_fields_first() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("stdin");
    // Pipes and redirections: a shell runs it.
    let cmd = format!("cat | cat > {}", q(&out));
    let o = RunnerOptions {
        session_title: Some("My title".into()),
        ..opts(d.path())
    };
    let mut ev = Event::pre_tool_use("Bash", json!({"command": "ls"}));
    ev.tool_call_id = Some("call_7".into());
    let dec = dispatch(vec![hook("h", Jarvis, "PreToolUse", &cmd)], o, &ev);
    assert_eq!(
        dec.hooks[0].outcome,
        OutcomeKind::Allowed,
        "{:?}",
        dec.hooks[0]
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        format!(
            r#"{{"hook_event_name":"PreToolUse","session_id":"ses_1","cwd":"{}","client_type":"kimi_code_cli","session_title":"My title","tool_name":"Bash","tool_input":{{"command":"ls"}},"tool_call_id":"call_7"}}"#,
            d.path().display()
        )
    );
}

#[test]
fn payload_fields_per_event_prompt_parts_and_tool_output_cut_to_2000_chars() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("stdin");
    let cmd = format!("cat > {}", q(&out));
    let run = |event: &str, ev: &Event| {
        dispatch(vec![hook("h", Jarvis, event, &cmd)], opts(d.path()), ev);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        v
    };
    let v = run("UserPromptSubmit", &Event::user_prompt_submit("hi"));
    assert_eq!(v["prompt"], json!([{"type": "text", "text": "hi"}]));
    assert_eq!(v["is_steer"], json!(false));
    assert!(
        v.get("session_title").is_none(),
        "session_title only when known"
    );
    // PostToolUse is fire-and-forget: wait for it before reading what it wrote.
    let r = Runner::new(vec![hook("h", Jarvis, "PostToolUse", &cmd)], opts(d.path()));
    r.dispatch_blocking(&Event::post_tool_use("Read", json!({}), "ü".repeat(2500)));
    r.wait_detached();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(v["tool_output"].as_str().unwrap().chars().count(), 2000);
    // Kimi's `runStop` always sends `stopHookActive: false` (the hooks do not run at all once
    // the turn continued).
    assert_eq!(
        run("Stop", &Event::stop())["stop_hook_active"],
        json!(false)
    );
    let v = run("SessionStart", &Event::session_start("startup"));
    assert_eq!(v["source"], "startup");
    assert_eq!(
        run("SessionEnd", &Event::session_shutdown("exit"))["reason"],
        "exit"
    );
}

#[test]
fn matching_hooks_run_in_parallel_and_results_keep_config_order() {
    let d = tempfile::tempdir().unwrap();
    let flag = d.path().join("flag");
    // The first hook can only finish once the second one ran: sequential execution would make
    // it time out.
    let first = format!(
        "while [ ! -f {} ]; do sleep 0.01; done; echo first >&2; exit 2",
        q(&flag)
    );
    let second = format!("touch {}; exit 2", q(&flag));
    let hooks = vec![
        hook_t("first", Jarvis, "PreToolUse", &first, 5000),
        hook("second", Jarvis, "PreToolUse", &second),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", json!({})));
    assert_eq!(dec.hooks[0].id, "first");
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Blocked);
    assert_eq!(dec.hooks[1].id, "second");
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "first".into()
        },
        "first in config order wins"
    );
}

#[test]
fn identical_commands_run_once() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("log");
    let cmd = format!("echo ran >> {}", q(&log));
    let hooks = vec![
        hook("a", Jarvis, "PreToolUse", &cmd),
        hook("b", Jarvis, "PreToolUse", &cmd),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", json!({})));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "ran\n");
    assert_eq!(dec.hooks.len(), 2);
    assert!(dec.hooks[1]
        .error
        .as_deref()
        .unwrap()
        .contains("identical command"));
}

#[test]
fn matcher_is_an_unanchored_javascript_regex_on_the_tool_name() {
    let d = tempfile::tempdir().unwrap();
    let m = Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: "Edit|Write".into(),
    };
    let r = Runner::new(
        vec![hook_m("h", Jarvis, "PreToolUse", "exit 2", m)],
        opts(d.path()),
    );
    assert!(r
        .dispatch_blocking(&Event::pre_tool_use("MultiEdit", json!({})))
        .is_block());
    assert!(!r
        .dispatch_blocking(&Event::pre_tool_use("Bash", json!({})))
        .is_block());
}

#[test]
fn exit_2_blocks_with_trimmed_stderr_and_json_is_not_read() {
    let d = tempfile::tempdir().unwrap();
    let cmd = r#"echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'; echo '  no way  ' >&2; exit 2"#;
    let dec = dispatch(
        vec![hook("h", Jarvis, "PreToolUse", cmd)],
        opts(d.path()),
        &Event::pre_tool_use("x", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "no way".into()
        }
    );
    let dec = dispatch(
        vec![hook("h", Jarvis, "UserPromptSubmit", "exit 2")],
        opts(d.path()),
        &Event::user_prompt_submit("p"),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "Blocked by UserPromptSubmit hook".into()
        }
    );
}

#[test]
fn exit_0_json_deny_blocks_and_anything_else_allows() {
    let d = tempfile::tempdir().unwrap();
    let deny = r#"echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"rm is banned"}}'"#;
    let dec = dispatch(
        vec![hook("h", Jarvis, "PreToolUse", deny)],
        opts(d.path()),
        &Event::pre_tool_use("x", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "rm is banned".into()
        }
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Blocked);
    for cmd in [
        r#"echo '{"decision":"block"}'"#,
        "echo not json",
        "exit 1",
        "exit 3",
    ] {
        let dec = dispatch(
            vec![hook("h", Jarvis, "PreToolUse", cmd)],
            opts(d.path()),
            &Event::pre_tool_use("x", json!({})),
        );
        assert_eq!(dec.verdict, Verdict::Allow, "{cmd}");
    }
}

#[test]
fn user_prompt_submit_context_is_each_message_or_stdout_wrapped_in_hook_result() {
    let d = tempfile::tempdir().unwrap();
    let hooks = vec![
        hook(
            "a",
            Jarvis,
            "UserPromptSubmit",
            r#"echo '{"message":"from message"}'"#,
        ),
        hook(
            "b",
            Jarvis,
            "UserPromptSubmit",
            r#"echo '{"hookSpecificOutput":{"message":"nested"}}'"#,
        ),
        hook("c", Jarvis, "UserPromptSubmit", "echo '  plain  '"),
        hook("d", Jarvis, "UserPromptSubmit", "echo failed; exit 1"),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("p"));
    // userPrompt.ts `renderUserPromptHookResult`: each result wrapped by `renderHookResult`
    // (newlines inside the tags), all joined with "\n" into one user message.
    assert_eq!(
        dec.context,
        [concat!(
            "<hook_result hook_event=\"UserPromptSubmit\">\nfrom message\n</hook_result>\n",
            "<hook_result hook_event=\"UserPromptSubmit\">\nnested\n</hook_result>\n",
            "<hook_result hook_event=\"UserPromptSubmit\">\nplain\n</hook_result>"
        )]
    );
}

#[test]
fn timeout_sends_sigterm_to_the_group_then_sigkill_and_allows() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("log");
    let pidf = d.path().join("pid");
    // Ignores SIGTERM (after logging it): only the SIGKILL 100 ms later ends it. The shell
    // waits with the `wait` builtin, which a trapped signal interrupts at once, so the trap
    // runs as soon as SIGTERM arrives rather than after the current `sleep` ends: the 100 ms
    // window then only has to cover the signal's delivery, not a sleep as well.
    let cmd = format!(
        "echo $$ > {pid}; trap 'echo term >> {log}' TERM; while :; do sleep 5 & wait $!; done",
        pid = q(&pidf),
        log = q(&log)
    );
    let dec = dispatch(
        vec![hook_t("h", Jarvis, "PreToolUse", &cmd, 1000)],
        opts(d.path()),
        &Event::pre_tool_use("x", json!({})),
    );
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    assert!(
        std::fs::read_to_string(&log).unwrap().contains("term"),
        "SIGTERM first"
    );
    let pid: u32 = std::fs::read_to_string(&pidf)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(eventually(|| process_gone(pid)), "SIGKILL ended it");
}

#[test]
fn each_hook_runs_in_its_own_process_group() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("ids");
    let cmd = format!("echo $$ $(cut -d' ' -f5 /proc/$$/stat) > {}", q(&out));
    dispatch(
        vec![hook("h", Jarvis, "SessionStart", &cmd)],
        opts(d.path()),
        &Event::session_start("startup"),
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let ids: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(ids[0], ids[1], "pid == pgid");
}

#[test]
fn stop_block_continues_at_most_once_per_turn() {
    let d = tempfile::tempdir().unwrap();
    let r = Runner::new(
        vec![hook("h", Jarvis, "Stop", "echo 'keep going' >&2; exit 2")],
        opts(d.path()),
    );
    let mut ev = Event::stop();
    ev.turn_id = Some("t1".into());
    let first = r.dispatch_blocking(&ev);
    assert_eq!(first.continuation.as_deref(), Some("keep going"));
    assert!(first.is_block());
    // agentExternalHooksService.ts `runStop`: `if (this.stopHookContinuationUsed) return
    // undefined;` — the second stop of the turn runs no Stop hook at all.
    let second = r.dispatch_blocking(&ev);
    assert_eq!(second.continuation, None);
    assert_eq!(second.verdict, Verdict::Allow);
    assert!(second.hooks.is_empty(), "not run: {:?}", second.hooks);
    ev.turn_id = Some("t2".into());
    assert_eq!(
        r.dispatch_blocking(&ev).continuation.as_deref(),
        Some("keep going")
    );
    // Without a turn id, stop_hook_active says the turn already continued.
    let mut ev = Event::stop();
    ev.stop_hook_active = true;
    assert_eq!(r.dispatch_blocking(&ev).continuation, None);
}
