//! Recording: one scenario on one agent, in a fresh temp root (`home/`, `project/`, `hooks/`,
//! `logs/`), against a scripted model server, inside a PID namespace of its own so that nothing
//! it started outlives it.

use crate::agents::Agent;
use crate::hookscript;
use crate::scenario::Scenario;
use crate::server::{ModelScript, ModelServer};
use crate::trace::{tokens, Masker, Run, Step, Trace, TRACE_VERSION};
use crate::{Error, Result};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use agent_drive::expand::{expand, expand_file, json_inner};

/// Writes `text` to `rel` under `root`, creating its directories.
pub fn write_file(root: &Path, rel: &str, text: &str) -> Result<()> {
    let file = root.join(rel);
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&file, text)?;
    Ok(())
}

/// Set this variable to keep every run's directory (logs, agent output) for debugging.
pub const KEEP: &str = "CONFORMANCE_KEEP";

/// The directories of one run.
pub struct RunRoot {
    /// The temp dir (removed on drop).
    pub dir: tempfile::TempDir,
}

impl RunRoot {
    /// A fresh root with `home/`, `project/`, `hooks/` and `logs/`.
    pub fn new() -> Result<RunRoot> {
        let dir = tempfile::Builder::new()
            .prefix("conformance-")
            .disable_cleanup(std::env::var_os(KEEP).is_some())
            .tempdir()?;
        for d in ["home", "project", "hooks", "logs"] {
            std::fs::create_dir_all(dir.path().join(d))?;
        }
        Ok(RunRoot { dir })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes the scenario's scripts (logging into `logs/`), its other files and its config
    /// file with the script paths filled in; returns the config file's path. A bridge scenario
    /// with no config text leaves the config file to `hooks bridge install`; so does any scenario
    /// with no config text when `optional` (Cline: the config is one hook file of a directory,
    /// and a scenario about other events has none).
    pub fn materialize(&self, s: &Scenario, config_rel: &str, optional: bool) -> Result<PathBuf> {
        let root = self.path();
        for (name, b) in &s.scripts {
            hookscript::write(&root.join("hooks"), name, b, &root.join("logs"))?;
        }
        for (rel, text) in &s.files {
            write_file(root, rel, &expand_file(text, root))?;
        }
        let file = root.join(config_rel);
        if !((s.bridge || optional) && s.config.is_empty()) {
            write_file(root, config_rel, &expand(&s.config, &root.join("hooks")))?;
        }
        Ok(file)
    }
}

/// One hook run as read back from its log files.
#[derive(Debug, Clone)]
pub struct LoggedRun {
    /// Start, ns since the epoch.
    pub at_ns: u128,
    /// Script name.
    pub script: String,
    /// Its stdin parsed as JSON (`Null` when it was not JSON).
    pub stdin: Value,
    /// Whether it logged `done`.
    pub finished: bool,
    /// argv after `$0`.
    pub args: Vec<String>,
    /// Parent command line.
    pub parent: Vec<String>,
    /// Environment names.
    pub env: Vec<String>,
}

/// Reads every run logged in `logs`, in start order.
pub fn read_logs(logs: &Path) -> Result<Vec<LoggedRun>> {
    let mut runs = Vec::new();
    for e in std::fs::read_dir(logs)? {
        let name = e?.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".stdin") else {
            continue;
        };
        let mut parts = stem.splitn(2, '-');
        let at_ns: u128 = parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
        let rest = parts.next().unwrap_or_default();
        let script = rest
            .rsplit_once('-')
            .map(|(s, _)| s)
            .unwrap_or(rest)
            .to_string();
        let read =
            |ext: &str| std::fs::read(logs.join(format!("{stem}.{ext}"))).unwrap_or_default();
        let nul_split = |b: Vec<u8>| -> Vec<String> {
            String::from_utf8_lossy(&b)
                .split('\0')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        };
        let argv = nul_split(read("argv"));
        runs.push(LoggedRun {
            at_ns,
            script,
            stdin: serde_json::from_slice(&read("stdin")).unwrap_or(Value::Null),
            finished: logs.join(format!("{stem}.done")).exists(),
            args: argv.into_iter().skip(1).collect(),
            parent: nul_split(read("parent")),
            env: String::from_utf8_lossy(&read("env"))
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect(),
        });
    }
    runs.sort_by(|a, b| a.at_ns.cmp(&b.at_ns).then(a.script.cmp(&b.script)));
    Ok(runs)
}

/// A hook's parent command line: the shell that spawned it, or `<agent>` when the agent did
/// (the shell exec'ed the hook, or there was none).
pub fn parent(argv: &[String], m: &Masker) -> Vec<String> {
    let is_shell = argv.first().is_some_and(|a| {
        let base = a.rsplit('/').next().unwrap_or(a);
        matches!(base, "sh" | "bash" | "dash" | "zsh" | "ksh")
    });
    if is_shell {
        argv.iter().map(|a| m.text(a)).collect()
    } else {
        vec!["<agent>".into()]
    }
}

/// Per script, the one event whose entries name it (`@NAME@`) in the scenario's config texts:
/// the event of a run whose payload does not say (Copilot CLI's camelCase payloads carry no
/// event name). A script named under two events is left out.
pub fn script_events<'a>(texts: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, Option<String>> = BTreeMap::new();
    for text in texts {
        let Ok(v) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        for (event, entries) in v["hooks"].as_object().into_iter().flatten() {
            for script in crate::scenario::placeholders(&entries.to_string()) {
                let e = out.entry(script).or_insert_with(|| Some(event.clone()));
                if e.as_deref() != Some(event.as_str()) {
                    *e = None;
                }
            }
        }
    }
    out.into_iter().filter_map(|(s, e)| Some((s, e?))).collect()
}

/// Groups hook runs and model requests into the timeline: consecutive runs of one event with no
/// request between them are one firing. A run's event is its payload's `hook_event_name`, else
/// its script's in `events` ([`script_events`]), else `?`.
pub fn timeline(
    runs: &[LoggedRun],
    requests: &[(u128, Vec<String>)],
    events: &BTreeMap<String, String>,
    m: &Masker,
) -> Vec<Step> {
    enum Item<'a> {
        Run(&'a LoggedRun),
        Req(&'a [String]),
    }
    let mut items: Vec<(u128, Item)> = runs.iter().map(|r| (r.at_ns, Item::Run(r))).collect();
    items.extend(requests.iter().map(|(t, told)| (*t, Item::Req(told))));
    items.sort_by_key(|(t, _)| *t);
    let mut steps: Vec<Step> = Vec::new();
    let mut open = false;
    for (_, item) in items {
        match item {
            Item::Req(told) => {
                steps.push(Step::Model {
                    told: told.iter().map(|t| m.text(t)).collect(),
                });
                open = false;
            }
            Item::Run(r) => {
                // Cline's payloads name their event `hookName` (`tool_call`, `agent_start`…).
                let event = r.stdin["hook_event_name"]
                    .as_str()
                    .or_else(|| events.get(&r.script).map(String::as_str))
                    .or_else(|| r.stdin["hookName"].as_str())
                    .unwrap_or("?")
                    .to_string();
                let run = Run {
                    script: r.script.clone(),
                    finished: r.finished,
                    stdin_keys: r
                        .stdin
                        .as_object()
                        .map(|o| {
                            let mut k: Vec<String> = o.keys().cloned().collect();
                            k.sort();
                            k
                        })
                        .unwrap_or_default(),
                    args: r.args.iter().map(|a| m.text(a)).collect(),
                    parent: parent(&r.parent, m),
                    env: r.env.clone(),
                };
                match steps.last_mut() {
                    Some(Step::Hooks { event: e, runs, .. }) if open && *e == event => {
                        runs.push(run);
                        runs.sort();
                    }
                    _ => {
                        steps.push(Step::Hooks {
                            event,
                            payload: m.value(&r.stdin),
                            runs: vec![run],
                        });
                        open = true;
                    }
                }
            }
        }
    }
    steps
}

/// Runs `scenario` on `agent` and returns its trace.
pub fn record(agent: Agent, s: &Scenario, repo: &Path) -> Result<Trace> {
    let s = &s.for_agent(agent.id());
    let bin = agent.binary(repo);
    if !bin.exists() {
        return Err(Error::msg(format!(
            "{} is not installed ({} missing): run `npm ci --prefix conformance`",
            agent.id(),
            bin.display()
        )));
    }
    let version = agent.pinned_version(repo)?;
    let root = RunRoot::new()?;
    let config_rel = if s.bridge {
        agent.bridge_config_path(s.layer)
    } else {
        agent.config_path(s.layer)
    };
    let hooks_file = root.materialize(s, config_rel, agent == Agent::Cline)?;
    let mut env_bin = None;
    let installed = if s.bridge {
        let bin = crate::bridge::bin_dir(root.path(), Some(&crate::bridge::hooks_binary()?))?;
        let said = crate::bridge::install(root.path(), agent, &bin, &s.bridge_flags)?;
        env_bin = Some(bin);
        Some(said)
    } else {
        None
    };
    // Gemini CLI is a Node.js bundle whose start alone takes seconds on a loaded machine: a
    // whole `--check` pass at load 15 on 2 cores saw 17 of 52 runs killed at 30 s. Qwen Code
    // (its fork) and Cline (a 150 MB Bun binary, after `cline auth`) alike: 30-50 s at load 12.
    let floor = if matches!(agent, Agent::Gemini | Agent::Qwen | Agent::Cline) {
        60
    } else {
        0
    };
    let budget = Duration::from_secs(s.budget_secs.max(floor));
    let server =
        ModelServer::start(
            agent.api(),
            ModelScript {
                tool_command: (!s.tool.is_empty()).then(|| s.tool.clone()),
                final_text: s.final_text.clone(),
                tool_call: if s.tool_call.is_empty() {
                    None
                } else {
                    let text = s
                        .tool_call
                        .replace("<ROOT>", &json_inner(&root.path().display().to_string()));
                    Some(serde_json::from_str(&text).map_err(|e| {
                        Error::msg(format!("scenario `{}`: `tool_call`: {e}", s.name))
                    })?)
                },
            },
            budget + Duration::from_secs(5),
        )?;
    agent.setup(root.path(), s, &server.url(), &hooks_file)?;
    let out_path = root.path().join("agent.out");
    let err_path = root.path().join("agent.err");
    // A PID namespace per run: when the agent exits, the kernel kills whatever it left behind
    // (a hook it did not wait for); `--kill-child` does the same if the recorder kills `unshare`.
    let mut child = Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc", "--kill-child", "--"])
        .arg(&bin)
        .args(agent.args(s))
        .args(
            s.args
                .iter()
                .map(|a| a.replace("<ROOT>", &root.path().display().to_string())),
        )
        .env_clear()
        .envs(crate::scenario::with_env(
            match &env_bin {
                Some(bin) => crate::bridge::with_bin(agent.env(root.path(), &server.url()), bin),
                None => agent.env(root.path(), &server.url()),
            },
            &s.env,
            root.path(),
        ))
        .current_dir(root.path().join("project"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path)?)
        .stderr(std::fs::File::create(&err_path)?)
        .spawn()
        .map_err(|e| Error::msg(format!("cannot start `unshare` for {}: {e}", agent.id())))?;
    let started = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if started.elapsed() > budget {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let requests = server.finish();
    let m = Masker::new(root.path(), repo);
    let bodies: Vec<Value> = requests.iter().map(|r| r.body.clone()).collect();
    let told = agent.told(&bodies);
    let reqs: Vec<(u128, Vec<String>)> = requests.iter().map(|r| r.at_ns).zip(told).collect();
    let runs = read_logs(&root.path().join("logs"))?;
    let printed = format!(
        "{}\n{}",
        std::fs::read_to_string(&out_path).unwrap_or_default(),
        std::fs::read_to_string(&err_path).unwrap_or_default()
    );
    let mut shown = tokens(&printed);
    shown.sort();
    let trust_state = (agent == Agent::Codex).then(|| {
        let t = std::fs::read_to_string(root.path().join("home/.codex/config.toml"))
            .unwrap_or_default();
        let state = t
            .find("\n[projects.")
            .or_else(|| t.find("\n[hooks.state."))
            .map(|i| &t[i..]);
        m.text(state.unwrap_or("").trim())
    });
    if std::env::var_os(KEEP).is_some() {
        let dump: Vec<&Value> = requests.iter().map(|r| &r.body).collect();
        std::fs::write(
            root.path().join("requests.json"),
            serde_json::to_string_pretty(&dump)?,
        )?;
        eprintln!("kept {}/{}: {}", agent.id(), s.name, root.path().display());
    }
    let exit_code = status.and_then(|s| s.code());
    if status.is_some() && exit_code.is_none() {
        return Err(Error::msg(format!("{} was killed by a signal", agent.id())));
    }
    Ok(Trace {
        trace_version: TRACE_VERSION,
        agent: agent.id().into(),
        version,
        scenario: s.name.clone(),
        about: s.about.clone(),
        config_path: config_rel.into(),
        config: m.text(&if hooks_file.exists() {
            std::fs::read_to_string(&hooks_file)?
        } else {
            String::new()
        }),
        files: s
            .files
            .keys()
            .map(|rel| {
                let text = std::fs::read_to_string(root.path().join(rel))?;
                Ok((rel.clone(), m.text(&text)))
            })
            .collect::<Result<_>>()?,
        env: s.env.clone(),
        args: s.args.clone(),
        bridge_install: installed.map(|t| m.text(&t)),
        codex_config_hooks: m.text(&expand_file(&s.codex_config_hooks, root.path())),
        layer: s.layer,
        trust: (agent == Agent::Codex).then_some(s.trust),
        trusted_config: s
            .trusted_config
            .as_ref()
            .map(|c| m.text(&expand(c, &root.path().join("hooks")))),
        trust_state,
        scripts: s.scripts.clone(),
        prompt: s.prompt.clone(),
        tool: s.tool.clone(),
        final_text: s.final_text.clone(),
        tool_call: s.tool_call.clone(),
        timeline: timeline(
            &runs,
            &reqs,
            &script_events(
                std::iter::once(&s.config)
                    .chain(s.files.values())
                    .map(String::as_str),
            ),
            &m,
        ),
        shown,
        exit_code,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_events_names_the_one_event_of_each_script() {
        let config = r#"{"version": 1, "hooks": {
            "preToolUse": [{"bash": "@pre@"}, {"bash": "@both@"}],
            "agentStop": [{"matcher": "x", "hooks": [{"command": "@stop@"}]}, {"bash": "@both@"}]}}"#;
        let inline = r#"{"hooks": {"PostToolUse": [{"hooks": [{"command": "@post@"}]}]}}"#;
        let got = script_events([config, inline, "not json @pre@"]);
        let want: BTreeMap<String, String> = [
            ("pre", "preToolUse"),
            ("post", "PostToolUse"),
            ("stop", "agentStop"),
        ]
        .into_iter()
        .map(|(s, e)| (s.to_string(), e.to_string()))
        .collect();
        assert_eq!(got, want, "`both` is under two events: left out");
    }
}
