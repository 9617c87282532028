//! Jarvis Code, a renamed copy of Kimi Code's external hooks (conventions.md §2; followed line by
//! line from MoonshotAI/kimi-code@d723cc4 `packages/agent-core-v2/src/features/externalHooks/`):
//! the payload of `matchHooks.ts` + `agentExternalHooksService.ts` +
//! `sessionExternalHooksService.ts`, the answer of `runHook.ts` ([`super::kimi_answer`]), the
//! block and context rendering of `matchHooks.ts` `blockDecision` and `userPrompt.ts`.
//! How the processes run (`/bin/sh -c`, session leader, parallel, dedupe, SIGTERM then SIGKILL)
//! is the convention's [`hook_ir::contract::Runtime`] row.

use super::kimi_answer::{self, Structured};
use super::payload;
use super::shell::{duplicate_run, jobs, Job, Proc, Ran};
use crate::decision::OutcomeKind;
use crate::group::Group;
use crate::outcome::{outcome_of, HookRun, Launch};
use crate::process::{Finished, Status};
use crate::text::Ws;
use crate::Event;
use hook_ir::contract::limits::jarvis as lim;
use hook_ir::Kind;
use serde_json::{json, Map, Value};
use std::ffi::OsStr;

use lim::SHELL;

/// How Jarvis processes run: its runtime row in the contract table (session leaders,
/// `detached: true` in `buildHookSpawnOptions`; SIGTERM then SIGKILL 100 ms later,
/// `killProcess`), stderr trimmed with JavaScript's `trim()`, and the JSON answer read from the
/// whole stdout, whatever its length.
pub(crate) fn proc() -> Proc {
    hook_ir::contract::runtime(hook_ir::Convention::Jarvis).map_or(Proc::PLAIN, Proc::of)
}

/// The stdin payload, keys in the order `JSON.stringify` writes them and unknown values omitted
/// (never `null`): `toHookInputData({hookEventName, sessionId, cwd, ...inputData})` with
/// `inputData = {clientType, ...}`; agent events add `{sessionTitle, ...fields}`
/// (`withSessionFacts`), session events `{source|reason, sessionTitle, model, profile}`.
pub(crate) fn payload(runner: &Group<'_>, event_name: &str, event: &Event) -> Value {
    let s = &runner.session;
    let mut m = Map::new();
    m.insert("hook_event_name".into(), event_name.into());
    m.insert("session_id".into(), payload::session_id(runner));
    m.insert("cwd".into(), payload::cwd(runner));
    m.insert("client_type".into(), s.client_type.clone().into());
    let title = |m: &mut Map<String, Value>| {
        if let Some(t) = &s.session_title {
            m.insert("session_title".into(), t.clone().into());
        }
    };
    let opt = |m: &mut Map<String, Value>, k: &str, v: &Option<String>| {
        if let Some(v) = v {
            m.insert(k.into(), v.clone().into());
        }
    };
    match event.kind() {
        Kind::PreToolUse => {
            title(&mut m);
            payload::insert_tool(&mut m, event, "tool_call_id");
        }
        Kind::PostToolUse => {
            title(&mut m);
            payload::insert_tool(&mut m, event, "tool_call_id");
            let out = utf16_prefix(
                event.tool_output.as_deref().unwrap_or(""),
                lim::TOOL_OUTPUT_MAX_CHARS,
            );
            m.insert("tool_output".into(), out.into());
        }
        Kind::UserPromptSubmit => {
            title(&mut m);
            let prompt = event.prompt_parts.clone().unwrap_or_else(
                || json!([{"type": "text", "text": event.prompt.clone().unwrap_or_default()}]),
            );
            m.insert("prompt".into(), prompt);
            m.insert("is_steer".into(), event.is_steer.into());
        }
        Kind::Stop => {
            title(&mut m);
            // `runStop` always sends `stopHookActive: false`: on the second stop of a turn the
            // hooks are not run at all.
            m.insert("stop_hook_active".into(), false.into());
        }
        Kind::SessionStart => {
            m.insert(
                "source".into(),
                event.session_source(hook_ir::Convention::Jarvis).into(),
            );
            title(&mut m);
            opt(&mut m, "model", &event.model);
            opt(&mut m, "profile", &event.profile);
        }
        Kind::SessionShutdown => {
            m.insert(
                "reason".into(),
                event.session_reason(hook_ir::Convention::Jarvis).into(),
            );
            title(&mut m);
        }
    }
    Value::Object(m)
}

/// `s.slice(0, max)` in JavaScript: the first `max` UTF-16 code units. A character that would be
/// cut in half (an emoji at the edge) is left out: JavaScript would keep its lone high surrogate,
/// which a Rust string cannot hold.
fn utf16_prefix(s: &str, max: usize) -> &str {
    let mut units = 0;
    for (i, c) in s.char_indices() {
        units += c.len_utf16();
        if units > max {
            return &s[..i];
        }
    }
    s
}

/// Wraps one result as Kimi's `renderHookResult` does (newlines inside the tags).
pub(crate) fn render_hook_result(event: &str, text: &str) -> String {
    format!("<hook_result hook_event=\"{event}\">\n{text}\n</hook_result>")
}

/// The jobs of the Jarvis hooks `group` for `event`.
pub(crate) fn jobs_of(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<Job> {
    jobs(runner, group, OsStr::new(SHELL), "-c", &[], |name| {
        payload(runner, name, event)
    })
}

/// One hook's result as `runHook.ts` builds it.
#[derive(Debug, Default)]
struct KimiResult {
    block: bool,
    message: Option<String>,
    reason: Option<String>,
    stdout: String,
    /// Exited 0 (not timed out): a result whose message may become context.
    clean: bool,
    /// The JSON answer was structured (passed the schema).
    structured: bool,
}

/// Runs the Jarvis hooks of one event and applies Kimi's group rules.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let jobs = jobs_of(runner, group, event);
    let ctx = super::shell::Ctx::of(runner);
    let results = super::shell::run_parallel_in(&ctx, &jobs, proc()).await;
    let kind = event.kind();
    let mut runs: Vec<(HookRun, Option<KimiResult>)> = results
        .into_iter()
        .map(|(i, ran)| {
            let p = &runner.hooks[i];
            match ran {
                Ran::Finished(f) => {
                    let (run, r) = interpret(i, &p.hook.id, &p.hook.source_event, &f);
                    (run, Some(r))
                }
                Ran::DuplicateOf(first) => (duplicate_run(runner, i, first), None),
            }
        })
        .collect();
    let event_name = runner.hooks[group[0]].hook.source_event.as_str();
    let first_block = runs
        .iter()
        .position(|(_, r)| r.as_ref().is_some_and(|r| r.block));
    if let Some(b) = first_block {
        let r = runs[b].1.take().unwrap_or_default();
        let (run, _) = &mut runs[b];
        if kind == Kind::UserPromptSubmit {
            // `renderUserPromptHookBlockResult`: the message over the reason; the text goes into
            // the conversation as an assistant message; no other hook's context is added.
            let shown = trimmed_nonempty(r.message.as_deref())
                .or_else(|| trimmed_nonempty(r.reason.as_deref()))
                .map_or_else(|| default_reason(event_name), str::to_string);
            run.effects.push(json!({
                "effect": "assistant_message",
                "hook": run.outcome.id,
                "text": render_hook_result(event_name, &shown),
            }));
            run.block = Some(shown);
        } else {
            // `blockDecision`: the first block's reason, trimmed; empty → the default.
            run.block = Some(
                trimmed_nonempty(r.reason.as_deref())
                    .map_or_else(|| default_reason(event_name), str::to_string),
            );
        }
    } else if kind == Kind::UserPromptSubmit {
        // `renderUserPromptHookResult`: each clean result's message (else its stdout), trimmed,
        // wrapped, joined with "\n" into one user message.
        let texts: Vec<String> = runs
            .iter()
            .filter_map(|(_, r)| r.as_ref().and_then(context_text))
            .map(|t| render_hook_result(event_name, &t))
            .collect();
        if let (false, Some((run, _))) = (texts.is_empty(), runs.first_mut()) {
            run.context.push(texts.join("\n"));
        }
    }
    runs.into_iter().map(|(run, _)| run).collect()
}

fn default_reason(event_name: &str) -> String {
    format!("Blocked by {event_name} hook")
}

/// `s?.trim()` when non-empty (JavaScript whitespace).
fn trimmed_nonempty(s: Option<&str>) -> Option<&str> {
    s.map(|s| Ws::JavaScript.trim(s)).filter(|s| !s.is_empty())
}

/// `userPromptHookMessage`, except for Kimi's bug: a structured answer whose `message` is
/// present but blank (`{"message": ""}`) makes Kimi inject the raw JSON text; here it adds
/// nothing (docs/conventions/jarvis.md).
fn context_text(r: &KimiResult) -> Option<String> {
    if !r.clean {
        return None;
    }
    if let Some(m) = trimmed_nonempty(r.message.as_deref()) {
        return Some(m.to_string());
    }
    if r.structured && r.message.is_some() {
        return None;
    }
    trimmed_nonempty(Some(&r.stdout)).map(str::to_string)
}

/// `resultFromExitCode`: exit 2 blocks with trimmed stderr (JSON not read); exit 0 reads the
/// JSON answer; anything else, a timeout or a spawn failure allows.
fn interpret(index: usize, id: &str, event_name: &str, f: &Finished) -> (HookRun, KimiResult) {
    let outcome = |k| outcome_of(id, SHELL, Launch::Shell, f, k);
    let stdout = String::from_utf8_lossy(&f.stdout).into_owned();
    match f.status {
        Status::Exited(code) if code == lim::BLOCK_EXIT_CODE => {
            let stderr = String::from_utf8_lossy(&f.stderr);
            let message = Ws::JavaScript.trim(&stderr).to_string();
            let r = KimiResult {
                block: true,
                message: Some(message.clone()),
                reason: Some(message),
                stdout,
                ..KimiResult::default()
            };
            (HookRun::new(index, outcome(OutcomeKind::Blocked)), r)
        }
        Status::Exited(0) => {
            let structured: Option<Structured> = match &f.stdout_skimmed {
                Some(skimmed) => kimi_answer::from_skimmed(skimmed.clone()),
                None => kimi_answer::read(&f.stdout),
            };
            let block = structured.as_ref().is_some_and(|s| s.deny);
            let r = KimiResult {
                block,
                message: structured.as_ref().and_then(|s| s.message.clone()),
                reason: structured.as_ref().and_then(|s| s.reason.clone()),
                stdout,
                clean: true,
                structured: structured.is_some(),
            };
            let kind = if block {
                OutcomeKind::Blocked
            } else {
                OutcomeKind::Allowed
            };
            let _ = event_name;
            (HookRun::new(index, outcome(kind)), r)
        }
        Status::TimedOut => (
            HookRun::new(index, outcome(OutcomeKind::TimedOut)),
            KimiResult::default(),
        ),
        _ => {
            let mut o = outcome(OutcomeKind::Failed);
            if let (Some(code), None) = (f.exit_code(), &o.error) {
                o.error = Some(format!(
                    "exit {code}: Jarvis allows on any exit but 0 and 2"
                ));
            }
            (HookRun::new(index, o), KimiResult::default())
        }
    }
}

/// The outcome of a hook the agent did not wait for, once it finished (its answer is not read).
pub(crate) fn background_outcome(id: &str, f: &Finished) -> crate::HookOutcome {
    let kind = match f.status {
        Status::Exited(0) => OutcomeKind::Allowed,
        Status::Exited(c) if c == lim::BLOCK_EXIT_CODE => OutcomeKind::Blocked,
        Status::TimedOut => OutcomeKind::TimedOut,
        _ => OutcomeKind::Failed,
    };
    let mut o = outcome_of(id, SHELL, Launch::Shell, f, kind);
    o.detached = true;
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_output_is_cut_to_2000_utf16_units_like_string_slice() {
        assert_eq!(utf16_prefix(&"ü".repeat(2500), 2000).chars().count(), 2000);
        let emoji = "🚀".repeat(1500); // 3000 units
        assert_eq!(utf16_prefix(&emoji, 2000).chars().count(), 1000);
        let odd = format!("a{}", "🚀".repeat(1500));
        assert_eq!(
            utf16_prefix(&odd, 2000).chars().count(),
            1000,
            "no half emoji"
        );
    }
}
