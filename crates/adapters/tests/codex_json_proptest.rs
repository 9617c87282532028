//! Never a panic on any input: arbitrary text and bytes through the hooks.json and manifest
//! parsers, lowering, and the managed merge.

mod common;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hooks_json_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &text);
        let _ = adapters::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
        let _ = adapters::codex_json::managed::merge(Some(&text));
    }

    #[test]
    fn hooks_json_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &bytes);
        let _ = adapters::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    }

    #[test]
    fn structured_json_never_panics_and_merge_is_idempotent(text in json_like()) {
        let t = Tree::empty();
        let f = t.write("project/.codex/hooks.json", &text);
        let _ = adapters::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
        if let Ok(m) = adapters::codex_json::managed::merge(Some(&text)) {
            // What we write is valid JSON, and a second merge changes nothing.
            prop_assert!(serde_json::from_str::<serde_json::Value>(&m.after).is_ok(), "{}", m.after);
            let again = adapters::codex_json::managed::merge(Some(&m.after)).unwrap();
            prop_assert!(!again.changed, "{}", m.after);
        }
        let p = t.write("project/.gjc/gjc-plugins/p/gajae-plugin.json", &text);
        let _ = adapters::load_file(&t.ctx(), &p, Some(Convention::GjcPlugin));
    }

    #[test]
    fn manifests_never_panic_on_arbitrary_text(text in "\\PC{0,200}") {
        let t = Tree::empty();
        let p = t.write("project/.gjc/gjc-plugins/p/gajae-plugin.json", &text);
        let _ = adapters::load_file(&t.ctx(), &p, Some(Convention::GjcPlugin));
        t.write("project/.gjc/gjc-plugins/registry.json", &text);
        let _ = adapters::discover_only(&t.ctx(), &[Convention::GjcPlugin]);
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
            id: "x".into(),
            kind: Kind::Stop,
            convention: Convention::Jarvis,
            source_event: "Stop".into(),
            matcher: Matcher::Any,
            handler: Handler::Command { command: cmd.clone(), exec: Exec::Shell },
            timeout_ms: Some(30_000),
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
