//! What every file of one run reads the same way, read once per run.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A config file as its reader made it (Codex's: the config, or why it cannot be used).
type Read = Arc<dyn Any + Send + Sync>;

/// Files a run reads for many of its files, kept after the first read: Codex's `config.toml`
/// (the trust of every `hooks.json`), and what the disk says about paths every root asks about. Shared by cloning; [`crate::Context::run_cache`] holds
/// one only when the caller knows nothing writes these files during the run (`hooks lint`,
/// `hooks list`): read per file, a 65 KB `config.toml` made 2,500 Codex files take 4 s instead
/// of 0.4 s.
#[derive(Debug, Clone, Default)]
pub struct RunCache {
    /// Config files read for many files of the run (Codex's `config.toml`), by path.
    configs: Arc<Mutex<HashMap<PathBuf, Read>>>,
    /// Paths looked up on disk that every root asks about again (the home dir's files, the
    /// directories above the roots): `Path::exists` and `fs::canonicalize` answers.
    exists: Arc<Mutex<foldhash::HashMap<PathBuf, bool>>>,
    canonical: Arc<Mutex<foldhash::HashMap<PathBuf, Option<PathBuf>>>>,
}

/// The map behind `m`; a poisoned lock only means another thread panicked mid-insert: the map
/// is still valid.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether `path` exists, asked once per run when `ctx` has a [`RunCache`] and the path is
/// outside the project (a project's paths are asked by its root only).
pub(crate) fn exists(ctx: &crate::Context, path: &Path) -> bool {
    let Some(c) = ctx.run_cache.as_ref().filter(|_| !in_project(ctx, path)) else {
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
    /// The config file at `path` as `read` makes it (Codex's `config.toml`), read the first
    /// time only. A path is kept as one type: asked as another, it is read again.
    pub(crate) fn config<T: Send + Sync + 'static>(
        &self,
        path: &Path,
        read: impl FnOnce() -> T,
    ) -> Arc<T> {
        let mut map = lock(&self.configs);
        if let Some(kept) = map.get(path).and_then(|v| v.clone().downcast::<T>().ok()) {
            return kept;
        }
        let made = Arc::new(read());
        map.insert(path.to_path_buf(), made.clone());
        made
    }
}

/// Whether `path`, outside the project, is known not to exist: asked once per run when `ctx`
/// has a [`RunCache`] (never without one). Discovery probes the home dir's files for every
/// root, and most of them do not exist: with 5,000 roots these probes were a good part of a
/// run's system calls. A project's own paths are asked every time (each root asks its own).
pub(crate) fn absent(ctx: &crate::Context, path: &Path) -> bool {
    ctx.run_cache.is_some() && !in_project(ctx, path) && !exists(ctx, path)
}

fn in_project(ctx: &crate::Context, path: &Path) -> bool {
    ctx.project.as_deref().is_some_and(|p| path.starts_with(p))
}
