//! A hook prepared for dispatch ([`Prepared`]: matcher compiled, contract row resolved) and how
//! it executes ([`Plan`]). The convention modules read these; they never see the [`Runner`]
//! itself, only its [`Group`] view.
//!
//! [`Runner`]: crate::Runner
//! [`Group`]: crate::group::Group

use crate::Event;
use hook_ir::contract::{MatchedValue, Rules};
use hook_ir::{CompiledMatcher, Hook};
use std::ffi::OsString;
use std::time::Duration;

/// How one prepared hook executes.
#[derive(Debug)]
pub(crate) enum Plan {
    /// [`hook_ir::contract::Launch::Argv`], awaited (a gate: the event's rules are sequential and can block): argv
    /// already tokenized (or the tokenizer's error).
    JcodeGate {
        argv: Result<Vec<OsString>, String>,
        timeout: Duration,
    },
    /// [`hook_ir::contract::Launch::Argv`], detached (an observer).
    JcodeObserver { argv: Result<Vec<OsString>, String> },
    /// [`hook_ir::contract::Launch::Shell`]: the convention's shell runs the command; its answer module (the
    /// runtime row's [`hook_ir::contract::AnswerFormat`]) reads the result.
    Shell { timeout: Duration },
    /// A module hook, for the [`crate::ModuleDispatch`] seam.
    Module,
    /// Selected but never executed: the outcome is `failed` with this error.
    NotExecuted(String),
}

/// A hook ready to fire: matcher compiled, contract resolved, argv parsed.
#[derive(Debug)]
pub(crate) struct Prepared {
    pub hook: Hook,
    /// `None` fires for every value.
    pub matcher: Option<CompiledMatcher>,
    pub matched: MatchedValue,
    pub rules: Option<&'static Rules>,
    pub plan: Plan,
}

impl Prepared {
    /// Whether the hook fires for `event`. Allocates nothing (unless the prompt comes as
    /// content parts, whose text is joined to be matched).
    pub fn fires(&self, event: &Event) -> bool {
        let Some(m) = &self.matcher else { return true };
        let prompt;
        let value = match self.matched {
            MatchedValue::ToolName => event.tool_name.as_deref(),
            MatchedValue::Prompt => {
                prompt = event.prompt_text();
                Some(prompt.as_ref())
            }
            // The value the payload carries, the convention's default included: without it a
            // `matcher = "startup"` hook never fired for an event with no source given.
            MatchedValue::Source => Some(event.session_source(self.hook.convention)),
            MatchedValue::Reason => Some(event.session_reason(self.hook.convention)),
            MatchedValue::Other | MatchedValue::AlwaysEmpty => None,
            MatchedValue::Ignored | MatchedValue::NoMatcher => return true,
        };
        m.is_match(value.unwrap_or(""))
    }

    /// Whether this hook's contract lets it block its event.
    pub fn can_block(&self) -> bool {
        self.rules.is_some_and(|r| r.can_block)
    }
}
