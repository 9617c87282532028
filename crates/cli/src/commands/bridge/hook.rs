//! `hooks bridge --host CONV --event EVENT [PATH] [--home DIR] [--from CONV,..]`: the command an
//! agent runs as its hook. It reads the agent's stdin payload, dispatches the canonical event
//! through one runner per source convention (each sees the tool under its own name) over the
//! hooks discovery finds for the project and home, and answers in the agent's protocol.
//!
//! It never fails like an ordinary command: whatever goes wrong (a payload it cannot read, a
//! source it cannot read, a panic, its own deadline) is answered per the strictest contract of
//! the hooks that would have run ([`runner::host::fallback`]), and said on stderr. An allow for
//! a reason exits 1, which Claude Code and Codex show as a non-blocking hook error.

use super::guarantees;
use crate::args::BridgeRunArgs;
use crate::exit::Exit;
use crate::render::human::{visible, visible_line};
use adapters::Context;
use hook_ir::contract::limits::bridge as lim;
use hook_ir::{contract, Code, Convention, Hook, Kind, Severity};
use runner::host::{self, Bridge, HostEvent};
use runner::{Decision, OutcomeKind, RunnerOptions};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The most stdin the bridge reads: a payload carries a tool input and output, never this much.
const MAX_PAYLOAD_BYTES: u64 = 64 * 1024 * 1024;

/// What the bridge decided, and what it has to say about it.
struct Outcome {
    decision: Decision,
    /// Said on stderr (where the host does not read stderr as a reason).
    notes: Vec<String>,
    /// The bridge could not do its job; an allow then exits 1 with `notes` on stderr.
    failed: bool,
    /// The bridge whose hooks the host does not wait for (Jarvis PostToolUse) are handed to a
    /// supervisor, or, with `--wait`, still running in it and waited for after the answer.
    pending: Option<Bridge>,
    /// The host's session id, when its payload was read.
    session: Option<String>,
    /// The project whose hooks ran.
    project: PathBuf,
}

/// Runs the bridge and answers; returns the exit code the host's protocol prescribes.
pub fn run(a: BridgeRunArgs) -> Exit {
    let (Some(host), Some(event_name)) = (a.host, a.event.clone()) else {
        // clap requires both; never reached.
        eprintln!("hooks bridge: --host and --event are required");
        return Exit::Host(1);
    };
    let kind = match host::kind_of(host, &event_name) {
        Ok(k) => k,
        Err(why) => {
            // Nothing can be dispatched on this event, so no hook of it would have run.
            eprintln!("hooks bridge: {}", visible_line(&why));
            return Exit::Host(1);
        }
    };
    let mut stdin = String::new();
    let read = std::io::stdin()
        .take(MAX_PAYLOAD_BYTES)
        .read_to_string(&mut stdin);
    // A panic is answered below; its message goes to stderr as one line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("hooks bridge: panic: {}", visible_line(&info.to_string()));
    }));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        bridge(&a, host, &event_name, kind, read.map(|_| stdin))
    }))
    .unwrap_or_else(|_| Outcome {
        decision: host::fallback(kind, &[], &sources_of(&a, host), "the bridge panicked"),
        notes: vec!["the bridge panicked (a bug in hooks: please report it)".into()],
        failed: true,
        pending: None,
        session: None,
        project: PathBuf::new(),
    });
    let mut outcome = outcome;
    guarantee(&a, &mut outcome);
    // Hooks the host does not wait for go to a supervisor before the answer (so a failure to
    // start it is said with it); with `--wait`, or when no supervisor starts, this process
    // runs them after answering and exits when they end.
    let pending = outcome.pending.take();
    let mut left = Vec::new();
    if let Some(bridge) = &pending {
        let (l, notes) =
            crate::commands::detached::hand_off(bridge.take_detached(), home_of(&a).as_deref());
        left = l;
        outcome.notes.extend(notes);
    }
    let exit = respond(host, &event_name, outcome);
    let mut ended = crate::commands::detached::run_here(left);
    if let Some(bridge) = pending {
        ended.extend(bridge.wait_detached());
    }
    for h in ended {
        if let Some(e) = h.error.filter(|_| h.outcome != OutcomeKind::Allowed) {
            eprintln!(
                "hooks bridge: hook `{}`: {}",
                visible_line(&h.id),
                visible(&e)
            );
        }
    }
    exit
}

/// `--home`, else `$HOME`.
fn home_of(a: &BridgeRunArgs) -> Option<PathBuf> {
    match &a.home {
        Some(h) => super::super::discover::absolute(h).ok(),
        None => std::env::var_os("HOME").map(PathBuf::from),
    }
}

/// What the bridge guarantees on top of the source contracts: `--fail-closed` turns a failed
/// gate into a block, `--loop-limit` lets the agent stop after that many consecutive stop
/// blocks of its session ([`guarantees`]).
fn guarantee(a: &BridgeRunArgs, o: &mut Outcome) {
    if a.fail_closed {
        let bridge_failed = o.failed.then(|| {
            o.notes
                .last()
                .cloned()
                .unwrap_or_else(|| "it failed".to_string())
        });
        if let Some(reason) = guarantees::fail_closed(&o.decision, bridge_failed.as_deref()) {
            o.decision.verdict = runner::Verdict::Block { reason };
        }
    }
    if o.decision.kind == Kind::Stop && a.loop_limit > 0 {
        let home = home_of(a);
        match guarantees::runtime_dir(home.as_deref()) {
            Some(dir) => {
                let host = a.host.map(|h| h.as_str()).unwrap_or_default();
                let count = runner::loop_limit::FileCount::new(
                    &dir,
                    host,
                    o.session.as_deref(),
                    &o.project,
                );
                let unrecorded = runner::loop_limit::apply(&mut o.decision, a.loop_limit, &count);
                if let Some(e) = unrecorded {
                    o.notes.push(format!(
                        "cannot record the stop-loop count in {}: {e}",
                        count.path().display()
                    ));
                }
                if let Some(m) = &o.decision.loop_limited {
                    o.notes.push(format!("{m} (`--loop-limit {}`)", a.loop_limit));
                }
            }
            None => o.notes.push(
                "no private runtime directory for the stop-loop count ($XDG_RUNTIME_DIR, ~/.cache): `--loop-limit` is not applied".into(),
            ),
        }
    }
}

/// The source conventions: `--from`, else every runnable convention the host does not read.
fn sources_of(a: &BridgeRunArgs, host: Convention) -> Vec<Convention> {
    a.from
        .clone()
        .map(|f| f.0)
        .unwrap_or_else(|| adapters::bridge::default_sources(host))
}

/// Writes the answer and returns the exit code.
fn respond(host: Convention, event_name: &str, o: Outcome) -> Exit {
    let answer = host::answer(host, event_name, &o.decision);
    let mut notes = o.notes;
    notes.extend(answer.notes.iter().cloned());
    let mut code = answer.exit_code;
    let mut stderr = answer.stderr.clone();
    if code == 0 {
        if o.failed && !o.decision.is_block() {
            code = 1;
        }
        stderr = notes
            .iter()
            .map(|n| format!("hooks bridge: {}\n", visible(n)))
            .collect();
    }
    let mut out = std::io::stdout().lock();
    // A host that closed its end does not read the answer anyway.
    let _ = out.write_all(answer.stdout.as_bytes());
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(stderr.as_bytes());
    Exit::Host(u8::try_from(code).unwrap_or(1))
}

fn depth() -> u32 {
    std::env::var(lim::DEPTH_ENV)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

fn bridge(
    a: &BridgeRunArgs,
    host: Convention,
    event_name: &str,
    kind: Kind,
    stdin: std::io::Result<String>,
) -> Outcome {
    let depth = depth();
    let sources: Vec<Convention> = sources_of(a, host)
        .into_iter()
        .filter(|&c| contract::executes(c, Some(kind)))
        .collect();
    if depth >= lim::MAX_DEPTH {
        return Outcome {
            decision: Decision::allow(kind),
            notes: vec![format!(
                "{} is {depth}: bridges are running bridges (two agents bridging each other's hooks?); nothing was run",
                lim::DEPTH_ENV
            )],
            failed: true,
            pending: None,
            session: None,
            project: PathBuf::new(),
        };
    }
    let payload = match stdin {
        Ok(text) => host::read_event(host, event_name, &text).map_err(|e| e.to_string()),
        Err(e) => Err(format!("cannot read the host's payload on stdin: {e}")),
    };
    let project = project_root(a, host, payload.as_ref().ok());
    let home = home_of(a);
    // Only the conventions that can have a hook of this kind are read, and not linted.
    let ctx = Context::from_process(Some(project.clone()), home.clone(), true);
    let found = adapters::read_only(&ctx, &sources);
    let mut notes = Vec::new();
    let mut unreadable = Vec::new();
    for d in &found.batch.diagnostics {
        if d.severity() != Severity::Error {
            continue;
        }
        let at = d
            .location
            .as_ref()
            .map(|l| format!(" at {}", crate::render::human::place(l)))
            .unwrap_or_default();
        notes.push(format!("error[{}]{at}: {}", d.code, d.message));
        if d.code == Code::UnreadableSource {
            unreadable.extend(d.convention);
        }
    }
    let hooks: Vec<Hook> = found
        .batch
        .hooks
        .into_iter()
        .filter(|h| h.kind == kind && adapters::bridge::bridged(host, h))
        .collect();
    // The project's hooks.lock and each source agent's own trust: bridging a hook must not
    // bypass the gate its own agent applies.
    let (trust, trust_notes) = crate::commands::trust_policy::policy(
        &ctx,
        &project,
        &hooks,
        &found.sources,
        &found.batch.diagnostics,
        a.trust_all,
    );
    notes.extend(trust_notes);
    let he = match payload {
        Ok(he) => he,
        Err(why) => {
            let refs: Vec<&Hook> = hooks.iter().collect();
            notes.push(why.clone());
            return Outcome {
                decision: host::fallback(kind, &refs, &sources, &why),
                notes,
                failed: true,
                pending: None,
                session: None,
                project: PathBuf::new(),
            };
        }
    };
    if !unreadable.is_empty() {
        let why = format!(
            "cannot read the hooks of {}",
            unreadable
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let refs: Vec<&Hook> = hooks.iter().collect();
        notes.push(why.clone());
        return Outcome {
            decision: host::fallback(kind, &refs, &unreadable, &why),
            notes,
            failed: true,
            pending: None,
            session: None,
            project: PathBuf::new(),
        };
    }
    let session = he.session_id.clone();
    let mut o = dispatch(
        host,
        &he,
        hooks,
        &project,
        home.clone(),
        depth,
        RunWith {
            trust,
            wait: a.wait,
        },
    );
    if kind == Kind::SessionShutdown {
        // The session's warm module host, if one serves, ends with it.
        super::warm::end_session(session.as_deref(), &project, home.as_deref());
    }
    notes.append(&mut o.notes);
    o.notes = notes;
    o
}

/// The project whose hooks run: PATH, else the agent's project dir (Claude Code's
/// `CLAUDE_PROJECT_DIR`, Gemini CLI's `GEMINI_PROJECT_DIR`), else the session cwd of the payload, else the current directory.
fn project_root(a: &BridgeRunArgs, host: Convention, he: Option<&HostEvent>) -> PathBuf {
    let cwd = || std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    if let Some(p) = &a.path {
        return super::super::discover::absolute(p).unwrap_or_else(|_| p.clone());
    }
    let project_env = hook_ir::contract::variables::for_meaning(
        host,
        hook_ir::contract::variables::Meaning::ProjectDir,
    )
    .map(|v| v.name);
    if let Some(d) = project_env
        .and_then(std::env::var_os)
        .filter(|d| !d.is_empty())
    {
        return PathBuf::from(d);
    }
    he.and_then(|h| h.cwd.clone()).unwrap_or_else(cwd)
}

/// How the bridge runs an event's hooks beyond where: what the trust policy refuses, and
/// whether it waits for the hooks the agent does not wait for (`--wait`).
struct RunWith {
    trust: Option<Arc<dyn runner::TrustPolicy>>,
    wait: bool,
}

fn dispatch(
    host: Convention,
    he: &HostEvent,
    hooks: Vec<Hook>,
    project: &std::path::Path,
    home: Option<PathBuf>,
    depth: u32,
    with: RunWith,
) -> Outcome {
    let RunWith { trust, wait } = with;
    let kind = he.event.kind();
    let mut notes = Vec::new();
    let has_modules = hooks.iter().any(|h| {
        hook_ir::contract::runtime(h.convention)
            .is_some_and(|r| r.launch == hook_ir::contract::Launch::Module)
    });
    // Module hooks go to the session's warm host when there is one to use (started by the
    // session's first such event), else to a host of this process.
    let warm = has_modules
        .then(|| super::warm::modules(he.session_id.as_deref(), project, home.as_deref()))
        .flatten()
        .map(Arc::new);
    let module_host: Option<Arc<dyn runner::ModuleDispatch>> = match &warm {
        Some(w) => Some(Arc::clone(w) as Arc<dyn runner::ModuleDispatch>),
        None => has_modules.then(|| {
            Arc::new(runner::module_host::ModuleHost::default()) as Arc<dyn runner::ModuleDispatch>
        }),
    };
    let options = RunnerOptions {
        session_id: he.session_id.clone(),
        cwd: he.cwd.clone().or_else(|| Some(project.to_path_buf())),
        client_type: he
            .client_type
            .clone()
            .unwrap_or_else(|| RunnerOptions::default().client_type),
        home,
        session_title: he.session_title.clone(),
        transcript_path: he.transcript_path.clone(),
        project_dir: Some(project.to_path_buf()),
        env: vec![(lim::DEPTH_ENV.into(), Some((depth + 1).to_string().into()))],
        module_dispatch: module_host,
        trust,
        detach: if wait {
            runner::Detach::InProcess
        } else {
            runner::Detach::HandOff
        },
        ..RunnerOptions::default()
    };
    // A matcher that would hang the dispatch (a catastrophically backtracking regex) is left
    // out, judged on the event as its own convention sees it.
    let probe = Bridge::new(host, Vec::new(), RunnerOptions::default());
    let mut screened = Vec::with_capacity(hooks.len());
    for h in hooks {
        let event = probe.event_for(h.convention, &he.event);
        let (kept, unmatchable) = crate::commands::run::screen_matchers(
            vec![h],
            &event,
            crate::commands::run::MATCH_BUDGET,
        );
        for (id, reason) in unmatchable {
            notes.push(format!("hook `{id}` is not run: {reason}"));
        }
        screened.extend(kept);
    }
    let bridge = Bridge::new(host, screened, options);
    for s in bridge.skipped() {
        notes.push(format!("hook `{}` is not run: {}", s.id, s.reason));
    }
    let matching = bridge.matching_hooks(&he.event);
    if matching.is_empty() {
        return Outcome {
            decision: Decision::allow(kind),
            notes,
            failed: false,
            pending: None,
            session: None,
            project: PathBuf::new(),
        };
    }
    let deadline = Duration::from_millis(
        (host::entry_timeout_s(host) * 1000).saturating_sub(lim::DEADLINE_MARGIN_MS),
    );
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let why = format!("cannot start the async runtime: {e}");
            notes.push(why.clone());
            return Outcome {
                decision: host::fallback(kind, &matching, &[], &why),
                notes,
                failed: true,
                pending: None,
                session: None,
                project: PathBuf::new(),
            };
        }
    };
    let run = bridge.dispatch(&he.event);
    let (decision, failed) = match rt.block_on(async { tokio::time::timeout(deadline, run).await })
    {
        Ok(d) => (d, false),
        Err(_) => {
            let why = format!(
                "hooks still running after {} s; the bridge answers before {host} would kill it",
                deadline.as_secs()
            );
            notes.push(why.clone());
            (host::fallback(kind, &matching, &[], &why), true)
        }
    };
    notes.extend(warm.iter().flat_map(|w| w.notes()));
    for h in &decision.hooks {
        let why = h.error.clone().or_else(|| {
            let stderr = h.stderr.trim();
            (matches!(h.outcome, OutcomeKind::Failed | OutcomeKind::TimedOut) && !stderr.is_empty())
                .then(|| format!("stderr: {stderr}"))
        });
        if let Some(why) = why {
            let how = match h.outcome {
                OutcomeKind::Allowed => "allowed",
                OutcomeKind::Blocked => "blocked",
                OutcomeKind::Failed => "failed",
                OutcomeKind::TimedOut => "timed out",
            };
            notes.push(format!("hook `{}` {how}: {why}", h.id));
        }
    }
    drop(rt);
    Outcome {
        decision,
        notes,
        failed,
        // Hooks the host does not wait for: running in it (`--wait`) or kept to hand off.
        pending: Some(bridge),
        session: he.session_id.clone(),
        project: project.to_path_buf(),
    }
}
