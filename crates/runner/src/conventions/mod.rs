//! One module per command convention, plus the seam for module hooks.

pub(crate) mod claude;
pub(crate) mod cline;
pub(crate) mod codex;
pub(crate) mod codex_shell;
pub(crate) mod copilot;
pub(crate) mod gemini;
pub(crate) mod jarvis;
pub(crate) mod jcode;
pub(crate) mod json_output;
pub(crate) mod kimi_answer;
pub(crate) mod module;
pub(crate) mod payload;
pub(crate) mod qwen;
pub(crate) mod shell;
