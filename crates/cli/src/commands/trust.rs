//! `hooks trust`: writes `hooks.lock` at the project root — every hook the project ships, and
//! with `--home` the user-level ones too, each with the SHA-256 of the scripts it runs
//! ([`hooks_rules::audit::lock`]).

use crate::args::TrustArgs;
use crate::exit::Exit;
use hooks_rules::audit::lock::{Lock, FILE};
use std::path::PathBuf;

/// Runs `hooks trust`.
pub fn run(a: TrustArgs) -> anyhow::Result<Exit> {
    let root = a.path.clone().unwrap_or_else(|| PathBuf::from("."));
    // Only the root itself: `hooks lint` checks each project against its own lock.
    let found = super::audit::discover(&root, a.home.as_deref(), false)?;
    let inv = found.inventory();
    let lock = Lock::record(&inv, a.home.is_some());
    let path = found.root.join(FILE);
    let text = lock.render();
    // Written next to the file and renamed: a reader never sees half a lock.
    let tmp = found.root.join(format!(".{FILE}.tmp"));
    std::fs::write(&tmp, &text)?;
    std::fs::rename(&tmp, &path)?;
    let scripts: usize = lock.hooks.iter().map(|h| h.scripts.len()).sum();
    eprintln!(
        "{}",
        crate::render::human::visible_line(&format!(
            "Wrote {}: {} hooks, {} script hashes",
            found.ctx.display(&path),
            lock.hooks.len(),
            scripts
        ))
    );
    Ok(Exit::Success)
}
