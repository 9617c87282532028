//! `hooks test --watch`: runs, then runs again each time the test file, a file the hooks were
//! read from, or a script a hook command names changes (debounced: an editor's several writes
//! are one change). Runs until interrupted.

use crate::args::TestArgs;
use crate::exit::Exit;
use notify_debouncer_mini::notify::RecursiveMode;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// How long changes are gathered into one re-run.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// The files whose change re-runs the tests.
fn watched(a: &TestArgs, root: &Path) -> BTreeSet<PathBuf> {
    let mut files = BTreeSet::new();
    files.insert(super::test_file(a, root));
    if let Ok(p) = super::discover(a, root) {
        files.extend(p.sources.iter().cloned());
        for h in &p.hooks {
            if let Some((_, script, _)) = h
                .command()
                .and_then(|c| super::faults::script_of(c, &p.cwd))
            {
                files.insert(script);
            }
        }
    }
    files
        .into_iter()
        .map(|f| std::fs::canonicalize(&f).unwrap_or(f))
        .collect()
}

pub fn run(a: &TestArgs, root: &Path) -> anyhow::Result<Exit> {
    let (tx, rx) = mpsc::channel();
    let mut debouncer = notify_debouncer_mini::new_debouncer(DEBOUNCE, tx)?;
    loop {
        let files = watched(a, root);
        // Directories, not files: an editor that saves by renaming replaces the file watched.
        let dirs: BTreeSet<PathBuf> = files
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .collect();
        for d in &dirs {
            let _ = debouncer.watcher().watch(d, RecursiveMode::NonRecursive);
        }
        match super::once(a, root) {
            Ok((report, _)) => super::print(a, &report),
            Err(msg) => eprintln!("error: {msg}"),
        }
        eprintln!("watching {} file(s) for changes", files.len());
        // Wait for a change to one of the files.
        loop {
            let Ok(batch) = rx.recv() else {
                return Ok(Exit::Failure);
            };
            let Ok(events) = batch else { continue };
            let hit = events.iter().any(|e| {
                let p = std::fs::canonicalize(&e.path).unwrap_or_else(|_| e.path.clone());
                files.contains(&p)
                    || files
                        .iter()
                        .any(|f| f.file_name() == e.path.file_name() && f.parent() == p.parent())
            });
            if hit {
                break;
            }
        }
        for d in &dirs {
            let _ = debouncer.watcher().unwatch(d);
        }
    }
}
