//! `hooks bridge` per-event cost (issue 16), whole processes, every number against a baseline
//! measured in the same run:
//! 1. `direct`: what the host does for a plain command hook — spawn `/bin/sh -c true`, write the
//!    payload to its stdin, wait;
//! 2. `bridge_nothing_matches`: the host spawning the bridge, which reads the payload,
//!    discovers the project's hooks and finds none for the event (the floor of the bridge);
//! 3. `bridge_one_true_hook`: the bridge running one Jarvis command hook `true` (`/bin/sh -c`),
//!    so the hook itself costs what the baseline costs; (3) − (1) is what the bridge adds;
//! 4. `bridge_gjc_module`: the bridge running one GJC `.gjc/hooks/pre/bash.js` module in a real
//!    Node.js host started for the event (cold: `HOOKS_BRIDGE_IDLE_MS=0`, no warm host);
//! 5. `bridge_gjc_module_warm`: the same module through the session's warm host (issue 33),
//!    started by the warm-up; its CPU time (the server's and its Node.js's, read from
//!    `/proc/<pid>/stat`, not children this process waits for) is added to the bridge's.
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
    .env("XDG_RUNTIME_DIR", dir.join("run"))
    .env_remove("CLAUDE_PROJECT_DIR");
    cmd
}

/// The bridge with the warm module host turned off: every event starts Node.js.
fn cold_cmd(dir: &Path) -> Command {
    let mut cmd = bridge_cmd(dir);
    cmd.env("HOOKS_BRIDGE_IDLE_MS", "0");
    cmd
}

/// The warm host's server of the tree's session (its pid in the lock file), started by the
/// warm-up event.
fn warm_server(dir: &Path) -> u32 {
    let hosts = dir.join("run/hooks/hosts");
    std::fs::read_dir(&hosts)
        .expect("the warm host started")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "lock").then_some(())?;
            std::fs::read_to_string(p).ok()?.trim().parse().ok()
        })
        .next()
        .expect("a warm host serves")
}

/// CPU time of `pid` and its children (the server and its Node.js), from /proc.
fn tree_cpu(pid: u32) -> Duration {
    #[allow(unsafe_code)]
    // SAFETY: sysconf only reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let mut ticks = 0u64;
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        // After the command: state(0) ppid(1) ... utime(11) stime(12).
        let me = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) == Some(pid);
        if me || f.get(1).and_then(|p| p.parse::<u32>().ok()) == Some(pid) {
            ticks += f.get(11).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0)
                + f.get(12).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        }
    }
    Duration::from_nanos(ticks * 1_000_000_000 / hz)
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
    let (trees, warm) = (Trees::new(), warm_tree());
    let mut g = cases(c, "bridge_per_event", &trees);
    let p = payload(warm.path());
    g.bench_function("bridge_gjc_module_warm", |b| {
        b.iter(|| run(bridge_cmd(warm.path()), &p))
    });
    g.finish();
    end_session(warm.path());
}

fn bridge_cpu(c: &mut Criterion<ChildCpu>) {
    let (trees, warm) = (Trees::new(), warm_tree());
    let mut g = cases(c, "bridge_per_event_cpu", &trees);
    let p = payload(warm.path());
    let server = warm_server(warm.path());
    g.bench_function("bridge_gjc_module_warm", |b| {
        b.iter_custom(|iters| {
            let (own, served) = (children_cpu(), tree_cpu(server));
            for _ in 0..iters {
                run(bridge_cmd(warm.path()), &p);
            }
            children_cpu().saturating_sub(own) + tree_cpu(server).saturating_sub(served)
        })
    });
    g.finish();
    end_session(warm.path());
}

/// A tree with the module whose session's warm host is started.
fn warm_tree() -> tempfile::TempDir {
    let warm = tempfile::tempdir().unwrap();
    tree(warm.path(), None, true);
    run(bridge_cmd(warm.path()), &payload(warm.path()));
    warm
}

fn end_session(dir: &Path) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hooks"));
    cmd.args([
        "bridge",
        "--host",
        "claude-settings",
        "--event",
        "SessionEnd",
    ])
    .current_dir(dir.join("project"))
    .env("HOME", dir.join("home"))
    .env("XDG_RUNTIME_DIR", dir.join("run"));
    run(cmd, &payload(dir).replace("PreToolUse", "SessionEnd"));
}

fn payload(d: &Path) -> String {
    PAYLOAD.replace("CWD", &d.join("project").to_string_lossy())
}

/// The trees of the cold cases.
struct Trees {
    none: tempfile::TempDir,
    one: tempfile::TempDir,
    module: tempfile::TempDir,
}

impl Trees {
    fn new() -> Trees {
        let t = Trees {
            none: tempfile::tempdir().unwrap(),
            one: tempfile::tempdir().unwrap(),
            module: tempfile::tempdir().unwrap(),
        };
        tree(t.none.path(), None, false);
        tree(t.one.path(), Some("true"), false);
        tree(t.module.path(), None, true);
        t
    }
}

fn cases<'c, M: Measurement>(
    c: &'c mut Criterion<M>,
    group: &str,
    t: &Trees,
) -> criterion::BenchmarkGroup<'c, M> {
    let (none, one, module) = (&t.none, &t.one, &t.module);

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
        b.iter(|| run(cold_cmd(module.path()), &p))
    });
    g
}

criterion_group!(wall, bridge);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ChildCpu);
    targets = bridge_cpu
}
criterion_main!(wall, cpu);
