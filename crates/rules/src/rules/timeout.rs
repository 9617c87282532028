//! Rules on a hook's timeout, for every convention whose contract lets the user write one: a
//! value in seconds that looks like milliseconds, and a value too short to start a process.
//!
//! Codes: `timeout_looks_like_milliseconds`, `timeout_too_short`.

use super::{Finding, Target};
use hook_ir::contract::{self, limits, Timeout, TimeoutUnit};
use hook_ir::{Code, Detail, Handler};

/// Runs the timeout rules on one hook.
pub(crate) fn check(t: &Target<'_>, out: &mut Vec<Finding>) {
    let hook = t.hook;
    if !matches!(hook.handler, Handler::Command { .. }) || !explicit(&hook.detail) {
        return;
    }
    let (Some(ms), Some(row)) = (
        hook.timeout_ms,
        contract::find(hook.convention, &hook.source_event),
    ) else {
        return;
    };
    let Some(Timeout::Configurable { unit, .. }) = row.rules().map(|r| r.timeout) else {
        return;
    };
    let secs = ms as f64 / 1000.0;
    let looks_like_ms =
        unit == TimeoutUnit::Seconds && secs >= limits::lint::TIMEOUT_LOOKS_LIKE_MS_S as f64;
    // Most timeouts are fine: the value as written is searched for only when one may not be.
    if !looks_like_ms && ms >= limits::lint::PROCESS_START_MIN_MS {
        return;
    }
    // The key written near the hook, of those the convention reads (Copilot CLI: `timeoutSec`,
    // and `timeout` as its alias).
    let keys = adapters::registry::adapter(hook.convention).timeout_keys();
    let key = match keys.last() {
        None => key_of(&hook.detail),
        Some(last) => keys
            .iter()
            .copied()
            .find(|k| t.find(k).is_some())
            .unwrap_or(last),
    };
    let at = value_span(t, key);
    let written = at
        .and_then(|(s, e)| t.text?.get(s..e))
        .map_or_else(|| (ms / unit.millis()).to_string(), str::to_string);
    if looks_like_ms {
        let mut f = Finding::new(
            Code::TimeoutLooksLikeMilliseconds,
            format!(
                "{} reads `{key}` in seconds: {written} s is {}; was it meant as milliseconds?",
                agent_name(hook.convention),
                human(secs)
            ),
        );
        if secs < 1e9 {
            let secs = (secs / 1000.0).ceil();
            f = f.help(match hook.detail {
                Detail::JsonGroup { .. } => format!("for {written} ms write `\"{key}\": {secs}`"),
                _ => format!("for {written} ms write `{key} = {secs}`"),
            });
        }
        out.push(f.at(at));
    } else if ms < limits::lint::PROCESS_START_MIN_MS && written.parse::<f64>() != Ok(0.0) {
        // (A zero is the lowering's: each convention says what it does with one.)
        let unit_name = match unit {
            TimeoutUnit::Milliseconds => "ms".to_string(),
            TimeoutUnit::Seconds => format!("s ({ms} ms)"),
        };
        out.push(
            Finding::new(
                Code::TimeoutTooShort,
                format!(
                    "`{key}` is {written} {unit_name}, too short to start a process: the hook times out every time it fires{}",
                    if row.rules().is_some_and(|r| r.on_error == contract::OnError::FailOpen) {
                        ", and the agent then goes on as if it had not run"
                    } else {
                        ""
                    }
                ),
            )
            .help(match unit {
                TimeoutUnit::Milliseconds => format!(
                    "it is in milliseconds: for {written} seconds write {}",
                    ms * 1000
                ),
                TimeoutUnit::Seconds => "give the hook at least a second".to_string(),
            })
            .at(at),
        );
    }
}

/// The agent's name for messages (the convention id when the tool table has no column for it).
fn agent_name(c: hook_ir::Convention) -> String {
    hook_ir::tools::Agent::of(c).map_or_else(|| c.to_string(), |a| a.name().to_string())
}

/// Whether the timeout was written (a default is never a mistake).
fn explicit(d: &Detail) -> bool {
    match d {
        Detail::Jcode {
            timeout_explicit, ..
        }
        | Detail::Jarvis {
            timeout_explicit, ..
        }
        | Detail::JsonGroup {
            timeout_explicit, ..
        }
        | Detail::CursorEntry {
            timeout_explicit, ..
        } => *timeout_explicit,
        _ => false,
    }
}

/// The key the timeout is written under.
fn key_of(d: &Detail) -> &'static str {
    match d {
        Detail::Jcode { .. } => "pre_tool_timeout_ms",
        _ => "timeout",
    }
}

/// The span of the value written after `key` near the hook.
fn value_span(t: &Target<'_>, key: &str) -> Option<(usize, usize)> {
    let text = t.text?;
    let (_, key_end) = t.find(key)?;
    let rest = text.get(key_end..)?;
    let skip = rest
        .find(|c: char| !(c.is_whitespace() || c == ':' || c == '=' || c == '"'))
        .filter(|&i| !rest[..i].contains('\n'))?;
    let value = &rest[skip..];
    let len = value
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-')))
        .unwrap_or(value.len());
    (len > 0).then_some((key_end + skip, key_end + skip + len))
}

/// A long duration in words.
fn human(secs: f64) -> String {
    let h = secs / 3600.0;
    if h >= 24.0 * 365.0 {
        "more than a year".to_string()
    } else if h >= 1.0 {
        format!("{h:.1} hours")
    } else {
        format!("{:.0} minutes", secs / 60.0)
    }
}
