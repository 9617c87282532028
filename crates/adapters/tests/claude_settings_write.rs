//! The `claude-settings` writer: format-preserving merges into `.claude/settings.json`,
//! idempotence, refusals, and the round trip lower(write(hooks)) == hooks.

use adapters::write::{apply, WriteOptions};
use adapters::{plan_write, Context};
use hook_ir::{Code, Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher};
use hooks_rules::discover_only;
use std::path::{Path, PathBuf};

const CL: Convention = Convention::ClaudeSettings;

fn hook(kind: Kind, event: &str, matcher: Matcher, command: &str, timeout_ms: u64) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("test:{event}:{command}"),
        kind,
        convention: CL,
        source_event: event.into(),
        matcher,
        handler: Handler::Command {
            command: command.into(),
            exec: Exec::Shell,
        },
        timeout_ms: Some(timeout_ms),
        scope: hook_ir::Scope::default(),
        location: Location::path_only("test"),
        detail: Detail::None,
    }
}

fn exact(names: &[&str]) -> Matcher {
    Matcher::Exact {
        names: names.iter().map(|s| s.to_string()).collect(),
    }
}

fn project() -> (tempfile::TempDir, Context) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().join("home")),
        ..Context::default()
    };
    std::fs::create_dir_all(dir.path().join("project")).unwrap();
    (dir, ctx)
}

fn settings(ctx: &Context) -> PathBuf {
    ctx.project.as_ref().unwrap().join(".claude/settings.json")
}

fn write(ctx: &Context, hooks: &[Hook], force: bool) -> adapters::write::Plan {
    let plan = plan_write(
        ctx,
        CL,
        hooks,
        &WriteOptions {
            force,
            target: None,
            base: None,
        },
    );
    apply(&plan).unwrap();
    plan
}

/// What must survive a round trip.
fn essence(hooks: &[Hook]) -> Vec<(Kind, String, Matcher, Handler, Option<u64>)> {
    hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.clone(),
                h.matcher.clone(),
                h.handler.clone(),
                h.timeout_ms,
            )
        })
        .collect()
}

fn lower(ctx: &Context) -> adapters::Discovered {
    discover_only(ctx, &[CL])
}

fn sample() -> Vec<Hook> {
    vec![
        hook(
            Kind::PreToolUse,
            "PreToolUse",
            exact(&["Bash", "Edit"]),
            "./guard.sh",
            30_000,
        ),
        hook(
            Kind::PostToolUse,
            "PostToolUse",
            Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: "Notebook.*".into(),
            },
            "echo \"done: $(jq -r .tool_name)\"",
            600_000,
        ),
        hook(
            Kind::Stop,
            "Stop",
            Matcher::Any,
            "cargo check --quiet",
            600_000,
        ),
        hook(
            Kind::UserPromptSubmit,
            "UserPromptSubmit",
            Matcher::Any,
            "date",
            1_500,
        ),
        hook(
            Kind::SessionShutdown,
            "SessionEnd",
            Matcher::Any,
            "echo bye >> ~/.claude/log",
            600_000,
        ),
    ]
}

#[test]
fn a_new_file_is_created_and_reads_back_as_the_same_hooks() {
    let (_dir, ctx) = project();
    std::fs::write(
        ctx.project.as_ref().unwrap().join("guard.sh"),
        "#!/bin/sh\n",
    )
    .unwrap();
    let hooks = sample();
    let plan = write(&ctx, &hooks, false);
    assert!(plan.diagnostics.is_empty(), "{:#?}", plan.diagnostics);
    let text = std::fs::read_to_string(settings(&ctx)).unwrap();
    insta::assert_snapshot!("new_file", text);
    let back = lower(&ctx);
    // The sample's `./guard.sh` is written as given; lint then says it breaks once the session
    // `cd`s (the writer does not rewrite commands). Nothing else is reported.
    let codes: Vec<_> = back.batch.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [hook_ir::Code::RelativeScriptPath],
        "{:#?}",
        back.batch.diagnostics
    );
    assert!(back.batch.diagnostics[0].message.contains("./guard.sh"));
    assert_eq!(essence(&back.batch.hooks), essence(&hooks));
}

#[test]
fn writing_the_same_hooks_again_changes_nothing() {
    let (_dir, ctx) = project();
    write(&ctx, &sample(), false);
    let again = plan_write(&ctx, CL, &sample(), &WriteOptions::default());
    assert!(again.diagnostics.is_empty(), "{:#?}", again.diagnostics);
    assert!(again.changes.iter().all(|c| c.is_noop()));
    // And the hooks read back from the file write back as a no-op too.
    let back = lower(&ctx).batch.hooks;
    let third = plan_write(&ctx, CL, &back, &WriteOptions::default());
    assert!(third.changes.iter().all(|c| c.is_noop()), "{third:#?}");
}

fn copy_fixture(name: &str, to: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/claude-settings")
        .join(name);
    for e in walkdir::WalkDir::new(&from) {
        let e = e.unwrap();
        let rel = e.path().strip_prefix(&from).unwrap();
        let dst = to.join(rel);
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&dst).unwrap();
        } else {
            std::fs::copy(e.path(), &dst).unwrap();
        }
    }
}

#[test]
fn merging_keeps_other_keys_their_order_and_the_formatting() {
    let (dir, ctx) = project();
    copy_fixture("project-and-local", dir.path());
    let before = std::fs::read_to_string(settings(&ctx)).unwrap();
    let existing = lower(&ctx).batch.hooks;
    let pre = existing
        .iter()
        .find(|h| h.source_event == "PreToolUse")
        .unwrap()
        .clone();
    let mut hooks = vec![
        // Already there (as read back): a no-op.
        pre.clone(),
        // Same group (matcher `Bash`), new command: appended to that group.
        Hook {
            handler: Handler::Command {
                command: "./.claude/hooks/audit.sh".into(),
                exec: Exec::Shell,
            },
            detail: Detail::None,
            ..pre
        },
        // A new event.
        hook(
            Kind::SessionShutdown,
            "SessionEnd",
            Matcher::Any,
            "echo bye",
            600_000,
        ),
    ];
    hooks.push(hook(
        Kind::PreToolUse,
        "PreToolUse",
        exact(&["Read"]),
        "echo read",
        600_000,
    ));
    let plan = write(&ctx, &hooks, false);
    assert!(plan.diagnostics.is_empty(), "{:#?}", plan.diagnostics);
    let after = std::fs::read_to_string(settings(&ctx)).unwrap();
    insta::assert_snapshot!("merged_project_settings", after);
    // Everything that was there is still there, in the same order.
    let key_order = |t: &str| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(t).unwrap();
        v.as_object().unwrap().keys().cloned().collect()
    };
    assert_eq!(key_order(&before), key_order(&after));
    let b: serde_json::Value = serde_json::from_str(&before).unwrap();
    let a: serde_json::Value = serde_json::from_str(&after).unwrap();
    for k in ["$schema", "permissions", "model"] {
        assert_eq!(a[k], b[k], "{k}");
    }
    assert!(after.starts_with(&before[..before.find("\"hooks\"").unwrap()]));
    let bash_group = &a["hooks"]["PreToolUse"][0];
    assert_eq!(bash_group["matcher"], "Bash");
    assert_eq!(bash_group["hooks"].as_array().unwrap().len(), 2);
    assert_eq!(a["hooks"]["PreToolUse"][1]["matcher"], "Read");
    // The other file of the project is not touched.
    assert_eq!(plan.changes.len(), 1);
}

#[test]
fn four_space_indentation_and_unicode_survive() {
    let (_dir, ctx) = project();
    let path = settings(&ctx);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let before = "{\n    \"language\": \"français — 日本語\",\n    \"hooks\": {\n        \"Stop\": []\n    }\n}\n";
    std::fs::write(&path, before).unwrap();
    write(
        &ctx,
        &[hook(Kind::Stop, "Stop", Matcher::Any, "echo é", 600_000)],
        false,
    );
    let after = std::fs::read_to_string(&path).unwrap();
    insta::assert_snapshot!("four_space_indent", after);
    assert!(
        after.contains("\n        \"Stop\": [\n            {"),
        "{after}"
    );
    assert!(after.contains("français — 日本語"));
}

#[test]
fn a_differing_entry_is_replaced_only_with_force() {
    let (_dir, ctx) = project();
    let h = hook(Kind::Stop, "Stop", Matcher::Any, "./check.sh", 30_000);
    write(&ctx, std::slice::from_ref(&h), false);
    let longer = Hook {
        timeout_ms: Some(60_000),
        ..h
    };
    let refused = plan_write(
        &ctx,
        CL,
        std::slice::from_ref(&longer),
        &WriteOptions::default(),
    );
    assert_eq!(
        refused
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect::<Vec<_>>(),
        // The one conflict code of every writer (it was a `duplicate_hook`, which means a
        // repeated hook in the source batch, not a differing target).
        [Code::ImportConflict]
    );
    assert!(refused.changes.iter().all(|c| c.is_noop()));
    let forced = write(&ctx, std::slice::from_ref(&longer), true);
    assert_eq!(
        forced
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect::<Vec<_>>(),
        [Code::ForcedOverwrite]
    );
    let back = lower(&ctx).batch.hooks;
    assert_eq!(essence(&back), essence(&[longer]));
}

#[test]
fn an_explicit_default_timeout_is_kept_and_raw_matchers_win() {
    let (_dir, ctx) = project();
    let mut h = hook(
        Kind::PreToolUse,
        "PreToolUse",
        exact(&["Edit", "Write"]),
        "./fmt.sh",
        600_000,
    );
    h.detail = Detail::JsonGroup {
        group: 0,
        index: 0,
        raw_matcher: Some("Edit | Write".into()),
        timeout_explicit: true,
        is_async: Some(true),
        status_message: Some("Formatting".into()),
        gjc_managed: false,
    };
    write(&ctx, std::slice::from_ref(&h), false);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(settings(&ctx)).unwrap()).unwrap();
    assert_eq!(
        v["hooks"]["PreToolUse"][0],
        serde_json::json!({
            "matcher": "Edit | Write",
            "hooks": [{"type": "command", "command": "./fmt.sh", "timeout": 600,
                       "async": true, "statusMessage": "Formatting"}]
        })
    );
    assert_eq!(essence(&lower(&ctx).batch.hooks), essence(&[h]));
}

#[test]
fn invalid_files_and_foreign_hooks_are_refused() {
    let (_dir, ctx) = project();
    let path = settings(&ctx);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{\"hooks\": {},}\n").unwrap();
    let plan = plan_write(&ctx, CL, &sample(), &WriteOptions::default());
    assert!(plan.changes.is_empty());
    assert_eq!(plan.diagnostics[0].code, Code::ParseError);

    std::fs::write(&path, "{\"hooks\": []}\n").unwrap();
    let plan = plan_write(&ctx, CL, &sample(), &WriteOptions::default());
    assert!(plan.changes.is_empty());
    assert_eq!(plan.diagnostics[0].code, Code::WrongValueType);

    std::fs::write(&path, "{}\n").unwrap();
    let mut foreign = hook(Kind::PreToolUse, "pre_tool", Matcher::Any, "guard", 5000);
    foreign.convention = Convention::Jcode;
    let plan = plan_write(&ctx, CL, &[foreign], &WriteOptions::default());
    assert_eq!(plan.diagnostics[0].code, Code::SemanticMismatch);
    assert!(plan.changes.iter().all(|c| c.is_noop()));

    let nowhere = Context::default();
    let plan = plan_write(&nowhere, CL, &sample(), &WriteOptions::default());
    assert_eq!(plan.diagnostics[0].code, Code::InvalidSource);
}

#[test]
fn an_explicit_target_is_written_instead_of_the_project_file() {
    let (dir, ctx) = project();
    let target = dir.path().join("elsewhere/settings.local.json");
    let plan = plan_write(
        &ctx,
        CL,
        &sample(),
        &WriteOptions {
            force: false,
            target: Some(target.clone()),
            base: None,
        },
    );
    apply(&plan).unwrap();
    assert!(target.is_file());
    assert!(!settings(&ctx).exists());
}

#[test]
fn the_clean_fixture_round_trips_through_the_writer() {
    let (dir, ctx) = project();
    copy_fixture("clean", dir.path());
    let read = lower(&Context {
        home: None,
        ..ctx.clone()
    })
    .batch
    .hooks;
    std::fs::remove_file(settings(&ctx)).unwrap();
    write(&ctx, &read, false);
    let back = lower(&Context { home: None, ..ctx }).batch;
    assert!(back.diagnostics.is_empty(), "{:#?}", back.diagnostics);
    assert_eq!(essence(&back.hooks), essence(&read));
}

mod arbitrary_existing_files {
    use super::*;
    use proptest::prelude::*;

    fn existing() -> impl Strategy<Value = String> {
        prop_oneof![
            ".{0,80}",
            Just("{}".to_string()),
            Just("{\"hooks\": {\"Stop\": [{\"hooks\": []}]}}".to_string()),
            Just("{\"hooks\": {\"Stop\": 3}}".to_string()),
            Just("{\"hooks\": {\"Stop\": [7, {\"hooks\": {}}]}}".to_string()),
            Just("{\"hooks\": {\"Stop\": [{\"matcher\": 1, \"hooks\": [null, {\"type\": \"command\", \"command\": \"./check.sh\", \"timeout\": \"x\"}]}]}}".to_string()),
            Just("[1, 2]".to_string()),
            Just("{\"a\": {\"b\": [1, {\"c\": null}]}, \"hooks\": {}}".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Whatever the existing file holds, planning never panics; when it writes, the result
        /// is JSON that holds the new hook and every top-level key the file had.
        #[test]
        fn planning_over_any_existing_file_is_safe(text in existing()) {
            let (_dir, ctx) = project();
            let path = settings(&ctx);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
            let h = hook(Kind::Stop, "Stop", Matcher::Any, "./check.sh", 30_000);
            let plan = plan_write(&ctx, CL, std::slice::from_ref(&h), &WriteOptions::default());
            for c in plan.changes.iter().filter(|c| !c.is_noop()) {
                let after: serde_json::Value = serde_json::from_str(&c.after)
                    .map_err(|e| TestCaseError::fail(format!("{e}: {}", c.after)))?;
                prop_assert!(c.after.contains("./check.sh"));
                if let Ok(serde_json::Value::Object(before)) = serde_json::from_str::<serde_json::Value>(&text) {
                    for k in before.keys() {
                        prop_assert!(after.get(k).is_some(), "lost key {k}");
                    }
                }
            }
        }
    }
}

#[test]
fn matchers_are_written_so_claude_reads_them_back_unchanged() {
    let (_dir, ctx) = project();
    let regex = |p: &str, d: Dialect| Matcher::Regex {
        dialect: d,
        pattern: p.into(),
    };
    let hooks = vec![
        // A Jarvis-style substring regex that Claude would take for an exact name.
        hook(
            Kind::PreToolUse,
            "PreToolUse",
            regex("Edit", Dialect::Ecmascript),
            "a",
            600_000,
        ),
        // Names Claude would read as a regex.
        hook(
            Kind::PreToolUse,
            "PreToolUse",
            exact(&["my.tool", "Bash"]),
            "b",
            600_000,
        ),
        hook(
            Kind::PreToolUse,
            "PreToolUse",
            regex("^Write$", Dialect::Rust),
            "c",
            600_000,
        ),
    ];
    let plan = write(&ctx, &hooks, false);
    assert!(plan.diagnostics.is_empty(), "{:#?}", plan.diagnostics);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(settings(&ctx)).unwrap()).unwrap();
    let written: Vec<_> = v["hooks"]["PreToolUse"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["matcher"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(written, ["(?:Edit)", "^(?:my\\.tool|Bash)$", "^Write$"]);
    // What fires is what fired before.
    let back = lower(&ctx).batch.hooks;
    for (before, after) in hooks.iter().zip(&back) {
        let (b, a) = (
            before.matcher.compile().unwrap(),
            after.matcher.compile().unwrap(),
        );
        for tool in [
            "Edit",
            "MultiEdit",
            "my.tool",
            "myXtool",
            "Bash",
            "Write",
            "Writer",
        ] {
            assert_eq!(
                b.is_match(tool),
                a.is_match(tool),
                "{tool}: {:?} vs {:?}",
                before.matcher,
                after.matcher
            );
        }
    }

    // A raw matcher that no longer says what the IR says is not reused.
    let mut stale = hook(Kind::Stop, "PostToolUse", exact(&["Write"]), "d", 600_000);
    stale.kind = Kind::PostToolUse;
    stale.detail = Detail::JsonGroup {
        group: 0,
        index: 0,
        raw_matcher: Some("Edit".into()),
        timeout_explicit: false,
        is_async: None,
        status_message: None,
        gjc_managed: false,
    };
    write(&ctx, &[stale], false);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(settings(&ctx)).unwrap()).unwrap();
    assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "Write");

    // Matchers that cannot be written are refused, not widened.
    let refused = plan_write(
        &ctx,
        CL,
        &[
            hook(Kind::Stop, "Stop", exact(&[]), "e", 600_000),
            hook(
                Kind::PreToolUse,
                "PreToolUse",
                regex("(?i)bash", Dialect::Rust),
                "f",
                600_000,
            ),
        ],
        &WriteOptions::default(),
    );
    let codes: Vec<_> = refused.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::SemanticMismatch, Code::SemanticMismatch]);
    assert!(refused.changes.iter().all(|c| c.is_noop()));
}

#[test]
fn a_file_with_a_byte_order_mark_is_read_but_not_rewritten() {
    // Claude Code 2.1.332 reads it (conformance: `syntax_bom`); the editor would drop the mark.
    let (_d, ctx) = project();
    let path = settings(&ctx);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = "\u{feff}{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"echo a\"}]}]}}\n";
    std::fs::write(&path, text).unwrap();
    let read = discover_only(&ctx, &[CL]);
    assert_eq!(read.batch.hooks.len(), 1, "{:?}", read.batch.diagnostics);
    assert!(
        read.batch.diagnostics.is_empty(),
        "{:?}",
        read.batch.diagnostics
    );
    let h = hook(Kind::Stop, "Stop", Matcher::Any, "echo b", 60_000);
    let plan = plan_write(&ctx, CL, &[h], &WriteOptions::default());
    assert_eq!(plan.diagnostics[0].code, Code::InvalidSource, "{plan:?}");
    apply(&plan).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn writing_into_a_file_that_disables_every_hook_says_so() {
    // The hooks are written (the switch is the user's), but the plan says Claude runs none of
    // them (found by the writer fuzz target once the reader applied `disableAllHooks`).
    let (_d, ctx) = project();
    let path = settings(&ctx);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{\"disableAllHooks\": true}\n").unwrap();
    let h = hook(Kind::Stop, "Stop", Matcher::Any, "echo b", 60_000);
    let plan = write(&ctx, &[h], false);
    let codes: Vec<_> = plan.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::HooksDisabled], "{plan:?}");
    assert!(std::fs::read_to_string(&path).unwrap().contains("echo b"));
    assert!(discover_only(&ctx, &[CL]).batch.hooks.is_empty());
}
