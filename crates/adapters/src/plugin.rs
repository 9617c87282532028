//! Plugin roots found in a project tree (`hooks lint PATH` walking a repository): a Claude Code
//! plugin (`.claude-plugin/plugin.json` beside `hooks/hooks.json`), a Gemini CLI extension
//! (`gemini-extension.json` beside `hooks/hooks.json`) or a GJC plugin (`gajae-plugin.json`).
//! Discovery stamps each one's files with [`hook_ir::Scope::Plugin`] and the plugin's root, as
//! the agents that install it run it: `${CLAUDE_PLUGIN_ROOT}` and `${extensionPath}` are that root.

use crate::{Context, Output};
use hook_ir::Convention;
use std::path::{Path, PathBuf};

/// What kind of plugin a directory is the root of: the convention its hooks file is read as
/// (a Claude Code plugin, a Gemini CLI extension, a GJC plugin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PluginKind(Convention);

impl PluginKind {
    /// The plugin root a file found by a walk marks, and its kind: `<root>/.claude-plugin/plugin.json`,
    /// `<root>/gemini-extension.json`, `<root>/gajae-plugin.json`
    /// ([`crate::registry::Adapter::plugin_root`]). The hooks file itself is not checked here
    /// (a Claude plugin or Gemini extension without `hooks/hooks.json` has no hooks: see
    /// [`PluginKind::hooks_file`]).
    pub fn marked_by(file: &Path) -> Option<(PluginKind, PathBuf)> {
        crate::registry::ADAPTERS.iter().find_map(|a| {
            a.plugin_root(file)
                .map(|root| (PluginKind(a.convention()), root))
        })
    }

    /// The convention its hooks file is read as.
    pub fn convention(self) -> Convention {
        self.0
    }

    /// The file of `root` that holds the plugin's hooks.
    pub fn hooks_file(self, root: &Path) -> PathBuf {
        crate::registry::adapter(self.0).plugin_hooks_file(root)
    }
}

/// Reads the plugin at `root` (its hooks file, [`PluginKind::hooks_file`]) as the agent that
/// installs it would: every hook and source stamped [`hook_ir::Scope::Plugin`] with `root` as
/// the plugin root. Nothing when the hooks file does not exist (a plugin without hooks).
pub fn read_plugin_output(ctx: &Context, root: &Path, kind: PluginKind) -> Output {
    let mut out = Output::default();
    let file = kind.hooks_file(root);
    if !file.is_file() {
        return out;
    }
    out.layer(hook_ir::Scope::Plugin, Some(root), |out| {
        crate::registry::adapter(kind.0).load(ctx, &file, out);
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_files_name_their_root() {
        let (k, r) = PluginKind::marked_by(Path::new("/r/p/.claude-plugin/plugin.json")).unwrap();
        assert_eq!(
            (k.convention(), r.as_path()),
            (Convention::ClaudeSettings, Path::new("/r/p"))
        );
        let (k, r) = PluginKind::marked_by(Path::new("/r/e/gemini-extension.json")).unwrap();
        assert_eq!(
            (k.convention(), r.as_path()),
            (Convention::GeminiSettings, Path::new("/r/e"))
        );
        assert!(PluginKind::marked_by(Path::new("/r/p/plugin.json")).is_none());
    }
}
