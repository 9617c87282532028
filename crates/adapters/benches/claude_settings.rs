//! Lowering a large Claude settings file, against a baseline measured in the same run: reading
//! the same file and parsing it with `serde_json` (no positions, no checks).
//!
//! `cargo bench -p hooks-adapters --bench claude_settings`

use adapters::Context;
use criterion::{criterion_main, Criterion, Throughput};
use hook_ir::Convention;
use hooks_rules::load_file;
use std::hint::black_box;
use std::time::Duration;

/// 50 groups × 4 handlers on each of 4 events: 800 command hooks, matchers of every shape,
/// commands that exercise the security rules.
fn big_settings() -> String {
    let mut events = serde_json::Map::new();
    for event in ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit"] {
        let groups: Vec<_> = (0..50)
            .map(|g| {
                let matcher = match g % 4 {
                    0 => "Bash".to_string(),
                    1 => "Edit|Write".to_string(),
                    2 => format!("mcp__server{g}__.*"),
                    _ => "*".to_string(),
                };
                let hooks: Vec<_> = (0..4)
                    .map(|i| {
                        serde_json::json!({
                            "type": "command",
                            "command": format!("\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/h{g}-{i}.sh --flag | tee -a /tmp/log-{g}"),
                            "timeout": 30 + i,
                        })
                    })
                    .collect();
                serde_json::json!({"matcher": matcher, "hooks": hooks})
            })
            .collect();
        events.insert(event.to_string(), serde_json::Value::Array(groups));
    }
    serde_json::to_string_pretty(&serde_json::json!({"model": "x", "hooks": events})).unwrap()
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let claude = dir.path().join(".claude");
    std::fs::create_dir_all(&claude).unwrap();
    let path = claude.join("settings.json");
    let text = big_settings();
    std::fs::write(&path, &text).unwrap();
    let ctx = Context {
        project: Some(dir.path().to_path_buf()),
        ..Context::default()
    };
    assert_eq!(
        load_file(&ctx, &path, Some(Convention::ClaudeSettings))
            .batch
            .hooks
            .len(),
        800
    );
    let mut g = c.benchmark_group("claude_settings_800_hooks");
    g.throughput(Throughput::Elements(800));
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("baseline_read_and_serde_json_parse", |b| {
        b.iter(|| {
            let t = std::fs::read_to_string(black_box(&path)).unwrap();
            black_box(serde_json::from_str::<serde_json::Value>(&t).unwrap())
        })
    });
    g.bench_function("load_file_lower_and_lint", |b| {
        b.iter(|| {
            black_box(load_file(
                &ctx,
                black_box(&path),
                Some(Convention::ClaudeSettings),
            ))
        })
    });
    g.finish();
}

// The macro generates an undocumented function; `missing_docs` cannot see into it.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
use group::benches;
criterion_main!(benches);
