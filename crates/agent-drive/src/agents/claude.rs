//! Claude Code (`@anthropic-ai/claude-code`), its Linux native binary run directly.

use super::{content_text, marked_paragraphs, Driver, Facts};
use crate::scenario::Scenario;
use crate::server::{anthropic::Anthropic, Api};
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Claude Code's facts.
static FACTS: Facts = Facts {
    id: "claude",
    convention: Convention::ClaudeSettings,
    package: "@anthropic-ai/claude-code",
    binary: "@anthropic-ai/claude-code-linux-x64/claude",
    project_config: "project/.claude/settings.json",
    user_config: "home/.claude/settings.json",
    bridge_project_config: None,
};

/// Claude Code's driver.
pub(super) struct Claude;

impl Driver for Claude {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(Anthropic)
    }

    fn args(&self, s: &Scenario) -> Vec<String> {
        [
            "-p",
            &s.prompt,
            "--output-format",
            "stream-json",
            "--verbose",
            "--include-hook-events",
            "--allowedTools",
            "Bash",
        ]
        .map(String::from)
        .to_vec()
    }

    fn env(&self, _root: &Path, model_url: &str, env: &mut Vec<(String, String)>) {
        for (k, v) in [
            ("ANTHROPIC_BASE_URL", model_url),
            ("ANTHROPIC_API_KEY", "sk-conformance-dummy"),
            ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
            ("DISABLE_AUTOUPDATER", "1"),
            ("DISABLE_TELEMETRY", "1"),
            ("DISABLE_ERROR_REPORTING", "1"),
        ] {
            env.push((k.into(), v.into()));
        }
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        claude_items(body)
    }
}

/// Per message of a Messages request: the texts the model reads (user messages and tool
/// results whole, the marked paragraphs of system messages).
fn claude_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let msgs = body["messages"].as_array().cloned().unwrap_or_default();
    let texts = msgs
        .iter()
        .map(|m| {
            let role = m["role"].as_str().unwrap_or_default();
            if role == "system" {
                return marked_paragraphs(&content_text(&m["content"]));
            }
            if role != "user" {
                return Vec::new();
            }
            let mut t = Vec::new();
            match &m["content"] {
                Value::String(s) => t.push(s.clone()),
                Value::Array(blocks) => {
                    for b in blocks {
                        match b["type"].as_str() {
                            Some("text") => {
                                let s = b["text"].as_str().unwrap_or_default();
                                // Claude Code's attribution reminder opens every session.
                                if !s.starts_with("<system-reminder>\nAttribution") {
                                    t.push(s.to_string());
                                }
                            }
                            Some("tool_result") => {
                                let err = if b["is_error"] == true {
                                    " (error)"
                                } else {
                                    ""
                                };
                                t.push(format!(
                                    "tool_result{err}: {}",
                                    content_text(&b["content"])
                                ));
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
            t
        })
        .collect::<Vec<_>>();
    (msgs.len(), texts)
}
