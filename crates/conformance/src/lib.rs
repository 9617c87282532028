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
pub use agent_drive::agents::codex::trust;
pub use agent_drive::{agents, netns, scenario, server, Error, Result};

use std::path::PathBuf;

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// `conformance/traces/<agent>-<version>/`, or `conformance/traces-pending/<agent>-<version>/`
/// for an agent the replay does not cover yet ([`agents::Agent::PENDING`]).
pub fn trace_dir(repo: &std::path::Path, agent: &str, version: &str) -> PathBuf {
    let pending = agents::Agent::parse(agent).is_some_and(agents::Agent::pending);
    repo.join(if pending {
        PENDING_TRACES
    } else {
        "conformance/traces"
    })
    .join(format!("{agent}-{version}"))
}

/// Where the traces of [`agents::Agent::PENDING`] go: recorded, not replayed.
pub const PENDING_TRACES: &str = "conformance/traces-pending";

#[cfg(test)]
mod tests {
    use super::*;
    use agents::Agent;

    #[test]
    fn pending_agents_parse_and_record_outside_the_replayed_traces() {
        let repo = std::path::Path::new("/r");
        for a in Agent::PENDING {
            assert!(
                !Agent::ALL.contains(&a),
                "{} is both replayed and pending",
                a.id()
            );
            assert_eq!(Agent::parse(a.id()), Some(a));
            assert!(a.convention().is_none());
            assert_eq!(
                trace_dir(repo, a.id(), "1.0"),
                repo.join(PENDING_TRACES).join(format!("{}-1.0", a.id()))
            );
        }
        for a in Agent::ALL {
            assert!(a.convention().is_some());
            assert_eq!(
                trace_dir(repo, a.id(), "1.0"),
                repo.join("conformance/traces")
                    .join(format!("{}-1.0", a.id()))
            );
        }
    }
}
