//! `hooks doctor` through the real binary, on `fixtures/doctor/broken` (its README lists every
//! hook and its verdict): the right verdict and reason for each deliberately broken hook, the
//! same from another current directory, with `--home` different from `$HOME`.

use crate::common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/doctor/broken")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}

#[cfg(unix)]
fn set_mode(p: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The fixture in a temp dir, the scripts' modes set (a checkout may not keep them), and the
/// user's Codex config trusting the first hook, trusting the second with another hash (it
/// "changed"), not the third; the project is not trusted.
pub(crate) struct Broken {
    pub(crate) dir: tempfile::TempDir,
}

impl Broken {
    pub(crate) fn new() -> Broken {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&fixture(), dir.path());
        // $HOME of every run: not the --home given, so nothing may be read from it.
        std::fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
        let b = Broken { dir };
        #[cfg(unix)]
        {
            set_mode(&b.project().join(".claude/hooks/guard.sh"), 0o755);
            set_mode(&b.project().join(".claude/hooks/not-exec.sh"), 0o644);
        }
        let list = b.hooks(&b.project(), &["list", "--format", "json"]);
        let listed: Value = serde_json::from_slice(&list.stdout).unwrap();
        let trust: Vec<&Value> = listed["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["convention"] == "codex-json" && h["scope"] == "user")
            .map(|h| &h["codex_trust"])
            .collect();
        assert_eq!(trust.len(), 3, "{listed:#}");
        let config = format!(
            "[hooks.state.{}]\ntrusted_hash = {}\n\n[hooks.state.{}]\ntrusted_hash = \"sha256:{}\"\n",
            trust[0]["key"],
            trust[0]["hash"],
            trust[1]["key"],
            "0".repeat(64)
        );
        std::fs::write(b.home().join(".codex/config.toml"), config).unwrap();
        b
    }
    pub(crate) fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }
    pub(crate) fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }
    pub(crate) fn hooks(&self, cwd: &Path, args: &[&str]) -> std::process::Output {
        let mut cmd: Command = common::bin();
        cmd.args(args)
            .arg("--home")
            .arg(self.home())
            .current_dir(cwd)
            .env("HOME", self.dir.path().join("elsewhere"));
        cmd.output().unwrap()
    }
    pub(crate) fn doctor(&self, cwd: &Path, args: &[&str]) -> Value {
        let mut all = vec!["doctor", "--format", "json"];
        all.extend(args);
        let out = self.hooks(cwd, &all);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    }
}

/// `(agent, first words of the command or "-", fires, codes that stop it)` of every hook.
fn verdicts(
    doc: &Value,
    text: &dyn Fn(&str, &Value) -> String,
) -> Vec<(String, String, bool, Vec<String>)> {
    let mut out = Vec::new();
    for a in doc["agents"].as_array().unwrap() {
        let agent = a["agent"].as_str().unwrap().to_string();
        for h in a["hooks"].as_array().unwrap() {
            let codes = h["reasons"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_string())
                .collect();
            out.push((
                agent.clone(),
                text(&agent, h),
                h["fires"].as_bool().unwrap(),
                codes,
            ));
        }
    }
    out
}

/// A hook by the line of its file it is written on (`path:line`, path as printed).
fn at(_: &str, h: &Value) -> String {
    format!(
        "{}:{}",
        h["location"]["path"].as_str().unwrap(),
        h["location"]["line"]
    )
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_broken_hook_gets_its_verdict_and_reason() {
    let b = Broken::new();
    let doc = b.doctor(&b.project(), &[]);
    assert_eq!(doc["schema_version"], 1);
    let got = verdicts(&doc, &at);
    let want = vec![
        (
            "codex-json",
            ".codex/hooks.json:4",
            false,
            strs(&["codex_project_untrusted"]),
        ),
        ("codex-json", "~/.codex/hooks.json:7", true, strs(&[])),
        (
            "codex-json",
            "~/.codex/hooks.json:8",
            false,
            strs(&["codex_hook_changed"]),
        ),
        (
            "codex-json",
            "~/.codex/hooks.json:9",
            false,
            strs(&["codex_hook_untrusted"]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:6",
            true,
            strs(&[]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:10",
            false,
            strs(&["matcher_matches_nothing"]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:14",
            false,
            strs(&["program_not_found"]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:18",
            false,
            strs(&["script_not_executable"]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:21",
            false,
            strs(&["unknown_event"]),
        ),
        (
            "claude-settings",
            ".claude/settings.json:29",
            true,
            strs(&[]),
        ),
        (
            "gemini-settings",
            "~/.gemini/settings.json:7",
            false,
            strs(&["hooks_disabled"]),
        ),
    ];
    let want: Vec<_> = want
        .into_iter()
        .map(|(a, l, f, c)| (a.to_string(), l.to_string(), f, c))
        .collect();
    assert_eq!(got, want, "{doc:#}");

    // Each reason points at the line that causes it: the matcher, the switch.
    let claude = &doc["agents"][1];
    assert_eq!(claude["agent"], "claude-settings");
    assert_eq!(claude["hooks"][1]["reasons"][0]["location"]["line"], 9);
    assert_eq!(
        claude["hooks"][0]["events"],
        serde_json::json!(["PreToolUse"])
    );
    assert_eq!(claude["hooks"][0]["tools"], serde_json::json!(["Bash"]));
    assert_eq!(claude["hooks"][0]["scope"], "project");
    assert_eq!(claude["hooks"][0]["live"], Value::Null);
    assert_eq!(claude["version"], Value::Null);
    let gemini = &doc["agents"][2];
    assert_eq!(gemini["hooks"][0]["reasons"][0]["location"]["line"], 2);
}

#[test]
fn the_verdicts_do_not_depend_on_the_current_directory() {
    let b = Broken::new();
    let from_project = b.doctor(&b.project(), &[]);
    let outside = tempfile::tempdir().unwrap();
    let project = b.project();
    let from_elsewhere = b.doctor(outside.path(), &[project.to_str().unwrap()]);
    let by_command = |agent: &str, h: &Value| -> String {
        // Paths are printed relative to the current directory: compare what they say instead.
        format!("{agent} {} {}", h["events"], h["location"]["line"])
    };
    assert_eq!(
        verdicts(&from_project, &by_command),
        verdicts(&from_elsewhere, &by_command)
    );
}

#[test]
fn agent_selects_and_the_human_report_ends_with_a_verdict_per_agent() {
    let b = Broken::new();
    let doc = b.doctor(&b.project(), &["--agent", "codex-json"]);
    let agents: Vec<&str> = doc["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["agent"].as_str().unwrap())
        .collect();
    assert_eq!(agents, ["codex-json"]);

    let out = b.hooks(&b.project(), &["doctor", "--format", "human"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("2 of 6 hooks fire; 4 never will: .claude/settings.json:10 (matcher_matches_nothing); .claude/settings.json:14 (program_not_found); .claude/settings.json:18 (script_not_executable); .claude/settings.json:21 (unknown_event)."),
        "{text}"
    );
    assert!(text.contains("1 of 4 hooks fire; 3 never will:"), "{text}");
    assert!(
        text.contains("Its one hook never fires: ~/.gemini/settings.json:7 (hooks_disabled)."),
        "{text}"
    );
}

#[test]
fn disable_all_hooks_in_the_personal_file_stops_the_project_hooks() {
    let b = Broken::new();
    let project = b.dir.path().join("personal-off/project");
    let doc = b.doctor(&project, &["--agent", "claude-settings"]);
    let hooks = doc["agents"][0]["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 1, "{doc:#}");
    let h = &hooks[0];
    assert_eq!(h["fires"], false);
    assert_eq!(h["location"]["path"], ".claude/settings.json");
    assert_eq!(h["scope"], "project");
    let r = &h["reasons"][0];
    assert_eq!(r["code"], "hooks_disabled");
    // The reason is where the switch is: the personal file.
    assert_eq!(r["location"]["path"], ".claude/settings.local.json");
    assert_eq!(r["location"]["line"], 2);
}

#[test]
fn a_path_that_does_not_exist_cannot_be_answered() {
    let b = Broken::new();
    let out = b.hooks(&b.project(), &["doctor", "no/such/dir"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn hooks_in_a_file_claude_never_reads_are_not_hooks() {
    let t = common::Tree::new();
    t.write(
        "home/.claude.json",
        "{\n  \"numStartups\": 3,\n  \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"guard.sh\"}]}]}\n}\n",
    );
    t.write(
        "project/.claude/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}"#,
    );
    // A state file without hooks is nothing to report.
    t.write("home/.claude/hooks.json", r#"{"hooks": {}}"#);
    let home = t.home();
    let out = t.run(&[
        "doctor",
        "--format",
        "json",
        "--home",
        home.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.shown);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    let got = verdicts(&doc, &at);
    assert_eq!(
        got,
        [
            (
                "claude-settings".to_string(),
                ".claude/hooks.json:1".to_string(),
                false,
                strs(&["hooks_in_unread_file"])
            ),
            (
                "claude-settings".to_string(),
                "~/.claude.json:3".to_string(),
                false,
                strs(&["hooks_in_unread_file"])
            ),
        ],
        "{doc:#}"
    );
}

#[test]
fn codex_hooks_switched_off_by_the_feature_flag_never_fire() {
    let b = Broken::new();
    let config = b.home().join(".codex/config.toml");
    let trusted = std::fs::read_to_string(&config).unwrap();
    // The older name of the feature; Codex 0.171.0 reads both (doctor_live.rs proves `hooks`).
    std::fs::write(
        &config,
        format!("{trusted}\n[features]\ncodex_hooks = false\n"),
    )
    .unwrap();
    let doc = b.doctor(&b.project(), &["--agent", "codex-json"]);
    let trusted_hook = &doc["agents"][0]["hooks"][1];
    assert_eq!(trusted_hook["location"]["line"], 7);
    assert_eq!(trusted_hook["fires"], false, "{doc:#}");
    let r = &trusted_hook["reasons"][0];
    assert_eq!(r["code"], "hooks_disabled");
    assert_eq!(r["location"]["path"], "~/.codex/config.toml");
    assert_eq!(r["location"]["line"], trusted.lines().count() as u64 + 3);
}

#[test]
fn a_rejected_section_and_a_dropped_group_are_said_of_the_right_hooks() {
    let t = common::Tree::new();
    // Jarvis drops the whole section for one invalid entry: the valid hook never runs either.
    t.write(
        "home/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"preToolUse\"\ncommand = \"echo a\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"echo b\"\n",
    );
    // Codex drops a group whose regex does not compile; the next group is not concerned.
    t.write(
        "home/.codex/hooks.json",
        "{\"hooks\": {\n  \"PreToolUse\": [{\"matcher\": \"Bash(?!x)\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo c\"}]}],\n  \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"echo d\"}]}]\n}}\n",
    );
    let home = t.home();
    let out = t.run(&[
        "doctor",
        "--format",
        "json",
        "--home",
        home.to_str().unwrap(),
        "--agent",
        "jarvis,codex-json",
    ]);
    assert_eq!(out.code, 0, "{}", out.shown);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    let got = verdicts(&doc, &at);
    let want: Vec<(String, String, bool, Vec<String>)> = vec![
        (
            "jarvis",
            "~/.jarvis-code/config.toml:2",
            false,
            strs(&["unknown_event"]),
        ),
        (
            "jarvis",
            "~/.jarvis-code/config.toml:5",
            false,
            strs(&["unknown_event"]),
        ),
        (
            "codex-json",
            "~/.codex/hooks.json:2",
            false,
            strs(&["invalid_matcher_regex"]),
        ),
        (
            "codex-json",
            "~/.codex/hooks.json:3",
            false,
            strs(&["codex_hook_untrusted"]),
        ),
    ]
    .into_iter()
    .map(|(a, l, f, c)| (a.to_string(), l.to_string(), f, c))
    .collect();
    assert_eq!(got, want, "{doc:#}");
    // The first is the invalid entry (no hook), the second the valid hook Jarvis drops with it.
    let jarvis = &doc["agents"][0]["hooks"];
    assert_eq!(jarvis[0]["events"], serde_json::json!([]));
    assert_eq!(jarvis[1]["events"], serde_json::json!(["Stop"]));
}

#[test]
fn live_needs_an_agent_it_can_drive() {
    let b = Broken::new();
    for args in [
        &["doctor", "--live"][..],
        &["doctor", "--live", "--agent", "jcode"][..],
    ] {
        let out = b.hooks(&b.project(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("claude-settings, codex-json"), "{err}");
    }
}
