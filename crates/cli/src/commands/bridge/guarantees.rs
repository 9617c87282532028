//! What `hooks bridge` guarantees its host on top of the source conventions' contracts:
//!
//! - **fail closed** (`--fail-closed`): almost every agent lets a tool call or a prompt through
//!   when a guard crashes, times out or cannot start — the top reason "security"
//!   hooks protect nothing. With the flag, such a failure of a gate hook blocks the call in the
//!   host's own protocol, with a reason that says which hook failed and how.
//! - **a loop limit** (`--loop-limit N`): a Stop hook that keeps blocking keeps the agent going
//!   (Codex has no cap at all). The bridge counts consecutive blocks of the host's stop event per
//!   session — each event is a new process, so the count lives in a file of the user's private
//!   runtime directory (`runner::loop_limit::FileCount`; the rule is the runner's, the same an
//!   embedder gets with `RunnerOptions::loop_limit`) — and past the limit lets the agent stop,
//!   saying so.

pub use runner::host::guarantees::fail_closed;
pub use runner::state::runtime_dir;
