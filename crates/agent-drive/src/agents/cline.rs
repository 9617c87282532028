//! Cline CLI (`cline`): the platform package's executable (Bun and the bundle in one file; the
//! `cline` Node.js wrapper only picks it), with its provider stored by `cline auth`.

use super::chat::chat_items;
use super::{Agent, Driver, Facts, CHAT_MODEL};
use crate::scenario::Scenario;
use crate::server::{chat::Chat, Api};
use crate::{Error, Result};
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Cline's facts.
static FACTS: Facts = Facts {
    id: "cline",
    convention: Convention::ClineDir,
    package: "cline",
    binary: "@cline/cli-linux-x64/bin/cline",
    // A directory of executables named after their event: the config is the `PreToolUse` one
    // (other events' files come in the scenario's `files`).
    project_config: "project/.clinerules/hooks/PreToolUse",
    user_config: "home/.cline/hooks/PreToolUse",
    // `hooks bridge install --host cline-dir` writes Cline's current project folder.
    bridge_project_config: Some("project/.cline/hooks/PreToolUse"),
};

/// Cline's driver.
pub(super) struct Cline;

impl Driver for Cline {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(Chat)
    }

    /// The provider and model `cline auth` stored in `setup`; act mode, every tool approved;
    /// JSON lines on stdout.
    fn args(&self, s: &Scenario) -> Vec<String> {
        ["--auto-approve", "true", "--json", &s.prompt]
            .map(String::from)
            .to_vec()
    }

    fn env(&self, root: &Path, _model_url: &str, env: &mut Vec<(String, String)>) {
        env.push((
            "CLINE_DIR".into(),
            root.join("home/.cline").display().to_string(),
        ));
        env.push(("TMPDIR".into(), root.join("tmp").display().to_string()));
    }

    fn setup(&self, root: &Path, _s: &Scenario, model_url: &str, _hooks_file: &Path) -> Result<()> {
        std::fs::create_dir_all(root.join("tmp"))?;
        cline_auth(Agent::Cline, root, model_url)
    }

    /// Its file names, case-insensitive, with an optional extension (`cline_dir::lower`).
    fn event_of_hook_file(&self, name: &str) -> Option<&'static str> {
        adapters::cline_dir::lower::event_of(name)
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        chat_items(body)
    }
}

/// Cline's provider: `cline auth -p openai-compatible -b <url> -k … -m …` (3.0.65 stores it
/// under `$CLINE_DIR`), run in the run's own environment, bounded in time.
fn cline_auth(agent: Agent, root: &Path, model_url: &str) -> Result<()> {
    // The pinned builds live in the source repository's `conformance/node_modules` (Cline is
    // driven by the conformance suite only).
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let url = format!("{model_url}/v1");
    let mut child = std::process::Command::new(agent.binary(&repo))
        .args([
            "auth",
            "-p",
            "openai-compatible",
            "-b",
            &url,
            "-k",
            "sk-conformance-dummy",
            "-m",
            CHAT_MODEL,
        ])
        .env_clear()
        .envs(agent.env(root, model_url))
        .current_dir(root.join("project"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| Error::msg(format!("cannot run `cline auth`: {e}")))?;
    let started = std::time::Instant::now();
    loop {
        if let Some(st) = child.try_wait()? {
            if st.success() {
                return Ok(());
            }
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            return Err(Error::msg(format!(
                "`cline auth` failed ({st}): {}",
                err.trim()
            )));
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Error::msg("`cline auth` took more than 60 s"));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
