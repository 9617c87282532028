//! Qwen Code settings hooks: `settings.json` layers (`/etc/qwen-code/`, `~/.qwen/`, `.qwen/`).
//!
//! Qwen Code is a fork of Gemini CLI: the same layered settings files, the same shape of the
//! `hooks` object and the same `trustedFolders.json`, so discovery, the raw model, lowering and
//! the writer are the layered settings engine's, run with Qwen's
//! [`Flavor`](flavor::QWEN). Qwen's own: Claude-shaped events and
//! answers (`hook_ir`'s `qwen-settings` profile), timeouts in seconds with a legacy
//! millisecond reading, its matcher rule ([`matcher`]), `disableAllHooks`, trust off by default
//! and dropping only the project's hooks, and its schema ([`schema`]).
//!
//! What is read, in Qwen's merge order (Qwen Code 0.24.4, `cli/config/settings.ts`,
//! `storage-paths-lite.ts`; `conformance/notes/qwen.md`):
//! 1. system defaults: `$QWEN_CODE_SYSTEM_DEFAULTS_PATH`, else `system-defaults.json` beside the
//!    system settings;
//! 2. user settings: `$QWEN_HOME/settings.json`, else `~/.qwen/settings.json`;
//! 3. workspace settings: `<project>/.qwen/settings.json` — not when the project is the home
//!    directory; its hooks are dropped when folder trust is on and the folder is not trusted;
//! 4. system settings: `$QWEN_CODE_SYSTEM_SETTINGS_PATH`, else `/etc/qwen-code/settings.json`.
//!
//! Extensions' hooks (a fourth source when Qwen fires an event) are not read yet.

pub(crate) mod flavor;
pub(crate) mod matcher;
pub mod schema;
pub(crate) mod switches;
pub(crate) mod timeout;

use crate::layered_settings::{discover, write};
use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use flavor::QWEN;
use hook_ir::{Convention, Hook};
use std::path::{Path, PathBuf};

/// Whether `path` is a Qwen settings file: `settings.json` in a `.qwen` folder, or a
/// `system-defaults.json` in a `qwen-code` folder.
pub fn owns(path: &Path) -> bool {
    let parent_name = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str());
    match path.file_name().and_then(|n| n.to_str()) {
        Some("settings.json") => matches!(parent_name, Some(".qwen" | "qwen-code")),
        Some("system-defaults.json") => parent_name == Some("qwen-code"),
        _ => false,
    }
}

/// `QwenSettings`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct QwenSettings;

impl crate::registry::Adapter for QwenSettings {
    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_groups(text)
    }

    fn convention(&self) -> Convention {
        Convention::QwenSettings
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover::discover(ctx, &QWEN, out);
    }

    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        discover::load(ctx, &QWEN, path, out);
        true
    }

    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        discover::lower_text(ctx, &QWEN, path, &text, out);
        true
    }

    fn plan_write(&self, ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
        write::plan(ctx, &QWEN, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<PathBuf> {
        match scope {
            hook_ir::Scope::User => discover::user_dir(ctx, &QWEN).map(|d| d.join("settings.json")),
            hook_ir::Scope::Project => ctx.project.as_ref().map(|p| p.join(".qwen/settings.json")),
            _ => None,
        }
    }

    fn looked_for(&self) -> &'static str {
        ".qwen/settings.json"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        owns(file.path).then_some(crate::registry::Claim::Name)
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Json)
    }

    fn reader_checks(&self) -> &'static [hook_ir::Code] {
        &[
            hook_ir::Code::MatcherMatchesNothing,
            hook_ir::Code::InvalidMatcherRegex,
        ]
    }

    fn entry_detail(&self) -> hook_ir::Detail {
        hook_ir::Detail::GeminiGroup {
            group: 0,
            index: 0,
            raw_matcher: None,
            timeout_explicit: true,
            sequential: None,
            name: None,
            description: None,
            env: Vec::new(),
            is_async: None,
        }
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Json
    }

    fn runs_when(&self, display: &str, _project: &Path, timeout_s: u64) -> String {
        // Folder trust is off by default (`isTrustedFolder()`, live `qwen_project_untrusted`).
        format!("Qwen Code runs the hooks of {display} in any folder unless folder trust is on (`security.folderTrust.enabled`): then only in a trusted folder (~/.qwen/trustedFolders.json); each entry's timeout is {timeout_s} s and the bridge answers before it.")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use hook_ir::{Detail, Exec, Handler, Kind, Location, Matcher};

    /// A command hook of `event` as the Qwen reader makes it.
    pub(crate) fn hook(event: &str) -> Hook {
        Hook {
            plugin_root: None,
            source_file: None,
            id: format!("qwen-settings:t:{event}:0:0"),
            kind: Kind::PreToolUse,
            convention: Convention::QwenSettings,
            source_event: event.to_string(),
            matcher: Matcher::Any,
            handler: Handler::Command {
                command: "./guard.sh".into(),
                exec: Exec::Shell,
            },
            timeout_ms: Some(60_000),
            scope: hook_ir::Scope::Project,
            location: Location::path_only("t"),
            detail: Detail::GeminiGroup {
                group: 0,
                index: 0,
                raw_matcher: None,
                timeout_explicit: false,
                sequential: None,
                name: None,
                description: None,
                env: Vec::new(),
                is_async: None,
            },
        }
    }

    #[test]
    fn owns_qwen_files_only() {
        assert!(owns(Path::new("/p/.qwen/settings.json")));
        assert!(owns(Path::new("/etc/qwen-code/system-defaults.json")));
        assert!(owns(Path::new("/etc/qwen-code/settings.json")));
        assert!(!owns(Path::new("/p/.gemini/settings.json")));
        assert!(!owns(Path::new("/etc/gemini-cli/system-defaults.json")));
    }
}
