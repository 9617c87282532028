//! Jarvis Code: `[[hooks]]` in `~/.jarvis-code/config.toml` (conventions.md §2; the code of
//! Kimi Code's `externalHooks`, of which Jarvis is a renamed copy).
//!
//! - [`raw`]: the `hooks` array as written;
//! - `lower`: into the IR, with diagnostics (an invalid entry drops every hook of the file);
//! - [`write`](mod@write): the format-preserving writer used by `hooks import`.

pub mod discover;
mod lower;
pub mod raw;
mod reimport;
pub mod schema;
pub mod write;

use crate::toml_support;
use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

const PARSE_CONSEQUENCE: &str = "Jarvis cannot load this config, so none of its hooks run";

/// Discovers `~/.jarvis-code/config.toml` (the seed's Jarvis), then Kimi Code's own
/// `$KIMI_CODE_HOME/config.toml` or `~/.kimi-code/config.toml`. Both are read: they are the
/// files of two agents (Kimi Code knows only its own), and each source found is reported with
/// its path.
pub fn discover(ctx: &Context, out: &mut Output) {
    // Jarvis and Kimi Code read their config from the user's home only.
    out.layer(hook_ir::Scope::User, None, |out| {
        let jarvis = discover::config_path(ctx);
        if let Some(path) = &jarvis {
            read_and_lower(ctx, path, false, out);
        }
        if let Some(path) = discover::kimi_config_path(ctx).filter(|p| Some(p) != jarvis.as_ref()) {
            read_and_lower(ctx, &path, false, out);
        }
    });
}

/// Reads one explicit Jarvis config file.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    read_and_lower(ctx, path, true, out);
}

fn read_and_lower(ctx: &Context, path: &Path, must_exist: bool, out: &mut Output) {
    let Some(src) = toml_support::read(ctx, path, Convention::Jarvis, must_exist, out) else {
        return;
    };
    let Some(doc) = toml_support::parse(&src, Convention::Jarvis, PARSE_CONSEQUENCE, out) else {
        return;
    };
    let raw = raw::read(&doc);
    // The raw model owns what lowering needs: free the (much larger) document first.
    drop(doc);
    if let Some(raw) = raw {
        lower::lower(&src, &raw, out);
    }
}

/// Lowers `text` as if it were the Jarvis config file at `path` (a writer's planned text).
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    let src = toml_support::Source::new(ctx.display(path), text);
    let Some(doc) = toml_support::parse(&src, Convention::Jarvis, PARSE_CONSEQUENCE, out) else {
        return;
    };
    if let Some(raw) = raw::read(&doc) {
        lower::lower(&src, &raw, out);
    }
}

/// Plans writing `hooks` (already converted to Jarvis) into Jarvis's config file.
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    write::plan(ctx, convention, hooks, opts)
}

/// `Jarvis`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct Jarvis;

impl crate::registry::Adapter for Jarvis {
    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        crate::census::toml_hooks_array(text)
    }

    fn entry_detail(&self) -> hook_ir::Detail {
        hook_ir::Detail::Jarvis {
            entry: 0,
            timeout_explicit: true,
        }
    }

    fn runs_when(&self, display: &str, _project: &Path, _timeout_s: u64) -> String {
        format!("{display} is Jarvis's own config: the entries run in every session; the bridge finds each session's project from its cwd.")
    }

    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Toml)
    }

    fn looked_for(&self) -> &'static str {
        "~/.jarvis-code/config.toml, ~/.kimi-code/config.toml only (no project file)"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        if !file.name.ends_with(".toml") {
            return None;
        }
        // The folder decides before the content: Jarvis Code and Kimi Code keep their
        // `config.toml` in their own folder, jcode in its own (issue 25: a `.jarvis-code`
        // file named on the command line was read as jcode).
        if matches!(file.folder, Some(".jarvis-code" | ".kimi-code")) {
            return Some(crate::registry::Claim::Folder);
        }
        // Elsewhere only a TOML file's content decides, and only as much of it as the adapter
        // would read.
        let text = crate::read_limit::read_bounded(file.path, crate::read_limit::MAX_CONFIG_BYTES)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_default();
        text.contains("[[hooks]]")
            .then_some(crate::registry::Claim::Content)
    }

    fn explicit_layer(
        &self,
        place: &crate::registry::Place,
    ) -> Option<(hook_ir::Scope, Option<std::path::PathBuf>)> {
        crate::scope::user_only(place)
    }

    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Toml(reimport::remove)
    }

    fn convention(&self) -> Convention {
        Convention::Jarvis
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
        plan_write(ctx, Convention::Jarvis, hooks, opts)
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        (scope == hook_ir::Scope::User)
            .then(|| discover::config_path(ctx))
            .flatten()
    }
}
