//! What `hooks lint` says when a PATH holds no hook file, as ruff warns "No Python files found
//! under the given path(s)" (on stderr, exit status unchanged): a green run in the wrong folder
//! must not pass for a clean one. `hooks lint .claude` is the usual case — the agent's folder
//! instead of the project that holds it — and gets the command to run instead.

use adapters::scope::AGENT_DIRS;
use adapters::Discovered;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One warning per directory PATH under which no hook file was read (`paths` empty: `.`).
pub fn warnings(paths: &[PathBuf], found: &Discovered) -> Vec<String> {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    // Every directory that holds a file read, once: a look-up per PATH instead of a scan of
    // every source (5,000 PATHs over 10,000 files made 50 million path comparisons).
    let mut read_under: HashSet<&Path> = HashSet::new();
    for s in &found.sources {
        for dir in s.path.ancestors().skip(1) {
            if !read_under.insert(dir) {
                break;
            }
        }
    }
    paths
        .iter()
        .filter_map(|p| {
            let abs = super::discover::absolute(p).ok()?;
            if read_under.contains(abs.as_path()) || !abs.is_dir() {
                return None;
            }
            Some(warning(p, &abs))
        })
        .collect()
}

fn warning(shown: &Path, abs: &Path) -> String {
    let mut w = format!(
        "warning: no hook files found under `{}`; nothing there was linted",
        shown.display()
    );
    let name = abs.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if AGENT_DIRS.contains(&name) {
        let parent = shown
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or(".".to_string(), |p| p.display().to_string());
        w.push_str(&format!(
            "\n  help: `{name}` is an agent's folder; lint the project that holds it: `hooks lint {parent}`"
        ));
    }
    w
}
