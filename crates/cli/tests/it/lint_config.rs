//! Issue 13, "Configuration, like ruff and agnix", through the real binary: `hooks.toml` found
//! from each PATH upward (nearest wins), `--config`, `--isolated`; `select`/`extend-select`/
//! `ignore`, `[severity]`, `[per-file-ignores]`, `exclude`; the flags over the file; every
//! problem in the file an `invalid_lint_config` at its line and column; severities as every
//! format prints them; `--fix` leaves what is not reported alone.

use crate::common;

use common::Tree;
use serde_json::Value;

/// A Claude settings file with two copies of one hook whose script does not exist:
/// `missing_script` twice (warning) and `duplicate_hook` once (warning).
const SETTINGS: &str = r#"{"hooks": {"PreToolUse": [
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./missing.sh"}]},
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./missing.sh"}]}]}}
"#;

fn tree() -> Tree {
    let t = Tree::new();
    t.write("project/.claude/settings.json", SETTINGS);
    t
}

/// `hooks lint ARGS` in the project, in JSON: exit code and document.
fn lint(t: &Tree, args: &[&str]) -> (i32, Value) {
    t.lint_json(args)
}

/// `(code, severity, path)` of each diagnostic.
fn found(doc: &Value) -> Vec<(String, String, String)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
                d["location"]["path"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn codes(doc: &Value) -> Vec<String> {
    found(doc).into_iter().map(|(c, _, _)| c).collect()
}

/// `(message, path:line:col)` of each `invalid_lint_config`.
fn problems(doc: &Value) -> Vec<(String, String)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "invalid_lint_config")
        .map(|d| {
            let l = &d["location"];
            (
                d["message"].as_str().unwrap().to_string(),
                format!(
                    "{}:{}:{}",
                    l["path"].as_str().unwrap(),
                    l["line"],
                    l["column"]
                ),
            )
        })
        .collect()
}

const ALL: [&str; 3] = ["missing_script", "duplicate_hook", "missing_script"];

#[test]
fn without_a_configuration_every_code_is_reported() {
    let t = tree();
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 0);
    assert_eq!(codes(&doc), ALL);
}

#[test]
fn the_configuration_is_found_upward_and_named_in_human_output() {
    let t = tree();
    t.write("hooks.toml", "ignore = [\"duplicate_hook\"]\n");
    let (_, doc) = lint(&t, &["."]);
    assert_eq!(codes(&doc), ["missing_script", "missing_script"]);
    let r = t.lint("human", &["."]);
    // Just before the summary it shaped; the summary (and ruff's fix hint) ends the output.
    assert!(
        r.stdout.ends_with(
            "Configuration: [TEMP]/hooks.toml\nFound 0 errors, 2 warnings and 0 infos; 1 accepted hook.\n"
        ),
        "{}",
        r.shown
    );
    // No configuration, no such line.
    let r = t.run(&[
        "lint",
        ".",
        "--home",
        "../home",
        "--no-env",
        "--format",
        "human",
        "--isolated",
    ]);
    assert!(!r.stdout.contains("Configuration"), "{}", r.shown);
}

#[test]
fn the_nearest_configuration_wins() {
    let t = tree();
    t.write("hooks.toml", "ignore = [\"duplicate_hook\"]\n");
    t.write("project/hooks.toml", "ignore = [\"missing_script\"]\n");
    let (_, doc) = lint(&t, &["."]);
    assert_eq!(codes(&doc), ["duplicate_hook"]);
}

#[test]
fn an_explicit_config_replaces_the_discovered_one_and_isolated_ignores_both() {
    let t = tree();
    t.write("project/hooks.toml", "ignore = [\"missing_script\"]\n");
    t.write("elsewhere/lint.toml", "ignore = [\"duplicate_hook\"]\n");
    let (_, doc) = lint(&t, &[".", "--config", "../elsewhere/lint.toml"]);
    assert_eq!(codes(&doc), ["missing_script", "missing_script"]);
    let (_, doc) = lint(&t, &[".", "--isolated"]);
    assert_eq!(codes(&doc), ALL);
    // Both at once, or a file that does not exist: a usage error.
    let r = t.run(&["lint", ".", "--isolated", "--config", "hooks.toml"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    let r = t.run(&["lint", ".", "--config", "nope.toml"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert!(
        r.stderr.contains("--config nope.toml: no such file"),
        "{}",
        r.shown
    );
}

#[test]
fn select_extend_select_and_ignore_resolve_as_in_ruff() {
    let t = tree();
    t.write("project/hooks.toml", "select = [\"duplicate_hook\"]\n");
    assert_eq!(codes(&lint(&t, &["."]).1), ["duplicate_hook"]);
    t.write(
        "project/hooks.toml",
        "select = [\"all\"]\nignore = [\"duplicate_hook\"]\n",
    );
    assert_eq!(
        codes(&lint(&t, &["."]).1),
        ["missing_script", "missing_script"]
    );
    // A code named explicitly wins over `all` in the same table.
    t.write(
        "project/hooks.toml",
        "ignore = [\"all\"]\nextend-select = [\"duplicate_hook\"]\n",
    );
    assert_eq!(codes(&lint(&t, &["."]).1), ["duplicate_hook"]);
    t.write(
        "project/hooks.toml",
        "extend-ignore = [\"missing_script\"]\n",
    );
    assert_eq!(codes(&lint(&t, &["."]).1), ["duplicate_hook"]);
}

#[test]
fn flags_override_or_extend_the_file() {
    let t = tree();
    t.write("project/hooks.toml", "ignore = [\"duplicate_hook\"]\n");
    // --select replaces the file's selection, its ignore included (as in ruff).
    let (_, doc) = lint(&t, &[".", "--select", "duplicate_hook"]);
    assert_eq!(codes(&doc), ["duplicate_hook"]);
    // --extend-select and --ignore build on it.
    let (_, doc) = lint(
        &t,
        &[
            ".",
            "--extend-select",
            "duplicate_hook",
            "--ignore",
            "missing_script",
        ],
    );
    assert_eq!(codes(&doc), ["duplicate_hook"]);
    let (_, doc) = lint(&t, &[".", "--ignore", "missing_script,duplicate_hook"]);
    assert!(codes(&doc).is_empty());
    let (_, doc) = lint(&t, &[".", "--select", "all"]);
    assert_eq!(codes(&doc), ALL);
    // Without a file the flags alone apply.
    let (_, doc) = lint(&t, &[".", "--isolated", "--ignore", "missing_script"]);
    assert_eq!(codes(&doc), ["duplicate_hook"]);
    // A misspelt code on the command line is a usage error with a did-you-mean.
    let r = t.run(&["lint", ".", "--select", "duplicate_hooks"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert!(
        r.stderr.contains("did you mean `duplicate_hook`?"),
        "{}",
        r.shown
    );
    let r = t.run(&["lint", ".", "--ignore", "invalid_lint_config"]);
    assert_eq!(r.code, 2, "{}", r.shown);
}

#[test]
fn severity_overrides_reach_every_format_and_the_exit_code() {
    let t = tree();
    t.write(
        "project/hooks.toml",
        "[severity]\nduplicate_hook = \"error\"\nmissing_script = \"info\"\n",
    );
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 1, "an error now: exit 1");
    let sev: Vec<_> = found(&doc).into_iter().map(|(c, s, _)| (c, s)).collect();
    assert_eq!(
        sev,
        [
            ("missing_script".to_string(), "info".to_string()),
            ("duplicate_hook".to_string(), "error".to_string()),
            ("missing_script".to_string(), "info".to_string()),
        ]
    );
    assert_eq!(doc["summary"]["errors"], 1);
    assert_eq!(doc["summary"]["infos"], 2);
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--format", "github",
    ]);
    let kinds: Vec<_> = r
        .stdout
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(kinds, ["::notice", "::error", "::notice"], "{}", r.shown);
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--format", "sarif",
    ]);
    let sarif: Value = serde_json::from_str(&r.stdout).unwrap();
    let levels: Vec<_> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["ruleId"].as_str().unwrap(), r["level"].as_str().unwrap()))
        .collect();
    assert_eq!(
        levels,
        [
            ("missing_script", "note"),
            ("duplicate_hook", "error"),
            ("missing_script", "note")
        ]
    );
    let r = t.lint("human", &["."]);
    assert!(r.stdout.contains("error[duplicate_hook]"), "{}", r.shown);
    assert!(r.stdout.contains("info[missing_script]"), "{}", r.shown);
    // Down-graded warnings no longer fail --deny-warnings.
    t.write(
        "project/hooks.toml",
        "[severity]\nduplicate_hook = \"info\"\nmissing_script = \"info\"\n",
    );
    let (code, _) = lint(&t, &[".", "--deny-warnings"]);
    assert_eq!(code, 0);
}

#[test]
fn per_file_ignores_match_paths_from_the_config_and_from_the_current_directory() {
    let t = tree();
    // From the configuration's directory (the temp root): project/.claude/...
    t.write(
        "hooks.toml",
        "[per-file-ignores]\n\"project/.claude/*.json\" = [\"missing_script\"]\n",
    );
    assert_eq!(codes(&lint(&t, &["."]).1), ["duplicate_hook"]);
    // As lint prints it, from the current directory (the project): .claude/settings.json.
    t.write(
        "hooks.toml",
        "[per-file-ignores]\n\".claude/settings.json\" = [\"all\"]\n",
    );
    assert!(codes(&lint(&t, &["."]).1).is_empty());
    // A bare name matches at any depth; a directory covers what is under it.
    t.write(
        "hooks.toml",
        "[per-file-ignores]\n\"settings.json\" = [\"duplicate_hook\"]\n\".claude\" = [\"missing_script\"]\n",
    );
    assert!(codes(&lint(&t, &["."]).1).is_empty());
    // A glob that matches nothing ignores nothing; `*` does not cross `/`.
    t.write(
        "hooks.toml",
        "[per-file-ignores]\n\"*.yaml\" = [\"all\"]\n\"project/*.json\" = [\"all\"]\n",
    );
    assert_eq!(codes(&lint(&t, &["."]).1), ALL);
}

#[test]
fn per_file_ignores_reach_user_level_files_by_their_home_path() {
    let t = tree();
    t.write("home/.claude/settings.json", SETTINGS);
    t.write(
        "project/hooks.toml",
        "[per-file-ignores]\n\"~/.claude/settings.json\" = [\"all\"]\n",
    );
    let (_, all) = lint(&t, &[".", "--isolated"]);
    let (_, doc) = lint(&t, &["."]);
    assert!(found(&all)
        .iter()
        .any(|(_, _, p)| p == "~/.claude/settings.json"));
    let project: Vec<_> = found(&all)
        .into_iter()
        .filter(|(_, _, p)| p == ".claude/settings.json")
        .collect();
    assert_eq!(found(&doc), project);
}

#[test]
fn excluded_files_are_not_linted_but_still_listed_and_linted_when_named() {
    let t = tree();
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "echo ok"}]}]}}"#,
    );
    t.write("project/hooks.toml", "exclude = [\".claude/\"]\n");
    let (_, doc) = lint(&t, &["."]);
    let paths: Vec<_> = found(&doc).into_iter().map(|(_, _, p)| p).collect();
    assert_eq!(paths, [".codex/hooks.json"], "{doc}");
    let conventions: Vec<_> = doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["convention"].as_str().unwrap())
        .collect();
    assert_eq!(conventions, ["codex-json"]);
    // `hooks list` shows what the agents run, excluded or not, and filters its diagnostics.
    let r = t.run(&[
        "list", ".", "--home", "../home", "--no-env", "--format", "json",
    ]);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["hooks"].as_array().unwrap().len(), 2, "{}", r.shown);
    assert_eq!(codes(&doc), ["codex_project_untrusted"]);
    // A file named on the command line is linted (as in ruff).
    let (_, doc) = lint(&t, &[".claude/settings.json"]);
    assert_eq!(codes(&doc), ALL);
}

#[test]
fn each_root_uses_its_own_configuration() {
    let t = tree();
    t.write("project/p1/.claude/settings.json", SETTINGS);
    t.write("project/p2/.claude/settings.json", SETTINGS);
    t.write("project/p1/hooks.toml", "ignore = [\"missing_script\"]\n");
    let (_, doc) = lint(&t, &["p1", "p2"]);
    let got: Vec<_> = found(&doc).into_iter().map(|(c, _, p)| (c, p)).collect();
    let pair = |c: &str, p: &str| (c.to_string(), p.to_string());
    assert_eq!(
        got,
        [
            pair("duplicate_hook", "p1/.claude/settings.json"),
            pair("missing_script", "p2/.claude/settings.json"),
            pair("duplicate_hook", "p2/.claude/settings.json"),
            pair("missing_script", "p2/.claude/settings.json"),
        ]
    );
    let r = t.lint("human", &["p1", "p2"]);
    assert!(
        r.stdout.contains("\nConfiguration: p1/hooks.toml\nFound "),
        "{}",
        r.shown
    );
    // One file for both roots: its problems are reported once.
    t.write("project/shared.toml", "ignore = [\"nope\"]\n");
    let (_, doc) = lint(&t, &["p1", "p2", "--config", "shared.toml"]);
    assert_eq!(problems(&doc).len(), 1, "{doc}");
}

#[test]
fn every_problem_in_the_configuration_is_an_error_at_its_place() {
    let t = tree();
    t.write(
        "project/hooks.toml",
        r#"selct = ["all"]
select = "all"
ignore = ["duplicate_hooks", 3, "invalid_lint_config"]
exclude = ["a/[b"]

[severity]
missing_script = "fatal"
nope = "error"
all = "error"
invalid_lint_config = "info"
duplicate_hook = 2

[per-file-ignores]
"x/{a,b" = ["all"]
"y" = ["missing_scrip"]
"z" = "all"
"#,
    );
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 1, "{doc}");
    let p = |m: &str, at: &str| (m.to_string(), format!("hooks.toml:{at}"));
    assert_eq!(
        problems(&doc),
        [
            p("unknown key `selct` in the lint configuration", "1:1"),
            p("`select` must be an array of strings, not a string", "2:10"),
            p("`ignore`: unknown code `duplicate_hooks`", "3:11"),
            p("`ignore[1]` must be a string, not an integer", "3:30"),
            p("`ignore`: `invalid_lint_config` cannot be ignored", "3:33"),
            p("`exclude`: invalid glob `a/[b`: unclosed character class; missing ']'", "4:12"),
            p(r#"`severity.missing_script` must be "error", "warning" or "info", not `fatal`"#, "7:18"),
            p("`severity`: unknown code `nope`", "8:1"),
            p("`severity`: `all` cannot be given one severity; name each code", "9:1"),
            p("`severity`: `invalid_lint_config` is always an error", "10:1"),
            p(r#"`severity.duplicate_hook` must be "error", "warning" or "info", not an integer"#, "11:18"),
            p("`per-file-ignores`: invalid glob `x/{a,b`: unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)", "14:1"),
            p("`per-file-ignores.\"y\"`: unknown code `missing_scrip`", "15:8"),
            p("`per-file-ignores.\"z\"` must be an array of strings, not a string", "16:7"),
        ]
    );
    let helps: Vec<_> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["help"].as_str())
        .collect();
    assert!(helps.contains(&"did you mean `select`?"), "{helps:?}");
    assert!(
        helps.contains(&"did you mean `duplicate_hook`?"),
        "{helps:?}"
    );
    assert!(
        helps.contains(&"did you mean `missing_script`?"),
        "{helps:?}"
    );
    // What was valid still applies (`select` was not); the agents' findings follow.
    assert_eq!(
        codes(&doc)
            .into_iter()
            .filter(|c| c != "invalid_lint_config")
            .collect::<Vec<_>>(),
        ALL
    );
}

#[test]
fn invalid_toml_is_an_error_and_nothing_of_it_applies() {
    let t = tree();
    t.write(
        "project/hooks.toml",
        "ignore = [\"duplicate_hook\"\n[severity]\n",
    );
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 1);
    let got = problems(&doc);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].0.starts_with("invalid TOML: "), "{got:?}");
    assert!(
        got[0].0.ends_with("; none of this configuration applies"),
        "{got:?}"
    );
    assert!(got[0].1.starts_with("hooks.toml:2:"), "{got:?}");
    assert_eq!(codes(&doc)[1..], ALL);
    // The human format shows the line, like any other diagnostic.
    let r = t.lint("human", &["."]);
    assert!(r.stdout.contains("--> hooks.toml:2:"), "{}", r.shown);
    assert!(
        r.stdout.contains("error[invalid_lint_config]"),
        "{}",
        r.shown
    );
}

#[test]
fn an_error_at_the_end_of_the_file_points_at_its_last_line() {
    let t = tree();
    t.write("project/hooks.toml", "ignore = [\"duplicate_hook\"\n");
    let (_, doc) = lint(&t, &["."]);
    let got = problems(&doc);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].1, "hooks.toml:1:27");
    let r = t.lint("human", &["."]);
    assert!(r.stdout.contains("--> hooks.toml:1:27"), "{}", r.shown);
    assert!(
        r.stdout.contains("1 | ignore = [\"duplicate_hook\""),
        "{}",
        r.shown
    );
}

#[test]
fn tables_may_be_inline_or_dotted() {
    let t = tree();
    t.write(
        "project/hooks.toml",
        "severity = { duplicate_hook = \"error\" }\nper-file-ignores.\".claude\" = [\"missing_script\"]\n",
    );
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 1);
    let sev: Vec<_> = found(&doc).into_iter().map(|(c, s, _)| (c, s)).collect();
    assert_eq!(sev, [("duplicate_hook".to_string(), "error".to_string())]);
}

#[test]
fn a_configuration_that_cannot_be_read_is_an_error() {
    let t = tree();
    std::fs::write(t.root().join("project/hooks.toml"), [0xff, 0xfe, b'\n']).unwrap();
    let (code, doc) = lint(&t, &["."]);
    assert_eq!(code, 1);
    assert_eq!(
        problems(&doc),
        [(
            "the lint configuration cannot be read: it is not UTF-8; none of it applies".into(),
            "hooks.toml:null:null".into()
        )]
    );
}

#[test]
fn fix_leaves_codes_that_are_not_reported_alone() {
    let t = Tree::new();
    let text = r#"{"hooks": {"preToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ok"}]}]}}
"#;
    t.write("project/.claude/settings.json", text);
    t.write("project/hooks.toml", "ignore = [\"unknown_event\"]\n");
    let r = t.run(&[
        "lint", ".", "--home", "../home", "--no-env", "--fix", "--format", "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert_eq!(t.read("project/.claude/settings.json"), text);
    let r = t.run(&[
        "lint",
        ".",
        "--home",
        "../home",
        "--no-env",
        "--fix",
        "--format",
        "json",
        "--isolated",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(t
        .read("project/.claude/settings.json")
        .contains("\"PreToolUse\""));
}

#[test]
fn every_example_of_the_reference_is_a_valid_configuration() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/configuration.md"),
    )
    .unwrap();
    let blocks: Vec<&str> = doc
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert!(blocks.len() >= 4, "{}", blocks.len());
    for block in blocks {
        let t = tree();
        t.write("project/hooks.toml", block);
        let (_, doc) = lint(&t, &["."]);
        assert_eq!(problems(&doc), [], "{block}");
    }
}
