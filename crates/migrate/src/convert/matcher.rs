//! Matcher dialects: exact lists, ECMAScript regexes (Jarvis, Claude), Rust regexes (Codex), and
//! no matcher at all (jcode). A matcher is translated only when the translation matches the same
//! values; otherwise the hook is refused.

use hook_ir::{Convention, Dialect, Matcher};

/// What a convention can express (its profile's [`hook_ir::conventions::MatcherSyntax`]).
pub use hook_ir::conventions::MatcherSyntax as Capability;

/// The matcher capability of a command convention.
pub fn capability(c: Convention) -> Capability {
    hook_ir::conventions::profile(c).matcher
}

pub use hook_ir::matcher_text::{anchored_alternation, exact_to_regex, regex_to_exact};

/// Escapes whose meaning differs between the dialects: ASCII-only in JavaScript, Unicode-aware
/// in Rust's `regex`.
const DIFFERING_ESCAPES: [&str; 6] = ["\\d", "\\D", "\\w", "\\W", "\\b", "\\B"];

/// Why a matcher cannot move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The pattern does not compile in the target's dialect.
    DoesNotCompile(String),
    /// The target has no matcher and the matcher is a regex.
    NoMatcherForRegex,
}

/// The result of translating a matcher.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translated {
    /// The matcher in the target's terms.
    pub matcher: Matcher,
    /// A note on what changed in form, if anything (meaning kept).
    pub note: Option<String>,
    /// A warning on what may match differently, if anything.
    pub caveat: Option<String>,
}

/// Translates `m` into what `target` can express. `Matcher::Exact` into jcode is handled by the
/// caller (it wraps the command); here it is returned unchanged.
pub fn translate(m: &Matcher, target: Convention) -> Result<Translated, Refusal> {
    let kept = |matcher: Matcher| Translated {
        matcher,
        note: None,
        caveat: None,
    };
    match (m, capability(target)) {
        (Matcher::Any, _) => Ok(kept(Matcher::Any)),
        (Matcher::Exact { .. }, Capability::None) => Ok(kept(m.clone())),
        (Matcher::Regex { .. }, Capability::None) => Err(Refusal::NoMatcherForRegex),
        (Matcher::Exact { names }, Capability::ExactAndRegex(ok, dialect)) => {
            if names.iter().all(|n| ok(n)) {
                Ok(kept(m.clone()))
            } else {
                let pattern = exact_to_regex(names);
                Ok(Translated {
                    note: Some(format!(
                        "the exact tool list is written as the anchored regex `{pattern}`"
                    )),
                    matcher: Matcher::Regex { dialect, pattern },
                    caveat: None,
                })
            }
        }
        (Matcher::Exact { names }, Capability::RegexOnly(dialect)) => {
            let pattern = exact_to_regex(names);
            Ok(Translated {
                note: Some(format!(
                    "the exact tool list is written as the anchored regex `{pattern}`"
                )),
                matcher: Matcher::Regex { dialect, pattern },
                caveat: None,
            })
        }
        (
            Matcher::Regex {
                dialect: from,
                pattern,
            },
            cap,
        ) => {
            let to = match cap {
                Capability::ExactAndRegex(_, d) | Capability::RegexOnly(d) => d,
                Capability::None => return Err(Refusal::NoMatcherForRegex),
            };
            let pattern = &unprotect(pattern);
            // An anchored alternation of names is an exact list: say it that way where the
            // target can (the inverse of `exact_to_regex`, so round trips hold).
            if let (Capability::ExactAndRegex(ok, _), Some(names)) = (cap, regex_to_exact(pattern))
            {
                if names.iter().all(|n| ok(n)) {
                    return Ok(Translated {
                        note: Some(format!(
                            "the anchored regex `{pattern}` is written as an exact tool list"
                        )),
                        matcher: Matcher::Exact { names },
                        caveat: None,
                    });
                }
            }
            let out = Matcher::Regex {
                dialect: to,
                pattern: pattern.clone(),
            };
            if let Err(e) = out.compile() {
                return Err(Refusal::DoesNotCompile(e.message));
            }
            let caveat = (*from != to
                && DIFFERING_ESCAPES.iter().any(|e| pattern.contains(e)))
            .then(|| {
                format!(
                    "`\\d`, `\\w` and `\\b` are ASCII-only in {} regexes and Unicode-aware in {} regexes: \
                     `{pattern}` may match other non-ASCII names",
                    dialect_name(Dialect::Ecmascript),
                    dialect_name(Dialect::Rust)
                )
            });
            Ok(Translated {
                matcher: out,
                note: None,
                caveat,
            })
        }
    }
}

/// `X` for `(?:X)` when `X` is only letters, digits, `_`, `|`, `,`, `-` and spaces: the form the
/// Codex and Claude writers give a regex that their agent would otherwise read as a list of
/// exact names. Around such an `X` the group changes nothing, so the plain pattern is the
/// canonical one; each writer protects it again where its agent needs that, and a regex that
/// went Jarvis → Codex/Claude → Jarvis comes back as it was written.
pub fn unprotect(pattern: &str) -> String {
    pattern
        .strip_prefix("(?:")
        .and_then(|p| p.strip_suffix(')'))
        .filter(|x| {
            !x.is_empty()
                && x.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_|,- ".contains(c))
        })
        .unwrap_or(pattern)
        .to_string()
}

/// The dialect's name for people.
pub fn dialect_name(d: Dialect) -> &'static str {
    match d {
        Dialect::Ecmascript => "JavaScript",
        Dialect::Rust => "Rust",
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
    fn exact(n: &[&str]) -> Matcher {
        Matcher::Exact {
            names: n.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn exact_lists_become_anchored_regexes_that_match_the_same_names() {
        let t = translate(&exact(&["Bash", "Edit"]), Convention::Jarvis).unwrap();
        assert_eq!(t.matcher, rx(Dialect::Ecmascript, "^(?:Bash|Edit)$"));
        let c = t.matcher.compile().unwrap();
        assert!(c.is_match("Bash") && c.is_match("Edit"));
        assert!(!c.is_match("MultiEdit") && !c.is_match("BashOutput"));
        // and back
        let back = translate(&t.matcher, Convention::CodexJson).unwrap();
        assert_eq!(back.matcher, exact(&["Bash", "Edit"]));
    }

    #[test]
    fn names_codex_cannot_list_exactly_become_a_rust_regex() {
        let t = translate(&exact(&["mcp__fs__read", "my-tool"]), Convention::CodexJson).unwrap();
        assert_eq!(
            t.matcher,
            rx(Dialect::Rust, r"^(?:mcp__fs__read|my\-tool)$")
        );
        let c = t.matcher.compile().unwrap();
        assert!(c.is_match("my-tool") && !c.is_match("my-tools"));
        // Claude lists `my-tool` exactly.
        let cl = translate(
            &exact(&["mcp__fs__read", "my-tool"]),
            Convention::ClaudeSettings,
        )
        .unwrap();
        assert_eq!(cl.matcher, exact(&["mcp__fs__read", "my-tool"]));
    }

    #[test]
    fn regexes_move_between_dialects_when_they_compile_in_both() {
        let t = translate(
            &rx(Dialect::Ecmascript, "Bash|Write"),
            Convention::CodexJson,
        )
        .unwrap();
        assert_eq!(t.matcher, rx(Dialect::Rust, "Bash|Write"));
        assert_eq!(t.caveat, None);
        let w = translate(
            &rx(Dialect::Ecmascript, r"^mcp__\w+"),
            Convention::CodexJson,
        )
        .unwrap();
        assert!(w.caveat.is_some(), "\\w differs between the dialects");
    }

    #[test]
    fn a_regex_only_one_dialect_compiles_is_refused() {
        let r = translate(
            &rx(Dialect::Ecmascript, "Bash(?!Output)"),
            Convention::CodexJson,
        );
        assert!(matches!(r, Err(Refusal::DoesNotCompile(_))), "{r:?}");
        let r = translate(&rx(Dialect::Rust, r"(?P<n>Bash)"), Convention::Jarvis);
        assert!(matches!(r, Err(Refusal::DoesNotCompile(_))), "{r:?}");
    }

    #[test]
    fn jcode_has_no_matcher() {
        assert_eq!(
            translate(&rx(Dialect::Rust, "Bash"), Convention::Jcode),
            Err(Refusal::NoMatcherForRegex)
        );
        assert_eq!(
            translate(&Matcher::Any, Convention::Jcode).unwrap().matcher,
            Matcher::Any
        );
    }

    #[test]
    fn a_protected_plain_regex_is_unprotected_for_any_regex_target() {
        // Claude/Codex write the regex `Bash` as `(?:Bash)` (else it would be an exact name);
        // into Jarvis it goes back to `Bash`.
        let t = translate(
            &rx(Dialect::Ecmascript, "(?:Bash|Edit)"),
            Convention::Jarvis,
        )
        .unwrap();
        assert_eq!(t.matcher, rx(Dialect::Ecmascript, "Bash|Edit"));
        let t = translate(&rx(Dialect::Rust, "(?:Bash)"), Convention::ClaudeSettings).unwrap();
        assert_eq!(t.matcher, rx(Dialect::Ecmascript, "Bash"));
        // Not a protection: kept.
        assert_eq!(unprotect("(?:a)|(b)"), "(?:a)|(b)");
        assert_eq!(unprotect("(?:Bash.*)"), "(?:Bash.*)");
        assert_eq!(unprotect("(?:)"), "(?:)");
    }

    #[test]
    fn regex_to_exact_only_accepts_literal_alternations() {
        assert_eq!(
            regex_to_exact("^(?:A|B)$"),
            Some(vec!["A".into(), "B".into()])
        );
        assert_eq!(regex_to_exact("^Bash$"), Some(vec!["Bash".into()]));
        assert_eq!(regex_to_exact("^(A|B.*)$"), None);
        assert_eq!(regex_to_exact("A|B"), None);
        assert_eq!(
            regex_to_exact("^A|B$"),
            None,
            "`|` outside a group is not a list"
        );
        assert_eq!(regex_to_exact("^(?:A|)$"), None);
    }
}
