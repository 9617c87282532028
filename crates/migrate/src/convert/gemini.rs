//! What moving hooks into and out of `gemini-settings` changes besides event, matcher and
//! timeout: the fields only Gemini has (`name`, `description`, `env`, a definition's
//! `sequential`) and the ones it lacks (`async`, `statusMessage`).

use super::Say;
use hook_ir::{quote, Code, Convention, Detail, Exec, Hook};

/// The detail of a hook converted into Gemini: the timeout stays "left out" only when it was,
/// a status message becomes the `description`, `async` is dropped (Gemini waits).
pub(super) fn detail_into(h: &Hook, say: &mut Say) -> Detail {
    let (timeout_explicit, description) = match &h.detail {
        Detail::JsonGroup {
            timeout_explicit,
            is_async,
            status_message,
            ..
        } => {
            if *is_async == Some(true) {
                say.push(
                    Code::LossyConversion,
                    format!(
                        "`async` is dropped: {} waits for every hook it writes",
                        say.to
                    ),
                );
            }
            if let Some(m) = status_message {
                say.push(
                    Code::ConversionNote,
                    format!(
                        "`statusMessage` {} becomes the hook's `description`",
                        quote(m)
                    ),
                );
            }
            (*timeout_explicit, status_message.clone())
        }
        Detail::Jarvis {
            timeout_explicit, ..
        }
        | Detail::Jcode {
            timeout_explicit, ..
        } => (*timeout_explicit, None),
        _ => (false, None),
    };
    Detail::GeminiGroup {
        group: 0,
        index: 0,
        raw_matcher: None,
        timeout_explicit,
        sequential: None,
        name: None,
        description,
        env: Vec::new(),
        is_async: None,
    }
}

/// A Gemini hook's command in a target that has no `env` field: the variables are exported
/// first (`export K='v'; command`) for shell targets; jcode (no shell) cannot keep them. Also
/// says what else is lost: `sequential`, and `name` (which `hooksConfig.disabled` refers to).
pub(super) fn command_out_of(h: &Hook, command: &str, to_exec: Exec, say: &mut Say) -> String {
    let Detail::GeminiGroup {
        sequential,
        env,
        name,
        description,
        is_async,
        ..
    } = &h.detail
    else {
        return command.to_string();
    };
    if *is_async == Some(true) {
        // Qwen's `async: true`: its answer decided nothing there; the target waits for it and
        // reads its answer.
        say.push(
            Code::LossyConversion,
            format!(
                "`async: true` is dropped: {} waits for the hook and reads its answer",
                say.to
            ),
        );
    }
    if *sequential == Some(true) {
        say.push(
            Code::LossyConversion,
            format!(
                "`sequential: true` is dropped: {} runs the hooks of an event in its own order, and a `tool_input` rewrite is not passed from one hook to the next",
                say.to
            ),
        );
    }
    if let Some(n) = name {
        say.push(
            Code::ConversionNote,
            format!(
                "the hook's name `{n}` is dropped: {} has no hook names",
                say.to
            ),
        );
    }
    if let Some(d) = description {
        say.push(
            Code::ConversionNote,
            format!(
                "the hook's description {} is dropped: {} has no such field",
                quote(d),
                say.to
            ),
        );
    }
    if env.is_empty() {
        return command.to_string();
    }
    if to_exec == Exec::Direct {
        say.push(
            Code::LossyConversion,
            format!(
                "the hook's `env` ({}) is dropped: jcode runs the command without a shell and has no per-hook environment",
                env.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", ")
            ),
        );
        return command.to_string();
    }
    let exports: String = env
        .iter()
        .map(|(k, v)| format!("export {k}='{}'; ", v.replace('\'', "'\\''")))
        .collect();
    say.push(
        Code::ConversionNote,
        format!(
            "{} has no per-hook `env`: the command exports the variables first",
            say.to
        ),
    );
    format!("{exports}{command}")
}

/// Whether `to` keeps its hooks in Gemini's settings shape — Gemini CLI, or a fork reading the
/// same layered settings (used by the importer's detail choice): its adapter's entry is a
/// Gemini group ([`adapters::registry::Adapter::entry_detail`]).
pub(super) fn is_target(to: Convention) -> bool {
    matches!(
        adapters::registry::adapter(to).entry_detail(),
        hook_ir::Detail::GeminiGroup { .. }
    )
}
