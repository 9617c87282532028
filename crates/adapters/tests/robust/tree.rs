//! Hook directory trees (GJC's `.gjc/hooks/`, Claude's `.claude/hooks/`, Codex's
//! `.codex/hooks/`) as data, built on disk, and the oracle their readers and the GJC writer are
//! held to. Shared by the generator tests (`tests/generated_trees.rs`, trees from `gen.rs`) and
//! the `dir_trees` fuzz target (trees from bytes, [`Tree::from_bytes`]).
//!
//! - discovery yields hooks or coded diagnostics, each located (a span, when there is one, in
//!   range of the module it names), the same batch twice;
//! - a valid tree reads as exactly its hooks, with no error;
//! - importing the hooks into another project's `.gjc/hooks/` (the GJC writer) copies each
//!   module byte for byte so that it reads back as the same kinds and matchers, or a coded
//!   diagnostic names the hook; it never overwrites a differing file, keeps the hooks and the
//!   unrelated files already there byte for byte, and a second import changes nothing.
#![allow(dead_code)]

use super::check::{check_location, Sandbox};
use adapters::write::{apply, WriteOptions};
use adapters::Discovered;
use hook_ir::{Code, Convention, Detail, Hook, Kind, Matcher, Severity};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One entry of a tree, relative to the convention's hooks directory.
#[derive(Debug, Clone)]
pub enum Entry {
    /// A regular file and its bytes.
    File(String, Vec<u8>),
    /// An (empty) directory.
    Dir(String),
    /// A symlink and its target as written (relative to the link's folder, or absolute).
    Symlink(String, String),
}

/// A generated or fuzzed hook directory tree.
#[derive(Debug, Clone)]
pub struct Tree {
    /// Which directory convention it is.
    pub conv: Convention,
    /// Its entries, created in order (an entry whose parent is a file is left out).
    pub entries: Vec<Entry>,
    /// How many hooks it declares when unmutated.
    pub hooks: usize,
    /// The mutations applied (empty: a valid tree that must read back exactly).
    pub mutations: Vec<&'static str>,
}

/// The hooks directory of a directory convention, relative to the project root.
pub fn root_of(conv: Convention) -> &'static str {
    match conv {
        Convention::Gjc => ".gjc/hooks",
        Convention::ClaudeDir => ".claude/hooks",
        Convention::CodexDir => ".codex/hooks",
        other => panic!("{other} is not a directory convention"),
    }
}

/// Files already in the import's target project that are none of the writer's business: they
/// must be byte for byte the same after any import.
const UNRELATED: &[(&str, &str)] = &[
    (".gjc/notes.txt", "mine\r\n  keep   me\n"),
    (".gjc/hooks/pre/.keep", ""),
    (
        ".gjc/hooks/post/zz-existing.ts",
        "export default (api) => { api.on(\"tool_result\", () => {}); };\n",
    ),
];

impl Tree {
    /// A tree from fuzz bytes: records separated by `0xFF`. A record's first byte picks the
    /// entry (bits 0-2: file, directory or symlink; bit 4: `post/` instead of `pre/`; bit 6:
    /// the folder itself instead of an entry in it), then a name up to the first newline, then
    /// the file's bytes or the symlink's target. At most 12 entries; names are cut to 100 bytes
    /// and lose `/` and NUL (no file name can hold them).
    pub fn from_bytes(conv: Convention, data: &[u8]) -> Tree {
        let mut entries = Vec::new();
        for rec in data.split(|&b| b == 0xFF).take(12) {
            let Some((&sel, rest)) = rec.split_first() else {
                continue;
            };
            let (name, body) = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, &[][..]),
            };
            let mut name: String = String::from_utf8_lossy(name)
                .chars()
                .filter(|c| !matches!(c, '/' | '\0'))
                .collect();
            while name.len() > 100 {
                name.pop();
            }
            if name.is_empty() || name == "." || name == ".." {
                name = format!("x{}.ts", sel % 10);
            }
            let phase = if sel & 0x10 != 0 { "post" } else { "pre" };
            let rel = match (conv, sel & 0x40 != 0) {
                (Convention::CodexDir, _) => name,
                (_, true) => phase.to_string(),
                (_, false) => format!("{phase}/{name}"),
            };
            entries.push(match sel & 7 {
                4 => Entry::Dir(rel),
                5 => Entry::Symlink(rel, String::from_utf8_lossy(body).replace('\0', "")),
                _ => Entry::File(rel, body.to_vec()),
            });
        }
        Tree {
            conv,
            entries,
            hooks: 0,
            mutations: vec!["fuzzed"],
        }
    }

    /// Builds the tree under `project` (removing what a previous case left there).
    pub fn build(&self, project: &Path) {
        let root = project.join(root_of(self.conv));
        let _ =
            std::fs::remove_dir_all(project.join(root_of(self.conv).split('/').next().unwrap()));
        std::fs::create_dir_all(&root).unwrap();
        for e in &self.entries {
            // An entry that cannot be made (its parent is a file, the name is taken) is left
            // out: the tree is what the disk holds.
            let _ = match e {
                Entry::File(rel, bytes) => {
                    let p = root.join(rel);
                    p.parent()
                        .map_or(Ok(()), std::fs::create_dir_all)
                        .and_then(|()| std::fs::write(&p, bytes))
                }
                Entry::Dir(rel) => std::fs::create_dir_all(root.join(rel)),
                Entry::Symlink(rel, target) => {
                    let p = root.join(rel);
                    p.parent()
                        .map_or(Ok(()), std::fs::create_dir_all)
                        .and_then(|()| std::os::unix::fs::symlink(target, &p))
                }
            };
        }
    }
}

/// Every hook and diagnostic of `d` is located: a path always, and line/column/span in range of
/// the module text when the location points into one that was read.
pub fn check_tree_discovered(d: &Discovered) {
    for h in &d.batch.hooks {
        assert!(!h.id.is_empty(), "hook without id");
        assert!(!h.location.path.is_empty(), "hook {} without a path", h.id);
        let text = d.source_text(&h.location.path);
        check_location(
            &h.location,
            &h.location.path,
            text,
            &format!("hook {}", h.id),
        );
    }
    for x in &d.batch.diagnostics {
        assert!(
            !x.message.is_empty(),
            "diagnostic {} without message",
            x.code
        );
        let l = x
            .location
            .as_ref()
            .unwrap_or_else(|| panic!("diagnostic {} without a location", x.code));
        assert!(!l.path.is_empty(), "diagnostic {} without a path", x.code);
        let text = d.source_text(&l.path);
        check_location(l, &l.path, text, &format!("diagnostic {}", x.code));
    }
}

/// The reader oracle for a tree built in `sb`'s project: located, deterministic, and a valid
/// tree reads as exactly its hooks. Returns what was read.
pub fn read_tree_checked(sb: &Sandbox, tree: &Tree) -> Discovered {
    tree.build(&sb.project());
    let ctx = sb.ctx();
    let d = hooks_rules::discover_only(&ctx, &[tree.conv]);
    check_tree_discovered(&d);
    let again = hooks_rules::discover_only(&ctx, &[tree.conv]);
    assert_eq!(
        format!("{:?}", d.batch),
        format!("{:?}", again.batch),
        "discovering the same tree twice gave different batches"
    );
    assert!(
        d.batch.hooks.iter().all(|h| h.convention == tree.conv),
        "a hook of another convention"
    );
    if tree.mutations.is_empty() {
        let errors: Vec<_> = d
            .batch
            .diagnostics
            .iter()
            .filter(|x| x.severity() == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "valid tree {tree:?}: {errors:?}");
        assert_eq!(
            d.batch.hooks.len(),
            tree.hooks,
            "valid tree {tree:?} read as {:?}",
            d.batch.hooks
        );
    }
    d
}

/// What an import must keep of a hook: its kind, its matcher and, for GJC's own modules (whose
/// event is the in-process event), its event.
fn essence(h: &Hook) -> (Kind, Matcher, Option<String>) {
    let event = (h.convention == Convention::Gjc).then(|| h.source_event.clone());
    (h.kind, h.matcher.clone(), event)
}

fn real_path(h: &Hook) -> Option<&str> {
    match &h.detail {
        Detail::Module { real_path, .. } => Some(real_path),
        _ => None,
    }
}

/// Every regular file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t) if t.is_file() => {
                    out.insert(p.clone(), std::fs::read(&p).unwrap());
                }
                _ => {}
            }
        }
    }
    out
}

/// The writer oracle: imports `hooks` (read from a tree in another sandbox) into `dst`'s
/// project `.gjc/hooks/`, which already holds [`UNRELATED`] files.
pub fn import_checked(dst: &Sandbox, hooks: &[Hook]) {
    let project = dst.project();
    let _ = std::fs::remove_dir_all(project.join(".gjc"));
    for (rel, text) in UNRELATED {
        let p = project.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let ctx = dst.ctx();
    let before = hooks_rules::discover_only(&ctx, &[Convention::Gjc]);
    let files_before = snapshot(&project.join(".gjc"));
    let opts = WriteOptions::default();
    let plan = adapters::plan_write(&ctx, Convention::Gjc, hooks, &opts);
    let hooks_dir = project.join(".gjc/hooks");
    for x in &plan.diagnostics {
        assert!(
            x.location.is_some(),
            "import diagnostic {} without a location",
            x.code
        );
    }
    let mut written = BTreeMap::new();
    for c in plan.changes.iter().filter(|c| !c.is_noop()) {
        let rel = c.path.strip_prefix(&hooks_dir).unwrap_or_else(|_| {
            panic!(
                "the import writes outside `.gjc/hooks/`: {}",
                c.path.display()
            )
        });
        assert!(
            matches!(
                rel.components().next().and_then(|p| p.as_os_str().to_str()),
                Some("pre" | "post")
            ) && rel.components().count() == 2,
            "the import writes {} (not a file of `pre/` or `post/`)",
            rel.display()
        );
        // Without --force a differing file is never overwritten.
        assert!(
            c.before.is_none(),
            "the import overwrites {} without --force",
            c.display
        );
        written.insert(c.path.clone(), c.after.clone());
    }
    apply(&plan).expect("applying a fresh import plan");
    // The copies are source modules, byte for byte.
    let sources: Vec<Vec<u8>> = hooks
        .iter()
        .filter_map(real_path)
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    for (path, text) in &written {
        assert!(
            sources.iter().any(|s| s == text.as_bytes()),
            "{} is no copy of a source module",
            path.display()
        );
        assert_eq!(&std::fs::read(path).unwrap(), text.as_bytes());
    }
    let after = hooks_rules::discover_only(&ctx, &[Convention::Gjc]);
    check_tree_discovered(&after);
    let got: Vec<_> = after.batch.hooks.iter().map(essence).collect();
    // What was there is still there: hooks and files.
    for h in &before.batch.hooks {
        assert!(
            got.contains(&essence(h)),
            "an existing hook was lost: {h:?}"
        );
    }
    let files_after = snapshot(&project.join(".gjc"));
    for (p, bytes) in &files_before {
        assert_eq!(
            files_after.get(p),
            Some(bytes),
            "{} changed in the import",
            p.display()
        );
    }
    // Every hook reads back from its copy, or a coded diagnostic of the plan names it (its
    // file, or the copy it would have overwritten).
    let copies: Vec<(Kind, Matcher)> = after
        .batch
        .hooks
        .iter()
        .map(|h| (h.kind, h.matcher.clone()))
        .collect();
    for h in hooks {
        let read_back = if h.convention == Convention::Gjc {
            got.contains(&essence(h))
        } else {
            copies.contains(&(h.kind, h.matcher.clone()))
        };
        let named = plan.diagnostics.iter().any(|x| {
            x.location
                .as_ref()
                .is_some_and(|l| l.path == h.location.path)
                || x.code == Code::ImportConflict
        });
        assert!(
            read_back || named,
            "hook {} was imported without a diagnostic but does not read back: {:?}\nread back: {:?}\nplan: {:?}",
            h.id,
            essence(h),
            after.batch.hooks,
            plan.diagnostics
        );
    }
    // A second import changes nothing.
    let again = adapters::plan_write(&ctx, Convention::Gjc, hooks, &opts);
    for c in &again.changes {
        assert!(c.is_noop(), "a second import changes {}", c.display);
    }
}
