//! Where the runner is better than the agents (issue "Better than the agents"): whole-run
//! timeouts, group kills, bounded capture, clear outcomes for broken hooks.

mod common;

use common::*;
use hook_ir::Convention::{ClaudeSettings, CodexJson, Jarvis, Jcode};
use runner::{
    Event, OutcomeKind, Runner, RunnerOptions, Verdict, CAPTURE_MAX_BYTES, OUTCOME_STDERR_MAX_BYTES,
};
use serde_json::json;

#[test]
fn a_hook_that_never_reads_a_large_stdin_cannot_outlive_its_timeout() {
    let d = tempfile::tempdir().unwrap();
    // 4 MiB of tool input: far more than a pipe buffer. jcode awaits this write before its
    // timeout starts; the runner writes concurrently, under the timeout.
    let big = json!({"data": "x".repeat(4 * 1024 * 1024)});
    let s = script(d.path(), "deaf.sh", "sleep 30");
    let hooks = vec![hook_t(
        "g",
        Jcode,
        "pre_tool",
        &s.display().to_string(),
        200,
    )];
    let dec = dispatch(
        hooks,
        opts(d.path()),
        &Event::pre_tool_use("x", big.clone()),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    assert_eq!(dec.verdict, Verdict::Allow);
    let hooks = vec![hook_t("j", Jarvis, "PreToolUse", "sleep 30", 200)];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", big));
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
}

#[test]
fn a_hook_that_reads_its_large_stdin_gets_all_of_it() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("n");
    let big = json!({"data": "x".repeat(3 * 1024 * 1024)});
    let expected = big.to_string().len();
    let cmd = format!("wc -c > {}", q(&out));
    let dec = dispatch(
        vec![hook("h", Jarvis, "PreToolUse", &cmd)],
        opts(d.path()),
        &Event::pre_tool_use("x", big),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    let n: usize = std::fs::read_to_string(&out)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        n > expected,
        "payload with base fields is longer than the input alone: {n} vs {expected}"
    );
}

#[test]
fn on_timeout_the_whole_process_group_dies_grandchildren_included() {
    let d = tempfile::tempdir().unwrap();
    for (conv, event) in [
        (Jarvis, "PreToolUse"),
        (ClaudeSettings, "PreToolUse"),
        (CodexJson, "PreToolUse"),
    ] {
        let pidf = d.path().join(format!("{conv}-pid"));
        // The grandchild keeps stdout open and would run for 30 s.
        let cmd = format!("sleep 30 & echo $! > {}; wait", q(&pidf));
        let o = RunnerOptions {
            env: vec![("SHELL".into(), None)],
            ..opts(d.path())
        };
        let dec = dispatch(
            vec![hook_t("h", conv, event, &cmd, 1000)],
            o,
            &Event::pre_tool_use("x", json!({})),
        );
        assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut, "{conv}");
        let pid: u32 = std::fs::read_to_string(&pidf)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!(
            eventually(|| process_gone(pid)),
            "{conv}: grandchild {pid} survived"
        );
    }
    // jcode gate: direct exec of a script that forks a grandchild.
    let pidf = d.path().join("jcode-pid");
    let s = script(
        d.path(),
        "fork.sh",
        &format!("sleep 30 & echo $! > {}; wait", q(&pidf)),
    );
    let dec = dispatch(
        vec![hook_t(
            "g",
            Jcode,
            "pre_tool",
            &s.display().to_string(),
            1000,
        )],
        opts(d.path()),
        &Event::pre_tool_use("x", json!({})),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    let pid: u32 = std::fs::read_to_string(&pidf)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        eventually(|| process_gone(pid)),
        "jcode: grandchild {pid} survived"
    );
}

#[test]
fn capture_is_bounded_for_a_hook_printing_far_more_than_the_cap() {
    let d = tempfile::tempdir().unwrap();
    // 64 MiB on stdout and on stderr; the cap is 1 MiB per stream.
    let cmd = "head -c 67108864 /dev/zero | tr '\\0' y; head -c 67108864 /dev/zero >&2";
    let dec = dispatch(
        vec![hook("h", CodexJson, "UserPromptSubmit", cmd)],
        RunnerOptions {
            env: vec![("SHELL".into(), None)],
            ..opts(d.path())
        },
        &Event::user_prompt_submit("p"),
    );
    let h = &dec.hooks[0];
    assert_eq!(h.outcome, OutcomeKind::Allowed, "{h:?}");
    assert_eq!(
        dec.context[0].len(),
        CAPTURE_MAX_BYTES,
        "plain stdout context is the capped stdout"
    );
    assert_eq!(h.stderr.len(), OUTCOME_STDERR_MAX_BYTES);
    let err = h.error.as_deref().unwrap();
    assert!(
        err.contains("stdout exceeded the capture cap") && err.contains("stderr exceeded"),
        "{err}"
    );
}

#[test]
fn non_utf8_output_is_a_clear_outcome() {
    let d = tempfile::tempdir().unwrap();
    let cmd = "printf '\\377\\376' ; printf 'bad \\377' >&2";
    let dec = dispatch(
        vec![hook("h", ClaudeSettings, "UserPromptSubmit", cmd)],
        opts(d.path()),
        &Event::user_prompt_submit("p"),
    );
    let h = &dec.hooks[0];
    assert_eq!(
        h.outcome,
        OutcomeKind::Failed,
        "JSON-answer conventions cannot read non-UTF-8 stdout"
    );
    assert!(h
        .error
        .as_deref()
        .unwrap()
        .contains("stdout is not valid UTF-8"));
    assert_eq!(h.stderr, "bad \u{fffd}");
    // Jarvis reads stdout lossily, as it does.
    let dec = dispatch(
        vec![hook("h", Jarvis, "UserPromptSubmit", cmd)],
        opts(d.path()),
        &Event::user_prompt_submit("p"),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    assert!(dec.hooks[0]
        .error
        .as_deref()
        .unwrap()
        .contains("not valid UTF-8"));
}

#[test]
fn missing_and_non_executable_commands_and_signals_under_a_shell_are_clear() {
    let d = tempfile::tempdir().unwrap();
    let noexec = d.path().join("noexec.sh");
    std::fs::write(&noexec, "#!/bin/sh\n").unwrap();
    let hooks = vec![
        hook("missing", Jarvis, "PreToolUse", "/definitely/not/here"),
        hook(
            "noexec",
            ClaudeSettings,
            "PreToolUse",
            &noexec.display().to_string(),
        ),
        hook("signal", Jarvis, "PreToolUse", "kill -SEGV $$"),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", json!({})));
    assert_eq!(dec.verdict, Verdict::Allow);
    let h = &dec.hooks;
    assert_eq!(
        (h[0].outcome, h[0].exit_code),
        (OutcomeKind::Failed, Some(127))
    );
    assert!(h[0].error.as_deref().unwrap().contains("could not find"));
    assert_eq!(
        (h[1].outcome, h[1].exit_code),
        (OutcomeKind::Failed, Some(126))
    );
    assert!(h[1].error.as_deref().unwrap().contains("not executable"));
    assert_eq!((h[2].outcome, h[2].signal), (OutcomeKind::Failed, Some(11)));
    assert!(h[2].error.as_deref().unwrap().contains("SIGSEGV"));
}

#[test]
fn dropping_a_dispatch_half_way_kills_the_hook_group() {
    let d = tempfile::tempdir().unwrap();
    let pidf = d.path().join("pid");
    let cmd = format!("sleep 30 & echo $! > {}; wait", q(&pidf));
    let r = Runner::new(
        vec![hook_t("h", Jarvis, "PreToolUse", &cmd, 60_000)],
        opts(d.path()),
    );
    let ev = Event::pre_tool_use("x", json!({}));
    rt().block_on(async {
        // The agent gives up on the dispatch once the hook's grandchild is running.
        // Running once its pid line is complete (`echo` writes `PID\n` at once; the file
        // exists, empty, from the redirection on): no guess at how long the shell takes.
        let started = async {
            while !std::fs::read_to_string(&pidf).is_ok_and(|t| t.ends_with('\n')) {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
        };
        tokio::select! {
            _ = r.dispatch(&ev) => panic!("the hook should still be running"),
            _ = started => {}
        }
    });
    let pid: u32 = std::fs::read_to_string(&pidf)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        eventually(|| process_gone(pid)),
        "grandchild {pid} survived the cancelled dispatch"
    );
}
