//! The JSON Schemas (`hooks schema CONV`) and the linter's span-keeping readers are two
//! implementations of one contract: a file the schema rejects is one the linter reports as
//! dropped by the agent, and the other way round. Checked over every fixture and, for Jarvis,
//! over generated files.

mod toml_common;

use hook_ir::Convention;
use proptest::prelude::*;
use serde_json::Value;
use toml_common::*;

fn validator(c: Convention) -> jsonschema::Validator {
    let schema = adapters::schema(c).expect("a file convention");
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .build(&schema)
        .expect("the schema compiles")
}

fn toml_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

/// Whether the linter says Jarvis drops the file's `hooks` section.
fn jarvis_drops_section(path: &std::path::Path) -> bool {
    let found = load(
        Convention::Jarvis,
        &ctx(path.parent().unwrap(), &[], false),
        path,
    );
    found.batch.diagnostics.iter().any(|d| {
        d.message
            .contains("Jarvis rejects the whole `hooks` section")
    })
}

/// Whether the linter reports a type error that makes jcode drop its whole config.
fn jcode_type_error(path: &std::path::Path) -> bool {
    let found = load(
        Convention::Jcode,
        &ctx(path.parent().unwrap(), &[], false),
        path,
    );
    !with_code(&found, "wrong_value_type").is_empty()
}

/// Every fixture that is TOML: (path, its JSON).
fn toml_fixtures(conv: &str) -> Vec<(std::path::PathBuf, Value)> {
    toml_files(&fixtures().join(conv))
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let v = toml::from_str::<Value>(&text).ok()?;
            Some((p, v))
        })
        .collect()
}

#[test]
fn jarvis_schema_rejects_exactly_the_fixtures_whose_hooks_jarvis_drops() {
    let v = validator(Convention::Jarvis);
    let docs = toml_fixtures("jarvis");
    assert!(docs.len() >= 15, "{}", docs.len());
    for (path, doc) in docs {
        assert_eq!(
            !v.is_valid(&doc),
            jarvis_drops_section(&path),
            "{}: schema and lint disagree",
            path.display()
        );
    }
}

#[test]
fn jcode_schema_rejects_exactly_the_fixtures_with_type_errors() {
    let v = validator(Convention::Jcode);
    let docs = toml_fixtures("jcode");
    assert!(docs.len() >= 15, "{}", docs.len());
    for (path, doc) in docs {
        assert_eq!(
            !v.is_valid(&doc),
            jcode_type_error(&path),
            "{}: schema and lint disagree",
            path.display()
        );
    }
}

/// One generated `[[hooks]]` entry, as TOML lines.
fn entry() -> impl Strategy<Value = String> {
    let event = prop::sample::select(vec![
        "PreToolUse",
        "Stop",
        "Notification",
        "SessionHeartbeat",
        "pretooluse",
        "PreToolUSE",
        "",
        "tool_call",
    ]);
    let command = prop::sample::select(vec!["./a.sh", "", "  ", "echo 'x'"]);
    let timeout = prop::option::of(prop::sample::select(vec![
        "0", "1", "30", "600", "601", "900", "-5", "30.0", "1.5", "\"30\"",
    ]));
    let matcher = prop::option::of(prop::sample::select(vec!["", "Bash", "(", "7"]));
    let extra = prop::option::of(prop::sample::select(vec!["when = \"x\"", "Timeout = 3"]));
    (event, command, timeout, matcher, extra).prop_map(|(e, c, t, m, x)| {
        let mut s = format!("[[hooks]]\nevent = \"{e}\"\ncommand = \"{c}\"\n");
        if let Some(t) = t {
            s.push_str(&format!("timeout = {t}\n"));
        }
        if let Some(m) = m {
            // `7` is written bare: a matcher of the wrong type.
            if m == "7" {
                s.push_str("matcher = 7\n");
            } else {
                s.push_str(&format!("matcher = \"{m}\"\n"));
            }
        }
        if let Some(x) = x {
            s.push_str(x);
            s.push('\n');
        }
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn jarvis_schema_and_lint_agree_on_generated_files(entries in prop::collection::vec(entry(), 1..4)) {
        let dir = tempfile::tempdir().unwrap();
        let text = entries.join("\n");
        let path = write(dir.path(), "config.toml", &text);
        let doc: Value = toml::from_str(&text).expect("generated TOML parses");
        let schema_rejects = !validator(Convention::Jarvis).is_valid(&doc);
        prop_assert_eq!(schema_rejects, jarvis_drops_section(&path), "{}", text);
    }
}
