//! Which codes are reported: `select`, `extend-select` and `ignore`, in layers, resolved as ruff
//! resolves its rule selection (`ruff_workspace::configuration::LintConfiguration`).

use hook_ir::{Code, Severity};

/// One entry of `select`, `ignore` or `per-file-ignores`: every code, or one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Selector {
    /// `all` (or ruff's spelling, `ALL`).
    All,
    /// One code of the registry.
    Code(Code),
}

impl Selector {
    /// Parses a selector; the error says what is wrong, with the nearest code as did-you-mean.
    pub fn parse(s: &str) -> Result<Selector, SelectorError> {
        if s == "all" || s == "ALL" {
            return Ok(Selector::All);
        }
        Code::parse(s)
            .map(Selector::Code)
            .ok_or_else(|| SelectorError {
                name: s.to_string(),
                suggestion: hook_ir::contract::suggest(
                    s,
                    Code::ALL
                        .iter()
                        .map(|c| c.as_str())
                        .chain(std::iter::once("all")),
                ),
            })
    }

    /// Whether this selector names `code`.
    pub fn covers(self, code: Code) -> bool {
        match self {
            Selector::All => true,
            Selector::Code(c) => c == code,
        }
    }
}

/// A name that is neither `all` nor a code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown code `{name}`")]
pub struct SelectorError {
    /// What was written.
    pub name: String,
    /// The nearest code, if one is near.
    pub suggestion: Option<&'static str>,
}

impl SelectorError {
    /// The help line: the did-you-mean, else where the codes are listed.
    pub fn help(&self) -> String {
        match self.suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => "`hooks explain --list` lists every code".to_string(),
        }
    }
}

/// One layer of selection: the configuration file's, or the command line's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// `select`: when given, replaces what earlier layers selected (and ignored).
    pub select: Option<Vec<Selector>>,
    /// `extend-select`: added to what earlier layers selected.
    pub extend_select: Vec<Selector>,
    /// `ignore` (and `extend-ignore`): removed from the selection.
    pub ignore: Vec<Selector>,
}

/// A set of codes, one bit per code of the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CodeSet([u64; 4]);

impl CodeSet {
    /// Every code.
    pub fn all() -> CodeSet {
        let mut s = CodeSet::default();
        for &c in Code::ALL {
            s.insert(c);
        }
        s
    }

    fn bit(c: Code) -> (usize, u64) {
        // A fieldless enum's discriminant is its place in the registry.
        let i = c as usize;
        (i / 64, 1u64 << (i % 64))
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Code) {
        let (w, b) = Self::bit(c);
        self.0[w] |= b;
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Code) {
        let (w, b) = Self::bit(c);
        self.0[w] &= !b;
    }

    /// Whether `c` is in the set.
    pub fn contains(&self, c: Code) -> bool {
        let (w, b) = Self::bit(c);
        self.0[w] & b != 0
    }

    /// Adds every code `s` names.
    pub fn add(&mut self, s: Selector) {
        match s {
            Selector::All => *self = CodeSet::all(),
            Selector::Code(c) => self.insert(c),
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

/// The codes reported after applying `layers` in order over the default (every code).
///
/// As in ruff: within a layer, a code named explicitly wins over `all` (`select = ["all"]`,
/// `ignore = ["duplicate_hook"]` reports everything else; `ignore = ["all"]`,
/// `extend-select = ["missing_script"]` reports that code alone), and `ignore` wins over `select`
/// for the same name. A layer with `select` starts from nothing; one without adds its
/// `extend-select` to, and removes its `ignore` from, what the earlier layers left.
pub fn resolve(layers: &[&Selection]) -> CodeSet {
    let mut set = CodeSet::all();
    for l in layers {
        let selected = l.select.iter().flatten().chain(&l.extend_select);
        // (code, enabled), least specific first, so the later, more specific, update wins.
        let mut updates: Vec<(Selector, bool)> = Vec::new();
        for all in [true, false] {
            let specific = |s: &&Selector| matches!(s, Selector::All) == all;
            updates.extend(selected.clone().filter(specific).map(|&s| (s, true)));
            updates.extend(l.ignore.iter().filter(specific).map(|&s| (s, false)));
        }
        if l.select.is_some() {
            set = CodeSet::default();
        }
        for (s, on) in updates {
            for &c in Code::ALL.iter().filter(|&&c| s.covers(c)) {
                if on {
                    set.insert(c);
                } else {
                    set.remove(c);
                }
            }
        }
    }
    set
}

/// Parses a severity name (`error`, `warning`, `info`).
pub fn parse_severity(s: &str) -> Option<Severity> {
    [Severity::Error, Severity::Warning, Severity::Info]
        .into_iter()
        .find(|v| v.as_str() == s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(s: &[&str]) -> Vec<Selector> {
        s.iter().map(|x| Selector::parse(x).unwrap()).collect()
    }

    fn layer(select: Option<&[&str]>, extend: &[&str], ignore: &[&str]) -> Selection {
        Selection {
            select: select.map(sel),
            extend_select: sel(extend),
            ignore: sel(ignore),
        }
    }

    #[test]
    fn the_registry_fits_the_code_set() {
        assert!(Code::ALL.len() <= 256);
        assert_eq!(
            Code::ALL
                .iter()
                .filter(|&&c| CodeSet::all().contains(c))
                .count(),
            Code::ALL.len()
        );
    }

    #[test]
    fn default_is_every_code() {
        assert_eq!(resolve(&[]), CodeSet::all());
        assert_eq!(resolve(&[&Selection::default()]), CodeSet::all());
    }

    #[test]
    fn ignore_beats_select_and_specific_beats_all() {
        let s = resolve(&[&layer(Some(&["all"]), &[], &["duplicate_hook"])]);
        assert!(!s.contains(Code::DuplicateHook) && s.contains(Code::MissingScript));
        let s = resolve(&[&layer(None, &["missing_script"], &["all"])]);
        assert!(s.contains(Code::MissingScript) && !s.contains(Code::DuplicateHook));
        let s = resolve(&[&layer(Some(&["duplicate_hook"]), &[], &["duplicate_hook"])]);
        assert!(s.is_empty());
    }

    #[test]
    fn a_later_select_replaces_an_earlier_ignore() {
        let file = layer(None, &[], &["duplicate_hook"]);
        let cli = layer(Some(&["duplicate_hook"]), &[], &[]);
        let s = resolve(&[&file, &cli]);
        assert!(s.contains(Code::DuplicateHook) && !s.contains(Code::MissingScript));
        let cli = layer(None, &["duplicate_hook"], &["missing_script"]);
        let s = resolve(&[&file, &cli]);
        assert!(s.contains(Code::DuplicateHook) && !s.contains(Code::MissingScript));
    }

    #[test]
    fn unknown_names_get_a_did_you_mean() {
        let e = Selector::parse("duplicate_hooks").unwrap_err();
        assert_eq!(e.suggestion, Some("duplicate_hook"));
        assert_eq!(Selector::parse("ALL"), Ok(Selector::All));
    }
}
