//! Timeouts: milliseconds (jcode) vs seconds (Jarvis, Codex, Claude), each with its own default
//! and bounds from the contract table. Converting rounds up (a hook never gets less time than it
//! had) and clamps into the target's bounds; every change of value is reported.

use hook_ir::contract::Timeout;

/// The converted timeout and what to say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The effective timeout in the target, in milliseconds (`None`: no timeout).
    pub timeout_ms: Option<u64>,
    /// A warning when the effective value changed.
    pub lossy: Option<String>,
    /// A note when only the unit changed.
    pub note: Option<String>,
}

fn show(ms: u64) -> String {
    if ms.checked_rem(1000) == Some(0) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// Converts an effective timeout (`None`: the source has none) into `target`'s rule.
pub fn convert(source_ms: Option<u64>, target: Timeout) -> Converted {
    match target {
        // Each hook keeps its own timeout (Claude `SessionEnd`); the event's shared budget is
        // the runtime's business.
        Timeout::SharedBudget { unit, default, .. } => convert(
            source_ms,
            Timeout::Configurable {
                unit,
                default,
                min: 1,
                max: None,
            },
        ),
        Timeout::None => Converted {
            timeout_ms: None,
            lossy: source_ms.map(|ms| {
                format!(
                    "the timeout of {} is dropped: the target runs this hook without a timeout",
                    show(ms)
                )
            }),
            note: None,
        },
        Timeout::Fixed { ms } => Converted {
            timeout_ms: Some(ms),
            lossy: (source_ms != Some(ms)).then(|| match source_ms {
                Some(s) => format!(
                    "the timeout changes from {} to the target's fixed {}",
                    show(s),
                    show(ms)
                ),
                None => format!(
                    "the hook had no timeout; the target's fixed {} applies",
                    show(ms)
                ),
            }),
            note: None,
        },
        Timeout::Configurable {
            unit,
            default,
            min,
            max,
        } => {
            let per = unit.millis();
            let Some(ms) = source_ms else {
                return Converted {
                    timeout_ms: Some(default * per),
                    lossy: Some(format!(
                        "the hook had no timeout; the target's default of {} applies",
                        show(default * per)
                    )),
                    note: None,
                };
            };
            let units = ms.div_ceil(per);
            let clamped = units.clamp(min, max.unwrap_or(u64::MAX));
            let out = clamped.saturating_mul(per);
            let lossy = if clamped != units {
                Some(format!(
                    "the timeout of {} is outside the target's bounds ({}..={}); it becomes {}",
                    show(ms),
                    show(min * per),
                    max.map_or("unbounded".into(), |m| show(m * per)),
                    show(out)
                ))
            } else if out != ms {
                Some(format!(
                    "the timeout of {} is rounded up to {}",
                    show(ms),
                    show(out)
                ))
            } else {
                None
            };
            let note = (lossy.is_none() && per != 1 && ms > 0).then(|| {
                format!(
                    "the timeout of {} is written as {units} (seconds)",
                    show(ms)
                )
            });
            Converted {
                timeout_ms: Some(out),
                lossy,
                note,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hook_ir::contract::{find, limits, TimeoutUnit};
    use hook_ir::Convention;

    fn rule(c: Convention, e: &str) -> Timeout {
        find(c, e).unwrap().rules().unwrap().timeout
    }

    #[test]
    fn milliseconds_to_seconds_round_up_and_say_so() {
        let jarvis = rule(Convention::Jarvis, "PreToolUse");
        let c = convert(Some(1500), jarvis);
        assert_eq!(c.timeout_ms, Some(2000));
        assert!(c.lossy.unwrap().contains("rounded up to 2 s"));
        let exact = convert(Some(5000), jarvis);
        assert_eq!((exact.timeout_ms, exact.lossy), (Some(5000), None));
        assert!(exact.note.is_some());
    }

    #[test]
    fn values_are_clamped_into_the_targets_bounds() {
        let jarvis = rule(Convention::Jarvis, "PreToolUse");
        let big = convert(Some(900_000), jarvis);
        assert_eq!(big.timeout_ms, Some(limits::jarvis::TIMEOUT_MAX_S * 1000));
        assert!(big.lossy.unwrap().contains("outside"));
        // jcode's floor is 1 ms; a 0 ms source becomes 1 ms there.
        let jcode = rule(Convention::Jcode, "pre_tool");
        assert_eq!(
            convert(Some(0), jcode).timeout_ms,
            Some(limits::jcode::PRE_TOOL_TIMEOUT_FLOOR_MS)
        );
        // Codex has no maximum.
        let codex = rule(Convention::CodexJson, "PreToolUse");
        assert_eq!(convert(Some(3_600_000), codex).timeout_ms, Some(3_600_000));
    }

    #[test]
    fn seconds_to_milliseconds_are_exact() {
        let jcode = rule(Convention::Jcode, "pre_tool");
        let c = convert(Some(30_000), jcode);
        assert_eq!(
            c,
            Converted {
                timeout_ms: Some(30_000),
                lossy: None,
                note: None
            }
        );
    }

    #[test]
    fn no_timeout_and_observers() {
        let jcode_obs = rule(Convention::Jcode, "turn_end");
        assert_eq!(jcode_obs, Timeout::None);
        assert!(convert(Some(30_000), jcode_obs).lossy.is_some());
        let jarvis_stop = rule(Convention::Jarvis, "Stop");
        let c = convert(None, jarvis_stop);
        assert_eq!(c.timeout_ms, Some(limits::jarvis::TIMEOUT_DEFAULT_S * 1000));
        assert!(c.lossy.is_some());
        assert_eq!(TimeoutUnit::Seconds.millis(), 1000);
    }
}
