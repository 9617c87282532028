//! Regressions found by the writer fuzz targets (`fuzz/`): a write that "succeeds" but whose
//! hook the agent never runs is refused with a coded diagnostic, and an unreadable target is
//! refused at planning time rather than planned as absent.

use adapters::write::{apply, WriteOptions};
use adapters::{plan_write, Context};
use hook_ir::{Code, Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher};
use hooks_rules::load_file;
use std::path::{Path, PathBuf};

fn hook(conv: Convention, kind: Kind, event: &str, cmd: &str, exec: Exec) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: "t".into(),
        kind,
        convention: conv,
        source_event: event.into(),
        matcher: Matcher::Any,
        handler: Handler::Command {
            command: cmd.into(),
            exec,
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("t"),
        detail: Detail::None,
    }
}

fn setup(rel: &str, text: &[u8]) -> (tempfile::TempDir, Context, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().to_path_buf()),
        ..Context::default()
    };
    (dir, ctx, path)
}

/// Plans `h` into `path` and returns the codes of the plan; the file must be left as it was.
fn refused_codes(ctx: &Context, conv: Convention, path: &Path, h: Hook) -> Vec<Code> {
    let before = std::fs::read(path).unwrap();
    let opts = WriteOptions {
        force: false,
        target: Some(path.to_path_buf()),
        base: None,
    };
    let plan = plan_write(ctx, conv, &[h], &opts);
    assert!(plan.changes.is_empty(), "{plan:?}");
    apply(&plan).unwrap();
    assert_eq!(std::fs::read(path).unwrap(), before, "the file was changed");
    plan.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn jcode_a_type_error_in_hooks_disables_the_file_so_the_import_is_refused() {
    let (_d, ctx, path) = setup(
        ".jcode/config.toml",
        b"[hooks]\npre_tool = \"true\"\npre_tool_timeout_ms = -1\n",
    );
    let h = hook(
        Convention::Jcode,
        Kind::SessionStart,
        "session_start",
        "true",
        Exec::Direct,
    );
    let plan = plan_write(
        &ctx,
        Convention::Jcode,
        std::slice::from_ref(&h),
        &WriteOptions {
            force: false,
            target: Some(path.clone()),
            base: None,
        },
    );
    let d = plan.diagnostics.last().expect("a refusal");
    assert_eq!(d.code, Code::ImportConflict);
    // The reason is the reader's own: what jcode does with this file.
    assert!(d.message.contains("pre_tool_timeout_ms"), "{}", d.message);
    assert!(d.message.contains("session_start"), "{}", d.message);
    assert_eq!(
        refused_codes(&ctx, Convention::Jcode, &path, h),
        [Code::ImportConflict]
    );
}

#[test]
fn jarvis_one_empty_command_rejects_the_hooks_list_so_the_import_is_refused() {
    let (_d, ctx, path) = setup(
        ".jarvis-code/config.toml",
        b"[[hooks]]\nevent = \"Stop\"\ncommand = \"\"\n",
    );
    let h = hook(
        Convention::Jarvis,
        Kind::PostToolUse,
        "PostToolUse",
        "./log.sh",
        Exec::Shell,
    );
    assert_eq!(
        refused_codes(&ctx, Convention::Jarvis, &path, h),
        [Code::ImportConflict]
    );
}

#[test]
fn claude_an_event_key_written_twice_is_not_merged_into_the_copy_claude_ignores() {
    // JSON.parse keeps the last of duplicate keys: a hook added to the first `Stop` never runs.
    let text = br#"{
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "echo first copy"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "echo second copy wins"}]}]
  }
}
"#;
    let (_d, ctx, path) = setup("project/.claude/settings.json", text);
    let read = load_file(&ctx, &path, Some(Convention::ClaudeSettings));
    let cmds: Vec<_> = read.batch.hooks.iter().map(|h| h.handler.clone()).collect();
    assert_eq!(
        cmds,
        [Handler::Command {
            command: "echo second copy wins".into(),
            exec: Exec::Shell
        }],
        "the reader keeps the last copy, as Claude does"
    );
    let mut h = hook(
        Convention::ClaudeSettings,
        Kind::Stop,
        "Stop",
        "cargo check",
        Exec::Shell,
    );
    h.timeout_ms = Some(600_000);
    let opts = WriteOptions {
        force: false,
        target: Some(path.clone()),
        base: None,
    };
    let plan = plan_write(
        &ctx,
        Convention::ClaudeSettings,
        std::slice::from_ref(&h),
        &opts,
    );
    let d = plan.diagnostics.last().expect("a refusal");
    assert_eq!(d.code, Code::ImportConflict, "{plan:?}");
    assert!(
        d.message.contains("`Stop` hook `cargo check`"),
        "{}",
        d.message
    );
    assert_eq!(
        refused_codes(&ctx, Convention::ClaudeSettings, &path, h),
        [Code::ImportConflict]
    );
}

#[test]
fn codex_an_unreadable_target_is_refused_when_planning() {
    let (_d, ctx, path) = setup(
        ".codex/hooks.json",
        b"{\n  \"hooks\": {\n    \"Stop\": [],\n  }\xa1\n}\n",
    );
    let mut h = hook(
        Convention::CodexJson,
        Kind::PreToolUse,
        "PreToolUse",
        "./a.sh",
        Exec::LoginShell,
    );
    h.matcher = Matcher::Regex {
        dialect: Dialect::Rust,
        pattern: "^Bash$".into(),
    };
    assert_eq!(
        refused_codes(&ctx, Convention::CodexJson, &path, h),
        [Code::UnreadableSource]
    );
}
