//! What every file of one run reads the same way, read once per run.

use crate::codex_json::trust::CodexConfig;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A Codex config as read: the config, or why it cannot be used.
type Read = Arc<Result<CodexConfig, String>>;

/// Files a run reads for many of its files, kept after the first read: Codex's `config.toml`
/// (the trust of every `hooks.json`), and what the disk says about paths every root asks about. Shared by cloning; [`crate::Context::run_cache`] holds
/// one only when the caller knows nothing writes these files during the run (`hooks lint`,
/// `hooks list`): read per file, a 65 KB `config.toml` made 2,500 Codex files take 4 s instead
/// of 0.4 s.
#[derive(Debug, Clone, Default)]
pub struct RunCache {
    codex_configs: Arc<Mutex<HashMap<PathBuf, Read>>>,
    /// Paths looked up on disk that every root asks about again (the home dir's files, the
    /// directories above the roots): `Path::exists` and `fs::canonicalize` answers.
    exists: Arc<Mutex<HashMap<PathBuf, bool>>>,
    canonical: Arc<Mutex<HashMap<PathBuf, Option<PathBuf>>>>,
}

/// The map behind `m`; a poisoned lock only means another thread panicked mid-insert: the map
/// is still valid.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether `path` exists, asked once per run when `ctx` has a [`RunCache`].
pub(crate) fn exists(ctx: &crate::Context, path: &Path) -> bool {
    let Some(c) = &ctx.run_cache else {
        return path.exists();
    };
    let mut map = lock(&c.exists);
    if let Some(&e) = map.get(path) {
        return e;
    }
    let e = path.exists();
    map.insert(path.to_path_buf(), e);
    e
}

/// `fs::canonicalize(path)` (`None` when it fails), asked once per run when `ctx` has a
/// [`RunCache`].
pub(crate) fn canonical(ctx: &crate::Context, path: &Path) -> Option<PathBuf> {
    let Some(c) = &ctx.run_cache else {
        return std::fs::canonicalize(path).ok();
    };
    let mut map = lock(&c.canonical);
    if let Some(real) = map.get(path) {
        return real.clone();
    }
    let real = std::fs::canonicalize(path).ok();
    map.insert(path.to_path_buf(), real.clone());
    real
}

impl RunCache {
    /// The Codex config at `path`, read by `read` the first time only.
    pub(crate) fn codex_config(
        &self,
        path: &Path,
        read: impl FnOnce() -> Result<CodexConfig, String>,
    ) -> Read {
        lock(&self.codex_configs)
            .entry(path.to_path_buf())
            .or_insert_with(|| Arc::new(read()))
            .clone()
    }
}
