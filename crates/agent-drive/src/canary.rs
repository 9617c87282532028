//! The canary of `hooks doctor --live`: the user's installed agent, run headless once in a scratch
//! copy of the layers it reads, each hook's command replaced by a probe that records it fired
//! (same file, event, matcher, timeout: the user's code never runs), against a scripted model on
//! loopback that makes one shell tool call. Bounded in time; nothing is left running (a PID
//! namespace when this process may make one, else the agent's process group is killed).

use crate::agents::Agent;
use crate::scenario::Scenario;
use crate::server::{ModelScript, ModelServer};
use crate::{Error, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One handler of a hook file: the file's real path, its event key, the group and the handler's
/// index in it (what the adapters keep as `Detail::JsonGroup`/`GeminiGroup`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handler {
    /// The real path of the user's file.
    pub file: PathBuf,
    /// The event key as written.
    pub event: String,
    /// 0-based group under the event.
    pub group: usize,
    /// 0-based handler in the group.
    pub index: usize,
}

/// Codex's trust of the user's hooks, carried over to the probes that replace them.
#[derive(Debug, Clone, Default)]
pub struct CodexTrust {
    /// Handlers the user's Codex config trusts: their probes are trusted.
    pub trusted: Vec<Handler>,
    /// Handlers trusted once, changed since: their probes get a stale hash.
    pub changed: Vec<Handler>,
    /// Whether the project is trusted (its `.codex/hooks.json` loads).
    pub project_trusted: bool,
    /// The feature name the user's config switches hooks off with (`[features] hooks = false`,
    /// or the older `codex_hooks`): the scratch config does the same.
    pub hooks_off: Option<String>,
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Canary {
    /// The agent.
    pub agent: Agent,
    /// Its executable.
    pub bin: PathBuf,
    /// The user's home directory and project: the files are copied relative to them.
    pub home: PathBuf,
    /// The project root.
    pub project: PathBuf,
    /// The hook files the agent reads (real paths under `home` or `project`).
    pub files: Vec<PathBuf>,
    /// Codex only: the trust to carry over.
    pub codex: CodexTrust,
    /// Gemini, Copilot CLI and Qwen Code: whether the user's folder is trusted. The scratch
    /// project is trusted (`GEMINI_CLI_TRUST_WORKSPACE`; Copilot's `trustedFolders`; Qwen's
    /// `trustedFolders.json`) only then; otherwise headless Gemini refuses to start there, and
    /// Copilot and Qwen (with folder trust on) load none of the project's hooks, as each would
    /// in the user's folder.
    pub trust_workspace: bool,
    /// How long the agent may run.
    pub budget: Duration,
}

/// What the run saw.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The agent's version (`--version`).
    pub version: String,
    /// Every handler replaced by a probe.
    pub probed: Vec<Handler>,
    /// The handlers whose probe ran.
    pub fired: Vec<Handler>,
    /// Files that could not be copied with probes (not JSON, outside home and project), with why.
    pub skipped: Vec<(PathBuf, String)>,
    /// Wall time of the agent's run.
    pub seconds: f64,
    /// Whether it was killed at the budget.
    pub timed_out: bool,
    /// The agent's exit code.
    pub exit_code: Option<i32>,
    /// The end of what the agent printed on stderr, for a run that failed.
    pub stderr_tail: String,
}

/// The events one canary turn exercises (a prompt, one shell tool call, the answer), and the
/// agent's name for its shell tool: from the conformance traces of the pinned builds.
pub fn exercised(agent: Agent) -> (&'static [&'static str], &'static str) {
    match agent {
        // The events one headless turn fires (conformance/notes/qwen.md, cline.md).
        Agent::Qwen => (
            &[
                "SessionStart",
                "UserPromptSubmit",
                "PreToolUse",
                "PostToolUse",
                "Stop",
            ],
            "run_shell_command",
        ),
        Agent::Cline => (
            &["TaskStart", "PreToolUse", "PostToolUse", "TaskComplete"],
            "run_commands",
        ),
        // Both dialects: camelCase (trace copilot_six_kinds) and PascalCase (trace
        // copilot_pascal_dialect), one headless turn each fires.
        Agent::Copilot => (
            &[
                "sessionStart",
                "userPromptSubmitted",
                "preToolUse",
                "postToolUse",
                "agentStop",
                "sessionEnd",
                "SessionStart",
                "UserPromptSubmit",
                "PreToolUse",
                "PostToolUse",
                "Stop",
                "SessionEnd",
            ],
            "bash",
        ),
        Agent::Claude => (
            &[
                "SessionStart",
                "UserPromptSubmit",
                "PreToolUse",
                "PostToolUse",
                "Stop",
                "SessionEnd",
            ],
            "Bash",
        ),
        Agent::Codex => (
            &[
                "SessionStart",
                "UserPromptSubmit",
                "PreToolUse",
                "PostToolUse",
                "Stop",
            ],
            "Bash",
        ),
        Agent::Gemini => (
            &[
                "SessionStart",
                "BeforeAgent",
                "BeforeModel",
                "AfterModel",
                "BeforeToolSelection",
                "BeforeTool",
                "AfterTool",
                "AfterAgent",
                "SessionEnd",
            ],
            "run_shell_command",
        ),
    }
}

/// Whether the canary's turn runs its shell tool call: Qwen Code downgrades `yolo` to `default`
/// in a folder it does not trust (folder trust on), and the headless call is then not run, so
/// no tool hook fires (conformance/notes/qwen.md, trace qwen_project_untrusted).
pub fn runs_the_tool(agent: Agent, trust_workspace: bool) -> bool {
    trust_workspace || agent != Agent::Qwen
}

/// The agent's version: the first `N.N.N` its `--version` prints, without a trailing full stop.
pub fn version(bin: &Path) -> Result<String> {
    let out = Command::new(bin)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::msg(format!("cannot run {} --version: {e}", bin.display())))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let re = regex::Regex::new(r"\d+\.\d+\.\d+[0-9A-Za-z.+-]*").expect("a valid regex");
    // A sentence's full stop is no part of the version (Copilot CLI: `GitHub Copilot CLI 1.0.102.`).
    re.find(&text)
        .map(|m| m.as_str().trim_end_matches('.').to_string())
        .ok_or_else(|| Error::msg(format!("{} --version printed no version", bin.display())))
}

/// Whether this process may make namespaces (`unshare` needs root without a user namespace).
fn may_unshare() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Claude Code's managed settings on Linux: read by every run, wherever `HOME` points, so their
/// hooks would run for real in the scratch copy.
const CLAUDE_MANAGED: &str = "/etc/claude-code/managed-settings.json";

/// Copilot CLI's machine policy files (`/etc/github-copilot/policy.d/*.json`): read by every
/// run, wherever `COPILOT_HOME` points, so their hooks would run for real in the scratch copy.
fn copilot_policy() -> Option<PathBuf> {
    let dir = Path::new(hook_ir::contract::limits::copilot::POLICY_DIR);
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
}

/// Runs the canary.
pub fn run(c: &Canary) -> Result<Outcome> {
    if c.agent == Agent::Claude && Path::new(CLAUDE_MANAGED).exists() {
        return Err(Error::msg(format!(
            "{CLAUDE_MANAGED} exists: Claude Code would run its hooks for real in the canary's run, so --live does not start it here"
        )));
    }
    if let Some(p) = copilot_policy().filter(|_| c.agent == Agent::Copilot) {
        return Err(Error::msg(format!(
            "{} exists: Copilot CLI would run its policy hooks for real in the canary's run, so --live does not start it here",
            p.display()
        )));
    }
    let version = version(&c.bin)?;
    let dir = tempfile_dir()?;
    let root = dir.path();
    for d in ["home", "project", "logs"] {
        std::fs::create_dir_all(root.join(d))?;
    }
    let probe = root.join("probe.sh");
    std::fs::write(
        &probe,
        format!(
            "#!/bin/sh\n# hooks doctor --live: records that the hook `$1` fired.\ncat > /dev/null\n: > {}/\"$1\"\nexit 0\n",
            sh_quote(&root.join("logs").display().to_string())
        ),
    )?;
    let mut probed = Vec::new();
    let mut tags = Vec::new();
    let mut skipped = Vec::new();
    let mut scratch_files = Vec::new();
    for (n, f) in c.files.iter().enumerate() {
        let rel = if let Ok(r) = f.strip_prefix(&c.project) {
            Path::new("project").join(r)
        } else if let Ok(r) = f.strip_prefix(&c.home) {
            Path::new("home").join(r)
        } else {
            skipped.push((
                f.clone(),
                "outside the home directory and the project".into(),
            ));
            continue;
        };
        if c.agent == Agent::Cline {
            // A Cline hook is a script named after its event: the scratch copy is the probe,
            // under the same name. Its shebang decides how Cline runs it, whatever the name's
            // extension (cline_dir::lower::interpreter).
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let Some(event) = c.agent.event_of_hook_file(name) else {
                skipped.push((f.clone(), "not named after a Cline event".into()));
                continue;
            };
            let tag = format!("h{n}-{}-0-0", tags.len());
            let dest = root.join(&rel);
            std::fs::create_dir_all(dest.parent().unwrap_or(root))?;
            std::fs::write(
                &dest,
                format!(
                    "#!/bin/sh\nexec /bin/sh {} {tag}\n",
                    sh_quote(&probe.display().to_string())
                ),
            )?;
            std::fs::set_permissions(&dest, std::os::unix::fs::PermissionsExt::from_mode(0o755))?;
            let h = Handler {
                file: f.clone(),
                event: event.to_string(),
                group: 0,
                index: 0,
            };
            probed.push(h.clone());
            tags.push((tag, h));
            continue;
        }
        let text = std::fs::read_to_string(f)?;
        let Ok(mut doc) = serde_json::from_str::<Value>(&text) else {
            skipped.push((
                f.clone(),
                "not strict JSON: its commands cannot be replaced".into(),
            ));
            continue;
        };
        for (event, group, index, cmd) in commands(&mut doc, c.agent == Agent::Copilot) {
            let tag = format!("h{n}-{}-{group}-{index}", tags.len());
            *cmd = Value::String(format!(
                "/bin/sh {} {tag}",
                sh_quote(&probe.display().to_string())
            ));
            let h = Handler {
                file: f.clone(),
                event,
                group,
                index,
            };
            probed.push(h.clone());
            tags.push((tag, h));
        }
        let dest = root.join(&rel);
        std::fs::create_dir_all(dest.parent().unwrap_or(root))?;
        std::fs::write(&dest, serde_json::to_string_pretty(&doc)?)?;
        scratch_files.push((f.clone(), dest));
    }
    let scenario: Scenario = toml::from_str(&format!(
        "name = \"doctor_live\"\nabout = \"hooks doctor --live\"\nagents = [\"{}\"]\nprompt = \"Run the shell command true, then say done.\"\ntool = \"true\"\nfinal_text = \"done\"\ntrust = \"untrusted\"\n",
        c.agent.id()
    ))
    .map_err(|e| Error::msg(format!("the canary's scenario: {e}")))?;
    let server = ModelServer::start(
        c.agent.api(),
        ModelScript {
            tool_command: Some("true".into()),
            final_text: "done".into(),
            tool_call: None,
        },
        c.budget + Duration::from_secs(5),
    )?;
    let hooks_file = root.join(c.agent.config_path(crate::scenario::Layer::User));
    if c.agent == Agent::Qwen && c.trust_workspace {
        // The user's folder is trusted (or folder trust is off): so is the scratch one, should
        // the user's settings turn folder trust on. Otherwise it stays untrusted, as theirs.
        let trusted = serde_json::json!({
            root.join("project").display().to_string(): "TRUST_FOLDER"
        });
        std::fs::create_dir_all(root.join("home/.qwen"))?;
        std::fs::write(
            root.join("home")
                .join(hook_ir::contract::limits::qwen::TRUSTED_FOLDERS),
            serde_json::to_string_pretty(&trusted)?,
        )?;
    }
    if c.agent == Agent::Copilot && !c.trust_workspace {
        // The user's folder is not trusted: neither is the scratch one (Copilot then loads none
        // of the repository's hooks, as in the user's folder). Setup keeps a config it finds.
        let config = root.join("home/.copilot/config.json");
        std::fs::create_dir_all(root.join("home/.copilot"))?;
        std::fs::write(&config, "{\"trustedFolders\": []}\n")?;
    }
    c.agent.setup(root, &scenario, &server.url(), &hooks_file)?;
    if c.agent == Agent::Codex {
        codex_trust(root, c, &scratch_files)?;
    }
    let started = Instant::now();
    let namespaced = may_unshare();
    let mut cmd = if namespaced {
        // A PID namespace: whatever the agent leaves behind dies with it.
        let mut cmd = Command::new("unshare");
        cmd.args(["--pid", "--fork", "--mount-proc", "--kill-child", "--"])
            .arg(&c.bin);
        cmd
    } else {
        // A process group of its own, killed whole once the run is over.
        let mut cmd = Command::new(&c.bin);
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        cmd
    };
    let err_path = root.join("agent.err");
    let mut child = cmd
        .args(c.agent.args(&scenario))
        .env_clear()
        .envs(
            c.agent
                .env(root, &server.url())
                .into_iter()
                .filter(|(k, _)| c.trust_workspace || k != "GEMINI_CLI_TRUST_WORKSPACE")
                .chain(no_system_layers(c.agent, root)),
        )
        .current_dir(root.join("project"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err_path)?)
        .spawn()
        .map_err(|e| Error::msg(format!("cannot start {}: {e}", c.bin.display())))?;
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if started.elapsed() > c.budget {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let seconds = started.elapsed().as_secs_f64();
    if !namespaced {
        // What the agent left running (a hook it did not wait for) goes with its group.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stderr(Stdio::null())
            .status();
    }
    drop(server.finish());
    let ran: Vec<String> = std::fs::read_dir(root.join("logs"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let fired = tags
        .iter()
        .filter(|(t, _)| ran.contains(t))
        .map(|(_, h)| h.clone())
        .collect();
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    let tail: String = err
        .lines()
        .rev()
        .take(5)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Outcome {
        version,
        probed,
        fired,
        skipped,
        seconds,
        timed_out,
        exit_code: status.and_then(|s| s.code()),
        stderr_tail: tail,
    })
}

/// Gemini CLI and Qwen Code read their system settings (`/etc/gemini-cli/`, `/etc/qwen-code/`)
/// whatever `HOME` is: pointed at files that do not exist, so hooks there do not run for real in
/// the scratch run (their hooks are not probed: `hooks doctor` leaves them unknown).
fn no_system_layers(agent: Agent, root: &Path) -> Vec<(String, String)> {
    let keys: &[&str] = match agent {
        Agent::Gemini => &[
            "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
            "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
        ],
        // qwen_settings limits: `QWEN_CODE_SYSTEM_SETTINGS_PATH`, `…_DEFAULTS_PATH`.
        Agent::Qwen => &[
            "QWEN_CODE_SYSTEM_SETTINGS_PATH",
            "QWEN_CODE_SYSTEM_DEFAULTS_PATH",
        ],
        _ => &[],
    };
    keys.iter()
        .map(|k| {
            (
                k.to_string(),
                root.join("no-system").join(k).display().to_string(),
            )
        })
        .collect()
}

/// Every `hooks.<Event>[g].hooks[i].command` string of a settings or hooks file, with its place;
/// with `flat` (Copilot CLI's files) also every entry `hooks.<Event>[g]` that is itself a
/// handler, at `(g, 0)` as the adapter places it: its `bash`, else its `command` (`bash` wins
/// on Linux, trace copilot_command_fields, so a `command` beside it, which never runs, goes).
fn commands(doc: &mut Value, flat: bool) -> Vec<(String, usize, usize, &mut Value)> {
    let mut out = Vec::new();
    let Some(events) = doc.get_mut("hooks").and_then(Value::as_object_mut) else {
        return out;
    };
    for (event, groups) in events.iter_mut() {
        let Some(groups) = groups.as_array_mut() else {
            continue;
        };
        for (g, group) in groups.iter_mut().enumerate() {
            if flat && group.get("hooks").is_none() {
                if let Some(entry) = group.as_object_mut() {
                    // `bash` wins over `command` on Linux: the other one never runs, and goes.
                    if entry.get("bash").is_some_and(Value::is_string) {
                        entry.remove("command");
                    }
                    let key = if entry.contains_key("bash") {
                        "bash"
                    } else {
                        "command"
                    };
                    if let Some(cmd) = entry.get_mut(key).filter(|c| c.is_string()) {
                        out.push((event.clone(), g, 0, cmd));
                    }
                }
                continue;
            }
            let Some(handlers) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
                continue;
            };
            for (i, h) in handlers.iter_mut().enumerate() {
                if let Some(cmd) = h.get_mut("command").filter(|c| c.is_string()) {
                    out.push((event.clone(), g, i, cmd));
                }
            }
        }
    }
    out
}

/// Appends to the scratch `config.toml` the user's trust, moved to the probes: a trusted hook's
/// probe is trusted with its own hash, a changed hook's gets a stale one, the project is trusted
/// when the user's is.
fn codex_trust(root: &Path, c: &Canary, files: &[(PathBuf, PathBuf)]) -> Result<()> {
    use std::fmt::Write as _;
    let config = root.join("home/.codex/config.toml");
    let mut t = std::fs::read_to_string(&config)?;
    if c.codex.project_trusted {
        let _ = write!(
            t,
            "\n[projects.{}]\ntrust_level = \"trusted\"\n",
            toml::Value::String(root.join("project").display().to_string())
        );
    }
    for (real, scratch) in files {
        let text = std::fs::read_to_string(scratch)?;
        let node = adapters::json_span::parse(&text)
            .map_err(|e| Error::msg(format!("{}: {}", scratch.display(), e.message)))?;
        for e in adapters::codex_json::trust::entries(scratch, &node) {
            let h = Handler {
                file: real.clone(),
                event: e.event.clone(),
                group: e.group,
                index: e.index,
            };
            let hash = if c.codex.trusted.contains(&h) {
                e.hash
            } else if c.codex.changed.contains(&h) {
                format!("sha256:{}", "0".repeat(64))
            } else {
                continue;
            };
            let _ = write!(
                t,
                "\n[hooks.state.{}]\ntrusted_hash = {}\n",
                toml::Value::String(e.key),
                toml::Value::String(hash)
            );
        }
    }
    if let Some(name) = &c.codex.hooks_off {
        let _ = write!(t, "\n[features]\n{name} = false\n");
    }
    std::fs::write(config, t)?;
    Ok(())
}

/// Quotes `s` for a POSIX shell.
fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn tempfile_dir() -> Result<TempDir> {
    let base = std::env::temp_dir().join(format!(
        "hooks-doctor-live-{}-{}",
        std::process::id(),
        crate::server::now_ns()
    ));
    std::fs::create_dir_all(&base)?;
    Ok(TempDir(base))
}

/// A scratch directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_handler_is_found_at_its_place() {
        let mut doc: Value = serde_json::from_str(
            r#"{"model": "x", "hooks": {
                "PreToolUse": [
                    {"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}, {"type": "http", "url": "u"}]},
                    {"hooks": [{"type": "command", "command": "b", "timeout": 5}]}
                ],
                "Stop": [{"hooks": [{"type": "command", "command": "c"}]}],
                "Bad": "not a list"
            }}"#,
        )
        .unwrap();
        let found: Vec<(String, usize, usize)> = commands(&mut doc, false)
            .into_iter()
            .map(|(e, g, i, cmd)| {
                *cmd = Value::String("probe".into());
                (e, g, i)
            })
            .collect();
        assert_eq!(
            found,
            [
                ("PreToolUse".to_string(), 0, 0),
                ("PreToolUse".to_string(), 1, 0),
                ("Stop".to_string(), 0, 0)
            ]
        );
        // Only the commands changed: matcher, timeout and other handlers stay.
        assert_eq!(doc["hooks"]["PreToolUse"][1]["hooks"][0]["timeout"], 5);
        assert_eq!(doc["hooks"]["PreToolUse"][0]["matcher"], "Bash");
        assert_eq!(doc["hooks"]["PreToolUse"][0]["hooks"][1]["url"], "u");
        assert_eq!(doc["hooks"]["Stop"][0]["hooks"][0]["command"], "probe");
    }

    #[test]
    fn copilot_s_flat_entries_are_found_at_the_adapter_s_place() {
        let mut doc: Value = serde_json::from_str(
            r#"{"version": 1, "hooks": {
                "preToolUse": [
                    {"type": "command", "bash": "a", "command": "never", "timeoutSec": 5},
                    {"type": "command", "command": "b"},
                    {"matcher": "Bash", "hooks": [{"type": "command", "command": "c"}]}
                ]
            }}"#,
        )
        .unwrap();
        let found: Vec<(String, usize, usize)> = commands(&mut doc, true)
            .into_iter()
            .map(|(e, g, i, cmd)| {
                *cmd = Value::String("probe".into());
                (e, g, i)
            })
            .collect();
        let pre = |g, i| ("preToolUse".to_string(), g, i);
        assert_eq!(found, [pre(0, 0), pre(1, 0), pre(2, 0)]);
        let entries = &doc["hooks"]["preToolUse"];
        assert_eq!(entries[0]["bash"], "probe");
        assert!(entries[0].get("command").is_none(), "{doc}");
        assert_eq!(entries[0]["timeoutSec"], 5);
        assert_eq!(entries[1]["command"], "probe");
        assert_eq!(entries[2]["hooks"][0]["command"], "probe");
    }

    #[test]
    fn the_probe_path_is_quoted_for_the_shell() {
        assert_eq!(sh_quote("/tmp/a b"), "'/tmp/a b'");
        assert_eq!(sh_quote("it's"), r"'it'\''s'");
    }
}
