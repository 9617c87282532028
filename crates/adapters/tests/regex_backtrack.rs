//! `regex_may_backtrack`: JavaScript-dialect matchers that nest unbounded quantifiers are
//! reported by the two conventions that use that dialect (Jarvis, Claude); Codex's Rust regexes
//! are linear-time and are not.

use adapters::Context;
use hook_ir::Code;
use hooks_rules::load_file;
use std::path::Path;

fn codes(path: &Path) -> Vec<Code> {
    let ctx = Context {
        project: path.parent().map(Path::to_path_buf),
        ..Context::default()
    };
    load_file(&ctx, path, None)
        .batch
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn jarvis_reports_a_nested_quantifier_and_keeps_the_hook() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("config.toml");
    std::fs::write(
        &p,
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"^(mcp__\\\\w+)+$\"\ncommand = \"./g.sh\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("g.sh"), "").unwrap();
    assert_eq!(codes(&p), [Code::RegexMayBacktrack]);
    let ctx = Context::default();
    assert_eq!(
        load_file(&ctx, &p, None).batch.hooks.len(),
        1,
        "a warning, not a rejection"
    );
}

#[test]
fn claude_reports_a_nested_quantifier() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("settings.json");
    std::fs::write(
        &p,
        r#"{"hooks": {"PreToolUse": [{"matcher": "(Bash+)*x", "hooks": [{"type": "command", "command": "true"}]}]}}"#,
    )
    .unwrap();
    assert!(
        codes(&p).contains(&Code::RegexMayBacktrack),
        "{:?}",
        codes(&p)
    );
}

#[test]
fn codex_rust_regexes_are_linear_and_not_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("hooks.json");
    std::fs::write(
        &p,
        r#"{"hooks": {"PreToolUse": [{"matcher": "(Bash+)*x", "hooks": [{"type": "command", "command": "true"}]}]}}"#,
    )
    .unwrap();
    assert!(
        !codes(&p).contains(&Code::RegexMayBacktrack),
        "{:?}",
        codes(&p)
    );
}
