//! Round trip of one `tool_call` event through a warm Node.js host with one handler, against
//! the same dispatch when no module hook matches (which must not touch the host at all).
//!
//! `cargo bench -p hooks-runner --bench module_host -- --warm-up-time 1 --measurement-time 3`

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use hook_ir::{Convention, Detail, Handler, Hook, Kind, Location, Matcher};
use runner::module_host::{HostOptions, ModuleHost, Runtime};
use runner::Event;
use serde_json::json;
use std::hint::black_box;
use std::time::Duration;

fn hook(path: &std::path::Path) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: "bench".into(),
        kind: Kind::PreToolUse,
        convention: Convention::Gjc,
        source_event: "tool_call".into(),
        matcher: Matcher::Exact {
            names: vec!["bash".into()],
        },
        handler: Handler::Module {
            path: path.display().to_string(),
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only(path.display().to_string()),
        detail: Detail::Module {
            real_path: path.display().to_string(),
            in_process_event: "tool_call".into(),
            tool: Some("bash".into()),
            plugin: None,
        },
    }
}

fn bench(c: &mut Criterion) {
    // One thread: the dispatch, the host's stdout reader and the waiter run without cross-thread
    // wake-ups, which is what an agent awaiting its hooks inline sees.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let module = dir.path().join("bash.js");
    std::fs::write(
        &module,
        r#"export default function (api) {
            api.on("tool_call", (e) => e.input.command === "rm" ? { block: true, reason: "no" } : undefined);
        }"#,
    )
    .unwrap();
    let hook = hook(&module);
    let hooks = [&hook];
    let host = ModuleHost::new(HostOptions::default());
    let matching = Event::pre_tool_use("bash", json!({"command": "ls"}));
    let other = Event::pre_tool_use("edit", json!({"path": "a"}));
    // Warm: start the host and load the module once.
    rt.block_on(host.dispatch(&hooks, &matching));
    assert_eq!(host.starts(Runtime::Node), 1);

    let mut group = c.benchmark_group("module_host_tool_call");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("warm_host_one_handler", |b| {
        b.iter(|| black_box(rt.block_on(host.dispatch(&hooks, black_box(&matching)))))
    });
    group.bench_function("no_matching_handler", |b| {
        b.iter(|| black_box(rt.block_on(host.dispatch(&hooks, black_box(&other)))))
    });
    group.finish();
    assert_eq!(
        host.starts(Runtime::Node),
        1,
        "the host was never restarted"
    );
    rt.block_on(host.shutdown());
}

criterion_group!(benches, bench);
criterion_main!(benches);
