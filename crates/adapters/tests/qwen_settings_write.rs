//! The `qwen-settings` writer (issue 30): Gemini's format-preserving writer run with Qwen's
//! flavor — comments and other keys kept, timeouts in seconds (legacy milliseconds only where
//! seconds cannot say it), exact tool names as an anchored regex of Qwen's ids, idempotence,
//! and the round trip lower(write(hooks)) == hooks.

use adapters::write::{apply, WriteOptions};
use adapters::{plan_write, Context};
use hook_ir::{Convention, Detail, Exec, Handler, Hook, Kind, Location, Matcher};
use hooks_rules::discover_only;

const QW: Convention = Convention::QwenSettings;

fn hook(kind: Kind, event: &str, matcher: Matcher, command: &str, timeout_ms: u64) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("test:{event}:{command}"),
        kind,
        convention: QW,
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

const EXISTING: &str = r#"// My Qwen settings.
{
  "ui": { "theme": "GitHub" }, // keep me
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "./stop.sh" }] }]
  },
  "$version": 4
}
"#;

#[test]
fn writes_into_qwen_settings_keeping_the_file_and_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().join("home")),
        ..Context::default()
    };
    let file = dir.path().join("project/.qwen/settings.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, EXISTING).unwrap();
    let hooks = [
        hook(
            Kind::PreToolUse,
            "PreToolUse",
            // `Bash` is Claude's spelling the tool table keeps; Qwen reads it exactly only alone.
            Matcher::Exact {
                names: vec!["Bash".into(), "write_file".into()],
            },
            "./guard.sh",
            5000,
        ),
        hook(
            Kind::PostToolUse,
            "PostToolUse",
            Matcher::Any,
            "./post.sh",
            1500,
        ),
        hook(Kind::Stop, "Stop", Matcher::Any, "./verify.sh", 60_000),
    ];
    let plan = plan_write(&ctx, QW, &hooks, &WriteOptions::default());
    assert!(plan.diagnostics.is_empty(), "{:#?}", plan.diagnostics);
    apply(&plan).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    for kept in [
        "// My Qwen settings.",
        "// keep me",
        "\"$version\": 4",
        "./stop.sh",
    ] {
        assert!(text.contains(kept), "{kept}:\n{text}");
    }
    assert!(
        text.contains(r#""matcher": "^(?:run_shell_command|write_file)$""#),
        "{text}"
    );
    assert!(text.contains(r#""timeout": 5"#), "{text}");
    assert!(text.contains(r#""timeout": 1500"#), "{text}");
    // The default is not written.
    assert_eq!(text.matches("\"timeout\"").count(), 2, "{text}");

    let read = discover_only(&ctx, &[QW]);
    let qwen: Vec<&Hook> = read
        .batch
        .hooks
        .iter()
        .filter(|h| h.convention == QW)
        .collect();
    let find = |c: &str| {
        *qwen
            .iter()
            .find(|h| h.command() == Some(c))
            .unwrap_or_else(|| panic!("{c}: {qwen:#?}"))
    };
    assert_eq!(
        find("./guard.sh").matcher,
        Matcher::Exact {
            names: vec!["run_shell_command".into(), "write_file".into()]
        }
    );
    assert_eq!(find("./guard.sh").timeout_ms, Some(5000));
    assert_eq!(find("./post.sh").timeout_ms, Some(1500));
    assert_eq!(find("./verify.sh").timeout_ms, Some(60_000));

    // A second write changes nothing.
    let again = plan_write(&ctx, QW, &hooks, &WriteOptions::default());
    assert!(again.diagnostics.is_empty(), "{:#?}", again.diagnostics);
    assert!(
        again
            .changes
            .iter()
            .all(|c| c.before.as_deref() == Some(c.after.as_str())),
        "{:#?}",
        again.changes
    );
}
