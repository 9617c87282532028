//! Running one event under one agent, as `hooks run` does: the project's hooks of that
//! convention, the runner with the same options (session cwd, home, the JavaScript host for
//! modules), plus the recorded release's payloads; and what came of it.

use super::cases::{AgentSpec, Case, Expect};
use hook_ir::tools::Agent;
use hook_ir::{Convention, Hook, Kind};
use runner::{Decision, Event, OutcomeKind, Runner, RunnerOptions, Verdict};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

/// A runner per convention, recorded version and case environment.
type RunnerKey = (Convention, Option<&'static str>, Vec<(String, String)>);

/// The project under test: its hooks and where its sessions run.
pub struct Project {
    /// Every accepted hook.
    pub hooks: Vec<Hook>,
    /// The session cwd.
    pub cwd: PathBuf,
    /// `--home`.
    pub home: Option<PathBuf>,
    /// The files the hooks were read from.
    pub sources: Vec<PathBuf>,
    runners: HashMap<RunnerKey, Arc<Runner>>,
    module_host: Arc<runner::module_host::ModuleHost>,
}

impl Project {
    /// A project with `hooks`, run from `cwd`.
    pub fn new(
        hooks: Vec<Hook>,
        cwd: PathBuf,
        home: Option<PathBuf>,
        sources: Vec<PathBuf>,
    ) -> Project {
        Project {
            hooks,
            cwd,
            home,
            sources,
            runners: HashMap::new(),
            module_host: Arc::new(runner::module_host::ModuleHost::default()),
        }
    }

    /// The runner options `hooks run` uses, for `agent`, with `env` set for the hooks.
    pub fn options(
        &self,
        agent: AgentSpec,
        env: Vec<(OsString, Option<OsString>)>,
    ) -> RunnerOptions {
        RunnerOptions {
            session_id: Some(session_id()),
            cwd: Some(self.cwd.clone()),
            home: self.home.clone(),
            module_dispatch: Some(self.module_host.clone()),
            recorded: agent.release.into_iter().collect(),
            env,
            ..RunnerOptions::default()
        }
    }

    /// The hooks of `convention`.
    pub fn hooks_of(&self, convention: Convention) -> Vec<Hook> {
        self.hooks
            .iter()
            .filter(|h| h.convention == convention)
            .cloned()
            .collect()
    }

    /// The runner of `agent`'s hooks with `env` (built once per agent and environment).
    pub fn runner(&mut self, agent: AgentSpec, env: &[(String, String)]) -> Arc<Runner> {
        let key = (
            agent.convention,
            agent.release.map(|r| r.version),
            env.to_vec(),
        );
        if let Some(r) = self.runners.get(&key) {
            return r.clone();
        }
        let env_os = env
            .iter()
            .map(|(k, v)| (OsString::from(k), Some(OsString::from(v))))
            .collect();
        let r = Arc::new(Runner::new(
            self.hooks_of(agent.convention),
            self.options(agent, env_os),
        ));
        self.runners.insert(key, r.clone());
        r
    }

    /// The command of hook `id`, if it has one.
    pub fn command_of(&self, id: &str) -> Option<&str> {
        self.hooks
            .iter()
            .find(|h| h.id == id)
            .and_then(Hook::command)
    }
}

/// A UUID-shaped session id, as the agents send.
fn session_id() -> String {
    format!("00000000-0000-4000-8000-{:012x}", std::process::id())
}

/// The kind `event` names under `convention`: a kind, or that convention's own event name.
pub fn kind_of(event: &str, convention: Convention) -> Option<Kind> {
    Kind::parse(event).or_else(|| hook_ir::contract::find(convention, event).and_then(|r| r.kind()))
}

/// `tool` as `convention`'s agent spells it (through the tool table, as `hooks run` does), and
/// a note when it changed.
pub fn map_tool(tool: &str, convention: Convention) -> (String, Option<String>) {
    let (name, from) = crate::commands::run_agents::map_tool(tool, convention);
    let note = from.map(|from| {
        let to = Agent::of(convention).map_or(convention.as_str(), Agent::name);
        format!("`{tool}` ({}) is `{name}` under {to}", from.name())
    });
    (name, note)
}

/// The event of `case` under `convention` (its tool mapped), the `n`th case of the run.
pub fn event_of(case: &Case, kind: Kind, convention: Convention, n: usize) -> Event {
    let tool = case
        .tool
        .as_deref()
        .map(|t| map_tool(t, convention).0)
        .unwrap_or_default();
    let input = case
        .input
        .clone()
        .unwrap_or_else(|| Value::Object(Default::default()));
    let mut e = match kind {
        Kind::PreToolUse => Event::pre_tool_use(tool, input),
        Kind::PostToolUse => {
            Event::post_tool_use(tool, input, case.output.clone().unwrap_or_default())
        }
        Kind::UserPromptSubmit => {
            Event::user_prompt_submit(case.prompt.clone().unwrap_or_default())
        }
        Kind::Stop => Event::stop(),
        Kind::SessionStart => Event::session_start(""),
        Kind::SessionShutdown => Event::session_shutdown(""),
    };
    // Unset: each convention's own default word (`startup`, `exit`, jcode `create`/`close`).
    e.source = None;
    e.reason = None;
    e.stop_hook_active = case.stop_hook_active;
    e.turn_id = Some(format!("hooks-test-{n}"));
    if kind.is_tool_kind() {
        e.tool_call_id = Some(format!("hooks_test_{n:02}"));
    }
    e
}

/// What one hook did.
#[derive(Debug, Clone, Serialize)]
pub struct HookRun {
    /// Its id.
    pub id: String,
    /// Its command, if it has one.
    pub command: Option<String>,
    /// allowed, blocked, failed, timed_out.
    pub outcome: OutcomeKind,
    /// Its exit code.
    pub exit_code: Option<i32>,
    /// What it printed on stderr (bounded), or why the runner says it ended so.
    pub stderr: String,
}

/// What happened: the decision the agent takes.
#[derive(Debug, Clone, Serialize)]
pub struct Actual {
    /// allow, block, ask.
    pub decision: &'static str,
    /// The block's (or ask's) reason.
    pub reason: Option<String>,
    /// Added context.
    pub context: Vec<String>,
    /// The rewritten tool input.
    pub updated_input: Option<Value>,
    /// The replaced tool output.
    pub tool_output: Option<Value>,
    /// Every hook that ran.
    pub hooks: Vec<HookRun>,
}

/// The agent's decision, with what each hook did.
pub fn actual(d: &Decision, project: &Project) -> Actual {
    let ask = d
        .effects
        .iter()
        .find(|e| e["effect"] == "permission" && e["decision"] == "ask");
    let (decision, reason) = match (&d.verdict, ask) {
        (Verdict::Block { reason }, _) => ("block", Some(reason.clone())),
        (Verdict::Allow, Some(e)) => ("ask", e["reason"].as_str().map(str::to_string)),
        (Verdict::Allow, None) => ("allow", None),
    };
    Actual {
        decision,
        reason,
        context: d.context.clone(),
        updated_input: d.updated_input.clone(),
        tool_output: d.tool_result.as_ref().and_then(|t| t.content.clone()),
        hooks: d
            .hooks
            .iter()
            .map(|h| HookRun {
                id: h.id.clone(),
                command: project.command_of(&h.id).map(str::to_string),
                outcome: h.outcome,
                exit_code: h.exit_code,
                stderr: match (&h.error, h.stderr.trim()) {
                    (Some(e), "") => e.clone(),
                    (_, s) => s.to_string(),
                },
            })
            .collect(),
    }
}

/// Whether `want` is a subset of `got`: every key of an object with a subset value, arrays and
/// scalars equal.
fn subset(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w
            .iter()
            .all(|(k, v)| g.get(k).is_some_and(|gv| subset(v, gv))),
        (w, g) => w == g,
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What differs between `expect` and `actual`, one line each (empty: the case passed).
pub fn check(expect: &Expect, a: &Actual) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(w) = expect.decision {
        if w.as_str() != a.decision {
            out.push(format!(
                "expected decision {}, got {}",
                w.as_str(),
                a.decision
            ));
        }
    }
    if let Some(re) = &expect.reason {
        match &a.reason {
            Some(r) if re.is_match(r) => {}
            Some(r) => out.push(format!("expected a reason matching /{re}/, got {r:?}")),
            None => out.push(format!("expected a reason matching /{re}/, got none")),
        }
    }
    if let Some(c) = &expect.context {
        if !a.context.iter().any(|x| x.contains(c.as_str())) {
            out.push(format!(
                "expected context containing {c:?}, got {:?}",
                a.context
            ));
        }
    }
    if let Some(u) = &expect.updated_input {
        match &a.updated_input {
            Some(g) if subset(u, g) => {}
            Some(g) => out.push(format!("expected updated input with {u}, got {g}")),
            None => out.push(format!("expected updated input with {u}, got none")),
        }
    }
    if let Some(want) = &expect.hooks_ran {
        for w in want {
            let ran = a.hooks.iter().any(|h| {
                h.id == *w || h.command.as_deref().is_some_and(|c| c.contains(w.as_str()))
            });
            if !ran {
                let ids: Vec<&str> = a.hooks.iter().map(|h| h.id.as_str()).collect();
                out.push(format!("expected hook {w:?} to run, ran: {ids:?}"));
            }
        }
    }
    if let Some(t) = &expect.tool_output {
        match &a.tool_output {
            Some(g) if text_of(g).contains(t.as_str()) => {}
            Some(g) => out.push(format!(
                "expected tool output containing {t:?}, got {}",
                text_of(g)
            )),
            None => out.push(format!(
                "expected tool output containing {t:?}, got it unchanged"
            )),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_spelled_per_agent() {
        assert_eq!(map_tool("Bash", Convention::ClaudeSettings).0, "Bash");
        let (name, note) = map_tool("Bash", Convention::GeminiSettings);
        assert_eq!(name, "run_shell_command");
        assert!(note.unwrap().contains("Gemini CLI"));
        assert_eq!(map_tool("bash", Convention::ClaudeSettings).0, "Bash");
    }

    #[test]
    fn updated_input_is_a_subset() {
        let got = serde_json::json!({"command": "ls", "timeout": 3});
        assert!(subset(&serde_json::json!({"command": "ls"}), &got));
        assert!(!subset(&serde_json::json!({"command": "rm"}), &got));
    }
}
