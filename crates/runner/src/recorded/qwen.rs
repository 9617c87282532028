//! Qwen Code 0.24.4's payloads: what its convention module builds, with its transcript path
//! and `permission_mode` (`conformance/traces/qwen-0.24.4/`).

use super::{transcript, RecordedAgent, Session};
use crate::Event;
use hook_ir::Convention;
use serde_json::{Map, Value};

/// Qwen Code's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::QwenSettings,
    agent: "qwen",
    version: "0.24.4",
    // The conformance suite runs Qwen Code with `--approval-mode yolo`.
    permission_mode: Some("yolo"),
    extras,
}];

/// Qwen Code's transcript path and permission mode.
fn extras(agent: &RecordedAgent, _: &Event, s: &Session, m: &mut Map<String, Value>) {
    let Session { sid, cwd, home, .. } = s;
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
