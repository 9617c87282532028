//! The session's warm module host for `hooks bridge` (`runner::warm`; docs/bridge.md): which
//! socket an event uses, starting its server (`hooks bridge serve`, hidden), ending it at the
//! session's end.

use crate::args::ServeArgs;
use crate::exit::Exit;
use hook_ir::contract::limits::bridge as lim;
use runner::warm::WarmModules;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The idle time of a warm host: `HOOKS_BRIDGE_IDLE_MS`, else the default; `None` (0): no warm
/// host.
fn idle() -> Option<Duration> {
    let ms = std::env::var(lim::WARM_HOST_IDLE_ENV)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(lim::WARM_HOST_IDLE_MS);
    (ms > 0).then(|| Duration::from_millis(ms))
}

/// The warm module host of `session` in `project`; `None` when there is none to use (no session
/// id, no private runtime directory, turned off), and the modules run in process.
pub fn modules(session: Option<&str>, project: &Path, home: Option<&Path>) -> Option<WarmModules> {
    let socket = socket(session?, project, home)?;
    let idle = idle()?;
    let exe = std::env::current_exe().ok()?;
    let args: Vec<OsString> = vec![
        "bridge".into(),
        "serve".into(),
        "--socket".into(),
        socket.clone().into_os_string(),
        "--idle-ms".into(),
        idle.as_millis().to_string().into(),
    ];
    WarmModules::new(socket, exe, args)
}

fn socket(session: &str, project: &Path, home: Option<&Path>) -> Option<PathBuf> {
    if session.is_empty() {
        return None;
    }
    let dir = runner::state::runtime_dir(home)?;
    runner::warm::socket_for(&dir, session, project)
}

/// Ends the warm host of `session` in `project`, if one serves.
pub fn end_session(session: Option<&str>, project: &Path, home: Option<&Path>) {
    let Some(socket) = session.and_then(|s| socket(s, project, home)) else {
        return;
    };
    if !socket.exists() {
        return;
    }
    let Some(w) = WarmModules::new(socket, PathBuf::new(), Vec::new()) else {
        return;
    };
    if let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        rt.block_on(w.end_session());
    }
}

/// `hooks bridge serve --socket PATH --idle-ms N` (hidden): the warm host's server.
pub fn serve(a: ServeArgs) -> anyhow::Result<Exit> {
    runner::warm::serve(&a.socket, Duration::from_millis(a.idle_ms))?;
    Ok(Exit::Success)
}
