//! `hooks setup codex`: the real binary against temp home dirs.

use crate::common;
use std::path::Path;
use std::process::Output;

fn hooks(args: &[&str]) -> Output {
    common::bin()
        .args(args)
        .env_remove("HOME")
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `out` with the temp `home` shown as `[HOME]` (Codex's trust keys hold absolute paths).
fn redact(out: &str, home: &Path) -> String {
    let real = home.canonicalize().unwrap();
    out.replace(real.to_str().unwrap(), "[HOME]")
        .replace(home.to_str().unwrap(), "[HOME]")
}

fn run_in(home: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["setup", "codex", "--home", home.to_str().unwrap()];
    args.extend_from_slice(extra);
    hooks(&args)
}

#[test]
fn installs_into_a_fresh_home_then_is_idempotent() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Codex will skip both managed hooks until they are trusted (issue 11, item 5).
    insta::assert_snapshot!("fresh_stdout", redact(&text(&out.stdout), home.path()));
    let file = home.path().join(".codex/hooks.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["hooks"]["Stop"][0]["hooks"][0]["timeout"], 30);
    assert_eq!(
        v["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"],
        "gjc codex-native-hook"
    );
    let before = std::fs::read_to_string(&file).unwrap();
    let again = run_in(home.path(), &[]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(
        text(&again.stdout),
        "~/.codex/hooks.json: the GJC-managed Codex hooks are already up to date; nothing changed.\n"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // The result lints clean as a Codex hooks.json.
    let lint = hooks(&[
        "lint",
        "--format",
        "json",
        "--convention",
        "codex-json",
        file.to_str().unwrap(),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&lint.stdout).unwrap();
    assert_eq!(report["summary"]["errors"], 0, "{report}");
    assert_eq!(report["summary"]["hooks"], 2);
}

#[test]
fn merges_into_user_content_keeping_it() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let user = "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"./notify.sh\"}]},\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"gjc codex-native-hook\"}]}\n    ]\n  },\n  \"description\": \"mine\"\n}\n";
    std::fs::write(&file, user).unwrap();
    // The user trusted ./notify.sh at its place (`Stop` group 0), with the table `hooks list`
    // gives; placing the managed entry first moves it to group 1: Codex will skip it until it is
    // trusted again, and setup says so.
    let list = hooks(&[
        "list",
        "--format",
        "json",
        "--convention",
        "codex-json",
        "--home",
        home.path().to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    let listed: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    let t = &listed["hooks"][0]["codex_trust"];
    assert_eq!(t["status"], "untrusted", "{listed}");
    std::fs::write(
        home.path().join(".codex/config.toml"),
        format!("[hooks.state.{}]\ntrusted_hash = {}\n", t["key"], t["hash"]),
    )
    .unwrap();
    let list = hooks(&[
        "list",
        "--format",
        "json",
        "--convention",
        "codex-json",
        "--home",
        home.path().to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    let listed: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(listed["hooks"][0]["codex_trust"]["status"], "trusted");
    let out = run_in(home.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("merge_stdout", redact(&text(&out.stdout), home.path()));
    assert!(text(&out.stdout).contains("hooks.json:stop:1:0"));
    let after = std::fs::read_to_string(&file).unwrap();
    insta::assert_snapshot!("merge_file", after);
    assert!(after.contains("{\"hooks\": [{\"type\": \"command\", \"command\": \"./notify.sh\"}]}"));
    assert!(after.trim_end().ends_with("\"description\": \"mine\"\n}"));
}

#[test]
fn explicit_file_and_dry_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("custom/hooks.json");
    let f = file.to_str().unwrap();
    let dry = hooks(&["setup", "codex", "--hooks-json", f, "--dry-run"]);
    assert_eq!(dry.status.code(), Some(0));
    assert!(text(&dry.stdout).contains("dry run: nothing written."));
    assert!(!file.exists());
    let out = hooks(&["setup", "codex", "--hooks-json", f]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(file.exists());
    assert!(text(&out.stdout).contains("Codex will skip 2 hooks silently until you trust them"));
    assert!(text(&dry.stdout).contains("Codex would skip 2 hooks silently until you trust them"));
}

#[test]
fn refuses_to_overwrite_what_it_cannot_merge() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    for bad in ["{\n  \"hooks\": {,\n}\n", "{\"hooks\": [1, 2]}"] {
        std::fs::write(&file, bad).unwrap();
        let out = run_in(home.path(), &[]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(text(&out.stderr).contains("refusing to change it"));
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            bad,
            "the file is untouched"
        );
    }
    let out = run_in(home.path(), &[]);
    insta::assert_snapshot!("refused_stderr", text(&out.stderr));
}

#[test]
fn no_home_is_a_failure() {
    let out = hooks(&["setup", "codex"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--home"));
}

#[cfg(unix)]
#[test]
fn a_symlinked_hooks_json_stays_a_symlink() {
    let home = tempfile::tempdir().unwrap();
    let real = home.path().join("dotfiles/codex-hooks.json");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    std::fs::write(&real, "{}\n").unwrap();
    std::fs::create_dir_all(home.path().join(".codex")).unwrap();
    let link = home.path().join(".codex/hooks.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run_in(home.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real)
        .unwrap()
        .contains("codex-native-hook"));
}

#[test]
fn refuses_an_oversized_hooks_json_without_reading_it() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let len = adapters::json_source::MAX_JSON_BYTES + 1;
    std::fs::File::create(&file).unwrap().set_len(len).unwrap();
    let out = run_in(home.path(), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[invalid_source]: ~/.codex/hooks.json:")
            && err.contains("limit; not read"),
        "{err}"
    );
    assert_eq!(
        std::fs::metadata(&file).unwrap().len(),
        len,
        "the file is untouched"
    );
}
