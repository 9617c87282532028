//! Steps of one hook's conversion shared by the six kinds ([`super::to_command`]) and the events
//! outside them ([`super::native::to_native`]): each says what changes in the same words, so a
//! carried `PreCompact` hook and a `PreToolUse` hook are reported alike.

use super::{gemini, json_detail, matcher, Say};
use hook_ir::{Code, Convention, Detail, Exec, Hook, Matcher};

/// The translated matcher, its note and caveat said.
pub(super) fn translated(t: matcher::Translated, say: &mut Say) -> Matcher {
    if let Some(n) = t.note {
        say.push(Code::ConversionNote, n);
    }
    if let Some(c) = t.caveat {
        say.push(Code::LossyConversion, c);
    }
    t.matcher
}

/// Says that the target starts the command with another shell than the source did (`shell` is
/// how the command runs after unwrapping, `source` how the source hook was written; a
/// direct-exec source hook names its program and runs the same under any shell).
pub(super) fn shell_change(shell: Exec, source: Exec, say: &mut Say) {
    let to = super::target_exec(say.to);
    if shell != to && source != Exec::Direct {
        say.push(
            Code::ConversionNote,
            match to {
                Exec::LoginShell => "the target runs the command with the user's login shell from the password database (`/bin/bash -c`, or zsh, sh), not `sh`: shell syntax beyond POSIX sh now works there".into(),
                _ => "the target runs the command with `sh -c`, not the user's login shell (Codex runs e.g. `/bin/bash -c`): bash- or zsh-only syntax fails there".into(),
            },
        );
    }
}

/// Whether the hook is an `async` Codex/Claude hook: it runs in the background and never blocked,
/// whatever its event.
pub(super) fn was_async(h: &Hook) -> bool {
    matches!(
        h.detail,
        Detail::JsonGroup {
            is_async: Some(true),
            ..
        }
    )
}

/// Whether the target keeps the `async` flag (Codex and Claude, see [`json_detail`]): the hook
/// stays a background hook there.
pub(super) fn keeps_async(to: Convention) -> bool {
    adapters::registry::adapter(to).keeps_group_fields()
}

/// The target's convention-specific fields of the converted hook.
pub(super) fn detail(h: &Hook, say: &mut Say) -> Detail {
    if gemini::is_target(say.to) {
        gemini::detail_into(h, say)
    } else if super::cursor::is_target(say.to) {
        super::cursor::detail_into(h, say)
    } else {
        json_detail(h, say)
    }
}
