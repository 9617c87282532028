//! Where Jarvis Code's config lives: `~/.jarvis-code/config.toml` (the seed), and the file of
//! Kimi Code itself, of which Jarvis is a renamed copy: `$KIMI_CODE_HOME/config.toml`, else
//! `~/.kimi-code/config.toml`.

use crate::Context;
use std::path::PathBuf;

/// `<home>/.jarvis-code/config.toml`, `None` without a home dir.
pub fn config_path(ctx: &Context) -> Option<PathBuf> {
    ctx.home
        .as_ref()
        .map(|h| h.join(".jarvis-code").join("config.toml"))
}

/// Kimi Code's own config: `$KIMI_CODE_HOME/config.toml` when `KIMI_CODE_HOME` is set and not
/// empty, else `<home>/.kimi-code/config.toml` (MoonshotAI/kimi-code@d723cc4
/// `apps/kimi-code/src/utils/paths.ts` `getDataDir`: "Priority: `KIMI_CODE_HOME` env var >
/// `~/.kimi-code`", with `if (envDir)`, so an empty value is ignored).
pub fn kimi_config_path(ctx: &Context) -> Option<PathBuf> {
    match ctx.var("KIMI_CODE_HOME").filter(|h| !h.is_empty()) {
        Some(h) => Some(PathBuf::from(h).join("config.toml")),
        None => ctx
            .home
            .as_ref()
            .map(|h| h.join(".kimi-code").join("config.toml")),
    }
}
