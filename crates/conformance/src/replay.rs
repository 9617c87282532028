//! Replay: a trace's config goes through our adapter and the session it recorded goes through
//! our runner; the firings (which hooks ran, in which event, whether they finished) and what the
//! model was told must equal the trace, except the differences listed in
//! `conformance/differences.toml`.
//!
//! The runner is driven like the agent drives it: SessionStart, UserPromptSubmit (a block ends
//! the turn before the model is called), the model's tool call (PreToolUse; a block replaces the
//! tool's output with the reason, an `updated_input` changes the command that runs), PostToolUse,
//! Stop (a block sends the reason back to the model and fires Stop again with
//! `stop_hook_active`), SessionEnd. Payload values come from the trace where the agent recorded
//! one, so both see the same event.
//!
//! Two answers are the embedding agent's to act on, and the replay acts on them as the recorded
//! agents do: a `stop` effect (`continue: false`) ends the session after the hooks of that event
//! — no further model request and no Stop hook, only SessionEnd (Claude Code 2.1.332,
//! `pre_continue_false`); and a `permission` effect asking the user (`ask`) is a denial with the
//! hook's reason in print mode, where nobody can be asked (Claude Code 2.1.332 `-p`,
//! `pre_json_ask`: the model reads the reason as the tool's error). Gemini CLI 0.61.0 headless
//! does three things of its own: an `ask` waits for a confirmation nobody can give, and the
//! process exits with nothing left to do — no further hook, SessionEnd included
//! (`gemini_pre_json_ask`), a rewritten input without a `command` fails the tool's validation
//! (`gemini_pre_tool_input_partial`), and an AfterAgent continuation is a new prompt that fires
//! BeforeAgent again (`gemini_stop_block_continues`). Qwen Code 0.24.4 headless fires
//! UserPromptSubmit again, with an empty prompt, for the turn that carries the tool result, and
//! never fires SessionEnd (`qwen_six_kinds`). A scenario's `tool_call` (another tool than the
//! shell: Qwen's `read_file`, `write_file`) is run as that tool, and a shell command that exits
//! non-zero is a failed call (`qwen_post_tool_failure`).

use crate::agents::Agent;
use crate::hookscript;
use crate::record::{read_logs, RunRoot};
use crate::trace::{tokens, Step, Trace};
use crate::{Error, Result};
use hook_ir::Kind;
use runner::host::Bridge;
use runner::{Decision, Event, Runner, RunnerOptions, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::Path;

/// One hook run as compared: the script and whether it finished.
pub type RunKey = (String, bool);

/// One firing as compared: the event and its runs, sorted.
pub type Firing = (String, Vec<RunKey>);

/// What the replay compares for one trace.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Observed {
    /// Every firing with at least one hook run, in order.
    pub firings: Vec<Firing>,
    /// Per model request, the `TOK_*` markers it was told, sorted.
    pub model: Vec<Vec<String>>,
    /// The command lines of the processes that spawned the hooks (the shell, or `<agent>` when
    /// the shell exec'ed the hook), distinct and sorted.
    pub shells: Vec<Vec<String>>,
    /// The exit code of an agent that stopped before anything happened (no hook, no model
    /// request): a config it cannot read. `None` when it started.
    pub refused: Option<i32>,
}

/// The aspects of a trace the replay compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    /// Which hooks ran for which event, and whether they finished (timeouts).
    Firings,
    /// What the model was told after the hooks (decisions, reasons, context, rewritten input
    /// and output).
    Model,
    /// The process that spawned each hook (the shell and its flags).
    Shell,
    /// Whether the agent started at all, and its exit code when it did not.
    Start,
}

impl Aspect {
    /// Its name in the differences table.
    pub fn as_str(self) -> &'static str {
        match self {
            Aspect::Firings => "firings",
            Aspect::Model => "model",
            Aspect::Shell => "shell",
            Aspect::Start => "start",
        }
    }
}

/// One listed difference.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// The agent.
    pub agent: String,
    /// The scenario, or `*`: every scenario of the agent (one cause that shows everywhere, such
    /// as the shell that spawns every hook).
    pub scenario: String,
    /// What differs.
    pub aspect: Aspect,
    /// Why: a deliberate choice of ours, or the open issue item that fixes it.
    pub reason: String,
}

/// The differences table file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenceFile {
    /// Every listed difference.
    #[serde(default)]
    pub difference: Vec<Difference>,
}

impl DifferenceFile {
    /// Reads `conformance/differences.toml`.
    pub fn load(repo: &Path) -> Result<DifferenceFile> {
        let p = repo.join("conformance/differences.toml");
        let text =
            std::fs::read_to_string(&p).map_err(|e| Error::msg(format!("{}: {e}", p.display())))?;
        toml::from_str(&text).map_err(|e| Error::msg(format!("{}: {e}", p.display())))
    }
}

/// What the agent did, from its trace.
pub fn observed_in_trace(t: &Trace) -> Observed {
    let mut o = Observed::default();
    for s in &t.timeline {
        match s {
            Step::Hooks { event, runs, .. } => {
                let mut r: Vec<RunKey> = runs
                    .iter()
                    .map(|r| (r.script.clone(), r.finished))
                    .collect();
                r.sort();
                for run in runs {
                    if !o.shells.contains(&run.parent) {
                        o.shells.push(run.parent.clone());
                    }
                }
                o.firings.push((event.clone(), r));
            }
            Step::Model { told } => o.model.push(token_set(&told.join("\n"))),
        }
    }
    o.shells.sort();
    if t.timeline.is_empty() {
        o.refused = t.exit_code.filter(|c| *c != 0);
    }
    o
}

fn token_set(s: &str) -> Vec<String> {
    let set: BTreeSet<String> = tokens(s).into_iter().collect();
    set.into_iter().collect()
}

/// The payload the agent sent for the first firing of `event`, if any hook ran for it.
fn payload<'a>(t: &'a Trace, event: &str, nth: usize) -> Option<&'a Value> {
    t.timeline
        .iter()
        .filter_map(|s| match s {
            Step::Hooks {
                event: e, payload, ..
            } if e == event => Some(payload),
            _ => None,
        })
        .nth(nth)
}

/// The payload the agent sent for the `nth` firing of kind `k`: under its own event name, or
/// for Copilot CLI under either dialect's (`preToolUse` or `PreToolUse`), the camelCase one first.
fn payload_of(t: &Trace, agent: Agent, k: Kind, nth: usize) -> Option<&Value> {
    let own = payload(t, agent_event_name(agent, k), nth);
    match agent {
        Agent::Copilot => own.or_else(|| payload(t, event_name(k), nth)),
        _ => own,
    }
}

fn str_of(v: Option<&Value>, key: &str) -> Option<String> {
    v.and_then(|p| p.get(key))
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Our side of a trace: the session replayed through the adapter and the runner.
pub fn replay(t: &Trace) -> Result<Observed> {
    let agent = Agent::parse(&t.agent).ok_or_else(|| Error::msg(format!("agent `{}`", t.agent)))?;
    let root = RunRoot::new()?;
    let r = root.path();
    for (name, b) in &t.scripts {
        hookscript::write(&r.join("hooks"), name, b, &r.join("logs"))?;
    }
    let config_file = r.join(&t.config_path);
    if let Some(p) = config_file.parent() {
        std::fs::create_dir_all(p)?;
    }
    let root_inner = crate::record::json_inner(&r.display().to_string());
    std::fs::write(&config_file, t.config.replace("<ROOT>", &root_inner))?;
    for (rel, text) in &t.files {
        crate::record::write_file(r, rel, &text.replace("<ROOT>", &root_inner))?;
    }
    if let Some(trust) = t.trust {
        // The trust state Codex read, for the embedder's trust policy below, after the hooks
        // inlined in the same config.toml (read by the adapter like Codex reads them).
        let basis = t.trusted_config.as_deref().unwrap_or(&t.config);
        let state = crate::trust::state_of(
            trust,
            t.layer,
            basis,
            &t.codex_config_hooks,
            r,
            &config_file,
        )?;
        let dir = r.join("home/.codex");
        std::fs::create_dir_all(&dir)?;
        let hooks = t.codex_config_hooks.replace("<ROOT>", &root_inner);
        std::fs::write(dir.join("config.toml"), format!("{hooks}\n{state}"))?;
    }
    // Copilot CLI's folder trust, as the recorder set it up (`Agent::setup`): the project is
    // trusted unless the scenario brought its own `config.json`.
    if agent == Agent::Copilot {
        crate::agents::copilot_trust(r)?;
    }
    let (project, home) = (r.join("project"), r.join("home"));
    // The scenario's own variables are machine state the agent read (a system settings
    // path): the adapter reads them too.
    let mut ctx_env: std::collections::BTreeMap<String, String> =
        [("HOME".to_string(), home.display().to_string())].into();
    ctx_env.extend(crate::scenario::with_env(Vec::new(), &t.env, r));
    let ctx = adapters::Context {
        project: Some(project.clone()),
        home: Some(home.clone()),
        env: ctx_env,
        apply_env_overrides: !t.env.is_empty(),
        cwd: None,
        run_cache: None,
    };
    let convention = agent.convention().ok_or_else(|| {
        Error::msg(format!(
            "{}: {} has no convention to replay against",
            t.scenario, t.agent
        ))
    })?;
    // The agents ran with exactly this environment (`Agent::env`; a bridge's hooks inherit it,
    // with the run's `bin/` first on PATH for Node.js).
    let mut env = crate::scenario::with_env(agent.env(r, "http://127.0.0.1:9"), &t.env, r);
    if t.bridge_install.is_some() {
        env = crate::bridge::with_bin(env, &crate::bridge::bin_dir(r, None)?);
    }
    let options = RunnerOptions {
        session_id: Some("conformance-replay".into()),
        cwd: Some(project.clone()),
        home: Some(home.clone()),
        env: env
            .into_iter()
            .map(|(k, v)| (k.into(), Some(v.into())))
            .collect(),
        ..RunnerOptions::default()
    };
    // Gemini CLI does not start while a settings file is unreadable
    // (`limits::gemini::CONFIG_ERROR_EXIT`): nothing fires and the model is never asked.
    let found = hooks_rules::discover_only(&ctx, &[convention]);
    if agent == Agent::Gemini
        && found
            .batch
            .diagnostics
            .iter()
            .any(|d| d.code == hook_ir::Code::GeminiSettingsUnreadable)
    {
        return Ok(Observed {
            refused: Some(hook_ir::contract::limits::gemini::CONFIG_ERROR_EXIT),
            ..Observed::default()
        });
    }
    let dispatch = if t.bridge_install.is_some() {
        // The entries `install` wrote must be what lint calls sound bridge entries (each on an
        // event its sources have hooks for)...
        let all = hooks_rules::discover(&ctx);
        let unsound: Vec<String> = all
            .batch
            .diagnostics
            .iter()
            .filter(|d| {
                matches!(
                    d.code,
                    hook_ir::Code::BridgeEventNotBridged | hook_ir::Code::BridgeWithoutSourceHooks
                )
            })
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        if !unsound.is_empty() {
            return Err(Error::msg(format!(
                "the installed bridge entries do not lint clean: {}",
                unsound.join("; ")
            )));
        }
        // ...and the source conventions' hooks run, each through our runner under its own
        // contract, as the bridge dispatches them; the host's config is the agent's part.
        let found =
            hooks_rules::discover_only(&ctx, &adapters::bridge::default_sources(convention));
        let hooks: Vec<hook_ir::Hook> = found
            .batch
            .hooks
            .into_iter()
            .filter(|h| adapters::bridge::bridged(convention, h))
            .collect();
        let module_host: std::sync::Arc<dyn runner::ModuleDispatch> =
            std::sync::Arc::new(runner::module_host::ModuleHost::default());
        // What the installed entries guarantee on top of the source contracts (`--fail-closed`),
        // read from the entries as the bridge reads its own command line.
        let fail_closed = all.batch.hooks.iter().any(|h| match &h.handler {
            hook_ir::Handler::Command { command, .. } => {
                adapters::bridge::is_bridge(h)
                    && adapters::bridge::parse(command).is_some_and(|e| e.fail_closed)
            }
            _ => false,
        });
        Dispatch::Bridge(
            Bridge::new(
                convention,
                hooks,
                RunnerOptions {
                    project_dir: Some(project.clone()),
                    module_dispatch: Some(module_host),
                    ..options
                },
            ),
            fail_closed,
        )
    } else {
        let trust = own_trust_policy(agent, t, &ctx, &found);
        let mut hooks = found.batch.hooks;
        // A plugin Copilot CLI loaded with `--plugin-dir DIR`: its `hooks/hooks.json`, named to
        // the adapter as the user would name it (discovery does not look for plugins), runs
        // after the discovered layers (`copilot_plugin_dir`).
        if agent == Agent::Copilot {
            let root_text = r.display().to_string();
            for pair in t.args.windows(2).filter(|w| w[0] == "--plugin-dir") {
                let file =
                    Path::new(&pair[1].replace("<ROOT>", &root_text)).join("hooks/hooks.json");
                hooks.extend(
                    adapters::read_file(&ctx, &file, Some(convention))
                        .batch
                        .hooks,
                );
            }
        }
        Dispatch::Runner(Box::new(Runner::new(
            hooks,
            RunnerOptions { trust, ..options },
        )))
    };
    let mut s = Session {
        agent,
        dispatch: &dispatch,
        logs: r.join("logs"),
        masker: crate::trace::Masker::new(r, &crate::repo_root()),
        out: Observed::default(),
        stopped: false,
        exited: false,
    };
    // SessionStart.
    let ss = payload_of(t, agent, Kind::SessionStart, 0);
    let d = s.fire(Event::session_start(
        str_of(ss, "source").unwrap_or_else(|| "startup".into()),
    ))?;
    let mut told: Vec<String> = d.context.clone();
    // UserPromptSubmit (Cline CLI 3.0.65 does not fire it in a headless run:
    // `cline_prompt_submit_and_error`).
    let d = if agent == Agent::Cline {
        Decision::allow(Kind::UserPromptSubmit)
    } else {
        s.fire(Event::user_prompt_submit(t.prompt.clone()))?
    };
    if !d.is_block() && !s.stopped {
        // Copilot CLI sends a command hook's `modifiedPrompt` instead of the prompt
        // (`copilot_prompt_answers`).
        let prompt = effect(&d, "modified_prompt")
            .filter(|_| agent == Agent::Copilot)
            .and_then(|e| e["prompt"].as_str())
            .map_or_else(|| t.prompt.clone(), str::to_string);
        told.push(prompt);
        told.extend(d.context.clone());
        s.model(&told);
        if !t.tool.is_empty() {
            s.tool_turn(t, &project)?;
        }
        // Stop, and the continuations it asks for (bounded as the agents bound them).
        let mut active = false;
        // Past its own cap (Copilot CLI's 8) the runner lets the agent stop; the others' hooks
        // guard themselves, and the scenarios' blocks stop before 3.
        let bound = match agent {
            Agent::Copilot => hook_ir::contract::limits::copilot::AGENT_STOP_CAP + 2,
            _ => 3,
        };
        for nth in 0..bound as usize {
            if s.stopped {
                break;
            }
            let p = payload_of(t, agent, Kind::Stop, nth);
            // Cline's TaskComplete fires once and cannot continue the agent.
            if agent == Agent::Cline && nth > 0 {
                break;
            }
            let mut e = Event::stop();
            e.stop_hook_active = active;
            e.last_assistant_text = str_of(p, "last_assistant_message")
                .or_else(|| str_of(p, "prompt_response"))
                .or_else(|| p.and_then(|p| str_of(p.get("turn"), "outputText")))
                .or(Some(t.final_text.clone()));
            // Gemini's AfterAgent carries the prompt too.
            e.prompt = str_of(p, "prompt");
            let d = s.fire(e)?;
            match &d.verdict {
                Verdict::Block { reason } => {
                    let next = d.continuation.clone().unwrap_or_else(|| reason.clone());
                    let mut told = vec![next.clone()];
                    // Gemini sends the continuation as a new prompt: BeforeAgent fires for it
                    // (`client.ts` resets `hasFiredBeforeAgent`; `gemini_stop_block_continues`).
                    if agent == Agent::Gemini {
                        let d = s.fire(Event::user_prompt_submit(next))?;
                        if d.is_block() || s.stopped {
                            break;
                        }
                        told.extend(d.context.clone());
                    }
                    s.model(&told);
                    active = true;
                }
                Verdict::Allow => break,
            }
        }
    }
    // Qwen Code does not fire SessionEnd in a headless run (`qwen_six_kinds`: configured,
    // never ran), nor Cline its SessionShutdown (`cline_all_events`).
    if !s.exited && !matches!(agent, Agent::Qwen | Agent::Cline) {
        let se = payload_of(t, agent, Kind::SessionShutdown, 0);
        s.fire(Event::session_shutdown(
            str_of(se, "reason").unwrap_or_else(|| "other".into()),
        ))?;
    }
    Ok(s.out)
}

/// The embedder's trust policy: the agent's own trust as its adapter reads it
/// (`Adapter::own_trust`): Codex runs a hook only when its hash is trusted and its project is
/// (none when the run bypassed trust, `--dangerously-bypass-hook-trust`); Copilot CLI loads
/// repository hooks only in a trusted folder (trace `copilot_untrusted_project`). The other
/// agents' runs trust their folders (Gemini CLI through `GEMINI_CLI_TRUST_WORKSPACE`).
fn own_trust_policy(
    agent: Agent,
    t: &Trace,
    ctx: &adapters::Context,
    found: &adapters::Discovered,
) -> Option<std::sync::Arc<dyn runner::TrustPolicy>> {
    let bypassed = matches!(t.trust, None | Some(crate::scenario::Trust::Bypass));
    match agent {
        Agent::Codex if !bypassed => {}
        Agent::Copilot => {}
        _ => return None,
    }
    let own = adapters::registry::adapter(agent.convention()?).own_trust(
        ctx,
        &found.batch.hooks,
        &found.sources,
        &found.batch.diagnostics,
    )?;
    let policy = move |h: &hook_ir::Hook| (own.refuse)(h);
    Some(std::sync::Arc::new(policy))
}

/// What dispatches the replayed events: the agent's own hooks through one runner, or, in a
/// bridge scenario, the other conventions' hooks through a [`Bridge`].
enum Dispatch {
    Runner(Box<Runner>),
    /// The bridge, and whether its entries say `--fail-closed`.
    Bridge(Bridge, bool),
}

impl Dispatch {
    /// Dispatches `e`; returns the decision and the event name the firing is known by: the
    /// agent's, or for a bridge the source hooks' own (`tool_call` for a GJC guard), as their
    /// payloads carry it into the trace.
    fn dispatch(&self, agent: Agent, e: &Event) -> (Decision, String) {
        match self {
            Dispatch::Runner(r) => {
                let d = r.dispatch_blocking(e);
                // Cline's detached hooks run on the runner's background: their logs are read
                // once they ended (see the differences for a hook the agent's exit killed).
                if agent == Agent::Cline {
                    r.wait_detached();
                }
                (d, agent_event_name(agent, e.kind()).into())
            }
            Dispatch::Bridge(b, fail_closed) => {
                // The tool's input as the bridge reads it from Cline's payload.
                let cline_event;
                let e = match (&e.tool_name, &e.tool_input) {
                    (Some(tool), Some(input)) if agent == Agent::Cline => {
                        let mut c = e.clone();
                        c.tool_input = Some(runner::host::cline::tool_input(tool, input.clone()));
                        cline_event = c;
                        &cline_event
                    }
                    _ => e,
                };
                let name = b
                    .matching_hooks(e)
                    .first()
                    .map(|h| h.source_event.clone())
                    .unwrap_or_else(|| agent_event_name(agent, e.kind()).into());
                let mut d = b.dispatch_blocking(e);
                // The bridge waits for the hooks its host does not (Jarvis PostToolUse) before
                // it exits, and the agent waits for the bridge.
                b.wait_detached();
                if *fail_closed {
                    if let Some(reason) = runner::host::guarantees::fail_closed(&d, None) {
                        d.verdict = runner::Verdict::Block { reason };
                    }
                }
                // Cline reads the bridge's answer as its own hook's: a `cancel` there ends the
                // whole run (`cline_pre_cancel`), Cline's only refusal (`runner::host` renders a
                // tool block as one).
                if let (Agent::Cline, Some(host)) = (agent, agent.convention()) {
                    let file = runner::host::event_of(host, e.kind());
                    let a = file.map(|f| runner::host::answer(host, f, &d));
                    let answer: Option<serde_json::Value> =
                        a.and_then(|a| serde_json::from_str(&a.stdout).ok());
                    if let Some(a) = answer.filter(|a| a["cancel"] == true) {
                        d.effects.push(serde_json::json!({
                            "effect": "stop", "hook": "hooks bridge",
                            "reason": a["errorMessage"],
                        }));
                    }
                }
                (d, name)
            }
        }
    }
}

struct Session<'a> {
    agent: Agent,
    dispatch: &'a Dispatch,
    logs: std::path::PathBuf,
    masker: crate::trace::Masker,
    out: Observed,
    /// A hook answered `continue: false`: the agent ends the session after this event.
    stopped: bool,
    /// The agent's process ended at once: not even SessionEnd fires.
    exited: bool,
}

/// The first effect of kind `effect` in `d`.
fn effect<'d>(d: &'d Decision, effect: &str) -> Option<&'d serde_json::Value> {
    d.effects
        .iter()
        .find(|e| e.get("effect").and_then(serde_json::Value::as_str) == Some(effect))
}

impl Session<'_> {
    /// Dispatches one event and records the runs it caused.
    fn fire(&mut self, e: Event) -> Result<Decision> {
        for entry in std::fs::read_dir(&self.logs)? {
            std::fs::remove_file(entry?.path())?;
        }
        let (d, name) = self.dispatch.dispatch(self.agent, &e);
        self.stopped |= effect(&d, "stop").is_some();
        // Consecutive runs of one event name are one firing, as the recorder groups them
        // (`record::timeline`): Copilot CLI's two dialects on one kind are two firings, each
        // run's named by its payload (`hook_event_name` in the PascalCase one).
        let mut firings: Vec<Firing> = Vec::new();
        for r in read_logs(&self.logs)? {
            let parent = crate::record::parent(&r.parent, &self.masker);
            if !self.out.shells.contains(&parent) {
                self.out.shells.push(parent);
                self.out.shells.sort();
            }
            let event = match self.agent {
                Agent::Copilot => r.stdin["hook_event_name"].as_str().unwrap_or(&name),
                _ => &name,
            };
            match firings.last_mut() {
                Some((e, runs)) if e == event => runs.push((r.script, r.finished)),
                _ => firings.push((event.to_string(), vec![(r.script, r.finished)])),
            }
        }
        for (event, mut runs) in firings {
            runs.sort();
            self.out.firings.push((event, runs));
        }
        Ok(d)
    }

    fn model(&mut self, told: &[String]) {
        self.out.model.push(token_set(&told.join("\n")));
    }

    /// PreToolUse, the tool, PostToolUse, and the model request with the tool result.
    fn tool_turn(&mut self, t: &Trace, project: &Path) -> Result<()> {
        let pre = payload_of(t, self.agent, Kind::PreToolUse, 0);
        let post = payload_of(t, self.agent, Kind::PostToolUse, 0);
        let (tool_name, input) = if self.agent == Agent::Copilot {
            copilot_call(t, pre, post, project)?
        } else {
            let input = pre
                .and_then(|p| p.get("tool_input").cloned())
                .or_else(|| pre.and_then(|p| p.pointer("/tool_call/input").cloned()))
                .unwrap_or_else(|| match self.agent {
                    Agent::Cline => json!({"commands": [t.tool]}),
                    _ => json!({"command": t.tool}),
                });
            let tool_name = str_of(pre, "tool_name")
                .or_else(|| str_of(post, "tool_name"))
                .or_else(|| str_of(pre.and_then(|p| p.get("tool_call")), "name"))
                .unwrap_or_else(|| match self.agent {
                    Agent::Gemini | Agent::Qwen => "run_shell_command".into(),
                    Agent::Cline => "run_commands".into(),
                    _ => "Bash".into(),
                });
            (tool_name, input)
        };
        let d = self.fire(Event::pre_tool_use(tool_name.clone(), input.clone()))?;
        let mut told: Vec<String> = d.context.clone();
        if self.stopped {
            return Ok(());
        }
        if let Verdict::Block { reason } = &d.verdict {
            told.push(reason.clone());
            return self.tool_result_turn(told);
        }
        // Print mode has nobody to ask: Claude Code denies with the hook's reason, and so does
        // Copilot CLI (`Denied by preToolUse hook (unable to ask user for confirmation): R`,
        // `copilot_pre_json_ask`).
        if let Some(ask) = effect(&d, "permission").filter(|e| {
            matches!(self.agent, Agent::Claude | Agent::Copilot) && e["decision"] == "ask"
        }) {
            told.push(ask["reason"].as_str().unwrap_or_default().to_string());
            self.model(&told);
            return Ok(());
        }
        // Gemini CLI headless has nobody to ask: the process ends while it waits
        // (`gemini_pre_json_ask`).
        if self.agent == Agent::Gemini
            && effect(&d, "permission").is_some_and(|e| e["decision"] == "ask")
        {
            self.stopped = true;
            self.exited = true;
            return Ok(());
        }
        let input = d.updated_input.clone().unwrap_or(input);
        // Copilot CLI's other tools than `bash` (the scenario's `tool_call`).
        if self.agent == Agent::Copilot && tool_name != "bash" {
            told.push(copilot_builtin(&tool_name, &input));
            self.model(&told);
            return Ok(());
        }
        let (output, ok) = if !t.tool_call.is_empty() && self.agent != Agent::Copilot {
            // The model called another tool than the shell (`tool_call`).
            (run_tool_call(&tool_name, &input, project)?, true)
        } else {
            // Cline's `run_commands` runs each of its `commands`.
            let command = match input["commands"].as_array() {
                Some(cmds) => Some(
                    cmds.iter()
                        .filter_map(serde_json::Value::as_str)
                        .collect::<Vec<_>>()
                        .join("\n"),
                ),
                None => input["command"].as_str().map(str::to_string),
            };
            // A rewritten input without a command fails the shell tool's validation: the
            // model reads the error, the tool never runs (`gemini_pre_tool_input_partial`).
            let Some(command) = command else {
                told.push("the tool's parameters failed validation".into());
                self.model(&told);
                return Ok(());
            };
            run_tool(&command, project)?
        };
        let mut e = Event::post_tool_use(tool_name, input, output.clone());
        e.tool_response = post.and_then(|p| {
            p.get("tool_response")
                .or_else(|| p.pointer("/tool_result/output"))
                .cloned()
        });
        if !ok {
            // A non-zero exit is a failed call: an agent whose PostToolUse skips failed calls
            // fires its failure event instead (Qwen `qwen_post_tool_failure`).
            e.status = Some("error".into());
        }
        let d = self.fire(e)?;
        if self.stopped {
            return Ok(());
        }
        match d.tool_result.as_ref().and_then(|r| r.content.as_ref()) {
            Some(replaced) => told.push(replaced.to_string()),
            None => told.push(output),
        }
        if let Verdict::Block { reason } = &d.verdict {
            told.push(reason.clone());
        }
        told.extend(d.context.clone());
        self.tool_result_turn(told)
    }

    /// The model request that carries the tool's result (or the reason it was blocked). Qwen
    /// Code fires UserPromptSubmit again for it, with an empty prompt, and its context rides
    /// along (`qwen_six_kinds`, `qwen_prompt_plain_stdout`, `bridge_gjc_block`).
    fn tool_result_turn(&mut self, mut told: Vec<String>) -> Result<()> {
        if self.agent == Agent::Qwen {
            let d = self.fire(Event::user_prompt_submit(String::new()))?;
            if d.is_block() || self.stopped {
                self.stopped = true;
                return Ok(());
            }
            told.extend(d.context.clone());
        }
        self.model(&told);
        Ok(())
    }
}

/// Runs the model's call of another tool than the shell (a scenario's `tool_call`) as the
/// agent's tool would, for the output the model reads: a file read returns the file's text
/// (Qwen `read_file`: `qwen_tool_read_file`), a file write writes it (Qwen `write_file`:
/// `qwen_tool_write_file`, whose answer carries no marker). `input` is the call's arguments as
/// the agent's PreToolUse payload recorded them (`<ROOT>` for the run's root).
fn run_tool_call(tool: &str, input: &Value, project: &Path) -> Result<String> {
    let root = project.parent().unwrap_or(project).display().to_string();
    let path = |k: &str| {
        input[k]
            .as_str()
            .map(|p| std::path::PathBuf::from(p.replace("<ROOT>", &root)))
            .ok_or_else(|| Error::msg(format!("`{tool}` call without `{k}`: {input}")))
    };
    match tool {
        "read_file" => Ok(std::fs::read_to_string(path("file_path")?)?),
        // Cline's `read_files`: `{"files": [{"path": …}, …]}`, each file's text.
        "read_files" => {
            let mut out = String::new();
            for f in input["files"].as_array().into_iter().flatten() {
                let p = f["path"]
                    .as_str()
                    .ok_or_else(|| Error::msg(format!("`read_files` entry without `path`: {f}")))?;
                out.push_str(&std::fs::read_to_string(p.replace("<ROOT>", &root))?);
            }
            Ok(out)
        }
        "write_file" => {
            std::fs::write(
                path("file_path")?,
                input["content"].as_str().unwrap_or_default(),
            )?;
            Ok(String::new())
        }
        other => Err(Error::msg(format!(
            "the replay does not model the `{other}` tool"
        ))),
    }
}

/// Copilot CLI's tool call in a trace: its name and arguments as the agent's preToolUse hook
/// got them (camelCase `toolName`/`toolArgs`, else the PascalCase `tool_input`), else the
/// scenario's `tool_call`, else the shell call of `tool` — with the run's root for `<ROOT>`.
fn copilot_call(
    t: &Trace,
    pre: Option<&Value>,
    post: Option<&Value>,
    project: &Path,
) -> Result<(String, Value)> {
    let root = project.parent().unwrap_or(project).display().to_string();
    let unmask = |v: &Value| -> Result<Value> {
        let text = v
            .to_string()
            .replace("<ROOT>", &crate::record::json_inner(&root));
        Ok(serde_json::from_str(&text)?)
    };
    let call: Option<Value> = if t.tool_call.is_empty() {
        None
    } else {
        Some(unmask(&serde_json::from_str(&t.tool_call)?)?)
    };
    let name = str_of(pre, "toolName")
        .or_else(|| str_of(post, "toolName"))
        .or_else(|| call.as_ref().and_then(|c| str_of(Some(c), "name")))
        .unwrap_or_else(|| "bash".into());
    let args = [pre, post]
        .into_iter()
        .flatten()
        .find_map(|p| p.get("toolArgs").or_else(|| p.get("tool_input")))
        .or_else(|| call.as_ref().and_then(|c| c.get("arguments")));
    let input = match args {
        Some(a) => unmask(a)?,
        None => json!({"command": t.tool, "description": "scripted"}),
    };
    Ok((name, input))
}

/// What Copilot CLI's built-in tools other than `bash` tell the model, as far as the replay
/// stands in for them: `view` returns the file's text (`copilot_tool_view`); the others
/// (`create`, `edit`, `grep`, `glob`) answer with a line of their own that carries no scenario
/// marker, so nothing.
fn copilot_builtin(tool: &str, input: &Value) -> String {
    match (tool, input["path"].as_str()) {
        ("view", Some(path)) => std::fs::read_to_string(path).unwrap_or_default(),
        _ => String::new(),
    }
}

/// Runs the model's tool command as the agent's shell tool would, for its output and whether
/// it exited 0.
fn run_tool(command: &str, project: &Path) -> Result<(String, bool)> {
    let out = std::process::Command::new("bash")
        .args(["-c", command])
        .current_dir(project)
        .stdin(std::process::Stdio::null())
        .output()?;
    Ok((
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.success(),
    ))
}

/// The event name `agent` fires for a kind: Gemini CLI's and Copilot CLI's own names, else
/// Claude's and Codex's.
pub fn agent_event_name(agent: Agent, k: Kind) -> &'static str {
    match (agent, k) {
        // Copilot CLI's camelCase dialect (its PascalCase one is Claude's names).
        (Agent::Copilot, Kind::SessionStart) => "sessionStart",
        (Agent::Copilot, Kind::UserPromptSubmit) => "userPromptSubmitted",
        (Agent::Copilot, Kind::PreToolUse) => "preToolUse",
        (Agent::Copilot, Kind::PostToolUse) => "postToolUse",
        (Agent::Copilot, Kind::Stop) => "agentStop",
        (Agent::Copilot, Kind::SessionShutdown) => "sessionEnd",
        (Agent::Gemini, Kind::PreToolUse) => "BeforeTool",
        (Agent::Gemini, Kind::PostToolUse) => "AfterTool",
        (Agent::Gemini, Kind::UserPromptSubmit) => "BeforeAgent",
        (Agent::Gemini, Kind::Stop) => "AfterAgent",
        // Cline's payloads name events by the SDK's names (`hookName`).
        (Agent::Cline, Kind::SessionStart) => "agent_start",
        (Agent::Cline, Kind::UserPromptSubmit) => "prompt_submit",
        (Agent::Cline, Kind::PreToolUse) => "tool_call",
        (Agent::Cline, Kind::PostToolUse) => "tool_result",
        (Agent::Cline, Kind::Stop) => "agent_end",
        (Agent::Cline, Kind::SessionShutdown) => "session_shutdown",
        _ => event_name(k),
    }
}

/// The agents' event name of a kind.
pub fn event_name(k: Kind) -> &'static str {
    match k {
        Kind::SessionStart => "SessionStart",
        Kind::UserPromptSubmit => "UserPromptSubmit",
        Kind::PreToolUse => "PreToolUse",
        Kind::PostToolUse => "PostToolUse",
        Kind::Stop => "Stop",
        Kind::SessionShutdown => "SessionEnd",
    }
}

/// The aspects in which our replay differs from the trace.
pub fn compare(trace: &Observed, ours: &Observed) -> Vec<Aspect> {
    let mut out = Vec::new();
    if trace.firings != ours.firings {
        out.push(Aspect::Firings);
    }
    if trace.model != ours.model {
        out.push(Aspect::Model);
    }
    if trace.shells != ours.shells {
        out.push(Aspect::Shell);
    }
    if trace.refused != ours.refused {
        out.push(Aspect::Start);
    }
    out
}

/// Every trace under `conformance/traces/`, sorted by path.
pub fn load_traces(repo: &Path) -> Result<Vec<(std::path::PathBuf, Trace)>> {
    load_trace_dirs(&repo.join("conformance/traces"))
}

/// Every trace of the agents not replayed yet ([`Agent::PENDING`], under
/// [`crate::PENDING_TRACES`]), with its path: checked against the scenarios, never replayed.
pub fn load_pending_traces(repo: &Path) -> Result<Vec<(std::path::PathBuf, Trace)>> {
    let base = repo.join(crate::PENDING_TRACES);
    if !base.exists() {
        return Ok(Vec::new());
    }
    load_trace_dirs(&base)
}

fn load_trace_dirs(base: &Path) -> Result<Vec<(std::path::PathBuf, Trace)>> {
    let mut out = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(base)?.collect::<std::io::Result<_>>()?;
    dirs.sort_by_key(|d| d.path());
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(d.path())?.collect::<std::io::Result<_>>()?;
        files.sort_by_key(|f| f.path());
        for f in files {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "json") {
                let t: Trace = serde_json::from_str(&std::fs::read_to_string(&p)?)
                    .map_err(|e| Error::msg(format!("{}: {e}", p.display())))?;
                out.push((p, t));
            }
        }
    }
    Ok(out)
}

/// The replay of one trace, compared.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Where the trace is.
    pub path: std::path::PathBuf,
    /// The trace.
    pub trace: Trace,
    /// What the agent did.
    pub theirs: Observed,
    /// What we do.
    pub ours: Observed,
    /// Where they differ.
    pub differs: Vec<Aspect>,
}

impl Difference {
    /// Whether this entry covers `aspect` of `agent`'s `scenario`.
    pub fn covers(&self, agent: &str, scenario: &str, aspect: Aspect) -> bool {
        self.agent == agent
            && (self.scenario == scenario || self.scenario == "*")
            && self.aspect == aspect
    }
}

/// Replays every committed trace.
pub fn replay_all(repo: &Path) -> Result<Vec<Outcome>> {
    let mut out = Vec::new();
    for (path, trace) in load_traces(repo)? {
        let ours = replay(&trace).map_err(|e| Error::msg(format!("{}: {e}", path.display())))?;
        let theirs = observed_in_trace(&trace);
        let differs = compare(&theirs, &ours);
        out.push(Outcome {
            path,
            trace,
            theirs,
            ours,
            differs,
        });
    }
    Ok(out)
}
