//! Never a panic: the jcode loader over arbitrary bytes, arbitrary TOML documents and
//! arbitrary environment values.

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
        Just("pre_tool".to_string()),
        Just("post_tool".to_string()),
        Just("turn_end".to_string()),
        Just("pre_tool_timeout_ms".to_string()),
        "[a-z_]{1,16}",
    ]
}

fn check(text: &[u8], env: &[(&str, &str)]) {
    let home = tempfile::tempdir().unwrap();
    let p = home.path().join(".jcode/config.toml");
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    let c = ctx(home.path(), env, true);
    let d = hooks_rules::discover_only(&c, &[Convention::Jcode]);
    for h in &d.batch.hooks {
        assert!(h.id.starts_with("jcode:"));
    }
    for x in &d.batch.diagnostics {
        assert!(x.message.len() <= hook_ir::MAX_MESSAGE_BYTES + 3);
    }
    // The explicit-file path too: located in range, the same on a second read.
    let once = load(Convention::Jcode, &c, &p);
    robust::check::check_discovered(&c, &p, &once);
    let twice = load(Convention::Jcode, &c, &p);
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
    fn arbitrary_hooks_tables_never_panic(entries in prop::collection::btree_map(keys(), toml_value(), 0..6)) {
        let mut hooks = toml::map::Map::new();
        for (k, v) in entries { hooks.insert(k, v); }
        let mut root = toml::map::Map::new();
        root.insert("hooks".into(), toml::Value::Table(hooks));
        let text = toml::to_string(&toml::Value::Table(root)).unwrap_or_default();
        check(text.as_bytes(), &[]);
    }

    #[test]
    fn arbitrary_env_values_never_panic(v in "\\PC{0,40}", t in "\\PC{0,12}") {
        check(b"[hooks]\npre_tool = \"true\"\n", &[
            ("JCODE_HOOK_PRE_TOOL", v.as_str()),
            ("JCODE_HOOK_TURN_END", format!("[{v}]").as_str()),
            ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", t.as_str()),
        ]);
    }

    /// The jcode and Jarvis writers over any existing file and any command: a refusal writes
    /// nothing and says where; an applied plan keeps the hooks already there, reads back
    /// what it wrote (or says why not, with a code), leaves other keys alone, and a second
    /// write changes nothing (`robust::check::write_checked`).
    #[test]
    fn writers_over_arbitrary_target_files(bytes in prop::collection::vec(any::<u8>(), 0..200), cmd in "\\PC{0,20}") {
        use hook_ir::{Detail, Exec, Handler, Hook, Kind, Location, Matcher};
        let sb = robust::check::Sandbox::new();
        for (conv, event, exec) in [(Convention::Jcode, "pre_tool", Exec::Direct), (Convention::Jarvis, "PreToolUse", Exec::Shell)] {
            let h = Hook {
                plugin_root: None,
                source_file: None,
                id: "p".into(),
                kind: Kind::PreToolUse,
                convention: conv,
                source_event: event.into(),
                matcher: Matcher::Any,
                handler: Handler::Command { command: cmd.clone(), exec },
                timeout_ms: Some(1234),
                scope: hook_ir::Scope::default(),
                location: Location::path_only("p"),
                detail: Detail::None,
            };
            robust::check::write_checked(&sb, conv, Some(&bytes), std::slice::from_ref(&h));
        }
    }
}
