//! `hooks run KIND [PATH] [--home DIR] [--tool NAME] [--input JSON] [--prompt TEXT]`: builds
//! one canonical event, dispatches it through the runner over the discovered hooks, and prints
//! design.md's JSON (exit 0 whatever the decision; 1, and a `block`, when a `pre_tool_use` module
//! hook could not be loaded: [`report_not_loaded`]). `hooks run --events FILE [PATH]` replays a
//! session: JSON lines of events through one runner, one decision per line.

use crate::args::RunArgs;
use crate::exit::Exit;
use anyhow::{bail, Context as _};
use hook_ir::{CompiledMatcher, Hook, Kind};
use runner::{Decision, Event, HookOutcome, OutcomeKind, RunnerOptions, Verdict};
use serde::{Deserialize, Serialize};
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
    /// The tool input the agent runs instead of the original (`pre_tool_use`).
    updated_input: Option<&'a Value>,
    /// What the agent does to the tool output the model receives (`post_tool_use`).
    tool_output: Option<ToolOutputV1<'a>>,
    /// The prompt the agent continues with (`stop`).
    continuation: Option<&'a str>,
    /// `continue: false`: the agent stops after the hooks.
    stop: Option<StopV1<'a>>,
    /// The hooks of this kind refused before anything ran — by the project's `hooks.lock` or
    /// their own agent's trust — with why; left out when none is (added to version 1).
    #[serde(skip_serializing_if = "<[RefusedV1]>::is_empty")]
    refused: &'a [RefusedV1],
    hooks: Vec<OutcomeV1<'a>>,
    /// When the hooks of several agents ran: each agent's own decision (an agent runs only its
    /// own hooks; the top-level decision is what a bridge merging them answers).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    agents: &'a [AgentV1<'a>],
}

/// One agent's decision over its own hooks.
#[derive(Serialize)]
struct AgentV1<'a> {
    agent: &'static str,
    decision: &'static str,
    reason: Option<&'a str>,
    hooks: Vec<&'a str>,
}

fn agent_v1(c: hook_ir::Convention, d: &Decision) -> AgentV1<'_> {
    let (decision, reason) = match &d.verdict {
        Verdict::Allow => ("allow", None),
        Verdict::Block { reason } => ("block", Some(reason.as_str())),
    };
    AgentV1 {
        agent: c.as_str(),
        decision,
        reason,
        hooks: d.hooks.iter().map(|h| h.id.as_str()).collect(),
    }
}

/// A replaced tool output: the fields that change, `null` when kept.
/// A hook the trust policy refused.
#[derive(Serialize)]
struct RefusedV1 {
    id: String,
    reason: String,
    #[serde(skip)]
    kind: Kind,
}

#[derive(Serialize)]
struct ToolOutputV1<'a> {
    content: Option<&'a Value>,
    details: Option<&'a Value>,
    is_error: Option<bool>,
}

#[derive(Serialize)]
struct StopV1<'a> {
    hook: Option<&'a str>,
    reason: Option<&'a str>,
}

#[derive(Serialize)]
struct OutcomeV1<'a> {
    id: &'a str,
    outcome: OutcomeKind,
    exit_code: Option<i32>,
    duration_ms: u64,
    /// Present (and `false`) only for a hook the agent does not wait for: a jcode observer, a
    /// Jarvis PostToolUse hook. Without `--wait` its outcome is "started" (`allowed`, no exit
    /// code); with `--wait`, what it really did.
    #[serde(skip_serializing_if = "is_true")]
    awaited: bool,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// Renders a decision as the schema_version 1 document, with a trailing newline.
#[cfg(test)]
fn render(d: &Decision) -> String {
    render_with(d, &[], &[])
}

/// [`render`], with the hooks refused before anything ran, and each agent's decision when
/// several agents' hooks ran.
fn render_with(d: &Decision, refused: &[RefusedV1], agents: &[AgentV1<'_>]) -> String {
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
        updated_input: d.updated_input.as_ref(),
        tool_output: d.tool_result.as_ref().map(|t| ToolOutputV1 {
            content: t.content.as_ref(),
            details: t.details.as_ref(),
            is_error: t.is_error,
        }),
        continuation: d.continuation.as_deref(),
        refused,
        stop: d
            .effects
            .iter()
            .find(|e| e["effect"] == "stop")
            .map(|e| StopV1 {
                hook: e["hook"].as_str(),
                reason: e["reason"].as_str(),
            }),
        hooks: d
            .hooks
            .iter()
            .map(|h| OutcomeV1 {
                id: &h.id,
                outcome: h.outcome,
                exit_code: h.exit_code,
                duration_ms: h.duration_ms,
                awaited: !h.detached,
            })
            .collect(),
        agents,
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// [`render_with`] on one line, for `--events` (JSON lines).
fn render_line_with(d: &Decision, refused: &[RefusedV1], agents: &[AgentV1<'_>]) -> String {
    let pretty = render_with(d, refused, agents);
    let v: Value = serde_json::from_str(&pretty).unwrap_or(Value::Null);
    let mut s = v.to_string();
    s.push('\n');
    s
}

/// Replaces the "started" outcomes of hooks the agent did not wait for by their real ones.
fn merge_waited(d: &mut Decision, finished: Vec<HookOutcome>) {
    for f in finished {
        if let Some(h) = d.hooks.iter_mut().find(|h| h.id == f.id && h.detached) {
            *h = f;
        }
    }
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
    if a.source_value.is_some() && !matches!(kind, Kind::SessionStart | Kind::UserPromptSubmit) {
        bail!("--source applies only to session_start and user_prompt_submit, not {kind}");
    }
    if a.reason.is_some() && kind != Kind::SessionShutdown {
        bail!("--reason applies only to session_shutdown, not {kind}");
    }
    if a.tool.is_none() && kind.is_tool_kind() {
        // An empty tool name matches no tool matcher: say so rather than let a guard look absent.
        eprintln!(
            "warning: no --tool given: hooks with a tool matcher see an empty tool name and do not run"
        );
    }
    let tool = a.tool.clone().unwrap_or_default();
    let mut e = match kind {
        Kind::PreToolUse => Event::pre_tool_use(tool, input),
        Kind::PostToolUse => Event::post_tool_use(tool, input, ""),
        Kind::UserPromptSubmit => Event::user_prompt_submit(a.prompt.clone().unwrap_or_default()),
        Kind::Stop => Event::stop(),
        Kind::SessionStart => Event::session_start(""),
        Kind::SessionShutdown => Event::session_shutdown(""),
    };
    // Unset, each convention sends its own default (jcode `create`/`close`/`chat`, the others
    // `startup`/`exit`): docs/cli.md.
    e.source = a.source_value.clone();
    e.reason = a.reason.clone();
    e.model = a.model.clone();
    Ok(e)
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
pub(crate) const MATCH_BUDGET: Duration = Duration::from_secs(1);

/// Splits `hooks` into those whose matcher can be tested on `event`'s values within `budget`
/// and, for the rest, (id, reason). Only ECMAScript regexes that are more than literal
/// alternations are tested ahead, one after another on a worker thread; every other matcher runs
/// in time linear in the value. A matcher still searching after `budget` is given up on and a
/// new worker goes on with the next: the thread left searching cannot be stopped and ends with
/// the process. So the threads are one plus one per hopeless matcher, however many hooks.
pub(crate) fn screen_matchers(
    hooks: Vec<Hook>,
    event: &Event,
    budget: Duration,
) -> (Vec<Hook>, Vec<(String, String)>) {
    let prompt = event.prompt_text();
    // The values a runner may test a matcher against (a hook whose row matches nothing tests "").
    let values: Arc<Vec<String>> = Arc::new(
        [
            event.tool_name.as_deref(),
            Some(prompt.as_ref()),
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

/// Flushes stdout and stderr and points both at /dev/null: a reader waiting for their end gets
/// it now. Best effort: if /dev/null cannot be opened, they stay open (the reader then waits for
/// the hooks still running).
fn release_stdio() {
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    if let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") {
        let _ = rustix::stdio::dup2_stdout(&null);
        let _ = rustix::stdio::dup2_stderr(&null);
    }
}

/// One line of `hooks run --events FILE`: an event, with the same vocabulary as the flags.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventLine {
    kind: String,
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    input: Option<Value>,
    #[serde(default)]
    tool_call_id: Option<String>,
    /// post_tool_use: the tool's output.
    #[serde(default)]
    output: Option<String>,
    /// post_tool_use: `ok` or `error`.
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    duration_ms: Option<u64>,
    #[serde(default)]
    prompt: Option<String>,
    /// user_prompt_submit: content parts (`[{"type":"text","text":…}]`).
    #[serde(default)]
    prompt_parts: Option<Value>,
    /// user_prompt_submit: `user` (default), `system_trigger`, …
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    is_steer: bool,
    /// stop: why the model's step ended (`stop`, `tool_calls`, …).
    #[serde(default)]
    finish_reason: Option<String>,
    #[serde(default)]
    last_assistant_text: Option<String>,
    #[serde(default)]
    stop_hook_active: bool,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    model: Option<String>,
    /// The turn this event belongs to. Default: a new turn starts at each user_prompt_submit.
    #[serde(default)]
    turn: Option<Value>,
}

impl EventLine {
    fn into_event(self) -> anyhow::Result<(Event, Option<String>)> {
        let kind = Kind::parse(&self.kind).with_context(|| {
            format!(
                "unknown kind `{}` (expected one of: {})",
                self.kind,
                Kind::ALL.map(|k| k.as_str()).join(", ")
            )
        })?;
        let mut e = match kind {
            Kind::PreToolUse => Event::pre_tool_use(
                self.tool.unwrap_or_default(),
                self.input
                    .unwrap_or_else(|| Value::Object(Default::default())),
            ),
            Kind::PostToolUse => Event::post_tool_use(
                self.tool.unwrap_or_default(),
                self.input
                    .unwrap_or_else(|| Value::Object(Default::default())),
                self.output.unwrap_or_default(),
            ),
            Kind::UserPromptSubmit => Event::user_prompt_submit(self.prompt.unwrap_or_default()),
            Kind::Stop => Event::stop(),
            Kind::SessionStart => Event::session_start(""),
            Kind::SessionShutdown => Event::session_shutdown(""),
        };
        e.source = self.source;
        e.reason = self.reason;
        e.model = self.model;
        e.tool_call_id = self.tool_call_id;
        if self.status.is_some() {
            e.status = self.status;
        }
        e.error = self.error;
        e.duration_ms = self.duration_ms;
        e.prompt_parts = self.prompt_parts;
        e.prompt_origin = self.origin;
        e.is_steer = self.is_steer;
        e.finish_reason = self.finish_reason;
        e.last_assistant_text = self.last_assistant_text;
        e.stop_hook_active = self.stop_hook_active;
        let turn = match self.turn {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s),
            Some(other) => Some(other.to_string()),
        };
        Ok((e, turn))
    }
}

/// Reads `--events FILE` (`-` for stdin): one event per non-empty line, each with its turn id.
fn read_events(path: &std::path::Path) -> anyhow::Result<Vec<Event>> {
    let text = if path == std::path::Path::new("-") {
        std::io::read_to_string(std::io::stdin()).context("cannot read the events from stdin")?
    } else {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read --events {}", path.display()))?
    };
    let mut events = Vec::new();
    let mut turns = 0u64;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: EventLine = serde_json::from_str(line)
            .with_context(|| format!("--events {} line {}: not an event", path.display(), n + 1))?;
        let (mut e, turn) = parsed
            .into_event()
            .with_context(|| format!("--events {} line {}", path.display(), n + 1))?;
        if e.kind() == Kind::UserPromptSubmit {
            turns += 1;
        }
        e.turn_id = Some(turn.unwrap_or_else(|| format!("turn-{turns}")));
        events.push(e);
    }
    Ok(events)
}

pub fn run(a: RunArgs) -> anyhow::Result<Exit> {
    // With --events the one positional argument is PATH.
    let (events, path_arg) = match &a.events {
        Some(file) => {
            if a.kind.is_some() && a.path.is_some() {
                bail!("with --events, give at most one PATH (no KIND)");
            }
            (
                read_events(file)?,
                a.kind
                    .as_ref()
                    .map(PathBuf::from)
                    .or_else(|| a.path.clone()),
            )
        }
        None => {
            let k = a.kind.as_deref().unwrap_or("");
            let kind = Kind::parse(k).with_context(|| {
                format!(
                    "invalid value '{k}' for '<KIND>': expected one of {}",
                    Kind::ALL.map(|k| k.as_str()).join(", ")
                )
            })?;
            (vec![event(&a, kind)?], a.path.clone())
        }
    };
    let paths: Vec<PathBuf> = path_arg.iter().cloned().collect();
    let found = super::discover_paths(&paths, &a.source, super::discover::PathsFrom::Root)?;
    let path = std::path::absolute(path_arg.as_deref().unwrap_or(".".as_ref()))?;
    let project = session_cwd(path);
    let home = match &a.source.home {
        Some(h) => Some(std::path::absolute(h)?),
        None => None,
    };
    // The project's hooks.lock and each agent's own trust decide what may run.
    let mut trust_ctx = adapters::Context::from_process(
        Some(project.clone()),
        home.clone()
            .or_else(|| std::env::var_os("HOME").map(PathBuf::from)),
        !a.source.no_env,
    );
    trust_ctx.cwd = None;
    let (trust, trust_notes) = super::trust_policy::policy(
        &trust_ctx,
        &project,
        &found.batch.hooks,
        &found.sources,
        &found.batch.diagnostics,
        a.trust_all,
    );
    for n in &trust_notes {
        eprintln!("note: {}", crate::render::human::visible_line(n));
    }
    // Said in the outcome: which hooks of the event's kind were refused, and why.
    let refused: Vec<RefusedV1> = trust
        .as_ref()
        .map(|p| {
            found
                .batch
                .hooks
                .iter()
                .filter_map(|h| {
                    p.refuse(h).map(|reason| RefusedV1 {
                        id: h.id.clone(),
                        reason,
                        kind: h.kind,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let refused_of = |k: Kind| -> Vec<RefusedV1> {
        refused
            .iter()
            .filter(|r| r.kind == k)
            .map(|r| RefusedV1 {
                id: r.id.clone(),
                reason: r.reason.clone(),
                kind: r.kind,
            })
            .collect()
    };
    let codex_enforced = !a.trust_all
        && adapters::codex_json::trust::codex_home(&trust_ctx).is_some_and(|h| h.is_dir());
    let home_of_run = home
        .clone()
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from));
    let options = RunnerOptions {
        session_id: Some(format!("hooks-run-{}", std::process::id())),
        cwd: Some(project),
        home,
        trust,
        // GJC directory and plugin modules run in the bundled JavaScript host; it starts only
        // when an event matches a module hook.
        module_dispatch: Some(std::sync::Arc::new(
            runner::module_host::ModuleHost::default(),
        )),
        // Hooks the agent does not wait for go to a supervisor process, so this one exits
        // when the agent would go on; `--wait` runs them here to report them.
        detach: if a.wait {
            runner::Detach::InProcess
        } else {
            runner::Detach::HandOff
        },
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
    // Codex skips untrusted hooks silently. Where Codex has state, `hooks run` skips them too
    // (the runner's skipped list says why); where it has none, it runs them to show what they
    // answer, and says which ones Codex would skip.
    for d in found.batch.diagnostics.iter().filter(|_| !codex_enforced) {
        if matches!(
            d.code,
            hook_ir::Code::CodexHookUntrusted
                | hook_ir::Code::CodexHookChanged
                | hook_ir::Code::CodexProjectUntrusted
        ) {
            let at = d
                .location
                .as_ref()
                .map(|l| format!(" at {}", crate::render::human::place(l)))
                .unwrap_or_default();
            eprintln!(
                "{}",
                crate::render::human::visible_line(&format!(
                    "note[{}]{at}: {} (`hooks run` runs it anyway)",
                    d.code, d.message
                ))
            );
        }
    }
    let (line, shown) = (
        crate::render::human::visible_line,
        crate::render::human::visible,
    );
    let mut hooks = found.batch.hooks;
    // `--convention` with a project directory: only that convention's hooks run (issue 27; it
    // used to be ignored for directories). With a file it names the file's convention.
    if let (Some(c), true) = (
        a.source.convention,
        path_arg.as_deref().is_none_or(|p| p.is_dir()),
    ) {
        let before = hooks.len();
        hooks.retain(|h| h.convention == c);
        if hooks.len() < before {
            eprintln!(
                "note: --convention {c}: {} hook(s) of other conventions are not run",
                before - hooks.len()
            );
        }
    }
    for e in &events {
        let (kept, unmatchable) = screen_matchers(hooks, e, MATCH_BUDGET);
        hooks = kept;
        for (id, reason) in &unmatchable {
            eprintln!("note: hook `{}` is not run: {}", line(id), shown(reason));
        }
    }
    // Where each hook is written, for the lines about modules that do not load.
    let places: std::collections::HashMap<String, String> = hooks
        .iter()
        .map(|h| (h.id.clone(), crate::render::human::place(&h.location)))
        .collect();
    let all_hooks = hooks.clone();
    let agents = super::run_agents::Agents::new(hooks, &options);
    for s in agents.skipped() {
        eprintln!(
            "note: hook `{}` is not run: {}",
            line(&s.id),
            shown(&s.reason)
        );
    }
    let session = a.events.is_some();
    let mut guard_not_loaded = false;
    let mut gate_failed = false;
    let mut left = Vec::new();
    for event in &events {
        let (per_agent, spelled) = agents.dispatch(event);
        for n in &spelled {
            eprintln!("note: {}", shown(n));
        }
        let mut decision = super::run_agents::merge(event.kind(), &per_agent);
        if a.wait {
            merge_waited(&mut decision, agents.wait_detached());
        }
        let (l, notes) = super::detached::hand_off(agents.take_detached(), home_of_run.as_deref());
        left.extend(l);
        for n in notes {
            eprintln!("note: {}", shown(&n));
        }
        guard_not_loaded |= report_not_loaded(&mut decision, &places);
        // design.md's JSON has no room for why a hook failed; without this a module that does
        // not load, or a hook that crashed, would be a bare `failed` with nothing to act on.
        for h in decision.hooks.iter().filter(|h| !h.not_loaded) {
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
        for (c, d) in &per_agent {
            for w in super::run_agents::failed_gates(*c, d, &all_hooks) {
                gate_failed = true;
                eprintln!("{}", line(&w));
            }
        }
        // Several agents' hooks ran: each agent decides over its own hooks only.
        let per: Vec<AgentV1<'_>> = if per_agent.len() > 1 {
            per_agent.iter().map(|(c, d)| agent_v1(*c, d)).collect()
        } else {
            Vec::new()
        };
        if session {
            out!(
                "{}",
                render_line_with(&decision, &refused_of(decision.kind), &per)
            );
        } else {
            out!(
                "{}",
                render_with(&decision, &refused_of(decision.kind), &per)
            );
        }
    }
    // Hooks the agent does not wait for keep running after the answer is printed, as under the
    // agent, in a supervisor process of their own. Those no supervisor took run here: the
    // reader of this process's output gets its end at once (stdout and stderr are pointed at
    // /dev/null), while the process waits for those hooks before it exits, so their timeouts
    // still hold and none is killed half-way.
    if agents.detached_running() > 0 || !left.is_empty() {
        release_stdio();
        agents.wait_detached();
        super::detached::run_here(left);
    }
    Ok(
        if guard_not_loaded || (a.fail_on_hook_error && gate_failed) {
            Exit::Findings
        } else {
            Exit::Success
        },
    )
}

/// Says on stderr which module hooks of `d` were not loaded (`module_not_loaded`) and whether
/// that changes the answer; returns whether one of them was a guard.
///
/// A `tool_call` guard that was not loaded fails closed here, unlike in GJC, which reports the
/// module and runs without it (`extensibility/hooks/loader.ts`, `loadHook`): `hooks run` is how
/// one checks a guard, so "allow" from a guard that never ran would be a wrong answer given
/// with confidence. The decision becomes `block` with the reason (the runner already blocks
/// when no runtime could start the module) and the exit status 1. An observer that was not
/// loaded (a `tool_result`, `session_start`, … handler) cannot change allow/block: a warning,
/// and the decision stays the one the agent gives without it.
fn report_not_loaded(d: &mut Decision, places: &std::collections::HashMap<String, String>) -> bool {
    use crate::render::human::{visible, visible_line};
    let guard = d.kind == Kind::PreToolUse;
    let mut any = false;
    for h in d.hooks.iter().filter(|h| h.not_loaded) {
        any = true;
        let at = places
            .get(&h.id)
            .map(|p| format!(" at {p}"))
            .unwrap_or_default();
        let why = h.error.as_deref().unwrap_or("it could not be loaded");
        let (level, effect) = if guard {
            ("error", "so it cannot answer and `hooks run` answers block")
        } else {
            ("warning", "so its handlers did not run")
        };
        eprintln!(
            "{}",
            visible_line(&format!(
                "{level}[{}]{at}: hook `{}` was not loaded, {effect}: {}",
                hook_ir::Code::ModuleNotLoaded,
                h.id,
                visible(why)
            ))
        );
    }
    if guard && any && !d.is_block() {
        let first = d.hooks.iter().find(|h| h.not_loaded);
        let (id, why) = first
            .map(|h| (h.id.as_str(), h.error.as_deref().unwrap_or("")))
            .unwrap_or_default();
        d.verdict = Verdict::Block {
            reason: format!("hook `{id}` was not loaded: {why}"),
        };
        d.updated_input = None;
    }
    guard && any
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
            not_loaded: false,
        });
        let v: Value = serde_json::from_str(&render(&d)).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"schema_version": 1, "kind": "pre_tool_use", "decision": "block",
                "reason": "no rm", "context": ["ctx"], "updated_input": null, "tool_output": null,
                "continuation": null, "stop": null,
                "hooks": [{"id": "jarvis:config.toml:1", "outcome": "timed_out", "exit_code": null, "duration_ms": 3}]})
        );
    }

    #[test]
    fn renders_what_the_agent_does_with_the_answers() {
        // Fields v1 gained (issue 11): a rewritten input, a replaced tool output, a Stop
        // continuation and a `continue: false` stop.
        let mut d = Decision::allow(Kind::PostToolUse);
        d.updated_input = Some(serde_json::json!({"command": "ls -a"}));
        d.tool_result = Some(runner::ToolResultPatch {
            content: Some("feedback".into()),
            details: None,
            is_error: None,
        });
        d.continuation = Some("go on".into());
        d.effects
            .push(serde_json::json!({"effect": "stop", "hook": "h", "reason": "done"}));
        let v: Value = serde_json::from_str(&render(&d)).unwrap();
        assert_eq!(v["updated_input"], serde_json::json!({"command": "ls -a"}));
        assert_eq!(
            v["tool_output"],
            serde_json::json!({"content": "feedback", "details": null, "is_error": null})
        );
        assert_eq!(v["continuation"], "go on");
        assert_eq!(
            v["stop"],
            serde_json::json!({"hook": "h", "reason": "done"})
        );
    }
}
