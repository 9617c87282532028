//! GitHub Copilot CLI (`@github/copilot`): the platform package's executable (Node.js and the
//! bundle in one file; the `@github/copilot` loader only picks it), which unpacks its bundle into
//! `$XDG_CACHE_HOME` or `~/.cache/copilot/pkg/` at first start; a model of our own (BYOK).

use super::chat::chat_items;
use super::{Driver, Facts, CHAT_MODEL};
use crate::scenario::Scenario;
use crate::server::{chat::Chat, Api};
use crate::Result;
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Copilot CLI's facts.
static FACTS: Facts = Facts {
    id: "copilot",
    convention: Convention::CopilotHooks,
    package: "@github/copilot",
    binary: "@github/copilot-linux-x64/copilot",
    // Every `*.json` of the repository's `.github/hooks/`, and of `$COPILOT_HOME/hooks/`.
    project_config: "project/.github/hooks/conformance.json",
    user_config: "home/.copilot/hooks/conformance.json",
    // `.github/hooks/hooks.json`, where the host adapter writes: the scenario's
    // `conformance.json` is for hand-written configs.
    bridge_project_config: Some("project/.github/hooks/hooks.json"),
};

/// Copilot CLI's driver.
pub(super) struct Copilot;

impl Driver for Copilot {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(Chat)
    }

    /// `--allow-all`: the scripted shell call runs without a prompt (print mode cannot ask);
    /// JSONL output for `shown`; nothing that would reach the network.
    fn args(&self, s: &Scenario) -> Vec<String> {
        [
            "-p",
            &s.prompt,
            "--allow-all",
            "--no-ask-user",
            "--no-auto-update",
            "--disable-client-telemetry",
            "--disable-builtin-mcps",
            "--output-format",
            "json",
        ]
        .map(String::from)
        .to_vec()
    }

    fn env(&self, root: &Path, model_url: &str, env: &mut Vec<(String, String)>) {
        let url = format!("{model_url}/v1");
        for (k, v) in [
            (
                "COPILOT_HOME",
                root.join("home/.copilot").display().to_string().as_str(),
            ),
            // BYOK: no GitHub login; `openai` with the default `completions` wire API.
            ("COPILOT_PROVIDER_BASE_URL", &url),
            ("COPILOT_PROVIDER_TYPE", "openai"),
            ("COPILOT_PROVIDER_API_KEY", "sk-conformance-dummy"),
            ("COPILOT_MODEL", CHAT_MODEL),
            // No authentication, telemetry, web tools, GitHub MCP server or update.
            ("COPILOT_OFFLINE", "true"),
            ("COPILOT_AUTO_UPDATE", "false"),
        ] {
            env.push((k.into(), v.into()));
        }
    }

    fn setup(
        &self,
        root: &Path,
        _s: &Scenario,
        _model_url: &str,
        _hooks_file: &Path,
    ) -> Result<()> {
        copilot_trust(root)
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        chat_items(body)
    }
}

/// Copilot CLI loads a folder's hooks (repository `.github/hooks/`, `.github/copilot/settings`)
/// only when the folder is trusted: `trusted_folders` in `$COPILOT_HOME/config.json`, which
/// 1.0.102 rewrites as `trustedFolders`. A scenario that brings its own `config.json` (in
/// `files`) keeps it: an untrusted project.
pub fn copilot_trust(root: &Path) -> Result<()> {
    let config = root.join("home/.copilot/config.json");
    if config.exists() {
        return Ok(());
    }
    let project = root.join("project");
    let text = serde_json::json!({"trusted_folders": [project.display().to_string()]});
    std::fs::create_dir_all(root.join("home/.copilot"))?;
    std::fs::write(&config, serde_json::to_string_pretty(&text)?)?;
    Ok(())
}
