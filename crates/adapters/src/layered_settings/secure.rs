//! Gemini CLI reads a system settings file (and the system defaults) only when it and every
//! directory above it are owned by root and writable by nobody else; otherwise it skips the
//! file with a "Security Warning" (Gemini CLI 0.61.0, `packages/cli/src/config/settings.ts`
//! `loadSystemFile` → `packages/core/src/utils/security.ts` `isFileAndDirectorySecureSync`;
//! conformance `gemini_system_layer`: a file under `/tmp` is skipped).

use std::path::{Path, PathBuf};

/// Why Gemini would skip the system file `file`, or `None` when it reads it (or it is missing).
#[cfg(unix)]
pub(super) fn insecure(file: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    if !file.exists() {
        return None;
    }
    // `checkPosixStatsSecurity`: owned by uid 0, no group/other write bit; a symlink itself
    // must be owned by root too.
    let check = |p: &Path, dir: bool| -> Option<String> {
        if let Ok(l) = std::fs::symlink_metadata(p) {
            if l.file_type().is_symlink() && l.uid() != 0 {
                return Some(format!("symlink `{}` is not owned by root", p.display()));
            }
        }
        let m = match std::fs::metadata(p) {
            Ok(m) => m,
            Err(e) => return Some(format!("`{}` cannot be checked: {e}", p.display())),
        };
        if dir != m.is_dir() {
            return Some(format!(
                "`{}` is not a {}",
                p.display(),
                if dir { "directory" } else { "file" }
            ));
        }
        if m.uid() != 0 {
            return Some(format!(
                "`{}` is not owned by root (uid {})",
                p.display(),
                m.uid()
            ));
        }
        if m.mode() & 0o022 != 0 {
            return Some(format!(
                "`{}` is writable by group or others (mode {:o})",
                p.display(),
                m.mode() & 0o7777
            ));
        }
        None
    };
    let ancestors = |f: &Path| -> Vec<PathBuf> {
        f.parent()
            .map(|p| p.ancestors().map(Path::to_path_buf).collect())
            .unwrap_or_default()
    };
    let mut paths: Vec<(PathBuf, bool)> = ancestors(&file).into_iter().map(|a| (a, true)).collect();
    paths.push((file.clone(), false));
    // A symlinked file is checked where it really is as well.
    if let Ok(real) = std::fs::canonicalize(&file) {
        if real != file {
            paths.push((real.clone(), false));
            paths.extend(ancestors(&real).into_iter().map(|a| (a, true)));
        }
    }
    paths.iter().find_map(|(p, dir)| check(p, *dir))
}

/// Elsewhere Gemini checks ACLs this crate does not read: the file is taken as read.
#[cfg(not(unix))]
pub(super) fn insecure(_file: &Path) -> Option<String> {
    None
}
