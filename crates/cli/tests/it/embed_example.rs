//! Runs `examples/embed/main.rs` (docs/embedding.md's compiled example) on its fixture, through
//! the real runner, real hook processes and a real Node.js host: the example must not only
//! build but do what the docs say.

#[path = "../../../../examples/embed/main.rs"]
#[allow(dead_code)] // its `main` is for `cargo run --example embed`
mod embed;

use serde_json::json;
use std::path::{Path, PathBuf};

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/run/embed")
        .join(rel)
}

#[test]
fn the_embed_example_session_acts_on_every_decision() {
    let (project, home) = (fixture("project"), fixture("home"));
    let found = embed::discover(&project, &home, false);
    assert!(
        found.batch.diagnostics.is_empty(),
        "{:?}",
        found.batch.diagnostics
    );
    let runner = embed::start(found, &project, &home);
    assert_eq!(
        embed::session(&runner),
        [
            "prompt sent with context [\"<hook_result hook_event=\\\"UserPromptSubmit\\\">\\nthe build directory is target/\\n</hook_result>\"]",
            "bash `rm -rf target` blocked: gjc guard: refusing `rm -rf target`",
            "bash ran with {\"command\":\"cargo clean\"}",
            "tool result \"removed 0 files\"",
            "stop: continue with \"run the tests before you stop\"",
            "stop: done",
        ]
    );
}

#[tokio::test]
async fn the_embed_example_async_gate_blocks_through_the_module_host() {
    let (project, home) = (fixture("project"), fixture("home"));
    let runner = embed::start(embed::discover(&project, &home, false), &project, &home);
    assert_eq!(
        embed::may_run_tool(&runner, "bash", json!({"command": "rm -rf /"})).await,
        Err("gjc guard: refusing `rm -rf /`".to_string())
    );
    assert_eq!(
        embed::may_run_tool(&runner, "bash", json!({"command": "ls"})).await,
        Ok(())
    );
    // No hook for this tool: ready at once.
    assert_eq!(
        embed::may_run_tool(&runner, "read", json!({})).await,
        Ok(())
    );
}
