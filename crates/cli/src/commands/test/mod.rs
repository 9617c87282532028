//! `hooks test [PATH] [--file FILE] [--agent CONV[@VERSION],..] [--faults] [--scenarios] [--init]
//! [--watch] [--format human|json|junit]` (design.md, docs/testing.md): the cases of
//! `hooks.test.toml` run through the runner, exactly as `hooks run` runs an event, once per
//! agent with that agent's recorded payloads; fault injection into gate hooks; built-in
//! scenarios. Exit 0 all passed and no error finding, 1 a failure or an error finding, 2 a broken
//! test file or usage.

mod cases;
mod exec;
mod faults;
mod init;
mod render;
mod scenarios;
mod watch;

use crate::args::{SourceArgs, TestArgs, TestFormat};
use crate::exit::Exit;
use cases::{AgentSpec, Case};
use exec::Project;
use hook_ir::{Code, Convention, Diagnostic, Kind, Severity};
use std::path::{Path, PathBuf};

/// One case under one agent.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// The case's name.
    pub case: String,
    /// The agent (`None`: no convention has hooks for the event).
    pub agent: Option<AgentSpec>,
    /// What the case expects, as JSON.
    pub expected: serde_json::Value,
    /// What happened.
    pub actual: exec::Actual,
    /// What differed (empty: passed).
    pub failures: Vec<String>,
    /// Notes: tool names mapped for this agent.
    pub notes: Vec<String>,
    /// The event dispatched (`None`: no agent).
    pub event: Option<runner::Event>,
}

/// Everything one run produced.
#[derive(Debug, Default)]
pub struct Report {
    /// Per case and agent.
    pub results: Vec<CaseResult>,
    /// Fault and scenario findings, and test-file diagnostics.
    pub findings: Vec<Diagnostic>,
}

impl Report {
    fn exit(&self) -> Exit {
        let failed = self.results.iter().any(|r| !r.failures.is_empty());
        let error = self
            .findings
            .iter()
            .any(|d| d.severity() == Severity::Error);
        if failed || error {
            Exit::Findings
        } else {
            Exit::Success
        }
    }
}

/// The test file: `--file`, else `PATH/hooks.test.toml`.
fn test_file(a: &TestArgs, root: &Path) -> PathBuf {
    a.file
        .clone()
        .unwrap_or_else(|| root.join("hooks.test.toml"))
}

/// How a path is shown: relative to the current directory when under it.
fn shown(p: &Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    hook_ir::display_from_cwd(p, &cwd, None)
}

/// `--agent`: the agents to run under, or usage errors naming the known ones.
fn agent_filter(a: &TestArgs) -> Result<Option<Vec<AgentSpec>>, String> {
    if a.agent.is_empty() {
        return Ok(None);
    }
    a.agent
        .iter()
        .map(|s| AgentSpec::parse(s.trim()).map_err(|(_, m)| format!("--agent: {m}")))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

pub fn run(a: TestArgs) -> anyhow::Result<Exit> {
    let root = std::path::absolute(a.path.clone().unwrap_or_else(|| ".".into()))?;
    if a.init {
        return init::run(&a, &root);
    }
    if a.watch {
        return watch::run(&a, &root);
    }
    let (report, broken) = match once(&a, &root) {
        Ok(r) => r,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(Exit::Failure);
        }
    };
    print(&a, &report);
    Ok(if broken { Exit::Failure } else { report.exit() })
}

/// Prints the report in the chosen format.
fn print(a: &TestArgs, report: &Report) {
    match a.format {
        TestFormat::Human => out!("{}", render::human(report)),
        TestFormat::Json => out!("{}", render::json(report)),
        TestFormat::Junit => out!("{}", render::junit(report)),
    }
}

/// Discovers the project's hooks as `hooks run` does.
fn discover(a: &TestArgs, root: &Path) -> anyhow::Result<Project> {
    let src = SourceArgs {
        home: a.home.clone(),
        no_env: false,
        convention: None,
    };
    let found = super::discover_paths(
        &[root.to_path_buf()],
        &src,
        super::discover::PathsFrom::Root,
    )?;
    let home = match &a.home {
        Some(h) => Some(std::path::absolute(h)?),
        None => None,
    };
    let sources = found.sources.iter().map(|s| s.path.clone()).collect();
    Ok(Project::new(
        found.batch.hooks,
        root.to_path_buf(),
        home,
        sources,
    ))
}

/// One run: the report, and whether the test file was broken (exit 2).
fn once(a: &TestArgs, root: &Path) -> Result<(Report, bool), String> {
    let filter = agent_filter(a)?;
    let file = test_file(a, root);
    let mut report = Report::default();
    let cases: Vec<Case> = match std::fs::read_to_string(&file) {
        Ok(text) => match cases::parse(&shown(&file), &text) {
            Ok(c) => c,
            Err(diags) => {
                report.findings = diags;
                return Ok((report, true));
            }
        },
        // Faults and scenarios need no test file.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && (a.faults || a.scenarios) => {
            Vec::new()
        }
        Err(e) => return Err(format!("cannot read the test file {}: {e}", shown(&file))),
    };
    let mut project = discover(a, root).map_err(|e| format!("{e:#}"))?;
    // As `hooks run`: a matcher that would hang the agent on an event is left out, and said.
    for (n, case) in cases.iter().enumerate() {
        for agent in agents_of(&project, case, filter.as_deref()) {
            if let Some(kind) = exec::kind_of(&case.event, agent.convention) {
                let e = exec::event_of(case, kind, agent.convention, n);
                let hooks = std::mem::take(&mut project.hooks);
                let (kept, hopeless) =
                    super::run::screen_matchers(hooks, &e, super::run::MATCH_BUDGET);
                project.hooks = kept;
                for (id, why) in hopeless {
                    eprintln!("note: hook `{id}` is not run: {why}");
                }
            }
        }
    }
    let mut broken = false;
    for (n, case) in cases.iter().enumerate() {
        match run_case(&mut project, case, n, filter.as_deref()) {
            Ok(mut r) => report.results.append(&mut r),
            Err(d) => {
                report.findings.push(d);
                broken = true;
            }
        }
    }
    if broken {
        report.results.clear();
        return Ok((report, true));
    }
    let agents = filter.clone().unwrap_or_else(|| default_agents(&project));
    if a.faults {
        // A hook that blocked a case is tried under faults with that case's call.
        let mut trials = std::collections::HashMap::new();
        for r in &report.results {
            for h in r
                .actual
                .hooks
                .iter()
                .filter(|h| h.outcome == runner::OutcomeKind::Blocked)
            {
                if let Some(e) = &r.event {
                    trials.entry(h.id.clone()).or_insert_with(|| e.clone());
                }
            }
        }
        report
            .findings
            .extend(faults::run(&project, &agents, &trials));
    }
    if a.scenarios {
        report.findings.extend(scenarios::run(&project, &agents));
    }
    Ok((report, false))
}

/// Every convention with hooks in the project, with its newest recorded release.
fn default_agents(project: &Project) -> Vec<AgentSpec> {
    Convention::ALL
        .into_iter()
        .filter(|c| project.hooks.iter().any(|h| h.convention == *c))
        .map(|c| AgentSpec {
            convention: c,
            release: runner::recorded::latest(c),
        })
        .collect()
}

/// The agents a case runs under: its `agents` (narrowed by `--agent`, whose version wins), or
/// every convention with hooks for its event.
fn agents_of(project: &Project, case: &Case, filter: Option<&[AgentSpec]>) -> Vec<AgentSpec> {
    let listed = match &case.agents {
        Some(a) => a.clone(),
        None => Convention::ALL
            .into_iter()
            .filter(|c| {
                exec::kind_of(&case.event, *c).is_some_and(|k| {
                    project
                        .hooks
                        .iter()
                        .any(|h| h.convention == *c && h.kind == k)
                })
            })
            .map(|c| AgentSpec {
                convention: c,
                release: runner::recorded::latest(c),
            })
            .collect(),
    };
    match filter {
        None => listed,
        Some(f) => listed
            .into_iter()
            .filter_map(|a| f.iter().find(|x| x.convention == a.convention).copied())
            .collect(),
    }
}

fn run_case(
    project: &mut Project,
    case: &Case,
    n: usize,
    filter: Option<&[AgentSpec]>,
) -> Result<Vec<CaseResult>, Diagnostic> {
    let agents = agents_of(project, case, filter);
    let expected = render::expected(&case.expect);
    // The event must mean something under some agent of the case.
    let known = |c: Convention| exec::kind_of(&case.event, c).is_some();
    let any_known = Kind::parse(&case.event).is_some()
        || agents.iter().any(|a| known(a.convention))
        || (case.agents.is_none() && Convention::ALL.into_iter().any(known));
    if !any_known {
        return Err(Diagnostic::new(
            Code::UnknownTestEvent,
            format!(
                "case `{}`: `{}` is not a kind ({}) nor an event of {}",
                case.name,
                case.event,
                Kind::ALL.map(|k| k.as_str()).join(", "),
                if agents.is_empty() {
                    "any convention".to_string()
                } else {
                    agents
                        .iter()
                        .map(|a| a.convention.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
        )
        .at(case.event_at.clone()));
    }
    if agents.is_empty() {
        let actual = exec::Actual {
            decision: "allow",
            reason: None,
            context: Vec::new(),
            updated_input: None,
            tool_output: None,
            hooks: Vec::new(),
        };
        let mut failures = exec::check(&case.expect, &actual);
        failures.insert(
            0,
            format!(
                "no hook in the project handles `{}`: nothing ran",
                case.event
            ),
        );
        return Ok(vec![CaseResult {
            case: case.name.clone(),
            agent: None,
            expected,
            actual,
            failures,
            notes: Vec::new(),
            event: None,
        }]);
    }
    let mut out = Vec::new();
    for agent in agents {
        let Some(kind) = exec::kind_of(&case.event, agent.convention) else {
            return Err(Diagnostic::new(
                Code::UnknownTestEvent,
                format!(
                    "case `{}`: `{}` is not an event of {}",
                    case.name, case.event, agent.convention
                ),
            )
            .at(case.event_at.clone()));
        };
        let event = exec::event_of(case, kind, agent.convention, n);
        let runner = project.runner(agent, &case.env);
        let mut notes = Vec::new();
        if let Some(t) = &case.tool {
            if let (_, Some(note)) = exec::map_tool(t, agent.convention) {
                notes.push(note);
            }
        }
        let decision = runner.dispatch_blocking(&event);
        let actual = exec::actual(&decision, project);
        let failures = exec::check(&case.expect, &actual);
        out.push(CaseResult {
            case: case.name.clone(),
            agent: Some(agent),
            expected: expected.clone(),
            actual,
            failures,
            notes,
            event: Some(event),
        });
    }
    Ok(out)
}
