//! Issue 27's measure: `hooks test` running 100 cases costs at most 1.3× running the same hooks
//! directly through the runner, in the same run.
//!
//! The project: one Claude Code `PreToolUse` guard (`/bin/sh` script: reads its stdin, blocks
//! `rm -rf`), and a `hooks.test.toml` of 100 cases under `claude-settings` — 50 expecting a block,
//! 50 an allow. Two things are timed:
//!
//! - `runner_direct`: in this process, `runner::Runner` built from the project's hooks (read
//!   with `runner::adapters::read`), with Claude Code 2.1.332's payloads, dispatching the 100
//!   events one after another — the floor: the 100 hook processes;
//! - `hooks_test`: the real `hooks test` process on the same project: start-up, discovery, the
//!   test file, the 100 cases through the runner, the report (to /dev/null).
//!
//! A criterion group times both; then interleaved pairs give the median of the per-pair wall
//! ratios hooks_test/runner_direct. Nothing passes or fails on time; the printed ratio is the
//! claim (docs/performance.md).
//!
//! ```text
//! cargo bench -p hooks-cli --bench test_cases
//! ```

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use runner::adapters::{self, Context};
use runner::{Event, Runner, RunnerOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The interleaved pairs, shared with the adapters' `lint_10k`.
#[path = "../../adapters/benches/support/pairs.rs"]
mod pairs;

/// Cases in the test file.
const CASES: usize = 100;
/// Interleaved pairs timed after the criterion group.
const PAIRS: usize = 12;

const GUARD: &str = "#!/bin/sh\ninput=$(cat)\ncase \"$input\" in *'rm -rf'*) echo 'no rm -rf' >&2; exit 2;; esac\nexit 0\n";

/// The command of case `n`: every other one a `rm -rf`.
fn command(n: usize) -> String {
    if n & 1 == 0 {
        format!("rm -rf build/{n}")
    } else {
        format!("ls dir{n}")
    }
}

struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    fn write() -> Project {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("project");
        std::fs::create_dir_all(p.join(".claude")).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        let guard = p.join("guard.sh");
        std::fs::write(&guard, GUARD).unwrap();
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&guard, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(
            p.join(".claude/settings.json"),
            format!(
                r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [{{"type": "command", "command": "{}"}}]}}]}}}}"#,
                guard.display()
            ),
        )
        .unwrap();
        let mut cases = String::new();
        for n in 0..CASES {
            let want = if n & 1 == 0 { "block" } else { "allow" };
            cases.push_str(&format!(
                "[[case]]\nname = \"case {n}\"\nevent = \"pre_tool_use\"\ntool = \"Bash\"\ninput = {{ command = \"{}\" }}\nagents = [\"claude-settings\"]\n[case.expect]\ndecision = \"{want}\"\n\n",
                command(n)
            ));
        }
        std::fs::write(p.join("hooks.test.toml"), cases).unwrap();
        Project { dir }
    }

    fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// The real `hooks test`; checks every case passed.
    fn hooks_test(&self, bin: &Path, capture: bool) -> std::process::Output {
        let out = Command::new(bin)
            .current_dir(self.project())
            .args(["test", ".", "--home"])
            .arg(self.home())
            .args(["--format", "json"])
            .env("HOME", self.home())
            .stdin(Stdio::null())
            .stdout(if capture {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// The same hooks through the runner, in this process: the 100 events dispatched.
    fn runner_direct(&self) -> usize {
        let ctx = Context::from_process(Some(self.project()), Some(self.home()), false);
        let found = adapters::read(&ctx);
        let runner = Runner::new(
            found.batch.hooks,
            RunnerOptions {
                session_id: Some("00000000-0000-4000-8000-000000000001".into()),
                cwd: Some(self.project()),
                home: Some(self.home()),
                recorded: runner::recorded::latest(hook_ir::Convention::ClaudeSettings)
                    .into_iter()
                    .collect(),
                ..RunnerOptions::default()
            },
        );
        let mut blocked = 0;
        for n in 0..CASES {
            let mut e = Event::pre_tool_use("Bash", serde_json::json!({"command": command(n)}));
            e.turn_id = Some(format!("t{n}"));
            if runner.dispatch_blocking(&e).is_block() {
                blocked += 1;
            }
        }
        assert_eq!(blocked, CASES / 2);
        blocked
    }
}

fn bench(c: &mut Criterion) {
    let bin = Path::new(env!("CARGO_BIN_EXE_hooks"));
    let p = Project::write();
    let out = p.hooks_test(bin, true);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["summary"]["passed"], CASES, "{}", doc["summary"]);
    p.runner_direct();
    let mut g = c.benchmark_group("test_cases");
    g.throughput(Throughput::Elements(CASES as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(8));
    g.bench_function("runner_direct", |b| b.iter(|| p.runner_direct()));
    g.bench_function("hooks_test", |b| b.iter(|| p.hooks_test(bin, false)));
    g.finish();
    if pairs::wanted() {
        let wall = |f: &dyn Fn()| {
            let t = Instant::now();
            f();
            let s = t.elapsed().as_secs_f64();
            (s, s)
        };
        let [r, _] = pairs::ratios(
            PAIRS,
            || {
                wall(&|| {
                    p.runner_direct();
                })
            },
            || {
                wall(&|| {
                    p.hooks_test(bin, false);
                })
            },
        );
        println!(
            "test_cases: wall ratio hooks_test/runner_direct, {CASES} cases, same run, {PAIRS} interleaved pairs: median {:.3}× (pairs {:.3}–{:.3}); medians {:.0} ms hooks test / {:.0} ms runner",
            r.median,
            r.low,
            r.high,
            r.b * 1e3,
            r.a * 1e3
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
