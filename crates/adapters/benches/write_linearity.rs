//! The writers `hooks import` plans with, at N and 4N hooks into an empty target file: with
//! throughput counted in hooks, criterion reports hooks per second for both sizes of the same
//! run, and a linear writer shows the same rate at both (issue 14: quadratic writers once took
//! 112 s for 4,000 hooks). Read the two `thrpt` lines of each group against each other.

// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use adapters::write::WriteOptions;
use adapters::{plan_write, Context};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hook_ir::{
    Convention, Detail, Dialect, Exec, Handler, Hook, Kind, Location, Matcher, Severity,
};
use hooks_migrate::convert::convert;
use std::hint::black_box;
use std::time::Duration;

const N: usize = 500;

/// `n` distinct Jarvis `PreToolUse` hooks, as the reader gives them.
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

/// The hooks as `to`'s writer receives them: Jarvis hooks converted, and for the Jarvis writer
/// Claude hooks (themselves converted from Jarvis) converted back.
fn for_target(n: usize, to: Convention) -> Vec<Hook> {
    let jarvis = jarvis_hooks(n);
    let source = if to == Convention::Jarvis {
        convert(&jarvis, Convention::ClaudeSettings).hooks
    } else {
        jarvis
    };
    let hooks = convert(&source, to).hooks;
    assert_eq!(hooks.len(), n, "every hook converts to {to}");
    hooks
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = Context {
        project: Some(dir.path().join("project")),
        home: Some(dir.path().join("home")),
        ..Context::default()
    };
    for (to, file) in [
        (Convention::CodexJson, "hooks.json"),
        (Convention::ClaudeSettings, "settings.json"),
        (Convention::Jarvis, "config.toml"),
        (Convention::Jcode, "jcode.toml"),
    ] {
        let opts = WriteOptions {
            force: false,
            target: Some(dir.path().join(file)),
            base: None,
        };
        let mut g = c.benchmark_group(format!("write_{to}"));
        g.warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10);
        for n in [N, 4 * N] {
            let hooks = for_target(n, to);
            let plan = plan_write(&ctx, to, &hooks, &opts);
            assert!(
                !plan.changes.is_empty()
                    && plan
                        .diagnostics
                        .iter()
                        .all(|d| d.severity() != Severity::Error),
                "{to}: {:?}",
                plan.diagnostics
            );
            g.throughput(Throughput::Elements(n as u64));
            g.bench_with_input(BenchmarkId::new("hooks", n), &hooks, |b, hooks| {
                b.iter(|| black_box(plan_write(&ctx, to, black_box(hooks), &opts)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
