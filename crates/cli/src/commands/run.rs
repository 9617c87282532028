//! `hooks run KIND [PATH] [--home DIR] [--tool NAME] [--input JSON] [--prompt TEXT]`: builds
//! one canonical event, dispatches it through the runner over the discovered hooks, and prints
//! design.md's JSON (exit 0 whatever the decision).

use crate::args::RunArgs;
use crate::exit::Exit;
use anyhow::{bail, Context as _};
use hook_ir::{CompiledMatcher, Hook, Kind};
use runner::{Decision, Event, HookOutcome, OutcomeKind, Runner, RunnerOptions, Verdict};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The version of the `hooks run` JSON output.
const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct RunV1<'a> {
    schema_version: u32,
    kind: &'a str,
    decision: &'a str,
    reason: Option<&'a str>,
    context: &'a [String],
    hooks: Vec<OutcomeV1<'a>>,
}

#[derive(Serialize)]
struct OutcomeV1<'a> {
    id: &'a str,
    outcome: OutcomeKind,
    exit_code: Option<i32>,
    duration_ms: u64,
}

/// Renders a decision as the schema_version 1 document, with a trailing newline.
fn render(d: &Decision) -> String {
    let (decision, reason) = match &d.verdict {
        Verdict::Allow => ("allow", None),
        Verdict::Block { reason } => ("block", Some(reason.as_str())),
    };
    let doc = RunV1 {
        schema_version: SCHEMA_VERSION,
        kind: d.kind.as_str(),
        decision,
        reason,
        context: &d.context,
        hooks: d
            .hooks
            .iter()
            .map(|h| OutcomeV1 {
                id: &h.id,
                outcome: h.outcome,
                exit_code: h.exit_code,
                duration_ms: h.duration_ms,
            })
            .collect(),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// Why a hook ended as it did, when the runner said (its `error`) or, for a hook that failed or
/// timed out, what it printed on stderr. `None` for a plain allow or block.
fn explain(h: &HookOutcome) -> Option<String> {
    if let Some(e) = &h.error {
        return Some(e.clone());
    }
    let stderr = h.stderr.trim();
    let failed = matches!(h.outcome, OutcomeKind::Failed | OutcomeKind::TimedOut);
    (failed && !stderr.is_empty()).then(|| format!("stderr: {stderr}"))
}

fn outcome_word(o: OutcomeKind) -> &'static str {
    match o {
        OutcomeKind::Allowed => "allowed",
        OutcomeKind::Blocked => "blocked",
        OutcomeKind::Failed => "failed",
        OutcomeKind::TimedOut => "timed out",
    }
}

/// The event the flags describe. Flags that do not apply to the kind are usage errors.
fn event(a: &RunArgs, kind: Kind) -> anyhow::Result<Event> {
    if a.tool.is_some() && !kind.is_tool_kind() {
        bail!("--tool applies only to pre_tool_use and post_tool_use, not {kind}");
    }
    if a.input.is_some() && !kind.is_tool_kind() {
        bail!("--input applies only to pre_tool_use and post_tool_use, not {kind}");
    }
    if a.prompt.is_some() && kind != Kind::UserPromptSubmit {
        bail!("--prompt applies only to user_prompt_submit, not {kind}");
    }
    let input: Value = match &a.input {
        Some(s) => {
            serde_json::from_str(s).with_context(|| {
                // The input can be as long as the command line allows: quote its start only.
                let mut end = s.len().min(INPUT_QUOTE_BYTES);
                while !s.is_char_boundary(end) {
                    end -= 1;
                }
                let more = if end < s.len() { "…" } else { "" };
                format!("--input is not valid JSON: {}{more}", &s[..end])
            })?
        }
        None => Value::Object(Default::default()),
    };
    let tool = a.tool.clone().unwrap_or_default();
    Ok(match kind {
        Kind::PreToolUse => Event::pre_tool_use(tool, input),
        Kind::PostToolUse => Event::post_tool_use(tool, input, ""),
        Kind::UserPromptSubmit => Event::user_prompt_submit(a.prompt.clone().unwrap_or_default()),
        Kind::Stop => Event::stop(),
        Kind::SessionStart => Event::session_start("startup"),
        Kind::SessionShutdown => Event::session_shutdown("exit"),
    })
}

/// The session cwd for PATH: PATH itself when it is a directory; for an explicit file, the
/// project it belongs to. A project-level `.claude/settings*.json` or `.codex/hooks.json` belongs
/// to the directory above its `.claude`/`.codex` dir, where Claude Code and Codex run its
/// commands (a `./script.sh` in it is relative to the project root); any other file, its
/// directory.
fn session_cwd(path: PathBuf) -> PathBuf {
    if path.is_dir() {
        return path;
    }
    let Some(dir) = path.parent() else {
        return path;
    };
    let in_agent_dir = matches!(
        dir.file_name().and_then(|n| n.to_str()),
        Some(".claude" | ".codex")
    );
    match dir.parent() {
        Some(project) if in_agent_dir => project.to_path_buf(),
        _ => dir.to_path_buf(),
    }
}

/// How much of an `--input` that is not JSON its error message quotes.
const INPUT_QUOTE_BYTES: usize = 200;

/// How long `hooks run` lets the ECMAScript regex matchers of the event's hooks test its values.
/// A backtracking engine (JavaScript's, and `regress`) takes exponential time on patterns such
/// as `^(a+)+$` against `aaa…a!`; the agent would hang there, `hooks run` must not. A real
/// matcher tests a tool name in microseconds.
const MATCH_BUDGET: Duration = Duration::from_secs(1);

/// Splits `hooks` into those whose matcher can be tested on `event`'s values within `budget`
/// and, for the rest, (id, reason). Only ECMAScript regexes that are more than literal
/// alternations are tested ahead, one after another on a worker thread; every other matcher runs
/// in time linear in the value. A matcher still searching after `budget` is given up on and a
/// new worker goes on with the next: the thread left searching cannot be stopped and ends with
/// the process. So the threads are one plus one per hopeless matcher, however many hooks.
fn screen_matchers(
    hooks: Vec<Hook>,
    event: &Event,
    budget: Duration,
) -> (Vec<Hook>, Vec<(String, String)>) {
    // The values a runner may test a matcher against (a hook whose row matches nothing tests "").
    let values: Arc<Vec<String>> = Arc::new(
        [
            event.tool_name.as_deref(),
            event.prompt.as_deref(),
            event.source.as_deref(),
            event.reason.as_deref(),
            Some(""),
        ]
        .into_iter()
        .flatten()
        .map(str::to_owned)
        .collect(),
    );
    let risky: Arc<Vec<(usize, CompiledMatcher)>> = Arc::new(
        hooks
            .iter()
            .enumerate()
            .filter(|(_, h)| h.kind == event.kind())
            .filter_map(|(i, h)| match h.matcher.compile() {
                Ok(m @ CompiledMatcher::Ecma(_)) => Some((i, m)),
                _ => None,
            })
            .collect(),
    );
    let mut hopeless = HashSet::new();
    let mut next = 0;
    while next < risky.len() {
        let (tx, rx) = mpsc::channel();
        let (todo, values, start) = (Arc::clone(&risky), Arc::clone(&values), next);
        let spawned = std::thread::Builder::new()
            .name("matcher-screen".into())
            .spawn(move || {
                for (_, m) in &todo[start..] {
                    for v in values.iter() {
                        std::hint::black_box(m.is_match(v));
                    }
                    if tx.send(()).is_err() {
                        return;
                    }
                }
            });
        // No thread: the rest is left to the runner, as before screening existed.
        if spawned.is_err() {
            break;
        }
        loop {
            match rx.recv_timeout(budget) {
                Ok(()) => next += 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    hopeless.insert(risky[next].0);
                    next += 1;
                    break;
                }
                // The worker is done (or gone): nothing more to wait for.
                Err(mpsc::RecvTimeoutError::Disconnected) => next = risky.len(),
            }
            if next >= risky.len() {
                break;
            }
        }
    }
    let mut kept = Vec::with_capacity(hooks.len());
    let mut skipped = Vec::new();
    for (i, h) in hooks.into_iter().enumerate() {
        if hopeless.contains(&i) {
            skipped.push((
                h.id.clone(),
                format!(
                    "its matcher did not finish within {} ms on this event (an ECMAScript \
                     regex that backtracks catastrophically; the agent would hang on it)",
                    budget.as_millis()
                ),
            ));
        } else {
            kept.push(h);
        }
    }
    (kept, skipped)
}

pub fn run(a: RunArgs) -> anyhow::Result<Exit> {
    let kind = Kind::parse(&a.kind).with_context(|| format!("unknown kind `{}`", a.kind))?;
    let event = event(&a, kind)?;
    let paths: Vec<PathBuf> = a.path.iter().cloned().collect();
    let found = super::discover_paths(&paths, &a.source, super::discover::PathsFrom::Root)?;
    let path = std::path::absolute(a.path.as_deref().unwrap_or(".".as_ref()))?;
    let project = session_cwd(path);
    let home = match &a.source.home {
        Some(h) => Some(std::path::absolute(h)?),
        None => None,
    };
    let options = RunnerOptions {
        session_id: Some(format!("hooks-run-{}", std::process::id())),
        cwd: Some(project),
        home,
        // GJC directory and plugin modules run in the bundled JavaScript host; it starts only
        // when an event matches a module hook.
        module_dispatch: Some(std::sync::Arc::new(
            runner::module_host::ModuleHost::default(),
        )),
        ..RunnerOptions::default()
    };
    // A file that does not parse, or a hook the reader rejected, runs nothing: say so rather
    // than print a decision that silently ignores it.
    for d in &found.batch.diagnostics {
        if d.severity() == hook_ir::Severity::Error {
            let at = d
                .location
                .as_ref()
                .map(|l| format!(" at {}", crate::render::human::place(l)))
                .unwrap_or_default();
            eprintln!(
                "{}",
                crate::render::human::visible_line(&format!(
                    "error[{}]{at}: {} (`hooks lint` shows it)",
                    d.code, d.message
                ))
            );
        }
    }
    let (line, shown) = (
        crate::render::human::visible_line,
        crate::render::human::visible,
    );
    let (hooks, unmatchable) = screen_matchers(found.batch.hooks, &event, MATCH_BUDGET);
    for (id, reason) in &unmatchable {
        eprintln!("note: hook `{}` is not run: {}", line(id), shown(reason));
    }
    let runner = Runner::new(hooks, options);
    for s in runner.skipped() {
        eprintln!(
            "note: hook `{}` is not run: {}",
            line(&s.id),
            shown(&s.reason)
        );
    }
    let decision = runner.dispatch_blocking(&event);
    // design.md's JSON has no room for why a hook failed; without this a module that does not
    // load, or a hook that crashed, would be a bare `failed` with nothing to act on.
    for h in &decision.hooks {
        if let Some(why) = explain(h) {
            // A hook's stderr reaches the terminal as text, never as escape sequences.
            eprintln!(
                "note: hook `{}` {}: {}",
                line(&h.id),
                outcome_word(h.outcome),
                shown(&why)
            );
        }
    }
    out!("{}", render(&decision));
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_block_with_reason_context_and_outcomes_as_design_md_says() {
        let mut d = Decision::allow(Kind::PreToolUse);
        d.verdict = Verdict::Block {
            reason: "no rm".into(),
        };
        d.context.push("ctx".into());
        d.hooks.push(HookOutcome {
            id: "jarvis:config.toml:1".into(),
            outcome: OutcomeKind::TimedOut,
            exit_code: None,
            signal: Some(9),
            duration_ms: 3,
            stderr: "not shown".into(),
            error: Some("not shown".into()),
            detached: false,
        });
        let v: Value = serde_json::from_str(&render(&d)).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"schema_version": 1, "kind": "pre_tool_use", "decision": "block",
                "reason": "no rm", "context": ["ctx"],
                "hooks": [{"id": "jarvis:config.toml:1", "outcome": "timed_out", "exit_code": null, "duration_ms": 3}]})
        );
    }
}
