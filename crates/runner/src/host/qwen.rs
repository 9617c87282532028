//! Qwen Code's answer (0.24.4, `conformance/notes/qwen.md`): Claude's JSON answer on exit 0,
//! with its own limits, all live: a PreToolUse `updatedInput` is ignored (`qwen_pre_updated_input`:
//! the original command ran), so a rewritten input blocks the call rather than run the one
//! the hook rejected; a PreToolUse `additionalContext` never reaches the model
//! (`qwen_pre_additional_context`), so it is a note; PostToolUse `additionalContext` is
//! appended to the tool result (`qwen_post_additional_context`), and a source's post-tool
//! block, feedback on a call that already ran, is passed that way; `decision: "block"` blocks
//! a prompt (`qwen_prompt_block`) and continues the agent on Stop (`qwen_stop_block_once`).

use super::answer::{non_empty, unreplaced, HostAnswer};
use super::claude::json;
use crate::decision::{Decision, Verdict};
use hook_ir::{Convention, Kind};

/// Claude's JSON answer, within what Qwen Code 0.24.4 applies (see the module doc); it takes no
/// replaced tool output.
pub(super) fn answer(
    host: Convention,
    event_name: &str,
    d: &Decision,
    replaced: Option<String>,
) -> HostAnswer {
    let mut d = d.clone();
    let mut notes = Vec::new();
    match d.kind {
        Kind::PreToolUse => {
            if d.updated_input.take().is_some() && !d.is_block() {
                d.verdict = Verdict::Block {
                    reason: "hooks bridge: a hook replaced the tool input, which Qwen Code                              does not apply; the call is blocked rather than run with the                              input the hook rejected"
                        .into(),
                };
            }
            if !d.context.is_empty() {
                notes.push(format!(
                    "context not passed on: Qwen Code drops a PreToolUse additionalContext: {}",
                    d.context.join("\n\n")
                ));
                d.context.clear();
            }
        }
        Kind::PostToolUse => {
            if let Verdict::Block { reason } = &d.verdict {
                d.context.insert(0, non_empty(reason, event_name));
                d.verdict = Verdict::Allow;
            }
        }
        _ => {}
    }
    let mut a = json(host, event_name, &d);
    unreplaced(host, replaced, &mut a);
    notes.append(&mut a.notes);
    a.notes = notes;
    a
}
