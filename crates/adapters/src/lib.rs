//! One adapter per hook convention. Each module holds the discovery of its files, a raw serde
//! model that mirrors the file exactly, the lowering into the IR (with locations and codes) and a
//! writer (IR → that convention's files) used by `hooks import`.
//!
//! Entry points: [`discover`] (a project root plus the home dir) and [`load_file`] (one explicit
//! config file).

pub mod context;
pub mod write;

pub use context::{Context, Discovered, SourceFile};

use hook_ir::{normalize, Convention, Diagnostic, Hook};
use std::path::Path;

/// What one adapter produced for its sources, before batch normalization.
#[derive(Debug, Default)]
pub struct Output {
    /// Accepted hooks, in source order.
    pub hooks: Vec<Hook>,
    /// Diagnostics, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// The files read (for renderers that show source lines).
    pub sources: Vec<SourceFile>,
}

impl Output {
    /// Appends a diagnostic.
    pub fn diag(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
}

/// Discovers and lowers every convention's sources under `ctx` (the project root and the home
/// dir), in the fixed order of [`Convention::ALL`], then normalizes the batch.
pub fn discover(ctx: &Context) -> Discovered {
    discover_only(ctx, &Convention::ALL)
}

/// Like [`discover`], restricted to some conventions.
pub fn discover_only(ctx: &Context, conventions: &[Convention]) -> Discovered {
    let mut out = Output::default();
    for &c in Convention::ALL.iter().filter(|c| conventions.contains(c)) {
        discover_convention(ctx, c, &mut out);
    }
    finish(out)
}

fn discover_convention(_ctx: &Context, convention: Convention, _out: &mut Output) {
    // Each adapter module registers itself here as it lands.
    match convention {
        Convention::Jcode
        | Convention::Jarvis
        | Convention::Gjc
        | Convention::ClaudeDir
        | Convention::CodexDir
        | Convention::CodexJson
        | Convention::GjcPlugin
        | Convention::ClaudeSettings => {}
    }
}

/// Reads one explicit config file. Its convention is `convention` when given, else detected
/// from the file's name and content ([`detect_convention`]).
pub fn load_file(ctx: &Context, path: &Path, convention: Option<Convention>) -> Discovered {
    let mut out = Output::default();
    match convention.or_else(|| detect_convention(path)) {
        Some(_c) => {}
        None => out.diag(
            Diagnostic::new(
                hook_ir::Code::InvalidSource,
                "cannot tell which convention this file follows; name it with --convention",
            )
            .at(hook_ir::Location::path_only(ctx.display(path))),
        ),
    }
    finish(out)
}

/// Guesses the convention of an explicit file from its name and content.
pub fn detect_convention(path: &Path) -> Option<Convention> {
    let name = path.file_name()?.to_str()?;
    let text = std::fs::read_to_string(path).ok();
    let text = text.as_deref().unwrap_or("");
    match name {
        "gajae-plugin.json" => Some(Convention::GjcPlugin),
        "hooks.json" if path.parent().and_then(|p| p.file_name()) == Some("hooks".as_ref()) => {
            Some(Convention::ClaudeSettings)
        }
        "hooks.json" => Some(Convention::CodexJson),
        n if n.starts_with("settings") && n.ends_with(".json") => Some(Convention::ClaudeSettings),
        n if n.ends_with(".toml") => {
            if text.contains("[[hooks]]") {
                Some(Convention::Jarvis)
            } else {
                Some(Convention::Jcode)
            }
        }
        _ => None,
    }
}

fn finish(out: Output) -> Discovered {
    Discovered {
        batch: normalize(out.hooks, out.diagnostics),
        sources: out.sources,
    }
}
