//! Rules over what an accepted hook *does*, for every convention.
//!
//! Lowering checks a file's format (keys, types, event names, the matcher syntax of its
//! convention) and produces IR hooks; the rules here then run once over the accepted hooks of
//! every convention, like ruff's rules or zizmor's audits over a parsed workflow. One file per
//! family, each holding its codes:
//!
//! - [`command`]: what a command runs (download-and-execute, writes outside the project, a script
//!   that does not exist, paths and variables that only work elsewhere);
//! - [`timeout`]: timeouts that look like milliseconds, or too short to start a process;
//! - [`matcher`]: regexes that can backtrack catastrophically, comma lists read as one regex,
//!   tool names the agent does not have;
//! - [`script`]: what the scripts a hook runs do (`hooks audit`: they are read, not just named).
//!
//! A new convention gets every rule: the rules read only the IR ([`Hook`]), the contract table
//! and the source text (to point at the token, not just the hook).

mod command;
pub(crate) mod machine;
mod matcher;
mod readers;
pub(crate) use matcher::bar_list;
pub(crate) mod script;
pub(crate) mod shell;
mod timeout;

pub(crate) use command::{script_paths, script_paths_of};

use adapters::line_index::LineIndex;
use adapters::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Hook};

use std::path::{Path, PathBuf};

/// Where a hook's file puts it: who shares it and the directory its commands run in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A user-level file (`~/.claude/settings.json`, `~/.jcode/config.toml`): it runs in every
    /// project, so a relative path has no fixed meaning.
    User,
    /// A file of the project `root`, shared with everyone who clones it (`shared`) or personal
    /// (`.claude/settings.local.json`).
    Project { root: PathBuf, shared: bool },
    /// A Claude plugin's `hooks/hooks.json`: `${CLAUDE_PLUGIN_ROOT}` is `root`; commands run in
    /// the project, which is unknown here.
    Plugin { root: PathBuf },
    /// Not known (an environment variable, a file outside the project and the home dir).
    Unknown,
}

impl Scope {
    /// The directory the hook's commands run in, when known.
    pub(crate) fn cwd(&self) -> Option<&Path> {
        match self {
            Scope::Project { root, .. } => Some(root),
            _ => None,
        }
    }
}

/// One accepted hook as the rules see it.
pub(crate) struct Target<'a> {
    pub ctx: &'a Context,
    pub hook: &'a Hook,
    /// The text of the hook's file, when it is a text file that was read.
    pub text: Option<&'a str>,
    pub scope: Scope,
}

impl Target<'_> {
    /// The hook's byte span in [`Target::text`].
    pub(crate) fn span(&self) -> Option<(usize, usize)> {
        self.hook.location.span
    }

    /// The span of `needle` as written near the hook: inside the hook's span first, else the
    /// nearest copy within a few KiB either side (a JSON matcher precedes its handlers; a TOML
    /// entry's keys follow its header). Tries the JSON-encoded form first (quotes and escapes
    /// included), then the raw text.
    pub(crate) fn find(&self, needle: &str) -> Option<(usize, usize)> {
        let text = self.text?;
        let (start, end) = self.span()?;
        // Most needles need no escape: quoted without serde_json's writer.
        let encoded = if needle.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
            serde_json::to_string(needle).ok()?
        } else {
            ["\"", needle, "\""].concat()
        };
        let found = [encoded.as_str(), needle]
            .into_iter()
            .filter(|n| !n.is_empty())
            .find_map(|n| find_near(text, (start, end), n));
        found
    }
}

/// Bytes searched on each side of a hook for the text a finding points at.
const WINDOW: usize = 4096;

fn find_near(text: &str, (start, end): (usize, usize), needle: &str) -> Option<(usize, usize)> {
    // memchr's searchers: `str::find` prepares a two-way search per call, which cost more
    // than the search in these short texts. A match of a whole `&str` in a `&str` starts and
    // ends on character boundaries, so byte offsets are valid.
    let find = |s: &str| memchr::memmem::find(s.as_bytes(), needle.as_bytes());
    let rfind = |s: &str| memchr::memmem::rfind(s.as_bytes(), needle.as_bytes());
    let end = end.min(text.len());
    let start = start.min(end);
    if let Some(i) = text.get(start..end).and_then(find) {
        return Some((start + i, start + i + needle.len()));
    }
    let after_end = floor(text, (end + WINDOW).min(text.len()));
    let after = text.get(start..after_end).and_then(find).map(|i| start + i);
    let before_start = floor(text, start.saturating_sub(WINDOW));
    let before = text
        .get(before_start..start)
        .and_then(rfind)
        .map(|i| before_start + i);
    let best = match (before, after) {
        (Some(b), Some(a)) => Some(if start - b <= a - start { b } else { a }),
        (b, a) => b.or(a),
    }?;
    Some((best, best + needle.len()))
}

fn floor(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A finding of a rule: its code, message and help, at a span of the hook's file (`None`: at
/// the hook).
#[derive(Clone)]
pub(crate) struct Finding {
    pub code: Code,
    pub message: String,
    pub help: Option<String>,
    pub span: Option<(usize, usize)>,
}

impl Finding {
    pub(crate) fn new(code: Code, message: impl Into<String>) -> Self {
        Finding {
            code,
            message: message.into(),
            help: None,
            span: None,
        }
    }
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    pub(crate) fn at(mut self, span: Option<(usize, usize)>) -> Self {
        self.span = span;
        self
    }
}

/// The files of a run by what they are (convention, real path), for [`file_of`].
pub(crate) type Files<'a> = foldhash::HashMap<(Convention, &'a Path), &'a SourceFile>;

/// `sources` by what each file is.
pub(crate) fn by_path(sources: &[SourceFile]) -> Files<'_> {
    sources
        .iter()
        .map(|s| ((s.convention, s.path.as_path()), s))
        .collect()
}

/// The file `hook` was read from ([`Hook::source_file`], stamped by discovery).
pub(crate) fn file_of<'a>(files: &Files<'a>, hook: &Hook) -> Option<&'a SourceFile> {
    let path = hook.source_file.as_deref()?;
    files.get(&(hook.convention, path)).copied()
}

/// A finding already reported: its code, file, span and message.
type Seen<'a> = (Code, &'a str, Option<(usize, usize)>, String);

/// Runs every rule over the accepted hooks of `out` and adds their findings, each once (hooks
/// of one group share a matcher; a jcode slot shares one timeout).
pub(crate) fn check(ctx: &Context, out: &mut Output) {
    let files = by_path(&out.sources);
    let mut indexes: foldhash::HashMap<&str, LineIndex> = Default::default();
    let mut seen: foldhash::HashSet<Seen> = Default::default();
    let mut found = Vec::new();
    // The scope of the previous hook's file: a file's hooks are consecutive.
    let mut last_scope: Option<(&SourceFile, Scope)> = None;
    let mut last_matcher = None;
    let mut findings = Vec::new();
    for hook in &out.hooks {
        let file = file_of(&files, hook);
        let scope = match (file, &last_scope) {
            (None, _) => Scope::Unknown,
            (Some(f), Some((p, s))) if std::ptr::eq(*p, f) => s.clone(),
            (Some(f), _) => {
                let s = scope_of(f);
                last_scope = Some((f, s.clone()));
                s
            }
        };
        let target = Target {
            ctx,
            hook,
            text: file.and_then(|f| f.text.as_deref()),
            scope,
        };
        findings.clear();
        command::check(&target, &mut findings);
        timeout::check(&target, &mut findings);
        matcher::check(&target, &mut last_matcher, &mut findings);
        readers::check(&target, file, &mut findings);
        for f in findings.drain(..) {
            let span = f.span.or(hook.location.span);
            if !seen.insert((f.code, hook.location.path.as_str(), span, f.message.clone())) {
                continue;
            }
            let location = match (span, target.text) {
                (Some((s, e)), Some(text)) => indexes
                    .entry(hook.location.path.as_str())
                    .or_insert_with(|| LineIndex::new(text))
                    .location(text, hook.location.path.clone(), s, e),
                _ => hook.location.clone(),
            };
            let mut d = Diagnostic::new(f.code, f.message)
                .with_convention(hook.convention)
                .at(location);
            if let Some(h) = f.help {
                d = d.with_help(h);
            }
            found.push(d);
        }
    }
    if !found.is_empty() {
        let all = std::mem::take(&mut out.diagnostics);
        out.diagnostics = hook_ir::place_in_source_order(all, found);
    }
}

/// The findings of [`machine`] (this machine's `PATH`, file modes) for each of `hooks`, in the
/// order of `hooks`: what `hooks doctor` adds to the rules of `hooks lint`.
pub(crate) fn check_machine(
    ctx: &Context,
    hooks: &[Hook],
    sources: &[SourceFile],
) -> Vec<Vec<Diagnostic>> {
    let mut indexes: foldhash::HashMap<&str, LineIndex> = Default::default();
    hooks
        .iter()
        .map(|hook| {
            let file = adapters::source_of(sources, hook);
            let target = Target {
                ctx,
                hook,
                text: file.and_then(|f| f.text.as_deref()),
                scope: file.map_or(Scope::Unknown, scope_of),
            };
            let mut findings = Vec::new();
            machine::check(&target, &mut findings);
            findings
                .into_iter()
                .map(|f| {
                    let location = match (f.span, target.text) {
                        (Some((s, e)), Some(text)) => indexes
                            .entry(hook.location.path.as_str())
                            .or_insert_with(|| LineIndex::new(text))
                            .location(text, hook.location.path.clone(), s, e),
                        _ => hook.location.clone(),
                    };
                    let mut d = Diagnostic::new(f.code, f.message)
                        .with_convention(hook.convention)
                        .at(location);
                    if let Some(h) = f.help {
                        d = d.with_help(h);
                    }
                    d
                })
                .collect()
        })
        .collect()
}

/// Where the hooks of `file` act, from the layer discovery found it in (its scope and root,
/// typed data set where the file was looked up).
pub(crate) fn scope_of(file: &SourceFile) -> Scope {
    match (file.scope, &file.root) {
        (hook_ir::Scope::User, _) => Scope::User,
        (sc @ (hook_ir::Scope::Project | hook_ir::Scope::Personal), Some(root)) => Scope::Project {
            root: root.clone(),
            shared: sc == hook_ir::Scope::Project,
        },
        (hook_ir::Scope::Plugin, Some(root)) => Scope::Plugin { root: root.clone() },
        // A system file acts in every project of every user; a file without a known root has
        // no fixed working directory either.
        _ => Scope::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_near_prefers_the_span_then_the_nearest_copy() {
        let text = r#"{"matcher": "Bash", "hooks": [{"command": "x"}]} {"matcher": "Bash"}"#;
        let hook = text.find("{\"command\"").unwrap();
        let (s, e) = find_near(text, (hook, hook + 16), "\"Bash\"").unwrap();
        assert_eq!(&text[s..e], "\"Bash\"");
        assert_eq!(s, text.find("\"Bash\"").unwrap());
        assert_eq!(
            find_near(text, (hook, hook + 16), "\"x\""),
            Some((hook + 12, hook + 15))
        );
        assert_eq!(find_near(text, (0, 1), "nowhere"), None);
    }
}
