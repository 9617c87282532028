//! Gemini CLI settings hooks: `settings.json` layers and extensions' `hooks/hooks.json`.
//!
//! Source: Gemini CLI 0.61.0 (`@google/gemini-cli`), `packages/cli/src/config/settings.ts`
//! (`getSystemSettingsPath`, `getSystemDefaultsPath`, `_doLoadSettings`, `mergeSettings`),
//! `packages/cli/src/config/extension-manager.ts` (`loadExtensionHooks`) and
//! `packages/core/src/hooks/hookRegistry.ts`.
//!
//! What is read (`crate::layered_settings`'s discovery), in Gemini's merge order (later layers override single values;
//! hook lists of every layer are concatenated, `hooksConfig.disabled` lists united):
//! 1. system defaults: `$GEMINI_CLI_SYSTEM_DEFAULTS_PATH`, else
//!    `/etc/gemini-cli/system-defaults.json`;
//! 2. user settings: `<home>/.gemini/settings.json`;
//! 3. workspace settings: `<project>/.gemini/settings.json` — not when the project is the
//!    home directory (then it is the user file); Gemini reads it only in a trusted folder;
//! 4. system settings: `$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else `/etc/gemini-cli/settings.json`;
//! 5. extensions: `<home>/.gemini/extensions/<name>/hooks/hooks.json` of every directory
//!    holding a `gemini-extension.json`, with `${extensionPath}` substituted — unless
//!    `extension-enablement.json` disables the extension in the project folder
//!    (the engine's `enablement`; reported as `hook_disabled`).
//!
//! The system layers are machine state: they are read unless `--no-env`
//! ([`Context::apply_env_overrides`] false), like the environment.
//!
//! Switches: hooks run only when the merged `hooksConfig.enabled` is not `false`; a hook whose
//! name (or command, when it has no name) is in a `hooksConfig.disabled` list never runs. Both
//! are applied to the batch: such hooks are reported and left out of the IR.
//!
//! Settings files may hold `//` and `/* */` comments (Gemini strips them); extension files are
//! plain JSON. Only `hooksConfig` and `hooks` are looked at.

pub(crate) mod flavor;
pub(crate) mod matcher;
pub mod schema;
pub(crate) mod switches;

use crate::layered_settings::{discover, write};

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers this convention's sources under the project root and the home dir.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, &flavor::GEMINI, out);
}

/// Reads one explicit file of this convention.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    discover::load(ctx, &flavor::GEMINI, path, out);
}

/// Lowers `text` as if it were the settings file at `path` (a writer's or a fix's planned text).
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    discover::lower_text(ctx, &flavor::GEMINI, path, &text, out);
}

/// Whether `path` (a `settings.json` or `hooks/hooks.json`) is Gemini's rather than Claude's:
/// it sits in a `.gemini` directory or an extension next to `gemini-extension.json`.
pub fn owns(path: &Path) -> bool {
    let parent = path.parent();
    let parent_name = parent.and_then(|p| p.file_name()).and_then(|n| n.to_str());
    match path.file_name().and_then(|n| n.to_str()) {
        Some("settings.json") => parent_name == Some(".gemini"),
        // Qwen Code's system defaults sit in `qwen-code/` (`crate::qwen_settings::owns`).
        Some("system-defaults.json") => parent_name != Some("qwen-code"),
        Some("hooks.json") if parent_name == Some("hooks") => parent
            .and_then(Path::parent)
            .is_some_and(|r| r.join("gemini-extension.json").is_file()),
        _ => false,
    }
}

/// Plans writing `hooks` (already converted to this convention) into its files.
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    let _ = convention;
    write::plan(ctx, &flavor::GEMINI, hooks, opts)
}

/// `GeminiSettings`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct GeminiSettings;

impl crate::registry::Adapter for GeminiSettings {
    fn own_trust(
        &self,
        _: &Context,
        _: &[Hook],
        _: &[crate::SourceFile],
        diagnostics: &[hook_ir::Diagnostic],
    ) -> Option<crate::registry::OwnTrust> {
        // Gemini's verdict is in discovery's diagnostics; a warning means Gemini has state here.
        let untrusted = diagnostics.iter().any(|d| {
            d.code == hook_ir::Code::GeminiFolderUntrusted
                && d.severity() == hook_ir::Severity::Warning
        });
        untrusted.then(|| crate::registry::OwnTrust {
            refuse: Box::new(|h: &Hook| {
                (h.convention == Convention::GeminiSettings && h.scope != hook_ir::Scope::Plugin).then(|| {
                    "Gemini CLI skips it: the folder is not trusted (extensions' hooks still run)"
                        .to_string()
                })
            }),
            note: None,
        })
    }

    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_groups(text)
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

    fn runs_when(&self, display: &str, _project: &Path, timeout_s: u64) -> String {
        format!("Gemini CLI runs the hooks of {display} only in a trusted folder (trust it in Gemini or in ~/.gemini/trustedFolders.json; a headless run: `GEMINI_CLI_TRUST_WORKSPACE=true`); each entry's timeout is {} ms and the bridge answers before it.", timeout_s * 1000)
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Json)
    }

    fn reader_checks(&self) -> &'static [hook_ir::Code] {
        &[hook_ir::Code::MatcherMatchesNothing]
    }

    fn looked_for(&self) -> &'static str {
        ".gemini/settings.json; an extension's hooks/hooks.json (beside gemini-extension.json)"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        owns(file.path).then_some(crate::registry::Claim::Name)
    }

    fn explicit_layer(
        &self,
        place: &crate::registry::Place,
    ) -> Option<(hook_ir::Scope, Option<std::path::PathBuf>)> {
        crate::scope::plugin_hooks_file(place)
    }

    fn plugin_root(&self, file: &Path) -> Option<std::path::PathBuf> {
        (file.file_name()? == "gemini-extension.json")
            .then(|| file.parent().map(Path::to_path_buf))?
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Json
    }

    fn convention(&self) -> Convention {
        Convention::GeminiSettings
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
        plan_write(ctx, Convention::GeminiSettings, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        match scope {
            hook_ir::Scope::User => ctx.home.as_ref().map(|h| h.join(".gemini/settings.json")),
            hook_ir::Scope::Project => ctx
                .project
                .as_ref()
                .map(|p| p.join(".gemini/settings.json")),
            _ => None,
        }
    }
}
