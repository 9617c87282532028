//! The globs of `exclude` and `per-file-ignores`, matched as `.gitignore` patterns are: a glob
//! with a `/` is anchored (at the configuration's directory, or at the current directory for
//! the paths lint prints), one without names a file or directory at any depth, and a glob that
//! matches a directory covers everything under it. `*` stops at `/`, `**` does not.

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

/// A list of globs, compiled, each tagged with the index of the entry it belongs to.
#[derive(Debug, Clone)]
pub struct Globs {
    anchored: GlobSet,
    anchored_entry: Vec<usize>,
    names: GlobSet,
    names_entry: Vec<usize>,
}

impl Default for Globs {
    fn default() -> Self {
        Globs {
            anchored: GlobSet::empty(),
            anchored_entry: Vec::new(),
            names: GlobSet::empty(),
            names_entry: Vec::new(),
        }
    }
}

/// Compiles one glob as written in the configuration (`./` and a trailing `/` dropped); the
/// error is globset's, for the diagnostic.
pub fn compile(pattern: &str) -> Result<(Glob, bool), globset::Error> {
    let p = pattern.strip_prefix("./").unwrap_or(pattern);
    let p = if p.len() > 1 {
        p.trim_end_matches('/')
    } else {
        p
    };
    let glob = GlobBuilder::new(p)
        .literal_separator(true)
        .backslash_escape(true)
        .build()?;
    Ok((glob, p.contains('/')))
}

/// Builds [`Globs`] from compiled globs, each with the index of its entry.
pub fn build(globs: Vec<(Glob, bool, usize)>) -> Globs {
    let mut out = Globs::default();
    let (mut a, mut n) = (GlobSetBuilder::new(), GlobSetBuilder::new());
    let (mut has_a, mut has_n) = (false, false);
    for (g, anchored, entry) in globs {
        if anchored {
            a.add(g);
            out.anchored_entry.push(entry);
            has_a = true;
        } else {
            n.add(g);
            out.names_entry.push(entry);
            has_n = true;
        }
    }
    // Each glob compiled alone, so the set cannot fail; an empty set stays the default.
    if has_a {
        out.anchored = a.build().unwrap_or_else(|_| GlobSet::empty());
    }
    if has_n {
        out.names = n.build().unwrap_or_else(|_| GlobSet::empty());
    }
    out
}

impl Globs {
    /// Whether there is no glob.
    pub fn is_empty(&self) -> bool {
        self.anchored_entry.is_empty() && self.names_entry.is_empty()
    }

    /// Sets `hit[entry]` for each entry with a glob matching one of `paths` (`/`-separated),
    /// or a directory above it.
    pub fn matches(&self, paths: &[&str], hit: &mut [bool]) {
        let mut found = Vec::new();
        for p in paths {
            // The path itself and each directory above it: `a`, `a/b`, `a/b/c.json`.
            let prefixes = p
                .match_indices('/')
                .map(|(i, _)| &p[..i])
                .filter(|s| !s.is_empty())
                .chain(std::iter::once(*p));
            for prefix in prefixes {
                self.anchored.matches_into(prefix, &mut found);
                for &i in &found {
                    hit[self.anchored_entry[i]] = true;
                }
            }
            for name in p.split('/').filter(|s| !s.is_empty()) {
                self.names.matches_into(name, &mut found);
                for &i in &found {
                    hit[self.names_entry[i]] = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globs(ps: &[&str]) -> Globs {
        build(
            ps.iter()
                .enumerate()
                .map(|(i, p)| {
                    let (g, a) = compile(p).unwrap();
                    (g, a, i)
                })
                .collect(),
        )
    }

    fn hits(g: &Globs, n: usize, paths: &[&str]) -> Vec<bool> {
        let mut hit = vec![false; n];
        g.matches(paths, &mut hit);
        hit
    }

    #[test]
    fn anchored_globs_match_the_path_or_a_directory_above_it() {
        let g = globs(&[".claude/*.json", "home", "./vendor/", "/abs/**/x.toml"]);
        assert_eq!(
            hits(&g, 4, &[".claude/settings.json"]),
            [true, false, false, false]
        );
        assert_eq!(
            hits(&g, 4, &[".claude/sub/settings.json"]),
            [false, false, false, false]
        );
        assert_eq!(
            hits(&g, 4, &["vendor/a/.codex/hooks.json"]),
            [false, false, true, false]
        );
        assert_eq!(
            hits(&g, 4, &["/abs/p/q/x.toml"]),
            [false, false, false, true]
        );
    }

    #[test]
    fn unanchored_globs_match_a_name_at_any_depth() {
        let g = globs(&["settings.local.json", "home"]);
        assert_eq!(
            hits(&g, 2, &["p1/.claude/settings.local.json"]),
            [true, false]
        );
        assert_eq!(
            hits(&g, 2, &["examples/demo/home/.jcode/config.toml"]),
            [false, true]
        );
        assert_eq!(hits(&g, 2, &["homes/x"]), [false, false]);
    }

    #[test]
    fn bad_globs_are_errors() {
        assert!(compile("a/[b").is_err());
        assert!(compile("{a,b").is_err());
        assert!(compile("[[]x").is_ok());
    }
}
