//! `hooks run` as the agents behave (issue 12): `--events` replays a session through one runner
//! (turns, the second Stop of a turn), hooks the agent does not wait for return at once (and
//! `--wait` collects them), jcode's fields and sources get their documented defaults, and the
//! config files are found where jcode and Kimi Code look. Real binary, real hook processes.

use crate::common;
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch tree: `home/` (HOME) and `project/` (the cwd and PATH).
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        std::fs::create_dir_all(dir.path().join("project")).unwrap();
        Tree { dir }
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }
    fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = common::bin();
        cmd.args(args)
            .current_dir(self.path("project"))
            .env("HOME", self.path("home"))
            .env("SHELL", "/bin/sh")
            .env("XDG_RUNTIME_DIR", self.path("run"))
            .env_remove("KIMI_CODE_HOME");
        for (k, _) in std::env::vars() {
            if k.starts_with("JCODE_") {
                cmd.env_remove(k);
            }
        }
        cmd
    }
    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }
}

fn lines(o: &Output) -> Vec<Value> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

/// A Jarvis Stop hook that counts its runs and asks to continue: replayed as a session, the
/// second stop of a turn runs no Stop hook (Kimi Code `runStop`: `if
/// (this.stopHookContinuationUsed) return undefined;`), a new turn (a new prompt) runs it again.
#[test]
fn events_replay_a_session_with_turns() {
    let t = Tree::new();
    let count = t.path("count");
    t.write(
        "home/.jarvis-code/config.toml",
        &format!(
            "[[hooks]]\nevent = \"Stop\"\ncommand = \"echo x >> {}; echo 'run the tests' >&2; exit 2\"\n",
            count.display()
        ),
    );
    let events = t.write(
        "events.jsonl",
        concat!(
            "{\"kind\":\"user_prompt_submit\",\"prompt\":\"fix it\"}\n",
            "{\"kind\":\"stop\",\"finish_reason\":\"tool_calls\"}\n",
            "{\"kind\":\"stop\"}\n",
            "\n",
            "{\"kind\":\"stop\"}\n",
            "{\"kind\":\"user_prompt_submit\",\"prompt\":\"again\"}\n",
            "{\"kind\":\"stop\"}\n",
        ),
    );
    let o = t.run(&["run", "--events", events.to_str().unwrap(), "."]);
    let docs = lines(&o);
    let summary: Vec<(&str, &str, usize)> = docs
        .iter()
        .map(|d| {
            (
                d["kind"].as_str().unwrap(),
                d["decision"].as_str().unwrap(),
                d["hooks"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("user_prompt_submit", "allow", 0),
            ("stop", "allow", 0),
            ("stop", "block", 1),
            ("stop", "allow", 0),
            ("user_prompt_submit", "allow", 0),
            ("stop", "block", 1),
        ]
    );
    assert_eq!(docs[2]["reason"], "run the tests");
    assert_eq!(
        std::fs::read_to_string(&count).unwrap().lines().count(),
        2,
        "the hook's side effect happened once per turn"
    );
    // A bad line is a usage error naming the line.
    let bad = t.write("bad.jsonl", "{\"kind\":\"stop\"}\n{\"kind\":\"nope\"}\n");
    let o = t.run(&["run", "--events", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2"));
}

/// Kimi Code's PostToolUse is fire-and-forget (`notifyPostToolUse` → `fireAndForget`): `hooks
/// run` prints its answer and closes its output as soon as the hook started, says so
/// (`"awaited": false`), and still lets the hook finish; `--wait` reports what it did.
#[test]
fn post_tool_use_returns_at_once_and_wait_collects_it() {
    let t = Tree::new();
    let gate = t.path("gate");
    let done = t.path("done");
    t.write(
        "home/.jarvis-code/config.toml",
        &format!(
            "[[hooks]]\nevent = \"PostToolUse\"\ncommand = \"i=0; while [ ! -f {g} ] && [ $i -lt 2000 ]; do sleep 0.01; i=$((i+1)); done; touch {d}; exit 2\"\n",
            g = gate.display(),
            d = done.display()
        ),
    );
    let mut child = t
        .cmd(&["run", "post_tool_use", ".", "--tool", "Read"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        !done.exists(),
        "the output ended while the hook was still running"
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    let h = &v["hooks"][0];
    assert_eq!(
        (&h["outcome"], &h["exit_code"], &h["awaited"]),
        (&Value::from("allowed"), &Value::Null, &Value::from(false)),
        "{v}"
    );
    assert!(err.contains("does not wait"), "{err}");
    // The process exits before the gate opens (issue 33): the hook runs on in its supervisor,
    // to its end.
    assert!(child.wait().unwrap().success());
    std::fs::write(&gate, "").unwrap();
    let start = std::time::Instant::now();
    while !done.exists() {
        assert!(
            start.elapsed().as_secs() < 60,
            "the hook never ran to its end"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }

    std::fs::remove_file(&done).unwrap();
    let o = t.run(&["run", "post_tool_use", ".", "--tool", "Read", "--wait"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let h = &v["hooks"][0];
    assert_eq!(
        (&h["outcome"], &h["exit_code"], &h["awaited"]),
        (
            &Value::from("blocked"),
            &Value::from(2),
            &Value::from(false)
        ),
        "its exit 2 is reported, never honoured: {v}"
    );
    assert_eq!(v["decision"], "allow");
}

/// jcode always sends SOURCE and MODEL on session events (`agent.rs`
/// `fire_session_lifecycle_hook("session_start", "create")`, `("session_end", "close")`):
/// `hooks run` fills them with jcode's words, or the flags.
#[test]
fn jcode_session_events_get_jcode_sources_and_a_model() {
    let t = Tree::new();
    let out = t.path("env");
    let script = t.write(
        "home/obs.sh",
        &format!(
            // Written aside, then renamed: its appearance means it is complete.
            "#!/bin/sh\nprintf '%s %s' \"$JCODE_HOOK_SOURCE\" \"$JCODE_HOOK_MODEL\" > {tmp} && mv {tmp} {out}\n",
            tmp = q(&t.path("env.tmp")),
            out = q(&out)
        ),
    );
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    t.write(
        "home/.jcode/config.toml",
        &format!(
            "[hooks]\nsession_start = \"{s}\"\nsession_end = \"{s}\"\n",
            s = script.display()
        ),
    );
    // Observers are not awaited: wait for the output (up to a minute, only a hang's bound).
    let read = || {
        for _ in 0..6000 {
            if let Ok(s) = std::fs::read_to_string(&out) {
                if !s.is_empty() {
                    let _ = std::fs::remove_file(&out);
                    return s;
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the observer never wrote");
    };
    let ok = |o: Output| assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    ok(t.run(&["run", "session_start", "."]));
    assert_eq!(read(), "create unknown");
    ok(t.run(&["run", "session_shutdown", "."]));
    assert_eq!(read(), "close unknown");
    ok(t.run(&[
        "run",
        "session_start",
        ".",
        "--source",
        "resume",
        "--model",
        "m1",
    ]));
    assert_eq!(read(), "resume m1");
}

/// jcode `crates/jcode-storage/src/lib.rs` `jcode_dir`: `if let Ok(path) =
/// std::env::var("JCODE_HOME") { return Ok(PathBuf::from(path)); }` — set but empty, the config
/// is `config.toml` in the current directory.
#[test]
fn an_empty_jcode_home_reads_config_toml_in_the_current_directory() {
    let t = Tree::new();
    t.write("project/config.toml", "[hooks]\npre_tool = \"true\"\n");
    t.write("home/.jcode/config.toml", "[hooks]\npre_tool = \"false\"\n");
    let o = t
        .cmd(&["list", ".", "--format", "json"])
        .env("JCODE_HOME", "")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let jcode: Vec<&Value> = v["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["convention"] == "jcode")
        .collect();
    assert_eq!(jcode.len(), 1, "{v}");
    assert_eq!(jcode[0]["handler"]["command"], "true");
    assert_eq!(jcode[0]["location"]["path"], "config.toml");
}

/// Kimi Code reads `$KIMI_CODE_HOME/config.toml`, else `~/.kimi-code/config.toml`
/// (`apps/kimi-code/src/utils/paths.ts` `getDataDir`, an empty value ignored); the seed's
/// `~/.jarvis-code/config.toml` is read too, and each hook names the file it came from.
#[test]
fn kimi_codes_own_config_is_read_beside_the_seeds() {
    let t = Tree::new();
    let hook = |cmd: &str| format!("[[hooks]]\nevent = \"Stop\"\ncommand = \"{cmd}\"\n");
    t.write("home/.jarvis-code/config.toml", &hook("echo jarvis"));
    t.write("home/.kimi-code/config.toml", &hook("echo kimi"));
    t.write("kimihome/config.toml", &hook("echo custom"));
    let list = |env: Option<&str>| {
        let mut c = t.cmd(&["list", ".", "--format", "json"]);
        if let Some(v) = env {
            c.env("KIMI_CODE_HOME", v);
        }
        let v: Value = serde_json::from_slice(&c.output().unwrap().stdout).unwrap();
        v["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                (
                    h["handler"]["command"].as_str().unwrap().to_string(),
                    h["location"]["path"].as_str().unwrap().to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    let pair = |c: &str, p: &str| (c.to_string(), p.to_string());
    assert_eq!(
        list(None),
        [
            pair("echo jarvis", "~/.jarvis-code/config.toml"),
            pair("echo kimi", "~/.kimi-code/config.toml")
        ]
    );
    assert_eq!(
        list(Some("")),
        list(None),
        "an empty KIMI_CODE_HOME is ignored"
    );
    let custom = list(Some(t.path("kimihome").to_str().unwrap()));
    assert_eq!(custom.len(), 2);
    assert_eq!(custom[1].0, "echo custom");
}

/// jcode rejects its whole config for one wrong type anywhere (`config_file.rs` `load`:
/// `unwrap_or_default()`): `hooks run` runs none of that file's hooks and says why.
#[test]
fn a_jcode_config_jcode_rejects_runs_no_hook() {
    let t = Tree::new();
    let ran = t.path("ran");
    t.write(
        "home/.jcode/config.toml",
        &format!(
            "[display]\ncentered = \"yes\"\n[hooks]\npre_tool = \"touch {}\"\n",
            ran.display()
        ),
    );
    let o = t.run(&["run", "pre_tool_use", ".", "--tool", "bash"]);
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["hooks"], serde_json::json!([]));
    assert!(!ran.exists());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("error[jcode_config_rejected]"), "{err}");
    let lint = t.run(&["lint", ".", "--format", "json"]);
    assert_eq!(lint.status.code(), Some(1));
}

/// Without `--source` / `--reason`, `hooks run` sends each convention's own word (docs/cli.md:
/// the others than jcode `startup`, `exit`) — to the Jarvis matcher as well as in the payload:
/// a `matcher = "startup"` SessionStart hook and a `matcher = "exit"` SessionEnd hook run, one
/// matching another word does not (issue 24: the matcher tested an empty source and none ran).
#[test]
fn jarvis_session_matchers_see_the_default_source_and_reason() {
    let t = Tree::new();
    let log = t.path("log");
    let hook = |event: &str, matcher: &str| {
        format!(
            "[[hooks]]\nevent = \"{event}\"\nmatcher = \"{matcher}\"\ncommand = \"printf '%s ' {matcher} >> {log}; cat >> {log}; echo >> {log}\"\n",
            log = q(&log)
        )
    };
    t.write(
        "home/.jarvis-code/config.toml",
        &[
            hook("SessionStart", "startup"),
            hook("SessionStart", "resume"),
            hook("SessionEnd", "exit"),
            hook("SessionEnd", "archive"),
        ]
        .concat(),
    );
    let ran = |o: &Output| -> Vec<String> {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
        doc["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["outcome"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ran(&t.run(&["run", "session_start", "."])), ["allowed"]);
    assert_eq!(ran(&t.run(&["run", "session_shutdown", "."])), ["allowed"]);
    let logged = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<(&str, Value)> = logged
        .lines()
        .map(|l| {
            let (m, json) = l.split_once(' ').unwrap();
            (m, serde_json::from_str(json).unwrap())
        })
        .collect();
    assert_eq!(lines.len(), 2, "{logged}");
    assert_eq!(lines[0].0, "startup");
    assert_eq!(lines[0].1["source"], "startup");
    assert_eq!(lines[1].0, "exit");
    assert_eq!(lines[1].1["reason"], "exit");
    // An explicit word still selects its own hooks.
    assert_eq!(
        ran(&t.run(&["run", "session_start", ".", "--source", "resume"])),
        ["allowed"]
    );
    assert!(std::fs::read_to_string(&log).unwrap().contains("resume {"));
}
