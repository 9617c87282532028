//! Issue 13's last "done when": `hooks lint` on 10,000 files stays within 1.2× of the time of the
//! day the issue was filed, measured in the same run. "That day" is the release binary of commit
//! `a3edaab` (built by `crates/cli/benches/build_filed_baseline.sh`, path in the environment
//! variable `HOOKS_FILED_BASELINE`); "now" is this build's `hooks`. Both are timed as whole
//! processes on the same files, so everything a run does counts: discovery, reading, the format
//! checks, the rules, the merge of the roots, writing the JSON report.
//!
//! The files: 5,000 project directories `p0..p4999`, each with a `.claude/settings.json` and a
//! `.codex/hooks.json` (10,000 files, 4 command hooks each in one `PreToolUse` group), an empty
//! home dir, in two trees: commands no command rule finds anything in, and the commands of
//! `crates/adapters/benches/lint_10k.rs` (a missing script, a pipe into `tee`, a download, a
//! script under `uv run`). Each run is
//! `hooks lint --no-env --home <tmp>/home --format json p0 … p4999` in the tree, its report
//! written to /dev/null.
//!
//! Per tree, a criterion group times the two binaries (`filed_a3edaab`, `now`); then, as in
//! lint_10k.rs, interleaved pairs (filed then now, now then filed, ...) give the median of the
//! per-pair ratios now/filed, in wall time and in the children's CPU time (user + system, from
//! `getrusage(RUSAGE_CHILDREN)`): a shared machine slows both halves of a pair alike, and CPU
//! time does not count the time a process waited for a core. Nothing passes or fails on time;
//! the printed ratios are the claim (docs/performance.md).
//!
//! ```text
//! export HOOKS_FILED_BASELINE=$(crates/cli/benches/build_filed_baseline.sh)   # an absolute path
//! cargo bench -p hooks-cli --bench lint_vs_filed
//! cargo bench -p hooks-cli --bench lint_vs_filed -- none   # only the pairs
//! ```

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// The findings commands and the file shape, shared with the adapters' `lint_10k`.
#[path = "../../adapters/benches/support/files.rs"]
mod files;
/// The interleaved pairs, shared with the adapters' `lint_10k`.
#[path = "../../adapters/benches/support/pairs.rs"]
mod pairs;

/// Project directories per tree; two config files each.
const PROJECTS: usize = 5_000;

/// Hooks per tree: 4 in each of the 2 files of every project.
const HOOKS: u64 = 4 * 2 * PROJECTS as u64;

/// Interleaved pairs timed after the criterion groups, per tree.
const PAIRS: usize = 12;

/// The environment variable naming the baseline binary.
const BASELINE_VAR: &str = "HOOKS_FILED_BASELINE";

/// Commands no command rule finds anything in and that name no file.
fn clean_commands(_n: usize) -> [String; 4] {
    [
        "echo start".to_string(),
        "true".to_string(),
        "printf ok".to_string(),
        "jq -r .tool_input.command".to_string(),
    ]
}

/// One tree of files to lint, in its own temporary directory.
struct Tree {
    name: &'static str,
    dir: tempfile::TempDir,
}

impl Tree {
    fn write(name: &'static str, cmds: fn(usize) -> [String; 4]) -> Tree {
        let dir = tempfile::tempdir().unwrap();
        for n in 0..PROJECTS {
            let text = files::settings_json(&cmds(n));
            for rel in [".claude/settings.json", ".codex/hooks.json"] {
                let path = dir.path().join(format!("p{n}")).join(rel);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &text).unwrap();
            }
        }
        std::fs::create_dir(dir.path().join("home")).unwrap();
        // The old binary has no `--isolated` (it did not read `hooks.toml` at all), so neither
        // run passes it; today's binary then looks for a `hooks.toml` from each root upward,
        // which is part of what a default `hooks lint` costs now. None is written in the tree,
        // and one above it would change today's findings: fail instead of measuring that.
        if let Some(found) = dir
            .path()
            .ancestors()
            .map(|d| d.join("hooks.toml"))
            .find(|f| f.exists())
        {
            panic!(
                "{} would configure today's `hooks lint` in the bench's tree: move it or set TMPDIR",
                found.display()
            );
        }
        Tree { name, dir }
    }

    /// `hooks lint` of every project in the tree by `bin`, its report to /dev/null or captured.
    fn lint(&self, bin: &Path, capture: bool) -> Output {
        let out = Command::new(bin)
            .current_dir(self.dir.path())
            .args(["lint", "--no-env", "--home"])
            .arg(self.dir.path().join("home"))
            .args(["--format", "json"])
            .args((0..PROJECTS).map(|n| format!("p{n}")))
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
        // 1: findings with errors; anything else is a failed run, not a measurement.
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{} lint on the {} tree: {} {}",
            bin.display(),
            self.name,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Runs `bin` once with its report captured: it must report every hook (a broken or wrong
    /// baseline fails here, loudly). Prints how many findings of which code it reports.
    fn check(&self, who: &str, bin: &Path) {
        let out = self.lint(bin, true);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{who} ({}): report is not JSON: {e}", bin.display()));
        assert_eq!(
            report["summary"]["hooks"].as_u64(),
            Some(HOOKS),
            "{who} ({}) on the {} tree: summary {}",
            bin.display(),
            self.name,
            report["summary"]
        );
        let mut codes = std::collections::BTreeMap::<String, usize>::new();
        for d in report["diagnostics"].as_array().into_iter().flatten() {
            *codes
                .entry(d["code"].as_str().unwrap_or("?").to_string())
                .or_default() += 1;
        }
        println!(
            "lint_vs_filed, {} tree: {who} reports {HOOKS} hooks, findings {codes:?}",
            self.name
        );
    }
}

/// The baseline binary from [`BASELINE_VAR`]; panics, naming the script that builds it, when it
/// is unset or not an executable file. A relative path is taken from the bench's working
/// directory, `crates/cli` under `cargo bench`: the message shows the absolute path looked at.
fn baseline() -> PathBuf {
    let help = "crates/cli/benches/build_filed_baseline.sh builds it and prints its absolute path";
    let Some(path) = std::env::var_os(BASELINE_VAR) else {
        panic!("set {BASELINE_VAR} to the `hooks` binary of commit a3edaab: {help}");
    };
    let path = std::path::absolute(PathBuf::from(path)).unwrap();
    let executable = std::fs::metadata(&path)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false);
    assert!(
        executable,
        "{BASELINE_VAR}={} is not an executable file: {help}",
        path.display()
    );
    path
}

fn bench(c: &mut Criterion) {
    let filed = baseline();
    let now = PathBuf::from(env!("CARGO_BIN_EXE_hooks"));
    let trees = [
        Tree::write("clean", clean_commands),
        Tree::write("findings", files::finding_commands),
    ];
    for tree in &trees {
        tree.check("filed_a3edaab", &filed);
        tree.check("now", &now);
    }
    for tree in &trees {
        let mut g = c.benchmark_group(format!("lint_vs_filed_{}", tree.name));
        g.throughput(Throughput::Elements(2 * PROJECTS as u64));
        // One run is about half a second: flat sampling runs each of the 10 samples the same
        // number of times, ceil(9 s / 10 / run) (criterion's default linear sampling would run at
        // least 55), so a function takes at most 1 s of warm-up and 9 s + 10 runs: a group stays
        // under 40 s for any run shorter than 0.9 s, the two binaries' time here.
        g.sampling_mode(SamplingMode::Flat);
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(9));
        g.bench_function("filed_a3edaab", |b| b.iter(|| tree.lint(&filed, false)));
        g.bench_function("now", |b| b.iter(|| tree.lint(&now, false)));
        g.finish();
    }
    if pairs::wanted() {
        for tree in &trees {
            paired_ratio(tree, &filed, &now);
        }
    }
}

/// Wall and children's CPU seconds of one `hooks lint` run of `bin`.
fn time(tree: &Tree, bin: &Path) -> (f64, f64) {
    pairs::time_process(|| {
        tree.lint(bin, false);
    })
}

/// Times `filed` and `now` on `tree` in [`PAIRS`] interleaved pairs and prints, for wall and
/// CPU time, the median of the per-pair ratios now/filed (with their range) and the two medians.
fn paired_ratio(tree: &Tree, filed: &Path, now: &Path) {
    let r = pairs::ratios(PAIRS, || time(tree, filed), || time(tree, now));
    for (q, what) in r.iter().zip(["wall", "cpu"]) {
        println!(
            "lint_vs_filed, {} tree: {what} ratio now/filed_a3edaab, same run, {PAIRS} interleaved pairs: median {:.3}× (pairs {:.3}–{:.3}); medians {:.0} ms now / {:.0} ms filed",
            tree.name,
            q.median,
            q.low,
            q.high,
            q.b * 1e3,
            q.a * 1e3
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
