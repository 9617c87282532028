//! The runtime an agent embeds: given accepted IR hooks and an event, it runs the matching hooks
//! exactly as their convention's contract says and returns one [`Decision`].
//!
//! - [`Runner`]: built once from the hooks and [`RunnerOptions`]; [`Runner::dispatch`] (tokio)
//!   and [`Runner::dispatch_blocking`];
//! - [`Event`]: the canonical event, rendered per convention into its payload;
//! - [`Turn`]: the turns of a session ([`Runner::begin_turn`]), for the per-turn rules;
//! - [`Decision`]: allow/block, context, continuation, mutations, and one [`HookOutcome`] per hook;
//! - [`module_host`]: GJC directory and plugin hook modules, run in a real JavaScript host;
//! - [`ModuleDispatch`]: the seam through which module hooks reach the JavaScript host;
//! - [`warm`]: a session's module host kept warm behind a Unix socket, for processes that live
//!   one event (`hooks bridge`);
//! - [`detached`]: hooks the agent does not wait for, handed to a supervisor process
//!   ([`Detach::HandOff`]);
//! - [`loop_limit`]: the loop limit of continuation ([`RunnerOptions::loop_limit`]);
//! - [`state`]: the user's private runtime directory for what outlives one process.
//!
//! Contracts (conventions.md): jcode §1 (direct exec, `JCODE_HOOK_*`, sequential gate, detached
//! observers), Jarvis §2 (`/bin/sh -c`, parallel, dedupe, SIGTERM then SIGKILL), Codex §4
//! (`<login shell> -c`, JSON answers), Claude §5 (`sh -c`, JSON answers, deny > defer > ask > allow).
//! Every hook process runs in its own process group; its timeout covers the whole run and kills
//! the group; captured output is bounded by [`CAPTURE_MAX_BYTES`] per stream.

mod background;
mod conventions;
mod decision;
pub mod detached;
mod event;
mod group;
pub mod host;
pub mod loop_limit;
pub mod module_host;
mod options;
mod outcome;
mod prepare;
mod process;
pub mod recorded;
mod runner;
pub mod state;
mod sys;
mod text;
mod turn;
pub mod warm;

/// Discovery (files into the IR: `runner::adapters::read(&ctx)`), re-exported so that an agent
/// embeds the hooks with one dependency, `hooks-runner` (docs/embedding.md).
pub use adapters;
/// The IR (`Hook`, `Kind`, `Convention`, …), re-exported for the same reason.
pub use hook_ir;

pub use decision::{
    cut_bytes, Decision, HookOutcome, OutcomeKind, ToolResultPatch, Verdict,
    OUTCOME_STDERR_MAX_BYTES,
};
pub use detached::{Detach, DetachedBatch};
pub use event::Event;
pub use options::{
    AllOf, LockPolicy, ModuleDispatch, ModuleFuture, RunnerOptions, Session, StdinFault,
    TrustPolicy,
};
pub use process::CAPTURE_MAX_BYTES;
pub use runner::{Runner, Skipped};
pub use turn::Turn;
