//! What `hooks lint` says when a PATH holds no hook file, as ruff warns "No Python files found
//! under the given path(s)" (on stderr, exit status unchanged): a green run in the wrong folder
//! must not pass for a clean one. `hooks lint .claude` is the usual case — the agent's folder
//! instead of the project that holds it — and gets the command to run instead.

use adapters::scope::{project_files, AGENT_DIRS};
use adapters::Discovered;
use hooks_rules::lint_config::Config;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One warning per directory PATH under which no hook file was read (`paths` empty: `.`): the
/// `hooks.toml` that excludes it, or the files looked for there, per convention.
pub fn warnings(paths: &[PathBuf], found: &Discovered, configs: &[Config]) -> Vec<String> {
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
            if let Some(c) = excluding(configs, &abs) {
                return Some(format!(
                    "warning: `{}` is excluded by {} (`exclude = [{}]`); nothing there was linted",
                    p.display(),
                    c.display,
                    c.exclude_written()
                        .iter()
                        .map(|g| format!("\"{g}\""))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            Some(warning(p, &abs))
        })
        .collect()
}

/// The configuration used for the directory `abs` (the nearest `hooks.toml` upward, among those
/// the run loaded; `--config` is the only one loaded then) when its `exclude` covers `abs`.
fn excluding<'c>(configs: &'c [Config], abs: &Path) -> Option<&'c Config> {
    let ctx = adapters::Context {
        cwd: std::env::current_dir().ok(),
        ..Default::default()
    };
    // The nearest one was loaded for this PATH, unless `--config` replaced it (then it is the
    // only one loaded).
    let nearest = hooks_rules::lint_config::find(abs);
    let c = nearest
        .and_then(|n| configs.iter().find(|c| c.path == n))
        .or(match configs {
            [only] => Some(only),
            _ => None,
        })?;
    c.excludes(&ctx, abs).then_some(c)
}

fn warning(shown: &Path, abs: &Path) -> String {
    let mut w = format!(
        "warning: no hook files found under `{}`; nothing there was linted",
        shown.display()
    );
    let name = abs.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // An agent's folder passed for its project: what to run instead says more than the list.
    if !AGENT_DIRS.contains(&name) {
        w.push_str("\n  looked for, per convention:");
        for (c, files) in project_files() {
            w.push_str(&format!("\n    {c}: {files}"));
        }
    }
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
