//! One adapter per hook convention. Each module holds the discovery of its files, a raw serde
//! model that mirrors the file exactly, the lowering into the IR (with locations and codes) and a
//! writer (IR → that convention's files) used by `hooks import`.
//!
//! Entry points: [`read`] (a project root plus the home dir) and [`read_file`] (one explicit
//! config file), files into IR with the file format's checks; the rules about what hooks do run
//! on top in `hooks_rules`.

pub mod bridge;
pub mod census;
pub mod context;
mod flat_json_read;
mod flat_json_reimport;
mod flat_json_write;
pub mod json_source;
pub mod json_span;
pub mod write;

mod json_append;
mod jsonc_ast;
mod layered_settings;
pub mod line_index;
pub mod modules;
pub mod plugin;
mod read_back;
pub mod read_limit;
pub mod registry;
pub mod reimport;
pub mod run_cache;
pub mod schema;
pub mod scope;
pub mod source;
pub mod toml_support;

pub mod claude_settings;
pub mod cline_dir;
pub mod codex_json;
pub mod copilot_hooks;
pub mod cursor_hooks;
pub mod gemini_settings;
pub mod gjc;
pub mod gjc_plugin;
pub mod hook_dirs;
pub mod jarvis;
pub mod jcode;
pub mod qwen_settings;

pub use context::{source_of, Context, Discovered, SourceFile};
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
    /// Hooks the agent reads but never runs — a switch turns them off (Claude's
    /// `disableAllHooks`, Gemini's `hooksConfig.enabled`/`disabled`) or their file is rejected
    /// whole (`hooks_file_rejected`) — each with the diagnostic that says why. They are left out
    /// of [`Output::hooks`]; `hooks doctor` reports them.
    pub never_run: Vec<(Hook, Diagnostic)>,
}

impl Output {
    /// Appends a diagnostic.
    pub fn diag(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    /// Runs `read` (discovery reading the files of one layer) and gives every hook and source
    /// it added the layer's `scope` and `root`: the scope travels from the place discovery
    /// looked a file up, as data, to the hooks read from it.
    pub fn layer<R>(
        &mut self,
        scope: hook_ir::Scope,
        root: Option<&Path>,
        read: impl FnOnce(&mut Output) -> R,
    ) -> R {
        let (hooks, outside, sources) = (self.hooks.len(), self.outside.len(), self.sources.len());
        let never_run = self.never_run.len();
        let r = read(self);
        // A reader may drop what it read (Claude's `disableAllHooks`): stamp what is left.
        // A plugin's hooks also carry its root, which the runner hands them as the agent does.
        let plugin_root = (scope == hook_ir::Scope::Plugin)
            .then(|| root.map(Path::to_path_buf))
            .flatten();
        let hooks = self.hooks.iter_mut().skip(hooks);
        let outside = self.outside.iter_mut().skip(outside);
        let never_run = self.never_run.iter_mut().skip(never_run).map(|(h, _)| h);
        // Each hook's file, from the files this layer read: here, where the reader printed
        // both the hook's location and its file's display path from the same real path, is
        // the one place the two are matched; everything after follows `Hook::source_file`.
        let read = LayerFiles::new(&self.sources[sources..]);
        for h in hooks.chain(outside).chain(never_run) {
            h.scope = scope;
            h.plugin_root.clone_from(&plugin_root);
            read.stamp(h);
        }
        for s in self.sources.iter_mut().skip(sources) {
            s.scope = scope;
            s.root = root.map(Path::to_path_buf);
            s.readers = registry::adapter(s.convention).readers(s);
        }
        r
    }
}

/// The files one layer's reader just read (see [`Output::layer`]), to give each hook it read
/// the real path of its file. A layer of many files (a hooks folder of thousands) is looked up
/// by a map, so stamping stays linear.
pub(crate) struct LayerFiles<'a> {
    read: &'a [SourceFile],
    by_display: Option<foldhash::HashMap<(&'a str, Convention), &'a Path>>,
}

impl<'a> LayerFiles<'a> {
    /// Up to this many files are searched in turn.
    const SCAN: usize = 16;

    pub(crate) fn new(read: &'a [SourceFile]) -> Self {
        let by_display = (read.len() > Self::SCAN).then(|| {
            read.iter()
                .map(|s| ((s.display.as_str(), s.convention), s.path.as_path()))
                .collect()
        });
        LayerFiles { read, by_display }
    }

    /// Gives `h` the real path of its file, unless it has one.
    pub(crate) fn stamp(&self, h: &mut Hook) {
        if h.source_file.is_some() {
            return;
        }
        let key = (h.location.path.as_str(), h.convention);
        h.source_file = match &self.by_display {
            Some(map) => map.get(&key).map(|p| p.to_path_buf()),
            None => self
                .read
                .iter()
                .find(|s| s.convention == h.convention && s.display == h.location.path)
                .map(|s| s.path.clone()),
        };
    }
}

/// Discovers and lowers every convention's sources under `ctx` (the project root and the home
/// dir), in the fixed order of [`Convention::ALL`], and normalizes the batch: files into IR,
/// with the file format's checks only. The rules about what hooks do are `hooks_rules`'s, which
/// `hooks lint` runs on top (`hooks_rules::discover`); a process that runs the hooks —
/// `hooks bridge`, started once per agent event — needs only this.
pub fn read(ctx: &Context) -> Discovered {
    read_only(ctx, &Convention::ALL)
}

/// Like [`read`], restricted to some conventions.
pub fn read_only(ctx: &Context, conventions: &[Convention]) -> Discovered {
    finish(read_output(ctx, conventions))
}

/// What [`read_only`] found, before batch normalization (for a caller that adds findings).
pub fn read_output(ctx: &Context, conventions: &[Convention]) -> Output {
    let mut out = Output::default();
    for &c in Convention::ALL.iter().filter(|c| conventions.contains(c)) {
        discover_convention(ctx, c, &mut out);
    }
    out
}

/// Normalizes what the adapters found ([`hook_ir::normalize`]).
pub fn finish(out: Output) -> Discovered {
    Discovered {
        batch: normalize(out.hooks, out.diagnostics),
        sources: out.sources,
        outside: out.outside,
        never_run: out.never_run,
    }
}

fn discover_convention(ctx: &Context, convention: Convention, out: &mut Output) {
    registry::adapter(convention).discover(ctx, out);
}

/// Plans writing `hooks` (already converted to `convention` by the importer) into that
/// convention's files. Nothing is written: see [`write::apply`].
pub fn plan_write(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &write::WriteOptions,
) -> write::Plan {
    let plan = plan_write_unchecked(ctx, convention, hooks, opts);
    read_back::verify(ctx, convention, hooks, plan)
}

/// [`plan_write`] without reading the planned text back: for a plan that is never applied,
/// such as what `hooks import` plans onto an empty file to learn which entries its hooks
/// become ([`reimport`]). A plan to apply must come from [`plan_write`].
pub fn plan_write_unchecked(
    ctx: &Context,
    convention: Convention,
    hooks: &[Hook],
    opts: &write::WriteOptions,
) -> write::Plan {
    registry::adapter(convention).plan_write(ctx, hooks, opts)
}

/// Reads one explicit config file: its convention is `convention` when given, else detected
/// from the file's name and content ([`detect_convention`]); its scope from its real place
/// ([`scope::of_path`]). The file format's checks only (the rules: `hooks_rules::load_file`).
pub fn read_file(ctx: &Context, path: &Path, convention: Option<Convention>) -> Discovered {
    finish(read_file_output(ctx, path, convention))
}

/// What [`read_file`] found, before batch normalization.
pub fn read_file_output(ctx: &Context, path: &Path, convention: Option<Convention>) -> Output {
    let mut out = Output::default();
    let convention = convention.or_else(|| detect_convention(path));
    let (scope, root) = convention.map_or((hook_ir::Scope::Project, None), |c| {
        scope::of_path(ctx, c, path)
    });
    out.layer(scope, root.as_deref(), |out| {
        load_as(ctx, path, convention, out)
    });
    out
}

/// Reads the explicit file `path` as `convention` into `out`.
fn load_as(ctx: &Context, path: &Path, convention: Option<Convention>, out: &mut Output) {
    let Some(c) = convention else {
        return out.diag(
            Diagnostic::new(
                hook_ir::Code::InvalidSource,
                "cannot tell which convention this file follows; name it with --convention",
            )
            .at(hook_ir::Location::path_only(ctx.display(path))),
        );
    };
    if !registry::adapter(c).load(ctx, path, out) {
        out.diag(
            Diagnostic::new(
                hook_ir::Code::InvalidSource,
                format!("`{c}` hooks live in directories; pass the project root instead of a file"),
            )
            .at(hook_ir::Location::path_only(ctx.display(path))),
        );
    }
}

/// Lowers `text` as if it were the `convention` file at `path` (a writer's planned text, a
/// fix's result), as discovery would read it. `false` for a convention without a single config
/// file (module directories, plugin trees), which has nothing to lower.
pub fn lower_text(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    text: String,
    out: &mut Output,
) -> bool {
    registry::adapter(convention).lower_text(ctx, path, text, out)
}

/// Guesses the convention of an explicit file from the folder it sits in, its name and, last,
/// its content.
pub fn detect_convention(path: &Path) -> Option<Convention> {
    // A name that is not UTF-8 (`bad\xff.toml`) still ends in `.toml`: judge it lossily.
    let name = path.file_name()?.to_string_lossy();
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .map(|f| f.to_string_lossy());
    let named = registry::Named {
        path,
        name: &name,
        folder: folder.as_deref(),
    };
    // The strongest claim; of equal ones, the first in registry order.
    let mut best: Option<(registry::Claim, Convention)> = None;
    for a in registry::ADAPTERS {
        if let Some(claim) = a.claims(&named) {
            if best.is_none_or(|(b, _)| claim > b) {
                best = Some((claim, a.convention()));
            }
        }
    }
    best.map(|(_, c)| c)
}
