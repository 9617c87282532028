//! Codex `hooks.json` (conventions.md §4): `<project>/.codex/hooks.json`, `~/.codex/hooks.json`
//! and explicit files.
//!
//! Layout: [`raw`] (the serde model mirroring the file), [`lower`] (into the IR, reporting what
//! Codex silently ignores), [`discover`](mod@discover), [`write`](mod@write) (format-preserving
//! merge), [`managed`] (GJC's managed `UserPromptSubmit`/`Stop` entries, for
//! `hooks setup codex`), [`trust`] (Codex's trusted hashes and project trust) and `toml_hooks`
//! (hooks inlined in Codex's `config.toml`, read only).

mod accepts;
pub mod discover;
pub mod feature;
pub mod lower;
pub mod managed;
pub mod raw;
pub mod schema;
mod toml_hooks;
pub mod trust;
pub mod write;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers the project and user `hooks.json`.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, out);
}

/// Reads one explicit `hooks.json`, or the `[hooks]` of a Codex `config.toml` (a `.toml` file).
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    if toml_hooks::is_config_toml(path) {
        toml_hooks::load(ctx, path, true, out);
    } else {
        discover::load(ctx, path, out);
    }
}

/// Lowers `text` as if it were the `hooks.json` (or `config.toml`) at `path` (a writer's planned
/// text, a fixed text).
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    if toml_hooks::is_config_toml(path) {
        toml_hooks::lower_text(ctx, path, &ctx.display(path), &text, out);
    } else {
        discover::lower_text(ctx, path, &ctx.display(path), &text, out);
    }
}

/// The `hooks.json`-shaped tree of a Codex hook source's `text`: the file itself, or the
/// `[hooks]` of a `config.toml`. `None` when it cannot be read as such.
pub fn parse_source(path: &Path, text: &str) -> Option<crate::json_span::Node> {
    if toml_hooks::is_config_toml(path) {
        match toml_hooks::parse(text) {
            toml_hooks::Parsed::Hooks(root) => Some(root),
            _ => None,
        }
    } else {
        crate::json_span::parse(text).ok()
    }
}

/// Plans merging `hooks` (command hooks of Codex events) into `hooks.json`.
pub fn plan_write(
    ctx: &Context,
    _convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    write::plan_write(ctx, hooks, opts)
}

/// `CodexJson`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct CodexJson;

impl crate::registry::Adapter for CodexJson {
    fn keeps_group_fields(&self) -> bool {
        true
    }

    fn managed_by_other_agent(&self, _hook: &Hook, command: &str) -> bool {
        managed::is_managed_by_words(command)
    }

    fn agent_switches(&self, ctx: &Context) -> Vec<hook_ir::Diagnostic> {
        feature::switched_off(ctx).into_iter().collect()
    }

    fn check_written(&self, ctx: &Context, path: &Path, text: &str) -> Vec<hook_ir::Diagnostic> {
        trust::check_written(ctx, path, text)
    }

    fn own_trust(
        &self,
        ctx: &Context,
        hooks: &[Hook],
        sources: &[crate::SourceFile],
        _: &[hook_ir::Diagnostic],
    ) -> Option<crate::registry::OwnTrust> {
        let state = trust::codex_home(ctx).is_some_and(|h| h.is_dir());
        if !state || !hooks.iter().any(|h| h.convention == Convention::CodexJson) {
            return None;
        }
        Some(match trust::refusals(ctx, hooks, sources) {
            Ok(f) => crate::registry::OwnTrust {
                refuse: Box::new(f),
                note: None,
            },
            // Codex itself does not start with a config it cannot read: run none of its hooks
            // rather than guess.
            Err(why) => crate::registry::OwnTrust {
                refuse: Box::new(|h: &Hook| {
                    (h.convention == Convention::CodexJson)
                        .then(|| "Codex's config cannot be read".to_string())
                }),
                note: Some(format!(
                    "the Codex config cannot be read ({why}): Codex hooks are not run"
                )),
            },
        })
    }

    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::json_groups(text)
    }

    fn runs_when(&self, _display: &str, project: &Path, _timeout_s: u64) -> String {
        format!("Codex runs these entries only once trusted: the project must be trusted (`[projects.\"{}\"] trust_level = \"trusted\"` in ~/.codex/config.toml) and each new hook accepted when Codex asks (its hash is pinned; `codex exec` skips untrusted hooks silently).", project.display())
    }

    fn fix_syntax(&self, path: &Path) -> Option<crate::registry::Syntax> {
        (path.extension().is_none_or(|e| e != "toml")).then_some(crate::registry::Syntax::Json)
    }

    fn looked_for(&self) -> &'static str {
        ".codex/hooks.json, the [hooks] of .codex/config.toml"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        (file.name == "hooks.json").then_some(crate::registry::Claim::Generic)
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Json
    }

    fn convention(&self) -> Convention {
        Convention::CodexJson
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
        plan_write(ctx, Convention::CodexJson, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        match scope {
            hook_ir::Scope::User => ctx.home.as_ref().map(|h| h.join(".codex/hooks.json")),
            hook_ir::Scope::Project => ctx.project.as_ref().map(|p| p.join(".codex/hooks.json")),
            _ => None,
        }
    }
}
