//! Resolving PATH arguments into discovered hooks.

use crate::args::SourceArgs;
use adapters::{Context, Discovered};
use anyhow::{bail, Context as _};
use hook_ir::Convention;
use std::path::{Path, PathBuf};

/// Discovers every PATH (a project root or an explicit file), in the order given.
pub fn discover_paths(paths: &[PathBuf], src: &SourceArgs) -> anyhow::Result<Discovered> {
    let convention = match &src.convention {
        Some(c) => Some(Convention::parse(c).with_context(|| {
            format!(
                "unknown convention `{c}`; expected one of: {}",
                Convention::ALL.map(|c| c.as_str()).join(", ")
            )
        })?),
        None => None,
    };
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
    let mut all = Discovered::default();
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
        let d = if p.is_dir() {
            let ctx = Context::from_process(Some(p), home.clone(), !src.no_env);
            adapters::discover(&ctx)
        } else {
            let project = p.parent().map(Path::to_path_buf);
            let ctx = Context::from_process(project, home.clone(), !src.no_env);
            adapters::load_file(&ctx, &p, convention)
        };
        all.batch.extend(d.batch);
        all.sources.extend(d.sources);
    }
    Ok(all)
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
