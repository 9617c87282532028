//! `hooks lint --fix`, `--unsafe-fixes` and `--diff`: plans the fixes of `adapters::fix` for
//! the files lint reads, then writes them (atomically, refusing files changed meanwhile) or shows
//! them as a unified diff.

use crate::args::LintArgs;
use adapters::fix::FileFixes;
use adapters::Context;
use std::path::{Path, PathBuf};

/// The fixes of every file under `a.paths`, one entry per file.
pub fn plan(a: &LintArgs) -> anyhow::Result<Vec<FileFixes>> {
    let convention = match &a.source.convention {
        Some(c) => hook_ir::Convention::parse(c),
        None => None,
    };
    let home = match &a.source.home {
        Some(h) => Some(super::discover::absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let default = [PathBuf::from(".")];
    let paths = if a.paths.is_empty() {
        &default[..]
    } else {
        &a.paths[..]
    };
    let mut all: Vec<FileFixes> = Vec::new();
    for p in paths {
        let p = super::discover::absolute(p)?;
        let project = if p.is_dir() {
            Some(p.clone())
        } else {
            p.parent().map(Path::to_path_buf)
        };
        let ctx = Context::from_process(project, home.clone(), !a.source.no_env);
        let found = if p.is_dir() {
            adapters::discover(&ctx)
        } else {
            adapters::load_file(&ctx, &p, convention)
        };
        for f in adapters::fix::plan(&ctx, &found, a.unsafe_fixes) {
            if !all.iter().any(|g| g.change.path == f.change.path) {
                all.push(f);
            }
        }
    }
    Ok(all)
}

/// The unified diff of each planned file.
pub fn diff(fixes: &[FileFixes]) -> String {
    let mut out = String::new();
    for f in fixes {
        let before = f.change.before.as_deref().unwrap_or("");
        let d = similar::TextDiff::from_lines(before, &f.change.after);
        out.push_str(
            &d.unified_diff()
                .context_radius(3)
                .header(
                    &format!("a/{}", f.change.display),
                    &format!("b/{}", f.change.display),
                )
                .to_string(),
        );
    }
    out
}

/// Writes the planned files; returns the number of problems fixed.
pub fn write(fixes: &[FileFixes]) -> anyhow::Result<usize> {
    let plan = adapters::write::Plan {
        changes: fixes.iter().map(|f| f.change.clone()).collect(),
        diagnostics: Vec::new(),
    };
    adapters::write::apply(&plan)?;
    Ok(fixes.iter().map(|f| f.fixed.len()).sum())
}
