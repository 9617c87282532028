//! The Runner and the JavaScript host together: module hooks dispatched through
//! `Runner::dispatch` via the `ModuleDispatch` seam, mixed with command hooks.

mod module_host_support;

use hook_ir::{Convention, Detail, Exec, Handler, Hook, Kind, Location, Matcher};
use module_host_support::{gjc, options, write};
use runner::module_host::ModuleHost;
use runner::{Event, OutcomeKind, Runner, RunnerOptions, Verdict};
use std::sync::Arc;

fn runner_with_host(hooks: Vec<Hook>, cwd: &std::path::Path) -> Runner {
    Runner::new(
        hooks,
        RunnerOptions {
            cwd: Some(cwd.to_path_buf()),
            module_dispatch: Some(Arc::new(ModuleHost::new(options()))),
            ..RunnerOptions::default()
        },
    )
}

fn jarvis_pre(id: &str, command: &str) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: id.into(),
        kind: Kind::PreToolUse,
        convention: Convention::Jarvis,
        source_event: "PreToolUse".into(),
        matcher: Matcher::Any,
        handler: Handler::Command {
            command: command.into(),
            exec: Exec::Shell,
        },
        timeout_ms: Some(30_000),
        scope: hook_ir::Scope::default(),
        location: Location::path_only("config.toml"),
        detail: Detail::None,
    }
}

const BLOCK_RM: &str = r#"export default (api) => {
  api.on("tool_call", (e) => {
    if (String(e.input?.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
};
"#;

#[test]
fn a_gjc_module_blocks_through_runner_dispatch_and_command_hooks_still_run() {
    let dir = tempfile::tempdir().unwrap();
    let module = write(dir.path(), ".gjc/hooks/pre/bash.js", BLOCK_RM);
    let marker = dir.path().join("jarvis-ran");
    let hooks = vec![
        gjc("gjc:bash", &module, "tool_call", "bash"),
        jarvis_pre("jarvis:touch", &format!("touch '{}'", marker.display())),
    ];
    let r = runner_with_host(hooks, dir.path());
    let d = r.dispatch_blocking(&Event::pre_tool_use(
        "bash",
        serde_json::json!({"command": "rm -rf /"}),
    ));
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "no rm -rf".into()
        }
    );
    let ids: Vec<_> = d.hooks.iter().map(|h| (h.id.as_str(), h.outcome)).collect();
    assert!(ids.contains(&("gjc:bash", OutcomeKind::Blocked)), "{ids:?}");
    assert!(
        ids.contains(&("jarvis:touch", OutcomeKind::Allowed)),
        "{ids:?}"
    );
    assert!(marker.exists(), "the Jarvis hook ran alongside the module");

    let allow = r.dispatch_blocking(&Event::pre_tool_use(
        "bash",
        serde_json::json!({"command": "ls"}),
    ));
    assert_eq!(allow.verdict, Verdict::Allow);
}

#[test]
fn a_module_filed_for_another_tool_is_not_selected() {
    let dir = tempfile::tempdir().unwrap();
    let module = write(dir.path(), ".gjc/hooks/pre/bash.js", BLOCK_RM);
    let r = runner_with_host(
        vec![gjc("gjc:bash", &module, "tool_call", "bash")],
        dir.path(),
    );
    let d = r.dispatch_blocking(&Event::pre_tool_use(
        "edit",
        serde_json::json!({"command": "rm -rf /"}),
    ));
    assert_eq!(d.verdict, Verdict::Allow);
    assert!(d.hooks.is_empty(), "{:?}", d.hooks);
}

#[test]
fn handlers_after_a_block_get_a_skipped_outcome_through_the_seam() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(
        dir.path(),
        ".gjc/hooks/pre/a.js",
        BLOCK_RM.replace("no rm -rf", "first").as_str(),
    );
    let b = write(
        dir.path(),
        ".gjc/hooks/pre/b.js",
        BLOCK_RM.replace("no rm -rf", "second").as_str(),
    );
    let r = runner_with_host(
        vec![
            gjc("gjc:a", &a, "tool_call", "*"),
            gjc("gjc:b", &b, "tool_call", "*"),
        ],
        dir.path(),
    );
    let d = r.dispatch_blocking(&Event::pre_tool_use(
        "bash",
        serde_json::json!({"command": "rm -rf x"}),
    ));
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "first".into()
        }
    );
    assert_eq!(d.hooks.len(), 2);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Blocked);
    assert!(d.hooks[1]
        .error
        .as_deref()
        .unwrap_or("")
        .contains("earlier handler blocked"));
}

#[test]
fn handlers_see_the_runner_session_cwd_unless_the_host_has_its_own() {
    // Regression: the seam ignored the session, so `ctx.cwd` was the agent process's cwd.
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    let module = write(
        &project,
        ".gjc/hooks/pre/bash.js",
        "export default (api) => { api.on(\"tool_call\", (_e, ctx) => ({ block: true, reason: ctx.cwd })); };\n",
    );
    let reason = |host: ModuleHost| {
        let r = Runner::new(
            vec![gjc("gjc:bash", &module, "tool_call", "bash")],
            RunnerOptions {
                cwd: Some(project.clone()),
                module_dispatch: Some(Arc::new(host)),
                ..RunnerOptions::default()
            },
        );
        let d = r.dispatch_blocking(&Event::pre_tool_use("bash", serde_json::json!({})));
        match d.verdict {
            Verdict::Block { reason } => reason,
            Verdict::Allow => panic!("the module blocks: {:?}", d.hooks),
        }
    };
    assert_eq!(
        reason(ModuleHost::new(options())),
        project.display().to_string()
    );
    let own = dir.path().to_path_buf();
    assert_eq!(
        reason(ModuleHost::new(runner::module_host::HostOptions {
            cwd: Some(own.clone()),
            ..options()
        })),
        own.display().to_string(),
        "an explicit HostOptions::cwd wins"
    );
}
