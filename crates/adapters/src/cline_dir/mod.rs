//! Cline's hook directories (`cline-dir`): executables named after the event, in four folders
//! (Cline CLI 3.0.65; conformance/notes/cline.md, "Discovery"). There is no config file: each
//! hook is a file, run under the interpreter its shebang (else its extension, else `bash`)
//! names, its answer read from stdout.

pub mod discover;
pub mod lower;

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
}
