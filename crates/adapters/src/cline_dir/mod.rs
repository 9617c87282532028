//! Cline's hook directories (`cline-dir`): executables named after the event, in four folders
//! (Cline CLI 3.0.65; conformance/notes/cline.md, "Discovery"). There is no config file: each
//! hook is a file, run under the interpreter its shebang (else its extension, else `bash`)
//! names, its answer read from stdout.

pub mod discover;
pub mod lower;
pub mod write;

use crate::{Context, Output};
use hook_ir::Convention;

/// The `cline-dir` adapter.
#[derive(Debug, Clone, Copy)]
pub struct ClineDir;

impl crate::registry::Adapter for ClineDir {
    fn convention(&self) -> Convention {
        Convention::ClineDir
    }

    fn looked_for(&self) -> &'static str {
        "~/Documents/Cline/Hooks/, $CLINE_DIR/hooks/ (~/.cline/hooks/), .clinerules/hooks/, .cline/hooks/"
    }

    fn discover(&self, ctx: &Context, out: &mut Output) {
        discover::discover(ctx, out);
    }

    /// One hook file named explicitly (`hooks lint .cline/hooks/PreToolUse`, a writer's planned
    /// file read back): read as Cline reads it in its folder.
    fn load(&self, ctx: &Context, path: &std::path::Path, out: &mut Output) -> bool {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        discover::read_file(ctx, path, &name, out, &mut Vec::new());
        true
    }

    fn plan_write(
        &self,
        ctx: &Context,
        hooks: &[hook_ir::Hook],
        opts: &crate::write::WriteOptions,
    ) -> crate::write::Plan {
        write::plan(ctx, hooks, opts)
    }

    fn file_at(&self, ctx: &Context, scope: hook_ir::Scope) -> Option<std::path::PathBuf> {
        write::folder(ctx, scope)
    }

    fn hooks_are_files(&self) -> bool {
        true
    }

    fn bridge_file_command(&self, name: &str, text: &str) -> Option<String> {
        lower::event_of(name)?;
        lower::bridge_command(text)
    }

    /// Cline CLI 3.0.65 reads a workspace's hook folders in any folder, with no trust step
    /// (notes "Discovery"), and kills a tool hook at 120 s (`TOOL_HOOK_TIMEOUT_MS`).
    fn runs_when(&self, display: &str, _project: &std::path::Path, timeout_s: u64) -> String {
        format!(
            "Cline runs the files of {display} in this workspace, with no trust step; its tool hooks are killed after {timeout_s} s (the bridge answers before). Only TaskStart, PreToolUse, PostToolUse and TaskComplete fire in a headless run."
        )
    }
}
