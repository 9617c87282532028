//! Running one hook process: spawn, feed stdin, capture bounded output, wait, time out.
//!
//! What the agents get wrong and this module does not (conventions.md §1 "These are jcode bugs"):
//! - the timeout covers the whole run: stdin is written concurrently with reading stdout/stderr
//!   and waiting, so a hook that never reads a large stdin cannot hang the caller;
//! - every hook runs in its own process group and a timeout kills the whole group, so no
//!   grandchild survives or keeps the pipes open;
//! - stdout and stderr are drained to the end but only the first [`CAPTURE_MAX_BYTES`] of each
//!   are kept, so a hook printing gigabytes cannot exhaust memory;
//! - the child is always reaped and every pipe closed, even when the dispatch future is
//!   dropped half-way (a guard kills the group).

use crate::sys;
use crate::text::{LeadingSkip, Ws};
use hook_ir::contract::ProcessMode;
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::io;
use std::path::Path;
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

/// The default cap of captured stdout and of captured stderr, per hook run (1 MiB each).
/// Output beyond it is read and discarded so the hook never blocks on a full pipe.
pub const CAPTURE_MAX_BYTES: usize = 1024 * 1024;

/// After the final SIGKILL of a timed-out hook's group, how long the runner keeps reading the
/// pipes for what the hook wrote last. Only a process that left the group (`setsid`) can keep
/// them open longer; the runner then closes its ends and moves on.
const KILL_DRAIN: Duration = Duration::from_millis(250);

/// How a timed-out hook is killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kill {
    /// SIGKILL to the process group at once.
    Group,
    /// SIGTERM to the group, then SIGKILL to the group after the grace period (Jarvis).
    TermThenKill(Duration),
}

/// What to run.
pub(crate) struct Spec<'a> {
    /// The program (a path, or a name looked up in `PATH`).
    pub program: &'a OsStr,
    /// Its arguments.
    pub args: &'a [&'a OsStr],
    /// Working directory; `None` inherits the agent's.
    pub cwd: Option<&'a Path>,
    /// Environment changes on top of the inherited environment: `Some` sets, `None` removes.
    pub env: &'a [(OsString, Option<OsString>)],
    /// Extra variables of this run (set after `env`).
    pub extra_env: &'a [(&'a str, &'a OsStr)],
    /// Bytes written to stdin, which is then closed.
    pub stdin: &'a [u8],
    /// Whether stdout is captured (otherwise it goes to /dev/null, as jcode's gate does).
    pub capture_stdout: bool,
    /// The timeout of the whole run; `None` waits forever.
    pub timeout: Option<Duration>,
    /// How to kill on timeout.
    pub kill: Kill,
    /// The capture cap per stream.
    pub cap: usize,
    /// Own process group, or a new session (`setsid`).
    pub mode: ProcessMode,
    /// Leading whitespace of stderr skipped before the cap applies, as the agent's `trim()`
    /// would: the cap then never cuts a reason that follows a long run of spaces.
    pub stderr_skip: Option<Ws>,
    /// Reads the hook's answer from the whole stdout stream when stdout goes past the cap, so
    /// the answer never depends on the cap (issue 12: a 2 MiB deny must still deny).
    pub stdout_skim: Option<Skim>,
}

/// Reads what a convention's contract reads of stdout (its answer) from a stream, keeping only
/// that: `None` when stdout is not an answer.
pub(crate) type Skim = fn(&mut dyn std::io::Read) -> Option<Value>;

/// How the run ended.
#[derive(Debug)]
pub(crate) enum Status {
    /// Exited with this code.
    Exited(i32),
    /// Killed by this signal (not by us).
    Signaled(i32),
    /// Killed by us at the timeout.
    TimedOut,
    /// Could not be started.
    SpawnFailed(io::Error),
    /// Waiting for it failed (should not happen).
    WaitFailed(io::Error),
}

/// A finished run.
#[derive(Debug)]
pub(crate) struct Finished {
    /// How it ended.
    pub status: Status,
    /// Captured stdout (at most the cap).
    pub stdout: Vec<u8>,
    /// Whether stdout went past the cap.
    pub stdout_truncated: bool,
    /// Captured stderr (at most the cap).
    pub stderr: Vec<u8>,
    /// Whether stderr went past the cap.
    pub stderr_truncated: bool,
    /// When stdout went past the cap and the spec had a [`Skim`]: what it read from the whole
    /// stream.
    pub stdout_skimmed: Option<Option<Value>>,
    /// Wall time from spawn to the end.
    pub duration: Duration,
}

impl Finished {
    fn spawn_failed(e: io::Error, started: Instant) -> Self {
        Finished {
            status: Status::SpawnFailed(e),
            stdout: Vec::new(),
            stdout_truncated: false,
            stderr: Vec::new(),
            stderr_truncated: false,
            stdout_skimmed: None,
            duration: started.elapsed(),
        }
    }

    /// The exit code, when it exited.
    pub fn exit_code(&self) -> Option<i32> {
        match self.status {
            Status::Exited(c) => Some(c),
            _ => None,
        }
    }

    /// The signal that killed it, when a signal did (our own timeout kill included).
    pub fn signal(&self) -> Option<i32> {
        match self.status {
            Status::Signaled(s) => Some(s),
            _ => None,
        }
    }

    /// Milliseconds of wall time.
    pub fn duration_ms(&self) -> u64 {
        u64::try_from(self.duration.as_millis()).unwrap_or(u64::MAX)
    }
}

/// Kills the group if the run is abandoned before it finished (the dispatch future dropped).
struct GroupGuard {
    pgid: Option<u32>,
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.pgid {
            sys::kill_group(pgid, libc::SIGKILL);
        }
    }
}

/// Runs `spec` to the end (or its timeout) and returns what happened. Never panics.
pub(crate) async fn run(spec: &Spec<'_>) -> Finished {
    let started = Instant::now();
    let mut cmd = tokio::process::Command::new(spec.program);
    cmd.args(spec.args)
        .stdin(Stdio::piped())
        .stdout(if spec.capture_stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    match spec.mode {
        // Own process group: a timeout can kill the hook and everything it started.
        ProcessMode::OwnGroup => {
            cmd.process_group(0);
        }
        // A new session is a new group too (pgid = pid), without a controlling terminal.
        ProcessMode::SessionLeader => sys::detach_session(cmd.as_std_mut()),
    }
    if let Some(cwd) = spec.cwd {
        cmd.current_dir(cwd);
    }
    apply_env(cmd.as_std_mut(), spec.env, spec.extra_env);
    let mut child = match spawn_retrying_busy(&mut cmd).await {
        Ok(c) => c,
        Err(e) => return Finished::spawn_failed(e, started),
    };
    let pid = child.id();
    let mut guard = GroupGuard { pgid: pid };

    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (mut out_cut, mut err_cut) = (false, false);
    let mut waited: Option<io::Result<ExitStatus>> = None;
    let mut skimmed: Option<Option<Value>> = None;
    let timed_out = {
        let all = async {
            tokio::join!(
                write_stdin(stdin, spec.stdin),
                async {
                    skimmed = read_bounded(
                        stdout,
                        &mut out,
                        spec.cap,
                        &mut out_cut,
                        None,
                        spec.stdout_skim,
                    )
                    .await;
                },
                read_bounded(
                    stderr,
                    &mut err,
                    spec.cap,
                    &mut err_cut,
                    spec.stderr_skip,
                    None
                ),
                async { waited = Some(child.wait().await) },
            );
        };
        // Pinned here, not moved into the timeout: on timeout the pipes keep being drained while
        // the group is signalled (a hook writing to a closed pipe would die of SIGPIPE instead of
        // handling SIGTERM).
        let mut all = std::pin::pin!(all);
        let timed_out = match spec.timeout {
            Some(t) => tokio::time::timeout(t, all.as_mut()).await.is_err(),
            None => {
                all.as_mut().await;
                false
            }
        };
        if timed_out {
            if let Some(pgid) = pid {
                let mut done = false;
                if let Kill::TermThenKill(grace) = spec.kill {
                    sys::kill_group(pgid, libc::SIGTERM);
                    done = tokio::time::timeout(grace, all.as_mut()).await.is_ok();
                }
                // Always end with SIGKILL to the group: grandchildren may ignore SIGTERM or
                // outlive the leader, and they hold the pipes.
                sys::kill_group(pgid, libc::SIGKILL);
                if !done {
                    // Every process of the group is dead now; only a process that left the group
                    // (setsid) can still hold a pipe: stop waiting for it after a short drain.
                    let _ = tokio::time::timeout(KILL_DRAIN, all.as_mut()).await;
                }
            }
        }
        timed_out
    };
    let status = if timed_out {
        // Reap the leader (dead by now) if the drain did not.
        let _ = child.wait().await;
        Status::TimedOut
    } else {
        match waited {
            Some(Ok(st)) => status_of(st),
            Some(Err(e)) => Status::WaitFailed(e),
            None => Status::WaitFailed(io::Error::other("the wait did not complete")),
        }
    };
    guard.pgid = None;
    Finished {
        status,
        stdout: out,
        stdout_truncated: out_cut,
        stderr: err,
        stderr_truncated: err_cut,
        stdout_skimmed: if timed_out { None } else { skimmed },
        duration: started.elapsed(),
    }
}

fn status_of(st: ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => Status::Exited(c),
        (None, Some(s)) => Status::Signaled(s),
        (None, None) => Status::WaitFailed(io::Error::other(format!("unknown status {st}"))),
    }
}

pub(crate) fn apply_env(
    cmd: &mut std::process::Command,
    env: &[(OsString, Option<OsString>)],
    extra: &[(&str, &OsStr)],
) {
    for (k, v) in env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    for (k, v) in extra {
        cmd.env(k, v);
    }
}

async fn write_stdin(stdin: Option<tokio::process::ChildStdin>, data: &[u8]) {
    if let Some(mut w) = stdin {
        // A hook that exits without reading gives EPIPE: not an error of the run.
        let _ = w.write_all(data).await;
        let _ = w.shutdown().await;
        // Dropping `w` closes the pipe: the hook sees EOF.
    }
}

/// Reads `r` to the end, keeping the first `cap` bytes (after `skip`ping leading whitespace).
/// With a `skim`, a stream that goes past the cap is also fed, from its first byte, to the skim
/// on a helper thread, and what it read is returned.
async fn read_bounded<R: AsyncRead + Unpin>(
    r: Option<R>,
    buf: &mut Vec<u8>,
    cap: usize,
    truncated: &mut bool,
    skip: Option<Ws>,
    skim: Option<Skim>,
) -> Option<Option<Value>> {
    let mut r = r?;
    let mut skip = skip.map(LeadingSkip::new);
    let mut skimming: Option<Skimming> = None;
    let mut chunk = [0u8; 8192];
    loop {
        let n = match r.read(&mut chunk).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if let Some(s) = &mut skimming {
            s.feed(&chunk[..n]).await;
        }
        let kept = match &mut skip {
            Some(s) => s.feed(&chunk[..n]),
            None => std::borrow::Cow::Borrowed(&chunk[..n]),
        };
        let room = cap.saturating_sub(buf.len());
        if kept.len() > room {
            *truncated = true;
            if let (Some(skim), None) = (skim, &skimming) {
                // The raw stream so far is `buf` (no skip on a skimmed stream) plus this chunk.
                let mut first = buf.clone();
                first.extend_from_slice(&kept);
                skimming = Some(Skimming::start(skim, first));
            }
        }
        buf.extend_from_slice(&kept[..kept.len().min(room)]);
    }
    if let Some(s) = &mut skip {
        let rest = s.finish();
        let room = cap.saturating_sub(buf.len());
        buf.extend_from_slice(&rest[..rest.len().min(room)]);
    }
    match skimming {
        Some(s) => Some(s.finish().await),
        None => None,
    }
}

/// A skim running on a helper thread over the chunks of a stream.
struct Skimming {
    tx: tokio::sync::mpsc::Sender<Vec<u8>>,
    result: tokio::sync::oneshot::Receiver<Option<Value>>,
}

impl Skimming {
    fn start(skim: Skim, first: Vec<u8>) -> Skimming {
        let (tx, rx) = tokio::sync::mpsc::channel::<Vec<u8>>(16);
        let (done, result) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("hooks-skim".into())
            .spawn(move || {
                let mut reader = ChunkReader {
                    current: first,
                    pos: 0,
                    rx,
                };
                let _ = done.send(skim(&mut reader));
            });
        if spawned.is_err() {
            // No thread: `finish` then reports no answer (the oneshot sender is gone).
        }
        Skimming { tx, result }
    }

    async fn feed(&mut self, chunk: &[u8]) {
        // A skim that stopped reading (it found garbage) has dropped the receiver: fine.
        let _ = self.tx.send(chunk.to_vec()).await;
    }

    async fn finish(self) -> Option<Value> {
        drop(self.tx);
        self.result.await.ok().flatten()
    }
}

/// A blocking reader over the chunks sent to a [`Skimming`].
struct ChunkReader {
    current: Vec<u8>,
    pos: usize,
    rx: tokio::sync::mpsc::Receiver<Vec<u8>>,
}

impl std::io::Read for ChunkReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos >= self.current.len() {
            match self.rx.blocking_recv() {
                Some(c) => {
                    self.current = c;
                    self.pos = 0;
                }
                None => return Ok(0),
            }
        }
        let n = out.len().min(self.current.len() - self.pos);
        out[..n].copy_from_slice(&self.current[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Starts `program` detached in its own session with stdio on /dev/null, and hands it to a
/// reaper thread that waits for it, so it never becomes a zombie and is never killed
/// (jcode observers, conventions.md §1). Returns the spawn time.
pub(crate) fn spawn_detached(
    program: &OsStr,
    args: &[&OsStr],
    cwd: Option<&Path>,
    env: &[(OsString, Option<OsString>)],
    extra_env: &[(&str, &OsStr)],
) -> io::Result<Duration> {
    let started = Instant::now();
    let mut cmd = std::process::Command::new(program);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(cwd) = cwd {
        cmd.current_dir(cwd);
    }
    apply_env(&mut cmd, env, extra_env);
    sys::detach_session(&mut cmd);
    let mut child = cmd.spawn()?;
    let spawned = started.elapsed();
    // One small thread per observer: a blocking wait on exactly this child, so the exit is
    // collected the moment it happens and no other child of the agent is touched.
    let reaper = std::thread::Builder::new()
        .name("hooks-reaper".into())
        .stack_size(64 * 1024)
        .spawn(move || {
            let _ = child.wait();
        });
    if let Err(e) = reaper {
        return Err(io::Error::other(format!(
            "spawned, but cannot start the thread that reaps it: {e}"
        )));
    }
    Ok(spawned)
}

/// `ETXTBSY`: the program is open for writing somewhere.
const TEXT_FILE_BUSY: i32 = 26;

/// Spawns `cmd`, trying again a few times while the program is "text file busy": a script just
/// written by a thread of this process stays open for writing in any child forked by another
/// thread until that child execs, and exec of it fails meanwhile. Nothing ran then, so trying
/// again is safe; the window is a fork-to-exec away (milliseconds at most).
async fn spawn_retrying_busy(
    cmd: &mut tokio::process::Command,
) -> io::Result<tokio::process::Child> {
    let mut tries = 0u64;
    loop {
        match cmd.spawn() {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && tries < 8 => {
                tries += 1;
                tokio::time::sleep(std::time::Duration::from_millis(5 * tries)).await;
            }
            other => return other,
        }
    }
}
