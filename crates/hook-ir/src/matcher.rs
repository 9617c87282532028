//! Matchers: which tool names (or other matched values) a hook fires for.
//!
//! The runner calls exactly this code to decide whether a hook fires, so lint and runtime agree.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The regular-expression dialect of a `regex` matcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Dialect {
    /// JavaScript `new RegExp(p).test(v)` semantics without flags (Jarvis, Claude), via `regress`.
    Ecmascript,
    /// The Rust `regex` crate (Codex).
    Rust,
}

impl Dialect {
    /// The public id.
    pub const fn as_str(self) -> &'static str {
        match self {
            Dialect::Ecmascript => "ecmascript",
            Dialect::Rust => "rust",
        }
    }
}

/// What a hook fires for. Serialized as design.md's `matcher` object.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Matcher {
    /// Every value.
    Any,
    /// Exactly one of these names (case-sensitive).
    Exact {
        /// The accepted names.
        names: Vec<String>,
    },
    /// An unanchored regular-expression search.
    Regex {
        /// Which regex semantics apply.
        dialect: Dialect,
        /// The pattern as written.
        pattern: String,
    },
}

/// A regex that failed to compile. Adapters turn it into an `invalid_matcher_regex` diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid {dialect} regex `{pattern}`: {message}")]
pub struct MatcherError {
    /// The dialect it was compiled in.
    pub dialect: &'static str,
    /// The pattern.
    pub pattern: String,
    /// The compiler's message.
    pub message: String,
}

/// A matcher ready to test values. Cheap to clone is not needed: build once per hook.
#[derive(Clone)]
pub enum CompiledMatcher {
    /// Matches everything.
    Any,
    /// Exact names.
    Exact(Vec<String>),
    /// ECMAScript regex.
    Ecma(Box<EcmaRegex>),
    /// An ECMAScript pattern that is a plain alternation of ASCII word literals (`Bash|Edit`,
    /// `^(?:Write|Edit)$`, ...), tested without the regex engine and without allocating: for
    /// such a pattern JavaScript's `test` is a substring search (unanchored), a prefix or
    /// suffix test (anchored at one end) or an equality (anchored at both). See
    /// [`literal_alternation`].
    EcmaLiteral {
        /// Where the pattern is anchored.
        anchor: Anchor,
        /// The alternatives, in pattern order (possibly empty strings).
        words: Vec<String>,
    },
    /// Rust regex.
    Rust(Box<regex::Regex>),
}

impl fmt::Debug for CompiledMatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompiledMatcher::Any => f.write_str("Any"),
            CompiledMatcher::Exact(n) => f.debug_tuple("Exact").field(n).finish(),
            CompiledMatcher::Ecma(_) => f.write_str("Ecma(..)"),
            CompiledMatcher::EcmaLiteral { anchor, words } => f
                .debug_struct("EcmaLiteral")
                .field("anchor", anchor)
                .field("words", words)
                .finish(),
            CompiledMatcher::Rust(r) => f.debug_tuple("Rust").field(&r.as_str()).finish(),
        }
    }
}

/// A compiled ECMAScript pattern, matched as V8 matches without the `u` flag: over UTF-16 code
/// units, so `.` is one unit and an astral character (an emoji) two.
#[derive(Clone)]
pub struct EcmaRegex {
    regex: regress::Regex,
    /// Whether the pattern holds no character above U+FFFF. Then, for a subject without one
    /// either, code points and UTF-16 units are the same sequence and the UTF-8 search (no
    /// allocation) gives the same answer as the UTF-16 one.
    bmp_pattern: bool,
}

impl EcmaRegex {
    fn compile(pattern: &str) -> Result<EcmaRegex, String> {
        let source = annex_b_source(pattern)?;
        let regex = regress::Regex::with_flags(&source, "").map_err(|e| e.to_string())?;
        Ok(EcmaRegex {
            regex,
            bmp_pattern: is_bmp(pattern),
        })
    }

    /// JavaScript's `test`: an unanchored search.
    pub fn is_match(&self, value: &str) -> bool {
        if self.bmp_pattern && is_bmp(value) {
            return self.regex.find(value).is_some();
        }
        let units: Vec<u16> = value.encode_utf16().collect();
        self.regex.find_from_ucs2(&units, 0).next().is_some()
    }
}

fn is_bmp(s: &str) -> bool {
    // UTF-8 encodes exactly the characters above U+FFFF with a 4-byte sequence (lead 0xF0..).
    !s.bytes().any(|b| b >= 0xF0)
}

/// The pattern as `regress` must see it to parse it as V8 does without the `u` flag (Annex B),
/// where the two differ:
/// - `\u{…}` is not a code point escape but an identity escape `u` (then `{61}` is a quantifier
///   of `u`, or literal characters inside a class); `regress` reads a code point;
/// - `\b` and `\B` cannot be quantified (V8: "Nothing to repeat"); `regress` accepts it;
/// - with a named group in the pattern, `\k` inside a class is an error (V8: "Invalid
///   escape"); `regress` reads `k`;
/// - a character above U+FFFF is two code units (`😀?` makes only the low one optional, `[😀]`
///   is a class of two units): it is written as its two surrogate units, which `regress` then
///   matches unit by unit in a UTF-16 search (see [`push_unit`]).
///
/// Checked against V8 by `tests/ecmascript_vs_v8.rs`.
fn annex_b_source(pattern: &str) -> Result<std::borrow::Cow<'_, str>, String> {
    if !pattern.contains('\\') && is_bmp(pattern) {
        return Ok(std::borrow::Cow::Borrowed(pattern));
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    // The class being read, if any: its text so far and its lone surrogate units.
    let mut class: Option<Class> = None;
    // With a named group, `\k` must name one, and inside a class it is no escape at all.
    let named_groups = has_named_group(pattern);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        let dash_next = chars.peek() == Some(&'-');
        match c {
            '\\' => match chars.next() {
                Some('u') if chars.peek() == Some(&'{') => text(&mut out, &mut class).push('u'),
                Some('u') => match hex4(&chars) {
                    Some(u) if (0xD800..=0xDFFF).contains(&u) => {
                        chars.nth(3);
                        let dash_next = chars.peek() == Some(&'-');
                        push_unit(&mut out, &mut class, u, dash_next);
                    }
                    _ => text(&mut out, &mut class).push_str("\\u"),
                },
                Some(e @ ('b' | 'B')) if class.is_none() => {
                    out.push('\\');
                    out.push(e);
                    let rest: String = chars.clone().take(24).collect();
                    if starts_quantifier(&rest) {
                        return Err(format!("\\{e} cannot be quantified (Nothing to repeat)"));
                    }
                }
                Some('k') if class.is_some() && named_groups => {
                    return Err(
                        "\\k in a class of a pattern with named groups (Invalid escape)".into(),
                    );
                }
                // An escaped astral character: the escape applies to its high surrogate alone.
                Some(e) if e > '\u{FFFF}' => {
                    let dash_next = chars.peek() == Some(&'-');
                    push_astral(&mut out, &mut class, e, dash_next);
                }
                Some(e) => {
                    let t = text(&mut out, &mut class);
                    t.push('\\');
                    t.push(e);
                }
                None => text(&mut out, &mut class).push('\\'),
            },
            c if c > '\u{FFFF}' => push_astral(&mut out, &mut class, c, dash_next),
            '[' if class.is_none() => class = Some(Class::default()),
            // Any unescaped `]` closes a class in JavaScript (`[]` is the empty class).
            ']' if class.is_some() => {
                if let Some(k) = class.take() {
                    k.close(&mut out);
                }
            }
            c => text(&mut out, &mut class).push(c),
        }
    }
    if let Some(k) = class {
        // Unterminated: left for `regress` to reject as written.
        out.push('[');
        out.push_str(&k.body);
    }
    Ok(std::borrow::Cow::Owned(out))
}

/// Whether `pattern` has a named group `(?<name>`: an unescaped `(` outside a class, followed
/// by `?<` and not a lookbehind. The same text inside a class or after `\(` is no group, and V8
/// then reads `\k` in a class as the identity escape `k`.
fn has_named_group(pattern: &str) -> bool {
    let b = pattern.as_bytes();
    let (mut i, mut in_class) = (0, false);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class => {
                let rest = &b[i + 1..];
                if rest.starts_with(b"?<") && !matches!(rest.get(2), Some(b'=' | b'!')) {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// A character class being rewritten.
#[derive(Default)]
struct Class {
    /// Its text after `[`, without the lone surrogate units.
    body: String,
    /// Surrogate units that are class members of their own (not range ends).
    units: Vec<u32>,
}

impl Class {
    /// Writes the class. With lone surrogate units it becomes a group, since inside a class
    /// `regress` would join a high unit followed by a low one into one code point:
    /// `[abc😀]` → `(?:[abc]|[\uD83D]|[\uDE00])`, `[^abc😀]` → `(?:(?![abc]|…)[^])`.
    fn close(self, out: &mut String) {
        use std::fmt::Write;
        if self.units.is_empty() {
            out.push('[');
            out.push_str(&self.body);
            out.push(']');
            return;
        }
        let (negated, body) = match self.body.strip_prefix('^') {
            Some(b) => (true, b),
            None => (false, self.body.as_str()),
        };
        let mut alts = format!("[{body}]");
        for u in &self.units {
            let _ = write!(alts, "|[\\u{u:04X}]");
        }
        if negated {
            let _ = write!(out, "(?:(?!{alts})[^])");
        } else {
            let _ = write!(out, "(?:{alts})");
        }
    }
}

/// Where plain text goes: the open class's body, else the output.
fn text<'a>(out: &'a mut String, class: &'a mut Option<Class>) -> &'a mut String {
    match class {
        Some(k) => &mut k.body,
        None => out,
    }
}

/// The value of the 4 hex digits `chars` starts with, if it does.
fn hex4(chars: &std::iter::Peekable<std::str::Chars<'_>>) -> Option<u32> {
    let digits: String = chars.clone().take(4).collect();
    if digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        u32::from_str_radix(&digits, 16).ok()
    } else {
        None
    }
}

/// Writes an astral character as its two UTF-16 code units.
fn push_astral(out: &mut String, class: &mut Option<Class>, c: char, dash_next: bool) {
    let mut buf = [0; 2];
    let units = c.encode_utf16(&mut buf);
    let last = units.len() - 1;
    for (i, u) in units.iter().enumerate() {
        push_unit(out, class, u32::from(*u), dash_next && i == last);
    }
}

/// Writes one surrogate code unit so that `regress` keeps it one unit: its parser joins a high
/// and a low surrogate written next to each other into one code point even without the `u`
/// flag. Outside a class the unit is a one-unit class `[\uXXXX]`; inside one it is set aside
/// (see [`Class::close`]) unless it is a range end (a `-` before or after it).
fn push_unit(out: &mut String, class: &mut Option<Class>, u: u32, dash_next: bool) {
    use std::fmt::Write;
    match class {
        None => {
            let _ = write!(out, "[\\u{u:04X}]");
        }
        Some(k) => {
            let b = &k.body;
            let range_end = b.ends_with('-') && b.len() > 1 && b != "^-" && !b.ends_with("\\-");
            if range_end || dash_next {
                let _ = write!(k.body, "\\u{u:04X}");
            } else {
                k.units.push(u);
            }
        }
    }
}

/// Whether `s` starts with a quantifier: `*`, `+`, `?`, or a braced `{n}`, `{n,}`, `{n,m}`
/// (an unfinished brace is a literal in Annex B).
fn starts_quantifier(s: &str) -> bool {
    match s.chars().next() {
        Some('*' | '+' | '?') => true,
        Some('{') => {
            let body = &s[1..];
            let Some(end) = body.find('}') else {
                return false;
            };
            let inner = &body[..end];
            let (lo, hi) = match inner.split_once(',') {
                Some((lo, hi)) => (lo, Some(hi)),
                None => (inner, None),
            };
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            digits(lo) && hi.is_none_or(|h| h.is_empty() || digits(h))
        }
        _ => false,
    }
}

/// Where an [`CompiledMatcher::EcmaLiteral`] pattern is anchored (`^` and `$` without the `m`
/// flag: the start and the end of the input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Neither: some alternative occurs anywhere in the value.
    None,
    /// `^(?:A|B)`: the value starts with some alternative.
    Start,
    /// `(?:A|B)$`: the value ends with some alternative.
    End,
    /// `^(?:A|B)$`: the value is one of the alternatives.
    Both,
}

/// Recognizes an ECMAScript pattern whose meaning is a set of literal words: the body is either
/// a bare alternation `A|B|C` or one group `(?:A|B|C)` / `(A|B|C)`, each alternative made only of
/// `[A-Za-z0-9_]` (possibly empty), optionally with a leading `^` and/or a trailing `$`. With
/// an anchor, a bare body must be a single word: `^A|B$` means `(^A)|(B$)` and is left to the
/// regex engine.
///
/// Why this is exact: such a pattern has no escapes, classes, quantifiers, lookarounds or
/// backreferences, so a backtracking search tries every alternative at every start position and
/// succeeds iff one of the words occurs there (a capture group changes nothing `test` reports).
/// Without the `u` flag JavaScript searches UTF-16 code units; an ASCII word occurs at a code
/// unit position iff its bytes occur in the UTF-8 text, because UTF-8 multi-byte sequences
/// contain no ASCII bytes. Without the `m` flag `^` and `$` match only at the ends of the input.
pub fn literal_alternation(pattern: &str) -> Option<(Anchor, Vec<String>)> {
    let (start, rest) = match pattern.strip_prefix('^') {
        Some(r) => (true, r),
        None => (false, pattern),
    };
    let (end, body) = match rest.strip_suffix('$') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (grouped, inner) = match body
        .strip_prefix("(?:")
        .or_else(|| body.strip_prefix('('))
        .and_then(|b| b.strip_suffix(')'))
    {
        Some(inner) => (true, inner),
        None => (false, body),
    };
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    if !inner.bytes().all(|b| word(b) || b == b'|') {
        return None;
    }
    if (start || end) && !grouped && inner.contains('|') {
        return None;
    }
    let anchor = match (start, end) {
        (false, false) => Anchor::None,
        (true, false) => Anchor::Start,
        (false, true) => Anchor::End,
        (true, true) => Anchor::Both,
    };
    Some((anchor, inner.split('|').map(str::to_string).collect()))
}

/// Patterns longer than this are refused rather than compiled: a hostile config must not make
/// the linter or the runner spend unbounded time or memory building an automaton.
pub const MAX_PATTERN_BYTES: usize = 16 * 1024;

impl Matcher {
    /// Compiles the matcher. A bad pattern is an error value, never a panic.
    pub fn compile(&self) -> Result<CompiledMatcher, MatcherError> {
        match self {
            Matcher::Any => Ok(CompiledMatcher::Any),
            Matcher::Exact { names } => Ok(CompiledMatcher::Exact(names.clone())),
            Matcher::Regex { dialect, pattern } => {
                let err = |message: String| MatcherError {
                    dialect: dialect.as_str(),
                    pattern: pattern.clone(),
                    message,
                };
                if pattern.len() > MAX_PATTERN_BYTES {
                    return Err(err(format!(
                        "pattern is {} bytes, more than the {MAX_PATTERN_BYTES}-byte limit",
                        pattern.len()
                    )));
                }
                match dialect {
                    Dialect::Ecmascript => match literal_alternation(pattern) {
                        Some((anchor, words)) => Ok(CompiledMatcher::EcmaLiteral { anchor, words }),
                        None => EcmaRegex::compile(pattern)
                            .map(|r| CompiledMatcher::Ecma(Box::new(r)))
                            .map_err(err),
                    },
                    Dialect::Rust => regex::Regex::new(pattern)
                        .map(|r| CompiledMatcher::Rust(Box::new(r)))
                        .map_err(|e| err(e.to_string())),
                }
            }
        }
    }

    /// Whether the matcher accepts every value (`Any`).
    pub fn is_any(&self) -> bool {
        matches!(self, Matcher::Any)
    }
}

impl CompiledMatcher {
    /// Whether `value` (a tool name, a prompt, a source...) is matched. Regexes search unanchored.
    pub fn is_match(&self, value: &str) -> bool {
        match self {
            CompiledMatcher::Any => true,
            CompiledMatcher::Exact(names) => names.iter().any(|n| n == value),
            CompiledMatcher::Ecma(r) => r.is_match(value),
            CompiledMatcher::EcmaLiteral { anchor, words } => {
                let mut w = words.iter().map(String::as_str);
                match anchor {
                    Anchor::None => w.any(|w| value.contains(w)),
                    Anchor::Start => w.any(|w| value.starts_with(w)),
                    Anchor::End => w.any(|w| value.ends_with(w)),
                    Anchor::Both => w.any(|w| value == w),
                }
            }
            CompiledMatcher::Rust(r) => r.is_match(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rx(d: Dialect, p: &str) -> Matcher {
        Matcher::Regex {
            dialect: d,
            pattern: p.into(),
        }
    }

    #[test]
    fn regexes_search_unanchored_and_case_sensitive() {
        let m = rx(Dialect::Ecmascript, "Bash|Edit").compile().unwrap();
        assert!(m.is_match("Bash"));
        assert!(m.is_match("MultiEdit"));
        assert!(!m.is_match("bash"));
        let r = rx(Dialect::Rust, "^Write$").compile().unwrap();
        assert!(r.is_match("Write"));
        assert!(!r.is_match("Writer"));
    }

    #[test]
    fn dialects_differ_where_javascript_and_rust_differ() {
        // Lookahead exists in JavaScript, not in the Rust regex crate.
        assert!(rx(Dialect::Ecmascript, "Bash(?!Output)").compile().is_ok());
        assert!(rx(Dialect::Rust, "Bash(?!Output)").compile().is_err());
        // JavaScript `\d` is ASCII only; Rust's is Unicode.
        let js = rx(Dialect::Ecmascript, "^\\d$").compile().unwrap();
        let rs = rx(Dialect::Rust, "^\\d$").compile().unwrap();
        assert!(!js.is_match("٣"));
        assert!(rs.is_match("٣"));
    }

    #[test]
    fn bad_patterns_are_errors_not_panics() {
        for p in ["(", "[", "a{2,1}", "\\"] {
            assert!(rx(Dialect::Ecmascript, p).compile().is_err(), "{p}");
            assert!(rx(Dialect::Rust, p).compile().is_err(), "{p}");
        }
        let huge = "a".repeat(MAX_PATTERN_BYTES + 1);
        assert!(rx(Dialect::Rust, &huge).compile().is_err());
    }

    #[test]
    fn exact_and_any() {
        let e = Matcher::Exact {
            names: vec!["Bash".into(), "Edit".into()],
        }
        .compile()
        .unwrap();
        assert!(e.is_match("Edit"));
        assert!(!e.is_match("MultiEdit"));
        assert!(Matcher::Any.compile().unwrap().is_match(""));
    }

    #[test]
    fn serializes_as_design_md_says() {
        let j = serde_json::to_value(rx(Dialect::Ecmascript, "x")).unwrap();
        assert_eq!(
            j,
            serde_json::json!({"type":"regex","dialect":"ecmascript","pattern":"x"})
        );
        assert_eq!(
            serde_json::to_value(Matcher::Any).unwrap(),
            serde_json::json!({"type":"any"})
        );
    }

    #[test]
    fn plain_literal_alternations_take_the_non_allocating_path() {
        let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        for (p, anchor, w) in [
            (
                "Bash|Edit|Write",
                Anchor::None,
                words(&["Bash", "Edit", "Write"]),
            ),
            ("mcp__github", Anchor::None, words(&["mcp__github"])),
            ("(?:Bash|Edit)", Anchor::None, words(&["Bash", "Edit"])),
            ("^(?:Write|Edit)$", Anchor::Both, words(&["Write", "Edit"])),
            ("^(Write|Edit)$", Anchor::Both, words(&["Write", "Edit"])),
            ("^Write$", Anchor::Both, words(&["Write"])),
            ("^(?:Bash|Edit)", Anchor::Start, words(&["Bash", "Edit"])),
            ("(Bash|Edit)$", Anchor::End, words(&["Bash", "Edit"])),
            ("Bash|", Anchor::None, words(&["Bash", ""])),
            ("^$", Anchor::Both, words(&[""])),
        ] {
            let m = rx(Dialect::Ecmascript, p).compile().unwrap();
            match m {
                CompiledMatcher::EcmaLiteral {
                    anchor: a,
                    words: ws,
                } => {
                    assert_eq!((a, ws), (anchor, w), "{p}")
                }
                other => panic!("{p}: {other:?}"),
            }
        }
        // Left to the regex engine: `^A|B$` is `(^A)|(B$)`; anything beyond words and `|`.
        for p in [
            "^Bash|Edit$",
            "^Bash|Edit",
            "Bash|Edit$",
            "(?:A)|(?:B)",
            "Bash.*",
            "Bash(?!Output)",
            "mcp__.*",
            "\\w+",
            "[AB]",
            "A+",
            "(?:A|B",
            "A|B)",
            "Bash-Edit",
            "Bash Edit",
            "(?i:bash)",
        ] {
            assert!(literal_alternation(p).is_none(), "{p}");
            assert!(
                matches!(
                    rx(Dialect::Ecmascript, p).compile(),
                    Ok(CompiledMatcher::Ecma(_)) | Err(_)
                ),
                "{p}"
            );
        }
    }

    /// Kimi Code compiles matchers with `new RegExp(pattern)`, no `u` flag
    /// (`packages/agent-core-v2/src/features/externalHooks/internal/matchHooks.ts`, `matches`,
    /// rev d723cc4): `.` is one UTF-16 code unit and an emoji is two (issue 12, Kimi 5).
    #[test]
    fn ecmascript_sees_utf16_code_units_like_a_regexp_without_the_u_flag() {
        let m = |p: &str| rx(Dialect::Ecmascript, p).compile().unwrap();
        assert!(!m("^.$").is_match("🚀"), "an emoji is two code units");
        assert!(m("^..$").is_match("🚀"));
        assert!(m("^.$").is_match("é"), "a BMP character is one unit");
        assert!(m("^x.{2}y$").is_match("x🚀y"));
        assert!(
            m("\\uD83D").is_match("🚀"),
            "a lone high surrogate is searchable"
        );
    }

    #[test]
    fn the_literal_path_keeps_javascript_semantics() {
        let m = |p: &str| rx(Dialect::Ecmascript, p).compile().unwrap();
        assert!(
            m("Bash|Edit").is_match("MultiEdit"),
            "unanchored: a substring"
        );
        assert!(!m("Bash|Edit").is_match("bash"), "case-sensitive");
        assert!(m("^(?:Write|Edit)$").is_match("Edit"));
        assert!(!m("^(?:Write|Edit)$").is_match("MultiEdit"));
        assert!(m("^(?:mcp__)").is_match("mcp__github__issue"));
        assert!(
            m("Bash|").is_match("anything"),
            "an empty alternative matches everywhere"
        );
        assert!(m("^$").is_match("") && !m("^$").is_match("x"));
        assert!(m("Edit").is_match("é Edit €"), "non-ASCII around the word");
    }

    /// What JavaScript's `new RegExp(p).test(v)` answers, via `regress` directly (`None`: the
    /// pattern does not compile).
    fn js_test(p: &str, v: &str) -> Option<bool> {
        regress::Regex::with_flags(p, "")
            .ok()
            .map(|r| r.find(v).is_some())
    }

    fn literal_pattern() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        (
            proptest::collection::vec("[A-Za-z0-9_]{0,5}", 1..5),
            any::<bool>(),
            any::<bool>(),
            0..3usize,
        )
            .prop_map(|(words, start, end, group)| {
                let alts = words.join("|");
                let body = match group {
                    0 => alts,
                    1 => format!("(?:{alts})"),
                    _ => format!("({alts})"),
                };
                format!(
                    "{}{body}{}",
                    if start { "^" } else { "" },
                    if end { "$" } else { "" }
                )
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The fast path answers exactly what `regress` answers, on literal alternations (in
        /// every anchored and grouped form) and tool names built from their words, random
        /// ASCII and non-ASCII text.
        #[test]
        fn literal_alternations_match_exactly_like_regress(
            p in literal_pattern(),
            picks in proptest::collection::vec(0..8usize, 0..4),
            noise in "[A-Za-z0-9_é€ -]{0,4}",
            random in "[A-Za-z_é]{0,10}",
        ) {
            let words: Vec<&str> = p
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            let built: String = picks
                .iter()
                .map(|&i| words.get(i).copied().unwrap_or(""))
                .collect::<Vec<_>>()
                .join(&noise);
            let m = rx(Dialect::Ecmascript, &p).compile().unwrap();
            for v in [built.as_str(), random.as_str(), &format!("{noise}{built}"), &format!("{built}{noise}")] {
                proptest::prop_assert_eq!(Some(m.is_match(v)), js_test(&p, v), "pattern {:?} value {:?}", p, v);
            }
        }

        /// On arbitrary patterns over the characters the fast path looks at, `compile` succeeds
        /// exactly when `regress` does and then answers what `regress` answers.
        #[test]
        fn any_pattern_over_the_literal_alphabet_matches_like_regress(
            p in "[AB_a|()?:^$]{0,12}",
            vs in proptest::collection::vec("[ABa_é]{0,6}", 1..6),
        ) {
            let compiled = rx(Dialect::Ecmascript, &p).compile();
            proptest::prop_assert_eq!(compiled.is_ok(), js_test(&p, "").is_some(), "{:?}", p);
            if let Ok(m) = compiled {
                for v in &vs {
                    proptest::prop_assert_eq!(Some(m.is_match(v)), js_test(&p, v), "pattern {:?} value {:?}", p, v);
                }
            }
        }

        /// On arbitrary patterns and values: an error names the pattern and its dialect, the
        /// Rust dialect accepts exactly what `regex` accepts, and an ECMAScript regex answers
        /// the same through the allocation-free UTF-8 search as through the UTF-16 one
        /// (whichever `is_match` picks for the value).
        #[test]
        fn arbitrary_patterns_compile_or_fail_consistently(
            p in ".{0,40}",
            vs in proptest::collection::vec("[a-c\\.é中😀 ]{0,6}", 1..4),
        ) {
            for d in [Dialect::Ecmascript, Dialect::Rust] {
                if let Err(e) = rx(d, &p).compile() {
                    proptest::prop_assert_eq!(&e.pattern, &p);
                    proptest::prop_assert_eq!(e.dialect, d.as_str());
                    proptest::prop_assert!(!e.message.is_empty());
                }
            }
            proptest::prop_assert_eq!(
                rx(Dialect::Rust, &p).compile().is_ok(),
                regex::Regex::new(&p).is_ok()
            );
            if let Ok(CompiledMatcher::Ecma(r)) = rx(Dialect::Ecmascript, &p).compile() {
                for v in &vs {
                    let units: Vec<u16> = v.encode_utf16().collect();
                    let utf16 = r.regex.find_from_ucs2(&units, 0).next().is_some();
                    proptest::prop_assert_eq!(r.is_match(v), utf16, "pattern {:?} value {:?}", p, v);
                }
            }
        }
    }

    /// Differences with V8 that the differential (`tests/ecmascript_vs_v8.rs`) found, fixed.
    #[test]
    fn matching_is_over_utf16_units_as_in_v8_without_the_u_flag() {
        let m = |p: &str, v: &str| rx(Dialect::Ecmascript, p).compile().unwrap().is_match(v);
        // `.` is one unit: an emoji is two.
        assert!(!m("^.$", "🚀"));
        assert!(m("^..$", "🚀"));
        // An astral literal is two units; a quantifier takes only the low one.
        assert!(m("😀", "a😀b"));
        assert!(!m("𝒜?", ""));
        assert!(!m("^𝒜?$", ""));
        // A class with an astral character holds its two units.
        assert!(!m("^[😀]$", "😀"));
        assert!(m("^[😀][😀]$", "😀"));
        assert!(m("^[^😀]", "x"));
        assert!(!m("^[^😀]$", "😀"));
        // Surrogate escapes stay units, even next to each other.
        assert!(m("\\uD83D", "😀"));
        assert!(m("^\\uD83D\\uDE00$", "😀"));
        // `\u{61}` is `u` repeated 61 times, not `a`.
        assert!(!m("^\\u{2}$", "a"));
        assert!(m("^\\u{2}$", "uu"));
    }

    #[test]
    fn annex_b_syntax_errors_are_errors_as_in_v8() {
        for p in ["\\b+", "\\B{2}", "a\\b*?", "\\u{61}+", "(?<n>a)[\\k]"] {
            assert!(rx(Dialect::Ecmascript, p).compile().is_err(), "{p}");
        }
        // Group-like text inside a class is no group: `\\k` in a class stays an identity escape
        // (found by the V8 differential with seed 2).
        for p in [
            "\\b{",
            "\\b{,2}",
            "[\\b]+",
            "a[\\k]",
            "(?=a)+",
            "\\u{61}",
            "[(?<n>\\k]",
            "[(?<n>a)][\\k]",
            "[\\(?<n>]\\k",
        ] {
            assert!(rx(Dialect::Ecmascript, p).compile().is_ok(), "{p}");
        }
    }
}
