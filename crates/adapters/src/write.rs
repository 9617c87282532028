//! What writers produce and how a plan is applied safely.
//!
//! A writer never touches the disk: it returns a [`Plan`] (the full new text of each file it
//! would change, plus diagnostics). [`apply`] then writes each file atomically (temp file in the
//! same directory + rename), refuses to overwrite a file that changed since it was read, and is a
//! no-op for files whose new text equals the old one.

use hook_ir::Diagnostic;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One file a writer wants to create or change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// The real path.
    pub path: PathBuf,
    /// The display path.
    pub display: String,
    /// The file's text when the plan was made (`None`: the file does not exist).
    pub before: Option<String>,
    /// The text to write.
    pub after: String,
    /// Unix permission bits to set on a new file (e.g. copying an executable script), if any.
    pub mode: Option<u32>,
}

impl FileChange {
    /// Whether writing it would change nothing.
    pub fn is_noop(&self) -> bool {
        self.before.as_deref() == Some(self.after.as_str())
    }
}

/// What a writer would do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Files to create or change, in a deterministic order.
    pub changes: Vec<FileChange>,
    /// What the conversion and the writer have to say (lossy conversions, refusals, ...).
    pub diagnostics: Vec<Diagnostic>,
}

/// Why applying a plan failed.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The file changed between planning and writing.
    #[error("{0} was created or changed on disk since it was read (by another import running at the same time?); nothing was written, run again")]
    Changed(String),
    /// The file exists but the plan was made as if it did not (it could not be read as UTF-8
    /// text, or not read at all): replacing it would destroy content nobody looked at.
    #[error("{0} exists but could not be read as UTF-8 text; refusing to replace it")]
    Unreadable(String),
    /// The target exists but is not a regular file (a directory, a FIFO, a device): writing
    /// would block on it or replace it.
    #[error(
        "{0} is not a regular file (a directory, a named pipe or a device); refusing to write it"
    )]
    NotAFile(String),
    /// An I/O error. The message names the file; the cause is the error's source (printed once,
    /// after it, by error reporters that walk the chain).
    #[error("cannot write {path}")]
    Io {
        /// The display path.
        path: String,
        /// The error.
        #[source]
        source: std::io::Error,
    },
}

/// Reads a writer's target as text: `None` when it does not exist. A target that exists but is
/// not a regular file (following symlinks) is an error, never opened: opening a FIFO waits for a
/// writer forever, and a directory or a device is no config file.
pub fn read_target(path: &Path) -> std::io::Result<Option<String>> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
        Ok(m) if !m.is_file() => {
            return Err(std::io::Error::other(
                "not a regular file (a directory, a named pipe or a device)",
            ))
        }
        Ok(_) => {}
    }
    // The readers' bound: a target they would refuse to read is not merged into either.
    let max = crate::read_limit::MAX_CONFIG_BYTES;
    match crate::read_limit::read_bounded(path, max) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e)),
        Err(crate::read_limit::ReadError::Io(e)) => Err(e),
        Err(crate::read_limit::ReadError::TooLarge(len)) => Err(std::io::Error::other(
            crate::read_limit::too_large(len, max),
        )),
    }
}

/// Converts a JSON value to a jsonc-parser CST input value (key order kept), for the JSON
/// writers' format-preserving edits.
pub fn json_input(v: &serde_json::Value) -> jsonc_parser::cst::CstInputValue {
    use jsonc_parser::cst::CstInputValue as V;
    use serde_json::Value;
    match v {
        Value::Null => V::Null,
        Value::Bool(b) => V::Bool(*b),
        Value::Number(n) => V::Number(n.to_string()),
        Value::String(s) => V::String(s.clone()),
        Value::Array(a) => V::Array(a.iter().map(json_input).collect()),
        Value::Object(o) => V::Object(o.iter().map(|(k, v)| (k.clone(), json_input(v))).collect()),
    }
}

/// Writes every non-no-op change atomically. Returns the display paths written.
///
/// Every target is checked before the first one is written, so a refused plan writes nothing:
/// a file must still hold exactly the bytes the plan was made from, and a file the plan took
/// for absent must really be absent.
///
/// Two processes applying plans to the same file (two imports at once) cannot both pass the check
/// and then overwrite each other: each existing target is locked (`flock`, in path order) from
/// its check to its rename, and the one that waited then finds the file changed; a file taken for
/// absent is created without replacing one that appeared meanwhile.
pub fn apply(plan: &Plan) -> Result<Vec<String>, ApplyError> {
    let changes: Vec<&FileChange> = plan.changes.iter().filter(|c| !c.is_noop()).collect();
    for c in &changes {
        if std::fs::metadata(&c.path).is_ok_and(|m| !m.is_file()) {
            return Err(ApplyError::NotAFile(c.display.clone()));
        }
    }
    let mut to_lock: Vec<&FileChange> = changes
        .iter()
        .copied()
        .filter(|c| c.before.is_some())
        .collect();
    to_lock.sort_by(|a, b| a.path.cmp(&b.path));
    let mut _locks = Vec::with_capacity(to_lock.len());
    for c in to_lock {
        // A file that cannot be opened fails the check below.
        if let Ok(f) = std::fs::File::open(&c.path) {
            f.lock().map_err(|source| ApplyError::Io {
                path: c.display.clone(),
                source,
            })?;
            _locks.push(f);
        }
    }
    for c in &changes {
        match (std::fs::read(&c.path), &c.before) {
            (Err(e), None) if e.kind() == std::io::ErrorKind::NotFound => {}
            // Text that appeared since the plan was made: another import (or the user) created
            // it meanwhile — the same refusal as for a changed file.
            (Ok(bytes), None) if std::str::from_utf8(&bytes).is_ok() => {
                return Err(ApplyError::Changed(c.display.clone()))
            }
            (Ok(_) | Err(_), None) => return Err(ApplyError::Unreadable(c.display.clone())),
            (Ok(bytes), Some(before)) if bytes == before.as_bytes() => {}
            (Ok(_) | Err(_), Some(_)) => return Err(ApplyError::Changed(c.display.clone())),
        }
    }
    let mut written = Vec::new();
    for c in changes {
        let clobber = c.before.is_some();
        write_file(&c.path, c.after.as_bytes(), c.mode, clobber).map_err(|source| {
            if source.kind() == std::io::ErrorKind::AlreadyExists {
                ApplyError::Changed(c.display.clone())
            } else {
                ApplyError::Io {
                    path: c.display.clone(),
                    source,
                }
            }
        })?;
        written.push(c.display.clone());
    }
    Ok(written)
}

/// Writes `bytes` to `path` through a temp file in the same directory and a rename, so readers
/// see the old or the new file, never a half-written one. Creates missing parent directories.
/// When `path` is a symlink, the file it names is written and the link is kept (a rename onto
/// the link would replace it with a plain file, cutting it from the dotfiles it points into).
pub fn atomic_write(path: &Path, bytes: &[u8], mode: Option<u32>) -> std::io::Result<()> {
    write_file(path, bytes, mode, true)
}

/// [`atomic_write`]; without `clobber`, a file that exists at `path` by the time of the rename
/// is kept and the write fails with `AlreadyExists` (a hard link instead of a rename: the
/// kernel creates the name only if it is free).
fn write_file(path: &Path, bytes: &[u8], mode: Option<u32>, clobber: bool) -> std::io::Result<()> {
    let path = &follow_links(path)?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.hooks-tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let keep = std::fs::metadata(path).ok().map(|m| m.permissions().mode());
            if let Some(m) = mode.or(keep) {
                std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(m))?;
            }
        }
        if clobber {
            std::fs::rename(&tmp, path)
        } else {
            match std::fs::hard_link(&tmp, path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(e),
                // A file system without hard links: check, then rename (a small window).
                Err(_) if std::fs::symlink_metadata(path).is_ok() => {
                    Err(std::io::ErrorKind::AlreadyExists.into())
                }
                Err(_) => std::fs::rename(&tmp, path),
            }
        }
    })();
    if result.is_err() || !clobber {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// `path` with every symlink in its last component followed (a dangling link gives the path it
/// names, to be created). Only the last component: the parent directories are resolved by the
/// rename itself.
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    // The kernel's own bound on links followed in one lookup (Linux `MAXSYMLINKS`).
    const MAX_LINKS: usize = 40;
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: more than {MAX_LINKS} levels of symbolic links",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &Path, before: Option<&str>, after: &str) -> FileChange {
        FileChange {
            path: path.to_path_buf(),
            display: "f".into(),
            before: before.map(Into::into),
            after: after.into(),
            mode: None,
        }
    }

    #[test]
    fn read_target_refuses_devices_and_oversized_files() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read_target(&dir.path().join("none")).unwrap(), None);
        assert!(read_target(dir.path()).is_err());
        assert!(read_target(Path::new("/dev/zero")).is_err());
        let big = dir.path().join("big.toml");
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(crate::read_limit::MAX_CONFIG_BYTES + 1).unwrap();
        let e = read_target(&big).unwrap_err();
        assert!(e.to_string().contains("over the"), "{e}");
    }

    #[test]
    fn writes_through_symlinks_and_keeps_them() {
        let dir = tempfile::tempdir().unwrap();
        let dangling = dir.path().join("dangling.toml");
        std::os::unix::fs::symlink("sub/target.toml", &dangling).unwrap();
        atomic_write(&dangling, b"a = 1\n", None).unwrap();
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read(dir.path().join("sub/target.toml")).unwrap(),
            b"a = 1\n"
        );
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(atomic_write(&a, b"x", None).is_err());
        assert!(std::fs::symlink_metadata(&a)
            .unwrap()
            .file_type()
            .is_symlink());
    }

    #[test]
    fn applies_creates_and_skips_noops() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/f.toml");
        let plan = Plan {
            changes: vec![change(&p, None, "a = 1\n")],
            diagnostics: vec![],
        };
        assert_eq!(apply(&plan).unwrap(), ["f"]);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "a = 1\n");
        let same = Plan {
            changes: vec![change(&p, Some("a = 1\n"), "a = 1\n")],
            diagnostics: vec![],
        };
        assert!(apply(&same).unwrap().is_empty());
        // No temp file left behind.
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
    }

    #[test]
    fn refuses_to_replace_an_existing_file_the_plan_took_for_absent() {
        // A writer that could not read a non-UTF-8 target planned it as "create".
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("hooks.json");
        std::fs::write(&p, b"{\"hooks\": \xff}").unwrap();
        let plan = Plan {
            changes: vec![change(&p, None, "{}")],
            diagnostics: vec![],
        };
        assert!(matches!(apply(&plan), Err(ApplyError::Unreadable(_))));
        assert_eq!(std::fs::read(&p).unwrap(), b"{\"hooks\": \xff}");
    }

    #[test]
    fn a_refused_plan_writes_nothing_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("a");
        let changed = dir.path().join("b");
        std::fs::write(&changed, "user edit").unwrap();
        let plan = Plan {
            changes: vec![
                change(&fresh, None, "new"),
                change(&changed, Some("old"), "new"),
            ],
            diagnostics: vec![],
        };
        assert!(matches!(apply(&plan), Err(ApplyError::Changed(_))));
        assert!(
            !fresh.exists(),
            "the first file must not be written when a later one is refused"
        );
    }

    #[test]
    fn a_file_created_since_planning_is_a_change_not_an_unreadable_file() {
        // The loser of two imports creating one file (issue 14: it said "could not be read as
        // UTF-8" instead of the refusal the docs promise).
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("config.toml");
        let plan = Plan {
            changes: vec![change(&p, None, "a = 1\n")],
            diagnostics: vec![],
        };
        std::fs::write(&p, "b = 2\n").unwrap();
        let e = apply(&plan).unwrap_err();
        assert!(matches!(e, ApplyError::Changed(_)), "{e}");
        assert!(e.to_string().contains("run again"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "b = 2\n");
    }

    #[test]
    fn refuses_when_the_file_changed_since_planning() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, "user edit").unwrap();
        let plan = Plan {
            changes: vec![change(&p, Some("old"), "new")],
            diagnostics: vec![],
        };
        assert!(matches!(apply(&plan), Err(ApplyError::Changed(_))));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "user edit");
    }
}

/// The largest file the convention's reader accepts (what `hooks lint` and the writers read
/// files with): a planned file above it would lose every hook in it.
pub fn max_bytes(c: hook_ir::Convention) -> u64 {
    use hook_ir::Convention as C;
    match c {
        C::Jcode | C::Jarvis | C::Gjc | C::ClaudeDir | C::CodexDir => {
            crate::read_limit::MAX_CONFIG_BYTES
        }
        // Every JSON convention (Codex, Claude, plugins, and any added later).
        _ => crate::json_source::MAX_JSON_BYTES,
    }
}

/// What differs between a handler already in a JSON target (`have`) and the imported one
/// (`want`): each field (`type`, `timeout`, `async`, `statusMessage`) with both values, e.g.
/// ``"`timeout` is 10 there, 30 in the imported hook"``. A missing `timeout` counts as the
/// convention's default (`default_timeout_s`).
pub fn handler_differences(
    have: &serde_json::Value,
    want: &serde_json::Value,
    default_timeout_s: u64,
) -> Vec<String> {
    let show = |v: Option<&serde_json::Value>| match v {
        None => "absent".to_string(),
        Some(v) => v.to_string(),
    };
    let mut out = Vec::new();
    let timeout = |v: &serde_json::Value| {
        v.get("timeout")
            .and_then(serde_json::Value::as_f64)
            .unwrap_or(default_timeout_s as f64)
    };
    if timeout(have) != timeout(want) {
        let with_default = |v: &serde_json::Value| match v.get("timeout") {
            None => format!("absent (the default {default_timeout_s})"),
            Some(t) => t.to_string(),
        };
        out.push(format!(
            "`timeout` is {} there, {} in the imported hook",
            with_default(have),
            with_default(want)
        ));
    }
    for key in ["type", "async", "statusMessage"] {
        if have.get(key) != want.get(key) {
            out.push(format!(
                "`{key}` is {} there, {} in the imported hook",
                show(have.get(key)),
                show(want.get(key))
            ));
        }
    }
    out
}

/// How a writer may treat existing files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Overwrite a differing file or value (`--force`).
    pub force: bool,
    /// An explicit target file, instead of the convention's default location.
    pub target: Option<PathBuf>,
    /// The target's text to plan against instead of what is on disk (`Some(None)`: as if the
    /// file did not exist). `hooks import` plans onto the file with its own earlier hooks taken
    /// out (`crate::reimport`), and the text a hook alone becomes onto an empty file.
    pub base: Option<Option<String>>,
}

impl WriteOptions {
    /// The target's text: [`WriteOptions::base`] when set, else the file ([`read_target`]).
    pub fn read(&self, path: &Path) -> std::io::Result<Option<String>> {
        match &self.base {
            Some(text) => Ok(text.clone()),
            None => read_target(path),
        }
    }
}

/// The one diagnostic every writer gives when the target differs from what it would write:
/// `import_conflict` (nothing is written) or, with `force`, `forced_overwrite` (it was
/// overwritten). `what` says what differs, `action` what `--force` does ("set it to 30000").
pub fn conflict(force: bool, what: &str, action: &str) -> Diagnostic {
    if force {
        Diagnostic::new(
            hook_ir::Code::ForcedOverwrite,
            format!("{what}; overwritten because of --force: {action}"),
        )
    } else {
        Diagnostic::new(
            hook_ir::Code::ImportConflict,
            format!("{what}; nothing is written"),
        )
        .with_help(format!("run again with --force to {action}"))
    }
}

impl Plan {
    /// The plan of a convention that has no writer: nothing to write, one error.
    pub fn unsupported(convention: hook_ir::Convention) -> Plan {
        Plan {
            changes: Vec::new(),
            diagnostics: vec![Diagnostic::new(
                hook_ir::Code::SemanticMismatch,
                format!("`{convention}` has no writer: hooks cannot be imported into it"),
            )
            .with_convention(convention)],
        }
    }
}
