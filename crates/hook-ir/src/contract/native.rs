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
    /// The convention.
    pub convention: Convention,
    /// The event key as the convention spells it.
    pub event: &'static str,
    /// What its matcher is tested against.
    pub value: NativeValue,
    /// Whether a hook of this event can block or decide (an exit code of 2 or a `decision`).
    pub can_block: bool,
    /// When it fires, in words, where that differs between agents (`""`: as the others).
    pub fires: &'static str,
    /// Where the agent defines it (file and version).
    pub source: &'static str,
}

/// A native event several agents share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Equivalent {
    /// Our name for it (snake_case).
    pub name: &'static str,
    /// Each convention's event, at most one per convention.
    pub events: &'static [NativeEvent],
}

use Convention::{ClaudeSettings as CL, CodexJson as CX, GeminiSettings as GE, Jarvis as JV};
use NativeValue as V;

const fn ev(
    convention: Convention,
    event: &'static str,
    value: NativeValue,
    can_block: bool,
    source: &'static str,
) -> NativeEvent {
    NativeEvent {
        convention,
        event,
        value,
        can_block,
        fires: "",
        source,
    }
}

/// [`ev`] for an event that fires on other occasions than its equivalents.
const fn ev_when(
    convention: Convention,
    event: &'static str,
    value: NativeValue,
    fires: &'static str,
    source: &'static str,
) -> NativeEvent {
    NativeEvent {
        fires,
        ..ev(convention, event, value, false, source)
    }
}

const CLAUDE_DOCS: &str = "Claude Code 2.1.332, hooks reference (code.claude.com/docs/en/hooks)";
const KIMI: &str = "MoonshotAI/kimi-code@0746eef packages/agent-core-v2/src/features/externalHooks/agent/agentExternalHooksService.ts (conventions.md §2): every event but PreToolUse, Stop and UserPromptSubmit is an observer";

/// The table. Codex's matchers: `matcher_pattern_for_event` (openai/codex@86b5077
/// `codex-rs/hooks/src/events/common.rs`) keeps them on `PermissionRequest` and drops them on
/// `PreCompact`/`PostCompact`; `SubagentStart`/`SubagentStop` select handlers by `agent_type`.
pub const EQUIVALENTS: &[Equivalent] = &[
    Equivalent {
        name: "pre_compact",
        events: &[
            ev(CL, "PreCompact", V::Trigger, true, CLAUDE_DOCS),
            ev(CX, "PreCompact", V::Unmatched, false,
                "openai/codex@ef80fdf codex-rs/hooks/src/events/compact.rs (no matcher input; `continue: false` is refused)"),
            ev(JV, "PreCompact", V::Trigger, false, KIMI),
            ev(GE, "PreCompress", V::Trigger, false,
                "Gemini CLI 0.61.0 packages/core/src/hooks/types.ts `HookEventName.PreCompress`; hookPlanner.ts compares the trigger exactly"),
        ],
    },
    Equivalent {
        name: "post_compact",
        events: &[
            ev(CL, "PostCompact", V::Trigger, false, CLAUDE_DOCS),
            ev(CX, "PostCompact", V::Unmatched, false,
                "openai/codex@ef80fdf codex-rs/hooks/src/events/compact.rs"),
            ev(JV, "PostCompact", V::Trigger, false, KIMI),
        ],
    },
    Equivalent {
        name: "subagent_start",
        events: &[
            ev(CL, "SubagentStart", V::AgentType, false, CLAUDE_DOCS),
            ev(CX, "SubagentStart", V::AgentType, false,
                "openai/codex@bde5e18 codex-rs/hooks/src/events/subagent_start.rs (`select_handlers(.., agent_type)`; context only)"),
            ev(JV, "SubagentStart", V::AgentType, false, KIMI),
        ],
    },
    Equivalent {
        name: "subagent_stop",
        events: &[
            ev(CL, "SubagentStop", V::AgentType, true, CLAUDE_DOCS),
            ev(CX, "SubagentStop", V::AgentType, true,
                "openai/codex@c59b6dc codex-rs/hooks/src/events/subagent_stop.rs (`select_handlers(.., agent_type)`; Stop's block aggregation)"),
            ev(JV, "SubagentStop", V::AgentType, false, KIMI),
        ],
    },
    // Kimi Code's `Notification` is not this event: it fires for background-task
    // notifications (`TaskNotified`, `notifyTaskNotification` in agentExternalHooksService.ts),
    // not when the agent waits for the user.
    Equivalent {
        name: "notification",
        events: &[
            ev_when(CL, "Notification", V::NotificationType,
                "when Claude asks for a permission, waits idle for input, or shows an auth or elicitation dialog",
                CLAUDE_DOCS),
            ev_when(GE, "Notification", V::Unmatched,
                "only when a tool asks for permission",
                "Gemini CLI 0.61.0 packages/core/src/hooks/types.ts `HookEventName.Notification` (observability only, no matcher context)"),
        ],
    },
    Equivalent {
        name: "post_tool_use_failure",
        events: &[
            ev(CL, "PostToolUseFailure", V::ToolName, false, CLAUDE_DOCS),
            ev(JV, "PostToolUseFailure", V::ToolName, false, KIMI),
        ],
    },
    Equivalent {
        name: "permission_request",
        events: &[
            ev(CL, "PermissionRequest", V::ToolName, true, CLAUDE_DOCS),
            ev(CX, "PermissionRequest", V::ToolName, true,
                "openai/codex@c6687ba codex-rs/hooks/src/events/permission_request.rs (allow/deny decision; matcher kept by `matcher_pattern_for_event`)"),
            ev(JV, "PermissionRequest", V::ToolName, false, KIMI),
        ],
    },
    Equivalent {
        name: "stop_failure",
        events: &[
            ev(CL, "StopFailure", V::ErrorType, false, CLAUDE_DOCS),
            ev(JV, "StopFailure", V::ErrorType, false, KIMI),
        ],
    },
    Equivalent {
        name: "interrupt",
        events: &[
            ev(CX, "Interrupt", V::Unmatched, false,
                "openai/codex@0afac7e codex-rs/hooks/src/events/interrupt.rs (no matcher input; exit codes only reported)"),
            ev(JV, "Interrupt", V::Unmatched, false, KIMI),
        ],
    },
];

/// The shared event `event` of `convention` belongs to, with that convention's row.
pub fn equivalent_of(
    convention: Convention,
    event: &str,
) -> Option<(&'static Equivalent, &'static NativeEvent)> {
    EQUIVALENTS.iter().find_map(|e| {
        e.events
            .iter()
            .find(|n| n.convention == convention && n.event == event)
            .map(|n| (e, n))
    })
}

impl Equivalent {
    /// This event's row in `convention`, when the convention has it.
    pub fn in_convention(&self, convention: Convention) -> Option<&'static NativeEvent> {
        // `self` lives in the static table, and so do its rows.
        let events: &'static [NativeEvent] = self.events;
        events.iter().find(|n| n.convention == convention)
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
        V::Trigger => [from.convention, to.convention]
            .iter()
            .all(|c| matches!(c, CL | GE)),
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

    #[test]
    fn every_native_event_is_a_table_row_outside_the_six_kinds() {
        for e in EQUIVALENTS {
            assert!(e.events.len() >= 2, "{} has one agent only", e.name);
            for n in e.events {
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
                assert_eq!(
                    e.events
                        .iter()
                        .filter(|m| m.convention == n.convention)
                        .count(),
                    1
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
