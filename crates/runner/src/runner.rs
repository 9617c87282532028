//! The [`Runner`]: built once from accepted IR hooks, then dispatches events.

use crate::conventions::{self, module};
use crate::decision::{Decision, ToolResultPatch, Verdict};
use crate::group::Group;
use crate::options::{ModuleDispatch, RunnerOptions, Session};
use crate::outcome::{not_run, HookRun};
use crate::prepare::{Plan, Prepared};
use crate::{Event, OutcomeKind};
use hook_ir::contract::{
    find, runtime, AnswerFormat, Launch, MatchedValue, Ordering, Rules, SkipWhen, Timeout,
};
use hook_ir::{Convention, Handler, Hook, Kind};
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// A hook the runner will never run, and why (reported by [`Runner::skipped`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The hook's id.
    pub id: String,
    /// Why it never runs.
    pub reason: String,
}

/// The effective timeout of a shell hook: its own (lowered to its contract's maximum: Codex
/// clamps `SessionEnd` to 3 s), else its contract's default; inside the event's shared budget
/// when the contract has one (Claude `SessionEnd`, `budget_ms`).
fn effective_timeout(hook: &Hook, rules: Option<&Rules>, budget_ms: Option<u64>) -> Duration {
    let ms = match rules.map(|r| r.timeout) {
        Some(Timeout::Configurable {
            unit, max: Some(m), ..
        }) => hook
            .timeout_ms
            .map(|t| t.min(m.saturating_mul(unit.millis()))),
        _ => hook.timeout_ms,
    }
    .or_else(|| rules.and_then(|r| r.timeout.default_ms()));
    let ms = match (ms, budget_ms) {
        (Some(ms), Some(b)) => Some(ms.min(b)),
        (ms, _) => ms,
    };
    // No timeout anywhere (not a contract the runner knows): a day is "forever" enough and
    // keeps the arithmetic finite.
    Duration::from_millis(ms.unwrap_or(24 * 3600 * 1000))
}

const fn kind_index(kind: Kind) -> usize {
    match kind {
        Kind::UserPromptSubmit => 0,
        Kind::PreToolUse => 1,
        Kind::PostToolUse => 2,
        Kind::Stop => 3,
        Kind::SessionStart => 4,
        Kind::SessionShutdown => 5,
    }
}

/// Executes accepted IR hooks under each convention's contract.
///
/// Build it once per session with [`Runner::new`]; then hand it every event with
/// [`Runner::dispatch`] (async, tokio) or [`Runner::dispatch_blocking`]. When no hook matches
/// an event, a dispatch allocates nothing, spawns no task and no process — with one exception:
/// testing an ECMAScript regex matcher (Jarvis, Claude) that is more than a plain alternation of
/// literal words allocates the backtracking state of the `regress` engine (1–3 small allocations
/// per search). Exact-name and Rust-regex matchers, ECMAScript literal alternations such as
/// `Bash|Edit` or `^(?:Write|Edit)$` ([`hook_ir::literal_alternation`]), and kinds without
/// hooks, allocate nothing.
///
/// **Several conventions on one event.** Each convention's matching hooks run as one group
/// under that convention's contract (jcode sequential; Gemini in parallel unless a matching
/// definition says `sequential: true`; the others in parallel); the groups run
/// concurrently. The decision blocks if any hook blocks — the reason is the first blocking
/// hook's in hook order — and contexts, effects and outcomes are concatenated in hook order.
/// The first `updatedInput` in hook order wins; a block discards it.
///
/// **Stop.** A block of a `stop` event becomes the continuation prompt (the block reason).
/// Jarvis allows at most one continuation per turn (its contract's
/// [`hook_ir::contract::SkipWhen::ContinuedThisTurn`]): once a Jarvis Stop hook continued the turn
/// of [`Event::turn_id`], later Stop events of that turn run no Jarvis Stop hook at all. Without a
/// turn id, [`Event::stop_hook_active`] stands in. [`Runner::begin_turn`] numbers turns for the
/// embedder. Codex, Claude and Gemini leave the loop guard to the hook itself (they pass
/// `stop_hook_active`), so their blocks always continue.
///
/// **Hooks the agent does not wait for** (an event whose contract ordering is
/// [`hook_ir::contract::Ordering::FireAndForget`]: Jarvis PostToolUse) are started on the
/// runner's background runtime; the dispatch returns at once with "started" outcomes
/// (`detached`), and [`Runner::wait_detached`] collects what they did.
pub struct Runner {
    pub(crate) hooks: Vec<Prepared>,
    by_kind: [Vec<usize>; 6],
    pub(crate) session: Session,
    /// Changes to the inherited environment for every hook process.
    pub(crate) env: Vec<(OsString, Option<OsString>)>,
    /// Codex's shell (the login shell of the password database, or a fallback), resolved at
    /// construction.
    pub(crate) codex_shell: OsString,
    pub(crate) capture_max_bytes: usize,
    recorded: Vec<&'static crate::recorded::RecordedAgent>,
    stdin_fault: Option<crate::StdinFault>,
    module_dispatch: Option<Arc<dyn ModuleDispatch>>,
    skipped: Vec<Skipped>,
    /// Per convention with a once-per-turn continuation rule: the last turn id one of its Stop
    /// hooks continued.
    continued: Mutex<Vec<(Convention, String)>>,
    /// Hooks the agent does not wait for.
    pub(crate) background: crate::background::Background,
    /// Where hooks the agent does not wait for run.
    detach: crate::Detach,
    /// With [`crate::Detach::HandOff`]: their batches, until taken.
    handed: Mutex<Vec<crate::DetachedBatch>>,
    /// The loop limit of continuation, and the session's consecutive stop blocks.
    loop_limit: Option<u32>,
    /// The agent's own cap on consecutive continuations, when a Stop hook's convention has one
    /// ([`hook_ir::contract::ContinuationRule::Capped`]: Copilot CLI's 8); the smallest.
    stop_cap: Option<u32>,
    stop_blocks: crate::loop_limit::MemoryCount,
    /// How many turns were started.
    pub(crate) turns: crate::turn::Turns,
    runtime: OnceLock<Result<tokio::runtime::Runtime, String>>,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("hooks", &self.hooks.len())
            .field("session", &self.session)
            .field("skipped", &self.skipped)
            .finish_non_exhaustive()
    }
}

impl Runner {
    /// What the convention modules see of this runner for one dispatch.
    pub(crate) fn group(&self) -> Group<'_> {
        Group {
            hooks: &self.hooks,
            session: &self.session,
            env: &self.env,
            codex_shell: &self.codex_shell,
            capture_max_bytes: self.capture_max_bytes,
            recorded: &self.recorded,
            stdin_fault: self.stdin_fault,
        }
    }

    /// Prepares `hooks` (accepted IR hooks, in hook order) for dispatch: compiles every matcher
    /// with [`hook_ir::Matcher::compile`], resolves each hook's contract row, tokenizes jcode
    /// commands, and indexes the hooks by kind.
    ///
    /// Hooks that can never run are left out of the index and listed by [`Runner::skipped`]:
    /// a hook the [`RunnerOptions::trust`] policy refuses, a matcher that does not compile
    /// (Jarvis and Codex skip such hooks too), and every jcode hook when
    /// `JCODE_HOOKS_DISABLED` is set (to any value, even empty) in the runner's environment (the
    /// process environment with [`RunnerOptions::env`] applied), as jcode does.
    pub fn new(hooks: Vec<Hook>, options: RunnerOptions) -> Runner {
        let env_var = |name: &str| -> Option<OsString> {
            let mut v = std::env::var_os(name);
            for (k, val) in &options.env {
                if k == name {
                    v = val.clone();
                }
            }
            v
        };
        // A convention whose agent runs no hook while a variable is set (jcode's
        // `JCODE_HOOKS_DISABLED`, its presence alone).
        let disabled: Vec<(Convention, &str)> = Convention::ALL
            .into_iter()
            .filter_map(|c| Some((c, hook_ir::conventions::profile(c).disabled_by?)))
            .filter(|(_, var)| env_var(var).is_some())
            .collect();
        let home = options
            .home
            .clone()
            .or_else(|| env_var("HOME").map(PathBuf::from));
        let cwd = options.cwd.clone().or_else(|| std::env::current_dir().ok());
        // Codex ignores `$SHELL`: the login shell of the password database, else bash/zsh
        // found on the agent's PATH (issue 11, item 1). Looked up only for Codex hooks: reading
        // the password database (NSS) is a cost every `hooks bridge` event would pay.
        let login_shell = |c: Convention| {
            runtime(c).is_some_and(|r| {
                matches!(
                    r.launch,
                    Launch::Shell {
                        shell: hook_ir::contract::ShellProgram::LoginShell { .. },
                        ..
                    }
                )
            })
        };
        let codex_shell = if hooks.iter().any(|h| login_shell(h.convention)) {
            crate::conventions::codex_shell::resolve(
                crate::sys::login_shell().as_deref(),
                env_var("PATH").as_deref(),
            )
            .into_os_string()
        } else {
            OsString::new()
        };
        // The hooks of an event with a shared budget (Claude's SessionEnd) share one, raised by
        // the largest timeout written on any of them (Claude Code 2.1.332).
        let shared_budget = |c: Convention, event: &str| {
            find(c, event)
                .and_then(|r| r.rules())
                .filter(|r| matches!(r.timeout, hook_ir::contract::Timeout::SharedBudget { .. }))
                .and_then(|r| {
                    let written = hooks
                        .iter()
                        .filter(|h| {
                            h.convention == c
                                && h.source_event == event
                                && !matches!(
                                    h.detail,
                                    hook_ir::Detail::JsonGroup {
                                        timeout_explicit: false,
                                        ..
                                    }
                                )
                        })
                        .filter_map(|h| h.timeout_ms)
                        .max();
                    r.timeout.budget_ms(written)
                })
        };
        let mut budgets: Vec<(Convention, &str, Option<u64>)> = Vec::new();
        for h in &hooks {
            if !budgets
                .iter()
                .any(|(c, e, _)| *c == h.convention && *e == h.source_event)
            {
                let b = shared_budget(h.convention, &h.source_event);
                budgets.push((h.convention, &h.source_event, b));
            }
        }
        let budgets: Vec<(Convention, String, Option<u64>)> = budgets
            .into_iter()
            .filter(|(_, _, b)| b.is_some())
            .map(|(c, e, b)| (c, e.to_string(), b))
            .collect();
        let session = Session {
            session_id: options.session_id.clone(),
            project_dir: options.project_dir.clone().or_else(|| cwd.clone()),
            cwd,
            client_type: options.client_type.clone(),
            home,
            session_title: options.session_title.clone(),
            transcript_path: options.transcript_path.clone(),
        };

        let mut prepared = Vec::with_capacity(hooks.len());
        let mut by_kind: [Vec<usize>; 6] = Default::default();
        let mut skipped = Vec::new();
        for hook in hooks {
            if let Some(reason) = options.trust.as_ref().and_then(|t| t.refuse(&hook)) {
                skipped.push(Skipped {
                    id: hook.id.clone(),
                    reason,
                });
                continue;
            }
            if let Some((_, var)) = disabled.iter().find(|(c, _)| *c == hook.convention) {
                skipped.push(Skipped {
                    id: hook.id.clone(),
                    reason: format!("{var} is set in the runner's environment"),
                });
                continue;
            }
            let row = find(hook.convention, &hook.source_event);
            let matched = row.map_or(MatchedValue::Other, |r| r.matched);
            let matcher = if matches!(matched, MatchedValue::Ignored | MatchedValue::NoMatcher)
                || hook.matcher.is_any()
            {
                None
            } else {
                match hook.matcher.compile() {
                    Ok(m) => Some(m),
                    Err(e) => {
                        skipped.push(Skipped {
                            id: hook.id.clone(),
                            reason: format!("its matcher does not compile: {e}"),
                        });
                        continue;
                    }
                }
            };
            let rules = row.and_then(|r| r.rules());
            let budget = budgets
                .iter()
                .find(|(c, e, _)| *c == hook.convention && *e == hook.source_event)
                .and_then(|(_, _, b)| *b);
            let plan = plan_of(&hook, rules, session.home.as_deref(), budget);
            let p = Prepared {
                hook,
                matcher,
                matched,
                rules,
                plan,
            };
            by_kind[kind_index(p.hook.kind)].push(prepared.len());
            prepared.push(p);
        }
        let stop_cap = by_kind[kind_index(Kind::Stop)]
            .iter()
            .filter_map(
                |&i| match runtime(prepared[i].hook.convention)?.continuation {
                    hook_ir::contract::ContinuationRule::Capped { max } => Some(max),
                    _ => None,
                },
            )
            .min();
        Runner {
            hooks: prepared,
            by_kind,
            session,
            env: options.env,
            codex_shell,
            capture_max_bytes: options.capture_max_bytes,
            recorded: options.recorded,
            stdin_fault: options.stdin_fault,
            module_dispatch: options.module_dispatch,
            skipped,
            continued: Mutex::new(Vec::new()),
            background: crate::background::Background::default(),
            detach: options.detach,
            handed: Mutex::new(Vec::new()),
            loop_limit: options.loop_limit,
            stop_cap,
            stop_blocks: Default::default(),
            turns: Default::default(),
            runtime: OnceLock::new(),
        }
    }

    /// The hooks that never run, and why.
    pub fn skipped(&self) -> &[Skipped] {
        &self.skipped
    }

    /// The session facts resolved at construction.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether some hook fires for `event`. Allocates nothing.
    pub fn has_match(&self, event: &Event) -> bool {
        let kind = event.kind();
        self.by_kind[kind_index(kind)]
            .iter()
            .any(|&i| self.hooks[i].fires(event))
    }

    /// The stdin payload a command hook of `convention` gets for `event` under its source event
    /// `event_name`: exactly what a dispatch writes to the hook's stdin (before any
    /// [`crate::StdinFault`]), with what the [`RunnerOptions::recorded`] release of the
    /// convention adds. `None` for a convention whose hooks read no JSON on stdin.
    pub fn stdin_payload(
        &self,
        convention: Convention,
        event_name: &str,
        event: &Event,
    ) -> Option<serde_json::Value> {
        let g = self.group();
        let answer = runtime(convention)?.answer;
        conventions::stdin_payload(answer, &g, event_name, event)
    }

    /// The hooks that fire for `event`, in hook order (what a dispatch would run).
    pub fn matching_hooks(&self, event: &Event) -> Vec<&Hook> {
        self.matching(event)
            .into_iter()
            .map(|i| &self.hooks[i].hook)
            .collect()
    }

    /// Runs every hook that fires for `event` under its convention's contract and returns the
    /// one decision. Must be polled inside a tokio runtime (it spawns processes and uses timers)
    /// — except when nothing matches: then it returns at once without touching the runtime.
    pub async fn dispatch(&self, event: &Event) -> Decision {
        if !self.has_match(event) {
            return self.limited(Decision::allow(event.kind()));
        }
        // Boxed so the no-match path keeps a small future.
        let d = Box::pin(self.dispatch_matching(event)).await;
        self.limited(d)
    }

    /// `d` under the loop limit ([`RunnerOptions::loop_limit`]) and the agent's own cap on
    /// continuations (Copilot CLI ends the turn after 8 consecutive `agentStop` blocks, trace
    /// `copilot_stop_block_cap`), the smaller one, for a stop event.
    fn limited(&self, mut d: Decision) -> Decision {
        // A loop limit of 0 (off) cannot lift the agent's own cap.
        let limit = match (self.loop_limit.filter(|l| *l > 0), self.stop_cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (None, b) => b.or(self.loop_limit),
            (a, None) => a,
        };
        if let (Some(limit), Kind::Stop) = (limit, d.kind) {
            // A count in memory cannot fail to be stored.
            let _ = crate::loop_limit::apply(&mut d, limit, &self.stop_blocks);
        }
        d
    }

    /// [`Runner::dispatch`] for agents that are not async. When nothing matches it returns at
    /// once; otherwise it runs the dispatch on a current-thread tokio runtime the runner creates
    /// on first use. Called from inside a tokio runtime, it runs that dispatch on a helper thread
    /// (a runtime cannot block inside another).
    pub fn dispatch_blocking(&self, event: &Event) -> Decision {
        if !self.has_match(event) {
            return self.limited(Decision::allow(event.kind()));
        }
        if tokio::runtime::Handle::try_current().is_ok() {
            let d = std::thread::scope(|s| {
                s.spawn(|| self.block_on(event))
                    .join()
                    .unwrap_or_else(|_| self.all_failed(event, "the dispatch thread panicked"))
            });
            return self.limited(d);
        }
        self.limited(self.block_on(event))
    }

    fn block_on(&self, event: &Event) -> Decision {
        let rt = self.runtime.get_or_init(|| {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the async runtime: {e}"))
        });
        match rt {
            Ok(rt) => rt.block_on(self.dispatch_matching(event)),
            Err(e) => self.all_failed(event, e),
        }
    }

    /// Every matching hook failed with `error`; the decision allows (every contract fails open
    /// on internal errors).
    fn all_failed(&self, event: &Event, error: &str) -> Decision {
        let mut d = Decision::allow(event.kind());
        for i in self.matching(event) {
            d.hooks
                .push(not_run(&self.hooks[i].hook.id, OutcomeKind::Failed, error));
        }
        d
    }

    fn matching(&self, event: &Event) -> Vec<usize> {
        self.by_kind[kind_index(event.kind())]
            .iter()
            .copied()
            .filter(|&i| self.hooks[i].fires(event) && !self.skips(&self.hooks[i], event))
            .collect()
    }

    /// Whether the hook's contract says the agent does not run it for this event at all
    /// ([`Rules::skip_when`]).
    fn skips(&self, p: &Prepared, event: &Event) -> bool {
        let Some(rules) = p.rules else { return false };
        rules.skip_when.iter().any(|w| match w {
            SkipWhen::ToolFailed => event.tool_failed(),
            SkipWhen::StepEndedWithToolCalls => {
                matches!(
                    event.finish_reason.as_deref(),
                    Some("tool_calls" | "filtered")
                )
            }
            SkipWhen::ContinuedThisTurn => self.continued_this_turn(p.hook.convention, event),
            SkipWhen::NotUserPrompt => event.prompt_origin.as_deref().is_some_and(|o| o != "user"),
        })
    }

    /// Whether a Stop hook of `convention` already continued the turn of `event`: the turn id
    /// is the last one it continued, or, without a turn id, `stop_hook_active` is set.
    fn continued_this_turn(&self, convention: Convention, event: &Event) -> bool {
        match &event.turn_id {
            Some(turn) => self
                .continued
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .any(|(c, t)| *c == convention && t == turn),
            None => event.stop_hook_active,
        }
    }

    /// Remembers that a Stop hook of `convention` continued the turn of `event`.
    pub(crate) fn note_continued(&self, convention: Convention, event: &Event) {
        if let Some(turn) = &event.turn_id {
            let mut c = self.continued.lock().unwrap_or_else(|p| p.into_inner());
            c.retain(|(conv, _)| *conv != convention);
            c.push((convention, turn.clone()));
        }
    }

    /// Waits until every hook the agent did not wait for (Jarvis PostToolUse) has finished and
    /// returns their outcomes, in the order they finished, since the last call. Blocks the
    /// calling thread; the hooks run on the runner's background thread meanwhile.
    pub fn wait_detached(&self) -> Vec<crate::HookOutcome> {
        self.background.wait()
    }

    /// How many hooks the agent did not wait for are still running.
    pub fn detached_running(&self) -> usize {
        self.background.running()
    }

    async fn dispatch_matching(&self, event: &Event) -> Decision {
        let kind = event.kind();
        let all = self.matching(event);
        // One group per answer module, chosen by each convention's runtime row: a convention
        // is a row of the contract table plus its payload and answer modules.
        let mut argv_group: Vec<usize> = Vec::new();
        let mut groups: Vec<(AnswerFormat, Vec<usize>)> = Vec::new();
        let mut module_groups: Vec<(Convention, Vec<usize>)> = Vec::new();
        let mut runs: Vec<HookRun> = Vec::new();
        let mut fire_and_forget: Vec<usize> = Vec::new();
        for &i in &all {
            let p = &self.hooks[i];
            let answer = runtime(p.hook.convention).map(|r| r.answer);
            match (&p.plan, answer) {
                (Plan::JcodeGate { .. } | Plan::JcodeObserver { .. }, _) => argv_group.push(i),
                (Plan::Shell { .. }, Some(answer)) => {
                    // Kimi's fire-and-forget hooks and Cline's detached ones: the agent never
                    // waits for them.
                    let not_awaited = p.rules.is_some_and(|r| {
                        matches!(r.ordering, Ordering::FireAndForget | Ordering::Detached)
                    });
                    if not_awaited && conventions::runs_detached(answer) {
                        fire_and_forget.push(i);
                    } else {
                        match groups.iter_mut().find(|(a, _)| *a == answer) {
                            Some((_, g)) => g.push(i),
                            None => groups.push((answer, vec![i])),
                        }
                    }
                }
                (Plan::Shell { .. }, None) => runs.push(HookRun::new(
                    i,
                    not_run(&p.hook.id, OutcomeKind::Failed, "no runtime row"),
                )),
                (Plan::Module, _) => match module_groups
                    .iter_mut()
                    .find(|(c, _)| *c == p.hook.convention)
                {
                    Some((_, g)) => g.push(i),
                    None => module_groups.push((p.hook.convention, vec![i])),
                },
                (Plan::NotExecuted(why), _) => runs.push(HookRun::new(
                    i,
                    not_run(&p.hook.id, OutcomeKind::Failed, why.as_str()),
                )),
            }
        }
        if !fire_and_forget.is_empty() {
            runs.extend(self.start_in_background(&fire_and_forget, event));
        }
        let view = self.group();
        let modules = futures_util::future::join_all(
            module_groups
                .iter()
                .map(|(c, g)| module::run(&view, *c, g, event, self.module_dispatch.as_deref())),
        );
        let shells = futures_util::future::join_all(
            groups
                .iter()
                .map(|(answer, g)| conventions::run_shell(*answer, &view, g, event)),
        );
        let (argv_runs, shell_runs, m) = tokio::join!(
            conventions::run_argv(&view, &argv_group, event),
            shells,
            modules,
        );
        runs.extend(argv_runs);
        for ((answer, g), ran) in groups.iter().zip(shell_runs) {
            match ran {
                Some(ran) => runs.extend(ran),
                None => runs.extend(g.iter().map(|&i| {
                    HookRun::new(
                        i,
                        not_run(
                            &self.hooks[i].hook.id,
                            OutcomeKind::Failed,
                            format!("no shell answer module reads `{answer:?}` answers"),
                        ),
                    )
                })),
            }
        }
        runs.extend(m.into_iter().flatten());
        if kind == Kind::Stop {
            // A convention whose continuation rule is once per turn remembers the turn one of
            // its Stop hooks continued (its later Stop hooks of that turn then do not run).
            let mut noted: Vec<Convention> = Vec::new();
            for r in runs.iter().filter(|r| r.block.is_some()) {
                let c = self.hooks[r.index].hook.convention;
                let once = runtime(c).is_some_and(|row| {
                    row.continuation == hook_ir::contract::ContinuationRule::OncePerTurn
                });
                if once && !noted.contains(&c) {
                    self.note_continued(c, event);
                    noted.push(c);
                }
            }
        }
        self.combine(kind, runs)
    }

    fn combine(&self, kind: Kind, mut runs: Vec<HookRun>) -> Decision {
        runs.sort_by_key(|r| r.index);
        let mut d = Decision::allow(kind);
        let mut patch: Option<ToolResultPatch> = None;
        for r in runs {
            if let Some(reason) = r.block {
                if self.hooks[r.index].can_block() && !d.is_block() {
                    d.verdict = Verdict::Block { reason };
                }
            }
            if d.continuation.is_none() {
                d.continuation = r.continuation;
            }
            d.context.extend(r.context);
            if d.updated_input.is_none() {
                d.updated_input = r.updated_input;
            }
            if let Some(t) = r.tool_result {
                // Replacements chain: a later hook's field overrides an earlier one's.
                let p = patch.get_or_insert_with(ToolResultPatch::default);
                if t.content.is_some() {
                    p.content = t.content;
                }
                if t.details.is_some() {
                    p.details = t.details;
                }
                if t.is_error.is_some() {
                    p.is_error = t.is_error;
                }
            }
            d.effects.extend(r.effects);
            d.hooks.push(r.outcome);
        }
        d.tool_result = patch;
        if let Verdict::Block { reason } = &d.verdict {
            if kind == Kind::Stop && d.continuation.is_none() {
                d.continuation = Some(reason.clone());
            }
            d.updated_input = None;
        }
        d
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // A runtime dropped inside another runtime panics; shutting it down in the background
        // is always allowed.
        if let Some(Ok(rt)) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl Runner {
    /// Starts the hooks `group` (Jarvis, fire-and-forget) on the background runtime — or, with
    /// [`crate::Detach::HandOff`], keeps them for [`Runner::take_detached`] — and returns their
    /// "started" outcomes at once.
    fn start_in_background(&self, group: &[usize], event: &Event) -> Vec<HookRun> {
        let view = self.group();
        let jobs = conventions::detached_jobs(&view, group, event);
        let ctx = crate::conventions::shell::Ctx::of(&view);
        let ids: Vec<(usize, String)> = group
            .iter()
            .map(|&i| (i, self.hooks[i].hook.id.clone()))
            .collect();
        let batch = crate::detached::DetachedBatch::new(ctx, jobs, &ids);
        let (started, how) = match self.detach {
            crate::Detach::InProcess => (
                self.background.spawn(ids.len(), batch.run()),
                "`Runner::wait_detached` collects its outcome",
            ),
            crate::Detach::HandOff => {
                lock(&self.handed).push(batch);
                (Ok(()), "it runs on its own (handed off)")
            }
        };
        ids.into_iter()
            .map(|(i, id)| {
                let mut o = match &started {
                    Ok(()) => not_run(
                        &id,
                        OutcomeKind::Allowed,
                        format!("started; the agent does not wait for it (fire-and-forget): {how}"),
                    ),
                    Err(e) => not_run(&id, OutcomeKind::Failed, e.as_str()),
                };
                o.detached = true;
                HookRun::new(i, o)
            })
            .collect()
    }

    /// The hooks the agent does not wait for that dispatches kept since the last call, one
    /// batch per dispatch (only with [`crate::Detach::HandOff`]; else always empty). Whoever
    /// takes them runs them: [`crate::DetachedBatch::hand_off`] to a supervisor process, or
    /// [`crate::DetachedBatch::run`].
    pub fn take_detached(&self) -> Vec<crate::DetachedBatch> {
        std::mem::take(&mut *lock(&self.handed))
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A gate's timeout: the hook's own or the rule's default, never below the rule's minimum
/// (jcode: `pre_tool_timeout_ms.max(1)`).
fn floored_timeout(hook: &Hook, rules: &Rules) -> Duration {
    let ms = match rules.timeout {
        Timeout::Configurable {
            unit, default, min, ..
        } => hook
            .timeout_ms
            .unwrap_or(default * unit.millis())
            .max(min * unit.millis()),
        other => hook
            .timeout_ms
            .or(other.default_ms())
            .unwrap_or(u64::MAX / 4),
    };
    Duration::from_millis(ms)
}

fn plan_of(
    hook: &Hook,
    rules: Option<&'static Rules>,
    home: Option<&std::path::Path>,
    budget_ms: Option<u64>,
) -> Plan {
    let Some(row) = runtime(hook.convention) else {
        return Plan::NotExecuted(format!(
            "not executed: `{}` has no runtime row in the contract table",
            hook.convention
        ));
    };
    if row.launch == Launch::NotExecuted {
        return Plan::NotExecuted(format!(
            "not executed: `{}` hooks are import-only (conventions.md §3); import them into a runnable convention",
            hook.convention
        ));
    }
    let Some(rules) = rules else {
        return Plan::NotExecuted(format!(
            "not executed: `{}` is not an event of `{}` the runner knows",
            hook.source_event, hook.convention
        ));
    };
    let command = match &hook.handler {
        Handler::Module { .. } => return Plan::Module,
        Handler::Command { command, .. } => command,
    };
    // The convention's runtime row decides how a command runs, whatever `exec` says: the IR's
    // `exec` is derived from the convention by the adapters.
    match row.launch {
        Launch::Argv => {
            let argv = conventions::argv(command, home);
            // A gate is awaited in order and can block; every other event is an observer.
            if rules.ordering == Ordering::Sequential && rules.can_block {
                Plan::JcodeGate {
                    argv,
                    timeout: floored_timeout(hook, rules),
                }
            } else {
                Plan::JcodeObserver { argv }
            }
        }
        // A Cline file: its answer module builds the interpreter's argv from the command.
        Launch::Interpreter { .. } => Plan::Shell {
            timeout: effective_timeout(hook, Some(rules), None),
        },
        Launch::Shell { .. } => Plan::Shell {
            timeout: effective_timeout(
                hook,
                Some(rules),
                budget_ms.filter(|_| row.answer == AnswerFormat::ClaudeJson),
            ),
        },
        Launch::Module | Launch::NotExecuted => Plan::NotExecuted(format!(
            "not executed: `{}` has no command-hook contract (its hooks are modules)",
            hook.convention
        )),
    }
}
