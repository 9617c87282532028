//! `hooks doctor`: for each agent, every hook it would see, and whether it fires here — on which
//! events and tools — or why it never does, as coded diagnostics at the line that causes it.
//!
//! Lint answers per file ("what is wrong in this file"); doctor answers per hook ("will this
//! hook run"). It reuses what discovery and the rules know: each file's layer (stamped by the
//! adapters), the switches every layer sets (`disableAllHooks`, `hooksConfig`), Codex trust,
//! files an agent rejects whole ([`adapters::Discovered::never_run`]), matchers that match no
//! tool, and adds what only this machine can answer ([`crate::rules::machine`]: a program not on
//! `PATH`, a script that is not executable).
//!
//! The verdicts are data ([`Report`]); rendering them is the command line's job. A live check
//! with the real agent (`hooks doctor --live`) fills [`HookVerdict::live`].

mod attach;
mod unread;
mod verdict;

use adapters::{Context, Discovered};
use hook_ir::{Convention, Diagnostic, Hook, Location, Scope, Severity};

pub use verdict::{never_of, Never};

/// Every agent's verdicts.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One entry per agent asked (or found), in [`Convention::ALL`] order.
    pub agents: Vec<AgentReport>,
}

/// One agent's verdicts.
#[derive(Debug, Clone)]
pub struct AgentReport {
    /// The agent, by its convention.
    pub agent: Convention,
    /// The agent's version, when it was run (`--live`); `None` for the static verdict.
    pub version: Option<String>,
    /// Every hook the agent would see, and every entry written as a hook that it does not read
    /// as one, in source order.
    pub hooks: Vec<HookVerdict>,
    /// Findings about the agent's files that concern no single hook (a duplicate the agent
    /// runs once, a file-level note).
    pub notes: Vec<Diagnostic>,
    /// How the live run went (`hooks doctor --live`), `None` for the static verdict.
    pub live_run: Option<LiveRun>,
}

/// How a live run of the agent went.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveRun {
    /// Wall time of the agent's run, in seconds.
    pub seconds: f64,
    /// How traffic was kept on the machine (`network namespace`, or loopback only).
    pub isolation: String,
    /// What kept some hooks from being probed, or the run from completing.
    pub notes: Vec<String>,
}

impl HookVerdict {
    /// Whether a live result agrees with the static verdict: the probe fires exactly when the
    /// agent runs the hook (a hook that fails on this machine is still run by the agent).
    pub fn live_agrees(&self) -> Option<bool> {
        let fired = matches!(self.live?, Live::Fired | Live::Ignored);
        Some(fired == (self.never != Some(Never::Skipped)))
    }
}

impl AgentReport {
    /// How many of [`AgentReport::hooks`] fire.
    pub fn firing(&self) -> usize {
        self.hooks.iter().filter(|h| h.fires()).count()
    }
}

/// Which tools a tool event's hook fires for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tools {
    /// The event is not about a tool (or the agent ignores matchers on it).
    NotATool,
    /// Every tool.
    All,
    /// These built-in tools of the agent (MCP tools a pattern also matches are not listed).
    Some(Vec<String>),
    /// No built-in tool of the agent; at most tools the table does not list (MCP tools).
    NoBuiltIn,
}

/// What a live run of the agent saw of one hook (`hooks doctor --live`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Live {
    /// The probe in its place ran.
    Fired,
    /// The probe never ran.
    NotFired,
    /// The probe ran, but the agent ignores what such a hook answers (an observer event).
    Ignored,
}

impl Live {
    /// The public name (`fired`, `not_fired`, `ignored`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Live::Fired => "fired",
            Live::NotFired => "not_fired",
            Live::Ignored => "ignored",
        }
    }
}

/// One hook's verdict.
#[derive(Debug, Clone)]
pub struct HookVerdict {
    /// The hook's id (as `hooks list` gives it), or `<convention>:<path>:<line>` for an entry
    /// the agent does not read as a hook.
    pub id: String,
    /// The hook, `None` for an entry the agent does not read as one (an unknown event, a file
    /// that does not parse).
    pub hook: Option<Hook>,
    /// Where it is written.
    pub location: Location,
    /// The layer its file was found in.
    pub scope: Option<Scope>,
    /// The agent's events it fires on (empty for an entry that is no hook).
    pub events: Vec<String>,
    /// The tools it fires for.
    pub tools: Tools,
    /// Everything said about it: why it never fires, and notes when it does.
    pub reasons: Vec<Diagnostic>,
    /// Why it never fires; `None` when it fires.
    pub never: Option<Never>,
    /// What a live run saw (`hooks doctor --live`).
    pub live: Option<Live>,
}

impl HookVerdict {
    /// Whether the hook fires.
    pub fn fires(&self) -> bool {
        self.never.is_none()
    }

    /// The reasons that make it never fire (the others are notes); every reason of an entry
    /// that is no hook.
    pub fn blocking_reasons(&self) -> impl Iterator<Item = &Diagnostic> {
        let entry = self.hook.is_none();
        self.reasons
            .iter()
            .filter(move |d| entry || verdict::never_of(d.code).is_some())
    }
}

/// The verdicts for `agents` (empty: every agent with a file found) of the project and home
/// dir of `ctx`.
pub fn diagnose(ctx: &Context, agents: &[Convention]) -> Report {
    let found = crate::discover_only(ctx, &Convention::ALL);
    diagnose_found(ctx, &found, agents)
}

/// [`diagnose`] over what discovery already found (with the rules applied).
pub fn diagnose_found(ctx: &Context, found: &Discovered, agents: &[Convention]) -> Report {
    let present = |c: Convention| {
        found.sources.iter().any(|s| s.convention == c)
            || found.batch.hooks.iter().any(|h| h.convention == c)
            || found.never_run.iter().any(|(h, _)| h.convention == c)
            || found
                .batch
                .diagnostics
                .iter()
                .any(|d| d.convention == Some(c))
    };
    let agents = Convention::ALL
        .iter()
        .copied()
        .map(|c| {
            let mut extra = unread::check(ctx, c);
            extra.extend(adapters::registry::adapter(c).agent_switches(ctx));
            (c, extra)
        })
        .filter(|(c, unread)| {
            if agents.is_empty() {
                present(*c) || !unread.is_empty()
            } else {
                agents.contains(c)
            }
        })
        .map(|(c, unread)| agent(ctx, found, c, unread))
        .collect();
    Report { agents }
}

fn agent(
    ctx: &Context,
    found: &Discovered,
    agent: Convention,
    unread: Vec<Diagnostic>,
) -> AgentReport {
    let hooks: Vec<Hook> = found
        .batch
        .hooks
        .iter()
        .chain(&found.outside)
        .filter(|h| h.convention == agent)
        .cloned()
        .collect();
    let machine = crate::rules::check_machine(ctx, &hooks, &found.sources);
    let diags: Vec<&Diagnostic> = found
        .batch
        .diagnostics
        .iter()
        .filter(|d| d.convention == Some(agent))
        .chain(&unread)
        .collect();
    let mut reasons: Vec<Vec<Diagnostic>> = machine;
    let mut notes = Vec::new();
    let mut entries = Vec::new();
    let switches = adapters::registry::adapter(agent).agent_switches(ctx);
    for d in diags {
        // An agent-wide switch (Codex's feature switch) turns every hook off, from every layer.
        let targets = if switches.contains(d) {
            (0..hooks.len()).collect()
        } else {
            attach::targets(d, &hooks, &found.sources)
        };
        if !targets.is_empty() {
            for t in targets {
                reasons[t].push(d.clone());
            }
            continue;
        }
        // The reason of hooks the agent never runs is said with each of them: a switch, or a
        // rejected value inside one of them. (An invalid entry that made a file's other hooks
        // be dropped is still listed, as not a hook.)
        let said = found.never_run.iter().any(|(h, r)| {
            r == d
                && (matches!(
                    d.code,
                    hook_ir::Code::HooksDisabled | hook_ir::Code::HookDisabled
                ) || attach::inside(d, h)
                    // Said of the hook's whole file (Qwen's untrusted project file).
                    || d.location.as_ref().is_some_and(|l| {
                        l.line.is_none() && l.path == h.location.path
                    }))
        });
        if said {
            continue;
        }
        match &d.location {
            Some(loc) if d.severity() == Severity::Error => entries.push(HookVerdict {
                id: entry_id(agent, loc),
                hook: None,
                location: loc.clone(),
                scope: None,
                events: Vec::new(),
                tools: Tools::NotATool,
                reasons: vec![d.clone()],
                never: Some(verdict::never_of(d.code).unwrap_or(Never::Skipped)),
                live: None,
            }),
            _ => notes.push(d.clone()),
        }
    }
    let mut verdicts: Vec<HookVerdict> = hooks
        .into_iter()
        .zip(reasons)
        .map(|(h, mut r)| {
            sort(&mut r);
            verdict::of(h, r)
        })
        .collect();
    verdicts.extend(
        found
            .never_run
            .iter()
            .filter(|(h, _)| h.convention == agent)
            .map(|(h, d)| verdict::of(h.clone(), vec![d.clone()])),
    );
    verdicts.extend(entries);
    let order = |l: &Location| {
        let file = found
            .sources
            .iter()
            .position(|s| s.display == l.path)
            .unwrap_or(usize::MAX);
        (file, l.path.clone(), l.line, l.column)
    };
    verdicts.sort_by_cached_key(|v| order(&v.location));
    notes.extend(adapters::registry::adapter(agent).not_covered());
    AgentReport {
        agent,
        version: None,
        hooks: verdicts,
        notes,
        live_run: None,
    }
}

fn sort(r: &mut [Diagnostic]) {
    r.sort_by_key(|d| d.location.as_ref().map(|l| (l.line, l.column)));
}

fn entry_id(agent: Convention, loc: &Location) -> String {
    match loc.line {
        Some(l) => format!("{agent}:{}:{l}", loc.path),
        None => format!("{agent}:{}", loc.path),
    }
}
