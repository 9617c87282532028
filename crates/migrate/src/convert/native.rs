//! Hooks of events outside the six kinds (`PreCompact`, `SubagentStop`, `PermissionRequest`, …):
//! carried to the target's equivalent event ([`hook_ir::contract::native`]) with their command,
//! matcher and timeout, everything that changes said as for the six kinds; left out with
//! [`Code::EventNotInTarget`] where the target has no such event.

use super::{gemini, matcher, matcher_words, place_command, timeout, to_shell, Say};
use hook_ir::contract::native::{self, NativeValue};
use hook_ir::contract::{self, MatchedValue};
use hook_ir::{Code, Handler, Hook, Kind, Matcher};

/// Whether `h` is a hook of a valid event outside the six kinds (read into
/// [`adapters::Output::outside`]).
pub fn is_outside(h: &Hook) -> bool {
    contract::find(h.convention, &h.source_event).is_some_and(|r| r.kind().is_none())
}

/// The hook in the target's equivalent event, or `None` (said) when it cannot move.
pub(super) fn to_native(h: &Hook, say: &mut Say) -> Option<Hook> {
    let Handler::Command { command, exec } = &h.handler else {
        return None;
    };
    let Some((eq, src)) = native::equivalent_of(h.convention, &h.source_event) else {
        say.refuse(
            Code::EventNotInTarget,
            format!(
                "`{}` is {}'s own event: no other agent has one that fires at the same moment",
                h.source_event, h.convention
            ),
        );
        return None;
    };
    let Some(dst) = eq.in_convention(say.to) else {
        let has: Vec<String> = eq
            .events()
            .filter(|n| n.convention != h.convention)
            .map(|n| format!("{} `{}`", n.convention, n.event))
            .collect();
        say.refuse(
            Code::EventNotInTarget,
            format!(
                "{} has no event equivalent to `{}` (agents that have one: {})",
                say.to,
                h.source_event,
                has.join(", ")
            ),
        );
        return None;
    };
    let mut shell = to_shell(command, *exec, say)?;
    let guarded_in = super::variables::guard_dir(&shell.command);
    place_command(&mut shell.command, say)?;
    let unguarded = guarded_in.filter(|_| super::variables::guard_dir(&shell.command).is_none());
    let source_matcher = shell.tools.take().unwrap_or_else(|| h.matcher.clone());

    // Matcher: carried only where the target tests the same values with it.
    let matcher = if src.value == NativeValue::Unmatched || source_matcher.is_any() {
        Matcher::Any
    } else if dst.value == NativeValue::Unmatched {
        say.refuse(
            Code::MatcherNotPortable,
            format!(
                "{} ignores matchers on `{}`: the hook would fire for every one instead of {}",
                say.to,
                dst.event,
                matcher_words(&source_matcher, src.value == NativeValue::ToolName)
            ),
        );
        return None;
    } else if !native::same_values(src, dst) {
        say.refuse(
            Code::MatcherNotPortable,
            format!(
                "the matcher tests {} in {}'s own words, which {} does not share: {} would select other values there",
                src.value.words(),
                h.convention,
                say.to,
                matcher_words(&source_matcher, false)
            ),
        );
        return None;
    } else if src.value == NativeValue::ToolName {
        let m = super::in_target_tools(h, source_matcher, say)?;
        match matcher::translate(&m, say.to) {
            Ok(t) => super::steps::translated(t, say),
            Err(_) => {
                say.refuse(
                    Code::MatcherNotPortable,
                    format!(
                        "{} cannot be written in {}'s matcher dialect",
                        matcher_words(&m, true),
                        say.to
                    ),
                );
                return None;
            }
        }
    } else {
        // The compaction trigger (`manual`, `auto`): Gemini compares it exactly.
        match exact_values(&source_matcher) {
            Some(names) => Matcher::Exact { names },
            None => {
                say.refuse(
                    Code::MatcherNotPortable,
                    format!(
                        "{} compares {} exactly; {} is not a list of values",
                        say.to,
                        dst.value.words(),
                        matcher_words(&source_matcher, false)
                    ),
                );
                return None;
            }
        }
    };
    if src.value == NativeValue::Unmatched && !h.matcher.is_any() {
        say.push(
            Code::ConversionNote,
            format!(
                "{} ignores the matcher on `{}`, so the hook fired for every one: it is written without one",
                h.convention, h.source_event
            ),
        );
    }
    if src.fires != dst.fires {
        say.push(
            Code::LossyConversion,
            format!(
                "`{}` fires {} in {}, but `{}` fires {} in {}: the hook runs on other occasions",
                h.source_event, src.fires, h.convention, dst.event, dst.fires, say.to
            ),
        );
    }
    if h.source_event != dst.event {
        say.push(
            Code::ConversionNote,
            format!(
                "`{}` is written as {}'s equivalent event `{}`",
                h.source_event, say.to, dst.event
            ),
        );
    }

    let to_exec = super::target_exec(say.to);
    super::steps::shell_change(shell.exec, *exec, say);
    let gate = dst.can_block && !(super::steps::was_async(h) && super::steps::keeps_async(say.to));
    let command = super::variables::rewrite(&shell.command, h, gate, unguarded.as_deref(), say)?;
    let new_command = gemini::command_out_of(h, &command, to_exec, say);

    // Gate vs observer: an `async` Codex/Claude hook never blocked.
    let was_async = super::steps::was_async(h);
    let keeps_async = super::steps::keeps_async(say.to);
    if src.can_block && !dst.can_block && !was_async {
        say.push(
            Code::LossyConversion,
            format!(
                "`{}` is an observer in {}: the hook can no longer block or decide (its exit code is ignored)",
                dst.event, say.to
            ),
        );
    }
    if dst.can_block && (!src.can_block || was_async && !keeps_async) {
        say.push(
            Code::ObserverBecomesGate,
            format!(
                "`{}` can block or decide in {}: an exit code of 2 now acts",
                dst.event, say.to
            ),
        );
    }
    // These events time out as the convention's tool gates do (Codex: 600 s, Claude: 600 s,
    // Jarvis: 30 s in 1..=600, Gemini: 60 s); only Codex's `SessionEnd` differs, a six-kind event.
    let rule = super::events::target_event(say.to, Kind::PreToolUse)
        .and_then(|r| r.rules())
        .map(|r| r.timeout)?;
    let t = timeout::convert(h.timeout_ms, rule);
    if let Some(l) = t.lossy {
        say.push(Code::LossyConversion, l);
    }
    let matched = contract::find(say.to, dst.event).map_or(MatchedValue::Other, |r| r.matched);
    Some(Hook {
        plugin_root: None,
        source_file: None,
        id: format!("{}:{}", say.to, h.id),
        kind: native::nominal_kind(matched),
        convention: say.to,
        source_event: dst.event.to_string(),
        matcher,
        handler: Handler::Command {
            command: new_command,
            exec: to_exec,
        },
        timeout_ms: t.timeout_ms,
        scope: hook_ir::Scope::default(),
        location: h.location.clone(),
        detail: super::steps::detail(h, say),
    })
}

/// The values an exact-value matcher lists: exact names, or a regex that is an alternation of
/// plain words (`manual`, `^(?:manual|auto)$`).
fn exact_values(m: &Matcher) -> Option<Vec<String>> {
    match m {
        Matcher::Exact { names } if !names.is_empty() => Some(names.clone()),
        Matcher::Regex { pattern, .. } => {
            let p = matcher::unprotect(pattern);
            matcher::regex_to_exact(&p).or_else(|| {
                let words: Vec<String> = p.split('|').map(str::to_string).collect();
                words
                    .iter()
                    .all(|w| {
                        !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                    .then_some(words)
            })
        }
        _ => None,
    }
}
