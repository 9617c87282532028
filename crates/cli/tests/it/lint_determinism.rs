//! `hooks lint` is deterministic at the binary level: two separate processes (each with its own
//! hash seeds, thread timing and directory-listing order) over the same tree print the same
//! bytes in every output format. The tree is every fixture project of every convention, with a
//! fixture home, so the output holds findings of every reader and renderer.

use crate::common;
// The structure-aware generators of the adapters' tests, shared by path.
#[path = "../../../adapters/tests/robust/mod.rs"]
mod robust;

use hook_ir::Convention;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::path::{Path, PathBuf};
use std::process::Output;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `fixtures/*/*/project` directory (and `fixtures/*/project`), sorted.
fn projects(root: &Path) -> Vec<String> {
    let mut v = Vec::new();
    let mut walk = vec![(root.join("fixtures"), 0)];
    while let Some((dir, depth)) = walk.pop() {
        for e in std::fs::read_dir(&dir).expect("read fixtures").flatten() {
            let p = e.path();
            if !p.is_dir() {
                continue;
            }
            if p.file_name().is_some_and(|n| n == "project") {
                let rel = p.strip_prefix(root).unwrap();
                v.push(rel.display().to_string());
            } else if depth < 2 {
                walk.push((p, depth + 1));
            }
        }
    }
    v.sort();
    v
}

fn lint(root: &Path, paths: &[String], home: &str, format: &str) -> Output {
    let mut cmd = common::bin();
    cmd.arg("lint")
        .args(paths)
        .args(["--home", home, "--no-env", "--format", format])
        .current_dir(root)
        .env("NO_COLOR", "1");
    for (k, _) in std::env::vars() {
        if k.starts_with("JCODE_") || k == "CLICOLOR_FORCE" {
            cmd.env_remove(k);
        }
    }
    cmd.output().expect("run hooks lint")
}

#[test]
fn two_processes_print_the_same_bytes_in_every_format() {
    let root = repo();
    let paths = projects(&root);
    assert!(paths.len() >= 20, "fixture projects: {paths:?}");
    let home = "fixtures/gemini-settings/valid/home";
    for format in ["human", "json", "sarif", "github"] {
        let a = lint(&root, &paths, home, format);
        let b = lint(&root, &paths, home, format);
        // The fixtures hold errors: lint exits 1 and says so, so the comparison is over findings.
        assert_eq!(
            a.status.code(),
            Some(1),
            "{format}: {}",
            String::from_utf8_lossy(&a.stderr)
        );
        assert!(
            a.stdout.len() > 1000,
            "{format}: too little output to compare"
        );
        assert_eq!(
            a.status.code(),
            b.status.code(),
            "{format}: exit codes differ"
        );
        if a.stdout != b.stdout {
            let (sa, sb) = (
                String::from_utf8_lossy(&a.stdout),
                String::from_utf8_lossy(&b.stdout),
            );
            let at = sa
                .lines()
                .zip(sb.lines())
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            panic!(
                "{format}: stdout differs between two runs, first at line {}:\n  {:?}\n  {:?}",
                at + 1,
                sa.lines().nth(at),
                sb.lines().nth(at)
            );
        }
        assert_eq!(a.stderr, b.stderr, "{format}: stderr differs");
    }
}

/// The same over generated documents (`robust/gen.rs`, a fixed seed): 40 of each config format,
/// valid and mutated (wrong types, unknown and mis-cased keys, bad matchers, odd commands,
/// duplicates, cut text), each linted as an explicit file, in every format, with the fixes'
/// diff too. What the fixtures do not hold, the generators reach.
#[test]
fn generated_documents_lint_the_same_in_two_processes() {
    const N: usize = 40;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    for (conv, name) in [
        (Convention::Jcode, "config.toml"),
        (Convention::Jarvis, "config.toml"),
        (Convention::CodexJson, "hooks.json"),
        (Convention::ClaudeSettings, "settings.json"),
        (Convention::GeminiSettings, "settings.json"),
    ] {
        let strategy = match conv {
            Convention::Jcode => robust::gen::jcode().boxed(),
            Convention::Jarvis => robust::gen::jarvis().boxed(),
            c => robust::gen::json_hooks(c).boxed(),
        };
        let mut files = Vec::new();
        for i in 0..N {
            let doc = strategy.new_tree(&mut runner).unwrap().current();
            let rel = format!("{conv}/{i}/{name}");
            let p = dir.path().join(&rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, &doc.text).unwrap();
            files.push(rel);
        }
        let run = |extra: &[&str]| {
            let mut cmd = common::bin();
            cmd.arg("lint")
                .args(&files)
                .args(["--convention", &conv.to_string(), "--isolated"])
                .args(["--home", "home", "--no-env"])
                .args(extra)
                .current_dir(dir.path())
                .env("NO_COLOR", "1");
            for (k, _) in std::env::vars() {
                if k.starts_with("JCODE_") || k == "CLICOLOR_FORCE" {
                    cmd.env_remove(k);
                }
            }
            cmd.output().expect("run hooks lint")
        };
        for extra in [
            &["--format", "human"][..],
            &["--format", "json"],
            &["--format", "sarif"],
            &["--format", "github"],
            &["--diff", "--unsafe-fixes"],
        ] {
            let (a, b) = (run(extra), run(extra));
            assert!(
                a.stdout.len() > 200,
                "{conv} {extra:?}: too little output to compare: {}",
                String::from_utf8_lossy(&a.stderr)
            );
            assert_eq!(
                a.status.code(),
                b.status.code(),
                "{conv} {extra:?}: exit codes differ"
            );
            assert!(
                a.stdout == b.stdout,
                "{conv} {extra:?}: stdout differs between two runs"
            );
            assert_eq!(a.stderr, b.stderr, "{conv} {extra:?}: stderr differs");
        }
    }
}
