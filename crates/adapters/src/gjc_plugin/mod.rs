//! GJC plugin manifests `gajae-plugin.json` and their `registry.json` hashes (conventions.md §3).
//!
//! Where GJC installs plugins, read from its source (`sskys18/gajae-code`,
//! `packages/coding-agent/src/extensibility/gjc-plugins/`):
//! - `paths.ts`: two scopes, the user root `getAgentDir()/gjc-plugins` (= `~/.gjc/agent/gjc-plugins/`)
//!   and the project root `<cwd>/.gjc/gjc-plugins/`; a scope root holding a manifest is itself the
//!   plugin, else each subdirectory holding `gajae-plugin.json` is one;
//! - `registry.ts`: one `registry.json` per scope root, `{version: 1, scope, plugins: [{name,
//!   pluginRoot, enabled, copiedFiles: [{relativePath, sha256, bytes}], surfaces, ...}]}`; user
//!   entries load before project entries; legacy plugin folders without an entry are migrated
//!   (installed without recorded hashes, hence `missing_registry`);
//! - `constrained-hooks.ts`: `resolveConstrainedHookFile` realpaths the root and the file and
//!   rejects a file outside the root; `verifyEntryHashes` quarantines a plugin whose files drifted;
//!   `normalizePluginHook` (`hooks/normalize.ts`) decides the accepted shapes.
//!
//! Layout: [`raw`], [`confine`], [`lower`], [`discover`](mod@discover).

pub mod confine;
pub mod discover;
pub mod lower;
pub mod raw;
pub mod schema;

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook};
use std::path::Path;

/// Discovers the user and project plugin scopes.
pub fn discover(ctx: &Context, out: &mut Output) {
    discover::discover(ctx, out);
}

/// Reads one explicit `gajae-plugin.json`.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    discover::load(ctx, path, out);
}

/// Plugins are installed by GJC's installer (which records hashes); no writer.
pub fn plan_write(
    _ctx: &Context,
    convention: Convention,
    _hooks: &[Hook],
    _opts: &WriteOptions,
) -> Plan {
    Plan::unsupported(convention)
}

/// `GjcPlugin`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct GjcPlugin;

impl crate::registry::Adapter for GjcPlugin {
    fn looked_for(&self) -> &'static str {
        ".gjc/gjc-plugins/*/gajae-plugin.json; a plugin's gajae-plugin.json"
    }

    fn claims(&self, file: &crate::registry::Named) -> Option<crate::registry::Claim> {
        (file.name == raw::MANIFEST).then_some(crate::registry::Claim::Name)
    }

    fn explicit_layer(
        &self,
        place: &crate::registry::Place,
    ) -> Option<(hook_ir::Scope, Option<std::path::PathBuf>)> {
        Some((hook_ir::Scope::Plugin, Some(place.parent.to_path_buf())))
    }

    fn plugin_root(&self, file: &Path) -> Option<std::path::PathBuf> {
        (file.file_name()? == raw::MANIFEST).then(|| file.parent().map(Path::to_path_buf))?
    }

    fn plugin_hooks_file(&self, root: &Path) -> std::path::PathBuf {
        root.join(raw::MANIFEST)
    }

    fn convention(&self) -> Convention {
        Convention::GjcPlugin
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover(ctx, out);
    }

    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        load(ctx, path, out);
        true
    }

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }
}
