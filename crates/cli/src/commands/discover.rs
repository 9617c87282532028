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
        if !p.exists() {
            bail!("{}: no such file or directory", p.display());
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

fn absolute(p: &Path) -> anyhow::Result<PathBuf> {
    std::path::absolute(p).with_context(|| format!("cannot resolve {}", p.display()))
}
