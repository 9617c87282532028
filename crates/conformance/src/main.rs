//! `conformance record [--agent A].. [--scenario S].. [--jobs N] [--check]` runs the scenarios on
//! the real agents and writes (or, with `--check`, compares against) the committed traces;
//! `conformance docs [--check]` writes `docs/conformance.md`.

use anyhow::{bail, Context as _};
use clap::{Parser, Subcommand};
use conformance::agents::Agent;
use conformance::scenario::{Scenario, ScenarioFile};
use conformance::trace::Trace;
use conformance::{bridge, netns, record, repo_root, trace_dir};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Parser)]
#[command(about = "The live conformance suite: record the real agents, generate docs")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run scenarios on the real agents (inside `unshare --net`, loopback only).
    Record {
        /// Only this agent (repeatable).
        #[arg(long)]
        agent: Vec<String>,
        /// Only this scenario (repeatable).
        #[arg(long)]
        scenario: Vec<String>,
        /// Scenario runs at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Compare with the committed traces instead of writing them; fail on a difference.
        #[arg(long)]
        check: bool,
    },
    /// Write docs/conformance.md (with --check: fail when it is stale).
    Docs {
        /// Fail when the committed file differs.
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("conformance: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Record {
            agent,
            scenario,
            jobs,
            check,
        } => {
            if !netns::inside() {
                // Bridge scenarios run the workspace's own `hooks`: built here, where cargo can
                // still reach the registry, and handed to the re-executed recorder.
                let repo = repo_root();
                let file = ScenarioFile::load(&repo.join("conformance/scenarios.toml"))?;
                let bridged = file.scenario.iter().any(|s| {
                    s.bridge
                        && (scenario.is_empty() || scenario.contains(&s.name))
                        && (agent.is_empty() || s.agents.iter().any(|a| agent.contains(a)))
                });
                if bridged && std::env::var_os(bridge::HOOKS_BIN_ENV).is_none() {
                    let bin = bridge::build_hooks(&repo)?;
                    std::env::set_var(bridge::HOOKS_BIN_ENV, bin);
                }
                let code = netns::reexec()?;
                return Ok(ExitCode::from(u8::try_from(code).unwrap_or(2)));
            }
            netns::loopback_up()?;
            record_all(&agent, &scenario, jobs.max(1), check)
        }
        Cmd::Docs { check } => {
            let repo = repo_root();
            let text = conformance::docs::render(&repo)?;
            let path = repo.join("docs/conformance.md");
            if check {
                let old = std::fs::read_to_string(&path).unwrap_or_default();
                if old != text {
                    bail!("docs/conformance.md is stale: run `cargo run -p conformance -- docs`");
                }
            } else {
                std::fs::write(&path, text)?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn record_all(
    agents: &[String],
    only: &[String],
    jobs: usize,
    check: bool,
) -> anyhow::Result<ExitCode> {
    let repo = repo_root();
    let file = ScenarioFile::load(&repo.join("conformance/scenarios.toml"))?;
    let mut chosen = Vec::new();
    for a in agents {
        chosen.push(Agent::parse(a).with_context(|| format!("unknown agent `{a}`"))?);
    }
    if chosen.is_empty() {
        chosen = Agent::ALL.to_vec();
    }
    for a in &chosen {
        // Asked in the environment of a run, under a home of its own, removed at once (not at
        // the end of the whole recording): Copilot CLI unpacks its bundle (~235 MB) into the
        // home's cache at first start.
        let scratch = tempfile::Builder::new()
            .prefix("conformance-version-")
            .tempdir()?;
        let bin = a.binary(&repo);
        let out = std::process::Command::new(&bin)
            .arg("--version")
            .env_clear()
            .envs(a.env(scratch.path(), "http://127.0.0.1:9"))
            .current_dir(scratch.path())
            .output()
            .with_context(|| {
                format!(
                    "{} cannot start ({}): is `npm ci --prefix conformance` done?",
                    a.id(),
                    bin.display()
                )
            })?;
        scratch.close()?;
        let said = String::from_utf8_lossy(&out.stdout);
        let pinned = a.pinned_version(&repo)?;
        if !said.contains(&pinned) {
            bail!(
                "{} says `{}`, conformance/package.json pins {pinned}",
                a.id(),
                said.trim()
            );
        }
    }
    let mut work: Vec<(Agent, Scenario)> = Vec::new();
    for s in &file.scenario {
        if !only.is_empty() && !only.contains(&s.name) {
            continue;
        }
        for a in &chosen {
            if s.agents.iter().any(|x| x == a.id()) {
                work.push((*a, s.clone()));
            }
        }
    }
    let started = Instant::now();
    let queue = Arc::new(Mutex::new(work.into_iter().rev().collect::<Vec<_>>()));
    let results = Arc::new(Mutex::new(Vec::new()));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (queue, results, repo) = (Arc::clone(&queue), Arc::clone(&results), &repo);
            scope.spawn(move || loop {
                let Some((a, s)) = queue.lock().map(|mut q| q.pop()).ok().flatten() else {
                    return;
                };
                let t = Instant::now();
                let r = record::record(a, &s, repo);
                eprintln!(
                    "recorded {}/{} in {:.1}s{}",
                    a.id(),
                    s.name,
                    t.elapsed().as_secs_f64(),
                    if r.is_err() { " (error)" } else { "" }
                );
                if let Ok(mut res) = results.lock() {
                    res.push((a, s.name.clone(), r));
                }
            });
        }
    });
    let mut results = std::mem::take(&mut *results.lock().expect("no worker panicked"));
    results.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut failed = 0;
    let mut differ = 0;
    for (a, name, r) in results {
        let trace: Trace = match r {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}/{name}: {e}", a.id());
                failed += 1;
                continue;
            }
        };
        let dir = trace_dir(&repo, a.id(), &trace.version);
        let path = dir.join(format!("{name}.json"));
        let text = trace.to_text();
        if check {
            let old = std::fs::read_to_string(&path).unwrap_or_default();
            if old != text {
                differ += 1;
                eprintln!("DIFFERS: {} (fresh recording below)", path.display());
                let diff = similar_lines(&old, &text);
                eprintln!("{diff}");
            }
        } else {
            std::fs::create_dir_all(&dir)?;
            std::fs::write(&path, text)?;
        }
    }
    eprintln!(
        "conformance: {} recorded in {:.1}s, {failed} failed, {differ} differ from the committed traces",
        if check { "checked" } else { "written" },
        started.elapsed().as_secs_f64()
    );
    Ok(if failed + differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The lines of `new` that `old` lacks and vice versa (a small line diff for the CI log).
fn similar_lines(old: &str, new: &str) -> String {
    let o: Vec<&str> = old.lines().collect();
    let n: Vec<&str> = new.lines().collect();
    let mut out = String::new();
    for l in &o {
        if !n.contains(l) {
            out.push_str(&format!("- {l}\n"));
        }
    }
    for l in &n {
        if !o.contains(l) {
            out.push_str(&format!("+ {l}\n"));
        }
    }
    out
}
