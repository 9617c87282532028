//! A host that crashes or hangs: the pending event gets its contract's outcome, the host is
//! killed and a fresh one serves the next event.

mod module_host_support;

use module_host_support::{gjc, options, write};
use runner::module_host::{ModuleHost, Runtime};
use runner::{Event, OutcomeKind, Verdict};
use serde_json::json;
use std::time::Duration;

fn bash() -> Event {
    Event::pre_tool_use("bash", json!({}))
}

const ALLOW: &str = r#"export default function (api) {
    api.on("tool_call", () => undefined);
    api.on("agent_end", () => undefined);
}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_in_tool_call_fails_closed_and_the_host_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let crash = write(
        dir.path(),
        "crash/bash.js",
        r#"export default function (api) {
            api.on("tool_call", () => { console.error("about to exit"); process.exit(1); });
        }"#,
    );
    let fine = write(dir.path(), "fine/bash.js", ALLOW);
    let crash = gjc("crash", &crash, "tool_call", "bash");
    let fine_tc = gjc("fine", &fine, "tool_call", "bash");
    let host = ModuleHost::new(options());

    let d = host.dispatch(&[&crash, &fine_tc], &bash()).await;
    let Verdict::Block { reason } = &d.verdict else {
        panic!("a crash in tool_call must block: {d:?}");
    };
    let path = match &crash.detail {
        hook_ir::Detail::Module { real_path, .. } => real_path.clone(),
        _ => unreachable!(),
    };
    assert_eq!(
        reason,
        &format!("Extension hook:{path} failed: the node hook host exited with code 1 while running the handler")
    );
    assert_eq!(
        d.hooks.len(),
        1,
        "later hooks skipped after the fail-closed block"
    );
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(d.hooks[0].exit_code, Some(1));

    // The next event gets a fresh host, which loads the modules again.
    let d = host.dispatch(&[&fine_tc], &bash()).await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Allowed);
    assert_eq!(host.starts(Runtime::Node), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_elsewhere_is_isolated_and_later_hooks_run_in_a_new_host() {
    let dir = tempfile::tempdir().unwrap();
    let crash = write(
        dir.path(),
        "crash/x.js",
        r#"export default function (api) { api.on("agent_end", () => process.exit(3)); }"#,
    );
    let fine = write(dir.path(), "fine/x.js", ALLOW);
    let h1 = gjc("crash", &crash, "agent_end", "x");
    let h2 = gjc("fine", &fine, "agent_end", "x");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&h1, &h2], &Event::stop()).await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(d.hooks[0].exit_code, Some(3));
    assert_eq!(d.hooks[1].outcome, OutcomeKind::Allowed);
    assert_eq!(host.starts(Runtime::Node), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_loop_in_tool_call_is_a_dead_host_fail_closed_then_restarted() {
    let dir = tempfile::tempdir().unwrap();
    let spin = write(
        dir.path(),
        "spin/bash.js",
        r#"export default function (api) { api.on("tool_call", () => { for (;;) {} }); }"#,
    );
    let fine = write(dir.path(), "fine/bash.js", ALLOW);
    let spin = gjc("spin", &spin, "tool_call", "bash");
    let fine = gjc("fine", &fine, "tool_call", "bash");
    let mut o = options();
    o.liveness_timeout = Duration::from_millis(2000);
    let host = ModuleHost::new(o);
    let first_pid = {
        host.start(Runtime::Node).await.unwrap();
        host.pid(Runtime::Node).await.unwrap()
    };

    let d = host.dispatch(&[&spin], &bash()).await;
    let Verdict::Block { reason } = &d.verdict else {
        panic!("a hung tool_call host must fail closed: {d:?}");
    };
    assert!(
        reason.ends_with(
            "failed: the node hook host stopped answering (no reply to a liveness ping within 2000 ms) and was killed"
        ),
        "{reason}"
    );
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);

    let d = host.dispatch(&[&fine], &bash()).await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(host.starts(Runtime::Node), 2);
    assert_ne!(host.pid(Runtime::Node).await.unwrap(), first_pid);
    assert!(!alive(first_pid), "the hung host was killed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_loop_in_tool_result_is_guarded_from_the_rust_side() {
    let dir = tempfile::tempdir().unwrap();
    let spin = write(
        dir.path(),
        "spin/bash.js",
        r#"export default function (api) { api.on("tool_result", () => { for (;;) {} }); }"#,
    );
    let h = gjc("spin", &spin, "tool_result", "bash");
    let mut o = options();
    // Liveness alone would take longer than the handler timeout plus the grace: the guard wins.
    o.liveness_timeout = Duration::from_secs(30);
    o.tool_result_timeout = Duration::from_millis(200);
    o.guard_grace = Duration::from_millis(300);
    let host = ModuleHost::new(o);
    let d = host
        .dispatch(&[&h], &Event::post_tool_use("bash", json!({}), "x"))
        .await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::TimedOut);
    assert!(d.hooks[0]
        .error
        .as_deref()
        .unwrap()
        .contains("did not finish within its 200 ms timeout"));
    assert_eq!(d.tool_result, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_the_module_host_kills_its_host_process() {
    let dir = tempfile::tempdir().unwrap();
    let fine = write(dir.path(), "fine/bash.js", ALLOW);
    let h = gjc("fine", &fine, "tool_call", "bash");
    let host = ModuleHost::new(options());
    host.dispatch(&[&h], &bash()).await;
    let pid = host.pid(Runtime::Node).await.unwrap();
    assert!(alive(pid));
    drop(host);
    // Killed at once; the bound (a minute) only turns a survivor into a failure.
    for _ in 0..3000 {
        if !alive(pid) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("host {pid} still alive after drop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_stops_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let fine = write(dir.path(), "fine/bash.js", ALLOW);
    let h = gjc("fine", &fine, "tool_call", "bash");
    let host = ModuleHost::new(options());
    host.dispatch(&[&h], &bash()).await;
    let pid = host.pid(Runtime::Node).await.unwrap();
    host.shutdown().await;
    assert_eq!(host.pid(Runtime::Node).await, None);
    // Killed at once; the bound (a minute) only turns a survivor into a failure.
    for _ in 0..3000 {
        if !alive(pid) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("host {pid} still alive after shutdown");
}

/// Whether `pid` is a live (not zombie) process.
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the field after the parenthesised command name.
        Ok(stat) => !matches!(
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().chars().next()),
            Some(Some('Z' | 'X'))
        ),
        Err(_) => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_that_hangs_its_host_while_loading_fails_and_later_hooks_run() {
    let dir = tempfile::tempdir().unwrap();
    let spin = write(
        dir.path(),
        "spin/bash.js",
        "for (;;) {}\nexport default () => {};",
    );
    let fine = write(
        dir.path(),
        "fine/bash.js",
        r#"export default function (api) { api.on("tool_call", () => ({ block: true, reason: "fine ran" })); }"#,
    );
    let h1 = gjc("spin", &spin, "tool_call", "bash");
    let h2 = gjc("fine", &fine, "tool_call", "bash");
    let mut o = options();
    o.liveness_timeout = Duration::from_millis(2000);
    let host = ModuleHost::new(o);
    let d = host.dispatch(&[&h1, &h2], &bash()).await;
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert!(
        d.hooks[0]
            .error
            .as_deref()
            .unwrap()
            .contains("stopped answering"),
        "{:?}",
        d.hooks[0].error
    );
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "fine ran".into()
        },
        "a load failure does not block; the next hook runs in a fresh host"
    );
    assert_eq!(host.starts(Runtime::Node), 2);
}
