//! The contract table: for every convention × source event, the canonical kind it maps to (or
//! the code that rejects it) and, for accepted events, how its runtime executes it.
//!
//! Every number of a contract lives here once, in [`limits`], and is pinned by a test that cites
//! its source in `shared/reference/conventions.md`. The runner and the adapters read this table;
//! `docs/contracts.md` is generated from it.

use crate::{Code, Convention, Kind};
use serde::Serialize;

/// How the hooks of one event run relative to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ordering {
    /// One after another, each awaited, in declaration order.
    Sequential,
    /// All at once; results kept in declaration order.
    Parallel,
    /// Spawned and never awaited by the agent.
    Detached,
    /// All at once, each under its timeout, but the agent does not wait for them: the action
    /// goes on as soon as they are started and their answers are never read (Kimi Code
    /// `fireAndForgetTrigger`).
    FireAndForget,
    /// Never executed at runtime (import and diagnostics only).
    NotExecuted,
}

/// The unit a convention writes timeouts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutUnit {
    /// Milliseconds.
    Milliseconds,
    /// Seconds.
    Seconds,
}

impl TimeoutUnit {
    /// Milliseconds per unit.
    pub const fn millis(self) -> u64 {
        match self {
            TimeoutUnit::Milliseconds => 1,
            TimeoutUnit::Seconds => 1000,
        }
    }
}

/// The timeout rule of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Timeout {
    /// No timeout: the hook may run forever.
    None,
    /// A fixed timeout the user cannot change.
    Fixed {
        /// Milliseconds.
        ms: u64,
    },
    /// A timeout the user writes, in `unit`, with a default and bounds (in `unit`).
    Configurable {
        /// The unit the user writes it in.
        unit: TimeoutUnit,
        /// The default when not written.
        default: u64,
        /// The smallest accepted value (or the clamp floor, see the event's notes).
        min: u64,
        /// The largest accepted value, `None` when unbounded.
        max: Option<u64>,
    },
    /// A per-hook timeout as in [`Timeout::Configurable`], inside one time budget shared by all
    /// the event's hooks: the budget is the largest timeout written on any of the event's hooks,
    /// at least `floor_ms` (also the budget when none is written) and at most `max_ms` (Claude
    /// Code's `SessionEnd`).
    SharedBudget {
        /// The unit the user writes each hook's timeout in.
        unit: TimeoutUnit,
        /// The per-hook default when not written.
        default: u64,
        /// The budget when no hook writes a larger timeout, in milliseconds.
        floor_ms: u64,
        /// The largest budget, in milliseconds.
        max_ms: u64,
    },
}

impl Timeout {
    /// The effective default in milliseconds (`None` for no timeout).
    pub const fn default_ms(self) -> Option<u64> {
        match self {
            Timeout::None => None,
            Timeout::Fixed { ms } => Some(ms),
            Timeout::Configurable { unit, default, .. } => Some(default * unit.millis()),
            Timeout::SharedBudget { floor_ms, .. } => Some(floor_ms),
        }
    }

    /// The timeout in milliseconds a hook that writes `written_ms` (`None`: nothing written)
    /// runs under by this rule, before any shared budget: the written value (or the default)
    /// clamped into `min..=max` (Codex clamps `SessionEnd` timeouts to 3 s with a warning,
    /// `hooks/src/engine/discovery.rs`). `None` for no timeout.
    pub fn effective_ms(self, written_ms: Option<u64>) -> Option<u64> {
        match self {
            Timeout::None => None,
            Timeout::Fixed { ms } => Some(ms),
            Timeout::Configurable {
                unit,
                default,
                min,
                max,
            } => {
                let ms = written_ms.unwrap_or(default * unit.millis());
                let ms = ms.max(min * unit.millis());
                Some(max.map_or(ms, |m| ms.min(m * unit.millis())))
            }
            Timeout::SharedBudget { unit, default, .. } => {
                Some(written_ms.unwrap_or(default * unit.millis()))
            }
        }
    }

    /// The shared budget of an event in milliseconds, given the largest timeout written on its
    /// hooks (`None` when no hook writes one); `None` when the rule has no shared budget.
    pub fn budget_ms(self, largest_written_ms: Option<u64>) -> Option<u64> {
        match self {
            Timeout::SharedBudget {
                floor_ms, max_ms, ..
            } => Some(largest_written_ms.unwrap_or(0).min(max_ms).max(floor_ms)),
            _ => None,
        }
    }
}

/// What happens when a hook fails (error, crash, timeout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnError {
    /// The action proceeds as if the hook allowed it.
    FailOpen,
    /// The action is blocked.
    FailClosed,
    /// The action is blocked when the hook errors, crashes or cannot start, but proceeds when
    /// it times out (GitHub Copilot CLI's `preToolUse`, traces `copilot_pre_exit1_stderr`,
    /// `copilot_pre_killed_by_signal`, `copilot_pre_timeout_fail_open`).
    FailClosedOnCrash,
    /// The failure is logged; other hooks and the action go on.
    Isolated,
}

/// What a hook may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mutation {
    /// Adds context for the model (prompt submit, session start).
    Context,
    /// Replaces the tool input (Codex/Claude `updatedInput`).
    ToolInput,
    /// Replaces the tool result (GJC `content`, `details`, `isError`; Codex `PostToolUse` feedback
    /// replaces the output the model receives).
    ToolResult,
    /// Makes the agent continue with a reason after it wanted to stop.
    Continuation,
    /// Injects a message (GJC `before_agent_start`).
    Message,
}

/// How the hook receives the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// A JSON document on stdin.
    StdinJson,
    /// Environment variables.
    Env,
    /// Arguments of a module API call.
    ModuleApi,
}

/// How the hook answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Output {
    /// Nothing is read back.
    Ignored,
    /// The exit code, stderr as the block reason.
    ExitCode,
    /// The exit code plus a JSON document (or plain text) on stdout.
    ExitCodeAndStdout,
    /// A JSON document on stdout alone: the exit code and stderr mean nothing (Cline).
    StdoutOnly,
    /// The value the module handler returns.
    ReturnValue,
}

/// What authority the hook's code runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Authority {
    /// A process or module with the user's full ambient authority.
    AmbientHost,
    /// A module given a constrained API (still ambient host-process authority underneath).
    ConstrainedApi,
    /// Executed by another runtime this project does not control.
    ExternalRuntime,
    /// Owned and scheduled by the provider's agent (Codex).
    ProviderOwned,
    /// Never executed: import and diagnostics only.
    NotExecuted,
}

/// What makes the agent trust the hook enough to run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trust {
    /// The user's own config file; no further gate.
    UserConfig,
    /// Project files execute when loaded; no trust gate is enforced.
    NotEnforced,
    /// The file's hash must match a registry (plugins) or a trusted hash (Codex: per handler, in
    /// `[hooks.state]` of `$CODEX_HOME/config.toml`, and a project file loads only in a trusted
    /// project; untrusted hooks are skipped silently — `adapters::codex_json::trust`).
    HashPinned,
    /// Project settings run once the folder is trusted (Claude, interactively; print mode
    /// `claude -p` has no trust step and runs project hooks at once — Claude Code 2.1.332,
    /// issue 11 item 6).
    FolderTrust,
    /// Not executed.
    NotExecuted,
}

/// What value a matcher is tested against for this event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchedValue {
    /// The tool name.
    ToolName,
    /// The prompt text.
    Prompt,
    /// The session source (`startup`, `resume`, ...).
    Source,
    /// The end reason.
    Reason,
    /// Something else the convention defines (origin kind, agent name, trigger, ...).
    Other,
    /// The matched value is always the empty string.
    AlwaysEmpty,
    /// The agent ignores matchers on this event.
    Ignored,
    /// The convention has no matcher at all (jcode): the hook fires for every value.
    NoMatcher,
}

/// A condition under which the agent does not run an event's hooks at all (no process, no
/// outcome), although the event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipWhen {
    /// The tool call failed (Kimi Code fires `PostToolUseFailure` instead of `PostToolUse`).
    ToolFailed,
    /// The model's step ended with tool calls (or was filtered): the agent is not stopping.
    StepEndedWithToolCalls,
    /// A Stop hook already continued this turn.
    ContinuedThisTurn,
    /// The prompt did not come from the user (a system trigger, a hook result...).
    NotUserPrompt,
}

/// The execution rules of an accepted event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// Ordering among the event's hooks.
    pub ordering: Ordering,
    /// Timeout rule.
    pub timeout: Timeout,
    /// Failure behaviour.
    pub on_error: OnError,
    /// Whether a hook can block the action.
    pub can_block: bool,
    /// What a hook can change.
    pub mutates: &'static [Mutation],
    /// Input channels.
    pub input: &'static [Input],
    /// Output channel.
    pub output: Output,
    /// Authority of the hook's code.
    pub authority: Authority,
    /// Trust gate.
    pub trust: Trust,
    /// When the agent does not run these hooks at all.
    pub skip_when: &'static [SkipWhen],
}

/// Where a source event goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Mapping {
    /// Accepted into this kind, executed under these rules.
    Accepted {
        /// The canonical kind.
        kind: Kind,
        /// Its execution rules.
        rules: Rules,
    },
    /// Rejected with this diagnostic code.
    Rejected {
        /// The code reported.
        code: Code,
    },
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventContract {
    /// The convention.
    pub convention: Convention,
    /// The event as the convention spells it (plugin shapes as `event/phase`).
    pub event: &'static str,
    /// Kind or rejection.
    pub mapping: Mapping,
    /// What a matcher is tested against.
    pub matched: MatchedValue,
    /// A contract note: where the real behaviour differs from the docs or from the other
    /// conventions. Empty when there is nothing to say.
    pub note: &'static str,
}

impl EventContract {
    /// The canonical kind, when accepted.
    pub fn kind(&self) -> Option<Kind> {
        match self.mapping {
            Mapping::Accepted { kind, .. } => Some(kind),
            Mapping::Rejected { .. } => None,
        }
    }

    /// The rules, when accepted.
    pub fn rules(&self) -> Option<&Rules> {
        match &self.mapping {
            Mapping::Accepted { rules, .. } => Some(rules),
            Mapping::Rejected { .. } => None,
        }
    }
}

/// Every number of every contract, once. Each is pinned by a test citing conventions.md.
pub mod limits {
    pub use crate::conventions::limits::*;
    /// Thresholds of `hooks lint`'s timeout rules (ours, not an agent's: no agent checks these).
    pub mod lint {
        /// A timeout written in seconds at or above this many probably meant milliseconds
        /// (`"timeout": 30000` is 8 h 20 min).
        pub const TIMEOUT_LOOKS_LIKE_MS_S: u64 = 1000;
        /// A timeout below this many milliseconds cannot start a process (fork, exec and a
        /// shell's start-up alone take a few milliseconds, an interpreter tens): the hook times
        /// out every time it fires.
        pub const PROCESS_START_MIN_MS: u64 = 100;
    }
    /// `hooks bridge` (docs/bridge.md): an agent's hook entry that runs other conventions' hooks.
    pub mod bridge {
        /// The bridge answers this long before the timeout of its host entry, so the host never
        /// kills it first (the entry's timeout is the host's largest or default, see
        /// `runner::host::entry_timeout_s`).
        pub const DEADLINE_MARGIN_MS: u64 = 2000;
        /// A bridge started (through hooks) by bridges this many levels deep answers at once,
        /// running nothing: two agents bridging each other's hooks would otherwise loop.
        pub const MAX_DEPTH: u32 = 4;
        /// The environment variable that carries the depth to the hooks a bridge runs.
        pub const DEPTH_ENV: &str = "HOOKS_BRIDGE_DEPTH";
        /// How many consecutive blocks of a host's stop event, in one session, the bridge lets
        /// through before it lets the agent stop (`hooks bridge --loop-limit`): GitHub Copilot
        /// CLI's `agentStop` runaway guard, [`super::copilot::AGENT_STOP_CAP`] (recorded live:
        /// `conformance/traces/copilot-1.0.102/copilot_stop_block_cap.json`, 8
        /// continuations then the turn ends), while Codex has no cap at all and Claude Code
        /// leaves it to the hook (`stop_hook_active`).
        pub const LOOP_LIMIT: u32 = super::copilot::AGENT_STOP_CAP;
        /// A session's warm module host (`runner::warm`) exits after this long without an
        /// event: our own bound (no agent has one), so a session that ended without a
        /// `SessionEnd` reaching the bridge leaves no Node.js behind for long.
        pub const WARM_HOST_IDLE_MS: u64 = 10 * 60 * 1000;
        /// The environment variable that replaces [`WARM_HOST_IDLE_MS`] (milliseconds); `0`
        /// turns the warm host off (every event loads the modules afresh).
        pub const WARM_HOST_IDLE_ENV: &str = "HOOKS_BRIDGE_IDLE_MS";
    }
}

use Authority as A;
use OnError as E;
use Ordering as O;

pub(crate) const fn accepted(
    convention: Convention,
    event: &'static str,
    kind: Kind,
    rules: Rules,
    matched: MatchedValue,
    note: &'static str,
) -> EventContract {
    EventContract {
        convention,
        event,
        mapping: Mapping::Accepted { kind, rules },
        matched,
        note,
    }
}

pub(crate) const fn rejected(
    convention: Convention,
    event: &'static str,
    code: Code,
    matched: MatchedValue,
    note: &'static str,
) -> EventContract {
    EventContract {
        convention,
        event,
        mapping: Mapping::Rejected { code },
        matched,
        note,
    }
}

/// The rules of an event that is never executed (the import-only hook directories).
pub(crate) const IMPORT_ONLY: Rules = Rules {
    ordering: O::NotExecuted,
    timeout: Timeout::None,
    on_error: E::Isolated,
    can_block: false,
    mutates: &[],
    input: &[],
    output: Output::Ignored,
    authority: A::NotExecuted,
    trust: Trust::NotExecuted,
    skip_when: &[],
};

/// The code of a valid event name outside the six kinds.
pub(crate) const OUTSIDE: Code = Code::UnsupportedConventionEvent;

/// Every row of the table: conventions in [`Convention::ALL`] order, events in each
/// convention's own order (each convention's rows live in its file of [`crate::conventions`]).
pub fn contracts() -> impl Iterator<Item = &'static EventContract> {
    crate::conventions::PROFILES
        .iter()
        .flat_map(|p| p.events.iter())
}

/// Whether the convention's runtime runs every copy of an identical hook (its [`Runtime`] row's
/// [`Dedupe`]). jcode runs all the commands of a slot in declaration order, copies included
/// (conventions.md §1), and so does Codex: every configured handler runs, an identical command
/// in two groups twice (observed on Codex 0.171.0, issue 11). Jarvis and Claude run an identical
/// command once (§2, §5; Claude Code 2.1.332 observed) and GJC keeps the first module (§3).
pub fn runs_every_copy(convention: Convention) -> bool {
    runtime(convention).is_some_and(|r| r.dedupe == Dedupe::EveryCopy)
}

/// Whether some runtime executes an event of `convention` (of `kind`, when given): false for
/// the import-only directories and for kinds the convention has no executed event for.
pub fn executes(convention: Convention, kind: Option<Kind>) -> bool {
    events_of(convention).any(|r| {
        kind.is_none_or(|k| r.kind() == Some(k))
            && r.rules()
                .is_some_and(|r| r.ordering != Ordering::NotExecuted)
    })
}

/// What looking up a (convention, event) pair found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// A row of the table.
    Known(&'static EventContract),
    /// A GJC in-process event not listed: outside the hook IR (conventions.md §3: "any other event").
    OutsideIr,
    /// The convention does not define this name. `suggestion` is the nearest defined name
    /// (case-insensitive match first, then edit distance), if any is close.
    Unknown {
        /// Did-you-mean.
        suggestion: Option<&'static str>,
    },
}

/// The rows of one convention, in table order.
pub fn events_of(convention: Convention) -> impl Iterator<Item = &'static EventContract> {
    crate::conventions::profile(convention).events.iter()
}

/// Finds the row for `event` (exact, case-sensitive, as every agent compares it).
pub fn find(convention: Convention, event: &str) -> Option<&'static EventContract> {
    events_of(convention).find(|c| c.event == event)
}

/// Looks an event up, with a did-you-mean for unknown names.
pub fn lookup(convention: Convention, event: &str) -> Lookup {
    if let Some(row) = find(convention, event) {
        return Lookup::Known(row);
    }
    if crate::conventions::profile(convention).unknown_events_outside_ir {
        return Lookup::OutsideIr;
    }
    Lookup::Unknown {
        suggestion: suggest(event, events_of(convention).map(|c| c.event)),
    }
}

/// The nearest of `candidates` to `input`: a case-insensitive equal first, else the closest by
/// Jaro–Winkler similarity (≥ 0.8). Used for every did-you-mean of the project. Candidates that
/// differ only in case (Copilot CLI's `preToolUse` and `PreToolUse`) are told apart by the
/// case-sensitive similarity, so a misspelt name keeps its dialect.
pub fn suggest<'a>(input: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.collect();
    if let Some(c) = candidates.iter().find(|c| *c == &input) {
        return Some(c);
    }
    if let Some(c) = candidates.iter().find(|c| c.eq_ignore_ascii_case(input)) {
        return Some(c);
    }
    let lower = input.to_ascii_lowercase();
    candidates
        .iter()
        .map(|c| {
            let score = strsim::jaro_winkler(&lower, &c.to_ascii_lowercase());
            (score, strsim::jaro_winkler(input, c), *c)
        })
        .filter(|(score, _, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, c)| c)
}

pub mod native;
mod runtime;
pub mod variables;
pub use runtime::{
    runtime, AnswerFormat, ContinuationRule, Dedupe, KillRule, Launch, ProcessMode, Runtime,
    ShellProgram,
};

#[cfg(test)]
mod tests;
