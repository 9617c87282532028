//! Any input through the hooks.json and manifest parsers, lowering and the managed merge:
//! hooks or coded diagnostics located in range of the file (`robust::check`), never a panic;
//! what the merge writes is JSON and merging it again changes nothing.

mod common;
mod robust;

use common::Tree;
use hook_ir::Convention;
use proptest::prelude::*;

fn json_like() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        "[a-zA-Z_|*(){}. -]{0,12}".prop_map(|s| serde_json::to_string(&s).unwrap()),
        prop::sample::select(vec![
            "\"hooks\"",
            "\"PreToolUse\"",
            "\"Stop\"",
            "\"command\"",
            "\"type\"",
            "\"matcher\"",
            "\"timeout\"",
            "\"gjc codex-native-hook\"",
            "\"tool_call\"",
            "\"phase\"",
            "\"target\"",
            "\"gajae-code-plugin\"",
            "\"kind\"",
            "\"path\"",
            "\"event\"",
            "\"before\"",
            "\"after\"",
        ])
        .prop_map(str::to_string),
    ];
    leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(|v| format!("[{}]", v.join(","))),
            prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "hooks",
                        "PreToolUse",
                        "Stop",
                        "SessionEnd",
                        "command",
                        "type",
                        "matcher",
                        "timeout",
                        "async",
                        "statusMessage",
                        "name",
                        "event",
                        "target",
                        "phase",
                        "path",
                        "kind",
                        "version",
                    ]),
                    inner
                ),
                0..5
            )
            .prop_map(|v| format!(
                "{{{}}}",
                v.iter()
                    .map(|(k, v)| format!("\"{k}\":{v}"))
                    .collect::<Vec<_>>()
                    .join(",")
            )),
        ]
    })
}

/// Loads `path` as `conv` and holds it to the reader oracle.
fn load_checked(t: &Tree, path: &std::path::Path, conv: Convention) {
    let ctx = t.ctx();
    let d = hooks_rules::load_file(&ctx, path, Some(conv));
    robust::check::check_discovered(&ctx, path, &d);
}

/// The managed merge over `text`: refused, or valid JSON that a second merge leaves alone.
fn merge_checked(text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = adapters::codex_json::managed::merge(Some(text)) {
        prop_assert!(
            serde_json::from_str::<serde_json::Value>(&m.after).is_ok(),
            "{}",
            m.after
        );
        let again = adapters::codex_json::managed::merge(Some(&m.after)).unwrap();
        prop_assert!(!again.changed, "{}", m.after);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hooks_json_on_arbitrary_text(text in "\\PC{0,200}") {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &text);
        load_checked(&t, &f, Convention::CodexJson);
        merge_checked(&text)?;
    }

    #[test]
    fn hooks_json_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &bytes);
        load_checked(&t, &f, Convention::CodexJson);
    }

    #[test]
    fn structured_json_is_located_and_merge_is_idempotent(text in json_like()) {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &text);
        load_checked(&t, &f, Convention::CodexJson);
        merge_checked(&text)?;
        let p = t.write("project/.gjc/gjc-plugins/p/gajae-plugin.json", &text);
        load_checked(&t, &p, Convention::GjcPlugin);
    }

    #[test]
    fn manifests_and_registries_on_arbitrary_text(text in "\\PC{0,200}") {
        let t = Tree::empty();
        let p = t.write("project/.gjc/gjc-plugins/p/gajae-plugin.json", &text);
        load_checked(&t, &p, Convention::GjcPlugin);
        let r = t.write("project/.gjc/gjc-plugins/registry.json", &text);
        let ctx = t.ctx();
        let d = hooks_rules::discover_only(&ctx, &[Convention::GjcPlugin]);
        robust::check::check_discovered(&ctx, &p, &d);
        robust::check::check_discovered(&ctx, &r, &d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The writer never destroys content: whatever it merges into keeps every top-level key,
    /// writes valid JSON, and a second plan is a no-op.
    #[test]
    fn writer_keeps_content_and_is_idempotent(text in json_like(), cmd in "[a-z./ ]{1,12}") {
        use adapters::write::{apply, WriteOptions};
        use hook_ir::{Detail, Exec, Handler, Hook, Kind, Location, Matcher};
        let t = Tree::empty();
        t.write("project/.codex/hooks.json", &text);
        let hook = Hook {
            plugin_root: None,
            source_file: None,
            id: "x".into(),
            kind: Kind::Stop,
            convention: Convention::Jarvis,
            source_event: "Stop".into(),
            matcher: Matcher::Any,
            handler: Handler::Command { command: cmd.clone(), exec: Exec::Shell },
            timeout_ms: Some(30_000),
            scope: hook_ir::Scope::default(),
            location: Location::path_only("x"),
            detail: Detail::None,
        };
        let plan = adapters::plan_write(&t.ctx(), Convention::CodexJson, std::slice::from_ref(&hook), &WriteOptions::default());
        if let Some(c) = plan.changes.first() {
            let after: serde_json::Value = serde_json::from_str(&c.after).map_err(|e| TestCaseError::fail(format!("{e}: {}", c.after)))?;
            let before: serde_json::Value = serde_json::from_str(&text).unwrap();
            for k in before.as_object().unwrap().keys() {
                prop_assert!(after.get(k).is_some(), "lost {k}");
            }
            apply(&plan).unwrap();
            let again = adapters::plan_write(&t.ctx(), Convention::CodexJson, &[hook], &WriteOptions::default());
            prop_assert!(again.changes.iter().all(|c| c.is_noop()), "{}", c.after);
        } else {
            prop_assert!(!plan.diagnostics.is_empty());
        }
    }
}
