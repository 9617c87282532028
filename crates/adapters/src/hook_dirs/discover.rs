//! Where the Claude and Codex hook directories are (project only, as GJC's providers read them).

use super::lower::{claude_tool, codex_name, lower_file};
use crate::modules::entries;
use crate::modules::lower::Phase;
use crate::{Context, Output};
use hook_ir::{quote, Code, Convention, Diagnostic, Location};
use std::path::Path;

/// `<project>/.claude/hooks`, holding `pre/` and `post/`.
pub const CLAUDE_DIR: &str = ".claude/hooks";
/// `<project>/.codex/hooks`, holding `pre-<tool>.ts|js` and `post-<tool>.ts|js`.
pub const CODEX_DIR: &str = ".codex/hooks";

/// Discovers the project's `convention` directory (`claude-dir` or `codex-dir`).
pub fn discover(ctx: &Context, convention: Convention, out: &mut Output) {
    let Some(project) = &ctx.project else { return };
    let before = out.hooks.len() + out.diagnostics.len();
    let root = match convention {
        Convention::ClaudeDir => {
            let root = project.join(CLAUDE_DIR);
            if entries::missing(&root) {
                return;
            }
            for phase in [Phase::Pre, Phase::Post] {
                entries::list(
                    ctx,
                    convention,
                    &root.join(phase.dir()),
                    &root,
                    out,
                    |m, out| {
                        if let Some(h) =
                            lower_file(&m, convention, phase, claude_tool(&m.name), out)
                        {
                            out.hooks.push(h);
                        }
                    },
                );
            }
            root
        }
        Convention::CodexDir => {
            let root = project.join(CODEX_DIR);
            entries::list(ctx, convention, &root, &root, out, |m, out| {
                match codex_name(&m.name) {
                    Some((phase, tool)) => {
                        if let Some(h) = lower_file(&m, convention, phase, tool, out) {
                            out.hooks.push(h);
                        }
                    }
                    None => out.diag(
                        Diagnostic::new(
                            Code::SemanticMismatch,
                            format!(
                                "Codex hook file {} must use the pre-<tool>.ts|js convention (or post-<tool>.ts|js)",
                                quote(&m.name)
                            ),
                        )
                        .with_convention(convention)
                        .at(Location::path_only(m.display.clone())),
                    ),
                }
            });
            root
        }
        _ => return,
    };
    if out.hooks.len() + out.diagnostics.len() > before {
        out.diag(import_only(ctx, convention, &root));
    }
}

fn import_only(ctx: &Context, convention: Convention, root: &Path) -> Diagnostic {
    Diagnostic::new(
        Code::ImportOnlySource,
        format!(
            "the hooks in `{}` never execute at runtime (GJC discovers them for import and diagnostics only); `hooks import --from {convention} --to gjc` writes the canonical `.gjc/hooks/` copy that GJC runs",
            ctx.display(root)
        ),
    )
    .with_convention(convention)
    .at(Location::path_only(ctx.display(root)))
}
