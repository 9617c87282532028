//! Where Codex reads `hooks.json`, and reading one file.

use super::lower::lower;
use crate::json_source::{parse_error, read_json};
use crate::json_span;
use crate::{Context, Output};
use hook_ir::{Convention, Scope};
use std::path::Path;

/// `hooks.json` files larger than this are refused instead of parsed (the bound of every JSON
/// source, [`crate::json_source::MAX_JSON_BYTES`]).
pub use crate::json_source::MAX_JSON_BYTES;

/// `<project>/.codex/hooks.json` and the `[hooks]` of `<project>/.codex/config.toml`, then the
/// same two of `~/.codex` (Codex loads every layer, and both files of a layer:
/// `codex-rs/hooks/src/engine/discovery.rs` `discover_handlers`).
pub fn discover(ctx: &Context, out: &mut Output) {
    let project = ctx
        .project
        .as_ref()
        .map(|p| (p, ctx.project_scope(Scope::Project), Some(p.as_path())));
    let home = ctx.home.as_ref().map(|h| (h, Scope::User, None));
    let dirs: Vec<_> = [project, home]
        .into_iter()
        .flatten()
        .map(|(base, scope, root)| (base.join(".codex"), scope, root))
        .filter(|(dir, ..)| !crate::run_cache::absent(ctx, dir))
        .collect();
    let mut read = Vec::new();
    for (dir, scope, root) in &dirs {
        // The project may be the home dir: read the same layer once (asked only when there are
        // two layers to tell apart: `realpath` is a system call per component).
        if dirs.len() > 1 {
            let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
            if read.contains(&real) {
                continue;
            }
            read.push(real);
        }
        let json = dir.join("hooks.json");
        let toml = dir.join("config.toml");
        let first = out.sources.len();
        out.layer(*scope, *root, |out| {
            if json.exists() || json.symlink_metadata().is_ok() {
                load(ctx, &json, out);
            }
            super::toml_hooks::load(ctx, &toml, false, out);
        });
        both_representations(ctx, &json, &toml, first, out);
    }
}

/// Codex's startup warning when one layer has hooks in both files (`discover_handlers`: both
/// parse and each holds at least one matcher group of a known event).
fn both_representations(ctx: &Context, json: &Path, toml: &Path, first: usize, out: &mut Output) {
    let text_of = |p: &Path| {
        out.sources[first..]
            .iter()
            .find(|s| s.path == p)
            .and_then(|s| s.text.clone())
    };
    let (Some(json_text), Some(toml_text)) = (text_of(json), text_of(toml)) else {
        return;
    };
    let loads = |p: &Path, t: &str| {
        super::parse_source(p, t).is_some_and(|root| super::accepts::has_events(&root))
    };
    if !loads(json, &json_text) || !loads(toml, &toml_text) {
        return;
    }
    let Some(root) = super::parse_source(toml, &toml_text) else {
        return;
    };
    let span = root.get("hooks").map_or((0, 0), |m| m.key_span);
    let file = crate::Source::new(ctx.display(toml), toml_text);
    out.diag(
        file.diag(
            hook_ir::Code::CodexHooksInTwoFiles,
            Convention::CodexJson,
            span,
            format!(
                "Codex loads the hooks of both {} and this config.toml, and warns \"prefer a single representation for this layer\"",
                ctx.display(json)
            ),
        )
        .with_help("keep this layer's hooks in one file; `[hooks.state]` stays in config.toml"),
    );
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
