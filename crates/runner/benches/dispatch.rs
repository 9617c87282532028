//! Runner benchmarks (issue 5), each against a baseline measured in the same run:
//! 1. dispatch with hooks configured but none matching, vs. testing the same compiled matchers
//!    directly (the floor any dispatcher has to pay);
//! 2. one `pre_tool_use` command hook running `true`, vs. spawning and waiting for `true` with
//!    `std::process::Command` directly;
//! 3. 64 matching Jarvis hooks that each `sleep 0.1`, vs. one such hook (parallel: ≈ 1× on an
//!    idle machine) and vs. 64 `sh -c 'sleep 0.1'` spawned and awaited with `std` (the machine's
//!    floor for 64 parallel processes).
//!
//! `cargo bench -p hooks-runner`; short measurement times keep the shared machine usable.

#![allow(missing_docs)] // criterion's macros generate undocumented items

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use hook_ir::contract::find;
use hook_ir::{Convention, Detail, Dialect, Exec, Handler, Hook, Location, Matcher};
use runner::{Event, Runner, RunnerOptions};
use serde_json::json;
use std::time::Duration;

fn hook(id: &str, convention: Convention, event: &str, command: &str, matcher: Matcher) -> Hook {
    Hook {
        plugin_root: None,
        source_file: None,
        id: id.into(),
        kind: find(convention, event)
            .and_then(|r| r.kind())
            .expect("accepted event"),
        convention,
        source_event: event.into(),
        matcher,
        handler: Handler::Command {
            command: command.into(),
            exec: if convention == Convention::Jcode {
                Exec::Direct
            } else {
                Exec::Shell
            },
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("bench"),
        detail: Detail::None,
    }
}

fn no_match(c: &mut Criterion) {
    let exact = Matcher::Exact {
        names: vec!["Write".into(), "Edit".into()],
    };
    let rust = Matcher::Regex {
        dialect: Dialect::Rust,
        pattern: "^(Write|Edit)$".into(),
    };
    let matchers = [exact.clone(), rust.clone(), exact.clone(), rust.clone()];
    let hooks: Vec<Hook> = matchers
        .iter()
        .enumerate()
        .map(|(n, m)| {
            let conv = if n % 2 == 0 {
                Convention::Jarvis
            } else {
                Convention::CodexJson
            };
            hook(&format!("h{n}"), conv, "PreToolUse", "exit 2", m.clone())
        })
        .collect();
    let r = Runner::new(hooks, RunnerOptions::default());
    let compiled: Vec<_> = matchers
        .iter()
        .map(|m| m.compile().expect("valid"))
        .collect();
    let ev = Event::pre_tool_use("Bash", json!({"command": "ls"}));
    let mut g = c.benchmark_group("no_match");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function("baseline_matchers_only", |b| {
        b.iter(|| compiled.iter().any(|m| m.is_match(black_box("Bash"))))
    });
    g.bench_function("dispatch_blocking_4_hooks", |b| {
        b.iter(|| r.dispatch_blocking(black_box(&ev)))
    });

    // The same with the matchers Jarvis and Claude users write: ECMAScript literal alternations,
    // which hook-ir tests without the regex engine. Baseline: what one `regress` search per hook
    // (the path before the literal fast path) costs for the same patterns.
    let patterns = [
        "Write|Edit",
        "^(?:Write|Edit)$",
        "Write|Edit|MultiEdit",
        "^mcp__",
    ];
    let ecma: Vec<Hook> = patterns
        .iter()
        .enumerate()
        .map(|(n, p)| {
            let conv = if n % 2 == 0 {
                Convention::Jarvis
            } else {
                Convention::ClaudeSettings
            };
            let m = Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: (*p).into(),
            };
            hook(&format!("e{n}"), conv, "PreToolUse", "exit 2", m)
        })
        .collect();
    let r_ecma = Runner::new(ecma, RunnerOptions::default());
    let regress: Vec<_> = patterns
        .iter()
        .map(|p| regress::Regex::with_flags(p, "").expect("valid"))
        .collect();
    g.bench_function("baseline_regress_search_4_ecma", |b| {
        b.iter(|| regress.iter().any(|r| r.find(black_box("Bash")).is_some()))
    });
    g.bench_function("dispatch_blocking_4_ecma_literal_hooks", |b| {
        b.iter(|| r_ecma.dispatch_blocking(black_box(&ev)))
    });
    g.finish();
}

fn one_process(c: &mut Criterion) {
    let r = Runner::new(
        vec![hook(
            "g",
            Convention::Jcode,
            "pre_tool",
            "true",
            Matcher::Any,
        )],
        RunnerOptions::default(),
    );
    let ev = Event::pre_tool_use("Bash", json!({"command": "ls"}));
    let mut g = c.benchmark_group("one_true_hook");
    g.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("baseline_std_command_true", |b| {
        b.iter(|| {
            std::process::Command::new("true")
                .status()
                .expect("true runs")
        })
    });
    // The same spawn with what the jcode contract requires of every gate: three pipes, the
    // tool input written to stdin, a process group, the session cwd, and the JCODE_HOOK_* variables
    // (which make std build a fresh environment block). Separates the contract's cost from the runner's.
    g.bench_function("baseline_std_command_true_piped_env", |b| {
        use std::io::Write;
        use std::os::unix::process::CommandExt;
        b.iter(|| {
            let mut child = std::process::Command::new("true")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .process_group(0)
                .current_dir(std::env::current_dir().expect("cwd"))
                .env("JCODE_HOOKS_DISABLED", "1")
                .env("JCODE_HOOK_EVENT", "pre_tool")
                .env("JCODE_HOOK_TOOL_NAME", "Bash")
                .env("JCODE_HOOK_TOOL_INPUT", "{\"command\":\"ls\"}")
                .env("JCODE_HOOK_PAYLOAD", "{\"event\":\"pre_tool\"}")
                .spawn()
                .expect("true runs");
            if let Some(mut stdin) = child.stdin.take() {
                let _ = stdin.write_all(b"{\"command\":\"ls\"}");
            }
            child.wait_with_output().expect("true runs")
        })
    });
    g.bench_function("runner_jcode_pre_tool_true", |b| {
        b.iter(|| r.dispatch_blocking(&ev))
    });
    g.finish();
}

fn parallel_sleepers(c: &mut Criterion) {
    // Distinct commands (a trailing comment), so Jarvis's dedupe runs all 64.
    let many: Vec<Hook> = (0..64)
        .map(|n| {
            hook(
                &format!("h{n}"),
                Convention::Jarvis,
                "PreToolUse",
                &format!("sleep 0.1 # {n}"),
                Matcher::Any,
            )
        })
        .collect();
    let one = vec![hook(
        "h",
        Convention::Jarvis,
        "PreToolUse",
        "sleep 0.1",
        Matcher::Any,
    )];
    let many = Runner::new(many, RunnerOptions::default());
    let one = Runner::new(one, RunnerOptions::default());
    let ev = Event::pre_tool_use("Bash", json!({}));
    let mut g = c.benchmark_group("jarvis_sleep_0.1");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("baseline_1_hook", |b| b.iter(|| one.dispatch_blocking(&ev)));
    // The machine's floor for 64 parallel `sh -c` processes: spawn all, then wait for all.
    g.bench_function("baseline_64_std_spawn_then_wait", |b| {
        b.iter(|| {
            let children: Vec<_> = (0..64)
                .map(|n| {
                    std::process::Command::new("/bin/sh")
                        .arg("-c")
                        .arg(format!("sleep 0.1 # {n}"))
                        .stdin(std::process::Stdio::null())
                        .spawn()
                        .expect("sh runs")
                })
                .collect();
            for mut c in children {
                c.wait().expect("waits");
            }
        })
    });
    g.bench_function("64_hooks", |b| b.iter(|| many.dispatch_blocking(&ev)));
    g.finish();
}

criterion_group!(benches, no_match, one_process, parallel_sleepers);
criterion_main!(benches);
