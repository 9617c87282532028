//! The Codex trust column of `hooks list`: Codex's verdict on each of its hooks (the trust it
//! keeps per hook in `~/.codex/config.toml`), shown in both formats.

use crate::args::SourceArgs;
use adapters::codex_json::trust::{self, HookTrust, Status};
use adapters::{Context, Discovered};

/// Codex's verdict on each hook (`None` for other conventions, or when the Codex config cannot
/// be read: then nothing is claimed).
pub(super) fn codex_trust(src: &SourceArgs, found: &Discovered) -> Vec<Option<HookTrust>> {
    let home = match &src.home {
        Some(h) => crate::commands::discover::absolute(h).ok(),
        None => std::env::var_os("HOME").map(std::path::PathBuf::from),
    };
    let ctx = Context::from_process(None, home, !src.no_env);
    trust::of_hooks(&ctx, &found.batch.hooks, &found.sources)
        .unwrap_or_else(|_| vec![None; found.batch.hooks.len()])
}

/// The status in words, as the human format shows it.
pub(super) fn status_word(s: Status) -> &'static str {
    match s {
        Status::Trusted => "trusted",
        Status::Untrusted => "untrusted, skipped",
        Status::Changed => "changed since trusted, skipped",
        Status::Disabled => "disabled",
        Status::ProjectUntrusted => "project untrusted, skipped",
    }
}

/// The lint document with a `codex_trust` object added to each Codex hook: `key`, `hash`,
/// `status` (`trusted`, `untrusted`, `changed`, `disabled`, `project_untrusted`) and, for a
/// project file, `project_root`.
pub(super) fn with_trust(doc: &str, trust: &[Option<HookTrust>]) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(doc) else {
        return doc.to_string();
    };
    if let Some(hooks) = v["hooks"].as_array_mut() {
        for (h, t) in hooks.iter_mut().zip(trust) {
            if let (Some(obj), Some(t)) = (h.as_object_mut(), t) {
                obj.insert(
                    "codex_trust".into(),
                    serde_json::to_value(t).unwrap_or_default(),
                );
            }
        }
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_else(|_| doc.to_string());
    if doc.ends_with('\n') {
        s.push('\n');
    }
    s
}
