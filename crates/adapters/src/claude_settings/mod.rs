//! Claude Code settings hooks: `settings*.json` and plugin `hooks/hooks.json` (conventions.md §5).
//!
//! What is read ([`discover`]), in this order:
//! 1. `<home>/.claude/settings.json` (user settings);
//! 2. `<project>/.claude/settings.json` (shared project settings, committed);
//! 3. `<project>/.claude/settings.local.json` (personal project settings, not committed);
//! 4. installed plugins' `hooks/hooks.json`, with `${CLAUDE_PLUGIN_ROOT}` = the plugin
//!    directory. Claude Code records installed plugins in
//!    `<home>/.claude/plugins/installed_plugins.json` (their `installPath`s) and copies them to
//!    `<home>/.claude/plugins/cache/<marketplace>/<plugin>/<version>/`. The recorded install
//!    paths are read when that file names existing directories; otherwise the cache is walked
//!    and only the newest version directory of each plugin is read. Marketplace clones
//!    (`plugins/marketplaces/`) are not loaded by Claude and are not read. Whether a plugin is
//!    enabled (`enabledPlugins`) is not checked.
//!
//! Not read: enterprise managed settings (system paths outside the project and the home dir;
//! pass the file explicitly), hooks inlined in a plugin's `.claude-plugin/plugin.json`, and
//! hooks in skill or agent front matter. Claude has no project-local plugin directory: plugins
//! a project enables are installed into the home cache.
//!
//! Files are strict JSON, as Claude reads them. Only `hooks` is looked at; every other settings
//! key belongs to other Claude features and is ignored without a diagnostic.

mod accepts;
mod discover;
mod json;
mod lower;
mod matcher;
mod raw;
pub mod schema;
mod unread;
mod write;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Code, Convention, Diagnostic, Hook};
use std::path::{Path, PathBuf};

/// Which kind of Claude settings file a path is: it decides the project directory hooks run
/// in, what `${CLAUDE_PLUGIN_ROOT}` means, and the project-level security rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Scope {
    /// `~/.claude/settings.json`.
    User,
    /// `<project>/.claude/settings.json`: shared with everyone who clones the repository.
    Project,
    /// `<project>/.claude/settings.local.json`: personal.
    ProjectLocal,
    /// A plugin's `hooks/hooks.json`; `root` is the plugin directory.
    Plugin {
        /// `${CLAUDE_PLUGIN_ROOT}`.
        root: PathBuf,
    },
    /// Any other file passed explicitly (e.g. managed settings).
    Explicit,
}

impl Scope {
    /// The scope of `path` from its place on disk, and the project directory its hooks run in
    /// when that follows from the path.
    pub(crate) fn of(path: &Path, home: Option<&Path>) -> (Scope, Option<PathBuf>) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let parent = path.parent();
        let parent_name = parent.and_then(|p| p.file_name()).and_then(|n| n.to_str());
        if name == "hooks.json" && parent_name == Some("hooks") {
            let root = parent.and_then(Path::parent).unwrap_or(Path::new("."));
            return (
                Scope::Plugin {
                    root: root.to_path_buf(),
                },
                None,
            );
        }
        if parent_name == Some(".claude") {
            let dir = parent.and_then(Path::parent).unwrap_or(Path::new("."));
            if home.is_some_and(|h| h == dir) && name == "settings.json" {
                return (Scope::User, None);
            }
            match name {
                "settings.json" => return (Scope::Project, Some(dir.to_path_buf())),
                "settings.local.json" => return (Scope::ProjectLocal, Some(dir.to_path_buf())),
                _ => {}
            }
        }
        (Scope::Explicit, None)
    }
}

/// Discovers this convention's sources under the project root and the home dir.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, out);
}

/// Reads one explicit file of this convention.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    let start = (out.hooks.len(), out.outside.len());
    let switch = discover::read_and_lower(ctx, path, out);
    discover::apply_switch(out, start, switch);
}

/// Lowers `text` as if it were the settings file at `path` (a writer's planned text).
/// (`disableAllHooks` is not applied: the writer checks what it wrote, hook by hook.)
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    let _ = discover::lower_text(ctx, path, &ctx.display(path), &text, out);
}

/// Plans writing `hooks` (already converted to this convention) into its files.
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    let mut plan = write::plan(ctx, convention, hooks, opts);
    // The hooks are written, but a file that switches every hook off runs none of them: say so
    // (a project's `false` can override a user's `true`; the plan speaks of the file it writes).
    for c in plan.changes.iter().filter(|c| !c.is_noop()) {
        let mut scratch = Output::default();
        if let Some((true, at)) =
            discover::lower_text(ctx, &c.path, &c.display, &c.after, &mut scratch)
        {
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::HooksDisabled,
                    format!(
                        "`disableAllHooks` is true in {}: the hooks are written, but Claude Code runs none of them while it is",
                        c.display
                    ),
                )
                .with_convention(Convention::ClaudeSettings)
                .at(at)
                .with_help("set it to false (or remove it) when the hooks should run"),
            );
        }
    }
    plan
}

/// `ClaudeSettings`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct ClaudeSettings;

impl crate::registry::Adapter for ClaudeSettings {
    fn unread_files(&self, ctx: &Context) -> Vec<crate::registry::UnreadFile> {
        unread::files(ctx)
    }

    fn sets_hook_env(&self) -> bool {
        true
    }

    fn keeps_group_fields(&self) -> bool {
        true
    }

    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_groups(text)
    }

    fn runs_when(&self, display: &str, _project: &Path, timeout_s: u64) -> String {
        format!("Claude Code runs the hooks of {display} once you trust the folder (print mode `-p` asks nothing); each entry's timeout is {timeout_s} s and the bridge answers before it.")
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Json)
    }

    fn reader_checks(&self) -> &'static [hook_ir::Code] {
        &[hook_ir::Code::PermissionRuleAsMatcher]
    }

    fn looked_for(&self) -> &'static str {
        ".claude/settings.json, .claude/settings.local.json; a plugin's hooks/hooks.json (beside .claude-plugin/plugin.json)"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        match file.name {
            // A plugin's `hooks/hooks.json`.
            "hooks.json" if file.folder == Some("hooks") => Some(crate::registry::Claim::Folder),
            // Claude Code's enterprise managed settings have the same shape as settings.json.
            "managed-settings.json" => Some(crate::registry::Claim::Generic),
            n if n.starts_with("settings") && n.ends_with(".json") => {
                Some(crate::registry::Claim::Generic)
            }
            _ => None,
        }
    }

    fn explicit_layer(
        &self,
        place: &crate::registry::Place,
    ) -> Option<(hook_ir::Scope, Option<std::path::PathBuf>)> {
        crate::scope::plugin_hooks_file(place)
    }

    fn project_layer(&self, place: &crate::registry::Place) -> hook_ir::Scope {
        if place.name == "settings.local.json" {
            hook_ir::Scope::Personal
        } else {
            hook_ir::Scope::Project
        }
    }

    fn plugin_root(&self, file: &Path) -> Option<std::path::PathBuf> {
        let parent = file.parent()?;
        (file.file_name()? == "plugin.json" && parent.file_name()? == ".claude-plugin")
            .then(|| parent.parent().map(Path::to_path_buf))
            .flatten()
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Json
    }

    /// A project's `.claude/settings(.local).json` is also run by GitHub Copilot CLI
    /// (`conformance/notes/copilot.md`, "Locations and layers": trace copilot_layers_order; the
    /// user file is not, trace copilot_user_claude_settings), VS Code and Cursor (with "Third-party
    /// skills" on); the user's `~/.claude/settings.json` by VS Code and Cursor
    /// (`hook_ir::readers`). Managed settings and plugins: Claude Code alone.
    fn readers(&self, file: &crate::SourceFile) -> Vec<hook_ir::readers::Reader> {
        use hook_ir::readers::Reader::{self, Agent as A};
        use hook_ir::tools::Agent;
        match file.scope {
            hook_ir::Scope::Project | hook_ir::Scope::Personal => vec![
                A(Agent::Claude),
                A(Agent::Copilot),
                Reader::VsCode,
                A(Agent::Cursor),
            ],
            hook_ir::Scope::User => vec![A(Agent::Claude), Reader::VsCode, A(Agent::Cursor)],
            _ => vec![A(Agent::Claude)],
        }
    }

    fn convention(&self) -> Convention {
        Convention::ClaudeSettings
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover(ctx, out);
    }

    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        load(ctx, path, out);
        true
    }

    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        lower_text(ctx, path, text, out);
        true
    }

    fn plan_write(&self, ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
        plan_write(ctx, Convention::ClaudeSettings, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        match scope {
            hook_ir::Scope::User => ctx.home.as_ref().map(|h| h.join(".claude/settings.json")),
            hook_ir::Scope::Project => ctx
                .project
                .as_ref()
                .map(|p| p.join(".claude/settings.json")),
            hook_ir::Scope::Personal => ctx
                .project
                .as_ref()
                .map(|p| p.join(".claude/settings.local.json")),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_follows_the_path() {
        let home = Path::new("/home/u");
        assert_eq!(
            Scope::of(Path::new("/home/u/.claude/settings.json"), Some(home)),
            (Scope::User, None)
        );
        assert_eq!(
            Scope::of(Path::new("/w/p/.claude/settings.json"), Some(home)),
            (Scope::Project, Some(PathBuf::from("/w/p")))
        );
        assert_eq!(
            Scope::of(Path::new("/w/p/.claude/settings.local.json"), Some(home)),
            (Scope::ProjectLocal, Some(PathBuf::from("/w/p")))
        );
        assert_eq!(
            Scope::of(Path::new("/c/plug/1.0/hooks/hooks.json"), Some(home)),
            (
                Scope::Plugin {
                    root: PathBuf::from("/c/plug/1.0")
                },
                None
            )
        );
        assert_eq!(
            Scope::of(
                Path::new("/etc/claude-code/managed-settings.json"),
                Some(home)
            ),
            (Scope::Explicit, None)
        );
    }
}
