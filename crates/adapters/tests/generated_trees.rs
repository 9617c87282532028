//! Structure-aware generated hook directory trees (`robust/gen.rs`: GJC's `.gjc/hooks/`,
//! Claude's `.claude/hooks/`, Codex's `.codex/hooks/`) through discovery and the GJC writer,
//! held to the shared tree oracle (`robust/tree.rs`):
//! - every tree yields hooks or coded diagnostics, located, the same each time; a valid tree
//!   reads as exactly its modules' hooks, with no error;
//! - importing the hooks into another project's `.gjc/hooks/` copies the modules byte for byte,
//!   reads back as the same kinds and matchers (or a coded diagnostic names the hook), keeps
//!   what was there, and a second import changes nothing;
//! - most generated trees reach lowering (the share is measured and pinned).

mod robust;

use hook_ir::Convention;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use robust::check::Sandbox;
use robust::tree::{import_checked, read_tree_checked, Tree};

fn props(tree: &Tree) -> bool {
    let src = Sandbox::new();
    let dst = Sandbox::new();
    let d = read_tree_checked(&src, tree);
    assert!(
        !d.batch.hooks.is_empty() || !d.batch.diagnostics.is_empty(),
        "a tree gave neither hooks nor diagnostics: {tree:?}"
    );
    import_checked(&dst, &d.batch.hooks);
    !d.batch.hooks.is_empty()
}

proptest! {
    #![proptest_config(robust::config(96))]

    #[test]
    fn gjc_hook_trees(t in robust::gen::tree(Convention::Gjc)) {
        props(&t);
    }

    #[test]
    fn claude_hook_trees(t in robust::gen::tree(Convention::ClaudeDir)) {
        props(&t);
    }

    #[test]
    fn codex_hook_trees(t in robust::gen::tree(Convention::CodexDir)) {
        props(&t);
    }
}

/// The share of generated trees that reach lowering (at least one module became a hook), per
/// convention, over a fixed sample (deterministic seed), pinned like the documents' share.
#[test]
fn most_generated_trees_reach_lowering() {
    const N: usize = 200;
    let mut report = Vec::new();
    for conv in [Convention::Gjc, Convention::ClaudeDir, Convention::CodexDir] {
        let mut runner = TestRunner::new_with_rng(
            Config::default(),
            proptest::test_runner::TestRng::deterministic_rng(
                proptest::test_runner::RngAlgorithm::ChaCha,
            ),
        );
        let strategy = robust::gen::tree(conv);
        let (mut reached, mut valid) = (0, 0);
        for _ in 0..N {
            let t = strategy.new_tree(&mut runner).unwrap().current();
            reached += usize::from(props(&t));
            valid += usize::from(t.mutations.is_empty());
        }
        report.push(format!(
            "{conv}: {reached}/{N} reach lowering ({:.0}%), {valid} unmutated",
            100.0 * reached as f64 / N as f64
        ));
        assert!(
            reached * 100 >= N * 85,
            "{conv}: only {reached}/{N} reach lowering"
        );
        assert!(
            valid * 100 >= N * 10,
            "{conv}: only {valid}/{N} unmutated trees"
        );
        assert!(valid < N, "{conv}: no mutation ever applied");
    }
    eprintln!("{}", report.join("\n"));
}

/// The `dir_trees` fuzz target's find: a Codex hook file `post-.gjc.js` is a hook for the tool
/// `.gjc`, which GJC would file as a hidden file and never load; the import must say so.
#[test]
fn fuzz_regression_a_tool_name_that_makes_a_hidden_gjc_file() {
    let data = b"\x00post-.gjc.js\nexport default (api) => api.on(\"tool_result\", () => {});\n";
    let t = Tree::from_bytes(Convention::CodexDir, data);
    let src = Sandbox::new();
    let d = read_tree_checked(&src, &t);
    import_checked(&Sandbox::new(), &d.batch.hooks);
}
