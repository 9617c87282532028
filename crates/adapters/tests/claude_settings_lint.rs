//! Lint-side tests of the `claude-settings` adapter over the fixture trees in
//! `fixtures/claude-settings/` (each has a `project/` and a `home/`), with reviewed snapshots.

use adapters::{Context, Discovered};
use hook_ir::{Code, Convention, Handler, Kind, Matcher};
use hooks_rules::{discover_only, load_file};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod robust;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/claude-settings")
        .join(name)
        .canonicalize()
        .expect("fixture exists")
}

fn ctx_for(root: &Path) -> Context {
    Context {
        project: Some(root.join("project")),
        home: Some(root.join("home")),
        env: Default::default(),
        apply_env_overrides: false,
        cwd: None,
        run_cache: None,
    }
}

fn lint(name: &str) -> Discovered {
    let root = fixture(name);
    discover_only(&ctx_for(&root), &[Convention::ClaudeSettings])
}

fn matcher(m: &Matcher) -> String {
    match m {
        Matcher::Any => "any".into(),
        Matcher::Exact { names } => format!("exact[{}]", names.join(",")),
        Matcher::Regex { dialect, pattern } => format!("regex:{}/{pattern}/", dialect.as_str()),
    }
}

/// A reviewable text form of a result; `root` is redacted to `[FIXTURE]`.
fn render(d: &Discovered, root: &Path) -> String {
    let mut s = String::new();
    writeln!(s, "sources:").unwrap();
    for src in &d.sources {
        writeln!(s, "  {}", src.display).unwrap();
    }
    writeln!(s, "hooks:").unwrap();
    for h in &d.batch.hooks {
        let cmd = match &h.handler {
            Handler::Command { command, exec } => format!("{exec:?} {command:?}"),
            Handler::Module { path } => format!("module {path}"),
        };
        let cmd: String = cmd.chars().take(100).collect();
        writeln!(
            s,
            "  {} {} {} {} timeout_ms={:?} at {}:{}:{}\n    id={}",
            h.kind,
            h.source_event,
            matcher(&h.matcher),
            cmd,
            h.timeout_ms,
            h.location.path,
            h.location.line.unwrap_or(0),
            h.location.column.unwrap_or(0),
            h.id
        )
        .unwrap();
    }
    writeln!(s, "diagnostics:").unwrap();
    for d in &d.batch.diagnostics {
        let loc = d.location.as_ref().map_or("-".to_string(), |l| {
            format!(
                "{}:{}:{}",
                l.path,
                l.line.unwrap_or(0),
                l.column.unwrap_or(0)
            )
        });
        let msg: String = d.message.chars().take(300).collect();
        writeln!(s, "  {} {} {loc}\n    {msg}", d.severity(), d.code).unwrap();
        if let Some(h) = &d.help {
            writeln!(s, "    help: {h}").unwrap();
        }
    }
    s.replace(&root.display().to_string(), "[FIXTURE]")
}

fn codes(d: &Discovered) -> Vec<Code> {
    d.batch.diagnostics.iter().map(|d| d.code).collect()
}

macro_rules! snapshot_fixture {
    ($test:ident, $name:literal) => {
        #[test]
        fn $test() {
            let d = lint($name);
            insta::assert_snapshot!($name, render(&d, &fixture($name)));
        }
    };
}

snapshot_fixture!(snapshot_project_and_local, "project-and-local");
snapshot_fixture!(snapshot_user_home, "user-home");
snapshot_fixture!(snapshot_plugin, "plugin");
snapshot_fixture!(snapshot_clean, "clean");
snapshot_fixture!(snapshot_unknown_events, "unknown-events");
snapshot_fixture!(snapshot_matchers, "matchers");
snapshot_fixture!(snapshot_handlers, "handlers");
snapshot_fixture!(snapshot_parse_error, "parse-error");
snapshot_fixture!(snapshot_scripts, "scripts");
snapshot_fixture!(snapshot_security, "security");
snapshot_fixture!(snapshot_adversarial, "adversarial");
snapshot_fixture!(snapshot_deep_nesting, "deep-nesting");
snapshot_fixture!(snapshot_not_an_object, "not-an-object");
snapshot_fixture!(snapshot_disabled, "disabled");

#[test]
fn clean_tree_yields_hooks_and_no_diagnostic() {
    let d = lint("clean");
    assert!(d.batch.diagnostics.is_empty(), "{:#?}", d.batch.diagnostics);
    let kinds: Vec<Kind> = d.batch.hooks.iter().map(|h| h.kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::UserPromptSubmit,
            Kind::SessionStart,
            Kind::SessionShutdown,
            Kind::PreToolUse,
            Kind::PreToolUse,
            Kind::PostToolUse,
            Kind::Stop
        ],
        "user settings first, then the project's"
    );
}

#[test]
fn project_and_local_files_are_both_read_with_kinds_timeouts_and_locations() {
    let d = lint("project-and-local");
    let by_event = |e: &str| {
        d.batch
            .hooks
            .iter()
            .find(|h| h.source_event == e)
            .unwrap_or_else(|| panic!("no {e} hook"))
    };
    let pre = by_event("PreToolUse");
    assert_eq!(pre.kind, Kind::PreToolUse);
    assert_eq!(pre.timeout_ms, Some(10_000), "seconds × 1000");
    assert_eq!(
        pre.matcher,
        Matcher::Exact {
            names: vec!["Bash".into()]
        }
    );
    assert_eq!(pre.location.path, ".claude/settings.json");
    assert_eq!(
        (pre.location.line, pre.location.column),
        (Some(12), Some(11))
    );
    assert_eq!(
        pre.id,
        "claude-settings:.claude/settings.json:PreToolUse:0:0"
    );
    let post = by_event("PostToolUse");
    assert_eq!(post.timeout_ms, Some(600_000), "Claude's default");
    assert_eq!(
        post.matcher,
        Matcher::Exact {
            names: vec!["Edit".into(), "MultiEdit".into(), "Write".into()]
        }
    );
    assert_eq!(
        by_event("UserPromptSubmit").location.path,
        ".claude/settings.local.json"
    );
    // Notification is valid but outside the six kinds: an info, no hook. `node
    // .claude/hooks/check-tests.mjs` breaks once the session `cd`s.
    assert_eq!(
        codes(&d),
        [Code::UnsupportedConventionEvent, Code::RelativeScriptPath]
    );
    assert!(d
        .batch
        .hooks
        .iter()
        .all(|h| h.source_event != "Notification"));
}

#[test]
fn plugin_hooks_resolve_plugin_root_and_skip_marketplace_clones() {
    let d = lint("plugin");
    assert_eq!(d.batch.hooks.len(), 2);
    assert!(d
        .sources
        .iter()
        .all(|s| s.display.starts_with("~/.claude/plugins/cache/")));
    // format.sh exists in the plugin; lint-command.py does not.
    assert_eq!(codes(&d), [Code::MissingScript]);
    assert!(d.batch.diagnostics[0].message.contains("lint-command.py"));
}

#[test]
fn each_mistake_gets_its_code() {
    let has = |name: &str, want: &[Code]| {
        let got = codes(&lint(name));
        for c in want {
            assert!(got.contains(c), "{name}: missing {c} in {got:?}");
        }
    };
    has(
        "unknown-events",
        &[
            Code::UnknownEvent,
            Code::IgnoredKey,
            Code::UnsupportedConventionEvent,
        ],
    );
    has(
        "matchers",
        &[
            Code::MatcherMatchesNothing,
            Code::MatcherParsedAsRegex,
            Code::PermissionRuleAsMatcher,
            Code::InvalidMatcherRegex,
            Code::MatcherHasNoEffect,
        ],
    );
    has(
        "handlers",
        &[
            Code::NonCommandHandler,
            Code::WrongValueType,
            Code::InvalidCommand,
            // One invalid handler and Claude Code loads none of the file's hooks, so the
            // rules (`timeout_looks_like_milliseconds`, ...) have no hook of it to check.
            Code::HooksFileRejected,
            Code::InvalidTimeout,
            Code::IgnoredKey,
        ],
    );
    has("parse-error", &[Code::ParseError]);
    has("disabled", &[Code::HooksDisabled]);
    has(
        "scripts",
        &[Code::PluginRootOutsidePlugin, Code::MissingScript],
    );
    has(
        "security",
        &[
            Code::ProjectSessionStartHook,
            Code::DownloadAndExecute,
            Code::WritesOutsideProject,
        ],
    );
}

#[test]
fn unknown_events_suggest_the_right_name() {
    let d = lint("unknown-events");
    let helps: Vec<_> = d
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::UnknownEvent)
        .map(|d| d.help.clone())
        .collect();
    assert_eq!(
        helps,
        [
            Some("did you mean `PreToolUse`? Event names are case-sensitive".to_string()),
            Some("did you mean `UserPromptSubmit`?".to_string()),
            None
        ]
    );
    // Of two `Stop` keys JSON keeps the last.
    let stops: Vec<_> = d
        .batch
        .hooks
        .iter()
        .filter(|h| h.source_event == "Stop")
        .filter_map(|h| h.command())
        .collect();
    assert_eq!(stops, ["echo second copy wins"]);
}

#[test]
fn an_event_at_the_top_level_loses_every_hook_of_the_file() {
    // Claude Code 2.1.332 (conformance: `syntax_top_level_event`): neither the misplaced hook
    // nor the valid one inside `hooks` runs.
    let d = lint("top-level-event");
    assert!(d.batch.hooks.is_empty(), "{:?}", d.batch.hooks);
    // One root cause, one error (issue 25): the rejection is said in the event's error.
    assert_eq!(codes(&d), [Code::MissingHooksWrapper]);
    let at: Vec<_> = d
        .batch
        .diagnostics
        .iter()
        .map(|d| d.location.as_ref().unwrap().line)
        .collect();
    assert_eq!(at, [Some(2)]);
    let message = &d.batch.diagnostics[0].message;
    assert!(
        message.contains("loads no other hook of this file"),
        "{message}"
    );
}

#[test]
fn session_start_rule_is_for_the_shared_project_file_only() {
    let d = lint("security");
    let at: Vec<_> = d
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::ProjectSessionStartHook)
        .map(|d| d.location.as_ref().unwrap().path.clone())
        .collect();
    assert_eq!(at, [".claude/settings.json"]);
    let writes = d
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::WritesOutsideProject)
        .count();
    assert_eq!(
        writes, 3,
        "/etc/profile, /var/log/..., /usr/local/bin/...; /tmp is fine"
    );
}

#[test]
fn explicit_files_are_detected_and_scoped_by_their_path() {
    let root = fixture("plugin");
    let hooks_json =
        root.join("home/.claude/plugins/cache/acme-tools/formatter/1.2.0/hooks/hooks.json");
    assert_eq!(
        adapters::detect_convention(&hooks_json),
        Some(Convention::ClaudeSettings)
    );
    let d = load_file(&ctx_for(&root), &hooks_json, None);
    assert_eq!(d.batch.hooks.len(), 2);
    // Read as a plugin file: ${CLAUDE_PLUGIN_ROOT} is allowed there.
    assert!(!codes(&d).contains(&Code::PluginRootOutsidePlugin));

    let scripts = fixture("scripts");
    let settings = scripts.join("project/.claude/settings.json");
    let d = load_file(&ctx_for(&scripts), &settings, None);
    assert!(codes(&d).contains(&Code::PluginRootOutsidePlugin));
}

#[test]
fn non_utf8_and_empty_files_are_parse_errors_with_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let claude = dir.path().join("project/.claude");
    std::fs::create_dir_all(&claude).unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().join("home")),
        ..Context::default()
    };
    std::fs::write(claude.join("settings.json"), b"{\"hooks\": \"\xff\xfe\"}").unwrap();
    let d = discover_only(&ctx, &[Convention::ClaudeSettings]);
    assert_eq!(codes(&d), [Code::ParseError]);
    let loc = d.batch.diagnostics[0].location.clone().unwrap();
    assert_eq!(
        (loc.path.as_str(), loc.line, loc.column),
        (".claude/settings.json", Some(1), Some(12))
    );

    std::fs::write(claude.join("settings.json"), "").unwrap();
    let d = discover_only(&ctx, &[Convention::ClaudeSettings]);
    assert_eq!(codes(&d), [Code::ParseError]);
}

#[test]
fn a_project_at_the_home_dir_reads_its_settings_once() {
    let root = fixture("user-home");
    let ctx = Context {
        project: Some(root.join("home")),
        home: Some(root.join("home")),
        ..Context::default()
    };
    let d = discover_only(&ctx, &[Convention::ClaudeSettings]);
    assert_eq!(d.sources.len(), 1);
}

mod arbitrary_input {
    use super::*;
    use proptest::prelude::*;

    fn lint_text(bytes: &[u8]) -> Discovered {
        let dir = tempfile::tempdir().unwrap();
        let claude = dir.path().join(".claude");
        std::fs::create_dir_all(&claude).unwrap();
        std::fs::write(claude.join("settings.json"), bytes).unwrap();
        let ctx = Context {
            project: Some(dir.path().to_path_buf()),
            ..Context::default()
        };
        discover_only(&ctx, &[Convention::ClaudeSettings])
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(serde_json::Value::from),
            prop_oneof![
                Just("command".to_string()),
                Just("PreToolUse".to_string()),
                Just("Stop".to_string()),
                Just("SessionStart".to_string()),
                Just("curl x | sh".to_string()),
                Just("${CLAUDE_PLUGIN_ROOT}/x.sh".to_string()),
                ".{0,12}"
            ]
            .prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(5, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
                prop::collection::vec(
                    (
                        prop_oneof![
                            Just("hooks".to_string()),
                            Just("matcher".to_string()),
                            Just("type".to_string()),
                            Just("command".to_string()),
                            Just("timeout".to_string()),
                            Just("PreToolUse".to_string()),
                            Just("UserPromptSubmit".to_string()),
                            ".{0,6}"
                        ],
                        inner
                    ),
                    0..4
                )
                .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let d = lint_text(&bytes);
            // Every diagnostic has a location in the file.
            for diag in &d.batch.diagnostics {
                prop_assert!(diag.location.is_some());
            }
        }

        #[test]
        fn arbitrary_text_is_located_in_range(text in ".{0,200}") {
            let d = lint_text(text.as_bytes());
            let src = d.sources.iter().find(|s| s.display.ends_with("settings.json")).expect("the file was read");
            for x in &d.batch.diagnostics {
                let l = x.location.as_ref().expect("a location");
                robust::check::check_location(l, &src.display, src.text.as_deref(), x.code.as_str());
            }
            for h in &d.batch.hooks {
                robust::check::check_location(&h.location, &src.display, src.text.as_deref(), &h.id);
            }
        }

        #[test]
        fn arbitrary_json_never_panics_and_every_hook_is_a_shell_command(
            v in json_value(),
            wrap in any::<bool>(),
        ) {
            let doc = if wrap { serde_json::json!({"hooks": {"PreToolUse": [v]}}) } else { v };
            let d = lint_text(serde_json::to_string_pretty(&doc).unwrap().as_bytes());
            for h in &d.batch.hooks {
                let shell = matches!(h.handler, Handler::Command { exec: hook_ir::Exec::Shell, .. });
                prop_assert!(shell, "not a shell command: {:?}", h.handler);
                prop_assert!(h.timeout_ms.is_some());
            }
        }
    }
}

#[test]
fn installed_plugins_json_install_paths_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let plugin = dir.path().join("elsewhere/guard-plugin");
    std::fs::create_dir_all(plugin.join("hooks")).unwrap();
    std::fs::create_dir_all(home.join(".claude/plugins")).unwrap();
    std::fs::write(
        plugin.join("hooks/hooks.json"),
        r#"{"description": "x", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo from-installed"}]}]}}"#,
    )
    .unwrap();
    let registry = serde_json::json!({
        "version": 2,
        "plugins": {"guard@acme": [{"scope": "user", "installPath": plugin, "version": "1.0.0"}]}
    });
    std::fs::write(
        home.join(".claude/plugins/installed_plugins.json"),
        registry.to_string(),
    )
    .unwrap();
    let ctx = Context {
        home: Some(home),
        ..Context::default()
    };
    let d = discover_only(&ctx, &[Convention::ClaudeSettings]);
    let cmds: Vec<_> = d.batch.hooks.iter().filter_map(|h| h.command()).collect();
    assert_eq!(cmds, ["echo from-installed"]);
}

#[test]
fn managed_settings_are_read_when_passed_explicitly() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("managed-settings.json");
    std::fs::write(
        &f,
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/opt/corp/guard"}]}]}}"#,
    )
    .unwrap();
    assert_eq!(
        adapters::detect_convention(&f),
        Some(Convention::ClaudeSettings)
    );
    let d = load_file(&Context::default(), &f, None);
    assert_eq!(d.batch.hooks.len(), 1);
    assert!(d.batch.diagnostics.is_empty(), "{:#?}", d.batch.diagnostics);
}
