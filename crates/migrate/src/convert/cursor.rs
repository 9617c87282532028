//! What moving hooks into and out of `cursor-hooks` changes besides event, matcher and
//! timeout: Cursor runs a user `~/.cursor/hooks.json`'s relative commands from `~/.cursor/`
//! (cursor.com/docs/agent/hooks), and its entries carry `failClosed` and `loop_limit`, which no
//! other convention has (cursor.com/docs/reference/hooks).

use super::Say;
use hook_ir::contract::{self, OnError};
use hook_ir::{quote, Code, Convention, Detail, Hook, LoopLimit, Scope};
use std::path::Path;

const CU: Convention = Convention::CursorHooks;

/// The first word of `command` when it is a relative path (`./x.sh`, `hooks/x.sh`), and what
/// follows it.
fn relative_program(command: &str) -> Option<(&str, &str)> {
    let trimmed = command.trim_start();
    let word = trimmed.split_whitespace().next()?;
    (word.contains('/')
        && !word.starts_with(['/', '~', '$', '"', '\'', '-'])
        && !word.contains("://"))
    .then(|| (word, &trimmed[word.len()..]))
}

/// The command as the target must write it so it still runs the same program. Cursor runs a
/// project's hooks from the project root, as the other agents do, but a user
/// `~/.cursor/hooks.json`'s from `~/.cursor/` (its `command_dir`):
/// - into Cursor's user file: a relative program (relative to the session's project in the
///   source) is anchored with `"$CURSOR_PROJECT_DIR"/`;
/// - out of a Cursor file that runs elsewhere than the project: a relative program becomes the
///   absolute path it named.
pub(super) fn command_across(h: &Hook, command: &str, say: &mut Say) -> String {
    let Some((word, rest)) = relative_program(command) else {
        return command.to_string();
    };
    if say.to == CU && h.convention != CU && say.scope == Some(Scope::User) {
        let anchored = format!(
            "\"$CURSOR_PROJECT_DIR\"/{}{rest}",
            word.trim_start_matches("./")
        );
        say.push(
            Code::ConversionNote,
            format!(
                "Cursor runs a user hook from ~/.cursor, not the project: {} is written {}",
                quote(word),
                quote(&anchored)
            ),
        );
        return anchored;
    }
    if h.convention == CU && say.to != CU {
        let Detail::CursorEntry {
            command_dir: Some(dir),
            ..
        } = &h.detail
        else {
            return command.to_string();
        };
        let project = say.ctx.and_then(|c| c.project.as_deref());
        if project.is_some_and(|p| Path::new(dir) == p) {
            return command.to_string();
        }
        let full = Path::new(dir).join(word.trim_start_matches("./"));
        let out = format!("{}{rest}", full.to_string_lossy());
        say.push(
            Code::ConversionNote,
            format!(
                "Cursor ran {} from {dir}: the command is written {}",
                quote(word),
                quote(&out)
            ),
        );
        return out;
    }
    command.to_string()
}

/// Whether `to` keeps its hooks as Cursor's entries (used by the importer's detail choice): its
/// adapter's entry is a Cursor entry ([`adapters::registry::Adapter::entry_detail`]).
pub(super) fn is_target(to: Convention) -> bool {
    matches!(
        adapters::registry::adapter(to).entry_detail(),
        Detail::CursorEntry { .. }
    )
}

/// The detail of a hook converted into Cursor: a guard that fails closed in its source keeps
/// failing closed (`failClosed: true`), said with what differs.
pub(super) fn detail_into(h: &Hook, say: &mut Say) -> Detail {
    if let Detail::CursorEntry { .. } = &h.detail {
        if h.convention == CU {
            return h.detail.clone();
        }
    }
    let source_rule = contract::find(h.convention, &h.source_event)
        .and_then(|r| r.rules())
        .map(|r| r.on_error);
    let fail_closed = matches!(
        source_rule,
        Some(OnError::FailClosed | OnError::FailClosedOnCrash)
    );
    if fail_closed {
        say.push(
            Code::ConversionNote,
            format!("{} fails closed on this event: the Cursor entry gets `failClosed: true` (Cursor then also blocks on a timeout and on an answer that is not JSON)", h.convention),
        );
    }
    Detail::CursorEntry {
        index: 0,
        raw_matcher: None,
        timeout_explicit: true,
        fail_closed,
        loop_limit: LoopLimit::Default,
        command_dir: None,
    }
}

/// Says what a Cursor hook loses in another convention: `failClosed` and `loop_limit`.
pub(super) fn say_out_of(h: &Hook, say: &mut Say) {
    let Detail::CursorEntry {
        fail_closed,
        loop_limit,
        ..
    } = &h.detail
    else {
        return;
    };
    if *fail_closed {
        let target = contract::find(say.to, &h.source_event)
            .or_else(|| {
                contract::contracts().find(|r| r.convention == say.to && r.kind() == Some(h.kind))
            })
            .and_then(|r| r.rules())
            .map(|r| r.on_error);
        if !matches!(
            target,
            Some(OnError::FailClosed | OnError::FailClosedOnCrash)
        ) {
            say.push(
                Code::LossyConversion,
                format!(
                    "`failClosed: true` is dropped: {} lets the action go on when this hook fails",
                    say.to
                ),
            );
        }
    }
    match loop_limit {
        LoopLimit::Default => {}
        LoopLimit::Unbounded => say.push(
            Code::LossyConversion,
            format!(
                "`loop_limit: null` is dropped: {} applies its own rule to continuations",
                say.to
            ),
        ),
        LoopLimit::Max(n) => say.push(
            Code::LossyConversion,
            format!(
                "`loop_limit: {n}` is dropped: {} applies its own rule to continuations",
                say.to
            ),
        ),
    }
}
