//! Runs GJC directory hook modules (`gjc`) and plugin hook modules (`gjc-plugin`) in a real
//! JavaScript host process, under GJC's `ExtensionRunner` contract (conventions.md §3).
//!
//! # Hosts
//!
//! A [`ModuleHost`] keeps at most one long-lived host process per [`Runtime`]: Node.js for
//! `.js`/`.mjs`/`.cjs` (and any other extension), Bun for `.ts`/`.mts`/`.cts`/`.tsx`. Bun is
//! [`HostOptions::bun`] (by default `bun` on `PATH`), else the `node_modules/.bin/bun` that
//! `npm install bun` writes, looked up in the session's working directory, the module's
//! directory and every folder above them ([`find_local_bun`]). Without Bun, TypeScript modules
//! run on Node.js when it strips types (Node.js ≥ 23.6, or 22.6+ with
//! `--experimental-strip-types` in [`HostOptions::node_args`]); otherwise the hook fails with
//! "install Bun (`npm install bun` in the project, or put it on PATH)". The bridge script
//! (`crates/runner/js/host.mjs`) is compiled into the crate and written to a content-addressed
//! file in the temp directory on first start: nothing is downloaded at run time.
//!
//! Hosts start lazily, on the first event that selects a module hook: an event no module hook
//! matches never touches (nor starts) a host. Each module is imported once per host process
//! (dynamic `import()` of its file URL) and its default-export factory called once with the API
//! object; a host that crashed or was killed is replaced by a fresh one on the next event, which
//! imports the modules again.
//!
//! # The API modules receive
//!
//! Native directory modules get GJC's `HookAPI`: `on(event, handler)`, `exec(cmd, args?,
//! options?)`, `logger.{info,warn,error,debug}`, `sendMessage(message, options?)`,
//! `appendEntry(customType, data?)` (plus no-op `registerCommand`/`registerMessageRenderer`:
//! the runner has no UI). `exec` **really executes** the command (no shell, `cwd` = the host's),
//! as GJC's does, because hooks rely on its output; it is also reported as an `exec` effect.
//! `sendMessage` and `appendEntry` are effects the agent must apply: they are returned as data
//! in [`Decision::effects`](crate::Decision::effects), each with the `hook` id that made it.
//! `logger` and `console` output of a handler lands in its outcome's `stderr`. Handlers receive
//! `(event, ctx)`: the GJC event object (`tool_call`: `toolName`, `toolCallId`, `input`;
//! `tool_result`: also `content`, `details`, `isError`; `before_agent_start`: `prompt`;
//! `agent_end`: `messages`) and a headless context (`cwd`, `signal`, `hasUI: false`, a `ui` whose
//! prompts answer "nothing chosen" and whose `notify` logs).
//!
//! Plugin modules get the constrained API: `on` and `logger` only; `exec`, `sendMessage`,
//! `appendEntry`, `registerCommand` and `registerMessageRenderer` throw an `Error` whose `code`
//! is `security_policy`. The factory must register exactly one handler, for the event its
//! manifest declares, or the module is rejected. Before a plugin module is loaded its file is
//! verified: its real path must lie inside the real plugin root and its SHA-256 must equal the
//! registry's when one is recorded; a failure rejects it and it is never imported.
//!
//! # Contract
//!
//! Hooks run sequentially, awaited, in the order given (load order), each module's handlers in
//! registration order:
//! - `tool_call` (`pre_tool_use`): no timeout; the first `{block: true, reason}` wins and later
//!   handlers are skipped (skipped hooks get no outcome); a thrown error fails closed with the
//!   reason `Extension <path> failed: <message>`, where `<path>` is what GJC's runner calls the
//!   extension: `hook:<real path>` for a directory hook (GJC registers them under that name),
//!   the real path for a plugin hook.
//! - `tool_result` (`post_tool_use`): a per-handler timeout (30 s, [`HostOptions`]); a timed
//!   out handler's result is ignored and its `ctx.signal` aborted; errors are isolated;
//!   `content`/`details`/`isError` replacements chain (each handler sees the previous output)
//!   into [`Decision::tool_result`](crate::Decision::tool_result). A plugin `tool_call/after`
//!   hook is a post-tool observation: it runs with the same timeout but its return value is
//!   ignored (it never blocks nor mutates).
//! - other events: a per-handler timeout (30 s; `session_shutdown` follows the contract table's
//!   30 s by default, GJC's code uses 60 s: [`HostOptions::with_gjc_code_shutdown_timeout`]),
//!   errors isolated; `before_agent_start` messages become
//!   [`Decision::context`](crate::Decision::context), in order.
//! - A module that fails to load (import error, no default export, a rejected plugin) gets a
//!   `failed` outcome with [`HookOutcome::not_loaded`](crate::HookOutcome::not_loaded) set and
//!   registers nothing, as in GJC, where such a module is reported and skipped
//!   (`extensibility/hooks/loader.ts`, `loadHook`): it does not block.
//! - A module that cannot even be tried — a TypeScript module with no runtime for it, a host
//!   that does not start — is not GJC's case (GJC runs on Bun and imports every module itself),
//!   so nothing says what it would answer: on `tool_call` it fails closed like a crashed host
//!   (`Extension <path> failed: cannot run …`), elsewhere it is an isolated `failed`; both set
//!   `not_loaded`. Loading has no
//!   timeout (GJC awaits its imports too): a module whose top-level code awaits forever holds up
//!   the loads of its host; one that blocks the event loop is a dead host (below).
//!
//! # Crashes and hangs
//!
//! The host applies handler timeouts itself; the Rust side guards them again and watches the
//! host: while a request is pending it pings the host every
//! [`HostOptions::liveness_interval`], and a host that leaves a ping unanswered for
//! [`HostOptions::liveness_timeout`] is declared dead. A handler that awaits forever keeps its
//! host responsive and, on `tool_call`, is waited for forever, as the contract says; a handler
//! that blocks the event loop (a busy loop) makes the host unresponsive. A host that exits,
//! stops answering, or outlives a handler timeout by [`HostOptions::guard_grace`] is killed;
//! the hook it was running gets the outcome its contract prescribes (on `tool_call` a block with
//! `Extension <path> failed: <what happened to the host>`, elsewhere an isolated
//! `failed`/`timed_out`), and the next hook or event starts a fresh host.
//!
//! # Protocol (version 1)
//!
//! One JSON object per line. The host starts with
//! `{"hello": {"protocol": 1, "runtime": "node"|"bun", "version": "...", "typescript": bool}}`.
//! Requests (runner → host) carry a numeric `id`:
//! - `{"id", "op": "ping"}` → `{"id", "ok": true, "result": {"pong": true}}`
//! - `{"id", "op": "load", "module": KEY, "path": ABS, "api": "native"|"plugin", "event"?,
//!   "plugin"?, "cwd"?}` → `{"id", "ok": true, "result": {"events": [registered event names]}}`
//! - `{"id", "op": "dispatch", "module": KEY, "on": EVENT, "mode": "tool_call"|"tool_result"|
//!   "observe"|"lifecycle", "payload": EVENT_OBJECT, "timeout_ms": N|null, "cwd"?}` → when
//!   `timeout_ms` is a number, one `{"id", "progress": "handler_start", "handler": i,
//!   "timeout_ms": N}` as each handler starts (the Rust-side guard restarts from it), then
//!   `{"id", "ok": true, "result": {"results": [{"status": "ok", "value", "ms"} |
//!   {"status": "error", "message", "code", "ms"} | {"status": "timeout", "ms"}], "logs":
//!   [lines], "effects": [{"type": "send_message"|"append_entry"|"exec", ...}]}}`
//!
//! Any request may instead be answered `{"id", "ok": false, "error": {"code", "message"}}`.
//! Lines that are not protocol objects are kept as host stderr. The host exits when its stdin
//! closes.

mod dispatch;
mod options;
mod payload;
mod process;
mod seam;
mod verify;

pub use dispatch::matching;
pub use options::{
    find_bun, find_local_bun, find_on_path, HostOptions, DEFAULT_GUARD_GRACE_MS,
    DEFAULT_LIVENESS_INTERVAL_MS, DEFAULT_LIVENESS_TIMEOUT_MS, LOCAL_BUN,
};

use process::HostProcess;
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The bridge script, compiled into the crate.
pub const HOST_SCRIPT: &str = include_str!("../../js/host.mjs");

/// The protocol version the host announces in its hello.
pub const PROTOCOL_VERSION: u64 = 1;

/// How long [`ModuleHost::shutdown`] lets a host exit on its own before killing it.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

/// A JavaScript runtime a host process runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Runtime {
    /// Node.js.
    Node,
    /// Bun.
    Bun,
}

impl Runtime {
    fn index(self) -> usize {
        match self {
            Runtime::Node => 0,
            Runtime::Bun => 1,
        }
    }
}

impl fmt::Display for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Runtime::Node => "node",
            Runtime::Bun => "bun",
        })
    }
}

/// Whether `path` names a TypeScript module (by its extension).
pub fn is_typescript(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("ts" | "mts" | "cts" | "tsx")
    )
}

/// Why a host could not be started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// The runtime is not configured (Bun not found).
    #[error("no {0} executable is configured")]
    Missing(Runtime),
    /// Spawning or the handshake failed.
    #[error("{0}")]
    Start(String),
}

struct Slot {
    current: tokio::sync::Mutex<Option<Arc<HostProcess>>>,
    starts: AtomicU64,
}

/// Runs GJC module hooks in long-lived JavaScript host processes. See the [module
/// docs](self). Dropping it kills its hosts.
pub struct ModuleHost {
    options: HostOptions,
    slots: [Slot; 2],
    script: OnceLock<Result<PathBuf, String>>,
    /// The `node_modules/.bin/bun` found for a module when [`HostOptions::bun`] is `None`: the
    /// one Bun host runs on it from then on.
    local_bun: OnceLock<PathBuf>,
}

impl fmt::Debug for ModuleHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ModuleHost")
            .field("options", &self.options)
            .field("node_starts", &self.starts(Runtime::Node))
            .field("bun_starts", &self.starts(Runtime::Bun))
            .finish()
    }
}

impl Default for ModuleHost {
    fn default() -> Self {
        ModuleHost::new(HostOptions::default())
    }
}

impl ModuleHost {
    /// A host with these options. Starts nothing.
    pub fn new(options: HostOptions) -> Self {
        let slot = || Slot {
            current: tokio::sync::Mutex::new(None),
            starts: AtomicU64::new(0),
        };
        ModuleHost {
            options,
            slots: [slot(), slot()],
            script: OnceLock::new(),
            local_bun: OnceLock::new(),
        }
    }

    /// The options.
    pub fn options(&self) -> &HostOptions {
        &self.options
    }

    /// How many host processes of `runtime` were started so far (restarts included).
    pub fn starts(&self, runtime: Runtime) -> u64 {
        self.slots[runtime.index()].starts.load(Ordering::SeqCst)
    }

    /// The process id of the running host of `runtime`, if one runs.
    pub async fn pid(&self, runtime: Runtime) -> Option<u32> {
        let slot = self.slots[runtime.index()].current.lock().await;
        slot.as_ref().filter(|h| h.is_alive()).and_then(|h| h.pid())
    }

    /// Starts the host of `runtime` now (it otherwise starts on the first event that needs it).
    pub async fn start(&self, runtime: Runtime) -> Result<(), HostError> {
        self.host(runtime).await.map(|_| ())
    }

    /// Stops every host: closes its stdin, lets it exit, kills it if it does not.
    pub async fn shutdown(&self) {
        for slot in &self.slots {
            if let Some(host) = slot.current.lock().await.take() {
                host.shutdown(SHUTDOWN_GRACE).await;
            }
        }
    }

    /// The Bun to run TypeScript modules on: [`HostOptions::bun`], else a `node_modules/.bin/bun`
    /// found once from `dirs` (nearest first, each then its ancestors), kept for later calls.
    pub(crate) fn bun(&self, dirs: &[&Path]) -> Option<PathBuf> {
        if let Some(bun) = &self.options.bun {
            return Some(bun.clone());
        }
        if let Some(found) = self.local_bun.get() {
            return Some(found.clone());
        }
        let found = dirs.iter().find_map(|d| find_local_bun(d))?;
        Some(self.local_bun.get_or_init(|| found).clone())
    }

    fn script(&self) -> Result<PathBuf, String> {
        self.script
            .get_or_init(|| write_script(self.options.script_dir.as_deref()))
            .clone()
    }

    /// The running host of `runtime`, started (or restarted) when needed.
    async fn host(&self, runtime: Runtime) -> Result<Arc<HostProcess>, HostError> {
        let slot = &self.slots[runtime.index()];
        let mut current = slot.current.lock().await;
        if let Some(host) = current.as_ref() {
            if host.is_alive() {
                return Ok(Arc::clone(host));
            }
        }
        // The old process, if any, is dead or killed: drop it before starting a new one.
        *current = None;
        let (program, args) = match runtime {
            Runtime::Node => (self.options.node.clone(), self.options.node_args.clone()),
            Runtime::Bun => (
                // Found already for the module being run; for `start(Bun)`, which has no
                // module, the session's folder (or the process's) is all there is to search.
                {
                    let here = self
                        .options
                        .cwd
                        .clone()
                        .or_else(|| std::env::current_dir().ok());
                    self.bun(&here.as_deref().into_iter().collect::<Vec<_>>())
                        .ok_or(HostError::Missing(Runtime::Bun))?
                },
                Vec::new(),
            ),
        };
        let script = self.script().map_err(HostError::Start)?;
        slot.starts.fetch_add(1, Ordering::SeqCst);
        let host = HostProcess::spawn(&program, &args, &script, &self.options)
            .await
            .map_err(HostError::Start)?;
        let host = Arc::new(host);
        *current = Some(Arc::clone(&host));
        Ok(host)
    }
}

/// Writes [`HOST_SCRIPT`] to `<dir>/hooks-runner-host-<sha256 prefix>.mjs` unless that file is
/// already there with the same content. Content-addressed, so two versions of the runner never
/// run each other's bridge; written to a temporary name then renamed, so a concurrent start never
/// imports a half-written file.
fn write_script(dir: Option<&Path>) -> Result<PathBuf, String> {
    let dir = dir.map_or_else(std::env::temp_dir, Path::to_path_buf);
    let digest = verify::hex(&Sha256::digest(HOST_SCRIPT.as_bytes()));
    let path = dir.join(format!("hooks-runner-host-{}.mjs", &digest[..16]));
    if std::fs::read(&path).is_ok_and(|b| b == HOST_SCRIPT.as_bytes()) {
        return Ok(path);
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create {} for the hook host: {e}", dir.display()))?;
    // Unique per process and per call: two hosts starting at once must not share a temp file.
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".hooks-runner-host-{}.{}.{}.tmp",
        &digest[..16],
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&tmp, HOST_SCRIPT)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("cannot write the hook host to {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_is_written_once_and_content_addressed() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_script(Some(dir.path())).unwrap();
        let b = write_script(Some(dir.path())).unwrap();
        assert_eq!(a, b);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), HOST_SCRIPT);
        assert!(HOST_SCRIPT.contains(&format!("PROTOCOL_VERSION = {PROTOCOL_VERSION};")));
    }

    #[test]
    fn typescript_is_told_by_extension() {
        assert!(is_typescript(Path::new("/a/b.ts")));
        assert!(is_typescript(Path::new("b.mts")));
        assert!(!is_typescript(Path::new("b.mjs")));
        assert!(!is_typescript(Path::new("bash")));
    }
}
