//! Scripted model servers on 127.0.0.1: one HTTP loop that records every request, and one module
//! per wire API that turns a request into the scripted answer. A new API (Gemini's
//! `streamGenerateContent`) is one more module implementing [`Api`].

pub mod anthropic;
pub mod chat;
pub mod gemini;
pub mod openai;

use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// What the scripted model does in one scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelScript {
    /// The shell command of the one tool call the model makes, on its first turn. `None`: it
    /// never calls a tool.
    pub tool_command: Option<String>,
    /// The text it answers once the tool call is done (or at once, without a tool call).
    pub final_text: String,
    /// Instead of the shell call, a call of this tool: `{"name", "arguments"}` (served by the
    /// Chat Completions API only, for Copilot CLI's `view`, `create`, `edit`, `grep`, `glob`).
    pub tool_call: Option<Value>,
}

/// One answer of a wire API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The whole body (an SSE stream is sent at once: the agents parse it incrementally anyway).
    pub body: String,
}

impl Reply {
    /// A JSON reply.
    pub fn json(status: u16, v: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: v.to_string(),
        }
    }

    /// A server-sent-events reply from `(event, data)` pairs.
    pub fn sse<'a>(events: impl IntoIterator<Item = (&'a str, Value)>) -> Reply {
        let mut body = String::new();
        for (event, data) in events {
            body.push_str(&format!("event: {event}\ndata: {data}\n\n"));
        }
        Reply {
            status: 200,
            content_type: "text/event-stream",
            body,
        }
    }

    /// A server-sent-events reply of `data:` lines only, closed by `data: [DONE]` (the Chat
    /// Completions stream, which names no events).
    pub fn sse_data(chunks: impl IntoIterator<Item = Value>) -> Reply {
        let mut body = String::new();
        for data in chunks {
            body.push_str(&format!("data: {data}\n\n"));
        }
        body.push_str("data: [DONE]\n\n");
        Reply {
            status: 200,
            content_type: "text/event-stream",
            body,
        }
    }
}

/// A model wire API: which requests it answers, and how.
pub trait Api: Send + Sync {
    /// The answer to `POST path` with JSON `body` (`Value::Null` when the body is not JSON), or
    /// `None` to answer 404.
    fn reply(&self, path: &str, body: &Value, script: &ModelScript) -> Option<Reply>;
}

/// One request the server received.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// Wall clock at arrival, in nanoseconds since the Unix epoch (the clock hook scripts log
    /// with `date +%s%N`, so requests and hook runs form one timeline).
    pub at_ns: u128,
    /// HTTP method.
    pub method: String,
    /// Path and query.
    pub path: String,
    /// The body as JSON (`Null` when it was not JSON).
    pub body: Value,
}

/// A running scripted model server. It stops when dropped, at the latest at its deadline.
pub struct ModelServer {
    port: u16,
    requests: Arc<Mutex<Vec<Recorded>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Nanoseconds since the Unix epoch.
pub fn now_ns() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

impl ModelServer {
    /// Starts a server on `127.0.0.1` (an ephemeral port) that answers with `api` under `script`
    /// and stops by itself after `deadline`.
    pub fn start(
        api: Box<dyn Api>,
        script: ModelScript,
        deadline: Duration,
    ) -> std::io::Result<ModelServer> {
        let server = tiny_http::Server::http("127.0.0.1:0").map_err(std::io::Error::other)?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or_else(|| std::io::Error::other("the server has no IP address"))?;
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (reqs, stopping) = (Arc::clone(&requests), Arc::clone(&stop));
        let thread = std::thread::Builder::new()
            .name("model-server".into())
            .spawn(move || serve(server, api, script, reqs, stopping, deadline))?;
        Ok(ModelServer {
            port,
            requests,
            stop,
            thread: Some(thread),
        })
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Stops the server and returns every request it received, in arrival order.
    pub fn finish(mut self) -> Vec<Recorded> {
        self.halt();
        std::mem::take(&mut *self.requests.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        self.halt();
    }
}

fn serve(
    server: tiny_http::Server,
    api: Box<dyn Api>,
    script: ModelScript,
    requests: Arc<Mutex<Vec<Recorded>>>,
    stop: Arc<AtomicBool>,
    deadline: Duration,
) {
    let started = Instant::now();
    while !stop.load(Ordering::SeqCst) && started.elapsed() < deadline {
        let mut req = match server.recv_timeout(Duration::from_millis(50)) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(_) => break,
        };
        let at_ns = now_ns();
        let mut raw = Vec::new();
        // A body larger than this is not a model request of ours; keep the start.
        let _ = std::io::Read::read_to_end(
            &mut std::io::Read::take(req.as_reader(), 64 << 20),
            &mut raw,
        );
        let body: Value = serde_json::from_slice(&raw).unwrap_or(Value::Null);
        let method = req.method().as_str().to_string();
        let path = req.url().to_string();
        let reply = if method == "POST" {
            api.reply(&path, &body, &script)
        } else {
            None
        };
        requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Recorded {
                at_ns,
                method,
                path,
                body,
            });
        let reply = reply.unwrap_or(Reply {
            status: 404,
            content_type: "application/json",
            body: r#"{"error":{"type":"not_found","message":"not scripted"}}"#.into(),
        });
        let header = tiny_http::Header::from_bytes("Content-Type", reply.content_type)
            .expect("a static header is valid");
        let response = tiny_http::Response::from_string(reply.body)
            .with_status_code(reply.status)
            .with_header(header);
        let _ = req.respond(response);
    }
}
