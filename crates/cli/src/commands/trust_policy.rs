//! Which discovered hooks `hooks run` and `hooks bridge` may run: the project's `hooks.lock`
//! (always: a hook it does not record, or one changed since, is refused — fail closed), then
//! each source agent's own trust, as that agent applies it — Codex runs a hook only when its
//! hash is trusted and its project is trusted, Gemini CLI runs no settings hook in a folder it
//! does not trust. The agents' trust is applied where the agent has state on this machine
//! (`~/.codex/`, `~/.gemini/`): where it has never run, nothing could have been trusted, and a
//! CI run would refuse everything. `--trust-all` skips the agents' trust (not the lock), and
//! says so.

use adapters::{Context, SourceFile};
use hook_ir::{Diagnostic, Hook};
use runner::{AllOf, LockPolicy, TrustPolicy};
use std::path::Path;
use std::sync::Arc;

/// The policy for `hooks` of the project `root` and the notes to show about it.
pub fn policy(
    ctx: &Context,
    root: &Path,
    hooks: &[Hook],
    sources: &[SourceFile],
    diagnostics: &[Diagnostic],
    trust_all: bool,
) -> (Option<Arc<dyn TrustPolicy>>, Vec<String>) {
    let mut policies: Vec<Arc<dyn TrustPolicy>> = Vec::new();
    let mut notes = Vec::new();
    if let Some(refused) = hooks_rules::audit::lock::refusals(ctx, root, hooks, sources) {
        let p = LockPolicy::from_refusals(refused);
        if !p.is_empty() {
            policies.push(Arc::new(p));
        }
    }
    if trust_all {
        notes.push(
            "--trust-all: the agents' own trust is not applied (Codex's trusted hashes and project trust, Gemini CLI's trusted folders); hooks they would skip run"
                .to_string(),
        );
    } else {
        for a in adapters::registry::ADAPTERS {
            if let Some(t) = a.own_trust(ctx, hooks, sources, diagnostics) {
                notes.extend(t.note);
                let refuse = t.refuse;
                policies.push(Arc::new(move |h: &Hook| refuse(h)));
            }
        }
    }
    let policy: Option<Arc<dyn TrustPolicy>> = match policies.len() {
        0 => None,
        1 => policies.pop(),
        _ => Some(Arc::new(AllOf(policies))),
    };
    (policy, notes)
}
