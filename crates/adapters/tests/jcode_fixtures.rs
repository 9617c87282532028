//! Every jcode fixture, lowered: hooks and diagnostics snapshotted (reviewed), and the clean
//! tree yields no diagnostic.

mod toml_common;

use hook_ir::Convention;
use toml_common::*;

#[test]
fn fixtures_snapshot() {
    let root = fixtures().join("jcode");
    // The home dir is the fixture root, so locations read `~/invalid/....toml`.
    let ctx = ctx(&root, &[], false);
    let mut n = 0;
    for dir in ["valid", "invalid", "adversarial"] {
        for path in toml_files(&root.join(dir)) {
            let found = load(Convention::Jcode, &ctx, &path);
            let name = format!(
                "jcode__{dir}__{}",
                path.file_stem().unwrap().to_string_lossy()
            );
            insta::assert_yaml_snapshot!(name.clone(), found.batch);
            if dir == "valid" {
                assert!(
                    !found.batch.has_errors(),
                    "{name}: {:#?}",
                    found.batch.diagnostics
                );
            } else if dir == "invalid" {
                assert!(
                    !found.batch.diagnostics.is_empty(),
                    "{name} triggers nothing"
                );
            }
            n += 1;
        }
    }
    assert!(n >= 15, "only {n} fixtures");
}

#[test]
fn the_clean_home_yields_hooks_and_no_diagnostic() {
    let home = fixtures().join("jcode/clean/home");
    let found = hooks_rules::discover_only(&ctx(&home, &[], true), &[Convention::Jcode]);
    assert_eq!(
        found.batch.diagnostics,
        vec![],
        "clean tree must stay clean"
    );
    let events: Vec<_> = found
        .batch
        .hooks
        .iter()
        .map(|h| (h.source_event.as_str(), h.command().unwrap(), h.timeout_ms))
        .collect();
    assert_eq!(
        events,
        [
            ("pre_tool", "~/bin/guard.sh", Some(2000)),
            (
                "pre_tool",
                "sh -c 'cat >> /tmp/jcode-audit.log'",
                Some(2000)
            ),
            ("turn_end", "~/bin/guard.sh --notify", None),
            ("session_start", "true", None),
        ]
    );
    assert_eq!(found.sources.len(), 1);
    assert_eq!(found.sources[0].display, "~/.jcode/config.toml");
    assert!(found.sources[0]
        .text
        .as_deref()
        .unwrap()
        .contains("[hooks]"));
}

#[test]
fn env_fixture_snapshot() {
    let root = fixtures().join("jcode");
    let env = [
        ("JCODE_HOOK_PRE_TOOL", r#"["true --env-a", "true --env-b"]"#),
        ("JCODE_HOOK_POST_TOOL", ""),
        ("JCODE_HOOK_TURN_END", "[not, an, array]"),
        ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", "soon"),
        ("JCODE_HOOKS_DISABLED", "1"),
    ];
    let found = load(
        Convention::Jcode,
        &ctx(&root, &env, true),
        &root.join("env/config.toml"),
    );
    insta::assert_yaml_snapshot!(found.batch);
    let codes = codes(&found);
    for c in [
        "env_override_shadows_file",
        "invalid_env_override",
        "hooks_disabled_by_env",
        "program_not_found",
    ] {
        assert!(codes.contains(&c), "{c} missing: {codes:?}");
    }
}
