//! `explain`, `schema`, `completions` and top-level usage through the real binary.

use crate::common;
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

/// Issue 13, "Friction": completions and `--help` know the conventions, kinds and codes.
#[test]
fn completions_and_help_list_conventions_kinds_and_codes() {
    let t = Tree::new();
    let conventions = hook_ir::Convention::ALL.map(|c| c.as_str());
    let kinds = hook_ir::Kind::ALL.map(|k| k.as_str());
    let codes: Vec<&str> = hook_ir::Code::ALL.iter().map(|c| c.as_str()).collect();
    for shell in ["bash", "zsh", "fish"] {
        let r = t.run(&["completions", shell]);
        // clap_complete's fish script completes options' values only, not positionals'.
        let positional: &[&str] = if shell == "fish" { &[] } else { &codes };
        let kinds: &[&str] = if shell == "fish" { &[] } else { &kinds };
        for name in conventions.iter().chain(kinds).chain(positional) {
            assert!(r.stdout.contains(name), "{shell} completions lack {name}");
        }
    }
    for (args, names) in [
        (&["lint", "--help"][..], &conventions[..]),
        (&["import", "--help"][..], &conventions[..]),
        (&["run", "--help"][..], &kinds[..]),
        (&["explain", "--help"][..], &codes[..]),
    ] {
        let r = t.run(args);
        assert_eq!(r.code, 0, "{}", r.shown);
        for name in names {
            assert!(r.stdout.contains(name), "{args:?} lacks {name}");
        }
    }
    // A typo gets clap's suggestion; an escape sequence in it is shown, not sent.
    let r = t.run(&["lint", ".", "--convention", "claude-setings"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("a similar value exists: 'claude-settings'"),
        "{}",
        r.shown
    );
}

/// `--select`/`--extend-select`/`--ignore` take codes: `hooks lint --help` lists them once, after
/// the options (wrapped, every code that can be selected and `all`), `-h` stays short and says
/// where they are, as ruff's `--select` points at `ruff rule`.
#[test]
fn lint_help_lists_the_selectable_codes_once_and_short_help_says_where() {
    let t = Tree::new();
    let selectable: Vec<&str> = std::iter::once("all")
        .chain(
            hook_ir::Code::ALL
                .iter()
                .filter(|c| **c != hook_ir::Code::InvalidLintConfig)
                .map(|c| c.as_str()),
        )
        .collect();
    for command in ["lint", "list"] {
        let long = t.run(&[command, "--help"]);
        assert_eq!(long.code, 0, "{}", long.shown);
        let (_, list) = long
            .stdout
            .split_once("Codes for --select, --extend-select and --ignore")
            .unwrap_or_else(|| panic!("{command} --help lists no codes:\n{}", long.stdout));
        let listed: Vec<&str> = list
            .split_once("):\n")
            .unwrap()
            .1
            .split([',', '\n', ' '])
            .filter(|w| !w.is_empty())
            .collect();
        assert_eq!(listed, selectable, "{command} --help");
        assert!(
            list.lines().all(|l| l.chars().count() <= 100),
            "{command} --help: lines wrapped at 100 columns:\n{list}"
        );
        let short = t.run(&[command, "-h"]);
        assert_eq!(short.code, 0, "{}", short.shown);
        assert!(
            !short.stdout.contains("duplicate_hook")
                && short
                    .stdout
                    .contains("`--help` lists them, `hooks explain CODE` explains one"),
            "{command} -h:\n{}",
            short.stdout
        );
    }
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

/// Issue 13, "Friction": `hooks list` (human) shows each hook's matcher and timeout.
#[test]
fn list_shows_matcher_and_timeout() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "true", "timeout": 30}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}"#,
    );
    let r = t.run(&[
        "list", ".", "--home", "../home", "--no-env", "--format", "human",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let pre = r
        .stdout
        .lines()
        .find(|l| l.starts_with("pre_tool_use"))
        .unwrap();
    assert!(
        pre.contains(" Bash|Edit ") && pre.contains(" 30s "),
        "{pre}"
    );
    let stop = r.stdout.lines().find(|l| l.starts_with("stop")).unwrap();
    assert!(stop.contains(" * "), "{stop}");
}
