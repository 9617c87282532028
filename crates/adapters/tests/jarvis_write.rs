//! The Jarvis writer: format-preserving, idempotent, conflict-aware, round-tripping.

mod toml_common;

use adapters::write::{apply, WriteOptions};
use hook_ir::{Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher};
use toml_common::*;

const JV: Convention = Convention::Jarvis;

fn hook(event: &str, kind: Kind, matcher: Matcher, cmd: &str, timeout_ms: Option<u64>) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("test:{event}:{cmd}"),
        kind,
        convention: JV,
        source_event: event.into(),
        matcher,
        handler: Handler::Command {
            command: cmd.into(),
            exec: Exec::Shell,
        },
        timeout_ms,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("test"),
        detail: Detail::None,
    }
}

fn rx(p: &str) -> Matcher {
    Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: p.into(),
    }
}

const USER_FILE: &str = "\
# Jarvis settings
default_model = \"kimi\" # keep me

[[hooks]]
# my guard
event = \"PreToolUse\"
matcher = \"Bash\"
command = \"./guard.sh\"
timeout = 10

[ui]
theme = \"light\"
";

#[test]
fn appends_entries_keeping_comments_and_tables_and_is_idempotent() {
    let home = tempfile::tempdir().unwrap();
    let path = write(home.path(), ".jarvis-code/config.toml", USER_FILE);
    let c = ctx(home.path(), &[], false);
    let hooks = [
        hook(
            "PreToolUse",
            Kind::PreToolUse,
            rx("Bash"),
            "./guard.sh",
            Some(10_000),
        ),
        hook("Stop", Kind::Stop, Matcher::Any, "./check.sh", Some(30_000)),
        hook(
            "PostToolUse",
            Kind::PostToolUse,
            rx("Edit|Write"),
            "./fmt.sh",
            Some(45_000),
        ),
    ];
    let plan = adapters::plan_write(&c, JV, &hooks, &WriteOptions::default());
    assert_eq!(plan.diagnostics, vec![]);
    let after = &plan.changes[0].after;
    insta::assert_snapshot!(after);
    for kept in [
        "# Jarvis settings",
        "# keep me",
        "# my guard",
        "[ui]",
        "theme = \"light\"",
    ] {
        assert!(after.contains(kept), "{kept} lost:\n{after}");
    }
    assert_eq!(after.matches("[[hooks]]").count(), 3);
    apply(&plan).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), *after);
    let again = adapters::plan_write(&c, JV, &hooks, &WriteOptions::default());
    assert!(again.changes.iter().all(|ch| ch.is_noop()));
}

#[test]
fn a_different_timeout_for_the_same_entry_is_a_conflict_unless_forced() {
    let home = tempfile::tempdir().unwrap();
    write(home.path(), ".jarvis-code/config.toml", USER_FILE);
    let c = ctx(home.path(), &[], false);
    let hooks = [hook(
        "PreToolUse",
        Kind::PreToolUse,
        rx("Bash"),
        "./guard.sh",
        Some(20_000),
    )];
    let plan = adapters::plan_write(&c, JV, &hooks, &WriteOptions::default());
    assert!(plan.changes.is_empty());
    assert_eq!(plan.diagnostics[0].code.as_str(), "import_conflict");
    let forced = adapters::plan_write(
        &c,
        JV,
        &hooks,
        &WriteOptions {
            force: true,
            target: None,
            base: None,
        },
    );
    let after = &forced.changes[0].after;
    assert!(after.contains("timeout = 20"), "{after}");
    // With --force the overwrite is a warning, not an error: an error would hold the plan
    // back (import e2e: `--force` wrote nothing because the conflict stayed an error).
    assert_eq!(
        forced
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect::<Vec<_>>(),
        ["forced_overwrite"]
    );
    assert!(after.contains("# my guard"));
    assert_eq!(after.matches("[[hooks]]").count(), 1);
}

#[test]
fn writes_into_an_inline_array_and_creates_a_new_file() {
    let home = tempfile::tempdir().unwrap();
    write(
        home.path(),
        ".jarvis-code/config.toml",
        "hooks = [ { event = \"Stop\", command = \"a\" } ]\n",
    );
    let c = ctx(home.path(), &[], false);
    let plan = adapters::plan_write(
        &c,
        JV,
        &[hook("Stop", Kind::Stop, Matcher::Any, "b", None)],
        &WriteOptions::default(),
    );
    let after = &plan.changes[0].after;
    assert!(after.contains("command = \"a\""));
    assert!(after.contains("command = \"b\""), "{after}");
    let fresh = tempfile::tempdir().unwrap();
    let c = ctx(fresh.path(), &[], false);
    let plan = adapters::plan_write(
        &c,
        JV,
        &[hook("Stop", Kind::Stop, Matcher::Any, "b", Some(5000))],
        &WriteOptions::default(),
    );
    assert_eq!(
        plan.changes[0].after,
        "[[hooks]]\nevent = \"Stop\"\ncommand = \"b\"\ntimeout = 5\n"
    );
}

#[test]
fn round_trip_lower_write_lower_keeps_kind_event_matcher_handler_timeout() {
    let src_home = fixtures().join("jarvis/clean/home");
    let first = hooks_rules::discover_only(&ctx(&src_home, &[], false), &[JV])
        .batch
        .hooks;
    assert_eq!(first.len(), 6);
    let home = tempfile::tempdir().unwrap();
    let c = ctx(home.path(), &[], false);
    let plan = adapters::plan_write(&c, JV, &first, &WriteOptions::default());
    assert_eq!(plan.diagnostics, vec![]);
    apply(&plan).unwrap();
    let second = hooks_rules::discover_only(&c, &[JV]);
    assert_eq!(second.batch.diagnostics, vec![]);
    let key = |h: &Hook| {
        (
            h.kind,
            h.source_event.clone(),
            h.matcher.clone(),
            h.handler.clone(),
            h.timeout_ms,
        )
    };
    assert_eq!(
        first.iter().map(key).collect::<Vec<_>>(),
        second.batch.hooks.iter().map(key).collect::<Vec<_>>()
    );
}
