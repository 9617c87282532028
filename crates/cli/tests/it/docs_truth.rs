//! The hand-written docs stay true to the code:
//! - every diagnostic code is documented on a convention page or in `docs/cli.md`;
//! - every `--flag` that `docs/cli.md` names is one the real binary's help shows;
//! - every relative link in `README.md` and `docs/**/*.md` points at a file that exists, and
//!   every `diagnostics.md#anchor` at a real code;
//! - each convention page links every code its adapter's source reports.

use crate::common;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every Markdown file under `dir`, recursively, in sorted order.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().map(Result::unwrap) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The `--long-flag` words of a text (`--` alone, as in `cargo run -- lint`, is not one).
fn flags(text: &str) -> BTreeSet<String> {
    let b = text.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while let Some(at) = text[i..].find("--") {
        let start = i + at;
        let preceded_ok =
            start == 0 || !(b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'-');
        let mut end = start + 2;
        while end < b.len()
            && (b[end].is_ascii_lowercase() || b[end].is_ascii_digit() || b[end] == b'-')
        {
            end += 1;
        }
        let word = text[start..end].trim_end_matches('-');
        if preceded_ok && word.len() > 2 && b[start + 2].is_ascii_lowercase() {
            out.insert(word.to_string());
        }
        i = end.max(start + 2);
    }
    out
}

fn help(args: &[&str]) -> String {
    let out = common::bin().args(args).output().expect("run hooks");
    assert!(out.status.success(), "hooks {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommand names listed under `Commands:` in a help text (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

/// Every flag the binary's help output shows, for the top level and every (nested) subcommand.
fn accepted_flags() -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    let mut commands = 0;
    while let Some(path) = todo.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let text = help(&args);
        all.extend(flags(&text));
        commands += 1;
        for sub in subcommands(&text) {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
    }
    // lint, list, import, run, setup (+ codex), explain, schema, completions and the top level.
    assert!(
        commands >= 10,
        "only {commands} help texts found: is the help format different?"
    );
    all
}

/// `[text](target)` link targets of a Markdown text.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].trim().to_string());
        }
    }
    out
}

#[test]
fn every_code_is_documented_on_a_convention_page_or_in_cli_md() {
    let root = repo();
    let mut pages: Vec<PathBuf> = markdown_under(&root.join("docs/conventions"));
    pages.push(root.join("docs/cli.md"));
    let text: String = pages.iter().map(|p| read(p)).collect();
    let missing: Vec<&str> = hook_ir::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !text.contains(&format!("`{c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "codes mentioned on no page under docs/conventions/ nor in docs/cli.md: {missing:?}\n\
         (list each on the page of the convention that reports it, or in docs/cli.md for the command line)"
    );
}

#[test]
fn every_flag_in_cli_md_is_accepted_by_the_binary() {
    let accepted = accepted_flags();
    for f in ["--home", "--format", "--dry-run", "--hooks-json", "--list"] {
        assert!(accepted.contains(f), "help parsing lost {f}: {accepted:?}");
    }
    let documented = flags(&read(&repo().join("docs/cli.md")));
    let unknown: Vec<&String> = documented.difference(&accepted).collect();
    assert!(
        unknown.is_empty(),
        "docs/cli.md names flags no `hooks ... --help` shows: {unknown:?}"
    );
}

#[test]
fn flag_scanner_finds_flags_and_skips_separators() {
    let f =
        flags("hooks lint --home DIR [--no-env] `--format human|json`; cargo run -- lint; a--b");
    assert_eq!(
        f.into_iter().collect::<Vec<_>>(),
        ["--format", "--home", "--no-env"]
    );
}

#[test]
fn relative_links_in_readme_and_docs_point_at_existing_files() {
    let root = repo();
    let mut files = markdown_under(&root.join("docs"));
    files.push(root.join("README.md"));
    let codes: BTreeSet<&str> = hook_ir::Code::ALL.iter().map(|c| c.as_str()).collect();
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let dir = file.parent().unwrap();
        for target in links(&read(file)) {
            if target.contains("://") || target.starts_with("mailto:") || target.starts_with('#') {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            checked += 1;
            let resolved = dir.join(path);
            if !resolved.exists() {
                broken.push(format!(
                    "{}: {target}",
                    file.strip_prefix(&root).unwrap_or(file).display()
                ));
                continue;
            }
            if let Some(a) = anchor {
                if path.ends_with("diagnostics.md") && !codes.contains(a) {
                    broken.push(format!(
                        "{}: {target} (no such code)",
                        file.strip_prefix(&root).unwrap_or(file).display()
                    ));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links checked: is the scanner broken?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The `Code::Name` variants a Rust source uses outside its `#[cfg(test)]` part, as public names.
fn codes_used_in(src: &str) -> BTreeSet<&'static str> {
    let src = src.split("#[cfg(test)]").next().unwrap_or("");
    hook_ir::Code::ALL
        .iter()
        .filter(|c| {
            let variant = format!("{c:?}");
            src.match_indices(&format!("Code::{variant}"))
                .any(|(i, m)| !src[i + m.len()..].starts_with(|ch: char| ch.is_alphanumeric()))
        })
        .map(|c| c.as_str())
        .collect()
}

/// Every `.rs` file under `path` (or `path` itself), leaving out `tests.rs` modules.
fn sources(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out: Vec<PathBuf> = std::fs::read_dir(path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && !p.ends_with("tests.rs"))
        .collect();
    out.sort();
    out
}

#[test]
fn each_convention_page_lists_every_code_its_adapter_emits() {
    let root = repo();
    let src = root.join("crates/adapters/src");
    // The page, and the adapter code whose diagnostics it documents (shared helpers included).
    let pages: [(&str, &[&str]); 11] = [
        ("jcode", &["jcode", "toml_support.rs", "read_limit.rs"]),
        ("jarvis", &["jarvis", "toml_support.rs", "read_limit.rs"]),
        ("gjc", &["gjc", "modules"]),
        ("claude-dir", &["modules/entries.rs", "hook_dirs"]),
        ("codex-dir", &["modules/entries.rs", "hook_dirs"]),
        (
            "codex-json",
            &["codex_json", "json_source.rs", "read_limit.rs"],
        ),
        (
            "gjc-plugin",
            &["gjc_plugin", "json_source.rs", "read_limit.rs"],
        ),
        ("claude-settings", &["claude_settings", "read_limit.rs"]),
        (
            "gemini-settings",
            &["gemini_settings", "layered_settings", "read_limit.rs"],
        ),
        (
            "copilot-hooks",
            &["copilot_hooks", "json_source.rs", "read_limit.rs"],
        ),
        // Qwen runs the layered settings reader it shares with Gemini; its page lists the codes
        // that reader reports for Qwen by hand, and this checks the ones of Qwen's own modules.
        ("qwen-settings", &["qwen_settings", "read_limit.rs"]),
    ];
    let mut missing = Vec::new();
    for (page, dirs) in pages {
        let text = read(&root.join(format!("docs/conventions/{page}.md")));
        let emitted: BTreeSet<&str> = dirs
            .iter()
            .flat_map(|d| sources(&src.join(d)))
            .flat_map(|f| codes_used_in(&read(&f)))
            .collect();
        assert!(!emitted.is_empty(), "{page}: no codes found in {dirs:?}");
        for code in emitted {
            if !text.contains(&format!("../diagnostics.md#{code})")) {
                missing.push(format!("{page}: {code}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "codes an adapter reports that its convention page does not list:\n{}",
        missing.join("\n")
    );
}

/// `crates/README.md`'s "Adding a convention" names the files every convention has, and every
/// convention has them: one added without its profile, adapter folder, fixtures, page or status
/// row fails here, as one missing from a registry fails the registries' own tests.
#[test]
fn every_convention_has_the_files_adding_a_convention_names() {
    let readme = read(&repo().join("crates/README.md"));
    let section = readme
        .split("## Adding a convention")
        .nth(1)
        .expect("crates/README.md has an \"Adding a convention\" section");
    for template in [
        "crates/hook-ir/src/conventions/<convention>.rs",
        "crates/adapters/src/<convention>/",
        "hook_dirs/",
        "fixtures/<convention>/",
        "docs/conventions/<convention>.md",
        "status row",
    ] {
        assert!(
            section.contains(template),
            "crates/README.md's \"Adding a convention\" no longer names `{template}`"
        );
    }
    let status = read(&repo().join("README.md"));
    let hook_dirs = read(&repo().join("crates/adapters/src/hook_dirs/mod.rs"));
    let mut missing = Vec::new();
    for c in hook_ir::Convention::ALL {
        let id = c.as_str();
        let snake = id.replace('-', "_");
        let expect = [
            (
                format!("crates/hook-ir/src/conventions/{snake}.rs"),
                repo()
                    .join(format!("crates/hook-ir/src/conventions/{snake}.rs"))
                    .is_file(),
            ),
            (
                format!("crates/adapters/src/{snake}/mod.rs (or a `hook_dirs` adapter)"),
                repo()
                    .join(format!("crates/adapters/src/{snake}/mod.rs"))
                    .is_file()
                    || hook_dirs.contains(&format!(
                        "{}_ADAPTER: HookDirs = HookDirs(Convention::",
                        snake.to_uppercase()
                    )),
            ),
            (
                format!("fixtures/{id}/"),
                repo().join(format!("fixtures/{id}")).is_dir(),
            ),
            (
                format!("docs/conventions/{id}.md"),
                repo().join(format!("docs/conventions/{id}.md")).is_file(),
            ),
            (
                format!("README.md status row naming `{id}`"),
                status
                    .lines()
                    .any(|l| l.starts_with("| `") && l.contains(&format!("`{id}`"))),
            ),
        ];
        for (what, ok) in expect {
            if !ok {
                missing.push(format!("{id}: {what}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
}
