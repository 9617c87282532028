//! GitHub Copilot CLI hooks (`copilot-hooks`): hooks files (`.github/hooks/*.json`,
//! `~/.copilot/hooks/*.json`, policy `policy.d/*.json`, a plugin's `hooks/hooks.json`) and the
//! inline `hooks` of Copilot's `settings*.json`.
//!
//! Source: `@github/copilot` 1.0.102 recorded live (`conformance/traces/copilot-1.0.102/`,
//! `conformance/notes/copilot.md`). Discovery and its order are in [`discover`]'s module docs;
//! what Copilot does with each mistake is in [`lower`]'s; the writer's choices in [`write`]'s;
//! how a re-import finds the entries an earlier import wrote in `crate::flat_json_reimport`'s
//! (shared with Cursor's file of the same shape).

mod discover;
pub(crate) mod lower;
pub mod schema;
pub mod trust;
mod write;

use crate::registry::{Claim, Named, Place};
use crate::{Context, Output};
use hook_ir::contract::limits::copilot as lim;
use hook_ir::{Convention, Scope};
use lower::FileKind;
use std::path::{Path, PathBuf};

/// Where an explicitly named file sits among Copilot's layers, judged by its path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Spot {
    /// `<project>/.github/hooks/*.json`.
    RepoHooks(PathBuf),
    /// `<project>/.github/copilot/settings(.local).json`.
    RepoSettings { project: PathBuf, local: bool },
    /// `.copilot/hooks/*.json`.
    UserHooks,
    /// `.copilot/settings.json`.
    UserSettings,
    /// `policy.d/*.json`.
    Policy,
    /// `<plugin>/hooks/hooks.json` beside `<plugin>/.plugin/plugin.json`.
    Plugin(PathBuf),
}

fn name_of(p: Option<&Path>) -> &str {
    p.and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("")
}

/// The spot of `path`, or `None` when its place is not one of Copilot's.
fn spot(path: &Path) -> Option<Spot> {
    let name = name_of(Some(path));
    if !name.ends_with(".json") {
        return None;
    }
    let parent = path.parent();
    let grand = parent.and_then(Path::parent);
    let project = grand.and_then(Path::parent).map(Path::to_path_buf);
    match (name_of(parent), name_of(grand)) {
        ("hooks", ".github") => project.map(Spot::RepoHooks),
        ("copilot", ".github") if name == "settings.json" || name == "settings.local.json" => {
            project.map(|project| Spot::RepoSettings {
                project,
                local: name == "settings.local.json",
            })
        }
        ("hooks", ".copilot") => Some(Spot::UserHooks),
        (".copilot", _) if name == "settings.json" => Some(Spot::UserSettings),
        ("policy.d", "github-copilot") => Some(Spot::Policy),
        ("hooks", _) if name == "hooks.json" => grand
            .filter(|r| r.join(".plugin/plugin.json").is_file())
            .map(|r| Spot::Plugin(r.to_path_buf())),
        _ => None,
    }
}

impl Spot {
    fn kind(&self) -> FileKind {
        match self {
            Spot::RepoSettings { .. } => FileKind::Settings,
            Spot::UserSettings => FileKind::UserSettings,
            _ => FileKind::HooksFile,
        }
    }
}

/// How Copilot treats the mistakes of the file at `path` (a file in no known place is read as
/// a hooks file).
fn kind_of(path: &Path) -> FileKind {
    spot(path).map_or(FileKind::HooksFile, |s| s.kind())
}

/// `CopilotHooks`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct CopilotHooks;

impl crate::registry::Adapter for CopilotHooks {
    fn runs_itself(&self, hook: &hook_ir::Hook) -> bool {
        // Copilot CLI 1.0.102 runs the project's Claude Code settings (`.claude/settings.json`,
        // trace copilot_layers_order), not the user's `~/.claude/settings.json`
        // (copilot_user_claude_settings).
        hook.convention == hook_ir::tools::Agent::Claude.facts().convention
            && hook.scope == hook_ir::Scope::Project
    }

    fn timeout_keys(&self) -> &'static [&'static str] {
        // Copilot CLI reads `timeoutSec`, and `timeout` as its alias.
        &["timeoutSec", "timeout"]
    }

    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_flat_or_groups(text)
    }

    fn convention(&self) -> Convention {
        Convention::CopilotHooks
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover::discover(ctx, out);
    }

    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        let read = crate::json_source::read_json(ctx, Convention::CopilotHooks, path, out);
        if let Some((display, text)) = read {
            lower::lower(&display, &text, kind_of(path), out);
        }
        true
    }

    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        lower::lower(&ctx.display(path), &text, kind_of(path), out);
        true
    }

    fn plan_write(
        &self,
        ctx: &Context,
        hooks: &[hook_ir::Hook],
        opts: &crate::write::WriteOptions,
    ) -> crate::write::Plan {
        write::plan(ctx, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: Scope) -> Option<PathBuf> {
        match scope {
            Scope::User => discover::user_dir(ctx).map(|u| u.join("hooks/hooks.json")),
            Scope::Project => ctx
                .project
                .as_ref()
                .map(|p| p.join(lim::PROJECT_HOOKS_DIR).join("hooks.json")),
            _ => None,
        }
    }

    fn own_trust(
        &self,
        ctx: &Context,
        _: &[hook_ir::Hook],
        _: &[crate::SourceFile],
        _: &[hook_ir::Diagnostic],
    ) -> Option<crate::registry::OwnTrust> {
        // Copilot's state here is its `config.json`: where it never ran, nothing was trusted
        // or refused yet.
        let project = ctx.project.as_deref()?;
        let state = discover::user_dir(ctx)?.join("config.json");
        if !state.is_file() || trust::repo_hooks_trusted(ctx, project) {
            return None;
        }
        Some(crate::registry::OwnTrust {
            refuse: Box::new(|h: &hook_ir::Hook| {
                (h.convention == Convention::CopilotHooks
                    && matches!(h.scope, Scope::Project | Scope::Personal))
                .then(|| {
                    "Copilot CLI does not load it: the folder is not trusted (`trustedFolders` of its config.json; a headless run: `COPILOT_ALLOW_ALL=true`)".to_string()
                })
            }),
            note: None,
        })
    }

    fn runs_when(&self, display: &str, _project: &Path, timeout_s: u64) -> String {
        format!("Copilot CLI runs the hooks of {display} only in a trusted folder (trust it when Copilot asks, or list it in `trustedFolders` of ~/.copilot/config.json; a headless run: `COPILOT_ALLOW_ALL=true`; the `--allow-all` flag does not trust); each entry's timeout is {timeout_s} s and the bridge answers before it. A bridge that fails or crashes on preToolUse denies the call (Copilot fails closed); one that times out lets it run.")
    }

    fn looked_for(&self) -> &'static str {
        ".github/hooks/*.json; .github/copilot/settings.json and settings.local.json (`hooks`)"
    }

    fn claims(&self, file: &Named) -> Option<Claim> {
        spot(file.path).map(|_| Claim::Name)
    }

    fn explicit_layer(&self, place: &Place) -> Option<(Scope, Option<PathBuf>)> {
        Some(match spot(&place.parent.join(place.name))? {
            Spot::RepoHooks(p) => (Scope::Project, Some(p)),
            Spot::RepoSettings { project, local } => (
                if local {
                    Scope::Personal
                } else {
                    Scope::Project
                },
                Some(project),
            ),
            Spot::UserHooks | Spot::UserSettings => (Scope::User, None),
            Spot::Policy => (Scope::System, None),
            Spot::Plugin(root) => (Scope::Plugin, Some(root)),
        })
    }

    fn plugin_root(&self, file: &Path) -> Option<PathBuf> {
        let parent = file.parent()?;
        (file.file_name()? == "plugin.json" && parent.file_name()? == ".plugin")
            .then(|| parent.parent().map(Path::to_path_buf))
            .flatten()
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Own(crate::flat_json_reimport::remove)
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Json)
    }

    /// `.github/hooks/*.json` is also run by VS Code and by Copilot's cloud agent; the user's
    /// `~/.copilot/hooks/*.json` by VS Code (`hook_ir::readers`); the rest by Copilot CLI alone.
    fn readers(&self, file: &crate::SourceFile) -> Vec<hook_ir::readers::Reader> {
        use hook_ir::readers::Reader::{self, Agent as A};
        use hook_ir::tools::Agent;
        match spot(&file.path) {
            Some(Spot::RepoHooks(_)) if file.scope != Scope::User => {
                vec![A(Agent::Copilot), Reader::VsCode, Reader::CopilotCloudAgent]
            }
            Some(Spot::UserHooks) => vec![A(Agent::Copilot), Reader::VsCode],
            _ => vec![A(Agent::Copilot)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_follow_copilots_places() {
        assert_eq!(
            spot(Path::new("/w/p/.github/hooks/a.json")),
            Some(Spot::RepoHooks(PathBuf::from("/w/p")))
        );
        assert_eq!(
            spot(Path::new("/w/p/.github/copilot/settings.local.json")),
            Some(Spot::RepoSettings {
                project: PathBuf::from("/w/p"),
                local: true
            })
        );
        assert_eq!(
            spot(Path::new("/h/.copilot/hooks/x.json")),
            Some(Spot::UserHooks)
        );
        assert_eq!(
            spot(Path::new("/h/.copilot/settings.json")),
            Some(Spot::UserSettings)
        );
        assert_eq!(
            spot(Path::new("/etc/github-copilot/policy.d/10.json")),
            Some(Spot::Policy)
        );
        assert_eq!(spot(Path::new("/w/p/.claude/settings.json")), None);
        assert_eq!(spot(Path::new("/w/p/.github/hooks/readme.md")), None);
    }
}
