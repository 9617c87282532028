//! Path confinement and hashing of plugin files, as GJC's loader does it: both the plugin root
//! and the file are resolved to real paths and the file must stay under the root.

use hook_ir::Code;
use sha2::{Digest, Sha256};
use std::path::{Component, Path, PathBuf};

/// Why a plugin path is refused: the code and a message.
pub type Refusal = (Code, String);

/// Resolves `rel` under `root`: absolute paths, `..` components and symlinks whose real path
/// leaves the root's real path are refused (`path_escapes_root`); a missing file is
/// `invalid_source`.
pub fn confine(root: &Path, rel: &str) -> Result<PathBuf, Refusal> {
    if rel.trim().is_empty() {
        return Err((Code::InvalidPluginManifest, "`path` is empty".into()));
    }
    let p = Path::new(rel);
    if p.is_absolute() || rel.starts_with(['/', '\\']) || p.has_root() {
        return Err((
            Code::PathEscapesRoot,
            format!("`{rel}` is absolute; plugin paths are relative to the plugin root"),
        ));
    }
    if p.components().any(|c| matches!(c, Component::ParentDir))
        || rel.split('\\').any(|s| s == "..")
    {
        return Err((
            Code::PathEscapesRoot,
            format!("`{rel}` uses `..`; plugin files must stay inside the plugin root"),
        ));
    }
    let real_root = std::fs::canonicalize(root).map_err(|e| {
        (
            Code::InvalidSource,
            format!("the plugin root cannot be resolved: {e}"),
        )
    })?;
    let real = std::fs::canonicalize(root.join(p)).map_err(|e| {
        (
            Code::InvalidSource,
            format!("`{rel}` cannot be resolved (missing, dangling or a loop): {e}"),
        )
    })?;
    if !real.starts_with(&real_root) {
        return Err((
            Code::PathEscapesRoot,
            format!(
                "`{rel}` resolves to {}, outside the plugin root {}",
                real.display(),
                real_root.display()
            ),
        ));
    }
    if !real.is_file() {
        return Err((
            Code::InvalidSource,
            format!("`{rel}` is not a regular file"),
        ));
    }
    Ok(real)
}

/// Lowercase hex SHA-256 of a file, streamed (no size limit, constant memory).
pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    std::io::copy(&mut f, &mut h)?;
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_like_sha256sum() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("a");
        std::fs::write(&f, "abc").unwrap();
        assert_eq!(
            sha256_file(&f).unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn refuses_escapes() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("ok.js"), "").unwrap();
        assert!(confine(d.path(), "ok.js").is_ok());
        for bad in ["/etc/passwd", "../x.js", "a/../../x.js", "..\\x.js"] {
            assert_eq!(
                confine(d.path(), bad).unwrap_err().0,
                Code::PathEscapesRoot,
                "{bad}"
            );
        }
        assert_eq!(
            confine(d.path(), "missing.js").unwrap_err().0,
            Code::InvalidSource
        );
    }
}
