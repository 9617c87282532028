//! Discovering and lowering hook directories: a tree of 1,000 and one of 10,000 GJC modules
//! (half in `pre/`, half in `post/`, each registering its folder's event and one lifecycle
//! event), plus the same trees as Claude directories. The 10k/1k time ratio shows whether
//! discovery scales linearly (≈10×).
//!
//! Run: `cargo bench -p hooks-adapters --bench discover_dirs`.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use adapters::Context;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hook_ir::Convention;
use std::path::Path;
use std::time::Duration;

fn build(root: &Path, n: usize, layout: Convention) {
    for i in 0..n {
        let phase = if i % 2 == 0 { "pre" } else { "post" };
        let event = if i % 2 == 0 {
            "tool_call"
        } else {
            "tool_result"
        };
        let text = format!(
            "// hook {i}\nexport default function (api) {{\n  api.on(\"{event}\", async (e) => {{\n    if (e.toolName === \"tool{i}\") return undefined;\n  }});\n  api.on('agent_end', () => {{}});\n}}\n"
        );
        let dir = match layout {
            Convention::ClaudeDir => root.join(".claude/hooks").join(phase),
            _ => root.join(".gjc/hooks").join(phase),
        };
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("tool{i:05}.ts")), text).unwrap();
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("discover_dirs");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for conv in [Convention::Gjc, Convention::ClaudeDir] {
        for n in [1_000usize, 10_000] {
            let dir = tempfile::tempdir().unwrap();
            build(dir.path(), n, conv);
            let ctx = Context {
                project: Some(dir.path().to_path_buf()),
                home: None,
                env: Default::default(),
                apply_env_overrides: false,
                cwd: None,
                run_cache: None,
            };
            let d = hooks_rules::discover_only(&ctx, &[conv]);
            let per_file = if conv == Convention::Gjc { 2 } else { 1 };
            assert_eq!(d.batch.hooks.len(), n * per_file);
            g.throughput(Throughput::Elements(n as u64));
            g.bench_with_input(BenchmarkId::new(conv.as_str(), n), &ctx, |b, ctx| {
                b.iter(|| hooks_rules::discover_only(ctx, &[conv]))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
