//! Listing a hook directory safely: every entry becomes a readable UTF-8 module file or a coded
//! diagnostic, never a crash. Shared by the GJC, Claude and Codex directory adapters.

use crate::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::{Path, PathBuf};

/// Module files larger than this are refused (`invalid_source`) instead of read: a hook module
/// is a few kilobytes, and a linter must not load a multi-gigabyte file into memory.
pub const MAX_MODULE_BYTES: u64 = 1024 * 1024;

/// A regular, readable, UTF-8 file found in a hook directory.
#[derive(Debug, Clone)]
pub struct ModuleFile {
    /// The file name (UTF-8, not starting with `.`).
    pub name: String,
    /// The path as listed (inside the hook directory).
    pub path: PathBuf,
    /// Its real path (symlinks resolved), absolute.
    pub real_path: PathBuf,
    /// Its display path.
    pub display: String,
    /// Its text.
    pub text: String,
    /// Its Unix permission bits (to keep an executable bit when copied).
    pub mode: Option<u32>,
}

fn unreadable_dir(
    ctx: &Context,
    convention: Convention,
    dir: &Path,
    e: &std::io::Error,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnreadableSource,
        format!("the hook directory cannot be read: {e}"),
    )
    .with_convention(convention)
    .at(Location::path_only(ctx.display(dir)))
}

fn invalid(ctx: &Context, convention: Convention, path: &Path, msg: String) -> Diagnostic {
    Diagnostic::new(Code::InvalidSource, msg)
        .with_convention(convention)
        .at(Location::path_only(ctx.display(path)))
}

/// Whether `root` is known not to exist: then neither `pre/` nor `post/` under it does, and one
/// `stat` answers for both (discovery asks every project for three such directories).
pub(crate) fn missing(root: &Path) -> bool {
    matches!(std::fs::metadata(root), Err(e) if e.kind() == std::io::ErrorKind::NotFound)
}

/// Visits the files of `dir` in name order, calling `on_file` for each usable module and
/// reporting every other entry as a diagnostic at its place in that order (so diagnostics stay
/// in source order). `root` is the hooks directory a symlink must stay in. Dot files are
/// skipped (the agents skip them). A missing `dir` yields nothing.
pub fn list(
    ctx: &Context,
    convention: Convention,
    dir: &Path,
    root: &Path,
    out: &mut Output,
    mut on_file: impl FnMut(ModuleFile, &mut Output),
) {
    let meta = match std::fs::metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            out.diag(unreadable_dir(ctx, convention, dir, &e));
            return;
        }
    };
    if !meta.is_dir() {
        out.diag(invalid(
            ctx,
            convention,
            dir,
            "expected a directory of hook modules, found a file".into(),
        ));
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            out.diag(unreadable_dir(ctx, convention, dir, &e));
            return;
        }
    };
    let mut names: Vec<std::ffi::OsString> = Vec::new();
    for e in entries {
        match e {
            Ok(e) => names.push(e.file_name()),
            // An entry that cannot be listed is said, not skipped in silence.
            Err(e) => out.diag(unreadable_dir(ctx, convention, dir, &e)),
        }
    }
    names.sort();
    let root_real = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    // Resolved once: a regular entry's real path is the real dir plus its name, which saves a
    // `realpath` (one syscall per path component) per file.
    let dir_real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    for os_name in names {
        let path = dir.join(&os_name);
        let Some(name) = os_name.to_str() else {
            out.diag(invalid(
                ctx,
                convention,
                &path,
                "the file name is not valid UTF-8; GJC cannot name a tool after it".into(),
            ));
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        if let Some(f) = check_entry(ctx, convention, &path, name, (&root_real, &dir_real), out) {
            on_file(f, out);
        }
    }
}

fn check_entry(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    name: &str,
    (root_real, dir_real): (&Path, &Path),
    out: &mut Output,
) -> Option<ModuleFile> {
    let bad = |out: &mut Output, msg: String| out.diag(invalid(ctx, convention, path, msg));
    let lmeta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) => {
            bad(out, format!("cannot be inspected: {e}"));
            return None;
        }
    };
    let is_link = lmeta.file_type().is_symlink();
    let (real_path, meta) = if is_link {
        let real = match std::fs::canonicalize(path) {
            Ok(p) => p,
            Err(e) => {
                bad(
                    out,
                    format!("the symlink cannot be resolved (dangling, or a loop): {e}"),
                );
                return None;
            }
        };
        if !real.starts_with(root_real) {
            bad(
                out,
                format!(
                    "the symlink leaves the hooks directory (it resolves to {})",
                    real.display()
                ),
            );
            return None;
        }
        match std::fs::metadata(&real) {
            Ok(m) => (real, m),
            Err(e) => {
                bad(out, format!("cannot be inspected: {e}"));
                return None;
            }
        }
    } else {
        (dir_real.join(name), lmeta)
    };
    if meta.is_dir() {
        bad(
            out,
            "a directory: hook modules are the files directly in the folder (subdirectories are not read)".into(),
        );
        return None;
    }
    if !meta.is_file() {
        bad(out, "not a regular file".into());
        return None;
    }
    if meta.len() > MAX_MODULE_BYTES {
        bad(
            out,
            format!(
                "{} bytes, over the {MAX_MODULE_BYTES}-byte limit for a hook module; not read",
                meta.len()
            ),
        );
        return None;
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            bad(out, format!("cannot be read: {e}"));
            return None;
        }
    };
    if bytes.contains(&0) {
        bad(
            out,
            "a binary file (it contains NUL bytes), not a module".into(),
        );
        return None;
    }
    let Ok(text) = String::from_utf8(bytes) else {
        bad(
            out,
            "not UTF-8 text, so not a JavaScript/TypeScript module".into(),
        );
        return None;
    };
    let display = ctx.display(path);
    out.sources.push(SourceFile {
        convention,
        path: path.to_path_buf(),
        display: display.clone(),
        text: Some(text.clone()),
        scope: hook_ir::Scope::default(),
        root: None,
        readers: Vec::new(),
    });
    Some(ModuleFile {
        name: name.to_string(),
        path: path.to_path_buf(),
        real_path,
        display,
        text,
        mode: mode_of(&meta),
    })
}

#[cfg(unix)]
fn mode_of(meta: &std::fs::Metadata) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    Some(meta.permissions().mode() & 0o777)
}

#[cfg(not(unix))]
fn mode_of(_meta: &std::fs::Metadata) -> Option<u32> {
    None
}
