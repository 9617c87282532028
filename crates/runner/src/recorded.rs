//! The agent releases whose hook payloads were recorded (`conformance/traces/<agent>-<version>/`),
//! and what each sends beyond the fields every release of its convention shares.
//!
//! Without a [`RecordedAgent`] the runner sends each convention's documented payload
//! (conventions.md). With one ([`crate::RunnerOptions::recorded`]) it sends what that release
//! really sent in its traces: Claude Code 2.1.332 adds `prompt_id`, `permission_mode`, `effort`,
//! a structured `Bash` `tool_response` and `duration_ms`, and on Stop `background_tasks` and
//! `session_crons`; Codex 0.171.0 adds `permission_mode` and `turn_id`, and sends no `model` on
//! SessionEnd; Gemini CLI 0.61.0 and GitHub Copilot CLI 1.0.102 send what their convention
//! modules build (Copilot's two dialects: `conventions::copilot`). `hooks test` feeds these payloads,
//! and a test compares them with every recorded trace (`crates/conformance/tests/payloads.rs`).

use crate::Event;
use hook_ir::{Convention, Kind};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::path::Path;

/// One recorded release of an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedAgent {
    /// The convention whose hooks this agent runs.
    pub convention: Convention,
    /// The agent's name in the traces' folder names (`claude`, `codex`, `gemini`).
    pub agent: &'static str,
    /// The recorded version.
    pub version: &'static str,
    /// The permission mode the recording ran in (`permission_mode` of the payloads), `None` when
    /// the agent sends none.
    pub permission_mode: Option<&'static str>,
}

impl RecordedAgent {
    /// `conformance/traces/<agent>-<version>`, relative to the repository root.
    pub fn trace_dir(&self) -> String {
        format!("conformance/traces/{}-{}", self.agent, self.version)
    }
}

/// Every recorded release, newest last per convention.
pub static RECORDED: &[RecordedAgent] = &[
    RecordedAgent {
        convention: Convention::ClaudeSettings,
        agent: "claude",
        version: "2.1.332",
        permission_mode: Some("default"),
    },
    RecordedAgent {
        convention: Convention::CodexJson,
        agent: "codex",
        version: "0.171.0",
        // The conformance suite runs Codex with `--dangerously-bypass-approvals-and-sandbox`.
        permission_mode: Some("bypassPermissions"),
    },
    RecordedAgent {
        convention: Convention::GeminiSettings,
        agent: "gemini",
        version: "0.61.0",
        permission_mode: None,
    },
    RecordedAgent {
        convention: Convention::QwenSettings,
        agent: "qwen",
        version: "0.24.4",
        // The conformance suite runs Qwen Code with `--approval-mode yolo`.
        permission_mode: Some("yolo"),
    },
    RecordedAgent {
        convention: Convention::CopilotHooks,
        agent: "copilot",
        version: "1.0.102",
        permission_mode: None,
    },
    RecordedAgent {
        convention: Convention::ClineDir,
        agent: "cline",
        version: "3.0.65",
        permission_mode: None,
    },
];

/// Why a version cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no recorded {convention} version `{version}` (recorded: {known})")]
pub struct UnknownVersion {
    /// The convention asked for.
    pub convention: Convention,
    /// The version asked for.
    pub version: String,
    /// The recorded versions, comma-separated, or `none`.
    pub known: String,
}

/// The recorded releases of `convention`, oldest first.
pub fn versions_of(convention: Convention) -> impl Iterator<Item = &'static RecordedAgent> {
    RECORDED.iter().filter(move |r| r.convention == convention)
}

/// The newest recorded release of `convention`, if any.
pub fn latest(convention: Convention) -> Option<&'static RecordedAgent> {
    versions_of(convention).last()
}

/// The recorded release `version` of `convention`, or an error naming the recorded ones.
pub fn find(
    convention: Convention,
    version: &str,
) -> Result<&'static RecordedAgent, UnknownVersion> {
    versions_of(convention)
        .find(|r| r.version == version)
        .ok_or_else(|| {
            let known: Vec<&str> = versions_of(convention).map(|r| r.version).collect();
            UnknownVersion {
                convention,
                version: version.to_string(),
                known: if known.is_empty() {
                    "none".into()
                } else {
                    known.join(", ")
                },
            }
        })
}

/// A UUID-shaped id derived from `seed`: stable for one session and turn, like the agent's own.
fn uuid_of(seed: &str) -> String {
    let h = Sha256::digest(seed.as_bytes());
    let x: String = h.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-4{}-8{}-{}",
        &x[0..8],
        &x[8..12],
        &x[13..16],
        &x[17..20],
        &x[20..32]
    )
}

/// Rebuilds `m` with `extra` inserted right after the key `after` (or at the end).
fn insert_after(m: &mut Map<String, Value>, after: &str, extra: Vec<(&str, Value)>) {
    let mut out = Map::new();
    let mut extra = Some(extra);
    for (k, v) in std::mem::take(m) {
        let here = k == after;
        out.insert(k, v);
        if here {
            for (ek, ev) in extra.take().unwrap_or_default() {
                out.insert(ek.to_string(), ev);
            }
        }
    }
    for (ek, ev) in extra.take().unwrap_or_default() {
        out.insert(ek.to_string(), ev);
    }
    *m = out;
}

/// Fills `transcript_path` where the runner has none, in the place the agent keeps it.
fn transcript(m: &mut Map<String, Value>, path: String) {
    if matches!(m.get("transcript_path"), None | Some(Value::Null))
        || m.get("transcript_path") == Some(&Value::String(String::new()))
    {
        m.insert("transcript_path".into(), path.into());
    }
}

/// Adds to `m`, the payload the runner built for a hook of `agent.convention`,
/// what the recorded release sends besides. `home`, `cwd` and `session_id` are the session's.
pub(crate) fn extend(
    agent: &RecordedAgent,
    event: &Event,
    home: Option<&Path>,
    m: &mut Map<String, Value>,
) {
    let sid = m
        .get("session_id")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let cwd = m
        .get("cwd")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let home = home.map(|h| h.display().to_string()).unwrap_or_default();
    let kind = event.kind();
    let turn = format!("{sid}/{}", event.turn_id.as_deref().unwrap_or("turn"));
    match agent.convention {
        Convention::ClaudeSettings => {
            let project = cwd.replace(['/', '.'], "-");
            transcript(m, format!("{home}/.claude/projects/{project}/{sid}.jsonl"));
            let mut head: Vec<(&str, Value)> = Vec::new();
            if kind != Kind::SessionStart {
                head.push(("prompt_id", uuid_of(&turn).into()));
            }
            let mode = matches!(
                kind,
                Kind::PreToolUse | Kind::PostToolUse | Kind::UserPromptSubmit | Kind::Stop
            );
            if let (true, Some(pm)) = (mode, agent.permission_mode) {
                head.push(("permission_mode", pm.into()));
            }
            if matches!(kind, Kind::PreToolUse | Kind::PostToolUse | Kind::Stop) {
                head.push(("effort", json!({"level": "medium"})));
            }
            insert_after(m, "cwd", head);
            match kind {
                Kind::PostToolUse => {
                    // Claude's Bash tool answers with a structured response, not a string.
                    if event.tool_response.is_none() && event.tool_name.as_deref() == Some("Bash") {
                        m.shift_remove("tool_response");
                        let out = event.tool_output.clone().unwrap_or_default();
                        let out = out.strip_suffix('\n').unwrap_or(&out).to_string();
                        insert_after(
                            m,
                            "tool_input",
                            vec![(
                                "tool_response",
                                json!({"stdout": out, "stderr": "", "interrupted": false,
                                       "isImage": false, "noOutputExpected": false}),
                            )],
                        );
                    }
                    // `tool_use_id` comes after `tool_response` in Claude's payload.
                    if let Some(id) = m.shift_remove("tool_use_id") {
                        m.insert("tool_use_id".into(), id);
                    }
                    m.insert("duration_ms".into(), event.duration_ms.unwrap_or(0).into());
                }
                Kind::SessionStart => {
                    // 2.1.332 sends no `model` on SessionStart.
                    m.shift_remove("model");
                }
                Kind::Stop => {
                    m.insert(
                        "last_assistant_message".into(),
                        event.last_assistant_text.clone().into(),
                    );
                    m.insert("background_tasks".into(), json!([]));
                    m.insert("session_crons".into(), json!([]));
                }
                _ => {}
            }
        }
        Convention::CodexJson => {
            transcript(
                m,
                format!("{home}/.codex/sessions/rollout-{}.jsonl", uuid_of(&sid)),
            );
            match kind {
                Kind::SessionShutdown => {
                    m.shift_remove("model");
                }
                _ => {
                    if let Some(pm) = agent.permission_mode {
                        insert_after(m, "model", vec![("permission_mode", pm.into())]);
                    }
                }
            }
            let per_turn = matches!(
                kind,
                Kind::PreToolUse | Kind::PostToolUse | Kind::UserPromptSubmit | Kind::Stop
            );
            // `tool_use_id` comes after `tool_response` in Codex's PostToolUse payload.
            if kind == Kind::PostToolUse {
                if let Some(id) = m.shift_remove("tool_use_id") {
                    m.insert("tool_use_id".into(), id);
                }
            }
            // Codex sends `turn_id` right after `session_id`, and only within a turn.
            let id = m.shift_remove("turn_id");
            if per_turn {
                let id = id.unwrap_or_else(|| uuid_of(&turn).into());
                insert_after(m, "session_id", vec![("turn_id", id)]);
            }
        }
        Convention::GeminiSettings => {
            let project = Path::new(&cwd)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            transcript(
                m,
                format!(
                    "{home}/.gemini/tmp/{project}/chats/session-{}.jsonl",
                    &uuid_of(&sid)[..8]
                ),
            );
        }
        Convention::QwenSettings => {
            // `~/.qwen/projects/<cwd with / as ->/chats/<session id>.jsonl` (`qwen_six_kinds`).
            let project = cwd.replace('/', "-");
            transcript(
                m,
                format!("{home}/.qwen/projects/{project}/chats/{sid}.jsonl"),
            );
            if let Some(pm) = agent.permission_mode {
                m.insert("permission_mode".into(), pm.into());
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_versions_name_the_recorded_ones() {
        let e = find(Convention::ClaudeSettings, "9.9.9").unwrap_err();
        assert_eq!(
            e.to_string(),
            "no recorded claude-settings version `9.9.9` (recorded: 2.1.332)"
        );
        let e = find(Convention::Jarvis, "1.0").unwrap_err();
        assert_eq!(e.known, "none");
        assert_eq!(latest(Convention::CodexJson).unwrap().version, "0.171.0");
    }

    #[test]
    fn ids_are_uuid_shaped_and_stable() {
        let a = uuid_of("s/t");
        assert_eq!(a, uuid_of("s/t"));
        assert_eq!(a.len(), 36);
        assert_eq!(a.matches('-').count(), 4);
    }
}
