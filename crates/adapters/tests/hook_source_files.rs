//! Every hook read from a file knows that file as data (`Hook::source_file`, stamped by
//! discovery), whatever directory its path is printed from: the link from a hook to its file's
//! text, layer and readers never goes through the display path. A plugin's hook carries its
//! plugin's root the same way.

mod common;

use adapters::{Context, Discovered};
use common::{copy_tree, fixtures, Tree};
use hook_ir::Hook;
use std::path::{Path, PathBuf};

/// Every fixture case laid out as `project/` and/or `home/`, and the bundled demo.
fn trees() -> Vec<(String, Tree)> {
    let mut out = Vec::new();
    for conv in std::fs::read_dir(fixtures()).unwrap() {
        let conv = conv.unwrap().path();
        let Ok(cases) = std::fs::read_dir(&conv) else {
            continue;
        };
        for case in cases {
            let case = case.unwrap().path();
            if case.join("project").is_dir() || case.join("home").is_dir() {
                let t = Tree::empty();
                copy_tree(&case, t.dir.path());
                out.push((case.display().to_string(), t));
            }
        }
    }
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/demo");
    let t = Tree::empty();
    copy_tree(&demo, &t.project());
    copy_tree(&demo.join("home"), &t.home());
    out.push(("examples/demo".to_string(), t));
    out
}

/// Every hook of a discovery: accepted, outside the six kinds, never run.
fn hooks(d: &Discovered) -> impl Iterator<Item = &Hook> {
    d.batch
        .hooks
        .iter()
        .chain(&d.outside)
        .chain(d.never_run.iter().map(|(h, _)| h))
}

#[test]
fn every_hook_read_from_a_file_carries_that_file_from_every_cwd() {
    let (mut linked, mut plugins) = (0, 0);
    for (name, tree) in trees() {
        let elsewhere = tempfile::tempdir().unwrap();
        let cwds: [Option<PathBuf>; 4] = [
            None,
            Some(tree.project()),
            Some(tree.dir.path().to_path_buf()),
            Some(elsewhere.path().to_path_buf()),
        ];
        for cwd in cwds {
            let ctx = Context {
                cwd: cwd.clone(),
                ..tree.ctx()
            };
            let d = adapters::read(&ctx);
            for h in hooks(&d) {
                if h.location.is_env() {
                    assert_eq!(h.source_file, None, "{name}: {}", h.id);
                    continue;
                }
                let s = d
                    .source_of(h)
                    .unwrap_or_else(|| panic!("{name} (cwd {cwd:?}): {} has no file", h.id));
                // The same file the location prints, in the layer the hook was stamped with.
                assert_eq!(s.display, h.location.path, "{name}: {}", h.id);
                assert_eq!(s.scope, h.scope, "{name}: {}", h.id);
                assert!(s.path.is_absolute(), "{name}: {}", s.path.display());
                // A plugin's hook (Claude Code or Cursor plugin, Gemini CLI extension) carries
                // its plugin's root, which holds its file.
                if h.scope == hook_ir::Scope::Plugin {
                    let root = h.plugin_root.as_deref();
                    let root = root.unwrap_or_else(|| panic!("{name}: {} has no root", h.id));
                    assert!(s.path.starts_with(root), "{name}: {}", h.id);
                    plugins += 1;
                }
                linked += 1;
            }
        }
    }
    // Not vacuous: the fixtures hold hundreds of hooks across the conventions.
    assert!(linked > 400, "only {linked} hooks linked");
    assert!(plugins > 8, "only {plugins} plugin hooks");
}

#[test]
fn a_layer_of_many_files_links_each_hook_to_its_own() {
    // GJC reads a project's whole `.gjc/hooks/` in one layer: with more files than are searched
    // in turn, they are looked up by a map, with the same answer.
    let t = Tree::empty();
    for i in 0..40 {
        t.write(
            &format!("project/.gjc/hooks/pre/tool{i:02}.js"),
            format!("export default async () => ({{ reason: 'hook {i}' }});\n"),
        );
    }
    let elsewhere = tempfile::tempdir().unwrap();
    let ctx = Context {
        cwd: Some(elsewhere.path().to_path_buf()),
        ..t.ctx()
    };
    let d = adapters::read_only(&ctx, &[hook_ir::Convention::Gjc]);
    assert_eq!(d.sources.len(), 40, "{:?}", d.batch.diagnostics);
    assert_eq!(d.batch.hooks.len(), 40, "{:?}", d.batch.diagnostics);
    let mut files: Vec<&Path> = Vec::new();
    for h in &d.batch.hooks {
        let file = h.source_file.as_deref().unwrap();
        assert!(file.starts_with(t.project()), "{}", file.display());
        assert!(h
            .location
            .path
            .ends_with(&*file.file_name().unwrap().to_string_lossy()));
        assert_eq!(d.source_of(h).unwrap().path, file);
        files.push(file);
    }
    files.sort();
    files.dedup();
    assert_eq!(files.len(), 40);
}
