//! Gemini CLI (`@google/gemini-cli`), its Node.js bundle, with the API-key auth in its user
//! settings.

use super::{Driver, Facts};
use crate::scenario::Scenario;
use crate::server::{gemini::Gemini as GeminiApi, Api};
use crate::{Error, Result};
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Gemini CLI's facts.
static FACTS: Facts = Facts {
    id: "gemini",
    convention: Convention::GeminiSettings,
    package: "@google/gemini-cli",
    // A Node.js bundle (`#!/usr/bin/env node`); npm links it executable.
    binary: ".bin/gemini",
    project_config: "project/.gemini/settings.json",
    user_config: "home/.gemini/settings.json",
    bridge_project_config: None,
};

/// Gemini CLI's driver.
pub(super) struct Gemini;

impl Driver for Gemini {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(GeminiApi)
    }

    /// An explicit model: with the default `auto`, a router call to another model comes first.
    /// `yolo`: the scripted shell call runs without a prompt.
    fn args(&self, s: &Scenario) -> Vec<String> {
        [
            "-p",
            &s.prompt,
            "--approval-mode",
            "yolo",
            "-m",
            GEMINI_MODEL,
        ]
        .map(String::from)
        .to_vec()
    }

    fn env(&self, _root: &Path, model_url: &str, env: &mut Vec<(String, String)>) {
        for (k, v) in [
            ("GOOGLE_GEMINI_BASE_URL", model_url),
            ("GEMINI_API_KEY", "conformance-dummy"),
            // Headless runs read project settings only in a trusted workspace.
            ("GEMINI_CLI_TRUST_WORKSPACE", "true"),
            // No second Node.js process with a larger heap.
            ("GEMINI_CLI_NO_RELAUNCH", "true"),
        ] {
            env.push((k.into(), v.into()));
        }
    }

    fn setup(&self, root: &Path, _s: &Scenario, _model_url: &str, hooks_file: &Path) -> Result<()> {
        gemini_user_settings(root, hooks_file)
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        gemini_items(body)
    }
}

/// The model Gemini CLI is told to use (any name: the scripted server answers every model).
const GEMINI_MODEL: &str = "gemini-2.5-flash";

/// Gemini's user settings: the API-key auth (the base URL alone selects another auth that `-p`
/// rejects) and no usage statistics (nothing to send off loopback). Merged into the scenario's
/// config when that is the user settings file itself.
fn gemini_user_settings(root: &Path, hooks_file: &Path) -> Result<()> {
    let ours = serde_json::json!({
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "privacy": {"usageStatisticsEnabled": false},
    });
    merge_user_settings(&root.join("home/.gemini/settings.json"), hooks_file, &ours)
}

/// Writes `ours` into the user settings file `user`, merged over the scenario's config when that
/// is the file itself.
fn merge_user_settings(user: &Path, hooks_file: &Path, ours: &Value) -> Result<()> {
    let text = match std::fs::read_to_string(user) {
        Ok(t) if user == hooks_file => t,
        _ => "{}".to_string(),
    };
    let merged = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(mut obj)) => {
            obj.extend(
                ours.as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| (k.clone(), v.clone())),
            );
            serde_json::to_string_pretty(&obj)?
        }
        Ok(_) => return Err(Error::msg("the user settings are not a JSON object")),
        // Not strict JSON (a syntax scenario: comments, trailing commas): our keys go in
        // front of the user's, whose text stays as written for Gemini's own parser to judge.
        Err(_) => {
            let Some(open) = text.find('{') else {
                return Err(Error::msg("the user settings have no object"));
            };
            let keys = serde_json::to_string(ours)?;
            format!(
                "{}{},{}",
                &text[..open],
                &keys[..keys.len() - 1],
                &text[open + 1..]
            )
        }
    };
    if let Some(dir) = user.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(user, merged)?;
    Ok(())
}

/// Per content of a `generateContent` request: the texts the model reads (user texts and
/// function responses; Gemini CLI's `<session_context>` preamble left out).
fn gemini_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let contents = body["contents"].as_array().cloned().unwrap_or_default();
    let texts = contents
        .iter()
        .map(|c| {
            if c["role"] != "user" {
                return Vec::new();
            }
            let mut t = Vec::new();
            for p in c["parts"].as_array().into_iter().flatten() {
                if let Some(s) = p["text"].as_str() {
                    if !s.starts_with("<session_context>") {
                        t.push(s.to_string());
                    }
                } else if let Some(r) = p.get("functionResponse") {
                    let out = &r["response"];
                    let text = out["output"]
                        .as_str()
                        .or_else(|| out["error"].as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| out.to_string());
                    t.push(format!("function_response: {text}"));
                }
            }
            t
        })
        .collect::<Vec<_>>();
    (contents.len(), texts)
}
