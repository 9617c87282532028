//! Tool-name validation exactly as GJC's `normalizeToolMatcher` (`hooks/normalize.ts`): tool
//! names are case-sensitive logical names, never paths.

/// Why a tool name is rejected, or `Ok` when GJC accepts it. `*` is the only wildcard.
pub fn validate(name: &str) -> Result<(), &'static str> {
    // GJC trims first and checks the trimmed value, then rejects names that needed trimming.
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err("is empty");
    }
    if trimmed == "." || trimmed == ".." {
        return Err("is `.` or `..`");
    }
    if trimmed != name {
        return Err("has leading or trailing whitespace");
    }
    if name != "*" && name.contains(['/', '\\', '\0']) {
        return Err("contains `/`, `\\` or NUL");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::validate;

    #[test]
    fn accepts_names_and_the_wildcard() {
        for ok in ["bash", "Bash", "mcp__x__y", "*", "a.b", "édit"] {
            assert_eq!(validate(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn rejects_what_normalize_tool_matcher_rejects() {
        for bad in [
            "", " ", " bash", "bash ", ".", "..", "a/b", "a\\b", "a\0b", "*/x",
        ] {
            assert!(validate(bad).is_err(), "{bad:?}");
        }
    }
}
