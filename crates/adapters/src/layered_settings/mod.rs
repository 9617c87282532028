//! The layered settings engine: the hooks of `settings.json` files read in layers (system
//! defaults, user, workspace, system) with the shape
//! `{"hooks": {"<Event>": [{"matcher", "sequential", "hooks": [...]}]}}` and a
//! `trustedFolders.json`, as Gemini CLI and Qwen Code (its fork) read them. Discovery, the raw
//! model, lowering and the writer live here, parameterized by a [`flavor::Flavor`]; each agent's
//! flavor row, matcher rule and switches live in its own convention folder.

pub(crate) mod discover;
mod enablement;
pub(crate) mod flavor;
pub(crate) mod json;
pub(crate) mod lower;
pub(crate) mod raw;
mod secure;
pub(crate) mod trust;
pub(crate) mod write;

use crate::Context;
use std::path::{Path, PathBuf};

/// Which settings layer a file is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Scope {
    /// System defaults (lowest layer).
    SystemDefaults,
    /// `~/.gemini/settings.json` (`~/.qwen/settings.json`).
    User,
    /// `<project>/.gemini/settings.json` (`.qwen/settings.json`).
    Project,
    /// System settings (override every other layer).
    System,
    /// An extension's `hooks/hooks.json`; `root` is the extension directory.
    Extension {
        /// `${extensionPath}`.
        root: PathBuf,
    },
    /// Any other file passed explicitly.
    #[default]
    Explicit,
}

impl Scope {
    /// The scope of an explicitly named `path` of `flavor`'s agent, from its place on disk.
    pub(crate) fn of(path: &Path, home: Option<&Path>, flavor: &flavor::Flavor) -> Scope {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let parent = path.parent();
        let parent_name = parent.and_then(|p| p.file_name()).and_then(|n| n.to_str());
        if flavor.extensions && name == "hooks.json" && parent_name == Some("hooks") {
            let root = parent.and_then(Path::parent).unwrap_or(Path::new("."));
            if root.join("gemini-extension.json").is_file() {
                return Scope::Extension {
                    root: root.to_path_buf(),
                };
            }
        }
        if parent_name == Some(flavor.dir) && name == "settings.json" {
            let dir = parent.and_then(Path::parent).unwrap_or(Path::new("."));
            return if home.is_some_and(|h| h == dir) {
                Scope::User
            } else {
                Scope::Project
            };
        }
        if name == "system-defaults.json" {
            return Scope::SystemDefaults;
        }
        Scope::Explicit
    }

    /// The layer as every convention names it, and the directory its hooks belong to; `None`
    /// for an explicit file, whose layer is decided from its place
    /// ([`crate::scope::of_path`]).
    pub(crate) fn layer<'a>(
        &'a self,
        ctx: &'a Context,
    ) -> Option<(hook_ir::Scope, Option<&'a Path>)> {
        Some(match self {
            Scope::SystemDefaults | Scope::System => (hook_ir::Scope::System, None),
            Scope::User => (hook_ir::Scope::User, None),
            Scope::Project => (
                ctx.project_scope(hook_ir::Scope::Project),
                ctx.project.as_deref(),
            ),
            Scope::Extension { root } => (hook_ir::Scope::Plugin, Some(root.as_path())),
            Scope::Explicit => return None,
        })
    }
}
