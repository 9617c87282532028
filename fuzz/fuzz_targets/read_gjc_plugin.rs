//! Any bytes as a `gjc_plugin` file: hooks or located, coded diagnostics; never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::reader(hook_ir::Convention::GjcPlugin, data);
});
