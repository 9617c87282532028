//! Verification of a plugin hook file immediately before it is loaded (conventions.md §3:
//! realpath both root and file, a path escaping the root is rejected, hash drift quarantines).

use hook_ir::PluginDetail;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Resolves `file` (relative paths against the plugin root) and checks it: its real path must be
/// inside the real plugin root, and its SHA-256 must equal the registry's when one is recorded.
/// Returns the real path to import.
pub(crate) fn verify_plugin_file(file: &Path, plugin: &PluginDetail) -> Result<PathBuf, String> {
    let root = std::fs::canonicalize(&plugin.root).map_err(|e| {
        format!(
            "plugin `{}`: its root {} cannot be resolved: {e}",
            plugin.plugin, plugin.root
        )
    })?;
    let lexical = if file.is_absolute() {
        file.to_path_buf()
    } else {
        Path::new(&plugin.root).join(file)
    };
    let real = std::fs::canonicalize(&lexical).map_err(|e| {
        format!(
            "plugin `{}`: hook file {} cannot be resolved: {e}",
            plugin.plugin,
            lexical.display()
        )
    })?;
    if !real.starts_with(&root) {
        return Err(format!(
            "plugin `{}`: hook file {} escapes its plugin root {} (its real path is {}); not loaded",
            plugin.plugin,
            lexical.display(),
            root.display(),
            real.display()
        ));
    }
    if let Some(expected) = &plugin.sha256 {
        let bytes = std::fs::read(&real).map_err(|e| {
            format!(
                "plugin `{}`: hook file {} cannot be read: {e}",
                plugin.plugin,
                real.display()
            )
        })?;
        let actual = hex(&Sha256::digest(&bytes));
        if !actual.eq_ignore_ascii_case(expected.trim()) {
            return Err(format!(
                "plugin `{}`: hook file {} has sha256 {actual} but registry.json records {}; not loaded (hash drift)",
                plugin.plugin,
                real.display(),
                expected.trim()
            ));
        }
    }
    Ok(real)
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(root: &Path, sha256: Option<String>) -> PluginDetail {
        PluginDetail {
            plugin: "p".into(),
            name: "h".into(),
            phase: None,
            root: root.display().to_string(),
            sha256,
        }
    }

    #[test]
    fn accepts_a_file_inside_the_root_with_the_recorded_hash() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("h.js");
        std::fs::write(&f, "x").unwrap();
        let sum = hex(&Sha256::digest(b"x"));
        let real = verify_plugin_file(&f, &detail(dir.path(), Some(sum.to_uppercase()))).unwrap();
        assert_eq!(real, std::fs::canonicalize(&f).unwrap());
        // Relative paths resolve against the root.
        assert!(verify_plugin_file(Path::new("h.js"), &detail(dir.path(), None)).is_ok());
    }

    #[test]
    fn rejects_hash_drift_and_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir(&root).unwrap();
        let inside = root.join("h.js");
        std::fs::write(&inside, "x").unwrap();
        let err = verify_plugin_file(&inside, &detail(&root, Some("00".repeat(32)))).unwrap_err();
        assert!(err.contains("hash drift"), "{err}");

        let outside = dir.path().join("evil.js");
        std::fs::write(&outside, "x").unwrap();
        let err = verify_plugin_file(Path::new("../evil.js"), &detail(&root, None)).unwrap_err();
        assert!(err.contains("escapes its plugin root"), "{err}");
        #[cfg(unix)]
        {
            let link = root.join("link.js");
            std::os::unix::fs::symlink(&outside, &link).unwrap();
            let err = verify_plugin_file(&link, &detail(&root, None)).unwrap_err();
            assert!(err.contains("escapes its plugin root"), "{err}");
        }
    }
}
