//! Where a hook or a diagnostic comes from.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A position in a source: a file with an optional 1-based line/column, or a named non-text
/// source (a directory hook, an environment variable: `env:JCODE_HOOK_PRE_TOOL`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Location {
    /// Display path: relative to the current directory when under it (the project root for a
    /// library caller that gives none), `~/…` under the home dir, absolute otherwise, or
    /// `env:NAME` for an environment variable.
    pub path: String,
    /// 1-based line, `None` when the source has no text position.
    pub line: Option<u32>,
    /// 1-based column (in characters), `None` when the source has no text position.
    pub column: Option<u32>,
    /// Byte range in the source text, used by renderers to show the lines it points at.
    /// Not part of the public JSON output.
    #[serde(default, skip_serializing)]
    #[schemars(skip)]
    pub span: Option<(usize, usize)>,
}

impl Location {
    /// A location without a text position (a whole file, a directory entry, an env var).
    pub fn path_only(path: impl Into<String>) -> Self {
        Location {
            path: path.into(),
            line: None,
            column: None,
            span: None,
        }
    }

    /// The location of an environment variable, `env:NAME`.
    pub fn env(var: &str) -> Self {
        Location::path_only(format!("env:{var}"))
    }

    /// A location at a byte offset range of `text`, computing 1-based line and column
    /// (column counted in characters). Offsets past the end are clamped, never a panic.
    pub fn at_span(path: impl Into<String>, text: &str, start: usize, end: usize) -> Self {
        let start = last_line_end(text, clamp_to_char_boundary(text, start));
        let end = clamp_to_char_boundary(text, end.max(start));
        let (line, column) = line_col(text, start);
        Location {
            path: path.into(),
            line: Some(line),
            column: Some(column),
            span: Some((start, end)),
        }
    }

    /// Whether this location names an environment variable.
    pub fn is_env(&self) -> bool {
        self.path.starts_with("env:")
    }
}

fn clamp_to_char_boundary(text: &str, mut i: usize) -> usize {
    if i >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// `offset`, or, when it is the end of a text that ends with a newline, the end of the last line
/// (where its `\n`, or the `\r` of its `\r\n`, starts). After the final newline there is no
/// line: an error at the end of the file ("unexpected end of file", a missing closing bracket)
/// is shown on the last line, after its last character, as editors show it — not on a line
/// `N + 1` that no editor and no CI annotation has.
pub fn last_line_end(text: &str, offset: usize) -> usize {
    if offset < text.len() || !text.ends_with('\n') {
        return offset;
    }
    let body = &text[..text.len() - 1];
    body.strip_suffix('\r').unwrap_or(body).len()
}

/// 1-based (line, column) of byte offset `offset` in `text`; the column counts characters. The
/// end of a text that ends with a newline is the end of its last line ([`last_line_end`]).
pub fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let offset = last_line_end(text, clamp_to_char_boundary(text, offset));
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(column).unwrap_or(u32::MAX),
    )
}

/// The display form of `path`: relative to `project` when under it, `~/…` when under `home`,
/// else the path as given. Pure path arithmetic, no file system access.
///
/// When both contain `path` (a home dir inside the project, as in a demo tree, or a project
/// inside the home dir, the usual case), the deeper of the two wins, so `~/.jcode/config.toml`
/// stays recognizable as a user-level file.
pub fn display_path(path: &Path, project: Option<&Path>, home: Option<&Path>) -> String {
    let depth = |base: Option<&Path>| {
        base.filter(|b| strip(path, b).is_some())
            .map(|b| b.components().count())
    };
    let home_wins = match (depth(project), depth(home)) {
        (Some(p), Some(h)) => h > p,
        (None, Some(_)) => true,
        _ => false,
    };
    if home_wins {
        if let Some(rel) = home.and_then(|h| strip(path, h)) {
            return format!("~/{rel}");
        }
    }
    if let Some(rel) = project.and_then(|p| strip(path, p)) {
        return if rel.is_empty() {
            ".".into()
        } else {
            rel.into_owned()
        };
    }
    path.to_string_lossy().into_owned()
}

/// The display form of `path` for a command run in `cwd`: relative to `cwd` when under it, else
/// `~/…` when under `home`, else absolute. Every format prints these paths, so a CI annotation or
/// a SARIF result names a file that exists from where the linter ran (the repository root), and
/// two project roots linted at once never share a display path. Pure path arithmetic.
pub fn display_from_cwd(path: &Path, cwd: &Path, home: Option<&Path>) -> String {
    if let Some(rel) = strip(path, cwd) {
        return if rel.is_empty() {
            ".".into()
        } else {
            rel.into_owned()
        };
    }
    display_path(path, None, home)
}

/// `path` below `base` as text (`Path::strip_prefix`, lossily converted), `None` when it is not
/// below it. Compared as bytes when both are written plainly, which is what `Path` would
/// conclude component by component; `Path` decides for the others. Every diagnostic's path
/// goes through here, and comparing components was a good part of `hooks lint` on 10,000
/// files.
fn strip<'p>(path: &'p Path, base: &Path) -> Option<std::borrow::Cow<'p, str>> {
    if let (Some(p), Some(b)) = (path.to_str(), base.to_str()) {
        if plain(p) && plain(b) {
            let rest = p.strip_prefix(b)?;
            return match rest.strip_prefix('/') {
                Some(rest) => Some(rest.into()),
                None if rest.is_empty() => Some("".into()),
                None => None,
            };
        }
    }
    path.strip_prefix(base).ok().map(|r| r.to_string_lossy())
}

/// Whether a path's text has one component per `/`-separated piece: not empty, no empty or `.`
/// piece, no trailing `/`, and not the root alone.
fn plain(s: &str) -> bool {
    !s.is_empty()
        && s != "/"
        && !s.ends_with('/')
        && !s.contains("//")
        && s != "."
        && !s.starts_with("./")
        && !s.ends_with("/.")
        && !s.contains("/./")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text comparison says what `Path` says, plain paths or not.
    #[test]
    fn strip_agrees_with_path() {
        let paths = [
            "/",
            "/a",
            "/a/b",
            "/a/b/",
            "/a//b",
            "/a/./b",
            "/a/b/.",
            "/ab",
            "/a/bc",
            "a",
            "a/b",
            "./a",
            ".",
            "",
            "/a/../b",
            "/a/b/c.json",
            "/a/é/ü",
            "a//b/",
            "/a/b/../c",
        ];
        for p in paths {
            for b in paths {
                let want = Path::new(p)
                    .strip_prefix(b)
                    .ok()
                    .map(|r| r.to_string_lossy().into_owned());
                let got = strip(Path::new(p), Path::new(b)).map(|r| r.into_owned());
                assert_eq!(got, want, "{p:?} under {b:?}");
            }
        }
    }

    #[test]
    fn display_from_cwd_is_relative_under_cwd_then_home_then_absolute() {
        let cwd = Path::new("/repo");
        let home = Some(Path::new("/repo/examples/demo/home"));
        // Under the cwd wins even when the home dir is deeper: CI needs a path from the root.
        assert_eq!(
            display_from_cwd(
                Path::new("/repo/examples/demo/home/.jcode/config.toml"),
                cwd,
                home
            ),
            "examples/demo/home/.jcode/config.toml"
        );
        assert_eq!(
            display_from_cwd(
                Path::new("/h/.claude/settings.json"),
                cwd,
                Some(Path::new("/h"))
            ),
            "~/.claude/settings.json"
        );
        assert_eq!(
            display_from_cwd(Path::new("/else/hooks.json"), cwd, Some(Path::new("/h"))),
            "/else/hooks.json"
        );
        assert_eq!(display_from_cwd(Path::new("/repo"), cwd, None), ".");
    }

    #[test]
    fn line_col_counts_lines_and_characters() {
        let text = "a = 1\nbé = \"x\"\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 6), (2, 1));
        // 'é' is two bytes but one column.
        let off = text.find('=').unwrap();
        assert_eq!(line_col(text, off), (1, 3));
        let off2 = text[6..].find('=').unwrap() + 6;
        assert_eq!(line_col(text, off2), (2, 4));
    }

    #[test]
    fn the_end_of_a_file_is_on_its_last_line() {
        // After the final newline there is no line N + 1: the end is after the last character.
        assert_eq!(line_col("a = 1\nb = [\n", 12), (2, 6));
        assert_eq!(line_col("a = 1\r\nb = [\r\n", 14), (2, 6));
        assert_eq!(
            Location::at_span("f", "a = 1\nb = [\n", 12, 12).span,
            Some((11, 12))
        );
        // No final newline: the end is already on the last line.
        assert_eq!(line_col("a = 1\nb = [", 11), (2, 6));
        // Empty lines before the end are lines: the end comes after the last of them.
        assert_eq!(line_col("a\n\n", 3), (2, 1));
        assert_eq!(line_col("\n", 1), (1, 1));
        assert_eq!(line_col("", 0), (1, 1));
        assert_eq!(last_line_end("ab\n", 1), 1);
    }

    #[test]
    fn spans_past_the_end_or_inside_a_char_are_clamped() {
        let text = "é";
        let loc = Location::at_span("f", text, 1, 99);
        assert_eq!(loc.span, Some((0, 2)));
        assert_eq!((loc.line, loc.column), (Some(1), Some(1)));
    }

    #[test]
    fn display_path_prefers_project_then_home() {
        let p = Path::new("/home/u/proj/.jarvis/config.toml");
        assert_eq!(
            display_path(
                p,
                Some(Path::new("/home/u/proj")),
                Some(Path::new("/home/u"))
            ),
            ".jarvis/config.toml"
        );
        assert_eq!(
            display_path(p, Some(Path::new("/other")), Some(Path::new("/home/u"))),
            "~/proj/.jarvis/config.toml"
        );
        assert_eq!(
            display_path(p, None, None),
            "/home/u/proj/.jarvis/config.toml"
        );
    }

    #[test]
    fn display_path_prefers_the_deeper_base_when_home_is_inside_the_project() {
        let project = Path::new("/p");
        let home = Path::new("/p/home");
        assert_eq!(
            display_path(
                Path::new("/p/home/.jcode/config.toml"),
                Some(project),
                Some(home)
            ),
            "~/.jcode/config.toml"
        );
        assert_eq!(
            display_path(Path::new("/p/.codex/hooks.json"), Some(project), Some(home)),
            ".codex/hooks.json"
        );
    }
}
