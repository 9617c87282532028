//! What an embedder opts into (issue 33): the loop limit of continuation
//! (`RunnerOptions::loop_limit`, the rule `hooks bridge --loop-limit` applies) and hooks the agent
//! does not wait for handed off (`Detach::HandOff`, `Runner::take_detached`, the supervisor
//! `runner::detached::supervise`). Real hook processes.

mod common;

use common::*;
use hook_ir::Convention::{ClaudeSettings, Jarvis};
use runner::{Detach, Event, OutcomeKind, Runner, RunnerOptions};
use serde_json::json;

#[test]
fn a_stop_hook_that_always_blocks_stops_blocking_after_the_loop_limit() {
    let d = tempfile::tempdir().unwrap();
    let always = hook("s", ClaudeSettings, "Stop", "echo 'keep going' >&2; exit 2");
    let r = Runner::new(
        vec![always.clone()],
        RunnerOptions {
            loop_limit: Some(2),
            ..opts(d.path())
        },
    );
    let verdicts: Vec<(bool, bool)> = (0..4)
        .map(|_| {
            let d = r.dispatch_blocking(&Event::stop());
            (d.is_block(), d.loop_limited.is_some())
        })
        .collect();
    // Two continuations, then the agent may stop (said why); the count starts again.
    assert_eq!(
        verdicts,
        [(true, false), (true, false), (false, true), (true, false)]
    );
    let limited = {
        let r = Runner::new(
            vec![always.clone()],
            RunnerOptions {
                loop_limit: Some(1),
                ..opts(d.path())
            },
        );
        r.dispatch_blocking(&Event::stop());
        r.dispatch_blocking(&Event::stop())
    };
    assert!(limited.continuation.is_none());
    assert_eq!(limited.hooks[0].outcome, OutcomeKind::Blocked);
    assert!(
        limited
            .loop_limited
            .as_deref()
            .unwrap()
            .contains("1 times in a row"),
        "{limited:?}"
    );
    // Without the option, each convention's own rule only: Claude continues every time.
    let r = Runner::new(vec![always], opts(d.path()));
    assert!((0..4).all(|_| r.dispatch_blocking(&Event::stop()).is_block()));
}

#[test]
fn an_allow_resets_the_loop_count() {
    let d = tempfile::tempdir().unwrap();
    let flag = d.path().join("allow");
    let cmd = format!("[ -f {} ] && exit 0; echo again >&2; exit 2", q(&flag));
    let r = Runner::new(
        vec![hook("s", ClaudeSettings, "Stop", &cmd)],
        RunnerOptions {
            loop_limit: Some(2),
            ..opts(d.path())
        },
    );
    assert!(r.dispatch_blocking(&Event::stop()).is_block());
    assert!(r.dispatch_blocking(&Event::stop()).is_block());
    std::fs::write(&flag, "").unwrap();
    assert!(!r.dispatch_blocking(&Event::stop()).is_block());
    std::fs::remove_file(&flag).unwrap();
    assert!(r.dispatch_blocking(&Event::stop()).is_block());
    assert!(r.dispatch_blocking(&Event::stop()).is_block());
}

#[test]
fn hand_off_keeps_fire_and_forget_hooks_for_the_embedder_and_a_supervisor_runs_them() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let r = Runner::new(
        vec![hook(
            "p",
            Jarvis,
            "PostToolUse",
            &format!("cat > {}", q(&out)),
        )],
        RunnerOptions {
            detach: Detach::HandOff,
            ..opts(d.path())
        },
    );
    let dec = r.dispatch_blocking(&Event::post_tool_use("Read", json!({}), "text"));
    assert!(dec.hooks[0].detached);
    assert_eq!(r.detached_running(), 0, "the runner runs none of them");
    let mut batches = r.take_detached();
    assert_eq!(batches.len(), 1);
    assert!(r.take_detached().is_empty(), "taken once");
    assert_eq!(batches[0].hook_ids().collect::<Vec<_>>(), ["p"]);
    assert!(!out.exists());
    // The supervisor: the batch as JSON on its input, outcomes recorded in a directory.
    let json = serde_json::to_vec(&batches.remove(0)).unwrap();
    let records = d.path().join("records");
    std::fs::create_dir(&records).unwrap();
    // A record older than a day is pruned when a supervisor starts; a recent one stays.
    let (old, recent) = (records.join("1.json"), records.join("2.json"));
    for f in [&old, &recent] {
        std::fs::write(f, "{}").unwrap();
    }
    let day_ago = std::time::SystemTime::now()
        - runner::detached::RECORD_KEEP
        - std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(day_ago)
        .unwrap();
    let outcomes = runner::detached::supervise(&mut json.as_slice(), Some(&records)).unwrap();
    assert_eq!(outcomes[0].outcome, OutcomeKind::Allowed);
    let payload: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(payload["tool_output"], "text");
    let file = records.join(format!("{}.json", std::process::id()));
    let rec: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    assert_eq!(rec["state"], "done");
    assert_eq!(rec["hooks"][0]["id"], "p");
    assert!(!old.exists() && recent.exists());
}
