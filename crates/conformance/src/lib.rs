//! The live conformance suite (issue 11): the real agents (pinned npm builds, named in
//! `conformance/package.json`) run scenarios (`conformance/scenarios.toml`) against scripted model
//! servers on loopback; what they do is recorded as traces (`conformance/traces/`), and the
//! replay test checks that adapters + runner agree with every trace, except the differences
//! listed in `conformance/differences.toml`.

pub mod bridge;
pub mod docs;
pub mod hookscript;
pub mod record;
pub mod replay;
pub mod trace;

// The agent drivers, scripted model servers, scenarios and network namespace live in
// `agent-drive`, which the shipped `hooks doctor --live` uses too: one implementation.
pub use agent_drive::{agents, netns, scenario, server, trust, Error, Result};

use std::path::PathBuf;

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// `conformance/traces/<agent>-<version>/`.
pub fn trace_dir(repo: &std::path::Path, agent: &str, version: &str) -> PathBuf {
    repo.join("conformance/traces")
        .join(format!("{agent}-{version}"))
}
