//! The human format: each diagnostic as rustc and ruff print theirs — `severity[code]: message`,
//! the file and the source lines it points at, then its help — and one summary line.

use super::fixable::Fixable;
use adapters::Discovered;
use annotate_snippets::{Level, Renderer, Snippet};
use hook_ir::{Diagnostic, Location, Severity};
use hooks_rules::fix::Applicability;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;

/// Whether to colour the output. Colour only on a terminal and never when `NO_COLOR` is set to a
/// non-empty value (https://no-color.org).
pub fn use_color(is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    is_terminal && !matches!(no_color, Some(v) if !v.is_empty())
}

/// Renders every diagnostic of `found`, then `context` (which configuration applied), then the
/// summary lines. Diagnostics that `--fix` would fix are marked `[*]`, as ruff marks them.
///
/// The output ends as ruff's does: `Found …`, then the `[*] N fixable with …` line that counts
/// among those problems, the one thing left to do. What shaped the counts (`Configuration: …`)
/// comes just before them, not after the hint.
pub fn render(found: &Discovered, fixable: &Fixable, color: bool, context: Option<&str>) -> String {
    let mut out = diagnostics_with(found, fixable, color);
    if let Some(line) = context {
        out.push_str(&visible_line(line));
        out.push('\n');
    }
    out.push_str(&summary(found));
    out.push('\n');
    if let Some(line) = fixable_line(&found.batch.diagnostics, fixable) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Renders every diagnostic of `found` (each followed by a blank line), no summary.
pub fn diagnostics(found: &Discovered, color: bool) -> String {
    diagnostics_with(found, &Fixable::default(), color)
}

fn diagnostics_with(found: &Discovered, fixable: &Fixable, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    let mut shown = Shown::default();
    for d in &found.batch.diagnostics {
        render_one(&mut out, &renderer, found, fixable, &mut shown, d);
        out.push('\n');
    }
    out
}

fn level(s: Severity) -> Level {
    match s {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        Severity::Info => Level::Info,
    }
}

/// Source texts as the terminal is shown them (see [`visible`]), built once per file: a file
/// with many diagnostics is not rescanned, and each diagnostic hands the renderer only the lines
/// it points at (annotate-snippets walks all the text it is given: 20,000 diagnostics over a
/// whole 1 MB file took minutes).
#[derive(Default)]
struct Shown(HashMap<String, ShownFile>);

struct ShownFile {
    text: String,
    /// (original offset, bytes added up to and including that character) per replaced character.
    shifts: Vec<(usize, usize)>,
    /// The offset in `text` of each line's start.
    line_starts: Vec<usize>,
}

impl Shown {
    /// The lines of `path`'s visible text that `span` covers, `span` moved onto them, and the
    /// number of their first line.
    fn get(&mut self, path: &str, text: &str, span: Range<usize>) -> (&str, Range<usize>, usize) {
        let f = self.0.entry(path.to_string()).or_insert_with(|| {
            let (text, shifts) = visible_with_shifts(text);
            let line_starts = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            ShownFile {
                text,
                shifts,
                line_starts,
            }
        });
        let moved = |off: usize| {
            let i = f.shifts.partition_point(|&(p, _)| p < off);
            off + if i == 0 { 0 } else { f.shifts[i - 1].1 }
        };
        let (s, e) = (moved(span.start), moved(span.end));
        let line_of = |off: usize| f.line_starts.partition_point(|&x| x <= off) - 1;
        let first = line_of(s);
        let last = line_of(e.saturating_sub(1).max(s));
        let from = f.line_starts[first];
        let to = f.line_starts.get(last + 1).copied().unwrap_or(f.text.len());
        (&f.text[from..to], s - from..e - from, first + 1)
    }
}

/// What a terminal is shown for `c` when `c` would act on the terminal instead of being
/// printed: a C0 control (but tab and newline) or DEL as its Unicode control picture (`␛` for
/// ESC), a C1 control as `�`. A config file or a file name with `ESC ]` or `ESC [` in it must not
/// retitle, recolour or clear the reader's terminal, and a newline in a file name must not split
/// the `-->` line.
fn picture(c: char) -> Option<char> {
    match c {
        '\n' | '\t' => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)),
        '\u{7f}' => Some('\u{2421}'),
        '\u{80}'..='\u{9f}' => Some('\u{fffd}'),
        _ => None,
    }
}

/// `text` with [`picture`] applied; a `\r` of a CRLF line end is kept.
pub fn visible(text: &str) -> String {
    visible_with_shifts(text).0
}

/// [`visible`] for what must stay on one line (a path, a command in `hooks list`): a newline is
/// shown as `␊` too.
pub fn visible_line(text: &str) -> String {
    visible(text).replace('\n', "\u{240a}")
}

fn visible_with_shifts(text: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(text.len());
    let mut shifts = Vec::new();
    let mut added = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let crlf = c == '\r' && matches!(chars.peek(), Some((_, '\n')));
        match picture(c).filter(|_| !crlf) {
            Some(p) => {
                out.push(p);
                added += p.len_utf8() - c.len_utf8();
                shifts.push((i, added));
            }
            None => out.push(c),
        }
    }
    (out, shifts)
}

fn render_one(
    out: &mut String,
    renderer: &Renderer,
    found: &Discovered,
    fixable: &Fixable,
    shown: &mut Shown,
    d: &Diagnostic,
) {
    let lvl = level(d.severity());
    let help_text = d.help.as_deref().map(visible);
    let help = help_text.as_deref().map(|h| Level::Help.title(h));
    let fix_text = fixable.get(d).map(|f| {
        visible(&match f.applicability {
            Applicability::Safe => format!("safe fix: {}", f.description),
            Applicability::Unsafe => {
                format!("unsafe fix (with `--unsafe-fixes`): {}", f.description)
            }
        })
    });
    let fix = fix_text.as_deref().map(|h| Level::Help.title(h));
    let explain = format!("run `hooks explain {}` for details", d.code);
    let note = Level::Note.title(&explain);
    let marker = if fixable.applies(d) { "[*] " } else { "" };
    let message = format!("{marker}{}", visible(&d.message));
    let mut msg = lvl.title(&message).id(d.code.as_str());
    let loc = d.location.as_ref();
    let origin = loc.map(|l| visible_line(&l.path));
    let snippet = loc.and_then(|l| {
        let text = found.source_text(&l.path)?;
        let span = span_of(l, text)?;
        Some(shown.get(&l.path, text, span))
    });
    if let (Some((text, span, line)), Some(path)) = (snippet.clone(), &origin) {
        msg = msg.snippet(
            Snippet::source(text)
                .line_start(line)
                .origin(path)
                .fold(true)
                .annotation(lvl.span(span)),
        );
    }
    // No text to show (a directory entry, an env variable, a file not read): still say where.
    let place = match (&snippet, loc) {
        (None, Some(l)) => Some(visible_line(&format!("at {}", place(l)))),
        _ => None,
    };
    if let Some(p) = &place {
        msg = msg.footer(Level::Note.title(p));
    }
    if let Some(h) = help {
        msg = msg.footer(h);
    }
    if let Some(f) = fix {
        msg = msg.footer(f);
    }
    msg = msg.footer(note);
    let _ = writeln!(out, "{}", renderer.render(msg));
}

/// `path:line:column`, or as much of it as is known.
pub fn place(l: &Location) -> String {
    match (l.line, l.column) {
        (Some(line), Some(col)) => format!("{}:{line}:{col}", l.path),
        (Some(line), None) => format!("{}:{line}", l.path),
        _ => l.path.clone(),
    }
}

/// The byte range to underline: the location's span, else the rest of its line from its column
/// (a location with a line but no span, e.g. from a parser that reports only positions).
fn span_of(l: &Location, text: &str) -> Option<std::ops::Range<usize>> {
    if let Some((s, e)) = l.span {
        if s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e) {
            // At the end of a file that ends with a newline: on the last line, after its last
            // character, where its location's line and column say (`last_line_end`).
            let s = hook_ir::last_line_end(text, s);
            let e = e.max(s);
            // An empty span (a missing key at the end of a table) still gets one caret.
            let e = if s == e { next_char(text, s) } else { e };
            return Some(s..e);
        }
    }
    let line = usize::try_from(l.line?).ok()?.checked_sub(1)?;
    let mut start = 0;
    for _ in 0..line {
        start += text[start..].find('\n')? + 1;
    }
    let line_text = &text[start..];
    let line_end = start + line_text.find('\n').unwrap_or(line_text.len());
    let col = l
        .column
        .and_then(|c| usize::try_from(c).ok())
        .unwrap_or(1)
        .saturating_sub(1);
    let offset = text[start..line_end]
        .char_indices()
        .nth(col)
        .map_or(line_end, |(i, _)| start + i);
    let end = if offset == line_end {
        next_char(text, offset)
    } else {
        line_end
    };
    Some(offset..end)
}

fn next_char(text: &str, i: usize) -> usize {
    text[i..].chars().next().map_or(i, |c| i + c.len_utf8())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `Found 2 errors, 1 warning and 0 infos; 3 accepted hooks.`; with no problem, where lint
/// looked: `No problems found in 2 files (.claude/settings.json, ~/.jcode/config.toml); 3
/// accepted hooks.`, or `No hook files found; nothing was linted.`
pub fn summary(found: &Discovered) -> String {
    let b = &found.batch;
    let count = |s| super::json::count(b, s);
    let (e, w, i) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let hooks = plural(b.hooks.len(), "accepted hook", "accepted hooks");
    if e + w + i == 0 {
        return match looked_at(found) {
            None => "No hook files found; nothing was linted.".to_string(),
            Some(files) => format!("No problems found in {files}; {hooks}."),
        };
    }
    format!(
        "Found {}, {} and {}; {hooks}.",
        plural(e, "error", "errors"),
        plural(w, "warning", "warnings"),
        plural(i, "info", "infos"),
    )
}

/// At most this many files are named in the summary; beyond, their conventions are.
const NAMED_FILES: usize = 4;

/// The files lint read, named (`2 files (a, b)`) or, when many, counted by convention
/// (`12 files of claude-settings, codex-json`); `None` when it read none.
fn looked_at(found: &Discovered) -> Option<String> {
    let mut files: Vec<&str> = Vec::new();
    let mut conventions: Vec<&str> = Vec::new();
    for s in &found.sources {
        if !files.contains(&s.display.as_str()) {
            files.push(&s.display);
        }
        if !conventions.contains(&s.convention.as_str()) {
            conventions.push(s.convention.as_str());
        }
    }
    let n = plural(files.len(), "file", "files");
    match files.len() {
        0 => None,
        k if k <= NAMED_FILES => Some(visible_line(&format!("{n} ({})", files.join(", ")))),
        _ => Some(format!("{n} of {}", conventions.join(", "))),
    }
}

/// ruff's line about fixes: `[*] 2 fixable with `hooks lint --fix` (1 hidden fix can be enabled
/// with `--unsafe-fixes`).`; `None` when nothing is fixable.
pub fn fixable_line(diagnostics: &[Diagnostic], fixable: &Fixable) -> Option<String> {
    let (applied, hidden) = fixable.counts(diagnostics);
    let command = if fixable.unsafe_fixes {
        "`hooks lint --fix --unsafe-fixes`"
    } else {
        "`hooks lint --fix`"
    };
    let hidden_text = (hidden > 0).then(|| {
        format!(
            "{} can be enabled with `--unsafe-fixes`",
            plural(hidden, "hidden fix", "hidden fixes")
        )
    });
    match (applied, hidden_text) {
        (0, None) => None,
        (0, Some(h)) => Some(format!("No fixes available ({h}).")),
        (n, None) => Some(format!("[*] {n} fixable with {command}.")),
        (n, Some(h)) => Some(format!("[*] {n} fixable with {command} ({h}).")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_batch::{demo, demo_fixes, demo_sources};

    #[test]
    fn renders_source_lines_help_and_summary() {
        let found = Discovered {
            batch: demo(),
            sources: demo_sources(),
            outside: Vec::new(),
            never_run: Vec::new(),
        };
        insta::assert_snapshot!(render(
            &found,
            &demo_fixes(),
            false,
            Some("Configuration: hooks.toml")
        ));
    }

    #[test]
    fn colour_is_used_only_on_a_terminal_without_no_color() {
        use std::ffi::OsStr;
        assert!(use_color(true, None));
        assert!(use_color(true, Some(OsStr::new(""))));
        assert!(!use_color(true, Some(OsStr::new("1"))));
        assert!(!use_color(false, None));
        let found = Discovered {
            batch: demo(),
            sources: demo_sources(),
            outside: Vec::new(),
            never_run: Vec::new(),
        };
        assert!(render(&found, &Fixable::default(), true, None).contains('\u{1b}'));
        assert!(!render(&found, &Fixable::default(), false, None).contains('\u{1b}'));
    }

    #[test]
    fn a_clean_batch_prints_only_the_summary_with_where_lint_looked() {
        let found = Discovered::default();
        assert_eq!(
            render(&found, &Fixable::default(), false, None),
            "No hook files found; nothing was linted.\n"
        );
        let found = Discovered {
            batch: hook_ir::Batch::default(),
            sources: demo_sources(),
            outside: Vec::new(),
            never_run: Vec::new(),
        };
        assert_eq!(
            render(&found, &Fixable::default(), false, None),
            "No problems found in 2 files (.jarvis-code/config.toml, .codex/hooks.json); 0 accepted hooks.\n"
        );
        let many = Discovered {
            batch: hook_ir::Batch::default(),
            sources: [demo_sources(), demo_sources(), demo_sources()]
                .concat()
                .into_iter()
                .enumerate()
                .map(|(i, mut s)| {
                    s.display = format!("{i}/{}", s.display);
                    s
                })
                .collect(),
            outside: Vec::new(),
            never_run: Vec::new(),
        };
        assert_eq!(
            summary(&many),
            "No problems found in 6 files of jarvis, codex-json; 0 accepted hooks."
        );
    }

    #[test]
    fn line_without_span_underlines_from_the_column_to_the_end_of_the_line() {
        let text = "a = 1\nbé = \"x\"\n";
        let l = Location {
            path: "f".into(),
            line: Some(2),
            column: Some(2),
            span: None,
        };
        let r = span_of(&l, text).unwrap();
        assert_eq!(&text[r], "é = \"x\"");
        let past = Location {
            line: Some(9),
            ..l.clone()
        };
        assert_eq!(span_of(&past, text), None);
    }

    #[test]
    fn control_characters_in_paths_sources_and_messages_reach_the_terminal_as_pictures() {
        let text = "# \u{1b}]0;pwned\u{7} \u{9b}2J\r\n[hooks]\n\u{1b}[2Jx = 1\n";
        let at = text.find('x').unwrap();
        let found = Discovered {
            batch: hook_ir::Batch {
                hooks: vec![],
                diagnostics: vec![
                    Diagnostic::new(hook_ir::Code::ParseError, "bad \u{1b}[31m").at(
                        Location::at_span(String::from("a\nb\u{1b}.toml"), text, at, at + 1),
                    ),
                ],
            },
            sources: vec![adapters::SourceFile {
                convention: hook_ir::Convention::Jcode,
                path: "/p/a\nb\u{1b}.toml".into(),
                display: "a\nb\u{1b}.toml".into(),
                text: Some(text.into()),
                scope: hook_ir::Scope::Project,
                root: None,
                readers: Vec::new(),
            }],
            outside: Vec::new(),
            never_run: Vec::new(),
        };
        let out = render(&found, &Fixable::default(), false, None);
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(out.contains(" --> a␊b␛.toml:3:5\n"), "{out}");
        assert!(out.contains("3 | ␛[2Jx = 1\n"), "{out}");
        // The caret stays under the `x` the location names.
        assert!(out.contains("  |     ^\n"), "{out}");
    }

    proptest::proptest! {
        /// Whatever the source text and wherever a location points (past the end, inside a
        /// character, an empty span, line 0), rendering never panics and shows the code.
        #[test]
        fn rendering_never_panics(
            text in "(\\PC|\n|\t){0,60}",
            start in 0usize..80,
            len in 0usize..20,
            line in proptest::option::of(0u32..8),
            column in proptest::option::of(0u32..30),
            has_span in proptest::bool::ANY,
        ) {
            let loc = Location {
                path: "f.toml".into(),
                line,
                column,
                span: has_span.then_some((start, start + len)),
            };
            let found = Discovered {
                batch: hook_ir::Batch {
                    hooks: vec![],
                    diagnostics: vec![Diagnostic::new(hook_ir::Code::ParseError, "m").at(loc)],
                },
                sources: vec![adapters::SourceFile {
                    convention: hook_ir::Convention::Jarvis,
                    path: "/p/f.toml".into(),
                    display: "f.toml".into(),
                    text: Some(text),
                    scope: hook_ir::Scope::Project,
                    root: None,
                    readers: Vec::new(),
                }],
                outside: Vec::new(),
                never_run: Vec::new(),
            };
            let out = render(&found, &Fixable::default(), false, None);
            proptest::prop_assert!(out.starts_with("error[parse_error]: m"), "{}", out);
        }
    }
}
