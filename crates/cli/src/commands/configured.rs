//! The lint configuration on the command line (docs/configuration.md): which `hooks.toml` each
//! PATH uses — `--config FILE` for all, none with `--isolated`, else the nearest one from the
//! root (an explicit file's directory) upward — and its policy applied to what that root found,
//! before the roots are merged.

use super::discover::{absolute, discover_each, ExcludeFn, PathsFrom, Root, Walk};
use crate::args::{ConfigArgs, SourceArgs};
use crate::render::fixable::Fixable;
use adapters::{Context, Discovered};
use anyhow::bail;
use hooks_rules::lint_config::{self, Config, Policy, Scope, Selection};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What lint and list report, with the configurations used.
pub struct Configured {
    /// The roots' findings, each filtered by its configuration; each configuration's own
    /// problems first.
    pub found: Discovered,
    /// Each configuration used, in the order first used.
    pub configs: Vec<Config>,
}

/// The configuration named by `--config`, checked to exist (else a usage error, exit 2).
fn explicit(cfg: &ConfigArgs) -> anyhow::Result<Option<PathBuf>> {
    let Some(f) = &cfg.config else {
        return Ok(None);
    };
    match std::fs::metadata(f) {
        Ok(m) if m.is_dir() => bail!("--config {}: a directory, not a file", f.display()),
        Ok(_) => Ok(Some(absolute(f)?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            bail!("--config {}: no such file", f.display())
        }
        Err(e) => bail!("--config {}: cannot be read: {e}", f.display()),
    }
}

/// The configurations of a run: each file loaded once, however many roots share it, so its
/// problems are reported once.
pub struct Configs<'a> {
    args: &'a ConfigArgs,
    explicit: Option<PathBuf>,
    cli: Selection,
    loaded: Vec<Config>,
    /// Roots share the directories above them: each is asked for a `hooks.toml` once.
    finder: lint_config::Finder,
}

impl<'a> Configs<'a> {
    /// Checks `--config` (a missing file is a usage error, exit 2).
    pub fn new(args: &'a ConfigArgs) -> anyhow::Result<Configs<'a>> {
        Ok(Configs {
            args,
            explicit: explicit(args)?,
            cli: args.selection(),
            loaded: Vec::new(),
            finder: lint_config::Finder::default(),
        })
    }

    /// The configuration of one root, loaded: `--isolated` → none, `--config` → that one,
    /// else the nearest `hooks.toml` from the root (a file's directory) upward.
    fn of(&mut self, ctx: &Context, root: &Root<'_>) -> Option<usize> {
        if self.args.isolated {
            return None;
        }
        let path = match &self.explicit {
            Some(e) => e.clone(),
            None => {
                let start = if root.is_file {
                    root.path.parent()?
                } else {
                    root.path
                };
                self.finder.find(start)?
            }
        };
        Some(match self.loaded.iter().position(|c| c.path == path) {
            Some(i) => i,
            None => {
                self.loaded.push(lint_config::load(ctx, &path));
                self.loaded.len() - 1
            }
        })
    }

    /// The `exclude` of the configuration of the directory `root`, as a test the walker's
    /// threads can share; `None` when it excludes nothing.
    pub fn exclude_fn(&mut self, ctx: &Context, root: &Path) -> Option<ExcludeFn> {
        let i = self.of(
            ctx,
            &Root {
                path: root,
                is_file: false,
            },
        )?;
        let c = &self.loaded[i];
        if c.exclude_written().is_empty() {
            return None;
        }
        let (c, ctx) = (c.clone(), ctx.clone());
        Some(Arc::new(move |p: &Path| c.excludes(&ctx, p)))
    }

    /// The policy of one root: its configuration under the command line's selection.
    pub fn policy(&mut self, ctx: &Context, root: &Root<'_>) -> Policy<'_> {
        let i = self.of(ctx, root);
        let named = root.is_file.then_some(root.path);
        Policy::new(i.map(|i| &self.loaded[i]), &self.cli, named)
    }
}

/// Discovers every PATH as [`discover_each`] does, applying each root's configuration; with
/// `fixable`, records the fix of each reported diagnostic that has one (checked in its root's
/// context, which the merged result no longer has).
/// With `recurse`, every directory PATH is walked for the projects and plugins under it
/// (`hooks lint`; not `--no-recurse`).
pub fn discover(
    paths: &[PathBuf],
    src: &SourceArgs,
    cfg: &ConfigArgs,
    scope: Scope,
    recurse: bool,
    mut fixable: Option<&mut Fixable>,
) -> anyhow::Result<Configured> {
    let configs = RefCell::new(Configs::new(cfg)?);
    let excluded = |ctx: &Context, root: &Path| configs.borrow_mut().exclude_fn(ctx, root);
    let walk = recurse.then_some(Walk {
        excluded: &excluded,
    });
    let mut found = discover_each(paths, src, PathsFrom::Cwd, walk, |root, ctx, d| {
        configs.borrow_mut().policy(ctx, root).apply(ctx, d, scope);
        if let Some(f) = fixable.as_deref_mut() {
            f.add(&d.batch.diagnostics, hooks_rules::fix::available(ctx, d));
        }
        Ok(())
    })?;
    let configs = configs.into_inner();
    let mut problems: Vec<_> = configs
        .loaded
        .iter()
        .flat_map(|c| c.diagnostics.iter().cloned())
        .collect();
    problems.append(&mut found.batch.diagnostics);
    found.batch.diagnostics = problems;
    Ok(Configured {
        found,
        configs: configs.loaded,
    })
}

/// The line the human format shows before its summary when a configuration applied: which
/// one(s).
pub fn used_line(configs: &[Config]) -> Option<String> {
    let shown: Vec<&str> = configs.iter().map(|c| c.display.as_str()).collect();
    match shown[..] {
        [] => None,
        [one] => Some(format!("Configuration: {one}")),
        _ => Some(format!("Configurations: {}", shown.join(", "))),
    }
}

/// The first convention whose files are TOML, as the fixes edit them (`hooks.toml` is shown as
/// one of its files).
fn toml_convention(path: &std::path::Path) -> hook_ir::Convention {
    hook_ir::Convention::ALL
        .into_iter()
        .find(|&c| {
            adapters::registry::adapter(c).fix_syntax(path)
                == Some(adapters::registry::Syntax::Toml)
        })
        .unwrap_or(hook_ir::Convention::ALL[0])
}

/// `found` with the text of each configuration that has a problem, so the human format shows
/// the lines a problem points at (sources are otherwise the agents' files only).
pub fn with_config_texts(found: &Discovered, configs: &[Config]) -> Option<Discovered> {
    let texts: Vec<_> = configs
        .iter()
        .filter(|c| !c.diagnostics.is_empty())
        .filter_map(|c| Some((c, c.text.clone()?)))
        .collect();
    if texts.is_empty() {
        return None;
    }
    let mut view = found.clone();
    for (c, text) in texts {
        view.sources.push(adapters::SourceFile {
            // The renderer reads only the display path and the text (the configuration's
            // problems are in the batch, so the summary never counts this source's convention);
            // hooks.toml is TOML, so it is filed as a file of a TOML convention.
            convention: toml_convention(&c.path),
            path: c.path.clone(),
            display: c.display.clone(),
            text: Some(text),
            scope: hook_ir::Scope::Project,
            root: None,
            readers: Vec::new(),
        });
    }
    Some(view)
}
