//! What the real agents do that the docs did not say (issue 11, items 1–4), pinned with real
//! processes. Sources: Codex 0.171.0 and Claude Code 2.1.332 as observed by the conformance
//! suite (`conformance/traces/`, shared/reference/conventions.md §4–§5) and codex-rs
//! (`codex-rs/core/src/shell.rs`, `codex-rs/hooks/src/events/{post_tool_use,session_end}.rs`).

mod common;

use common::*;
use hook_ir::Convention::{ClaudeSettings, CodexJson};
use hook_ir::{Detail, Hook};
use runner::{Event, OutcomeKind, RunnerOptions};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The login shell of the password database, read by a real `getent` process.
fn passwd_shell() -> PathBuf {
    let out = std::process::Command::new("sh")
        .args(["-c", "getent passwd \"$(id -u)\" | cut -d: -f7"])
        .output()
        .expect("getent runs");
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

#[test]
fn codex_runs_the_login_shell_with_c_and_ignores_shell() {
    let d = tempfile::tempdir().unwrap();
    let decoy = script(d.path(), "decoy-shell", "echo decoy > /dev/null; exit 7");
    let argv = d.path().join("argv");
    // The shell's own command line, NUL-separated: `<shell> -c <command>`.
    let cmd = format!("tr '\\0' '\\n' < /proc/$$/cmdline > {}", q(&argv));
    let o = RunnerOptions {
        env: vec![("SHELL".into(), Some(decoy.into_os_string()))],
        ..opts(d.path())
    };
    let dec = dispatch(vec![hook("h", CodexJson, "Stop", &cmd)], o, &Event::stop());
    assert_eq!(
        dec.hooks[0].outcome,
        OutcomeKind::Allowed,
        "{:?}",
        dec.hooks[0]
    );
    let text = std::fs::read_to_string(&argv).unwrap();
    let got: Vec<&str> = text.lines().collect();
    let login = passwd_shell();
    let name = login.file_stem().and_then(|n| n.to_str()).unwrap_or("");
    if ["bash", "zsh", "sh"].contains(&name) && login.is_file() {
        assert_eq!(got, [login.to_str().unwrap(), "-c", cmd.as_str()]);
    } else {
        // Another login shell (fish...): Codex falls back to bash, zsh, then /bin/sh.
        let shell = Path::new(got[0]).file_name().unwrap().to_str().unwrap();
        assert!(["bash", "zsh", "sh"].contains(&shell), "{got:?}");
        assert_eq!(&got[1..], ["-c", cmd.as_str()]);
    }
}

#[test]
fn codex_runs_an_identical_command_once_per_copy_claude_once() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("count");
    let cmd = format!("echo x >> {}", q(&out));
    let two = |c| vec![hook("a", c, "Stop", &cmd), hook("b", c, "Stop", &cmd)];
    let dec = dispatch(two(CodexJson), opts(d.path()), &Event::stop());
    assert_eq!(dec.hooks.len(), 2);
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 2);
    std::fs::remove_file(&out).unwrap();
    dispatch(two(ClaudeSettings), opts(d.path()), &Event::stop());
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1);
}

#[test]
fn codex_session_end_is_clamped_to_3_s() {
    let d = tempfile::tempdir().unwrap();
    // An IR hook asking for 10 s (Codex 0.171.0 clamps to 3 s): a 5 s hook is killed.
    let dec = dispatch(
        vec![hook_t("h", CodexJson, "SessionEnd", "sleep 5", 10_000)],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    // Without a timeout the default is 1 s: `sleep 2` is killed, `true` is not.
    let dec = dispatch(
        vec![
            hook("a", CodexJson, "SessionEnd", "sleep 2"),
            hook("b", CodexJson, "SessionEnd", "true"),
        ],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    assert_eq!(dec.hooks[1].outcome, OutcomeKind::Allowed);
}

/// A Claude hook as the adapter lowers it: `timeout_explicit` tells whether `timeout` was written.
fn claude_end(id: &str, command: &str, written_s: Option<u64>) -> Hook {
    Hook {
        timeout_ms: Some(written_s.unwrap_or(600) * 1000),
        detail: Detail::JsonGroup {
            group: 0,
            index: 0,
            raw_matcher: None,
            timeout_explicit: written_s.is_some(),
            is_async: None,
            status_message: None,
            gjc_managed: false,
        },
        ..hook(id, ClaudeSettings, "SessionEnd", command)
    }
}

#[test]
fn claude_session_end_hooks_share_a_1_5_s_budget_raised_by_a_written_timeout() {
    let d = tempfile::tempdir().unwrap();
    // No timeout written: cancelled after 1.5 s.
    let dec = dispatch(
        vec![claude_end("a", "sleep 3", None)],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
    // `timeout: 10` on one SessionEnd hook raises the budget of all of them to 10 s.
    let dec = dispatch(
        vec![
            claude_end("a", "sleep 2", None),
            claude_end("b", "true", Some(10)),
        ],
        opts(d.path()),
        &Event::session_shutdown("exit"),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    assert_eq!(dec.hooks[1].outcome, OutcomeKind::Allowed);
}

#[test]
fn codex_post_tool_use_feedback_replaces_the_tool_output() {
    let d = tempfile::tempdir().unwrap();
    let ev = Event::post_tool_use("Bash", json!({"command": "ls"}), "real output");
    let dec = dispatch(
        vec![
            hook("a", CodexJson, "PostToolUse", "echo first >&2; exit 2"),
            hook("b", CodexJson, "PostToolUse", "echo '{\"decision\":\"block\",\"reason\":\"second\"}'"),
            hook(
                "c",
                CodexJson,
                "PostToolUse",
                "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"ctx\"}}'",
            ),
        ],
        opts(d.path()),
        &ev,
    );
    // The model receives the feedback instead of "real output"; context still adds.
    let patch = dec.tool_result.as_ref().expect("a replaced output");
    assert_eq!(patch.content, Some(Value::String("first\n\nsecond".into())));
    assert_eq!(dec.context, ["ctx"]);
    assert!(!dec.is_block());
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Blocked);
    assert_eq!(dec.hooks[1].outcome, OutcomeKind::Blocked);
    // Claude Code 2.1.332 keeps the output and adds the stderr as context.
    let dec = dispatch(
        vec![hook(
            "a",
            ClaudeSettings,
            "PostToolUse",
            "echo first >&2; exit 2",
        )],
        opts(d.path()),
        &ev,
    );
    assert_eq!(dec.tool_result, None);
    assert_eq!(dec.context, ["first"]);
}

#[test]
fn continue_false_stops_the_agent_and_codex_post_tool_use_says_why() {
    let d = tempfile::tempdir().unwrap();
    let ev = Event::post_tool_use("Bash", json!({"command": "ls"}), "out");
    let dec = dispatch(
        vec![hook(
            "a",
            CodexJson,
            "PostToolUse",
            "echo '{\"continue\":false,\"stopReason\":\"enough\"}'",
        )],
        opts(d.path()),
        &ev,
    );
    assert_eq!(
        dec.tool_result.as_ref().and_then(|p| p.content.clone()),
        Some(Value::String("enough".into()))
    );
    assert_eq!(
        dec.effects,
        [json!({"effect": "stop", "hook": "a", "reason": "enough"})]
    );
    // On PreToolUse (Claude and Codex alike) it blocks the call and stops the agent.
    let dec = dispatch(
        vec![hook(
            "p",
            ClaudeSettings,
            "PreToolUse",
            "echo '{\"continue\":false,\"stopReason\":\"halt\"}'",
        )],
        opts(d.path()),
        &Event::pre_tool_use("Bash", json!({})),
    );
    assert!(dec.is_block());
    assert_eq!(
        dec.effects,
        [json!({"effect": "stop", "hook": "p", "reason": "halt"})]
    );
}

#[test]
fn a_trust_policy_refuses_hooks_before_they_run() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("ran");
    let cmd = format!("echo ran >> {}", q(&out));
    let o = RunnerOptions {
        trust: Some(std::sync::Arc::new(|h: &Hook| {
            (h.id == "project").then(|| "Codex does not trust this project".to_string())
        })),
        ..opts(d.path())
    };
    let r = runner::Runner::new(
        vec![
            hook("user", CodexJson, "Stop", &cmd),
            hook("project", CodexJson, "Stop", &cmd),
        ],
        o,
    );
    assert_eq!(r.skipped().len(), 1);
    assert_eq!(r.skipped()[0].id, "project");
    let dec = rt().block_on(r.dispatch(&Event::stop()));
    assert_eq!(dec.hooks.len(), 1);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "ran\n");
}

#[test]
fn codex_trust_from_the_config_refuses_what_codex_would_skip() {
    use adapters::codex_json::trust;
    let d = tempfile::tempdir().unwrap();
    let home = d.path().join("codex-home");
    std::fs::create_dir_all(&home).unwrap();
    let out = d.path().join("ran");
    let cmd = |name: &str| format!("echo {name} >> {}", q(&out));
    let file = home.join("hooks.json");
    std::fs::write(
        &file,
        serde_json::to_string(&json!({"hooks": {"Stop": [{"hooks": [
            {"type": "command", "command": cmd("trusted")},
            {"type": "command", "command": cmd("untrusted")}
        ]}]}}))
        .unwrap(),
    )
    .unwrap();
    let ctx = adapters::Context {
        project: None,
        home: None,
        cwd: None,
        env: [("CODEX_HOME".to_string(), home.display().to_string())].into(),
        apply_env_overrides: true,
        run_cache: None,
    };
    let found = hooks_rules::load_file(&ctx, &file, None);
    let t = trust::of_hooks(&ctx, &found.batch.hooks, &found.sources).unwrap();
    std::fs::write(
        home.join("config.toml"),
        trust::state_table(t[0].as_ref().unwrap()),
    )
    .unwrap();
    let refuse = trust::refusals(&ctx, &found.batch.hooks, &found.sources).unwrap();
    let o = RunnerOptions {
        trust: Some(std::sync::Arc::new(refuse)),
        ..opts(d.path())
    };
    let r = runner::Runner::new(found.batch.hooks.clone(), o);
    assert_eq!(r.skipped().len(), 1);
    assert!(r.skipped()[0].reason.contains("no trusted hash"));
    let dec = rt().block_on(r.dispatch(&Event::stop()));
    assert_eq!(dec.hooks.len(), 1);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "trusted\n");
}
