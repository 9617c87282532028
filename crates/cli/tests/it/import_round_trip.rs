//! Round trips through real files: for every ordered pair A → B of the command conventions,
//! `hooks import --from A --to B` into a temp tree, then `--from B --to A` from a fresh tree
//! holding only B's file; the hooks `hooks list` reports for A (kind, source_event, matcher,
//! handler, timeout_ms) must equal the original's. Each source holds hooks of all six kinds
//! that every command convention can express (the portable set: tools with one equivalent in
//! every agent, such as the shell and MCP tools); what cannot move is pinned by the refusal
//! tests in `import_e2e.rs`, and tools one agent splits into several (Codex's `apply_patch` is
//! Claude's `Edit` and `Write`) by `tool_names_are_spoken_in_each_agents_words`.

use crate::common;
use common::Tree;

/// Where each convention's file lives in a tree, and a portable source for it.
fn source(convention: &str) -> (&'static str, &'static str) {
    match convention {
        "jcode" => ("home/.jcode/config.toml", JCODE),
        "jarvis" => ("home/.jarvis-code/config.toml", JARVIS),
        "codex-json" => ("project/.codex/hooks.json", CODEX),
        "claude-settings" => ("project/.claude/settings.json", CLAUDE),
        "gemini-settings" => ("project/.gemini/settings.json", GEMINI),
        other => panic!("{other}"),
    }
}

const JCODE: &str = r#"# jcode settings
theme = "dark"

[hooks]
# the guards
pre_tool = [
  "sh -c 'case \"$JCODE_HOOK_TOOL_NAME\" in bash|mcp__fs__write) eval \"$1\";; esac' sh './guard.sh | tee -a log'",
  "./audit.sh --pre",
]
post_tool = "./after.sh --quiet"
turn_start = "sh -c 'echo \"$PWD\" >> prompts.log'"
turn_end = "notify-send done"
session_start = "./start.sh"
session_end = "./end.sh"
pre_tool_timeout_ms = 10000
"#;

const JARVIS: &str = r#"# Jarvis config
model = "k2"

[[hooks]]
event = "PreToolUse"
matcher = "^(?:Bash|mcp__fs__write)$"
command = "./guard.sh | tee -a log"
timeout = 10

[[hooks]]
event = "PreToolUse"
command = "./audit.sh --pre"
timeout = 10

[[hooks]]
event = "PostToolUse"
command = "./after.sh --quiet"

[[hooks]]
event = "UserPromptSubmit"
command = 'echo "$PWD" >> prompts.log'

[[hooks]]
event = "Stop"
command = "notify-send done"

[[hooks]]
event = "SessionStart"
command = "./start.sh"

[[hooks]]
event = "SessionEnd"
command = "./end.sh"
"#;

const CODEX: &str = r#"{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash|mcp__fs__write",
        "hooks": [{ "type": "command", "command": "./guard.sh | tee -a log", "timeout": 10 }]
      },
      { "hooks": [{ "type": "command", "command": "./audit.sh --pre", "timeout": 10 }] }
    ],
    "PostToolUse": [{ "hooks": [{ "type": "command", "command": "./after.sh --quiet" }] }],
    "UserPromptSubmit": [
      { "hooks": [{ "type": "command", "command": "echo \"$PWD\" >> prompts.log" }] }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }],
    "SessionStart": [{ "hooks": [{ "type": "command", "command": "./start.sh" }] }],
    "SessionEnd": [{ "hooks": [{ "type": "command", "command": "./end.sh" }] }]
  }
}
"#;

const CLAUDE: &str = r#"{
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash|mcp__fs__write",
        "hooks": [{ "type": "command", "command": "./guard.sh | tee -a log", "timeout": 10 }]
      },
      { "hooks": [{ "type": "command", "command": "./audit.sh --pre", "timeout": 10 }] }
    ],
    "PostToolUse": [{ "hooks": [{ "type": "command", "command": "./after.sh --quiet" }] }],
    "UserPromptSubmit": [
      { "hooks": [{ "type": "command", "command": "echo \"$PWD\" >> prompts.log" }] }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }],
    "SessionStart": [{ "hooks": [{ "type": "command", "command": "./start.sh" }] }],
    "SessionEnd": [{ "hooks": [{ "type": "command", "command": "./end.sh" }] }]
  },
  "model": "opus"
}
"#;

const GEMINI: &str = r#"// Gemini CLI project settings
{
  "ui": { "theme": "GitHub" },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "^(?:run_shell_command|mcp_fs_write)$",
        "hooks": [{ "type": "command", "command": "./guard.sh | tee -a log", "timeout": 10000 }]
      },
      { "hooks": [{ "type": "command", "command": "./audit.sh --pre", "timeout": 10000 }] }
    ],
    "AfterTool": [{ "hooks": [{ "type": "command", "command": "./after.sh --quiet" }] }],
    "BeforeAgent": [
      { "hooks": [{ "type": "command", "command": "echo \"$PWD\" >> prompts.log" }] }
    ],
    "AfterAgent": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }],
    "SessionStart": [{ "hooks": [{ "type": "command", "command": "./start.sh" }] }],
    "SessionEnd": [{ "hooks": [{ "type": "command", "command": "./end.sh" }] }]
  }
}
"#;

const COMMAND_CONVENTIONS: [&str; 5] = [
    "jcode",
    "jarvis",
    "codex-json",
    "claude-settings",
    "gemini-settings",
];

/// Where `convention` keeps hooks of a user-level (`user`) or project source: import keeps
/// scopes, and jcode and Jarvis have only a user level (project hooks go there guarded).
fn placed(convention: &str, user: bool) -> &'static str {
    match (convention, user) {
        ("jcode", _) => "home/.jcode/config.toml",
        ("jarvis", _) => "home/.jarvis-code/config.toml",
        ("codex-json", true) => "home/.codex/hooks.json",
        ("codex-json", false) => "project/.codex/hooks.json",
        ("claude-settings", true) => "home/.claude/settings.json",
        ("claude-settings", false) => "project/.claude/settings.json",
        ("gemini-settings", true) => "home/.gemini/settings.json",
        ("gemini-settings", false) => "project/.gemini/settings.json",
        (other, _) => panic!("{other}"),
    }
}

/// Imports `a` → `b` and back; returns the file written for `b` (for a snapshot), or what
/// went wrong.
fn round_trip(a: &str, a_text: &str, b: &str) -> Result<String, String> {
    let (a_path, _) = source(a);
    let user = a_path.starts_with("home/");
    let b_path = placed(b, user);
    let first = Tree::new();
    first.write(a_path, a_text);
    let original = by_event(first.hooks_of(a));
    let n = original.len();
    assert!(n > 0, "{a}: {original:#?}");

    let there = first.import(a, b, &["--format", "json"]);
    let plan: serde_json::Value = serde_json::from_str(&there.stdout).unwrap();
    if there.code != 0 || plan["hooks"].as_array().unwrap().len() != n {
        return Err(format!("{a} → {b}: {}", there.shown));
    }
    let written = first.read(b_path);
    // What `hooks list` reads from the target is what the import said it would write.
    let moved = first.hooks_of(b);
    if moved.len() != n {
        return Err(format!("{a} → {b}: read back {moved:#?}\n{written}"));
    }

    // Back into the tree that still holds the original: everything is already there.
    let a_before = first.read(a_path);
    let home_again = first.import(b, a, &["--format", "json"]);
    let plan: serde_json::Value = serde_json::from_str(&home_again.stdout).unwrap();
    if home_again.code != 0 || plan["outcome"] != "unchanged" || first.read(a_path) != a_before {
        return Err(format!(
            "{b} → {a} into the original tree changed it:\n{}",
            home_again.shown
        ));
    }

    // A project hook guarded in a user-level file names its project: the second tree stands for
    // the same project at another place.
    let second = Tree::new();
    let moved_text = written.replace(
        &first.project().display().to_string(),
        &second.project().display().to_string(),
    );
    second.write(b_path, &moved_text);
    let back = second.import(b, a, &["--format", "json"]);
    if back.code != 0 {
        return Err(format!("{b} → {a}: {}", back.shown));
    }
    let again = by_event(second.hooks_of(a));
    if again != original {
        return Err(format!(
            "{a} → {b} → {a} differs\n{b}'s file:\n{written}\n{a}'s file:\n{}\n{}",
            second.read(a_path),
            diff(&original, &again)
        ));
    }
    // The snapshot names the project as `[PROJECT]` (its temp path changes every run).
    Ok(written.replace(&first.project().display().to_string(), "[PROJECT]"))
}

/// The hooks grouped by event, keeping their order within each event: JSON files group hooks
/// by event, so the order across events of a Jarvis file cannot survive a trip through them
/// (and means nothing: hooks of different events never run together).
fn by_event(mut hooks: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    hooks.sort_by_key(|h| h["source_event"].as_str().unwrap_or_default().to_string());
    hooks
}

fn diff(a: &[serde_json::Value], b: &[serde_json::Value]) -> String {
    let mut out = String::new();
    for i in 0..a.len().max(b.len()) {
        if a.get(i) != b.get(i) {
            out.push_str(&format!("- {}\n+ {}\n", json(a.get(i)), json(b.get(i))));
        }
    }
    out
}

fn json(v: Option<&serde_json::Value>) -> String {
    v.map_or("(none)".into(), |v| v.to_string())
}

/// `text` (the source of `a`) for a round trip through `b`: through Codex, the `SessionEnd`
/// hooks of the Jarvis, Claude and Gemini sources ask for 3 s, since Codex clamps a
/// `SessionEnd` timeout to 3 s (Codex 0.171.0) and a longer one cannot come back.
fn through_codex(a: &str, b: &str, text: &str) -> String {
    // Gemini writes milliseconds, the others seconds.
    let three = match a {
        "jarvis" | "claude-settings" => "3",
        "gemini-settings" => "3000",
        _ => return text.to_string(),
    };
    if b != "codex-json" {
        return text.to_string();
    }
    text.replace(
        "event = \"SessionEnd\"\ncommand = \"./end.sh\"\n",
        &format!("event = \"SessionEnd\"\ncommand = \"./end.sh\"\ntimeout = {three}\n"),
    )
    .replace(
        "\"command\": \"./end.sh\" }",
        &format!("\"command\": \"./end.sh\", \"timeout\": {three} }}"),
    )
}

#[test]
fn every_pair_of_command_conventions_round_trips_through_files() {
    let mut failures = Vec::new();
    for a in COMMAND_CONVENTIONS {
        for b in COMMAND_CONVENTIONS.iter().filter(|b| **b != a) {
            let text = through_codex(a, b, source(a).1);
            match round_trip(a, &text, b) {
                Ok(written) => insta::assert_snapshot!(format!("round_trip_{a}_to_{b}"), written),
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

const JARVIS_REGEX: &str = r#"[[hooks]]
event = "PreToolUse"
matcher = "Bash"
command = "./bash-or-bashoutput.sh"

[[hooks]]
event = "PostToolUse"
matcher = "^(?:Edit|Write)"
command = "./edited.sh"

[[hooks]]
event = "PreToolUse"
matcher = "^mcp__github__.*"
command = "./github.sh"
"#;

const CODEX_REGEX: &str = r#"{"hooks": {
  "PreToolUse": [
    {"matcher": "(?:Bash)", "hooks": [{"type": "command", "command": "./bash-or-bashoutput.sh"}]},
    {"matcher": "^mcp__github__.*", "hooks": [{"type": "command", "command": "./github.sh"}]}
  ],
  "PostToolUse": [
    {"matcher": "^(?:Edit|Write)", "hooks": [{"type": "command", "command": "./edited.sh"}]}
  ]
}}
"#;

const CLAUDE_REGEX: &str = r#"{"hooks": {
  "PreToolUse": [
    {"matcher": "mcp__github__.*", "hooks": [{"type": "command", "command": "./github.sh"}]},
    {"matcher": "Notebook.*", "hooks": [{"type": "command", "command": "./nb.sh"}]}
  ],
  "PostToolUse": [
    {"matcher": "^(?:Edit|Write)", "hooks": [{"type": "command", "command": "./edited.sh"}]}
  ]
}}
"#;

/// Unanchored regexes (the common Jarvis and Claude form) between the three conventions with
/// regex matchers. `Bash` as a regex also matches `BashOutput`: Codex and Claude would read the
/// bare string as the exact name, so it is written `(?:Bash)` there and comes back as `Bash`.
/// (`Edit|Write` unanchored would also select Claude's `TodoWrite` and `NotebookEdit`, which
/// Kimi Code does not have: that is a different hook in each agent, pinned in `import_e2e.rs`.)
#[test]
fn regex_matchers_round_trip_between_jarvis_codex_and_claude() {
    let regex_conventions = [
        ("jarvis", JARVIS_REGEX),
        ("codex-json", CODEX_REGEX),
        ("claude-settings", CLAUDE_REGEX),
    ];
    let mut failures = Vec::new();
    for (a, text) in regex_conventions {
        for (b, _) in regex_conventions.iter().filter(|(b, _)| *b != a) {
            match round_trip(a, text, b) {
                Ok(written) => {
                    insta::assert_snapshot!(format!("regex_round_trip_{a}_to_{b}"), written)
                }
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What does not come back byte for byte, pinned so it stays what it is: a jcode command in
/// double quotes comes back single-quoted (the same argv: jcode's tokenizer and `sh` agree on
/// it); a `sh -c` wrapper around a command that needs no shell is dropped; an observer's
/// timeout is dropped by jcode (a `lossy_conversion` says so) and comes back as the default.
#[test]
fn what_comes_back_with_the_same_meaning_but_not_the_same_text() {
    let t = Tree::new();
    t.write(
        "home/.jcode/config.toml",
        "[hooks]\npre_tool = \"guard \\\"a b\\\"\"\nturn_end = \"sh -c ./notify.sh\"\n",
    );
    let original = t.hooks_of("jcode");
    assert_eq!(t.import("jcode", "jarvis", &["--format", "json"]).code, 0);
    let jarvis = t.read("home/.jarvis-code/config.toml");
    assert!(jarvis.contains("command = \"guard 'a b'\"\n"), "{jarvis}");
    assert!(jarvis.contains("command = \"./notify.sh\"\n"), "{jarvis}");

    let back = Tree::new();
    back.write("home/.jarvis-code/config.toml", &jarvis);
    assert_eq!(
        back.import("jarvis", "jcode", &["--format", "json"]).code,
        0
    );
    let again = back.hooks_of("jcode");
    let argv = |h: &serde_json::Value| {
        hook_ir::jcode_argv::parse_hook_command(h["handler"]["command"].as_str().unwrap()).unwrap()
    };
    assert_eq!(argv(&again[0]), argv(&original[0]));
    assert_eq!(again[0]["handler"]["command"], "guard 'a b'");
    assert_eq!(again[1]["handler"]["command"], "./notify.sh");

    let t = Tree::new();
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"Stop\"\ncommand = \"./notify.sh\"\ntimeout = 10\n",
    );
    let r = t.import("jarvis", "jcode", &["--format", "json"]);
    assert!(
        r.stdout.contains("the timeout of 10 s is dropped"),
        "{}",
        r.shown
    );
    let back = Tree::new();
    back.write(
        "home/.jcode/config.toml",
        &t.read("home/.jcode/config.toml"),
    );
    back.import("jcode", "jarvis", &["--format", "json"]);
    assert_eq!(back.hooks_of("jarvis")[0]["timeout_ms"], 30_000);
}

/// Issue 14: hooks of events outside the six kinds go to the target's equivalent event and come
/// back unchanged: Claude → Codex → Claude, Claude → Jarvis → Claude, Claude → Gemini → Claude
/// (`PreCompact` is Gemini's `PreCompress`; its `manual` trigger is spelled alike), compared
/// as the `hooks` object of the settings file the round trip writes.
#[test]
fn events_outside_the_six_kinds_round_trip_where_the_target_has_them() {
    let claude = r#"{"hooks": {
  "PreCompact": [{"matcher": "manual", "hooks": [{"type": "command", "command": "./save.sh", "timeout": 20}]}],
  "SubagentStop": [{"hooks": [{"type": "command", "command": "./sub.sh", "timeout": 30}]}],
  "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./perm.sh", "timeout": 10}]}],
  "PostToolUseFailure": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./fail.sh", "timeout": 5}]}],
  "Notification": [{"hooks": [{"type": "command", "command": "./ping.sh", "timeout": 5}]}]
}}
"#;
    let original: serde_json::Value = serde_json::from_str(claude).unwrap();
    // What each target can hold of them: the rest is left out there, with
    // `event_not_in_target`, or `matcher_not_portable` for the `manual` trigger (Codex ignores
    // matchers on `PreCompact`; Kimi Code's trigger names are not verified to be Claude's;
    // its `Notification` is about background tasks).
    let cases: [(&str, &str, &[&str]); 3] = [
        (
            "codex-json",
            "project/.codex/hooks.json",
            &["SubagentStop", "PermissionRequest"],
        ),
        (
            "jarvis",
            "home/.jarvis-code/config.toml",
            &["SubagentStop", "PermissionRequest", "PostToolUseFailure"],
        ),
        (
            "gemini-settings",
            "project/.gemini/settings.json",
            &["PreCompact", "Notification"],
        ),
    ];
    for (b, b_path, kept) in cases {
        let first = Tree::new();
        first.write("project/.claude/settings.json", claude);
        let there = first.import("claude-settings", b, &["--format", "json"]);
        let plan: serde_json::Value = serde_json::from_str(&there.stdout).unwrap();
        assert_eq!(
            plan["targets"][0]["carried"].as_u64(),
            Some(kept.len() as u64),
            "{b}: {}",
            there.shown
        );
        let written = first.read(b_path);
        let second = Tree::new();
        second.write(
            b_path,
            &written.replace(
                &first.project().display().to_string(),
                &second.project().display().to_string(),
            ),
        );
        let back = second.import(b, "claude-settings", &["--format", "json"]);
        assert_eq!(back.code, 0, "{b} → claude-settings: {}", back.shown);
        let again: serde_json::Value =
            serde_json::from_str(&second.read("project/.claude/settings.json")).unwrap();
        for event in kept {
            assert_eq!(
                again["hooks"][event], original["hooks"][event],
                "claude-settings → {b} → claude-settings: `{event}`\n{b}:\n{written}\nback:\n{again:#}"
            );
        }
    }
}

/// `cline-dir` both ways with every command convention (issue 30): each portable source moves
/// into Cline's hook folders as `#!/bin/sh` files of mode 0755 named as Cline's scanner finds
/// them (a matcher is refused: Cline has none), a second import changes nothing, and the Cline
/// files move back into every convention as commands that run them (`<interpreter> <file>`).
#[test]
fn cline_dir_imports_both_ways_with_every_command_convention() {
    use std::os::unix::fs::PermissionsExt;
    let extra: [(&str, &str, &str); 3] = [
        (
            "copilot-hooks",
            "project/.github/hooks/hooks.json",
            r#"{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "./start.sh"}], "preToolUse": [{"type": "command", "bash": "./guard.sh"}]}}"#,
        ),
        (
            "qwen-settings",
            "project/.qwen/settings.json",
            r#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "./start.sh"}]}], "PreToolUse": [{"hooks": [{"type": "command", "command": "./guard.sh"}]}]}}"#,
        ),
        (
            "cursor-hooks",
            "project/.cursor/hooks.json",
            r#"{"version": 1, "hooks": {"sessionStart": [{"command": "./start.sh"}], "preToolUse": [{"command": "./guard.sh"}]}}"#,
        ),
    ];
    let mut all: Vec<(&str, &str, &str)> = COMMAND_CONVENTIONS
        .iter()
        .map(|c| {
            let (p, t) = source(c);
            (*c, p, t)
        })
        .collect();
    all.extend(extra);
    let every: Vec<String> = hook_ir::conventions::command_conventions()
        .map(|c| c.to_string())
        .filter(|c| c != "cline-dir")
        .collect();
    assert_eq!(
        every,
        all.iter()
            .map(|(c, _, _)| c.to_string())
            .collect::<Vec<_>>(),
        "a command convention without a source here"
    );
    for (c, path, text) in all {
        let t = Tree::new();
        t.write(path, text);
        let there = t.import(c, "cline-dir", &["--format", "json"]);
        let moved = t.hooks_of("cline-dir");
        assert!(!moved.is_empty(), "{c} → cline-dir: {}", there.shown);
        let mut files = Vec::new();
        for dir in ["project/.cline/hooks", "home/.cline/hooks"] {
            let Ok(rd) = std::fs::read_dir(t.root().join(dir)) else {
                continue;
            };
            for e in rd {
                let p = e.unwrap().path();
                let text = std::fs::read_to_string(&p).unwrap();
                assert!(text.starts_with("#!/bin/sh\n"), "{c}: {}", p.display());
                let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
                assert_eq!(mode, 0o755, "{c}: {}", p.display());
                files.push((
                    format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()),
                    text,
                ));
            }
        }
        assert_eq!(files.len(), moved.len(), "{c}: {files:?}");
        // Again: the same hooks are there already, nothing is written.
        let again = t.import(c, "cline-dir", &["--format", "json"]);
        let plan: serde_json::Value = serde_json::from_str(&again.stdout).unwrap();
        assert!(
            plan["written"].as_array().unwrap().is_empty(),
            "{c}: {}",
            again.shown
        );
        assert_eq!(t.hooks_of("cline-dir").len(), moved.len(), "{c}");

        // Back, from a tree holding only the Cline files.
        let second = Tree::new();
        for (rel, text) in &files {
            second.write(rel, text);
        }
        let back = second.import("cline-dir", c, &["--format", "json"]);
        assert_eq!(back.code, 0, "cline-dir → {c}: {}", back.shown);
        let hooks = second.hooks_of(c);
        assert_eq!(hooks.len(), files.len(), "cline-dir → {c}: {}", back.shown);
        for h in hooks {
            let command = h["handler"]["command"].as_str().unwrap();
            assert!(
                command.contains("/.cline/hooks/"),
                "cline-dir → {c}: {command}"
            );
        }
    }
}
