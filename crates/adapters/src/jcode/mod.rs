//! jcode: `[hooks]` in `$JCODE_HOME/config.toml` or `~/.jcode/config.toml`, plus the
//! `JCODE_HOOK_*` environment overrides (conventions.md §1).
//!
//! - [`raw`]: the `[hooks]` table as written (slots, timeout, ignored keys, type errors);
//! - [`env`](mod@env): the overrides, parsed exactly as jcode parses them;
//! - [`command`]: jcode's tokenizer, the program lookup and shell syntax checks;
//! - `lower`: into the IR, with diagnostics;
//! - [`write`](mod@write): the format-preserving writer used by `hooks import`.
//!
//! Only `[hooks]` is checked for type errors: jcode's other sections have their own schema,
//! which this crate does not mirror.

pub mod command;
pub mod config_schema;
mod config_types;
pub mod discover;
pub mod env;
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

const PARSE_CONSEQUENCE: &str =
    "jcode silently falls back to its default config, so every hook of this file is off";

/// Discovers jcode's config file and the environment overrides.
pub fn discover(ctx: &Context, out: &mut Output) {
    // jcode has one file, its own (`$JCODE_HOME` or `~/.jcode`), and the environment of the
    // user's shell: both act in every project.
    out.layer(
        hook_ir::Scope::User,
        None,
        |out| match discover::config_path(ctx) {
            Some(path) => read_and_lower(ctx, &path, false, out),
            None => lower::lower(ctx, None, out),
        },
    );
}

/// Reads one explicit jcode config file (the environment overrides apply too, as in jcode).
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    read_and_lower(ctx, path, true, out);
}

fn read_and_lower(ctx: &Context, path: &Path, must_exist: bool, out: &mut Output) {
    let Some(src) = toml_support::read(ctx, path, Convention::Jcode, must_exist, out) else {
        return lower::lower(ctx, None, out);
    };
    lower_source(ctx, &src, out);
}

/// Lowers `text` as if it were the jcode config file at `path` (a writer's planned text).
pub(crate) fn lower_text(ctx: &Context, path: &Path, text: String, out: &mut Output) {
    let src = toml_support::Source::new(ctx.display(path), text);
    lower_source(ctx, &src, out);
}

/// Parses `src` and lowers it: `[hooks]` and the whole-file type check.
fn lower_source(ctx: &Context, src: &toml_support::Source, out: &mut Output) {
    let (raw, rejected) = match toml_support::parse(src, Convention::Jcode, PARSE_CONSEQUENCE, out)
    {
        Some(doc) => (raw::read(&doc), config_schema::check(&doc)),
        None => (None, Vec::new()),
    };
    lower::lower(ctx, Some(lower::FileInput { src, raw, rejected }), out);
}

/// Plans writing `hooks` (already converted to jcode) into jcode's config file.
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &WriteOptions,
) -> Plan {
    write::plan(ctx, convention, hooks, opts)
}

/// `Jcode`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct Jcode;

impl crate::registry::Adapter for Jcode {
    fn fix_syntax(&self, _path: &Path) -> Option<crate::registry::Syntax> {
        Some(crate::registry::Syntax::Toml)
    }

    fn looked_for(&self) -> &'static str {
        "~/.jcode/config.toml only (no project file)"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        if !file.name.ends_with(".toml") {
            return None;
        }
        Some(if file.folder == Some(".jcode") {
            crate::registry::Claim::Folder
        } else {
            crate::registry::Claim::Fallback
        })
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
        Convention::Jcode
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
        plan_write(ctx, Convention::Jcode, hooks, opts)
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
