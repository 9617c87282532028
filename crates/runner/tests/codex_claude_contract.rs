//! Codex hooks.json (conventions.md §4) and Claude settings (§5), pinned with real processes.

mod common;

use common::*;
use hook_ir::Convention::{ClaudeSettings, CodexJson};
use runner::{Event, OutcomeKind, Runner, RunnerOptions, Verdict};
use serde_json::{json, Value};

fn with_shell(dir: &std::path::Path, shell: Option<&std::path::Path>) -> RunnerOptions {
    RunnerOptions {
        env: vec![("SHELL".into(), shell.map(|s| s.as_os_str().to_owned()))],
        ..opts(dir)
    }
}

#[test]
fn codex_stdin_payload_has_codexs_fields() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("stdin");
    let cmd = format!("cat > {}", q(&out));
    let o = RunnerOptions {
        transcript_path: Some("/t/x.jsonl".into()),
        ..with_shell(d.path(), None)
    };
    let mut ev = Event::post_tool_use("shell", json!({"cmd": "ls"}), "files");
    ev.tool_call_id = Some("call_1".into());
    ev.model = Some("gpt-5".into());
    dispatch(vec![hook("h", CodexJson, "PostToolUse", &cmd)], o, &ev);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        v,
        json!({"session_id": "ses_1", "transcript_path": "/t/x.jsonl", "cwd": d.path().display().to_string(),
               "hook_event_name": "PostToolUse", "model": "gpt-5", "tool_name": "shell",
               "tool_input": {"cmd": "ls"}, "tool_use_id": "call_1", "tool_response": "files"})
    );
}

#[test]
fn codex_exit_2_blocks_only_with_non_empty_stderr() {
    let d = tempfile::tempdir().unwrap();
    let o = || with_shell(d.path(), None);
    let ev = Event::pre_tool_use("shell", json!({}));
    let dec = dispatch(
        vec![hook(
            "h",
            CodexJson,
            "PreToolUse",
            "echo ' denied ' >&2; exit 2",
        )],
        o(),
        &ev,
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "denied".into()
        }
    );
    let dec = dispatch(vec![hook("h", CodexJson, "PreToolUse", "exit 2")], o(), &ev);
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Failed);
    assert!(dec.hooks[0]
        .error
        .as_deref()
        .unwrap()
        .contains("empty stderr"));
    let dec = dispatch(
        vec![hook("h", CodexJson, "PreToolUse", "echo x >&2; exit 1")],
        o(),
        &ev,
    );
    assert_eq!(
        (dec.verdict, dec.hooks[0].outcome),
        (Verdict::Allow, OutcomeKind::Failed)
    );
}

#[test]
fn codex_json_answers() {
    let d = tempfile::tempdir().unwrap();
    let o = || with_shell(d.path(), None);
    let pre = Event::pre_tool_use("shell", json!({"cmd": "rm -rf /"}));
    let run =
        |cmd: &str, ev: &Event| dispatch(vec![hook("h", CodexJson, ev_name(ev), cmd)], o(), ev);
    let dec = run(r#"echo '{"decision":"block","reason":"nope"}'"#, &pre);
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "nope".into()
        }
    );
    let dec = run(
        r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"dangerous"}}'"#,
        &pre,
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "dangerous".into()
        }
    );
    // Codex refuses `continue: false` on PreToolUse ("unsupported"): the hook fails and the
    // tool runs (Codex 0.171.0, conformance trace `pre_continue_false`; output_parser.rs).
    let dec = run(r#"echo '{"continue":false,"stopReason":"halt"}'"#, &pre);
    assert_eq!(
        (dec.verdict, dec.hooks[0].outcome),
        (Verdict::Allow, OutcomeKind::Failed)
    );
    assert_eq!(
        dec.hooks[0].error.as_deref(),
        Some("PreToolUse hook returned unsupported continue:false")
    );
    // updatedInput only with permissionDecision "allow"; without it the answer is refused.
    let dec = run(
        r#"echo '{"hookSpecificOutput":{"updatedInput":{"cmd":"ls"}}}'"#,
        &pre,
    );
    assert_eq!(
        (dec.updated_input, dec.hooks[0].outcome),
        (None, OutcomeKind::Failed)
    );
    let dec = run(
        r#"echo '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"cmd":"ls"}},"systemMessage":"rewrote"}'"#,
        &pre,
    );
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.updated_input, Some(json!({"cmd": "ls"})));
    assert_eq!(dec.effects[0]["message"], "rewrote");
    let prompt = Event::user_prompt_submit("p");
    let dec = run(
        r#"echo '{"hookSpecificOutput":{"additionalContext":"ctx"}}'"#,
        &prompt,
    );
    assert_eq!(dec.context, ["ctx"]);
    let dec = run("echo plain context", &prompt);
    assert_eq!(dec.context, ["plain context"]);
    let dec = run("echo '{broken'", &prompt);
    assert_eq!(
        (dec.verdict, dec.hooks[0].outcome),
        (Verdict::Allow, OutcomeKind::Failed)
    );
    let dec = run(
        r#"echo '{"decision":"block","reason":"run the tests"}'"#,
        &Event::stop(),
    );
    assert_eq!(dec.continuation.as_deref(), Some("run the tests"));
    let dec = run(
        r#"echo '{"continue":false,"stopReason":"really done"}'"#,
        &Event::stop(),
    );
    assert_eq!(
        (dec.verdict, dec.continuation),
        (Verdict::Allow, None),
        "continue:false on Stop stops for good"
    );
}

fn ev_name(ev: &Event) -> &'static str {
    match ev.kind() {
        hook_ir::Kind::PreToolUse => "PreToolUse",
        hook_ir::Kind::PostToolUse => "PostToolUse",
        hook_ir::Kind::UserPromptSubmit => "UserPromptSubmit",
        hook_ir::Kind::Stop => "Stop",
        hook_ir::Kind::SessionStart => "SessionStart",
        hook_ir::Kind::SessionShutdown => "SessionEnd",
    }
}

#[test]
fn codex_hooks_run_concurrently() {
    let d = tempfile::tempdir().unwrap();
    let flag = d.path().join("flag");
    let first = format!("while [ ! -f {} ]; do sleep 0.01; done", q(&flag));
    let second = format!("touch {}", q(&flag));
    let hooks = vec![
        hook_t("a", CodexJson, "Stop", &first, 5000),
        hook("b", CodexJson, "Stop", &second),
    ];
    let dec = dispatch(hooks, with_shell(d.path(), None), &Event::stop());
    assert_eq!(
        dec.hooks[0].outcome,
        OutcomeKind::Allowed,
        "would time out if sequential"
    );
}

#[test]
fn claude_sets_project_dir_runs_sh_c_once_per_identical_command_with_its_payload() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let cmd = format!(
        "{{ printf '%s\\n' \"$CLAUDE_PROJECT_DIR\"; cat; echo; }} >> {}",
        q(&out)
    );
    let hooks = vec![
        hook("a", ClaudeSettings, "UserPromptSubmit", &cmd),
        hook("b", ClaudeSettings, "UserPromptSubmit", &cmd),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("hello"));
    assert_eq!(dec.hooks.len(), 2);
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "identical commands run once: {text}");
    assert_eq!(lines[0], d.path().display().to_string());
    let v: Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(
        v,
        json!({"session_id": "ses_1", "transcript_path": null, "cwd": d.path().display().to_string(),
               "hook_event_name": "UserPromptSubmit", "prompt": "hello"})
    );
}

#[test]
fn claude_permission_precedence_deny_over_defer_over_ask() {
    let d = tempfile::tempdir().unwrap();
    let ans = |decision: &str| {
        format!(
            r#"echo '{{"hookSpecificOutput":{{"hookEventName":"PreToolUse","permissionDecision":"{decision}","permissionDecisionReason":"{decision} reason"}}}}'"#
        )
    };
    let pre = Event::pre_tool_use("Bash", json!({}));
    let run = |ds: &[&str]| {
        let hooks = ds
            .iter()
            .enumerate()
            .map(|(n, x)| hook(&format!("h{n}"), ClaudeSettings, "PreToolUse", &ans(x)))
            .collect();
        dispatch(hooks, opts(d.path()), &pre)
    };
    let dec = run(&["allow", "ask", "deny", "defer"]);
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "deny reason".into()
        }
    );
    assert!(dec.effects.is_empty(), "deny outranks ask and defer");
    let dec = run(&["ask", "defer", "allow"]);
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(
        dec.effects,
        [
            json!({"effect": "permission", "decision": "defer", "hook": "h1", "reason": "defer reason"})
        ]
    );
    let dec = run(&["allow", "ask"]);
    assert_eq!(dec.verdict, Verdict::Allow, "ask is not a block");
    assert_eq!(dec.effects[0]["decision"], "ask");
}

#[test]
fn claude_exit_codes_plain_stdout_context_and_timeouts() {
    let d = tempfile::tempdir().unwrap();
    let pre = Event::pre_tool_use("Bash", json!({}));
    let dec = dispatch(
        vec![hook(
            "h",
            ClaudeSettings,
            "PreToolUse",
            "echo 'no rm' >&2; exit 2",
        )],
        opts(d.path()),
        &pre,
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "no rm".into()
        }
    );
    let dec = dispatch(
        vec![hook(
            "h",
            ClaudeSettings,
            "PreToolUse",
            "echo oops >&2; exit 1",
        )],
        opts(d.path()),
        &pre,
    );
    assert_eq!(
        (dec.verdict, dec.hooks[0].outcome),
        (Verdict::Allow, OutcomeKind::Failed)
    );
    assert_eq!(dec.hooks[0].stderr, "oops\n");
    let dec = dispatch(
        vec![hook_t(
            "h",
            ClaudeSettings,
            "PreToolUse",
            "sleep 5; exit 2",
            200,
        )],
        opts(d.path()),
        &pre,
    );
    assert_eq!(
        (dec.verdict, dec.hooks[0].outcome),
        (Verdict::Allow, OutcomeKind::TimedOut),
        "a timed-out PreToolUse does not block"
    );
    let dec = dispatch(
        vec![hook(
            "h",
            ClaudeSettings,
            "SessionStart",
            "echo 'branch: main'",
        )],
        opts(d.path()),
        &Event::session_start("startup"),
    );
    assert_eq!(dec.context, ["branch: main"]);
    let dec = dispatch(
        vec![hook("h", ClaudeSettings, "PostToolUse", "echo 'plain'")],
        opts(d.path()),
        &Event::post_tool_use("Bash", json!({}), "x"),
    );
    assert!(
        dec.context.is_empty(),
        "plain stdout is context only for UserPromptSubmit/SessionStart"
    );
    let dec = dispatch(
        vec![hook(
            "h",
            ClaudeSettings,
            "PostToolUse",
            r#"echo '{"decision":"block","reason":"lint failed"}'"#,
        )],
        opts(d.path()),
        &Event::post_tool_use("Edit", json!({}), "x"),
    );
    assert_eq!(
        (dec.verdict, dec.context),
        (Verdict::Allow, vec!["lint failed".to_string()]),
        "post-tool feedback, the tool already ran"
    );
}

#[test]
fn conventions_combine_block_in_hook_order_and_concatenate_context() {
    let d = tempfile::tempdir().unwrap();
    let hooks = vec![
        hook(
            "claude",
            ClaudeSettings,
            "UserPromptSubmit",
            "echo from-claude",
        ),
        hook(
            "jarvis",
            hook_ir::Convention::Jarvis,
            "UserPromptSubmit",
            "echo from-jarvis",
        ),
        hook("codex", CodexJson, "UserPromptSubmit", "echo from-codex"),
    ];
    let dec = dispatch(
        hooks,
        with_shell(d.path(), None),
        &Event::user_prompt_submit("p"),
    );
    assert_eq!(
        dec.context,
        [
            "from-claude",
            "<hook_result hook_event=\"UserPromptSubmit\">\nfrom-jarvis\n</hook_result>",
            "from-codex"
        ]
    );
    let ids: Vec<_> = dec.hooks.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["claude", "jarvis", "codex"]);
    let hooks = vec![
        hook("jcode", hook_ir::Convention::Jcode, "pre_tool", "true"),
        hook(
            "codex",
            CodexJson,
            "PreToolUse",
            "echo codex-says-no >&2; exit 2",
        ),
        hook(
            "jarvis",
            hook_ir::Convention::Jarvis,
            "PreToolUse",
            "echo jarvis-says-no >&2; exit 2",
        ),
    ];
    let r = Runner::new(hooks, with_shell(d.path(), None));
    let dec = r.dispatch_blocking(&Event::pre_tool_use("x", json!({})));
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "codex-says-no".into()
        },
        "first block in hook order"
    );
    assert_eq!(dec.hooks.len(), 3);
}
