//! The `gemini_settings` writer over any existing file: round trip, idempotence, nothing of the user's lost.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::writer(hook_ir::Convention::GeminiSettings, data);
});
