//! `hooks import` never replaces a target file it could not read (found in review: a non-UTF-8
//! `.codex/hooks.json` was planned as "create" and overwritten).

use crate::common;

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

    let out = common::bin()
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

/// Issue 14: the loser of two imports creating the same file at once said "could not be read as
/// UTF-8". Now the one that finds the file created meanwhile is refused with `import_conflict`
/// (exit 1, nothing written) and says so; the winner's file is whole. A race: several rounds.
#[test]
fn the_loser_of_two_concurrent_creations_is_refused_with_import_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("p/.claude")).unwrap();
    std::fs::create_dir_all(root.join("p/.codex")).unwrap();
    std::fs::write(
        root.join("p/.claude/settings.json"),
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo claude"}]}]}}"#,
    )
    .unwrap();
    std::fs::write(
        root.join("p/.codex/hooks.json"),
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo codex"}]}]}}"#,
    )
    .unwrap();
    let target = root.join("home/.jarvis-code/config.toml");
    let mut refused = 0;
    for round in 0..20 {
        let _ = std::fs::remove_file(&target);
        std::fs::create_dir_all(root.join("home")).unwrap();
        let spawn = |from: &str| {
            common::bin()
                .args(["import", "--from", from, "--to", "jarvis", "."])
                .args(["--home", "../home", "--format", "json"])
                .current_dir(root.join("p"))
                .env("NO_COLOR", "1")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn("claude-settings"), spawn("codex-json"));
        let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(
            toml::from_str::<toml::Table>(&text).is_ok(),
            "round {round}: {text}"
        );
        for (o, cmd) in outs.iter().zip(["echo claude", "echo codex"]) {
            let stdout = String::from_utf8_lossy(&o.stdout);
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert!(
                !stdout.contains("UTF-8") && !stderr.contains("UTF-8"),
                "round {round}: {stdout}{stderr}"
            );
            match o.status.code() {
                Some(0) => assert!(text.contains(cmd), "round {round}: {text}"),
                Some(1) => {
                    refused += 1;
                    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
                    let codes: Vec<&str> = doc["diagnostics"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter_map(|d| d["code"].as_str())
                        .collect();
                    assert!(
                        codes.contains(&"import_conflict"),
                        "round {round}: {stdout}"
                    );
                }
                other => panic!("round {round}: exit {other:?}: {stdout}{stderr}"),
            }
        }
    }
    // Not every round races; the assertion above holds in each that does.
    eprintln!("{refused} of 40 imports found the file created meanwhile and were refused");
}
