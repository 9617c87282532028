//! `hooks lint --fix`: fixes for the diagnostics that have one, like ruff's.
//!
//! A fix is computed from a diagnostic (its code, its byte span, the did-you-mean of its help)
//! and the text of the file it points at, and edits that text in place: JSON through
//! `jsonc-parser`'s CST (the JSON writers' layer), TOML at the token's span, so comments, key
//! order and every unrelated byte are kept. One file per fix family:
//!
//! - [`rename`]: mis-cased and misspelt event names and keys (safe);
//! - [`wrapper`]: events outside the `"hooks"` object (safe);
//! - [`matcher`]: `Edit, Write` lists in regex matchers (safe); a matcher on an event that
//!   ignores it (unsafe: removed);
//! - [`timeout`]: a timeout in seconds that looks like milliseconds (unsafe: divided).
//!
//! Every fix is checked before it is offered or applied: the edited text is linted again the
//! way `hooks lint` reads it, and the fix is kept only when the diagnostic it fixes is gone and
//! no new error appeared. [`plan`] applies fixes one at a time, re-linting after each, until none
//! is left; it edits only the files that were linted, each within itself (a hook never changes
//! scope), and writes nothing: [`crate::write::apply`] does, atomically.

mod json;
mod matcher;
mod rename;
mod timeout;
mod toml;
mod wrapper;

use adapters::registry::Syntax;
use adapters::write::FileChange;
use adapters::{Context, Discovered, Output, SourceFile};
use hook_ir::{Code, Diagnostic, Severity};
use std::collections::HashMap;

/// Whether a fix can be applied without asking (`--fix`) or only with `--unsafe-fixes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Keeps what the user evidently meant (a name the agent ignores, a list that matches
    /// nothing).
    Safe,
    /// A judgment call (a number's unit, a matcher that may have been meant for another event).
    Unsafe,
}

impl Applicability {
    /// The public id (`safe`, `unsafe`), as in JSON and SARIF output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// What the fix of one diagnostic would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixInfo {
    /// Safe or unsafe.
    pub applicability: Applicability,
    /// What it changes, in a few words (``rename `tiemout` to `timeout` ``).
    pub description: String,
    /// The edits that make it, in the file's text as it was linted, in order, not overlapping
    /// (JSON and SARIF output carry them for editors and code-scanning tools).
    pub edits: Vec<Replacement>,
}

/// One text replacement: the region `start..end` of the linted text becomes `content`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// Where the replaced region starts: 1-based line and column (in characters, as every
    /// location of `hooks lint`).
    pub start: Position,
    /// Where it ends, exclusive (equal to `start` for an insertion).
    pub end: Position,
    /// The text put in its place (empty for a deletion).
    pub content: String,
}

/// A 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// The one replacement that turns `before` into `after`: everything between their common
/// prefix and common suffix (a fix edits one place; the CST writers keep every other byte).
fn replacement(before: &str, after: &str) -> Replacement {
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    let max_suffix = before.len().min(after.len()) - prefix;
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .scan(0, |n, l| {
            *n += l;
            Some(*n)
        })
        .take_while(|&n| n <= max_suffix)
        .last()
        .unwrap_or(0);
    let index = adapters::line_index::LineIndex::new(before);
    let at = |i: usize| {
        let l = index.location(before, "", i, i);
        Position {
            line: l.line.unwrap_or(1),
            column: l.column.unwrap_or(1),
        }
    };
    Replacement {
        start: at(prefix),
        end: at(before.len() - suffix),
        content: after[prefix..after.len() - suffix].to_string(),
    }
}

/// One edit a fix family proposes: the file's whole new text.
pub(crate) struct Edit {
    after: String,
    description: String,
    applicability: Applicability,
}

/// The file a fix edits.
pub(crate) struct File<'a> {
    syntax: Syntax,
    text: &'a str,
}

impl File<'_> {
    fn is_json(&self) -> bool {
        self.syntax == Syntax::Json
    }
}

/// The fix a family proposes for `d` in `f`, unchecked; `file` holds the file's other
/// diagnostics (a fix that must mend several at once reads them).
fn propose(d: &Diagnostic, f: &File<'_>, file: &[Diagnostic]) -> Option<Edit> {
    let span = d.location.as_ref()?.span?;
    let edit = match d.code {
        Code::UnknownEvent | Code::IgnoredKey | Code::UnknownField => rename::fix(d, span, f),
        Code::MissingHooksWrapper => {
            // The one fixed first, then the others in file order.
            let mut spans = vec![span];
            spans.extend(
                file.iter()
                    .filter(|o| o.code == Code::MissingHooksWrapper)
                    .filter_map(|o| o.location.as_ref()?.span)
                    .filter(|&s| s != span),
            );
            wrapper::fix_all(&spans, f)
        }
        Code::MatcherCommaList => matcher::comma_list(span, f),
        Code::MatcherHasNoEffect => matcher::remove(span, f),
        Code::TimeoutLooksLikeMilliseconds => timeout::fix(span, f),
        _ => None,
    }?;
    (edit.after != f.text).then_some(edit)
}

/// Lints `text` as the file at `path`, with the rules, the way `hooks lint` reads it; only the
/// diagnostics about that file.
fn lint_text(ctx: &Context, source: &SourceFile, text: &str) -> Vec<Diagnostic> {
    let (convention, path) = (source.convention, source.path.as_path());
    let display = ctx.display(path);
    let mut out = Output::default();
    // The fixed text is the same file in the same layer: the rules see it where lint did.
    let lowered = out.layer(source.scope, source.root.as_deref(), |out| {
        if !adapters::lower_text(ctx, convention, path, text.to_string(), out) {
            return false;
        }
        if !out.sources.iter().any(|s| s.display == display) {
            out.sources.push(SourceFile {
                convention,
                path: path.to_path_buf(),
                display: display.clone(),
                text: Some(text.to_string()),
                scope: source.scope,
                root: source.root.clone(),
                readers: source.readers.clone(),
            });
        }
        true
    });
    if !lowered {
        return Vec::new();
    }
    let mut found = crate::finish(ctx, out).batch.diagnostics;
    found.retain(|d| d.location.as_ref().is_some_and(|l| l.path == display));
    found
}

/// What identifies a diagnostic across edits of its file (spans move; messages do not).
fn key(d: &Diagnostic) -> (Code, &str) {
    (d.code, d.message.as_str())
}

fn counts(ds: &[Diagnostic]) -> HashMap<(Code, &str), usize> {
    let mut m = HashMap::new();
    for d in ds {
        *m.entry(key(d)).or_insert(0) += 1;
    }
    m
}

/// Whether `after` (the diagnostics of the fixed text) no longer has `fixed` (one copy fewer)
/// and has no error that `before` did not have.
fn verified(before: &[Diagnostic], after: &[Diagnostic], fixed: &Diagnostic) -> bool {
    let (b, a) = (counts(before), counts(after));
    let n = |m: &HashMap<(Code, &str), usize>, k| m.get(&k).copied().unwrap_or(0);
    n(&a, key(fixed)) < n(&b, key(fixed))
        && after
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .all(|d| n(&a, key(d)) <= n(&b, key(d)))
}

/// The codes of the reported diagnostics of `before` that `after` no longer has, one per copy.
fn gone(
    before: &[Diagnostic],
    after: &[Diagnostic],
    reported: &dyn Fn(&Diagnostic) -> bool,
) -> Vec<Code> {
    let mut left = counts(after);
    let mut out = Vec::new();
    for d in before.iter().filter(|d| reported(d)) {
        match left.get_mut(&key(d)) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.push(d.code),
        }
    }
    out
}

/// A checked fix of one diagnostic: its description and the file's new text.
fn checked(
    ctx: &Context,
    source: &SourceFile,
    text: &str,
    before: &[Diagnostic],
    d: &Diagnostic,
) -> Option<Edit> {
    let file = File {
        syntax: syntax_of(source)?,
        text,
    };
    let edit = propose(d, &file, before)?;
    let after = lint_text(ctx, source, &edit.after);
    verified(before, &after, d).then_some(edit)
}

/// The syntax `s` is fixed in: the config files with a text reader
/// ([`adapters::registry::Adapter::fix_syntax`]).
fn syntax_of(s: &SourceFile) -> Option<Syntax> {
    adapters::registry::adapter(s.convention).fix_syntax(&s.path)
}

/// Whether `s` can be fixed.
fn fixable(s: &SourceFile) -> bool {
    syntax_of(s).is_some()
}

/// The fix of each diagnostic of `found.batch` (same order), when it has a checked one.
pub fn available(ctx: &Context, found: &Discovered) -> Vec<Option<FixInfo>> {
    let mut sources: HashMap<&str, &SourceFile> = HashMap::new();
    for s in found.sources.iter().filter(|s| fixable(s)) {
        sources.entry(s.display.as_str()).or_insert(s);
    }
    let mut linted: HashMap<&str, Vec<Diagnostic>> = HashMap::new();
    found
        .batch
        .diagnostics
        .iter()
        .map(|d| fix_of(ctx, &sources, &mut linted, d))
        .collect()
}

/// The checked fix of `d`, linting its file (once, into `linted`) only when a fix is proposed.
fn fix_of<'a>(
    ctx: &Context,
    sources: &HashMap<&'a str, &'a SourceFile>,
    linted: &mut HashMap<&'a str, Vec<Diagnostic>>,
    d: &Diagnostic,
) -> Option<FixInfo> {
    let loc = d.location.as_ref()?;
    loc.span?;
    let (&display, &source) = sources.get_key_value(loc.path.as_str())?;
    let text = source.text.as_deref()?;
    let file = File {
        syntax: syntax_of(source)?,
        text,
    };
    // Most diagnostics have no fix: the file is linted again only once one is proposed.
    propose(d, &file, &[])?;
    let before = linted
        .entry(display)
        .or_insert_with(|| lint_text(ctx, source, text));
    let edit = checked(ctx, source, text, before, d)?;
    Some(FixInfo {
        applicability: edit.applicability,
        edits: vec![replacement(text, &edit.after)],
        description: edit.description,
    })
}

/// The fixes of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFixes {
    /// The file's old and new text (never a no-op).
    pub change: FileChange,
    /// What was fixed, in order: the code and the fix's description.
    pub fixed: Vec<(Code, String)>,
}

/// At most this many fixes per file: each is followed by a re-lint, and a file with more
/// problems than this is not a typo to fix one at a time.
const MAX_FIXES_PER_FILE: usize = 200;

/// Plans every checked fix of the files of `found` that have one (unsafe ones only with
/// `unsafe_fixes`), applying them one at a time and linting again after each, so a fix that
/// uncovers another problem (an event renamed, whose matcher is then checked) gets it fixed
/// too. Writes nothing.
pub fn plan(ctx: &Context, found: &Discovered, unsafe_fixes: bool) -> Vec<FileFixes> {
    plan_where(ctx, found, unsafe_fixes, &|_| true)
}

/// [`plan`], fixing only the diagnostics `reported` accepts: a project's lint configuration
/// (`hooks.toml`) leaves the codes it does not report unfixed, as ruff does.
pub fn plan_where(
    ctx: &Context,
    found: &Discovered,
    unsafe_fixes: bool,
    reported: &dyn Fn(&Diagnostic) -> bool,
) -> Vec<FileFixes> {
    let with_fixes: Vec<&str> = available(ctx, found)
        .iter()
        .zip(&found.batch.diagnostics)
        .filter(|(_, d)| reported(d))
        .filter(|(f, _)| {
            f.as_ref()
                .is_some_and(|f| unsafe_fixes || f.applicability == Applicability::Safe)
        })
        .filter_map(|(_, d)| d.location.as_ref().map(|l| l.path.as_str()))
        .collect();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for source in &found.sources {
        if !fixable(source)
            || !with_fixes.contains(&source.display.as_str())
            || !seen.insert(source.display.as_str())
        {
            continue;
        }
        let Some(original) = source.text.as_deref() else {
            continue;
        };
        let mut text = original.to_string();
        let mut fixed = Vec::new();
        let mut diags = lint_text(ctx, source, &text);
        while fixed.len() < MAX_FIXES_PER_FILE {
            let next = diags.iter().filter(|d| reported(d)).find_map(|d| {
                let edit = checked(ctx, source, &text, &diags, d)?;
                (unsafe_fixes || edit.applicability == Applicability::Safe).then_some((d, edit))
            });
            let Some((d, edit)) = next else {
                break;
            };
            text = edit.after;
            let after = lint_text(ctx, source, &text);
            // Every reported problem the edit made go counts as fixed: one edit can mend
            // several (the events moved into `"hooks"` at once), and "Would fix N" must say so.
            let gone = gone(&diags, &after, reported);
            fixed.extend(gone.into_iter().map(|c| (c, edit.description.clone())));
            if !fixed.iter().any(|(c, _)| *c == d.code) {
                fixed.push((d.code, edit.description));
            }
            diags = after;
        }
        if text != original {
            out.push(FileFixes {
                change: FileChange {
                    path: source.path.clone(),
                    display: source.display.clone(),
                    before: Some(original.to_string()),
                    after: text,
                    mode: None,
                },
                fixed,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, column: u32) -> Position {
        Position { line, column }
    }

    #[test]
    fn a_replacement_covers_only_what_changed() {
        let r = replacement("a = \"Edit, Write\"\n", "a = \"Edit|Write\"\n");
        assert_eq!((r.start, r.end), (pos(1, 10), pos(1, 12)));
        assert_eq!(r.content, "|");
        let r = replacement("{\n  \"é\": 30000\n}", "{\n  \"é\": 30\n}");
        assert_eq!(
            (r.start, r.end, r.content.as_str()),
            (pos(2, 10), pos(2, 13), "")
        );
        let r = replacement("x", "x");
        assert_eq!(
            (r.start, r.end, r.content.as_str()),
            (pos(1, 2), pos(1, 2), "")
        );
        let r = replacement("ab", "aXb");
        assert_eq!(
            (r.start, r.end, r.content.as_str()),
            (pos(1, 2), pos(1, 2), "X")
        );
        // Repeated characters: the prefix and suffix never overlap.
        let r = replacement("aaa", "aa");
        assert_eq!(
            (r.start, r.end, r.content.as_str()),
            (pos(1, 3), pos(1, 4), "")
        );
    }
}
