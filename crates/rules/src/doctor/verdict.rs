//! One hook's verdict from its reasons: which codes mean the agent never runs it, which mean it
//! runs and cannot work, and what it fires for.

use super::{HookVerdict, Tools};
use hook_ir::contract::{self, MatchedValue};
use hook_ir::tools::{self, Agent};
use hook_ir::{Code, Diagnostic, Hook, Matcher};

/// Why a hook never fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Never {
    /// The agent never runs it (switched off, untrusted, a matcher that matches no tool, a file
    /// it rejects, an event it does not have).
    Skipped,
    /// The agent runs it, and it cannot work here (its program or script is missing or not
    /// executable): a live probe in its place fires, the hook itself fails every time.
    Fails,
}

impl Never {
    /// The public name (`skipped`, `fails`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Never::Skipped => "skipped",
            Never::Fails => "fails",
        }
    }
}

/// Whether a reason with `code` makes a hook never fire, and how. `None`: a note, the hook
/// still fires.
pub fn never_of(code: Code) -> Option<Never> {
    use Code::*;
    match code {
        HooksDisabled
        | HookDisabled
        | HooksDisabledByEnv
        | HooksFileRejected
        | MissingHooksWrapper
        | ParseError
        | GeminiSettingsUnreadable
        | UnknownEvent
        | CodexHookUntrusted
        | CodexHookChanged
        | CodexProjectUntrusted
        | GeminiFolderUntrusted
        | QwenProjectUntrusted
        | CopilotFolderUntrusted
        | GeminiSystemSettingsInsecure
        | MatcherMatchesNothing
        | MatcherCommaList
        | PermissionRuleAsMatcher
        | InvalidMatcherRegex
        | ModuleNotLoaded
        | ImportOnlySource
        | UnsupportedHandlerType
        | InvalidCommand
        | HooksInUnreadFile => Some(Never::Skipped),
        ProgramNotFound
        | MissingScript
        | ScriptNotExecutable
        | PluginRootOutsidePlugin
        | ZeroTimeout => Some(Never::Fails),
        _ => None,
    }
}

/// The verdict of `hook` with its `reasons`.
pub(super) fn of(hook: Hook, reasons: Vec<Diagnostic>) -> HookVerdict {
    let skipped = reasons
        .iter()
        .any(|d| never_of(d.code) == Some(Never::Skipped));
    let fails = reasons
        .iter()
        .any(|d| never_of(d.code) == Some(Never::Fails));
    let never = if skipped {
        Some(Never::Skipped)
    } else if fails {
        Some(Never::Fails)
    } else {
        None
    };
    HookVerdict {
        id: hook.id.clone(),
        location: hook.location.clone(),
        scope: Some(hook.scope),
        events: vec![hook.source_event.clone()],
        tools: tools_of(&hook),
        reasons,
        never,
        live: None,
        hook: Some(hook),
    }
}

/// The tools `hook` fires for.
fn tools_of(hook: &Hook) -> Tools {
    let matched = contract::find(hook.convention, &hook.source_event).map(|r| r.matched);
    if matched != Some(MatchedValue::ToolName) {
        return Tools::NotATool;
    }
    if let Matcher::Any = hook.matcher {
        return Tools::All;
    }
    let Some(agent) = Agent::of(hook.convention) else {
        return Tools::All;
    };
    // A matcher that does not compile matches nothing (its reason says why).
    let Ok(m) = hook.matcher.compile() else {
        return Tools::NoBuiltIn;
    };
    let names: Vec<String> = tools::names_of(agent)
        .filter(|n| m.is_match(n))
        .map(str::to_string)
        .collect();
    if names.is_empty() {
        Tools::NoBuiltIn
    } else {
        Tools::Some(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_and_trust_skip_broken_commands_fail_notes_do_neither() {
        assert_eq!(never_of(Code::HooksDisabled), Some(Never::Skipped));
        assert_eq!(never_of(Code::CodexHookChanged), Some(Never::Skipped));
        assert_eq!(never_of(Code::UnknownEvent), Some(Never::Skipped));
        assert_eq!(never_of(Code::HooksInUnreadFile), Some(Never::Skipped));
        assert_eq!(never_of(Code::ScriptNotExecutable), Some(Never::Fails));
        assert_eq!(never_of(Code::ProgramNotFound), Some(Never::Fails));
        assert_eq!(never_of(Code::TimeoutLooksLikeMilliseconds), None);
        assert_eq!(never_of(Code::DuplicateHook), None);
    }

    #[test]
    fn tools_of_a_matcher() {
        let mut h = Hook {
            plugin_root: None,
            source_file: None,
            id: "h".into(),
            kind: hook_ir::Kind::PreToolUse,
            convention: hook_ir::Convention::ClaudeSettings,
            source_event: "PreToolUse".into(),
            matcher: Matcher::Exact {
                names: vec!["Bash".into()],
            },
            handler: hook_ir::Handler::Command {
                command: "x".into(),
                exec: hook_ir::Exec::Shell,
            },
            timeout_ms: None,
            location: hook_ir::Location::path_only("s.json"),
            scope: hook_ir::Scope::Project,
            detail: hook_ir::Detail::None,
        };
        assert_eq!(tools_of(&h), Tools::Some(vec!["Bash".into()]));
        h.matcher = Matcher::Exact {
            names: vec!["bash".into()],
        };
        assert_eq!(tools_of(&h), Tools::NoBuiltIn);
        h.matcher = Matcher::Any;
        assert_eq!(tools_of(&h), Tools::All);
        h.source_event = "Stop".into();
        assert_eq!(tools_of(&h), Tools::NotATool);
    }
}
