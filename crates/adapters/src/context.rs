//! What discovery needs to know about the world, captured once so tests can inject it.

use crate::run_cache::RunCache;
use hook_ir::{display_from_cwd, display_path, Batch, Convention, Hook, Scope};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The inputs of discovery: where the project and the home dir are, and the environment.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The project root (`None` when only an explicit file or the home dir is read).
    pub project: Option<PathBuf>,
    /// The user's home directory (`--home`, default `$HOME`).
    pub home: Option<PathBuf>,
    /// A snapshot of the environment (`JCODE_HOME`, `JCODE_HOOK_*`, `PATH`, `SHELL`, ...).
    pub env: BTreeMap<String, String>,
    /// Whether jcode's `JCODE_HOOK_*` overrides are applied (`false` with `--no-env`).
    pub apply_env_overrides: bool,
    /// The directory display paths are relative to: the process's current directory for the
    /// command line, so every root's paths are told apart and name real files from where the
    /// command ran. `None`: relative to [`Context::project`].
    pub cwd: Option<PathBuf>,
    /// Files read once per run, shared by the contexts of one `hooks lint` or `hooks list`
    /// ([`RunCache`]). `None`: every file reads them again, as a writer that changes them
    /// between reads (`hooks setup codex`) needs.
    pub run_cache: Option<RunCache>,
}

impl Context {
    /// A context over the real process environment.
    pub fn from_process(project: Option<PathBuf>, home: Option<PathBuf>, apply_env: bool) -> Self {
        Context {
            project,
            home,
            env: std::env::vars().collect(),
            apply_env_overrides: apply_env,
            cwd: std::env::current_dir().ok(),
            run_cache: None,
        }
    }

    /// An environment variable.
    pub fn var(&self, name: &str) -> Option<&str> {
        self.env.get(name).map(String::as_str)
    }

    /// The scope of the files found under [`Context::project`]: a project at the home dir holds
    /// the user's own files (`~/.claude/settings.json` is both), so they are the user's.
    pub fn project_scope(&self, shared: Scope) -> Scope {
        let at_home = match (&self.project, &self.home) {
            (Some(p), Some(h)) => {
                p == h
                    || crate::run_cache::canonical(self, h)
                        .is_some_and(|h| p.canonicalize().is_ok_and(|p| p == h))
            }
            _ => false,
        };
        if at_home {
            Scope::User
        } else {
            shared
        }
    }

    /// The display form of `path`: relative to [`Context::cwd`] (else the project) when under
    /// it, `~/…` under the home dir, or as given.
    pub fn display(&self, path: &Path) -> String {
        match &self.cwd {
            Some(cwd) => display_from_cwd(path, cwd, self.home.as_deref()),
            None => display_path(path, self.project.as_deref(), self.home.as_deref()),
        }
    }
}

/// A file an adapter read, kept so renderers can show the lines a diagnostic points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The convention it was read as.
    pub convention: Convention,
    /// Its real path.
    pub path: PathBuf,
    /// Its display path (as in [`hook_ir::Location::path`]).
    pub display: String,
    /// Its text, when it is a text file that was read.
    pub text: Option<String>,
    /// The layer discovery found it in ([`crate::Output::layer`]); the scope of every hook
    /// read from it.
    pub scope: Scope,
    /// The directory its hooks belong to, when discovery knows it: the project root of a
    /// project or personal file (where the agent runs its commands), the plugin's root
    /// (`${CLAUDE_PLUGIN_ROOT}`, `${extensionPath}`) of a plugin's file.
    pub root: Option<PathBuf>,
    /// Every agent that runs this file, its own first, stamped with its layer by discovery
    /// ([`crate::Output::layer`], [`crate::registry::Adapter::readers`]).
    pub readers: Vec<hook_ir::readers::Reader>,
}

/// The result of discovery: the normalized batch and the sources read.
#[derive(Debug, Clone, Default)]
pub struct Discovered {
    /// Accepted hooks and all diagnostics.
    pub batch: Batch,
    /// The files read, in the order they were read.
    pub sources: Vec<SourceFile>,
    /// Hooks of valid events outside the six kinds, for `hooks import` only
    /// ([`crate::Output::outside`]).
    pub outside: Vec<Hook>,
    /// Hooks the agent never runs (a switch, a file rejected whole), each with the diagnostic
    /// that says why
    /// ([`crate::Output::never_run`]), for `hooks doctor`.
    pub never_run: Vec<(Hook, hook_ir::Diagnostic)>,
}

impl Discovered {
    /// The file `hook` was read from ([`Hook::source_file`], stamped by discovery).
    pub fn source_of(&self, hook: &Hook) -> Option<&SourceFile> {
        source_of(&self.sources, hook)
    }

    /// The text of the source with this display path, if it was read.
    pub fn source_text(&self, display: &str) -> Option<&str> {
        self.sources
            .iter()
            .find(|s| s.display == display)
            .and_then(|s| s.text.as_deref())
    }
}

/// The file among `sources` that `hook` was read from ([`Hook::source_file`], stamped by
/// discovery): the same real path, read as the hook's convention.
pub fn source_of<'a>(sources: &'a [SourceFile], hook: &Hook) -> Option<&'a SourceFile> {
    let path = hook.source_file.as_deref()?;
    sources
        .iter()
        .find(|s| s.convention == hook.convention && s.path == path)
}
