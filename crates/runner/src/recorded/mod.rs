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

mod claude;
mod cline;
mod codex;
mod copilot;
mod gemini;
mod qwen;

use crate::Event;
use hook_ir::Convention;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::path::Path;

/// One recorded release of an agent.
#[derive(Debug, Clone, Copy)]
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
    /// What the release's payloads hold beyond what the runner builds for its convention.
    pub extras: Extras,
}

/// Adds a release's own fields to a payload the runner built.
pub type Extras = fn(&RecordedAgent, &Event, &Session, &mut Map<String, Value>);

/// A release is its agent and version (its extras follow from them).
impl PartialEq for RecordedAgent {
    fn eq(&self, other: &Self) -> bool {
        (self.convention, self.agent, self.version)
            == (other.convention, other.agent, other.version)
    }
}

impl Eq for RecordedAgent {}

impl RecordedAgent {
    /// `conformance/traces/<agent>-<version>`, relative to the repository root.
    pub fn trace_dir(&self) -> String {
        format!("conformance/traces/{}-{}", self.agent, self.version)
    }
}

/// Every recorded release, newest last per convention: each agent's file in this folder lists
/// its own.
pub fn all() -> impl Iterator<Item = &'static RecordedAgent> {
    [
        claude::RELEASES,
        codex::RELEASES,
        gemini::RELEASES,
        qwen::RELEASES,
        copilot::RELEASES,
        cline::RELEASES,
    ]
    .into_iter()
    .flatten()
}

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
    all().filter(move |r| r.convention == convention)
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
pub(crate) fn uuid_of(seed: &str) -> String {
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
pub(crate) fn insert_after(m: &mut Map<String, Value>, after: &str, extra: Vec<(&str, Value)>) {
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
pub(crate) fn transcript(m: &mut Map<String, Value>, path: String) {
    if matches!(m.get("transcript_path"), None | Some(Value::Null))
        || m.get("transcript_path") == Some(&Value::String(String::new()))
    {
        m.insert("transcript_path".into(), path.into());
    }
}

/// What the payload of one session already says, for a release's extras.
pub struct Session {
    /// `session_id`.
    pub sid: String,
    /// `cwd`.
    pub cwd: String,
    /// The user's home directory, as text (empty when unknown).
    pub home: String,
    /// The session and turn, the seed of per-turn ids.
    pub turn: String,
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
    let turn = format!("{sid}/{}", event.turn_id.as_deref().unwrap_or("turn"));
    let session = Session {
        sid,
        cwd,
        home,
        turn,
    };
    (agent.extras)(agent, event, &session, m);
}

/// A release whose payloads the runner builds as they are: nothing to add.
pub(crate) fn nothing(_: &RecordedAgent, _: &Event, _: &Session, _: &mut Map<String, Value>) {}

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
