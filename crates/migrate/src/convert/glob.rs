//! Regex matchers as shell `case` patterns, for jcode (which has no matcher: `hooks import` wraps
//! the command in `case "$JCODE_HOOK_TOOL_NAME" in PATTERN) …`).
//!
//! A regex moves only when a `case` pattern matches exactly the same names: a top-level
//! alternation whose branches are literals, `.*` (any string), `.+` and `.` (one character),
//! each optionally anchored with `^`/`$` (an unanchored side becomes a `*`). `Edit|Write` becomes
//! `*Edit*|*Write*` (an unanchored regex matches inside a name), `^mcp__.*__delete.*` becomes
//! `mcp__*__delete*`. Anything else (classes, counted or optional pieces, lookaround, groups
//! inside a branch) has no exact glob and is refused by the caller.

/// One piece of a glob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A literal string.
    Lit(String),
    /// `*`: any string, empty included.
    Any,
    /// `?`: exactly one character.
    One,
}

/// A `case` pattern: a sequence of pieces.
pub type Glob = Vec<Piece>;

/// The globs (one per alternative) matching exactly what `pattern` matches, or `None`.
/// The pattern is read in the subset JavaScript and Rust regexes share.
pub fn regex_to_globs(pattern: &str) -> Option<Vec<Glob>> {
    let (body, outer_start, outer_end) = strip_outer_group(pattern);
    split_top(body)?
        .into_iter()
        .map(|b| branch(b, outer_start, outer_end))
        .collect()
}

/// `^(?:A|B)$` → (`A|B`, true, true); otherwise the pattern itself.
fn strip_outer_group(p: &str) -> (&str, bool, bool) {
    let (s, start) = match p.strip_prefix('^') {
        Some(r) => (r, true),
        None => (p, false),
    };
    let (s, end) = match s.strip_suffix('$') {
        Some(r) if !r.ends_with('\\') => (r, true),
        _ => (s, false),
    };
    let inner = s
        .strip_prefix("(?:")
        .or_else(|| s.strip_prefix('('))
        .and_then(|r| r.strip_suffix(')'));
    match inner {
        // Only when the group spans the whole pattern (no `)(` pairing elsewhere).
        Some(i) if balanced(i) => (i, start, end),
        _ => (p, false, false),
    }
}

fn balanced(s: &str) -> bool {
    let mut depth = 0i32;
    let mut esc = false;
    for c in s.chars() {
        match c {
            _ if esc => esc = false,
            '\\' => esc = true,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// Splits at top-level `|`; `None` when a branch holds a group (no exact glob then).
fn split_top(s: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut esc = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if esc => esc = false,
            '\\' => esc = true,
            '(' | ')' => return None,
            '|' => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    Some(out)
}

/// One branch; the outer anchors apply when the branch has none of its own.
fn branch(b: &str, outer_start: bool, outer_end: bool) -> Option<Glob> {
    let (b, start) = match b.strip_prefix('^') {
        Some(r) => (r, true),
        None => (b, outer_start),
    };
    let (b, end) = match b.strip_suffix('$') {
        Some(r) if !r.ends_with('\\') || r.ends_with("\\\\") => (r, true),
        _ => (b, outer_end),
    };
    let mut glob: Glob = Vec::new();
    if !start {
        glob.push(Piece::Any);
    }
    let mut chars = b.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let n = chars.next()?;
                // Escaped punctuation is literal in both dialects; `\d`, `\w`, `\n`… are not.
                if n.is_ascii_alphanumeric() {
                    return None;
                }
                push_lit(&mut glob, n);
            }
            '.' => match chars.peek() {
                Some('*') => {
                    chars.next();
                    glob.push(Piece::Any);
                }
                Some('+') => {
                    chars.next();
                    glob.push(Piece::One);
                    glob.push(Piece::Any);
                }
                Some('?' | '{') => return None,
                _ => glob.push(Piece::One),
            },
            '*' | '+' | '?' | '{' | '}' | '[' | ']' | '^' | '$' | '(' | ')' | '|' => return None,
            c => {
                if matches!(chars.peek(), Some('*' | '+' | '?' | '{')) {
                    return None;
                }
                push_lit(&mut glob, c);
            }
        }
    }
    if !end {
        glob.push(Piece::Any);
    }
    Some(normalize(glob))
}

fn push_lit(g: &mut Glob, c: char) {
    match g.last_mut() {
        Some(Piece::Lit(s)) => s.push(c),
        _ => g.push(Piece::Lit(c.to_string())),
    }
}

/// Merges runs of `*` (`**` is `*`); the empty branch (`a|`) stays the empty glob.
fn normalize(g: Glob) -> Glob {
    let mut out: Glob = Vec::with_capacity(g.len());
    for p in g {
        if p == Piece::Any && out.last() == Some(&Piece::Any) {
            continue;
        }
        out.push(p);
    }
    out
}

/// The glob as a `case` pattern word: literals quoted where the shell would read them.
pub fn case_word(g: &Glob) -> String {
    if g.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for p in g {
        match p {
            Piece::Any => out.push('*'),
            Piece::One => out.push('?'),
            Piece::Lit(s) => out.push_str(&quote_lit(s)),
        }
    }
    out
}

fn quote_lit(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// A literal glob (no wildcard): the one name it matches.
pub fn literal(g: &Glob) -> Option<String> {
    match g.as_slice() {
        [] => Some(String::new()),
        [Piece::Lit(s)] => Some(s.clone()),
        _ => None,
    }
}

/// The regex (in the shared subset) matching exactly what the globs match: the inverse of
/// [`regex_to_globs`], used when a jcode wrapper is read back.
pub fn globs_to_regex(globs: &[Glob]) -> String {
    let branches: Vec<String> = globs.iter().map(|g| glob_regex(g)).collect();
    branches.join("|")
}

fn glob_regex(g: &[Piece]) -> String {
    let mut s = String::new();
    let n = g.len();
    for (i, p) in g.iter().enumerate() {
        match p {
            // A leading or trailing `*` is what an unanchored side already means.
            Piece::Any if i == 0 || i + 1 == n => {}
            Piece::Any => s.push_str(".*"),
            Piece::One => s.push('.'),
            Piece::Lit(l) => s.push_str(&regex_escape(l)),
        }
    }
    let start = g.first() != Some(&Piece::Any);
    let end = g.last() != Some(&Piece::Any);
    format!(
        "{}{}{}",
        if start { "^" } else { "" },
        s,
        if end { "$" } else { "" }
    )
}

fn regex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if "\\.+*?()|[]{}^$/-".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Parses a `case` pattern as written by [`case_word`] (`a|'b c'|mcp__*`); `None` if it is not one.
pub fn parse_case(p: &str) -> Option<Vec<Glob>> {
    let mut globs = Vec::new();
    let mut cur: Glob = Vec::new();
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        match c {
            '|' => globs.push(normalize(std::mem::take(&mut cur))),
            '\'' => loop {
                match chars.next()? {
                    '\'' => break,
                    ch => push_lit(&mut cur, ch),
                }
            },
            '\\' => push_lit(&mut cur, chars.next()?),
            '*' => cur.push(Piece::Any),
            '?' => cur.push(Piece::One),
            c if c.is_ascii_alphanumeric() || "-_.".contains(c) => push_lit(&mut cur, c),
            _ => return None,
        }
    }
    globs.push(normalize(cur));
    Some(globs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(p: &str) -> Option<String> {
        regex_to_globs(p).map(|g| g.iter().map(case_word).collect::<Vec<_>>().join("|"))
    }

    /// Whether `sh`'s `case` matches `name` against the pattern words.
    fn sh_matches(pattern: &str, name: &str) -> bool {
        let script = format!("case \"$1\" in {pattern}) exit 0;; esac; exit 1");
        std::process::Command::new("sh")
            .args(["-c", &script, "sh", name])
            .status()
            .unwrap()
            .success()
    }

    #[test]
    fn regexes_with_an_exact_glob() {
        for (re, glob) in [
            ("Edit|Write", "*Edit*|*Write*"),
            ("^mcp__.*__delete.*", "mcp__*__delete*"),
            ("^(?:Bash|Edit)$", "Bash|Edit"),
            ("^Bash$", "Bash"),
            ("^Bash", "Bash*"),
            ("Bash$", "*Bash"),
            ("^a.b$", "a?b"),
            ("^a.+$", "a?*"),
            (r"^mcp__my\-server__.*", "mcp__my-server__*"),
            ("^(Read|Write)$", "Read|Write"),
            (".*", "*"),
            ("^notebook edit$", "'notebook edit'"),
        ] {
            assert_eq!(words(re).as_deref(), Some(glob), "{re}");
        }
    }

    #[test]
    fn regexes_without_one() {
        for re in [
            "Bash(?!Output)",
            "^[A-Z]+$",
            r"^\w+$",
            "^ab?c$",
            "^a{2}$",
            "^(a|b)c$",
            "a(b|c)",
            "^Ba*sh$",
            "^a.?$",
        ] {
            assert_eq!(words(re), None, "{re}");
        }
    }

    #[test]
    fn the_glob_matches_what_the_regex_matches() {
        let names = [
            "Edit",
            "MultiEdit",
            "Write",
            "Bash",
            "BashOutput",
            "mcp__fs__delete_file",
            "mcp__fs__read",
            "mcp__x__delete",
            "a",
            "ab",
            "axb",
            "mcp__my-server__t",
            "notebook edit",
        ];
        for re in [
            "Edit|Write",
            "^mcp__.*__delete.*",
            "^(?:Bash|Edit)$",
            "^Bash",
            "Bash$",
            "^a.b$",
            "^a.+$",
            r"^mcp__my\-server__.*",
            "^notebook edit$",
        ] {
            let rx = regex::Regex::new(re).unwrap();
            let pat = words(re).unwrap();
            for n in names {
                assert_eq!(sh_matches(&pat, n), rx.is_match(n), "{re} / {pat} on {n}");
            }
            // Read back from the wrapper, the regex matches the same names.
            let back = globs_to_regex(&parse_case(&pat).unwrap());
            let brx = regex::Regex::new(&back).unwrap();
            for n in names {
                assert_eq!(
                    brx.is_match(n),
                    rx.is_match(n),
                    "{re} → {pat} → {back} on {n}"
                );
            }
        }
    }

    #[test]
    fn literals_read_back_as_names() {
        let g = parse_case("Bash|'my tool'").unwrap();
        assert_eq!(literal(&g[0]).as_deref(), Some("Bash"));
        assert_eq!(literal(&g[1]).as_deref(), Some("my tool"));
        assert_eq!(literal(&parse_case("mcp__*").unwrap()[0]), None);
    }
}
