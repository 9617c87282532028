//! Running a group of shell hooks in parallel (Jarvis, Codex, Claude), with dedupe by identical
//! command where the convention dedupes (Jarvis, Claude; Codex runs every copy): results come
//! back in hook order.

use crate::decision::OutcomeKind;
use crate::group::Group;
use crate::outcome::{not_run, HookRun};
use crate::prepare::Plan;
use crate::process::{self, Finished, Kill, Skim, Spec};
use crate::text::Ws;
use hook_ir::contract::ProcessMode;
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a convention's processes run (from its [`hook_ir::contract::Runtime`] row).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Proc {
    /// Kill on timeout.
    pub kill: Kill,
    /// Own group or session leader.
    pub mode: ProcessMode,
    /// Leading stderr whitespace the agent's `trim()` drops.
    pub stderr_skip: Option<Ws>,
    /// The answer read from an over-long stdout.
    pub skim: Option<Skim>,
    /// Whether an identical command runs once per event (the runtime row's
    /// [`hook_ir::contract::Dedupe`]; Codex runs every copy).
    pub dedupe: bool,
}

impl Proc {
    /// How `row`'s processes run: its process mode and kill rule, and what its answer format
    /// reads (Kimi's JSON answer: stderr trimmed with JavaScript's whitespace, the answer skimmed
    /// from the whole stdout).
    pub fn of(row: &hook_ir::contract::Runtime) -> Proc {
        use hook_ir::contract::{AnswerFormat, KillRule};
        let kimi = row.answer == AnswerFormat::KimiJson;
        Proc {
            kill: match row.kill {
                KillRule::Group => Kill::Group,
                KillRule::TermThenKill { grace_ms } => {
                    Kill::TermThenKill(Duration::from_millis(grace_ms))
                }
            },
            mode: row.process,
            stderr_skip: kimi.then_some(Ws::JavaScript),
            skim: kimi.then_some(super::kimi_answer::skim as Skim),
            dedupe: row.dedupe == hook_ir::contract::Dedupe::IdenticalCommand,
        }
    }

    /// Own group, group kill, nothing skipped or skimmed.
    pub const PLAIN: Proc = Proc {
        kill: Kill::Group,
        mode: ProcessMode::OwnGroup,
        stderr_skip: None,
        skim: None,
        dedupe: true,
    };
}

/// What every process of a dispatch shares, owned so it can outlive the dispatch (hooks the
/// agent does not wait for).
#[derive(Debug, Clone)]
pub(crate) struct Ctx {
    /// Working directory (only when it is a directory).
    pub cwd: Option<PathBuf>,
    /// Environment changes.
    pub env: Vec<(OsString, Option<OsString>)>,
    /// Capture cap.
    pub cap: usize,
}

impl Ctx {
    /// The runner's context.
    pub fn of(runner: &Group<'_>) -> Ctx {
        Ctx {
            cwd: runner.session.cwd.clone().filter(|c| c.is_dir()),
            env: runner.env.to_vec(),
            cap: runner.capture_max_bytes,
        }
    }
}

/// One hook of a parallel group.
#[derive(Clone)]
pub(crate) struct Job {
    /// Index in the runner's hooks.
    pub index: usize,
    /// The shell program (`/bin/sh`, Codex's login shell).
    pub shell: OsString,
    /// Options before the flag (Copilot CLI's `--norc --noprofile`); usually none.
    pub options: &'static [&'static str],
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
    runner: &Group<'_>,
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
            let Plan::Shell { timeout } = p.plan else {
                return None;
            };
            Some(Job {
                index,
                shell: shell.to_os_string(),
                options: &[],
                flag,
                command: p.hook.command().unwrap_or("").to_string(),
                stdin: runner.stdin(payload(&p.hook.source_event).to_string().into_bytes()),
                extra_env: with_plugin_root(&p.hook, extra_env),
                timeout,
            })
        })
        .collect()
}

/// `extra_env`, plus, for a plugin's hook, each variable its agent sets to the plugin's root
/// for plugin hooks only (the contract's plugin-only [`Meaning::PluginRoot`] rows): without
/// them `"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh` is `/hooks/guard.sh`, exits 127, and the
/// guard fails open.
///
/// [`Meaning::PluginRoot`]: hook_ir::contract::variables::Meaning::PluginRoot
pub(crate) fn with_plugin_root(
    hook: &hook_ir::Hook,
    extra_env: &[(&'static str, OsString)],
) -> Vec<(&'static str, OsString)> {
    let mut env = extra_env.to_vec();
    if let Some(root) = &hook.plugin_root {
        env.extend(
            hook_ir::contract::variables::plugin_roots(hook.convention)
                .map(|v| (v.name, root.as_os_str().to_owned())),
        );
    }
    env
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
    runner: &Group<'_>,
    jobs: &[Job],
    kill: Kill,
    dedupe: bool,
) -> Vec<(usize, Ran)> {
    let ctx = Ctx::of(runner);
    run_parallel_in(
        &ctx,
        jobs,
        Proc {
            kill,
            dedupe,
            ..Proc::PLAIN
        },
    )
    .await
}

/// [`run_parallel`] with an explicit context and process rules.
pub(crate) async fn run_parallel_in(ctx: &Ctx, jobs: &[Job], proc: Proc) -> Vec<(usize, Ran)> {
    let cwd: Option<&Path> = ctx.cwd.as_deref();
    let mut firsts: Vec<usize> = Vec::with_capacity(jobs.len());
    let mut dup_of: Vec<Option<usize>> = Vec::with_capacity(jobs.len());
    for (n, j) in jobs.iter().enumerate() {
        let first = firsts.iter().find(|&&f| {
            // Two plugins' identical `"${CLAUDE_PLUGIN_ROOT}"/guard.sh` are two scripts:
            // the environment (each plugin's root) is part of what is identical.
            proc.dedupe && jobs[f].command == j.command && jobs[f].extra_env == j.extra_env
        });
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
            let args: Vec<&OsStr> = j
                .options
                .iter()
                .map(OsStr::new)
                .chain([OsStr::new(j.flag), OsStr::new(&j.command)])
                .collect();
            let extra: Vec<(&str, &OsStr)> = j
                .extra_env
                .iter()
                .map(|(k, v)| (*k, v.as_os_str()))
                .collect();
            let spec = Spec {
                program: &j.shell,
                args: &args,
                cwd,
                env: &ctx.env,
                extra_env: &extra,
                stdin: &j.stdin,
                capture_stdout: true,
                timeout: Some(j.timeout),
                kill: proc.kill,
                cap: ctx.cap,
                mode: proc.mode,
                stderr_skip: proc.stderr_skip,
                stdout_skim: proc.skim,
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
pub(crate) fn duplicate_run(runner: &Group<'_>, index: usize, first: usize) -> HookRun {
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
