//! jcode (conventions.md §1), each contract point pinned with real processes.

mod common;

use common::*;
use hook_ir::Convention::Jcode;
use runner::{Event, OutcomeKind, Runner, RunnerOptions, Verdict};
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn env_dump(dir: &std::path::Path, out: &std::path::Path) -> std::path::PathBuf {
    script(
        dir,
        "env.sh",
        &format!(
            "env > {}.tmp; pwd >> {}.tmp; mv {}.tmp {}",
            q(out),
            q(out),
            q(out),
            q(out)
        ),
    )
}

fn parse_env(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn argv_comes_from_jcodes_tokenizer_and_runs_without_a_shell() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("args");
    let s = script(
        d.path(),
        "args.sh",
        &format!(
            "for a in \"$@\"; do printf '%s|' \"$a\"; done > {}",
            q(&out)
        ),
    );
    let cmd = format!(r#"{} 'a b' "x\ny" $HOME '' "|" && ;"#, s.display());
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", &cmd)],
        opts(d.path()),
        &Event::pre_tool_use("bash", json!({})),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "a b|xny|$HOME||||&&|;|"
    );
}

#[test]
fn leading_tilde_slash_of_the_program_is_expanded_with_the_home() {
    let home = tempfile::tempdir().unwrap();
    let out = home.path().join("ran");
    std::fs::create_dir(home.path().join("bin")).unwrap();
    script(
        &home.path().join("bin"),
        "g.sh",
        &format!("printf '%s' \"$1\" > {}", q(&out)),
    );
    let o = RunnerOptions {
        home: Some(home.path().to_path_buf()),
        ..opts(home.path())
    };
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", "~/bin/g.sh ~/arg")],
        o,
        &Event::pre_tool_use("x", json!({})),
    );
    assert_eq!(
        dec.hooks[0].outcome,
        OutcomeKind::Allowed,
        "{:?}",
        dec.hooks[0]
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "~/arg",
        "only the program is expanded"
    );
}

#[test]
fn gate_env_has_every_jcode_variable_and_the_sorted_all_string_payload() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("env");
    let s = env_dump(d.path(), &out);
    let input = json!({"command": "ls -la", "n": 3});
    dispatch(
        vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("bash", input),
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let env = parse_env(&text);
    assert_eq!(env["JCODE_HOOKS_DISABLED"], "1");
    assert_eq!(env["JCODE_HOOK_EVENT"], "pre_tool");
    assert_eq!(env["JCODE_HOOK_SESSION_ID"], "ses_1");
    assert_eq!(env["JCODE_HOOK_CWD"], d.path().display().to_string());
    assert_eq!(env["JCODE_HOOK_TOOL_NAME"], "bash");
    assert_eq!(
        env["JCODE_HOOK_TOOL_INPUT"],
        r#"{"command":"ls -la","n":3}"#
    );
    let payload = &env["JCODE_HOOK_PAYLOAD"];
    assert_eq!(
        payload,
        &format!(
            r#"{{"cwd":"{}","event":"pre_tool","session_id":"ses_1","tool_input":"{{\"command\":\"ls -la\",\"n\":3}}","tool_name":"bash"}}"#,
            d.path().display()
        )
    );
    assert!(env.contains_key("PATH"), "the environment is inherited");
    assert_eq!(
        text.lines().last().unwrap(),
        d.path().display().to_string(),
        "cwd is the session cwd"
    );
}

#[test]
fn cwd_is_set_only_when_it_is_an_existing_directory() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("env");
    let s = env_dump(d.path(), &out);
    let missing = d.path().join("nope");
    let o = RunnerOptions {
        cwd: Some(missing.clone()),
        ..opts(d.path())
    };
    dispatch(
        vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
        o,
        &Event::pre_tool_use("x", json!({})),
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        parse_env(&text)["JCODE_HOOK_CWD"],
        missing.display().to_string()
    );
    let pwd = text.lines().last().unwrap();
    assert_eq!(
        pwd,
        std::env::current_dir().unwrap().display().to_string(),
        "inherits the agent's cwd"
    );
}

#[test]
fn payload_over_16_kib_is_cut_on_a_char_boundary_and_is_invalid_json() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("env");
    let s = script(
        d.path(),
        "p.sh",
        &format!("printf '%s' \"$JCODE_HOOK_PAYLOAD\" > {}", q(&out)),
    );
    let big = json!({"text": "é".repeat(12_000)});
    dispatch(
        vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("x", big),
    );
    let p = std::fs::read(&out).unwrap();
    assert!(p.len() <= 16_384 && p.len() > 16_000, "{}", p.len());
    let p = String::from_utf8(p).expect("cut on a char boundary");
    assert!(serde_json::from_str::<Value>(&p).is_err());
}

#[test]
fn gate_stdin_is_the_compact_tool_input_without_newline_then_closed() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("stdin");
    let s = script(d.path(), "cat.sh", &format!("cat > {}", q(&out)));
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("x", json!({"a": [1, 2], "b": "c"})),
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        r#"{"a":[1,2],"b":"c"}"#
    );
}

#[test]
fn exit_2_blocks_with_trimmed_stderr_cut_to_2000_bytes_or_the_default_reason() {
    let d = tempfile::tempdir().unwrap();
    let s = script(
        d.path(),
        "b.sh",
        "printf '  nope: %s \\n' \"$JCODE_HOOK_TOOL_NAME\" >&2; echo ignored; exit 2",
    );
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("bash", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "nope: bash".into()
        }
    );
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Blocked);
    assert_eq!(dec.hooks[0].exit_code, Some(2));

    let e = script(d.path(), "e.sh", "exit 2");
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", &e.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("bash", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "blocked by pre_tool hook".into()
        }
    );

    // 1999 ASCII bytes then a 2-byte char: the cut at 2000 bytes must drop the whole char.
    let long = script(
        d.path(),
        "l.sh",
        "printf '%1999s' x | tr ' ' a >&2; printf 'éééé' >&2; exit 2",
    );
    let dec = dispatch(
        vec![hook("g", Jcode, "pre_tool", &long.display().to_string())],
        opts(d.path()),
        &Event::pre_tool_use("bash", json!({})),
    );
    let Verdict::Block { reason } = dec.verdict else {
        panic!("blocks")
    };
    assert_eq!(reason.len(), 1999);
    assert!(reason.ends_with('x'));
}

#[test]
fn every_gate_command_runs_even_after_a_block_and_the_first_block_wins() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("log");
    let mk = |name: &str, code: i32| {
        script(
            d.path(),
            name,
            &format!(
                "echo {name} >> {}; echo reason-{name} >&2; exit {code}",
                q(&log)
            ),
        )
        .display()
        .to_string()
    };
    let hooks = vec![
        hook("a", Jcode, "pre_tool", &mk("a", 0)),
        hook("b", Jcode, "pre_tool", &mk("b", 2)),
        hook("c", Jcode, "pre_tool", &mk("c", 2)),
        hook("d", Jcode, "pre_tool", &mk("d", 0)),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", json!({})));
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "a\nb\nc\nd\n",
        "sequential, all of them"
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "reason-b".into()
        }
    );
    let kinds: Vec<_> = dec.hooks.iter().map(|h| h.outcome).collect();
    assert_eq!(
        kinds,
        [
            OutcomeKind::Allowed,
            OutcomeKind::Blocked,
            OutcomeKind::Blocked,
            OutcomeKind::Allowed
        ]
    );
}

#[test]
fn anything_but_0_and_2_fails_open_with_a_clear_outcome() {
    let d = tempfile::tempdir().unwrap();
    let one = script(d.path(), "one.sh", "exit 1");
    let sig = script(d.path(), "sig.sh", "kill -9 $$");
    let noexec = d.path().join("noexec.sh");
    std::fs::write(&noexec, "#!/bin/sh\nexit 2\n").unwrap();
    let missing = d.path().join("missing");
    let hooks = vec![
        hook("one", Jcode, "pre_tool", &one.display().to_string()),
        hook("sig", Jcode, "pre_tool", &sig.display().to_string()),
        hook("noexec", Jcode, "pre_tool", &noexec.display().to_string()),
        hook("missing", Jcode, "pre_tool", &missing.display().to_string()),
        hook("unterminated", Jcode, "pre_tool", "guard 'oops"),
        hook_t("slow", Jcode, "pre_tool", "sleep 5", 0),
    ];
    let dec = dispatch(hooks, opts(d.path()), &Event::pre_tool_use("x", json!({})));
    assert_eq!(dec.verdict, Verdict::Allow);
    let h = &dec.hooks;
    assert_eq!(
        (h[0].outcome, h[0].exit_code),
        (OutcomeKind::Failed, Some(1))
    );
    assert_eq!((h[1].outcome, h[1].signal), (OutcomeKind::Failed, Some(9)));
    assert!(h[1].error.as_deref().unwrap().contains("SIGKILL"));
    assert_eq!(h[2].outcome, OutcomeKind::Failed);
    assert!(
        h[2].error.as_deref().unwrap().contains("not executable"),
        "{:?}",
        h[2].error
    );
    assert!(
        h[3].error.as_deref().unwrap().contains("no such file"),
        "{:?}",
        h[3].error
    );
    assert_eq!(
        h[4].error.as_deref(),
        Some("spawn hook command has an unterminated quote")
    );
    // pre_tool_timeout_ms = 0 → max(1, 0) = 1 ms.
    assert_eq!(h[5].outcome, OutcomeKind::TimedOut);
}

#[test]
fn observers_are_detached_in_their_own_session_with_null_stdio_and_not_awaited() {
    let d = tempfile::tempdir().unwrap();
    let gate = d.path().join("gate");
    let out = d.path().join("obs");
    let s = script(
        d.path(),
        "obs.sh",
        &format!(
            "while [ ! -f {gate} ]; do sleep 0.01; done
             fds=$(readlink /proc/$$/fd/0 /proc/$$/fd/1 /proc/$$/fd/2)
             {{ cut -d' ' -f6 /proc/$$/stat; echo \"$fds\"; env | grep '^JCODE_HOOK_'; }} > {out}.tmp; mv {out}.tmp {out}",
            gate = q(&gate),
            out = q(&out)
        ),
    );
    let mut ev = Event::stop();
    ev.duration_ms = Some(42);
    ev.model = Some("gpt".into());
    ev.last_assistant_text = Some("done".into());
    let r = Runner::new(
        vec![hook("o", Jcode, "turn_end", &s.display().to_string())],
        opts(d.path()),
    );
    let dec = r.dispatch_blocking(&ev);
    // The hook waits for `gate`, which only exists after dispatch returned: not awaited.
    assert!(!out.exists());
    std::fs::write(&gate, "").unwrap();
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
    assert!(dec.hooks[0].detached);
    assert_eq!(dec.verdict, Verdict::Allow);
    let text = read_eventually(&out);
    let mut lines = text.lines();
    let sid: i32 = lines.next().unwrap().trim().parse().unwrap();
    let our_sid = std::fs::read_to_string("/proc/self/stat")
        .unwrap()
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .nth(3)
        .unwrap()
        .parse::<i32>()
        .unwrap();
    assert_ne!(sid, our_sid, "own session");
    assert_eq!(lines.next(), Some("/dev/null"));
    assert_eq!(lines.next(), Some("/dev/null"));
    assert_eq!(lines.next(), Some("/dev/null"));
    let env: BTreeMap<_, _> = lines.filter_map(|l| l.split_once('=')).collect();
    assert_eq!(env["JCODE_HOOK_EVENT"], "turn_end");
    assert_eq!(env["JCODE_HOOK_STATUS"], "ok");
    assert_eq!(env["JCODE_HOOK_DURATION_MS"], "42");
    assert_eq!(env["JCODE_HOOK_MODEL"], "gpt");
    assert_eq!(env["JCODE_HOOK_LAST_ASSISTANT_TEXT"], "done");
}

#[test]
fn jcode_hooks_disabled_in_the_runners_environment_disables_every_jcode_hook() {
    let d = tempfile::tempdir().unwrap();
    let s = script(d.path(), "b.sh", "exit 2");
    for value in ["1", ""] {
        let o = RunnerOptions {
            env: vec![("JCODE_HOOKS_DISABLED".into(), Some(value.into()))],
            ..opts(d.path())
        };
        let r = Runner::new(
            vec![hook("g", Jcode, "pre_tool", &s.display().to_string())],
            o,
        );
        assert_eq!(r.skipped().len(), 1, "value {value:?}");
        let dec = r.dispatch_blocking(&Event::pre_tool_use("x", json!({})));
        assert_eq!(dec.verdict, Verdict::Allow);
        assert!(dec.hooks.is_empty());
    }
}
