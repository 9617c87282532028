//! What the readers of the flat `{"version": 1, "hooks": {event: [entry…]}}` files (GitHub
//! Copilot CLI's `hooks.json`, Cursor's `hooks.json`) share: a problem found at a byte span, and
//! keys shown without their control characters.

use hook_ir::Code;

/// One problem: its code, message, byte span and help (shared by the flat hooks files' readers).
pub(crate) struct Problem {
    pub(crate) code: Code,
    pub(crate) message: String,
    pub(crate) span: (usize, usize),
    pub(crate) help: Option<String>,
}

pub(crate) fn problem(code: Code, message: impl Into<String>, span: (usize, usize)) -> Problem {
    Problem {
        code,
        message: message.into(),
        span,
        help: None,
    }
}

/// `s` with control characters escaped, so a hostile key cannot rewrite a terminal line.
pub(crate) fn printable(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}
