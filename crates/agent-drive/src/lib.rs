//! Drives real coding agents headless against scripted model servers on loopback: the agent
//! drivers ([`agents`]: where a pinned build lives, its command line, environment and setup, and
//! what its model was told), the scripted model servers ([`server`], one module per wire API),
//! the scenarios they run ([`scenario`]), Codex's trust state for a run ([`agents::codex::trust`]) and the
//! network namespace that keeps every byte on loopback ([`netns`]).
//!
//! Used by the conformance suite (crate `conformance`: recording traces) and by the shipped
//! `hooks doctor --live` (the canary): one implementation.

pub mod agents;
pub mod canary;
pub mod expand;
pub mod netns;
pub mod scenario;
pub mod server;

/// What can go wrong driving an agent.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A message.
    #[error("{0}")]
    Msg(String),
    /// I/O.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl Error {
    /// An error with a message.
    pub fn msg(s: impl Into<String>) -> Error {
        Error::Msg(s.into())
    }
}

/// The result type of this crate.
pub type Result<T> = std::result::Result<T, Error>;
