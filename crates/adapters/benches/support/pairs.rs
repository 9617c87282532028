//! Interleaved pairs: two things timed alternately in one run, their ratio taken per pair. A
//! machine shared with other work slows both halves of a pair alike, where two criterion groups
//! measured seconds apart can see different loads. Shared by `lint_10k` (adapters),
//! `lint_vs_filed` and `lint_nested` (cli), which include this file by path.

/// The per-pair ratios b/a of one measure (wall or CPU) and the two sides' medians.
pub struct Ratios {
    /// The median ratio.
    pub median: f64,
    /// The smallest ratio.
    pub low: f64,
    /// The largest ratio.
    pub high: f64,
    /// The medians of `a` and of `b`, in seconds.
    pub a: f64,
    pub b: f64,
}

/// Whether to time pairs: under `cargo bench` (criterion's `--bench`), not in test mode
/// (`cargo test --benches`), not with `--list` or under a profiler (`--profile-time`).
pub fn wanted() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench")
        && !args
            .iter()
            .any(|a| a == "--list" || a == "--profile-time" || a == "--test")
}

/// The median of `v` (sorted in place).
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (v[(n - 1) / 2] + v[n / 2]) / 2.0
}

/// Times `a` and `b` in `n` pairs, alternating which runs first; each returns its (wall, CPU)
/// seconds. Returns the wall and the CPU [`Ratios`] of b/a.
pub fn ratios(
    n: usize,
    mut a: impl FnMut() -> (f64, f64),
    mut b: impl FnMut() -> (f64, f64),
) -> [Ratios; 2] {
    // [wall, cpu] × (a, b, ratio)
    let mut t: [[Vec<f64>; 3]; 2] = Default::default();
    for i in 0..n {
        let (ta, tb) = if i % 2 == 0 {
            let ta = a();
            (ta, b())
        } else {
            let tb = b();
            (a(), tb)
        };
        for (k, (x, y)) in [(ta.0, tb.0), (ta.1, tb.1)].into_iter().enumerate() {
            t[k][0].push(x);
            t[k][1].push(y);
            t[k][2].push(y / x);
        }
    }
    t.map(|[mut a, mut b, mut q]| {
        let median_q = median(&mut q);
        Ratios {
            median: median_q,
            low: q[0],
            high: q[q.len() - 1],
            a: median(&mut a),
            b: median(&mut b),
        }
    })
}

/// CPU seconds (user and system) of the waited-for children of this process: what a benchmark
/// that runs `hooks` as a process spends in it.
#[allow(unsafe_code, dead_code)] // `lint_10k` times a call, not a process.
pub fn children_cpu_s() -> f64 {
    // SAFETY: `rusage` is plain data (all-zero is valid) and getrusage only writes into it.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid `who` and a pointer to a live, writable rusage.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    assert_eq!(rc, 0, "getrusage(RUSAGE_CHILDREN)");
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(u.ru_utime) + tv(u.ru_stime)
}

/// Wall and children's CPU seconds of `run`, which runs a process and waits for it.
#[allow(dead_code)] // `lint_10k` times a call, not a process.
pub fn time_process(run: impl FnOnce()) -> (f64, f64) {
    let (w, c) = (std::time::Instant::now(), children_cpu_s());
    run();
    (w.elapsed().as_secs_f64(), children_cpu_s() - c)
}
