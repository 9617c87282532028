//! Issue 13, "Locations across roots": every path `hooks lint` prints, in every format, is
//! relative to the current directory (absolute outside it, `~/…` under the home dir), each
//! snippet comes from its own file, and a file read by several roots is reported once. Through
//! the real binary, run from a "repository root" holding two projects.

use crate::common;
use serde_json::Value;
use std::path::Path;

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// Two projects whose Claude settings share a display name, with findings on different lines,
/// a Codex file, and a home dir outside the "repository".
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    write(
        &repo,
        "p1/.claude/settings.json",
        "{\n  \"hooks\": {\n    \"preToolUse\": []\n  }\n}\n",
    );
    write(
        &repo,
        "p2/.claude/settings.json",
        "{\n\n\n\n  \"hooks\": {\n    \"Stopp\": []\n  }\n}\n",
    );
    write(
        &repo,
        "p2/.codex/hooks.json",
        "{\"hooks\": {\"postToolUse\": []}}\n",
    );
    write(
        dir.path(),
        "home/.codex/hooks.json",
        "{\"hooks\": {\"stop\": []}}\n",
    );
    dir
}

/// `hooks lint ARGS` run in `<dir>/repo` (the repository root).
fn lint(dir: &Path, args: &[&str]) -> (i32, String) {
    lint_in(&dir.join("repo"), &dir.join("home"), args)
}

fn lint_in(cwd: &Path, home: &Path, args: &[&str]) -> (i32, String) {
    let out = common::bin()
        .arg("lint")
        .args(args)
        .arg("--home")
        .arg(home)
        .arg("--no-env")
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn two_roots_keep_their_own_paths_lines_and_snippets_in_human_output() {
    let dir = tree();
    let (code, out) = lint(dir.path(), &["p1", "p2", "--format", "human"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(" --> p1/.claude/settings.json:3:5\n"), "{out}");
    assert!(out.contains("3 |     \"preToolUse\": []"), "{out}");
    assert!(out.contains(" --> p2/.claude/settings.json:6:5\n"), "{out}");
    assert!(out.contains("6 |     \"Stopp\": []"), "{out}");
    assert!(out.contains(" --> p2/.codex/hooks.json:1:12\n"), "{out}");
    // The home dir is outside the current directory: `~/`, and read by both roots, reported once.
    assert_eq!(
        out.matches(" --> ~/.codex/hooks.json:1:12").count(),
        1,
        "{out}"
    );
}

#[test]
fn an_explicit_file_is_shown_by_its_path_from_the_current_directory() {
    let dir = tree();
    let (_, out) = lint(
        dir.path(),
        &["p2/.claude/settings.json", "--format", "human"],
    );
    assert!(out.contains(" --> p2/.claude/settings.json:6:5\n"), "{out}");
    let (_, out) = lint_in(
        &dir.path().join("repo/p2"),
        &dir.path().join("home"),
        &["../p1/.claude/settings.json", "--format", "human"],
    );
    // Outside the current directory: absolute.
    let abs = dir.path().join("repo/p1/.claude/settings.json");
    assert!(
        out.contains(&format!(" --> {}:3:5\n", abs.display())),
        "{out}"
    );
}

#[test]
fn github_annotations_name_files_from_the_repository_root() {
    let dir = tree();
    let (_, out) = lint(dir.path(), &["p2", "--format", "github"]);
    assert!(
        out.contains("::error file=p2/.codex/hooks.json,line=1,col=12,title=unknown_event::"),
        "{out}"
    );
    assert!(
        out.contains("::error file=p2/.claude/settings.json,line=6,col=5,"),
        "{out}"
    );
    for line in out.lines() {
        let file = line
            .split("file=")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap();
        assert!(
            file.starts_with("~/") || dir.path().join("repo").join(file).is_file(),
            "{file} is not a file from the repository root"
        );
    }
}

#[test]
fn sarif_uris_are_relative_to_the_repository_root() {
    let dir = tree();
    let (_, out) = lint(dir.path(), &["p1", "p2", "--format", "sarif"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut uris: Vec<String> = Vec::new();
    for r in v["runs"][0]["results"].as_array().unwrap() {
        let a = &r["locations"][0]["physicalLocation"]["artifactLocation"];
        if a["uriBaseId"].is_null() {
            let uri = a["uri"].as_str().unwrap().to_string();
            assert!(dir.path().join("repo").join(&uri).is_file(), "{uri}");
            uris.push(uri);
        }
    }
    uris.sort();
    assert_eq!(
        uris,
        [
            "p1/.claude/settings.json",
            "p2/.claude/settings.json",
            "p2/.codex/hooks.json"
        ]
    );
}

#[test]
fn an_error_at_the_end_of_a_file_is_shown_on_its_last_line_in_every_format() {
    // Regression: an error at the end of a file that ends with a newline was shown as `FILE:1:1`
    // with no source line in human output (worked around for hooks.toml only), and as line
    // N + 1, a line no editor has, in the other formats.
    for (text, last, at) in [
        ("[hooks]\npre_tool = [\n", "pre_tool = [", "2:13"),
        ("[hooks]\r\npre_tool = [\r\n", "pre_tool = [", "2:13"),
        ("[hooks]\npre_tool = [", "pre_tool = [", "2:13"),
        ("\n\n[hooks]\npre_tool = [\n\n", "", "5:1"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "home/.jcode/config.toml", text);
        std::fs::create_dir_all(dir.path().join("repo/p")).unwrap();
        let (_, human) = lint(dir.path(), &["p", "--format", "human"]);
        let line = at.split(':').next().unwrap();
        assert!(
            human.contains(&format!(" --> ~/.jcode/config.toml:{at}\n"))
                && human.contains(&format!("\n{line} | {last}")),
            "{text:?}:\n{human}"
        );
        let (_, github) = lint(dir.path(), &["p", "--format", "github"]);
        let (l, c) = at.split_once(':').unwrap();
        assert!(
            github.contains(&format!("file=~/.jcode/config.toml,line={l},col={c},")),
            "{text:?}:\n{github}"
        );
    }
}
