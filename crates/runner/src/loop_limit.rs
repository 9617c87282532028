//! The loop limit of continuation: a Stop hook that keeps blocking keeps the agent going
//! (Codex has no cap at all; GitHub Copilot CLI stops after 8 `agentStop` continuations, Cursor
//! has `loop_limit`). Consecutive blocks of a session's stop event are counted, and past the
//! limit the agent is let stop, saying so. One rule, two stores: a [`crate::Runner`] built with
//! [`crate::RunnerOptions::loop_limit`] counts in memory (a runner lives for its session);
//! `hooks bridge`, one process per event, counts in a file of the user's private runtime
//! directory ([`FileCount`]).

use crate::{Decision, Verdict};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Where the consecutive stop blocks of one session are counted.
pub trait StopCount: Send + Sync {
    /// The count so far (0 when nothing was recorded).
    fn load(&self) -> u32;
    /// Records `n` (0 resets). An error is reported, never fatal: the decision then stands.
    fn store(&self, n: u32) -> std::io::Result<()>;
}

/// A count in memory: for a runner that lives as long as its session.
#[derive(Debug, Default)]
pub struct MemoryCount(Mutex<u32>);

impl StopCount for MemoryCount {
    fn load(&self) -> u32 {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
    fn store(&self, n: u32) -> std::io::Result<()> {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = n;
        Ok(())
    }
}

/// A count in a file: for one process per event (`hooks bridge`).
#[derive(Debug, Clone)]
pub struct FileCount {
    file: PathBuf,
}

impl FileCount {
    /// The count of `host`'s stop event for `session` in `project`, kept under `dir` (the
    /// user's private runtime directory, [`crate::state::runtime_dir`]) in a file named by a
    /// hash of the three.
    pub fn new(dir: &Path, host: &str, session: Option<&str>, project: &Path) -> FileCount {
        let mut h = Sha256::new();
        for part in [
            host.as_bytes(),
            session.unwrap_or("").as_bytes(),
            project.as_os_str().as_encoded_bytes(),
        ] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        let key: String = h
            .finalize()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect();
        FileCount {
            file: dir.join(format!("stop-{key}")),
        }
    }

    /// The file the count is kept in.
    pub fn path(&self) -> &Path {
        &self.file
    }
}

impl StopCount for FileCount {
    fn load(&self) -> u32 {
        std::fs::read_to_string(&self.file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0)
    }
    fn store(&self, n: u32) -> std::io::Result<()> {
        if n == 0 {
            return match std::fs::remove_file(&self.file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            };
        }
        std::fs::write(&self.file, n.to_string())
    }
}

/// Applies the loop limit to `decision` (a stop event's): a block past `limit` consecutive
/// blocks becomes an allow without continuation, [`Decision::loop_limited`] says why, and the
/// count starts again; an allow resets the count. `limit` 0 turns the limit off. Returns why
/// the count could not be recorded, if it could not.
pub fn apply(decision: &mut Decision, limit: u32, count: &dyn StopCount) -> Option<String> {
    if limit == 0 {
        return None;
    }
    let n = if decision.is_block() {
        count.load().saturating_add(1)
    } else {
        0
    };
    if n > limit {
        decision.verdict = Verdict::Allow;
        decision.continuation = None;
        decision.loop_limited = Some(format!(
            "the stop hooks blocked {limit} times in a row in this session: the loop limit ({limit}) lets the agent stop now"
        ));
        return count.store(0).err().map(|e| e.to_string());
    }
    count.store(n).err().map(|e| e.to_string())
}
