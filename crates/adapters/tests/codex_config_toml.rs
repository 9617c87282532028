//! Codex hooks inlined in `config.toml` (`[hooks]`), read as Codex 0.171.0 reads them
//! (`codex-rs/hooks/src/engine/discovery.rs` `load_toml_hooks_from_layer`): real files in a temp
//! home and project, discovered like `hooks lint` does.

mod common;

use adapters::codex_json::trust::{self, Status};
use common::{codes, Tree};
use hook_ir::{Code, Convention};

/// A user `config.toml` with other settings, two hooks (array of tables and inline array) and
/// a `[hooks.state]` table.
const USER: &str = r#"model = "gpt-5"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "./guard.sh"
timeout = 30

[[hooks.Stop]]
hooks = [{ type = "command", command = "echo done" }]

[hooks.state."/elsewhere/hooks.json:stop:0:0"]
trusted_hash = "sha256:00"
"#;

fn discover(t: &Tree) -> adapters::Discovered {
    t.discover(&[Convention::CodexJson])
}

#[test]
fn user_config_toml_hooks_are_read_with_their_locations() {
    let t = Tree::empty();
    t.write("home/.codex/config.toml", USER);
    let found = discover(&t);
    let hooks = &found.batch.hooks;
    assert_eq!(hooks.len(), 2, "{:#?}", found.batch);
    let pre = hooks
        .iter()
        .find(|h| h.source_event == "PreToolUse")
        .unwrap();
    assert_eq!(pre.id, "codex-json:~/.codex/config.toml:PreToolUse:0:0");
    assert_eq!(pre.location.path, "~/.codex/config.toml");
    // The `[[hooks.PreToolUse.hooks]]` header of the handler.
    assert_eq!((pre.location.line, pre.location.column), (Some(6), Some(1)));
    assert_eq!(pre.timeout_ms, Some(30_000));
    let stop = hooks.iter().find(|h| h.source_event == "Stop").unwrap();
    assert_eq!(stop.id, "codex-json:~/.codex/config.toml:Stop:0:0");
    // The inline table `{ type = … }` on line 12.
    assert_eq!(
        (stop.location.line, stop.location.column),
        (Some(12), Some(10))
    );
    // `[hooks.state]` is trust, not an event; the rest of the config is not Codex hooks.
    assert!(
        !codes(&found).contains(&Code::UnknownEvent),
        "{:#?}",
        found.batch.diagnostics
    );
    // Both hooks need trust, keyed by the config.toml itself.
    assert_eq!(
        codes(&found)
            .iter()
            .filter(|c| **c == Code::CodexHookUntrusted)
            .count(),
        2
    );
}

#[test]
fn trust_keys_name_the_config_toml_and_trusted_hooks_run() {
    let t = Tree::empty();
    t.write("home/.codex/config.toml", USER);
    let found = discover(&t);
    let verdicts = trust::of_hooks(&t.ctx(), &found.batch.hooks, &found.sources).unwrap();
    let abs = std::path::absolute(t.home().join(".codex/config.toml")).unwrap();
    let mut state = String::new();
    for v in verdicts.iter().map(|v| v.as_ref().unwrap()) {
        assert_eq!(v.status, Status::Untrusted);
        assert!(
            v.key.starts_with(&format!("{}:", abs.display())),
            "{}",
            v.key
        );
        state.push_str(&trust::state_table(v));
    }
    assert!(verdicts
        .iter()
        .any(|v| v.as_ref().unwrap().key == format!("{}:pre_tool_use:0:0", abs.display())));
    // Trusting them in the same file (Codex keeps `[hooks.state]` there too).
    let text = USER.replace(
        "[hooks.state.\"/elsewhere/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:00\"\n",
        &state,
    );
    t.write("home/.codex/config.toml", text);
    let found = discover(&t);
    assert_eq!(found.batch.hooks.len(), 2);
    assert!(
        !codes(&found).contains(&Code::CodexHookUntrusted),
        "{:#?}",
        found.batch.diagnostics
    );
    let verdicts = trust::of_hooks(&t.ctx(), &found.batch.hooks, &found.sources).unwrap();
    assert!(verdicts
        .iter()
        .all(|v| v.as_ref().unwrap().status == Status::Trusted));
}

#[test]
fn project_config_toml_hooks_need_a_trusted_project() {
    let t = Tree::empty();
    std::fs::create_dir_all(t.project().join(".git")).unwrap();
    t.write(
        "project/.codex/config.toml",
        "[[hooks.PostToolUse]]\nmatcher = \"apply_patch\"\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"cargo fmt\"\n",
    );
    let found = discover(&t);
    assert_eq!(found.batch.hooks.len(), 1);
    let h = &found.batch.hooks[0];
    assert_eq!(h.id, "codex-json:.codex/config.toml:PostToolUse:0:0");
    assert_eq!((h.location.line, h.location.column), (Some(3), Some(1)));
    assert!(codes(&found).contains(&Code::CodexProjectUntrusted));
    let root = std::fs::canonicalize(t.project()).unwrap();
    t.write("home/.codex/config.toml", trust::project_table(&root));
    let found = discover(&t);
    assert!(!codes(&found).contains(&Code::CodexProjectUntrusted));
    let v = trust::of_hooks(&t.ctx(), &found.batch.hooks, &found.sources).unwrap();
    let v = v[0].as_ref().unwrap();
    assert_eq!(
        v.key,
        format!("{}/.codex/config.toml:post_tool_use:0:0", root.display())
    );
    assert_eq!(v.status, Status::Untrusted);
}

#[test]
fn both_representations_in_one_layer_load_both_with_a_warning() {
    let t = Tree::empty();
    t.write("home/.codex/config.toml", USER);
    t.write(
        "home/.codex/hooks.json",
        r#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}"#,
    );
    let found = discover(&t);
    assert_eq!(found.batch.hooks.len(), 3);
    let warn: Vec<_> = found
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::CodexHooksInTwoFiles)
        .collect();
    assert_eq!(warn.len(), 1, "{:#?}", found.batch.diagnostics);
    let at = warn[0].location.as_ref().unwrap();
    assert_eq!(at.path, "~/.codex/config.toml");
    assert!(warn[0].message.contains("~/.codex/hooks.json"));

    // Two layers with one representation each: no warning.
    let t = Tree::empty();
    t.write("home/.codex/config.toml", USER);
    t.write(
        "project/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo p"}]}]}}"#,
    );
    assert!(!codes(&discover(&t)).contains(&Code::CodexHooksInTwoFiles));

    // A config.toml with only `[hooks.state]`, or a hooks.json with no matcher group: Codex
    // does not warn either (each file must hold hooks).
    let t = Tree::empty();
    t.write(
        "home/.codex/config.toml",
        "[hooks.state.\"/x/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:00\"\n",
    );
    t.write(
        "home/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo p"}]}]}}"#,
    );
    assert!(!codes(&discover(&t)).contains(&Code::CodexHooksInTwoFiles));
    let t = Tree::empty();
    t.write("home/.codex/config.toml", USER);
    t.write("home/.codex/hooks.json", r#"{"hooks": {"Stop": []}}"#);
    assert!(!codes(&discover(&t)).contains(&Code::CodexHooksInTwoFiles));
}

#[test]
fn a_type_error_skips_every_toml_hook_of_the_file_only() {
    let t = Tree::empty();
    t.write(
        "home/.codex/config.toml",
        USER.replace("timeout = 30", "timeout = \"30\""),
    );
    t.write(
        "home/.codex/hooks.json",
        r#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}"#,
    );
    let found = discover(&t);
    // The hooks.json of the same layer still loads; none of the TOML hooks do.
    let ids: Vec<_> = found.batch.hooks.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["codex-json:~/.codex/hooks.json:SessionStart:0:0"]);
    let d = found
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::HooksFileRejected)
        .unwrap();
    let at = d.location.as_ref().unwrap();
    assert_eq!(
        (at.path.as_str(), at.line, at.column),
        ("~/.codex/config.toml", Some(9), Some(11))
    );
    assert!(
        d.message.contains("failed to parse TOML hooks"),
        "{}",
        d.message
    );
    // Codex warns about two representations only when both files load.
    assert!(!codes(&found).contains(&Code::CodexHooksInTwoFiles));
}

#[test]
fn a_float_timeout_and_a_datetime_command_are_refused_as_serde_refuses_them() {
    for (from, bad, line_col) in [
        ("timeout = 30", "timeout = 30.0", (9, 11)),
        ("command = \"./guard.sh\"", "command = 1979-05-27", (8, 11)),
    ] {
        let t = Tree::empty();
        let text = USER.replace(from, bad);
        t.write("home/.codex/config.toml", text);
        let found = discover(&t);
        assert!(found.batch.hooks.is_empty(), "{bad}: {:#?}", found.batch);
        let d = found
            .batch
            .diagnostics
            .iter()
            .find(|d| d.code == Code::HooksFileRejected)
            .unwrap_or_else(|| panic!("{bad}: {:#?}", found.batch.diagnostics));
        let at = d.location.as_ref().unwrap();
        assert_eq!(
            (at.line, at.column),
            (Some(line_col.0), Some(line_col.1)),
            "{bad}"
        );
    }
}

#[test]
fn a_config_without_hooks_adds_nothing_and_invalid_toml_is_a_parse_error() {
    let t = Tree::empty();
    t.write(
        "home/.codex/config.toml",
        "model = \"gpt-5\"\n[hooks.state.\"/x/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:00\"\n",
    );
    let found = discover(&t);
    assert!(found.batch.hooks.is_empty());
    assert!(found.batch.diagnostics.is_empty(), "{:#?}", found.batch);
    assert!(found.sources.is_empty());

    let t = Tree::empty();
    t.write(
        "home/.codex/config.toml",
        "[[hooks.Stop]]\nhooks = [{ type = \"command\", command = }]\n",
    );
    let found = discover(&t);
    assert_eq!(codes(&found), [Code::ParseError]);
    let at = found.batch.diagnostics[0].location.as_ref().unwrap();
    assert_eq!(
        (at.path.as_str(), at.line),
        ("~/.codex/config.toml", Some(2))
    );
}

#[test]
fn checks_of_hooks_json_apply_to_config_toml_hooks() {
    let t = Tree::empty();
    t.write(
        "home/.codex/config.toml",
        "[[hooks.PreToolUSe]]\n[[hooks.PreToolUSe.hooks]]\ntype = \"command\"\ncommand = \"x\"\n\n[[hooks.Stop]]\nmatcher = \"Bash\"\nhooks = [{ type = \"command\", command = \"y\", bogus = 1 }]\n",
    );
    let found = discover(&t);
    let d = |c: Code| {
        found
            .batch
            .diagnostics
            .iter()
            .find(|d| d.code == c)
            .unwrap_or_else(|| panic!("{c:?}: {:#?}", found.batch.diagnostics))
            .location
            .clone()
            .unwrap()
    };
    let unknown = d(Code::UnknownEvent);
    assert_eq!((unknown.line, unknown.column), (Some(1), Some(9)));
    let no_effect = d(Code::MatcherHasNoEffect);
    assert_eq!((no_effect.line, no_effect.column), (Some(7), Some(11)));
    let ignored = d(Code::IgnoredKey);
    assert_eq!(ignored.line, Some(8));
}

#[test]
fn an_explicit_config_toml_is_read_as_codex_hooks() {
    let t = Tree::empty();
    let p = t.write("elsewhere/config.toml", USER);
    let found = hooks_rules::load_file(&t.ctx(), &p, Some(Convention::CodexJson));
    assert_eq!(found.batch.hooks.len(), 2, "{:#?}", found.batch);
}
