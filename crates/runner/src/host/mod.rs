//! Hosts: agents that run `hooks bridge` as one of their own hooks. The bridge reads the host's
//! stdin payload into a canonical [`Event`](crate::Event) ([`read_event`]), the runner
//! dispatches it over other conventions' hooks, and the runner's [`Decision`](crate::Decision) is
//! answered in the host's protocol ([`answer`]): exit code, stdout, stderr.
//!
//! Hosts are the conventions whose agent runs command hooks with a JSON payload on stdin:
//! `claude-settings` (Claude Code, conventions.md §5), `codex-json` (Codex, §4), `jarvis`
//! (Jarvis/Kimi Code, §2), `gemini-settings` (Gemini CLI 0.61.0, docs/conventions/gemini-settings.md)
//! `qwen-settings` (Qwen Code 0.24.4, docs/conventions/qwen-settings.md), `copilot-hooks`
//! (GitHub Copilot CLI 1.0.102, docs/conventions/copilot-hooks.md), `cline-dir` (Cline CLI
//! 3.0.65, docs/conventions/cline-dir.md; its payload and answer in `cline.rs`) and
//! `cursor-hooks` (Cursor, from its published docs only, `cursor.rs`).
//! See docs/bridge.md.

mod answer;
mod bridge;
mod claude;
pub mod cline;
mod copilot;
mod cursor;
mod gemini;
pub mod guarantees;
mod input;
mod kimi;
mod merge;
mod qwen;

pub use answer::{answer, HostAnswer};
pub use bridge::Bridge;
pub use input::{read_event, HostError, HostEvent};
pub use merge::{fallback, merge};

use hook_ir::contract::{self, limits, Ordering};
use hook_ir::tools::{self, Agent};
use hook_ir::{Convention, Kind};
use std::borrow::Cow;

/// The conventions that can host the bridge (their profiles' `hosts_bridge`), in
/// [`Convention::ALL`] order.
pub fn hosts() -> impl Iterator<Item = Convention> {
    Convention::ALL
        .into_iter()
        .filter(|c| hook_ir::conventions::profile(*c).hosts_bridge)
}

/// Whether `c` can host the bridge.
pub fn is_host(c: Convention) -> bool {
    hook_ir::conventions::profile(c).hosts_bridge
}

/// The canonical kind of the host's `event`, when the host runs hooks on it and it maps to one
/// of the six kinds; else why not.
pub fn kind_of(host: Convention, event: &str) -> Result<Kind, String> {
    if !is_host(host) {
        return Err(format!(
            "`{host}` cannot host the bridge; hosts: {}",
            hosts().map(|h| h.as_str()).collect::<Vec<_>>().join(", ")
        ));
    }
    if let Some(kind) = (host == Convention::CursorHooks)
        .then(|| cursor::bridge_only_kind(event))
        .flatten()
    {
        return Ok(kind);
    }
    match contract::find(host, event) {
        None => Err(format!("`{event}` is not an event of `{host}`")),
        Some(row) => match (row.kind(), row.rules()) {
            (Some(kind), Some(r)) if r.ordering != Ordering::NotExecuted => Ok(kind),
            _ => Err(format!(
                "`{host}` event `{event}` has no canonical kind: nothing can be bridged on it"
            )),
        },
    }
}

/// The host's event that carries `kind`, if it has one (the first in its contract rows).
pub fn event_of(host: Convention, kind: Kind) -> Option<&'static str> {
    contract::events_of(host)
        .find(|r| r.kind() == Some(kind))
        .map(|r| r.event)
}

/// The timeout, in the host's unit (seconds for every host), that `hooks bridge install`
/// writes on a bridge entry: the largest the host accepts, else its default. The bridge answers
/// [`limits::bridge::DEADLINE_MARGIN_MS`] before it.
pub fn entry_timeout_s(host: Convention) -> u64 {
    // The timeout rule of the host's tool gate (every event of a host shares its unit and
    // bounds); a host without a largest timeout (Codex, Claude, Gemini) gets its default.
    let rule = event_of(host, Kind::PreToolUse)
        .and_then(|e| contract::find(host, e))
        .and_then(|r| r.rules())
        .map(|r| r.timeout);
    match rule {
        Some(contract::Timeout::Configurable {
            unit, default, max, ..
        }) => max.unwrap_or(default) * unit.millis() / 1000,
        // A timeout the user cannot change (Cline's 120 s tool hooks).
        Some(contract::Timeout::Fixed { ms }) => ms / 1000,
        _ => limits::claude::TIMEOUT_DEFAULT_S,
    }
}

/// The name a hook of `source` knows the host's tool `name` by, through the tool-name table
/// ([`hook_ir::tools`]): a host's `Bash` reaches a GJC or jcode hook as `bash`. Where the source
/// agent has several tools for the job, the first in its table order; a name the table cannot
/// carry (a custom tool, an MCP tool of an agent without a known MCP form) is passed as is.
pub fn tool_name<'a>(host: Convention, source: Convention, name: &'a str) -> Cow<'a, str> {
    let (Some(from), Some(to)) = (Agent::of(host), Agent::of(source)) else {
        return Cow::Borrowed(name);
    };
    match tools::map_name(from, to, name) {
        // The tool's own name, as the source agent sends it at runtime: the mapping keeps a
        // source's spelling the target also matches by (Qwen's `run_shell_command` matches
        // `Bash` too), but Qwen Code's payloads say `run_shell_command` (`qwen_six_kinds`).
        Ok(m) => match m.names.into_iter().next() {
            Some(n) => match tools::lookup(to, &n).map(|t| t.name) {
                Some(own) if own != name => Cow::Borrowed(own),
                Some(_) => Cow::Borrowed(name),
                None if n != name => Cow::Owned(n),
                None => Cow::Borrowed(name),
            },
            None => Cow::Borrowed(name),
        },
        Err(_) => Cow::Borrowed(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_host_events_come_from_the_contract_table() {
        assert_eq!(
            kind_of(Convention::ClaudeSettings, "PreToolUse"),
            Ok(Kind::PreToolUse)
        );
        assert_eq!(kind_of(Convention::CodexJson, "Stop"), Ok(Kind::Stop));
        assert!(kind_of(Convention::ClaudeSettings, "Notification").is_err());
        assert!(kind_of(Convention::Gjc, "tool_call").is_err());
        assert_eq!(
            event_of(Convention::Jarvis, Kind::UserPromptSubmit),
            Some("UserPromptSubmit")
        );
    }
}
