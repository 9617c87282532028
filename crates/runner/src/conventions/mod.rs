//! One module per command convention, plus the seam for module hooks.

pub(crate) mod claude;
pub(crate) mod cline;
pub(crate) mod codex;
pub(crate) mod codex_shell;
pub(crate) mod copilot;
pub(crate) mod cursor;
pub(crate) mod gemini;
pub(crate) mod jarvis;
pub(crate) mod jcode;
pub(crate) mod json_output;
pub(crate) mod kimi_answer;
pub(crate) mod module;
pub(crate) mod payload;
pub(crate) mod qwen;
pub(crate) mod shell;

use crate::group::Group;
use crate::outcome::HookRun;
use crate::Event;
use hook_ir::contract::AnswerFormat;

/// The answer module of a command hook whose runtime row answers in `answer`: the one place that
/// pairs an answer format with its module (a new convention adds its arm here). `None`: no
/// module reads such answers from a shell command.
pub(crate) async fn run_shell(
    answer: AnswerFormat,
    view: &Group<'_>,
    group: &[usize],
    event: &Event,
) -> Option<Vec<HookRun>> {
    Some(match answer {
        AnswerFormat::KimiJson => jarvis::run(view, group, event).await,
        AnswerFormat::CodexJson => codex::run(view, group, event).await,
        AnswerFormat::ClaudeJson => claude::run(view, group, event).await,
        AnswerFormat::GeminiJson => gemini::run(view, group, event).await,
        AnswerFormat::CopilotJson => copilot::run(view, group, event).await,
        AnswerFormat::QwenJson => qwen::run(view, group, event).await,
        AnswerFormat::CursorJson => cursor::run(view, group, event).await,
        AnswerFormat::ClineJson => cline::run(view, group, event).await,
        AnswerFormat::ExitCodeAndStderr | AnswerFormat::ModuleReturn | AnswerFormat::None => {
            return None
        }
    })
}

/// The stdin payload of a command hook answering in `answer` for `event` under its source event
/// `event_name` (see [`crate::Runner::stdin_payload`]); `None` for hooks that read no JSON.
pub(crate) fn stdin_payload(
    answer: AnswerFormat,
    view: &Group<'_>,
    event_name: &str,
    event: &Event,
) -> Option<serde_json::Value> {
    match answer {
        AnswerFormat::KimiJson => Some(jarvis::payload(view, event_name, event)),
        AnswerFormat::CodexJson => Some(codex::payload(view, event_name, event)),
        AnswerFormat::ClaudeJson => Some(claude::payload(view, event_name, event)),
        AnswerFormat::GeminiJson => Some(serde_json::Value::Object(gemini::payload(
            view, event_name, event,
        ))),
        AnswerFormat::QwenJson => Some(qwen::payload(view, event_name, event)),
        AnswerFormat::CopilotJson => Some(copilot::payload(
            view,
            event_name,
            event,
            event
                .tool_input
                .as_ref()
                .unwrap_or(&serde_json::Value::Null),
        )),
        AnswerFormat::ClineJson => Some(cline::payload(
            view,
            event_name,
            event,
            event.tool_input.as_ref().unwrap_or(&serde_json::json!({})),
        )),
        _ => None,
    }
}

/// The `client_type` a payload carries when the caller names none
/// ([`crate::RunnerOptions::client_type`]): Kimi's, whose answer module is the only one that sends
/// the field (Jarvis being a renamed copy of Kimi).
pub(crate) const DEFAULT_CLIENT_TYPE: &str = hook_ir::contract::limits::jarvis::CLIENT_TYPE;

/// Hooks run by argv without a shell (jcode's `Launch::Argv` rows), gates in order.
pub(crate) async fn run_argv(view: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    jcode::run(view, group, event).await
}

/// The argv of an `Launch::Argv` command (jcode's tokenizer, `~` from `home`).
pub(crate) fn argv(
    command: &str,
    home: Option<&std::path::Path>,
) -> Result<Vec<std::ffi::OsString>, String> {
    jcode::argv(command, home)
}

/// Whether a fire-and-forget command hook answering in `answer` is started in the background by
/// [`detached_jobs`] (Jarvis/Kimi `PostToolUse`, Cline's detached events); other
/// fire-and-forget rows run in their group.
pub(crate) fn runs_detached(answer: AnswerFormat) -> bool {
    matches!(answer, AnswerFormat::KimiJson | AnswerFormat::ClineJson)
}

/// The jobs of fire-and-forget command hooks that [`runs_detached`] accepts, started in the
/// background.
pub(crate) fn detached_jobs(view: &Group<'_>, group: &[usize], event: &Event) -> Vec<shell::Job> {
    let (cline_hooks, kimi_hooks): (Vec<usize>, Vec<usize>) = group.iter().partition(|&&i| {
        hook_ir::contract::runtime(view.hooks[i].hook.convention)
            .is_some_and(|r| r.answer == AnswerFormat::ClineJson)
    });
    let mut jobs = jarvis::jobs_of(view, &kimi_hooks, event);
    jobs.extend(cline::jobs_of(view, &cline_hooks, event));
    jobs
}

/// How the detached hooks of [`detached_jobs`] are started (their convention's runtime row).
pub(crate) fn detached_proc() -> shell::Proc {
    jarvis::proc()
}

/// The outcome of a detached hook that finished in the background.
pub(crate) fn detached_outcome(id: &str, f: &crate::process::Finished) -> crate::HookOutcome {
    jarvis::background_outcome(id, f)
}
