//! What every file of one run reads the same way, read once per run.

use crate::codex_json::trust::CodexConfig;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A Codex config as read: the config, or why it cannot be used.
type Read = Arc<Result<CodexConfig, String>>;

/// Files a run reads for many of its files, kept after the first read: Codex's `config.toml`
/// (the trust of every `hooks.json`). Shared by cloning; [`crate::Context::run_cache`] holds
/// one only when the caller knows nothing writes these files during the run (`hooks lint`,
/// `hooks list`): read per file, a 65 KB `config.toml` made 2,500 Codex files take 4 s instead
/// of 0.4 s.
#[derive(Debug, Clone, Default)]
pub struct RunCache {
    codex_configs: Arc<Mutex<HashMap<PathBuf, Read>>>,
}

impl RunCache {
    /// The Codex config at `path`, read by `read` the first time only.
    pub(crate) fn codex_config(
        &self,
        path: &Path,
        read: impl FnOnce() -> Result<CodexConfig, String>,
    ) -> Read {
        // A poisoned lock only means another thread panicked mid-insert: the map is still valid.
        let mut map = self
            .codex_configs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(path.to_path_buf())
            .or_insert_with(|| Arc::new(read()))
            .clone()
    }
}
