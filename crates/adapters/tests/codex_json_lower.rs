//! Codex hooks.json: lowering, the problems Codex silently ignores, and locations.

mod common;

use common::{codes, Tree};
use hook_ir::{Code, Convention, Detail, Dialect, Exec, Handler, Kind, Matcher};

const CX: &[Convention] = &[Convention::CodexJson];

#[test]
fn valid_files_of_project_and_home() {
    let t = Tree::fixture("codex-json", "valid");
    t.trust_codex();
    let d = t.discover(CX);
    assert!(d.batch.diagnostics.is_empty(), "{:?}", d.batch.diagnostics);
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.as_str(),
                h.command().unwrap(),
                h.timeout_ms,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (Kind::PreToolUse, "PreToolUse", "./guard.sh", Some(30_000)),
            (
                Kind::PreToolUse,
                "PreToolUse",
                "./mcp-audit.sh",
                Some(600_000)
            ),
            (Kind::PostToolUse, "PostToolUse", "./log.sh", Some(600_000)),
            (
                Kind::SessionStart,
                "SessionStart",
                "./prime.sh",
                Some(600_000)
            ),
            (
                Kind::UserPromptSubmit,
                "UserPromptSubmit",
                "gjc codex-native-hook",
                Some(600_000)
            ),
            (Kind::Stop, "Stop", "gjc codex-native-hook", Some(30_000)),
            (
                Kind::SessionShutdown,
                "SessionEnd",
                "./bye.sh",
                // Codex 0.171.0: SessionEnd defaults to 1 s.
                Some(1000)
            ),
            (Kind::Stop, "Stop", "~/bin/notify-done", Some(600_000)),
        ]
    );
    let h = &d.batch.hooks;
    assert_eq!(
        h[0].matcher,
        Matcher::Exact {
            names: vec!["Bash".into(), "Edit".into()]
        }
    );
    assert_eq!(
        h[1].matcher,
        Matcher::Regex {
            dialect: Dialect::Rust,
            pattern: "mcp__.*".into()
        }
    );
    assert_eq!(h[6].matcher, Matcher::Any);
    assert_eq!(
        h[0].handler,
        Handler::Command {
            command: "./guard.sh".into(),
            exec: Exec::LoginShell
        }
    );
    let Detail::JsonGroup {
        group,
        index,
        raw_matcher,
        timeout_explicit,
        status_message,
        gjc_managed,
        ..
    } = &h[0].detail
    else {
        panic!()
    };
    assert_eq!(
        (*group, *index, raw_matcher.as_deref()),
        (0, 0, Some("Bash|Edit"))
    );
    assert!(*timeout_explicit && !*gjc_managed);
    assert_eq!(status_message.as_deref(), Some("Checking"));
    assert!(matches!(
        h[4].detail,
        Detail::JsonGroup {
            gjc_managed: true,
            ..
        }
    ));
    // Locations are the handler objects, line and column.
    let l = &h[0].location;
    assert_eq!(
        (l.path.as_str(), l.line, l.column),
        (".codex/hooks.json", Some(7), Some(11))
    );
    assert_eq!(h[7].location.path, "~/.codex/hooks.json");
    insta::assert_json_snapshot!("codex_json_valid", t.redacted(&d));
}

#[test]
fn invalid_file_reports_what_codex_silently_ignores() {
    let t = Tree::fixture("codex-json", "invalid");
    t.trust_codex();
    let d = t.discover(CX);
    insta::assert_json_snapshot!("codex_json_invalid", t.redacted(&d));
    let at = |code: Code| {
        let d = d
            .batch
            .diagnostics
            .iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("{code}"));
        let l = d.location.as_ref().unwrap();
        (l.line.unwrap(), l.column.unwrap())
    };
    assert_eq!(at(Code::MissingHooksWrapper), (2, 3));
    assert_eq!(at(Code::UnknownEvent), (6, 5));
    assert_eq!(at(Code::InvalidMatcherRegex), (10, 20));
    assert_eq!(at(Code::InvalidCommand), (12, 41));
    // Codex 0.171.0 runs a `timeout: 0` hook with 1 s (`hooks/list` reports `timeoutSec: 1`).
    assert_eq!(at(Code::TimeoutClamped), (13, 65));
    assert_eq!(at(Code::UnsupportedHandlerType), (14, 19));
    assert_eq!(at(Code::GjcManagedEvent), (15, 41));
    assert_eq!(at(Code::IgnoredKey), (16, 52));
    assert_eq!(at(Code::MatcherHasNoEffect), (20, 20));
    assert_eq!(at(Code::UnsupportedConventionEvent), (22, 5));
    let unknown = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::UnknownEvent)
        .unwrap();
    assert_eq!(unknown.help.as_deref(), Some("did you mean `PreToolUse`?"));
    let typo = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::IgnoredKey)
        .unwrap();
    assert_eq!(typo.help.as_deref(), Some("did you mean `timeout`?"));
    // What runs: nothing. Its top-level `PreToolUse` alone fails the whole file in Codex
    // 0.171.0 ("unknown field", `hooks_file_rejected`; fixtures/codex-hooks-shapes), and so
    // would the handler without `command`; the findings above are what to fix. Without them
    // the zero-timeout hook (with 1 s), the managed command, ./ok.sh and the Stop hook would run.
    assert!(d.batch.hooks.is_empty(), "{:?}", d.batch.hooks);
    // One root cause, one error (issue 25): the rejection at (2, 3) is said in the error about
    // the top-level `PreToolUse` there.
    assert!(!codes(&d).contains(&Code::HooksFileRejected));
    let wrapper = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::MissingHooksWrapper)
        .unwrap();
    assert!(
        wrapper.message.contains("skips the whole file"),
        "{}",
        wrapper.message
    );
}

#[test]
fn syntax_errors_point_at_the_position() {
    let t = Tree::fixture("codex-json", "parse-error");
    let d = t.discover(CX);
    assert_eq!(codes(&d), [Code::ParseError]);
    let l = d.batch.diagnostics[0].location.as_ref().unwrap();
    assert_eq!((l.line, l.column), (Some(3), Some(15)));
    assert!(d.batch.hooks.is_empty());
}

#[test]
fn clean_tree_and_explicit_file() {
    let t = Tree::fixture("codex-json", "clean");
    let d = t.discover(CX);
    assert!(d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty());
    let f = t.write(
        "elsewhere/my-hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}"#,
    );
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(d.batch.hooks.len(), 1);
}

#[test]
fn wrong_types_and_adversarial_files_are_diagnostics() {
    let t = Tree::empty();
    let cases: &[(&str, Code)] = &[
        ("[]", Code::WrongValueType),
        (r#"{"hooks": []}"#, Code::WrongValueType),
        (r#"{"hooks": {"Stop": {}}}"#, Code::WrongValueType),
        (r#"{"hooks": {"Stop": [1]}}"#, Code::WrongValueType),
        (
            r#"{"hooks": {"Stop": [{"matcher": 3, "hooks": []}]}}"#,
            Code::WrongValueType,
        ),
        (r#"{"hooks": {"Stop": [{}]}}"#, Code::WrongValueType),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"command": "x"}]}]}}"#,
            Code::WrongValueType,
        ),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "http", "url": "x"}]}]}}"#,
            Code::WrongValueType,
        ),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "5"}]}]}}"#,
            Code::WrongValueType,
        ),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 1.5}]}]}}"#,
            Code::InvalidTimeout,
        ),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": -3}]}]}}"#,
            Code::InvalidTimeout,
        ),
        (
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}}"#,
            Code::InvalidCommand,
        ),
        ("", Code::ParseError),
        ("{\"hooks\": {}} // trailing comment", Code::ParseError),
    ];
    for (text, code) in cases {
        let f = t.write("project/.codex/hooks.json", text);
        let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
        // Where serde refuses the value, `hooks_file_rejected` says the whole file is lost.
        let got = codes(&d);
        assert_eq!(got.first(), Some(code), "{text}");
        assert!(
            got[1..].iter().all(|c| *c == Code::HooksFileRejected),
            "{text}: {got:?}"
        );
        assert!(d.batch.hooks.is_empty(), "{text}");
    }
    let f = t.write("project/.codex/hooks.json", b"{\"hooks\": \xff}");
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(codes(&d), [Code::ParseError]);
    let deep = format!("{{\"hooks\": {}", "[".repeat(100_000));
    let f = t.write("project/.codex/hooks.json", deep);
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(codes(&d), [Code::ParseError]);
    let f = t.dir.path().join("project/.codex/hooks.json");
    std::fs::File::create(&f)
        .unwrap()
        .set_len(adapters::codex_json::discover::MAX_JSON_BYTES + 1)
        .unwrap();
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(codes(&d), [Code::InvalidSource]);
}

#[test]
fn a_huge_timeout_saturates_instead_of_overflowing() {
    let t = Tree::empty();
    let f = t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 18446744073709551615}]}]}}"#,
    );
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(d.batch.hooks[0].timeout_ms, Some(u64::MAX));
}

#[test]
fn project_that_is_the_home_dir_is_read_once() {
    let t = Tree::fixture("codex-json", "valid");
    t.trust_codex();
    let mut ctx = t.ctx();
    ctx.home = ctx.project.clone();
    // Codex's config is now the project's `.codex/config.toml`.
    std::fs::copy(
        t.home().join(".codex/config.toml"),
        t.project().join(".codex/config.toml"),
    )
    .unwrap();
    let d = hooks_rules::discover_only(&ctx, CX);
    assert_eq!(d.batch.hooks.len(), 7);
    assert!(d.batch.diagnostics.is_empty());
}

#[test]
fn an_identical_command_in_two_groups_is_kept_twice_as_codex_runs_it_twice() {
    // Codex 0.171.0 runs an identical command in two groups twice (issue 11, item 3): both
    // copies stay in the IR, and duplicate_hook says it runs twice instead of "ignored".
    let t = Tree::empty();
    let f = t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./n.sh"}]}, {"hooks": [{"type": "command", "command": "./n.sh"}]}]}}"#,
    );
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert_eq!(d.batch.hooks.len(), 2);
    let dup = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::DuplicateHook)
        .unwrap();
    assert!(
        dup.message
            .ends_with("codex-json runs it again, once per copy"),
        "{}",
        dup.message
    );
}

#[test]
fn one_value_serde_refuses_loses_the_whole_file() {
    // Codex 0.171.0 parses hooks.json with serde and skips the file on the first error
    // (conformance: `schema_*`, `syntax_duplicate_event`): the valid Stop hook is lost too.
    let t = Tree::empty();
    let good = r#""Stop": [{"hooks": [{"type": "command", "command": "echo ok"}]}]"#;
    for (defect, rejected) in [
        (
            r#""PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 1.5}]}]"#,
            true,
        ),
        (
            r#""PreToolUse": [{"hooks": [{"type": "command", "command": "a", "command": "b"}]}]"#,
            true,
        ),
        (r#""PreToolUse": [], "PreToolUse": []"#, true),
        (r#""PreToolUse": [{"matcher": null, "hooks": []}]"#, false),
        (r#""PreToolUse": [{"matcher": "Bash"}]"#, false),
        (r#""Whatever": [{"hooks": [{"timeout": "x"}]}]"#, false),
        (
            r#""PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 0}]}]"#,
            false,
        ),
    ] {
        let text = format!("{{\"hooks\": {{{defect}, {good}}}}}");
        let f = t.write("project/.codex/hooks.json", &text);
        let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
        let stop = d.batch.hooks.iter().any(|h| h.source_event == "Stop");
        assert_eq!(stop, !rejected, "{text}: {:?}", d.batch.diagnostics);
        assert_eq!(
            codes(&d).contains(&Code::HooksFileRejected),
            rejected,
            "{text}: {:?}",
            d.batch.diagnostics
        );
    }
}
