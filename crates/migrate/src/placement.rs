//! Where `hooks import` puts a hook of each scope in the target: the same level when the target
//! has it — user → user, project → project, personal → the target's personal file — else the
//! user level, never a committed file. A target that keeps hooks only at user level (jcode,
//! Jarvis/Kimi Code; Codex for personal hooks) gets the hook with a [`guard`] that makes it act
//! only inside its project.

use adapters::Context;
use hook_ir::{Convention, Scope};
use std::path::{Path, PathBuf};

/// The file (or, for GJC, the directory) of `convention` at `scope`, or `None` when the
/// convention has no file at that level.
pub fn target(ctx: &Context, convention: Convention, scope: Scope) -> Option<PathBuf> {
    adapters::registry::adapter(convention).file_at(ctx, scope)
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
