//! Where Codex reads `hooks.json`, and reading one file.

use super::lower::lower;
use crate::json_source::{parse_error, read_json};
use crate::json_span;
use crate::{Context, Output};
use hook_ir::Convention;
use std::path::Path;

/// `hooks.json` files larger than this are refused instead of parsed (the bound of every JSON
/// source, [`crate::json_source::MAX_JSON_BYTES`]).
pub use crate::json_source::MAX_JSON_BYTES;

/// `<project>/.codex/hooks.json`, then `~/.codex/hooks.json` (Codex loads every layer).
pub fn discover(ctx: &Context, out: &mut Output) {
    let mut read = Vec::new();
    for base in [ctx.project.as_ref(), ctx.home.as_ref()]
        .into_iter()
        .flatten()
    {
        let p = base.join(".codex/hooks.json");
        if !p.exists() && p.symlink_metadata().is_err() {
            continue;
        }
        // The project may be the home dir: read the same file once.
        let real = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if read.contains(&real) {
            continue;
        }
        read.push(real);
        load(ctx, &p, out);
    }
}

/// Reads and lowers one `hooks.json`.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    let Some((display, text)) = read_json(ctx, Convention::CodexJson, path, out) else {
        return;
    };
    lower_text(ctx, path, &display, &text, out);
}

/// Lowers `text` as the `hooks.json` at `path`, shown as `display` (also a writer's planned
/// text), with the trust report.
pub(crate) fn lower_text(ctx: &Context, path: &Path, display: &str, text: &str, out: &mut Output) {
    match json_span::parse(text) {
        Ok(root) => {
            let first = out.hooks.len();
            lower(&crate::Source::new(display, text), &root, out);
            let mut trust = Vec::new();
            super::trust::report(ctx, path, &root, &out.hooks[first..], &mut trust);
            out.diagnostics.extend(trust);
        }
        Err(e) => out.diag(parse_error(
            Convention::CodexJson,
            display,
            text,
            &e,
            "Codex cannot load this file: none of its hooks run",
        )),
    }
}
