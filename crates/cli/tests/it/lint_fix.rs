//! `hooks lint --fix` / `--unsafe-fixes` / `--diff` through the real binary on real files:
//! bytes before and after, idempotence, the diff and its exit code.

use crate::common;
use std::path::Path;

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
    let out = common::bin()
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

/// Applies one `{start, end, content}` edit of the JSON output to `text`.
fn apply_edit(text: &str, e: &serde_json::Value) -> String {
    let offset = |p: &serde_json::Value| {
        let (line, col) = (p["line"].as_u64().unwrap(), p["column"].as_u64().unwrap());
        let start: usize = text
            .split_inclusive('\n')
            .take(line as usize - 1)
            .map(str::len)
            .sum();
        start
            + text[start..]
                .char_indices()
                .nth(col as usize - 1)
                .map_or(text.len() - start, |(i, _)| i)
    };
    let (s, t) = (offset(&e["start"]), offset(&e["end"]));
    format!(
        "{}{}{}",
        &text[..s],
        e["content"].as_str().unwrap(),
        &text[t..]
    )
}

/// Two safe fixes and an unsafe one, each visible before any other is applied.
const MARKED: &str = r#"{
  "hooks": {
    "pretooluse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo hi"}]}
    ],
    "Stop": [
      {"hooks": [{"type": "command", "command": "echo s", "tiemout": 5}, {"type": "command", "command": "echo t", "timeout": 30000}]}
    ]
  }
}
"#;

#[test]
fn every_format_marks_the_fixable_diagnostics() {
    let (dir, settings) = project();
    std::fs::write(&settings, MARKED).unwrap();
    let (_, human, _) = hooks(dir.path(), &["--format", "human"]);
    assert_eq!(human.matches("]: [*] ").count(), 2, "{human}");
    assert_eq!(human.matches("= help: safe fix: ").count(), 2, "{human}");
    assert_eq!(
        human
            .matches("= help: unsafe fix (with `--unsafe-fixes`): ")
            .count(),
        1,
        "{human}"
    );
    assert!(
        human.ends_with(
            "[*] 2 fixable with `hooks lint --fix` (1 hidden fix can be enabled with `--unsafe-fixes`).\n"
        ),
        "{human}"
    );
    let (_, human, _) = hooks(dir.path(), &["--format", "human", "--unsafe-fixes"]);
    assert!(
        human.ends_with("[*] 3 fixable with `hooks lint --fix --unsafe-fixes`.\n"),
        "{human}"
    );
    // With a configuration, ruff's order still ends the output: the counts, then the fix hint;
    // the configuration that shaped them comes just before.
    std::fs::write(
        dir.path().join("hooks.toml"),
        "ignore = [\"missing_script\"]\n",
    )
    .unwrap();
    let (_, human, _) = hooks(dir.path(), &["--format", "human"]);
    let tail: Vec<&str> = human.lines().rev().take(3).collect();
    assert!(tail[2].starts_with("Configuration: "), "{human}");
    assert!(tail[1].starts_with("Found "), "{human}");
    assert!(
        tail[0].starts_with("[*] 2 fixable with `hooks lint --fix`"),
        "{human}"
    );
    std::fs::remove_file(dir.path().join("hooks.toml")).unwrap();

    let (_, json, _) = hooks(dir.path(), &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let fixes: Vec<&serde_json::Value> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d.get("fix"))
        .collect();
    let kinds: Vec<&str> = fixes
        .iter()
        .map(|f| f["applicability"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "safe").count(), 2, "{json}");
    assert_eq!(
        kinds.iter().filter(|k| **k == "unsafe").count(),
        1,
        "{json}"
    );
    // Each edit, applied alone to the file, is exactly that fix.
    let mut each: Vec<String> = fixes
        .iter()
        .map(|f| apply_edit(MARKED, &f["edits"][0]))
        .collect();
    each.sort();
    let mut expected = vec![
        MARKED.replace("\"pretooluse\"", "\"PreToolUse\""),
        MARKED.replace("\"tiemout\"", "\"timeout\""),
        MARKED.replace("30000", "30"),
    ];
    expected.sort();
    assert_eq!(each, expected);

    let (_, sarif, _) = hooks(dir.path(), &["--format", "sarif"]);
    let s: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    let results = s["runs"][0]["results"].as_array().unwrap();
    let sarif_fixes: Vec<&serde_json::Value> =
        results.iter().filter_map(|r| r.get("fixes")).collect();
    assert_eq!(sarif_fixes.len(), 3, "{sarif}");
    for (f, j) in sarif_fixes.iter().zip(&fixes) {
        let change = &f[0]["artifactChanges"][0];
        assert_eq!(change["artifactLocation"]["uri"], ".claude/settings.json");
        let r = &change["replacements"][0]["deletedRegion"];
        assert_eq!(r["startLine"], j["edits"][0]["start"]["line"]);
        assert_eq!(r["endColumn"], j["edits"][0]["end"]["column"]);
        assert_eq!(f[0]["properties"]["applicability"], j["applicability"]);
    }
    // Marking fixes writes nothing.
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), MARKED);
}

#[test]
fn removing_a_matcher_the_event_ignores_leaves_the_rest_byte_for_byte() {
    // Regression: the unsafe fix left a stray space where a first key was removed
    // (`[{ "hooks": …`). Stop ignores matchers; the matcher is the first key, the last, the
    // first after a space, and a key on a line of its own (Claude's settings allow no comments:
    // the writer's tests cover them).
    let (dir, settings) = project();
    let before = r#"{
  "hooks": {
    "Stop": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo a"}]},
      {"hooks": [{"type": "command", "command": "echo b"}], "matcher": "Edit"},
      { "matcher": "Read", "hooks": [{"type": "command", "command": "echo d"}] },
      {
        "matcher": "Write",
        "hooks": [{"type": "command", "command": "echo c"}]
      }
    ]
  }
}
"#;
    let after = r#"{
  "hooks": {
    "Stop": [
      {"hooks": [{"type": "command", "command": "echo a"}]},
      {"hooks": [{"type": "command", "command": "echo b"}]},
      { "hooks": [{"type": "command", "command": "echo d"}] },
      {
        "hooks": [{"type": "command", "command": "echo c"}]
      }
    ]
  }
}
"#;
    std::fs::write(&settings, before).unwrap();
    let (_, _, err) = hooks(dir.path(), &["--fix", "--unsafe-fixes", "--format", "json"]);
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), after, "{err}");
    // Idempotent: nothing left to fix.
    let (_, _, _) = hooks(dir.path(), &["--fix", "--unsafe-fixes", "--format", "json"]);
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), after);
}
