//! Lowering one Cursor `hooks.json` into IR hooks and coded diagnostics with locations.
//!
//! The file is Copilot CLI's shape (`{"version": 1, "hooks": {"<camelCaseEvent>": [entry…]}}`),
//! so the problems, the walk over `json_span` and the hostile-key escaping are the ones Copilot's
//! reader uses too (`crate::flat_json_read`); the entries differ: `command`, `type`, `timeout` (seconds),
//! `matcher`, `failClosed`, `loop_limit` (cursor.com/docs/reference/hooks). What Cursor does
//! with each mistake is not published, so no mistake is said to reject the file: each is
//! reported where it is, and an entry that cannot run (no command, a `prompt` hook, a matcher
//! that does not compile) is left out of the batch with its reason.

use crate::flat_json_read::{printable, problem, Problem};
use crate::json_span::{self, Kind as J, Member, Node};
use crate::{Output, Source};
use hook_ir::contract::{self, limits::cursor as lim, Lookup, Mapping, MatchedValue};
use hook_ir::{
    Code, Convention, Detail, Diagnostic, Dialect, Exec, Handler, Hook, LoopLimit, Matcher,
};
use std::path::Path;

const CU: Convention = Convention::CursorHooks;

/// The keys of an entry the reference defines (cursor.com/docs/reference/hooks).
const ENTRY_KEYS: [&str; 7] = [
    "command",
    "type",
    "prompt",
    "timeout",
    "matcher",
    "failClosed",
    "loop_limit",
];

/// The events whose entries `loop_limit` bounds (their `followup_message` continues).
const LOOPING: [&str; 2] = ["stop", "subagentStop"];

/// Cursor's events outside the six kinds whose answer can block (a `permission`), where
/// `failClosed` has an effect.
const BLOCKING_OUTSIDE: [&str; 5] = [
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "beforeTabFileRead",
    "subagentStart",
];

/// Lowers `text` (the file shown as `display`, read from the directory `dir`) into `out`.
pub(crate) fn lower(display: &str, dir: Option<&Path>, text: &str, out: &mut Output) {
    let src = Source::new(display, text);
    let root = match json_span::parse(text) {
        Ok(root) => root,
        Err(e) => {
            out.diag(crate::json_source::parse_error(
                CU,
                display,
                text,
                &e,
                "Cursor cannot read the file, so none of its hooks run",
            ));
            return;
        }
    };
    let Some(members) = root.members() else {
        out.diag(
            Diagnostic::new(
                Code::WrongValueType,
                format!(
                    "the file is {}, not an object; Cursor reads none of it",
                    root.type_name()
                ),
            )
            .with_convention(CU)
            .at(src.at(root.span)),
        );
        return;
    };
    let mut lw = Lowerer {
        display,
        dir: dir.map(|d| d.to_string_lossy().into_owned()),
        problems: Vec::new(),
        hooks: Vec::new(),
    };
    lw.root(members);
    let Lowerer {
        mut problems,
        hooks,
        ..
    } = lw;
    problems.sort_by_key(|p| p.span.0);
    for p in problems {
        let mut d = Diagnostic::new(p.code, p.message)
            .with_convention(CU)
            .at(src.at(p.span));
        if let Some(h) = p.help {
            d = d.with_help(h);
        }
        out.diag(d);
    }
    for (h, span, outside) in hooks {
        let h = Hook {
            location: src.at(span),
            ..h
        };
        if outside {
            out.outside.push(h);
        } else {
            out.hooks.push(h);
        }
    }
}

struct Lowerer<'a> {
    display: &'a str,
    /// The file's directory, absolute.
    dir: Option<String>,
    problems: Vec<Problem>,
    /// Each hook, the span it is reported at, and whether its event is outside the six kinds.
    hooks: Vec<(Hook, (usize, usize), bool)>,
}

fn with_help(mut p: Problem, help: impl Into<String>) -> Problem {
    p.help = Some(help.into());
    p
}

impl Lowerer<'_> {
    fn root(&mut self, members: &[Member]) {
        for m in members {
            match m.key.as_str() {
                "version" => {
                    let one = matches!(&m.value.kind, J::Number(n) if n.parse::<f64>().ok() == Some(lim::FILE_VERSION as f64));
                    if !one {
                        self.problems.push(with_help(
                            problem(
                                Code::WrongValueType,
                                "`version` must be 1, the only version Cursor's docs define",
                                m.value.span,
                            ),
                            "write `\"version\": 1`",
                        ));
                    }
                }
                "hooks" | "$schema" => {}
                other => self.problems.push(problem(
                    Code::IgnoredKey,
                    format!(
                        "`{}` is not a key of Cursor's hooks.json; Cursor ignores it",
                        printable(other)
                    ),
                    m.key_span,
                )),
            }
        }
        let Some(hooks) = members.iter().find(|m| m.key == "hooks") else {
            return;
        };
        let Some(events) = hooks.value.members() else {
            self.problems.push(problem(
                Code::WrongValueType,
                format!(
                    "`hooks` is {}, not an object of events",
                    hooks.value.type_name()
                ),
                hooks.value.span,
            ));
            return;
        };
        for ev in events {
            self.event(ev);
        }
    }

    fn event(&mut self, ev: &Member) {
        let name = ev.key.as_str();
        let row = match contract::lookup(CU, name) {
            Lookup::Known(row) => row,
            Lookup::Unknown { suggestion } => {
                let mut p = problem(
                    Code::UnknownEvent,
                    format!(
                        "`{}` is not a Cursor hook event; its hooks never run",
                        printable(name)
                    ),
                    ev.key_span,
                );
                p.help = suggestion.map(|s| {
                    if s.eq_ignore_ascii_case(name) {
                        format!("did you mean `{s}`? Event names are case-sensitive")
                    } else {
                        format!("did you mean `{s}`?")
                    }
                });
                self.problems.push(p);
                return;
            }
            Lookup::OutsideIr => return,
        };
        let Some(entries) = ev.value.elements() else {
            self.problems.push(problem(
                Code::WrongValueType,
                format!(
                    "`{name}` must be an array of hook entries (it is {}); none of its hooks run",
                    ev.value.type_name()
                ),
                ev.value.span,
            ));
            return;
        };
        let (kind, outside, can_block) = match row.mapping {
            Mapping::Accepted { kind, rules } => (kind, false, rules.can_block),
            Mapping::Rejected { code } => {
                self.problems.push(problem(
                    code,
                    format!("`{name}` is a valid Cursor event outside the six hook kinds: Cursor runs its hooks; the runner does not, and `hooks import` carries them only to an agent with an equivalent event"),
                    ev.key_span,
                ));
                (
                    contract::native::nominal_kind(row.matched),
                    true,
                    BLOCKING_OUTSIDE.contains(&name),
                )
            }
        };
        let tool_event = row.matched == MatchedValue::ToolName;
        for (i, entry) in entries.iter().enumerate() {
            self.entry(name, i, entry, kind, outside, can_block, tool_event);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn entry(
        &mut self,
        event: &str,
        index: usize,
        entry: &Node,
        kind: hook_ir::Kind,
        outside: bool,
        can_block: bool,
        tool_event: bool,
    ) {
        let Some(f) = entry.members() else {
            self.problems.push(problem(
                Code::WrongValueType,
                format!(
                    "`{event}[{index}]` is {}, not a hook entry",
                    entry.type_name()
                ),
                entry.span,
            ));
            return;
        };
        let get = |k: &str| f.iter().find(|m| m.key == k);
        for m in f {
            if ENTRY_KEYS.contains(&m.key.as_str()) {
                continue;
            }
            let help = match m.key.as_str() {
                "timeoutSec" => Some("Cursor reads `timeout` (seconds); `timeoutSec` is Copilot CLI's".to_string()),
                "bash" | "powershell" => Some("Cursor reads `command`; `bash` is Copilot CLI's".to_string()),
                "hooks" => Some("Cursor's entries are flat: write `command` (and `matcher`) in the entry, not a Claude-style `hooks` group".to_string()),
                k => contract::suggest(k, ENTRY_KEYS.iter().copied()).map(|s| format!("did you mean `{s}`?")),
            };
            let mut p = problem(
                Code::IgnoredKey,
                format!(
                    "`{}` is not a key of a Cursor hook entry; Cursor ignores it",
                    printable(&m.key)
                ),
                m.key_span,
            );
            p.help = help;
            self.problems.push(p);
        }
        if let Some(t) = get("type") {
            match t.value.as_str() {
                Some("command") => {}
                Some("prompt") => {
                    self.problems.push(problem(
                        Code::NonCommandHandler,
                        "a `prompt` hook: Cursor asks the model, but `hooks` only checks and runs command hooks",
                        t.value.span,
                    ));
                    return;
                }
                _ => {
                    self.problems.push(problem(
                        Code::WrongValueType,
                        "`type` must be `command` or `prompt`; this entry is left out",
                        t.value.span,
                    ));
                    return;
                }
            }
        }
        let command = match get("command") {
            None => {
                self.problems.push(problem(
                    Code::MissingField,
                    format!("`{event}[{index}]` has no `command`: there is nothing to run"),
                    entry.span,
                ));
                return;
            }
            Some(c) => match c.value.as_str() {
                Some(s) if !s.trim().is_empty() => s.to_string(),
                Some(_) => {
                    self.problems.push(problem(
                        Code::InvalidCommand,
                        "the command is empty",
                        c.value.span,
                    ));
                    return;
                }
                None => {
                    self.problems.push(problem(
                        Code::WrongValueType,
                        format!("`command` must be a string, not {}", c.value.type_name()),
                        c.value.span,
                    ));
                    return;
                }
            },
        };
        let timeout = get("timeout");
        let timeout_ms = match timeout.map(|t| (t, &t.value.kind)) {
            None => lim::TIMEOUT_DEFAULT_S * 1000,
            Some((_, J::Number(n))) if n.parse::<f64>().is_ok_and(|s| s > 0.0 && s.is_finite()) => {
                (n.parse::<f64>().unwrap_or(0.0) * 1000.0).round() as u64
            }
            Some((t, _)) => {
                self.problems.push(with_help(
                    problem(
                        Code::InvalidTimeout,
                        "`timeout` must be a positive number of seconds; this entry is left out",
                        t.value.span,
                    ),
                    "write e.g. `\"timeout\": 30`",
                ));
                return;
            }
        };
        let fail_closed = match get("failClosed") {
            None => false,
            Some(m) => match m.value.kind {
                J::Bool(b) => {
                    if b && !can_block {
                        self.problems.push(problem(
                            Code::IgnoredKey,
                            format!("`failClosed` has no effect on `{event}`: its hooks cannot block anything"),
                            m.key_span,
                        ));
                    }
                    b
                }
                _ => {
                    self.problems.push(problem(
                        Code::WrongValueType,
                        format!(
                            "`failClosed` must be true or false, not {}; this entry is left out",
                            m.value.type_name()
                        ),
                        m.value.span,
                    ));
                    return;
                }
            },
        };
        let loop_limit = match get("loop_limit") {
            None => LoopLimit::Default,
            Some(m) => {
                if !LOOPING.contains(&event) {
                    self.problems.push(problem(
                        Code::IgnoredKey,
                        format!("`loop_limit` only bounds the follow-ups of `stop` and `subagentStop`; on `{event}` Cursor ignores it"),
                        m.key_span,
                    ));
                }
                match &m.value.kind {
                    J::Null => LoopLimit::Unbounded,
                    J::Number(n) if n.parse::<u32>().is_ok() => {
                        LoopLimit::Max(n.parse::<u32>().unwrap_or(0))
                    }
                    _ => {
                        self.problems.push(problem(
                            Code::WrongValueType,
                            format!(
                                "`loop_limit` must be a whole number or null, not {}; this entry is left out",
                                m.value.type_name()
                            ),
                            m.value.span,
                        ));
                        return;
                    }
                }
            }
        };
        let matcher_member = get("matcher");
        let raw_matcher = match matcher_member {
            None => None,
            Some(m) => match m.value.as_str() {
                Some(s) => Some(s.to_string()),
                None => {
                    self.problems.push(problem(
                        Code::WrongValueType,
                        format!(
                            "`matcher` must be a string, not {}; this entry is left out",
                            m.value.type_name()
                        ),
                        m.value.span,
                    ));
                    return;
                }
            },
        };
        let matcher = match (&raw_matcher, tool_event) {
            (Some(pattern), true) => match tool_matcher(pattern) {
                Ok(m) => m,
                Err(why) => {
                    let span = matcher_member.map_or(entry.span, |m| m.value.span);
                    self.problems.push(problem(
                        Code::InvalidMatcherRegex,
                        format!("{why}: the entry never fires"),
                        span,
                    ));
                    return;
                }
            },
            _ => Matcher::Any,
        };
        let hook = Hook {
            plugin_root: None,
            source_file: None,
            id: format!("{CU}:{}:{event}:{index}", self.display),
            kind,
            convention: CU,
            source_event: event.to_string(),
            matcher,
            handler: Handler::Command {
                command,
                exec: Exec::Shell,
            },
            timeout_ms: Some(timeout_ms),
            scope: hook_ir::Scope::default(),
            location: hook_ir::Location::path_only(self.display),
            detail: Detail::CursorEntry {
                index,
                raw_matcher,
                timeout_explicit: timeout.is_some(),
                fail_closed,
                loop_limit,
                command_dir: self.dir.clone(),
            },
        };
        self.hooks.push((hook, entry.span, outside));
    }
}

/// The IR matcher of a tool event's `pattern`: a regex searched in the tool type (the docs'
/// examples, `Write|Edit`, are unanchored; JavaScript syntax), `*` or an empty pattern for every
/// tool. `Err` says why it does not compile.
pub(crate) fn tool_matcher(pattern: &str) -> Result<Matcher, String> {
    if pattern.is_empty() || pattern == "*" {
        return Ok(Matcher::Any);
    }
    let m = Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: pattern.to_string(),
    };
    m.compile().map(|_| m.clone()).map_err(|e| {
        format!(
            "the matcher {} is not a valid regex ({e})",
            hook_ir::quote(pattern)
        )
    })
}

#[cfg(test)]
mod tests {
    //! Each case follows cursor.com/docs/reference/hooks (the entry's fields) or a documented
    //! example of cursor.com/docs/agent/hooks.
    use super::*;

    fn lowered(text: &str) -> Output {
        let mut out = Output::default();
        lower("hooks.json", None, text, &mut out);
        out
    }

    fn codes(out: &Output) -> Vec<Code> {
        out.diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn the_docs_example_lowers_with_kinds_and_outside_events() {
        let out = lowered(
            r#"{"version": 1, "hooks": {
  "beforeShellExecution": [{"command": "./hooks/audit.sh"}, {"command": "./hooks/block-git.sh"}],
  "afterFileEdit": [{"command": "./hooks/format.sh"}],
  "beforeSubmitPrompt": [{"command": "./hooks/audit.sh"}],
  "stop": [{"command": "./hooks/audit.sh", "loop_limit": null}]
}}"#,
        );
        assert_eq!(out.hooks.len(), 2);
        assert_eq!(out.outside.len(), 3);
        assert_eq!(out.hooks[0].kind, hook_ir::Kind::UserPromptSubmit);
        assert_eq!(out.hooks[1].kind, hook_ir::Kind::Stop);
        assert!(matches!(
            out.hooks[1].detail,
            Detail::CursorEntry {
                loop_limit: LoopLimit::Unbounded,
                ..
            }
        ));
        assert_eq!(out.hooks[0].timeout_ms, Some(lim::TIMEOUT_DEFAULT_S * 1000));
        // Two outside events, each said once.
        assert_eq!(
            codes(&out),
            [
                Code::UnsupportedConventionEvent,
                Code::UnsupportedConventionEvent
            ]
        );
    }

    #[test]
    fn mistakes_have_codes_and_did_you_mean() {
        let out = lowered(
            r#"{"version": 2, "hooks": {
  "beforeShellExec": [{"command": "x"}],
  "preToolUse": [
    {"command": "./guard.sh", "matcher": "Shell", "failClosed": true, "timeout": 5, "timeoutSec": 9},
    {"matcher": "("},
    {"command": "y", "matcher": "(", "loop_limit": 3},
    {"type": "prompt", "prompt": "is it safe?"}
  ],
  "afterFileEdit": [{"command": "z", "failClosed": true}]
}}"#,
        );
        let c = codes(&out);
        assert_eq!(
            c,
            [
                Code::WrongValueType,
                Code::UnknownEvent,
                Code::IgnoredKey,
                Code::MissingField,
                Code::InvalidMatcherRegex,
                Code::IgnoredKey,
                Code::NonCommandHandler,
                Code::UnsupportedConventionEvent,
                Code::IgnoredKey,
            ],
            "{:#?}",
            out.diagnostics
        );
        assert_eq!(
            out.diagnostics[1].help.as_deref(),
            Some("did you mean `beforeShellExecution`?")
        );
        assert!(out.diagnostics[2]
            .help
            .as_deref()
            .unwrap()
            .contains("`timeout`"));
        assert_eq!(out.hooks.len(), 1);
        let guard = &out.hooks[0];
        assert_eq!(guard.timeout_ms, Some(5000));
        assert!(guard.matcher.compile().unwrap().is_match("Shell"));
        assert!(!guard.matcher.compile().unwrap().is_match("Read"));
        assert!(matches!(
            guard.detail,
            Detail::CursorEntry {
                fail_closed: true,
                ..
            }
        ));
        assert_eq!(out.outside.len(), 1);
    }
}
