//! Resolving PATH arguments into discovered hooks.

use crate::args::SourceArgs;
use adapters::{Context, Discovered};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};

/// Where display paths (and the hook ids built from them) are relative to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathsFrom {
    /// The current directory: what `lint` and `list` print, so every path names a real file
    /// from where the command ran (CI annotations, SARIF) and roots never share a path.
    Cwd,
    /// Each root: `hooks run`, whose hook ids must not change with the directory it runs in.
    Root,
}

/// Discovers every PATH (a project root or an explicit file), in the order given.
pub fn discover_paths(
    paths: &[PathBuf],
    src: &SourceArgs,
    from: PathsFrom,
) -> anyhow::Result<Discovered> {
    discover_each(paths, src, from, |_, _, _| Ok(()))
}

/// One PATH argument, resolved.
pub struct Root<'a> {
    /// The absolute path.
    pub path: &'a Path,
    /// Whether it names a file (not a project directory).
    pub is_file: bool,
}

/// [`discover_paths`], calling `each` on what each root found before the roots are merged (the
/// lint configuration applies per root).
pub fn discover_each(
    paths: &[PathBuf],
    src: &SourceArgs,
    from: PathsFrom,
    mut each: impl FnMut(&Root<'_>, &Context, &mut Discovered) -> anyhow::Result<()>,
) -> anyhow::Result<Discovered> {
    let convention = src.convention;
    let home = match &src.home {
        Some(h) => Some(absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut merged = super::merged::Merged::default();
    // One context for the run, its project set per root: the environment snapshot (a map of
    // every variable) cost more per root than a root's stats. Nothing these commands do writes
    // the agents' own config files: read them once per run.
    let mut ctx = Context::from_process(None, home, !src.no_env);
    ctx.run_cache = Some(adapters::run_cache::RunCache::default());
    if from == PathsFrom::Root {
        ctx.cwd = None;
    }
    for p in paths {
        // `exists()` is false for a symlink loop or a path under a file too: say why.
        match std::fs::metadata(p) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                bail!("{}: no such file or directory", p.display())
            }
            Err(e) => bail!("{}: cannot be read: {e}", p.display()),
        }
        let p = absolute(p)?;
        // Of the lexical path (`link/..` may name another directory than the physical one).
        let is_dir = p.is_dir();
        let project = if is_dir {
            Some(p.clone())
        } else {
            p.parent().map(Path::to_path_buf)
        };
        ctx.project = project;
        let mut d = if is_dir {
            adapters::discover(&ctx)
        } else {
            adapters::load_file(&ctx, &p, convention)
        };
        let root = Root {
            path: &p,
            is_file: !is_dir,
        };
        each(&root, &ctx, &mut d)?;
        merged.add(d);
    }
    Ok(merged.all)
}

/// `p` as an absolute path with `.` and `..` resolved lexically (not through symlinks, so an
/// explicit file keeps its own name). `std::path::absolute` keeps `..`: with `--home ../home`
/// the home dir would then start with the project's components and its files would be shown as
/// `../home/...` instead of `~/...`.
pub fn absolute(p: &Path) -> anyhow::Result<PathBuf> {
    let abs = std::path::absolute(p).with_context(|| format!("cannot resolve {}", p.display()))?;
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn absolute_resolves_dot_dot_lexically() {
        let p = super::absolute(std::path::Path::new("/a/b/../c/./d")).unwrap();
        assert_eq!(p, std::path::Path::new("/a/c/d"));
    }
}
