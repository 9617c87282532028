//! The tree of a git revision, written to a temporary directory for `hooks audit --base REF`:
//! `git ls-tree` lists it and one `git cat-file --batch` process streams every blob (one
//! process, not one per file). Symlinks and submodules are left out: nothing is written through
//! a link, and a hook file behind one is reported as new rather than followed.

use anyhow::{bail, Context as _};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `git -C dir ARGS` and returns its stdout; an error names the command and git's stderr.
fn git(dir: &Path, args: &[&str]) -> anyhow::Result<Vec<u8>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .with_context(|| "cannot run git (needed by --base)".to_string())?;
    if !out.status.success() {
        bail!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(out.stdout)
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8_lossy(&bytes)
        .trim_end_matches('\n')
        .to_string()
}

/// Writes the tree of `rev` of the repository holding `root` under `dest`; returns where `root`
/// is in it (the same path relative to the repository's top).
pub fn checkout(root: &Path, rev: &str, dest: &Path) -> anyhow::Result<PathBuf> {
    // A revision is never an option of git's (`--output=…`).
    if rev.starts_with('-') || rev.is_empty() {
        bail!("--base {rev}: not a revision");
    }
    let prefix = text(git(root, &["rev-parse", "--show-prefix"]).with_context(|| {
        format!(
            "--base needs a git repository: {} is not in one",
            root.display()
        )
    })?);
    let top = PathBuf::from(text(git(root, &["rev-parse", "--show-toplevel"])?));
    let commit = text(
        git(
            root,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                &format!("{rev}^{{commit}}"),
            ],
        )
        .with_context(|| format!("--base {rev}: no such revision"))?,
    );
    let listing = git(&top, &["ls-tree", "-r", "-z", "--full-tree", &commit])?;
    // `<mode> <type> <oid>\t<path>\0`: regular and executable files only.
    let mut blobs: Vec<(String, PathBuf, bool)> = Vec::new();
    for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
        let entry = String::from_utf8_lossy(entry);
        let Some((meta, path)) = entry.split_once('\t') else {
            continue;
        };
        let mut m = meta.split(' ');
        let (Some(mode), Some("blob"), Some(oid)) = (m.next(), m.next(), m.next()) else {
            continue;
        };
        if mode != "100644" && mode != "100755" {
            continue;
        }
        blobs.push((oid.to_string(), PathBuf::from(path), mode == "100755"));
    }
    let mut child = Command::new("git")
        .arg("-C")
        .arg(&top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("cannot run git cat-file")?;
    let mut stdin = child.stdin.take().context("git cat-file: no stdin")?;
    let ids: Vec<String> = blobs.iter().map(|(oid, _, _)| oid.clone()).collect();
    // Written from a thread: git answers while it reads, and both pipes would fill otherwise.
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        for oid in ids {
            stdin.write_all(oid.as_bytes())?;
            stdin.write_all(b"\n")?;
        }
        Ok(())
    });
    let mut out = BufReader::new(child.stdout.take().context("git cat-file: no stdout")?);
    for (oid, path, exec) in &blobs {
        let mut header = String::new();
        out.read_line(&mut header)?;
        let size: usize = header
            .trim_end()
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .with_context(|| {
                format!("git cat-file {oid}: unexpected answer `{}`", header.trim())
            })?;
        let mut content = vec![0; size + 1];
        out.read_exact(&mut content)?;
        content.truncate(size);
        let file = dest.join(path);
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&file, &content)?;
        #[cfg(unix)]
        if *exec {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755))?;
        }
        #[cfg(not(unix))]
        let _ = exec;
    }
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("git cat-file: writer failed"))??;
    child.wait()?;
    let inner = dest.join(&prefix);
    std::fs::create_dir_all(&inner)?;
    Ok(inner)
}
