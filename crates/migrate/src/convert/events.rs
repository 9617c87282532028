//! Events: the target's event for the same kind, from the contract table, and what changes
//! between the two rows (a gate becoming an observer and back, mutations the target ignores).

use hook_ir::contract::{events_of, find, EventContract, Mutation};
use hook_ir::{Convention, Kind};

/// The target's event for `kind`: the first accepted row of the table for that kind.
pub fn target_event(to: Convention, kind: Kind) -> Option<&'static EventContract> {
    events_of(to).find(|r| r.kind() == Some(kind))
}

/// What the move from `from` to `to` changes in what the hook can do.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changes {
    /// The source could block; the target cannot.
    pub loses_blocking: bool,
    /// The source could not block; the target can.
    pub gains_blocking: bool,
    /// What the source let the hook change that the target ignores.
    pub lost_mutations: Vec<Mutation>,
}

/// Compares the source row (when the table has it) with the target row.
pub fn compare(from: Convention, source_event: &str, to: &EventContract) -> Changes {
    let (Some(src), Some(dst)) = (find(from, source_event).and_then(|r| r.rules()), to.rules())
    else {
        return Changes::default();
    };
    Changes {
        loses_blocking: src.can_block && !dst.can_block,
        gains_blocking: !src.can_block && dst.can_block,
        lost_mutations: src
            .mutates
            .iter()
            .copied()
            .filter(|m| !dst.mutates.contains(m))
            .collect(),
    }
}

/// A mutation in words.
pub fn mutation_words(m: Mutation) -> &'static str {
    match m {
        Mutation::Context => "add context for the model",
        Mutation::ToolInput => "replace the tool input",
        Mutation::ToolResult => "replace the tool result",
        Mutation::Continuation => "make the agent continue",
        Mutation::Message => "inject a message",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_events_follow_the_contract_table() {
        let ev = |c, k| target_event(c, k).map(|r| r.event);
        assert_eq!(ev(Convention::Jcode, Kind::Stop), Some("turn_end"));
        assert_eq!(
            ev(Convention::Jcode, Kind::UserPromptSubmit),
            Some("turn_start")
        );
        assert_eq!(
            ev(Convention::Jarvis, Kind::SessionShutdown),
            Some("SessionEnd")
        );
        assert_eq!(
            ev(Convention::CodexJson, Kind::PreToolUse),
            Some("PreToolUse")
        );
        assert_eq!(ev(Convention::Gjc, Kind::PostToolUse), Some("tool_result"));
    }

    #[test]
    fn a_jcode_turn_end_observer_becomes_a_stop_gate_and_back() {
        let stop = target_event(Convention::Jarvis, Kind::Stop).unwrap();
        let c = compare(Convention::Jcode, "turn_end", stop);
        assert!(c.gains_blocking && !c.loses_blocking);
        let turn_end = target_event(Convention::Jcode, Kind::Stop).unwrap();
        let back = compare(Convention::Jarvis, "Stop", turn_end);
        assert!(back.loses_blocking);
        assert_eq!(back.lost_mutations, [Mutation::Continuation]);
    }
}
