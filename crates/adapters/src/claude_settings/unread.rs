//! Files people write Claude Code hooks into that Claude Code never reads hooks from: its own
//! state file `~/.claude.json`, and a `hooks.json` next to the settings instead of inside them
//! (it reads a `hooks/hooks.json` only inside a plugin). `hooks doctor` reports hooks there.

use crate::registry::UnreadFile;
use crate::Context;

/// The unread files of the home dir and the project, and where their hooks belong.
pub(super) fn files(ctx: &Context) -> Vec<UnreadFile> {
    let mut out = Vec::new();
    if let Some(h) = &ctx.home {
        out.push(UnreadFile {
            path: h.join(".claude.json"),
            why: "Claude Code's own state file (sessions, projects, onboarding), which it never reads hooks from",
            belongs: "~/.claude/settings.json",
        });
        out.push(UnreadFile {
            path: h.join(".claude/hooks.json"),
            why: "a file Claude Code does not read (it reads a `hooks/hooks.json` only inside a plugin)",
            belongs: "~/.claude/settings.json",
        });
    }
    if let Some(p) = &ctx.project {
        out.push(UnreadFile {
            path: p.join(".claude/hooks.json"),
            why: "a file Claude Code does not read (it reads a `hooks/hooks.json` only inside a plugin)",
            belongs: ".claude/settings.json (shared) or .claude/settings.local.json (yours)",
        });
    }
    out
}
