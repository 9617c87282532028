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
    Ecma(Box<regress::Regex>),
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
                        None => regress::Regex::with_flags(pattern, "")
                            .map(|r| CompiledMatcher::Ecma(Box::new(r)))
                            .map_err(|e| err(e.to_string())),
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
            CompiledMatcher::Ecma(r) => ecma_test(r, value),
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

/// JavaScript's `new RegExp(p).test(value)` without the `u` flag: the pattern sees UTF-16 code
/// units, so a character outside the Basic Multilingual Plane (an emoji) is two "characters" —
/// `^.$` does not match `🚀` (Kimi Code `internal/matchHooks.ts` `matches`, rev d723cc4). A
/// value made only of BMP characters has one code unit per code point and is searched as is,
/// without allocating.
fn ecma_test(r: &regress::Regex, value: &str) -> bool {
    if value.chars().all(|c| (c as u32) < 0x1_0000) {
        return r.find(value).is_some();
    }
    let units: Vec<u16> = value.encode_utf16().collect();
    r.find_from_ucs2(&units, 0).next().is_some()
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

        #[test]
        fn compiling_arbitrary_patterns_never_panics(p in ".{0,40}") {
            let _ = rx(Dialect::Ecmascript, &p).compile();
            let _ = rx(Dialect::Rust, &p).compile();
        }
    }
}
