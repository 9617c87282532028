//! Qwen Code's reading of a hook's `timeout` (`core/hooks/hook-timeout.ts`,
//! `chunks/chunk-DPEB6S2R.js:144230-144322`): seconds, but a value of 1000 or more is legacy
//! milliseconds, and a value that is not a positive number falls back to the default of 60 s.
//! Live: `qwen_timeout_seconds` (`1` killed a 4 s hook), `qwen_timeout_legacy_ms` (`1500` too).

use crate::layered_settings::flavor::{Flavor, TimeoutRule};
use crate::layered_settings::json::Span;
use crate::layered_settings::raw::Problem;
use hook_ir::Code;

/// The effective timeout in milliseconds of a written `raw` number, and whether it counts as
/// written (a fallback to the default does not), reporting what differs from what it says.
pub(crate) fn read(
    fl: &Flavor,
    rule: TimeoutRule,
    raw: &str,
    span: Span,
    out: &mut Vec<Problem>,
) -> (u64, bool) {
    let TimeoutRule::SecondsOrLegacyMs {
        default_s,
        legacy_ms_from,
    } = rule
    else {
        return (rule.default_ms(), false);
    };
    match raw
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
    {
        Some(n) if n >= legacy_ms_from as f64 => {
            let s = (n / 1000.0).ceil();
            out.push(
                Problem::new(
                    Code::TimeoutClamped,
                    format!("`timeout` is in seconds, but {} reads a value of {legacy_ms_from} or more as legacy milliseconds: {raw} is {} s, not {raw} s", fl.agent, n / 1000.0),
                    span,
                )
                .help(format!("write `\"timeout\": {s}` for {s} s")),
            );
            (rule.to_ms(n).round() as u64, true)
        }
        Some(n) => (rule.to_ms(n).round() as u64, true),
        None => {
            out.push(
                Problem::new(
                    Code::TimeoutClamped,
                    format!("`timeout` must be a positive number of seconds, not {raw}: {} runs the hook with its default of {default_s} s", fl.agent),
                    span,
                )
                .help("leave it out, or write a number of seconds"),
            );
            (rule.default_ms(), false)
        }
    }
}
