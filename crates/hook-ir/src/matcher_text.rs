//! Matchers as text: the anchored alternation `^(?:A|B)$` that matches exactly some names, and
//! back. Writers render exact matchers with it, and the importer converts with it: pure
//! matcher algebra, shared by both.

/// The characters [`exact_to_regex`] escapes: the same escaping is valid in both dialects.
const BOTH_DIALECTS_SPECIALS: &str = "\\.+*?()|[]{}^$/-";

/// `^(?:A|B)$`: the anchored alternation that matches exactly these names, in both dialects.
pub fn exact_to_regex(names: &[String]) -> String {
    anchored_alternation(names, BOTH_DIALECTS_SPECIALS)
}

/// `^(?:A|B)$` over `names`, each character of `specials` in a name escaped with a backslash.
pub fn anchored_alternation(names: &[String], specials: &str) -> String {
    let alts: Vec<String> = names.iter().map(|n| escape(n, specials)).collect();
    format!("^(?:{})$", alts.join("|"))
}

/// `s` with a backslash before each character of `specials`.
fn escape(s: &str, specials: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if specials.contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The inverse of [`exact_to_regex`], for names made of plain characters: recognizes
/// `^(?:A|B)$`, `^(A|B)$` and `^A$`.
pub fn regex_to_exact(pattern: &str) -> Option<Vec<String>> {
    let body = pattern.strip_prefix('^')?.strip_suffix('$')?;
    let grouped = body
        .strip_prefix("(?:")
        .or_else(|| body.strip_prefix('('))
        .and_then(|b| b.strip_suffix(')'));
    // Ungrouped, `|` binds looser than the anchors: `^A|B$` is "starts with A or ends with B".
    let body = match grouped {
        Some(b) => b,
        None if body.contains('|') => return None,
        None => body,
    };
    let names: Vec<String> = body
        .split('|')
        .map(unescape_literal)
        .collect::<Option<_>>()?;
    (!names.is_empty()).then_some(names)
}

fn unescape_literal(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let n = chars.next()?;
                if !BOTH_DIALECTS_SPECIALS.contains(n) {
                    return None;
                }
                out.push(n);
            }
            c if c.is_alphanumeric() || "_ ".contains(c) => out.push(c),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}
