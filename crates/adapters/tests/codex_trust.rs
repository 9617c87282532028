//! Codex hook trust (issue 11, item 5) against the real Codex 0.171.0.
//!
//! `fixtures/codex-trust/hooks-list.codex-0.171.0.json` is the answer of the real Codex
//! (`codex app-server`, JSON-RPC `hooks/list`) for `fixtures/codex-trust/hooks.json` and
//! `config.toml` placed in `CODEX_HOME=/tmp/codex-trust-record/home`: every handler's trust key,
//! current hash, effective timeout and trust status. Our keys, hashes, timeouts and verdicts must
//! equal Codex's for every handler.

use adapters::codex_json::trust::{self, Layer, Status};
use adapters::{json_span, Context};
use hook_ir::{Code, Detail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/codex-trust")
        .join(name)
}

fn recorded() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(fixture("hooks-list.codex-0.171.0.json")).unwrap(),
    )
    .unwrap()
}

fn ctx_with_codex_home(home: &Path) -> Context {
    Context {
        project: None,
        home: None,
        env: BTreeMap::from([("CODEX_HOME".to_string(), home.display().to_string())]),
        apply_env_overrides: true,
        cwd: None,
        run_cache: None,
    }
}

#[test]
fn keys_and_hashes_equal_codex_0_171_0() {
    let rec = recorded();
    let text = std::fs::read_to_string(fixture("hooks.json")).unwrap();
    let root = json_span::parse(&text).unwrap();
    let path = PathBuf::from(rec["hooks_json"].as_str().unwrap());
    // Codex lists handlers in its own event order; compare by key.
    let ours: BTreeMap<String, String> = trust::entries(&path, &root)
        .into_iter()
        .map(|e| (e.key, e.hash))
        .collect();
    let theirs: BTreeMap<String, String> = rec["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["key"].as_str().unwrap().to_string(),
                h["currentHash"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(ours.len(), 12);
    assert_eq!(ours, theirs);
}

#[test]
fn verdicts_and_timeouts_equal_codex_0_171_0() {
    let rec = recorded();
    // The recorded config names the recording's paths; the verdict only needs the same keys.
    let ctx = ctx_with_codex_home(&fixture(""));
    let config = trust::read_config(&ctx).unwrap();
    let text = std::fs::read_to_string(fixture("hooks.json")).unwrap();
    let root = json_span::parse(&text).unwrap();
    let path = PathBuf::from(rec["hooks_json"].as_str().unwrap());
    let entries = trust::entries(&path, &root);
    let found = hooks_rules::load_file(&ctx, &fixture("hooks.json"), None);
    let by_key: BTreeMap<&str, &Value> = rec["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["key"].as_str().unwrap(), h))
        .collect();
    assert_eq!(by_key.len(), entries.len());
    for e in &entries {
        let h = by_key[e.key.as_str()];
        let ours = config.judge(&Layer::User, &e.key, &e.hash).status;
        let theirs = match (h["trustStatus"].as_str().unwrap(), h["enabled"].as_bool()) {
            (_, Some(false)) => Status::Disabled,
            ("trusted", _) => Status::Trusted,
            ("modified", _) => Status::Changed,
            ("untrusted", _) => Status::Untrusted,
            (s, _) => panic!("unexpected status {s}"),
        };
        assert_eq!(ours, theirs, "{}", e.key);
        // The IR hook of the same handler runs with Codex's timeout (SessionEnd: 1 s default,
        // clamped to 3 s).
        let hook = found
            .batch
            .hooks
            .iter()
            .find(|x| {
                x.source_event == e.event
                    && matches!(x.detail, Detail::JsonGroup { group, index, .. } if group == e.group && index == e.index)
            })
            .unwrap_or_else(|| panic!("no IR hook for {}", e.key));
        assert_eq!(
            hook.timeout_ms,
            Some(h["timeoutSec"].as_u64().unwrap() * 1000),
            "{}",
            e.key
        );
    }
    // Codex warns about the clamped SessionEnd timeout (and silently raises `timeout: 0` to
    // 1 s); the lint reports both.
    assert!(rec["warnings"][0]
        .as_str()
        .unwrap()
        .starts_with("clamping SessionEnd hook timeout to 3s"));
    assert_eq!(
        found
            .batch
            .diagnostics
            .iter()
            .filter(|d| d.code == Code::TimeoutClamped)
            .count(),
        2
    );
}

fn codes(found: &adapters::Discovered) -> Vec<Code> {
    found
        .batch
        .diagnostics
        .iter()
        .map(|d| d.code)
        .filter(|c| {
            matches!(
                c,
                Code::CodexHookUntrusted | Code::CodexHookChanged | Code::CodexProjectUntrusted
            )
        })
        .collect()
}

#[test]
fn lint_reports_untrusted_changed_and_trusted_user_hooks() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("codex-home");
    std::fs::create_dir_all(&home).unwrap();
    let hooks = home.join("hooks.json");
    std::fs::write(
        &hooks,
        r#"{"hooks": {"Stop": [{"hooks": [
            {"type": "command", "command": "./a.sh"},
            {"type": "command", "command": "./b.sh"},
            {"type": "command", "command": "./c.sh"}]}]}}"#,
    )
    .unwrap();
    let abs = std::path::absolute(&hooks).unwrap();
    let ctx = ctx_with_codex_home(&home);
    let text = std::fs::read_to_string(&hooks).unwrap();
    let entries = trust::entries(&abs, &json_span::parse(&text).unwrap());
    // a: trusted with its real hash; b: a stale hash; c: nothing.
    std::fs::write(
        home.join("config.toml"),
        format!(
            "[hooks.state.{:?}]\ntrusted_hash = {:?}\n[hooks.state.{:?}]\ntrusted_hash = \"sha256:00\"\n",
            entries[0].key, entries[0].hash, entries[1].key
        ),
    )
    .unwrap();
    let found = hooks_rules::load_file(&ctx, &hooks, None);
    assert_eq!(
        codes(&found),
        [Code::CodexHookChanged, Code::CodexHookUntrusted]
    );
    let msg = &found
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::CodexHookUntrusted)
        .unwrap();
    assert!(msg
        .message
        .starts_with("Codex will skip this hook silently"));
    assert!(msg.help.as_deref().unwrap().contains(&entries[2].key));
    // The same verdicts through `of_hooks` (what `hooks list` shows).
    let t = trust::of_hooks(&ctx, &found.batch.hooks, &found.sources).unwrap();
    let statuses: Vec<_> = t.iter().map(|t| t.as_ref().unwrap().status).collect();
    assert_eq!(
        statuses,
        [Status::Trusted, Status::Changed, Status::Untrusted]
    );
}

#[test]
fn project_hooks_need_a_trusted_project() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("codex-home");
    let project = dir.path().join("repo");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(project.join(".codex")).unwrap();
    std::fs::create_dir_all(project.join(".git")).unwrap();
    std::fs::write(
        project.join(".codex/hooks.json"),
        r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./a.sh"}, {"type": "command", "command": "./b.sh"}]}]}}"#,
    )
    .unwrap();
    let ctx = ctx_with_codex_home(&home);
    let found = hooks_rules::load_file(&ctx, &project.join(".codex/hooks.json"), None);
    // One warning for the file: Codex does not load it at all.
    assert_eq!(codes(&found), [Code::CodexProjectUntrusted]);
    let root = std::fs::canonicalize(&project).unwrap();
    std::fs::write(home.join("config.toml"), trust::project_table(&root)).unwrap();
    let found = hooks_rules::load_file(&ctx, &project.join(".codex/hooks.json"), None);
    assert_eq!(
        codes(&found),
        [Code::CodexHookUntrusted, Code::CodexHookUntrusted]
    );
    // The key is the canonical path of the project file.
    let t = trust::of_hooks(&ctx, &found.batch.hooks, &found.sources).unwrap();
    let t0 = t[0].as_ref().unwrap();
    assert_eq!(
        t0.key,
        format!("{}/.codex/hooks.json:stop:0:0", root.display())
    );
    assert_eq!(t0.project_root.as_deref(), Some(root.as_path()));
}

/// With a run cache, `config.toml` is read once per run: the trust of every file is judged
/// against the config as the run found it (`hooks lint` writes no config); without one, each
/// file reads it again, as `hooks setup codex` needs after writing it.
#[test]
fn a_run_cache_reads_the_codex_config_once() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("codex-home");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("config.toml"), "").unwrap();
    let file = dir.path().join("hooks.json");
    let text =
        r#"{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}]}}"#;
    std::fs::write(&file, text).unwrap();
    let untrusted = |ctx: &Context| {
        let d = hooks_rules::load_file(ctx, &file, None);
        d.batch
            .diagnostics
            .iter()
            .filter(|d| d.code == Code::CodexHookUntrusted)
            .count()
    };
    let cached = Context {
        run_cache: Some(adapters::run_cache::RunCache::default()),
        ..ctx_with_codex_home(&home)
    };
    let fresh = ctx_with_codex_home(&home);
    assert_eq!((untrusted(&cached), untrusted(&fresh)), (1, 1));
    // Trust the hook, as `hooks setup codex` would.
    let abs = std::path::absolute(&file).unwrap();
    let root = json_span::parse(text).unwrap();
    let trust_all: String = trust::entries(&abs, &root)
        .iter()
        .map(|e| format!("[hooks.state.{:?}]\ntrusted_hash = {:?}\n", e.key, e.hash))
        .collect();
    std::fs::write(home.join("config.toml"), trust_all).unwrap();
    assert_eq!(
        untrusted(&fresh),
        0,
        "a context without a cache reads it again"
    );
    assert_eq!(untrusted(&cached), 1, "the run read it once");
}
