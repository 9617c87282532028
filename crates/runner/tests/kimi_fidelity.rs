//! Jarvis = Kimi Code's external hooks, exactly (issue 12, "Jarvis / Kimi Code" 1–12). Each test
//! runs real hook processes and cites the line of MoonshotAI/kimi-code@d723cc4 it follows
//! (paths under `packages/agent-core-v2/src/features/externalHooks/`).

mod common;

use common::*;
use hook_ir::Convention::Jarvis;
use hook_ir::{Dialect, Matcher};
use runner::{Event, OutcomeKind, Runner, Verdict};
use serde_json::json;

fn deny_json(reason: &str) -> String {
    json!({"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": reason}})
        .to_string()
}

/// Kimi 2: `matchHooks.ts` `blockDecision`: `const reason = block.reason?.trim();` and an empty
/// reason becomes `Blocked by ${event} hook` — for PreToolUse, Stop and UserPromptSubmit alike.
#[test]
fn a_json_deny_reason_is_trimmed_and_an_empty_one_becomes_the_default() {
    let d = tempfile::tempdir().unwrap();
    let reason_of = |event: &str, ev: &Event, reason: &str| {
        let cmd = format!("printf '%s' {}", shell_quote(&deny_json(reason)));
        dispatch(vec![hook("h", Jarvis, event, &cmd)], opts(d.path()), ev).verdict
    };
    let pre = Event::pre_tool_use("Bash", json!({}));
    assert_eq!(
        reason_of("PreToolUse", &pre, "   x  "),
        Verdict::Block { reason: "x".into() }
    );
    for (event, ev) in [
        ("PreToolUse", pre.clone()),
        ("Stop", Event::stop()),
        ("UserPromptSubmit", Event::user_prompt_submit("p")),
    ] {
        for reason in ["", " \u{a0}\n"] {
            assert_eq!(
                reason_of(event, &ev, reason),
                Verdict::Block {
                    reason: format!("Blocked by {event} hook")
                },
                "{event} {reason:?}"
            );
        }
    }
}

/// Kimi 3: `runHook.ts` `structuredOutput`: `const text = stdout.trim();` (JavaScript's trim:
/// BOM, NBSP, U+2028 …) before `JSON.parse(text)`.
#[test]
fn json_stdout_is_trimmed_with_javascript_whitespace_before_parsing() {
    let d = tempfile::tempdir().unwrap();
    for lead in ["\u{feff}", "\u{a0}", "\u{2028}", "\u{3000}\n"] {
        let cmd = format!(
            "printf '%s' {}",
            shell_quote(&format!("{lead}{}{lead}", deny_json("no")))
        );
        let dec = dispatch(
            vec![hook("h", Jarvis, "PreToolUse", &cmd)],
            opts(d.path()),
            &Event::pre_tool_use("Bash", json!({})),
        );
        assert_eq!(
            dec.verdict,
            Verdict::Block {
                reason: "no".into()
            },
            "{lead:?}"
        );
    }
}

/// Kimi 4: Kimi buffers the whole stdout (`stdout += chunk`, runHook.ts) before parsing: a deny
/// far larger than the runner's capture cap still denies; so does one past a 1 MiB lead of
/// whitespace on stderr for an exit-2 reason (`stderr.trim()`).
#[test]
fn an_answer_larger_than_the_capture_cap_reads_as_kimi_reads_it() {
    let d = tempfile::tempdir().unwrap();
    let big = d.path().join("big.json");
    let pad = "x".repeat(2 * 1024 * 1024);
    std::fs::write(
        &big,
        format!(
            r#"{{"pad":"{pad}","hookSpecificOutput":{{"permissionDecision":"deny","permissionDecisionReason":"too big"}}}}"#
        ),
    )
    .unwrap();
    let dec = dispatch(
        vec![hook("h", Jarvis, "PreToolUse", &format!("cat {}", q(&big)))],
        opts(d.path()),
        &Event::pre_tool_use("Bash", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "too big".into()
        }
    );
    let spaces = d.path().join("spaces");
    std::fs::write(
        &spaces,
        format!("{}the reason", " ".repeat(1024 * 1024 + 100_000)),
    )
    .unwrap();
    let dec = dispatch(
        vec![hook(
            "h",
            Jarvis,
            "PreToolUse",
            &format!("cat {} >&2; exit 2", q(&spaces)),
        )],
        opts(d.path()),
        &Event::pre_tool_use("Bash", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "the reason".into()
        }
    );
}

/// Kimi 5: `matchHooks.ts` `matches`: `new RegExp(pattern).test(value)`, no `u` flag: `.` is one
/// UTF-16 code unit, an emoji two.
#[test]
fn matchers_see_utf16_code_units() {
    let d = tempfile::tempdir().unwrap();
    let m = |p: &str| Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: p.into(),
    };
    let hooks = vec![
        hook_m("one", Jarvis, "UserPromptSubmit", "echo one", m("^.$")),
        hook_m("two", Jarvis, "UserPromptSubmit", "echo two", m("^..$")),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("🚀"));
    let ids: Vec<_> = dec.hooks.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["two"]);
}

/// Kimi 6: `runHook.ts` `buildHookSpawnOptions`: `detached: process.platform !== 'win32'` —
/// Node calls `setsid()`: each hook leads its own session, without a controlling terminal, so
/// a read of `/dev/tty` fails at once instead of stopping the hook with SIGTTIN.
#[test]
fn each_hook_is_a_session_leader_without_a_controlling_terminal() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("ids");
    // /proc/PID/stat fields 5 and 6: pgrp and session; field 7: tty_nr (0 = none).
    let cmd = format!(
        "set -- $(cut -d' ' -f5,6,7 /proc/$$/stat); echo $$ $1 $2 $3 > {}; \
         if (exec </dev/tty) 2>/dev/null; then exit 0; fi; echo no tty >&2; exit 2",
        q(&out)
    );
    let dec = dispatch(
        vec![hook("h", Jarvis, "PreToolUse", &cmd)],
        opts(d.path()),
        &Event::pre_tool_use("Bash", json!({})),
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let ids: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(ids[0], ids[1], "pid == pgid");
    assert_eq!(ids[0], ids[2], "pid == sid: a session leader");
    assert_eq!(ids[3], "0", "no controlling terminal");
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "no tty".into()
        }
    );
}

/// Kimi 7: agentExternalHooksService.ts `notifyPostToolUse` calls `this.fireAndForget(isError ?
/// 'PostToolUseFailure' : 'PostToolUse', …)`: the agent does not wait, and a failed call fires
/// PostToolUseFailure, not PostToolUse.
#[test]
fn post_tool_use_is_fire_and_forget_and_skips_failed_calls() {
    let d = tempfile::tempdir().unwrap();
    let gate = d.path().join("gate");
    let done = d.path().join("done");
    // Runs until the test creates `gate`: a dispatch that waited would hang until the timeout.
    let cmd = format!(
        "while [ ! -f {g} ]; do sleep 0.01; done; touch {d}; exit 2",
        g = q(&gate),
        d = q(&done)
    );
    let r = Runner::new(
        vec![hook_t("h", Jarvis, "PostToolUse", &cmd, 30_000)],
        opts(d.path()),
    );
    let dec = r.dispatch_blocking(&Event::post_tool_use("Read", json!({}), "out"));
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.hooks.len(), 1);
    assert!(dec.hooks[0].detached, "{:?}", dec.hooks[0]);
    assert!(dec.hooks[0].error.as_deref().unwrap().contains("started"));
    assert!(!done.exists(), "returned before the hook finished");
    assert_eq!(r.detached_running(), 1);
    std::fs::write(&gate, "").unwrap();
    let later = r.wait_detached();
    assert_eq!(later.len(), 1);
    assert_eq!(
        later[0].outcome,
        OutcomeKind::Blocked,
        "its exit 2 is recorded, never honoured"
    );
    assert!(done.exists());
    // A failed tool call: PostToolUse hooks do not run at all.
    let mut failed = Event::post_tool_use("Read", json!({}), "");
    failed.status = Some("error".into());
    failed.error = Some("boom".into());
    assert!(r.dispatch_blocking(&failed).hooks.is_empty());
}

/// Kimi 8: runHook.ts `OptionalStringSchema`: `null` → absent (so `message ??
/// hookSpecificOutput?.message` falls back), numbers and booleans → `String(v)`; userPrompt.ts
/// `userPromptHookMessage` trims the text.
#[test]
fn user_prompt_submit_message_null_falls_back_and_scalars_are_stringified() {
    let d = tempfile::tempdir().unwrap();
    let echo = |j: &str| format!("printf '%s' {}", shell_quote(j));
    let hooks = vec![
        hook(
            "a",
            Jarvis,
            "UserPromptSubmit",
            &echo(r#"{"message":null,"hookSpecificOutput":{"message":" nested "}}"#),
        ),
        hook(
            "b",
            Jarvis,
            "UserPromptSubmit",
            &echo(r#"{"message":42.50}"#),
        ),
        hook(
            "c",
            Jarvis,
            "UserPromptSubmit",
            &echo(r#"{"message":true}"#),
        ),
        hook(
            "d",
            Jarvis,
            "UserPromptSubmit",
            &echo(r#"{"message":"  spaced \n"}"#),
        ),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("p"));
    let wrap =
        |t: &str| format!("<hook_result hook_event=\"UserPromptSubmit\">\n{t}\n</hook_result>");
    assert_eq!(
        dec.context,
        [[wrap("nested"), wrap("42.5"), wrap("true"), wrap("spaced")].join("\n")]
    );
}

/// Kimi's bug, not copied: with `{"message": ""}` userPrompt.ts falls back to the raw stdout and
/// injects the JSON text itself; the runner adds nothing (docs/conventions/jarvis.md).
#[test]
fn an_empty_message_adds_no_context_unlike_kimi() {
    let d = tempfile::tempdir().unwrap();
    let dec = dispatch(
        vec![hook(
            "h",
            Jarvis,
            "UserPromptSubmit",
            r#"echo '{"message": ""}'"#,
        )],
        opts(d.path()),
        &Event::user_prompt_submit("p"),
    );
    assert!(dec.context.is_empty(), "{:?}", dec.context);
}

/// Kimi 9: userPrompt.ts `renderUserPromptHookBlockResult` shows `block.message` (the top-level
/// `message`) over the reason; agentExternalHooksService.ts `runPromptSubmitHook` appends it as
/// an `assistant` message and returns before any context is appended.
#[test]
fn a_blocked_prompt_shows_the_message_as_an_assistant_message_and_drops_context() {
    let d = tempfile::tempdir().unwrap();
    let hooks = vec![
        hook("ctx", Jarvis, "UserPromptSubmit", "echo context"),
        hook(
            "deny",
            Jarvis,
            "UserPromptSubmit",
            &format!(
                "printf '%s' {}",
                shell_quote(
                    r#"{"message":" shown ","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"hidden"}}"#
                )
            ),
        ),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::user_prompt_submit("p"));
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "shown".into()
        }
    );
    assert!(dec.context.is_empty());
    assert_eq!(
        dec.effects,
        [json!({"effect": "assistant_message", "hook": "deny",
            "text": "<hook_result hook_event=\"UserPromptSubmit\">\nshown\n</hook_result>"})]
    );
}

/// Kimi 10: sessionExternalHooksService.ts `triggerSessionStart` sends `{source, sessionTitle,
/// model, profile}` and `JSON.stringify` omits the undefined ones (never `null`).
#[test]
fn session_start_omits_unknown_keys() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("stdin");
    let dec = dispatch(
        vec![hook(
            "h",
            Jarvis,
            "SessionStart",
            &format!("cat > {}", q(&out)),
        )],
        opts(d.path()),
        &Event::session_start("startup"),
    );
    assert_eq!(dec.hooks.len(), 1);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "hook_event_name",
            "session_id",
            "cwd",
            "client_type",
            "source"
        ]
    );
}

/// Kimi 11: agentExternalHooksService.ts `registerLoopHooks`: `if (ctx.finishReason ===
/// 'tool_calls' || ctx.finishReason === 'filtered' || loop.hasPendingRequests()) return;` — no
/// Stop hook after a step that ended with tool calls; `runStop` returns before running them once
/// `stopHookContinuationUsed` (the second stop of a turn).
#[test]
fn stop_hooks_run_once_per_turn_and_not_after_tool_calls() {
    let d = tempfile::tempdir().unwrap();
    let count = d.path().join("count");
    let cmd = format!("echo x >> {}; echo again >&2; exit 2", q(&count));
    let r = Runner::new(vec![hook("h", Jarvis, "Stop", &cmd)], opts(d.path()));
    let mut ev = Event::stop();
    ev.turn_id = Some("t1".into());
    ev.finish_reason = Some("tool_calls".into());
    assert!(r.dispatch_blocking(&ev).hooks.is_empty());
    ev.finish_reason = Some("stop".into());
    assert_eq!(
        r.dispatch_blocking(&ev).continuation.as_deref(),
        Some("again")
    );
    assert!(
        r.dispatch_blocking(&ev).hooks.is_empty(),
        "second stop of t1"
    );
    let runs = std::fs::read_to_string(&count).unwrap().lines().count();
    assert_eq!(runs, 1, "the side effect happened once");
}

/// Kimi 12: `runPromptSubmitHook`: `if ((ctx.promptMessage.origin ?? USER_PROMPT_ORIGIN).kind
/// !== 'user') return false;`; matchHooks.ts `matcherValueText` joins the text parts with ' '.
#[test]
fn prompt_hooks_fire_for_user_prompts_matching_text_parts_joined_with_a_space() {
    let d = tempfile::tempdir().unwrap();
    let m = Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: "^deploy now$".into(),
    };
    let hooks = vec![hook_m("h", Jarvis, "UserPromptSubmit", "echo ok", m)];
    let mut ev = Event::user_prompt_submit("");
    ev.prompt_parts = Some(json!([
        {"type": "text", "text": "deploy"},
        {"type": "image_url", "image_url": {"url": "x"}},
        {"type": "text", "text": "now"}
    ]));
    let r = Runner::new(hooks, opts(d.path()));
    assert_eq!(r.dispatch_blocking(&ev).hooks.len(), 1);
    ev.prompt_origin = Some("system_trigger".into());
    assert!(r.dispatch_blocking(&ev).hooks.is_empty());
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The session API: `Runner::begin_turn` numbers turns and stamps their events, so the second
/// Stop of a turn runs no Jarvis Stop hook (Kimi 11) without the embedder tracking turn ids.
#[test]
fn turns_carry_the_once_per_turn_rule_for_embedders() {
    let d = tempfile::tempdir().unwrap();
    let r = Runner::new(
        vec![hook("h", Jarvis, "Stop", "echo more >&2; exit 2")],
        opts(d.path()),
    );
    let t1 = r.begin_turn();
    assert_eq!(t1.id(), "turn-1");
    assert_eq!(
        t1.dispatch_blocking(&Event::stop()).continuation.as_deref(),
        Some("more")
    );
    assert!(t1.dispatch_blocking(&Event::stop()).hooks.is_empty());
    let t2 = r.begin_turn();
    assert_eq!(t2.id(), "turn-2");
    assert!(t2.dispatch_blocking(&Event::stop()).is_block());
    let rt = rt();
    let d3 = rt.block_on(r.begin_turn().dispatch(&Event::stop()));
    assert!(d3.is_block(), "async dispatch too");
}
