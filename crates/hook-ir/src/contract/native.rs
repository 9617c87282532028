//! Events outside the six kinds that several agents share: for each, the event every convention
//! that has it spells, what its matcher is tested against, and whether a hook can block there.
//!
//! The six-kind IR stays the runtime contract (the runner never executes these); `hooks import`
//! carries a hook of such an event to the target's equivalent event, keeping its command,
//! matcher and timeout, and says what changes. A row is an equivalent only when the two agents
//! fire it at the same moment for the same reason, checked in each agent's source (`source` of
//! every [`NativeEvent`]).

use crate::contract::MatchedValue;
use crate::{Convention, Kind};

/// What a matcher on a native event is tested against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NativeValue {
    /// The tool name (permission and failure events): carried through the tool-name table.
    ToolName,
    /// The compaction trigger.
    Trigger,
    /// The subagent's type or name.
    AgentType,
    /// The notification's type.
    NotificationType,
    /// The error's type or name.
    ErrorType,
    /// Nothing: the agent ignores matchers on this event (every hook fires).
    Unmatched,
}

impl NativeValue {
    /// The value in words.
    pub const fn words(self) -> &'static str {
        match self {
            NativeValue::ToolName => "the tool name",
            NativeValue::Trigger => "the compaction trigger",
            NativeValue::AgentType => "the subagent's type",
            NativeValue::NotificationType => "the notification type",
            NativeValue::ErrorType => "the error type",
            NativeValue::Unmatched => "nothing (matchers are ignored)",
        }
    }
}

/// One convention's spelling of a shared native event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NativeEvent {
    /// The shared event it is ([`Equivalent::name`]).
    pub equivalent: &'static str,
    /// The convention.
    pub convention: Convention,
    /// The event key as the convention spells it.
    pub event: &'static str,
    /// What its matcher is tested against.
    pub value: NativeValue,
    /// The words of its matched values when another agent's event uses the same ones
    /// (`"manual, auto"` for the compaction triggers of Claude Code and Gemini CLI), `""` when
    /// they are its own.
    pub spelled: &'static str,
    /// Whether a hook of this event can block or decide (an exit code of 2 or a `decision`).
    pub can_block: bool,
    /// When it fires, in words, where that differs between agents (`""`: as the others).
    pub fires: &'static str,
    /// Where the agent defines it (file and version).
    pub source: &'static str,
}

/// A native event several agents share; each convention lists its spelling in its profile
/// ([`crate::conventions::Profile::native`]), at most one per convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Equivalent {
    /// Our name for it (snake_case).
    pub name: &'static str,
}

use NativeValue as V;

pub(crate) const fn ev(
    equivalent: &'static str,
    convention: Convention,
    event: &'static str,
    value: NativeValue,
    can_block: bool,
    source: &'static str,
) -> NativeEvent {
    NativeEvent {
        equivalent,
        convention,
        event,
        value,
        can_block,
        spelled: "",
        fires: "",
        source,
    }
}

/// [`ev`] for an event whose matched values are spelled as `words` (see
/// [`NativeEvent::spelled`]).
/// The compaction triggers as Claude Code and Gemini CLI spell them.
pub(crate) const TRIGGERS: &str = "manual, auto";

pub(crate) const fn spelled(mut event: NativeEvent, words: &'static str) -> NativeEvent {
    event.spelled = words;
    event
}

/// [`ev`] for an event that fires on other occasions than its equivalents.
pub(crate) const fn ev_when(
    equivalent: &'static str,
    convention: Convention,
    event: &'static str,
    value: NativeValue,
    fires: &'static str,
    source: &'static str,
) -> NativeEvent {
    NativeEvent {
        fires,
        ..ev(equivalent, convention, event, value, false, source)
    }
}

/// The shared events (each convention's spelling is in its profile). Codex's matchers: `matcher_pattern_for_event` (openai/codex@86b5077
/// `codex-rs/hooks/src/events/common.rs`) keeps them on `PermissionRequest` and drops them on
/// `PreCompact`/`PostCompact`; `SubagentStart`/`SubagentStop` select handlers by `agent_type`.
pub const EQUIVALENTS: &[Equivalent] = &[
    Equivalent {
        name: "pre_compact",
    },
    Equivalent {
        name: "post_compact",
    },
    Equivalent {
        name: "subagent_start",
    },
    Equivalent {
        name: "subagent_stop",
    },
    Equivalent {
        name: "notification",
    },
    Equivalent {
        name: "post_tool_use_failure",
    },
    Equivalent {
        name: "permission_request",
    },
    Equivalent {
        name: "stop_failure",
    },
    Equivalent { name: "interrupt" },
];

/// The shared event `event` of `convention` belongs to, with that convention's row.
pub fn equivalent_of(
    convention: Convention,
    event: &str,
) -> Option<(&'static Equivalent, &'static NativeEvent)> {
    let n = crate::conventions::profile(convention)
        .native
        .iter()
        .find(|n| n.event == event)?;
    EQUIVALENTS
        .iter()
        .find(|e| e.name == n.equivalent)
        .map(|e| (e, n))
}

impl Equivalent {
    /// This event's row in `convention`, when the convention has it.
    pub fn in_convention(&self, convention: Convention) -> Option<&'static NativeEvent> {
        crate::conventions::profile(convention)
            .native
            .iter()
            .find(|n| n.equivalent == self.name)
    }

    /// Each convention's spelling of this event, in [`Convention::ALL`] order.
    pub fn events(&self) -> impl Iterator<Item = &'static NativeEvent> + '_ {
        Convention::ALL
            .into_iter()
            .filter_map(|c| self.in_convention(c))
    }
}

/// Whether a matcher written for `from` selects the same values in `to`. Tool names go through
/// the tool-name table; of the other values only the compaction trigger is spelled alike
/// (`manual`/`auto` in Claude Code and Gemini CLI); agent types, notification types and error
/// names are each agent's own words, so such a matcher does not carry.
pub fn same_values(from: &NativeEvent, to: &NativeEvent) -> bool {
    if from.value != to.value {
        return false;
    }
    match from.value {
        V::ToolName | V::Unmatched => true,
        V::Trigger => !from.spelled.is_empty() && from.spelled == to.spelled,
        V::AgentType | V::NotificationType | V::ErrorType => from.convention == to.convention,
    }
}

/// The kind a carried hook of a native event holds in the IR's `kind` field, which has no
/// value for it: a tool kind when its matcher tests tool names (so the tool-name table applies),
/// `stop` otherwise. Never runs: these hooks exist only inside `hooks import` and the writers'
/// read-back check, and the event itself (`source_event`) says what they are.
pub const fn nominal_kind(matched: MatchedValue) -> Kind {
    match matched {
        MatchedValue::ToolName => Kind::PostToolUse,
        _ => Kind::Stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{find, Mapping};
    use Convention::{ClaudeSettings as CL, CodexJson as CX, GeminiSettings as GE, Jarvis as JV};

    #[test]
    fn every_native_event_is_a_table_row_outside_the_six_kinds() {
        for e in EQUIVALENTS {
            assert!(e.events().count() >= 2, "{} has one agent only", e.name);
            for n in e.events() {
                let row = find(n.convention, n.event).unwrap_or_else(|| {
                    panic!("{} {} is not in the contract", n.convention, n.event)
                });
                assert!(
                    matches!(row.mapping, Mapping::Rejected { .. }),
                    "{}",
                    n.event
                );
                // The nominal kind (from the row) and the carried matcher agree on tool names.
                assert_eq!(
                    row.matched == MatchedValue::ToolName,
                    n.value == V::ToolName,
                    "{} {}",
                    n.convention,
                    n.event
                );
                let profile = crate::conventions::profile(n.convention);
                assert_eq!(
                    profile
                        .native
                        .iter()
                        .filter(|m| m.equivalent == e.name)
                        .count(),
                    1
                );
            }
        }
    }

    #[test]
    fn every_native_row_names_a_shared_event() {
        for p in crate::conventions::PROFILES {
            for n in p.native {
                assert!(
                    EQUIVALENTS.iter().any(|e| e.name == n.equivalent),
                    "{}",
                    n.event
                );
            }
        }
    }

    #[test]
    fn lookups_and_vocabularies() {
        let (eq, cl) = equivalent_of(CL, "PreCompact").unwrap();
        assert_eq!(eq.in_convention(GE).unwrap().event, "PreCompress");
        assert!(same_values(cl, eq.in_convention(GE).unwrap()));
        assert!(!same_values(cl, eq.in_convention(JV).unwrap()));
        assert!(!same_values(cl, eq.in_convention(CX).unwrap()));
        let (sub, cl) = equivalent_of(CL, "SubagentStop").unwrap();
        assert!(!same_values(cl, sub.in_convention(CX).unwrap()));
        assert!(equivalent_of(Convention::Jcode, "turn_end").is_none());
        assert_eq!(nominal_kind(MatchedValue::ToolName), Kind::PostToolUse);
        // Kimi Code's task notifications are not Claude's attention notifications.
        assert!(equivalent_of(JV, "Notification").is_none());
    }
}
