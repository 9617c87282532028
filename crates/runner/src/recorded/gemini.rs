//! Gemini CLI 0.61.0's payloads: what its convention module builds, with its transcript path
//! (`conformance/traces/gemini-0.61.0/`).

use super::{transcript, uuid_of, RecordedAgent, Session};
use crate::Event;
use hook_ir::Convention;
use serde_json::{Map, Value};
use std::path::Path;

/// Gemini CLI's recorded releases.
pub(super) static RELEASES: &[RecordedAgent] = &[RecordedAgent {
    convention: Convention::GeminiSettings,
    agent: "gemini",
    version: "0.61.0",
    permission_mode: None,
    extras,
}];

/// Gemini CLI's transcript path, where the runner has none.
fn extras(_: &RecordedAgent, _: &Event, s: &Session, m: &mut Map<String, Value>) {
    let Session { sid, cwd, home, .. } = s;
    let project = Path::new(&cwd)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    transcript(
        m,
        format!(
            "{home}/.gemini/tmp/{project}/chats/session-{}.jsonl",
            &uuid_of(sid)[..8]
        ),
    );
}
