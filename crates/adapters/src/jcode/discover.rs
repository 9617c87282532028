//! Where jcode's config lives: `$JCODE_HOME/config.toml`, else `~/.jcode/config.toml`.

use crate::Context;
use std::path::PathBuf;

/// The config file jcode reads for this context: `$JCODE_HOME/config.toml` when `JCODE_HOME`
/// is set (and not empty) in `ctx.env`, else `<home>/.jcode/config.toml`. `None` without both.
pub fn config_path(ctx: &Context) -> Option<PathBuf> {
    match ctx.var("JCODE_HOME").filter(|h| !h.is_empty()) {
        Some(h) => Some(PathBuf::from(h).join("config.toml")),
        None => ctx
            .home
            .as_ref()
            .map(|h| h.join(".jcode").join("config.toml")),
    }
}
