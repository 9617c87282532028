//! Matcher compilation in both dialects and the literal fast path against the regex engine.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::matcher(data);
});
