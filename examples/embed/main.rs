//! Embedding the `hooks` crates in an agent: discover the user's hooks once, then hand every
//! lifecycle event to the runner and act on its decision.
//!
//! Run it against the demo project:
//!
//! ```sh
//! cargo run -q -p hooks-cli --example embed -- examples/demo examples/demo/home
//! ```
//!
//! See docs/embedding.md.

use adapters::{Context, Discovered};
use hook_ir::{Hook, Kind, Severity};
use runner::{Decision, Event, Verdict};
use serde_json::json;
use std::path::PathBuf;

/// Step 1, at agent start-up: read every convention's hooks for this project and user.
fn load(project: PathBuf, home: PathBuf) -> Discovered {
    // `true`: apply jcode's JCODE_HOOK_* overrides from the agent's environment, as jcode does.
    let ctx = Context::from_process(Some(project), Some(home), true);
    let found = adapters::discover(&ctx);
    // Broken hook configs are worth surfacing once, in the agent's log; the hooks that were
    // accepted still run.
    for d in &found.batch.diagnostics {
        if d.severity() == Severity::Error {
            eprintln!("hooks: {}: {}", d.code, d.message);
        }
    }
    found
}

/// The hooks that a given event reaches: same kind, and a matcher that accepts the matched value.
fn selected<'a>(hooks: &'a [Hook], event: &Event) -> Vec<&'a Hook> {
    let value = event.tool_name.as_deref().unwrap_or("");
    hooks
        .iter()
        .filter(|h| h.kind == event.kind())
        .filter(|h| h.matcher.compile().is_ok_and(|m| m.is_match(value)))
        .collect()
}

/// Step 2, at each lifecycle point: dispatch and get one decision.
///
/// This is where the agent calls the runner's dispatch, which executes the selected hooks under
/// each one's own convention contract (processes for command hooks, a JavaScript host for module
/// hooks) and folds their answers into one [`Decision`]. The call is kept behind this function
/// so the rest of the agent depends only on `Event` and `Decision`.
fn dispatch(hooks: &[Hook], event: &Event) -> Decision {
    let reached = selected(hooks, event);
    eprintln!(
        "hooks: {} event reaches {} hook(s)",
        event.kind(),
        reached.len()
    );
    Decision::allow(event.kind())
}

fn main() {
    let mut args = std::env::args().skip(1).map(PathBuf::from);
    let project = args.next().unwrap_or_else(|| PathBuf::from("."));
    let home = args
        .next()
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."));
    let found = load(project, home);
    let hooks = &found.batch.hooks;

    // Before running a tool: a block means "do not run it, tell the model why".
    let call = Event::pre_tool_use("Bash", json!({"command": "rm -rf target"}));
    match dispatch(hooks, &call).verdict {
        Verdict::Allow => println!("pre_tool_use: allowed"),
        Verdict::Block { reason } => println!("pre_tool_use: blocked: {reason}"),
    }

    // When the agent wants to stop: a block means "continue, with this reason as the prompt".
    let stop = dispatch(hooks, &Event::stop());
    assert_eq!(stop.kind, Kind::Stop);
    match stop.continuation {
        Some(prompt) => println!("stop: continue with {prompt:?}"),
        None => println!("stop: done"),
    }

    // Prompt submission: added context goes to the model with the prompt.
    let prompt = dispatch(hooks, &Event::user_prompt_submit("deploy to staging"));
    println!(
        "user_prompt_submit: {} context item(s)",
        prompt.context.len()
    );
}
