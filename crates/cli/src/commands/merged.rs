//! The findings of several PATH roots merged into one result, each file reported once.

use adapters::Discovered;
use hook_ir::{Diagnostic, Hook};
use std::collections::HashSet;
use std::path::PathBuf;

/// The roots' findings merged so far, and what the next merge looks up, kept from root to root:
/// rebuilt for every root, the look-ups made `hooks lint` on 10,000 files quadratic (4.7 s for
/// 2,000 files, 89 % of it hashing every earlier hook again).
#[derive(Default)]
pub struct Merged {
    /// The merged result.
    pub all: Discovered,
    /// The real paths of `all.sources`.
    paths: foldhash::HashSet<PathBuf>,
    /// Positions in `all.batch.hooks` by the display path of the hook's location.
    hooks_at: foldhash::HashMap<String, Vec<usize>>,
    /// Positions in `all.batch.diagnostics` by the display path of their location.
    diagnostics_at: foldhash::HashMap<String, Vec<usize>>,
}

impl Merged {
    /// Adds one root's findings. Roots share the home dir (and may overlap), so a file read by an
    /// earlier root is not reported twice: its hooks and diagnostics are identical, display path
    /// included, because display paths are relative to the current directory, not the root.
    pub fn add(&mut self, d: Discovered) {
        // `outside` is for `hooks import` of one root: merged roots never carry it.
        let Discovered { batch, sources, .. } = d;
        // The files an earlier root read too, by display path; usually none or the home dir's.
        let repeated: HashSet<String> = sources
            .iter()
            .filter(|s| self.paths.contains(s.path.as_path()))
            .map(|s| s.display.clone())
            .collect();
        let (hooks, diagnostics) = if repeated.is_empty() {
            (batch.hooks, batch.diagnostics)
        } else {
            self.new_in_repeated(&repeated, batch.hooks, batch.diagnostics)
        };
        let first = self.all.batch.hooks.len();
        self.all.batch.hooks.extend(hooks);
        index(&mut self.hooks_at, &self.all.batch.hooks, first, |h| {
            Some(&h.location.path)
        });
        let first = self.all.batch.diagnostics.len();
        self.all.batch.diagnostics.extend(diagnostics);
        index(
            &mut self.diagnostics_at,
            &self.all.batch.diagnostics,
            first,
            |x| x.location.as_ref().map(|l| &l.path),
        );
        let new: Vec<_> = sources
            .into_iter()
            .filter(|s| !self.paths.contains(s.path.as_path()))
            .collect();
        self.paths.extend(new.iter().map(|s| s.path.clone()));
        self.all.sources.extend(new);
    }

    /// Makes room for `hooks` hooks and `diagnostics` diagnostics more.
    pub fn reserve(&mut self, hooks: usize, diagnostics: usize) {
        self.all.batch.hooks.reserve(hooks);
        self.all.batch.diagnostics.reserve(diagnostics);
    }

    /// `hooks` and `diagnostics` without those in a `repeated` file that an earlier root
    /// already reported (equal ones are at the same display path, so only those are compared).
    fn new_in_repeated(
        &self,
        repeated: &HashSet<String>,
        hooks: Vec<Hook>,
        diagnostics: Vec<Diagnostic>,
    ) -> (Vec<Hook>, Vec<Diagnostic>) {
        let earlier = |at: &foldhash::HashMap<String, Vec<usize>>| -> Vec<usize> {
            repeated
                .iter()
                .filter_map(|p| at.get(p))
                .flatten()
                .copied()
                .collect()
        };
        let old_hooks: HashSet<&Hook> = earlier(&self.hooks_at)
            .into_iter()
            .map(|i| &self.all.batch.hooks[i])
            .collect();
        let old_diagnostics: HashSet<&Diagnostic> = earlier(&self.diagnostics_at)
            .into_iter()
            .map(|i| &self.all.batch.diagnostics[i])
            .collect();
        let hooks = hooks
            .into_iter()
            .filter(|h| !(repeated.contains(&h.location.path) && old_hooks.contains(h)))
            .collect();
        let diagnostics = diagnostics
            .into_iter()
            .filter(|x| {
                let in_repeated = x
                    .location
                    .as_ref()
                    .is_some_and(|l| repeated.contains(&l.path));
                !(in_repeated && old_diagnostics.contains(x))
            })
            .collect();
        (hooks, diagnostics)
    }
}

/// Records the positions of `items[first..]` under their display path (`path_of`). A file's
/// items come one after another: one look-up per run of one path, and the path copied only
/// when new (a copy and a hash per hook were a good part of merging 10,000 files).
fn index<T>(
    map: &mut foldhash::HashMap<String, Vec<usize>>,
    items: &[T],
    first: usize,
    path_of: impl Fn(&T) -> Option<&String>,
) {
    let mut i = first;
    while i < items.len() {
        let Some(path) = path_of(&items[i]) else {
            i += 1;
            continue;
        };
        let end = (i + 1..items.len())
            .find(|&j| path_of(&items[j]) != Some(path))
            .unwrap_or(items.len());
        let positions = match map.get_mut(path.as_str()) {
            Some(v) => v,
            None => map.entry(path.clone()).or_default(),
        };
        positions.extend(i..end);
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use adapters::Context;
    use hook_ir::Convention;

    /// Two roots that read the same file report it once; a different file is added in full,
    /// in order, whatever came before.
    #[test]
    fn a_file_read_by_two_roots_is_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, cmd: &str| {
            let p = dir.path().join(name).join(".codex/hooks.json");
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            let hook = serde_json::json!({"type": "command", "command": cmd, "timeout": 30000});
            let text = serde_json::json!({"hooks": {"PreToolUse": [{"hooks": [hook]}]}});
            std::fs::write(&p, text.to_string()).unwrap();
            p
        };
        let (a, b) = (write("a", "./missing.sh"), write("b", "./gone.sh"));
        let ctx = Context {
            project: Some(dir.path().to_path_buf()),
            ..Context::default()
        };
        let load = |p: &PathBuf| hooks_rules::load_file(&ctx, p, Some(Convention::CodexJson));
        let (da, db) = (load(&a), load(&b));
        assert!(!da.batch.diagnostics.is_empty(), "the file has findings");
        let mut m = Merged::default();
        m.add(load(&a));
        m.add(load(&a));
        m.add(load(&b));
        m.add(load(&a));
        let mut want = da.clone();
        want.batch.extend(db.batch.clone());
        want.sources.extend(db.sources.clone());
        assert_eq!(m.all.batch, want.batch);
        assert_eq!(m.all.sources, want.sources);
    }
}
