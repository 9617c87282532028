//! What a dispatch returns: one decision for the agent, plus one outcome per hook for logging.

use hook_ir::Kind;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Captured stderr (and stdout) kept per hook outcome is cut to this many bytes.
pub const OUTCOME_STDERR_MAX_BYTES: usize = 8 * 1024;

/// Allow or block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Verdict {
    /// The action proceeds.
    Allow,
    /// The action is blocked (for `stop`: the agent continues with the reason).
    Block {
        /// Why, as shown to the model or the user.
        reason: String,
    },
}

/// How one hook ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    /// Ran and allowed (or was spawned as a detached observer).
    Allowed,
    /// Ran and asked to block.
    Blocked,
    /// Could not run, crashed, exited with an error code, or answered garbage.
    Failed,
    /// Killed at its timeout.
    TimedOut,
}

/// One hook's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookOutcome {
    /// The hook's IR id.
    pub id: String,
    /// How it ended.
    pub outcome: OutcomeKind,
    /// Exit code, when it exited.
    pub exit_code: Option<i32>,
    /// The signal that killed it, when it was killed.
    pub signal: Option<i32>,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
    /// Captured stderr, lossy UTF-8, cut to [`OUTCOME_STDERR_MAX_BYTES`].
    pub stderr: String,
    /// A short explanation when it failed (spawn error, bad JSON, non-UTF-8 output...).
    pub error: Option<String>,
    /// Whether it was spawned detached and never awaited (jcode observers).
    pub detached: bool,
    /// A module hook whose code never ran: its module could not be loaded (an import error, a
    /// rejected plugin file) or there was no runtime for it (a TypeScript module without Bun).
    /// Its handlers did not answer, so the decision says nothing about them. Always `false`
    /// for command hooks; left out of the serialized form when `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_loaded: bool,
}

/// A replacement of the tool result by `post_tool_use` hooks (GJC `tool_result`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolResultPatch {
    /// New `content`, if replaced.
    pub content: Option<Value>,
    /// New `details`, if replaced.
    pub details: Option<Value>,
    /// New `isError`, if replaced.
    pub is_error: Option<bool>,
}

/// The one decision of a dispatch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The kind dispatched.
    pub kind: Kind,
    /// Allow or block.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Context to add for the model (prompt submit, session start), in hook order.
    pub context: Vec<String>,
    /// For `stop`: the prompt the agent continues with, when a hook asked it to go on.
    pub continuation: Option<String>,
    /// For `pre_tool_use`: a replacement tool input (Codex/Claude `updatedInput`).
    pub updated_input: Option<Value>,
    /// For `post_tool_use`: replacements of the tool result.
    pub tool_result: Option<ToolResultPatch>,
    /// Effects requested by module hooks (GJC `sendMessage`, `appendEntry`, `exec`...), as data.
    pub effects: Vec<Value>,
    /// One outcome per hook that was selected, in hook order.
    pub hooks: Vec<HookOutcome>,
    /// For `stop`: the hooks blocked, but the loop limit ([`crate::RunnerOptions::loop_limit`])
    /// let the agent stop; says so. `None` otherwise (and then not serialized).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_limited: Option<String>,
}

impl Decision {
    /// An allow with nothing else: what a dispatch with no matching hook returns.
    pub fn allow(kind: Kind) -> Self {
        Decision {
            kind,
            verdict: Verdict::Allow,
            context: Vec::new(),
            continuation: None,
            updated_input: None,
            tool_result: None,
            effects: Vec::new(),
            hooks: Vec::new(),
            loop_limited: None,
        }
    }

    /// Whether the action is blocked.
    pub fn is_block(&self) -> bool {
        matches!(self.verdict, Verdict::Block { .. })
    }
}

/// Cuts `s` to at most `max` bytes on a char boundary.
pub fn cut_bytes(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut i = max;
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    &s[..i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_bytes_respects_char_boundaries() {
        assert_eq!(cut_bytes("héllo", 2), "h");
        assert_eq!(cut_bytes("héllo", 3), "hé");
        assert_eq!(cut_bytes("abc", 10), "abc");
    }
}
