//! Any bytes as a `gemini_settings` file: hooks or located, coded diagnostics; never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::reader(hook_ir::Convention::GeminiSettings, data);
});
