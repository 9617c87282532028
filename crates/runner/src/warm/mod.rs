//! A warm module host per session, for processes that live one event (`hooks bridge`).
//!
//! Starting Node.js and importing the modules is most of the cost of a module hook (~90 ms of
//! CPU); GJC pays it once per session. Here the first event of a session starts a small server
//! ([`serve`], `hooks bridge serve`), in a session of its own, that keeps one
//! [`crate::module_host::ModuleHost`] and listens on a Unix socket; every event of the session
//! hands it its module hooks ([`WarmModules`], a [`crate::ModuleDispatch`]) and gets the same
//! [`crate::Decision`] the host would give in process. Everything else (discovery, command
//! hooks, merging, the answer) stays in the event's own process.
//!
//! - **Key**: the agent's session id, the project, and this binary (its path and version), hashed
//!   into the socket's name ([`socket_for`]): a session never reaches another's modules, nor an
//!   older `hooks` a newer one's.
//! - **Where**: `hosts/` of the user's private runtime directory ([`crate::state::runtime_dir`]:
//!   `$XDG_RUNTIME_DIR/hooks`, else `~/.cache/hooks/run`), mode 0700, owned by the user; a
//!   directory another user could enter is refused (the event then runs the modules in process).
//! - **One per key**: the server holds an exclusive `flock` on `<key>.lock` for its life (and
//!   writes its pid there), so two events starting it at once leave one server.
//! - **Ends** at the session's end (a `session_shutdown` event: [`WarmModules::end_session`]),
//!   after an idle time ([`hook_ir::contract::limits::bridge::WARM_HOST_IDLE_MS`]), or when its
//!   socket is gone — the runtime directory is removed at logout, so a host never outlives its
//!   user's login; in the `~/.cache` fallback the idle time bounds it.
//! - **Restarts**: a dead server (a socket nobody answers) is replaced by the next event; a
//!   request the server drops half-way is run in process instead. A module file that changed
//!   (its size or mtime) since the host imported it makes the server start a fresh host.

mod client;
mod server;

pub use client::WarmModules;
pub use server::serve;

use hook_ir::{Convention, Hook};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What a client asks the server (one JSON line per connection).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub(crate) enum Request {
    /// Run these module hooks of `convention` for `event` (the [`crate::ModuleDispatch`] call).
    Dispatch {
        convention: Convention,
        hooks: Vec<Hook>,
        event: Box<crate::Event>,
        session: Box<crate::Session>,
        /// Each module file's (path, size, mtime in ns) as the client saw it.
        files: Vec<(PathBuf, u64, i64)>,
    },
    /// Say who you are (pid, Node.js starts).
    Status,
    /// The session ended: exit.
    Shutdown,
}

/// The server's answer to [`Request::Status`].
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Status {
    /// The server's pid.
    pub pid: u32,
    /// How many Node.js hosts it started (restarts included).
    pub node_starts: u64,
}

/// The socket of the warm host for `session` in `project`, under `runtime_dir`; `None` when the
/// path would be too long for a Unix socket (then there is no warm host).
pub fn socket_for(runtime_dir: &Path, session: &str, project: &Path) -> Option<PathBuf> {
    let mut h = Sha256::new();
    let exe = std::env::current_exe().unwrap_or_default();
    for part in [
        session.as_bytes(),
        project.as_os_str().as_encoded_bytes(),
        exe.as_os_str().as_encoded_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
    ] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    let key: String = h
        .finalize()
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect();
    let path = runtime_dir.join("hosts").join(format!("{key}.sock"));
    // sun_path holds 108 bytes with its NUL.
    (path.as_os_str().len() < 100).then_some(path)
}

/// The lock file beside `socket`.
fn lock_for(socket: &Path) -> PathBuf {
    socket.with_extension("lock")
}

/// Whether `dir` is a directory only its owner, this user, can enter.
fn private_to_me(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    #[allow(unsafe_code)]
    // SAFETY: getuid cannot fail and touches no memory of ours.
    let me = unsafe { libc::getuid() };
    std::fs::symlink_metadata(dir)
        .is_ok_and(|m| m.is_dir() && m.uid() == me && m.mode() & 0o077 == 0)
}

/// The (size, mtime in ns) of a module file, `(0, 0)` when it cannot be read.
fn file_stamp(path: &Path) -> (u64, i64) {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).map_or((0, 0), |m| {
        (
            m.len(),
            m.mtime().saturating_mul(1_000_000_000) + m.mtime_nsec(),
        )
    })
}

/// The module files of `hooks` with their stamps: the real path the host imports.
fn stamps(hooks: &[&Hook]) -> Vec<(PathBuf, u64, i64)> {
    hooks
        .iter()
        .filter_map(|h| {
            let path = match (&h.detail, &h.handler) {
                (hook_ir::Detail::Module { real_path, .. }, _) => PathBuf::from(real_path),
                (_, hook_ir::Handler::Module { path }) => PathBuf::from(path),
                _ => return None,
            };
            let (len, mtime) = file_stamp(&path);
            Some((path, len, mtime))
        })
        .collect()
}
