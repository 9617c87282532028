//! One adapter per hook convention. Each module holds the discovery of its files, a raw serde
//! model that mirrors the file exactly, the lowering into the IR (with locations and codes) and a
//! writer (IR → that convention's files) used by `hooks import`.
//!
//! Entry points: [`discover`] (a project root plus the home dir) and [`load_file`] (one explicit
//! config file).

pub mod bridge;
pub mod census;
pub mod context;
pub mod convert;
pub mod fix;
pub mod json_source;
pub mod json_span;
pub mod lint_config;
pub mod write;

mod json_append;
mod line_index;
mod read_back;
pub mod read_limit;
mod rules;
pub mod run_cache;
pub mod schema;
pub mod scope;
pub mod source;
mod toml_support;

pub mod claude_settings;
pub mod codex_json;
pub mod gemini_settings;
pub mod gjc;
pub mod gjc_plugin;
pub mod hook_dirs;
pub mod jarvis;
pub mod jcode;

pub use context::{Context, Discovered, SourceFile};
pub use schema::schema;
pub use source::Source;

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
    /// Command hooks of valid events outside the six kinds (`PreCompact`, `Notification`, …),
    /// which `hooks import` carries to the target's equivalent event
    /// ([`hook_ir::contract::native`]). Their `kind` is nominal
    /// ([`hook_ir::contract::native::nominal_kind`]); the runner and the rules never see them.
    pub outside: Vec<Hook>,
}

impl Output {
    /// Appends a diagnostic.
    pub fn diag(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
}

/// Discovers and lowers every convention's sources under `ctx` (the project root and the home
/// dir), in the fixed order of [`Convention::ALL`], then normalizes the batch and checks the
/// `hooks bridge` entries against the hooks found ([`bridge::check`]).
pub fn discover(ctx: &Context) -> Discovered {
    let mut d = discover_only(ctx, &Convention::ALL);
    let checks = bridge::check(&d.batch.hooks);
    d.batch.diagnostics.extend(checks);
    d
}

/// Like [`discover`], restricted to some conventions.
pub fn discover_only(ctx: &Context, conventions: &[Convention]) -> Discovered {
    let mut out = Output::default();
    for &c in Convention::ALL.iter().filter(|c| conventions.contains(c)) {
        discover_convention(ctx, c, &mut out);
    }
    finish(ctx, out)
}

/// Like [`discover_only`], without the rules (`rules/`): for a process that runs the hooks
/// rather than lints them — `hooks bridge`, started once per agent event — and needs only the
/// hooks and the errors that stop them. The rules add findings, never change a hook, and
/// compiling their regexes cost more than reading the files.
pub fn discover_to_run(ctx: &Context, conventions: &[Convention]) -> Discovered {
    let mut out = Output::default();
    for &c in Convention::ALL.iter().filter(|c| conventions.contains(c)) {
        discover_convention(ctx, c, &mut out);
    }
    Discovered {
        batch: normalize(out.hooks, out.diagnostics),
        sources: out.sources,
        outside: out.outside,
    }
}

fn discover_convention(ctx: &Context, convention: Convention, out: &mut Output) {
    match convention {
        Convention::Jcode => jcode::discover(ctx, out),
        Convention::Jarvis => jarvis::discover(ctx, out),
        Convention::Gjc => gjc::discover(ctx, out),
        Convention::ClaudeDir | Convention::CodexDir => hook_dirs::discover(ctx, convention, out),
        Convention::CodexJson => codex_json::discover(ctx, out),
        Convention::GjcPlugin => gjc_plugin::discover(ctx, out),
        Convention::ClaudeSettings => claude_settings::discover(ctx, out),
        Convention::GeminiSettings => gemini_settings::discover(ctx, out),
    }
}

/// Plans writing `hooks` (already converted to `convention` by the importer) into that
/// convention's files. Nothing is written: see [`write::apply`].
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &write::WriteOptions,
) -> write::Plan {
    let plan = match convention {
        Convention::Jcode => jcode::plan_write(ctx, convention, hooks, opts),
        Convention::Jarvis => jarvis::plan_write(ctx, convention, hooks, opts),
        Convention::Gjc => gjc::plan_write(ctx, convention, hooks, opts),
        Convention::ClaudeDir | Convention::CodexDir => {
            hook_dirs::plan_write(ctx, convention, hooks, opts)
        }
        Convention::CodexJson => codex_json::plan_write(ctx, convention, hooks, opts),
        Convention::GjcPlugin => gjc_plugin::plan_write(ctx, convention, hooks, opts),
        Convention::ClaudeSettings => claude_settings::plan_write(ctx, convention, hooks, opts),
        Convention::GeminiSettings => gemini_settings::plan_write(ctx, convention, hooks, opts),
    };
    read_back::verify(ctx, convention, hooks, plan)
}

/// [`load_file`] without the rules (`rules/`): the file format's checks only, as lowering did
/// before the rules layer. Not for users: the baseline of the `lint_10k` benchmark, which
/// measures what the rules cost on top of it (the old Claude-only checks were part of
/// lowering, so this baseline is lower than the old path, and the measured ratio an upper bound).
#[doc(hidden)]
pub fn load_file_format_only(
    ctx: &Context,
    path: &Path,
    convention: Option<Convention>,
) -> Discovered {
    load_file_with(ctx, path, convention, false)
}

/// Reads one explicit config file. Its convention is `convention` when given, else detected
/// from the file's name and content ([`detect_convention`]).
pub fn load_file(ctx: &Context, path: &Path, convention: Option<Convention>) -> Discovered {
    load_file_with(ctx, path, convention, true)
}

fn load_file_with(
    ctx: &Context,
    path: &Path,
    convention: Option<Convention>,
    rules: bool,
) -> Discovered {
    let mut out = Output::default();
    match convention.or_else(|| detect_convention(path)) {
        Some(Convention::Jcode) => jcode::load(ctx, path, &mut out),
        Some(Convention::Jarvis) => jarvis::load(ctx, path, &mut out),
        Some(Convention::CodexJson) => codex_json::load(ctx, path, &mut out),
        Some(Convention::GjcPlugin) => gjc_plugin::load(ctx, path, &mut out),
        Some(Convention::ClaudeSettings) => claude_settings::load(ctx, path, &mut out),
        Some(Convention::GeminiSettings) => gemini_settings::load(ctx, path, &mut out),
        Some(c @ (Convention::Gjc | Convention::ClaudeDir | Convention::CodexDir)) => out.diag(
            Diagnostic::new(
                hook_ir::Code::InvalidSource,
                format!("`{c}` hooks live in directories; pass the project root instead of a file"),
            )
            .at(hook_ir::Location::path_only(ctx.display(path))),
        ),
        None => out.diag(
            Diagnostic::new(
                hook_ir::Code::InvalidSource,
                "cannot tell which convention this file follows; name it with --convention",
            )
            .at(hook_ir::Location::path_only(ctx.display(path))),
        ),
    }
    if !rules {
        return Discovered {
            batch: normalize(out.hooks, out.diagnostics),
            sources: out.sources,
            outside: out.outside,
        };
    }
    finish(ctx, out)
}

/// Guesses the convention of an explicit file from its name and content.
pub fn detect_convention(path: &Path) -> Option<Convention> {
    // A name that is not UTF-8 (`bad\xff.toml`) still ends in `.toml`: judge it lossily.
    let name = path.file_name()?.to_string_lossy();
    if gemini_settings::owns(path) {
        return Some(Convention::GeminiSettings);
    }
    match name.as_ref() {
        "gajae-plugin.json" => Some(Convention::GjcPlugin),
        "hooks.json" if path.parent().and_then(|p| p.file_name()) == Some("hooks".as_ref()) => {
            Some(Convention::ClaudeSettings)
        }
        "hooks.json" => Some(Convention::CodexJson),
        n if n.starts_with("settings") && n.ends_with(".json") => Some(Convention::ClaudeSettings),
        // Claude Code's enterprise managed settings (same shape as settings.json).
        "managed-settings.json" => Some(Convention::ClaudeSettings),
        n if n.ends_with(".toml") => {
            // Only a TOML file's content decides, and only as much of it as the adapter would read.
            let text = read_limit::read_bounded(path, read_limit::MAX_CONFIG_BYTES)
                .ok()
                .and_then(|b| String::from_utf8(b).ok())
                .unwrap_or_default();
            if text.contains("[[hooks]]") {
                Some(Convention::Jarvis)
            } else {
                Some(Convention::Jcode)
            }
        }
        _ => None,
    }
}

/// Runs the rules over every accepted hook, then normalizes the batch.
fn finish(ctx: &Context, mut out: Output) -> Discovered {
    rules::check(ctx, &mut out);
    Discovered {
        batch: normalize(out.hooks, out.diagnostics),
        sources: out.sources,
        outside: out.outside,
    }
}
