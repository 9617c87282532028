//! Hooks written in a file the agent never reads for hooks: the commonest "wrong file" reports
//! (Claude Code's own state file `~/.claude.json`, a `hooks.json` next to the settings instead
//! of inside them). Discovery reads only the files the agents read, so these are looked at here.

use adapters::json_span;
use adapters::registry::UnreadFile;
use adapters::Context;
use hook_ir::{Code, Convention, Diagnostic, Location};

/// The files written as if `agent` read hooks from them, and where they belong (its adapter's
/// [`adapters::registry::Adapter::unread_files`]).
fn candidates(ctx: &Context, agent: Convention) -> Vec<UnreadFile> {
    adapters::registry::adapter(agent).unread_files(ctx)
}

/// One error per such file holding a `"hooks"` object, at its key.
pub(super) fn check(ctx: &Context, agent: Convention) -> Vec<Diagnostic> {
    candidates(ctx, agent)
        .into_iter()
        .filter_map(|u| {
            let text = adapters::read_limit::read_bounded(&u.path, adapters::read_limit::MAX_CONFIG_BYTES)
                .ok()
                .and_then(|b| String::from_utf8(b).ok())?;
            let root = json_span::parse(&text).ok()?;
            let m = root.get("hooks")?;
            if m.value.members().is_none_or(|e| e.is_empty()) {
                return None;
            }
            let display = ctx.display(&u.path);
            Some(
                Diagnostic::new(
                    Code::HooksInUnreadFile,
                    format!(
                        "{display} has a `hooks` object, but it is {}: none of these hooks ever runs",
                        u.why
                    ),
                )
                .with_convention(agent)
                .at(Location::at_span(display, &text, m.key_span.0, m.key_span.1))
                .with_help(format!("move the `hooks` object into {}", u.belongs)),
            )
        })
        .collect()
}
