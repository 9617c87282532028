//! Shared bodies of the fuzz targets. The oracle is the same as the generator tests':
//! `crates/adapters/tests/robust/check.rs`, included here so both check the same properties.

#[path = "../../crates/adapters/tests/robust/check.rs"]
pub mod check;
#[path = "../../crates/adapters/tests/robust/tree.rs"]
pub mod tree;

use check::{read_checked, stopped_before_lowering, write_checked, Sandbox};
use hook_ir::{Convention, Hook};
use std::cell::RefCell;
use std::path::Path;

thread_local! {
    // One sandbox per fuzzing process: files are overwritten per input, not recreated.
    static SANDBOX: RefCell<Option<Sandbox>> = const { RefCell::new(None) };
    // The project a directory tree is imported into.
    static TARGET: RefCell<Option<Sandbox>> = const { RefCell::new(None) };
}

fn with_sandbox<R>(f: impl FnOnce(&Sandbox) -> R) -> R {
    SANDBOX.with(|s| f(s.borrow_mut().get_or_insert_with(Sandbox::new)))
}

/// Directory-tree target: the first byte picks GJC's, Claude's or Codex's hooks directory, the
/// rest is a tree ([`tree::Tree::from_bytes`]). Discovery yields located hooks or coded
/// diagnostics, the same twice; importing the hooks into another project's `.gjc/hooks/`
/// copies them byte for byte, reads back, keeps what was there, and a second import is a no-op.
pub fn dir_tree(data: &[u8]) {
    let Some((&c, rest)) = data.split_first() else {
        return;
    };
    let conv = [Convention::Gjc, Convention::ClaudeDir, Convention::CodexDir][c as usize % 3];
    let t = tree::Tree::from_bytes(conv, rest);
    with_sandbox(|src| {
        let d = tree::read_tree_checked(src, &t);
        TARGET.with(|dst| {
            tree::import_checked(
                dst.borrow_mut().get_or_insert_with(Sandbox::new),
                &d.batch.hooks,
            )
        });
    });
}

/// Reader target: any bytes as `conv`'s file yield hooks or located, coded diagnostics.
pub fn reader(conv: Convention, data: &[u8]) {
    with_sandbox(|sb| {
        read_checked(sb, conv, data);
    });
}

/// Hooks the fixtures hold for `conv`, read once: realistic hooks to merge into fuzzed files.
fn fixture_hooks(conv: Convention) -> &'static [Hook] {
    use std::sync::OnceLock;
    static CACHE: OnceLock<Vec<(Convention, Vec<Hook>)>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let sb = Sandbox::new();
        let mut v = Vec::new();
        for (c, file) in [
            (Convention::Jcode, "jcode/valid/all_slots.toml"),
            (Convention::Jarvis, "jarvis/valid/all_kinds.toml"),
            (
                Convention::CodexJson,
                "codex-json/valid/project/.codex/hooks.json",
            ),
            (
                Convention::ClaudeSettings,
                "claude-settings/clean/project/.claude/settings.json",
            ),
            (
                Convention::GeminiSettings,
                "gemini-settings/valid/project/.gemini/settings.json",
            ),
        ] {
            let bytes = std::fs::read(root.join(file)).expect("fixture");
            let d = read_checked(&sb, c, &bytes);
            assert!(!d.batch.hooks.is_empty(), "fixture {file} has no hooks");
            v.push((c, d.batch.hooks));
        }
        v
    });
    all.iter()
        .find(|(c, _)| *c == conv)
        .map(|(_, h)| h.as_slice())
        .unwrap_or_default()
}

/// Writer round-trip target. The input is an existing file of `conv`:
/// - the hooks read from it, written into a new file, read back the same;
/// - one fixture hook (picked by the first byte) merged into it keeps every hook already there,
///   reads back, and a second write changes nothing;
/// - keys the writer does not own keep their value.
pub fn writer(conv: Convention, data: &[u8]) {
    let pick = data.first().copied().unwrap_or(0) as usize;
    with_sandbox(|sb| {
        let d = read_checked(sb, conv, data);
        if !stopped_before_lowering(&d) && !d.batch.hooks.is_empty() {
            write_checked(sb, conv, None, &d.batch.hooks);
        }
        let fixture = fixture_hooks(conv);
        let h = &fixture[pick % fixture.len()];
        write_checked(sb, conv, Some(data), std::slice::from_ref(h));
    });
}

/// Tokenizer target: whatever jcode's tokenizer accepts, quoting each word back and splitting
/// again gives the same argv; what it refuses is one of its three errors.
pub fn tokenizer(data: &[u8]) {
    use hook_ir::jcode_argv::{parse_hook_command, quote_word};
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(argv) = parse_hook_command(s) {
        assert!(!argv.is_empty());
        let quoted: Vec<String> = argv.iter().map(|w| quote_word(w)).collect();
        let back = parse_hook_command(&quoted.join(" ")).expect("quoted argv re-parses");
        assert_eq!(back, argv, "quote_word round trip");
    }
}

/// Matcher target: the input is `pattern\0subject`. Compiling never panics; the literal fast
/// path agrees with the regex engine; a Rust pattern that compiles agrees with `regex`.
pub fn matcher(data: &[u8]) {
    use hook_ir::{CompiledMatcher, Dialect, Matcher};
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (pattern, subject) = s.split_once('\0').unwrap_or((s, "Bash"));
    // Backtracking blow-up is the documented engine limit (V8 has it too, and lint warns with
    // `regex_may_backtrack`): such patterns and long subjects are compiled but not run.
    let run = pattern.len() <= 64
        && subject.chars().count() <= 16
        && hook_ir::redos::nested_unbounded_quantifier(pattern).is_none();
    for dialect in [Dialect::Ecmascript, Dialect::Rust] {
        let m = Matcher::Regex {
            dialect,
            pattern: pattern.to_string(),
        };
        let Ok(c) = m.compile() else { continue };
        if !run {
            continue;
        }
        let got = c.is_match(subject);
        if let CompiledMatcher::EcmaLiteral { .. } = c {
            let engine = regress::Regex::with_flags(pattern, "")
                .expect("a literal alternation compiles in regress");
            assert_eq!(
                got,
                engine.find(subject).is_some(),
                "literal fast path disagrees with regress on /{pattern}/ vs {subject:?}"
            );
        }
    }
}
