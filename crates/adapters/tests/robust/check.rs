//! Properties every reader and writer must hold on any input, shared by the structure-aware
//! generator tests (`tests/generated_*.rs`) and the coverage-guided fuzz targets (`fuzz/`), so
//! both hold the code to the same oracle.
//!
//! - a reader yields hooks or coded diagnostics, each located in range of the file it names
//!   (line/column agree with the byte span, the span lies on character boundaries);
//! - reading is deterministic (the same batch twice);
//! - a writer's plan, applied, reads back as the hooks that were in the file plus the hooks
//!   written (or a coded diagnostic says why not), a second plan changes nothing, and keys the
//!   writer does not own keep their value.
#![allow(dead_code)]

use adapters::write::{apply, WriteOptions};
use adapters::{Context, Discovered};
use hook_ir::{Code, Convention, Handler, Hook, Kind, Location, Matcher};
use std::path::{Path, PathBuf};

/// Where a convention's file lives under the home dir of a [`Sandbox`].
pub fn home_file(conv: Convention) -> &'static str {
    match conv {
        Convention::Jcode => ".jcode/config.toml",
        Convention::Jarvis => ".jarvis-code/config.toml",
        Convention::CodexJson => ".codex/hooks.json",
        Convention::ClaudeSettings => ".claude/settings.json",
        Convention::GeminiSettings => ".gemini/settings.json",
        Convention::GjcPlugin => ".gjc/gjc-plugins/p/gajae-plugin.json",
        other => panic!("{other} has no single config file"),
    }
}

/// A project root and a home dir in one temp dir, reused across many cases (files are
/// overwritten, not recreated, so a fuzzer spends its time in the code under test).
pub struct Sandbox {
    dir: tempfile::TempDir,
}

impl Default for Sandbox {
    fn default() -> Self {
        Sandbox::new()
    }
}

impl Sandbox {
    /// A fresh sandbox with empty `project/` and `home/`.
    pub fn new() -> Sandbox {
        // Memory-backed when there is one: rewriting a file thousands of times on ext4 waits for
        // its writeback at every truncation (auto_da_alloc), which would be all a fuzzer measures.
        let shm = std::path::Path::new("/dev/shm");
        let dir = if shm.is_dir() {
            tempfile::tempdir_in(shm)
        } else {
            tempfile::tempdir()
        }
        .expect("temp dir");
        std::fs::create_dir_all(dir.path().join("project")).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        Sandbox { dir }
    }

    /// The project root.
    pub fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    /// The home dir.
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// A context over this sandbox, with `PATH` set and no environment overrides.
    pub fn ctx(&self) -> Context {
        let mut env = std::collections::BTreeMap::new();
        env.insert("PATH".to_string(), "/usr/bin:/bin".to_string());
        Context {
            project: Some(self.project()),
            home: Some(self.home()),
            env,
            apply_env_overrides: false,
            cwd: None,
            run_cache: None,
        }
    }

    /// Writes `bytes` at `rel` under the home dir (creating parents) and returns the path.
    pub fn put(&self, rel: &str, bytes: &[u8]) -> PathBuf {
        let p = self.home().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

/// The reader oracle: loads `bytes` as `conv`'s file, checks every location and determinism,
/// and returns what was read.
pub fn read_checked(sb: &Sandbox, conv: Convention, bytes: &[u8]) -> Discovered {
    let path = sb.put(home_file(conv), bytes);
    let ctx = sb.ctx();
    let d = hooks_rules::load_file(&ctx, &path, Some(conv));
    check_discovered(&ctx, &path, &d);
    let again = hooks_rules::load_file(&ctx, &path, Some(conv));
    assert_eq!(
        format!("{:?}", d.batch),
        format!("{:?}", again.batch),
        "reading the same file twice gave different batches"
    );
    d
}

/// Every hook and diagnostic of `d` that points into `path` does so in range; every hook is of
/// the file's convention.
pub fn check_discovered(ctx: &Context, path: &Path, d: &Discovered) {
    let display = ctx.display(path);
    let text = d.source_text(&display);
    for h in &d.batch.hooks {
        check_location(&h.location, &display, text, &format!("hook {}", h.id));
        assert!(!h.id.is_empty(), "hook without id");
        if let Handler::Command { command, .. } = &h.handler {
            assert!(
                !command.trim().is_empty(),
                "hook {} has an empty command",
                h.id
            );
        }
        if let Matcher::Regex { .. } = &h.matcher {
            // An accepted regex matcher compiles: the runner must not fail on it later.
            assert!(
                h.matcher.compile().is_ok(),
                "hook {} accepted an invalid matcher {:?}",
                h.id,
                h.matcher
            );
        }
    }
    for x in &d.batch.diagnostics {
        assert!(
            !x.message.is_empty(),
            "diagnostic {} without message",
            x.code
        );
        assert!(
            x.message.len() <= hook_ir::MAX_MESSAGE_BYTES + 3,
            "diagnostic {} message too long",
            x.code
        );
        // A reader's finding always says where (a file, a line, an environment variable).
        let l = x
            .location
            .as_ref()
            .unwrap_or_else(|| panic!("diagnostic {} without a location", x.code));
        check_location(l, &display, text, &format!("diagnostic {}", x.code));
    }
}

/// A location in `display` (when it names that file): line/column in range, the span on
/// character boundaries inside the text, and line/column equal to where the span starts.
pub fn check_location(l: &Location, display: &str, text: Option<&str>, what: &str) {
    if l.path != display || l.is_env() {
        return;
    }
    let Some(text) = text else {
        assert!(
            l.span.is_none(),
            "{what}: a span into a file that was not read as text"
        );
        return;
    };
    if let Some((s, e)) = l.span {
        assert!(
            s <= e && e <= text.len(),
            "{what}: span {s}..{e} outside 0..{}",
            text.len()
        );
        assert!(
            text.is_char_boundary(s) && text.is_char_boundary(e),
            "{what}: span {s}..{e} not on character boundaries"
        );
        let (line, col) = hook_ir::line_col(text, s);
        assert_eq!(
            (l.line, l.column),
            (Some(line), Some(col)),
            "{what}: line/column disagree with span start {s}"
        );
    }
    match (l.line, l.column) {
        (Some(line), Some(col)) => {
            let lines: Vec<&str> = text.split('\n').collect();
            assert!(
                line >= 1 && (line as usize) <= lines.len(),
                "{what}: line {line} outside 1..={}",
                lines.len()
            );
            let len = lines[line as usize - 1].chars().count();
            assert!(
                col >= 1 && (col as usize) <= len + 1,
                "{what}: column {col} outside 1..={} on line {line}",
                len + 1
            );
        }
        (None, None) => {}
        other => panic!("{what}: line and column must come together, got {other:?}"),
    }
}

/// Whether a batch shows the file never reached lowering (unreadable or a syntax error).
pub fn stopped_before_lowering(d: &Discovered) -> bool {
    d.batch.diagnostics.iter().any(|x| {
        matches!(
            x.code,
            Code::ParseError | Code::GeminiSettingsUnreadable | Code::UnreadableSource
        )
    })
}

/// What a hook means, without where it came from: what must survive a write → read trip.
pub type Essence = (Kind, String, Matcher, Handler, Option<u64>);

/// The [`Essence`] of each hook.
pub fn essence(hooks: &[Hook]) -> Vec<Essence> {
    hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.clone(),
                h.matcher.clone(),
                h.handler.clone(),
                h.timeout_ms,
            )
        })
        .collect()
}

/// The writer oracle. `existing` is the target file's content (or absent), `hooks` are hooks
/// of `conv` to write into it. Returns whether the plan was applied (false: refused, with a
/// coded diagnostic and nothing written).
pub fn write_checked(
    sb: &Sandbox,
    conv: Convention,
    existing: Option<&[u8]>,
    hooks: &[Hook],
) -> bool {
    let path = sb.home().join(home_file(conv));
    let _ = std::fs::remove_file(&path);
    if let Some(b) = existing {
        sb.put(home_file(conv), b);
    }
    let ctx = sb.ctx();
    let before = hooks_rules::load_file(&ctx, &path, Some(conv));
    let opts = WriteOptions {
        force: false,
        target: Some(path.clone()),
        base: None,
    };
    let plan = adapters::plan_write(&ctx, conv, hooks, &opts);
    let refused = plan
        .diagnostics
        .iter()
        .any(|x| x.severity() == hook_ir::Severity::Error);
    if refused || plan.changes.is_empty() {
        // Nothing written on a refusal; a plan without changes must say why unless there was
        // nothing to write or everything is already there.
        assert!(
            plan.changes.iter().all(|c| c.is_noop()) || !refused,
            "a refused plan still changes files: {:?}",
            plan.diagnostics
        );
        if !refused && !hooks.is_empty() && existing.is_none() {
            panic!(
                "writing {} hooks into a new file planned nothing",
                hooks.len()
            );
        }
        if refused {
            assert!(
                plan.diagnostics.iter().any(|x| x.location.is_some()),
                "a refusal must say where: {:?}",
                plan.diagnostics
            );
            return false;
        }
    }
    for c in &plan.changes {
        if c.path == path {
            assert_eq!(
                c.before.as_deref().map(str::as_bytes),
                existing,
                "the plan was made from other bytes than the file holds"
            );
        }
    }
    apply(&plan).expect("applying a fresh plan");
    let after_text = std::fs::read(&path).ok();
    let after = hooks_rules::load_file(&ctx, &path, Some(conv));
    check_discovered(&ctx, &path, &after);
    assert!(
        !stopped_before_lowering(&after),
        "the writer produced a file its reader cannot parse: {:?}\n{}",
        after.batch.diagnostics,
        String::from_utf8_lossy(after_text.as_deref().unwrap_or_default())
    );
    // Hooks already in the file survive (the writer never destroys user content).
    let got = essence(&after.batch.hooks);
    if !stopped_before_lowering(&before) {
        for e in essence(&before.batch.hooks) {
            assert!(
                got.contains(&e),
                "an existing hook was lost: {e:?}\nafter:\n{}",
                String::from_utf8_lossy(after_text.as_deref().unwrap_or_default())
            );
        }
    }
    // Written hooks read back, or the plan said (with a code) why one could not be. A plan
    // that changes nothing (the hooks are already written) leaves the file as it was: then a
    // hook is missing only because the file was already broken, which its reading reports.
    let noop = plan.changes.iter().all(|c| c.is_noop());
    let broken_before = before
        .batch
        .diagnostics
        .iter()
        .any(|x| x.severity() == hook_ir::Severity::Error);
    for (h, e) in hooks.iter().zip(essence(hooks)) {
        assert!(
            got.contains(&e) || !plan.diagnostics.is_empty() || (noop && broken_before),
            "hook {} was written without a diagnostic but reads back differently: want {e:?}, got {got:?}\n{}",
            h.id,
            String::from_utf8_lossy(after_text.as_deref().unwrap_or_default())
        );
    }
    // A second write changes nothing.
    let again = adapters::plan_write(&ctx, conv, hooks, &opts);
    for c in &again.changes {
        assert!(
            c.is_noop(),
            "a second write changes {}:\n--- first\n{}\n--- second\n{}",
            c.display,
            c.before.as_deref().unwrap_or(""),
            c.after
        );
    }
    // Keys the writer does not own keep their value.
    if let (Some(old), Some(new)) = (existing, after_text.as_deref()) {
        check_unrelated(conv, old, new);
    }
    true
}

/// Top-level keys other than `hooks` (and, for a plugin manifest, everything) are unchanged.
pub fn check_unrelated(conv: Convention, old: &[u8], new: &[u8]) {
    let (Ok(old), Ok(new)) = (std::str::from_utf8(old), std::str::from_utf8(new)) else {
        return;
    };
    match conv {
        Convention::Jcode | Convention::Jarvis => {
            let (Ok(a), Ok(b)) = (
                old.parse::<toml_edit::DocumentMut>(),
                new.parse::<toml_edit::DocumentMut>(),
            ) else {
                return;
            };
            for (k, v) in a.iter() {
                if k == "hooks" {
                    continue;
                }
                let w = b
                    .get(k)
                    .unwrap_or_else(|| panic!("unrelated key `{k}` was dropped"));
                assert_eq!(
                    v.to_string(),
                    w.to_string(),
                    "unrelated key `{k}` changed:\n{new}"
                );
            }
        }
        _ => {
            let parse = |t: &str| {
                jsonc_parser::parse_to_serde_value(t, &Default::default())
                    .ok()
                    .flatten()
            };
            let (Some(serde_json::Value::Object(a)), Some(serde_json::Value::Object(b))) =
                (parse(old), parse(new))
            else {
                return;
            };
            for (k, v) in &a {
                if k == "hooks" {
                    continue;
                }
                assert_eq!(Some(v), b.get(k), "unrelated key `{k}` changed:\n{new}");
            }
        }
    }
}
