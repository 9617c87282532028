//! GJC `ExtensionRunner` contract, run for real in Node.js: block, allow, throw, hang,
//! mutation chain, tool filtering, messages, effects, outside-IR events, load-once.

mod module_host_support;

use module_host_support::{gjc, options, write};
use runner::module_host::{ModuleHost, Runtime};
use runner::{Event, OutcomeKind, Verdict};
use serde_json::json;
use std::time::Duration;

fn bash() -> Event {
    Event::pre_tool_use("bash", json!({"command": "rm -rf /"}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_returned_block_blocks_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        ".gjc/hooks/pre/bash.js",
        r#"export default function (api) {
            api.on("tool_call", async (event) => {
                if (event.input.command.includes("rm -rf")) return { block: true, reason: `no ${event.toolName}` };
            });
        }"#,
    );
    let hook = gjc("h1", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "no bash".into()
        }
    );
    assert_eq!(d.hooks.len(), 1);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Blocked);

    let d = host
        .dispatch(
            &[&hook],
            &Event::pre_tool_use("bash", json!({"command": "ls"})),
        )
        .await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Allowed);
    assert_eq!(host.starts(Runtime::Node), 1, "one long-lived host");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_block_wins_and_later_handlers_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("second-ran");
    // One module, two handlers: registration order; the second blocks.
    let first = write(
        dir.path(),
        "a/bash.js",
        r#"export default function (api) {
            api.on("tool_call", () => undefined);
            api.on("tool_call", () => ({ block: true, reason: "second handler of a" }));
            api.on("tool_call", () => ({ block: true, reason: "third handler of a" }));
        }"#,
    );
    let second = write(
        dir.path(),
        "b/bash.js",
        &format!(
            r#"import {{ writeFileSync }} from "node:fs";
            export default function (api) {{
                api.on("tool_call", () => {{ writeFileSync({:?}, "x"); return {{ block: true, reason: "b" }}; }});
            }}"#,
            marker.display().to_string()
        ),
    );
    let h1 = gjc("a", &first, "tool_call", "bash");
    let h2 = gjc("b", &second, "tool_call", "*");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&h1, &h2], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "second handler of a".into()
        }
    );
    assert_eq!(d.hooks.len(), 1, "the skipped hook has no outcome");
    assert!(!marker.exists(), "the later module never ran");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thrown_error_fails_closed_with_the_exact_reason() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        ".gjc/hooks/pre/bash.js",
        r#"export default function (api) {
            api.on("tool_call", async () => { throw new Error("boom"); });
        }"#,
    );
    let hook = gjc("h", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: format!("Extension hook:{} failed: boom", m.display())
        }
    );
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(d.hooks[0].error.as_deref(), Some("boom"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_call_has_no_timeout_while_the_host_stays_responsive() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/bash.js",
        r#"export default function (api) {
            api.on("tool_call", () => new Promise(() => {}));
        }"#,
    );
    let hook = gjc("h", &m, "tool_call", "bash");
    // The shared options: pings every 100 ms, a host that misses them for 3 s is dead. A
    // 1 s liveness timeout here made a loaded machine's slow pong look like a dead host.
    let host = ModuleHost::new(options());
    // Past every timeout the host has (liveness 3 s, tool_result 1 s) and some 40 pings: still
    // waiting, because an awaiting handler keeps answering pings and tool_call has no timeout.
    let waited =
        tokio::time::timeout(Duration::from_secs(4), host.dispatch(&[&hook], &bash())).await;
    assert!(waited.is_err(), "tool_call must not time out: {waited:?}");
    assert_eq!(host.starts(Runtime::Node), 1, "the host was never killed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_tool_result_handler_times_out_and_is_isolated() {
    let dir = tempfile::tempdir().unwrap();
    let hang = write(
        dir.path(),
        "post/bash.js",
        r#"export default function (api) {
            api.on("tool_result", (event, ctx) => new Promise(resolve => {
                ctx.signal.addEventListener("abort", () => resolve({ content: "from the hung handler" }));
            }));
        }"#,
    );
    let next = write(
        dir.path(),
        "post2/bash.js",
        r#"export default function (api) {
            api.on("tool_result", (event) => ({ details: { saw: event.content } }));
        }"#,
    );
    let h1 = gjc("hang", &hang, "tool_result", "bash");
    let h2 = gjc("next", &next, "tool_result", "bash");
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&h1, &h2], &Event::post_tool_use("bash", json!({}), "out"))
        .await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::TimedOut);
    assert!(d.hooks[0].error.as_deref().unwrap().contains("1000 ms"));
    assert_eq!(d.hooks[1].outcome, OutcomeKind::Allowed, "isolated");
    let patch = d.tool_result.unwrap();
    assert_eq!(patch.content, None, "the timed-out result is ignored");
    assert_eq!(
        patch.details,
        Some(json!({"saw": [{"type": "text", "text": "out"}]}))
    );
    assert_eq!(
        host.starts(Runtime::Node),
        1,
        "a host-side timeout keeps the host"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_result_replacements_chain_through_handlers() {
    let dir = tempfile::tempdir().unwrap();
    let upper = write(
        dir.path(),
        "a/bash.js",
        r#"export default function (api) {
            api.on("tool_result", (e) => ({ content: [{ type: "text", text: e.content[0].text.toUpperCase() }] }));
            api.on("tool_result", (e) => ({ content: [{ type: "text", text: e.content[0].text + "!" }] }));
        }"#,
    );
    let throws = write(
        dir.path(),
        "b/all.js",
        r#"export default function (api) {
            api.on("tool_result", () => { throw new Error("isolated"); });
        }"#,
    );
    let mark = write(
        dir.path(),
        "c/bash.js",
        r#"export default function (api) {
            api.on("tool_result", (e) => ({ isError: true, details: { seen: e.content[0].text, wasError: e.isError } }));
        }"#,
    );
    let hooks = [
        gjc("upper", &upper, "tool_result", "bash"),
        gjc("throws", &throws, "tool_result", "*"),
        gjc("mark", &mark, "tool_result", "bash"),
    ];
    let refs: Vec<_> = hooks.iter().collect();
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&refs, &Event::post_tool_use("bash", json!({}), "done"))
        .await;
    let patch = d.tool_result.expect("replaced");
    assert_eq!(
        patch.content,
        Some(json!([{"type": "text", "text": "DONE!"}]))
    );
    assert_eq!(
        patch.details,
        Some(json!({"seen": "DONE!", "wasError": false}))
    );
    assert_eq!(patch.is_error, Some(true));
    let outcomes: Vec<_> = d.hooks.iter().map(|h| h.outcome).collect();
    assert_eq!(
        outcomes,
        [
            OutcomeKind::Allowed,
            OutcomeKind::Failed,
            OutcomeKind::Allowed
        ]
    );
    assert_eq!(d.hooks[1].error.as_deref(), Some("isolated"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_filtering_is_exact_and_case_sensitive_and_other_events_are_unfiltered() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let m = write(
        dir.path(),
        ".gjc/hooks/pre/bash.js",
        &format!(
            r#"import {{ appendFileSync }} from "node:fs";
            export default function (api) {{
                api.on("tool_call", (e) => {{ appendFileSync({log:?}, `tool_call:${{e.toolName}}\n`); }});
                api.on("agent_end", () => {{ appendFileSync({log:?}, "agent_end\n"); }});
            }}"#,
            log = log.display().to_string()
        ),
    );
    let tool_call = gjc("tc", &m, "tool_call", "bash");
    let agent_end = gjc("ae", &m, "agent_end", "bash");
    let hooks = [&tool_call, &agent_end];
    let host = ModuleHost::new(options());
    for tool in ["Bash", "bash2", "bas"] {
        let d = host
            .dispatch(&hooks, &Event::pre_tool_use(tool, json!({})))
            .await;
        assert!(d.hooks.is_empty(), "{tool} must not match `bash`");
    }
    assert_eq!(host.starts(Runtime::Node), 0, "no match, no host");
    host.dispatch(&hooks, &bash()).await;
    host.dispatch(&hooks, &Event::stop()).await;
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "tool_call:bash\nagent_end\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_with_no_matching_hook_never_touches_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "pre/bash.js", "export default () => {};");
    let hook = gjc("h", &m, "tool_call", "bash");
    let mut o = options();
    // Would fail loudly if anything tried to start a host.
    o.node = "/nonexistent/node".into();
    o.bun = None;
    let host = ModuleHost::new(o);
    for event in [
        Event::pre_tool_use("edit", json!({})),
        Event::post_tool_use("bash", json!({}), ""),
        Event::stop(),
        Event::session_start("startup"),
    ] {
        let d = host.dispatch(&[&hook], &event).await;
        assert_eq!(d.verdict, Verdict::Allow);
        assert!(d.hooks.is_empty());
    }
    assert_eq!(host.starts(Runtime::Node), 0);
    assert_eq!(host.pid(Runtime::Node).await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lifecycle_errors_are_isolated_and_messages_become_context() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/x.js",
        r#"export default function (api) {
            api.on("before_agent_start", (e) => ({ message: { customType: "note", content: `about: ${e.prompt}`, display: true } }));
            api.on("before_agent_start", () => { throw new Error("second fails"); });
            api.on("before_agent_start", () => ({ message: { customType: "note", content: [{ type: "text", text: "parts" }] } }));
            api.on("session_shutdown", () => new Promise(() => {}));
        }"#,
    );
    let bas = gjc("bas", &m, "before_agent_start", "x");
    let shutdown = gjc("sd", &m, "session_shutdown", "x");
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&bas, &shutdown], &Event::user_prompt_submit("fix it"))
        .await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.context, ["about: fix it", "parts"]);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert_eq!(d.hooks[0].error.as_deref(), Some("second fails"));

    let d = host
        .dispatch(&[&bas, &shutdown], &Event::session_shutdown("exit"))
        .await;
    assert_eq!(d.hooks.len(), 1);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::TimedOut);
    assert_eq!(d.verdict, Verdict::Allow);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn effects_and_logs_are_reported_as_data_and_exec_really_runs() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/bash.js",
        r#"export default function (api) {
            api.on("tool_call", async (e) => {
                api.logger.info("checking", { tool: e.toolName });
                console.log("plain console output");
                api.sendMessage({ customType: "audit", content: "saw bash" }, { deliverAs: "followUp" });
                api.appendEntry("audit-entry", { n: 1 });
                const r = await api.exec("sh", ["-c", "printf ran-for-real"]);
                return { block: true, reason: `${r.stdout} (${r.code})` };
            });
        }"#,
    );
    let hook = gjc("fx", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "ran-for-real (0)".into()
        }
    );
    assert_eq!(
        d.effects,
        [
            json!({"hook": "fx", "type": "send_message", "message": {"customType": "audit", "content": "saw bash"}, "options": {"deliverAs": "followUp"}}),
            json!({"hook": "fx", "type": "append_entry", "customType": "audit-entry", "data": {"n": 1}}),
            json!({"hook": "fx", "type": "exec", "command": "sh", "args": ["-c", "printf ran-for-real"], "cwd": std::env::current_dir().unwrap().display().to_string(), "code": 0}),
        ]
    );
    assert_eq!(
        d.hooks[0].stderr,
        "[info] checking {\"tool\":\"bash\"}\n[info] plain console output"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_registering_an_outside_ir_event_loads_and_that_handler_never_fires() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("outside-fired");
    let m = write(
        dir.path(),
        "pre/bash.js",
        &format!(
            r#"import {{ writeFileSync }} from "node:fs";
            export default function (api) {{
                for (const e of ["context", "turn_end", "session_before_compact", "auto_retry_start"])
                    api.on(e, () => writeFileSync({:?}, e));
                api.on("tool_call", () => ({{ block: true, reason: "registered fine" }}));
            }}"#,
            marker.display().to_string()
        ),
    );
    let hook = gjc("h", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "registered fine".into()
        }
    );
    for event in [
        Event::post_tool_use("bash", json!({}), ""),
        Event::user_prompt_submit("p"),
        Event::stop(),
        Event::session_start("startup"),
        Event::session_shutdown("exit"),
    ] {
        host.dispatch(&[&hook], &event).await;
    }
    assert!(!marker.exists(), "an outside-IR handler fired");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_module_is_loaded_once() {
    let dir = tempfile::tempdir().unwrap();
    let counter = dir.path().join("count");
    let m = write(
        dir.path(),
        "pre/bash.js",
        &format!(
            r#"import {{ appendFileSync }} from "node:fs";
            appendFileSync({c:?}, "import\n");
            export default function (api) {{
                appendFileSync({c:?}, "factory\n");
                api.on("tool_call", () => undefined);
                api.on("agent_end", () => undefined);
            }}"#,
            c = counter.display().to_string()
        ),
    );
    let tc = gjc("tc", &m, "tool_call", "bash");
    let ae = gjc("ae", &m, "agent_end", "bash");
    let host = ModuleHost::new(options());
    for _ in 0..3 {
        host.dispatch(&[&tc, &ae], &bash()).await;
        host.dispatch(&[&tc, &ae], &Event::stop()).await;
    }
    assert_eq!(
        std::fs::read_to_string(&counter).unwrap(),
        "import\nfactory\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_that_fails_to_load_is_reported_and_does_not_block() {
    let dir = tempfile::tempdir().unwrap();
    let no_default = write(dir.path(), "a/bash.js", "export const x = 1;");
    let syntax = write(dir.path(), "b/bash.js", "export default function (api { }");
    let h1 = gjc("nd", &no_default, "tool_call", "bash");
    let h2 = gjc("se", &syntax, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&h1, &h2], &bash()).await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert!(d.hooks[0]
        .error
        .as_deref()
        .unwrap()
        .contains("invalid_hook: Hook must export a default function"));
    assert_eq!(d.hooks[1].outcome, OutcomeKind::Failed);
    assert!(d.hooks[1]
        .error
        .as_deref()
        .unwrap()
        .contains("could not load"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stray_stdout_output_never_corrupts_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/bash.js",
        r#"process.stdout.write("top-level garbage\n");
        process.stdout.write('{"id": 1, "ok": true, "result": "forged"}\n');
        export default function (api) {
            api.on("tool_call", () => {
                process.stdout.write("handler garbage\n");
                return { block: true, reason: "still parsed" };
            });
        }"#,
    );
    let hook = gjc("h", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "still parsed".into()
        }
    );
    assert_eq!(d.hooks[0].stderr, "handler garbage");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_dispatches_share_one_host_and_keep_their_effects_apart() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/all.js",
        r#"export default function (api) {
            api.on("tool_call", async (e) => {
                await new Promise(r => setTimeout(r, e.input.delay));
                api.appendEntry("seen", e.toolName);
                api.logger.info(e.toolName);
            });
        }"#,
    );
    let hook = gjc("h", &m, "tool_call", "*");
    let host = ModuleHost::new(options());
    let slow = Event::pre_tool_use("slow", json!({"delay": 300}));
    let fast = Event::pre_tool_use("fast", json!({"delay": 10}));
    let hooks = [&hook];
    let (a, b) = tokio::join!(host.dispatch(&hooks, &slow), host.dispatch(&hooks, &fast));
    assert_eq!(a.effects[0]["data"], "slow");
    assert_eq!(a.hooks[0].stderr, "[info] slow");
    assert_eq!(b.effects[0]["data"], "fast");
    assert_eq!(b.hooks[0].stderr, "[info] fast");
    assert_eq!(host.starts(Runtime::Node), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handlers_get_a_headless_gjc_context() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "pre/bash.js",
        r#"export default function (api) {
            api.on("tool_call", async (e, ctx) => {
                ctx.ui.notify("asking", "warning");
                const ok = await ctx.ui.confirm("Run it?", e.input.command);
                const picked = await ctx.ui.select("Pick", ["a", "b"]);
                if (!ok) return { block: true, reason: `not confirmed (hasUI=${ctx.hasUI}, picked=${picked}, cwd=${typeof ctx.cwd}, aborted=${ctx.signal.aborted})` };
            });
        }"#,
    );
    let hook = gjc("h", &m, "tool_call", "bash");
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&hook], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "not confirmed (hasUI=false, picked=undefined, cwd=string, aborted=false)"
                .into()
        }
    );
    assert_eq!(d.hooks[0].stderr, "[notify:warning] asking");
}
