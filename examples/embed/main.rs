//! Embedding the `hooks` crates in an agent: discover the user's hooks once, build one
//! [`Runner`] per session, then hand it every lifecycle event and act on its [`Decision`].
//!
//! Run it on its fixture (a GJC module that refuses `rm -rf`, Jarvis prompt and Stop hooks):
//!
//! ```sh
//! cargo run -q -p hooks-cli --example embed -- fixtures/run/embed/project fixtures/run/embed/home
//! ```
//!
//! `crates/cli/tests/it/embed_example.rs` runs this file's `session` on that fixture. See
//! docs/embedding.md.

use runner::adapters::{self, Context, Discovered};
use runner::hook_ir::Severity;
use runner::module_host::ModuleHost;
use runner::{Decision, Event, Runner, RunnerOptions, Verdict};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Step 1, at agent start-up: read every convention's hooks for this project and user.
///
/// `apply_env`: apply jcode's `JCODE_HOOK_*` overrides from the agent's environment, as jcode
/// does (`hooks --no-env` turns them off).
pub fn discover(project: &Path, home: &Path, apply_env: bool) -> Discovered {
    let ctx = Context::from_process(
        Some(project.to_path_buf()),
        Some(home.to_path_buf()),
        apply_env,
    );
    let found = adapters::read(&ctx);
    // Broken hook configs are worth surfacing once, in the agent's log; the hooks that were
    // accepted still run.
    for d in &found.batch.diagnostics {
        if d.severity() == Severity::Error {
            eprintln!("hooks: {}: {}", d.code, d.message);
        }
    }
    found
}

/// Step 2, once per session: the runner over the accepted hooks. Module hooks (GJC directory
/// hooks and plugins) go to a JavaScript host through the `module_dispatch` seam; the host
/// process starts on the first event that needs it.
pub fn start(found: Discovered, project: &Path, home: &Path) -> Runner {
    let runner = Runner::new(
        found.batch.hooks,
        RunnerOptions {
            session_id: Some("embed-example".into()),
            cwd: Some(project.to_path_buf()),
            home: Some(home.to_path_buf()),
            module_dispatch: Some(Arc::new(ModuleHost::default())),
            ..RunnerOptions::default()
        },
    );
    for s in runner.skipped() {
        eprintln!("hooks: `{}` never runs: {}", s.id, s.reason);
    }
    runner
}

/// Logs one line per hook that ran, as an agent would for its users.
fn log(d: &Decision) {
    for h in &d.hooks {
        let why = h.error.as_deref().unwrap_or("");
        eprintln!(
            "hooks: {} {:?} exit={:?} {}ms {why}",
            h.id, h.outcome, h.exit_code, h.duration_ms
        );
    }
}

/// Step 3, at each lifecycle point: dispatch, then act on the decision. A short session of an
/// agent that is not async (`dispatch_blocking`); returns what the agent did, one line per step.
pub fn session(runner: &Runner) -> Vec<String> {
    let mut did = Vec::new();

    // Prompt submission: a block drops the prompt; context goes to the model with it.
    let d = runner.dispatch_blocking(&Event::user_prompt_submit("clean the build"));
    log(&d);
    match &d.verdict {
        Verdict::Block { reason } => did.push(format!("prompt dropped: {reason}")),
        Verdict::Allow => did.push(format!("prompt sent with context {:?}", d.context)),
    }

    // Before each tool call: a block means "do not run it, tell the model why".
    for command in ["rm -rf target", "cargo clean"] {
        let call = Event::pre_tool_use("bash", json!({ "command": command }));
        let d = runner.dispatch_blocking(&call);
        log(&d);
        if let Verdict::Block { reason } = d.verdict {
            did.push(format!("bash `{command}` blocked: {reason}"));
            continue;
        }
        // Codex and Claude hooks may rewrite the input; run the tool with what they returned.
        let input = d.updated_input.or(call.tool_input).unwrap_or(Value::Null);
        did.push(format!("bash ran with {input}"));

        // After the tool: GJC `tool_result` handlers may replace the result.
        let output = "removed 0 files";
        let d = runner.dispatch_blocking(&Event::post_tool_use("bash", input, output));
        log(&d);
        let content = d
            .tool_result
            .and_then(|p| p.content)
            .unwrap_or_else(|| json!(output));
        did.push(format!("tool result {content}"));
    }

    // When the agent wants to stop: a continuation means "go on, with this as the next prompt".
    // `stop_hook_active` tells the hooks this turn already went on once (Jarvis honours a Stop
    // block at most once per turn).
    let mut stop = Event::stop();
    for _ in 0..3 {
        let d = runner.dispatch_blocking(&stop);
        log(&d);
        match d.continuation {
            Some(prompt) => {
                did.push(format!("stop: continue with {prompt:?}"));
                stop.stop_hook_active = true;
            }
            None => {
                did.push("stop: done".into());
                break;
            }
        }
    }
    did
}

/// The same gate for an async (tokio) agent: `Runner::dispatch` is a future; with no matching
/// hook it is ready at once, allocates nothing and never touches the runtime.
pub async fn may_run_tool(runner: &Runner, tool: &str, input: Value) -> Result<(), String> {
    match runner
        .dispatch(&Event::pre_tool_use(tool, input))
        .await
        .verdict
    {
        Verdict::Allow => Ok(()),
        Verdict::Block { reason } => Err(reason),
    }
}

fn main() {
    let mut args = std::env::args().skip(1).map(PathBuf::from);
    let project = args.next().unwrap_or_else(|| PathBuf::from("."));
    let home = args
        .next()
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."));
    let project = std::path::absolute(&project).unwrap_or(project);
    let home = std::path::absolute(&home).unwrap_or(home);
    let runner = start(discover(&project, &home, true), &project, &home);
    for line in session(&runner) {
        println!("{line}");
    }
}
