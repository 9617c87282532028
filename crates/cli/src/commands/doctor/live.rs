//! `hooks doctor --live`: the canary with the user's agent, and its result per hook.

use crate::args::DoctorArgs;
use crate::exit::Exit;
use adapters::codex_json::trust::{self, Status};
use adapters::{Context, Discovered};
use agent_drive::agents::Agent;
use agent_drive::canary::{self, Canary, CodexTrust, Handler};
use agent_drive::netns;
use anyhow::{bail, Context as _};
use hook_ir::contract::{self, Output};
use hook_ir::{Convention, Detail, Hook, Scope};
use hooks_rules::doctor::{Live, LiveRun, Report, Tools};
use std::path::PathBuf;
use std::time::Duration;

/// How long one agent may run: the bound for `--live` per agent.
const BUDGET: Duration = Duration::from_secs(30);

/// When this process may make a network namespace (root) and is not in one yet, runs itself
/// again inside one and returns its exit code; `None`: go on here.
pub fn isolate() -> anyhow::Result<Option<Exit>> {
    if netns::inside() {
        netns::loopback_up().map_err(|e| anyhow::anyhow!("{e}"))?;
        return Ok(None);
    }
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        return Ok(None);
    }
    let code = netns::reexec().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Some(match code {
        0 => Exit::Success,
        1 => Exit::Findings,
        _ => Exit::Failure,
    }))
}

fn agent_of(c: Convention) -> Option<Agent> {
    Agent::ALL.into_iter().find(|a| a.convention() == Some(c))
}

/// Runs the canary for each agent asked and puts its result on each hook of `report`.
pub fn run(
    a: &DoctorArgs,
    ctx: &Context,
    found: &Discovered,
    report: &mut Report,
) -> anyhow::Result<()> {
    if a.agent.is_empty() {
        bail!(
            "--live needs --agent (claude-settings, codex-json, gemini-settings, copilot-hooks, qwen-settings or cline-dir)"
        );
    }
    if a.agent_bin.is_some() && a.agent.len() > 1 {
        bail!("--agent-bin names one agent's executable: give one --agent with it");
    }
    let isolation = if netns::inside() {
        "network namespace (loopback only)".to_string()
    } else {
        "no network namespace (not root): the agent is pointed at the loopback model and its telemetry is switched off".to_string()
    };
    let (home, project) = match (&ctx.home, &ctx.project) {
        (Some(h), Some(p)) => (h.clone(), p.clone()),
        _ => bail!("--live needs a home directory and a project"),
    };
    for r in &mut report.agents {
        let Some(agent) = agent_of(r.agent) else {
            bail!(
                "--live drives claude-settings, codex-json, gemini-settings, copilot-hooks, qwen-settings and cline-dir, not {}",
                r.agent
            );
        };
        let bin = match &a.agent_bin {
            Some(b) => b.clone(),
            None => on_path(agent).with_context(|| {
                format!(
                    "{} is not on PATH; name it with --agent-bin",
                    binary_name(agent)
                )
            })?,
        };
        let files: Vec<PathBuf> = found
            .sources
            .iter()
            .filter(|s| s.convention == r.agent)
            .filter(|s| matches!(s.scope, Scope::User | Scope::Project | Scope::Personal))
            // Cline's hooks are scripts; every other agent's, JSON files.
            .filter(|s| agent == Agent::Cline || s.path.extension().is_some_and(|e| e == "json"))
            .map(|s| s.path.clone())
            .collect();
        let hooks: Vec<&Hook> = r.hooks.iter().filter_map(|v| v.hook.as_ref()).collect();
        let codex = if agent == Agent::Codex {
            codex_trust(ctx, found, &hooks)
        } else {
            CodexTrust::default()
        };
        let c =
            Canary {
                agent,
                bin,
                home: home.clone(),
                project: project.clone(),
                files,
                codex,
                trust_workspace: !r.hooks.iter().flat_map(|v| &v.reasons).chain(&r.notes).any(
                    |d| {
                        matches!(
                            d.code,
                            hook_ir::Code::GeminiFolderUntrusted
                                | hook_ir::Code::CopilotFolderUntrusted
                                | hook_ir::Code::QwenProjectUntrusted
                        )
                    },
                ),
                budget: BUDGET,
            };
        let out = canary::run(&c).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (events, shell) = canary::exercised(agent);
        let tool_ran = canary::runs_the_tool(agent, c.trust_workspace);
        for v in &mut r.hooks {
            let Some(h) = &v.hook else { continue };
            let Some(handler) = handler(found, h) else {
                continue;
            };
            let fired = out.fired.contains(&handler);
            let exercised = events.contains(&h.source_event.as_str())
                && match &v.tools {
                    Tools::NotATool => true,
                    Tools::All | Tools::NoBuiltIn => tool_ran,
                    Tools::Some(t) => tool_ran && t.iter().any(|t| t == shell),
                };
            v.live = if fired {
                let ignored =
                    contract::find(h.convention, &h.source_event).and_then(|row| {
                        match row.mapping {
                            contract::Mapping::Accepted { rules, .. } => Some(rules.output),
                            contract::Mapping::Rejected { .. } => None,
                        }
                    }) == Some(Output::Ignored);
                Some(if ignored { Live::Ignored } else { Live::Fired })
            } else if out.probed.contains(&handler) && exercised && !out.timed_out {
                Some(Live::NotFired)
            } else {
                None
            };
        }
        let mut notes: Vec<String> = out
            .skipped
            .iter()
            .map(|(f, why)| format!("{} not probed: {why}", ctx.display(f)))
            .collect();
        if out.timed_out {
            notes.push(format!(
                "the agent was stopped at {} s; hooks it had not fired are left unknown",
                BUDGET.as_secs()
            ));
        } else if out.exit_code != Some(0) {
            notes.push(format!(
                "the agent exited with {:?}: {}",
                out.exit_code,
                out.stderr_tail.replace('\n', " / ")
            ));
        }
        notes.push(format!(
            "one turn: a prompt, one `{shell}` tool call, an answer; hooks of other events or tools are not exercised (live: null)"
        ));
        if !tool_ran {
            notes.push(format!(
                "{} does not run the tool call in a folder it does not trust (its approval mode falls back to `default`): tool hooks are not exercised (live: null)",
                agent.id()
            ));
        }
        r.version = Some(out.version);
        r.live_run = Some(LiveRun {
            seconds: out.seconds,
            isolation: isolation.clone(),
            notes,
        });
    }
    Ok(())
}

fn binary_name(a: Agent) -> &'static str {
    match a {
        Agent::Claude => "claude",
        Agent::Codex => "codex",
        Agent::Gemini => "gemini",
        Agent::Copilot => "copilot",
        Agent::Qwen => "qwen",
        Agent::Cline => "cline",
    }
}

fn on_path(a: Agent) -> Option<PathBuf> {
    let name = binary_name(a);
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The handler a hook is, in the canary's terms (its file's real path, event, group, index).
fn handler(found: &Discovered, h: &Hook) -> Option<Handler> {
    let (group, index) = match &h.detail {
        Detail::JsonGroup { group, index, .. } | Detail::GeminiGroup { group, index, .. } => {
            (*group, *index)
        }
        // A hook that is a file of its own (Cline's) is its file.
        Detail::None if adapters::registry::adapter(h.convention).hooks_are_files() => (0, 0),
        _ => return None,
    };
    let file = found.source_of(h)?.path.clone();
    Some(Handler {
        file,
        event: h.source_event.clone(),
        group,
        index,
    })
}

/// The user's Codex trust of `hooks`, to carry over to their probes.
fn codex_trust(ctx: &Context, found: &Discovered, hooks: &[&Hook]) -> CodexTrust {
    let owned: Vec<Hook> = hooks.iter().map(|h| (*h).clone()).collect();
    let Ok(statuses) = trust::of_hooks(ctx, &owned, &found.sources) else {
        return CodexTrust {
            hooks_off: adapters::codex_json::feature::switch(ctx).map(|(n, _)| n.to_string()),
            ..CodexTrust::default()
        };
    };
    let mut t = CodexTrust {
        project_trusted: true,
        hooks_off: adapters::codex_json::feature::switch(ctx).map(|(n, _)| n.to_string()),
        ..Default::default()
    };
    for (h, s) in owned.iter().zip(statuses) {
        let (Some(s), Some(handler)) = (s, handler(found, h)) else {
            continue;
        };
        match s.status {
            Status::Trusted => t.trusted.push(handler),
            Status::Changed => t.changed.push(handler),
            Status::ProjectUntrusted => t.project_trusted = false,
            Status::Untrusted | Status::Disabled => {}
        }
    }
    t
}
