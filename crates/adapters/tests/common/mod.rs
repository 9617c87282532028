//! Helpers shared by the adapter integration tests: fixture trees copied into temp dirs, and
//! snapshots with the temp paths redacted.
#![allow(dead_code)]

use adapters::{Context, Discovered};
use hook_ir::{Code, Convention};
use std::path::{Path, PathBuf};

/// The repository's `fixtures/` directory.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// Copies `src` into `dst` recursively (files keep their permission bits).
pub fn copy_tree(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        let to = dst.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &to);
        } else {
            std::fs::copy(e.path(), &to).unwrap();
        }
    }
}

/// A temp dir holding `fixtures/<conv>/<case>/` with `project/` and `home/` (created if absent).
pub struct Tree {
    /// Keeps the dir alive.
    pub dir: tempfile::TempDir,
}

impl Tree {
    /// An empty tree.
    pub fn empty() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("project")).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        Tree { dir }
    }

    /// A copy of a fixture case.
    pub fn fixture(conv: &str, case: &str) -> Tree {
        let t = Tree::empty();
        copy_tree(&fixtures().join(conv).join(case), t.dir.path());
        t
    }

    /// The project root.
    pub fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    /// The home dir.
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// A context over this tree with an empty environment.
    pub fn ctx(&self) -> Context {
        Context {
            project: Some(self.project()),
            home: Some(self.home()),
            env: Default::default(),
            apply_env_overrides: false,
            cwd: None,
            run_cache: None,
        }
    }

    /// Writes a file (creating parents).
    pub fn write(&self, rel: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// Writes `home/.codex/config.toml` so that Codex trusts every Codex hook of the tree (and
    /// the projects they are in): for tests about something else than trust.
    pub fn trust_codex(&self) {
        use adapters::codex_json::trust;
        let d = hooks_rules::discover_only(&self.ctx(), &[Convention::CodexJson]);
        let t = trust::of_hooks(&self.ctx(), &d.batch.hooks, &d.sources).unwrap();
        let mut text = String::new();
        let mut roots = Vec::new();
        for t in t.into_iter().flatten() {
            text.push_str(&trust::state_table(&t));
            if let Some(r) = t.project_root {
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        for r in roots {
            text.push_str(&trust::project_table(&r));
        }
        self.write("home/.codex/config.toml", text);
    }

    /// Discovers only `convs`.
    pub fn discover(&self, convs: &[Convention]) -> Discovered {
        hooks_rules::discover_only(&self.ctx(), convs)
    }

    /// The batch as JSON with this tree's path replaced by `[TMP]`.
    pub fn redacted(&self, d: &Discovered) -> serde_json::Value {
        let text = serde_json::to_string(&d.batch).unwrap();
        let real = std::fs::canonicalize(self.dir.path()).unwrap();
        let text = text
            .replace(&real.to_string_lossy().into_owned(), "[TMP]")
            .replace(&self.dir.path().to_string_lossy().into_owned(), "[TMP]");
        serde_json::from_str(&text).unwrap()
    }
}

/// The codes of a result, in order.
pub fn codes(d: &Discovered) -> Vec<Code> {
    d.batch.diagnostics.iter().map(|d| d.code).collect()
}
