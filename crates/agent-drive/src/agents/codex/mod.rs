//! Codex (`@openai/codex`), its Linux musl binary run directly, with the scripted model provider
//! and the trust state of a run in its `config.toml` ([`trust`]).

pub mod trust;

use super::{content_text, marked_paragraphs, Driver, Facts};
use crate::scenario::Scenario;
use crate::server::{openai::OpenAi, Api};
use crate::Result;
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Codex's facts.
static FACTS: Facts = Facts {
    id: "codex",
    convention: Convention::CodexJson,
    package: "@openai/codex",
    binary: "@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
    project_config: "project/.codex/hooks.json",
    user_config: "home/.codex/hooks.json",
    bridge_project_config: None,
};

/// Codex's driver.
pub(super) struct Codex;

impl Driver for Codex {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(OpenAi)
    }

    fn args(&self, s: &Scenario) -> Vec<String> {
        let mut a: Vec<String> = [
            "exec",
            "--json",
            "--skip-git-repo-check",
            "-s",
            "danger-full-access",
        ]
        .map(String::from)
        .to_vec();
        // Else Codex tries remote hosts at start.
        for f in [
            "plugins",
            "remote_plugin",
            "apps",
            "in_app_updates",
            "plugin_sharing",
        ] {
            a.push("--disable".into());
            a.push(f.into());
        }
        if s.trust == crate::scenario::Trust::Bypass {
            a.push("--dangerously-bypass-hook-trust".into());
        }
        a.push(s.prompt.clone());
        a
    }

    fn env(&self, root: &Path, _model_url: &str, env: &mut Vec<(String, String)>) {
        env.push((
            "CODEX_HOME".into(),
            root.join("home/.codex").display().to_string(),
        ));
        env.push(("CONFORMANCE_API_KEY".into(), "sk-conformance-dummy".into()));
    }

    /// `config.toml`: the scripted model provider, the scenario's inline hooks and the trust
    /// state.
    fn setup(&self, root: &Path, s: &Scenario, model_url: &str, hooks_file: &Path) -> Result<()> {
        std::fs::create_dir_all(root.join("tmp"))?;
        let mut toml = format!(
            "model = \"conformance-model\"\nmodel_provider = \"conformance\"\n\n\
             [model_providers.conformance]\nname = \"conformance\"\nbase_url = \"{model_url}/v1\"\n\
             wire_api = \"responses\"\nenv_key = \"CONFORMANCE_API_KEY\"\n\n\
             # Else Codex resolves its analytics host at exit: 5 s of DNS retries in the\n\
             # namespace, where nothing leaves anyway.\n[analytics]\nenabled = false\n"
        );
        // Hooks inlined in config.toml, before the trust tables (which close with
        // `[hooks.state."…"]` tables of their own).
        if !s.codex_config_hooks.is_empty() {
            toml.push('\n');
            toml.push_str(&crate::expand::expand_file(&s.codex_config_hooks, root));
        }
        toml.push_str(&trust::state(s, root, hooks_file)?);
        let dir = root.join("home/.codex");
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("config.toml"), toml)?;
        Ok(())
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        codex_items(body)
    }
}

/// Per input item of a Responses request: the texts the model reads (user messages and tool
/// outputs whole, the marked paragraphs of developer messages; the environment context left
/// out).
fn codex_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let items = body["input"].as_array().cloned().unwrap_or_default();
    let texts = items
        .iter()
        .map(|i| match i["type"].as_str() {
            Some("message") if i["role"] == "developer" || i["role"] == "system" => {
                marked_paragraphs(&content_text(&i["content"]))
            }
            Some("message") if i["role"] == "user" => i["content"]
                .as_array()
                .map(|c| {
                    c.iter()
                        .filter_map(|p| p["text"].as_str())
                        .filter(|s| {
                            !s.starts_with("<environment_context>") && !s.starts_with("# AGENTS.md")
                        })
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            Some("function_call_output" | "custom_tool_call_output") => {
                vec![format!("tool_output: {}", content_text(&i["output"]))]
            }
            _ => Vec::new(),
        })
        .collect::<Vec<_>>();
    (items.len(), texts)
}
