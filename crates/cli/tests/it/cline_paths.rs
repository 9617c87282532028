//! Portable paths for Cline hooks imported into other conventions (issue 30), through the real
//! binary: a project hook is written relative to the target's project directory, a user hook
//! relative to the home directory (`--home`, not `$HOME`), whatever the current directory; a
//! path with no portable form stays absolute with an `absolute_path_kept` note. The written
//! commands are then run the way the target agent runs them, to show they find the file.

use crate::common;
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new() -> Tree {
        let t = Tree {
            dir: tempfile::tempdir().unwrap(),
        };
        for d in ["project/sub", "home", "elsewhere"] {
            std::fs::create_dir_all(t.path(d)).unwrap();
        }
        // A project hook in Cline's deprecated folder with a shebang, a user hook without one.
        t.write(
            "project/.clinerules/hooks/PreToolUse",
            "#!/bin/sh\necho project-hook-ran\n",
        );
        t.write(".cline-home/hooks/TaskStart", "echo user-hook-ran\n");
        t
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }
    /// `hooks import --from cline-dir --to TO --home <tree>/home [PATH]` from `cwd`, with `$HOME`
    /// another directory and `$CLINE_DIR` = `cline_dir` (relative to the tree).
    fn import(&self, cwd: &str, path: Option<&str>, to: &str, cline_dir: &str) -> Output {
        let mut cmd = common::bin();
        cmd.args(["import", "--from", "cline-dir", "--to", to, "--home"])
            .arg(self.path("home"))
            .args(path)
            .current_dir(self.path(cwd))
            .env("HOME", self.path("elsewhere"))
            .env("CLINE_DIR", self.path(cline_dir));
        cmd.output().unwrap()
    }
}

fn doc(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// The command of the only hook of `event` in a Claude-shaped settings text.
fn command_of(text: &str, event: &str) -> String {
    let v: Value = serde_json::from_str(text).unwrap();
    v["hooks"][event][0]["hooks"][0]["command"]
        .as_str()
        .unwrap_or_else(|| panic!("no {event} command in {text}"))
        .to_string()
}

/// Runs `command` with `sh -c` from `cwd` with `env`, as an agent runs a hook.
fn sh(t: &Tree, command: &str, cwd: &str, env: &[(&str, PathBuf)]) -> String {
    let out = Command::new("sh")
        .args(["-c", command])
        .current_dir(t.path(cwd))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .envs(env.iter().map(|(k, v)| (*k, v.as_os_str())))
        .output()
        .unwrap();
    assert!(out.status.success(), "{command}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn codes(d: &Value) -> Vec<String> {
    d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn cline_hooks_imported_name_their_files_portably_from_any_directory() {
    let t = Tree::new();
    // The user's Cline directory in the home given with --home.
    std::fs::rename(t.path(".cline-home"), t.path("home/.cline")).unwrap();
    let first = t.import("project", None, "claude-settings", "home/.cline");
    assert_eq!(first.status.code(), Some(0), "{}", doc(&first));
    assert!(
        !codes(&doc(&first)).contains(&"absolute_path_kept".to_string()),
        "{}",
        doc(&first)
    );
    let project = t.read("project/.claude/settings.json");
    let user = t.read("home/.claude/settings.json");
    assert_eq!(
        command_of(&project, "PreToolUse"),
        "sh \"$CLAUDE_PROJECT_DIR\"/.clinerules/hooks/PreToolUse"
    );
    assert_eq!(
        command_of(&user, "SessionStart"),
        "bash ~/.cline/hooks/TaskStart"
    );
    // From a subdirectory, the project named: the same files, nothing to change.
    let again = t.import("project/sub", Some(".."), "claude-settings", "home/.cline");
    assert_eq!(again.status.code(), Some(0), "{}", doc(&again));
    assert_eq!(t.read("project/.claude/settings.json"), project);
    assert_eq!(t.read("home/.claude/settings.json"), user);
    // Claude Code runs hooks where the session has `cd`ed, with CLAUDE_PROJECT_DIR set.
    assert_eq!(
        sh(
            &t,
            &command_of(&project, "PreToolUse"),
            "project/sub",
            &[("CLAUDE_PROJECT_DIR", t.path("project"))]
        ),
        "project-hook-ran\n"
    );
    assert_eq!(
        sh(
            &t,
            &command_of(&user, "SessionStart"),
            "project/sub",
            &[("HOME", t.path("home"))]
        ),
        "user-hook-ran\n"
    );
    // Codex runs every hook in the session's directory: `${PWD}` is the project there.
    let o = t.import("project/sub", Some(".."), "codex-json", "home/.cline");
    assert_eq!(o.status.code(), Some(0), "{}", doc(&o));
    let codex = t.read("project/.codex/hooks.json");
    let c = command_of(&codex, "PreToolUse");
    assert_eq!(c, "sh \"${PWD}\"/.clinerules/hooks/PreToolUse");
    assert_eq!(sh(&t, &c, "project", &[]), "project-hook-ran\n");
}

#[test]
fn a_path_with_no_portable_form_stays_absolute_and_is_said() {
    let t = Tree::new();
    std::fs::rename(t.path(".cline-home"), t.path("home/.cline")).unwrap();
    // jcode keeps hooks at user level only (the project hook is guarded to its project, which
    // the guard names by its absolute path) and runs commands without a shell (no `~`).
    let o = t.import("project/sub", Some(".."), "jcode", "home/.cline");
    assert_eq!(o.status.code(), Some(0), "{}", doc(&o));
    let d = doc(&o);
    let kept: Vec<&str> = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["code"] == "absolute_path_kept")
        .inspect(|x| assert_eq!(x["severity"], "info"))
        .map(|x| x["message"].as_str().unwrap())
        .collect();
    assert_eq!(kept.len(), 2, "{d}");
    let user = t.path("home/.cline/hooks/TaskStart");
    let project = t.path("project/.clinerules/hooks/PreToolUse");
    assert!(
        kept.iter()
            .any(|m| m.contains(&format!("`{}`", user.display())) && m.contains("without a shell")),
        "{kept:?}"
    );
    assert!(
        kept.iter().any(|m| m.contains(&format!("`{}`", project.display()))
            && m.contains("at user level")),
        "{kept:?}"
    );
    let config = t.read("home/.jcode/config.toml");
    assert!(
        config.contains(&format!("session_start = \"bash {}\"", user.display())),
        "{config}"
    );
    assert!(
        config.contains(&format!("sh {}", project.display())),
        "{config}"
    );
}
