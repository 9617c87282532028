//! The warm host's server (`hooks bridge serve --socket PATH`): one
//! [`ModuleHost`] behind a Unix socket, one request per connection.

use super::{lock_for, private_to_me, Request, Status};
use crate::module_host::{ModuleHost, Runtime};
use crate::ModuleDispatch;
use std::collections::HashMap;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

/// The most a request line may hold (hooks, event and session as JSON).
const MAX_REQUEST_BYTES: u64 = 64 * 1024 * 1024;

struct State {
    host: tokio::sync::RwLock<Arc<ModuleHost>>,
    /// The stamp of each module file the current host may have imported.
    files: Mutex<HashMap<PathBuf, (u64, i64)>>,
    /// Node.js starts of the hosts replaced so far.
    starts_before: AtomicU64,
    active: AtomicUsize,
    last: Mutex<Instant>,
    stop: tokio::sync::Notify,
}

/// Serves the warm module host on `socket` until the session ends, `idle` passes without a
/// request, or the socket is removed (see [`super`]). Returns at once, successfully, when
/// another server holds the socket's lock.
pub fn serve(socket: &Path, idle: Duration) -> io::Result<()> {
    let dir = socket
        .parent()
        .ok_or_else(|| io::Error::other("the socket has no directory"))?;
    crate::state::private_dir(dir)?;
    if !private_to_me(dir) {
        return Err(io::Error::other(format!(
            "{} is not a directory only this user can enter",
            dir.display()
        )));
    }
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_for(socket))?;
    if !try_lock(&lock) {
        return Ok(());
    }
    // Who serves, for whoever looks (`<key>.lock` holds the pid while the lock is held).
    {
        use std::io::Write;
        let _ = lock.set_len(0);
        let _ = (&lock).write_all(std::process::id().to_string().as_bytes());
    }
    // Whoever held the lock before is gone: its socket, if left, is stale.
    let _ = std::fs::remove_file(socket);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let result = rt.block_on(run(socket, idle));
    drop(lock);
    result
}

fn try_lock(file: &std::fs::File) -> bool {
    use std::os::fd::AsRawFd;
    #[allow(unsafe_code)]
    // SAFETY: flock only reads the descriptor, which `file` keeps open for the call.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    rc == 0
}

async fn run(socket: &Path, idle: Duration) -> io::Result<()> {
    let listener = UnixListener::bind(socket)?;
    let ino = std::fs::metadata(socket)?.ino();
    let state = Arc::new(State {
        host: tokio::sync::RwLock::new(Arc::new(ModuleHost::default())),
        files: Mutex::new(HashMap::new()),
        starts_before: AtomicU64::new(0),
        active: AtomicUsize::new(0),
        last: Mutex::new(Instant::now()),
        stop: tokio::sync::Notify::new(),
    });
    let tick = (idle / 4).clamp(Duration::from_millis(50), Duration::from_secs(2));
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                if let Ok((stream, _)) = accepted {
                    state.active.fetch_add(1, Ordering::SeqCst);
                    *lock(&state.last) = Instant::now();
                    tokio::spawn(handle(Arc::clone(&state), stream));
                }
            }
            () = state.stop.notified() => break,
            () = tokio::time::sleep(tick) => {
                let idle_for = lock(&state.last).elapsed();
                if state.active.load(Ordering::SeqCst) == 0 && idle_for >= idle {
                    break;
                }
                // The runtime directory is removed at logout; a socket replaced by another
                // server's is not ours either.
                if std::fs::metadata(socket).map(|m| m.ino()).ok() != Some(ino) {
                    break;
                }
            }
        }
    }
    if std::fs::metadata(socket).map(|m| m.ino()).ok() == Some(ino) {
        let _ = std::fs::remove_file(socket);
    }
    let host = Arc::clone(&*state.host.read().await);
    host.shutdown().await;
    Ok(())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

async fn handle(state: Arc<State>, stream: UnixStream) {
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    let read = BufReader::new(read)
        .take(MAX_REQUEST_BYTES)
        .read_line(&mut line)
        .await;
    let answer = match read.ok().and_then(|_| serde_json::from_str(&line).ok()) {
        Some(Request::Dispatch {
            convention,
            hooks,
            event,
            session,
            files,
        }) => {
            let host = current_host(&state, files).await;
            let refs: Vec<&hook_ir::Hook> = hooks.iter().collect();
            let d = ModuleDispatch::dispatch(&*host, convention, &refs, &event, &session).await;
            serde_json::to_string(&d).ok()
        }
        Some(Request::Status) => {
            let host = Arc::clone(&*state.host.read().await);
            serde_json::to_string(&Status {
                pid: std::process::id(),
                node_starts: state.starts_before.load(Ordering::SeqCst)
                    + host.starts(Runtime::Node),
            })
            .ok()
        }
        Some(Request::Shutdown) => {
            state.stop.notify_one();
            Some("{}".to_string())
        }
        None => None,
    };
    if let Some(mut a) = answer {
        a.push('\n');
        let _ = write.write_all(a.as_bytes()).await;
        let _ = write.shutdown().await;
    }
    *lock(&state.last) = Instant::now();
    state.active.fetch_sub(1, Ordering::SeqCst);
}

/// The host to run on: a fresh one when a module file changed since the current host may have
/// imported it (the host imports each module once).
async fn current_host(state: &State, files: Vec<(PathBuf, u64, i64)>) -> Arc<ModuleHost> {
    let changed = {
        let mut known = lock(&state.files);
        let mut changed = false;
        for (path, len, mtime) in files {
            match known.insert(path, (len, mtime)) {
                Some(old) if old != (len, mtime) => changed = true,
                _ => {}
            }
        }
        changed
    };
    if changed {
        let mut host = state.host.write().await;
        let old = std::mem::replace(&mut *host, Arc::new(ModuleHost::default()));
        state
            .starts_before
            .fetch_add(old.starts(Runtime::Node), Ordering::SeqCst);
        tokio::spawn(async move { old.shutdown().await });
    }
    Arc::clone(&*state.host.read().await)
}
