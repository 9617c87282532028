//! The raw model of Codex's `hooks.json`, mirroring the file exactly (conventions.md §4):
//!
//! ```json
//! {"hooks": {"<Event>": [{"matcher"?: "...", "hooks": [{"type": "command", "command": "...",
//!   "timeout"?: 30, "async"?: false, "statusMessage"?: "..."}]}]}}
//! ```
//!
//! Lowering reads the file through [`crate::json_span`] (for positions) and checks each field
//! against this model; writers serialize it.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RawHooksFile {
    /// Event name → matcher groups. Required by Codex: events at the top level are ignored.
    #[serde(default)]
    pub hooks: IndexMap<String, Vec<RawGroup>>,
}

/// One matcher group under an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RawGroup {
    /// `""`/`"*"`/absent: every value; `[A-Za-z0-9_|]` only: exact names; else a Rust regex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// The handlers.
    pub hooks: Vec<RawHandler>,
}

/// One handler.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RawHandler {
    /// `command` (run), `prompt`/`agent` (skipped by Codex in hooks.json).
    #[serde(rename = "type")]
    pub kind: String,
    /// The shell command, run as `<login shell> -c <command>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Seconds; default 600 (`SessionEnd` 1, at most 3); 0 is raised to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<u64>,
    /// Run without waiting.
    #[serde(default, rename = "async", skip_serializing_if = "Option::is_none")]
    pub is_async: Option<bool>,
    /// Shown while the hook runs.
    #[serde(
        default,
        rename = "statusMessage",
        skip_serializing_if = "Option::is_none"
    )]
    pub status_message: Option<String>,
}

/// Keys of a matcher group.
pub const GROUP_KEYS: &[&str] = &["matcher", "hooks"];
/// Keys of a command handler.
/// (`commandWindows` and `additionalContextLimit`: Codex 0.171.0 reads them; both are kept out of
/// the IR, and `additionalContextLimit` enters the trust hash, see [`super::trust`].)
pub const HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "commandWindows",
    "timeout",
    "async",
    "statusMessage",
    "additionalContextLimit",
];
