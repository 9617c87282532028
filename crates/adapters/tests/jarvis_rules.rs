//! Jarvis rules, one test per rule, each asserting code, position and effect on the hooks.

mod toml_common;

use hook_ir::{Convention, Detail, Dialect, Exec, Handler, Kind, Matcher, Severity};
use toml_common::*;

const JV: Convention = Convention::Jarvis;

fn run(text: &str) -> adapters::Discovered {
    let home = tempfile::tempdir().unwrap();
    write(home.path(), ".jarvis-code/config.toml", text);
    hooks_rules::discover_only(&ctx(home.path(), &[], true), &[JV])
}

#[test]
fn lowers_an_entry_with_shell_exec_regex_matcher_and_seconds() {
    let d = run("x = 1\n\n[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash|Edit\"\ncommand = \"./g.sh | tee\"\ntimeout = 7\n");
    assert_eq!(d.batch.diagnostics, vec![]);
    let h = &d.batch.hooks[0];
    assert_eq!(h.id, "jarvis:~/.jarvis-code/config.toml:0");
    assert_eq!(h.kind, Kind::PreToolUse);
    assert_eq!(h.source_event, "PreToolUse");
    assert_eq!(
        h.matcher,
        Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: "Bash|Edit".into()
        }
    );
    assert_eq!(
        h.handler,
        Handler::Command {
            command: "./g.sh | tee".into(),
            exec: Exec::Shell
        }
    );
    assert_eq!(h.timeout_ms, Some(7000));
    assert_eq!((h.location.line, h.location.column), (Some(3), Some(1)));
    assert_eq!(
        h.detail,
        Detail::Jarvis {
            entry: 0,
            timeout_explicit: true
        }
    );
}

#[test]
fn missing_or_empty_matcher_is_any_and_timeout_defaults_to_30_s() {
    let d = run("[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\n[[hooks]]\nevent = \"Stop\"\nmatcher = \"\"\ncommand = \"b\"\n");
    assert!(d.batch.hooks.iter().all(|h| h.matcher == Matcher::Any));
    assert!(d.batch.hooks.iter().all(|h| h.timeout_ms == Some(30_000)));
}

#[test]
fn an_unknown_field_drops_every_hook_of_the_file_and_says_so() {
    let d = run("[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\n[[hooks]]\nevent = \"Stop\"\ncommand = \"b\"\n  cwd = \"/tmp\"\n");
    assert!(d.batch.hooks.is_empty());
    let e = with_code(&d, "unknown_field");
    assert_eq!(pos(e[0]), (7, 3));
    assert!(
        e[0].message
            .contains("none of the 2 hooks of this file run"),
        "{}",
        e[0].message
    );
}

#[test]
fn unknown_events_suggest_the_right_case() {
    let d = run("[[hooks]]\nevent = \"stop\"\ncommand = \"a\"\n");
    let e = with_code(&d, "unknown_event");
    assert_eq!(pos(e[0]), (2, 9));
    assert_eq!(e[0].help.as_deref(), Some("did you mean `Stop`?"));
    assert!(d.batch.hooks.is_empty());
}

#[test]
fn the_14_events_outside_the_kinds_are_infos_and_keep_the_file() {
    let events = [
        "PostToolUseFailure",
        "PermissionRequest",
        "PermissionResult",
        "UserPromptQueued",
        "TurnStarted",
        "StopFailure",
        "Interrupt",
        "SessionHeartbeat",
        "SubagentStart",
        "SubagentStop",
        "TaskStarted",
        "PreCompact",
        "PostCompact",
        "Notification",
    ];
    let mut text: String = events
        .iter()
        .map(|e| format!("[[hooks]]\nevent = \"{e}\"\ncommand = \"x\"\n"))
        .collect();
    text.push_str("[[hooks]]\nevent = \"SessionStart\"\ncommand = \"x\"\n");
    let d = run(&text);
    let w = with_code(&d, "unsupported_convention_event");
    assert_eq!(w.len(), 14);
    // Valid events: our limitation, not the user's mistake (issue 13), so an info.
    assert!(w.iter().all(|d| d.severity() == Severity::Info));
    assert_eq!(pos(w[13]), (41, 9));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].kind, Kind::SessionStart);
}

#[test]
fn empty_command_and_missing_fields_are_schema_errors() {
    let d = run("[[hooks]]\nevent = \"Stop\"\ncommand = \"\"\n");
    assert_eq!(pos(with_code(&d, "invalid_command")[0]), (3, 11));
    let d = run("[[hooks]]\nevent = \"Stop\"\n");
    assert_eq!(pos(with_code(&d, "missing_field")[0]), (1, 1));
}

#[test]
fn timeouts_outside_1_to_600_seconds_are_errors() {
    for (t, ok) in [
        ("1", true),
        ("600", true),
        ("30.0", true),
        ("0", false),
        ("601", false),
        ("-5", false),
        ("2.5", false),
        ("inf", false),
    ] {
        let d = run(&format!(
            "[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\ntimeout = {t}\n"
        ));
        assert_eq!(d.batch.hooks.len(), usize::from(ok), "timeout = {t}");
        if !ok {
            assert_eq!(
                pos(with_code(&d, "invalid_timeout")[0]),
                (4, 11),
                "timeout = {t}"
            );
        }
    }
}

#[test]
fn an_invalid_regex_rejects_only_that_hook() {
    let d = run("[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"[\"\ncommand = \"a\"\n[[hooks]]\nevent = \"Stop\"\ncommand = \"b\"\n");
    let e = with_code(&d, "invalid_matcher_regex");
    assert_eq!(pos(e[0]), (3, 11));
    assert!(e[0].message.contains("silently skips this hook"));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].source_event, "Stop");
    // ECMAScript, not Rust: a lookahead is valid.
    let d =
        run("[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash(?!Output)\"\ncommand = \"a\"\n");
    assert_eq!(d.batch.diagnostics, vec![]);
}

#[test]
fn a_matcher_on_stop_that_cannot_match_empty_is_a_warning() {
    let d = run("[[hooks]]\nevent = \"Stop\"\nmatcher = \"Bash\"\ncommand = \"a\"\n[[hooks]]\nevent = \"Stop\"\nmatcher = \"x*\"\ncommand = \"b\"\n");
    let w = with_code(&d, "matcher_has_no_effect");
    assert_eq!(w.len(), 1, "`x*` matches the empty string");
    assert_eq!(pos(w[0]), (3, 11));
    assert_eq!(d.batch.hooks.len(), 2);
}

#[test]
fn the_same_command_twice_runs_once_with_the_first_timeout() {
    let d = run("[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\ntimeout = 5\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\ntimeout = 9\n");
    let w = with_code(&d, "duplicate_hook");
    assert_eq!(w.len(), 1);
    assert_eq!(pos(w[0]), (6, 1));
    assert!(w[0]
        .message
        .contains("first definition's timeout (5 s) wins"));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].timeout_ms, Some(5000));
}

#[test]
fn wrong_types_and_a_non_array_hooks_are_errors() {
    let d = run("[[hooks]]\nevent = \"Stop\"\ncommand = 3\n");
    assert_eq!(pos(with_code(&d, "wrong_value_type")[0]), (3, 11));
    let d = run("hooks = \"x\"\n");
    assert_eq!(pos(with_code(&d, "wrong_value_type")[0]), (1, 9));
}

#[test]
fn parse_errors_have_a_position() {
    let d = run("[[hooks]]\nevent = Stop\n");
    let e = with_code(&d, "parse_error");
    assert_eq!(pos(e[0]).0, 2);
    assert!(d.batch.hooks.is_empty());
}

#[test]
fn files_without_hooks_or_missing_are_silent() {
    assert_eq!(run("model = \"x\"\n").batch.diagnostics, vec![]);
    let empty = tempfile::tempdir().unwrap();
    let d = hooks_rules::discover_only(&ctx(empty.path(), &[], true), &[JV]);
    assert_eq!(
        (
            d.batch.hooks.len(),
            d.batch.diagnostics.len(),
            d.sources.len()
        ),
        (0, 0, 0)
    );
}
