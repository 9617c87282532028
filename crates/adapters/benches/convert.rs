//! `hooks import`'s conversion, IR → IR, per hook. Baseline in the same run: cloning the same
//! hooks (the allocation work every conversion does at least), so the report is a ratio.

// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use hook_ir::{Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher};
use hooks_migrate::convert::convert;
use std::hint::black_box;
use std::time::Duration;

fn jarvis_hooks(n: usize) -> Vec<Hook> {
    (0..n)
        .map(|i| Hook {
            plugin_root: None,
            source_file: None,
            id: format!("jarvis:{i}"),
            kind: Kind::PreToolUse,
            convention: Convention::Jarvis,
            source_event: "PreToolUse".into(),
            matcher: Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: "^(?:Bash|Edit|Write)$".into(),
            },
            handler: Handler::Command {
                command: format!("./guard.sh --rule {i} | tee -a log"),
                exec: Exec::Shell,
            },
            timeout_ms: Some(30_000),
            scope: hook_ir::Scope::default(),
            location: Location::path_only("config.toml"),
            detail: Detail::None,
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hooks = jarvis_hooks(1000);
    let mut g = c.benchmark_group("convert_1000_hooks");
    g.warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    g.bench_function("baseline_clone", |b| b.iter(|| black_box(hooks.clone())));
    for to in [
        Convention::Jcode,
        Convention::CodexJson,
        Convention::ClaudeSettings,
        Convention::GeminiSettings,
    ] {
        g.bench_function(format!("jarvis_to_{to}"), |b| {
            b.iter(|| black_box(convert(black_box(&hooks), to)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
