//! jcode rules, one test per rule, each asserting code, position and effect on the hooks.

mod toml_common;

use hook_ir::{Code, Convention, Detail, Exec, Handler, Kind, Matcher, Severity};
use toml_common::*;

const JC: Convention = Convention::Jcode;

fn home_with(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".jcode/config.toml", text);
    dir
}

fn discover(ctx: &adapters::Context) -> adapters::Discovered {
    hooks_rules::discover_only(ctx, &[JC])
}

#[test]
fn lowers_every_slot_with_kinds_direct_exec_and_gate_timeout() {
    let home = home_with(
        "[hooks]\nturn_start = \"true\"\nturn_end = \"true\"\nsession_start = \"true\"\nsession_end = \"true\"\npre_tool = \"  true --x  \"\npost_tool = \"true\"\n",
    );
    let d = discover(&ctx(home.path(), &[], true));
    assert_eq!(d.batch.diagnostics, vec![]);
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| (h.kind, h.timeout_ms))
        .collect();
    assert_eq!(
        got,
        [
            (Kind::UserPromptSubmit, None),
            (Kind::Stop, None),
            (Kind::SessionStart, None),
            (Kind::SessionShutdown, None),
            (Kind::PreToolUse, Some(5000)),
            (Kind::PostToolUse, None),
        ]
    );
    let pre = &d.batch.hooks[4];
    assert_eq!(pre.id, "jcode:~/.jcode/config.toml:pre_tool:0");
    assert_eq!(pre.matcher, Matcher::Any);
    assert_eq!(
        pre.handler,
        Handler::Command {
            command: "true --x".into(),
            exec: Exec::Direct
        },
        "commands are trimmed as jcode trims them"
    );
    assert_eq!(
        (pre.location.line, pre.location.column),
        (Some(6), Some(12))
    );
}

#[test]
fn jcode_home_wins_over_the_home_dir() {
    let home = home_with("[hooks]\npre_tool = \"false\"\n");
    let jhome = tempfile::tempdir().unwrap();
    write(
        jhome.path(),
        "config.toml",
        "[hooks]\npre_tool = \"true\"\n",
    );
    let jh = jhome.path().to_str().unwrap();
    let d = discover(&ctx(home.path(), &[("JCODE_HOME", jh)], false));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].command(), Some("true"));
    assert_eq!(d.sources[0].path, jhome.path().join("config.toml"));
}

#[test]
fn a_type_error_turns_off_the_whole_file_and_says_so() {
    let home = home_with("[hooks]\npre_tool = \"true\"\npost_tool = [\"true\", 7]\n");
    let d = discover(&ctx(home.path(), &[], false));
    assert!(d.batch.hooks.is_empty(), "jcode loads none of the file");
    let e = with_code(&d, "wrong_value_type");
    assert_eq!(e.len(), 1);
    assert_eq!(pos(e[0]), (3, 22));
    assert!(
        e[0].message.contains("silently falls back to its defaults"),
        "{}",
        e[0].message
    );
    assert_eq!(e[0].severity(), Severity::Error);
}

#[test]
fn unknown_keys_are_reported_with_the_nearest_key() {
    let home = home_with("[hooks]\n  pre_tool_timeout = 10\n");
    let d = discover(&ctx(home.path(), &[], false));
    let w = with_code(&d, "ignored_key");
    assert_eq!(w.len(), 1);
    assert_eq!(pos(w[0]), (2, 3));
    assert!(w[0].message.contains("silently ignores"));
    assert_eq!(
        w[0].help.as_deref(),
        Some("did you mean `pre_tool_timeout_ms`?")
    );
}

#[test]
fn empty_commands_are_dropped_and_reported() {
    let home = home_with("[hooks]\npre_tool = [\"true\", \" \"]\n");
    let d = discover(&ctx(home.path(), &[], false));
    assert_eq!(d.batch.hooks.len(), 1);
    let e = with_code(&d, "invalid_command");
    assert_eq!(pos(e[0]), (2, 21));
}

#[test]
fn tokenizer_errors_use_jcode_wording_and_reject_the_hook() {
    let home = home_with("[hooks]\npre_tool = \"true 'x\"\n");
    let d = discover(&ctx(home.path(), &[], false));
    assert!(d.batch.hooks.is_empty());
    let e = with_code(&d, "invalid_command");
    assert_eq!(pos(e[0]), (2, 12));
    assert!(e[0]
        .message
        .contains("spawn hook command has an unterminated quote"));
}

#[test]
fn programs_are_looked_up_on_path_and_under_home() {
    let home = home_with(
        "[hooks]\npre_tool = [\"~/bin/g.sh\", \"~/bin/x.sh\", \"nope-hooks-xyz\", \"sh\"]\n",
    );
    write(home.path(), "bin/g.sh", "#!/bin/sh\n");
    write(home.path(), "bin/x.sh", "#!/bin/sh\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            home.path().join("bin/g.sh"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
    }
    let d = discover(&ctx(home.path(), &[], false));
    let w = with_code(&d, "program_not_found");
    let got: Vec<_> = w.iter().map(|d| (pos(d), d.message.clone())).collect();
    assert_eq!(got.len(), 2, "{got:#?}");
    assert_eq!(got[0].0, (2, 27));
    assert!(got[0].1.contains("not executable"), "{}", got[0].1);
    assert_eq!(got[1].0, (2, 41));
    assert!(got[1].1.contains("not on PATH"));
    // Hooks are still listed: they are configured, they just fail at runtime.
    assert_eq!(d.batch.hooks.len(), 4);
    // Another PATH, other answer: the lookup uses ctx.env, not the process environment.
    let mut c = ctx(home.path(), &[], false);
    c.env.insert("PATH".into(), "/nonexistent".into());
    assert_eq!(with_code(&discover(&c), "program_not_found").len(), 3);
}

#[test]
fn shell_syntax_is_flagged_with_a_sh_c_suggestion() {
    let home =
        home_with("[hooks]\npost_tool = \"cat | tee log\"\nturn_end = \"sh -c 'cat | tee log'\"\n");
    let d = discover(&ctx(home.path(), &[], false));
    let w = with_code(&d, "shell_syntax_without_shell");
    assert_eq!(w.len(), 1);
    assert_eq!(pos(w[0]), (2, 13));
    assert_eq!(
        w[0].help.as_deref(),
        Some("run it through a shell: sh -c 'cat | tee log'")
    );
}

#[test]
fn zero_timeout_is_an_error_and_the_gate_gets_one_millisecond() {
    let home = home_with("[hooks]\npre_tool = \"true\"\npre_tool_timeout_ms = 0\n");
    let d = discover(&ctx(home.path(), &[], false));
    let e = with_code(&d, "zero_timeout");
    assert_eq!(pos(e[0]), (3, 23));
    assert_eq!(d.batch.hooks[0].timeout_ms, Some(1), "max(1, 0)");
}

#[test]
fn env_overrides_replace_slots_exactly_as_jcode_parses_them() {
    let home = home_with(
        "[hooks]\npre_tool = \"true\"\npost_tool = \"true\"\nturn_end = \"true\"\npre_tool_timeout_ms = 2000\n",
    );
    let env = [
        (
            "JCODE_HOOK_PRE_TOOL",
            r#"  ["sh -c 'exit 0'", "true --second"] "#,
        ),
        ("JCODE_HOOK_POST_TOOL", "   "),
        ("JCODE_HOOK_SESSION_START", "true --env"),
        ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", " 750 "),
    ];
    let d = discover(&ctx(home.path(), &env, true));
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.source_event.as_str(),
                h.command().unwrap(),
                h.timeout_ms,
                h.location.path.as_str(),
                h.location.line,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("turn_end", "true", None, "~/.jcode/config.toml", Some(4)),
            // Environment slots follow the file's, in jcode's slot order.
            (
                "session_start",
                "true --env",
                None,
                "env:JCODE_HOOK_SESSION_START",
                None
            ),
            (
                "pre_tool",
                "sh -c 'exit 0'",
                Some(750),
                "env:JCODE_HOOK_PRE_TOOL",
                None
            ),
            (
                "pre_tool",
                "true --second",
                Some(750),
                "env:JCODE_HOOK_PRE_TOOL",
                None
            ),
        ]
    );
    assert!(matches!(
        d.batch.hooks[2].detail,
        Detail::Jcode {
            from_env: true,
            array: true,
            index: 0,
            ..
        }
    ));
    assert_eq!(d.batch.hooks[3].id, "jcode:env:JCODE_HOOK_PRE_TOOL:1");
    // Three file values are shadowed: pre_tool, post_tool (disabled) and the timeout.
    let infos = with_code(&d, "env_override_shadows_file");
    let at: Vec<_> = infos.iter().map(|d| pos(d)).collect();
    assert_eq!(at, [(5, 1), (2, 1), (3, 1)]);
    assert!(
        infos[2].message.contains("disables the slot"),
        "{}",
        infos[2].message
    );
    assert!(infos.iter().all(|d| d.severity() == Severity::Info));
}

#[test]
fn no_env_ignores_overrides() {
    let home = home_with("[hooks]\npre_tool = \"true\"\n");
    let env = [
        ("JCODE_HOOK_PRE_TOOL", ""),
        ("JCODE_HOOKS_DISABLED", "1"),
        ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", "x"),
    ];
    let d = discover(&ctx(home.path(), &env, false));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.diagnostics, vec![]);
}

#[test]
fn env_hooks_apply_without_a_config_file() {
    let home = tempfile::tempdir().unwrap();
    let d = discover(&ctx(
        home.path(),
        &[("JCODE_HOOK_TURN_START", "true")],
        true,
    ));
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].location.path, "env:JCODE_HOOK_TURN_START");
    assert!(d.sources.is_empty());
}

#[test]
fn bad_env_values_are_reported() {
    let home = tempfile::tempdir().unwrap();
    let env = [
        ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", "5s"),
        ("JCODE_HOOK_PRE_TOOL", "[guard, audit]"),
    ];
    let d = discover(&ctx(home.path(), &env, true));
    let w = with_code(&d, "invalid_env_override");
    assert_eq!(w.len(), 2);
    assert_eq!(
        w[0].location.as_ref().unwrap().path,
        "env:JCODE_HOOK_PRE_TOOL"
    );
    assert!(w[0].message.contains("as one command"));
    assert_eq!(
        w[1].location.as_ref().unwrap().path,
        "env:JCODE_HOOK_PRE_TOOL_TIMEOUT_MS"
    );
    assert!(w[1]
        .message
        .contains("ignores it and keeps the default of 5000 ms"));
    // jcode runs the whole value as one command: `[guard,` is the program.
    assert_eq!(d.batch.hooks[0].command(), Some("[guard, audit]"));
    assert_eq!(d.batch.hooks[0].timeout_ms, Some(5000));
    // Env timeout of 0.
    let d = discover(&ctx(
        home.path(),
        &[
            ("JCODE_HOOK_PRE_TOOL_TIMEOUT_MS", "0"),
            ("JCODE_HOOK_PRE_TOOL", "true"),
        ],
        true,
    ));
    assert_eq!(with_code(&d, "zero_timeout").len(), 1);
    assert_eq!(d.batch.hooks[0].timeout_ms, Some(1));
}

#[test]
fn hooks_disabled_by_env_is_a_warning_at_the_variable() {
    let home = home_with("[hooks]\npre_tool = \"true\"\n");
    let d = discover(&ctx(home.path(), &[("JCODE_HOOKS_DISABLED", "")], true));
    let w = with_code(&d, "hooks_disabled_by_env");
    assert_eq!(w.len(), 1, "presence alone counts, even empty");
    assert_eq!(
        w[0].location.as_ref().unwrap().path,
        "env:JCODE_HOOKS_DISABLED"
    );
    assert_eq!(w[0].severity(), Severity::Warning);
}

#[test]
fn parse_errors_have_a_position_and_env_hooks_still_apply() {
    let home = home_with("[hooks]\npre_tool = \"true\nx = 1\n");
    let d = discover(&ctx(home.path(), &[("JCODE_HOOK_POST_TOOL", "true")], true));
    let e = with_code(&d, "parse_error");
    assert_eq!(e.len(), 1);
    assert_eq!(pos(e[0]).0, 2);
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(d.batch.hooks[0].source_event, "post_tool");
}

#[test]
fn an_explicit_missing_file_is_unreadable_and_non_utf8_is_a_parse_error() {
    let dir = tempfile::tempdir().unwrap();
    let c = ctx(dir.path(), &[], false);
    let d = load(JC, &c, &dir.path().join("nope.toml"));
    assert_eq!(codes(&d), ["unreadable_source"]);
    let p = dir.path().join("bin.toml");
    std::fs::write(&p, b"[hooks]\npre_tool = \"\xff\"\n").unwrap();
    let d = load(JC, &c, &p);
    assert_eq!(codes(&d), ["parse_error"]);
    assert_eq!(pos(&d.batch.diagnostics[0]), (2, 13));
    assert_eq!(d.sources.len(), 1, "the file is recorded for renderers");
}

#[test]
fn every_new_code_is_in_the_registry_with_docs() {
    for c in [
        Code::ProgramNotFound,
        Code::ShellSyntaxWithoutShell,
        Code::ZeroTimeout,
        Code::EnvOverrideShadowsFile,
        Code::HooksDisabledByEnv,
        Code::InvalidEnvOverride,
        Code::MissingField,
        Code::ImportConflict,
    ] {
        assert!(c.explanation().contains("## How to fix"), "{c}");
    }
}

/// Issue 12 (jcode 3): jcode loads its config with `toml::from_str::<Config>` and, on any error,
/// silently uses the defaults (1jehuang/jcode@6da6124 `crates/jcode-base/src/config/config_file.rs`
/// `load`: `Self::load_from_file().unwrap_or_default()`): a wrong type in any section — here
/// `[display] centered`, a `bool` in `crates/jcode-config-types/src/display.rs` — turns every
/// hook of the file off, while the environment's overrides still apply.
#[test]
fn a_wrong_type_in_any_section_turns_off_the_whole_file() {
    let home = home_with(
        "[display]\ncentered = \"yes\"\n\n[hooks]\npre_tool = \"true\"\n\n[compaction]\nmode = \"semantic\"\n[agents]\nunknown_key = 1\n",
    );
    let d = discover(&ctx(home.path(), &[], false));
    assert!(d.batch.hooks.is_empty(), "jcode loads none of the file");
    let e = with_code(&d, "jcode_config_rejected");
    assert_eq!(e.len(), 1, "{:?}", d.batch.diagnostics);
    assert_eq!(pos(e[0]), (2, 12));
    assert_eq!(e[0].severity(), Severity::Error);
    assert!(e[0]
        .message
        .contains("`display.centered` must be a boolean, not a string"));
    // The environment's override still runs (jcode applies it to the default config).
    let d = discover(&ctx(home.path(), &[("JCODE_HOOK_PRE_TOOL", "guard")], true));
    let cmds: Vec<_> = d.batch.hooks.iter().map(|h| h.command()).collect();
    assert_eq!(cmds, [Some("guard")]);
    // A well-typed file with unknown keys everywhere loads.
    let home = home_with(
        "[display]\ncentered = true\nnope = 1\n[nope]\nx = 1\n[hooks]\npre_tool = \"true\"\n",
    );
    let d = discover(&ctx(home.path(), &[], false));
    assert_eq!(d.batch.hooks.len(), 1);
    assert!(with_code(&d, "jcode_config_rejected").is_empty());
}
