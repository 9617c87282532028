//! What `hooks bridge install` keeps so that `uninstall` gives back the host file's original
//! bytes when nothing else changed: the file as it was before the first install (or that it did
//! not exist), and the SHA-256 of what install left. Kept per host file in the user's state
//! directory (`$XDG_STATE_HOME/hooks/bridge`, else `~/.local/state/hooks/bridge`; with
//! `--home DIR`, `DIR/.local/state/hooks/bridge`), never in the project (the file is committed).
//!
//! A file edited since the install (its hash differs) is not restored: uninstall then removes
//! only the bridge entries, keeping the user's edits ([`super::install`]).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What was kept for one host file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Record {
    /// The host file.
    pub target: PathBuf,
    /// Its text before the first install; `None`: it did not exist.
    pub original: Option<String>,
    /// Whether its directory existed then.
    pub parent_existed: bool,
    /// SHA-256 (hex) of its text after the last install.
    pub installed_sha256: String,
}

/// The stash of one host file.
pub struct Stash {
    file: PathBuf,
    target: PathBuf,
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Stash {
    /// The stash of `target`; `None` when there is no state directory (no home).
    pub fn of(target: &Path, home: Option<&Path>, home_given: bool) -> Option<Stash> {
        let dir = match std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
            Some(d) if !home_given => PathBuf::from(d).join("hooks/bridge"),
            _ => home?.join(".local/state/hooks/bridge"),
        };
        let key = sha256(&target.to_string_lossy());
        Some(Stash {
            file: dir.join(format!("{}.json", &key[..32])),
            target: target.to_path_buf(),
        })
    }

    fn load(&self) -> Option<Record> {
        let r: Record = serde_json::from_slice(&std::fs::read(&self.file).ok()?).ok()?;
        (r.target == self.target).then_some(r)
    }

    /// Before an install that will change the file: what to keep as its original. `current` is
    /// its text now (`None`: absent), `has_entries` whether it already has bridge entries of
    /// the host. The original is `current` itself when it has none; the kept one when the file
    /// is exactly what the last install left; otherwise nothing can be given back byte for
    /// byte (`None`).
    pub fn original_for(
        &self,
        current: Option<&str>,
        has_entries: bool,
    ) -> Option<(Option<String>, bool)> {
        if !has_entries {
            let parent = self.target.parent().is_some_and(Path::is_dir);
            return Some((current.map(str::to_string), parent));
        }
        let r = self.load()?;
        (current.map(sha256).as_deref() == Some(r.installed_sha256.as_str()))
            .then_some((r.original, r.parent_existed))
    }

    /// After an install: keeps `original` and the hash of `now` (the file's text); with no
    /// original, forgets what was kept. Failing to write is not an error of the install: the
    /// uninstall then removes the entries only.
    pub fn save(&self, original: Option<(Option<String>, bool)>, now: &str) {
        let Some((original, parent_existed)) = original else {
            self.forget();
            return;
        };
        let r = Record {
            target: self.target.clone(),
            original,
            parent_existed,
            installed_sha256: sha256(now),
        };
        if let Some(dir) = self.file.parent() {
            let _ = runner::state::private_dir(dir);
        }
        if let Ok(json) = serde_json::to_vec_pretty(&r) {
            let _ = std::fs::write(&self.file, json);
        }
    }

    /// The original when `current` is exactly what the last install left.
    pub fn restorable(&self, current: &str) -> Option<Record> {
        self.load()
            .filter(|r| r.installed_sha256 == sha256(current))
    }

    /// What was kept, whatever the file holds now.
    pub fn kept(&self) -> Option<Record> {
        self.load()
    }

    /// Forgets what was kept.
    pub fn forget(&self) {
        let _ = std::fs::remove_file(&self.file);
    }
}
