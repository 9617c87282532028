//! Hooks the agent does not wait for (Kimi Code `fireAndForgetTrigger`): they run on a small
//! runtime of the runner's own, so a dispatch returns as soon as they are started, whether the
//! caller is async or blocking, and their outcomes are collected when the embedder asks.

use crate::HookOutcome;
use std::future::Future;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

#[derive(Default)]
struct State {
    running: usize,
    done: Vec<HookOutcome>,
}

/// The background runtime and the outcomes of what finished on it.
#[derive(Default)]
pub(crate) struct Background {
    runtime: OnceLock<Result<tokio::runtime::Runtime, String>>,
    shared: Arc<(Mutex<State>, Condvar)>,
}

impl std::fmt::Debug for Background {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Background")
            .field("running", &self.running())
            .finish()
    }
}

impl Background {
    /// Runs `work` (which yields the outcomes of `hooks` hooks) in the background.
    pub fn spawn(
        &self,
        hooks: usize,
        work: impl Future<Output = Vec<HookOutcome>> + Send + 'static,
    ) -> Result<(), String> {
        let rt = self.runtime.get_or_init(|| {
            // One worker: these are a few processes waiting on pipes and timers.
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("hooks-background")
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the background runtime: {e}"))
        });
        let rt = rt.as_ref().map_err(Clone::clone)?;
        let shared = Arc::clone(&self.shared);
        lock(&shared.0).running += hooks;
        rt.spawn(async move {
            let outcomes = work.await;
            let mut s = lock(&shared.0);
            s.running -= hooks;
            s.done.extend(outcomes);
            shared.1.notify_all();
        });
        Ok(())
    }

    /// How many hooks are still running.
    pub fn running(&self) -> usize {
        lock(&self.shared.0).running
    }

    /// Waits for every running hook and returns the outcomes collected since the last call.
    pub fn wait(&self) -> Vec<HookOutcome> {
        let (m, cv) = &*self.shared;
        let mut s = lock(m);
        while s.running > 0 {
            s = cv.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        std::mem::take(&mut s.done)
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        // A runtime dropped inside another runtime panics; shutting it down in the background is
        // always allowed. Hooks still running are killed with their runtime (kill on drop).
        if let Some(Ok(rt)) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
