//! Claude and Codex hook directories: import-only sources.

mod common;

use common::{codes, Tree};
use hook_ir::{Code, Convention, Detail, Kind, Matcher};

#[test]
fn claude_dir_valid() {
    let t = Tree::fixture("claude-dir", "valid");
    let d = t.discover(&[Convention::ClaudeDir]);
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.as_str(),
                h.matcher.clone(),
                h.location.path.as_str(),
            )
        })
        .collect();
    let exact = |n: &str| Matcher::Exact {
        names: vec![n.into()],
    };
    assert_eq!(
        got,
        [
            (
                Kind::PreToolUse,
                "pre",
                exact("Edit"),
                ".claude/hooks/pre/Edit.ts"
            ),
            (
                Kind::PreToolUse,
                "pre",
                exact("bash"),
                ".claude/hooks/pre/bash.sh"
            ),
            (
                Kind::PostToolUse,
                "post",
                Matcher::Any,
                ".claude/hooks/post/*.js"
            ),
        ]
    );
    assert!(d.batch.hooks.iter().all(|h| h.timeout_ms.is_none()));
    let Detail::Module {
        in_process_event,
        tool,
        ..
    } = &d.batch.hooks[2].detail
    else {
        panic!()
    };
    assert_eq!(
        (in_process_event.as_str(), tool.as_deref()),
        ("tool_result", Some("*"))
    );
    // One info for the source, naming the import command.
    assert_eq!(codes(&d), [Code::ImportOnlySource]);
    let msg = &d.batch.diagnostics[0].message;
    assert!(
        msg.contains("hooks import --from claude-dir --to gjc"),
        "{msg}"
    );
    insta::assert_json_snapshot!("claude_dir_valid", t.redacted(&d));
}

#[test]
fn codex_dir_valid_and_invalid() {
    let t = Tree::fixture("codex-dir", "valid");
    let d = t.discover(&[Convention::CodexDir]);
    let kinds: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| (h.kind, h.matcher.clone()))
        .collect();
    assert_eq!(
        kinds,
        [
            (
                Kind::PostToolUse,
                Matcher::Exact {
                    names: vec!["Edit".into()]
                }
            ),
            (
                Kind::PreToolUse,
                Matcher::Exact {
                    names: vec!["bash".into()]
                }
            ),
        ]
    );
    assert!(d.batch.diagnostics[0]
        .message
        .contains("hooks import --from codex-dir --to gjc"));

    let t = Tree::fixture("codex-dir", "invalid");
    let d = t.discover(&[Convention::CodexDir]);
    assert!(d.batch.hooks.is_empty());
    insta::assert_json_snapshot!("codex_dir_invalid", t.redacted(&d));
    assert_eq!(
        codes(&d),
        [
            Code::SemanticMismatch,
            Code::InvalidToolMatcher,
            Code::SemanticMismatch,
            Code::ImportOnlySource
        ]
    );
    assert!(d.batch.diagnostics[0]
        .message
        .contains("must use the pre-<tool>.ts|js convention"));
}

#[test]
fn claude_dir_invalid() {
    let t = Tree::fixture("claude-dir", "invalid");
    let d = t.discover(&[Convention::ClaudeDir]);
    assert!(d.batch.hooks.is_empty());
    assert_eq!(
        codes(&d),
        [
            Code::InvalidToolMatcher,
            Code::InvalidSource,
            Code::ImportOnlySource
        ]
    );
}

#[test]
fn clean_trees_yield_nothing() {
    for (conv, c) in [
        ("claude-dir", Convention::ClaudeDir),
        ("codex-dir", Convention::CodexDir),
    ] {
        let t = Tree::fixture(conv, "clean");
        let d = t.discover(&[c]);
        assert!(
            d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty(),
            "{conv}: {:?}",
            d.batch
        );
    }
    // Home-level Claude/Codex dirs are not read (GJC's providers read the project only).
    let t = Tree::empty();
    t.write("home/.claude/hooks/pre/bash.sh", "#!/bin/sh\n");
    t.write("home/.codex/hooks/pre-bash.ts", "x\n");
    let d = t.discover(&[Convention::ClaudeDir, Convention::CodexDir]);
    assert!(d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty());
}
