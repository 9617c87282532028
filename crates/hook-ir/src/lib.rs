//! The canonical hook IR: pure data, no I/O.
//!
//! - [`Kind`] and [`Convention`]: the public names of `design.md`;
//! - [`Hook`]: the canonical record, with [`Matcher`], [`Handler`], [`Location`] and [`Detail`];
//! - [`Diagnostic`] and the one registry of codes, [`Code`];
//! - [`contract`]: the contract table, every convention × source event;
//! - [`normalize`]: batch normalization;
//! - [`tools`]: each agent's built-in tool names and their equivalents.

mod codes;
pub mod contract;
pub mod conventions;
mod diagnostic;
mod hook;
pub mod jcode_argv;
mod kind;
mod location;
mod matcher;
pub mod matcher_text;
mod normalize;
pub mod readers;
pub mod redos;
mod scope;
pub mod tools;

pub use codes::Code;
pub use diagnostic::{bound, quote, Diagnostic, Severity, MAX_MESSAGE_BYTES};
pub use hook::{Detail, Exec, Handler, Hook, LoopLimit, PluginDetail};
pub use kind::{Convention, Kind};
pub use location::{display_from_cwd, display_path, last_line_end, line_col, Location};
pub use matcher::{
    literal_alternation, Anchor, CompiledMatcher, Dialect, EcmaRegex, Matcher, MatcherError,
    MAX_PATTERN_BYTES,
};
pub use normalize::{normalize, place_in_source_order, Batch};
pub use scope::Scope;

/// The JSON Schema of the IR (a [`Batch`] of hooks and diagnostics), as `hooks schema ir` prints it.
pub fn ir_schema() -> serde_json::Value {
    let schema = schemars::schema_for!(Batch);
    serde_json::to_value(schema).unwrap_or(serde_json::Value::Null)
}
