//! Issue 14: `hooks import` prints progress lines on stderr for long runs (≥ 2,000 hooks), and
//! only when stderr is a terminal. The terminal is a real pseudo-terminal: the real binary runs
//! under util-linux `script`, which gives it a pty for stdin, stdout and stderr.

use crate::common;
use common::Tree;
use std::process::Command;

/// A Jarvis config with `n` distinct `PreToolUse` hooks.
fn jarvis(n: usize) -> Tree {
    let t = Tree::new();
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!(
            "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash\"\ncommand = \"./guard.sh {i}\"\n\n"
        ));
    }
    t.write("home/.jarvis-code/config.toml", &text);
    t
}

/// Everything the terminal shows for `hooks import --from jarvis --to codex-json` run on a pty.
fn on_a_terminal(t: &Tree) -> String {
    let bin = env!("CARGO_BIN_EXE_hooks");
    let line = format!("'{bin}' import --from jarvis --to codex-json . --home ../home");
    let mut script = Command::new("script");
    common::hermetic(&mut script);
    let out = script
        .args(["-q", "-e", "-c", &line, "/dev/null"])
        .current_dir(t.project())
        .env("HOME", t.home())
        .env("NO_COLOR", "1")
        .output()
        .expect("util-linux `script` is needed for the pseudo-terminal (apt-get install bsdutils)");
    let shown = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(
        out.status.code().is_some(),
        "script was killed: {:?}\n{shown}",
        out.status
    );
    shown
}

#[test]
fn a_long_run_on_a_terminal_says_what_it_is_doing() {
    let t = jarvis(2000);
    let shown = on_a_terminal(&t);
    for line in [
        "hooks import: converting 2000 hooks to `codex-json`",
        "hooks import: checking the plan with the target's reader",
        "hooks import: writing",
    ] {
        assert!(shown.contains(line), "missing {line:?} in:\n{shown}");
    }
    let planning = shown
        .lines()
        .find(|l| l.starts_with("hooks import: planning "))
        .unwrap_or_else(|| panic!("no planning line in:\n{shown}"));
    assert!(planning.ends_with("(2000 hooks)"), "{planning}");
    // Progress comes before the summary, and the run did its job.
    let writing = shown.find("hooks import: writing").unwrap();
    let done = shown.find("done: 2000 hooks read").expect(&shown);
    assert!(writing < done, "{shown}");
    assert_eq!(t.hooks_of("codex-json").len(), 2000);
}

#[test]
fn a_short_run_on_a_terminal_prints_no_progress() {
    let t = jarvis(1999);
    let shown = on_a_terminal(&t);
    assert!(shown.contains("done: 1999 hooks read"), "{shown}");
    assert!(!shown.contains("hooks import: "), "{shown}");
}

#[test]
fn a_long_run_off_a_terminal_prints_no_progress() {
    let t = jarvis(2000);
    let r = t.import("jarvis", "codex-json", &["--format", "json"]);
    assert_eq!(r.code, 0, "{}", &r.shown[..2000.min(r.shown.len())]);
    assert!(!r.stderr.contains("hooks import: "), "{}", r.stderr);
}
