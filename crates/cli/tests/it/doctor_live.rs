//! `hooks doctor --live` through the real binary, with the pinned Claude Code, Codex, Gemini
//! CLI, GitHub Copilot CLI, Qwen Code and Cline of `conformance/node_modules` (`npm ci --prefix
//! conformance`; CI installs them: a missing agent fails the test). Each agent runs once or
//! twice on `fixtures/doctor/broken`, and its live result is compared with the static verdict
//! hook by hook. Kept few: one headless turn is 1–2 s for Claude Code and Codex, 3–7 s for
//! Gemini CLI, 5–8 s for Copilot CLI, Qwen Code and Cline.

use crate::doctor::Broken;

use serde_json::Value;
use std::path::{Path, PathBuf};

fn agent_bin(rel: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../conformance/node_modules")
        .join(rel);
    assert!(
        p.is_file(),
        "{} is missing: run `npm ci --prefix conformance` (the pinned agents)",
        p.display()
    );
    p
}

fn pinned(package: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/package.json"),
    )
    .unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["dependencies"][package].as_str().unwrap().to_string()
}

/// `(line, fires, live)` of every hook of the one agent in `doc`.
fn lines(doc: &Value) -> Vec<(u64, bool, Value)> {
    doc["agents"][0]["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["location"]["line"].as_u64().unwrap(),
                h["fires"].as_bool().unwrap(),
                h["live"].clone(),
            )
        })
        .collect()
}

/// Every live result agrees with the static verdict: the probe fired exactly when the agent runs
/// the hook (one that fails on this machine — a program or script missing — is still run).
fn assert_agrees(doc: &Value) {
    const FAILS: &[&str] = &[
        "program_not_found",
        "missing_script",
        "script_not_executable",
    ];
    for h in doc["agents"][0]["hooks"].as_array().unwrap() {
        let Some(live) = h["live"].as_str() else {
            continue;
        };
        let runs = h["fires"] == true
            || h["reasons"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| FAILS.contains(&r["code"].as_str().unwrap()));
        assert_eq!(
            live != "not_fired",
            runs,
            "live and static disagree on {h:#}"
        );
    }
}

fn live(b: &Broken, cwd: &Path, agent: &str, bin: &Path) -> Value {
    let doc = b.doctor(
        cwd,
        &[
            "--live",
            "--agent",
            agent,
            "--agent-bin",
            bin.to_str().unwrap(),
        ],
    );
    assert_agrees(&doc);
    doc
}

fn s(v: &str) -> Value {
    Value::String(v.into())
}

#[test]
fn claude_code_fires_what_the_static_verdict_says() {
    let bin = agent_bin("@anthropic-ai/claude-code-linux-x64/claude");
    let b = Broken::new();
    let doc = live(&b, &b.project(), "claude-settings", &bin);
    let a = &doc["agents"][0];
    assert_eq!(
        a["version"],
        s(&pinned("@anthropic-ai/claude-code")),
        "{doc:#}"
    );
    assert!(a["live_run"]["seconds"].as_f64().unwrap() > 0.0);
    assert_eq!(
        lines(&doc),
        [
            (6, true, s("fired")),
            (10, false, s("not_fired")),
            // Write/Edit: the canary's turn calls only Bash.
            (14, false, Value::Null),
            (18, false, Value::Null),
            // The entry under `preToolUse` is no hook.
            (21, false, Value::Null),
            (29, true, s("fired")),
        ],
        "{doc:#}"
    );

    // `disableAllHooks` in the personal file: the project's hook never fires, live too.
    let project = b.dir.path().join("personal-off/project");
    let doc = live(&b, &project, "claude-settings", &bin);
    assert_eq!(lines(&doc), [(4, false, s("not_fired"))], "{doc:#}");
}

#[test]
fn codex_runs_only_the_trusted_hook() {
    let bin = agent_bin("@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex");
    let b = Broken::new();
    let doc = live(&b, &b.project(), "codex-json", &bin);
    assert_eq!(doc["agents"][0]["version"], s(&pinned("@openai/codex")));
    assert_eq!(
        lines(&doc),
        [
            (4, false, s("not_fired")),
            (7, true, s("fired")),
            (8, false, s("not_fired")),
            (9, false, s("not_fired")),
        ],
        "{doc:#}"
    );

    // `[features] hooks = false`: Codex 0.171.0 loads no hook, the trusted one included.
    let config = b.home().join(".codex/config.toml");
    let trusted = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{trusted}\n[features]\nhooks = false\n")).unwrap();
    let doc = live(&b, &b.project(), "codex-json", &bin);
    assert_eq!(
        lines(&doc),
        [
            (4, false, s("not_fired")),
            (7, false, s("not_fired")),
            (8, false, s("not_fired")),
            (9, false, s("not_fired")),
        ],
        "{doc:#}"
    );
    assert_eq!(
        doc["agents"][0]["hooks"][1]["reasons"][0]["code"],
        "hooks_disabled"
    );
}

#[test]
fn gemini_cli_skips_the_disabled_hook_and_an_untrusted_folder() {
    let bin = agent_bin(".bin/gemini");
    let b = Broken::new();
    // Hooks on, one of them listed in `hooksConfig.disabled`, the project trusted.
    std::fs::write(
        b.home().join(".gemini/settings.json"),
        r#"{
  "hooksConfig": { "disabled": ["off"] },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [
          { "type": "command", "command": "echo gemini guard", "name": "guard" },
          { "type": "command", "command": "echo switched off", "name": "off" }
        ]
      }
    ]
  }
}
"#,
    )
    .unwrap();
    let trusted = serde_json::json!({ b.project().to_str().unwrap(): "TRUST_FOLDER" });
    std::fs::write(
        b.home().join(".gemini/trustedFolders.json"),
        trusted.to_string(),
    )
    .unwrap();
    let doc = live(&b, &b.project(), "gemini-settings", &bin);
    assert_eq!(
        doc["agents"][0]["version"],
        s(&pinned("@google/gemini-cli"))
    );
    assert_eq!(
        lines(&doc),
        [(8, true, s("fired")), (9, false, s("not_fired"))],
        "{doc:#}"
    );
    assert_eq!(
        doc["agents"][0]["hooks"][1]["reasons"][0]["code"],
        "hook_disabled"
    );

    // The folder no longer trusted: headless Gemini CLI refuses to start (exit 55), no hook
    // fires, as the static verdict says.
    std::fs::remove_file(b.home().join(".gemini/trustedFolders.json")).unwrap();
    let doc = live(&b, &b.project(), "gemini-settings", &bin);
    assert_eq!(
        lines(&doc),
        [(8, false, s("not_fired")), (9, false, s("not_fired"))],
        "{doc:#}"
    );
    assert_eq!(
        doc["agents"][0]["hooks"][0]["reasons"][0]["code"],
        "gemini_folder_untrusted"
    );
}

#[test]
fn copilot_cli_fires_what_the_static_verdict_says_in_both_dialects() {
    let bin = agent_bin("@github/copilot-linux-x64/copilot");
    let b = Broken::new();
    // The repository's hooks: a camelCase `bash` guard (fires on the canary's `bash` call), one
    // for `view` only (not exercised), the agent's stop; a PascalCase entry in Claude's nested
    // shape, matched with Claude's `Bash` (Copilot's Claude-compatible dialect); the user's own
    // sessionStart hook in `~/.copilot/hooks/`.
    let repo = b.project().join(".github/hooks");
    std::fs::create_dir_all(&repo).unwrap();
    std::fs::write(
        repo.join("guard.json"),
        r#"{
  "version": 1,
  "hooks": {
    "preToolUse": [
      {"type": "command", "bash": "echo guard", "timeoutSec": 10},
      {"type": "command", "bash": "echo viewer", "matcher": "view"}
    ],
    "agentStop": [{"type": "command", "bash": "echo stop"}],
    "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pascal"}]}]
  }
}
"#,
    )
    .unwrap();
    let user = b.home().join(".copilot/hooks");
    std::fs::create_dir_all(&user).unwrap();
    std::fs::write(
        user.join("start.json"),
        r#"{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}"#,
    )
    .unwrap();
    let doc = live(&b, &b.project(), "copilot-hooks", &bin);
    let a = &doc["agents"][0];
    assert_eq!(a["version"], s(&pinned("@github/copilot")), "{doc:#}");
    let seconds = a["live_run"]["seconds"].as_f64().unwrap();
    assert!(seconds > 0.0, "{doc:#}");
    eprintln!("copilot --live run: {seconds:.1} s");
    // `(event:entry, fires, live)` of each hook, by its place in its file (the id's tail).
    let by_place = |doc: &Value| -> Vec<(String, bool, Value)> {
        let mut v: Vec<(String, bool, Value)> = doc["agents"][0]["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                let id: Vec<&str> = h["id"].as_str().unwrap().rsplit(':').collect();
                (
                    format!("{}:{}", id[2], id[1]),
                    h["fires"].as_bool().unwrap(),
                    h["live"].clone(),
                )
            })
            .collect();
        v.sort_by(|x, y| x.0.cmp(&y.0));
        v
    };
    let row = |place: &str, fires: bool, live: Value| (place.to_string(), fires, live);
    assert_eq!(
        by_place(&doc),
        [
            row("PostToolUse:0", true, s("fired")),
            row("agentStop:0", true, s("fired")),
            row("preToolUse:0", true, s("fired")),
            // `view` only: it fires, but the canary's turn calls only `bash`.
            row("preToolUse:1", true, Value::Null),
            row("sessionStart:0", true, s("fired")),
        ],
        "{doc:#}"
    );

    // The folder not trusted (Copilot has run here: a config.json without it): the
    // repository's hooks never fire, live too; the user's still do.
    std::fs::write(
        b.home().join(".copilot/config.json"),
        r#"{"trustedFolders": []}"#,
    )
    .unwrap();
    let doc = live(&b, &b.project(), "copilot-hooks", &bin);
    let codes: Vec<&str> = doc["agents"][0]["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["reasons"].as_array().unwrap())
        .filter_map(|r| r["code"].as_str())
        .collect();
    assert!(codes.contains(&"copilot_folder_untrusted"), "{doc:#}");
    assert_eq!(
        by_place(&doc),
        [
            row("PostToolUse:0", false, s("not_fired")),
            row("agentStop:0", false, s("not_fired")),
            row("preToolUse:0", false, s("not_fired")),
            row("preToolUse:1", false, Value::Null),
            row("sessionStart:0", true, s("fired")),
        ],
        "{doc:#}"
    );
}

#[test]
fn qwen_code_fires_what_the_static_verdict_says_and_keeps_folder_trust() {
    let bin = agent_bin(".bin/qwen");
    let b = Broken::new();
    // The user's guard on Qwen's shell tool, one on `write_file` only (not exercised), a stop
    // hook; the project's prompt hook.
    let user = b.home().join(".qwen");
    std::fs::create_dir_all(&user).unwrap();
    let user_settings = |trust: bool| {
        format!(
            r#"{{
  "security": {{"folderTrust": {{"enabled": {trust}}}}},
  "hooks": {{
    "PreToolUse": [
      {{"matcher": "run_shell_command", "hooks": [{{"type": "command", "command": "echo guard"}}]}},
      {{"matcher": "write_file", "hooks": [{{"type": "command", "command": "echo writer"}}]}}
    ],
    "Stop": [{{"hooks": [{{"type": "command", "command": "echo stop"}}]}}]
  }}
}}
"#
        )
    };
    std::fs::write(user.join("settings.json"), user_settings(false)).unwrap();
    let project = b.project().join(".qwen");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(
        project.join("settings.json"),
        r#"{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo prompt"}]}]}}"#,
    )
    .unwrap();
    let doc = live(&b, &b.project(), "qwen-settings", &bin);
    let a = &doc["agents"][0];
    assert_eq!(a["version"], s(&pinned("@qwen-code/qwen-code")), "{doc:#}");
    let seconds = a["live_run"]["seconds"].as_f64().unwrap();
    eprintln!("qwen --live run: {seconds:.1} s");
    // `(path tail, line, fires, live)` of each hook.
    let rows = |doc: &Value| -> Vec<(String, u64, bool, Value)> {
        doc["agents"][0]["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                let path = h["location"]["path"].as_str().unwrap();
                let file = if path.contains("home") || path.starts_with('~') {
                    "user"
                } else {
                    "project"
                };
                (
                    file.to_string(),
                    h["location"]["line"].as_u64().unwrap(),
                    h["fires"].as_bool().unwrap(),
                    h["live"].clone(),
                )
            })
            .collect()
    };
    let mut got = rows(&doc);
    got.sort_by(|x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
    let row = |f: &str, line: u64, fires: bool, live: Value| (f.to_string(), line, fires, live);
    assert_eq!(
        got,
        [
            row("project", 1, true, s("fired")),
            row("user", 5, true, s("fired")),
            // `write_file` only: it fires, but the canary's turn calls only the shell.
            row("user", 6, true, Value::Null),
            row("user", 8, true, s("fired")),
        ],
        "{doc:#}"
    );

    // Folder trust on, the folder not trusted: the project's hook never fires, live too; the
    // user's stop hook still does. Qwen then runs no tool call (its approval mode falls back to
    // `default`, trace qwen_project_untrusted): the tool hooks are not exercised.
    std::fs::write(user.join("settings.json"), user_settings(true)).unwrap();
    let doc = live(&b, &b.project(), "qwen-settings", &bin);
    let mut got = rows(&doc);
    got.sort_by(|x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
    assert_eq!(
        got,
        [
            row("project", 1, false, s("not_fired")),
            row("user", 5, true, Value::Null),
            row("user", 6, true, Value::Null),
            row("user", 8, true, s("fired")),
        ],
        "{doc:#}"
    );
}

#[test]
fn cline_fires_what_the_static_verdict_says() {
    let bin = agent_bin("@cline/cli-linux-x64/bin/cline");
    let b = Broken::new();
    // The user's guard and the project's task-start hook, scripts named after their event;
    // one for an event the turn does not reach (a cancelled task).
    let script = |path: PathBuf| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "#!/bin/sh\ncat > /dev/null\necho '{}'\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    };
    script(b.home().join(".cline/hooks/PreToolUse"));
    script(b.home().join(".cline/hooks/TaskCancel"));
    script(b.project().join(".clinerules/hooks/TaskStart"));
    let doc = live(&b, &b.project(), "cline-dir", &bin);
    let a = &doc["agents"][0];
    assert_eq!(a["version"], s(&pinned("cline")), "{doc:#}");
    let seconds = a["live_run"]["seconds"].as_f64().unwrap();
    eprintln!("cline --live run: {seconds:.1} s");
    let mut got: Vec<(String, bool, Value)> = a["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let path = h["location"]["path"].as_str().unwrap();
            (
                path.rsplit('/').next().unwrap().to_string(),
                h["fires"].as_bool().unwrap(),
                h["live"].clone(),
            )
        })
        .collect();
    got.sort_by(|x, y| x.0.cmp(&y.0));
    let row = |f: &str, fires: bool, live: Value| (f.to_string(), fires, live);
    assert_eq!(
        got,
        [
            row("PreToolUse", true, s("fired")),
            row("TaskCancel", true, Value::Null),
            // Cline reads nothing back from a TaskStart hook (the contract table): it ran.
            row("TaskStart", true, s("ignored")),
        ],
        "{doc:#}"
    );
}
