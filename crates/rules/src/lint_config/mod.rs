//! The project's lint configuration, `hooks.toml`, modelled on ruff's: which codes are reported
//! (`select`, `extend-select`, `ignore`), their severity (`[severity]`), per-path ignores
//! (`[per-file-ignores]`) and files not linted (`exclude`). docs/configuration.md is the
//! reference.
//!
//! [`find`] looks for the file from a directory upward; [`load`] reads and checks it (every
//! problem an `invalid_lint_config` with its location); [`Policy`] combines it with the command
//! line's selection and applies it to what discovery found.

mod globs;
mod parse;
mod selection;

pub use parse::KEYS;
pub use selection::{parse_severity, resolve, CodeSet, Selection, Selector, SelectorError};

use adapters::read_limit::{read_bounded, ReadError, MAX_CONFIG_BYTES};
use adapters::{Context, Discovered, Source};
use hook_ir::{Code, Diagnostic, Location, Severity};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The file name looked for from each linted directory upward.
pub const FILE_NAME: &str = "hooks.toml";

/// A `hooks.toml`, read and checked.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Its real path (absolute).
    pub path: PathBuf,
    /// Its display path.
    pub display: String,
    /// Its text, when it could be read.
    pub text: Option<String>,
    /// `select`, `extend-select`, `ignore` and `extend-ignore`.
    pub selection: Selection,
    /// `[severity]`, in file order.
    pub severity: Vec<(Code, Severity)>,
    /// The globs of `[per-file-ignores]`; entry `i` ignores `per_file_codes[i]`.
    per_file: globs::Globs,
    per_file_codes: Vec<Vec<Selector>>,
    /// The globs of `exclude`.
    exclude: globs::Globs,
    /// The entries of `exclude` as written.
    exclude_text: Vec<String>,
    /// Its problems (`invalid_lint_config`), always reported.
    pub diagnostics: Vec<Diagnostic>,
}

impl Config {
    /// The directory its relative globs are anchored at.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("/"))
    }

    /// Whether `exclude` covers the file or directory at the absolute path `abs`, matched as for
    /// a finding there (its display path, its path from this file's directory, its absolute
    /// path): `hooks lint PATH` walks no excluded directory and says an excluded PATH is one.
    pub fn excludes(&self, ctx: &Context, abs: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let display = ctx.display(abs);
        let rel = abs
            .strip_prefix(self.dir())
            .ok()
            .map(|r| r.to_string_lossy().into_owned());
        let abs_s = abs.to_string_lossy();
        let mut paths: Vec<&str> = vec![&display, &abs_s];
        paths.extend(rel.as_deref().filter(|r| !r.is_empty()));
        let mut hit = [false];
        self.exclude.matches(&paths, &mut hit);
        hit[0]
    }

    /// The `exclude` globs as written, for a message.
    pub fn exclude_written(&self) -> Vec<&str> {
        self.exclude_text.iter().map(String::as_str).collect()
    }
}

/// The nearest `hooks.toml` at `start` or a directory above it (first found wins).
pub fn find(start: &Path) -> Option<PathBuf> {
    Finder::default().find(start)
}

/// [`find`] for many starts (the roots of one run), each directory asked once: roots share the
/// directories above them.
#[derive(Debug, Default)]
pub struct Finder {
    /// The answer of every directory asked so far.
    nearest: std::collections::HashMap<PathBuf, Option<PathBuf>>,
}

impl Finder {
    /// The nearest `hooks.toml` at `start` or a directory above it.
    pub fn find(&mut self, start: &Path) -> Option<PathBuf> {
        let mut asked = Vec::new();
        let mut found = None;
        for dir in start.ancestors() {
            if let Some(known) = self.nearest.get(dir) {
                found = known.clone();
                break;
            }
            asked.push(dir);
            let file = dir.join(FILE_NAME);
            if file.is_file() {
                found = Some(file);
                break;
            }
        }
        // Not `start` itself: each root asks its own directory once.
        for dir in asked.into_iter().skip(1) {
            self.nearest.insert(dir.to_path_buf(), found.clone());
        }
        found
    }
}

/// Reads and checks the configuration at `path` (absolute). A file that cannot be read is an
/// `invalid_lint_config` too, and then nothing of it applies.
pub fn load(ctx: &Context, path: &Path) -> Config {
    let display = ctx.display(path);
    let mut config = Config {
        path: path.to_path_buf(),
        display: display.clone(),
        ..Config::default()
    };
    let unreadable = |why: String| {
        Diagnostic::new(
            Code::InvalidLintConfig,
            format!("the lint configuration cannot be read: {why}; none of it applies"),
        )
        .at(Location::path_only(display.clone()))
    };
    let text = match read_bounded(path, MAX_CONFIG_BYTES) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => {
                config
                    .diagnostics
                    .push(unreadable("it is not UTF-8".into()));
                return config;
            }
        },
        Err(ReadError::TooLarge(n)) => {
            config.diagnostics.push(unreadable(format!(
                "{n} bytes, more than the {MAX_CONFIG_BYTES} allowed"
            )));
            return config;
        }
        Err(ReadError::Io(e)) => {
            config.diagnostics.push(unreadable(e.to_string()));
            return config;
        }
    };
    let src = Source::new(display, text);
    parse::parse(&src, &mut config);
    config.text = Some(src.text);
    config
}

/// What a policy removes besides diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// `hooks lint`: an excluded file's hooks and source are dropped too.
    Lint,
    /// `hooks list`: every hook the agents run is listed; only diagnostics are filtered.
    List,
}

/// A configuration (or none) and the command line's selection, resolved once for one root.
#[derive(Debug, Clone)]
pub struct Policy<'c> {
    config: Option<&'c Config>,
    enabled: CodeSet,
    severity: Vec<Option<Severity>>,
    /// A file named on the command line: linted even when `exclude` matches it (as in ruff).
    named: Option<PathBuf>,
}

/// What the policy says about one file.
#[derive(Debug, Clone, Copy)]
struct Verdict {
    excluded: bool,
    ignored: CodeSet,
}

impl<'c> Policy<'c> {
    /// The policy of `config` (if any) under the command line's `cli` selection; `named` is the
    /// explicit file of the root, if the root is one.
    pub fn new(config: Option<&'c Config>, cli: &Selection, named: Option<&Path>) -> Policy<'c> {
        let mut layers = Vec::new();
        if let Some(c) = config {
            layers.push(&c.selection);
        }
        layers.push(cli);
        let mut severity = vec![None; Code::ALL.len()];
        for &(code, s) in config.map(|c| c.severity.as_slice()).unwrap_or_default() {
            severity[code as usize] = Some(s);
        }
        Policy {
            config,
            enabled: resolve(&layers),
            severity,
            named: named.map(Path::to_path_buf),
        }
    }

    /// Whether the policy changes nothing (no configuration, every code selected): then
    /// [`Policy::apply`] has nothing to do.
    pub fn is_default(&self) -> bool {
        self.config
            .is_none_or(|c| c.severity.is_empty() && c.per_file.is_empty() && c.exclude.is_empty())
            && self.enabled == CodeSet::all()
    }

    /// The verdict for the file shown as `display`; `real` is its path as discovery read it,
    /// when it was read (else the display path is resolved back: a directory, a missing file).
    fn verdict(&self, ctx: &Context, display: &str, real: Option<&Path>) -> Verdict {
        let mut v = Verdict {
            excluded: false,
            ignored: CodeSet::default(),
        };
        let Some(c) = self.config else {
            return v;
        };
        let abs = real
            .map(|r| std::path::absolute(r).unwrap_or_else(|_| r.to_path_buf()))
            .or_else(|| real_path(ctx, display));
        let rel = abs
            .as_deref()
            .and_then(|a| a.strip_prefix(c.dir()).ok())
            .map(|r| r.to_string_lossy().into_owned());
        let abs_s = abs.as_deref().map(|a| a.to_string_lossy().into_owned());
        let mut paths: Vec<&str> = vec![display];
        paths.extend(rel.as_deref());
        paths.extend(abs_s.as_deref());
        if !c.exclude.is_empty() && (self.named.is_none() || self.named != abs) {
            let mut hit = [false];
            c.exclude.matches(&paths, &mut hit);
            v.excluded = hit[0];
        }
        if !c.per_file.is_empty() {
            let mut hit = vec![false; c.per_file_codes.len()];
            c.per_file.matches(&paths, &mut hit);
            for (codes, _) in c.per_file_codes.iter().zip(&hit).filter(|(_, h)| **h) {
                for &s in codes {
                    v.ignored.add(s);
                }
            }
        }
        v
    }

    /// Applies the policy to what one root found: drops diagnostics of codes not selected, of
    /// files excluded or ignored by `per-file-ignores`, and gives the rest their configured
    /// severity; under [`Scope::Lint`], an excluded file's hooks and source go too.
    pub fn apply(&self, ctx: &Context, found: &mut Discovered, scope: Scope) {
        if self.is_default() {
            return;
        }
        let mut verdicts: HashMap<String, Verdict> = HashMap::new();
        // The real path of every file read, by the display path its findings carry.
        let real: HashMap<String, PathBuf> = found
            .sources
            .iter()
            .map(|s| (s.display.clone(), s.path.clone()))
            .collect();
        let mut verdict = |path: &str| {
            *verdicts
                .entry(path.to_string())
                .or_insert_with(|| self.verdict(ctx, path, real.get(path).map(PathBuf::as_path)))
        };
        found.batch.diagnostics.retain_mut(|d| {
            if !self.enabled.contains(d.code) {
                return false;
            }
            if let Some(l) = &d.location {
                let v = verdict(&l.path);
                if v.excluded || v.ignored.contains(d.code) {
                    return false;
                }
            }
            if let Some(s) = self.severity[d.code as usize] {
                d.severity_override = (s != d.code.severity()).then_some(s);
            }
            true
        });
        if scope == Scope::Lint {
            found
                .batch
                .hooks
                .retain(|h| !verdict(&h.location.path).excluded);
            found.sources.retain(|s| !verdict(&s.display).excluded);
        }
    }

    /// Whether a diagnostic would be reported (its code selected, its file neither excluded
    /// nor ignoring it): `--fix` fixes only those.
    pub fn reports(&self, ctx: &Context, d: &Diagnostic) -> bool {
        self.enabled.contains(d.code)
            && d.location.as_ref().is_none_or(|l| {
                let v = self.verdict(ctx, &l.path, None);
                !v.excluded && !v.ignored.contains(d.code)
            })
    }
}

/// The real path behind a display path ([`Context::display`] reversed, with the same context):
/// `~/…` under the home dir, a relative path under the current directory (else the project),
/// an absolute one as is. `None` for an environment variable. Only for a location that is no
/// file discovery read (a directory, a file that is missing): a file read has its real path.
fn real_path(ctx: &Context, display: &str) -> Option<PathBuf> {
    if display.starts_with("env:") {
        return None;
    }
    if let Some(rest) = display.strip_prefix("~/") {
        return ctx.home.as_ref().map(|h| h.join(rest));
    }
    let p = Path::new(display);
    if p.is_absolute() {
        return Some(p.to_path_buf());
    }
    let base = ctx.cwd.as_ref().or(ctx.project.as_ref())?;
    Some(if display == "." {
        base.clone()
    } else {
        base.join(p)
    })
}
