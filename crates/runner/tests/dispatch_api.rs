//! The dispatch API: the module-host seam, import-only conventions, invalid matchers, and the
//! blocking entry point inside and outside a tokio runtime.

mod common;

use common::*;
use hook_ir::{Convention, Dialect, Handler, Hook, Kind, Matcher};
use runner::{
    Decision, Event, HookOutcome, ModuleDispatch, ModuleFuture, OutcomeKind, Runner, RunnerOptions,
    Session, Verdict,
};
use serde_json::json;
use std::sync::Arc;

fn module_hook(id: &str, convention: Convention) -> Hook {
    Hook {
        handler: Handler::Module {
            path: format!("{id}.js"),
        },
        convention,
        source_event: "tool_call".into(),
        ..hook(id, Convention::Jarvis, "PreToolUse", "unused")
    }
}

/// A host that blocks every tool call whose module is named `deny*`, as a GJC `tool_call`
/// handler returning `{block: true, reason}` would.
struct NamePolicyHost;

impl ModuleDispatch for NamePolicyHost {
    fn dispatch<'a>(
        &'a self,
        _c: Convention,
        hooks: &'a [&'a Hook],
        event: &'a Event,
        session: &'a Session,
    ) -> ModuleFuture<'a> {
        Box::pin(async move {
            let mut d = Decision::allow(event.kind());
            for h in hooks {
                let deny = h.id.starts_with("deny");
                d.hooks.push(HookOutcome {
                    id: h.id.clone(),
                    outcome: if deny {
                        OutcomeKind::Blocked
                    } else {
                        OutcomeKind::Allowed
                    },
                    exit_code: None,
                    signal: None,
                    duration_ms: 0,
                    stderr: String::new(),
                    error: None,
                    detached: false,
                    not_loaded: false,
                });
                if deny && !d.is_block() {
                    d.verdict = Verdict::Block {
                        reason: format!(
                            "{} in {}",
                            h.id,
                            session.session_id.as_deref().unwrap_or("?")
                        ),
                    };
                }
            }
            d.effects.push(json!({"effect": "sendMessage"}));
            d
        })
    }
}

#[test]
fn module_hooks_without_a_host_fail_clearly_and_never_block() {
    let d = tempfile::tempdir().unwrap();
    let r = Runner::new(vec![module_hook("deny1", Convention::Gjc)], opts(d.path()));
    let dec = r.dispatch_blocking(&Event::pre_tool_use("Bash", json!({})));
    assert_eq!(dec.verdict, Verdict::Allow);
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(
        dec.hooks[0].error.as_deref(),
        Some("module hooks need the JavaScript host")
    );
}

#[test]
fn module_hooks_go_through_the_seam_and_combine_in_hook_order() {
    let d = tempfile::tempdir().unwrap();
    let o = RunnerOptions {
        module_dispatch: Some(Arc::new(NamePolicyHost)),
        ..opts(d.path())
    };
    let hooks = vec![
        module_hook("ok", Convention::Gjc),
        hook(
            "jarvis",
            Convention::Jarvis,
            "PreToolUse",
            "echo later-block >&2; exit 2",
        ),
        module_hook("deny-plugin", Convention::GjcPlugin),
    ];
    let mut hooks = hooks;
    hooks[2].source_event = "tool_call/before".into();
    let r = Runner::new(hooks, o);
    let dec = r.dispatch_blocking(&Event::pre_tool_use("Bash", json!({})));
    let ids: Vec<_> = dec
        .hooks
        .iter()
        .map(|h| (h.id.as_str(), h.outcome))
        .collect();
    assert_eq!(
        ids,
        [
            ("ok", OutcomeKind::Allowed),
            ("jarvis", OutcomeKind::Blocked),
            ("deny-plugin", OutcomeKind::Blocked)
        ]
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "later-block".into()
        },
        "the Jarvis hook comes first in hook order"
    );
    assert_eq!(dec.effects.len(), 2, "one effect per module group");
}

#[test]
fn import_only_hooks_never_execute() {
    let d = tempfile::tempdir().unwrap();
    let marker = d.path().join("ran");
    let mut h = hook(
        "dir",
        Convention::Jarvis,
        "PreToolUse",
        &format!("touch {}", q(&marker)),
    );
    h.convention = Convention::ClaudeDir;
    h.source_event = "pre".into();
    let r = Runner::new(vec![h], opts(d.path()));
    let dec = r.dispatch_blocking(&Event::pre_tool_use("Bash", json!({})));
    assert_eq!(dec.hooks[0].outcome, OutcomeKind::Failed);
    assert!(dec.hooks[0]
        .error
        .as_deref()
        .unwrap()
        .contains("import-only"));
    assert!(!marker.exists());
}

#[test]
fn a_matcher_that_does_not_compile_skips_its_hook_at_construction() {
    let d = tempfile::tempdir().unwrap();
    let bad = Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: "(".into(),
    };
    let r = Runner::new(
        vec![hook_m("h", Convention::Jarvis, "PreToolUse", "exit 2", bad)],
        opts(d.path()),
    );
    assert_eq!(r.skipped()[0].id, "h");
    assert!(!r
        .dispatch_blocking(&Event::pre_tool_use("(", json!({})))
        .is_block());
}

#[test]
fn matchers_are_ignored_where_the_convention_ignores_them() {
    let d = tempfile::tempdir().unwrap();
    // Codex ignores matchers on UserPromptSubmit (conventions.md §4).
    let m = Matcher::Exact {
        names: vec!["never".into()],
    };
    let r = Runner::new(
        vec![hook_m(
            "h",
            Convention::CodexJson,
            "UserPromptSubmit",
            "exit 7",
            m,
        )],
        opts(d.path()),
    );
    assert_eq!(
        r.dispatch_blocking(&Event::user_prompt_submit("p"))
            .hooks
            .len(),
        1
    );
}

#[test]
fn dispatch_blocking_works_inside_a_tokio_runtime_too() {
    let d = tempfile::tempdir().unwrap();
    let r = Runner::new(
        vec![hook(
            "h",
            Convention::Jarvis,
            "Stop",
            "echo go on >&2; exit 2",
        )],
        opts(d.path()),
    );
    let dec = rt().block_on(async { r.dispatch_blocking(&Event::stop()) });
    assert_eq!(dec.continuation.as_deref(), Some("go on"));
    assert_eq!(dec.kind, Kind::Stop);
    // And the runner (which owns a runtime by now) can be dropped inside a runtime.
    rt().block_on(async move { drop(r) });
}

#[test]
fn session_defaults_are_documented_values() {
    let r = Runner::new(Vec::new(), RunnerOptions::default());
    let s = r.session();
    assert_eq!(s.client_type, "kimi_code_cli");
    assert_eq!(s.cwd.as_deref(), std::env::current_dir().ok().as_deref());
    assert_eq!(s.project_dir, s.cwd);
    assert_eq!(s.home, std::env::var_os("HOME").map(Into::into));
}

#[test]
fn the_runner_is_shareable_and_its_dispatch_future_can_be_spawned() {
    fn send_sync<T: Send + Sync>(_: &T) {}
    fn send<T: Send>(_: &T) {}
    let r = Runner::new(Vec::new(), RunnerOptions::default());
    send_sync(&r);
    let ev = Event::stop();
    let fut = r.dispatch(&ev);
    send(&fut);
    drop(fut);
    // A tokio::spawn of a dispatch over an Arc'd runner compiles and runs.
    let r = Arc::new(r);
    let dec = rt().block_on(async move {
        tokio::spawn(async move { r.dispatch(&Event::stop()).await })
            .await
            .unwrap()
    });
    assert!(!dec.is_block());
}
