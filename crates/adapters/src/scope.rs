//! Where a hook lives — the user's own configuration, a project's committed files, or a
//! project's personal (uncommitted) file — and where `hooks import` may put it in the target.
//!
//! Import keeps scopes: user → user, project → project, personal → the target's personal file,
//! else its user level; never a committed file. A target that keeps hooks only at user level
//! (jcode, Jarvis/Kimi Code; Codex for personal hooks) gets the hook with a [`guard`] that makes
//! it act only inside its project.

use crate::Context;
use hook_ir::Convention;
use std::path::{Path, PathBuf};

/// The per-project folders agents keep their hook configuration in (`.claude`, `.codex`, …).
pub const AGENT_DIRS: &[&str] = &[
    ".claude",
    ".codex",
    ".gemini",
    ".gjc",
    ".jarvis-code",
    ".jcode",
    ".kimi",
];

pub use hook_ir::Scope;

/// The layer of a file named explicitly (`hooks lint FILE`), and the directory its hooks belong
/// to, from its real place on disk: discovery did not look it up, so its place is all there is.
/// The path is made absolute and compared with the home dir through symlinks; its display form
/// is never read.
pub fn of_path(ctx: &Context, convention: Convention, path: &Path) -> (Scope, Option<PathBuf>) {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let real = std::fs::canonicalize(&abs).unwrap_or_else(|_| abs.clone());
    let home = ctx
        .home
        .as_ref()
        .map(|h| std::fs::canonicalize(h).unwrap_or_else(|_| h.clone()));
    let is_home = |p: &Path| home.as_deref() == Some(p);
    let parent = real.parent().unwrap_or(Path::new("/"));
    let name = real.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parent_name = parent.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // The directory holding an agent folder (`<project>/.codex/hooks.json`): the project, where
    // the agent runs the hooks.
    let project = if AGENT_DIRS.contains(&parent_name) {
        parent.parent().unwrap_or(parent).to_path_buf()
    } else {
        parent.to_path_buf()
    };
    match convention {
        Convention::GjcPlugin => return (Scope::Plugin, Some(parent.to_path_buf())),
        // jcode and Jarvis read only their user-level file: any file of theirs is one, unless
        // it sits in a project's agent folder (a `.jcode/config.toml` checked in CI).
        Convention::Jcode | Convention::Jarvis
            if !AGENT_DIRS.contains(&parent_name) || is_home(&project) =>
        {
            return (Scope::User, None)
        }
        _ => {}
    }
    // A plugin's or extension's `<root>/hooks/hooks.json` (Claude, Gemini).
    if name == "hooks.json" && parent_name == "hooks" && convention != Convention::CodexJson {
        let root = parent.parent().unwrap_or(parent).to_path_buf();
        return (Scope::Plugin, Some(root));
    }
    if name == "managed-settings.json" || real.starts_with("/etc") || name == "system-defaults.json"
    {
        return (Scope::System, None);
    }
    // `~/.claude/settings.json`, `~/.codex/hooks.json`: the agent folder of the home dir.
    if AGENT_DIRS.contains(&parent_name) && is_home(&project) {
        return (Scope::User, None);
    }
    if convention == Convention::ClaudeSettings && name == "settings.local.json" {
        return (Scope::Personal, Some(project));
    }
    (Scope::Project, Some(project))
}

/// The file (or, for GJC, the directory) of `convention` at `scope`, or `None` when the
/// convention has no file at that level.
pub fn target(ctx: &Context, convention: Convention, scope: Scope) -> Option<PathBuf> {
    let home = ctx.home.as_ref();
    let project = ctx.project.as_ref();
    match (convention, scope) {
        (Convention::Jcode, Scope::User) => crate::jcode::discover::config_path(ctx),
        (Convention::Jarvis, Scope::User) => crate::jarvis::discover::config_path(ctx),
        (Convention::ClaudeSettings, Scope::User) => home.map(|h| h.join(".claude/settings.json")),
        (Convention::ClaudeSettings, Scope::Project) => {
            project.map(|p| p.join(".claude/settings.json"))
        }
        (Convention::ClaudeSettings, Scope::Personal) => {
            project.map(|p| p.join(".claude/settings.local.json"))
        }
        (Convention::CodexJson, Scope::User) => home.map(|h| h.join(".codex/hooks.json")),
        (Convention::CodexJson, Scope::Project) => project.map(|p| p.join(".codex/hooks.json")),
        (Convention::GeminiSettings, Scope::User) => home.map(|h| h.join(".gemini/settings.json")),
        (Convention::GeminiSettings, Scope::Project) => {
            project.map(|p| p.join(".gemini/settings.json"))
        }
        (Convention::Gjc, Scope::Project) => project.map(|p| p.join(".gjc/hooks")),
        (Convention::Gjc, Scope::User) => home.map(|h| h.join(".gjc/agent/hooks")),
        _ => None,
    }
}

/// Where a hook of `scope` goes in `convention`: the same level when it exists; a personal hook
/// into a target without a personal file, and a project hook into a user-level-only target, go
/// to the user level (guarded: the bool is `true`).
pub fn place(ctx: &Context, convention: Convention, scope: Scope) -> Option<(Scope, bool)> {
    if target(ctx, convention, scope).is_some() {
        return Some((scope, false));
    }
    if scope.is_project() && target(ctx, convention, Scope::User).is_some() {
        return Some((Scope::User, true));
    }
    None
}

const GUARD_HEAD: &str = "case \"$PWD/\" in ";
const GUARD_TAIL: &str = "*) ;; *) exit 0 ;; esac; ";
/// The arm of a personal hook's guard: `:` does nothing; the word keeps the scope for the way
/// back (a personal hook must never land in a committed file).
const PERSONAL_TAIL: &str = "*) : personal ;; *) exit 0 ;; esac; ";

/// `command`, acting only when the hook runs inside `project` (its working directory is the
/// project or below): `case "$PWD/" in '<project>/'*) ;; *) exit 0 ;; esac; <command>`.
/// Outside the project the hook exits 0 at once — allow, no output — as if it never fired.
/// A personal hook's guard says so (`*) : personal ;;`).
pub fn guard(command: &str, project: &Path, scope: Scope) -> String {
    let dir = project.to_string_lossy();
    let dir = dir.trim_end_matches('/');
    let tail = if scope == Scope::Personal {
        PERSONAL_TAIL
    } else {
        GUARD_TAIL
    };
    format!(
        "{GUARD_HEAD}{}{tail}{command}",
        hook_ir::jcode_argv::quote_word(&format!("{dir}/"))
    )
}

/// The inverse of [`guard`]: the project, the scope and the command, when `command` starts with
/// a guard.
pub fn unguard(command: &str) -> Option<(PathBuf, Scope, String)> {
    let rest = command.strip_prefix(GUARD_HEAD)?;
    // The quoted project as `quote_word` writes it: '…' pieces joined by \' escapes.
    let (dir, after) = split_quoted(rest)?;
    let (scope, cmd) = match after.strip_prefix(GUARD_TAIL) {
        Some(c) => (Scope::Project, c),
        None => (Scope::Personal, after.strip_prefix(PERSONAL_TAIL)?),
    };
    let dir = dir.strip_suffix('/')?;
    Some((
        PathBuf::from(if dir.is_empty() { "/" } else { dir }),
        scope,
        cmd.to_string(),
    ))
}

/// Splits a leading shell word (plain characters, `'…'` and `\x`) off `s`.
fn split_quoted(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        match c {
            '\'' => {
                chars.next();
                loop {
                    let (_, c) = chars.next()?;
                    if c == '\'' {
                        break;
                    }
                    out.push(c);
                }
            }
            '"' => {
                chars.next();
                loop {
                    let (_, c) = chars.next()?;
                    match c {
                        '"' => break,
                        '\\' => out.push(chars.next()?.1),
                        c => out.push(c),
                    }
                }
            }
            '\\' => {
                chars.next();
                out.push(chars.next()?.1);
            }
            '*' | ' ' | ')' => return Some((out, &s[i..])),
            c => {
                chars.next();
                out.push(c);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(command: &str, cwd: &Path) -> (i32, String) {
        let out = std::process::Command::new("sh")
            .args(["-c", command])
            .current_dir(cwd)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    }

    #[test]
    fn the_guard_acts_inside_the_project_only() {
        let root = tempfile::tempdir().unwrap();
        let project = root.path().join("my proj's");
        let sub = project.join("src");
        let twin = root.path().join("my proj's2");
        for d in [&sub, &twin] {
            std::fs::create_dir_all(d).unwrap();
        }
        let project = std::fs::canonicalize(&project).unwrap();
        let cmd = guard("echo ran; exit 2", &project, Scope::Project);
        assert_eq!(sh(&cmd, &project), (2, "ran\n".into()));
        assert_eq!(sh(&cmd, &project.join("src")), (2, "ran\n".into()));
        let twin = std::fs::canonicalize(&twin).unwrap();
        assert_eq!(sh(&cmd, &twin), (0, String::new()));
        assert_eq!(sh(&cmd, root.path()), (0, String::new()));
        assert_eq!(
            unguard(&cmd),
            Some((
                project.clone(),
                Scope::Project,
                "echo ran; exit 2".to_string()
            ))
        );
        let personal = guard("echo ran", &project, Scope::Personal);
        assert_eq!(sh(&personal, &sub), (0, "ran\n".into()));
        assert_eq!(sh(&personal, &twin), (0, String::new()));
        assert_eq!(unguard(&personal).map(|u| u.1), Some(Scope::Personal));
    }

    #[test]
    fn unguard_only_takes_its_own_form() {
        assert_eq!(unguard("echo hi"), None);
        assert_eq!(unguard("case \"$PWD/\" in x) ;; esac; y"), None);
        let g = guard("a && b", Path::new("/w/p/"), Scope::Project);
        assert_eq!(g, "case \"$PWD/\" in /w/p/*) ;; *) exit 0 ;; esac; a && b");
        assert_eq!(
            unguard(&g),
            Some((PathBuf::from("/w/p"), Scope::Project, "a && b".into()))
        );
    }
}
