//! Lowering a Jarvis `config.toml` with many `[[hooks]]` entries: read, parse with spans,
//! lower (matchers compiled, dedupe) and normalize, at 1,000 / 10,000 / 100,000 entries.
//!
//! The baseline, measured in the same run on the same text, is `toml_edit`'s span-keeping
//! parse alone: the ratio says what lowering costs on top of parsing, and the per-entry time
//! (total / entries) staying flat across sizes shows linear scaling.
//!
//! Run: `cargo bench -p hooks-adapters --bench lower_jarvis -- --warm-up-time 1 --measurement-time 3`

// criterion_group! generates an undocumented public fn.
#![allow(missing_docs)]

use adapters::Context;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hook_ir::Convention;
use std::path::Path;

const EVENTS: [&str; 6] = [
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "Stop",
    "SessionStart",
    "SessionEnd",
];

/// `n` distinct entries: every event, every second one with a regex matcher, every third with
/// an explicit timeout.
fn config(n: usize) -> String {
    let mut s = String::with_capacity(n * 90);
    s.push_str("# generated\ndefault_model = \"kimi\"\n");
    for i in 0..n {
        s.push_str("\n[[hooks]]\nevent = \"");
        s.push_str(EVENTS[i % EVENTS.len()]);
        s.push_str("\"\n");
        if i % 2 == 0 {
            s.push_str(&format!("matcher = \"^(Bash|Edit{i})$\"\n"));
        }
        s.push_str(&format!("command = \"./hooks/h{i}.sh --n {i}\"\n"));
        if i % 3 == 0 {
            s.push_str(&format!("timeout = {}\n", 1 + i % 600));
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Context {
        project: None,
        home: Some(dir.path().to_path_buf()),
        env: Default::default(),
        apply_env_overrides: false,
        cwd: None,
        run_cache: None,
    };
    let mut group = c.benchmark_group("lower_jarvis");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000] {
        let text = config(n);
        let path = dir.path().join(format!("config-{n}.toml"));
        std::fs::write(&path, &text).unwrap();
        // Sanity: every entry is accepted and nothing is reported.
        let found = hooks_rules::load_file(&ctx, &path, Some(Convention::Jarvis));
        assert_eq!(found.batch.hooks.len(), n);
        assert!(found.batch.diagnostics.is_empty());

        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("baseline_toml_edit_parse", n),
            &text,
            |b, t| b.iter(|| toml_edit::ImDocument::parse(t.as_str()).unwrap()),
        );
        group.bench_with_input(
            BenchmarkId::new("load_and_lower", n),
            &path,
            |b, p: &std::path::PathBuf| {
                b.iter(|| hooks_rules::load_file(&ctx, Path::new(p), Some(Convention::Jarvis)))
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
