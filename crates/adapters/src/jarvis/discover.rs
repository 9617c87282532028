//! Where Jarvis Code's config lives: `~/.jarvis-code/config.toml`.

use crate::Context;
use std::path::PathBuf;

/// `<home>/.jarvis-code/config.toml`, `None` without a home dir.
pub fn config_path(ctx: &Context) -> Option<PathBuf> {
    ctx.home
        .as_ref()
        .map(|h| h.join(".jarvis-code").join("config.toml"))
}
