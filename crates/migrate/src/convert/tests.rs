//! Conversion tests on hooks shaped as the adapters lower them.

use super::*;
use hook_ir::{Dialect, Location, Severity};

fn hook(
    c: Convention,
    event: &str,
    matcher: Matcher,
    command: &str,
    timeout_ms: Option<u64>,
) -> Hook {
    let row = hook_ir::contract::find(c, event).unwrap_or_else(|| panic!("{c} {event}"));
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("{c}:{event}:{command}"),
        kind: row.kind().unwrap(),
        convention: c,
        source_event: event.into(),
        matcher,
        handler: Handler::Command {
            command: command.into(),
            exec: target_exec(c),
        },
        timeout_ms,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("src"),
        detail: Detail::None,
    }
}

fn exact(n: &[&str]) -> Matcher {
    Matcher::Exact {
        names: n.iter().map(|s| s.to_string()).collect(),
    }
}

fn rx(d: Dialect, p: &str) -> Matcher {
    Matcher::Regex {
        dialect: d,
        pattern: p.into(),
    }
}

/// Representative hooks of each command convention: every kind, plain and shell commands,
/// matchers where the convention has them. Observer kinds carry the target-independent
/// defaults, because a timeout that a target cannot hold (jcode observers have none) cannot
/// survive a round trip through it — that loss is reported and tested separately.
fn representative(c: Convention) -> Vec<Hook> {
    use Convention::*;
    match c {
        Jcode => vec![
            hook(
                Jcode,
                "pre_tool",
                Matcher::Any,
                "./guard.sh --strict",
                Some(5000),
            ),
            hook(
                Jcode,
                "pre_tool",
                Matcher::Any,
                &exec::wrap_tools(
                    "./guard.sh | tee -a log",
                    Exec::Shell,
                    &["bash".into(), "mcp__fs__write".into()],
                ),
                Some(5000),
            ),
            hook(
                Jcode,
                "post_tool",
                Matcher::Any,
                &exec::wrap_shell("jq . >> log.json", Exec::Shell),
                None,
            ),
            hook(Jcode, "turn_end", Matcher::Any, "notify-send done", None),
            hook(Jcode, "turn_start", Matcher::Any, "~/bin/log-turn", None),
            hook(Jcode, "session_start", Matcher::Any, "./start.sh", None),
            hook(Jcode, "session_end", Matcher::Any, "./end.sh", None),
        ],
        Jarvis => vec![
            hook(
                Jarvis,
                "PreToolUse",
                rx(Dialect::Ecmascript, "^(?:Bash|mcp__fs__write)$"),
                "./guard.sh | tee -a log",
                Some(10_000),
            ),
            hook(
                Jarvis,
                "PreToolUse",
                Matcher::Any,
                "./guard.sh",
                Some(10_000),
            ),
            hook(
                Jarvis,
                "PostToolUse",
                Matcher::Any,
                "./log.sh \"$X\"",
                Some(30_000),
            ),
            hook(
                Jarvis,
                "UserPromptSubmit",
                Matcher::Any,
                "./context.sh",
                Some(30_000),
            ),
            hook(
                Jarvis,
                "Stop",
                Matcher::Any,
                "./check.sh && echo ok",
                Some(30_000),
            ),
            hook(
                Jarvis,
                "SessionStart",
                Matcher::Any,
                "./start.sh",
                Some(30_000),
            ),
            hook(Jarvis, "SessionEnd", Matcher::Any, "./end.sh", Some(30_000)),
        ],
        CodexJson => vec![
            hook(
                CodexJson,
                "PreToolUse",
                exact(&["Bash"]),
                "./guard.sh",
                Some(600_000),
            ),
            hook(
                CodexJson,
                "PreToolUse",
                Matcher::Any,
                "python3 -m guard 2>&1",
                Some(600_000),
            ),
            hook(
                CodexJson,
                "PostToolUse",
                exact(&["Bash", "mcp__fs__edit"]),
                "cargo fmt",
                Some(600_000),
            ),
            hook(
                CodexJson,
                "UserPromptSubmit",
                Matcher::Any,
                "./context.sh",
                Some(600_000),
            ),
            hook(CodexJson, "Stop", Matcher::Any, "./check.sh", Some(600_000)),
            hook(
                CodexJson,
                "SessionStart",
                Matcher::Any,
                "./start.sh",
                Some(600_000),
            ),
            hook(
                CodexJson,
                "SessionEnd",
                Matcher::Any,
                "./end.sh",
                // Codex's SessionEnd default (1 s, at most 3 s).
                Some(1000),
            ),
        ],
        ClaudeSettings => vec![
            hook(
                ClaudeSettings,
                "PreToolUse",
                exact(&["Bash", "mcp__fs__write"]),
                "\"$CLAUDE_PROJECT_DIR\"/hooks/guard.sh",
                Some(600_000),
            ),
            hook(
                ClaudeSettings,
                "PostToolUse",
                exact(&["mcp__fs__read"]),
                "npx prettier --write .",
                Some(600_000),
            ),
            hook(
                ClaudeSettings,
                "UserPromptSubmit",
                Matcher::Any,
                "./context.sh",
                Some(600_000),
            ),
            hook(
                ClaudeSettings,
                "Stop",
                Matcher::Any,
                "./check.sh",
                Some(600_000),
            ),
            hook(
                ClaudeSettings,
                "SessionStart",
                Matcher::Any,
                "./start.sh",
                Some(600_000),
            ),
            hook(
                ClaudeSettings,
                "SessionEnd",
                Matcher::Any,
                "./end.sh",
                Some(600_000),
            ),
        ],
        CopilotHooks => vec![
            // As Copilot's reader gives it: an anchored Rust regex.
            hook(
                CopilotHooks,
                "preToolUse",
                rx(Dialect::Rust, "^(?:bash)$"),
                "./guard.sh",
                Some(30_000),
            ),
            hook(
                CopilotHooks,
                "userPromptSubmitted",
                Matcher::Any,
                "./context.sh",
                Some(30_000),
            ),
            hook(
                CopilotHooks,
                "agentStop",
                Matcher::Any,
                "./check.sh",
                Some(30_000),
            ),
            hook(
                CopilotHooks,
                "sessionStart",
                Matcher::Any,
                "./start.sh",
                Some(30_000),
            ),
            hook(
                CopilotHooks,
                "sessionEnd",
                Matcher::Any,
                "./end.sh",
                Some(30_000),
            ),
        ],
        _ => vec![],
    }
}

/// What a round trip must keep.
fn key(h: &Hook) -> (Kind, String, Matcher, Handler, Option<u64>) {
    (
        h.kind,
        h.source_event.clone(),
        h.matcher.clone(),
        h.handler.clone(),
        h.timeout_ms,
    )
}

fn errors(c: &Conversion) -> Vec<&Diagnostic> {
    c.diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .collect()
}

/// Observer timeouts that the target cannot hold come back as the source's default; the
/// representative hooks use those defaults, except where the middle convention is jcode and the
/// source's default differs from what was written (none here).
#[test]
fn round_trips_between_every_pair_of_command_conventions() {
    for a in command_conventions() {
        for b in command_conventions() {
            // Cline has no matcher and fixed (tool) or no (other) timeouts: the representative
            // hooks cannot come back through it; `cline_dir_imports_both_ways_with_every_
            // command_convention` (crates/cli/tests/it/import_round_trip.rs) pins its moves.
            if a == b || a == Convention::ClineDir || b == Convention::ClineDir {
                continue;
            }
            // A middle agent whose MCP tool names are unknown (Copilot CLI) cannot carry an
            // MCP name: a hook for MCP tools alone is refused with a code, and an MCP name
            // among others is dropped from the matcher, and said.
            let no_mcp = hook_ir::tools::Agent::of(b)
                .and_then(|ag| ag.mcp_form())
                .is_none();
            let only_mcp = |h: &Hook| matches!(&h.matcher, Matcher::Exact { names } if names.iter().all(|n| n.starts_with("mcp__")));
            let (original, refused): (Vec<Hook>, Vec<Hook>) = representative(a)
                .into_iter()
                .partition(|h| !(no_mcp && only_mcp(h)));
            if !refused.is_empty() {
                let c = convert(&refused, b);
                assert!(c.hooks.is_empty(), "{a}→{b}");
                assert!(
                    c.diagnostics
                        .iter()
                        .any(|d| d.code == Code::ToolNotInTarget),
                    "{a}→{b}: {:#?}",
                    c.diagnostics
                );
            }
            let there = convert(&original, b);
            assert!(errors(&there).is_empty(), "{a}→{b}: {:#?}", errors(&there));
            assert_eq!(there.hooks.len(), original.len(), "{a}→{b}");
            for h in &there.hooks {
                assert_eq!(h.convention, b);
                assert_eq!(
                    hook_ir::contract::find(b, &h.source_event).and_then(|r| r.kind()),
                    Some(h.kind)
                );
                h.matcher.compile().unwrap();
            }
            let back = convert(&there.hooks, a);
            assert!(
                errors(&back).is_empty(),
                "{a}→{b}→{a}: {:#?}",
                errors(&back)
            );
            let want: Vec<_> = original.iter().map(key).collect();
            let got: Vec<_> = back.hooks.iter().map(key).collect();
            // Observers that went through jcode (no timeout) come back with a's default.
            for (w, g) in want.iter().zip(&got) {
                if no_mcp && format!("{:?}{:?}", w.2, w.3).contains("mcp__") {
                    assert!(
                        there
                            .diagnostics
                            .iter()
                            .any(|d| d.message.contains("mcp__")),
                        "{a}→{b}: the dropped MCP name is said: {:#?}",
                        there.diagnostics
                    );
                    continue;
                }
                assert_eq!(
                    (&w.0, &w.1, &w.2, &w.3),
                    (&g.0, &g.1, &g.2, &g.3),
                    "{a}→{b}→{a}"
                );
                // Codex clamps SessionEnd timeouts to 3 s (reported as lossy), so they come back
                // shorter.
                let clamped = b == Convention::CodexJson && w.0 == Kind::SessionShutdown;
                if (b != Convention::Jcode || w.0 == Kind::PreToolUse) && !clamped {
                    assert_eq!(w.4, g.4, "{a}→{b}→{a} timeout of {:?}", w.3);
                }
            }
        }
    }
}

#[test]
fn hooks_are_shaped_for_the_target() {
    let j = convert(&representative(Convention::Jarvis), Convention::Jcode);
    let first = &j.hooks[0];
    assert_eq!(first.source_event, "pre_tool");
    assert_eq!(first.timeout_ms, Some(10_000));
    let Handler::Command { command, exec } = &first.handler else {
        panic!()
    };
    assert_eq!(*exec, Exec::Direct);
    assert_eq!(
        exec::unwrap(command).unwrap().names(),
        Some(vec!["bash".to_string(), "mcp__fs__write".to_string()])
    );
    // `./guard.sh` needs no shell: kept as is.
    assert_eq!(j.hooks[1].command(), Some("./guard.sh"));
}

#[test]
fn jcode_gates_share_the_longest_timeout_and_that_is_said() {
    let hooks = [
        hook(
            Convention::Jarvis,
            "PreToolUse",
            Matcher::Any,
            "./a",
            Some(10_000),
        ),
        hook(
            Convention::Jarvis,
            "PreToolUse",
            Matcher::Any,
            "./b",
            Some(30_000),
        ),
    ];
    let j = convert(&hooks, Convention::Jcode);
    assert_eq!(
        j.hooks.iter().map(|h| h.timeout_ms).collect::<Vec<_>>(),
        [Some(30_000); 2]
    );
    let lossy: Vec<_> = j
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::LossyConversion && d.message.contains("pre_tool_timeout_ms"))
        .collect();
    assert_eq!(
        lossy.len(),
        1,
        "only the hook whose timeout changed: {lossy:#?}"
    );
    assert!(lossy[0].message.contains("`./a`"));
}

#[test]
fn a_jcode_turn_end_observer_becomes_a_gate_and_that_is_said() {
    let h = hook(
        Convention::Jcode,
        "turn_end",
        Matcher::Any,
        "notify-send done",
        None,
    );
    let c = convert(&[h], Convention::Jarvis);
    assert_eq!(c.hooks[0].source_event, "Stop");
    let codes: Vec<_> = c.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::ObserverBecomesGate), "{codes:?}");
    assert!(
        codes.contains(&Code::LossyConversion),
        "timeout default applies: {codes:?}"
    );
    let back = convert(&c.hooks, Convention::Jcode);
    assert!(back
        .diagnostics
        .iter()
        .any(|d| d.code == Code::LossyConversion && d.message.contains("observer")));
}

#[test]
fn timeouts_are_converted_rounded_and_clamped_with_a_warning() {
    let h = hook(
        Convention::Jcode,
        "pre_tool",
        Matcher::Any,
        "./g",
        Some(1500),
    );
    let c = convert(&[h], Convention::Jarvis);
    assert_eq!(c.hooks[0].timeout_ms, Some(2000));
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == Code::LossyConversion && d.message.contains("rounded up")));
    let big = hook(
        Convention::CodexJson,
        "PreToolUse",
        Matcher::Any,
        "./g",
        Some(3_600_000),
    );
    let c = convert(&[big], Convention::Jarvis);
    assert_eq!(c.hooks[0].timeout_ms, Some(600_000));
}

#[test]
fn refusals_are_reported_never_silent() {
    let cases = [
        // A lookahead does not compile in Rust.
        (
            hook(
                Convention::Jarvis,
                "PreToolUse",
                rx(Dialect::Ecmascript, "Bash(?!Output)"),
                "./g",
                Some(30_000),
            ),
            Convention::CodexJson,
            Code::MatcherNotPortable,
        ),
        // jcode filters by a `case` pattern: a regex with no exact glob cannot move.
        (
            hook(
                Convention::Jarvis,
                "PreToolUse",
                rx(Dialect::Ecmascript, "^[A-Z]zz$"),
                "./g",
                Some(30_000),
            ),
            Convention::Jcode,
            Code::MatcherNotPortable,
        ),
        // Codex ignores matchers on UserPromptSubmit; Jarvis matches the prompt.
        (
            hook(
                Convention::Jarvis,
                "UserPromptSubmit",
                rx(Dialect::Ecmascript, "deploy"),
                "./g",
                Some(30_000),
            ),
            Convention::CodexJson,
            Code::MatcherNotPortable,
        ),
        // An unparsable jcode command.
        (
            hook(
                Convention::Jcode,
                "pre_tool",
                Matcher::Any,
                "guard 'open",
                Some(5000),
            ),
            Convention::Jarvis,
            Code::InvalidCommand,
        ),
    ];
    for (h, to, code) in cases {
        let c = convert(std::slice::from_ref(&h), to);
        assert!(c.hooks.is_empty(), "{h:?}");
        assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
        assert_eq!(c.diagnostics[0].code, code);
        assert!(
            c.diagnostics[0].message.ends_with("not imported"),
            "{}",
            c.diagnostics[0].message
        );
        assert_eq!(c.diagnostics[0].location, Some(h.location.clone()));
    }
}

#[test]
fn an_event_the_target_lacks_is_a_semantic_mismatch() {
    // No command convention lacks one of the six kinds, so use a target without an importer.
    let h = hook(
        Convention::Jarvis,
        "Stop",
        Matcher::Any,
        "./g",
        Some(30_000),
    );
    let c = convert(&[h], Convention::GjcPlugin);
    assert!(c.hooks.is_empty());
    assert_eq!(c.diagnostics[0].code, Code::SemanticMismatch);
    let m = hook(
        Convention::Jarvis,
        "Stop",
        Matcher::Any,
        "./g",
        Some(30_000),
    );
    let g = convert(&[m], Convention::Gjc);
    assert_eq!(g.diagnostics[0].code, Code::SemanticMismatch);
}

fn dir_hook(c: Convention, phase: &str, tool: &str, file: &str) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("{c}:{file}"),
        kind: if phase == "pre" {
            Kind::PreToolUse
        } else {
            Kind::PostToolUse
        },
        convention: c,
        source_event: phase.into(),
        matcher: if tool == "*" {
            Matcher::Any
        } else {
            exact(&[tool])
        },
        handler: Handler::Module { path: file.into() },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only(file),
        detail: Detail::Module {
            real_path: format!("/p/{file}"),
            in_process_event: String::new(),
            tool: Some(tool.into()),
            plugin: None,
        },
    }
}

#[test]
fn directory_hooks_become_gjc_modules() {
    let hooks = [
        dir_hook(
            Convention::ClaudeDir,
            "pre",
            "Bash",
            ".claude/hooks/pre/Bash.ts",
        ),
        dir_hook(Convention::CodexDir, "post", "*", ".codex/hooks/post-*.js"),
        dir_hook(
            Convention::ClaudeDir,
            "pre",
            "bash",
            ".claude/hooks/pre/bash.sh",
        ),
    ];
    let c = convert(&hooks, Convention::Gjc);
    assert_eq!(c.hooks.len(), 2);
    assert_eq!(c.hooks[0].source_event, "tool_call");
    assert_eq!(c.hooks[0].timeout_ms, None);
    assert_eq!(c.hooks[1].source_event, "tool_result");
    assert_eq!(
        c.hooks[1].timeout_ms,
        Some(hook_ir::contract::limits::gjc::TOOL_RESULT_TIMEOUT_MS)
    );
    assert!(
        matches!(&c.hooks[0].detail, Detail::Module { real_path, in_process_event, tool: Some(t), .. }
        if real_path == "/p/.claude/hooks/pre/Bash.ts" && in_process_event == "tool_call" && t == "bash")
    );
    // Claude's `Bash` is GJC's `bash`: said.
    assert_eq!(c.diagnostics.len(), 2);
    assert_eq!(c.diagnostics[0].code, Code::ConversionNote);
    assert!(c.diagnostics[0].message.contains("`bash`"));
    let c = Conversion {
        diagnostics: c.diagnostics[1..].to_vec(),
        ..c
    };
    // The code the GJC writer uses for the same refusal (import e2e: the converter said
    // `semantic_mismatch`, so users never saw `shell_hook_not_module` and its help).
    assert_eq!(c.diagnostics[0].code, Code::ShellHookNotModule);
    assert!(c.diagnostics[0].message.contains(".sh"));
    assert!(c.diagnostics[0]
        .help
        .as_deref()
        .is_some_and(|h| h.contains("bash.ts")));
}

#[test]
fn supported_moves() {
    assert!(is_supported(Convention::Jcode, Convention::ClaudeSettings));
    assert!(is_supported(Convention::ClaudeDir, Convention::Gjc));
    assert!(!is_supported(Convention::Gjc, Convention::Jarvis));
    assert!(!is_supported(Convention::Jarvis, Convention::Jarvis));
}

proptest::proptest! {
    #[test]
    fn converting_arbitrary_commands_never_panics_and_never_drops_silently(cmd in ".{0,60}", t in proptest::option::of(0u64..10_000_000)) {
        for from in command_conventions() {
            let event = events::target_event(from, Kind::PreToolUse).unwrap().event;
            let h = hook(from, event, Matcher::Any, &cmd, t);
            for to in command_conventions() {
                let c = convert(std::slice::from_ref(&h), to);
                proptest::prop_assert!(c.hooks.len() == 1 || !errors(&c).is_empty());
            }
        }
    }
}

#[test]
fn input_changes_are_said_once_per_source() {
    let h = hook(
        Convention::ClaudeSettings,
        "PreToolUse",
        exact(&["Bash"]),
        "./hooks/guard.sh",
        Some(600_000),
    );
    let c = convert(std::slice::from_ref(&h), Convention::Jarvis);
    let msgs: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::LossyConversion)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        msgs.iter()
            .filter(|m| m.contains("receive jarvis's input"))
            .count(),
        1,
        "{msgs:#?}"
    );
    // Codex and Claude share their payload shape: no input warning between them.
    let c = convert(&[h], Convention::CodexJson);
    assert!(
        !c.diagnostics.iter().any(|d| d.message.contains("input (")),
        "{:#?}",
        c.diagnostics
    );
}

/// The gate event of each command convention and a guard written with its project directory
/// (jcode runs no shell: its variable is read inside an `sh -c` wrapper; Codex and Jarvis set
/// no variable and run hooks in the session's directory, so `${PWD}` is theirs).
fn project_dir_guard(c: Convention) -> (&'static str, String) {
    match c {
        Convention::Jcode => (
            "pre_tool",
            exec::wrap_shell("\"$JCODE_HOOK_CWD\"/g.sh", Exec::Shell),
        ),
        Convention::Jarvis | Convention::CodexJson | Convention::ClineDir => {
            ("PreToolUse", "\"${PWD}\"/g.sh".into())
        }
        Convention::ClaudeSettings => ("PreToolUse", "\"$CLAUDE_PROJECT_DIR\"/g.sh".into()),
        Convention::GeminiSettings => ("BeforeTool", "\"$GEMINI_PROJECT_DIR\"/g.sh".into()),
        Convention::CopilotHooks => ("preToolUse", "\"$COPILOT_PROJECT_DIR\"/g.sh".into()),
        Convention::QwenSettings => ("PreToolUse", "\"$QWEN_PROJECT_DIR\"/g.sh".into()),
        Convention::CursorHooks => ("preToolUse", "\"$CURSOR_PROJECT_DIR\"/g.sh".into()),
        other => unreachable!("{other}"),
    }
}

/// Every pair of command conventions: the project directory of the source is the target's
/// (issue 24: `"$CLAUDE_PROJECT_DIR"/…` copied into Codex became `/…` and the guard failed
/// open). Gemini sets `CLAUDE_PROJECT_DIR` itself, so a Claude guard keeps it there; Qwen sets
/// both Claude's and Gemini's variables (live `qwen_env_and_project_dir`), so both are kept.
#[test]
fn the_project_directory_variable_becomes_the_targets_in_every_pair() {
    for from in command_conventions() {
        for to in command_conventions().into_iter().filter(|t| *t != from) {
            let (event, command) = project_dir_guard(from);
            let h = hook(from, event, Matcher::Any, &command, None);
            let c = convert(std::slice::from_ref(&h), to);
            assert!(errors(&c).is_empty(), "{from}→{to}: {:#?}", c.diagnostics);
            // `$PWD` wherever hooks run in the session's directory, Claude's variable in
            // Claude; Gemini keeps Claude's name, which it sets too.
            let expected = match (from, to) {
                (
                    Convention::ClaudeSettings,
                    Convention::GeminiSettings
                    | Convention::CopilotHooks
                    | Convention::QwenSettings
                    | Convention::CursorHooks,
                ) => "\"$CLAUDE_PROJECT_DIR\"/g.sh".to_string(),
                // Cursor sets its own variable (and Claude's).
                (_, Convention::CursorHooks) => "\"$CURSOR_PROJECT_DIR\"/g.sh".to_string(),
                (Convention::GeminiSettings, Convention::QwenSettings) => {
                    "\"$GEMINI_PROJECT_DIR\"/g.sh".to_string()
                }
                (_, Convention::ClaudeSettings) => "\"$CLAUDE_PROJECT_DIR\"/g.sh".to_string(),
                (_, Convention::Jcode) => exec::wrap_shell("\"${PWD}\"/g.sh", Exec::Shell),
                _ => "\"${PWD}\"/g.sh".to_string(),
            };
            assert_eq!(c.hooks[0].command(), Some(expected.as_str()), "{from}→{to}");
            let renamed = c
                .diagnostics
                .iter()
                .any(|d| d.code == Code::ConversionNote && d.message.contains("is written `$"));
            let same = expected.contains("CLAUDE_PROJECT_DIR")
                && from == Convention::ClaudeSettings
                || expected.contains("GEMINI_PROJECT_DIR") && from == Convention::GeminiSettings
                || expected.contains("${PWD}") && command.contains("${PWD}");
            assert_eq!(renamed, !same, "{from}→{to}: {:#?}", c.diagnostics);
        }
    }
}

/// A variable with no equivalent: a gate is refused (it would fail open), an observer written
/// with a warning; the session id has an equivalent in Gemini and jcode.
#[test]
fn a_variable_without_equivalent_refuses_a_gate_and_warns_for_an_observer() {
    let gate = hook(
        Convention::ClaudeSettings,
        "PreToolUse",
        exact(&["Bash"]),
        "\"${CLAUDE_PLUGIN_ROOT}\"/hooks/guard.sh",
        None,
    );
    let observer = hook(
        Convention::ClaudeSettings,
        "SessionStart",
        Matcher::Any,
        "echo \"$CLAUDE_CODE_SESSION_ID\" >> log",
        None,
    );
    for to in [
        Convention::CodexJson,
        Convention::Jarvis,
        Convention::GeminiSettings,
        Convention::Jcode,
    ] {
        let c = convert(&[gate.clone(), observer.clone()], to);
        assert_eq!(
            c.left_out,
            [(0, Code::AgentVariableUnavailable)],
            "{to}: {:#?}",
            c.diagnostics
        );
        let refusal = c
            .diagnostics
            .iter()
            .find(|d| d.code == Code::AgentVariableUnavailable)
            .unwrap();
        assert_eq!(refusal.severity(), Severity::Error);
        assert!(
            refusal.message.contains("CLAUDE_PLUGIN_ROOT"),
            "{}",
            refusal.message
        );
        assert_eq!(c.hooks.len(), 1, "{to}");
        let written = c.hooks[0].command().unwrap();
        match to {
            Convention::GeminiSettings => {
                assert!(written.contains("\"$GEMINI_SESSION_ID\""), "{written}")
            }
            Convention::Jcode => {
                assert!(written.contains("\"$JCODE_HOOK_SESSION_ID\""), "{written}")
            }
            _ => {
                assert!(written.contains("$CLAUDE_CODE_SESSION_ID"), "{written}");
                assert!(
                    c.diagnostics.iter().any(|d| d.code == Code::LossyConversion
                        && d.message
                            .contains("`$CLAUDE_CODE_SESSION_ID` (the session id), which")),
                    "{to}: {:#?}",
                    c.diagnostics
                );
            }
        }
    }
}

/// What the shell does not expand is not rewritten: single quotes, a backslash; a variable
/// glued to a name character is braced; `${NAME:-x}` keeps its operator.
#[test]
fn only_what_the_shell_expands_is_rewritten() {
    let h = hook(
        Convention::ClaudeSettings,
        "PreToolUse",
        Matcher::Any,
        "echo '$CLAUDE_PROJECT_DIR' \\$CLAUDE_PROJECT_DIR $CLAUDE_PROJECT_DIR_x ${CLAUDE_PROJECT_DIR:-.}/a $CLAUDE_PROJECT_DIR/b",
        None,
    );
    let c = convert(&[h], Convention::GeminiSettings);
    // Gemini sets the name itself: nothing changes.
    assert_eq!(
        c.hooks[0].command(),
        Some("echo '$CLAUDE_PROJECT_DIR' \\$CLAUDE_PROJECT_DIR $CLAUDE_PROJECT_DIR_x ${CLAUDE_PROJECT_DIR:-.}/a $CLAUDE_PROJECT_DIR/b")
    );
    let h = hook(
        Convention::GeminiSettings,
        "BeforeTool",
        Matcher::Any,
        "echo '$GEMINI_CWD' $GEMINI_CWD${GEMINI_CWD:-.} \"$GEMINI_PROJECT_DIR\"x",
        None,
    );
    let c = convert(&[h], Convention::ClaudeSettings);
    assert_eq!(
        c.hooks[0].command(),
        Some("echo '$GEMINI_CWD' $CLAUDE_PROJECT_DIR${CLAUDE_PROJECT_DIR:-.} \"$CLAUDE_PROJECT_DIR\"x")
    );
    let h = hook(
        Convention::ClaudeSettings,
        "PreToolUse",
        Matcher::Any,
        "$CLAUDE_PROJECT_DIR/a $CLAUDE_PROJECT_DIRx",
        None,
    );
    let c = convert(&[h], Convention::CodexJson);
    // `$CLAUDE_PROJECT_DIRx` is another variable, which no agent sets.
    assert_eq!(c.hooks[0].command(), Some("${PWD}/a $CLAUDE_PROJECT_DIRx"));
    // A user's own `$PWD` is theirs: only `${PWD}`, as this rewrite writes it, comes back as
    // Claude's variable.
    let h = hook(
        Convention::CodexJson,
        "PreToolUse",
        Matcher::Any,
        "echo \"$PWD\" ${PWD}/a",
        None,
    );
    let c = convert(&[h], Convention::ClaudeSettings);
    assert_eq!(
        c.hooks[0].command(),
        Some("echo \"$PWD\" $CLAUDE_PROJECT_DIR/a")
    );
}

fn json_detail(is_async: Option<bool>, status: Option<&str>, managed: bool) -> Detail {
    Detail::JsonGroup {
        group: 0,
        index: 0,
        raw_matcher: None,
        timeout_explicit: false,
        is_async,
        status_message: status.map(Into::into),
        gjc_managed: managed,
    }
}

#[test]
fn gjc_managed_codex_entries_are_not_imported() {
    let mut h = hook(
        Convention::CodexJson,
        "Stop",
        Matcher::Any,
        "gjc codex-native-hook",
        Some(30_000),
    );
    let c = convert(std::slice::from_ref(&h), Convention::Jarvis);
    assert!(c.hooks.is_empty());
    // Left in place on purpose: an info, so the import does not exit 1 for it (import e2e).
    assert_eq!(c.diagnostics[0].code, Code::ManagedHookNotImported);
    assert_eq!(c.diagnostics[0].severity(), hook_ir::Severity::Info);
    h.handler = Handler::Command {
        command: "/opt/bin/gjc.exe  codex-native-hook --x".into(),
        exec: Exec::LoginShell,
    };
    assert!(convert(std::slice::from_ref(&h), Convention::Jcode)
        .hooks
        .is_empty());
    // A user's own hook that merely mentions gjc moves.
    h.handler = Handler::Command {
        command: "./gjc-notes.sh".into(),
        exec: Exec::LoginShell,
    };
    assert_eq!(convert(&[h], Convention::Jarvis).hooks.len(), 1);
}

#[test]
fn async_and_status_message_survive_between_codex_and_claude_and_are_said_elsewhere() {
    let mut h = hook(
        Convention::ClaudeSettings,
        "Stop",
        Matcher::Any,
        "./check.sh",
        Some(600_000),
    );
    h.detail = json_detail(Some(true), Some("checking"), false);
    let codex = convert(std::slice::from_ref(&h), Convention::CodexJson);
    assert!(
        matches!(&codex.hooks[0].detail, Detail::JsonGroup { is_async: Some(true), status_message: Some(m), .. } if m == "checking")
    );
    assert!(!codex
        .diagnostics
        .iter()
        .any(|d| d.code == Code::ObserverBecomesGate));
    let jarvis = convert(&[h], Convention::Jarvis);
    let codes: Vec<_> = jarvis
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    assert!(
        codes.iter().any(|(c, _)| *c == Code::ObserverBecomesGate),
        "{codes:#?}"
    );
    assert!(
        codes
            .iter()
            .any(|(c, m)| *c == Code::LossyConversion && m.contains("statusMessage")),
        "{codes:#?}"
    );
    assert!(
        codes
            .iter()
            .any(|(c, m)| *c == Code::LossyConversion && m.contains("`async`")),
        "{codes:#?}"
    );
}

/// The same note for many hooks is said once with a count (issue 24: 64,000 hooks printed
/// 64,000 identical notes); notes that differ, and warnings, stay one per hook.
#[test]
fn identical_notes_are_said_once_with_a_count() {
    let hooks: Vec<Hook> = (0..1500)
        .map(|i| {
            hook(
                Convention::ClaudeSettings,
                "PreToolUse",
                exact(&["Bash"]),
                &format!("echo {i}"),
                Some(5_000),
            )
        })
        .collect();
    let c = convert(&hooks, Convention::GeminiSettings);
    assert_eq!(c.hooks.len(), 1500);
    let notes: Vec<&str> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::ConversionNote)
        .map(|d| d.message.as_str())
        .collect();
    // The tool's name in Gemini, and the matcher written as a regex: two notes, not 3,000.
    assert_eq!(notes.len(), 2, "{notes:#?}");
    for n in &notes {
        assert!(
            n.starts_with("claude-settings `PreToolUse` hook `echo 0` → gemini-settings: "),
            "{n}"
        );
        assert!(n.ends_with(" (and 1,499 more hooks)"), "{n}");
    }
    // Different notes stay apart: another matcher is another note.
    let two = [
        hooks[0].clone(),
        hook(
            Convention::ClaudeSettings,
            "PreToolUse",
            exact(&["Edit"]),
            "echo e",
            Some(5_000),
        ),
        hooks[1].clone(),
    ];
    let c = convert(&two, Convention::GeminiSettings);
    let notes: Vec<&str> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::ConversionNote)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(notes.len(), 4, "{notes:#?}");
    assert_eq!(
        notes
            .iter()
            .filter(|n| n.ends_with("(and 1 more hook)"))
            .count(),
        2,
        "{notes:#?}"
    );
}
