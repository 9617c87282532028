//! The event's side of the warm host: a [`ModuleDispatch`] that hands module hooks to the
//! session's server, starting it when there is none, and runs them in process when it cannot.

use super::{private_to_me, stamps, Request, Status};
use crate::module_host::ModuleHost;
use crate::options::{ModuleDispatch, ModuleFuture, Session};
use crate::{Decision, Event};
use hook_ir::{Convention, Hook};
use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;

/// How long a client waits for a server it started to listen.
const START_WAIT: Duration = Duration::from_secs(5);

/// Module hooks through the session's warm host (see [`super`]).
pub struct WarmModules {
    socket: PathBuf,
    program: PathBuf,
    args: Vec<OsString>,
    /// The in-process host, when the warm one cannot serve.
    local: OnceLock<Arc<ModuleHost>>,
    notes: Mutex<Vec<String>>,
}

impl std::fmt::Debug for WarmModules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarmModules")
            .field("socket", &self.socket)
            .finish_non_exhaustive()
    }
}

impl WarmModules {
    /// The warm host on `socket` ([`super::socket_for`]); `program args` start its server
    /// (`hooks bridge serve --socket <socket>`). `None` when the socket's directory cannot be
    /// made private to this user.
    pub fn new(socket: PathBuf, program: PathBuf, args: Vec<OsString>) -> Option<WarmModules> {
        let dir = socket.parent()?;
        crate::state::private_dir(dir).ok()?;
        private_to_me(dir).then(|| WarmModules {
            socket,
            program,
            args,
            local: OnceLock::new(),
            notes: Mutex::new(Vec::new()),
        })
    }

    /// What happened that the event's output should say (a fallback to the in-process host).
    pub fn notes(&self) -> Vec<String> {
        std::mem::take(&mut *self.notes.lock().unwrap_or_else(|p| p.into_inner()))
    }

    fn note(&self, n: String) {
        self.notes.lock().unwrap_or_else(|p| p.into_inner()).push(n);
    }

    /// The server's pid and Node.js starts, when one serves (never starts one).
    pub async fn status(&self) -> Option<Status> {
        let stream = UnixStream::connect(&self.socket).await.ok()?;
        let line = exchange(stream, &Request::Status).await.ok()?;
        serde_json::from_str(&line).ok()
    }

    /// Ends the session's server, if one serves (never starts one).
    pub async fn end_session(&self) {
        if let Ok(stream) = UnixStream::connect(&self.socket).await {
            let _ = exchange(stream, &Request::Shutdown).await;
        }
    }

    async fn connect_or_start(&self) -> io::Result<UnixStream> {
        if let Ok(s) = UnixStream::connect(&self.socket).await {
            return Ok(s);
        }
        self.start()?;
        let started = Instant::now();
        loop {
            match UnixStream::connect(&self.socket).await {
                Ok(s) => return Ok(s),
                Err(e) if started.elapsed() > START_WAIT => return Err(e),
                Err(_) => tokio::time::sleep(Duration::from_millis(2)).await,
            }
        }
    }

    /// Starts the server in a session of its own, its output on /dev/null; a thread reaps it
    /// should it exit while this process lives.
    fn start(&self) -> io::Result<()> {
        let mut cmd = std::process::Command::new(&self.program);
        cmd.args(&self.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        crate::sys::detach_session(&mut cmd);
        let mut child = cmd.spawn()?;
        std::thread::Builder::new()
            .name("hooks-reaper".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                let _ = child.wait();
            })?;
        Ok(())
    }

    async fn remote(
        &self,
        convention: Convention,
        hooks: &[&Hook],
        event: &Event,
        session: &Session,
    ) -> io::Result<Decision> {
        let req = Request::Dispatch {
            convention,
            hooks: hooks.iter().map(|h| (*h).clone()).collect(),
            event: Box::new(event.clone()),
            session: Box::new(session.clone()),
            files: stamps(hooks),
        };
        let stream = self.connect_or_start().await?;
        let line = exchange(stream, &req).await?;
        serde_json::from_str(&line).map_err(io::Error::other)
    }
}

/// Writes `req` as one line, reads one line back.
async fn exchange(stream: UnixStream, req: &Request) -> io::Result<String> {
    let (read, mut write) = stream.into_split();
    let mut text = serde_json::to_string(req).map_err(io::Error::other)?;
    text.push('\n');
    write.write_all(text.as_bytes()).await?;
    let mut line = String::new();
    BufReader::new(read).read_line(&mut line).await?;
    if line.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the warm host closed the connection without answering",
        ));
    }
    Ok(line)
}

impl ModuleDispatch for WarmModules {
    fn dispatch<'a>(
        &'a self,
        convention: Convention,
        hooks: &'a [&'a Hook],
        event: &'a Event,
        session: &'a Session,
    ) -> ModuleFuture<'a> {
        Box::pin(async move {
            match self.remote(convention, hooks, event, session).await {
                Ok(d) => d,
                Err(e) => {
                    // Same hooks, same contract, in this process: only slower.
                    self.note(format!(
                        "the warm module host at {} did not serve ({e}); the modules ran in this process",
                        self.socket.display()
                    ));
                    let local = self.local.get_or_init(|| Arc::new(ModuleHost::default()));
                    ModuleDispatch::dispatch(&**local, convention, hooks, event, session).await
                }
            }
        })
    }
}
