//! Never a panic: the Jarvis loader over arbitrary bytes, arbitrary TOML documents and arbitrary
//! `[[hooks]]` entries.

mod robust;
mod toml_common;

use hook_ir::Convention;
use proptest::prelude::*;
use toml_common::*;

/// Arbitrary TOML values, nested a little.
fn toml_value() -> impl Strategy<Value = toml::Value> {
    let leaf = prop_oneof![
        any::<String>().prop_map(toml::Value::String),
        any::<i64>().prop_map(toml::Value::Integer),
        any::<f64>().prop_map(toml::Value::Float),
        any::<bool>().prop_map(toml::Value::Boolean),
        "[ a-z|&;$~*'\"\\\\]{0,24}".prop_map(toml::Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(toml::Value::Array),
            prop::collection::btree_map("[a-z_]{1,12}", inner, 0..5)
                .prop_map(|m| toml::Value::Table(m.into_iter().collect())),
        ]
    })
}

fn keys() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("event".to_string()),
        Just("matcher".to_string()),
        Just("command".to_string()),
        Just("timeout".to_string()),
        "[a-z_]{1,16}",
    ]
}

fn check(text: &[u8], env: &[(&str, &str)]) {
    let home = tempfile::tempdir().unwrap();
    let p = home.path().join(".jarvis-code/config.toml");
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    let c = ctx(home.path(), env, true);
    let d = hooks_rules::discover_only(&c, &[Convention::Jarvis]);
    for h in &d.batch.hooks {
        assert!(h.id.starts_with("jarvis:"));
    }
    for x in &d.batch.diagnostics {
        assert!(x.message.len() <= hook_ir::MAX_MESSAGE_BYTES + 3);
    }
    // The explicit-file path too: located in range, the same on a second read.
    let once = load(Convention::Jarvis, &c, &p);
    robust::check::check_discovered(&c, &p, &once);
    let twice = load(Convention::Jarvis, &c, &p);
    assert_eq!(format!("{:?}", once.batch), format!("{:?}", twice.batch));
}

proptest! {
    // PROPTEST_CASES raises the count for long local runs; 128 in `cargo test`.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(128),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        check(&bytes, &[]);
    }

    #[test]
    fn arbitrary_hooks_entries_never_panic(
        entries in prop::collection::vec(prop::collection::btree_map(keys(), toml_value(), 0..6), 0..5),
        events in prop::collection::vec(prop_oneof![Just("Stop"), Just("PreToolUse"), Just("stop"), Just("Notification")], 5),
    ) {
        let arr: Vec<toml::Value> = entries.into_iter().zip(events).map(|(m, ev)| {
            let mut t: toml::map::Map<String, toml::Value> = m.into_iter().collect();
            t.entry("event").or_insert(toml::Value::String(ev.into()));
            toml::Value::Table(t)
        }).collect();
        let mut root = toml::map::Map::new();
        root.insert("hooks".into(), toml::Value::Array(arr));
        let text = toml::to_string(&toml::Value::Table(root)).unwrap_or_default();
        check(text.as_bytes(), &[]);
    }

    #[test]
    fn arbitrary_matchers_and_commands_never_panic(m in "\\PC{0,30}", c in "\\PC{0,30}") {
        let text = format!("[[hooks]]\nevent = \"Stop\"\nmatcher = {}\ncommand = {}\n",
            toml::Value::String(m), toml::Value::String(c));
        check(text.as_bytes(), &[]);
    }
}
