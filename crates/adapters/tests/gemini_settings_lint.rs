//! Lint-side tests of the `gemini-settings` adapter (issue 15) over the fixture trees in
//! `fixtures/gemini-settings/` (each has a `project/` and a `home/`), with reviewed snapshots.

use adapters::{Context, Discovered};
use hook_ir::{Code, Convention, Handler, Kind, Matcher};
use hooks_rules::{discover_only, load_file};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/gemini-settings")
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
    discover_only(&ctx_for(&fixture(name)), &[Convention::GeminiSettings])
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
        writeln!(
            s,
            "  {} {} {} {} timeout_ms={:?} at {}:{}:{}",
            h.kind,
            h.source_event,
            matcher(&h.matcher),
            cmd,
            h.timeout_ms,
            h.location.path,
            h.location.line.unwrap_or(0),
            h.location.column.unwrap_or(0),
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
        writeln!(s, "  {} {} {loc}\n    {}", d.severity(), d.code, d.message).unwrap();
        if let Some(h) = &d.help {
            writeln!(s, "    help: {h}").unwrap();
        }
    }
    s.replace(&root.display().to_string(), "[FIXTURE]")
}

fn codes(d: &Discovered) -> Vec<Code> {
    d.batch.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn valid_tree_reads_every_layer_and_extension() {
    let d = lint("valid");
    insta::assert_snapshot!("valid", render(&d, &fixture("valid")));
    assert!(
        d.batch.diagnostics.iter().all(|x| matches!(
            x.code,
            Code::UnsupportedConventionEvent
                | Code::ProjectSessionStartHook
                | Code::GeminiFolderUntrusted
        )),
        "{:#?}",
        d.batch.diagnostics
    );
    let kinds: Vec<Kind> = d.batch.hooks.iter().map(|h| h.kind).collect();
    for k in Kind::ALL {
        assert!(kinds.contains(&k), "{k} missing");
    }
    // Extension variables are substituted as Gemini hydrates them.
    let ext = d
        .batch
        .hooks
        .iter()
        .find(|h| h.command().is_some_and(|c| c.contains("log.js")))
        .unwrap();
    assert!(!ext.command().unwrap().contains("${"), "{ext:?}");
    // Milliseconds, default 60000.
    let guard = &d.batch.hooks[1];
    assert_eq!(guard.timeout_ms, Some(5000));
    assert!(d.batch.hooks.iter().any(|h| h.timeout_ms == Some(60_000)));
}

#[test]
fn mistakes_each_get_a_code() {
    let d = lint("mistakes");
    insta::assert_snapshot!("mistakes", render(&d, &fixture("mistakes")));
    let c = codes(&d);
    for want in [
        Code::IgnoredKey,
        Code::UnknownEvent,
        Code::TimeoutLooksLikeSeconds,
        Code::MatcherMatchesNothing,
        Code::MatcherRegexFallsBackToExact,
        Code::NonCommandHandler,
        Code::MissingField,
        Code::InvalidTimeout,
        Code::WrongValueType,
        Code::MatcherHasNoEffect,
        Code::UnsupportedConventionEvent,
    ] {
        assert!(c.contains(&want), "{want} missing: {c:?}");
    }
    let pre = d
        .batch
        .diagnostics
        .iter()
        .find(|x| x.code == Code::UnknownEvent && x.message.contains("PreToolUse"))
        .unwrap();
    assert!(pre.help.as_deref().unwrap().contains("BeforeTool"));
}

#[test]
fn hooks_config_enabled_false_switches_every_layer_off() {
    let d = lint("switched-off");
    insta::assert_snapshot!("switched-off", render(&d, &fixture("switched-off")));
    assert!(d.batch.hooks.is_empty());
    assert_eq!(codes(&d), [Code::HooksDisabled]);
}

#[test]
fn disabled_names_drop_those_hooks_only() {
    let d = lint("disabled");
    insta::assert_snapshot!("disabled", render(&d, &fixture("disabled")));
    let cmds: Vec<_> = d.batch.hooks.iter().filter_map(|h| h.command()).collect();
    assert_eq!(cmds, ["./still-runs.sh"]);
    assert_eq!(
        codes(&d),
        [
            Code::GeminiFolderUntrusted,
            Code::HookDisabled,
            Code::HookDisabled
        ]
    );
}

#[test]
fn parse_errors_point_at_the_trailing_comma() {
    // A settings file Gemini CLI cannot parse stops it from starting: its own code, an error.
    let d = lint("parse-error");
    assert_eq!(codes(&d), [Code::GeminiSettingsUnreadable]);
    assert!(
        d.batch.diagnostics[0].message.contains("refuses to start"),
        "{}",
        d.batch.diagnostics[0].message
    );
    let l = d.batch.diagnostics[0].location.as_ref().unwrap();
    assert_eq!((l.line, l.column), (Some(4), Some(21)), "{l:?}");
}

#[test]
fn system_layers_come_from_the_environment_and_override_the_rest() {
    let root = fixture("system");
    let mut ctx = ctx_for(&root);
    ctx.apply_env_overrides = true;
    ctx.env
        .insert("GEMINI_CLI_TRUST_WORKSPACE".into(), "true".into());
    ctx.env.insert(
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH".into(),
        root.join("etc/settings.json").display().to_string(),
    );
    let d = discover_only(&ctx, &[Convention::GeminiSettings]);
    // Gemini reads system files only when root owns them and every directory above them
    // (`security.ts`); in a checkout owned by someone else it skips both, and says so.
    let root_owned = {
        use std::os::unix::fs::MetadataExt;
        root.join("etc/settings.json")
            .ancestors()
            .all(|p| std::fs::metadata(p).is_ok_and(|m| m.uid() == 0 && m.mode() & 0o022 == 0))
    };
    if !root_owned {
        assert_eq!(
            codes(&d),
            [
                Code::GeminiSystemSettingsInsecure,
                Code::GeminiSystemSettingsInsecure
            ],
            "{:#?}",
            d.batch.diagnostics
        );
        return;
    }
    let sources: Vec<_> = d.sources.iter().map(|s| s.display.clone()).collect();
    assert_eq!(sources.len(), 2, "{sources:?}");
    assert!(
        sources[0].ends_with("etc/system-defaults.json"),
        "{sources:?}"
    );
    // system-defaults says false, the system settings say true: the system settings win.
    assert_eq!(d.batch.hooks.len(), 1, "{:#?}", d.batch);
    assert!(d.batch.diagnostics.is_empty(), "{:#?}", d.batch.diagnostics);
    // --no-env: machine layers are not read.
    ctx.apply_env_overrides = false;
    let d = discover_only(&ctx, &[Convention::GeminiSettings]);
    assert!(d.sources.is_empty());
}

#[test]
fn an_explicit_file_is_detected_as_gemini() {
    let root = fixture("valid");
    let f = root.join("project/.gemini/settings.json");
    assert_eq!(
        adapters::detect_convention(&f),
        Some(Convention::GeminiSettings)
    );
    let d = load_file(&ctx_for(&root), &f, None);
    assert_eq!(d.batch.hooks.len(), 8, "{:#?}", d.batch.hooks);
    let ext = root.join("home/.gemini/extensions/audit/hooks/hooks.json");
    assert_eq!(
        adapters::detect_convention(&ext),
        Some(Convention::GeminiSettings)
    );
}

/// Gemini runs each `name:command` once per event (`hookPlanner.ts`, `deduplicateHooks`): an
/// identical copy is a duplicate, a copy under another `name` runs again — as the real agent
/// did in the conformance scenario `gemini_duplicate_groups`.
#[test]
fn a_copy_under_another_name_is_not_a_duplicate() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("project/.gemini");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::create_dir_all(d.path().join("home")).unwrap();
    let group = |name: &str| {
        format!(
            r#"{{"matcher": "run_shell_command", "hooks": [{{"type": "command", {name}"command": "/bin/true"}}]}}"#
        )
    };
    std::fs::write(
        dir.join("settings.json"),
        format!(
            r#"{{"hooks": {{"BeforeTool": [{}, {}, {}]}}}}"#,
            group(""),
            group(""),
            group(r#""name": "again", "#)
        ),
    )
    .unwrap();
    let found = discover_only(&ctx_for(d.path()), &[Convention::GeminiSettings]);
    assert_eq!(found.batch.hooks.len(), 2, "{:#?}", found.batch.hooks);
    let dupes = codes(&found)
        .into_iter()
        .filter(|c| *c == Code::DuplicateHook)
        .count();
    assert_eq!(dupes, 1, "{:#?}", found.batch.diagnostics);
}

/// An extension disabled in this folder (`gemini extensions disable ext`, then enabled for
/// another folder only) loads no hooks: Gemini CLI 0.61.0 `extensionEnablement.ts`.
#[test]
fn a_disabled_extensions_hooks_are_reported_and_left_out() {
    let d = tempfile::tempdir().unwrap();
    let project = d.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    let ext = d.path().join("home/.gemini/extensions/guard");
    std::fs::create_dir_all(ext.join("hooks")).unwrap();
    std::fs::write(
        ext.join("gemini-extension.json"),
        r#"{"name": "guard", "version": "1.0.0"}"#,
    )
    .unwrap();
    std::fs::write(
        ext.join("hooks/hooks.json"),
        r#"{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "/bin/true"}]}]}}"#,
    )
    .unwrap();
    let run = || discover_only(&ctx_for(d.path()), &[Convention::GeminiSettings]);
    assert_eq!(run().batch.hooks.len(), 1, "enabled by default");
    let rules = format!(
        r#"{{"guard": {{"overrides": ["!/*", "{}/elsewhere/"]}}}}"#,
        d.path().display()
    );
    std::fs::write(
        d.path()
            .join("home/.gemini/extensions/extension-enablement.json"),
        &rules,
    )
    .unwrap();
    let found = run();
    assert!(found.batch.hooks.is_empty(), "{:#?}", found.batch.hooks);
    assert_eq!(codes(&found), [Code::HookDisabled]);
    let msg = &found.batch.diagnostics[0].message;
    assert!(
        msg.contains("extension `guard`") && msg.contains("`!/*`"),
        "{msg}"
    );
    // Enabled again for this very folder: the last matching rule wins.
    let rules = format!(
        r#"{{"guard": {{"overrides": ["!/*", "{}/"]}}}}"#,
        project.display()
    );
    std::fs::write(
        d.path()
            .join("home/.gemini/extensions/extension-enablement.json"),
        &rules,
    )
    .unwrap();
    assert_eq!(run().batch.hooks.len(), 1);
}

/// A system settings file under a world-writable directory (`/tmp`) is skipped by Gemini CLI
/// 0.61.0 (`loadSystemFile`, "Security Warning"; conformance `gemini_system_layer`), hooks and
/// switches alike.
#[test]
fn a_system_file_others_can_write_is_skipped() {
    let d = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    let root = d.path();
    std::fs::create_dir_all(root.join("project")).unwrap();
    std::fs::create_dir_all(root.join("home/.gemini")).unwrap();
    std::fs::write(
        root.join("home/.gemini/settings.json"),
        r#"{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "/bin/true"}]}]}}"#,
    )
    .unwrap();
    std::fs::write(
        root.join("system.json"),
        r#"{"hooksConfig": {"enabled": false}}"#,
    )
    .unwrap();
    let mut ctx = ctx_for(root);
    ctx.apply_env_overrides = true;
    ctx.env.insert(
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH".into(),
        root.join("system.json").display().to_string(),
    );
    let found = discover_only(&ctx, &[Convention::GeminiSettings]);
    // The system file's `enabled: false` is not in force: the user's hook stays.
    assert_eq!(found.batch.hooks.len(), 1, "{:#?}", found.batch);
    assert!(
        codes(&found).contains(&Code::GeminiSystemSettingsInsecure),
        "{:#?}",
        found.batch.diagnostics
    );
}
