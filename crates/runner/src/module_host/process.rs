//! One host process: spawning it, the request/response plumbing over its stdio, and the
//! Rust-side watchdog (liveness pings and handler-timeout guards).

use super::options::HostOptions;
use super::Runtime;
use serde_json::{json, Map, Value};
use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::time::{sleep_until, Instant};

/// Lines of host stderr kept for error messages.
const STDERR_TAIL_LINES: usize = 40;
/// Each kept stderr line is cut to this many bytes.
const STDERR_LINE_MAX_BYTES: usize = 400;

/// What the host said when it started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hello {
    /// `node` or `bun`.
    pub runtime: String,
    /// The runtime's version.
    pub version: String,
    /// Whether it can import TypeScript modules.
    pub typescript: bool,
}

/// Why a request got no answer: the host itself failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostFailure {
    /// The host process exited (or closed its stdout).
    Exited {
        /// Exit code, when it exited.
        code: Option<i32>,
        /// Signal, when killed by one.
        signal: Option<i32>,
        /// The tail of its stderr.
        stderr: String,
    },
    /// The host left a liveness ping (or a write) unanswered too long.
    Unresponsive {
        /// How long it was given.
        waited: Duration,
    },
    /// A handler ran past its timeout plus the grace, and the host did not end it.
    GuardExpired {
        /// The handler's timeout.
        timeout: Duration,
    },
}

impl HostFailure {
    /// A one-line description naming the runtime.
    pub fn describe(&self, runtime: Runtime) -> String {
        match self {
            HostFailure::Exited { code, signal, .. } => {
                let how = match (code, signal) {
                    (Some(c), _) => format!("exited with code {c}"),
                    (None, Some(s)) => format!("was killed by signal {s}"),
                    (None, None) => "exited".to_string(),
                };
                format!("the {runtime} hook host {how} while running the handler")
            }
            HostFailure::Unresponsive { waited } => format!(
                "the {runtime} hook host stopped answering (no reply to a liveness ping within {} ms) and was killed",
                waited.as_millis()
            ),
            HostFailure::GuardExpired { timeout } => format!(
                "the handler did not finish within its {} ms timeout and the {runtime} hook host did not end it; the host was killed",
                timeout.as_millis()
            ),
        }
    }
}

/// An error the JavaScript side reported for one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsError {
    /// The error's `code` property, when it has one (`security_policy`, `runtime_mismatch`...).
    pub code: Option<String>,
    /// Its message.
    pub message: String,
}

impl std::fmt::Display for JsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.code {
            Some(code) => write!(f, "{code}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

struct Shared {
    pending: Mutex<HashMap<u64, UnboundedSender<Value>>>,
    closed: AtomicBool,
    stderr_tail: Mutex<VecDeque<String>>,
}

impl Shared {
    fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        // Dropping the senders wakes every waiter with "host gone".
        lock(&self.pending).clear();
    }

    fn keep_stderr(&self, line: &str) {
        let mut tail = lock(&self.stderr_tail);
        if tail.len() == STDERR_TAIL_LINES {
            tail.pop_front();
        }
        tail.push_back(crate::cut_bytes(line, STDERR_LINE_MAX_BYTES).to_string());
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding one of these locks leaves plain data behind; keep going.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes a request id from the pending map when the waiter goes away, whatever the reason.
struct PendingGuard<'a> {
    shared: &'a Shared,
    id: u64,
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        lock(&self.shared.pending).remove(&self.id);
    }
}

/// A running host process.
pub(crate) struct HostProcess {
    /// Its handshake.
    pub hello: Hello,
    child: Mutex<Child>,
    stdin: tokio::sync::Mutex<Option<ChildStdin>>,
    next_id: AtomicU64,
    shared: Arc<Shared>,
    /// Modules loaded in this process (by key): `Ok` loaded, `Err` failed to load.
    pub loaded: tokio::sync::Mutex<HashMap<String, Result<(), String>>>,
}

impl HostProcess {
    /// Spawns `program [args] script` and waits for its hello.
    pub async fn spawn(
        program: &Path,
        args: &[std::ffi::OsString],
        script: &Path,
        options: &HostOptions,
    ) -> Result<HostProcess, String> {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Some(cwd) = &options.cwd {
            cmd.current_dir(cwd);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", program.display()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(format!("could not open the pipes of {}", program.display()));
        };
        let shared = Arc::new(Shared {
            pending: Mutex::new(HashMap::new()),
            closed: AtomicBool::new(false),
            stderr_tail: Mutex::new(VecDeque::new()),
        });

        // Drain stderr all along so a chatty module can never block on a full pipe.
        let err_shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                err_shared.keep_stderr(&line);
            }
        });

        let mut lines = BufReader::new(stdout).lines();
        let hello = tokio::time::timeout(options.liveness_timeout, async {
            loop {
                match lines.next_line().await {
                    Ok(Some(line)) => {
                        if let Some(h) = serde_json::from_str::<Value>(&line)
                            .ok()
                            .and_then(|v| v.get("hello").cloned())
                        {
                            return Some(h);
                        }
                        shared.keep_stderr(&format!("[stdout] {line}"));
                    }
                    _ => return None,
                }
            }
        })
        .await;
        let hello = match hello {
            Ok(Some(h)) => Hello {
                runtime: h["runtime"].as_str().unwrap_or_default().to_string(),
                version: h["version"].as_str().unwrap_or_default().to_string(),
                typescript: h["typescript"].as_bool().unwrap_or(false),
            },
            Ok(None) => {
                let _ = child.start_kill();
                let status = child.wait().await.ok();
                return Err(format!(
                    "{} exited before the hook host started ({}){}",
                    program.display(),
                    status.map_or_else(|| "unknown status".to_string(), |s| s.to_string()),
                    tail_suffix(&shared)
                ));
            }
            Err(_) => {
                let _ = child.start_kill();
                return Err(format!(
                    "{} did not start the hook host within {} ms{}",
                    program.display(),
                    options.liveness_timeout.as_millis(),
                    tail_suffix(&shared)
                ));
            }
        };

        let reader_shared = Arc::clone(&shared);
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                let msg = match serde_json::from_str::<Value>(&line) {
                    Ok(v @ Value::Object(_)) => v,
                    _ => {
                        reader_shared.keep_stderr(&format!("[stdout] {line}"));
                        continue;
                    }
                };
                let Some(id) = msg.get("id").and_then(Value::as_u64) else {
                    reader_shared.keep_stderr(&format!("[stdout] {line}"));
                    continue;
                };
                let mut pending = lock(&reader_shared.pending);
                let fin = msg.get("ok").is_some();
                if let Some(tx) = pending.get(&id) {
                    let _ = tx.send(msg);
                }
                if fin {
                    pending.remove(&id);
                }
            }
            reader_shared.close();
        });

        Ok(HostProcess {
            hello,
            child: Mutex::new(child),
            stdin: tokio::sync::Mutex::new(Some(stdin)),
            next_id: AtomicU64::new(1),
            shared,
            loaded: tokio::sync::Mutex::new(HashMap::new()),
        })
    }

    /// The OS process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        lock(&self.child).id()
    }

    /// Whether the process still runs and its stdout is open.
    pub fn is_alive(&self) -> bool {
        if self.shared.closed.load(Ordering::SeqCst) {
            return false;
        }
        matches!(lock(&self.child).try_wait(), Ok(None))
    }

    /// Kills the process now (SIGKILL). Every pending request fails.
    pub fn kill(&self) {
        let _ = lock(&self.child).start_kill();
        self.shared.close();
    }

    /// Closes stdin (the host exits on its own), waits up to `grace`, then kills.
    pub async fn shutdown(&self, grace: Duration) {
        self.stdin.lock().await.take();
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if !matches!(lock(&self.child).try_wait(), Ok(None)) {
                self.shared.close();
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.kill();
    }

    async fn write_line(&self, line: &str, options: &HostOptions) -> Result<(), HostFailure> {
        let write = async {
            let mut stdin = self.stdin.lock().await;
            let Some(stdin) = stdin.as_mut() else {
                return Err(());
            };
            stdin.write_all(line.as_bytes()).await.map_err(|_| ())?;
            stdin.flush().await.map_err(|_| ())
        };
        match tokio::time::timeout(options.liveness_timeout, write).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(())) => Err(self.exited().await),
            Err(_) => Err(HostFailure::Unresponsive {
                waited: options.liveness_timeout,
            }),
        }
    }

    /// How the process ended, waiting briefly for the OS to report it.
    async fn exited(&self) -> HostFailure {
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = lock(&self.child).try_wait() {
                status = Some(s);
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // The stderr drain may still hold the last lines; give it a moment.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let stderr = lock(&self.shared.stderr_tail)
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join("\n");
        HostFailure::Exited {
            code: status.and_then(|s| s.code()),
            signal: status.and_then(signal_of),
            stderr,
        }
    }

    fn register(&self) -> (u64, UnboundedReceiver<Value>) {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = unbounded_channel();
        lock(&self.shared.pending).insert(id, tx);
        (id, rx)
    }

    /// Sends one request and waits for its final answer, watching the host meanwhile:
    /// a liveness ping every `liveness_interval` must be answered within `liveness_timeout`,
    /// and, when `handler_timeout` is given, each handler the host reports starting must end
    /// within that timeout plus `guard_grace`.
    pub async fn request(
        &self,
        mut body: Map<String, Value>,
        handler_timeout: Option<Duration>,
        options: &HostOptions,
    ) -> Result<Result<Value, JsError>, HostFailure> {
        if self.shared.closed.load(Ordering::SeqCst) {
            return Err(self.exited().await);
        }
        let (id, mut rx) = self.register();
        let _guard = PendingGuard {
            shared: &self.shared,
            id,
        };
        body.insert("id".into(), json!(id));
        self.write_line(&format!("{}\n", Value::Object(body)), options)
            .await?;

        let mut ping: Option<(u64, UnboundedReceiver<Value>, Instant)> = None;
        let mut handler_deadline: Option<Instant> = None;
        // The first ping goes out one interval after the request: a quick answer needs none.
        // (Awaiting an interval's immediate first tick would cost a timer-wheel tick, ~1 ms.)
        let mut tick = tokio::time::interval_at(
            Instant::now() + options.liveness_interval,
            options.liveness_interval,
        );
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let deadline = handler_deadline;
            let guard_sleep = async move {
                match deadline {
                    Some(t) => sleep_until(t).await,
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else {
                        return Err(self.exited().await);
                    };
                    if msg.get("progress").is_some() {
                        handler_deadline = handler_timeout.map(|t| Instant::now() + t + options.guard_grace);
                        continue;
                    }
                    if msg["ok"].as_bool() == Some(true) {
                        return Ok(Ok(msg.get("result").cloned().unwrap_or(Value::Null)));
                    }
                    let err = &msg["error"];
                    return Ok(Err(JsError {
                        code: err["code"].as_str().map(str::to_string),
                        message: err["message"].as_str().unwrap_or("unknown error").to_string(),
                    }));
                }
                _ = guard_sleep => {
                    return Err(HostFailure::GuardExpired {
                        timeout: handler_timeout.unwrap_or_default(),
                    });
                }
                _ = tick.tick() => {
                    match &mut ping {
                        Some((ping_id, prx, sent)) => {
                            if prx.try_recv().is_ok() {
                                lock(&self.shared.pending).remove(ping_id);
                                ping = None;
                            } else if sent.elapsed() >= options.liveness_timeout {
                                lock(&self.shared.pending).remove(ping_id);
                                return Err(HostFailure::Unresponsive { waited: options.liveness_timeout });
                            }
                        }
                        None => {
                            let (ping_id, prx) = self.register();
                            let line = format!("{}\n", json!({"id": ping_id, "op": "ping"}));
                            if let Err(failure) = self.write_line(&line, options).await {
                                lock(&self.shared.pending).remove(&ping_id);
                                return Err(failure);
                            }
                            ping = Some((ping_id, prx, Instant::now()));
                        }
                    }
                }
            }
        }
    }
}

fn tail_suffix(shared: &Shared) -> String {
    let tail = lock(&shared.stderr_tail);
    if tail.is_empty() {
        String::new()
    } else {
        format!(
            "; stderr: {}",
            tail.iter().cloned().collect::<Vec<_>>().join("\n")
        )
    }
}

#[cfg(unix)]
fn signal_of(status: std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal_of(_: std::process::ExitStatus) -> Option<i32> {
    None
}
