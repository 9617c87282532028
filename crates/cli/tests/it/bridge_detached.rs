//! Fire-and-forget hooks are not forgotten (issue 33): a Jarvis/Kimi `PostToolUse` hook is
//! fire-and-forget, so `hooks bridge` answers and exits as soon as it started it — the hook
//! runs on in a supervisor process, which still kills it at its timeout (its whole process
//! group), reaps it, and records its outcome in the private runtime directory. Real binary,
//! real hook processes; nothing is timed: the hooks wait for files the test writes.

use crate::common;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new(jarvis_config: &str) -> Tree {
        let dir = tempfile::tempdir().unwrap();
        for d in ["home/.jarvis-code", "project", "run"] {
            std::fs::create_dir_all(dir.path().join(d)).unwrap();
        }
        std::fs::write(
            dir.path().join("home/.jarvis-code/config.toml"),
            jarvis_config,
        )
        .unwrap();
        Tree { dir }
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    /// `hooks bridge --host claude-settings --event PostToolUse ARGS` with Claude's payload,
    /// as Claude Code runs it: waits for the process to exit and its output pipes to close.
    fn bridge(&self, args: &[&str]) -> Output {
        let mut cmd = common::bin();
        cmd.args([
            "bridge",
            "--host",
            "claude-settings",
            "--event",
            "PostToolUse",
        ])
        .args(args)
        .current_dir(self.path("project"))
        .env("HOME", self.path("home"))
        .env("XDG_RUNTIME_DIR", self.path("run"))
        .env("SHELL", "/bin/sh")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        let payload = json!({"session_id": "c1", "transcript_path": "/tmp/t.jsonl",
            "cwd": self.path("project"), "permission_mode": "default",
            "hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_input": {"command": "echo hi"}, "tool_use_id": "toolu_02",
            "tool_response": {"stdout": "hi", "stderr": "", "interrupted": false, "isImage": false}});
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(payload.to_string().as_bytes()).unwrap();
        drop(stdin);
        child.wait_with_output().unwrap()
    }
    /// The supervisors' records, once every one says `done`.
    fn records(&self) -> Vec<Value> {
        let dir = self.path("run/hooks/detached");
        let mut out = Vec::new();
        eventually("the supervisor recorded the outcomes", || {
            out = std::fs::read_dir(&dir)
                .map(|rd| {
                    rd.filter_map(|e| {
                        let p = e.ok()?.path();
                        (p.extension()? == "json")
                            .then(|| serde_json::from_slice(&std::fs::read(p).ok()?).ok())?
                    })
                    .collect()
                })
                .unwrap_or_default();
            !out.is_empty() && out.iter().all(|r: &Value| r["state"] == "done")
        });
        out
    }
}

/// Polls `cond` until it holds; a minute is only the bound of a hang, never a measurement.
fn eventually(what: &str, mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < Duration::from_secs(60), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn alive(pid: u32) -> bool {
    // The supervisor reaps what it started: a process that ended has no /proc entry at all.
    Path::new(&format!("/proc/{pid}")).exists()
}

fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

#[test]
fn a_sleeping_post_tool_use_hook_does_not_hold_the_answer_and_still_completes() {
    let dir = tempfile::tempdir().unwrap();
    let (gate, done) = (dir.path().join("gate"), dir.path().join("done"));
    let t = Tree::new(&format!(
        "[[hooks]]\nevent = \"PostToolUse\"\ncommand = \"while [ ! -f {g} ]; do sleep 0.02; done; cat > {d}\"\n",
        g = q(&gate),
        d = q(&done)
    ));
    let o = t.bridge(&[]);
    // The bridge exited and closed its output while the hook still waits for the gate (which
    // only this test opens, below): it did not wait for the hook.
    assert_eq!(
        (o.status.code(), o.stdout.as_slice()),
        (Some(0), &b""[..]),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!done.exists());
    std::fs::write(&gate, "").unwrap();
    eventually("the hook's side effect", || {
        std::fs::read_to_string(&done).is_ok_and(|s| s.ends_with('}'))
    });
    // It got Jarvis's payload, and its outcome is recorded.
    let got: Value = serde_json::from_str(&std::fs::read_to_string(&done).unwrap()).unwrap();
    assert_eq!(got["hook_event_name"], "PostToolUse");
    assert_eq!(got["tool_output"], "hi");
    let records = t.records();
    assert_eq!(records.len(), 1, "{records:?}");
    let h = &records[0]["hooks"][0];
    assert_eq!(
        (&h["outcome"], &h["exit_code"]),
        (&json!("allowed"), &json!(0))
    );
    let private = std::fs::metadata(t.path("run/hooks/detached")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(private.permissions().mode() & 0o777, 0o700);
}

#[test]
fn a_hanging_post_tool_use_hook_is_killed_at_its_timeout_with_its_group() {
    let dir = tempfile::tempdir().unwrap();
    let (pid_file, child_file) = (dir.path().join("pid"), dir.path().join("child"));
    // A one-second timeout (Jarvis's unit); the hook starts a grandchild in its group, then
    // hangs.
    let t = Tree::new(&format!(
        "[[hooks]]\nevent = \"PostToolUse\"\ntimeout = 1\ncommand = \"sleep 1000 & echo $! > {c}.tmp; mv {c}.tmp {c}; echo $$ > {p}.tmp; mv {p}.tmp {p}; wait\"\n",
        c = q(&child_file),
        p = q(&pid_file)
    ));
    let o = t.bridge(&[]);
    assert_eq!(o.status.code(), Some(0));
    let records = t.records();
    let h = &records[0]["hooks"][0];
    assert_eq!(h["outcome"], "timed_out", "{records:?}");
    for f in [&pid_file, &child_file] {
        let pid: u32 = std::fs::read_to_string(f).unwrap().trim().parse().unwrap();
        eventually("the hook and its grandchild are gone", || !alive(pid));
    }
    // The supervisor itself ended.
    let sup = records[0]["pid"].as_u64().unwrap() as u32;
    eventually("the supervisor exited", || !alive(sup));
}

#[test]
fn wait_keeps_the_bridge_until_the_hook_ended() {
    let dir = tempfile::tempdir().unwrap();
    let done = dir.path().join("done");
    let t = Tree::new(&format!(
        "[[hooks]]\nevent = \"PostToolUse\"\ncommand = \"sleep 0.3; touch {d}\"\n",
        d = q(&done)
    ));
    let o = t.bridge(&["--wait"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(done.exists(), "the bridge exited after the hook");
    // No supervisor was started.
    let records = std::fs::read_dir(t.path("run/hooks/detached"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(records, 0);
}
