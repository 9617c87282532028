//! The real binary against hostile input: every run is bounded in time (a hang is a failure,
//! not a stuck CI job) and the output must stay well-formed.

use crate::common;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a run may take before it counts as hung. Every run here ends in well under a second
/// on an idle machine; the bound only tells a hang (a FIFO read, a blocking open) from a slow
/// run, and is wide so that a loaded machine is never mistaken for a hang. No test asserts how
/// long a run took.
const HANG: Duration = Duration::from_secs(60);

/// Runs `hooks ARGS` in `cwd` and returns (exit code, stdout, stderr); panics when it is still
/// running after `limit` (it is killed first).
fn bounded(args: &[&str], cwd: &Path, limit: Duration) -> (i32, String, String) {
    let mut child = common::bin()
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env_remove("JCODE_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn hooks");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            child
                .stdout
                .take()
                .unwrap()
                .read_to_string(&mut out)
                .unwrap();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code().unwrap_or(-1), out, err);
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("`hooks {}` still running after {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn mkfifo(p: &Path) {
    let st = Command::new("mkfifo").arg(p).status().expect("mkfifo");
    assert!(st.success());
}

#[test]
fn a_fifo_named_as_the_config_file_does_not_hang_lint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    mkfifo(&dir.path().join("config.toml"));
    let (code, out, _) = bounded(
        &["lint", "config.toml", "--home", "home", "--format", "json"],
        dir.path(),
        HANG,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"hooks\": 0"), "{out}");
}

#[test]
fn a_fifo_in_discovery_does_not_hang_lint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    std::fs::create_dir_all(dir.path().join("p/.claude")).unwrap();
    mkfifo(&dir.path().join("p/.claude/settings.json"));
    let (code, out, err) = bounded(
        &["lint", "p", "--home", "home", "--format", "json"],
        dir.path(),
        HANG,
    );
    assert!(code == 0 || code == 1, "{out}{err}");
    assert!(out.contains("\"schema_version\": 1"), "{out}");
}

/// A config whose command and event name hold terminal escapes and a newline: the human formats
/// print them as visible pictures, one hook per line in `hooks list`.
#[test]
fn human_output_never_sends_control_characters_to_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    std::fs::create_dir_all(dir.path().join("p/.claude")).unwrap();
    std::fs::write(
        dir.path().join("p/.claude/settings.json"),
        r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo \u001b]0;owned\u0007\u001b[2J\nrm -rf x"}]}],
          "Stop\u001b[31m":[]}}"#,
    )
    .unwrap();
    // A raw escape in the source lines lint quotes.
    std::fs::write(
        dir.path().join("p/.claude/settings.local.json"),
        "{\"hooks\": \u{1b}]0;owned\u{7}\u{1b}[2J}",
    )
    .unwrap();
    let p = dir.path().join("p");
    let clean = |s: &str| !s.chars().any(|c| c.is_control() && c != '\n');
    let (code, out, _) = bounded(
        &["lint", ".", "--home", "../home", "--format", "human"],
        &p,
        HANG,
    );
    assert_eq!(code, 1, "{out}");
    assert!(clean(&out), "{out:?}");
    assert!(out.contains('␛'), "{out}");
    let (code, out, _) = bounded(
        &["list", ".", "--home", "../home", "--format", "human"],
        &p,
        HANG,
    );
    assert_eq!(code, 0, "{out}");
    assert!(clean(&out), "{out:?}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.contains("echo ␛]0;owned␇␛[2J␊rm -rf x"), "{out}");
}

/// `^(a+)+$` backtracks exponentially in an ECMAScript engine on `aaa…a!`: JavaScript (and the
/// `regress` engine) would never finish. `hooks run` gives each such matcher a bounded time,
/// names the hook it could not test on stderr, runs the others and prints its JSON.
#[test]
fn a_catastrophically_backtracking_matcher_does_not_hang_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    std::fs::create_dir_all(dir.path().join("p/.claude")).unwrap();
    std::fs::write(
        dir.path().join("p/.claude/settings.json"),
        r#"{"hooks":{"PreToolUse":[
            {"matcher":"^(a+)+$","hooks":[{"type":"command","command":"echo evil"}]},
            {"matcher":"^a","hooks":[{"type":"command","command":"exit 0"}]},
            {"matcher":"^(a|aa)+$","hooks":[{"type":"command","command":"echo evil"}]},
            {"matcher":"^a.*$","hooks":[{"type":"command","command":"exit 0"}]}]}}"#,
    )
    .unwrap();
    let tool = format!("{}!", "a".repeat(64));
    let (code, out, err) = bounded(
        &[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "../home",
            "--tool",
            &tool,
        ],
        &dir.path().join("p"),
        HANG,
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let ids: Vec<&str> = v["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "claude-settings:.claude/settings.json:PreToolUse:1:0",
            "claude-settings:.claude/settings.json:PreToolUse:3:0"
        ]
    );
    for hopeless in [0, 2] {
        let note = format!("note: hook `claude-settings:.claude/settings.json:PreToolUse:{hopeless}:0` is not run: its matcher did not finish");
        assert!(err.contains(&note), "{err}");
    }
}

/// A symlink loop exists but cannot be followed: the error says so instead of claiming the file
/// is missing.
#[test]
fn a_symlink_loop_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    std::os::unix::fs::symlink("b.toml", dir.path().join("a.toml")).unwrap();
    std::os::unix::fs::symlink("a.toml", dir.path().join("b.toml")).unwrap();
    let (code, _, err) = bounded(&["lint", "a.toml", "--home", "home"], dir.path(), HANG);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a.toml: cannot be read:"), "{err}");
    assert!(err.to_lowercase().contains("symbolic links"), "{err}");
}

const CLAUDE_GUARD: &str = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 0","timeout":5}]}]}}"#;

/// A dotfile manager's symlink (`~/.jarvis-code/config.toml -> dotfiles/config.toml`): import
/// writes the file the link names and keeps the link, as `hooks setup codex` does.
#[test]
fn import_writes_through_a_symlinked_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("home/.jarvis-code")).unwrap();
    std::fs::create_dir_all(root.join("dotfiles")).unwrap();
    std::fs::write(root.join("p/.claude/settings.json"), CLAUDE_GUARD).unwrap();
    std::fs::write(
        root.join("dotfiles/config.toml"),
        "# mine\n[other]\nx = 1\n",
    )
    .unwrap();
    let link = root.join("home/.jarvis-code/config.toml");
    std::os::unix::fs::symlink("../../dotfiles/config.toml", &link).unwrap();
    let (code, out, err) = bounded(
        &[
            "import",
            "--from",
            "claude-settings",
            "--to",
            "jarvis",
            ".",
            "--home",
            "../home",
            "--format",
            "json",
        ],
        &root.join("p"),
        HANG,
    );
    assert_eq!(code, 0, "{out}{err}");
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(
        meta.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    let text = std::fs::read_to_string(root.join("dotfiles/config.toml")).unwrap();
    assert!(text.starts_with("# mine\n[other]\nx = 1\n"), "{text}");
    assert!(text.contains("[[hooks]]"), "{text}");
    let stray: Vec<_> = std::fs::read_dir(root.join("dotfiles"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(stray.len(), 1, "{stray:?}");
}

/// Two imports from different sources into the same Jarvis file at the same time: each either
/// writes with its hook kept in the final file or is refused (`import_conflict`, exit 1); one
/// never silently overwrites the other's write. A race, so several rounds.
#[test]
fn concurrent_imports_into_one_file_never_lose_a_write() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("p/.codex")).unwrap();
    std::fs::write(root.join("p/.claude/settings.json"), CLAUDE_GUARD).unwrap();
    std::fs::write(
        root.join("p/.codex/hooks.json"),
        r#"{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"echo codex","timeout":5}]}]}}"#,
    )
    .unwrap();
    let target = root.join("home/.jarvis-code/config.toml");
    for round in 0..25 {
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(&target, "# mine\n").unwrap();
        let spawn = |from: &str| {
            common::bin()
                .args([
                    "import", "--from", from, "--to", "jarvis", ".", "--home", "../home",
                ])
                .args(["--format", "json"])
                .current_dir(root.join("p"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        };
        let (mut a, mut b) = (spawn("claude-settings"), spawn("codex-json"));
        let (ca, cb) = (a.wait().unwrap().code(), b.wait().unwrap().code());
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.contains("# mine"), "round {round}: {text}");
        if ca == Some(0) {
            assert!(
                // A project hook in Jarvis's user-level file is guarded to its project.
                text.contains("esac; exit 0'"),
                "round {round}: {text}"
            );
        }
        if cb == Some(0) {
            assert!(text.contains("esac; echo codex'"), "round {round}: {text}");
        }
        assert!(
            ca == Some(0) || cb == Some(0),
            "round {round}: {ca:?} {cb:?}"
        );
    }
}

/// `hooks lint … | head -c 10`: the reader closes stdout early. The command stops quietly (exit
/// 0, as ripgrep does), never with a panic and a backtrace on stderr.
#[test]
fn a_closed_stdout_stops_quietly_instead_of_panicking() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    let mut toml = String::new();
    for i in 0..2000 {
        toml.push_str(&format!(
            "[[hooks]]\nevent = \"Stop\"\ncommand = \"echo {i}\"\n"
        ));
    }
    std::fs::write(dir.path().join("config.toml"), toml).unwrap();
    for format in ["json", "sarif"] {
        let mut child = common::bin()
            .args(["lint", "config.toml", "--home", "home", "--format", format])
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(!err.contains("panicked"), "{format}: {err}");
        assert_eq!(status.code(), Some(0), "{format}: {err}");
    }
}

/// A FIFO where a writer's target should be: `hooks setup codex` and `hooks import` refuse it
/// instead of blocking forever on opening it.
#[test]
fn writers_refuse_a_fifo_target_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("home/.jarvis-code")).unwrap();
    std::fs::write(root.join("p/.claude/settings.json"), CLAUDE_GUARD).unwrap();
    mkfifo(&root.join("hooks.json"));
    let (code, out, err) = bounded(
        &[
            "setup",
            "codex",
            "--hooks-json",
            "hooks.json",
            "--home",
            "home",
        ],
        root,
        HANG,
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("not a regular file"), "{err}");
    mkfifo(&root.join("home/.jarvis-code/config.toml"));
    let (code, out, err) = bounded(
        &[
            "import",
            "--from",
            "claude-settings",
            "--to",
            "jarvis",
            ".",
            "--home",
            "../home",
            "--format",
            "json",
        ],
        &root.join("p"),
        HANG,
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("not a regular file"), "{out}");
    let ft = std::fs::symlink_metadata(root.join("home/.jarvis-code/config.toml")).unwrap();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&ft.file_type()));
}

/// `hooks run` over a config that does not parse runs nothing; it says why on stderr instead of
/// printing a bare `allow` as if there were no hooks.
#[test]
fn run_names_the_errors_that_keep_hooks_from_running() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    std::fs::create_dir_all(dir.path().join("p/.claude")).unwrap();
    std::fs::write(
        dir.path().join("p/.claude/settings.json"),
        "{\"hooks\": {\"Stop\": [",
    )
    .unwrap();
    let (code, out, err) = bounded(
        &["run", "stop", ".", "--home", "../home"],
        &dir.path().join("p"),
        HANG,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"decision\": \"allow\""), "{out}");
    assert!(
        err.contains("error[parse_error] at .claude/settings.json:1:"),
        "{err}"
    );
}

/// A file name that is not UTF-8 still has a `.toml` extension: it is read as jcode, and its
/// diagnostics name it (lossily) in every format.
#[test]
fn a_non_utf8_file_name_is_still_detected_and_named() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"bad\xffname.toml");
    std::fs::write(dir.path().join(name), "[hooks]\npre_tool = \"\\\"x\"\n").unwrap();
    let mut child = common::bin();
    child
        .arg("lint")
        .arg(name)
        .args(["--home", "home", "--format", "sarif"])
        .current_dir(dir.path());
    let out = child.output().unwrap();
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{sarif}");
    assert_eq!(results[0]["ruleId"], "invalid_command", "{sarif}");
    assert_eq!(
        results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "bad%EF%BF%BDname.toml"
    );
}

/// An `--input` of 100,000 `[`: a usage error (exit 2) whose message quotes the start of the
/// input and the parser's position, not the whole argument.
#[test]
fn deeply_nested_input_is_a_short_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    let input = "[".repeat(100_000);
    let (code, _, err) = bounded(
        &[
            "run",
            "pre_tool_use",
            ".",
            "--home",
            "home",
            "--tool",
            "Bash",
            "--input",
            &input,
        ],
        dir.path(),
        HANG,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--input is not valid JSON"), "{err}");
    assert!(err.contains("recursion limit"), "{err}");
    assert!(err.len() < 1000, "{} bytes of stderr", err.len());
}

/// A target holding only comments keeps them at its top: the imported tables go below.
#[test]
fn import_keeps_a_comment_only_file_header_on_top() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("home/.jarvis-code")).unwrap();
    std::fs::write(root.join("p/.claude/settings.json"), CLAUDE_GUARD).unwrap();
    let target = root.join("home/.jarvis-code/config.toml");
    std::fs::write(&target, "# my settings\n# keep me first\n").unwrap();
    let args = [
        "import",
        "--from",
        "claude-settings",
        "--to",
        "jarvis",
        ".",
        "--home",
        "../home",
        "--format",
        "json",
    ];
    let (code, out, err) = bounded(&args, &root.join("p"), HANG);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(
        text.starts_with("# my settings\n# keep me first\n\n[[hooks]]\n"),
        "{text}"
    );
    // A second run changes nothing.
    let (code, out, _) = bounded(&args, &root.join("p"), HANG);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"outcome\": \"unchanged\""), "{out}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), text);
}

/// A comment at the end of a file with tables stays at its end.
#[test]
fn import_keeps_a_trailing_comment_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("home/.jarvis-code")).unwrap();
    std::fs::write(root.join("p/.claude/settings.json"), CLAUDE_GUARD).unwrap();
    let target = root.join("home/.jarvis-code/config.toml");
    std::fs::write(&target, "[other]\nx = 1\n# the end\n").unwrap();
    let (code, out, err) = bounded(
        &[
            "import",
            "--from",
            "claude-settings",
            "--to",
            "jarvis",
            ".",
            "--home",
            "../home",
        ],
        &root.join("p"),
        HANG,
    );
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.starts_with("[other]\nx = 1\n"), "{text}");
    assert!(text.contains("# the end"), "{text}");
}

/// A failing hook's stderr is quoted in `hooks run`'s notes: as text, without the escape
/// sequences it holds.
#[test]
fn run_notes_quote_hook_stderr_without_escape_sequences() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    std::fs::create_dir_all(dir.path().join("p/.claude")).unwrap();
    std::fs::write(
        dir.path().join("p/.claude/settings.json"),
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"printf 'bad\\033]0;owned\\007\\033[2J\\n' >&2; exit 1"}]}]}}"#,
    )
    .unwrap();
    let (code, out, err) = bounded(
        &["run", "stop", ".", "--home", "../home"],
        &dir.path().join("p"),
        HANG,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("stderr: bad␛]0;owned␇␛[2J"), "{err:?}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

/// Error messages quote what the user passed; an escape sequence in it is shown, not sent.
#[test]
fn error_messages_quote_arguments_without_escape_sequences() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["explain", "\u{1b}[2Jparse_eror"][..],
        &["lint", ".", "--convention", "\u{1b}[2J"][..],
    ] {
        let (code, _, err) = bounded(args, dir.path(), HANG);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("␛[2J"), "{err:?}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
    }
}
