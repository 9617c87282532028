//! The foundation's command-line contract (issue 2): `explain`, `schema ir|CONV`, `--version`, and
//! `lint`/`list` JSON over an empty tree. Runs the real binary.

use crate::common;
use std::process::Output;

fn hooks(args: &[&str]) -> Output {
    common::bin()
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run hooks")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn explain_prints_the_explanation_and_exits_0() {
    let o = hooks(&["explain", "duplicate_hook"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("# duplicate_hook (warning)"), "{out}");
    for section in [
        "## What it means",
        "## Why it matters",
        "## Example",
        "## How to fix",
    ] {
        assert!(out.contains(section), "{section} missing:\n{out}");
    }
}

#[test]
fn explain_unknown_code_exits_2_with_a_clear_message() {
    let o = hooks(&["explain", "no_such_code"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unknown diagnostic code `no_such_code`"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
    let near = hooks(&["explain", "duplicate_hooks"]);
    assert!(String::from_utf8_lossy(&near.stderr).contains("did you mean `duplicate_hook`?"));
}

#[test]
fn explain_list_lists_every_code() {
    let o = hooks(&["explain", "--list"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), hook_ir::Code::ALL.len());
    for c in hook_ir::Code::ALL {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(c.as_str()))
            .unwrap_or_else(|| panic!("{c} not listed"));
        assert!(line.contains(c.severity().as_str()) && line.contains(c.summary()));
    }
}

#[test]
fn schema_ir_is_a_json_schema_of_the_batch() {
    let o = hooks(&["schema", "ir"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert!(v["$schema"].as_str().unwrap().contains("json-schema.org"));
    assert_eq!(v["title"], "Batch");
    assert!(v["properties"]["hooks"].is_object());
    assert!(v["definitions"]["Kind"].is_object());
}

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn toml_as_json(rel: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(repo().join(rel)).expect("fixture");
    toml::from_str(&text).expect("fixture parses")
}

#[test]
fn schema_jarvis_validates_a_real_config_and_rejects_what_jarvis_rejects() {
    let o = hooks(&["schema", "jarvis"]);
    assert_eq!(o.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(schema["title"], "Jarvis Code config.toml (hooks)");
    let v = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .build(&schema)
        .expect("a valid schema");
    assert!(v.is_valid(&toml_as_json("fixtures/jarvis/valid/all_kinds.toml")));
    for bad in [
        "fixtures/jarvis/invalid/unknown_field.toml",
        "fixtures/jarvis/invalid/invalid_timeout.toml",
    ] {
        assert!(!v.is_valid(&toml_as_json(bad)), "{bad} accepted");
    }
}

#[test]
fn schema_conv_prints_the_checked_in_docs_schema_for_every_file_convention() {
    for conv in [
        "jcode",
        "jarvis",
        "codex-json",
        "gjc-plugin",
        "claude-settings",
    ] {
        let o = hooks(&["schema", conv]);
        assert_eq!(o.status.code(), Some(0), "{conv}");
        let docs = std::fs::read_to_string(repo().join(format!("docs/schema/{conv}.json")))
            .expect("checked-in schema");
        assert_eq!(stdout(&o), docs, "{conv}");
    }
}

#[test]
fn schema_of_a_directory_convention_exits_2_and_names_its_page() {
    for conv in ["gjc", "claude-dir", "codex-dir"] {
        let o = hooks(&["schema", conv]);
        assert_eq!(o.status.code(), Some(2), "{conv}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("no config file format"), "{err}");
        let page = format!("docs/conventions/{conv}.md");
        assert!(err.contains(&page), "{err}");
        assert!(repo().join(&page).is_file(), "{page} missing");
    }
}

#[test]
fn schema_of_an_unknown_name_exits_2_listing_the_valid_names() {
    let o = hooks(&["schema", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "no schema named `nope`; available: ir, jcode, jarvis, codex-json, gjc-plugin, claude-settings"
        ),
        "{err}"
    );
}

#[test]
fn schema_help_names_every_schema() {
    let o = hooks(&["schema", "--help"]);
    let out = stdout(&o);
    for name in [
        "ir",
        "jcode",
        "jarvis",
        "codex-json",
        "claude-settings",
        "gjc-plugin",
    ] {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
}

#[test]
fn version_prints_the_crate_version() {
    let o = hooks(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o).trim(),
        format!("hooks {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn lint_of_an_empty_tree_is_schema_version_1_and_exits_0() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let o = hooks(&[
        "lint",
        project.path().to_str().unwrap(),
        "--home",
        home.path().to_str().unwrap(),
        "--no-env",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"schema_version": 1, "hooks": [], "diagnostics": [],
            "summary": {"hooks": 0, "errors": 0, "warnings": 0, "infos": 0}})
    );
}

#[test]
fn a_missing_path_is_a_usage_failure_exit_2() {
    let o = hooks(&["lint", "/definitely/not/here", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no such file or directory"));
}
