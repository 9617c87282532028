//! Diagnostics are data: a code from the registry, a message, a convention and a location.
//! Rendering them (human, JSON, SARIF, GitHub) is the CLI's job.

use crate::{Code, Convention, Location};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How bad a diagnostic is. Ordered: `Info < Warning < Error`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Worth knowing; nothing is wrong.
    Info,
    /// Probably not what the user meant; the hook still loads.
    Warning,
    /// The hook (or file) is rejected or will not do what it says.
    Error,
}

impl Severity {
    /// The public id.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Messages and help texts are cut to this many bytes (on a char boundary, with `…` appended),
/// so hostile input (a 10 MB command string echoed into a message) cannot blow up the output.
pub const MAX_MESSAGE_BYTES: usize = 2048;

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Diagnostic {
    /// The registry code; its severity is the diagnostic's severity.
    pub code: Code,
    /// What is wrong here, in one or two sentences.
    pub message: String,
    /// The convention whose source it is about, if any.
    pub convention: Option<Convention>,
    /// Where, if it has a place.
    pub location: Option<Location>,
    /// A suggestion (did-you-mean, the fix), if any.
    pub help: Option<String>,
    /// The severity a project's lint configuration gives this code (`[severity]` of
    /// `hooks.toml`), when it differs from the registry's. Not serialized: outputs print the
    /// effective [`Diagnostic::severity`].
    #[serde(default, skip)]
    #[schemars(skip)]
    pub severity_override: Option<Severity>,
}

impl Diagnostic {
    /// A diagnostic with a bounded message and nothing else.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: bound(message.into()),
            convention: None,
            location: None,
            help: None,
            severity_override: None,
        }
    }

    /// Sets the convention.
    pub fn with_convention(mut self, c: Convention) -> Self {
        self.convention = Some(c);
        self
    }

    /// Sets the location.
    pub fn at(mut self, loc: Location) -> Self {
        self.location = Some(loc);
        self
    }

    /// Sets a (bounded) help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(bound(help.into()));
        self
    }

    /// Gives this diagnostic another severity than its code's (a project's configuration).
    pub fn with_severity(mut self, s: Severity) -> Self {
        self.severity_override = (s != self.code.severity()).then_some(s);
        self
    }

    /// The severity: the configured one, else the code's.
    pub fn severity(&self) -> crate::Severity {
        self.severity_override.unwrap_or(self.code.severity())
    }
}

/// Cuts `s` to [`MAX_MESSAGE_BYTES`] on a char boundary, appending `…` when cut.
pub fn bound(mut s: String) -> String {
    if s.len() > MAX_MESSAGE_BYTES {
        let mut i = MAX_MESSAGE_BYTES;
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        s.truncate(i);
        s.push('…');
    }
    s
}

/// Quotes a user-supplied value for a message, cut to 120 characters so it stays readable.
pub fn quote(value: &str) -> String {
    const MAX: usize = 120;
    if value.chars().count() > MAX {
        let cut: String = value.chars().take(MAX).collect();
        format!("`{cut}…`")
    } else {
        format!("`{value}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_bounded_on_a_char_boundary() {
        let d = Diagnostic::new(Code::InvalidCommand, "é".repeat(5000));
        assert!(d.message.len() <= MAX_MESSAGE_BYTES + '…'.len_utf8());
        assert!(d.message.ends_with('…'));
        let short = Diagnostic::new(Code::InvalidCommand, "short");
        assert_eq!(short.message, "short");
    }

    #[test]
    fn a_configured_severity_replaces_the_codes() {
        let d = Diagnostic::new(Code::DuplicateHook, "m");
        assert_eq!(d.severity(), Severity::Warning);
        assert_eq!(
            d.clone().with_severity(Severity::Error).severity(),
            Severity::Error
        );
        // The code's own severity is no override: equal diagnostics stay equal.
        assert_eq!(d.clone().with_severity(Severity::Warning), d);
    }

    #[test]
    fn severity_orders_info_warning_error() {
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
    }

    #[test]
    fn quote_cuts_long_values() {
        assert_eq!(quote("ab"), "`ab`");
        assert!(quote(&"x".repeat(500)).ends_with("…`"));
    }
}
