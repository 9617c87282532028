//! `explain`, `schema`, `completions` and top-level usage through the real binary.

mod common;
use common::Tree;

#[test]
fn explain_a_code_and_a_typo() {
    let t = Tree::new();
    insta::assert_snapshot!(
        "explain_duplicate_hook",
        t.run(&["explain", "duplicate_hook"]).shown
    );
    let typo = t.run(&["explain", "duplicate_hooks"]);
    assert_eq!(typo.code, 2);
    insta::assert_snapshot!("explain_typo", typo.shown);
}

#[test]
fn explain_list_names_every_code_once() {
    let t = Tree::new();
    let r = t.run(&["explain", "--list"]);
    assert_eq!(r.code, 0);
    for code in [
        "duplicate_hook",
        "semantic_mismatch",
        "lossy_conversion",
        "matcher_not_portable",
        "import_conflict",
    ] {
        assert_eq!(
            r.stdout
                .lines()
                .filter(|l| l.split_whitespace().next() == Some(code))
                .count(),
            1,
            "{code}"
        );
    }
}

#[test]
fn schema_ir_is_a_json_schema_and_unknown_schemas_fail() {
    let t = Tree::new();
    let r = t.run(&["schema", "ir"]);
    assert_eq!(r.code, 0);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["title"], "Batch");
    let bad = t.run(&["schema", "nope"]);
    assert_eq!(bad.code, 2);
    insta::assert_snapshot!("schema_unknown", bad.shown);
}

#[test]
fn completions_for_every_shell() {
    let t = Tree::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let r = t.run(&["completions", shell]);
        assert_eq!(r.code, 0, "{}", r.shown);
        for sub in ["lint", "import", "explain", "completions"] {
            assert!(r.stdout.contains(sub), "{shell} lacks {sub}");
        }
    }
    let bash = t.run(&["completions", "bash"]);
    assert!(bash.stdout.contains("--deny-warnings") && bash.stdout.contains("--dry-run"));
    let bad = t.run(&["completions", "tcsh"]);
    assert_eq!(bad.code, 2);
    insta::assert_snapshot!("completions_unknown_shell", bad.shown);
}

#[test]
fn usage_without_a_command() {
    let t = Tree::new();
    let r = t.run(&[]);
    assert_eq!(r.code, 2);
    // Not a snapshot: the command list grows as commands are added.
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("Usage: hooks <COMMAND>"), "{}", r.shown);
    for c in ["lint", "list", "import", "explain", "schema", "completions"] {
        assert!(r.stderr.contains(&format!("\n  {c} ")), "{c}: {}", r.shown);
    }
}
