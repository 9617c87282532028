//! The `gemini-settings` writer (issue 15): format-preserving merges into
//! `.gemini/settings.json` (comments kept), milliseconds, one definition per exact value on
//! `SessionStart`, idempotence, conflicts, and the round trip lower(write(hooks)) == hooks.

use adapters::write::{apply, WriteOptions};
use adapters::{plan_write, Context};
use hook_ir::{Code, Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher};
use hooks_rules::discover_only;
use std::path::PathBuf;

const GE: Convention = Convention::GeminiSettings;

fn hook(kind: Kind, event: &str, matcher: Matcher, command: &str, timeout_ms: u64) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("test:{event}:{command}"),
        kind,
        convention: GE,
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

fn project() -> (tempfile::TempDir, Context) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().join("home")),
        ..Context::default()
    };
    std::fs::create_dir_all(dir.path().join("project/.gemini")).unwrap();
    (dir, ctx)
}

fn settings(ctx: &Context) -> PathBuf {
    ctx.project.as_ref().unwrap().join(".gemini/settings.json")
}

fn write(ctx: &Context, hooks: &[Hook], force: bool) -> adapters::write::Plan {
    let plan = plan_write(
        ctx,
        GE,
        hooks,
        &WriteOptions {
            force,
            ..WriteOptions::default()
        },
    );
    apply(&plan).unwrap();
    plan
}

const EXISTING: &str = r#"// My Gemini settings.
{
    "ui": {"theme": "GitHub"}, /* keep me */
    "hooks": {
        "BeforeTool": [
            {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./mine.sh"}]}
        ]
    }
}
"#;

fn hooks() -> Vec<Hook> {
    vec![
        hook(
            Kind::PreToolUse,
            "BeforeTool",
            Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: "run_shell_command".into(),
            },
            "./guard.sh",
            30_000,
        ),
        hook(
            Kind::PreToolUse,
            "BeforeTool",
            Matcher::Exact {
                names: vec!["write_file".into(), "replace".into()],
            },
            "./paths.sh",
            60_000,
        ),
        hook(
            Kind::SessionStart,
            "SessionStart",
            Matcher::Exact {
                names: vec!["startup".into(), "resume".into()],
            },
            "./start.sh",
            60_000,
        ),
        hook(
            Kind::Stop,
            "AfterAgent",
            Matcher::Any,
            "./verify.sh",
            600_000,
        ),
    ]
}

#[test]
fn merges_keeping_comments_and_formatting_and_reads_back_the_same_hooks() {
    let (_d, ctx) = project();
    std::fs::write(settings(&ctx), EXISTING).unwrap();
    let plan = write(&ctx, &hooks(), false);
    assert!(plan.diagnostics.is_empty(), "{:#?}", plan.diagnostics);
    let text = std::fs::read_to_string(settings(&ctx)).unwrap();
    insta::assert_snapshot!("merged_project_settings", text);
    assert!(text.starts_with("// My Gemini settings.") && text.contains("/* keep me */"));
    // Read back: the user's hook and ours, with the same meaning (their scripts exist, so the
    // rules have nothing to say about them).
    for script in ["mine.sh", "guard.sh", "verify.sh", "paths.sh", "start.sh"] {
        std::fs::write(ctx.project.as_ref().unwrap().join(script), "#!/bin/sh\n").unwrap();
    }
    let back = discover_only(&ctx, &[GE]);
    assert!(
        back.batch.diagnostics.iter().all(|d| matches!(
            d.code,
            Code::ProjectSessionStartHook | Code::GeminiFolderUntrusted
        )),
        "{:#?}",
        back.batch.diagnostics
    );
    let cmds: Vec<_> = back
        .batch
        .hooks
        .iter()
        .filter_map(|h| h.command())
        .collect();
    assert_eq!(
        cmds,
        [
            "./mine.sh",
            "./guard.sh",
            "./paths.sh",
            "./start.sh",
            "./start.sh",
            "./verify.sh"
        ]
    );
    let paths = &back.batch.hooks[2];
    let m = paths.matcher.compile().unwrap();
    assert!(m.is_match("replace") && m.is_match("write_file") && !m.is_match("mcp_x_replace"));
    let verify = back.batch.hooks.last().unwrap();
    assert_eq!(verify.timeout_ms, Some(600_000));
    // A second run changes nothing.
    let again = write(&ctx, &hooks(), false);
    assert!(again.changes.iter().all(|c| c.is_noop()), "{again:#?}");
}

#[test]
fn a_differing_hook_is_a_conflict_unless_forced() {
    let (_d, ctx) = project();
    std::fs::write(settings(&ctx), EXISTING).unwrap();
    let mut h = hooks()[0].clone();
    h.handler = Handler::Command {
        command: "./mine.sh".into(),
        exec: Exec::Shell,
    };
    let plan = write(&ctx, &[h.clone()], false);
    assert_eq!(plan.diagnostics[0].code, Code::ImportConflict);
    assert_eq!(std::fs::read_to_string(settings(&ctx)).unwrap(), EXISTING);
    let plan = write(&ctx, &[h], true);
    assert_eq!(plan.diagnostics[0].code, Code::ForcedOverwrite);
    assert!(std::fs::read_to_string(settings(&ctx))
        .unwrap()
        .contains(r#""timeout": 30000"#));
}

#[test]
fn refuses_what_gemini_cannot_read_the_same_way() {
    let (_d, ctx) = project();
    let h = hook(
        Kind::SessionStart,
        "SessionStart",
        Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: "start.*".into(),
        },
        "./s.sh",
        60_000,
    );
    let plan = write(&ctx, &[h], false);
    assert_eq!(plan.diagnostics[0].code, Code::SemanticMismatch);
    std::fs::write(settings(&ctx), "{\"hooks\": [],}").unwrap();
    let plan = plan_write(&ctx, GE, &hooks(), &WriteOptions::default());
    assert_eq!(plan.diagnostics[0].code, Code::ParseError);
    assert!(plan.changes.is_empty());
}
