//! The layer a file belongs to ([`Scope`]). Discovery stamps the layer it looked a file up in
//! ([`crate::Output::layer`]); a file named explicitly is judged by its real place
//! ([`of_path`]). Where `hooks import` puts a hook of each scope is the migration crate's
//! (`hooks_migrate::placement`).

use crate::Context;
use hook_ir::Convention;
use std::path::{Path, PathBuf};

/// The per-project folders agents keep their hook configuration in (`.claude`, `.codex`, …).
pub const AGENT_DIRS: &[&str] = &[
    ".claude",
    ".codex",
    ".gemini",
    ".gjc",
    ".jarvis-code",
    ".jcode",
    ".kimi",
    ".kimi-code",
];

/// The files (and directories) discovery reads in a project, per convention, relative to the
/// project root, as `hooks lint` lists them for a project where it found none. jcode, Jarvis and
/// Kimi Code read only the user's own file (under the home dir).
pub const PROJECT_FILES: &[(Convention, &str)] = &[
    (Convention::ClaudeSettings, ".claude/settings.json, .claude/settings.local.json; a plugin's hooks/hooks.json (beside .claude-plugin/plugin.json)"),
    (Convention::CodexJson, ".codex/hooks.json, the [hooks] of .codex/config.toml"),
    (Convention::GeminiSettings, ".gemini/settings.json; an extension's hooks/hooks.json (beside gemini-extension.json)"),
    (Convention::Gjc, ".gjc/hooks/pre/, .gjc/hooks/post/"),
    (Convention::GjcPlugin, ".gjc/gjc-plugins/*/gajae-plugin.json; a plugin's gajae-plugin.json"),
    (Convention::ClaudeDir, ".claude/hooks/pre/, .claude/hooks/post/"),
    (Convention::CodexDir, ".codex/hooks/pre-<tool>.ts|js, .codex/hooks/post-<tool>.ts|js"),
    (Convention::Jcode, "~/.jcode/config.toml only (no project file)"),
    (Convention::Jarvis, "~/.jarvis-code/config.toml, ~/.kimi-code/config.toml only (no project file)"),
];

pub use hook_ir::Scope;

/// The layer of a file named explicitly (`hooks lint FILE`), and the directory its hooks belong
/// to, from its real place on disk: discovery did not look it up, so its place is all there is.
/// The path is made absolute and compared with the home dir through symlinks; its display form
/// is never read.
pub fn of_path(ctx: &Context, convention: Convention, path: &Path) -> (Scope, Option<PathBuf>) {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let real = std::fs::canonicalize(&abs).unwrap_or_else(|_| abs.clone());
    let home = ctx
        .home
        .as_ref()
        .map(|h| std::fs::canonicalize(h).unwrap_or_else(|_| h.clone()));
    let is_home = |p: &Path| home.as_deref() == Some(p);
    let parent = real.parent().unwrap_or(Path::new("/"));
    let name = real.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parent_name = parent.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // The directory holding an agent folder (`<project>/.codex/hooks.json`): the project, where
    // the agent runs the hooks.
    let project = if AGENT_DIRS.contains(&parent_name) {
        parent.parent().unwrap_or(parent).to_path_buf()
    } else {
        parent.to_path_buf()
    };
    match convention {
        Convention::GjcPlugin => return (Scope::Plugin, Some(parent.to_path_buf())),
        // jcode and Jarvis read only their user-level file: any file of theirs is one, unless
        // it sits in a project's agent folder (a `.jcode/config.toml` checked in CI).
        Convention::Jcode | Convention::Jarvis
            if !AGENT_DIRS.contains(&parent_name) || is_home(&project) =>
        {
            return (Scope::User, None)
        }
        _ => {}
    }
    // A plugin's or extension's `<root>/hooks/hooks.json` (Claude, Gemini).
    if name == "hooks.json" && parent_name == "hooks" && convention != Convention::CodexJson {
        let root = parent.parent().unwrap_or(parent).to_path_buf();
        return (Scope::Plugin, Some(root));
    }
    if name == "managed-settings.json" || real.starts_with("/etc") || name == "system-defaults.json"
    {
        return (Scope::System, None);
    }
    // `~/.claude/settings.json`, `~/.codex/hooks.json`: the agent folder of the home dir.
    if AGENT_DIRS.contains(&parent_name) && is_home(&project) {
        return (Scope::User, None);
    }
    if convention == Convention::ClaudeSettings && name == "settings.local.json" {
        return (Scope::Personal, Some(project));
    }
    (Scope::Project, Some(project))
}
