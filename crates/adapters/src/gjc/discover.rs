//! Where GJC's directory modules live, and the batch dedupe on (kind, event, tool, source).

use super::entries;
use super::lower::{lower_module, Phase};
use crate::{Context, Output};
use hook_ir::{Code, Convention, Detail, Diagnostic, Hook, Location, Scope};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The project hooks directory, relative to the project root.
pub const PROJECT_DIR: &str = ".gjc/hooks";
/// The user hooks directory GJC's code reads, relative to the home dir.
pub const USER_CODE_DIR: &str = ".gjc/agent/hooks";
/// The user hooks directory GJC's docs (the seed) name, relative to the home dir.
pub const USER_DOCS_DIR: &str = ".gjc/hooks";

/// Discovers the project and user hooks directories.
pub fn discover(ctx: &Context, out: &mut Output) {
    let mut seen = HashSet::new();
    if let Some(project) = &ctx.project {
        let scope = ctx.project_scope(Scope::Project);
        out.layer(scope, Some(project), |out| {
            scan_root(ctx, &project.join(PROJECT_DIR), out, &mut seen);
        });
    }
    let Some(home) = &ctx.home else { return };
    out.layer(Scope::User, None, |out| {
        user_dirs(ctx, home, out, &mut seen)
    });
}

/// The user hooks directories under `home`: the one GJC's code reads and the one its docs name.
fn user_dirs(ctx: &Context, home: &Path, out: &mut Output, seen: &mut HashSet<Key>) {
    let code_dir = home.join(USER_CODE_DIR);
    let docs_dir = home.join(USER_DOCS_DIR);
    let dir = |d: &Path| !crate::run_cache::absent(ctx, d) && d.is_dir();
    let code_found = dir(&code_dir);
    let docs_found = dir(&docs_dir);
    if code_found {
        out.diag(found(
            ctx,
            &code_dir,
            format!(
                "found `{}`, the user hooks directory GJC's code reads",
                ctx.display(&code_dir)
            ),
        ));
        scan_root(ctx, &code_dir, out, seen);
    }
    if docs_found {
        let msg = if code_found {
            format!(
                "also found `{}`, the directory GJC's docs name; GJC's code reads `{}`, so the modules here are not loaded by GJC",
                ctx.display(&docs_dir),
                ctx.display(&code_dir)
            )
        } else {
            format!(
                "found only `{}`, the directory GJC's docs name; GJC's code reads `{}`: move the modules there for GJC to load them",
                ctx.display(&docs_dir),
                ctx.display(&code_dir)
            )
        };
        out.diag(found(ctx, &docs_dir, msg));
        scan_root(ctx, &docs_dir, out, seen);
    }
}

fn found(ctx: &Context, dir: &Path, msg: String) -> Diagnostic {
    Diagnostic::new(Code::UserHooksDir, msg)
        .with_convention(Convention::Gjc)
        .at(Location::path_only(ctx.display(dir)))
}

type Key = (hook_ir::Kind, String, Option<String>, PathBuf);

/// Reads `root/{pre,post}/`, lowering every module and keeping the first of identical
/// (kind, event, tool, real path) hooks, as GJC's `normalizeHookBatch` does.
pub fn scan_root(ctx: &Context, root: &Path, out: &mut Output, seen: &mut HashSet<Key>) {
    if entries::missing(root) {
        return;
    }
    for phase in [Phase::Pre, Phase::Post] {
        let dir = root.join(phase.dir());
        entries::list(ctx, Convention::Gjc, &dir, root, out, |m, out| {
            for h in lower_module(&m, phase, out) {
                push_unique(h, &m.real_path, out, seen);
            }
        });
    }
}

fn push_unique(h: Hook, real: &Path, out: &mut Output, seen: &mut HashSet<Key>) {
    let tool = match &h.detail {
        Detail::Module { tool, .. } => tool.clone(),
        _ => None,
    };
    let key = (h.kind, h.source_event.clone(), tool, real.to_path_buf());
    if seen.insert(key) {
        out.hooks.push(h);
    } else {
        out.diag(
            Diagnostic::new(
                Code::DuplicateHook,
                format!(
                    "`{}` is the same module ({}) as one already found for `{}`; GJC loads it once",
                    h.location.path,
                    real.display(),
                    h.source_event
                ),
            )
            .with_convention(Convention::Gjc)
            .at(h.location),
        );
    }
}
