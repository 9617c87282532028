//! TypeScript hook modules: run by Bun when it is there (CI installs it with `npm ci`), and a
//! clear error naming what to install when no runtime can run them.

mod module_host_support;

use module_host_support::{bun, gjc, options, write};
use runner::module_host::{ModuleHost, Runtime};
use runner::{Event, OutcomeKind, Verdict};
use serde_json::json;

/// A missing Bun fails the test: a skipped TypeScript test would pass without testing anything.
fn require_bun() {
    assert!(
        bun().is_some(),
        "Bun is missing: run `npm ci` at the workspace root (it installs node_modules/.bin/bun)"
    );
}

const TS_GUARD: &str = r#"
interface ToolCall { toolName: string; input: { command?: string } }
export default function (api: { on(e: string, h: (e: ToolCall) => unknown): void }): void {
    api.on("tool_call", (event: ToolCall) => {
        const command: string = event.input.command ?? "";
        if (command.startsWith("git push")) return { block: true, reason: `typed: ${event.toolName}` };
        return undefined;
    });
}
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typescript_module_runs_in_bun_next_to_a_javascript_one_in_node() {
    require_bun();
    let dir = tempfile::tempdir().unwrap();
    let js = write(
        dir.path(),
        ".gjc/hooks/pre/a.js",
        r#"export default function (api) { api.on("tool_call", () => ({ block: false })); }"#,
    );
    let ts = write(dir.path(), ".gjc/hooks/pre/bash.ts", TS_GUARD);
    let h1 = gjc("js", &js, "tool_call", "*");
    let h2 = gjc("ts", &ts, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(
            &[&h1, &h2],
            &Event::pre_tool_use("bash", json!({"command": "git push -f"})),
        )
        .await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "typed: bash".into()
        }
    );
    let outcomes: Vec<_> = d.hooks.iter().map(|h| h.outcome).collect();
    assert_eq!(outcomes, [OutcomeKind::Allowed, OutcomeKind::Blocked]);
    assert_eq!(host.starts(Runtime::Node), 1);
    assert_eq!(host.starts(Runtime::Bun), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_bun_a_typescript_module_names_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let ts = write(dir.path(), ".gjc/hooks/pre/bash.ts", TS_GUARD);
    let h = gjc("ts", &ts, "tool_call", "bash");
    let mut o = options();
    o.bun = None;
    let host = ModuleHost::new(o);
    let d = host
        .dispatch(
            &[&h],
            &Event::pre_tool_use("bash", json!({"command": "git push"})),
        )
        .await;
    assert_eq!(host.starts(Runtime::Bun), 0);
    if node_strips_types() {
        // A Node.js that strips types (23.6+) runs the module itself: nothing to install, and
        // the guard's own answer comes back.
        assert_eq!(d.hooks[0].outcome, OutcomeKind::Blocked, "{d:?}");
        assert_eq!(
            d.verdict,
            Verdict::Block {
                reason: "typed: bash".into()
            }
        );
        assert_eq!(host.starts(Runtime::Node), 1);
    } else {
        // This Node.js cannot strip types: the error names where Bun was looked for and what
        // to install. GJC always has a runtime (it runs on Bun), so nothing says what the guard
        // would answer: `tool_call` fails closed, as for a host that crashed.
        assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed, "{d:?}");
        assert!(d.hooks[0].not_loaded, "{d:?}");
        let error = d.hooks[0].error.as_deref().unwrap();
        let module_dir = ts.parent().unwrap().display().to_string();
        assert!(
            error.contains("Bun was not found (not on PATH, and no node_modules/.bin/bun in")
                && error.contains(&module_dir)
                && error.contains(
                    "install Bun (`npm install bun` in the project, or put `bun` on PATH)"
                ),
            "{error}"
        );
        let Verdict::Block { reason } = &d.verdict else {
            panic!("a guard with no runtime must fail closed: {d:?}");
        };
        assert_eq!(
            reason,
            &format!("Extension hook:{} failed: {error}", ts.display())
        );
        // An observer with no runtime is isolated: nothing blocks, the outcome says why.
        let post = write(
            dir.path(),
            ".gjc/hooks/post/bash.ts",
            "export default (api: any): void => { api.on(\"tool_result\", () => undefined); };\n",
        );
        let p = gjc("post", &post, "tool_result", "bash");
        let d = host
            .dispatch(&[&p], &Event::post_tool_use("bash", json!({}), "out"))
            .await;
        assert_eq!(d.verdict, Verdict::Allow);
        assert!(
            d.hooks[0].not_loaded && d.hooks[0].outcome == OutcomeKind::Failed,
            "{d:?}"
        );
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_configured_bun_the_one_npm_installed_in_the_project_runs_typescript() {
    // `npm install bun` writes node_modules/.bin/bun; the host finds it from the module's
    // folder upward, as Node.js finds a package, when no Bun is configured or on PATH.
    require_bun();
    let dir = tempfile::tempdir().unwrap();
    let ts = write(dir.path(), "project/.gjc/hooks/pre/bash.ts", TS_GUARD);
    let bin = dir.path().join("project/node_modules/.bin");
    std::fs::create_dir_all(&bin).unwrap();
    let real = std::fs::canonicalize(bun().unwrap()).unwrap();
    std::os::unix::fs::symlink(&real, bin.join("bun")).unwrap();
    let h = gjc("ts", &ts, "tool_call", "bash");
    let mut o = options();
    o.bun = None;
    let host = ModuleHost::new(o);
    let d = host
        .dispatch(
            &[&h],
            &Event::pre_tool_use("bash", json!({"command": "git push"})),
        )
        .await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "typed: bash".into()
        },
        "{d:?}"
    );
    assert_eq!(host.starts(Runtime::Bun), 1);
    assert_eq!(host.starts(Runtime::Node), 0);
}

/// Whether the `node` on PATH runs TypeScript by stripping types (on by default from Node.js
/// 23.6), asked of that node itself rather than guessed from its version.
fn node_strips_types() -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("probe.ts");
    std::fs::write(&f, "const n: number = 1;\nprocess.exit(n === 1 ? 0 : 3);\n").unwrap();
    std::process::Command::new("node")
        .arg(&f)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("node runs")
        .success()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashing_typescript_module_fails_closed_and_bun_restarts() {
    require_bun();
    let dir = tempfile::tempdir().unwrap();
    let crash = write(
        dir.path(),
        "crash/bash.ts",
        r#"export default function (api: any): void {
            api.on("tool_call", (): never => { console.log("bye from bun"); process.exit(7); });
        }"#,
    );
    let fine = write(dir.path(), "fine/bash.ts", TS_GUARD);
    let h1 = gjc("crash", &crash, "tool_call", "bash");
    let h2 = gjc("fine", &fine, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&h1], &Event::pre_tool_use("bash", json!({})))
        .await;
    let Verdict::Block { reason } = &d.verdict else {
        panic!("must fail closed: {d:?}");
    };
    assert!(
        reason.ends_with("failed: the bun hook host exited with code 7 while running the handler"),
        "{reason}"
    );
    assert_eq!(d.hooks[0].exit_code, Some(7));
    let d = host
        .dispatch(
            &[&h2],
            &Event::pre_tool_use("bash", json!({"command": "git push"})),
        )
        .await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "typed: bash".into()
        }
    );
    assert_eq!(host.starts(Runtime::Bun), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bun_hosts_redirect_module_output_and_report_effects() {
    require_bun();
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "post/bash.ts",
        r#"process.stdout.write("top-level noise\n");
        export default function (api: any): void {
            api.on("tool_result", (e: { content: { text: string }[] }) => {
                console.log("seen", e.content[0].text);
                api.sendMessage({ customType: "t", content: "ts" });
                return { content: [{ type: "text", text: e.content[0].text + " (bun)" }] };
            });
        }"#,
    );
    let h = gjc("ts", &m, "tool_result", "bash");
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&h], &Event::post_tool_use("bash", json!({}), "out"))
        .await;
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Allowed, "{d:?}");
    assert_eq!(d.hooks[0].stderr, "[info] seen out");
    assert_eq!(
        d.tool_result.unwrap().content,
        Some(json!([{"type": "text", "text": "out (bun)"}]))
    );
    assert_eq!(d.effects[0]["type"], "send_message");
}
