//! The runtime an agent embeds: given accepted IR hooks and an event, it runs the matching hooks
//! exactly as their convention's contract says and returns one [`Decision`].
//!
//! - [`Event`]: the canonical event, rendered per convention into its payload;
//! - [`Decision`]: allow/block, context, continuation, mutations, and one [`HookOutcome`] per hook;
//! - [`module_host`]: GJC directory and plugin hook modules, run in a real JavaScript host.

mod decision;
mod event;
pub mod module_host;

pub use decision::{
    cut_bytes, Decision, HookOutcome, OutcomeKind, ToolResultPatch, Verdict,
    OUTCOME_STDERR_MAX_BYTES,
};
pub use event::Event;
