//! GJC plugin hook modules: the constrained API (security_policy), exactly one registration
//! for the declared event, file verification right before loading, tool_call/after as a pure
//! observation.

mod module_host_support;

use module_host_support::{options, plugin, sha256_of, write};
use runner::module_host::{ModuleHost, Runtime};
use runner::{Event, OutcomeKind, Verdict};
use serde_json::json;

fn bash() -> Event {
    Event::pre_tool_use("bash", json!({"command": "ls"}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_verified_plugin_hook_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    let m = write(
        &root,
        "hooks/guard.mjs",
        r#"export default function (api) {
            api.on("tool_call", (e) => { api.logger.warn("guarding", { tool: e.toolName }); return { block: true, reason: "plugin says no" }; });
        }"#,
    );
    let h = plugin(
        "guard",
        &m,
        &root,
        "tool_call/before",
        "bash",
        Some(sha256_of(&m)),
    );
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&h], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "plugin says no".into()
        }
    );
    assert_eq!(d.hooks[0].stderr, "[warn] guarding {\"tool\":\"bash\"}");
    let d = host
        .dispatch(&[&h], &Event::pre_tool_use("edit", json!({})))
        .await;
    assert!(d.hooks.is_empty(), "the plugin's target filters exactly");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forbidden_api_calls_throw_security_policy() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    // At factory time: the module is rejected.
    let at_load = write(
        &root,
        "load.mjs",
        r#"export default function (api) {
            api.on("session_start", () => undefined);
            api.exec("touch", ["/tmp/never"]);
        }"#,
    );
    // In a handler: the thrown error is the handler's error (isolated here), with its code.
    let in_handler = write(
        &root,
        "handler.mjs",
        r#"export default function (api) {
            api.on("session_start", () => {
                const codes = [];
                for (const m of ["exec", "sendMessage", "appendEntry", "registerCommand", "registerMessageRenderer"]) {
                    try { api[m]("x"); } catch (e) { codes.push(`${m}:${e.code}`); }
                }
                api.logger.info(codes.join(","));
                api.sendMessage({ customType: "x", content: "y" });
            });
        }"#,
    );
    let h1 = plugin("load", &at_load, &root, "session_start", "", None);
    let h2 = plugin("handler", &in_handler, &root, "session_start", "", None);
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&h1, &h2], &Event::session_start("startup"))
        .await;
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed);
    assert!(
        d.hooks[0]
            .error
            .as_deref()
            .unwrap()
            .ends_with("security_policy: Plugin hook \"demo\" attempted denied API: exec"),
        "{:?}",
        d.hooks[0].error
    );
    assert_eq!(d.hooks[1].outcome, OutcomeKind::Failed);
    assert_eq!(
        d.hooks[1].error.as_deref(),
        Some("security_policy: Plugin hook \"demo\" attempted denied API: sendMessage")
    );
    assert_eq!(
        d.hooks[1].stderr,
        "[info] exec:security_policy,sendMessage:security_policy,appendEntry:security_policy,registerCommand:security_policy,registerMessageRenderer:security_policy"
    );
    assert!(d.effects.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forbidden_call_in_a_tool_call_handler_fails_closed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    let m = write(
        &root,
        "h.mjs",
        r#"export default function (api) { api.on("tool_call", () => { api.exec("ls"); }); }"#,
    );
    let h = plugin("h", &m, &root, "tool_call/before", "*", None);
    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&h], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: format!(
                "Extension {} failed: Plugin hook \"demo\" attempted denied API: exec",
                m.display()
            )
        }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plugin_must_register_exactly_one_handler_for_its_declared_event() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    let cases = [
        ("none.mjs", "export default function (api) {}", "[]"),
        (
            "two.mjs",
            r#"export default function (api) { api.on("tool_call", () => {}); api.on("tool_call", () => {}); }"#,
            r#"["tool_call","tool_call"]"#,
        ),
        (
            "other.mjs",
            r#"export default function (api) { api.on("tool_result", () => ({ block: true })); }"#,
            r#"["tool_result"]"#,
        ),
    ];
    let host = ModuleHost::new(options());
    for (file, text, registered) in cases {
        let m = write(&root, file, text);
        let h = plugin(file, &m, &root, "tool_call/before", "bash", None);
        let d = host.dispatch(&[&h], &bash()).await;
        assert_eq!(
            d.verdict,
            Verdict::Allow,
            "{file}: a rejected plugin does not run"
        );
        assert_eq!(d.hooks[0].outcome, OutcomeKind::Failed, "{file}");
        let error = d.hooks[0].error.clone().unwrap();
        assert!(
            error.ends_with(&format!(
                "runtime_mismatch: Plugin hook registered {registered}, expected exactly [\"tool_call\"]"
            )),
            "{file}: {error}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plugin_files_are_verified_before_loading_and_never_loaded_when_bad() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    let marker = dir.path().join("imported");
    let body = format!(
        r#"import {{ writeFileSync }} from "node:fs";
        writeFileSync({:?}, "imported");
        export default function (api) {{ api.on("tool_call", () => ({{ block: true, reason: "ran" }})); }}"#,
        marker.display().to_string()
    );
    let m = write(&root, "h.mjs", &body);
    let good = sha256_of(&m);
    // Hash drift: the file changed after the registry recorded it.
    let drifted = plugin(
        "h",
        &m,
        &root,
        "tool_call/before",
        "bash",
        Some("ab".repeat(32)),
    );
    // Escape: a symlink inside the root pointing outside it.
    let outside = write(dir.path(), "outside.mjs", &body);
    let link = root.join("link.mjs");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let escaped = plugin("l", &link, &root, "tool_call/before", "bash", None);

    let host = ModuleHost::new(options());
    let d = host.dispatch(&[&drifted, &escaped], &bash()).await;
    assert_eq!(d.verdict, Verdict::Allow);
    let errors: Vec<_> = d.hooks.iter().map(|h| h.error.clone().unwrap()).collect();
    assert!(errors[0].contains("hash drift"), "{}", errors[0]);
    assert!(
        errors[0].contains(&good),
        "names the actual hash: {}",
        errors[0]
    );
    assert!(
        errors[1].contains("escapes its plugin root"),
        "{}",
        errors[1]
    );
    assert!(!marker.exists(), "a rejected plugin file was imported");

    // The same file with the right hash loads and runs.
    let ok = plugin("h", &m, &root, "tool_call/before", "bash", Some(good));
    let d = host.dispatch(&[&ok], &bash()).await;
    assert_eq!(
        d.verdict,
        Verdict::Block {
            reason: "ran".into()
        }
    );
    assert!(marker.exists());
    assert_eq!(host.starts(Runtime::Node), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_call_after_observes_and_tool_result_after_mutates() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("plugin");
    let observe = write(
        &root,
        "observe.mjs",
        r#"export default function (api) {
            api.on("tool_call", (e) => { api.logger.info(`observed ${e.type} ${e.toolName}`); return { block: true, content: "ignored" }; });
        }"#,
    );
    let mutate = write(
        &root,
        "mutate.mjs",
        r#"export default function (api) { api.on("tool_result", () => ({ content: "replaced" })); }"#,
    );
    let h1 = plugin("observe", &observe, &root, "tool_call/after", "bash", None);
    let h2 = plugin("mutate", &mutate, &root, "tool_result/after", "*", None);
    let host = ModuleHost::new(options());
    let d = host
        .dispatch(&[&h1, &h2], &Event::post_tool_use("bash", json!({}), "out"))
        .await;
    assert_eq!(d.verdict, Verdict::Allow, "tool_call/after never blocks");
    assert_eq!(d.hooks[0].stderr, "[info] observed tool_result bash");
    let patch = d.tool_result.unwrap();
    assert_eq!(patch.content, Some(json!("replaced")));
    assert_eq!(patch.is_error, None);
}
