//! Issue 14 through the real binary: `hooks import` keeps scopes (user → user, project →
//! project, personal → a personal file or, guarded, the user level; never a committed file),
//! `--scope` chooses what is read, `--to a,b` writes several targets in one atomic run, the
//! summary says what was read, moved and left out by reason, a file the target's reader would
//! refuse is never written, and an I/O error names its file once.

use crate::common;
use common::Tree;

const USER_CLAUDE: &str = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./user-guard.sh"}]}]}}"#;
const LOCAL_CLAUDE: &str =
    r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./my-notify.sh"}]}]}}"#;
const PROJECT_CLAUDE: &str = r#"{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./fmt.sh"}]}]}}"#;

fn claude_everywhere() -> Tree {
    let t = Tree::new();
    t.write("home/.claude/settings.json", USER_CLAUDE);
    t.write("project/.claude/settings.local.json", LOCAL_CLAUDE);
    t.write("project/.claude/settings.json", PROJECT_CLAUDE);
    t
}

fn json(r: &common::Run) -> serde_json::Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}\n{}", r.shown))
}

/// What `sh -c` does with `command` in `dir`: (exit code, stdout).
fn sh(command: &str, dir: &std::path::Path) -> (i32, String) {
    let out = std::process::Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn user_and_personal_hooks_never_land_in_a_committed_file() {
    let t = claude_everywhere();
    let r = t.import("claude-settings", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let user = t.read("home/.codex/hooks.json");
    let project = t.read("project/.codex/hooks.json");
    // The user's hook at user level, unguarded.
    assert!(user.contains("\"./user-guard.sh\""), "{user}");
    // The personal hook: Codex has no personal project file, so user level, guarded and
    // marked personal.
    assert!(
        user.contains(&format!(
            "case \\\"$PWD/\\\" in {}/*) : personal ;; *) exit 0 ;; esac; ./my-notify.sh",
            t.project().display()
        )),
        "{user}"
    );
    // Only the committed project hook in the committed project file.
    assert!(project.contains("./fmt.sh"), "{project}");
    assert!(
        !project.contains("user-guard") && !project.contains("my-notify"),
        "{project}"
    );
    let doc = json(&r);
    let guarded: Vec<_> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "scope_guarded")
        .collect();
    assert_eq!(guarded.len(), 1, "{doc:#}");
    assert!(guarded[0]["message"]
        .as_str()
        .unwrap()
        .contains("no personal project file"));

    // And back: each hook returns to where it came from (the personal one to
    // settings.local.json, not to the committed settings.json), so nothing changes.
    let before = t.files();
    let back = t.import("codex-json", "claude-settings", &["--format", "json"]);
    assert_eq!(back.code, 0, "{}", back.shown);
    assert_eq!(json(&back)["outcome"], "unchanged", "{}", back.shown);
    assert_eq!(t.files(), before);
}

#[test]
fn user_codex_hooks_go_to_the_users_claude_settings() {
    let t = Tree::new();
    t.write(
        "home/.codex/hooks.json",
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./done.sh"}]}]}}"#,
    );
    let r = t.import("codex-json", "claude-settings", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(t.read("home/.claude/settings.json").contains("./done.sh"));
    assert!(!t.root().join("project/.claude/settings.json").exists());
}

#[test]
fn project_hooks_in_a_user_level_target_act_only_inside_the_project() {
    let t = Tree::new();
    t.write("project/.claude/settings.json", r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo blocked >&2; exit 2"}]}]}}"#);
    let r = t.import("claude-settings", "jarvis", &["--format", "human"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(r.stdout.contains("warning[scope_guarded]"), "{}", r.shown);
    let jarvis = t.read("home/.jarvis-code/config.toml");
    let doc: toml::Value = toml::from_str(&jarvis).unwrap();
    let command = doc["hooks"][0]["command"].as_str().unwrap().to_string();
    // Run it as Jarvis does (`/bin/sh -c`), inside the project, below it, and elsewhere.
    std::fs::create_dir_all(t.project().join("src")).unwrap();
    std::fs::create_dir_all(t.root().join("project2")).unwrap();
    assert_eq!(sh(&command, &t.project()).0, 2);
    assert_eq!(sh(&command, &t.project().join("src")).0, 2);
    assert_eq!(sh(&command, &t.root().join("project2")), (0, String::new()));
    assert_eq!(sh(&command, &t.home()), (0, String::new()));

    // jcode runs commands without a shell: the guard is inside its `sh -c` wrapper.
    let j = t.import("claude-settings", "jcode", &["--format", "json"]);
    assert_eq!(j.code, 0, "{}", j.shown);
    let jcode = t.read("home/.jcode/config.toml");
    assert!(jcode.contains("case \"$PWD/\" in"), "{jcode}");
}

#[test]
fn scope_chooses_what_is_read() {
    let t = claude_everywhere();
    let p = t.import(
        "claude-settings",
        "jarvis",
        &["--scope", "project", "--dry-run", "--format", "json"],
    );
    let doc = json(&p);
    assert_eq!(doc["read"], 2, "{doc:#}");
    assert_eq!(doc["outside_scope"], 1);
    let u = t.import(
        "claude-settings",
        "jarvis",
        &["--scope", "user", "--dry-run", "--format", "human"],
    );
    assert!(
        u.stdout
            .contains("1 hook read from `claude-settings` (2 more outside --scope)"),
        "{}",
        u.shown
    );
    assert!(!u.stdout.contains("scope_guarded"), "{}", u.shown);
}

#[test]
fn several_targets_are_written_in_one_atomic_run() {
    let t = claude_everywhere();
    let r = t.import(
        "claude-settings",
        "codex-json,jarvis,jcode",
        &["--format", "json"],
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc = json(&r);
    assert_eq!(doc["to"], "codex-json,jarvis,jcode");
    let moved: Vec<_> = doc["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["to"].clone(), t["moved"].clone()))
        .collect();
    assert_eq!(
        moved,
        [
            ("codex-json".into(), 3.into()),
            ("jarvis".into(), 3.into()),
            ("jcode".into(), 3.into())
        ]
        .map(|(a, b): (serde_json::Value, serde_json::Value)| (a, b))
    );
    for f in [
        "home/.codex/hooks.json",
        "project/.codex/hooks.json",
        "home/.jarvis-code/config.toml",
        "home/.jcode/config.toml",
    ] {
        assert!(t.root().join(f).exists(), "{f}");
    }

    // A conflict in one target: nothing is written in any.
    let t = claude_everywhere();
    t.write(
        "home/.jcode/config.toml",
        "[hooks]\npre_tool_timeout_ms = 1\n",
    );
    let before = t.files();
    let r = t.import(
        "claude-settings",
        "codex-json,jcode",
        &["--format", "human"],
    );
    assert_eq!(r.code, 1, "{}", r.shown);
    assert!(r.stdout.contains("error[import_conflict]"), "{}", r.shown);
    assert!(
        r.stdout
            .contains("to `codex-json`: 3 would move; to `jcode`: 3 would move"),
        "{}",
        r.shown
    );
    assert_eq!(t.files(), before, "an atomic run writes all or nothing");
}

#[test]
fn the_summary_counts_left_out_hooks_by_reason_and_exit_1_says_so() {
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        r#"{"hooks": {"PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh"}]},
            {"matcher": "Read", "hooks": [{"type": "command", "command": "./b.sh"}]},
            {"matcher": "Glob", "hooks": [{"type": "command", "command": "./c.sh"}]}
        ]}}"#,
    );
    let r = t.import("claude-settings", "codex-json", &["--format", "human"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    assert!(
        r.stdout.contains("error[tool_not_in_target]"),
        "{}",
        r.shown
    );
    assert!(
        r.stdout.contains(
            "done: 3 hooks read from `claude-settings`; to `codex-json`: 1 moved, 2 left out (2 tool_not_in_target); 1 file created, 0 files changed;"
        ),
        "{}",
        r.shown
    );
    let doc = json(&t.import("claude-settings", "codex-json", &["--format", "json"]));
    assert_eq!(doc["targets"][0]["left_out"]["tool_not_in_target"], 2);
}

#[test]
fn a_file_beyond_the_readers_limit_is_never_written() {
    // 400 hooks with 12 KB commands: a Codex hooks.json of ~4.8 MB, over the 4 MiB bound.
    let t = Tree::new();
    let long = "x".repeat(12_000);
    let mut jarvis = String::new();
    for i in 0..400 {
        jarvis.push_str(&format!(
            "[[hooks]]\nevent = \"Stop\"\ncommand = \"echo {i} {long}\"\n\n"
        ));
    }
    t.write("home/.jarvis-code/config.toml", &jarvis);
    let r = t.import("jarvis", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 1, "{}", &r.shown[..2000.min(r.shown.len())]);
    let doc = json(&r);
    assert_eq!(doc["outcome"], "refused");
    assert!(doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "import_too_large"));
    assert!(!t.root().join("home/.codex/hooks.json").exists());
}

#[test]
fn an_unwritable_target_names_its_file_once() {
    let t = Tree::new();
    t.write("project/.claude/settings.json", USER_CLAUDE);
    // A home under /proc: nothing can be created there, whoever runs the test (root included).
    let r = t.run(&[
        "import",
        "--from",
        "claude-settings",
        "--to",
        "claude-settings,codex-json",
        ".",
        "--home",
        "/proc/self/fdinfo",
        "--scope",
        "project",
    ]);
    // claude-settings → claude-settings is no move: a usage error, before anything is read.
    assert_eq!(r.code, 2, "{}", r.shown);
    let r = t.run(&[
        "import",
        "--from",
        "claude-settings",
        "--to",
        "jarvis",
        ".",
        "--home",
        "/proc/self/fdinfo",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert_eq!(r.stderr.matches("cannot write").count(), 1, "{}", r.stderr);
    assert_eq!(r.stderr.matches("os error").count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(".jarvis-code/config.toml"),
        "{}",
        r.stderr
    );
}

#[test]
fn hooks_the_reader_sets_aside_are_counted_as_read_and_left_out() {
    // Issue 14: "6 of 6 hooks moved" while more were left out. Hooks of events outside the six
    // kinds are read and carried where the target has the same event (`PreCompact`), else left
    // out with their reason (Codex has no `Notification`); handlers that are not commands are
    // counted as read and left out.
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        r#"{"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh"}, {"type": "prompt", "prompt": "ok?"}]}],
            "PreCompact": [{"hooks": [{"type": "command", "command": "./b.sh"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "./c.sh"}]}]
        }}"#,
    );
    let r = t.import("claude-settings", "codex-json", &["--format", "human"]);
    // A hook left out with an error: exit 1, the rest written.
    assert_eq!(r.code, 1, "{}", r.shown);
    assert!(
        r.stdout.contains(
            "4 hooks read from `claude-settings`; to `codex-json`: 2 moved, 2 left out (1 event_not_in_target, 1 non_command_handler)"
        ),
        "{}",
        r.shown
    );
}
