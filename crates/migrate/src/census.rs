//! What a source file holds before lowering: every handler entry, so that `hooks import` can
//! count the hooks its reader sets aside — a handler that is not a command — among the hooks it
//! read, each with its reason, instead of leaving them out of the count.

use hook_ir::contract::{self, Lookup};
use hook_ir::{Code, Convention};

/// One handler entry of a source file.
pub use adapters::census::HandlerEntry as Entry;

/// The handler entries of a source file's text, as its convention's adapter reads them
/// ([`adapters::registry::Adapter::handler_entries`]); empty for a convention without such
/// entries or text that does not parse.
pub fn entries(convention: Convention, text: &str) -> Vec<Entry> {
    adapters::registry::adapter(convention).handler_entries(text)
}

/// Why the reader sets `e` aside rather than making a hook of it, when it does: it is not a
/// command. (A command of an event outside the six kinds is read, into
/// [`adapters::Output::outside`], for `hooks import` to carry.)
pub fn set_aside(convention: Convention, e: &Entry) -> Option<Code> {
    match contract::lookup(convention, &e.event) {
        Lookup::Known(_) if !e.command => Some(Code::NonCommandHandler),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_outside_the_six_kinds_are_counted_with_their_reason() {
        let claude = r#"{"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}, {"type": "prompt", "prompt": "b"}]}],
            "PreCompact": [{"hooks": [{"type": "command", "command": "c"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "d"}, {"type": "command", "command": "e"}]}]
        }}"#;
        let e = entries(Convention::ClaudeSettings, claude);
        assert_eq!(e.len(), 5);
        let why: Vec<Option<Code>> = e
            .iter()
            .map(|e| set_aside(Convention::ClaudeSettings, e))
            .collect();
        // The commands (of the six kinds or outside them) are read; the prompt is set aside.
        assert_eq!(why.iter().filter(|w| w.is_none()).count(), 4);
        assert_eq!(
            why.iter()
                .filter(|w| **w == Some(Code::NonCommandHandler))
                .count(),
            1
        );
        let copilot = r#"{"version": 1, "hooks": {
            "preToolUse": [{"bash": "a"}, {"type": "http", "url": "https://x"}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "b"}]}]
        }}"#;
        let c = entries(Convention::CopilotHooks, copilot);
        assert_eq!(c.len(), 3);
        let aside: Vec<Option<Code>> = c
            .iter()
            .map(|e| set_aside(Convention::CopilotHooks, e))
            .collect();
        assert_eq!(aside, [None, Some(Code::NonCommandHandler), None]);
        let jarvis = "[[hooks]]\nevent = \"PreCompact\"\ncommand = \"x\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"y\"\n";
        let j = entries(Convention::Jarvis, jarvis);
        assert!(j.iter().all(|e| set_aside(Convention::Jarvis, e).is_none()));
    }
}
