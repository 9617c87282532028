//! The one list of conventions the adapters know ([`ADAPTERS`]), each an [`Adapter`]: what the
//! rest of the workspace needs of a convention's files — discovery, reading one file, lowering a
//! planned text, the writer, the JSON Schema and the file each scope's hooks go to. The entry
//! points of this crate and the callers that used to match on [`Convention`] iterate or look up
//! this table instead, so a new convention is a folder and a row here.

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook, Scope};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A convention's files, as the workspace reads and writes them.
pub trait Adapter: Sync {
    /// The convention it reads.
    fn convention(&self) -> Convention;

    /// Discovers the convention's files under the project root and the home dir, lowering each
    /// into `out` with the layer it was found in ([`Output::layer`]).
    fn discover(&self, ctx: &Context, out: &mut Output);

    /// Reads one explicitly named file; `false` when the convention keeps its hooks in
    /// directories and has no single file to read.
    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        let _ = (ctx, path, out);
        false
    }

    /// Lowers `text` as if it were the file at `path` (a writer's planned text, a fix's
    /// result); `false` when the convention has no single config file.
    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        let _ = (ctx, path, text, out);
        false
    }

    /// Plans writing `hooks` (already converted to this convention) into its files; nothing is
    /// written ([`crate::write::apply`]).
    fn plan_write(&self, ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
        let _ = (ctx, hooks, opts);
        Plan::unsupported(self.convention())
    }

    /// The JSON Schema of the convention's config file (`hooks schema CONV`); `None` for a
    /// convention whose hooks are files in directories.
    fn schema(&self) -> Option<Value> {
        None
    }

    /// The file (or, for module hooks, the directory) that holds this convention's hooks of
    /// `scope`, where `hooks import` writes them; `None` when the convention has no such level.
    fn file_at(&self, ctx: &Context, scope: Scope) -> Option<PathBuf> {
        let _ = (ctx, scope);
        None
    }
}

/// Every convention's adapter, in [`Convention::ALL`] order (a test checks it).
pub static ADAPTERS: [&dyn Adapter; Convention::ALL.len()] = [
    &crate::jcode::Jcode,
    &crate::jarvis::Jarvis,
    &crate::gjc::Gjc,
    &crate::hook_dirs::CLAUDE_DIR_ADAPTER,
    &crate::hook_dirs::CODEX_DIR_ADAPTER,
    &crate::codex_json::CodexJson,
    &crate::gjc_plugin::GjcPlugin,
    &crate::claude_settings::ClaudeSettings,
    &crate::gemini_settings::GeminiSettings,
];

/// The adapter of `convention`.
pub fn adapter(convention: Convention) -> &'static dyn Adapter {
    // `ADAPTERS` follows `Convention::ALL`, whose order is the enum's.
    ADAPTERS[convention as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_convention_has_its_adapter_in_order() {
        assert_eq!(ADAPTERS.len(), Convention::ALL.len());
        for (i, c) in Convention::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i, "Convention::ALL is in enum order");
            assert_eq!(adapter(c).convention(), c, "ADAPTERS[{i}] is not `{c}`'s");
        }
    }
}
