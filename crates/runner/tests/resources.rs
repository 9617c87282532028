//! No leaked file descriptors and no zombies after thousands of runs. A dedicated test binary
//! with one test, so no other test's children or descriptors interfere with the counts.

mod common;

use common::*;
use hook_ir::Convention::{Jarvis, Jcode};
use runner::{Event, OutcomeKind, Runner};
use serde_json::json;

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// Children of this process that are zombies (exited, not reaped).
fn zombie_children() -> Vec<u32> {
    let me = std::process::id();
    let mut z = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f[0] == "Z" && f[1].parse::<u32>().ok() == Some(me) {
            z.push(pid);
        }
    }
    z
}

#[test]
fn thousands_of_runs_leak_no_descriptor_and_leave_no_zombie() {
    let d = tempfile::tempdir().unwrap();
    let r = Runner::new(
        vec![
            hook("gate", Jcode, "pre_tool", "true"),
            hook(
                "jarvis",
                Jarvis,
                "PreToolUse",
                "echo out; echo err >&2; exit 2",
            ),
            hook("observer", Jcode, "post_tool", "true"),
        ],
        opts(d.path()),
    );
    let timeouts = Runner::new(
        vec![hook_t("slow", Jarvis, "PreToolUse", "sleep 5 & wait", 1)],
        opts(d.path()),
    );
    let rt = rt();
    // Warm up: the runtime, its signal/process driver, reaper threads.
    rt.block_on(r.dispatch(&Event::pre_tool_use("x", json!({}))));
    r.dispatch_blocking(&Event::pre_tool_use("x", json!({})));
    let before = open_fds();
    let pre = Event::pre_tool_use("x", json!({"a": 1}));
    let post = Event::post_tool_use("x", json!({}), "out");
    rt.block_on(async {
        for n in 0..1000 {
            let dec = r.dispatch(&pre).await;
            assert!(dec.is_block());
            assert_eq!(dec.hooks[0].outcome, OutcomeKind::Allowed);
            r.dispatch(&post).await;
            if n % 50 == 0 {
                let dec = timeouts.dispatch(&pre).await;
                assert_eq!(dec.hooks[0].outcome, OutcomeKind::TimedOut);
            }
        }
    });
    // The blocking API too.
    for _ in 0..300 {
        r.dispatch_blocking(&pre);
    }
    // Detached observers are reaped by their reaper threads as they exit.
    assert!(
        eventually(|| zombie_children().is_empty()),
        "zombies: {:?}",
        zombie_children()
    );
    assert!(
        eventually(|| open_fds() <= before),
        "fds before {before}, after {}",
        open_fds()
    );
}
