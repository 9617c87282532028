//! Lowering a large Gemini CLI settings file (issue 15), against a baseline measured in the same run: reading
//! the same file and parsing it with `serde_json` (no positions, no checks).
//!
//! `cargo bench -p hooks-adapters --bench gemini_settings`

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
    for event in ["BeforeTool", "AfterTool", "AfterAgent", "BeforeAgent"] {
        let groups: Vec<_> = (0..50)
            .map(|g| {
                let matcher = match g % 4 {
                    0 => "run_shell_command".to_string(),
                    1 => "write_file|replace".to_string(),
                    2 => format!("mcp_server{g}_.*"),
                    _ => "*".to_string(),
                };
                let hooks: Vec<_> = (0..4)
                    .map(|i| {
                        serde_json::json!({
                            "type": "command",
                            "command": format!("$GEMINI_PROJECT_DIR/.gemini/hooks/h{g}-{i}.sh --flag | tee -a /tmp/log-{g}"),
                            "timeout": 30_000 + i,
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
    let gemini = dir.path().join(".gemini");
    std::fs::create_dir_all(&gemini).unwrap();
    let path = gemini.join("settings.json");
    let text = big_settings();
    std::fs::write(&path, &text).unwrap();
    let ctx = Context {
        project: Some(dir.path().to_path_buf()),
        ..Context::default()
    };
    assert_eq!(
        load_file(&ctx, &path, Some(Convention::GeminiSettings))
            .batch
            .hooks
            .len(),
        800
    );
    let mut g = c.benchmark_group("gemini_settings_800_hooks");
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
                Some(Convention::GeminiSettings),
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
