//! What the agent tells the runner about its session, and the seam for module hooks.

use crate::{Decision, Event};
use hook_ir::{Convention, Hook};
use std::ffi::OsString;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

/// The future a [`ModuleDispatch`] returns.
pub type ModuleFuture<'a> = Pin<Box<dyn Future<Output = Decision> + Send + 'a>>;

/// Runs module hooks (`Handler::Module`: GJC native modules and GJC plugins) in a JavaScript
/// host. The runner itself never executes JavaScript: it hands every matching module hook of one
/// convention to this seam, in hook order, and folds the returned decision into its own.
pub trait ModuleDispatch: Send + Sync {
    /// Runs `hooks` (all of `convention`, all `Handler::Module`, in hook order) for `event` under
    /// that convention's contract (conventions.md §3). The returned decision must carry exactly
    /// one outcome per hook, with the hook's id, in the same order.
    fn dispatch<'a>(
        &'a self,
        convention: Convention,
        hooks: &'a [&'a Hook],
        event: &'a Event,
        session: &'a Session,
    ) -> ModuleFuture<'a>;
}

/// Decides which hooks the runner may run, before any runs: an agent that embeds the runner
/// refuses what its own trust model refuses (Codex runs a hook only when its hash is trusted and
/// loads a project's hooks only when the project is trusted: `adapters::codex_json::trust`
/// computes both). Any `Fn(&Hook) -> Option<String>` is a policy.
pub trait TrustPolicy: Send + Sync {
    /// `Some(reason)` refuses `hook`: it is never run and [`crate::Runner::skipped`] lists it
    /// with the reason.
    fn refuse(&self, hook: &Hook) -> Option<String>;
}

impl<F: Fn(&Hook) -> Option<String> + Send + Sync> TrustPolicy for F {
    fn refuse(&self, hook: &Hook) -> Option<String> {
        self(hook)
    }
}

/// The policy of a project's `hooks.lock` (written by `hooks trust`): the hooks it does not
/// record, or that changed since it recorded them (a script's SHA-256, the command, the
/// matcher), are refused with the reason — Codex's trusted hashes for every convention,
/// covering the scripts a command runs as well as the command line. The verdicts come from
/// `hooks_rules::audit::lock::refusals` (the rules layer finds and hashes the scripts); a lock
/// that cannot be read refuses every project hook (fail closed).
#[derive(Debug, Clone, Default)]
pub struct LockPolicy {
    refused: std::collections::HashMap<String, String>,
}

impl LockPolicy {
    /// A policy refusing each `(hook id, reason)`; every other hook runs.
    pub fn from_refusals(refusals: impl IntoIterator<Item = (String, String)>) -> Self {
        LockPolicy {
            refused: refusals.into_iter().collect(),
        }
    }

    /// Whether it refuses nothing.
    pub fn is_empty(&self) -> bool {
        self.refused.is_empty()
    }
}

impl TrustPolicy for LockPolicy {
    fn refuse(&self, hook: &Hook) -> Option<String> {
        self.refused.get(&hook.id).cloned()
    }
}

/// Several policies at once: a hook runs only when none refuses it; the first refusal is the
/// reason (a project's lock, then each agent's own trust).
#[derive(Clone, Default)]
pub struct AllOf(pub Vec<Arc<dyn TrustPolicy>>);

impl TrustPolicy for AllOf {
    fn refuse(&self, hook: &Hook) -> Option<String> {
        self.0.iter().find_map(|p| p.refuse(hook))
    }
}

/// The session facts every convention's payload needs, resolved once by [`crate::Runner::new`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Session {
    /// The agent's session id (`None`: jcode omits `JCODE_HOOK_SESSION_ID`, JSON payloads send `""`).
    pub session_id: Option<String>,
    /// The session's working directory (`None` when unknown: hooks inherit the agent's cwd).
    pub cwd: Option<PathBuf>,
    /// Jarvis `client_type`.
    pub client_type: String,
    /// The home directory used to expand jcode's leading `~/`.
    pub home: Option<PathBuf>,
    /// Jarvis `session_title`, sent only when known.
    pub session_title: Option<String>,
    /// Codex/Claude `transcript_path` (`null` when unknown).
    pub transcript_path: Option<PathBuf>,
    /// Claude's `CLAUDE_PROJECT_DIR`.
    pub project_dir: Option<PathBuf>,
}

/// How to build a [`crate::Runner`]. Every field has a documented default (see [`Default`]).
#[derive(Clone)]
pub struct RunnerOptions {
    /// The agent's session id. Default: `None`.
    pub session_id: Option<String>,
    /// The session's working directory. Default: `None`, meaning the process's current
    /// directory at [`crate::Runner::new`] (or unknown if that cannot be read).
    pub cwd: Option<PathBuf>,
    /// Jarvis's `client_type`. Default: `"kimi_code_cli"`
    /// ([`hook_ir::contract::limits::jarvis::CLIENT_TYPE`], Jarvis being a renamed copy of Kimi).
    pub client_type: String,
    /// The home directory (jcode's `~/` expansion). Default: `None`, meaning `$HOME` of the
    /// runner's environment.
    pub home: Option<PathBuf>,
    /// Jarvis `session_title`. Default: `None` (the field is then omitted, as Jarvis does).
    pub session_title: Option<String>,
    /// Codex/Claude `transcript_path`. Default: `None` (sent as `null`).
    pub transcript_path: Option<PathBuf>,
    /// Claude's `CLAUDE_PROJECT_DIR`. Default: `None`, meaning the session cwd.
    pub project_dir: Option<PathBuf>,
    /// Changes to the inherited environment, applied in order to every hook process and to what
    /// the runner reads itself (`JCODE_HOOKS_DISABLED`, `PATH`, `HOME`): `Some` sets a
    /// variable, `None` removes it. Default: empty (the process environment as is).
    pub env: Vec<(OsString, Option<OsString>)>,
    /// Where module hooks go. Default: `None`: each matching module hook gets the outcome
    /// `failed` with the error "module hooks need the JavaScript host".
    pub module_dispatch: Option<Arc<dyn ModuleDispatch>>,
    /// The cap of captured stdout and of captured stderr per hook run. Default:
    /// [`crate::CAPTURE_MAX_BYTES`] (1 MiB).
    pub capture_max_bytes: usize,
    /// Which hooks may run at all. Default: `None`, every hook given.
    pub trust: Option<Arc<dyn TrustPolicy>>,
    /// The recorded agent releases whose payloads the hooks of their conventions get
    /// ([`crate::recorded`]). Default: empty, each convention's documented payload.
    pub recorded: Vec<&'static crate::recorded::RecordedAgent>,
    /// A fault put on every hook's stdin instead of its payload (`hooks test --faults`).
    /// Default: `None`, the payload.
    pub stdin_fault: Option<StdinFault>,
    /// Where hooks the agent does not wait for (Jarvis PostToolUse) run. Default:
    /// [`crate::Detach::InProcess`], on the runner's background runtime.
    pub detach: crate::Detach,
    /// The loop limit of continuation: after this many consecutive blocks of the session's
    /// `stop` event (hooks that keep the agent going), the next block is turned into an allow
    /// with [`crate::Decision::loop_limited`] saying why, and the count starts again; an allow
    /// resets it ([`crate::loop_limit`]). Default: `None`, no limit (each convention's own rule
    /// only); `hooks bridge` uses [`hook_ir::contract::limits::bridge::LOOP_LIMIT`].
    pub loop_limit: Option<u32>,
}

/// What a hook reads on stdin instead of its payload, to test how it copes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StdinFault {
    /// Nothing: stdin is closed at once.
    Empty,
    /// Text that is not JSON (the payload cut in the middle).
    Malformed,
}

impl StdinFault {
    /// The bytes a hook reads instead of `payload`.
    pub fn apply(self, payload: Vec<u8>) -> Vec<u8> {
        match self {
            StdinFault::Empty => Vec::new(),
            StdinFault::Malformed => {
                let mut cut = payload;
                cut.truncate(cut.len() / 2);
                cut.extend_from_slice(b"}{,");
                cut
            }
        }
    }
}

impl Default for RunnerOptions {
    fn default() -> Self {
        RunnerOptions {
            session_id: None,
            cwd: None,
            client_type: crate::conventions::DEFAULT_CLIENT_TYPE.to_string(),
            home: None,
            session_title: None,
            transcript_path: None,
            project_dir: None,
            env: Vec::new(),
            module_dispatch: None,
            capture_max_bytes: crate::process::CAPTURE_MAX_BYTES,
            trust: None,
            recorded: Vec::new(),
            stdin_fault: None,
            detach: crate::Detach::InProcess,
            loop_limit: None,
        }
    }
}

impl std::fmt::Debug for RunnerOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunnerOptions")
            .field("session_id", &self.session_id)
            .field("cwd", &self.cwd)
            .field("client_type", &self.client_type)
            .field("home", &self.home)
            .field("session_title", &self.session_title)
            .field("transcript_path", &self.transcript_path)
            .field("project_dir", &self.project_dir)
            .field("env", &self.env)
            .field("module_dispatch", &self.module_dispatch.is_some())
            .field("capture_max_bytes", &self.capture_max_bytes)
            .field("trust", &self.trust.is_some())
            .field("recorded", &self.recorded)
            .field("stdin_fault", &self.stdin_fault)
            .field("detach", &self.detach)
            .field("loop_limit", &self.loop_limit)
            .finish()
    }
}
