//! Every jarvis fixture, lowered: hooks and diagnostics snapshotted (reviewed), and the clean
//! tree yields no diagnostic.

mod toml_common;

use hook_ir::Convention;
use toml_common::*;

#[test]
fn fixtures_snapshot() {
    let root = fixtures().join("jarvis");
    // The home dir is the fixture root, so locations read `~/invalid/....toml`.
    let ctx = ctx(&root, &[], false);
    let mut n = 0;
    for dir in ["valid", "invalid", "adversarial"] {
        for path in toml_files(&root.join(dir)) {
            let found = load(Convention::Jarvis, &ctx, &path);
            let name = format!(
                "jarvis__{dir}__{}",
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
    let home = fixtures().join("jarvis/clean/home");
    let found = hooks_rules::discover_only(&ctx(&home, &[], true), &[Convention::Jarvis]);
    assert_eq!(
        found.batch.diagnostics,
        vec![],
        "clean tree must stay clean"
    );
    let got: Vec<_> = found
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.kind.as_str(),
                h.source_event.as_str(),
                h.command().unwrap(),
                h.timeout_ms,
                h.location.line,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "pre_tool_use",
                "PreToolUse",
                "./guard.sh",
                Some(10_000),
                Some(4)
            ),
            ("stop", "Stop", "./check-done.sh", Some(30_000), Some(10)),
            (
                "user_prompt_submit",
                "UserPromptSubmit",
                "cat >> /tmp/prompts.log",
                Some(30_000),
                Some(14)
            ),
            (
                "session_start",
                "SessionStart",
                "echo started",
                Some(30_000),
                Some(18)
            ),
            (
                "session_shutdown",
                "SessionEnd",
                "echo bye",
                Some(30_000),
                Some(23)
            ),
            (
                "post_tool_use",
                "PostToolUse",
                "echo done",
                Some(600_000),
                Some(27)
            ),
        ]
    );
    assert_eq!(found.sources[0].display, "~/.jarvis-code/config.toml");
}
