//! `hooks lint` through the real binary: every format on an empty tree, exit codes, usage errors.
//! (The renderers' output on real findings is snapshotted in the renderers' unit tests on
//! hand-built batches; the adapters fill a tree with findings once they land.)

use crate::common;
use common::Tree;

#[test]
fn every_format_on_an_empty_tree() {
    let t = Tree::new();
    for format in ["human", "json", "sarif", "github"] {
        let r = t.run(&[
            "lint", ".", "--home", "../home", "--no-env", "--format", format,
        ]);
        assert_eq!(r.code, 0, "{}", r.shown);
        // The SARIF driver version changes with every release and the rules with every new
        // code (they are pinned by the renderer's tests); the rest is pinned here.
        let mut shown = r.shown.clone();
        if format == "sarif" {
            let mut doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
            doc["runs"][0]["tool"]["driver"]["rules"] = "[REGISTRY]".into();
            doc["runs"][0]["tool"]["driver"]["version"] = "[VERSION]".into();
            let pretty = serde_json::to_string_pretty(&doc).unwrap();
            shown = shown.replace(&r.stdout, &format!("{pretty}\n"));
        }
        let shown = shown.replace(env!("CARGO_PKG_VERSION"), "[VERSION]");
        insta::assert_snapshot!(format!("lint_empty_{format}"), shown);
    }
}

#[test]
fn sarif_of_an_empty_tree_lists_every_rule() {
    let t = Tree::new();
    let r = t.run(&["lint", "--no-env", "--format", "sarif"]);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), hook_ir_codes_count(&t));
    assert_eq!(doc["runs"][0]["results"], serde_json::json!([]));
}

/// The number of codes, as `hooks explain --list` prints them.
fn hook_ir_codes_count(t: &Tree) -> usize {
    t.run(&["explain", "--list"]).stdout.lines().count()
}

#[test]
fn the_default_format_off_a_terminal_is_json() {
    let t = Tree::new();
    let r = t.run(&["lint", "--no-env"]);
    assert!(
        r.stdout.starts_with("{\n  \"schema_version\": 1"),
        "{}",
        r.shown
    );
}

#[test]
fn usage_errors_exit_2() {
    let t = Tree::new();
    for (name, args) in [
        ("lint_missing_path", vec!["lint", "does-not-exist"]),
        ("lint_bad_format", vec!["lint", "--format", "xml"]),
        (
            "lint_bad_convention",
            vec!["lint", "x.toml", "--convention", "nope"],
        ),
    ] {
        if name == "lint_bad_convention" {
            t.write("project/x.toml", "");
        }
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{}", r.shown);
        insta::assert_snapshot!(name, r.shown);
    }
}

/// README's first command must stay true: it runs, reads the demo, and ends with the summary.
/// Issue 13, "Friction": a green run says where it looked, and a PATH with no hook file is
/// said so on stderr (exit 0, as ruff does for no files) — with the project to lint instead
/// when the PATH is an agent's folder.
#[test]
fn lint_says_where_it_looked_and_when_a_path_holds_nothing() {
    let t = Tree::new();
    t.write(
        "project/.claude/settings.json",
        "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}]}}\n",
    );
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--format", "human",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(
        r.stdout,
        "No problems found in 1 file (.claude/settings.json); 1 accepted hook.\n"
    );
    assert_eq!(r.stderr, "");
    for format in ["human", "json"] {
        let r = t.run(&[
            "lint", ".claude", "--home", "../home", "--no-env", "--format", format,
        ]);
        assert_eq!(r.code, 0, "{}", r.shown);
        assert_eq!(
            r.stderr,
            "warning: no hook files found under `.claude`; nothing there was linted\n  \
             help: `.claude` is an agent's folder; lint the project that holds it: `hooks lint .`\n",
        );
    }
}

#[test]
fn readme_first_command_runs_on_the_demo() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("cargo run -q -p hooks-cli -- lint "))
        .expect("README's lint command");
    let args: Vec<&str> = line
        .split_once(" -- ")
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    assert!(args.contains(&"examples/demo"), "{line}");
    let out = common::bin()
        .args(&args)
        .current_dir(&repo)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // The summary, then (when something is fixable) ruff's line about fixes.
    let mut lines = stdout.lines().rev();
    let mut last = lines.next().unwrap_or("");
    if last.starts_with("[*] ") || last.starts_with("No fixes available") {
        last = lines.next().unwrap_or("");
    }
    assert!(
        last.starts_with("Found ") || last.starts_with("No problems found"),
        "{stdout}"
    );
}

/// A file whose convention cannot be told is a finding (`invalid_source`), through every format:
/// the binary-level snapshot of a real diagnostic, exit 1.
#[test]
fn every_format_on_an_undetectable_file() {
    let t = Tree::new();
    t.write("project/notes.txt", "pre_tool = \"x\"\n");
    for format in ["human", "json", "sarif", "github"] {
        let r = t.run(&["lint", "notes.txt", "--no-env", "--format", format]);
        assert_eq!(r.code, 1, "{}", r.shown);
        let mut shown = r.shown.clone();
        if format == "sarif" {
            let mut doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
            doc["runs"][0]["tool"]["driver"]["rules"] = "[REGISTRY]".into();
            doc["runs"][0]["tool"]["driver"]["version"] = "[VERSION]".into();
            doc["runs"][0]["results"][0]["ruleIndex"] = "[INDEX]".into();
            let pretty = serde_json::to_string_pretty(&doc).unwrap();
            shown = shown.replace(&r.stdout, &format!("{pretty}\n"));
        }
        insta::assert_snapshot!(format!("lint_undetectable_{format}"), shown);
    }
}
