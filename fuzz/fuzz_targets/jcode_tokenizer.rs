//! jcode's tokenizer: quote → split round trip on whatever it accepts; never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hooks_fuzz::tokenizer(data);
});
