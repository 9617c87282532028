//! Hooks the agent does not wait for (Jarvis/Kimi `PostToolUse`, fire-and-forget) handed to a
//! process of their own, so the process that answered the agent can exit at once.
//!
//! A runner built with [`Detach::HandOff`] does not run such hooks itself: it keeps each
//! dispatch's fire-and-forget hooks as one [`DetachedBatch`] (what to run: commands, payloads,
//! timeouts, environment), which [`crate::Runner::take_detached`] hands to the embedder.
//! [`DetachedBatch::hand_off`] starts a supervisor — a process in its own session (`setsid`),
//! stdio on `/dev/null`, the batch on its stdin — and returns; the supervisor
//! ([`supervise`]) runs the hooks exactly as the runner would (each in its own process group,
//! killed with its group at its timeout, reaped), and records their outcomes in a directory.

use crate::conventions;
use crate::conventions::shell::{self, Ctx, Job, Ran};
use crate::outcome::not_run;
use crate::{HookOutcome, OutcomeKind};
use serde::{Deserialize, Serialize};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// Where hooks the agent does not wait for run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Detach {
    /// On the runner's own background runtime, in this process: the process must live until
    /// [`crate::Runner::wait_detached`] returns, or the hooks die with it. The default.
    #[default]
    InProcess,
    /// Not run by the runner: kept for [`crate::Runner::take_detached`], for a process that
    /// answers and exits (`hooks bridge`, `hooks run`), which hands them to a supervisor.
    HandOff,
}

/// The fire-and-forget hooks of one dispatch, as data a supervisor process can run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DetachedBatch {
    /// The session's working directory (the hooks' cwd).
    cwd: Option<PathBuf>,
    /// Changes to the inherited environment.
    env: Vec<(OsString, Option<OsString>)>,
    /// The capture cap per stream.
    cap: usize,
    /// The hooks, in hook order.
    jobs: Vec<DetachedJob>,
}

/// One hook of a [`DetachedBatch`]: a Jarvis shell command (`/bin/sh -c`).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct DetachedJob {
    id: String,
    shell: OsString,
    command: String,
    stdin: Vec<u8>,
    timeout_ms: u64,
}

impl DetachedBatch {
    /// The batch of `jobs` (Jarvis jobs of the runner's hooks, their ids alongside).
    pub(crate) fn new(ctx: Ctx, jobs: Vec<Job>, ids: &[(usize, String)]) -> DetachedBatch {
        let jobs = jobs
            .into_iter()
            .map(|j| DetachedJob {
                id: ids
                    .iter()
                    .find(|(i, _)| *i == j.index)
                    .map(|(_, id)| id.clone())
                    .unwrap_or_default(),
                shell: j.shell,
                command: j.command,
                stdin: j.stdin,
                timeout_ms: u64::try_from(j.timeout.as_millis()).unwrap_or(u64::MAX),
            })
            .collect();
        DetachedBatch {
            cwd: ctx.cwd,
            env: ctx.env,
            cap: ctx.cap,
            jobs,
        }
    }

    /// The ids of the hooks, in hook order.
    pub fn hook_ids(&self) -> impl Iterator<Item = &str> {
        self.jobs.iter().map(|j| j.id.as_str())
    }

    /// Runs the hooks (concurrently, identical commands once, as Jarvis does) to their end or
    /// their timeouts, and returns their outcomes in hook order.
    pub async fn run(self) -> Vec<HookOutcome> {
        let ids: Vec<String> = self.jobs.iter().map(|j| j.id.clone()).collect();
        let jobs: Vec<Job> = self
            .jobs
            .into_iter()
            .enumerate()
            .map(|(index, j)| Job {
                index,
                shell: j.shell,
                options: &[],
                flag: "-c",
                command: j.command,
                stdin: j.stdin,
                extra_env: Vec::new(),
                timeout: Duration::from_millis(j.timeout_ms),
            })
            .collect();
        let ctx = Ctx {
            cwd: self.cwd,
            env: self.env,
            cap: self.cap,
        };
        let ran = shell::run_parallel_in(&ctx, &jobs, conventions::detached_proc()).await;
        ran.into_iter()
            .map(|(i, r)| match r {
                Ran::Finished(f) => conventions::detached_outcome(&ids[i], &f),
                Ran::DuplicateOf(first) => {
                    let mut o = not_run(
                        &ids[i],
                        OutcomeKind::Allowed,
                        format!(
                            "not run: an identical command (hook `{}`) already ran for this event",
                            ids[first]
                        ),
                    );
                    o.detached = true;
                    o
                }
            })
            .collect()
    }

    /// Starts `program args` as the supervisor of this batch — in a session of its own, so
    /// neither the agent's terminal nor a kill of the caller's group reaches it, with stdin the
    /// batch (JSON) and stdout and stderr on `/dev/null`, so the agent reading the caller's
    /// output is not held up — and returns its pid. A thread of the caller reaps it if the
    /// caller lives longer; otherwise it is reparented and reaped by the system.
    pub fn hand_off(&self, program: &Path, args: &[OsString]) -> io::Result<u32> {
        let json = serde_json::to_vec(self).map_err(io::Error::other)?;
        let mut cmd = std::process::Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        crate::sys::detach_session(&mut cmd);
        let mut child = cmd.spawn()?;
        let pid = child.id();
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let written = stdin.write_all(&json);
        drop(stdin);
        // The supervisor reads all of its stdin before it runs anything: a failed write means
        // it is gone already.
        if let Err(e) = written {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
        let reaper = std::thread::Builder::new()
            .name("hooks-reaper".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                let _ = child.wait();
            });
        reaper.map_err(|e| io::Error::other(format!("cannot start the reaper thread: {e}")))?;
        Ok(pid)
    }
}

/// What a supervisor records in its directory: `<pid>.json`, written when it starts
/// (`"state": "running"`, the hooks' ids) and replaced when every hook ended
/// (`"state": "done"`, their outcomes).
#[derive(Debug, Serialize)]
struct Record<'a> {
    schema_version: u32,
    state: &'a str,
    pid: u32,
    hooks: Vec<serde_json::Value>,
}

/// The supervisor: reads a [`DetachedBatch`] (JSON) from `input`, runs it, and records the
/// outcomes in `record_dir` (see [`DetachedBatch::hand_off`]). Returns the outcomes.
pub fn supervise(input: &mut dyn Read, record_dir: Option<&Path>) -> io::Result<Vec<HookOutcome>> {
    let mut text = Vec::new();
    input.read_to_end(&mut text)?;
    let batch: DetachedBatch = serde_json::from_slice(&text).map_err(io::Error::other)?;
    let pid = std::process::id();
    if let Some(dir) = record_dir {
        prune(dir, RECORD_KEEP);
    }
    let record = |state: &str, hooks: Vec<serde_json::Value>| {
        if let Some(dir) = record_dir {
            let r = Record {
                schema_version: 1,
                state,
                pid,
                hooks,
            };
            let _ = write_atomic(dir, &format!("{pid}.json"), &r);
        }
    };
    record(
        "running",
        batch
            .hook_ids()
            .map(|id| serde_json::json!({ "id": id }))
            .collect(),
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let outcomes = rt.block_on(batch.run());
    record(
        "done",
        outcomes
            .iter()
            .map(|o| serde_json::to_value(o).unwrap_or_default())
            .collect(),
    );
    Ok(outcomes)
}

/// How long the records of finished supervisors are kept: each supervisor removes older ones
/// when it starts, so the directory does not grow without bound where it outlives the login
/// (`~/.cache`).
pub const RECORD_KEEP: Duration = Duration::from_secs(24 * 3600);

/// Removes the records in `dir` last written more than `keep` ago.
fn prune(dir: &Path, keep: Duration) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > keep);
        if old && e.path().extension().is_some_and(|x| x == "json") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

fn write_atomic(dir: &Path, name: &str, value: &impl Serialize) -> io::Result<()> {
    let tmp = dir.join(format!(".{name}.tmp"));
    std::fs::write(
        &tmp,
        serde_json::to_vec_pretty(value).map_err(io::Error::other)?,
    )?;
    std::fs::rename(&tmp, dir.join(name))
}
