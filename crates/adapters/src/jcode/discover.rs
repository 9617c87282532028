//! Where jcode's config lives: `$JCODE_HOME/config.toml`, else `~/.jcode/config.toml`.

use crate::Context;
use std::path::PathBuf;

/// The config file jcode reads for this context: `$JCODE_HOME/config.toml` when `JCODE_HOME`
/// is set in `ctx.env` — **even when empty**: jcode takes any value
/// (1jehuang/jcode@6da6124 `crates/jcode-storage/src/lib.rs` `jcode_dir`:
/// `if let Ok(path) = std::env::var("JCODE_HOME") { return Ok(PathBuf::from(path)); }`), and
/// an empty one makes the path `config.toml`, read relative to the current directory — else
/// `<home>/.jcode/config.toml`. `None` without both.
pub fn config_path(ctx: &Context) -> Option<PathBuf> {
    match ctx.var("JCODE_HOME") {
        Some("") => {
            let rel = PathBuf::from("config.toml");
            Some(std::env::current_dir().map_or(rel.clone(), |d| d.join(rel)))
        }
        Some(h) => Some(PathBuf::from(h).join("config.toml")),
        None => ctx
            .home
            .as_ref()
            .map(|h| h.join(".jcode").join("config.toml")),
    }
}
