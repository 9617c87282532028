//! How every adapter that reads one whole config file (jcode, Jarvis, Claude settings, Codex
//! hooks.json, GJC plugin manifests) treats a file it cannot use: over the size bound, a
//! directory, not UTF-8. One reader serves them all, so they must all say the same.

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
            hooks_rules::load_file(&t.ctx(), &f, Some(conv)),
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
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::Jcode));
    assert!(
        !codes(&d).contains(&Code::InvalidSource),
        "{:?}",
        d.batch.diagnostics
    );
    assert_eq!(d.batch.hooks.len(), 1);
}

/// Each reader with a path it discovers, a file name for an explicit load, and its format word.
const READERS: [(&str, Convention, &str); 4] = [
    ("home/.jcode/config.toml", Convention::Jcode, "TOML"),
    ("home/.jarvis-code/config.toml", Convention::Jarvis, "TOML"),
    (
        "project/.claude/settings.json",
        Convention::ClaudeSettings,
        "JSON",
    ),
    ("project/.codex/hooks.json", Convention::CodexJson, "JSON"),
];

#[test]
fn text_that_is_not_utf8_is_a_parse_error_at_the_first_bad_byte() {
    for (rel, conv, format) in READERS {
        let t = Tree::empty();
        // Line 2, column 4 (after three characters, one of them two bytes wide).
        let f = t.write(rel, b"# ok\nab\xc3\xa9\xff rest\n".as_slice());
        let d = hooks_rules::load_file(&t.ctx(), &f, Some(conv));
        assert_eq!(codes(&d), [Code::ParseError], "{rel}");
        let diag = &d.batch.diagnostics[0];
        assert!(
            diag.message
                .contains(&format!("not valid UTF-8, so it is not {format}")),
            "{rel}: {}",
            diag.message
        );
        let loc = diag.location.as_ref().unwrap();
        assert_eq!((loc.line, loc.column), (Some(2), Some(4)), "{rel}");
        // The file is kept (bad bytes replaced) so a renderer can show the line.
        let src = d.sources.iter().find(|s| s.display == loc.path).unwrap();
        assert!(
            src.text
                .as_deref()
                .unwrap()
                .contains("ab\u{e9}\u{fffd} rest"),
            "{rel}"
        );
    }
}

#[test]
fn a_directory_given_as_a_config_file_is_an_invalid_source() {
    for (rel, conv, format) in READERS {
        let t = Tree::empty();
        let dir = t.dir.path().join(rel);
        std::fs::create_dir_all(&dir).unwrap();
        let d = hooks_rules::load_file(&t.ctx(), &dir, Some(conv));
        assert_eq!(codes(&d), [Code::InvalidSource], "{rel}");
        assert!(
            d.batch.diagnostics[0]
                .message
                .contains(&format!("a directory, not a {format} file")),
            "{rel}: {}",
            d.batch.diagnostics[0].message
        );
    }
}

#[test]
fn a_missing_explicit_file_is_unreadable_and_a_missing_discovered_one_is_silent() {
    for (rel, conv, _) in READERS {
        let t = Tree::empty();
        let d = hooks_rules::load_file(&t.ctx(), &t.dir.path().join(rel), Some(conv));
        assert_eq!(codes(&d), [Code::UnreadableSource], "{rel}");
        assert!(t.discover(&[conv]).batch.diagnostics.is_empty(), "{rel}");
    }
}
