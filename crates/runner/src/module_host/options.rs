//! How a [`ModuleHost`](super::ModuleHost) runs: which runtimes, which timeouts, how it watches
//! its host processes.

use hook_ir::contract::{self, limits};
use hook_ir::Convention;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Default period of the liveness ping sent to a host while a request is pending.
///
/// Not a GJC contract number: GJC runs handlers in its own process and has no such watchdog.
/// It exists because a host that stops reading its stdin (a handler busy-looping on the event
/// loop, a deadlock) would otherwise hang the agent, even on `tool_call`, which has no timeout.
pub const DEFAULT_LIVENESS_INTERVAL_MS: u64 = 1_000;

/// Default time a host may leave a liveness ping unanswered before it is declared dead and
/// killed. Generous so that a loaded machine does not kill a healthy host; a false positive
/// fails closed on `tool_call` (the safe direction) and is isolated elsewhere.
pub const DEFAULT_LIVENESS_TIMEOUT_MS: u64 = 10_000;

/// Default extra time the Rust side waits past a handler's own timeout before it stops waiting
/// for the host (the host applies the timeout itself; this only guards a host that cannot).
pub const DEFAULT_GUARD_GRACE_MS: u64 = 2_000;

/// Options of a [`ModuleHost`](super::ModuleHost). Each field states its default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostOptions {
    /// The Node.js executable. Default: `node`, looked up on `PATH` when spawned.
    pub node: PathBuf,
    /// Extra arguments for Node.js before the host script (e.g. `--experimental-strip-types`
    /// on Node.js 22.6–23.5 to run TypeScript modules without Bun). Default: none.
    pub node_args: Vec<OsString>,
    /// The Bun executable, used for TypeScript modules. Default: `bun` when it is on `PATH`,
    /// else `None`. With `None`, the host looks for the `node_modules/.bin/bun` that
    /// `npm install bun` writes ([`find_local_bun`]) in the session's working directory and the
    /// module's directory and every folder above them, as Node.js resolves packages; failing
    /// that, TypeScript modules need a Node.js that strips types.
    pub bun: Option<PathBuf>,
    /// Working directory of the hosts and the `cwd` handlers see. Default: `None`: the hosts
    /// run in the process's; handlers see the [`crate::Runner`]'s session cwd when dispatched
    /// through the runner, else the process's.
    pub cwd: Option<PathBuf>,
    /// Per-handler timeout of `tool_result` handlers (and plugin `tool_call/after`).
    /// Default: the contract table's, [`limits::module_host::TOOL_RESULT_TIMEOUT_MS`].
    pub tool_result_timeout: Duration,
    /// Per-handler timeout of the other lifecycle events (`before_agent_start`, `agent_end`,
    /// `session_start`). Default: the contract table's, [`limits::module_host::LIFECYCLE_TIMEOUT_MS`].
    pub lifecycle_timeout: Duration,
    /// Per-handler timeout of `session_shutdown`. Default: the contract table's value
    /// ([`limits::module_host::LIFECYCLE_TIMEOUT_MS`]); GJC's code actually awaits these handlers for
    /// [`limits::module_host::SESSION_SHUTDOWN_CODE_TIMEOUT_MS`] — set
    /// [`HostOptions::with_gjc_code_shutdown_timeout`] to follow the code instead.
    pub session_shutdown_timeout: Duration,
    /// Liveness ping period while a request is pending. Default:
    /// [`DEFAULT_LIVENESS_INTERVAL_MS`].
    pub liveness_interval: Duration,
    /// How long a ping (or the start handshake, or a write) may go unanswered before the host
    /// is declared dead and killed. Default: [`DEFAULT_LIVENESS_TIMEOUT_MS`].
    pub liveness_timeout: Duration,
    /// Extra time past a handler's timeout before the Rust side gives up on the host.
    /// Default: [`DEFAULT_GUARD_GRACE_MS`].
    pub guard_grace: Duration,
    /// Where the bundled host script is written. Default: the system temp directory.
    pub script_dir: Option<PathBuf>,
}

/// The contract table's default timeout of an in-process module event (the first convention
/// run in this host that has the event, in [`Convention::ALL`] order), in milliseconds.
fn table_ms(event: &str, fallback: u64) -> u64 {
    Convention::ALL
        .into_iter()
        .filter(|&c| super::dispatch::in_module_host(c))
        .find_map(|c| contract::find(c, event))
        .and_then(|row| row.rules())
        .and_then(|rules| rules.timeout.default_ms())
        .unwrap_or(fallback)
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions {
            node: PathBuf::from("node"),
            node_args: Vec::new(),
            bun: find_on_path("bun"),
            cwd: None,
            tool_result_timeout: Duration::from_millis(table_ms(
                "tool_result",
                limits::module_host::TOOL_RESULT_TIMEOUT_MS,
            )),
            lifecycle_timeout: Duration::from_millis(table_ms(
                "agent_end",
                limits::module_host::LIFECYCLE_TIMEOUT_MS,
            )),
            session_shutdown_timeout: Duration::from_millis(table_ms(
                "session_shutdown",
                limits::module_host::LIFECYCLE_TIMEOUT_MS,
            )),
            liveness_interval: Duration::from_millis(DEFAULT_LIVENESS_INTERVAL_MS),
            liveness_timeout: Duration::from_millis(DEFAULT_LIVENESS_TIMEOUT_MS),
            guard_grace: Duration::from_millis(DEFAULT_GUARD_GRACE_MS),
            script_dir: None,
        }
    }
}

impl HostOptions {
    /// Uses GJC's code value for `session_shutdown` (60 s) instead of the contract table's.
    pub fn with_gjc_code_shutdown_timeout(mut self) -> Self {
        self.session_shutdown_timeout =
            Duration::from_millis(limits::module_host::SESSION_SHUTDOWN_CODE_TIMEOUT_MS);
        self
    }
}

/// The first executable named `name` in `PATH`, if any.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Where `npm install bun` puts Bun's launcher, relative to the folder it ran in.
pub const LOCAL_BUN: &str = "node_modules/.bin/bun";

/// The first executable [`LOCAL_BUN`] in `start` or one of its ancestors, nearest first: the
/// Bun a project installed with `npm install bun` (or a workspace above it did), found the way
/// Node.js finds a package, by walking up from `start`.
pub fn find_local_bun(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(LOCAL_BUN))
        .find(|candidate| is_executable(candidate))
}

/// The Bun a module host started with default options would use for a project at `project`:
/// `bun` on `PATH`, else [`find_local_bun`] from `project`. `hooks lint` asks it so that it
/// warns exactly when `hooks run` would not find Bun for that project's TypeScript modules.
pub fn find_bun(project: &Path) -> Option<PathBuf> {
    find_on_path("bun").or_else(|| find_local_bun(project))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_come_from_the_contract_table() {
        // conventions.md §3: tool_result 30 s per handler, other events 30 s (table), the code
        // uses 60 s for session_shutdown.
        let o = HostOptions::default();
        assert_eq!(
            o.tool_result_timeout.as_millis(),
            u128::from(limits::gjc::TOOL_RESULT_TIMEOUT_MS)
        );
        assert_eq!(
            o.lifecycle_timeout.as_millis(),
            u128::from(limits::gjc::LIFECYCLE_TIMEOUT_MS)
        );
        assert_eq!(
            o.session_shutdown_timeout.as_millis(),
            u128::from(limits::gjc::LIFECYCLE_TIMEOUT_MS)
        );
        let code = o.with_gjc_code_shutdown_timeout();
        assert_eq!(
            code.session_shutdown_timeout.as_millis(),
            u128::from(limits::gjc::SESSION_SHUTDOWN_CODE_TIMEOUT_MS)
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_local_bun_is_found_in_the_nearest_ancestor_that_has_one() {
        use std::os::unix::fs::PermissionsExt;
        let tree = tempfile::tempdir().unwrap();
        let deep = tree.path().join("ws/project/.gjc/hooks/pre");
        std::fs::create_dir_all(&deep).unwrap();
        assert_eq!(find_local_bun(&deep), None);
        let bin = tree.path().join("ws").join(LOCAL_BUN);
        std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
        std::fs::write(&bin, "#!/bin/sh\n").unwrap();
        // Not executable: not a Bun anyone could start.
        assert_eq!(find_local_bun(&deep), None);
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(find_local_bun(&deep), Some(bin.clone()));
        let nearer = tree.path().join("ws/project").join(LOCAL_BUN);
        std::fs::create_dir_all(nearer.parent().unwrap()).unwrap();
        std::fs::copy(&bin, &nearer).unwrap();
        assert_eq!(find_local_bun(&deep), Some(nearer));
    }

    #[test]
    fn tool_call_has_no_timeout_in_the_table() {
        let rules = contract::find(Convention::Gjc, "tool_call")
            .and_then(|r| r.rules())
            .unwrap();
        assert_eq!(rules.timeout.default_ms(), None);
    }
}
