//! The checks about what a hook *does*, for every convention: the rules over accepted hooks
//! (its command, timeout, matcher; `rules/`), their autofixes ([`fix`]) and the lint
//! configuration, `hooks.toml` ([`lint_config`]). The adapters read files into the IR and check
//! only the file format; everything here reads the IR, the contract table and the source text.
//!
//! Entry points: [`discover`], [`discover_only`] and [`load_file`] read like the adapters'
//! [`adapters::read`], [`adapters::read_only`] and [`adapters::read_file`], then run the rules.

pub mod audit;
pub mod doctor;
pub mod fix;
pub mod lint_config;
mod rules;

use adapters::{Context, Discovered, Output};
use hook_ir::Convention;
use std::path::Path;

/// Runs every rule over the accepted hooks of `out` and adds their findings, each once.
pub fn check(ctx: &Context, out: &mut Output) {
    rules::check(ctx, out);
}

/// Discovers and lowers every convention's sources under `ctx`, runs the rules, normalizes the
/// batch and checks the `hooks bridge` entries against the hooks found
/// ([`adapters::bridge::check`]): what `hooks lint` and `hooks list` report.
///
/// When the project has a `hooks.lock` ([`audit::lock`]), its hooks are checked against it:
/// `hook_not_locked`, `locked_hook_changed`, or `invalid_lock_file`.
pub fn discover(ctx: &Context) -> Discovered {
    let mut d = discover_only(ctx, &Convention::ALL);
    let checks = adapters::bridge::check(&d.batch.hooks);
    d.batch.diagnostics.extend(checks);
    let locked = lock_check(ctx, &d);
    if !locked.is_empty() {
        let all = std::mem::take(&mut d.batch.diagnostics);
        d.batch.diagnostics = hook_ir::place_in_source_order(all, locked);
    }
    d
}

/// The diagnostics of the project's `hooks.lock` on what `d` found (none without a lock).
pub fn lock_check(ctx: &Context, d: &Discovered) -> Vec<hook_ir::Diagnostic> {
    let Some(root) = ctx.project.as_deref() else {
        return Vec::new();
    };
    match audit::lock::load(ctx, root) {
        Ok(None) => Vec::new(),
        Err(bad) => vec![bad],
        Ok(Some(lock)) => {
            let inv = audit::inventory(
                ctx,
                root,
                d.batch.hooks.iter().chain(&d.outside),
                &d.sources,
            );
            audit::lock::check(&lock, &inv)
        }
    }
}

/// Like [`discover`], restricted to some conventions (and without the bridge check).
pub fn discover_only(ctx: &Context, conventions: &[Convention]) -> Discovered {
    finish(ctx, adapters::read_output(ctx, conventions))
}

/// Reads one explicit config file ([`adapters::read_file`]), then runs the rules.
pub fn load_file(ctx: &Context, path: &Path, convention: Option<Convention>) -> Discovered {
    finish(ctx, adapters::read_file_output(ctx, path, convention))
}

/// Reads the plugin at `root` ([`adapters::plugin::read_plugin_output`]: scope `plugin`), then
/// runs the rules.
pub fn load_plugin(ctx: &Context, root: &Path, kind: adapters::plugin::PluginKind) -> Discovered {
    finish(ctx, adapters::plugin::read_plugin_output(ctx, root, kind))
}

/// Runs the rules over `out`, then normalizes the batch.
pub fn finish(ctx: &Context, mut out: Output) -> Discovered {
    check(ctx, &mut out);
    adapters::finish(out)
}
