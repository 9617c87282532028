//! A convention is a folder plus table rows (issue 26): outside its own files, the workspace's
//! code names it in a few places only — the enum, the profile and adapter tables, the registries.
//! This counts, per convention, the non-test source files under `crates/*/src` that are not its
//! own and whose code (comments left out) names it: `Convention::Variant`, its module path
//! `module::`, or its id string `"id"`. Its own files are those with its module name or its
//! agent's name as a folder or file stem (`adapters/src/cline_dir/`, `runner/src/host/cline.rs`,
//! `agent-drive/src/agents/cline.rs`), and for a directory convention `hook_dirs`. More than
//! [`AT_MOST`] means a convention is being woven through the workspace again.

use hook_ir::tools::Agent;
use hook_ir::Convention;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most files outside its own that may name one convention.
const AT_MOST: usize = 6;

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.map(Result::unwrap) {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The files a `#[cfg(test)] mod name;` declares: test code, not counted.
fn test_modules(files: &[(PathBuf, String)]) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    for (path, text) in files {
        let stem = path.file_stem().unwrap().to_string_lossy();
        let dir = path.parent().unwrap();
        let base = if ["mod", "lib", "main"].contains(&stem.as_ref()) {
            dir.to_path_buf()
        } else {
            dir.join(stem.as_ref())
        };
        let mut lines = text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line != "#[cfg(test)]" {
                continue;
            }
            let Some(next) = lines.next() else { break };
            let decl = next
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            if let Some(name) = decl.strip_prefix("mod ").and_then(|d| d.strip_suffix(';')) {
                out.insert(base.join(format!("{name}.rs")));
                out.insert(base.join(name).join("mod.rs"));
            }
        }
    }
    out
}

/// The code of a file: without its `#[cfg(test)]` module and without comments.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|n| n.trim_start().contains("mod "))
        {
            // A file's test module is its last item.
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        // A trailing comment, where the ` // ` is not inside a string.
        let line = match line.find(" // ") {
            Some(i) if line[..i].matches('"').count() % 2 == 0 => &line[..i],
            _ => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether `text` holds `word` not preceded by an identifier character (and, with `whole`, not
/// followed by one).
fn names(text: &str, word: &str, whole: bool) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back().is_none_or(|c| !ident(c));
        let after = text[i + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !ident(c));
        before && (!whole || after)
    })
}

/// Per convention, the files outside its own that name it.
fn files_naming_each_convention() -> Vec<(Convention, Vec<String>)> {
    let mut paths = Vec::new();
    for krate in std::fs::read_dir(crates()).unwrap().map(Result::unwrap) {
        rust_files(&krate.path().join("src"), &mut paths);
    }
    paths.sort();
    let files: Vec<(PathBuf, String)> = paths
        .into_iter()
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            (p, t)
        })
        .collect();
    let tests = test_modules(&files);
    let hook_dirs =
        std::fs::read_to_string(crates().join("adapters/src/hook_dirs/mod.rs")).unwrap();
    let files: Vec<(Vec<String>, String)> = files
        .iter()
        .filter(|(p, _)| {
            !tests.contains(p)
                && p.file_name().is_some_and(|n| n != "tests.rs")
                && !p.components().any(|c| c.as_os_str() == "tests")
        })
        .map(|(p, t)| {
            let rel = p.strip_prefix(crates()).unwrap().with_extension("");
            let stems = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            (stems, code(t))
        })
        .collect();
    Convention::ALL
        .iter()
        .map(|&c| {
            let module = c.as_str().replace('-', "_");
            let mut own = vec![module.clone()];
            if let Some(a) = Agent::of(c) {
                own.push(format!("{a:?}").to_lowercase());
            }
            let dirs_row = format!("{}_ADAPTER: HookDirs", module.to_uppercase());
            if hook_dirs.contains(&dirs_row) {
                own.push("hook_dirs".to_string());
            }
            let variant = format!("Convention::{c:?}");
            let path = format!("{module}::");
            let id = format!("\"{}\"", c.as_str());
            let naming = files
                .iter()
                .filter(|(stems, _)| !stems.iter().any(|s| own.contains(s)))
                .filter(|(_, code)| {
                    names(code, &variant, true) || names(code, &path, false) || code.contains(&id)
                })
                .map(|(stems, _)| stems.join("/"))
                .collect();
            (c, naming)
        })
        .collect()
}

#[test]
fn no_convention_is_named_in_more_than_six_files_outside_its_own() {
    let counts = files_naming_each_convention();
    let table: Vec<String> = counts
        .iter()
        .map(|(c, files)| format!("{c}: {} {files:?}", files.len()))
        .collect();
    // The measure sees the tables every convention has a row in.
    let (_, jcode) = &counts[0];
    assert!(
        jcode.iter().any(|f| f.ends_with("hook-ir/src/kind")),
        "{table:#?}"
    );
    let over: Vec<&String> = counts
        .iter()
        .zip(&table)
        .filter(|((_, files), _)| files.len() > AT_MOST)
        .map(|(_, line)| line)
        .collect();
    assert!(
        over.is_empty(),
        "named in more than {AT_MOST} files outside its own (move the fact into the convention's \
         own file, or a table row the registry iterates): {over:#?}"
    );
}
