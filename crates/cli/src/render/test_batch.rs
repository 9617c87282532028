//! A hand-built batch for the renderers' tests: what the adapters would report for a small
//! project with a Jarvis config, a Codex `hooks.json`, a home-dir jcode config and an env
//! override, so each renderer is pinned on every kind of location.

use adapters::SourceFile;
use hook_ir::{
    Batch, Code, Convention, Detail, Diagnostic, Exec, Handler, Hook, Kind, Location, Matcher,
};
use std::path::PathBuf;

pub const JARVIS: &str = r#"[[hooks]]
event = "pretooluse"
command = "./guard.sh"

[[hooks]]
event = "PreToolUse"
matcher = "Bash("
command = "./guard.sh"
timeout = 900
"#;

pub const CODEX: &str = r#"{
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "./check.sh", "timeout": 5000}]}]
  }
}
"#;

fn at(path: &str, text: &str, needle: &str) -> Location {
    let start = text.find(needle).expect(needle);
    Location::at_span(path, text, start, start + needle.len())
}

pub fn demo_sources() -> Vec<SourceFile> {
    vec![
        SourceFile {
            convention: Convention::Jarvis,
            path: PathBuf::from("/p/.jarvis-code/config.toml"),
            display: ".jarvis-code/config.toml".into(),
            text: Some(JARVIS.into()),
            scope: hook_ir::Scope::Project,
            root: None,
            readers: Vec::new(),
        },
        SourceFile {
            convention: Convention::CodexJson,
            path: PathBuf::from("/p/.codex/hooks.json"),
            display: ".codex/hooks.json".into(),
            text: Some(CODEX.into()),
            scope: hook_ir::Scope::Project,
            root: None,
            readers: Vec::new(),
        },
    ]
}

pub fn demo() -> Batch {
    let j = ".jarvis-code/config.toml";
    let c = ".codex/hooks.json";
    let stop = Hook {
        plugin_root: None,
        source_file: None,
        id: "codex-json:.codex/hooks.json:Stop:0:0".into(),
        kind: Kind::Stop,
        convention: Convention::CodexJson,
        source_event: "Stop".into(),
        matcher: Matcher::Any,
        handler: Handler::Command {
            command: "./check.sh".into(),
            exec: Exec::LoginShell,
        },
        timeout_ms: Some(5_000_000),
        scope: hook_ir::Scope::default(),
        location: at(c, CODEX, r#"{"type": "command""#),
        detail: Detail::None,
    };
    Batch {
        hooks: vec![stop],
        diagnostics: vec![
            Diagnostic::new(Code::UnknownEvent, "`pretooluse` is not a Jarvis event")
                .with_convention(Convention::Jarvis)
                .at(at(j, JARVIS, "\"pretooluse\""))
                .with_help("did you mean `PreToolUse`?"),
            Diagnostic::new(
                Code::InvalidMatcherRegex,
                "invalid ecmascript regex `Bash(`: unbalanced parenthesis",
            )
            .with_convention(Convention::Jarvis)
            .at(at(j, JARVIS, "\"Bash(\""))
            .with_help("escape a literal parenthesis: `Bash\\(`"),
            Diagnostic::new(
                Code::InvalidTimeout,
                "timeout 900 is outside 1..=600 seconds, with: commas, colons % and\nnewlines",
            )
            .with_convention(Convention::Jarvis)
            .at(Location {
                path: j.into(),
                line: Some(9),
                column: Some(11),
                span: None,
            }),
            Diagnostic::new(
                Code::IgnoredKey,
                "`pre_tools` is not a jcode hook key; jcode ignores it",
            )
            .with_convention(Convention::Jcode)
            .at(Location {
                path: "~/.jcode/config.toml".into(),
                line: Some(2),
                column: Some(1),
                span: None,
            }),
            Diagnostic::new(
                Code::InvalidCommand,
                "spawn hook command has an unterminated quote",
            )
            .with_convention(Convention::Jcode)
            .at(Location::env("JCODE_HOOK_PRE_TOOL")),
            Diagnostic::new(
                Code::ConversionNote,
                "the timeout 5000 ms is written as 5 s",
            ),
        ],
    }
}

/// The fixes of [`demo`]: a safe one (the mis-cased event) and an unsafe one (the `pre_tools`
/// key of the jcode config, here as if it were a judgment call), as `hooks_rules::fix::available`
/// describes them.
pub fn demo_fixes() -> crate::render::fixable::Fixable {
    use hooks_rules::fix::{Applicability, FixInfo, Position, Replacement};
    let batch = demo();
    let fix = |applicability, description: &str, line, from, to, content: &str| {
        Some(FixInfo {
            applicability,
            description: description.into(),
            edits: vec![Replacement {
                start: Position { line, column: from },
                end: Position { line, column: to },
                content: content.into(),
            }],
        })
    };
    let mut fixes = vec![None; batch.diagnostics.len()];
    fixes[0] = fix(
        Applicability::Safe,
        "rename `pretooluse` to `PreToolUse`",
        2,
        10,
        20,
        "PreToolUse",
    );
    fixes[3] = fix(
        Applicability::Unsafe,
        "rename `pre_tools` to `pre_tool`",
        2,
        9,
        10,
        "",
    );
    let mut f = crate::render::fixable::Fixable::default();
    f.add(&batch.diagnostics, fixes);
    f
}
