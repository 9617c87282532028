//! Running a group of shell hooks in parallel (Jarvis, Codex, Claude), with dedupe by identical
//! command where the convention dedupes (Jarvis, Claude; Codex runs every copy): results come
//! back in hook order.

use crate::decision::OutcomeKind;
use crate::outcome::{not_run, HookRun};
use crate::process::{self, Finished, Kill, Spec};
use crate::runner::{Plan, Runner};
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::time::Duration;

/// One hook of a parallel group.
pub(crate) struct Job {
    /// Index in the runner's hooks.
    pub index: usize,
    /// The shell program (`/bin/sh`, Codex's login shell).
    pub shell: OsString,
    /// The shell's flag (`-c`).
    pub flag: &'static str,
    /// The command string.
    pub command: String,
    /// stdin bytes.
    pub stdin: Vec<u8>,
    /// Extra environment of this run.
    pub extra_env: Vec<(&'static str, OsString)>,
    /// Whole-run timeout.
    pub timeout: Duration,
}

/// The jobs of `group` (hooks of one shell convention, in hook order): each hook's command
/// under `shell flag`, its event's `payload` (given the hook's source event name) as compact
/// JSON on stdin, `extra_env`, and its plan's timeout.
pub(crate) fn jobs(
    runner: &Runner,
    group: &[usize],
    shell: &OsStr,
    flag: &'static str,
    extra_env: &[(&'static str, OsString)],
    payload: impl Fn(&str) -> Value,
) -> Vec<Job> {
    group
        .iter()
        .filter_map(|&index| {
            let p = &runner.hooks[index];
            let (Plan::Jarvis { timeout } | Plan::Codex { timeout } | Plan::Claude { timeout }) =
                p.plan
            else {
                return None;
            };
            Some(Job {
                index,
                shell: shell.to_os_string(),
                flag,
                command: p.hook.command().unwrap_or("").to_string(),
                stdin: payload(&p.hook.source_event).to_string().into_bytes(),
                extra_env: extra_env.to_vec(),
                timeout,
            })
        })
        .collect()
}

/// What happened to one job.
pub(crate) enum Ran {
    /// It ran.
    Finished(Finished),
    /// An identical command earlier in the group ran instead: the index of that job's hook.
    DuplicateOf(usize),
}

/// Runs `jobs` concurrently; with `dedupe`, identical commands run once (the first, with its
/// timeout). Results are in the order of `jobs`.
pub(crate) async fn run_parallel(
    runner: &Runner,
    jobs: &[Job],
    kill: Kill,
    dedupe: bool,
) -> Vec<(usize, Ran)> {
    let cwd = runner.session.cwd.as_deref().filter(|c| c.is_dir());
    let mut firsts: Vec<usize> = Vec::with_capacity(jobs.len());
    let mut dup_of: Vec<Option<usize>> = Vec::with_capacity(jobs.len());
    for (n, j) in jobs.iter().enumerate() {
        let first = firsts
            .iter()
            .find(|&&f| dedupe && jobs[f].command == j.command);
        match first {
            Some(&f) => dup_of.push(Some(jobs[f].index)),
            None => {
                firsts.push(n);
                dup_of.push(None);
            }
        }
    }
    let finished = futures_util::future::join_all(firsts.iter().map(|&n| {
        let j = &jobs[n];
        async move {
            let args: [&OsStr; 2] = [OsStr::new(j.flag), OsStr::new(&j.command)];
            let extra: Vec<(&str, &OsStr)> = j
                .extra_env
                .iter()
                .map(|(k, v)| (*k, v.as_os_str()))
                .collect();
            let spec = Spec {
                program: &j.shell,
                args: &args,
                cwd,
                env: &runner.env,
                extra_env: &extra,
                stdin: &j.stdin,
                capture_stdout: true,
                timeout: Some(j.timeout),
                kill,
                cap: runner.capture_max_bytes,
            };
            process::run(&spec).await
        }
    }))
    .await;
    let mut finished = finished.into_iter();
    jobs.iter()
        .zip(dup_of)
        .map(|(j, d)| match d {
            Some(first) => (j.index, Ran::DuplicateOf(first)),
            None => (
                j.index,
                Ran::Finished(finished.next().expect("one result per first job")),
            ),
        })
        .collect()
}

/// The run of hook `index`, deduplicated because hook `first` has the identical command and
/// ran instead: allowed, not run, with a note naming `first`.
pub(crate) fn duplicate_run(runner: &Runner, index: usize, first: usize) -> HookRun {
    let first_id = &runner.hooks[first].hook.id;
    HookRun::new(
        index,
        not_run(
            &runner.hooks[index].hook.id,
            OutcomeKind::Allowed,
            format!("not run: an identical command (hook `{first_id}`) already ran for this event"),
        ),
    )
}
