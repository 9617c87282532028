//! Cursor's plugin and team layers (issue 29), through the real binary: installed plugins'
//! hooks (`~/.cursor/plugins/local/<p>/`, `cache/<marketplace>/<p>/<commit>/`, the manifest's
//! `hooks` path, else `hooks/hooks.json`) listed and linted with the plugin layer; an inline
//! `hooks` object and a path leaving the plugin said, not dropped; team hooks, which live in
//! Cursor's dashboard, said by `hooks doctor` as not covered. As cursor.com/docs/reference/plugins
//! and the manifest schema of cursor/plugins describe them (not observed against a running
//! Cursor: `docs/conventions/cursor-hooks.md`).

use crate::common;
use common::Tree;
use serde_json::Value;

const PLUGINS: &str = "home/.cursor/plugins";

fn manifest(t: &Tree, root: &str, extra: &str) {
    t.write(
        &format!("{PLUGINS}/{root}/.cursor-plugin/plugin.json"),
        &format!("{{\n  \"name\": \"p\"{extra}\n}}\n"),
    );
}

fn hooks_file(t: &Tree, rel: &str, command: &str) {
    t.write(
        &format!("{PLUGINS}/{rel}"),
        &format!(
            "{{\n  \"version\": 1,\n  \"hooks\": {{\n    \"preToolUse\": [{{\"command\": \"{command}\", \"matcher\": \"Shell\", \"timeout\": 5}}]\n  }}\n}}\n"
        ),
    );
}

/// `(command, scope)` of every Cursor hook `hooks list` shows.
fn listed(t: &Tree) -> Vec<(String, String)> {
    let r = t.run(&["list", "--home", "../home", "--no-env", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown));
    let hooks = doc
        .get("hooks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_else(|| doc.as_array().cloned().unwrap_or_default());
    hooks
        .iter()
        .filter(|h| h["convention"] == "cursor-hooks")
        .map(|h| {
            (
                h["handler"]["command"]
                    .as_str()
                    .or_else(|| h["command"].as_str())
                    .unwrap_or_default()
                    .to_string(),
                h["scope"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn installed_plugins_hooks_are_read_with_the_plugin_layer() {
    let t = Tree::new();
    t.write(
        "project/.cursor/hooks.json",
        "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"echo project\"}]}}\n",
    );
    // A local plugin with the default hooks file.
    manifest(&t, "local/guard", "");
    hooks_file(&t, "local/guard/hooks/hooks.json", "echo local-guard");
    // A marketplace plugin in two commits: the newer one is read.
    for (commit, command) in [("aaa111", "echo old-commit"), ("bbb222", "echo new-commit")] {
        let root = format!("cache/mkt/tools/{commit}");
        manifest(&t, &root, ", \"hooks\": \"./custom/h.json\"");
        hooks_file(&t, &format!("{root}/custom/h.json"), command);
        // The order of their modification times decides, not their names.
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let old = t.root().join(format!("{PLUGINS}/cache/mkt/tools/aaa111"));
    let now = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    std::fs::File::open(&old)
        .unwrap()
        .set_modified(now)
        .unwrap();
    let got = listed(&t);
    let want: Vec<(String, String)> = [
        ("echo project", "project"),
        ("echo old-commit", "plugin"),
        ("echo local-guard", "plugin"),
    ]
    .iter()
    .map(|(c, s)| (c.to_string(), s.to_string()))
    .collect();
    let mut sorted_got = got.clone();
    sorted_got.sort();
    let mut sorted_want = want.clone();
    sorted_want.sort();
    assert_eq!(sorted_got, sorted_want, "{got:?}");
    // lint reports a mistake in a plugin's file where it is, with its layer.
    hooks_file(&t, "local/guard/hooks/hooks.json", "echo local-guard");
    t.write(
        &format!("{PLUGINS}/local/guard/hooks/hooks.json"),
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"beforeShellExec\": [{\"command\": \"echo x\"}]\n  }\n}\n",
    );
    let (_, doc) = t.lint_json(&[]);
    let d = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unknown_event")
        .unwrap_or_else(|| panic!("{doc}"));
    assert!(
        d["location"]["path"]
            .as_str()
            .unwrap()
            .ends_with("local/guard/hooks/hooks.json"),
        "{d}"
    );
    assert_eq!(d["location"]["line"], 4, "{d}");
    assert!(
        d["help"].as_str().unwrap().contains("beforeShellExecution"),
        "{d}"
    );
}

#[test]
fn inline_or_escaping_plugin_hooks_are_said_not_dropped() {
    let t = Tree::new();
    manifest(
        &t,
        "local/inline",
        ",\n  \"hooks\": {\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"echo inline\"}]}}",
    );
    manifest(
        &t,
        "local/escape",
        ",\n  \"hooks\": \"../../../../../.cursor/hooks.json\"",
    );
    let (_, doc) = t.lint_json(&[]);
    let found: Vec<(String, u64)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["convention"] == "cursor-hooks")
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert!(
        found.contains(&("layer_not_covered".to_string(), 3)),
        "{found:?}: {doc}"
    );
    assert!(
        found.contains(&("path_escapes_root".to_string(), 3)),
        "{found:?}: {doc}"
    );
    assert!(listed(&t).is_empty());
}

#[test]
fn doctor_says_team_hooks_are_not_covered_where_cursor_is_used() {
    let t = Tree::new();
    // No Cursor file: Cursor is not listed, nothing said.
    t.write(
        "project/.claude/settings.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]}}"#,
    );
    let r = t.run(&["doctor", "--home", "../home"]);
    assert!(!r.stdout.contains("layer_not_covered"), "{}", r.shown);
    t.write(
        "project/.cursor/hooks.json",
        "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"echo project\"}]}}\n",
    );
    let r = t.run(&["doctor", "--home", "../home"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(
        r.stdout.contains("layer_not_covered") && r.stdout.contains("team hooks"),
        "{}",
        r.shown
    );
    // Said once, for Cursor only.
    assert_eq!(
        r.stdout.matches("layer_not_covered").count(),
        1,
        "{}",
        r.shown
    );
}
