//! Lowering a parsed `hooks.json` into IR hooks, reporting what Codex silently ignores.

use super::managed::{is_managed_command, MANAGED_EVENTS};
use super::raw::{GROUP_KEYS, HANDLER_KEYS};
use crate::json_span::{Kind as J, Member, Node};
use crate::{Output, Source};
use hook_ir::contract::limits::codex;
use hook_ir::contract::{self, Lookup, MatchedValue};
use hook_ir::{quote, Code, Convention, Detail, Dialect, Exec, Handler, Hook, Matcher};

const CONV: Convention = Convention::CodexJson;

/// Parses a Codex matcher string the way Codex does.
pub fn parse_matcher(raw: Option<&str>) -> Result<Matcher, hook_ir::MatcherError> {
    match raw {
        None | Some("") | Some("*") => Ok(Matcher::Any),
        Some(m)
            if m.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|') =>
        {
            Ok(Matcher::Exact {
                names: m
                    .split('|')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            })
        }
        Some(m) => {
            let matcher = Matcher::Regex {
                dialect: Dialect::Rust,
                pattern: m.to_string(),
            };
            matcher.compile().map(|_| matcher)
        }
    }
}

/// The last non-empty line of a multi-line compiler message (the `regex` crate draws a caret
/// diagram above the actual error).
fn last_line(msg: &str) -> &str {
    msg.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map_or(msg, |l| l.strip_prefix("error: ").unwrap_or(l))
}

/// Whether a top-level key looks like an event name (exactly or up to case).
fn looks_like_event(key: &str) -> bool {
    contract::events_of(CONV).any(|c| c.event.eq_ignore_ascii_case(key))
}

/// Lowers the whole document: none of its hooks when Codex would not load the file
/// ([`super::accepts`]).
pub fn lower(file: &Source, root: &Node, out: &mut Output) {
    lower_as(
        file,
        root,
        "Codex cannot parse this hooks.json and skips the whole file",
        out,
    );
}

/// Lowers the hooks inlined in a `config.toml` ([`super::toml_hooks`]), `root` being
/// `{"hooks": <its hooks table>}`: a value serde refuses drops every TOML hook of the file.
pub(crate) fn lower_inline(file: &Source, root: &Node, out: &mut Output) {
    lower_as(
        file,
        root,
        "Codex cannot parse the `[hooks]` of this config.toml (\"failed to parse TOML hooks\") and skips them all",
        out,
    );
}

/// Lowers `root`; `skipped` says what Codex does when it refuses a value.
fn lower_as(file: &Source, root: &Node, skipped: &str, out: &mut Output) {
    let (hooks, outside) = (out.hooks.len(), out.outside.len());
    let first = out.diagnostics.len();
    lower_all(file, root, out);
    if let Some((span, why)) = super::accepts::first_rejection(root) {
        let n = out.hooks.len() - hooks + out.outside.len() - outside;
        let lost_hooks: Vec<Hook> = out
            .hooks
            .drain(hooks..)
            .chain(out.outside.drain(outside..))
            .collect();
        // One root cause, one error: an event outside `"hooks"` at the key Codex refuses
        // already is the error; the hooks lost are said in it.
        let at = file.diag(Code::HooksFileRejected, CONV, span, "").location;
        let d = if let Some(d) = out.diagnostics[first..]
            .iter_mut()
            .find(|d| d.code == Code::MissingHooksWrapper && d.location == at)
        {
            d.message
                .push_str(&format!("; {skipped}, so none of its hooks run{}", lost(n)));
            d.clone()
        } else {
            let d = file
                .diag(
                    Code::HooksFileRejected,
                    CONV,
                    span,
                    format!("{why}: {skipped}, so none of its hooks run{}", lost(n)),
                )
                .with_help("fix this value: one invalid hook disables every hook of the file");
            out.diag(d.clone());
            d
        };
        out.never_run
            .extend(lost_hooks.into_iter().map(|h| (h, d.clone())));
    }
}

fn lower_all(file: &Source, root: &Node, out: &mut Output) {
    let Some(members) = root.members() else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            root.span,
            format!(
                "the file must hold a JSON object with a `hooks` key, not {}",
                root.type_name()
            ),
        ));
        return;
    };
    for m in members.iter().filter(|m| m.key != "hooks") {
        if looks_like_event(&m.key) {
            out.diag(
                file.diag(
                    Code::MissingHooksWrapper, CONV,
                    m.key_span,
                    format!(
                        "event {} is at the top level; Codex reads events only inside `\"hooks\"`, so these hooks never run",
                        quote(&m.key)
                    ),
                )
                .with_help("move it into `{\"hooks\": {...}}`"),
            );
        }
    }
    let Some(hooks) = root.get("hooks") else {
        return;
    };
    let Some(events) = hooks.value.members() else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            hooks.value.span,
            format!(
                "`hooks` must be an object of event names, not {}",
                hooks.value.type_name()
            ),
        ));
        return;
    };
    // One matcher group where the events belong: Codex reads `matcher` and `hooks` as unknown
    // events and ignores them, so nothing runs; say that once.
    let single_group = !events.is_empty()
        && events
            .iter()
            .all(|m| m.key == "matcher" || m.key == "hooks")
        && events
            .iter()
            .any(|m| m.key == "hooks" && m.value.elements().is_some());
    if single_group {
        out.diag(
            file.diag(
                Code::WrongValueType,
                CONV,
                hooks.value.span,
                "`hooks` holds one matcher group, not an object of events; Codex ignores `matcher` and `hooks` as unknown events, so none of these hooks run",
            )
            .with_help("name the event: `\"hooks\": {\"PreToolUse\": [{\"matcher\": …, \"hooks\": […]}]}`"),
        );
        return;
    }
    for ev in events {
        lower_event(file, ev, out);
    }
}

fn lower_event(file: &Source, ev: &Member, out: &mut Output) {
    let row = match contract::lookup(CONV, &ev.key) {
        Lookup::Known(row) => row,
        Lookup::Unknown { suggestion } => {
            let mut d = file.diag(
                Code::UnknownEvent, CONV,
                ev.key_span,
                format!(
                    "{} is not a Codex event; Codex silently ignores it (event names are case-sensitive)",
                    quote(&ev.key)
                ),
            );
            if let Some(s) = suggestion {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            out.diag(d);
            return;
        }
        // Only GJC's in-process events answer `OutsideIr`.
        Lookup::OutsideIr => return,
    };
    let kind = row.kind();
    if kind.is_none() {
        out.diag(file.diag(
            Code::UnsupportedConventionEvent, CONV,
            ev.key_span,
            format!(
                "`{}` is a valid Codex event but none of the six kinds: Codex runs it; the runner does not, and `hooks import` carries it only to an agent with an equivalent event",
                ev.key
            ),
        ));
    }
    let Some(groups) = ev.value.elements() else {
        if kind.is_none() {
            return;
        }
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            ev.value.span,
            format!(
                "`{}` must be an array of matcher groups, not {}",
                ev.key,
                ev.value.type_name()
            ),
        ));
        return;
    };
    let Some(kind) = kind else {
        // Carried by `hooks import` only (`Output::outside`); what lowering says about them
        // is not the linter's to report, as before.
        let mut aside = Output::default();
        let nominal = contract::native::nominal_kind(row.matched);
        for (gi, g) in groups.iter().enumerate() {
            lower_group(file, &ev.key, nominal, row.matched, gi, g, &mut aside);
        }
        out.outside.append(&mut aside.hooks);
        return;
    };
    for (gi, g) in groups.iter().enumerate() {
        lower_group(file, &ev.key, kind, row.matched, gi, g, out);
    }
}

#[allow(clippy::too_many_arguments)]
fn lower_group(
    file: &Source,
    event: &str,
    kind: hook_ir::Kind,
    matched: MatchedValue,
    gi: usize,
    g: &Node,
    out: &mut Output,
) {
    let Some(members) = g.members() else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            g.span,
            format!("a matcher group must be an object, not {}", g.type_name()),
        ));
        return;
    };
    ignored_keys(file, members, GROUP_KEYS, "matcher group", out);
    let raw_matcher = match g.get("matcher").map(|m| &m.value) {
        None => None,
        Some(Node {
            kind: J::String(s), ..
        }) => Some(s.clone()),
        Some(Node { kind: J::Null, .. }) => None,
        Some(n) => {
            out.diag(file.diag(
                Code::WrongValueType,
                CONV,
                n.span,
                format!("`matcher` must be a string, not {}", n.type_name()),
            ));
            return;
        }
    };
    let matcher_span = g.get("matcher").map(|m| m.value.span);
    let mut matcher = match parse_matcher(raw_matcher.as_deref()) {
        Ok(m) => m,
        Err(e) => {
            out.diag(
                file.diag(
                    Code::InvalidMatcherRegex, CONV,
                    matcher_span.unwrap_or(g.span),
                    format!(
                        "invalid Rust regex {}: {}; Codex drops this whole group, so none of its hooks run",
                        quote(&e.pattern),
                        last_line(&e.message)
                    ),
                )
                .with_help(
                    "Codex matchers are Rust `regex` patterns (no lookaround, no backreferences)",
                ),
            );
            return;
        }
    };
    if matched == MatchedValue::Ignored && !matcher.is_any() {
        out.diag(file.diag(
            Code::MatcherHasNoEffect,
            CONV,
            matcher_span.unwrap_or(g.span),
            format!("Codex ignores matchers on `{event}`: this group runs for every `{event}`"),
        ));
        matcher = Matcher::Any;
    }
    let Some(handlers) = g.get("hooks") else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            g.span,
            "this matcher group has no `hooks` array, so it runs nothing",
        ));
        return;
    };
    let Some(handlers) = handlers.value.elements() else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            handlers.value.span,
            format!(
                "`hooks` must be an array of handlers, not {}",
                handlers.value.type_name()
            ),
        ));
        return;
    };
    for (hi, h) in handlers.iter().enumerate() {
        let group = Group {
            event,
            kind,
            gi,
            matcher: &matcher,
            raw_matcher: raw_matcher.as_deref(),
        };
        if let Some(hook) = lower_handler(file, &group, hi, h, out) {
            out.hooks.push(hook);
        }
    }
}

/// A string value with its span.
type Spanned = (String, (usize, usize));

struct Group<'a> {
    event: &'a str,
    kind: hook_ir::Kind,
    gi: usize,
    matcher: &'a Matcher,
    raw_matcher: Option<&'a str>,
}

fn ignored_keys(
    file: &Source,
    members: &[Member],
    known: &[&'static str],
    what: &str,
    out: &mut Output,
) {
    for m in members.iter().filter(|m| !known.contains(&m.key.as_str())) {
        let mut d = file.diag(
            Code::IgnoredKey,
            CONV,
            m.key_span,
            format!("Codex ignores {} in a {what}", quote(&m.key)),
        );
        if let Some(s) = contract::suggest(&m.key, known.iter().copied()) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        out.diag(d);
    }
}

fn lower_handler(
    file: &Source,
    g: &Group<'_>,
    hi: usize,
    h: &Node,
    out: &mut Output,
) -> Option<Hook> {
    let Some(members) = h.members() else {
        out.diag(file.diag(
            Code::WrongValueType,
            CONV,
            h.span,
            format!("a handler must be an object, not {}", h.type_name()),
        ));
        return None;
    };
    let string = |key: &str, out: &mut Output| -> Result<Option<Spanned>, ()> {
        match h.get(key).map(|m| &m.value) {
            None => Ok(None),
            Some(Node {
                kind: J::String(s),
                span,
            }) => Ok(Some((s.clone(), *span))),
            Some(n) => {
                out.diag(file.diag(
                    Code::WrongValueType,
                    CONV,
                    n.span,
                    format!("`{key}` must be a string, not {}", n.type_name()),
                ));
                Err(())
            }
        }
    };
    let ty = string("type", out).ok()?;
    match ty.as_ref().map(|(t, s)| (t.as_str(), *s)) {
        Some(("command", _)) => {}
        Some(("mcp_tool", span)) => {
            out.diag(file.diag(
                Code::UnsupportedHandlerType,
                CONV,
                span,
                "Codex calls an MCP tool for an `mcp_tool` handler; the hook IR has only command handlers, so `hooks` neither checks nor runs it",
            ));
            return None;
        }
        Some((t @ ("prompt" | "agent"), span)) => {
            out.diag(file.diag(
                Code::UnsupportedHandlerType,
                CONV,
                span,
                format!("Codex skips `{t}` handlers in hooks.json; only `command` handlers run"),
            ));
            return None;
        }
        Some((t, span)) => {
            out.diag(file.diag(
                Code::WrongValueType,
                CONV,
                span,
                format!(
                    "unknown handler type {}; Codex runs `command` handlers",
                    quote(t)
                ),
            ));
            return None;
        }
        None => {
            out.diag(file.diag(
                Code::WrongValueType,
                CONV,
                h.span,
                "this handler has no `type`; write `\"type\": \"command\"`",
            ));
            return None;
        }
    }
    ignored_keys(file, members, HANDLER_KEYS, "command handler", out);
    let command = string("command", out).ok()?;
    // `null` is "not given" for Codex's `Option` fields (`statusMessage`, `timeout`).
    let status_message = match h.get("statusMessage").map(|m| &m.value.kind) {
        Some(J::Null) => None,
        _ => string("statusMessage", out).ok()?.map(|(s, _)| s),
    };
    let (command, cmd_span) = match command {
        Some((c, span)) if !c.trim().is_empty() => (c, span),
        Some((_, span)) => {
            out.diag(file.diag(
                Code::InvalidCommand,
                CONV,
                span,
                "the command is empty; Codex skips this handler",
            ));
            return None;
        }
        None => {
            out.diag(file.diag(
                Code::InvalidCommand,
                CONV,
                h.span,
                "this command handler has no `command`",
            ));
            return None;
        }
    };
    let is_async = match h.get("async").map(|m| &m.value) {
        None => None,
        Some(Node {
            kind: J::Bool(b), ..
        }) => Some(*b),
        Some(n) => {
            out.diag(file.diag(
                Code::WrongValueType,
                CONV,
                n.span,
                format!("`async` must be true or false, not {}", n.type_name()),
            ));
            return None;
        }
    };
    let timeout_s = match h.get("timeout").map(|m| &m.value) {
        None | Some(Node { kind: J::Null, .. }) => None,
        Some(
            n @ Node {
                kind: J::Number(num),
                ..
            },
        ) => match num.parse::<u64>() {
            // Smaller values are raised to the minimum (`timeout.max(1)`), reported below.
            Ok(t) => Some(t),
            _ => {
                out.diag(file.diag(
                    Code::InvalidTimeout,
                    CONV,
                    n.span,
                    format!(
                        "`timeout` is {num}; Codex wants whole seconds, at least {}",
                        codex::TIMEOUT_MIN_S
                    ),
                ));
                return None;
            }
        },
        Some(n) => {
            out.diag(file.diag(
                Code::WrongValueType,
                CONV,
                n.span,
                format!(
                    "`timeout` must be a number of seconds, not {}",
                    n.type_name()
                ),
            ));
            return None;
        }
    };
    // The event's rule (600 s, or SessionEnd's 1 s clamped to 3 s) decides the effective value.
    let written_ms = timeout_s.map(|s| s.saturating_mul(1000));
    // An event outside the six kinds has no row of rules: it times out as the tool gates do
    // (`timeout.unwrap_or(600).max(1)` for every handler, `hooks/src/engine/discovery.rs`).
    let timeout_rule = contract::find(CONV, g.event)
        .and_then(|r| r.rules())
        .or_else(|| contract::find(CONV, "PreToolUse").and_then(|r| r.rules()))
        .map(|r| r.timeout);
    let timeout_ms = timeout_rule
        .and_then(|t| t.effective_ms(written_ms))
        .unwrap_or(codex::TIMEOUT_DEFAULT_S * 1000);
    if let (Some(w), Some(node)) = (written_ms, h.get("timeout")) {
        if w != timeout_ms {
            let how = if w > timeout_ms { "lowers" } else { "raises" };
            out.diag(file.diag(
                Code::TimeoutClamped,
                CONV,
                node.value.span,
                format!(
                    "Codex {how} this `{}` timeout to {} s: the hook runs with {} s, not {} s",
                    g.event,
                    timeout_ms / 1000,
                    timeout_ms / 1000,
                    w / 1000
                ),
            ));
        }
    }
    let gjc_managed = is_managed_command(&command);
    if gjc_managed && !MANAGED_EVENTS.contains(&g.event) {
        out.diag(file.diag(
            Code::GjcManagedEvent, CONV,
            cmd_span,
            format!(
                "`{}` is GJC's managed command, but GJC manages only `UserPromptSubmit` and `Stop`, not `{}`",
                command.trim(),
                g.event
            ),
        ));
    }
    Some(Hook {
        plugin_root: None,
        source_file: None,
        id: format!("codex-json:{}:{}:{}:{}", file.display, g.event, g.gi, hi),
        kind: g.kind,
        convention: CONV,
        source_event: g.event.to_string(),
        matcher: g.matcher.clone(),
        handler: Handler::Command {
            command,
            exec: Exec::LoginShell,
        },
        timeout_ms: Some(timeout_ms),
        scope: hook_ir::Scope::default(),
        location: file.at(h.span),
        detail: Detail::JsonGroup {
            group: g.gi,
            index: hi,
            raw_matcher: g.raw_matcher.map(str::to_string),
            timeout_explicit: timeout_s.is_some(),
            is_async,
            status_message,
            gjc_managed,
        },
    })
}

/// How many valid hooks the rejection costs, for the message.
fn lost(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => " (1 otherwise valid hook is lost)".into(),
        n => format!(" ({n} otherwise valid hooks are lost)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchers_follow_codex() {
        assert_eq!(parse_matcher(None).unwrap(), Matcher::Any);
        assert_eq!(parse_matcher(Some("*")).unwrap(), Matcher::Any);
        assert_eq!(parse_matcher(Some("")).unwrap(), Matcher::Any);
        assert_eq!(
            parse_matcher(Some("Bash|Edit")).unwrap(),
            Matcher::Exact {
                names: vec!["Bash".into(), "Edit".into()]
            }
        );
        assert!(matches!(
            parse_matcher(Some("mcp__.*")).unwrap(),
            Matcher::Regex {
                dialect: Dialect::Rust,
                ..
            }
        ));
        assert!(parse_matcher(Some("Bash(")).is_err());
        assert!(parse_matcher(Some("(?!x)")).is_err());
    }
}
