//! The user's private runtime directory, where what must outlive one process of a session is
//! kept: the bridge's stop-loop counts, the outcomes of hooks handed to a supervisor.

use std::path::{Path, PathBuf};

/// The user's private directory for per-session state: `$XDG_RUNTIME_DIR/hooks` (a per-login
/// tmpfs owned by the user, removed at logout), else `<home>/.cache/hooks/run`; created with
/// mode 0700. `None` when neither can be made.
pub fn runtime_dir(home: Option<&Path>) -> Option<PathBuf> {
    let base = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|d| !d.is_empty())
        .map(|d| PathBuf::from(d).join("hooks"))
        .or_else(|| home.map(|h| h.join(".cache/hooks/run")))?;
    private_dir(&base).ok()?;
    Some(base)
}

/// Creates `dir` (and its parents) with mode 0700 if missing.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}
