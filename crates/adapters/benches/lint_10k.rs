//! Issue 13: what the rules layer costs on 10,000 files, against the file format's checks alone.
//!
//! 10,000 small config files (2,500 each of Claude settings, Codex `hooks.json`, Jarvis and jcode
//! TOML, 4 command hooks each, commands that exercise every command rule: three of the four name
//! a script that does not exist, so every file has three findings and three `stat`s) are read
//! with [`adapters::load_file`] (format checks, then the rules) and, as the baseline in the same
//! run, with [`adapters::load_file_format_only`] (format checks only, what lowering does without
//! the rules). The ratio of the two is the rules' cost; the old path also ran Claude's security
//! checks inside lowering, so against it the ratio would only be smaller.
//!
//! After the criterion group, the same run times the two in interleaved pairs (format-only then
//! rules, rules then format-only, ...) and prints the median of the per-pair ratios, in wall time
//! and in the thread's CPU time: a machine shared with other builds slows both halves of a pair
//! alike, where criterion's medians of two groups measured 20 s apart can see different loads,
//! and CPU time does not count the time the thread waited for a core. It then does the same on
//! 10,000 files whose commands no rule finds anything in (what most hooks look like). Nothing
//! passes or fails on time; the printed ratios are the claim (docs/performance.md).
//! `cargo bench -p hooks-adapters --bench lint_10k -- none` prints only the pairs.
//!
//! A third criterion measurement applies a project's `hooks.toml` (ignore, severities,
//! per-file-ignores, exclude) to each file's findings, as `hooks lint` does per root: the
//! configuration's cost is its ratio to the second.
//!
//! `cargo bench -p hooks-adapters --bench lint_10k`

use adapters::Context;
use criterion::{criterion_main, Criterion, Throughput};
use hook_ir::Convention;
use hooks_rules::lint_config::{self, Policy, Scope, Selection};
use hooks_rules::load_file;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[path = "support/files.rs"]
mod files;
#[path = "support/pairs.rs"]
mod pairs;

const FILES: usize = 10_000;

/// Interleaved pairs timed after the criterion group.
const PAIRS: usize = 12;

/// Commands no rule finds anything in and that name no file: what most hooks look like. (jcode's
/// copies run them as `sh -c "…"`, whose text the rules lex again as the commands it holds.)
fn clean_commands(n: usize) -> [String; 4] {
    [
        format!("jq -r .tool_input.command | grep -q 'rm -rf {n}' && exit 2"),
        "npx prettier --check .".to_string(),
        format!("git diff --quiet -- src-{n}"),
        "cargo fmt --check".to_string(),
    ]
}

/// Which commands the files run.
#[derive(Clone, Copy)]
enum Commands {
    EveryRule,
    Clean,
}

impl Commands {
    fn of(self, n: usize) -> [String; 4] {
        match self {
            Commands::EveryRule => files::finding_commands(n),
            Commands::Clean => clean_commands(n),
        }
    }
}

fn json(n: usize, cmds: Commands) -> String {
    files::settings_json(&cmds.of(n))
}

fn jarvis(n: usize, cmds: Commands) -> String {
    cmds.of(n)
        .iter()
        .map(|c| {
            format!(
                "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Shell|WriteFile\"\ncommand = {}\ntimeout = 30\n",
                serde_json::to_string(c).unwrap()
            )
        })
        .collect()
}

fn jcode(n: usize, cmds: Commands) -> String {
    let list: Vec<_> = cmds
        .of(n)
        .iter()
        .map(|c| {
            serde_json::to_string(&format!("sh -c {}", serde_json::to_string(c).unwrap())).unwrap()
        })
        .collect();
    format!(
        "[hooks]\npre_tool = [{}]\npre_tool_timeout_ms = 3000\n",
        list.join(", ")
    )
}

/// Writes [`FILES`] config files under `dir`, a quarter of each convention.
fn write_files(dir: &std::path::Path, cmds: Commands) -> Vec<(PathBuf, Convention)> {
    let mut files: Vec<(PathBuf, Convention)> = Vec::with_capacity(FILES);
    for n in 0..FILES {
        let p = dir.join(format!("p{n}"));
        let (rel, text, conv) = match n % 4 {
            0 => (
                ".claude/settings.json",
                json(n, cmds),
                Convention::ClaudeSettings,
            ),
            1 => (".codex/hooks.json", json(n, cmds), Convention::CodexJson),
            2 => (
                ".jarvis-code/config.toml",
                jarvis(n, cmds),
                Convention::Jarvis,
            ),
            _ => (".jcode/config.toml", jcode(n, cmds), Convention::Jcode),
        };
        let path = p.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        files.push((path, conv));
    }
    files
}

/// Loads every file, with or without the rules; the number of accepted hooks.
fn load_all(ctx: &Context, files: &[(PathBuf, Convention)], with_rules: bool) -> usize {
    let mut hooks = 0;
    for (p, conv) in files {
        let d = if with_rules {
            load_file(ctx, black_box(p), Some(*conv))
        } else {
            adapters::read_file(ctx, black_box(p), Some(*conv))
        };
        hooks += d.batch.hooks.len();
    }
    hooks
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let files = write_files(dir.path(), Commands::EveryRule);
    let ctx = Context {
        project: Some(dir.path().to_path_buf()),
        ..Context::default()
    };
    let all = |with_rules: bool| load_all(&ctx, &files, with_rules);
    assert_eq!(all(true), 4 * FILES, "every hook is accepted");
    let config_path = dir.path().join(lint_config::FILE_NAME);
    std::fs::write(
        &config_path,
        r#"ignore = ["conversion_note"]
exclude = ["vendor/", "p9999/.codex"]
[severity]
download_and_execute = "warning"
writes_outside_project = "info"
[per-file-ignores]
"**/.jcode/config.toml" = ["relative_script_path"]
"p1*/.claude/settings.json" = ["missing_script"]
"#,
    )
    .unwrap();
    let config = lint_config::load(&ctx, &config_path);
    assert!(config.diagnostics.is_empty(), "{:?}", config.diagnostics);
    let policy = Policy::new(Some(&config), &Selection::default(), None);
    let configured = || {
        let mut kept = 0;
        for (p, conv) in &files {
            let mut d = load_file(&ctx, black_box(p), Some(*conv));
            policy.apply(&ctx, &mut d, Scope::Lint);
            kept += d.batch.hooks.len() + d.batch.diagnostics.len();
        }
        kept
    };
    assert!(
        configured() > 4 * FILES - 4,
        "the configuration leaves findings"
    );
    let mut g = c.benchmark_group("lint_10k_files");
    g.throughput(Throughput::Elements(FILES as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("baseline_format_checks_only", |b| {
        b.iter(|| black_box(all(false)))
    });
    g.bench_function("lint_format_checks_and_rules", |b| {
        b.iter(|| black_box(all(true)))
    });
    g.bench_function("lint_with_hooks_toml", |b| {
        b.iter(|| black_box(configured()))
    });
    g.finish();
    if pairs::wanted() {
        paired_ratio(
            "commands for every rule",
            || black_box(all(false)),
            || black_box(all(true)),
        );
        let clean_dir = tempfile::tempdir().unwrap();
        let clean = write_files(clean_dir.path(), Commands::Clean);
        let ctx = Context {
            project: Some(clean_dir.path().to_path_buf()),
            ..Context::default()
        };
        let found = |f: &[(PathBuf, Convention)]| -> usize {
            f.iter()
                .map(|(p, c)| load_file(&ctx, p, Some(*c)).batch.diagnostics.len())
                .sum()
        };
        let format_only: usize = clean
            .iter()
            .map(|(p, c)| {
                adapters::read_file(&ctx, p, Some(*c))
                    .batch
                    .diagnostics
                    .len()
            })
            .sum();
        assert_eq!(found(&clean), format_only, "the rules find nothing");
        paired_ratio(
            "clean commands",
            || black_box(load_all(&ctx, &clean, false)),
            || black_box(load_all(&ctx, &clean, true)),
        );
    }
}

/// This thread's CPU time (user and system) in seconds.
#[allow(unsafe_code)]
fn thread_cpu_s() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// Wall and CPU seconds of one call.
fn time(f: &dyn Fn() -> usize) -> (f64, f64) {
    let (w, c) = (Instant::now(), thread_cpu_s());
    black_box(f());
    (w.elapsed().as_secs_f64(), thread_cpu_s() - c)
}

/// Times `base` and `rules` in [`PAIRS`] interleaved pairs and prints, for wall and CPU time,
/// the median of the per-pair ratios (with their range) and the two medians.
fn paired_ratio(what: &str, base: impl Fn() -> usize, rules: impl Fn() -> usize) {
    let r = pairs::ratios(PAIRS, || time(&base), || time(&rules));
    for (q, name) in r.iter().zip(["wall", "cpu"]) {
        println!(
            "lint_10k_files, {what}: {name} ratio rules/format-only, same run, {PAIRS} interleaved pairs: median {:.3}× (pairs {:.3}–{:.3}); medians {:.1} ms / {:.1} ms",
            q.median,
            q.low,
            q.high,
            q.b * 1e3,
            q.a * 1e3
        );
    }
}

// The macro generates an undocumented function; `missing_docs` cannot see into it.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
use group::benches;
criterion_main!(benches);
