//! `hooks lint --fix` / `--unsafe-fixes` / `--diff` through the real binary on real files:
//! bytes before and after, idempotence, the diff and its exit code.

use std::path::Path;
use std::process::Command;

const CLAUDE: &str = r#"{
  "hooks": {
    "pretooluse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo hi", "timeout": 30000}]}
    ],
    "SessionStart": [
      {"hooks": [{"type": "command", "command": "echo s", "tiemout": 5}]}
    ]
  },
  "model": "x"
}
"#;

fn hooks(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hooks"))
        .arg("lint")
        .args(args)
        .arg(dir)
        .env("HOME", dir.join("home"))
        .current_dir(dir)
        .output()
        .expect("run hooks");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn project() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    let settings = dir.path().join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(&settings, CLAUDE).unwrap();
    (dir, settings)
}

#[test]
fn diff_shows_the_safe_fixes_and_writes_nothing() {
    let (dir, settings) = project();
    let (code, out, err) = hooks(dir.path(), &["--diff"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("-    \"pretooluse\": [\n+    \"PreToolUse\": ["),
        "{out}"
    );
    assert!(
        out.contains("\"tiemout\"") && out.contains("\"timeout\": 5"),
        "{out}"
    );
    assert!(
        !out.contains("\"timeout\": 30}"),
        "unsafe fix without --unsafe-fixes: {out}"
    );
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), CLAUDE);
}

#[test]
fn fix_edits_in_place_keeps_other_bytes_and_is_idempotent() {
    let (dir, settings) = project();
    let (_, _, err) = hooks(dir.path(), &["--fix", "--unsafe-fixes", "--format", "json"]);
    assert!(err.contains("Fixed 3 problems"), "{err}");
    let after = std::fs::read_to_string(&settings).unwrap();
    let expected = CLAUDE
        .replace("\"pretooluse\"", "\"PreToolUse\"")
        .replace("\"tiemout\"", "\"timeout\"")
        .replace("30000", "30");
    assert_eq!(after, expected);
    let (code, out, err) = hooks(dir.path(), &["--diff", "--unsafe-fixes"]);
    assert_eq!((code, out.trim()), (0, ""), "{err}");
    let (_, _, err) = hooks(dir.path(), &["--fix", "--unsafe-fixes", "--format", "json"]);
    assert!(err.contains("Fixed 0 problems"), "{err}");
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), expected);
}

#[test]
fn events_outside_hooks_move_inside_in_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home")).unwrap();
    let file = dir.path().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        "{\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}]}\n",
    )
    .unwrap();
    hooks(dir.path(), &["--fix", "--format", "json"]);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["hooks"]["Stop"][0]["hooks"][0]["command"], "true");
    assert!(v.get("Stop").is_none());
}
