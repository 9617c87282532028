//! [`Bridge`]: the source conventions' hooks behind one host, each convention through its own
//! [`Runner`] so that each sees the event in its own terms.

use super::{merge, tool_name};
use crate::{Decision, Event, Runner, RunnerOptions, Skipped};
use hook_ir::{Convention, Hook};

/// Dispatches a host's events over the hooks of other conventions: one [`Runner`] per source
/// convention, in hook order. Each runner sees the event with the tool under its own agent's
/// name ([`tool_name`]); the runners run concurrently and their decisions are combined by
/// [`merge`] exactly as one runner combines its convention groups.
pub struct Bridge {
    host: Convention,
    runners: Vec<(Convention, Runner)>,
}

impl std::fmt::Debug for Bridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bridge")
            .field("host", &self.host)
            .field("runners", &self.runners.len())
            .finish()
    }
}

impl Bridge {
    /// Prepares `hooks` (accepted hooks of the source conventions, in hook order) for events of
    /// `host`; every runner gets `options`.
    pub fn new(host: Convention, hooks: Vec<Hook>, options: RunnerOptions) -> Bridge {
        let mut groups: Vec<(Convention, Vec<Hook>)> = Vec::new();
        for h in hooks {
            match groups.iter_mut().find(|(c, _)| *c == h.convention) {
                Some((_, g)) => g.push(h),
                None => groups.push((h.convention, vec![h])),
            }
        }
        let runners = groups
            .into_iter()
            .map(|(c, g)| (c, Runner::new(g, options.clone())))
            .collect();
        Bridge { host, runners }
    }

    /// The hooks that never run, and why.
    pub fn skipped(&self) -> impl Iterator<Item = &Skipped> {
        self.runners.iter().flat_map(|(_, r)| r.skipped())
    }

    /// `event` (in the host's terms) as the hooks of `source` see it: the tool under its name
    /// there. Without a turn id: the bridge is one process per event, so a runner's memory of
    /// the turns it continued is gone by the next stop; Jarvis's once-per-turn rule then follows
    /// the host's `stop_hook_active`, which every host sets on a stop a hook already continued.
    pub fn event_for(&self, source: Convention, event: &Event) -> Event {
        let mut e = event.clone();
        if let Some(name) = &e.tool_name {
            e.tool_name = Some(tool_name(self.host, source, name).into_owned());
        }
        if hook_ir::contract::runtime(source)
            .is_some_and(|r| r.continuation == hook_ir::contract::ContinuationRule::OncePerTurn)
        {
            e.turn_id = None;
        }
        e
    }

    /// The hooks that fire for `event`, in hook order.
    pub fn matching_hooks(&self, event: &Event) -> Vec<&Hook> {
        self.runners
            .iter()
            .flat_map(|(c, r)| r.matching_hooks(&self.event_for(*c, event)))
            .collect()
    }

    /// Runs every hook that fires for `event` and returns the one decision. Must be polled inside
    /// a tokio runtime when something matches.
    pub async fn dispatch(&self, event: &Event) -> Decision {
        let events: Vec<Event> = self
            .runners
            .iter()
            .map(|(c, _)| self.event_for(*c, event))
            .collect();
        let decisions = futures_util::future::join_all(
            self.runners
                .iter()
                .zip(&events)
                .filter(|((_, r), e)| r.has_match(e))
                .map(|((_, r), e)| r.dispatch(e)),
        )
        .await;
        merge(event.kind(), decisions)
    }

    /// Waits until every hook its agent does not wait for (Jarvis PostToolUse) has finished, and
    /// returns their outcomes ([`Runner::wait_detached`]). The bridge calls it after answering:
    /// a process that exited would take those hooks with it.
    pub fn wait_detached(&self) -> Vec<crate::HookOutcome> {
        self.runners
            .iter()
            .flat_map(|(_, r)| r.wait_detached())
            .collect()
    }

    /// The hooks the agent does not wait for, kept by runners built with
    /// [`crate::Detach::HandOff`] ([`Runner::take_detached`]).
    pub fn take_detached(&self) -> Vec<crate::DetachedBatch> {
        self.runners
            .iter()
            .flat_map(|(_, r)| r.take_detached())
            .collect()
    }

    /// How many hooks the agent does not wait for are still running.
    pub fn detached_running(&self) -> usize {
        self.runners.iter().map(|(_, r)| r.detached_running()).sum()
    }

    /// [`Bridge::dispatch`] on a current-thread runtime of its own, for callers that are not
    /// async (and not inside a runtime).
    pub fn dispatch_blocking(&self, event: &Event) -> Decision {
        match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(rt) => rt.block_on(self.dispatch(event)),
            Err(e) => super::fallback(
                event.kind(),
                &self.matching_hooks(event),
                &[],
                &format!("cannot start the async runtime: {e}"),
            ),
        }
    }
}
