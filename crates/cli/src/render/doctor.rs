//! `hooks doctor` output: human and JSON (`schema_version` 1, design.md).

use super::human::visible_line;
use super::json::{diagnostic, DiagnosticV1, SCHEMA_VERSION};
use hook_ir::Location;
use hooks_rules::doctor::{AgentReport, HookVerdict, Report, Tools};

use serde::Serialize;

#[derive(Serialize)]
struct Doc<'a> {
    schema_version: u32,
    agents: Vec<AgentV1<'a>>,
}

#[derive(Serialize)]
struct AgentV1<'a> {
    agent: &'static str,
    version: Option<&'a str>,
    hooks: Vec<HookV1<'a>>,
    /// Findings about the agent's files that concern no single hook (added to the design's
    /// shape; readers ignore fields they do not know).
    notes: Vec<DiagnosticV1<'a>>,
    /// Added: how the `--live` run went (`null` without `--live`).
    live_run: Option<LiveRunV1<'a>>,
}

#[derive(Serialize)]
struct LiveRunV1<'a> {
    seconds: f64,
    isolation: &'a str,
    notes: &'a [String],
}

#[derive(Serialize)]
struct HookV1<'a> {
    id: &'a str,
    location: &'a Location,
    fires: bool,
    events: &'a [String],
    reasons: Vec<DiagnosticV1<'a>>,
    live: Option<&'static str>,
    /// Added: the layer of the hook's file (`null` for an entry that is no hook).
    scope: Option<&'static str>,
    /// Added: the tools it fires for — `null` when the event is no tool event, `["*"]` for
    /// every tool, else the agent's built-in tools it matches (may be empty).
    tools: Option<Vec<&'a str>>,
}

/// The JSON document.
pub fn json(r: &Report) -> String {
    let doc = Doc {
        schema_version: SCHEMA_VERSION,
        agents: r
            .agents
            .iter()
            .map(|a| AgentV1 {
                agent: a.agent.as_str(),
                version: a.version.as_deref(),
                hooks: a.hooks.iter().map(hook).collect(),
                notes: a.notes.iter().map(diagnostic).collect(),
                live_run: a.live_run.as_ref().map(|l| LiveRunV1 {
                    seconds: (l.seconds * 10.0).round() / 10.0,
                    isolation: &l.isolation,
                    notes: &l.notes,
                }),
            })
            .collect(),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

fn hook(v: &HookVerdict) -> HookV1<'_> {
    HookV1 {
        id: &v.id,
        location: &v.location,
        fires: v.fires(),
        events: &v.events,
        reasons: v.reasons.iter().map(diagnostic).collect(),
        live: v.live.map(|l| l.as_str()),
        scope: v.scope.map(|s| s.as_str()),
        tools: match &v.tools {
            Tools::NotATool => None,
            Tools::All => Some(vec!["*"]),
            Tools::Some(t) => Some(t.iter().map(String::as_str).collect()),
            Tools::NoBuiltIn => Some(Vec::new()),
        },
    }
}

/// The human report: per agent, one block per hook, then its verdict line.
pub fn human(r: &Report) -> String {
    let mut out = String::new();
    if r.agents.is_empty() {
        out.push_str("No agent's hook files were found here (nor in the home directory).\n");
    }
    for a in &r.agents {
        agent(a, &mut out);
    }
    out
}

fn at(l: &Location) -> String {
    match l.line {
        Some(n) => format!("{}:{n}", visible_line(&l.path)),
        None => visible_line(&l.path),
    }
}

fn agent(a: &AgentReport, out: &mut String) {
    let version = a
        .version
        .as_ref()
        .map(|v| format!(" {}", visible_line(v)))
        .unwrap_or_default();
    out.push_str(&format!("{}{version}\n", a.agent));
    for v in &a.hooks {
        let scope = v.scope.map(|s| format!(" [{s}]")).unwrap_or_default();
        let live = match (v.live, v.live_agrees()) {
            (Some(l), Some(false)) => format!(
                "  (live: {}, DISAGREES with the static verdict)",
                l.as_str()
            ),
            (Some(l), _) => format!("  (live: {})", l.as_str()),
            (None, _) => String::new(),
        };
        if v.fires() {
            out.push_str(&format!(
                "  fires      {}{scope}  {}{}{live}\n",
                at(&v.location),
                events(v),
                command(v)
            ));
        } else {
            let what = if v.hook.is_none() {
                "not a hook"
            } else {
                "never"
            };
            let line = format!(
                "  {what:10} {}{scope}  {}{}{live}",
                at(&v.location),
                events(v),
                command(v)
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for d in &v.reasons {
            let place = d
                .location
                .as_ref()
                .filter(|l| (&l.path, l.line) != (&v.location.path, v.location.line))
                .map(|l| format!(" (at {})", at(l)))
                .unwrap_or_default();
            out.push_str(&format!(
                "             {}[{}]{place} {}\n",
                d.severity(),
                d.code,
                visible_line(&d.message)
            ));
        }
    }
    for d in &a.notes {
        let place = d
            .location
            .as_ref()
            .map(|l| format!(" {}", at(l)))
            .unwrap_or_default();
        out.push_str(&format!(
            "  note      {place} {}[{}] {}\n",
            d.severity(),
            d.code,
            visible_line(&d.message)
        ));
    }
    if let Some(l) = &a.live_run {
        out.push_str(&format!(
            "  live: {:.1} s, {}\n",
            l.seconds,
            visible_line(&l.isolation)
        ));
        for n in &l.notes {
            out.push_str(&format!("  live note: {}\n", visible_line(n)));
        }
    }
    out.push_str(&format!("  {}\n\n", summary(a)));
}

fn events(v: &HookVerdict) -> String {
    let ev = v.events.join(", ");
    let tools = match &v.tools {
        Tools::NotATool => String::new(),
        Tools::All => " on every tool".to_string(),
        Tools::Some(t) => format!(" on {}", t.join(", ")),
        Tools::NoBuiltIn => " on no built-in tool".to_string(),
    };
    visible_line(&format!("{ev}{tools}"))
}

fn command(v: &HookVerdict) -> String {
    v.hook
        .as_ref()
        .and_then(|h| h.command())
        .map(|c| format!("  `{}`", visible_line(c)))
        .unwrap_or_default()
}

/// "3 of 5 hooks fire; 2 never will: settings.json:4 (hooks_disabled), …".
pub fn summary(a: &AgentReport) -> String {
    let total = a.hooks.len();
    let firing = a.firing();
    let never: Vec<String> = a
        .hooks
        .iter()
        .filter(|v| !v.fires())
        .map(|v| {
            let codes: Vec<&str> = v.blocking_reasons().map(|d| d.code.as_str()).collect();
            format!("{} ({})", at(&v.location), codes.join(", "))
        })
        .collect();
    if total == 1 {
        return match never.first() {
            None => "Its one hook fires.".to_string(),
            Some(n) => format!("Its one hook never fires: {n}."),
        };
    }
    if never.is_empty() {
        format!("{firing} of {total} hooks fire.")
    } else {
        format!(
            "{firing} of {total} hooks fire; {} never will: {}.",
            never.len(),
            never.join("; ")
        )
    }
}
