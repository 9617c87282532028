//! Issue 25's measure: `hooks lint` at the root of a tree of 5,000 nested projects (10,000 files)
//! finds and lints them all within 1.2× of linting the same projects passed as PATHs, in the
//! same run with the same binary. The walk (the `ignore` crate: `.gitignore`, `hooks.toml`
//! `exclude`) is what the first pays for on top.
//!
//! The tree: `g0..g49/p0..p99` under one root (5,000 project directories, two levels down), each
//! with a `.claude/settings.json` and a `.codex/hooks.json` (4 command hooks each, the commands
//! no command rule finds anything in), a `.gitignore` at the root, an empty home dir. Three runs
//! of today's `hooks`, each `--no-env --home <tmp>/home --format json`, the report to /dev/null:
//!
//! - `root`: `hooks lint .` in the root (the walk finds the 5,000 projects);
//! - `paths_no_recurse`: `hooks lint --no-recurse g0/p0 … g49/p99` (the old behaviour: the
//!   baseline of the claim);
//! - `paths`: `hooks lint g0/p0 … g49/p99` (each PATH walked too, as a user passing PATHs gets).
//!
//! As in `lint_vs_filed`, a criterion group times the three; then interleaved pairs give the
//! median of the per-pair ratios root/baseline in wall and children's CPU time. Nothing passes
//! or fails on time; the printed ratios are the claim (docs/performance.md).
//!
//! ```text
//! cargo bench -p hooks-cli --bench lint_nested
//! cargo bench -p hooks-cli --bench lint_nested -- none   # only the pairs
//! ```

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// The file shape, shared with the adapters' `lint_10k` (its findings commands unused here).
#[allow(dead_code)]
#[path = "../../adapters/benches/support/files.rs"]
mod files;
/// The interleaved pairs, shared with the adapters' `lint_10k`.
#[path = "../../adapters/benches/support/pairs.rs"]
mod pairs;

/// Group directories under the root, and projects in each.
const GROUPS: usize = 50;
const PER_GROUP: usize = 100;
/// Project directories; two config files each.
const PROJECTS: usize = GROUPS * PER_GROUP;
/// Hooks in the tree: 4 in each of the 2 files of every project.
const HOOKS: u64 = 4 * 2 * PROJECTS as u64;
/// Interleaved pairs timed after the criterion group.
const PAIRS: usize = 12;

/// Commands no command rule finds anything in and that name no file.
fn clean_commands() -> [String; 4] {
    [
        "echo start".to_string(),
        "true".to_string(),
        "printf ok".to_string(),
        "jq -r .tool_input.command".to_string(),
    ]
}

/// How a run names the projects.
#[derive(Clone, Copy)]
enum How {
    Root,
    PathsNoRecurse,
    Paths,
}

struct Tree {
    dir: tempfile::TempDir,
    projects: Vec<String>,
}

impl Tree {
    fn write() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        let text = files::settings_json(&clean_commands());
        let mut projects = Vec::with_capacity(PROJECTS);
        for g in 0..GROUPS {
            for p in 0..PER_GROUP {
                let project = format!("g{g}/p{p}");
                for rel in [".claude/settings.json", ".codex/hooks.json"] {
                    let path = dir.path().join(&project).join(rel);
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, &text).unwrap();
                }
                projects.push(project);
            }
        }
        std::fs::write(dir.path().join(".gitignore"), "target/\nnode_modules/\n").unwrap();
        std::fs::create_dir(dir.path().join("home")).unwrap();
        if let Some(found) = dir
            .path()
            .ancestors()
            .map(|d| d.join("hooks.toml"))
            .find(|f| f.exists())
        {
            panic!(
                "{} would configure `hooks lint` in the bench's tree: move it or set TMPDIR",
                found.display()
            );
        }
        Tree { dir, projects }
    }

    fn lint(&self, bin: &Path, how: How, capture: bool) -> Output {
        let mut cmd = Command::new(bin);
        cmd.current_dir(self.dir.path())
            .args(["lint", "--no-env", "--home"])
            .arg(self.dir.path().join("home"))
            .args(["--format", "json"]);
        match how {
            How::Root => {
                cmd.arg(".");
            }
            How::PathsNoRecurse => {
                cmd.arg("--no-recurse").args(&self.projects);
            }
            How::Paths => {
                cmd.args(&self.projects);
            }
        }
        let out = cmd
            .env("HOME", self.dir.path().join("home"))
            .env_remove("CLAUDE_PROJECT_DIR")
            .stdin(Stdio::null())
            .stdout(if capture {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stderr(Stdio::piped())
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{}: {} {}",
            bin.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Every way of naming the projects reports every hook, and the same report.
    fn check(&self, bin: &Path) {
        let reports: Vec<serde_json::Value> = [How::Root, How::PathsNoRecurse, How::Paths]
            .into_iter()
            .map(|how| serde_json::from_slice(&self.lint(bin, how, true).stdout).unwrap())
            .collect();
        for r in &reports {
            assert_eq!(
                r["summary"]["hooks"].as_u64(),
                Some(HOOKS),
                "{}",
                r["summary"]
            );
        }
        let sorted = |r: &serde_json::Value| {
            let mut ids: Vec<String> = r["hooks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h["id"].as_str().unwrap().to_string())
                .collect();
            ids.sort();
            ids
        };
        assert_eq!(sorted(&reports[0]), sorted(&reports[1]));
        println!(
            "lint_nested: {HOOKS} hooks in {PROJECTS} nested projects, {} findings",
            reports[0]["diagnostics"].as_array().map_or(0, Vec::len)
        );
    }
}

fn time(tree: &Tree, bin: &Path, how: How) -> (f64, f64) {
    pairs::time_process(|| {
        tree.lint(bin, how, false);
    })
}

fn bench(c: &mut Criterion) {
    let bin = Path::new(env!("CARGO_BIN_EXE_hooks"));
    let tree = Tree::write();
    tree.check(bin);
    let mut g = c.benchmark_group("lint_nested");
    g.throughput(Throughput::Elements(2 * PROJECTS as u64));
    // About half a second a run: flat sampling, 10 samples (as `lint_vs_filed`).
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(9));
    g.bench_function("root", |b| b.iter(|| tree.lint(bin, How::Root, false)));
    g.bench_function("paths_no_recurse", |b| {
        b.iter(|| tree.lint(bin, How::PathsNoRecurse, false))
    });
    g.bench_function("paths", |b| b.iter(|| tree.lint(bin, How::Paths, false)));
    g.finish();
    if pairs::wanted() {
        for (name, how) in [
            ("paths_no_recurse", How::PathsNoRecurse),
            ("paths", How::Paths),
        ] {
            let r = pairs::ratios(
                PAIRS,
                || time(&tree, bin, how),
                || time(&tree, bin, How::Root),
            );
            for (q, what) in r.iter().zip(["wall", "cpu"]) {
                println!(
                    "lint_nested: {what} ratio root/{name}, same run, {PAIRS} interleaved pairs: median {:.3}× (pairs {:.3}–{:.3}); medians {:.0} ms root / {:.0} ms {name}",
                    q.median,
                    q.low,
                    q.high,
                    q.b * 1e3,
                    q.a * 1e3
                );
            }
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
