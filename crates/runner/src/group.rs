//! [`Group`]: what a convention module sees of the [`crate::Runner`] while it runs one group of
//! hooks — the prepared hooks, the session, the environment, the resolved Codex shell and the
//! capture bound. A view, so that the convention modules depend on the runner's data and never
//! on the runner (the runner dispatches to them; they do not reach back into it).

use crate::options::Session;
use crate::prepare::Prepared;
use std::ffi::{OsStr, OsString};

/// The runner's state a convention module reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Group<'a> {
    /// Every prepared hook of the runner; groups are indexes into it.
    pub hooks: &'a [Prepared],
    /// The session (id, project dir, home, transcript, …).
    pub session: &'a Session,
    /// Changes to the inherited environment for every hook process.
    pub env: &'a [(OsString, Option<OsString>)],
    /// Codex's shell, resolved when the runner was built.
    pub codex_shell: &'a OsStr,
    /// The most bytes of a hook's stdout or stderr kept.
    pub capture_max_bytes: usize,
}
