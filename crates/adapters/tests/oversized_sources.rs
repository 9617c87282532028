//! A config file over the size bound is refused with `invalid_source` before it is read, in
//! every adapter that reads one whole file (jcode, Jarvis, Claude settings, Codex hooks.json).

mod common;

use adapters::read_limit::MAX_CONFIG_BYTES;
use common::{codes, Tree};
use hook_ir::{Code, Convention};

/// A sparse file of `len` bytes at `rel` under the tree (no disk space used).
fn sparse(t: &Tree, rel: &str, len: u64) -> std::path::PathBuf {
    let f = t.write(rel, "");
    std::fs::File::create(&f).unwrap().set_len(len).unwrap();
    f
}

#[test]
fn oversized_config_files_are_refused_not_read() {
    let cases = [
        (
            "home/.jcode/config.toml",
            Convention::Jcode,
            MAX_CONFIG_BYTES,
        ),
        (
            "home/.jarvis-code/config.toml",
            Convention::Jarvis,
            MAX_CONFIG_BYTES,
        ),
        (
            "project/.claude/settings.json",
            Convention::ClaudeSettings,
            MAX_CONFIG_BYTES,
        ),
        (
            "project/.codex/hooks.json",
            Convention::CodexJson,
            adapters::codex_json::discover::MAX_JSON_BYTES,
        ),
    ];
    for (rel, conv, max) in cases {
        let t = Tree::empty();
        let f = sparse(&t, rel, max + 1);
        // Discovered and given explicitly: the same single diagnostic, at the file.
        for d in [
            t.discover(&[conv]),
            adapters::load_file(&t.ctx(), &f, Some(conv)),
        ] {
            assert_eq!(codes(&d), [Code::InvalidSource], "{rel}");
            let diag = &d.batch.diagnostics[0];
            assert!(
                diag.message.contains("-byte limit; not read"),
                "{rel}: {}",
                diag.message
            );
            assert_eq!(diag.location.as_ref().map(|l| l.line), Some(None), "{rel}");
            assert!(d.batch.hooks.is_empty() && d.sources.is_empty(), "{rel}");
        }
    }
}

#[test]
fn a_config_file_at_the_bound_is_read() {
    // Exactly MAX_CONFIG_BYTES of TOML (a comment padded out): read and parsed, no diagnostic.
    let t = Tree::empty();
    let mut text = String::from("[hooks]\npre_tool = \"guard\"\n#");
    text.push_str(&"x".repeat(MAX_CONFIG_BYTES as usize - text.len()));
    let f = t.write("home/.jcode/config.toml", &text);
    let d = adapters::load_file(&t.ctx(), &f, Some(Convention::Jcode));
    assert!(
        !codes(&d).contains(&Code::InvalidSource),
        "{:?}",
        d.batch.diagnostics
    );
    assert_eq!(d.batch.hooks.len(), 1);
}
