//! Finding and reading the files (the list is in the module docs of `claude_settings`).

use super::lower;
use crate::read_limit::{read_bounded, read_text, Missing, MAX_CONFIG_BYTES};
use crate::{Context, Output};
use hook_ir::Scope;
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::{Path, PathBuf};

/// How deep under `~/.claude/plugins/cache` a plugin's `hooks/hooks.json` may be:
/// `<marketplace>/<plugin>/<version>/hooks/hooks.json` is 5 levels, one spare for layouts
/// without a version directory or with one more.
const PLUGIN_CACHE_DEPTH: usize = 6;

pub(super) fn discover(ctx: &Context, out: &mut Output) {
    // Each file with the layer it is read as, and the directory its hooks belong to.
    let mut files: Vec<(PathBuf, Scope, Option<PathBuf>)> = Vec::new();
    let user = ctx.home.as_ref().map(|h| h.join(".claude/settings.json"));
    if let Some(u) = &user {
        files.push((u.clone(), Scope::User, None));
    }
    if let Some(p) = &ctx.project {
        for (name, scope) in [
            ("settings.json", Scope::Project),
            ("settings.local.json", Scope::Personal),
        ] {
            let f = p.join(".claude").join(name);
            // A project at the home dir: its settings.json *is* the user settings.
            if Some(&f) != user.as_ref() {
                files.push((f, ctx.project_scope(scope), Some(p.clone())));
            }
        }
    }
    if let Some(plugins) = ctx.home.as_ref().map(|h| h.join(".claude/plugins")) {
        if !crate::run_cache::absent(ctx, &plugins) {
            files.extend(plugin_hook_files(&plugins).into_iter().map(|f| {
                // `<root>/hooks/hooks.json`: `${CLAUDE_PLUGIN_ROOT}` is `<root>`.
                let root = f.parent().and_then(Path::parent).map(Path::to_path_buf);
                (f, Scope::Plugin, root)
            }));
        }
    }
    let start = (out.hooks.len(), out.outside.len());
    let mut switch = None;
    for (f, scope, root) in files {
        if crate::run_cache::absent(ctx, &f) {
            continue;
        }
        // One `stat` tells a file from a directory from nothing.
        let Ok(meta) = std::fs::metadata(&f) else {
            continue;
        };
        if meta.is_file() {
            // The settings files merge in this order (user, project, local); the last one
            // that writes `disableAllHooks` decides (recorded:
            // `claude_disable_all_hooks_overridden`). Plugins write none.
            if let Some(s) = out.layer(scope, root.as_deref(), |out| read_and_lower(ctx, &f, out)) {
                switch = Some(s);
            }
        } else {
            out.diag(
                Diagnostic::new(
                    Code::InvalidSource,
                    "expected a file here, found a directory",
                )
                .with_convention(Convention::ClaudeSettings)
                .at(Location::path_only(ctx.display(&f))),
            );
        }
    }
    apply_switch(out, start, switch);
}

/// With `disableAllHooks: true` in force Claude Code 2.1.332 runs no hook at all, from any
/// settings file (recorded: `claude_disable_all_hooks_project`, `claude_disable_all_hooks_user`):
/// the hooks read since `start` are reported and left out of the batch.
pub(super) fn apply_switch(
    out: &mut Output,
    start: (usize, usize),
    switch: Option<(bool, Location)>,
) {
    let Some((true, at)) = switch else {
        return;
    };
    let n = out.hooks.len() - start.0 + out.outside.len() - start.1;
    let d = Diagnostic::new(
        Code::HooksDisabled,
        format!("`disableAllHooks` is true: Claude Code runs no hooks, from this file or any other ({n} left out)"),
    )
    .with_convention(Convention::ClaudeSettings)
    .at(at)
    .with_help("remove it, or set it to false, when the hooks should run");
    let off: Vec<_> = out
        .hooks
        .drain(start.0..)
        .chain(out.outside.drain(start.1..))
        .map(|h| (h, d.clone()))
        .collect();
    out.never_run.extend(off);
    out.diag(d);
}

/// Every `hooks/hooks.json` of an installed plugin, in sorted path order.
///
/// The install paths recorded in `plugins/installed_plugins.json` (every `installPath` string
/// in it, whatever the file's version) are used when the file exists and names existing
/// directories. Otherwise the cache is walked, and of several version directories of one
/// plugin only the newest (natural order: `1.10.0` > `1.9.0`) is read, as only one is loaded.
fn plugin_hook_files(plugins: &Path) -> Vec<PathBuf> {
    let installed = installed_paths(&plugins.join("installed_plugins.json"));
    let roots: Vec<PathBuf> = if installed.is_empty() {
        newest_versions(cached_roots(&plugins.join("cache")))
    } else {
        installed
    };
    let mut files: Vec<PathBuf> = roots
        .into_iter()
        .map(|r| r.join("hooks/hooks.json"))
        .filter(|f| f.is_file())
        .collect();
    files.sort();
    files.dedup();
    files
}

fn installed_paths(registry: &Path) -> Vec<PathBuf> {
    fn collect(v: &serde_json::Value, out: &mut Vec<PathBuf>) {
        match v {
            serde_json::Value::Object(o) => {
                for (k, v) in o {
                    match (k.as_str(), v) {
                        ("installPath", serde_json::Value::String(p)) => out.push(PathBuf::from(p)),
                        _ => collect(v, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| collect(v, out)),
            _ => {}
        }
    }
    let Some(v) = read_bounded(registry, MAX_CONFIG_BYTES)
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    collect(&v, &mut out);
    out.retain(|p| p.is_dir());
    out
}

/// Plugin roots in the cache: directories holding a `hooks/hooks.json`.
fn cached_roots(cache: &Path) -> Vec<PathBuf> {
    if !cache.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(cache)
        .max_depth(PLUGIN_CACHE_DEPTH)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_type().is_file()
                && e.file_name() == "hooks.json"
                && e.path().parent().and_then(|p| p.file_name()) == Some("hooks".as_ref())
        })
        .filter_map(|e| e.path().parent()?.parent().map(Path::to_path_buf))
        .collect()
}

/// Keeps the newest of sibling version directories (names starting with a digit); other
/// roots are kept as they are.
fn newest_versions(roots: Vec<PathBuf>) -> Vec<PathBuf> {
    let is_version = |p: &Path| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
    };
    let mut out: Vec<PathBuf> = Vec::new();
    for r in roots {
        if !is_version(&r) {
            out.push(r);
            continue;
        }
        match out
            .iter_mut()
            .find(|o| is_version(o) && o.parent() == r.parent())
        {
            Some(o) if natural_key(&r) > natural_key(o) => *o = r,
            Some(_) => {}
            None => out.push(r),
        }
    }
    out
}

/// `1.10.0-beta` → `[(1, ""), (10, ""), (0, "-beta")]`: numeric runs compare as numbers.
fn natural_key(p: &Path) -> Vec<(u64, String)> {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.split('.')
        .map(|part| {
            let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
            (
                digits.parse().unwrap_or(0),
                part[digits.len()..].to_string(),
            )
        })
        .collect()
}

/// Reads one file ([`read_text`]) and lowers it; unreadable or oversized files become
/// diagnostics.
/// Returns the file's `disableAllHooks`, when it is a boolean.
pub(super) fn read_and_lower(
    ctx: &Context,
    path: &Path,
    out: &mut Output,
) -> Option<(bool, Location)> {
    let (display, text) = read_text(
        ctx,
        Convention::ClaudeSettings,
        path,
        MAX_CONFIG_BYTES,
        Missing::Report,
        "JSON",
        out,
    )?;
    lower_text(ctx, path, &display, &text, out)
}

/// Lowers `text` as the settings file at `path` (also a writer's planned text).
pub(super) fn lower_text(
    ctx: &Context,
    path: &Path,
    display: &str,
    text: &str,
    out: &mut Output,
) -> Option<(bool, Location)> {
    let (scope, _) = super::Scope::of(path, ctx.home.as_deref());
    lower::lower_file(display, text, &scope, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_version_of_a_plugin_is_read() {
        let roots = vec![
            PathBuf::from("/c/m/fmt/1.10.0"),
            PathBuf::from("/c/m/fmt/1.9.0"),
            PathBuf::from("/c/m/lint/0.1.0"),
            PathBuf::from("/c/m/noversion"),
        ];
        assert_eq!(
            newest_versions(roots),
            [
                PathBuf::from("/c/m/fmt/1.10.0"),
                PathBuf::from("/c/m/lint/0.1.0"),
                PathBuf::from("/c/m/noversion"),
            ]
        );
    }
}
