//! Cline 3.0.65's payloads: what its convention module builds
//! (`conformance/traces/cline-3.0.65/`).

use super::{nothing, RecordedAgent};
use hook_ir::Convention;

/// Cline's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::ClineDir,
    agent: "cline",
    version: "3.0.65",
    permission_mode: None,
    extras: nothing,
}];
