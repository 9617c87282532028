//! Jarvis/Kimi Code's answer, Kimi's external-hooks protocol (conventions.md §2): exit 2 + stderr is a block (on Stop: the
//! continuation), and on UserPromptSubmit exit 0 + `{"message": …}` is context. It cannot
//! replace a tool input.

use super::answer::{unreplaced, HostAnswer};
use crate::decision::{Decision, Verdict};
use hook_ir::{Convention, Kind};
use serde_json::{Map, Value};

/// Jarvis's answer (see the module doc); it takes no replaced tool output.
pub(super) fn answer(
    host: Convention,
    _event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut a = render(d);
    unreplaced(host, replaced, &mut a);
    a
}

fn render(d: &Decision) -> HostAnswer {
    let mut a = HostAnswer {
        exit_code: 0,
        stdout: String::new(),
        stderr: String::new(),
        notes: Vec::new(),
    };
    let block = |a: &mut HostAnswer, reason: &str| {
        a.exit_code = hook_ir::contract::limits::jarvis::BLOCK_EXIT_CODE;
        a.stderr = reason.to_string();
    };
    match (&d.verdict, d.kind) {
        (Verdict::Block { reason }, Kind::Stop) => {
            block(&mut a, d.continuation.as_deref().unwrap_or(reason))
        }
        (Verdict::Block { reason }, Kind::PreToolUse | Kind::UserPromptSubmit) => {
            block(&mut a, reason)
        }
        (Verdict::Allow, Kind::Stop) if d.continuation.is_some() => {
            block(&mut a, d.continuation.as_deref().unwrap_or_default())
        }
        (Verdict::Allow, Kind::PreToolUse) if d.updated_input.is_some() => block(
            &mut a,
            "hooks bridge: a hook replaced the tool input, which Jarvis cannot apply; \
             the call is blocked rather than run with the input the hook rejected",
        ),
        (Verdict::Allow, Kind::UserPromptSubmit) => {
            let text = d.context.join("\n");
            if !text.trim().is_empty() {
                let mut m = Map::new();
                m.insert("message".into(), text.into());
                a.stdout = format!("{}\n", Value::Object(m));
            }
        }
        _ => {
            if !d.context.is_empty() {
                a.notes.push(format!(
                    "context not passed on: Jarvis takes context only on UserPromptSubmit: {}",
                    d.context.join("\n")
                ));
            }
        }
    }
    a
}
