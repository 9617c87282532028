//! GJC, Claude and Codex hook directory trees: discovery and the import into `.gjc/hooks/`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::dir_tree(data);
});
