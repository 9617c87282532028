//! Detects regexes that can backtrack catastrophically in a backtracking engine (JavaScript's,
//! and `regress`, which reproduces its semantics): a group that contains an unbounded
//! quantifier and is itself repeated without bound (`(a+)+`, `(\w*)*`, `(?:x+y?)+`), the classic
//! "star height > 1" shape behind ReDoS. Rust's `regex` is linear-time, so Codex matchers never
//! need this.
//!
//! A heuristic, deliberately simple: it flags the shape, not a proof of exponential time; it
//! misses overlapping alternations such as `(a|a)+`.

/// The byte offset of the repeated group's opening parenthesis when `pattern` repeats, without
/// bound, a group that itself holds an unbounded quantifier.
pub fn nested_unbounded_quantifier(pattern: &str) -> Option<usize> {
    let b = pattern.as_bytes();
    // Per open group: (offset of `(`, whether it holds an unbounded quantifier).
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut i = 0;
    let mut in_class = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                i += 2;
                continue;
            }
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            _ if in_class => {}
            b'(' => stack.push((i, false)),
            b')' => {
                if let Some((open, inner_unbounded)) = stack.pop() {
                    let after = unbounded_quantifier_at(b, i + 1);
                    if inner_unbounded && after {
                        return Some(open);
                    }
                    // The group counts as unbounded inside its parent when it holds one or
                    // is repeated without bound itself.
                    if inner_unbounded || after {
                        if let Some(parent) = stack.last_mut() {
                            parent.1 = true;
                        }
                    }
                }
            }
            b'*' | b'+' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            b'{' if unbounded_quantifier_at(b, i) => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether an unbounded quantifier (`*`, `+`, `{n,}`) starts at byte `i`.
fn unbounded_quantifier_at(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        Some(b'*' | b'+') => true,
        Some(b'{') => {
            let rest = &b[i + 1..];
            let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            digits > 0 && rest.get(digits) == Some(&b',') && rest.get(digits + 1) == Some(&b'}')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_repeated_groups_holding_unbounded_quantifiers() {
        for p in [
            "^(a+)+$",
            "(\\w*)*",
            "(?:x+y?)+",
            "((ab)*c)+",
            "(a{2,})*",
            "x(b+){3,}",
        ] {
            assert!(nested_unbounded_quantifier(p).is_some(), "{p}");
        }
        assert_eq!(nested_unbounded_quantifier("ab(c+)+"), Some(2));
    }

    #[test]
    fn leaves_ordinary_matchers_alone() {
        for p in [
            "Bash|Edit",
            "^(?:Bash|Edit)$",
            "mcp__.*",
            "(a+)",
            "(ab)+",
            "(a+){2}",
            "[(a+)+]",
            "\\(a+\\)+",
            "Write|Edit.*",
        ] {
            assert_eq!(nested_unbounded_quantifier(p), None, "{p}");
        }
    }

    proptest::proptest! {
        /// On any text: a finding points at a `(` of the pattern that is closed later; a
        /// pattern without a group has none; and wrapping a flagged pattern in a plain group keeps
        /// the finding, shifted by the wrapper.
        #[test]
        fn findings_point_at_a_repeated_group(p in "[a-c()+*?{}1,\\\\\\[\\]|]{0,24}|\\PC{0,40}") {
            if let Some(i) = nested_unbounded_quantifier(&p) {
                proptest::prop_assert_eq!(p.as_bytes().get(i), Some(&b'('), "{:?}", p);
                proptest::prop_assert!(p[i + 1..].contains(')'), "{:?}", p);
                let wrapped = format!("(?:{p})");
                proptest::prop_assert_eq!(nested_unbounded_quantifier(&wrapped), Some(i + 3));
            }
            if !p.contains('(') {
                proptest::prop_assert_eq!(nested_unbounded_quantifier(&p), None);
            }
        }
    }
}
