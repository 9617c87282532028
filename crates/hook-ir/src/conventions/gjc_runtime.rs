//! GJC's extension runtime, shared by its two conventions (`gjc`'s hook modules and
//! `gjc-plugin`'s plugin modules run in the same ExtensionRunner): its numbers ([`limits`]) and
//! the rules of its in-process events, which each convention's rows build on.

use super::prelude::*;

/// GJC ExtensionRunner (conventions.md §3).
pub mod limits {
    /// `tool_result` per-handler timeout.
    pub const TOOL_RESULT_TIMEOUT_MS: u64 = 30_000;
    /// Other lifecycle events' timeout (contract table).
    pub const LIFECYCLE_TIMEOUT_MS: u64 = 30_000;
    /// What the code actually uses for `session_shutdown`.
    pub const SESSION_SHUTDOWN_CODE_TIMEOUT_MS: u64 = 60_000;
    /// Timeout of the managed Codex `Stop` entry, in seconds.
    pub const MANAGED_STOP_TIMEOUT_S: u64 = 30;
    /// The managed command.
    pub const MANAGED_COMMAND: &str = "gjc codex-native-hook";
    /// The managed entries' `statusMessage`.
    pub const MANAGED_STATUS_MESSAGE: &str = "GJC skill state";
}

// ── GJC in-process ──
pub(super) const GJC_TOOL_CALL: Rules = Rules {
    ordering: O::Sequential,
    timeout: Timeout::None,
    on_error: E::FailClosed,
    can_block: true,
    mutates: &[],
    input: &[I::ModuleApi],
    output: Output::ReturnValue,
    authority: A::AmbientHost,
    trust: Trust::NotEnforced,
    skip_when: &[],
};
pub(super) const GJC_TOOL_RESULT: Rules = Rules {
    timeout: Timeout::Fixed {
        ms: limits::TOOL_RESULT_TIMEOUT_MS,
    },
    on_error: E::Isolated,
    can_block: false,
    mutates: &[Mu::ToolResult],
    ..GJC_TOOL_CALL
};
pub(super) const GJC_LIFECYCLE: Rules = Rules {
    timeout: Timeout::Fixed {
        ms: limits::LIFECYCLE_TIMEOUT_MS,
    },
    on_error: E::Isolated,
    can_block: false,
    mutates: &[],
    ..GJC_TOOL_CALL
};
