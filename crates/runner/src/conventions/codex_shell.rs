//! Which shell Codex runs its command hooks with (issue 11, item 1): not `$SHELL -lc`, but the
//! user's login shell from the password database, non-login, `<shell> -c <command>`
//! (`default_user_shell` and `Shell::derive_exec_args(…, use_login_shell = false)`,
//! `codex-rs/core/src/shell.rs`; observed `/bin/bash -c <command>` on Codex 0.171.0 with
//! `SHELL=/bin/sh`). The rule's data lives in [`hook_ir::contract::limits::codex`].

use hook_ir::contract::limits::codex as lim;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The shell for a user whose login shell is `login` (`None`: no passwd entry), with `path` the
/// agent's `PATH`: the login shell when its file name is one of
/// [`lim::LOGIN_SHELLS`] (`bash`, `zsh`, `sh`) and it exists; else the first of
/// [`lim::FALLBACK_SHELLS`] found on `PATH` or at its fixed paths; else
/// [`lim::LAST_RESORT_SHELL`].
pub(crate) fn resolve(login: Option<&Path>, path: Option<&OsStr>) -> PathBuf {
    if let Some(login) = login {
        let name = login.file_stem().and_then(OsStr::to_str).unwrap_or("");
        if lim::LOGIN_SHELLS.contains(&name) && login.is_file() {
            return login.to_path_buf();
        }
        // A known kind at a path that does not exist: Codex looks the same kind up on PATH.
        if lim::LOGIN_SHELLS.contains(&name) {
            if let Some(found) = on_path(name, path) {
                return found;
            }
        }
    }
    for (name, fixed) in lim::FALLBACK_SHELLS {
        if let Some(found) = on_path(name, path) {
            return found;
        }
        if let Some(p) = fixed.iter().map(Path::new).find(|p| p.is_file()) {
            return p.to_path_buf();
        }
    }
    PathBuf::from(lim::LAST_RESORT_SHELL)
}

/// `name` in the directories of `path` (what `which` does), when it is an executable file.
fn on_path(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path?)
        .filter(|d| d.is_absolute())
        .map(|d| d.join(name))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_login_shell_wins_when_codex_knows_its_kind() {
        let dir = tempfile::tempdir().unwrap();
        let zsh = dir.path().join("zsh");
        std::fs::write(&zsh, "").unwrap();
        assert_eq!(resolve(Some(&zsh), None), zsh);
    }

    #[test]
    fn an_unknown_login_shell_falls_back_to_bash_on_path() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let fish = dir.path().join("fish");
        std::fs::write(&fish, "").unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let bash = bin.join("bash");
        std::fs::write(&bash, "").unwrap();
        std::fs::set_permissions(&bash, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(resolve(Some(&fish), Some(bin.as_os_str())), bash);
        // No bash on PATH: the fixed paths, then zsh, then /bin/sh.
        let got = resolve(Some(&fish), Some(OsStr::new("")));
        let want = ["/bin/bash", "/usr/bin/bash", "/bin/zsh"]
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .unwrap_or_else(|| PathBuf::from("/bin/sh"));
        assert_eq!(got, want);
    }
}
