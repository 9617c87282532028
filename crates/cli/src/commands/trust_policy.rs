//! Which discovered hooks `hooks run` and `hooks bridge` may run: the project's `hooks.lock`
//! (always: a hook it does not record, or one changed since, is refused — fail closed), then
//! each source agent's own trust, as that agent applies it — Codex runs a hook only when its
//! hash is trusted and its project is trusted, Gemini CLI runs no settings hook in a folder it
//! does not trust. The agents' trust is applied where the agent has state on this machine
//! (`~/.codex/`, `~/.gemini/`): where it has never run, nothing could have been trusted, and a
//! CI run would refuse everything. `--trust-all` skips the agents' trust (not the lock), and
//! says so.

use adapters::{Context, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Hook, Scope, Severity};
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
        let codex_state = adapters::codex_json::trust::codex_home(ctx).is_some_and(|h| h.is_dir());
        if codex_state && hooks.iter().any(|h| h.convention == Convention::CodexJson) {
            match adapters::codex_json::trust::refusals(ctx, hooks, sources) {
                Ok(f) => policies.push(Arc::new(f)),
                Err(why) => {
                    // Codex itself does not start with a config it cannot read: run none of its
                    // hooks rather than guess.
                    notes.push(format!(
                        "the Codex config cannot be read ({why}): Codex hooks are not run"
                    ));
                    policies.push(Arc::new(|h: &Hook| {
                        (h.convention == Convention::CodexJson)
                            .then(|| "Codex's config cannot be read".to_string())
                    }));
                }
            }
        }
        // Gemini's verdict is in discovery's diagnostics; a warning means Gemini has state here.
        let gemini_untrusted = diagnostics
            .iter()
            .any(|d| d.code == Code::GeminiFolderUntrusted && d.severity() == Severity::Warning);
        if gemini_untrusted {
            policies.push(Arc::new(|h: &Hook| {
                (h.convention == Convention::GeminiSettings && h.scope != Scope::Plugin).then(|| {
                    "Gemini CLI skips it: the folder is not trusted (extensions' hooks still run)"
                        .to_string()
                })
            }));
        }
    }
    let policy: Option<Arc<dyn TrustPolicy>> = match policies.len() {
        0 => None,
        1 => policies.pop(),
        _ => Some(Arc::new(AllOf(policies))),
    };
    (policy, notes)
}
