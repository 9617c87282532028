//! Turns of a session, for embedders: every event dispatched through a [`Turn`] carries its turn
//! id, so the per-turn rules of the contracts hold without the agent numbering turns itself —
//! above all Jarvis's "at most one Stop continuation per turn": the second Stop of a turn runs
//! no Jarvis Stop hook at all (Kimi Code `stopHookContinuationUsed`).

use crate::{Decision, Event, Runner};
use std::sync::atomic::{AtomicU64, Ordering};

/// One turn of the agent: from a user prompt to the agent stopping for good.
#[derive(Debug)]
pub struct Turn<'r> {
    runner: &'r Runner,
    id: String,
}

impl<'r> Turn<'r> {
    /// The turn's id (`turn-1`, `turn-2`, … per runner).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// `event` stamped with this turn's id.
    pub fn stamp(&self, event: &Event) -> Event {
        Event {
            turn_id: Some(self.id.clone()),
            ..event.clone()
        }
    }

    /// [`Runner::dispatch`] of `event` within this turn.
    pub async fn dispatch(&self, event: &Event) -> Decision {
        self.runner.dispatch(&self.stamp(event)).await
    }

    /// [`Runner::dispatch_blocking`] of `event` within this turn.
    pub fn dispatch_blocking(&self, event: &Event) -> Decision {
        self.runner.dispatch_blocking(&self.stamp(event))
    }
}

/// The counter of a runner's turns.
#[derive(Debug, Default)]
pub(crate) struct Turns(AtomicU64);

impl Runner {
    /// Starts a new turn: dispatch its events through the returned [`Turn`]. Turns are numbered
    /// from 1 in the order they are started.
    pub fn begin_turn(&self) -> Turn<'_> {
        let n = self.turns.0.fetch_add(1, Ordering::Relaxed) + 1;
        Turn {
            runner: self,
            id: format!("turn-{n}"),
        }
    }
}
