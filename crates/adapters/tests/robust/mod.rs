//! The oracle and the generators shared by the generated-document tests and `fuzz/`.
pub mod check;
pub mod gen;
pub mod tree;

/// `cases` per property, or `PROPTEST_CASES` for a longer local run.
// Not every test that includes this module runs proptest.
#[allow(dead_code)]
pub fn config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(cases),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
