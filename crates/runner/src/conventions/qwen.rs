//! Qwen Code settings hooks, as Qwen Code 0.24.4 runs them (`core/hooks/hookRunner.ts`,
//! `hookPlanner.ts`, `hookAggregator.ts`; `conformance/notes/qwen.md`, live traces in
//! `conformance/traces/qwen-0.24.4/`):
//!
//! - **process**: `bash -c <command>` in the session's directory, own process group, the JSON
//!   payload on stdin; `QWEN_PROJECT_DIR`, `QWEN_CODE_PROJECT_DIR`, `CLAUDE_PROJECT_DIR`,
//!   `GEMINI_PROJECT_DIR` (the cwd) and `QWEN_CODE_SESSION_ID` in the environment; on timeout the
//!   group is signalled, then killed 2 s later; a timed-out hook never blocks;
//! - **order**: in parallel, unless any matching definition has `sequential: true` — then every
//!   matching hook runs one after another (`qwen_sequential_one_group_all`), the project's
//!   before the user's before the system's (`qwen_layer_order_project_first`); the same command
//!   runs once (`qwen_same_command_two_layers`);
//! - **exit 2**: blocks; stdout is ignored, stderr is the answer — JSON, else the reason
//!   (`qwen_pre_exit2_stderr`, `qwen_pre_exit2_json_stdout`); on `PostToolUse` the reason does
//!   not reach the model (`qwen_post_exit2_stderr`);
//! - **exit 0**: stdout (stderr when stdout is empty) as Claude's JSON answer; plain text is
//!   context on `SessionStart` and `UserPromptSubmit` (`qwen_prompt_plain_stdout`,
//!   `qwen_session_start_context`); text starting with `{` that is not JSON is a non-blocking
//!   error (`qwen_pre_invalid_json`);
//! - **PreToolUse**: `updatedInput` and `additionalContext` are dropped
//!   (`qwen_pre_updated_input`, `qwen_pre_additional_context`); `continue: false` is a deny with
//!   the `stopReason`, the run goes on (`qwen_pre_continue_false`);
//! - **any other exit**: a non-blocking failure (`qwen_pre_exit1_stderr`, `qwen_pre_exit3_stderr`).

use super::codex::{base, event_fields, run_of_answer};
use super::json_output::{classify, interpret, Stdout};
use super::shell::{duplicate_run, jobs, run_parallel_in, Ctx, Proc, Ran};
use crate::decision::OutcomeKind;
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Kill, Status};
use crate::Event;
use hook_ir::contract::limits::qwen as lim;
use hook_ir::{Detail, Kind};
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::time::Duration;

/// Qwen's stdin payload (`qwen_six_kinds`; `conformance/notes/qwen.md` "Payloads"): Claude's
/// fields (`session_id`, `transcript_path`, `cwd`, `hook_event_name`), an ISO `timestamp`,
/// `permission_mode`, then per event: `prompt_id` within a turn; `source` and `model` on
/// SessionStart; `prompt` (and `submitted_prompt` for the user's own prompt, not a
/// continuation's empty one) on UserPromptSubmit; `tool_name`, `tool_input`, on PostToolUse
/// `tool_response {llmContent, returnDisplay}`, then Qwen's own `tool_use_id` and the model's
/// `tool_call_id`, on PostToolUse `duration_ms`; on Stop `stop_hook_active`,
/// `last_assistant_message`, `background_tasks`, `crons` and the session's token usage
/// (`context_usage`, `context_limit`, `input_tokens`: unknown outside a session, 0 here).
pub(crate) fn payload(runner: &Group<'_>, event_name: &str, event: &Event) -> Value {
    let mut m = base(runner, event_name);
    m.insert("timestamp".into(), super::gemini::iso_now().into());
    m.insert("permission_mode".into(), "default".into());
    let kind = event.kind();
    if !matches!(kind, Kind::SessionStart | Kind::SessionShutdown) {
        let sid = m
            .get("session_id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        // `<session id>########<n>`: the turn's prompt id (`prompt_id` in the traces).
        m.insert("prompt_id".into(), format!("{sid}########0").into());
    }
    event_fields(&mut m, event, false);
    match kind {
        Kind::SessionStart => {
            m.insert("model".into(), event.model.clone().into());
        }
        Kind::UserPromptSubmit => {
            if let Some(p) = event.prompt.as_deref().filter(|p| !p.is_empty()) {
                m.insert("submitted_prompt".into(), p.into());
            }
        }
        Kind::PreToolUse | Kind::PostToolUse => {
            let call = m.shift_remove("tool_use_id").unwrap_or(Value::Null);
            let response = m.shift_remove("tool_response");
            if kind == Kind::PostToolUse {
                let response = match (response, &event.tool_output) {
                    (Some(Value::Null) | None, Some(out)) => {
                        serde_json::json!({"llmContent": out, "returnDisplay": out})
                    }
                    (r, _) => r.unwrap_or(Value::Null),
                };
                m.insert("tool_response".into(), response);
            }
            // Qwen's own id of the call (`toolu_<ms>_<random>` live), then the model's.
            let own = format!("toolu_{}", call.as_str().unwrap_or_default());
            m.insert("tool_use_id".into(), own.into());
            m.insert("tool_call_id".into(), call);
            if kind == Kind::PostToolUse {
                m.insert("duration_ms".into(), event.duration_ms.unwrap_or(0).into());
            }
        }
        Kind::Stop => {
            m.insert(
                "last_assistant_message".into(),
                event.last_assistant_text.clone().into(),
            );
            m.insert("background_tasks".into(), Value::Array(Vec::new()));
            m.insert("crons".into(), Value::Array(Vec::new()));
            m.insert("context_usage".into(), 0.into());
            m.insert("context_limit".into(), 0.into());
            m.insert("input_tokens".into(), 0.into());
        }
        Kind::SessionShutdown => {}
    }
    Value::Object(runner.recorded_payload(hook_ir::Convention::QwenSettings, event, m))
}

/// Whether any hook of the group was declared in a `sequential: true` definition: then Qwen
/// runs the whole event's plan one hook after another.
fn sequential(runner: &Group<'_>, group: &[usize]) -> bool {
    group.iter().any(|&i| {
        matches!(
            runner.hooks[i].hook.detail,
            Detail::GeminiGroup {
                sequential: Some(true),
                ..
            }
        )
    })
}

/// The rank of a hook's layer in Qwen's plan (`getSourcePriority`: project 1, user 2, system 3,
/// extensions 4; Qwen Code 0.24.4 `core/hooks/hookRegistry.ts`, chunk-DPEB6S2R.js:144206).
fn source_priority(scope: hook_ir::Scope) -> u8 {
    match scope {
        hook_ir::Scope::Project | hook_ir::Scope::Personal => 1,
        hook_ir::Scope::User => 2,
        hook_ir::Scope::System => 3,
        hook_ir::Scope::Plugin => 4,
    }
}

/// Whether the hook was declared `async: true`.
fn is_async(d: &Detail) -> bool {
    matches!(
        d,
        Detail::GeminiGroup {
            is_async: Some(true),
            ..
        }
    )
}

/// Runs the Qwen hooks of one event.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let project: OsString = runner
        .session
        .project_dir
        .as_deref()
        .map(|p| p.as_os_str().to_owned())
        .unwrap_or_default();
    let session: OsString = runner.session.session_id.clone().unwrap_or_default().into();
    let env = [
        (lim::PROJECT_DIR_ENV, project.clone()),
        ("QWEN_CODE_PROJECT_DIR", project.clone()),
        ("CLAUDE_PROJECT_DIR", project.clone()),
        ("GEMINI_PROJECT_DIR", project),
        ("QWEN_CODE_SESSION_ID", session),
    ];
    let mut jobs = jobs(runner, group, OsStr::new(lim::SHELL), "-c", &env, |name| {
        payload(runner, name, event)
    });
    // Qwen's plan lists the sources project → user → system → extensions
    // (`hookRegistry.ts` `getSourcePriority`), the reverse of the settings precedence: in a
    // sequential plan the project's hook runs first (live `qwen_layer_order_project_first`),
    // and of one command in two layers the project's copy is the one that runs.
    jobs.sort_by_key(|j| source_priority(runner.hooks[j.index].hook.scope));
    let ctx = Ctx::of(runner);
    let proc = Proc {
        kill: Kill::TermThenKill(Duration::from_millis(lim::KILL_GRACE_MS)),
        dedupe: true,
        ..Proc::PLAIN
    };
    let ran: Vec<(usize, Ran)> = if sequential(runner, group) {
        // One at a time, in plan order; an identical command still runs once; each hook sees
        // the input as the previous ones changed it (`applyHookOutputToInput`).
        let mut out: Vec<(usize, Ran)> = Vec::new();
        let mut current = event.clone();
        for (n, j) in jobs.iter().enumerate() {
            if let Some(first) = jobs[..n].iter().find(|f| f.command == j.command) {
                out.push((j.index, Ran::DuplicateOf(first.index)));
                continue;
            }
            let mut job = j.clone();
            job.stdin = runner.stdin(
                payload(runner, &runner.hooks[j.index].hook.source_event, &current)
                    .to_string()
                    .into_bytes(),
            );
            for (i, r) in run_parallel_in(&ctx, std::slice::from_ref(&job), proc).await {
                if let Ran::Finished(f) = &r {
                    chain(&mut current, f);
                }
                out.push((i, r));
            }
        }
        out
    } else {
        run_parallel_in(&ctx, &jobs, proc).await
    };
    ran.into_iter()
        .map(|(i, r)| {
            let p = &runner.hooks[i];
            match r {
                // `async: true`: Qwen does not wait for it and reads no decision from it (live
                // `qwen_async_hook`: its block was ignored). The runner waits, but decides alike.
                Ran::Finished(f) if is_async(&p.hook.detail) => {
                    let kind = match f.status {
                        Status::TimedOut => OutcomeKind::TimedOut,
                        _ => OutcomeKind::Allowed,
                    };
                    HookRun::new(
                        i,
                        outcome_of(&p.hook.id, lim::SHELL, Launch::Shell, &f, kind),
                    )
                }
                Ran::Finished(f) => {
                    interpret_run(i, &p.hook.id, &p.hook.source_event, event.kind(), &f)
                }
                Ran::DuplicateOf(first) => duplicate_run(runner, i, first),
            }
        })
        .collect()
}

/// What a successful hook of a sequential plan changes in the next hook's input (Qwen Code
/// 0.24.4 `hookRunner.ts` `applyHookOutputToInput`, chunks/chunk-DPEB6S2R.js:146556): on
/// `UserPromptSubmit` its `additionalContext` (plain stdout is one) is appended to the prompt
/// after a blank line; on `PreToolUse` its `hookSpecificOutput.tool_input` is merged into the
/// tool input (Gemini's key: `updatedInput` is not read here).
fn chain(current: &mut Event, f: &Finished) {
    if !matches!(f.status, Status::Exited(0)) {
        return;
    }
    let text = String::from_utf8_lossy(if f.stdout.iter().all(u8::is_ascii_whitespace) {
        &f.stderr
    } else {
        &f.stdout
    });
    let specific = match classify(&text) {
        Stdout::Object(m) => m.get("hookSpecificOutput").cloned(),
        Stdout::Plain(t) => Some(serde_json::json!({ "additionalContext": t })),
        _ => None,
    };
    let Some(specific) = specific else { return };
    match current.kind() {
        Kind::UserPromptSubmit => {
            if let Some(c) = specific.get("additionalContext").and_then(Value::as_str) {
                if !c.is_empty() {
                    let p = current.prompt.get_or_insert_with(String::new);
                    p.push_str("\n\n");
                    p.push_str(c);
                }
            }
        }
        Kind::PreToolUse => {
            if let (Some(Value::Object(new)), Some(Value::Object(input))) =
                (specific.get("tool_input"), current.tool_input.as_mut())
            {
                for (k, v) in new {
                    input.insert(k.clone(), v.clone());
                }
            }
        }
        _ => {}
    }
}

/// The run of one finished Qwen hook.
fn interpret_run(index: usize, id: &str, event_name: &str, kind: Kind, f: &Finished) -> HookRun {
    let outcome = |k| outcome_of(id, lim::SHELL, Launch::Shell, f, k);
    match f.status {
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE => {
            // stdout is ignored; stderr is JSON or the reason.
            let stderr = String::from_utf8_lossy(&f.stderr);
            let reason = match classify(&stderr) {
                Stdout::Object(m) => interpret(kind, event_name, &m)
                    .block
                    .or_else(|| m.get("reason").and_then(Value::as_str).map(str::to_string))
                    .unwrap_or_else(|| format!("Blocked by {event_name} hook")),
                Stdout::Empty => format!("Blocked by {event_name} hook"),
                Stdout::Plain(t) => t,
                Stdout::Invalid(_) => stderr.trim().to_string(),
            };
            let mut run = HookRun::new(index, outcome(OutcomeKind::Blocked));
            if kind != Kind::PostToolUse {
                run.block = Some(reason);
            }
            run
        }
        Status::Exited(0) => {
            let text = if f.stdout.iter().all(u8::is_ascii_whitespace) {
                &f.stderr
            } else {
                &f.stdout
            };
            let Ok(text) = std::str::from_utf8(text) else {
                return HookRun::new(index, outcome(OutcomeKind::Failed));
            };
            match classify(text) {
                Stdout::Empty => HookRun::new(index, outcome(OutcomeKind::Allowed)),
                Stdout::Plain(text) => {
                    let mut run = HookRun::new(index, outcome(OutcomeKind::Allowed));
                    if matches!(kind, Kind::UserPromptSubmit | Kind::SessionStart) {
                        run.context.push(text);
                    }
                    run
                }
                Stdout::Invalid(e) => {
                    let mut o = outcome(OutcomeKind::Failed);
                    o.error = Some(e);
                    HookRun::new(index, o)
                }
                Stdout::Object(m) => {
                    let mut a = interpret(kind, event_name, &m);
                    if kind == Kind::PreToolUse {
                        a.updated_input = None;
                        a.context = None;
                        // `continue: false` is a deny with the stop reason; the run goes on.
                        if a.stop_for_good.take().is_some() && a.block.is_none() {
                            a.block = Some(format!("Stopped by {event_name} hook"));
                        }
                    }
                    run_of_answer(index, id, kind, a, outcome).0
                }
            }
        }
        Status::TimedOut => HookRun::new(index, outcome(OutcomeKind::TimedOut)),
        _ => HookRun::new(index, outcome(OutcomeKind::Failed)),
    }
}
