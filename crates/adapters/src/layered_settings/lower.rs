//! Lowering: raw model → IR hooks and coded diagnostics with locations.

use super::flavor::Flavor;
use super::json::{self, Span};
use super::raw::{self, Problem, RawGroup, RawHandler};
use super::Scope;
use crate::Output;
use hook_ir::contract::{self, limits::gemini as lim, Lookup, Mapping};
use hook_ir::{quote, Code, Detail, Diagnostic, Exec, Handler, Hook, Location};
use std::collections::HashMap;
use std::path::Path;

/// Node's largest timer delay: a larger `setTimeout` delay is set to 1 ms (Node's
/// `TimeoutOverflowWarning`), so the hook times out at once.
const NODE_MAX_TIMER_MS: f64 = 2_147_483_647.0;

/// What one file contributes besides diagnostics: its hooks (each with the name Gemini's
/// `hooksConfig.disabled` compares) and its switches.
#[derive(Debug, Default)]
pub(crate) struct Lowered {
    pub hooks: Vec<(Hook, String)>,
    /// `hooksConfig.enabled` as written, with its location.
    pub enabled: Option<(bool, Location)>,
    /// `hooksConfig.disabled` names with their locations.
    pub disabled: Vec<(String, Location)>,
    /// `security.folderTrust.enabled`, when written.
    pub folder_trust: Option<bool>,
    /// The file's display path.
    pub display: String,
    /// Which layer it is.
    pub scope: Scope,
}

/// What the agent does with a file it cannot read (`settings`: a settings layer, else an
/// extension's hooks file), in words: its flavor's [`Flavor::unreadable`].
pub(super) fn unreadable(fl: &Flavor, settings: bool) -> String {
    (fl.unreadable)(settings)
}

/// The code of a file the agent cannot read: its flavor's [`Flavor::unreadable_code`].
pub(super) fn unreadable_code(fl: &Flavor, settings: bool) -> Code {
    (fl.unreadable_code)(settings)
}

/// Lowers one file's text. `extension_root` substitutes `${extensionPath}` (extension files).
pub(super) fn lower_file(
    fl: &'static Flavor,
    display: &str,
    text: &str,
    scope: &Scope,
    workspace: Option<&Path>,
    out: &mut Output,
) -> Lowered {
    let mut problems = Vec::new();
    let mut lowered = Lowered::default();
    let mut hooks = Vec::new();
    let settings = !matches!(scope, Scope::Extension { .. });
    let mut file = raw::RawFile::default();
    match json::parse(text, settings) {
        Err(e) if e.too_deep => problems.push(Problem::new(Code::ParseError, e.message, e.span)),
        Err(e) => problems.push(Problem::new(
            unreadable_code(fl, settings),
            format!(
                "not valid JSON: {}; {}",
                e.message,
                unreadable(fl, settings)
            ),
            e.span,
        )),
        Ok(None) => problems.push(Problem::new(
            unreadable_code(fl, settings),
            format!(
                "the file is empty, which is not valid JSON (write `{{}}` for no settings); {}",
                unreadable(fl, settings)
            ),
            (0, 0),
        )),
        Ok(Some(root)) => {
            file = raw::build(&root, settings, fl, &mut problems);
            let mut lw = Lowerer {
                fl,
                display,
                scope,
                workspace,
                problems: &mut problems,
                hooks: &mut hooks,
                seen: HashMap::new(),
            };
            for ev in &file.events {
                lw.event(&ev.name, &ev.groups);
            }
        }
    }
    problems.sort_by_key(|p| p.span.0);
    let src = crate::Source::new(display, text);
    for p in problems {
        let mut d = Diagnostic::new(p.code, p.message)
            .with_convention(fl.convention)
            .at(src.at(p.span));
        if let Some(h) = p.help {
            d = d.with_help(h);
        }
        out.diag(d);
    }
    let at = |span: Span| src.at(span);
    lowered.display = display.to_string();
    lowered.scope = scope.clone();
    lowered.folder_trust = file.folder_trust;
    lowered.enabled = file.enabled.map(|(b, s)| (b, at(s)));
    lowered.disabled = file
        .disabled
        .iter()
        .map(|s| (s.value.clone(), at(s.span)))
        .collect();
    lowered.hooks = hooks
        .into_iter()
        .map(|(h, span, name)| {
            (
                Hook {
                    location: at(span),
                    ..h
                },
                name,
            )
        })
        .collect();
    lowered
}

struct Lowerer<'a> {
    fl: &'static Flavor,
    display: &'a str,
    scope: &'a Scope,
    workspace: Option<&'a Path>,
    problems: &'a mut Vec<Problem>,
    hooks: &'a mut Vec<(Hook, Span, String)>,
    /// (event, Gemini's hook key `name:command`) → the raw matcher of its first definition.
    seen: HashMap<(String, String), Option<String>>,
}

impl Lowerer<'_> {
    fn event(&mut self, name: &raw::Str, groups: &[RawGroup]) {
        let event = name.value.as_str();
        let fl = self.fl;
        let row = match contract::lookup(fl.convention, event) {
            Lookup::Known(row) => row,
            Lookup::Unknown { suggestion } => {
                self.unknown_event(name, suggestion);
                return;
            }
            Lookup::OutsideIr => return,
        };
        let kind = match row.mapping {
            Mapping::Accepted { kind, .. } => Some(kind),
            Mapping::Rejected { code } => {
                self.problems.push(Problem::new(
                    code,
                    format!("`{event}` is a valid {} event outside the six hook kinds: {} runs its hooks; the runner does not, and `hooks import` carries them only to an agent with an equivalent event", fl.agent, fl.short),
                    name.span,
                ));
                None
            }
        };
        for g in groups {
            let m = g.matcher.as_ref().map(|m| (m.value.as_str(), m.span));
            let ir_matcher = (fl.lower_matcher)(event, row.matched, m, self.problems);
            for h in &g.handlers {
                let Some((command, timeout_ms, explicit)) = self.handler(event, h) else {
                    continue;
                };
                let raw_matcher = g.matcher.as_ref().map(|m| m.value.clone());
                let hook_name = h.name.as_ref().map(|n| n.value.clone());
                let tool_event = row.matched == hook_ir::contract::MatchedValue::ToolName;
                self.identical(
                    event,
                    hook_name.as_deref(),
                    &command,
                    &raw_matcher,
                    tool_event,
                    h.span,
                );
                // An event outside the six kinds: carried by `hooks import` only
                // (`Output::outside`, split off in `discover::apply_switches`).
                let kind = kind.unwrap_or(contract::native::nominal_kind(row.matched));
                let disabled_name = hook_name.clone().unwrap_or_else(|| command.clone());
                let hook = Hook {
                    plugin_root: None,
                    source_file: None,
                    id: format!(
                        "{}:{}:{event}:{}:{}",
                        fl.convention, self.display, g.index, h.index
                    ),
                    kind,
                    convention: fl.convention,
                    source_event: event.to_string(),
                    matcher: ir_matcher.clone(),
                    handler: Handler::Command {
                        command,
                        exec: Exec::Shell,
                    },
                    timeout_ms: Some(timeout_ms),
                    scope: hook_ir::Scope::default(),
                    location: Location::path_only(self.display),
                    detail: Detail::GeminiGroup {
                        group: g.index,
                        index: h.index,
                        raw_matcher,
                        timeout_explicit: explicit,
                        sequential: g.sequential,
                        name: hook_name,
                        description: h.description.clone(),
                        env: h.env.clone(),
                        is_async: h.is_async.then_some(true),
                    },
                };
                self.hooks.push((hook, h.span, disabled_name));
            }
        }
    }

    fn unknown_event(&mut self, name: &raw::Str, suggestion: Option<&str>) {
        let event = name.value.as_str();
        let mut p = Problem::new(
            Code::UnknownEvent,
            format!(
                "`{}` is not a {} hook event; {} skips it with a warning, so its hooks never run",
                json::printable(event),
                self.fl.agent,
                self.fl.short
            ),
            name.span,
        );
        if let Some((_, g)) = self.fl.foreign_events.iter().find(|(c, _)| *c == event) {
            let other = self.fl.foreign_agent;
            p = p.help(format!("`{event}` is {other}'s name: did you mean `{g}`?"));
        } else if let Some(s) = suggestion {
            p = p.help(if s.eq_ignore_ascii_case(event) {
                format!("did you mean `{s}`? Event names are case-sensitive")
            } else {
                format!("did you mean `{s}`?")
            });
        }
        self.problems.push(p);
    }

    /// Gemini runs hooks with the same `name:command` once per event (`hookPlanner.ts`,
    /// `deduplicateHooks`). Exact copies (same matcher) are reported by batch normalization;
    /// this reports copies under another matcher.
    fn identical(
        &mut self,
        event: &str,
        name: Option<&str>,
        command: &str,
        matcher: &Option<String>,
        tool_event: bool,
        span: Span,
    ) {
        let key = (
            event.to_string(),
            format!("{}:{command}", name.unwrap_or("")),
        );
        match self.seen.get(&key) {
            None => {
                self.seen.insert(key, matcher.clone());
            }
            Some(first) if first == matcher => {}
            // Two different exact values (`startup`, `resume`) never both match.
            Some(Some(_)) if !tool_event && matcher.is_some() => {}
            Some(first) => {
                let why = format!(
                    "is also declared under matcher {}; when both match, {} runs it once",
                    first
                        .as_deref()
                        .map_or("(none)".to_string(), |m| format!("`{m}`")),
                    self.fl.short
                );
                self.problems.push(Problem::new(
                    Code::DuplicateHook,
                    format!("{} for `{event}` {why}", quote(command)),
                    span,
                ));
            }
        }
    }

    /// Checks one hook; returns its command (extension variables substituted), effective
    /// timeout and whether the timeout was written, or `None` when Gemini would not run it as
    /// a command.
    fn handler(&mut self, event: &str, h: &RawHandler) -> Option<(String, u64, bool)> {
        if h.malformed {
            return None;
        }
        let Some(kind) = &h.kind else {
            self.problems.push(
                Problem::new(
                    Code::MissingField,
                    format!("this hook has no `type`; {} discards it", self.fl.short),
                    h.span,
                )
                .help("add `\"type\": \"command\"`"),
            );
            return None;
        };
        if kind.value != "command" {
            let known = self.fl.handler_types.contains(&kind.value.as_str());
            let mut p = Problem::new(
                Code::NonCommandHandler,
                if known {
                    format!(
                        "a `{}` hook: {} runs it, but it is not a command, so the runner and `hooks import` leave it out",
                        kind.value, self.fl.agent
                    )
                } else {
                    format!(
                        "`{}` is not a hook type settings can declare (only {}); {} does not run it as a command",
                        json::printable(&kind.value),
                        self.fl
                            .handler_types
                            .iter()
                            .map(|t| format!("`{t}`"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        self.fl.short
                    )
                },
                kind.span,
            );
            if let Some(s) = contract::suggest(&kind.value, self.fl.handler_types.iter().copied())
                .filter(|s| *s != kind.value)
            {
                p = p.help(format!("did you mean `{s}`?"));
            }
            self.problems.push(p);
            return None;
        }
        let command = match &h.command {
            None => {
                self.problems.push(Problem::new(
                    Code::MissingField,
                    format!(
                        "this command hook has no `command`; {} discards it",
                        self.fl.short
                    ),
                    h.span,
                ));
                return None;
            }
            Some(c) if c.value.trim().is_empty() => {
                self.problems.push(Problem::new(
                    Code::InvalidCommand,
                    "the `command` is empty",
                    c.span,
                ));
                return None;
            }
            Some(c) if c.value.contains('\0') => {
                self.problems.push(Problem::new(
                    Code::InvalidCommand,
                    "the `command` contains a NUL character, which cannot be passed to `bash -c`: the hook fails to start every time",
                    c.span,
                ));
                return None;
            }
            Some(c) => c,
        };
        let (timeout_ms, explicit) = match (&h.timeout, self.fl.timeout, self.fl.read_timeout) {
            (None, rule, _) => (rule.default_ms(), false),
            (Some((raw, span)), rule, Some(read)) => read(self.fl, rule, raw, *span, self.problems),
            (Some((raw, span)), _, None) => {
                let ms = raw.parse::<f64>().ok().filter(|s| s.is_finite());
                match ms {
                    Some(ms) if (1.0..=NODE_MAX_TIMER_MS).contains(&ms) => {
                        if ms <= lim::TIMEOUT_LOOKS_LIKE_S_MAX_MS as f64 {
                            self.problems.push(
                                Problem::new(
                                    Code::TimeoutLooksLikeSeconds,
                                    format!("`timeout` is in milliseconds: {raw} ms is {} s, too short for a process to start and answer; was it meant as {raw} seconds?", ms / 1000.0),
                                    *span,
                                )
                                .help(format!("for {raw} s write `\"timeout\": {}`", (ms * 1000.0).round())),
                            );
                        }
                        (ms.round() as u64, true)
                    }
                    _ => {
                        self.problems.push(Problem::new(
                            Code::InvalidTimeout,
                            format!("`timeout` must be a number of milliseconds from 1 to {NODE_MAX_TIMER_MS}, not {raw}: Node's timer fires at once and the hook always times out"),
                            *span,
                        ).help(format!("leave it out for Gemini's default of {} ms", lim::TIMEOUT_DEFAULT_MS)));
                        return None;
                    }
                }
            }
        };
        if event == "SessionStart" && *self.scope == Scope::Project {
            self.problems.push(
                Problem::new(
                    Code::ProjectSessionStartHook,
                    format!("the project settings run {} whenever a {} session starts in this repository, for everyone who clones and trusts it", quote(&command.value), self.fl.short),
                    command.span,
                )
                .help(format!("review it; keep personal start-up hooks in ~/{}/settings.json", self.fl.dir)),
            );
        }
        Some((self.hydrate(&command.value), timeout_ms, explicit))
    }

    /// An extension's `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}`, as
    /// Gemini substitutes them when it loads the extension (`recursivelyHydrateStrings`).
    fn hydrate(&self, command: &str) -> String {
        let Scope::Extension { root } = self.scope else {
            return command.to_string();
        };
        let mut c = command
            .replace("${extensionPath}", &root.to_string_lossy())
            .replace("${/}", "/")
            .replace("${pathSeparator}", "/");
        if let Some(w) = self.workspace {
            c = c.replace("${workspacePath}", &w.to_string_lossy());
        }
        c
    }
}
