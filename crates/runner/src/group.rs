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
    /// The recorded agent releases whose payloads their conventions' hooks get.
    pub recorded: &'a [&'static crate::recorded::RecordedAgent],
    /// A fault put on stdin instead of the payload.
    pub stdin_fault: Option<crate::StdinFault>,
}

impl Group<'_> {
    /// `payload` as the recorded release of `convention` (if any) sends it.
    pub fn recorded_payload(
        &self,
        convention: hook_ir::Convention,
        event: &crate::Event,
        mut payload: serde_json::Map<String, serde_json::Value>,
    ) -> serde_json::Map<String, serde_json::Value> {
        if let Some(agent) = self.recorded.iter().find(|r| r.convention == convention) {
            crate::recorded::extend(agent, event, self.session.home.as_deref(), &mut payload);
        }
        payload
    }

    /// The bytes a hook reads on stdin for `payload`.
    pub fn stdin(&self, payload: Vec<u8>) -> Vec<u8> {
        match self.stdin_fault {
            Some(f) => f.apply(payload),
            None => payload,
        }
    }
}
