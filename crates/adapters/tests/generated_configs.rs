//! Structure-aware generated documents of every config format (`robust/gen.rs`) through the
//! readers and the writers, held to the shared oracle (`robust/check.rs`):
//! - every document yields hooks or coded diagnostics, located in range, the same each time;
//! - a valid document reads back as exactly its entries, with no error;
//! - writing the hooks read from a document into a new file and into another document reads
//!   back the same hooks, keeps the hooks already there and the unrelated content byte for
//!   byte, and a second write changes nothing;
//! - most generated documents get past the parser (the share is measured and pinned).

mod robust;

use hook_ir::{Convention, Severity};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use robust::check::{read_checked, stopped_before_lowering, write_checked, Sandbox};
use robust::gen::{self, Doc};

fn errors(d: &adapters::Discovered) -> Vec<String> {
    d.batch
        .diagnostics
        .iter()
        .filter(|x| x.severity() == Severity::Error)
        .map(|x| format!("{}: {}", x.code, x.message))
        .collect()
}

/// The reader properties for one document; returns whether it reached lowering.
fn reader_props(sb: &Sandbox, conv: Convention, doc: &Doc) -> bool {
    let d = read_checked(sb, conv, doc.text.as_bytes());
    assert!(
        // A cut text may have lost every entry: a file without hooks is no finding.
        doc.entries == 0
            || doc.mutations.contains(&"truncated")
            || !d.batch.hooks.is_empty()
            || !d.batch.diagnostics.is_empty(),
        "{} entries gave neither hooks nor diagnostics:\n{}",
        doc.entries,
        doc.text
    );
    if doc.mutations.is_empty() {
        assert_eq!(
            errors(&d),
            Vec::<String>::new(),
            "valid document:\n{}",
            doc.text
        );
        assert_eq!(
            d.batch.hooks.len(),
            doc.entries,
            "valid document read as {:?}:\n{}",
            d.batch.hooks,
            doc.text
        );
    }
    !stopped_before_lowering(&d)
}

/// The writer properties: the hooks of a valid document, written into a new file and merged
/// into `other` (a valid document with unrelated content).
fn writer_props(sb: &Sandbox, conv: Convention, doc: &Doc, other: &Doc) {
    if !doc.mutations.is_empty() {
        return;
    }
    let hooks = read_checked(sb, conv, doc.text.as_bytes()).batch.hooks;
    assert!(
        write_checked(sb, conv, None, &hooks),
        "writing into a new file was refused"
    );
    // Into another valid document: refused only with a coded conflict (two documents may set
    // jcode's one `pre_tool_timeout_ms` differently), which `write_checked` checks wrote nothing.
    if other.mutations.is_empty() && write_checked(sb, conv, Some(other.text.as_bytes()), &hooks) {
        let after =
            std::fs::read_to_string(sb.home().join(robust::check::home_file(conv))).unwrap();
        for part in &other.unrelated {
            assert!(
                after.contains(part.as_str()),
                "unrelated content {part:?} changed:\n--- before\n{}\n--- after\n{after}",
                other.text
            );
        }
    }
}

proptest! {
    #![proptest_config(robust::config(96))]

    #[test]
    fn jcode_documents(doc in gen::jcode(), other in gen::jcode()) {
        let sb = Sandbox::new();
        reader_props(&sb, Convention::Jcode, &doc);
        writer_props(&sb, Convention::Jcode, &doc, &other);
    }

    #[test]
    fn jarvis_documents(doc in gen::jarvis(), other in gen::jarvis()) {
        let sb = Sandbox::new();
        reader_props(&sb, Convention::Jarvis, &doc);
        writer_props(&sb, Convention::Jarvis, &doc, &other);
    }

    #[test]
    fn codex_hooks_json_documents(doc in gen::json_hooks(Convention::CodexJson), other in gen::json_hooks(Convention::CodexJson)) {
        let sb = Sandbox::new();
        reader_props(&sb, Convention::CodexJson, &doc);
        writer_props(&sb, Convention::CodexJson, &doc, &other);
    }

    #[test]
    fn claude_settings_documents(doc in gen::json_hooks(Convention::ClaudeSettings), other in gen::json_hooks(Convention::ClaudeSettings)) {
        let sb = Sandbox::new();
        reader_props(&sb, Convention::ClaudeSettings, &doc);
        writer_props(&sb, Convention::ClaudeSettings, &doc, &other);
    }

    #[test]
    fn gemini_settings_documents(doc in gen::json_hooks(Convention::GeminiSettings), other in gen::json_hooks(Convention::GeminiSettings)) {
        let sb = Sandbox::new();
        reader_props(&sb, Convention::GeminiSettings, &doc);
        writer_props(&sb, Convention::GeminiSettings, &doc, &other);
    }

    #[test]
    fn gjc_plugin_trees(p in gen::gjc_plugin()) {
        let sb = Sandbox::new();
        plugin_props(&sb, &p);
    }
}

/// A plugin tree: the manifest plus its module files under the project's plugin directory,
/// read by discovery (the way GJC finds it).
fn plugin_props(sb: &Sandbox, p: &gen::Plugin) -> bool {
    let root = sb.project().join(".gjc/gjc-plugins/p");
    for f in &p.files {
        let path = root.join(f);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "export default function (api) {}\n").unwrap();
    }
    let manifest = root.join("gajae-plugin.json");
    std::fs::write(&manifest, &p.doc.text).unwrap();
    let ctx = sb.ctx();
    let d = hooks_rules::discover_only(&ctx, &[Convention::GjcPlugin]);
    robust::check::check_discovered(&ctx, &manifest, &d);
    assert!(
        p.doc.mutations.contains(&"truncated")
            || !d.batch.hooks.is_empty()
            || !d.batch.diagnostics.is_empty(),
        "a plugin gave neither hooks nor diagnostics:\n{}",
        p.doc.text
    );
    if p.doc.mutations.is_empty() {
        assert_eq!(
            errors(&d),
            Vec::<String>::new(),
            "valid plugin:\n{}",
            p.doc.text
        );
        assert_eq!(d.batch.hooks.len(), p.doc.entries, "{:?}", d.batch.hooks);
    }
    let again = hooks_rules::discover_only(&ctx, &[Convention::GjcPlugin]);
    assert_eq!(format!("{:?}", d.batch), format!("{:?}", again.batch));
    !stopped_before_lowering(&d)
}

/// The share of generated documents that get past the parser into lowering, per format,
/// measured over a fixed sample (deterministic seed) and pinned: the generators are useful
/// only while most of what they produce reaches the code that lowers, diagnoses and writes.
#[test]
fn most_generated_documents_reach_lowering() {
    const N: usize = 300;
    let mut report = Vec::new();
    let mut measure = |name: &str, f: &mut dyn FnMut(&mut TestRunner) -> (bool, bool)| {
        let mut runner = TestRunner::new_with_rng(
            Config::default(),
            proptest::test_runner::TestRng::deterministic_rng(
                proptest::test_runner::RngAlgorithm::ChaCha,
            ),
        );
        let (mut reached, mut valid) = (0, 0);
        for _ in 0..N {
            let (r, v) = f(&mut runner);
            reached += usize::from(r);
            valid += usize::from(v);
        }
        report.push(format!(
            "{name}: {reached}/{N} reach lowering ({:.0}%), {valid} unmutated",
            100.0 * reached as f64 / N as f64
        ));
        assert!(
            reached * 100 >= N * 85,
            "{name}: only {reached}/{N} reach lowering"
        );
        assert!(
            valid * 100 >= N * 10,
            "{name}: only {valid}/{N} unmutated documents"
        );
        assert!(reached < N, "{name}: no syntax mutation ever applied");
    };
    let sb = Sandbox::new();
    for (name, conv) in [
        ("jcode", Convention::Jcode),
        ("jarvis", Convention::Jarvis),
        ("codex-json", Convention::CodexJson),
        ("claude-settings", Convention::ClaudeSettings),
        ("gemini-settings", Convention::GeminiSettings),
    ] {
        let strategy: BoxedStrategy<Doc> = match conv {
            Convention::Jcode => gen::jcode().boxed(),
            Convention::Jarvis => gen::jarvis().boxed(),
            c => gen::json_hooks(c).boxed(),
        };
        measure(name, &mut |r| {
            let doc = strategy.new_tree(r).unwrap().current();
            (reader_props(&sb, conv, &doc), doc.mutations.is_empty())
        });
    }
    let plugins = gen::gjc_plugin();
    measure("gjc-plugin", &mut |r| {
        let p = plugins.new_tree(r).unwrap().current();
        let sb = Sandbox::new();
        (plugin_props(&sb, &p), p.doc.mutations.is_empty())
    });
    eprintln!("{}", report.join("\n"));
}

/// The writer fuzz target's find once `disableAllHooks` left hooks out of the batch: writing a
/// file's own hooks back into it (`fuzz/` `write_claude_settings`, the `disabled` fixture).
#[test]
fn fuzz_regression_writing_into_a_file_that_disables_every_hook() {
    let sb = Sandbox::new();
    let text = b"{\n  \"disableAllHooks\": true,\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"echo never runs\"}]}]\n  }\n}\n";
    let c = Convention::ClaudeSettings;
    let other = read_checked(&sb, c, b"{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"echo b\"}]}]}}");
    write_checked(&sb, c, Some(text), &other.batch.hooks);
}

/// The writer fuzz target's find: a Gemini settings file with an event key written twice
/// (Gemini keeps the last copy): the writer found the hook "already there" in the copy Gemini
/// drops. It now refuses such a file.
#[test]
fn fuzz_regression_gemini_event_written_twice() {
    let sb = Sandbox::new();
    let c = Convention::GeminiSettings;
    let text = br#"{"hooks": {
  "AfterTool": [{"matcher": "read_.*", "hooks": [{"type": "command", "command": "./r.sh", "timeout": 30000}]}],
  "AfterTool": [{"matcher": "read_.*", "hooks": [{"type": "command", "command": "./r.sh", "timeout": 15000}]}]
}}"#;
    let first = br#"{"hooks": {"AfterTool": [{"matcher": "read_.*", "hooks": [{"type": "command", "command": "./r.sh", "timeout": 30000}]}]}}"#;
    let hooks = read_checked(&sb, c, first).batch.hooks;
    assert!(
        !write_checked(&sb, c, Some(text), &hooks),
        "a file with a key written twice must be refused"
    );
}

/// The writer fuzz target's find: a Claude settings file with form feeds (not JSON whitespace)
/// and a key with a DEL in it; a second write of the same hook added it again.
#[test]
fn fuzz_regression_claude_settings_with_form_feeds() {
    let sb = Sandbox::new();
    let c = Convention::ClaudeSettings;
    let mut text = b" { \"h\x7foks\": \"./curon\"\n".to_vec();
    text.extend(std::iter::repeat_n(b'\x0c', 120));
    text.extend(b"}\n");
    let hook = br#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh", "timeout": 5}]}]}}"#;
    let hooks = read_checked(&sb, c, hook).batch.hooks;
    // Claude's `JSON.parse` rejects a form feed between tokens: the file is a parse error for
    // the reader too, and the writer does not edit it.
    let d = read_checked(&sb, c, &text);
    assert!(
        d.batch
            .diagnostics
            .iter()
            .any(|x| x.code == hook_ir::Code::ParseError),
        "{:?}",
        d.batch.diagnostics
    );
    write_checked(&sb, c, Some(&text), &hooks);
}

/// The writer fuzz target's second find of a key written twice: a handler with two `command`
/// keys (Gemini keeps the last). The writer refused the import and still changed the file; it
/// now refuses a file with a key written twice at any depth under `hooks`.
#[test]
fn fuzz_regression_gemini_handler_key_written_twice() {
    let sb = Sandbox::new();
    let c = Convention::GeminiSettings;
    let text = include_bytes!("../../../fuzz/seeds/write_gemini_settings/crash-handler-key-twice");
    // The fuzz target writes the fixture's hook picked by the input's first byte.
    let fixture =
        include_bytes!("../../../fixtures/gemini-settings/valid/project/.gemini/settings.json");
    let all = read_checked(&sb, c, fixture).batch.hooks;
    let hook = &all[usize::from(text[0]) % all.len()];
    assert!(
        !write_checked(&sb, c, Some(text), std::slice::from_ref(hook)),
        "a file with a key written twice must be refused"
    );
    // The file's own hooks, written into a new file: two of them run one command with other
    // settings, so the second is refused — and then nothing is written.
    let own = read_checked(&sb, c, text).batch.hooks;
    assert!(
        !write_checked(&sb, c, None, &own),
        "hooks that conflict with each other must be refused"
    );
}
