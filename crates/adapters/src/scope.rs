//! The layer a file belongs to ([`Scope`]). Discovery stamps the layer it looked a file up in
//! ([`crate::Output::layer`]); a file named explicitly is judged by its real place
//! ([`of_path`]). Where `hooks import` puts a hook of each scope is the migration crate's
//! (`hooks_migrate::placement`).

use crate::registry::Place;
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
    ".cursor",
];

/// The files (and directories) discovery reads in a project, per convention, in words, as
/// `hooks lint` lists them for a project where it found none ([`crate::registry::Adapter::looked_for`]).
pub fn project_files() -> impl Iterator<Item = (Convention, &'static str)> {
    crate::registry::ADAPTERS
        .iter()
        .map(|a| (a.convention(), a.looked_for()))
}

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
    let place = Place {
        name,
        parent,
        parent_name,
        project: &project,
        in_agent_dir: AGENT_DIRS.contains(&parent_name),
        project_is_home: is_home(&project),
    };
    let adapter = crate::registry::adapter(convention);
    if let Some(layer) = adapter.explicit_layer(&place) {
        return layer;
    }
    if name == "managed-settings.json" || real.starts_with("/etc") || name == "system-defaults.json"
    {
        return (Scope::System, None);
    }
    // `~/.claude/settings.json`, `~/.codex/hooks.json`: the agent folder of the home dir.
    if place.in_agent_dir && place.project_is_home {
        return (Scope::User, None);
    }
    (adapter.project_layer(&place), Some(project))
}

/// A plugin's or extension's `<root>/hooks/hooks.json` (Claude Code, Gemini CLI): the plugin's
/// layer, with its root.
pub fn plugin_hooks_file(place: &Place) -> Option<(Scope, Option<PathBuf>)> {
    (place.name == "hooks.json" && place.parent_name == "hooks").then(|| {
        let root = place.parent.parent().unwrap_or(place.parent).to_path_buf();
        (Scope::Plugin, Some(root))
    })
}

/// A convention that reads only its user-level file (jcode, Jarvis): any file of it is the
/// user's, unless it sits in a project's agent folder (a `.jcode/config.toml` checked in CI).
pub fn user_only(place: &Place) -> Option<(Scope, Option<PathBuf>)> {
    (!place.in_agent_dir || place.project_is_home).then_some((Scope::User, None))
}
