//! Whether Gemini CLI loads an extension in a folder: `~/.gemini/extensions/
//! extension-enablement.json` (written by `gemini extensions disable|enable [--scope]`), as
//! Gemini CLI 0.61.0 reads it (`packages/cli/src/config/extensions/extensionEnablement.ts`,
//! `ExtensionEnablementManager.isEnabled`). A disabled extension is not active, and the hook
//! registry registers only active extensions' hooks (`hookRegistry.ts`,
//! `processHooksFromConfig`).

use serde_json::Value;
use std::path::Path;

/// The rules of `extension-enablement.json`: per extension name, its `overrides`.
#[derive(Debug, Clone, Default)]
pub(super) struct Enablement {
    rules: Vec<(String, Vec<String>)>,
}

impl Enablement {
    /// Reads `<extensions dir>/extension-enablement.json`. A missing file, or one Gemini would
    /// refuse (not JSON, not `{name: {overrides: [string]}}`), enables every extension — Gemini
    /// reports the broken file and reads it as `{}`.
    pub(super) fn read(extensions_dir: &Path) -> Enablement {
        let path = extensions_dir.join("extension-enablement.json");
        let Ok(text) = std::fs::read_to_string(path) else {
            return Enablement::default();
        };
        let Ok(Value::Object(map)) = serde_json::from_str::<Value>(&text) else {
            return Enablement::default();
        };
        let mut rules = Vec::new();
        for (name, v) in map {
            let Some(list) = v.get("overrides").and_then(Value::as_array) else {
                return Enablement::default();
            };
            let Some(list) = list
                .iter()
                .map(|r| r.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
            else {
                return Enablement::default();
            };
            rules.push((name, list));
        }
        Enablement { rules }
    }

    /// The rule that disables extension `name` in `folder`, or `None` when it is enabled there:
    /// the last rule that matches the folder wins.
    pub(super) fn disabled_by(&self, name: &str, folder: &Path) -> Option<String> {
        let overrides = self.rules.iter().find(|(n, _)| n == name)?;
        let folder = with_slashes(&folder.to_string_lossy());
        let mut last = None;
        for rule in &overrides.1 {
            if matches(rule, &folder) {
                last = Some(rule);
            }
        }
        last.filter(|r| r.starts_with('!')).cloned()
    }
}

/// `ensureLeadingAndTrailingSlash`.
fn with_slashes(p: &str) -> String {
    let mut s = p.replace('\\', "/");
    if !s.starts_with('/') {
        s.insert(0, '/');
    }
    if !s.ends_with('/') {
        s.push('/');
    }
    s
}

/// `Override.fromFileRule(rule).matchesPath(folder)`: the rule without its `!` is a glob in
/// which a trailing `*` (and any other `*`) stands for any text, a `/` before it included.
fn matches(rule: &str, folder: &str) -> bool {
    let base = rule.strip_prefix('!').unwrap_or(rule);
    // `globToRegex`: escape `.+?^${}()|[]\`, then `(/?)*` → `($1.*)?`, anchored.
    let mut re = String::from("^");
    let chars: Vec<char> = base.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            re.push_str("(/.*)?");
            i += 2;
            continue;
        }
        if c == '*' {
            re.push_str("(.*)?");
        } else if ".+?^${}()|[]\\".contains(c) {
            re.push('\\');
            re.push(c);
        } else {
            re.push(c);
        }
        i += 1;
    }
    re.push('$');
    regex::Regex::new(&re).is_ok_and(|r| r.is_match(folder))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(json: &str) -> Enablement {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("extension-enablement.json"), json).unwrap();
        Enablement::read(d.path())
    }

    #[test]
    fn the_last_matching_rule_wins() {
        // What `gemini extensions disable ext` then `enable ext --scope workspace` write.
        let en = e(r#"{"ext": {"overrides": ["!/*", "/work/p/"]}}"#);
        assert_eq!(en.disabled_by("ext", Path::new("/work/p")), None);
        assert_eq!(
            en.disabled_by("ext", Path::new("/work/q")),
            Some("!/*".into())
        );
        // Without a trailing `*` a rule names that folder only.
        assert_eq!(
            en.disabled_by("ext", Path::new("/work/p/sub")),
            Some("!/*".into())
        );
        assert_eq!(en.disabled_by("other", Path::new("/work/q")), None);
    }

    #[test]
    fn subdirectory_rules_and_broken_files() {
        let en = e(r#"{"ext": {"overrides": ["!/work/*"]}}"#);
        assert!(en.disabled_by("ext", Path::new("/work")).is_some());
        assert!(en.disabled_by("ext", Path::new("/work/a/b")).is_some());
        assert!(en.disabled_by("ext", Path::new("/workshop")).is_none());
        // Gemini reads a file that fails its schema as `{}`.
        let en = e(r#"{"ext": {"overrides": "!/*"}}"#);
        assert!(en.disabled_by("ext", Path::new("/work")).is_none());
    }
}
