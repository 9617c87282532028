//! A warm module host per session (issue 33): the first bridged event of a session with a GJC
//! module starts a host for the session (a `hooks bridge serve` process keeping one Node.js),
//! later events hand it their modules, a killed host is replaced transparently, and the host is
//! gone after the session's `SessionEnd` or its idle time. Observed through what the module
//! writes when Node.js imports it (the Node.js pid, one line per import) and the server's pid in
//! its lock file, never through timing. Real binary, real Node.js.

use crate::common;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// A GJC guard that records each import (the Node.js pid) and blocks `rm -rf`.
const GUARD: &str = r#"import { appendFileSync } from 'node:fs';
appendFileSync(process.env.HOOKS_TEST_LOADS, `${process.pid}\n`);
export default (api) => {
  api.on('tool_call', (e) => {
    if (String(e.input?.command ?? '').includes('rm -rf')) return { block: true, reason: 'no rm -rf here' };
  });
};
"#;

struct Tree {
    dir: tempfile::TempDir,
    idle_ms: Option<&'static str>,
}

impl Tree {
    fn new() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        for d in ["home", "project/.gjc/hooks/pre", "run"] {
            std::fs::create_dir_all(dir.path().join(d)).unwrap();
        }
        std::fs::write(dir.path().join("project/.gjc/hooks/pre/bash.js"), GUARD).unwrap();
        Tree { dir, idle_ms: None }
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn event(&self, session: &str, event: &str, command: &str) -> Output {
        let mut cmd = common::bin();
        cmd.args(["bridge", "--host", "claude-settings", "--event", event])
            .current_dir(self.path("project"))
            .env("HOME", self.path("home"))
            .env("XDG_RUNTIME_DIR", self.path("run"))
            .env("HOOKS_TEST_LOADS", self.path("loads"))
            .env_remove("CLAUDE_PROJECT_DIR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match self.idle_ms {
            Some(ms) => cmd.env("HOOKS_BRIDGE_IDLE_MS", ms),
            None => cmd.env("HOOKS_BRIDGE_IDLE_MS", "60000"),
        };
        let mut child = cmd.spawn().unwrap();
        let payload = json!({"session_id": session, "transcript_path": "/tmp/t.jsonl",
            "cwd": self.path("project"), "hook_event_name": event, "tool_name": "Bash",
            "tool_input": {"command": command}, "tool_use_id": "toolu_1", "reason": "exit"});
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(payload.to_string().as_bytes()).unwrap();
        drop(stdin);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            !stderr(&o).contains("did not serve"),
            "the warm host served: {}",
            stderr(&o)
        );
        o
    }
    /// Whether the answer to `rm -rf` denied, and `ls` allowed, in Claude's protocol.
    fn guarded(&self, session: &str) {
        let o = self.event(session, "PreToolUse", "rm -rf build");
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            v["hookSpecificOutput"]["permissionDecisionReason"],
            "no rm -rf here"
        );
        let o = self.event(session, "PreToolUse", "ls");
        assert!(
            o.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
    /// The Node.js pids that imported the guard, one per import.
    fn loads(&self) -> Vec<u32> {
        std::fs::read_to_string(self.path("loads"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.parse().unwrap())
            .collect()
    }
    /// The pids of the servers that hold a lock now.
    fn servers(&self) -> Vec<u32> {
        let Ok(rd) = std::fs::read_dir(self.path("run/hooks/hosts")) else {
            return Vec::new();
        };
        rd.filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "lock").then_some(())?;
            let pid: u32 = std::fs::read_to_string(&p).ok()?.trim().parse().ok()?;
            alive(pid).then_some(pid)
        })
        .collect()
    }
    fn sockets(&self) -> usize {
        std::fs::read_dir(self.path("run/hooks/hosts")).map_or(0, |rd| {
            rd.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "sock"))
            })
            .count()
        })
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        for pid in self.servers() {
            kill(pid);
        }
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn alive(pid: u32) -> bool {
    // A zombie is dead too: its state letter is Z.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

fn kill(pid: u32) {
    let _ = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status();
}

fn eventually(what: &str, mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < Duration::from_secs(60), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn later_events_of_a_session_reuse_its_node_host_and_session_end_stops_it() {
    let t = Tree::new();
    t.guarded("s1");
    t.guarded("s1");
    // Four events, one import: one Node.js served them all.
    let loads = t.loads();
    assert_eq!(loads.len(), 1, "{loads:?}");
    let servers = t.servers();
    assert_eq!(servers.len(), 1);
    let private = std::fs::metadata(t.path("run/hooks/hosts")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(private.permissions().mode() & 0o777, 0o700);
    // Another session has a host of its own.
    t.guarded("s2");
    assert_eq!(t.loads().len(), 2);
    assert_eq!(t.servers().len(), 2);
    // SessionEnd of s1 ends s1's host (and its Node.js), not s2's.
    t.event("s1", "SessionEnd", "");
    eventually("s1's host is gone", || !alive(servers[0]));
    eventually("its Node.js is gone", || !alive(loads[0]));
    assert_eq!(t.servers().len(), 1);
    assert_eq!(t.sockets(), 1);
    t.event("s2", "SessionEnd", "");
    eventually("every host is gone", || t.servers().is_empty());
    assert_eq!(t.sockets(), 0);
}

#[test]
fn a_killed_host_is_replaced_transparently() {
    let t = Tree::new();
    t.guarded("s1");
    let first = t.servers();
    assert_eq!(first.len(), 1);
    kill(first[0]);
    eventually("the host died", || !alive(first[0]));
    // The next events get the same answers, from a new host.
    t.guarded("s1");
    let loads = t.loads();
    assert_eq!(loads.len(), 2, "{loads:?}");
    assert_ne!(loads[0], loads[1]);
    let second = t.servers();
    assert_eq!(second.len(), 1);
    assert_ne!(second[0], first[0]);
    t.event("s1", "SessionEnd", "");
    eventually("the host is gone", || t.servers().is_empty());
}

#[test]
fn an_idle_host_exits_and_idle_0_runs_the_modules_in_process() {
    let mut t = Tree::new();
    t.idle_ms = Some("300");
    t.guarded("s1");
    let servers = t.servers();
    assert_eq!(servers.len(), 1);
    eventually("the idle host exited", || !alive(servers[0]));
    assert_eq!(t.sockets(), 0);
    t.idle_ms = Some("0");
    t.guarded("s2");
    // Off: each event imports the guard in a Node.js of its own.
    assert_eq!(t.loads().len(), 1 + 2);
    assert!(t.servers().is_empty());
}

#[test]
fn a_changed_module_is_imported_again() {
    let t = Tree::new();
    t.guarded("s1");
    let guard = t.path("project/.gjc/hooks/pre/bash.js");
    std::fs::write(&guard, GUARD.replace("no rm -rf here", "still no rm -rf")).unwrap();
    let o = t.event("s1", "PreToolUse", "rm -rf build");
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["hookSpecificOutput"]["permissionDecisionReason"],
        "still no rm -rf"
    );
    assert_eq!(t.loads().len(), 2);
    t.event("s1", "SessionEnd", "");
    eventually("the host is gone", || t.servers().is_empty());
}

#[test]
fn concurrent_first_events_of_a_session_start_one_host() {
    let t = Tree::new();
    std::thread::scope(|s| {
        let runs: Vec<_> = (0..4)
            .map(|i| {
                let t = &t;
                s.spawn(move || {
                    let cmd = if i % 2 == 0 { "rm -rf build" } else { "ls" };
                    (i, t.event("s1", "PreToolUse", cmd))
                })
            })
            .collect();
        for r in runs {
            let (i, o) = r.join().unwrap();
            assert_eq!(o.stdout.is_empty(), i % 2 == 1, "event {i}: {}", stderr(&o));
        }
    });
    // One server won the lock and imported the guard once.
    assert_eq!(t.servers().len(), 1);
    assert_eq!(t.loads().len(), 1, "{:?}", t.loads());
    t.event("s1", "SessionEnd", "");
    eventually("the host is gone", || t.servers().is_empty());
}
