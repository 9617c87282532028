//! `hooks test --faults`: every gate hook (pre-tool, prompt, stop) run under each fault, and
//! what its *agent* then does, decided by the runner under that agent's contract: empty stdin,
//! malformed JSON, a 2 MiB payload, `PATH` without an interpreter its command uses, killed at its
//! timeout, its script missing, its script not executable.
//!
//! A hook that still answers (exit 0 or a block) handled the fault: nothing is reported. A hook
//! that failed or timed out is reported with what the agent did: `guard_fails_open` when the
//! agent allows (`guard_timeout_allows` for the timeout, which no guard can handle),
//! `guard_fails_closed` when it blocks.

use super::cases::AgentSpec;
use super::exec::{map_tool, Project};
use hook_ir::tools::Agent;
use hook_ir::{Code, Convention, Diagnostic, Handler, Hook, Kind};
use runner::{Event, OutcomeKind, Runner, StdinFault, Verdict};
use serde_json::json;
use std::collections::{BTreeSet, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Interpreters and tools a guard commonly needs from `PATH`.
const INTERPRETERS: &[&str] = &[
    "python3", "python", "node", "bun", "deno", "jq", "uv", "npx", "ruby", "perl", "yq",
];

/// The timeout a hook is given for the timeout fault, with a command that sleeps past it.
const TIMEOUT_TRIAL_MS: u64 = 200;

/// The size of the oversized payload's padding.
const LARGE_PAYLOAD_BYTES: usize = 2 * 1024 * 1024;

/// One fault.
#[derive(Debug, Clone)]
enum Fault {
    EmptyStdin,
    MalformedJson,
    LargePayload,
    NoInterpreter(String),
    Timeout,
    ScriptMissing(PathBuf),
    NotExecutable(PathBuf),
}

impl Fault {
    /// "when …", completing "this guard ALLOWS `Bash` …".
    fn when(&self) -> String {
        match self {
            Fault::EmptyStdin => "when its stdin is empty".into(),
            Fault::MalformedJson => "when its stdin is not valid JSON".into(),
            Fault::LargePayload => "when the payload is 2 MiB".into(),
            Fault::NoInterpreter(n) => format!("when `{n}` is missing from PATH"),
            Fault::Timeout => "when it is killed at its timeout".into(),
            Fault::ScriptMissing(p) => format!("when its script {} is missing", p.display()),
            Fault::NotExecutable(p) => format!("when its script {} is not executable", p.display()),
        }
    }
}

/// The word of the tokens of `command` that names an existing file (relative to `cwd`, or with
/// an agent's project-dir variable), and whether the command starts with it (run directly).
pub fn script_of(command: &str, cwd: &Path) -> Option<(String, PathBuf, bool)> {
    for (i, raw) in command.split_whitespace().enumerate() {
        let unquoted = raw.replace(['"', '\''], "");
        let word = unquoted.as_str();
        let mut rel = word;
        for var in [
            "$CLAUDE_PROJECT_DIR/",
            "${CLAUDE_PROJECT_DIR}/",
            "$GEMINI_PROJECT_DIR/",
            "${GEMINI_PROJECT_DIR}/",
        ] {
            if let Some(r) = word.strip_prefix(var) {
                rel = r;
            }
        }
        if rel.is_empty() || rel.starts_with('-') || rel.contains('$') {
            continue;
        }
        let p = if Path::new(rel).is_absolute() {
            PathBuf::from(rel)
        } else {
            cwd.join(rel)
        };
        if p.is_file() {
            return Some((raw.to_string(), p, i == 0));
        }
    }
    None
}

/// The interpreters `command` (and the script it runs) use from `PATH`.
fn interpreters_of(command: &str, script: Option<&Path>) -> BTreeSet<String> {
    let mut text = command.to_string();
    if let Some(p) = script {
        if let Ok(t) = std::fs::read_to_string(p) {
            text.push('\n');
            // A shebang with an absolute interpreter does not use PATH.
            let body = match t.strip_prefix("#!") {
                Some(rest) => {
                    let (line, body) = rest.split_once('\n').unwrap_or((rest, ""));
                    if line.trim_start().starts_with("/usr/bin/env") {
                        text.push_str(line);
                        text.push('\n');
                    }
                    body.to_string()
                }
                None => t,
            };
            text.push_str(&body);
        }
    }
    let words: BTreeSet<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .collect();
    INTERPRETERS
        .iter()
        .filter(|i| words.contains(**i))
        .map(|i| i.to_string())
        .collect()
}

/// A directory of links to every program on `PATH` but `missing`, to stand for `PATH`.
fn path_without(missing: &str, dir: &Path) -> std::io::Result<OsString> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for d in std::env::split_paths(&path) {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            if name == missing || dir.join(&name).exists() {
                continue;
            }
            // Only programs: a link to a directory or a data file would change nothing.
            let Ok(meta) = std::fs::metadata(e.path()) else {
                continue;
            };
            use std::os::unix::fs::PermissionsExt as _;
            if meta.is_file() && meta.permissions().mode() & 0o111 != 0 {
                let _ = std::os::unix::fs::symlink(e.path(), dir.join(&name));
            }
        }
    }
    Ok(dir.as_os_str().to_owned())
}

/// The event a gate hook of `kind` is tried with: a destructive shell command for a pre-tool
/// hook (through the tool its matcher names, else the agent's shell tool).
fn trial_event(hook: &Hook, kind: Kind) -> Event {
    match kind {
        Kind::PreToolUse => {
            let named = match &hook.matcher {
                hook_ir::Matcher::Exact { names } => names.first().cloned(),
                hook_ir::Matcher::Regex { pattern, .. } => {
                    hook_ir::literal_alternation(pattern).and_then(|(_, n)| n.into_iter().next())
                }
                _ => None,
            };
            let tool = named.unwrap_or_else(|| map_tool("Bash", hook.convention).0);
            Event::pre_tool_use(tool, json!({"command": "rm -rf /", "file_path": ".env"}))
        }
        Kind::UserPromptSubmit => Event::user_prompt_submit("delete everything"),
        _ => Event::stop(),
    }
}

/// The agent's name for messages.
pub fn agent_name(c: Convention) -> &'static str {
    Agent::of(c).map_or(c.as_str(), Agent::name)
}

/// Runs every fault on every gate hook of the agents in `agents` and returns the findings.
/// `trials`: per hook id, an event the hook blocks (from the test file's cases), tried instead
/// of the built-in one.
pub fn run(
    project: &Project,
    agents: &[AgentSpec],
    trials: &HashMap<String, Event>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let scratch = tempfile::tempdir().ok();
    let mut paths: HashMap<String, Option<OsString>> = HashMap::new();
    for agent in agents {
        for hook in project.hooks_of(agent.convention) {
            let kind = hook.kind;
            if !matches!(kind, Kind::PreToolUse | Kind::UserPromptSubmit | Kind::Stop) {
                continue;
            }
            let Handler::Command { command, .. } = &hook.handler else {
                continue;
            };
            let can_block = hook_ir::contract::find(hook.convention, &hook.source_event)
                .and_then(|r| r.rules())
                .is_some_and(|r| r.can_block);
            if !can_block {
                continue;
            }
            let script = script_of(command, &project.cwd);
            let mut faults = vec![Fault::EmptyStdin, Fault::MalformedJson, Fault::LargePayload];
            faults.extend(
                interpreters_of(command, script.as_ref().map(|s| s.1.as_path()))
                    .into_iter()
                    .map(Fault::NoInterpreter),
            );
            faults.push(Fault::Timeout);
            if let Some((_, path, direct)) = &script {
                // Said relative to the project, where the hook's author knows it.
                let rel = path
                    .strip_prefix(&project.cwd)
                    .unwrap_or(path)
                    .to_path_buf();
                faults.push(Fault::ScriptMissing(rel.clone()));
                if *direct {
                    faults.push(Fault::NotExecutable(rel));
                }
            }
            let trial = trials
                .get(&hook.id)
                .cloned()
                .unwrap_or_else(|| trial_event(&hook, kind));
            // What the hook answers without a fault: a guard that blocks the trial and allows it
            // under a fault let it through even if it exited 0.
            let baseline = Runner::new(vec![hook.clone()], project.options(*agent, Vec::new()))
                .dispatch_blocking(&trial)
                .is_block();
            for fault in faults {
                let t = Trial {
                    agent: *agent,
                    hook: &hook,
                    event: &trial,
                    baseline,
                };
                if let Some(d) = try_fault(project, &t, &fault, scratch.as_ref(), &mut paths) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// One gate hook under trial.
struct Trial<'a> {
    agent: AgentSpec,
    hook: &'a Hook,
    /// The event it is tried with.
    event: &'a Event,
    /// Whether it blocks that event without a fault.
    baseline: bool,
}

fn try_fault(
    project: &Project,
    t: &Trial<'_>,
    fault: &Fault,
    scratch: Option<&tempfile::TempDir>,
    paths: &mut HashMap<String, Option<OsString>>,
) -> Option<Diagnostic> {
    let (agent, hook, kind) = (t.agent, t.hook, t.hook.kind);
    let mut h = hook.clone();
    let mut env: Vec<(OsString, Option<OsString>)> = Vec::new();
    let mut stdin_fault = None;
    let mut event = t.event.clone();
    let command = hook.command().unwrap_or_default().to_string();
    let set_command = |h: &mut Hook, c: String| {
        if let Handler::Command { command, .. } = &mut h.handler {
            *command = c;
        }
    };
    match fault {
        Fault::EmptyStdin => stdin_fault = Some(StdinFault::Empty),
        Fault::MalformedJson => stdin_fault = Some(StdinFault::Malformed),
        Fault::LargePayload => {
            // The padding first: a guard that reads only the start of its stdin misses the rest.
            if let Some(serde_json::Value::Object(input)) = event.tool_input.as_mut() {
                let mut padded = serde_json::Map::new();
                padded.insert("content".into(), json!("x".repeat(LARGE_PAYLOAD_BYTES)));
                padded.extend(std::mem::take(input));
                *input = padded;
            } else if kind == Kind::UserPromptSubmit {
                event.prompt = Some("x".repeat(LARGE_PAYLOAD_BYTES));
            } else {
                event.last_assistant_text = Some("x".repeat(LARGE_PAYLOAD_BYTES));
            }
        }
        Fault::NoInterpreter(name) => {
            let path = paths
                .entry(name.clone())
                .or_insert_with(|| {
                    let dir = scratch?.path().join(format!("path-without-{name}"));
                    std::fs::create_dir_all(&dir).ok()?;
                    path_without(name, &dir).ok()
                })
                .clone()?;
            env.push(("PATH".into(), Some(path)));
        }
        // What the agent does when the hook reaches its timeout: a shell command that sleeps
        // past a short timeout first (a fast hook would otherwise finish before any timer);
        // an argv run without a shell (jcode) gets only the shortened timeout.
        Fault::Timeout => {
            let argv = hook_ir::contract::runtime(hook.convention)
                .is_some_and(|r| r.launch == hook_ir::contract::Launch::Argv);
            if argv {
                h.timeout_ms = Some(1);
            } else {
                h.timeout_ms = Some(TIMEOUT_TRIAL_MS);
                set_command(&mut h, format!("sleep 30; {command}"));
            }
        }
        Fault::ScriptMissing(_) => {
            let (word, _, _) = script_of(&command, &project.cwd)?;
            let gone = format!("{}.hooks-test-missing", word.trim_end_matches(['"', '\'']));
            // Every mention: the file is gone, whatever the command does with it.
            set_command(
                &mut h,
                command.replace(word.trim_end_matches(['"', '\'']), &gone),
            );
        }
        Fault::NotExecutable(_) => {
            let (_, path, _) = script_of(&command, &project.cwd)?;
            let path = &path;
            let dir = scratch?.path().join(format!("noexec-{}", hook.id.len()));
            std::fs::create_dir_all(&dir).ok()?;
            let copy = dir.join(path.file_name()?);
            std::fs::copy(path, &copy).ok()?;
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o644)).ok()?;
            let (word, _, _) = script_of(&command, &project.cwd)?;
            set_command(
                &mut h,
                command.replacen(&word, &format!("'{}'", copy.display()), 1),
            );
        }
    }
    let mut options = project.options(agent, env);
    options.stdin_fault = stdin_fault;
    let runner = Runner::new(vec![h], options);
    let d = runner.dispatch_blocking(&event);
    let o = d.hooks.iter().find(|o| o.id == hook.id)?;
    // A missing or non-executable script never ran: whatever came back is not its answer.
    let never_ran = matches!(fault, Fault::ScriptMissing(_) | Fault::NotExecutable(_));
    let crashed = never_ran || matches!(o.outcome, OutcomeKind::Failed | OutcomeKind::TimedOut);
    // It answered and the answer is the one it gives without the fault (or a block): handled.
    if !crashed && (d.is_block() || !t.baseline) {
        return None;
    }
    let name = agent_name(agent.convention);
    let what = match kind {
        Kind::PreToolUse => format!("`{}`", event.tool_name.as_deref().unwrap_or("")),
        Kind::UserPromptSubmit => "the prompt".into(),
        _ => "the agent to stop".into(),
    };
    let how = match (o.outcome, o.exit_code) {
        (OutcomeKind::TimedOut, _) => "it was killed".to_string(),
        (_, Some(c)) if never_ran => format!("it exited {c}"),
        (OutcomeKind::Allowed, Some(c)) => {
            format!("it exited {c} (allow) though it blocks this call otherwise")
        }
        (_, Some(c)) => format!("it exited {c}"),
        (_, None) => "it did not answer".to_string(),
    };
    let timeout = hook
        .timeout_ms
        .map(|ms| format!(" ({} s)", ms as f64 / 1000.0))
        .unwrap_or_default();
    let (code, message) = match (&d.verdict, fault) {
        (Verdict::Block { .. }, _) => (
            Code::GuardFailsClosed,
            format!(
                "under {name} this guard BLOCKS {what} {}: {how}",
                fault.when()
            ),
        ),
        (Verdict::Allow, Fault::Timeout) => (
            Code::GuardTimeoutAllows,
            format!(
                "under {name} this guard ALLOWS {what} {}{timeout}",
                fault.when()
            ),
        ),
        (Verdict::Allow, _) => (
            Code::GuardFailsOpen,
            format!(
                "under {name} this guard ALLOWS {what} {}: {how}, and {name} blocks only on {}",
                fault.when(),
                crate::commands::run_agents::block_rule(agent.convention)
            ),
        ),
    };
    let stderr = o.stderr.trim();
    let mut diag = Diagnostic::new(code, message)
        .with_convention(hook.convention)
        .at(hook.location.clone());
    if !stderr.is_empty() {
        let first: String = stderr
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(200)
            .collect();
        diag = diag.with_help(format!("hook `{}` stderr: {first}", hook.id));
    }
    Some(diag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_interpreters_a_command_and_its_script_use() {
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path().join("g.sh");
        std::fs::write(
            &s,
            "#!/usr/bin/env bash\ncmd=$(jq -r .tool_input.command)\n",
        )
        .unwrap();
        let got = interpreters_of("./g.sh", Some(&s));
        assert_eq!(got.into_iter().collect::<Vec<_>>(), vec!["jq"]);
        let got = interpreters_of("python3 guard.py", None);
        assert_eq!(got.into_iter().collect::<Vec<_>>(), vec!["python3"]);
        let (word, path, direct) = script_of("./g.sh --x", dir.path()).unwrap();
        assert_eq!((word.as_str(), direct), ("./g.sh", true));
        assert_eq!(path, dir.path().join("./g.sh"));
    }
}
