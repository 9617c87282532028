//! `hooks import` never replaces a target file it could not read (found in review: a non-UTF-8
//! `.codex/hooks.json` was planned as "create" and overwritten).

use std::process::Command;

#[test]
fn an_unreadable_target_is_never_replaced() {
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(home.path().join(".jarvis-code")).unwrap();
    std::fs::write(
        home.path().join(".jarvis-code/config.toml"),
        "[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"./guard.sh\"\n",
    )
    .unwrap();
    // Jarvis hooks are user-level: they go to the user's `~/.codex/hooks.json`.
    let target = home.path().join(".codex/hooks.json");
    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
    let original: &[u8] = b"{\"hooks\": {\"Stop\": [\xff]}}";
    std::fs::write(&target, original).unwrap();

    let out = Command::new(env!("CARGO_BIN_EXE_hooks"))
        .args([
            "import",
            "--from",
            "jarvis",
            "--to",
            "codex-json",
            "--format",
            "json",
        ])
        .arg(project.path())
        .arg("--home")
        .arg(home.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0), "must not report success");
    assert_eq!(
        std::fs::read(&target).unwrap(),
        original,
        "the user's file is intact"
    );
}
