//! Helpers shared by the runner's integration tests: IR hooks built like the adapters build
//! them, and real executable scripts written into temp dirs.
#![allow(dead_code)]

use hook_ir::contract::find;
use hook_ir::{Convention, Detail, Exec, Handler, Hook, Location, Matcher};
use runner::{Decision, Event, Runner, RunnerOptions};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A command hook of `convention` for its `event`, as an adapter would produce it.
pub fn hook(id: &str, convention: Convention, event: &str, command: &str) -> Hook {
    let kind = find(convention, event)
        .and_then(|r| r.kind())
        .unwrap_or_else(|| panic!("{convention} {event} is not an accepted event"));
    let exec = match convention {
        Convention::Jcode => Exec::Direct,
        Convention::CodexJson => Exec::LoginShell,
        _ => Exec::Shell,
    };
    Hook {
        plugin_root: None,
        source_file: None,
        id: id.to_string(),
        kind,
        convention,
        source_event: event.to_string(),
        matcher: Matcher::Any,
        handler: Handler::Command {
            command: command.to_string(),
            exec,
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("test"),
        detail: Detail::None,
    }
}

/// The same with a timeout.
pub fn hook_t(id: &str, c: Convention, event: &str, command: &str, ms: u64) -> Hook {
    Hook {
        timeout_ms: Some(ms),
        ..hook(id, c, event, command)
    }
}

/// The same with a matcher.
pub fn hook_m(id: &str, c: Convention, event: &str, command: &str, m: Matcher) -> Hook {
    Hook {
        matcher: m,
        ..hook(id, c, event, command)
    }
}

/// Writes an executable shell script `name` into `dir`.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Options with a session id and cwd.
pub fn opts(cwd: &Path) -> RunnerOptions {
    RunnerOptions {
        session_id: Some("ses_1".into()),
        cwd: Some(cwd.to_path_buf()),
        ..RunnerOptions::default()
    }
}

/// Builds a runner and dispatches one event on a fresh tokio runtime.
pub fn dispatch(hooks: Vec<Hook>, options: RunnerOptions, event: &Event) -> Decision {
    let r = Runner::new(hooks, options);
    rt().block_on(r.dispatch(event))
}

/// A multi-thread runtime for tests.
pub fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Waits until `f` is true, for up to a minute; returns whether it became true. Every caller
/// waits for something that happens at once on an idle machine: the bound only turns a real
/// hang into a failure, and is wide so that a loaded machine is not mistaken for one.
pub fn eventually(mut f: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + Duration::from_secs(60);
    while Instant::now() < end {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    f()
}

/// Reads a file the hook wrote, waiting (up to a minute) for it to appear (observers are not
/// awaited). The hook must write it atomically (a temp file, then `mv`): its appearance then
/// means it is complete, with no guess about when a writer has finished.
pub fn read_eventually(p: &Path) -> String {
    assert!(eventually(|| p.exists()), "{} never appeared", p.display());
    std::fs::read_to_string(p).unwrap()
}

/// Whether process `pid` is gone (or a zombie, which holds no resources but its pid).
pub fn process_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(s) => s
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// Shell-quotes a path for a script body.
pub fn q(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}
