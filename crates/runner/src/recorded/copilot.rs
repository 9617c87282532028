//! GitHub Copilot CLI 1.0.102's payloads: what its convention module builds, in either dialect
//! (`conformance/traces/copilot-1.0.102/`).

use super::{nothing, RecordedAgent};
use hook_ir::Convention;

/// Copilot CLI's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::CopilotHooks,
    agent: "copilot",
    version: "1.0.102",
    permission_mode: None,
    extras: nothing,
}];
