//! Finding and reading the files (the list is in the module docs of `claude_settings`).

use super::{lower, Scope};
use crate::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::{Path, PathBuf};

/// How deep under `~/.claude/plugins/cache` a plugin's `hooks/hooks.json` may be:
/// `<marketplace>/<plugin>/<version>/hooks/hooks.json` is 5 levels, one spare for layouts
/// without a version directory or with one more.
const PLUGIN_CACHE_DEPTH: usize = 6;

pub(super) fn discover(ctx: &Context, out: &mut Output) {
    let mut files: Vec<PathBuf> = Vec::new();
    let user = ctx.home.as_ref().map(|h| h.join(".claude/settings.json"));
    if let Some(u) = &user {
        files.push(u.clone());
    }
    if let Some(p) = &ctx.project {
        for name in ["settings.json", "settings.local.json"] {
            let f = p.join(".claude").join(name);
            // A project at the home dir: its settings.json *is* the user settings.
            if Some(&f) != user.as_ref() {
                files.push(f);
            }
        }
    }
    if let Some(h) = &ctx.home {
        files.extend(plugin_hook_files(&h.join(".claude/plugins/cache")));
    }
    for f in files {
        if f.is_file() {
            read_and_lower(ctx, &f, out);
        } else if f.exists() {
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
}

/// Every `hooks/hooks.json` of an installed plugin, in sorted path order.
fn plugin_hook_files(cache: &Path) -> Vec<PathBuf> {
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
        .map(|e| e.into_path())
        .collect()
}

/// Reads one file and lowers it; unreadable files become diagnostics.
pub(super) fn read_and_lower(ctx: &Context, path: &Path, out: &mut Output) {
    let display = ctx.display(path);
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            out.diag(
                Diagnostic::new(Code::UnreadableSource, format!("cannot read the file: {e}"))
                    .with_convention(Convention::ClaudeSettings)
                    .at(Location::path_only(display)),
            );
            return;
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            out.diag(
                Diagnostic::new(
                    Code::ParseError,
                    "the file is not valid UTF-8, so it is not JSON",
                )
                .with_convention(Convention::ClaudeSettings)
                .at(Location::at_span(display.clone(), &lossy, at, at + 1)),
            );
            out.sources.push(SourceFile {
                convention: Convention::ClaudeSettings,
                path: path.to_path_buf(),
                display,
                text: None,
            });
            return;
        }
    };
    let (scope, project) = Scope::of(path, ctx.home.as_deref());
    let project = project.or_else(|| ctx.project.clone());
    lower::lower_file(ctx, &display, &text, &scope, project.as_deref(), out);
    out.sources.push(SourceFile {
        convention: Convention::ClaudeSettings,
        path: path.to_path_buf(),
        display,
        text: Some(text),
    });
}
