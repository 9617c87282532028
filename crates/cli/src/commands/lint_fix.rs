//! `hooks lint --fix`, `--unsafe-fixes` and `--diff`: plans the fixes of `hooks_rules::fix` for
//! the files lint reads, then writes them (atomically, refusing files changed meanwhile) or shows
//! them as a unified diff.

use crate::args::LintArgs;
use hooks_rules::fix::FileFixes;

/// The fixes of every file under `a.paths`, one entry per file; only of the diagnostics each
/// root's lint configuration reports.
pub fn plan(a: &LintArgs) -> anyhow::Result<Vec<FileFixes>> {
    let configs = std::cell::RefCell::new(super::configured::Configs::new(&a.config)?);
    let mut all: Vec<FileFixes> = Vec::new();
    let excluded = |ctx: &adapters::Context, root: &std::path::Path| {
        configs.borrow_mut().exclude_fn(ctx, root)
    };
    super::discover::discover_each(
        &a.paths,
        &a.source,
        super::discover::PathsFrom::Cwd,
        (!a.no_recurse).then_some(super::discover::Walk {
            excluded: &excluded,
        }),
        |root, ctx, found| {
            let mut configs = configs.borrow_mut();
            let policy = configs.policy(ctx, root);
            let reported = |d: &hook_ir::Diagnostic| policy.reports(ctx, d);
            for f in hooks_rules::fix::plan_where(ctx, found, a.unsafe_fixes, &reported) {
                if !all.iter().any(|g| g.change.path == f.change.path) {
                    all.push(f);
                }
            }
            Ok(())
        },
    )?;
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
