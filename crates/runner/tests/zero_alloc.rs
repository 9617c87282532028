//! A dispatch that matches no hook allocates nothing (a counting global allocator, armed only on
//! the test's own thread). A dedicated test binary: the allocator is process-wide.

mod common;

use common::*;
use hook_ir::Convention::{ClaudeSettings, CodexJson, Jarvis};
use hook_ir::{Dialect, Matcher};
use runner::{Event, Runner, RunnerOptions};
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll, Waker};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);
thread_local! {
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

fn note() {
    // `try_with`: the allocator can run while thread-locals are being torn down.
    if ARMED.try_with(Cell::get).unwrap_or(false) {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
    }
}

#[allow(unsafe_code)]
// SAFETY: every call is forwarded unchanged to the system allocator; counting has no effect on
// the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ALLOCS.store(0, Ordering::Relaxed);
    ARMED.with(|a| a.set(true));
    let out = f();
    ARMED.with(|a| a.set(false));
    (out, ALLOCS.load(Ordering::Relaxed))
}

/// Polls a future once, outside any runtime: a no-match dispatch must be ready at once.
fn poll_once<F: Future>(f: F) -> Poll<F::Output> {
    let mut f = std::pin::pin!(f);
    f.as_mut().poll(&mut Context::from_waker(Waker::noop()))
}

fn ecma(pattern: &str) -> Matcher {
    Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: pattern.into(),
    }
}

#[test]
fn dispatch_with_hooks_configured_but_none_matching_allocates_nothing() {
    let d = tempfile::tempdir().unwrap();
    let exact = Matcher::Exact {
        names: vec!["Write".into(), "Edit".into()],
    };
    let rust = Matcher::Regex {
        dialect: Dialect::Rust,
        pattern: "^(Write|Edit)$".into(),
    };
    let hooks = vec![
        hook_m("a", Jarvis, "PreToolUse", "exit 2", exact.clone()),
        hook_m("b", CodexJson, "PreToolUse", "exit 2", rust),
        // ECMAScript literal alternations (the common Jarvis/Claude tool matchers) take
        // hook-ir's non-allocating path. (Other ECMAScript regexes go through `regress`, which
        // allocates its backtracking state on every search; see the Runner docs.)
        hook_m(
            "f",
            Jarvis,
            "PreToolUse",
            "exit 2",
            ecma("Write|Edit|MultiEdit"),
        ),
        hook_m(
            "g",
            ClaudeSettings,
            "PreToolUse",
            "exit 2",
            ecma("^(?:Write|Edit)$"),
        ),
        hook_m("h", Jarvis, "PreToolUse", "exit 2", ecma("^mcp__")),
        hook("c", ClaudeSettings, "UserPromptSubmit", "exit 2"),
        hook_m(
            "d",
            Jarvis,
            "SessionStart",
            "exit 2",
            Matcher::Exact {
                names: vec!["resume".into()],
            },
        ),
        hook("e", Jarvis, "PostToolUse", "exit 2"),
    ];
    let r = Runner::new(
        hooks,
        RunnerOptions {
            cwd: Some(d.path().into()),
            ..RunnerOptions::default()
        },
    );
    let pre = Event::pre_tool_use("Bash", json!({"command": "ls"}));
    let start = Event::session_start("startup");
    let stop = Event::stop();
    // Warm up lazily initialised regex caches.
    let _ = r.dispatch_blocking(&pre);

    let (dec, n) = count(|| r.dispatch_blocking(&pre));
    assert_eq!(n, 0, "dispatch_blocking allocated");
    assert!(!dec.is_block() && dec.hooks.is_empty());
    assert!(
        r.has_match(&Event::pre_tool_use("MultiEdit", json!({})))
            && r.has_match(&Event::pre_tool_use("mcp__github__search", json!({}))),
        "the literal matchers do fire for their names"
    );
    let (_, n) = count(|| r.dispatch_blocking(&start));
    assert_eq!(n, 0, "session_start allocated");
    let (_, n) = count(|| r.dispatch_blocking(&stop));
    assert_eq!(n, 0, "a kind without hooks allocated");
    let (ready, n) = count(|| poll_once(r.dispatch(&pre)).is_ready());
    assert!(
        ready,
        "a no-match async dispatch is ready at the first poll: no task, no runtime"
    );
    assert_eq!(n, 0, "async dispatch allocated");
}
