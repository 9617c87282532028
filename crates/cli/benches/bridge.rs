//! `hooks bridge` per-event cost (issue 16), whole processes, every number against a baseline
//! measured in the same run:
//! 1. `direct`: what the host does for a plain command hook — spawn `/bin/sh -c true`, write the
//!    payload to its stdin, wait;
//! 2. `bridge_nothing_matches`: the host spawning the bridge, which reads the payload,
//!    discovers the project's hooks and finds none for the event (the floor of the bridge);
//! 3. `bridge_one_true_hook`: the bridge running one Jarvis command hook `true` (`/bin/sh -c`),
//!    so the hook itself costs what the baseline costs; (3) − (1) is what the bridge adds;
//! 4. `bridge_gjc_module`: the bridge running one GJC `.gjc/hooks/pre/bash.js` module in a real
//!    Node.js host (started for the event, as the bridge does for every event a module matches).
//!
//! Each is measured twice: wall time (`bridge_per_event`), and the CPU time of the processes it
//! started (`bridge_per_event_cpu`, from `getrusage(RUSAGE_CHILDREN)`), which a loaded shared
//! machine inflates far less than wall time.
//!
//! `cargo bench -p hooks-cli --bench bridge` (a release build of the real binary).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const PAYLOAD: &str = r#"{"session_id":"b","transcript_path":null,"cwd":"CWD","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}"#;

/// Spawns `cmd` with `stdin` written and closed, waits, and checks it succeeded.
fn run(mut cmd: Command, stdin: &str) {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().unwrap();
    // A hook that does not read its stdin closes the pipe early: not an error here.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    assert!(child.wait().unwrap().success());
}

fn tree(dir: &Path, jarvis: Option<&str>, module: bool) {
    std::fs::create_dir_all(dir.join("project")).unwrap();
    std::fs::create_dir_all(dir.join("home/.jarvis-code")).unwrap();
    if let Some(cmd) = jarvis {
        std::fs::write(
            dir.join("home/.jarvis-code/config.toml"),
            format!("[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"{cmd}\"\n"),
        )
        .unwrap();
    }
    if module {
        let pre = dir.join("project/.gjc/hooks/pre");
        std::fs::create_dir_all(&pre).unwrap();
        std::fs::write(
            pre.join("bash.js"),
            "export default (api) => { api.on('tool_call', (e) => { if (e.input.command.includes('rm -rf')) return { block: true, reason: 'no' } }) }\n",
        )
        .unwrap();
    }
}

fn bridge_cmd(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hooks"));
    cmd.args([
        "bridge",
        "--host",
        "claude-settings",
        "--event",
        "PreToolUse",
    ])
    .current_dir(dir.join("project"))
    .env("HOME", dir.join("home"))
    .env_remove("CLAUDE_PROJECT_DIR");
    cmd
}

/// CPU time (user + system) of the waited-for children of this process.
struct ChildCpu;

#[allow(unsafe_code)]
fn children_cpu() -> Duration {
    // SAFETY: `rusage` is plain data (all-zero is valid) and getrusage only writes into it.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid `who` and a pointer to a live, writable rusage.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(u.ru_utime) + tv(u.ru_stime)
}

impl Measurement for ChildCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        children_cpu()
    }
    fn end(&self, i: Duration) -> Duration {
        children_cpu().saturating_sub(i)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &MsFormatter
    }
}

/// Nanoseconds shown as milliseconds of CPU.
struct MsFormatter;

impl ValueFormatter for MsFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms cpu"
    }
    fn scale_throughputs(&self, _t: f64, _th: &Throughput, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms cpu"
    }
    fn scale_for_machines(&self, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms cpu"
    }
}

fn bridge(c: &mut Criterion) {
    cases(c, "bridge_per_event");
}

fn bridge_cpu(c: &mut Criterion<ChildCpu>) {
    cases(c, "bridge_per_event_cpu");
}

fn cases<M: Measurement>(c: &mut Criterion<M>, group: &str) {
    let none = tempfile::tempdir().unwrap();
    tree(none.path(), None, false);
    let one = tempfile::tempdir().unwrap();
    tree(one.path(), Some("true"), false);
    let module = tempfile::tempdir().unwrap();
    tree(module.path(), None, true);
    let payload = |d: &Path| PAYLOAD.replace("CWD", &d.join("project").to_string_lossy());

    let mut g = c.benchmark_group(group);
    g.sample_size(30)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    g.bench_function("direct_sh_c_true", |b| {
        let p = payload(one.path());
        b.iter(|| {
            let mut cmd = Command::new("/bin/sh");
            cmd.args(["-c", "true"]);
            run(cmd, &p)
        })
    });
    g.bench_function("bridge_nothing_matches", |b| {
        let p = payload(none.path());
        b.iter(|| run(bridge_cmd(none.path()), &p))
    });
    g.bench_function("bridge_one_true_hook", |b| {
        let p = payload(one.path());
        b.iter(|| run(bridge_cmd(one.path()), &p))
    });
    g.bench_function("bridge_gjc_module", |b| {
        let p = payload(module.path());
        b.iter(|| run(bridge_cmd(module.path()), &p))
    });
    g.finish();
}

criterion_group!(wall, bridge);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ChildCpu);
    targets = bridge_cpu
}
criterion_main!(wall, cpu);
