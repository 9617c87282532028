//! Hooks the agent does not wait for (Jarvis/Kimi PostToolUse), handed to a supervisor process
//! so that `hooks bridge` and `hooks run` answer and exit when the agent would go on
//! (`runner::detached`; docs/bridge.md, docs/cli.md). `--wait` keeps them in the process.

use crate::args::SuperviseArgs;
use crate::exit::Exit;
use runner::{DetachedBatch, HookOutcome};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Where supervisors record the outcomes of the hooks they ran: `detached/` in the user's
/// private runtime directory (one `<pid>.json` per supervisor).
pub fn record_dir(home: Option<&Path>) -> Option<PathBuf> {
    let dir = runner::state::runtime_dir(home)?.join("detached");
    runner::state::private_dir(&dir).ok()?;
    Some(dir)
}

/// Hands each batch to a supervisor (`hooks bridge supervise`, in a session of its own).
/// Returns the batches that could not be handed off — the caller runs them itself
/// ([`run_here`]) — with why.
pub fn hand_off(
    batches: Vec<DetachedBatch>,
    home: Option<&Path>,
) -> (Vec<DetachedBatch>, Vec<String>) {
    if batches.is_empty() {
        return (batches, Vec::new());
    }
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            let why = format!("cannot find the hooks binary to supervise the hooks the agent does not wait for ({e}): waiting for them");
            return (batches, vec![why]);
        }
    };
    let mut args: Vec<OsString> = vec!["bridge".into(), "supervise".into()];
    if let Some(dir) = record_dir(home) {
        args.push("--record".into());
        args.push(dir.into_os_string());
    }
    let mut left = Vec::new();
    let mut notes = Vec::new();
    for b in batches {
        if let Err(e) = b.hand_off(&exe, &args) {
            notes.push(format!(
                "cannot start the supervisor of the hooks the agent does not wait for ({e}): waiting for them"
            ));
            left.push(b);
        }
    }
    (left, notes)
}

/// Runs `batches` in this process to their end (their timeouts hold).
pub fn run_here(batches: Vec<DetachedBatch>) -> Vec<HookOutcome> {
    if batches.is_empty() {
        return Vec::new();
    }
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt.block_on(async {
            futures_util::future::join_all(batches.into_iter().map(DetachedBatch::run))
                .await
                .into_iter()
                .flatten()
                .collect()
        }),
        Err(_) => Vec::new(),
    }
}

/// `hooks bridge supervise [--record DIR]` (hidden): the supervisor. Reads a batch on stdin,
/// runs it, records the outcomes.
pub fn supervise(a: SuperviseArgs) -> anyhow::Result<Exit> {
    runner::detached::supervise(&mut std::io::stdin().lock(), a.record.as_deref())?;
    Ok(Exit::Success)
}
