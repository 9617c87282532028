//! Plugs the JavaScript host into the [`Runner`](crate::Runner) through its
//! [`ModuleDispatch`] seam, so an agent gets command hooks and module hooks from one
//! `Runner::dispatch`.

use super::ModuleHost;
use crate::decision::{HookOutcome, OutcomeKind};
use crate::options::{ModuleDispatch, ModuleFuture, Session};
use crate::Event;
use hook_ir::{Convention, Hook};

/// Why a hook has no outcome from the host: GJC skips the handlers after the first block.
const SKIPPED_AFTER_BLOCK: &str = "not run: an earlier handler blocked (GJC skips later handlers)";

impl ModuleDispatch for ModuleHost {
    fn dispatch<'a>(
        &'a self,
        _convention: Convention,
        hooks: &'a [&'a Hook],
        event: &'a Event,
        session: &'a Session,
    ) -> ModuleFuture<'a> {
        Box::pin(async move {
            // Handlers see the session's cwd (GJC's `ctx.cwd` is the session's), unless the
            // host was given its own.
            let cwd = self.options().cwd.as_deref().or(session.cwd.as_deref());
            let mut d = self.dispatch_in(hooks, event, cwd, true).await;
            // The seam promises one outcome per hook, in hook order.
            let mut ordered = Vec::with_capacity(hooks.len());
            for h in hooks {
                match d.hooks.iter().position(|o| o.id == h.id) {
                    Some(i) => ordered.push(d.hooks.swap_remove(i)),
                    None => ordered.push(HookOutcome {
                        id: h.id.clone(),
                        outcome: OutcomeKind::Allowed,
                        exit_code: None,
                        signal: None,
                        duration_ms: 0,
                        stderr: String::new(),
                        error: Some(SKIPPED_AFTER_BLOCK.into()),
                        detached: false,
                        not_loaded: false,
                    }),
                }
            }
            d.hooks = ordered;
            d
        })
    }
}
