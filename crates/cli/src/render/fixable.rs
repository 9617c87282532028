//! Which diagnostics `hooks lint --fix` can fix, for every renderer: ruff's `[*]` marker and
//! "N fixable" line in the human format, a `fix` object in JSON, `fixes` in SARIF.

use hook_ir::Diagnostic;
use hooks_rules::fix::{Applicability, FixInfo};
use std::collections::HashMap;

/// The checked fix of each diagnostic that has one (`hooks_rules::fix::available`), keyed by the
/// diagnostic itself so that filtering or reordering the diagnostics keeps each fix with its own.
#[derive(Debug, Default)]
pub struct Fixable {
    by: HashMap<Diagnostic, FixInfo>,
    /// Whether unsafe fixes count as applicable (`--unsafe-fixes` was given).
    pub unsafe_fixes: bool,
}

impl Fixable {
    /// Records the fixes `available` found for `diagnostics` (same order).
    pub fn add(&mut self, diagnostics: &[Diagnostic], fixes: Vec<Option<FixInfo>>) {
        for (d, f) in diagnostics.iter().zip(fixes) {
            if let Some(f) = f {
                self.by.entry(d.clone()).or_insert(f);
            }
        }
    }

    /// The fix of `d`, if it has one.
    pub fn get(&self, d: &Diagnostic) -> Option<&FixInfo> {
        self.by.get(d)
    }

    /// Whether `--fix` (with `--unsafe-fixes` when it was given) would apply the fix of `d`.
    pub fn applies(&self, d: &Diagnostic) -> bool {
        self.get(d)
            .is_some_and(|f| f.applicability == Applicability::Safe || self.unsafe_fixes)
    }

    /// How many of `diagnostics` `--fix` would fix, and how many more only `--unsafe-fixes`
    /// would (0 when it was given).
    pub fn counts(&self, diagnostics: &[Diagnostic]) -> (usize, usize) {
        let applied = diagnostics.iter().filter(|d| self.applies(d)).count();
        let hidden = diagnostics
            .iter()
            .filter(|d| self.get(d).is_some() && !self.applies(d))
            .count();
        (applied, hidden)
    }
}
