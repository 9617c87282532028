//! Issue 24 through the real binary: the scope of a hook is decided by discovery from where it
//! was found, never from how its path is printed. The same import, run from the project, its
//! parent, `/`, an unrelated git repository, a plain directory and through a symlinked path,
//! with `--home` relative, absolute or through a symlink and `HOME` equal to it or not, writes
//! the same bytes into the same files: user hooks at user level, project hooks in the project
//! (or guarded at user level where the target has no project file), personal hooks never in a
//! committed file.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const USER_CLAUDE: &str =
    r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo user-hook"}]}]}}"#;
const PROJECT_CLAUDE: &str = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo project-hook"}]}]}}"#;
const LOCAL_CLAUDE: &str = r#"{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo personal-hook"}]}]}}"#;

/// A fresh layout: `ws/proj` (the project), `ws/home` (the home dir), `ws/other` (a plain
/// directory), `ws/repo` (an unrelated git repository), `ws/link` → `proj` and `ws/homelink`
/// → `home`.
struct Layout {
    dir: tempfile::TempDir,
}

impl Layout {
    fn new() -> Layout {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().canonicalize().unwrap().join("ws");
        let write = |rel: &str, text: &str| {
            let p = ws.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        write("home/.claude/settings.json", USER_CLAUDE);
        write("proj/.claude/settings.json", PROJECT_CLAUDE);
        write("proj/.claude/settings.local.json", LOCAL_CLAUDE);
        for d in ["other", "repo", "fakehome"] {
            std::fs::create_dir_all(ws.join(d)).unwrap();
        }
        let git = std::process::Command::new("git")
            .args(["init", "-q"])
            .current_dir(ws.join("repo"))
            .status()
            .expect("git");
        assert!(git.success());
        std::os::unix::fs::symlink(ws.join("proj"), ws.join("link")).unwrap();
        std::os::unix::fs::symlink(ws.join("home"), ws.join("homelink")).unwrap();
        Layout { dir }
    }

    fn ws(&self) -> PathBuf {
        self.dir.path().canonicalize().unwrap().join("ws")
    }

    /// `hooks ARGS` in `cwd` with `HOME` = `home_env`.
    fn run(&self, args: &[&str], cwd: &Path, home_env: &Path) -> common::Run {
        common::hooks(args, cwd, home_env, self.dir.path())
    }

    /// The files import may write (every agent's file under `proj` and `home`), with bytes.
    fn targets(&self) -> BTreeMap<String, String> {
        let ws = self.ws();
        let mut out = BTreeMap::new();
        for base in ["proj", "home"] {
            for rel in [
                ".codex/hooks.json",
                ".gemini/settings.json",
                ".jarvis-code/config.toml",
                ".jcode/config.toml",
                ".claude/settings.json",
                ".claude/settings.local.json",
            ] {
                let p = ws.join(base).join(rel);
                if let Ok(text) = std::fs::read_to_string(&p) {
                    // Each case has its own temp dir: compared without its name.
                    let text = text.replace(&ws.display().to_string(), "WS");
                    out.insert(format!("{base}/{rel}"), text);
                }
            }
        }
        out
    }
}

const TARGETS: &str = "codex-json,gemini-settings,jarvis,jcode";

/// Imports from `cwd` with PATH `project` and `--home home`, and returns what was written.
fn import_from(
    cwd: &str,
    project: &str,
    home: &str,
    home_env: &str,
    extra: &[&str],
) -> (common::Run, BTreeMap<String, String>) {
    let l = Layout::new();
    let ws = l.ws();
    let resolve = |p: &str| -> String {
        match p.strip_prefix("WS") {
            Some(rest) => format!("{}{rest}", ws.display()),
            None => p.to_string(),
        }
    };
    let cwd = PathBuf::from(resolve(cwd));
    let (project, home) = (resolve(project), resolve(home));
    let mut args = vec![
        "import",
        "--from",
        "claude-settings",
        "--to",
        TARGETS,
        &project,
        "--home",
        &home,
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let r = l.run(&args, &cwd, Path::new(&resolve(home_env)));
    (r, l.targets())
}

/// Every hook in its own scope's file: user hooks in `home/`, the committed project hook in
/// `proj/`'s committed files or guarded in `home/`, the personal hook never in `proj/`.
fn assert_scopes_kept(files: &BTreeMap<String, String>, shown: &str) {
    let ws_note = format!("{files:#?}\n{shown}");
    for (name, text) in files {
        if name.starts_with("proj/") && !name.ends_with("settings.local.json") {
            assert!(
                !text.contains("user-hook"),
                "user hook in {name}: {ws_note}"
            );
            assert!(
                !text.contains("personal-hook"),
                "personal hook in {name}: {ws_note}"
            );
        }
        if name.starts_with("home/") {
            // A project or personal hook at user level only behind the project guard.
            for line in text.lines() {
                if line.contains("project-hook") || line.contains("personal-hook") {
                    assert!(
                        line.contains("case"),
                        "unguarded in {name}: {line}\n{ws_note}"
                    );
                }
            }
        }
    }
    // The targets with a project file got the project hook there.
    for name in ["proj/.codex/hooks.json", "proj/.gemini/settings.json"] {
        let text = files
            .get(name)
            .unwrap_or_else(|| panic!("{name} missing: {ws_note}"));
        assert!(text.contains("project-hook"), "{name}: {ws_note}");
    }
    for name in ["home/.codex/hooks.json", "home/.gemini/settings.json"] {
        let text = files
            .get(name)
            .unwrap_or_else(|| panic!("{name} missing: {ws_note}"));
        assert!(text.contains("user-hook"), "{name}: {ws_note}");
    }
}

#[test]
fn every_current_directory_and_home_spelling_gives_the_same_files() {
    let (reference, expected) = import_from("WS/proj", ".", "WS/home", "WS/home", &[]);
    assert_eq!(reference.code, 0, "{}", reference.shown);
    assert_scopes_kept(&expected, &reference.shown);
    let doc: serde_json::Value = serde_json::from_str(&reference.stdout).unwrap();
    assert!(
        doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "scope_guarded"),
        "{}",
        reference.shown
    );
    // (cwd, PATH, --home, HOME)
    let cases = [
        ("WS", "proj", "home", "WS/home"),
        ("WS", "WS/proj", "WS/home", "WS/fakehome"),
        ("/", "WS/proj", "WS/home", "WS/home"),
        ("WS/other", "../proj", "../home", "WS/fakehome"),
        ("WS/other", "WS/proj", "WS/home", "WS/home"),
        ("WS/repo", "WS/proj", "WS/home", "WS/fakehome"),
        ("WS/repo", "../proj", "WS/homelink", "WS/home"),
        ("WS/proj/.claude", "..", "../../home", "WS/fakehome"),
        ("WS/link", ".", "../home", "WS/fakehome"),
        ("WS/other", "WS/link", "WS/homelink", "WS/homelink"),
        ("WS/home", "WS/proj", ".", "WS/home"),
    ];
    for (cwd, project, home, home_env) in cases {
        let (r, files) = import_from(cwd, project, home, home_env, &[]);
        assert_eq!(
            r.code, 0,
            "from {cwd} with {project} --home {home}: {}",
            r.shown
        );
        assert_eq!(
            files, expected,
            "from {cwd} with {project} --home {home} (HOME={home_env}):\n{}",
            r.shown
        );
    }
}

#[test]
fn scope_user_reads_the_users_hook_from_anywhere() {
    for (cwd, project, home) in [
        ("WS/proj", ".", "../home"),
        ("WS", "proj", "home"),
        ("WS/other", "WS/proj", "WS/home"),
    ] {
        let (r, files) = import_from(cwd, project, home, "WS/fakehome", &["--scope", "user"]);
        assert_eq!(r.code, 0, "{}", r.shown);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(doc["read"], 1, "from {cwd}: {}", r.shown);
        assert_eq!(doc["outside_scope"], 2, "from {cwd}: {}", r.shown);
        // Nothing written into the project: only its own Claude files are there.
        assert!(
            files
                .keys()
                .all(|k| k.starts_with("home/") || k.starts_with("proj/.claude/")),
            "from {cwd}: {files:#?}"
        );
        assert!(files["home/.codex/hooks.json"].contains("user-hook"));
    }
}

#[test]
fn list_says_the_scope_of_each_hook_from_anywhere() {
    for (cwd, project, home) in [
        ("WS/proj", ".", "../home"),
        ("WS/other", "../proj", "WS/homelink"),
        ("/", "WS/link", "WS/home"),
    ] {
        let l = Layout::new();
        let ws = l.ws().display().to_string();
        let fix = |p: &str| p.replace("WS", &ws);
        let (cwd, project, home) = (fix(cwd), fix(project), fix(home));
        let r = l.run(
            &["list", &project, "--home", &home, "--format", "json"],
            Path::new(&cwd),
            &l.ws().join("fakehome"),
        );
        assert_eq!(r.code, 0, "{}", r.shown);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let scopes: BTreeMap<String, String> = doc["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                (
                    h["handler"]["command"].as_str().unwrap().to_string(),
                    h["scope"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let want: BTreeMap<String, String> = [
            ("echo user-hook", "user"),
            ("echo project-hook", "project"),
            ("echo personal-hook", "personal"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(scopes, want, "from {cwd}: {}", r.shown);
    }
}

/// The real-world corpus (`fixtures/realworld/`, the files `import_realworld` checks) imported
/// into every other command convention from three directories — the project, its parent with
/// relative paths, and an unrelated directory with absolute ones — writes the same bytes.
#[test]
fn the_real_world_corpus_imports_the_same_from_three_directories() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/realworld");
    let place = |from: &str| match from {
        "jarvis" => "home/.jarvis-code/config.toml",
        "codex-json" => "project/.codex/hooks.json",
        "claude-settings" => "project/.claude/settings.json",
        "gemini-settings" => "project/.gemini/settings.json",
        other => panic!("{other}"),
    };
    let targets = [
        "jcode",
        "jarvis",
        "codex-json",
        "claude-settings",
        "gemini-settings",
    ];
    let mut compared = 0;
    for from in ["jarvis", "codex-json", "claude-settings", "gemini-settings"] {
        let mut files: Vec<_> = std::fs::read_dir(corpus.join(from))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for to in targets.iter().filter(|t| **t != from) {
                let mut results = Vec::new();
                for (cwd, project, home) in [
                    ("project", ".", "../home"),
                    ("", "project", "home"),
                    ("other", "ABS/project", "ABS/home"),
                ] {
                    let t = common::Tree::new();
                    t.write(place(from), &text);
                    std::fs::create_dir_all(t.root().join("other")).unwrap();
                    let abs = t.root().display().to_string();
                    let (project, home) = (project.replace("ABS", &abs), home.replace("ABS", &abs));
                    let r = common::hooks(
                        &[
                            "import", "--from", from, "--to", to, &project, "--home", &home,
                            "--format", "json",
                        ],
                        &t.root().join(cwd),
                        &t.root().join("fakehome"),
                        t.root(),
                    );
                    assert!(r.code == 0 || r.code == 1, "{}", r.shown);
                    let written: BTreeMap<String, String> = t
                        .files()
                        .into_iter()
                        .map(|(k, v)| {
                            let v = String::from_utf8_lossy(&v).replace(&abs, "ROOT");
                            // The import record hashes each entry as written, temp dir and all.
                            let v = if k.ends_with(".hooks-import") {
                                v.lines()
                                    .filter(|l| !l.contains("\"sha256\""))
                                    .collect::<Vec<_>>()
                                    .join("\n")
                            } else {
                                v
                            };
                            (k, v)
                        })
                        .collect();
                    results.push((r.code, written));
                }
                assert_eq!(results[0], results[1], "{from} {} → {to}", file.display());
                assert_eq!(results[0], results[2], "{from} {} → {to}", file.display());
                compared += 1;
            }
        }
    }
    assert!(compared >= 80, "only {compared} imports compared");
}
