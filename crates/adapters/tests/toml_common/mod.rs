//! Helpers shared by the jcode and Jarvis adapter tests.
#![allow(dead_code)]

use adapters::{Context, Discovered};
use hook_ir::{Convention, Diagnostic};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository's `fixtures/` directory.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// A context with `home`, no project, `PATH=/usr/bin:/bin` plus `env`.
pub fn ctx(home: &Path, env: &[(&str, &str)], apply_env: bool) -> Context {
    let mut map: BTreeMap<String, String> = BTreeMap::new();
    map.insert("PATH".into(), "/usr/bin:/bin".into());
    for (k, v) in env {
        map.insert((*k).into(), (*v).into());
    }
    Context {
        project: None,
        home: Some(home.to_path_buf()),
        env: map,
        apply_env_overrides: apply_env,
        cwd: None,
        run_cache: None,
    }
}

/// Loads an explicit file as `convention`.
pub fn load(convention: Convention, ctx: &Context, path: &Path) -> Discovered {
    hooks_rules::load_file(ctx, path, Some(convention))
}

/// Writes `text` to `<dir>/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

/// The diagnostics with this code.
pub fn with_code<'a>(d: &'a Discovered, code: &str) -> Vec<&'a Diagnostic> {
    d.batch
        .diagnostics
        .iter()
        .filter(|x| x.code.as_str() == code)
        .collect()
}

/// (line, column) of a diagnostic.
pub fn pos(d: &Diagnostic) -> (u32, u32) {
    let l = d.location.as_ref().expect("location");
    (l.line.expect("line"), l.column.expect("column"))
}

/// The codes of all diagnostics, in order.
pub fn codes(d: &Discovered) -> Vec<&'static str> {
    d.batch
        .diagnostics
        .iter()
        .map(|x| x.code.as_str())
        .collect()
}

/// Every `*.toml` under `dir`, sorted.
pub fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}
