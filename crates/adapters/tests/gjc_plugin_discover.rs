//! GJC plugin manifests: shapes, confinement, registry hashes.

mod common;

use common::{codes, Tree};
use hook_ir::{Code, Convention, Detail, Kind, Matcher};

const GP: &[Convention] = &[Convention::GjcPlugin];

#[test]
fn valid_plugin_with_verified_hashes() {
    let t = Tree::fixture("gjc-plugin", "valid");
    let d = t.discover(GP);
    // The fixture's `"target": "Edit"`: GJC names its tools in lower case and filters by exact,
    // case-sensitive name (conventions.md §3, hook_ir::tools), so that hook never fires.
    assert_eq!(
        codes(&d),
        [Code::MatcherMatchesNothing],
        "{:?}",
        d.batch.diagnostics
    );
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.as_str(),
                h.matcher.clone(),
                h.timeout_ms,
            )
        })
        .collect();
    let exact = |n: &str| Matcher::Exact {
        names: vec![n.into()],
    };
    assert_eq!(
        got,
        [
            (Kind::PreToolUse, "tool_call/before", exact("bash"), None),
            (
                Kind::PostToolUse,
                "tool_call/after",
                exact("Edit"),
                Some(30_000)
            ),
            (
                Kind::PostToolUse,
                "tool_result/after",
                Matcher::Any,
                Some(30_000)
            ),
            (
                Kind::SessionStart,
                "session_start",
                Matcher::Any,
                Some(30_000)
            ),
            (
                Kind::SessionShutdown,
                "session_shutdown",
                Matcher::Any,
                Some(30_000)
            ),
        ]
    );
    let Detail::Module {
        real_path,
        in_process_event,
        tool,
        plugin,
    } = &d.batch.hooks[0].detail
    else {
        panic!()
    };
    assert!(real_path.ends_with("guard/hooks/guard.js"));
    assert_eq!(
        (in_process_event.as_str(), tool.as_deref()),
        ("tool_call", Some("bash"))
    );
    let p = plugin.as_ref().unwrap();
    assert_eq!(
        (p.plugin.as_str(), p.name.as_str(), p.phase.as_deref()),
        ("guard", "bash-guard", Some("before"))
    );
    assert!(
        p.root.ends_with(".gjc/gjc-plugins/guard") && std::path::Path::new(&p.root).is_absolute()
    );
    assert_eq!(p.sha256.as_ref().map(String::len), Some(64));
    let Detail::Module { tool, .. } = &d.batch.hooks[2].detail else {
        panic!()
    };
    assert_eq!(
        tool.as_deref(),
        Some("*"),
        "tool_result target defaults to `*`"
    );
    let Detail::Module { tool, plugin, .. } = &d.batch.hooks[4].detail else {
        panic!()
    };
    assert_eq!(tool, &None);
    assert!(
        plugin.as_ref().unwrap().sha256.is_some(),
        "`./hooks/stop.js` matches the registry's `hooks/stop.js`"
    );
    assert_eq!(
        d.batch.hooks[0].location.path,
        ".gjc/gjc-plugins/guard/gajae-plugin.json"
    );
    assert_eq!(d.batch.hooks[0].location.line, Some(6));
    insta::assert_json_snapshot!("gjc_plugin_valid", t.redacted(&d));
}

#[test]
fn invalid_shapes_each_get_their_code() {
    let t = Tree::fixture("gjc-plugin", "invalid");
    let d = t.discover(GP);
    insta::assert_json_snapshot!("gjc_plugin_invalid", t.redacted(&d));
    assert_eq!(
        codes(&d),
        [
            // user scope: messy (no registry)
            Code::MissingRegistry,
            Code::UnrecognizedPluginEvent,
            Code::UnrecognizedPluginEvent,
            Code::InvalidPluginPhase,
            Code::InvalidPluginPhase,
            Code::InvalidPluginPhase,
            Code::InvalidToolMatcher,
            Code::PathEscapesRoot,
            Code::PathEscapesRoot,
            Code::InvalidSource,
            // project scope: badkind
            Code::InvalidPluginManifest,
            Code::InvalidPluginManifest,
            Code::InvalidPluginManifest,
            Code::InvalidPluginManifest,
        ]
    );
    // Only the one valid hook of `messy` is accepted; a hook-level error rejects that hook only.
    let names: Vec<_> = d.batch.hooks.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(names, ["gjc-plugin:messy:fine"]);
    let null_phase = &d.batch.diagnostics[4];
    assert!(
        null_phase.message.contains("not even null"),
        "{}",
        null_phase.message
    );
    assert_eq!(null_phase.location.as_ref().unwrap().line, Some(26));
}

#[test]
fn hash_drift_quarantines_the_whole_plugin() {
    let t = Tree::fixture("gjc-plugin", "drift");
    let d = t.discover(GP);
    assert!(d.batch.hooks.is_empty());
    assert_eq!(codes(&d), [Code::HashDrift, Code::HashDrift]);
    assert!(d.batch.diagnostics[0].message.contains("quarantines"));
    assert!(d.batch.diagnostics[1].message.contains("gone.js"));
}

#[test]
fn clean_tree_yields_nothing() {
    let t = Tree::fixture("gjc-plugin", "clean");
    let d = t.discover(GP);
    assert!(
        d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty(),
        "{:?}",
        d.batch
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_leaving_the_root_is_refused() {
    let t = Tree::empty();
    t.write("secret.js", "export default () => {}\n");
    t.write(
        "project/.gjc/gjc-plugins/p/gajae-plugin.json",
        r#"{"kind": "gajae-code-plugin", "name": "p", "version": "1", "hooks": [
  {"name": "h", "event": "tool_call", "target": "bash", "phase": "before", "path": "link.js"}]}"#,
    );
    std::os::unix::fs::symlink(
        t.dir.path().join("secret.js"),
        t.project().join(".gjc/gjc-plugins/p/link.js"),
    )
    .unwrap();
    let d = t.discover(GP);
    assert!(d.batch.hooks.is_empty());
    assert_eq!(codes(&d), [Code::MissingRegistry, Code::PathEscapesRoot]);
    let l = d.batch.diagnostics[1].location.as_ref().unwrap();
    assert_eq!((l.line, l.column), (Some(2), Some(84)));
}

#[test]
fn explicit_manifest_finds_its_scope_registry() {
    let t = Tree::fixture("gjc-plugin", "valid");
    let m = t.project().join(".gjc/gjc-plugins/guard/gajae-plugin.json");
    let d = hooks_rules::load_file(&t.ctx(), &m, None);
    assert_eq!(d.batch.hooks.len(), 5);
    // The fixture's `"target": "Edit"`: GJC names its tools in lower case and filters by exact,
    // case-sensitive name (conventions.md §3, hook_ir::tools), so that hook never fires.
    assert_eq!(
        codes(&d),
        [Code::MatcherMatchesNothing],
        "{:?}",
        d.batch.diagnostics
    );
    // Editing a hook after install is drift, found through the explicit path too.
    t.write(
        "project/.gjc/gjc-plugins/guard/hooks/guard.js",
        "// changed\n",
    );
    let d = hooks_rules::load_file(&t.ctx(), &m, None);
    assert!(d.batch.hooks.is_empty());
    // The edited module also no longer registers its event.
    assert_eq!(codes(&d), [Code::HashDrift, Code::FiledEventNotRegistered]);
}

#[test]
fn a_corrupt_registry_rejects_the_scope() {
    let t = Tree::fixture("gjc-plugin", "valid");
    t.write(
        "project/.gjc/gjc-plugins/registry.json",
        "{\"version\": 1, \"plugins\": 7}",
    );
    let d = t.discover(GP);
    assert!(d.batch.hooks.is_empty());
    assert_eq!(codes(&d), [Code::ParseError]);
}

#[test]
fn module_registrations_and_denied_apis_are_read_from_the_source() {
    let t = Tree::empty();
    t.write(
        "project/.gjc/gjc-plugins/p/gajae-plugin.json",
        r#"{"kind": "gajae-code-plugin", "name": "p", "version": "1", "hooks": [
  {"name": "wrong", "event": "tool_call", "target": "bash", "phase": "before", "path": "wrong.js"},
  {"name": "two", "event": "session_start", "path": "two.js"},
  {"name": "silent", "event": "session_shutdown", "path": "silent.js"},
  {"name": "shell", "event": "session_start", "path": "shell.js"}]}"#,
    );
    t.write(
        "project/.gjc/gjc-plugins/p/wrong.js",
        "export default (api) => {\n  api.on(\"tool_result\", (e) => e);\n};\n",
    );
    t.write("project/.gjc/gjc-plugins/p/two.js", "export default (api) => {\n  api.on('session_start', f);\n  api.on('session_start', g);\n};\n");
    t.write(
        "project/.gjc/gjc-plugins/p/silent.js",
        "export default (api) => { const e = 'session_shutdown'; api.on(e, f); };\n",
    );
    t.write("project/.gjc/gjc-plugins/p/shell.js", "export default (api) => {\n  api.on('session_start', () => api.exec('git', ['pull']));\n};\n");
    let d = t.discover(GP);
    assert_eq!(
        codes(&d),
        [
            Code::MissingRegistry,
            Code::PluginRegistrationMismatch,
            Code::PluginRegistrationMismatch,
            Code::FiledEventNotRegistered,
            Code::PluginDeniedApi,
        ]
    );
    let ids: Vec<_> = d.batch.hooks.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["gjc-plugin:p:silent", "gjc-plugin:p:shell"]);
    let l = d.batch.diagnostics[1].location.as_ref().unwrap();
    assert_eq!(
        (l.path.as_str(), l.line, l.column),
        (".gjc/gjc-plugins/p/wrong.js", Some(2), Some(7))
    );
    let l = d.batch.diagnostics[4].location.as_ref().unwrap();
    assert_eq!(
        (l.path.as_str(), l.line),
        (".gjc/gjc-plugins/p/shell.js", Some(2))
    );
}
