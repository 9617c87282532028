//! The import report, rendered from a plan as the converter and a writer make it.

use super::report::{action, diff, human, json, summary_line};
use super::*;
use adapters::write::FileChange;

fn change(before: Option<&str>, after: &str) -> FileChange {
    FileChange {
        path: PathBuf::from("/p/f.toml"),
        display: "f.toml".into(),
        before: before.map(Into::into),
        after: after.into(),
        mode: None,
    }
}

/// 2 Jarvis hooks into jcode: one moves, one is left out.
fn report(dry_run: bool) -> Report {
    use hook_ir::{Exec, Handler, Kind, Location, Matcher};
    let jarvis = |command: &str, matcher: Matcher| hook_ir::Hook {
        plugin_root: None,
        source_file: None,
        id: format!("jarvis:{command}"),
        kind: Kind::PreToolUse,
        convention: Convention::Jarvis,
        source_event: "PreToolUse".into(),
        matcher,
        handler: Handler::Command {
            command: command.into(),
            exec: Exec::Shell,
        },
        timeout_ms: Some(30_000),
        scope: hook_ir::Scope::default(),
        location: Location {
            path: "~/.jarvis-code/config.toml".into(),
            line: Some(2),
            column: Some(1),
            span: None,
        },
        detail: hook_ir::Detail::None,
    };
    let hooks = [
        jarvis(
            "./guard.sh | tee log",
            Matcher::Exact {
                names: vec!["Bash".into()],
            },
        ),
        jarvis(
            "./nb.sh",
            Matcher::Regex {
                dialect: hook_ir::Dialect::Ecmascript,
                pattern: "^[A-Z]zz$".into(),
            },
        ),
    ];
    let conversion = convert::convert(&hooks, Convention::Jcode);
    let plan = Plan {
        changes: vec![FileChange {
            path: PathBuf::from("/h/.jcode/config.toml"),
            display: "~/.jcode/config.toml".into(),
            before: Some("[hooks]\n# mine\nturn_end = \"notify\"\n".into()),
            after: "[hooks]\n# mine\nturn_end = \"notify\"\npre_tool = \"sh -c ...\"\npre_tool_timeout_ms = 30000\n".into(),
            mode: None,
        }],
        diagnostics: vec![],
    };
    let mut left_out = BTreeMap::new();
    for (_, c) in &conversion.left_out {
        *left_out.entry(*c).or_default() += 1;
    }
    Report {
        from: Convention::Jarvis,
        targets: vec![TargetReport {
            to: Convention::Jcode,
            moved: 1,
            hooks: conversion.hooks,
            left_out,
            carried: 0,
            updated: 0,
            removed: 0,
        }],
        dry_run,
        read: 2,
        outside_scope: 0,
        plan,
        diagnostics: conversion.diagnostics,
        written: if dry_run {
            vec![]
        } else {
            vec!["~/.jcode/config.toml".into()]
        },
        held_back: false,
        removals: Vec::new(),
    }
}

#[test]
fn dry_run_prints_files_diffs_diagnostics_and_a_summary() {
    insta::assert_snapshot!(human(&report(true), &Discovered::default(), false));
}

#[test]
fn the_summary_says_read_moved_and_left_out_by_reason() {
    let out = human(&report(false), &Discovered::default(), false);
    assert!(out.contains("\nchanged ~/.jcode/config.toml\n\n"), "{out}");
    assert!(!out.contains("@@"), "{out}");
    assert!(
        out.ends_with("done: 2 hooks read from `jarvis`; to `jcode`: 1 moved, 1 left out (1 matcher_not_portable); 0 files created, 1 file changed; 1 error, 1 warning, 2 notes.\n"),
        "{out}"
    );
    let mut r = report(true);
    r.held_back = true;
    assert!(
        summary_line(&r).starts_with("nothing written: the plan has errors (see above): 2 hooks read from `jarvis`; to `jcode`: 1 would move"),
        "{}",
        summary_line(&r)
    );
}

#[test]
fn the_json_plan() {
    let doc: serde_json::Value = serde_json::from_str(&json(&report(true))).unwrap();
    insta::assert_json_snapshot!(doc);
}

/// A created file's diff is written without `similar`'s line table, and is the same text.
#[test]
fn a_created_files_diff_is_similars() {
    for after in [
        "x\n",
        "a\nb\n",
        "{\n  \"a\": 1\n}\n",
        "a\r\nb\r\n",
        "\n\n",
        "é\n\n x\n",
    ] {
        for before in [None, Some("")] {
            let c = change(before, after);
            let old = if before.is_some() {
                "a/f.toml"
            } else {
                "/dev/null"
            };
            let similar = similar::TextDiff::from_lines("", after)
                .unified_diff()
                .context_radius(3)
                .header(old, "b/f.toml")
                .to_string();
            assert_eq!(diff(&c), similar, "{after:?} {before:?}");
        }
    }
}

#[test]
fn diffs_are_unified_and_empty_for_no_ops() {
    insta::assert_snapshot!(diff(&change(
        Some("a = 1\n# keep\nb = 2\n"),
        "a = 1\n# keep\nb = 3\n"
    )));
    assert!(diff(&change(None, "x\n")).starts_with("--- /dev/null\n+++ b/f.toml\n"));
    assert_eq!(diff(&change(Some("x\n"), "x\n")), "");
    assert_eq!(action(&change(Some("x\n"), "x\n")), "unchanged");
}
