//! Lowering: raw model → IR hooks and coded diagnostics with locations.

use super::json::{self, Span};
use super::raw::{self, problem, RawGroup, RawHandler};
use super::{matcher, Scope};
use crate::Output;
use hook_ir::contract::{self, limits, Lookup, Mapping, MatchedValue};
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Exec, Handler, Hook, Location};
use std::collections::HashMap;

const CL: Convention = Convention::ClaudeSettings;

/// Handler types Claude Code runs itself (not external commands).
const OTHER_HANDLER_TYPES: &[&str] = &["http", "prompt", "agent", "mcp_tool"];

/// Lowers one file's text: its format only; what its hooks do is checked by the rules
/// (`crate::rules`), for every convention.
/// Returns the file's `disableAllHooks`, when it is a boolean, with its location.
pub(super) fn lower_file(
    display: &str,
    text: &str,
    scope: &Scope,
    out: &mut Output,
) -> Option<(bool, Location)> {
    let mut problems = Vec::new();
    let mut hooks = Vec::new();
    // Claude Code 2.1.332 reads a file that starts with a UTF-8 byte order mark (recorded:
    // `syntax_bom`); three spaces in its place keep every byte offset.
    let unmarked = text
        .strip_prefix('\u{feff}')
        .map(|rest| format!("   {rest}"));
    let mut rejected = None;
    let mut disable_all = None;
    match json::parse(unmarked.as_deref().unwrap_or(text)) {
        Err(e) if e.too_deep => problems.push(problem(Code::ParseError, e.message, e.span)),
        Err(e) => problems.push(problem(
            Code::ParseError,
            format!(
                "not valid JSON: {}; Claude ignores this file's settings, hooks included",
                e.message
            ),
            e.span,
        )),
        Ok(None) => problems.push(problem(
            Code::ParseError,
            "the file is empty, which is not valid JSON; write `{}` for no settings",
            (0, 0),
        )),
        Ok(Some(root)) => {
            rejected = super::accepts::first_rejection(&root);
            let file = raw::build(&root, &mut problems);
            disable_all = file.disable_all;
            let mut lw = Lowerer {
                display,
                scope,
                problems: &mut problems,
                hooks: &mut hooks,
                seen: HashMap::new(),
            };
            for ev in &file.events {
                lw.event(&ev.name, &ev.groups);
            }
        }
    }
    // Shape problems and lowering problems interleave in file order.
    problems.sort_by_key(|d| raw::span_of(d).0);
    let src = crate::Source::new(display, text);
    let first = out.diagnostics.len();
    for mut d in problems {
        d.location = Some(src.at(raw::span_of(&d)));
        out.diag(d);
    }
    if let Some((span, why)) = rejected {
        let n = hooks.len();
        // One root cause, one error: an event written outside `"hooks"` already says that
        // Claude Code loads none of the file's hooks; the rejection at the same key is its
        // consequence, said in that error (the hooks lost) rather than as a second one.
        let at = src.at(span);
        let d = if let Some(d) = out.diagnostics[first..]
            .iter_mut()
            .find(|d| d.code == Code::MissingHooksWrapper && d.location.as_ref() == Some(&at))
        {
            d.message.push_str(&lost(n));
            d.clone()
        } else {
            let d = Diagnostic::new(
                Code::HooksFileRejected,
                format!(
                    "{why}: Claude Code then loads none of this file's hooks{}",
                    lost(n)
                ),
            )
            .with_convention(CL)
            .at(src.at(span))
            .with_help("fix this value: one invalid hook disables every hook of the file");
            out.diag(d.clone());
            d
        };
        // The agent never runs them; `hooks doctor` says which and why.
        out.never_run.extend(hooks.into_iter().map(|(h, span)| {
            (
                Hook {
                    location: src.at(span),
                    ..h
                },
                d.clone(),
            )
        }));
        return disable_all.map(|(b, span)| (b, src.at(span)));
    }
    for (h, span) in hooks {
        let h = Hook {
            location: src.at(span),
            ..h
        };
        if contract::find(CL, &h.source_event).is_some_and(|r| r.kind().is_some()) {
            out.hooks.push(h);
        } else {
            out.outside.push(h);
        }
    }
    disable_all.map(|(b, span)| (b, src.at(span)))
}

struct Lowerer<'a> {
    display: &'a str,
    scope: &'a Scope,
    problems: &'a mut Vec<Diagnostic>,
    hooks: &'a mut Vec<(Hook, Span)>,
    /// (event, command) → the raw matcher of its first group, for Claude's "identical commands
    /// run once" rule.
    seen: HashMap<(String, String), Option<String>>,
}

impl Lowerer<'_> {
    fn event(&mut self, name: &raw::Str, groups: &[RawGroup]) {
        let event = name.value.as_str();
        let row = match contract::lookup(CL, event) {
            Lookup::Known(row) => row,
            Lookup::Unknown { suggestion } => {
                let mut p = problem(
                    Code::UnknownEvent,
                    format!("`{}` is not a Claude Code hook event; Claude silently ignores it, so its hooks never run", json::printable(event)),
                    name.span,
                );
                if let Some(s) = suggestion {
                    p = p.with_help(if s.eq_ignore_ascii_case(event) {
                        format!("did you mean `{s}`? Event names are case-sensitive")
                    } else {
                        format!("did you mean `{s}`?")
                    });
                }
                self.problems.push(p);
                return;
            }
            Lookup::OutsideIr => return,
        };
        let kind = match row.mapping {
            Mapping::Accepted { kind, .. } => Some(kind),
            Mapping::Rejected { code } => {
                self.problems.push(problem(
                    code,
                    format!("`{event}` is a valid Claude Code event outside the six hook kinds: Claude runs its hooks; the runner does not, and `hooks import` carries them only to an agent with an equivalent event"),
                    name.span,
                ));
                None
            }
        };
        for g in groups {
            let m = g.matcher.as_ref().map(|m| (m.value.as_str(), m.span));
            let Some(ir_matcher) = matcher::lower(event, row.matched, m, self.problems) else {
                continue;
            };
            for h in &g.handlers {
                let Some((command, timeout_ms, timeout_explicit)) = self.handler(event, h) else {
                    continue;
                };
                let raw_matcher = g.matcher.as_ref().map(|m| m.value.clone());
                let filters = matches!(
                    row.matched,
                    MatchedValue::ToolName
                        | MatchedValue::Prompt
                        | MatchedValue::Source
                        | MatchedValue::Reason
                        | MatchedValue::Other
                );
                self.identical(
                    event,
                    &command,
                    &raw_matcher,
                    filters,
                    kind.is_some(),
                    h.span,
                );
                // An event outside the six kinds: carried by `hooks import` only
                // (`Output::outside`, split off in `lower_file`).
                let kind = kind.unwrap_or(contract::native::nominal_kind(row.matched));
                let hook = Hook {
                    plugin_root: None,
                    source_file: None,
                    id: format!("{CL}:{}:{event}:{}:{}", self.display, g.index, h.index),
                    kind,
                    convention: CL,
                    source_event: event.to_string(),
                    matcher: ir_matcher.clone(),
                    handler: Handler::Command {
                        command,
                        exec: Exec::Shell,
                    },
                    timeout_ms: Some(timeout_ms),
                    scope: hook_ir::Scope::default(),
                    location: Location::path_only(self.display),
                    detail: Detail::JsonGroup {
                        group: g.index,
                        index: h.index,
                        raw_matcher,
                        timeout_explicit,
                        is_async: h.is_async,
                        status_message: h.status_message.clone(),
                        gjc_managed: false,
                    },
                };
                self.hooks.push((hook, h.span));
            }
        }
    }

    /// Claude runs an identical command once per event. Exact copies of accepted hooks (same
    /// matcher too) are reported by batch normalization; this reports the rest.
    fn identical(
        &mut self,
        event: &str,
        command: &str,
        matcher: &Option<String>,
        filters: bool,
        accepted: bool,
        span: Span,
    ) {
        match self.seen.get(&(event.to_string(), command.to_string())) {
            None => {
                self.seen
                    .insert((event.to_string(), command.to_string()), matcher.clone());
            }
            Some(first) if first == matcher && accepted => {}
            // `Edit` and `Write` never match the same tool: the two copies never both fire.
            Some(first)
                if filters && !matcher::can_both_match(first.as_deref(), matcher.as_deref()) => {}
            Some(first) => {
                let why = if first == matcher {
                    "is declared again with the same matcher; Claude runs it once".to_string()
                } else {
                    format!(
                        "is also declared under matcher {}; when both match, Claude runs it once, with either copy's settings",
                        first.as_deref().map_or("(none)".to_string(), |m| format!("`{m}`"))
                    )
                };
                self.problems.push(problem(
                    Code::DuplicateHook,
                    format!("{} for `{event}` {why}", quote(command)),
                    span,
                ));
            }
        }
    }

    /// Checks one handler; returns its command, effective timeout and whether the timeout
    /// was written, or `None` when it is not an executable command hook.
    fn handler(&mut self, event: &str, h: &RawHandler) -> Option<(String, u64, bool)> {
        if h.malformed {
            return None;
        }
        let Some(kind) = &h.kind else {
            self.problems.push(
                problem(
                    Code::WrongValueType,
                    "this handler has no `type`; Claude requires one",
                    h.span,
                )
                .with_help("add `\"type\": \"command\"`"),
            );
            return None;
        };
        if kind.value != "command" {
            let mut p = if OTHER_HANDLER_TYPES.contains(&kind.value.as_str()) {
                problem(
                    Code::NonCommandHandler,
                    format!("a `{}` handler is run by Claude itself, not as a command: it is left out of the IR (no import, no runner)", kind.value),
                    kind.span,
                )
            } else {
                problem(
                    Code::NonCommandHandler,
                    format!("`{}` is not a Claude handler type (command, http, prompt, agent, mcp_tool); Claude skips this handler", kind.value),
                    kind.span,
                )
            };
            if let Some(s) = contract::suggest(
                &kind.value,
                std::iter::once("command").chain(OTHER_HANDLER_TYPES.iter().copied()),
            )
            .filter(|s| *s != kind.value)
            {
                p = p.with_help(format!("did you mean `{s}`?"));
            }
            self.problems.push(p);
            return None;
        }
        let command = match &h.command {
            None => {
                self.problems.push(problem(
                    Code::InvalidCommand,
                    "this command handler has no `command`",
                    h.span,
                ));
                return None;
            }
            Some(c) if c.value.trim().is_empty() => {
                self.problems.push(problem(
                    Code::InvalidCommand,
                    "the `command` is empty",
                    c.span,
                ));
                return None;
            }
            Some(c) if c.value.contains('\0') => {
                self.problems.push(problem(
                    Code::InvalidCommand,
                    "the `command` contains a NUL character, which cannot be passed to `sh -c`: the hook fails to start every time",
                    c.span,
                ));
                return None;
            }
            Some(c) => c,
        };
        let (timeout_ms, explicit) = match &h.timeout {
            None => (limits::claude::TIMEOUT_DEFAULT_S * 1000, false),
            Some((raw, span)) => {
                let secs = raw
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0);
                let Some(secs) = secs else {
                    self.problems.push(problem(
                        Code::InvalidTimeout,
                        format!("`timeout` must be a positive number of seconds, not {raw}"),
                        *span,
                    ));
                    return None;
                };
                // Seconds that look like milliseconds: `rules::timeout`, for every convention.
                // Saturating: a hostile 1e300 stays a (huge) valid number.
                ((secs * 1000.0).round().min(u64::MAX as f64) as u64, true)
            }
        };
        if event == "SessionStart" && *self.scope == Scope::Project {
            self.problems.push(
                problem(
                    Code::ProjectSessionStartHook,
                    format!("the shared project settings run {} whenever a session starts in this repository, for everyone who clones and trusts it", quote(&command.value)),
                    command.span,
                )
                .with_help("review it; keep personal start-up hooks in ~/.claude/settings.json or .claude/settings.local.json"),
            );
        }
        Some((command.value.clone(), timeout_ms, explicit))
    }
}

/// How many valid hooks the rejection costs, for the message.
fn lost(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => " (1 otherwise valid hook is lost)".into(),
        n => format!(" ({n} otherwise valid hooks are lost)"),
    }
}
