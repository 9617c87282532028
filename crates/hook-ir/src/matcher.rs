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
    /// Rust regex.
    Rust(Box<regex::Regex>),
}

impl fmt::Debug for CompiledMatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompiledMatcher::Any => f.write_str("Any"),
            CompiledMatcher::Exact(n) => f.debug_tuple("Exact").field(n).finish(),
            CompiledMatcher::Ecma(_) => f.write_str("Ecma(..)"),
            CompiledMatcher::Rust(r) => f.debug_tuple("Rust").field(&r.as_str()).finish(),
        }
    }
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
                    Dialect::Ecmascript => regress::Regex::with_flags(pattern, "")
                        .map(|r| CompiledMatcher::Ecma(Box::new(r)))
                        .map_err(|e| err(e.to_string())),
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
            CompiledMatcher::Ecma(r) => r.find(value).is_some(),
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

    proptest::proptest! {
        #[test]
        fn compiling_arbitrary_patterns_never_panics(p in ".{0,40}") {
            let _ = rx(Dialect::Ecmascript, &p).compile();
            let _ = rx(Dialect::Rust, &p).compile();
        }
    }
}
