//! Resolving PATH arguments into discovered hooks.

use crate::args::SourceArgs;
use adapters::plugin::PluginKind;
use adapters::{Context, Discovered};
use anyhow::{bail, Context as _};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Where display paths (and the hook ids built from them) are relative to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathsFrom {
    /// The current directory: what `lint` and `list` print, so every path names a real file
    /// from where the command ran (CI annotations, SARIF) and roots never share a path.
    Cwd,
    /// Each root: `hooks run`, whose hook ids must not change with the directory it runs in.
    Root,
}

/// Discovers every PATH (a project root or an explicit file), in the order given.
pub fn discover_paths(
    paths: &[PathBuf],
    src: &SourceArgs,
    from: PathsFrom,
) -> anyhow::Result<Discovered> {
    discover_each(paths, src, from, None, |_, _, _| Ok(()))
}

/// One root to discover: a PATH argument, or a project or plugin found under one.
pub struct Root<'a> {
    /// The absolute path.
    pub path: &'a Path,
    /// Whether it names a file (not a project directory).
    pub is_file: bool,
}

/// Whether a directory PATH is walked for nested projects and plugins (`hooks lint`; not with
/// `--no-recurse`), and what it leaves out.
pub struct Walk<'w> {
    /// The `exclude` of the lint configuration of a walk's root (`hooks.toml`), if it has one:
    /// the walk enters no directory it covers.
    pub excluded: &'w dyn Fn(&Context, &Path) -> Option<ExcludeFn>,
}

/// A test of absolute paths against one configuration's `exclude`, for the walker's threads.
pub type ExcludeFn = std::sync::Arc<dyn Fn(&Path) -> bool + Send + Sync>;

/// [`discover_paths`], calling `each` on what each root found before the roots are merged (the
/// lint configuration applies per root). With `walk`, every directory PATH is followed by the
/// projects and plugins found under it ([`nested`]), each its own root.
pub fn discover_each(
    paths: &[PathBuf],
    src: &SourceArgs,
    from: PathsFrom,
    walk: Option<Walk<'_>>,
    mut each: impl FnMut(&Root<'_>, &Context, &mut Discovered) -> anyhow::Result<()>,
) -> anyhow::Result<Discovered> {
    let convention = src.convention;
    let home = match &src.home {
        Some(h) => Some(absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    // One context for the run, its project set per root: the environment snapshot (a map of
    // every variable) cost more per root than a root's stats. Nothing these commands do writes
    // the agents' own config files: read them once per run.
    let mut ctx = Context::from_process(None, home, !src.no_env);
    ctx.run_cache = Some(adapters::run_cache::RunCache::default());
    if from == PathsFrom::Root {
        ctx.cwd = None;
    }
    let given = paths
        .iter()
        .map(|p| resolve(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let roots = match walk {
        Some(w) => with_nested(&ctx, given, w),
        None => given,
    };
    let found = discover_all(&ctx, &roots, convention);
    let mut merged = super::merged::Merged::default();
    // Room for everything at once: grown one root at a time, the hooks were copied again and
    // again (tens of MB for 10,000 files).
    merged.reserve(
        found.iter().map(|d| d.batch.hooks.len()).sum(),
        found.iter().map(|d| d.batch.diagnostics.len()).sum(),
    );
    for (r, mut d) in roots.iter().zip(found) {
        ctx.project = r.project();
        let root = Root {
            path: &r.path,
            is_file: r.what == What::File,
        };
        each(&root, &ctx, &mut d)?;
        merged.add(d);
    }
    Ok(merged.all)
}

/// A root to discover, made absolute: a PATH argument that exists, or a project or plugin
/// found under one.
struct Resolved {
    path: PathBuf,
    what: What,
}

/// What a root is, which decides how it is read and the scope of its files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum What {
    /// A project directory: every convention's project files (and the home dir's).
    Project,
    /// An explicit config file.
    File,
    /// A plugin's root: its hooks file, scope `plugin`.
    Plugin(PluginKind),
}

impl Resolved {
    /// The project it is discovered in: the directory, or an explicit file's directory.
    fn project(&self) -> Option<PathBuf> {
        match self.what {
            What::Project | What::Plugin(_) => Some(self.path.clone()),
            What::File => self.path.parent().map(Path::to_path_buf),
        }
    }
}

/// The agent folders whose parent is a project discovery reads (`.claude/settings.json`,
/// `.codex/hooks.json`, `.gemini/settings.json`, `.gjc/hooks/`); jcode, Jarvis and Kimi Code
/// read only the user's own folder, so theirs mark no project.
const PROJECT_MARKERS: &[&str] = &[".claude", ".codex", ".gemini", ".gjc"];

/// `given`, each directory followed by the projects and plugins under it ([`nested`]); a root
/// found twice (overlapping PATHs) is read once, where first found.
fn with_nested(ctx: &Context, given: Vec<Resolved>, walk: Walk<'_>) -> Vec<Resolved> {
    let mut seen: HashSet<(PathBuf, What)> = HashSet::new();
    let mut out = Vec::with_capacity(given.len());
    for r in given {
        if r.what != What::Project {
            if seen.insert((r.path.clone(), r.what)) {
                out.push(r);
            }
            continue;
        }
        let excluded = (walk.excluded)(ctx, &r.path);
        let found = nested(&r.path, ctx.home.as_deref(), excluded);
        if seen.insert((r.path.clone(), r.what)) {
            out.push(r);
        }
        out.extend(
            found
                .into_iter()
                .filter(|n| seen.insert((n.path.clone(), n.what))),
        );
    }
    out
}

/// The projects (a directory holding an agent folder, [`PROJECT_MARKERS`]) and plugin roots
/// ([`PluginKind::marked_by`]) under `root`, in a sorted walk, `root`'s own plugin included
/// and `root` itself as a project not (it is one already). The walk honours `.gitignore`,
/// `.ignore` and `.git/info/exclude` (as ripgrep does, in a checkout or not), never enters `.git`
/// or an agent folder (its files are its project's), nor the home dir (its files are the
/// user's, read with every project), nor what `excluded` covers.
fn nested(root: &Path, home: Option<&Path>, excluded: Option<ExcludeFn>) -> Vec<Resolved> {
    let home = home.map(Path::to_path_buf);
    // The projects, recorded as the filter meets their agent folder: the folder is never
    // read (a `readdir` per project saved), so the walk never yields it.
    let projects: Arc<Mutex<Vec<(usize, PathBuf)>>> = Arc::default();
    let record = Arc::clone(&projects);
    let seen = Arc::new(AtomicUsize::new(0));
    let order = Arc::clone(&seen);
    let walker = ignore::WalkBuilder::new(root)
        .hidden(false)
        .require_git(false)
        // The user's global gitignore is one machine's: CI and a laptop must agree.
        .git_global(false)
        .follow_links(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |e| {
            let n = order.fetch_add(1, Ordering::Relaxed);
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            if !is_dir || e.depth() == 0 {
                return true;
            }
            let name = e.file_name();
            if name == ".git" || home.as_deref() == Some(e.path()) {
                return false;
            }
            if PROJECT_MARKERS.iter().any(|m| name == *m) {
                if let (true, Some(p)) = (e.depth() > 1, e.path().parent()) {
                    if let Ok(mut v) = record.lock() {
                        v.push((n, p.to_path_buf()));
                    }
                }
                return false;
            }
            !excluded.as_ref().is_some_and(|x| x(e.path()))
        })
        .build();
    let mut plugins: Vec<(usize, Resolved)> = Vec::new();
    for entry in walker.flatten() {
        let n = seen.load(Ordering::Relaxed);
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            continue;
        }
        if let Some((kind, plugin)) = PluginKind::marked_by(entry.path()) {
            // A Claude plugin's or Gemini extension's hooks are in its `hooks/hooks.json`: one
            // without it has none to lint.
            if kind.hooks_file(&plugin).is_file() {
                plugins.push((
                    n,
                    Resolved {
                        path: plugin,
                        what: What::Plugin(kind),
                    },
                ));
            }
        }
    }
    let projects = std::mem::take(&mut *projects.lock().unwrap_or_else(|e| e.into_inner()));
    let mut all: Vec<(usize, Resolved)> = projects
        .into_iter()
        .map(|(n, path)| {
            (
                n,
                Resolved {
                    path,
                    what: What::Project,
                },
            )
        })
        .collect();
    all.extend(plugins);
    // In the order the walk met them (sorted by name), whichever way each was recorded.
    all.sort_by_key(|(n, _)| *n);
    all.into_iter().map(|(_, r)| r).collect()
}

/// `p`, checked to exist, made absolute.
fn resolve(p: &Path) -> anyhow::Result<Resolved> {
    // `exists()` is false for a symlink loop or a path under a file too: say why.
    match std::fs::metadata(p) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            bail!("{}: no such file or directory", p.display())
        }
        Err(e) => bail!("{}: cannot be read: {e}", p.display()),
    }
    let path = absolute(p)?;
    // Of the lexical path (`link/..` may name another directory than the physical one).
    let what = if path.is_dir() {
        What::Project
    } else {
        What::File
    };
    Ok(Resolved { path, what })
}

/// Most threads [`discover_all`] starts: beyond a few, the roots' file reads contend.
const MAX_THREADS: usize = 8;

/// Discovers every root, on up to one thread per core: the roots are independent (they share
/// only the run's cache, which is behind locks), and the results come back in the order given,
/// so the merge and the output are the same as one thread's.
fn discover_all(
    ctx: &Context,
    roots: &[Resolved],
    convention: Option<hook_ir::Convention>,
) -> Vec<Discovered> {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    discover_on(ctx, roots, convention, threads)
}

/// [`discover_all`] on at most `threads` threads (the calling one included).
fn discover_on(
    ctx: &Context,
    roots: &[Resolved],
    convention: Option<hook_ir::Convention>,
    threads: usize,
) -> Vec<Discovered> {
    let one = |ctx: &mut Context, r: &Resolved| {
        ctx.project = r.project();
        match r.what {
            What::Project => hooks_rules::discover(ctx),
            What::File => hooks_rules::load_file(ctx, &r.path, convention),
            What::Plugin(kind) => hooks_rules::load_plugin(ctx, &r.path, kind),
        }
    };
    let threads = threads.min(MAX_THREADS).min(roots.len());
    if threads <= 1 {
        let mut ctx = ctx.clone();
        return roots.iter().map(|r| one(&mut ctx, r)).collect();
    }
    let next = AtomicUsize::new(0);
    let slots: Vec<OnceLock<Discovered>> = roots.iter().map(|_| OnceLock::new()).collect();
    let work = || {
        let mut ctx = ctx.clone();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(r) = roots.get(i) else { break };
            // Each index is taken by one thread only: the slot is empty.
            let _ = slots[i].set(one(&mut ctx, r));
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            // A thread that cannot be started leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(s, work);
        }
        work();
    });
    // A thread that panicked has made `scope` panic already: every slot is set.
    slots
        .into_iter()
        .map(|s| s.into_inner().unwrap_or_default())
        .collect()
}

/// `p` as an absolute path with `.` and `..` resolved lexically (not through symlinks, so an
/// explicit file keeps its own name). `std::path::absolute` keeps `..`: with `--home ../home`
/// the home dir would then start with the project's components and its files would be shown as
/// `../home/...` instead of `~/...`.
pub fn absolute(p: &Path) -> anyhow::Result<PathBuf> {
    let abs = std::path::absolute(p).with_context(|| format!("cannot resolve {}", p.display()))?;
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    /// Roots discovered on several threads come back as one thread finds them, in order.
    #[test]
    fn threads_change_nothing_but_the_time() {
        let dir = tempfile::tempdir().unwrap();
        let roots: Vec<super::Resolved> = (0..40)
            .map(|n| {
                let p = dir.path().join(format!("p{n}"));
                let file = p.join(if n % 2 == 0 {
                    ".claude/settings.json"
                } else {
                    ".codex/hooks.json"
                });
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                let hook = serde_json::json!({"type": "command", "command": format!("./s{n}.sh"), "timeout": 30});
                let text = serde_json::json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [hook]}]}});
                std::fs::write(&file, text.to_string()).unwrap();
                super::Resolved {
                    path: p,
                    what: super::What::Project,
                }
            })
            .collect();
        let mut ctx = adapters::Context::from_process(None, Some(dir.path().join("home")), false);
        ctx.run_cache = Some(adapters::run_cache::RunCache::default());
        let one = super::discover_on(&ctx, &roots, None, 1);
        let four = super::discover_on(&ctx, &roots, None, 4);
        assert_eq!(one.len(), 40);
        assert!(
            one.iter().all(|d| !d.batch.diagnostics.is_empty()),
            "each root has findings"
        );
        for (a, b) in one.iter().zip(&four) {
            assert_eq!(a.batch, b.batch);
            assert_eq!(a.sources, b.sources);
        }
    }

    #[test]
    fn absolute_resolves_dot_dot_lexically() {
        let p = super::absolute(std::path::Path::new("/a/b/../c/./d")).unwrap();
        assert_eq!(p, std::path::Path::new("/a/c/d"));
    }
}
