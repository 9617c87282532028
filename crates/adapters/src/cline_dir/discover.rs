//! Finding every hook file Cline CLI 3.0.65 runs (`listHookConfigFiles`,
//! `hook-file-config.ts:80`; conformance/notes/cline.md "Discovery"):
//! 1. `~/Documents/Cline/Hooks/` (user);
//! 2. `$CLINE_DIR/hooks/`, default `~/.cline/hooks/` (user);
//! 3. `<workspace>/.clinerules/hooks/` (project);
//! 4. `<workspace>/.cline/hooks/` (project).
//!
//! A hook is a regular file (a symlink is not one) directly in one of them whose name is an
//! event's, case-insensitively, with an optional known extension. Paths are deduplicated and
//! every hook of every folder runs in full-path order, not by folder (trace
//! `cline_order_by_path_not_layer`). No trust step and no executable bit (every recorded hook
//! was mode 0644). Cline skips everything else silently; we say so for what looks like a hook.

use super::lower::{self, EVENT_FILES};
use crate::modules::entries::MAX_MODULE_BYTES;
use crate::{Context, Output, SourceFile};
use hook_ir::contract::limits::cline as lim;
use hook_ir::contract::{self, Mapping};
use hook_ir::{quote, Code, Convention, Diagnostic, Exec, Handler, Hook, Location, Matcher, Scope};
use std::path::{Path, PathBuf};

const CL: Convention = Convention::ClineDir;

/// Cline's user directory: `$CLINE_DIR` when set (and the environment applies), else
/// `<home>/.cline`.
pub fn user_dir(ctx: &Context) -> Option<PathBuf> {
    if ctx.apply_env_overrides {
        if let Some(d) = ctx.var(lim::HOME_ENV).filter(|v| !v.is_empty()) {
            return Some(PathBuf::from(d));
        }
    }
    ctx.home.as_ref().map(|h| h.join(lim::USER_DIR))
}

/// The four hook folders in Cline's search order, each with its layer and project root.
pub fn folders(ctx: &Context) -> Vec<(PathBuf, Scope, Option<PathBuf>)> {
    let mut dirs = Vec::new();
    if let Some(h) = &ctx.home {
        dirs.push((h.join(lim::DOCUMENTS_DIR), Scope::User, None));
    }
    if let Some(u) = user_dir(ctx) {
        dirs.push((u.join(lim::HOOKS_SUBDIR), Scope::User, None));
    }
    if let Some(p) = &ctx.project {
        let scope = ctx.project_scope(Scope::Project);
        for d in lim::PROJECT_DIRS {
            dirs.push((p.join(d), scope, Some(p.clone())));
        }
    }
    // A folder reached twice (a project at the home dir whose `.cline/hooks` is the user's)
    // is read once, in its first layer.
    let mut seen: Vec<PathBuf> = Vec::new();
    dirs.retain(|(d, _, _)| {
        let key = std::fs::canonicalize(d).unwrap_or_else(|_| d.clone());
        if seen.contains(&key) {
            return false;
        }
        seen.push(key);
        true
    });
    dirs
}

/// Discovers every layer, leaving the hooks in the order Cline runs them.
pub fn discover(ctx: &Context, out: &mut Output) {
    let start = out.hooks.len();
    let mut paths: Vec<PathBuf> = Vec::new();
    for (dir, scope, root) in folders(ctx) {
        if crate::run_cache::absent(ctx, &dir) {
            continue;
        }
        out.layer(scope, root.as_deref(), |out| {
            read_dir(ctx, &dir, out, &mut paths)
        });
    }
    // Every file of every folder in full-path order (`localeCompare`), as Cline runs them.
    let mut found: Vec<(PathBuf, Hook)> = paths.into_iter().zip(out.hooks.drain(start..)).collect();
    found.sort_by(|a, b| lower::locale_cmp(&a.0.to_string_lossy(), &b.0.to_string_lossy()));
    out.hooks.extend(found.into_iter().map(|(_, h)| h));
}

fn diag(ctx: &Context, code: Code, path: &Path, msg: String) -> Diagnostic {
    Diagnostic::new(code, msg)
        .with_convention(CL)
        .at(Location::path_only(ctx.display(path)))
}

/// Reads one folder: each hook file becomes a hook (its path pushed to `paths` alongside).
fn read_dir(ctx: &Context, dir: &Path, out: &mut Output, paths: &mut Vec<PathBuf>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            let msg = if dir.is_file() {
                "expected Cline's hook folder, found a file: Cline reads no hook here".to_string()
            } else {
                format!("the hook folder cannot be read ({e}): Cline skips it silently, so none of its hooks run")
            };
            out.diag(diag(ctx, Code::UnreadableSource, dir, msg));
            return;
        }
    };
    let mut names: Vec<std::ffi::OsString> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    names.sort();
    for os_name in names {
        let path = dir.join(&os_name);
        let name = os_name.to_string_lossy();
        read_file(ctx, &path, &name, out, paths);
    }
}

/// Reads one entry of a hook folder (or a file named explicitly): a hook, a carried hook of an
/// event outside the six kinds, or a coded diagnostic. An accepted hook's absolute path is
/// pushed to `paths` (the run order is sorted on it).
pub fn read_file(
    ctx: &Context,
    path: &Path,
    name: &str,
    out: &mut Output,
    paths: &mut Vec<PathBuf>,
) {
    let path = path.to_path_buf();
    {
        let Some(event) = lower::event_of(name) else {
            unrecognized(ctx, &path, name, out);
            return;
        };
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            return;
        };
        if !meta.is_file() {
            let what = if meta.file_type().is_symlink() {
                "a symlink: Cline runs only regular files (a symlink is not one), so this hook never runs"
            } else if meta.is_dir() {
                "a directory: Cline runs only the regular files directly in its hook folders"
            } else {
                "not a regular file: Cline never runs it"
            };
            out.diag(diag(
                ctx,
                Code::InvalidSource,
                &path,
                format!("{}: {what}", quote(name)),
            ));
            return;
        }
        if meta.len() > MAX_MODULE_BYTES {
            out.diag(diag(
                ctx,
                Code::InvalidSource,
                &path,
                format!(
                    "{} bytes, over the {MAX_MODULE_BYTES}-byte limit for a hook file; not read",
                    meta.len()
                ),
            ));
            return;
        }
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                out.diag(diag(
                    ctx,
                    Code::UnreadableSource,
                    &path,
                    format!("cannot be read: {e}"),
                ));
                return;
            }
        };
        let display = ctx.display(&path);
        out.sources.push(SourceFile {
            convention: CL,
            path: path.clone(),
            display: display.clone(),
            text: Some(text.clone()),
            scope: Scope::default(),
            root: None,
            readers: Vec::new(),
        });
        let Some(row) = contract::find(CL, event) else {
            return;
        };
        let abs = if path.is_absolute() {
            path.clone()
        } else {
            std::env::current_dir()
                .map(|c| c.join(&path))
                .unwrap_or_else(|_| path.clone())
        };
        let argv = lower::interpreter(name, &text);
        let hook = |kind| Hook {
            plugin_root: None,
            source_file: None,
            id: format!("{CL}:{display}"),
            kind,
            convention: CL,
            source_event: event.to_string(),
            matcher: Matcher::Any,
            handler: Handler::Command {
                command: lower::bridge_command(&text)
                    .unwrap_or_else(|| lower::command(&argv, &abs.to_string_lossy())),
                exec: Exec::Direct,
            },
            timeout_ms: row.rules().and_then(|r| r.timeout.default_ms()),
            location: Location::path_only(display.clone()),
            scope: Scope::default(),
            detail: hook_ir::Detail::None,
        };
        match row.mapping {
            Mapping::Accepted { kind, .. } => {
                paths.push(abs.clone());
                out.hooks.push(hook(kind));
            }
            Mapping::Rejected { code } => {
                let msg = if event == "PreCompact" {
                    format!("{}: `PreCompact` is a Cline hook file name with no event behind it in Cline CLI 3.0.65: this hook never runs", quote(name))
                } else {
                    format!("{}: `{event}` is a valid Cline event outside the six hook kinds (it did not fire in a headless run); the runner does not run it", quote(name))
                };
                out.diag(diag(ctx, code, &path, msg));
                out.outside
                    .push(hook(contract::native::nominal_kind(row.matched)));
            }
        }
    }
}

/// A file Cline skips: said when its name is close to an event's (a misspelling, another case
/// of separator, an extension Cline does not read), silent otherwise (a README).
fn unrecognized(ctx: &Context, path: &Path, name: &str, out: &mut Output) {
    if name.starts_with('.') {
        return;
    }
    let stem = lower::stem(name);
    let squashed: String = stem
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .collect();
    let suggestion = contract::suggest(&squashed, EVENT_FILES.into_iter());
    let Some(s) = suggestion else { return };
    let ext = lower::extname(name);
    let exact_stem = s.eq_ignore_ascii_case(stem);
    let msg = if exact_stem {
        format!(
            "{}: Cline reads a hook file only with no extension or one of {}; it ignores this one silently",
            quote(name),
            lim::EXTENSIONS[1..].join(" ")
        )
    } else {
        format!(
            "{}: `{stem}` is not a Cline hook event; Cline ignores this file silently, so it never runs",
            quote(name)
        )
    };
    let help = if exact_stem {
        format!("rename it `{s}` (interpreter from its shebang, else bash) or `{s}.sh`")
    } else if ext.is_empty() || lim::EXTENSIONS.contains(&ext.as_str()) {
        format!("did you mean `{s}{ext}`? Names are case-insensitive")
    } else {
        format!("did you mean `{s}`?")
    };
    out.diag(diag(ctx, Code::UnknownEvent, path, msg).with_help(help));
}
