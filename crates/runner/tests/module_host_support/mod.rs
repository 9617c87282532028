//! Shared helpers of the `module_host_*` tests: real files in temp dirs, real Node.js (and Bun
//! from the workspace's `node_modules/.bin/bun` or `PATH`), IR hooks built as the GJC adapters
//! build them.
#![allow(dead_code)]

use hook_ir::{Convention, Detail, Handler, Hook, Kind, Location, Matcher, PluginDetail};
use runner::module_host::{find_on_path, HostOptions};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The workspace root (where `package.json` and `node_modules/` live).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Bun: `node_modules/.bin/bun` under the workspace root (what `npm ci` installs), else `bun`
/// on `PATH`.
pub fn bun() -> Option<PathBuf> {
    let local = workspace_root().join("node_modules/.bin/bun");
    if local.is_file() {
        return Some(local);
    }
    find_on_path("bun")
}

/// Options with short timeouts so the contract tests run quickly. The liveness timeout stays
/// generous: the test machine is shared and a slow pong must not look like a dead host.
pub fn options() -> HostOptions {
    assert!(
        find_on_path("node").is_some(),
        "the module host tests need Node.js on PATH"
    );
    HostOptions {
        bun: bun(),
        // Small enough for quick hang tests, large enough for a trivial handler on a loaded box.
        tool_result_timeout: Duration::from_millis(1000),
        lifecycle_timeout: Duration::from_millis(1000),
        session_shutdown_timeout: Duration::from_millis(1000),
        liveness_interval: Duration::from_millis(100),
        liveness_timeout: Duration::from_millis(3000),
        guard_grace: Duration::from_millis(1500),
        ..HostOptions::default()
    }
}

/// Writes `text` to `dir/rel` (creating folders) and returns its canonical path.
pub fn write(dir: &Path, rel: &str, text: &str) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    std::fs::canonicalize(path).unwrap()
}

fn kind_of(event: &str) -> Kind {
    match event {
        "tool_call" => Kind::PreToolUse,
        "tool_result" => Kind::PostToolUse,
        "before_agent_start" => Kind::UserPromptSubmit,
        "agent_end" => Kind::Stop,
        "session_start" => Kind::SessionStart,
        "session_shutdown" => Kind::SessionShutdown,
        other => panic!("not an in-IR event: {other}"),
    }
}

/// A `gjc` directory hook as the adapter makes it: one per (module file, in-IR event); the
/// filed event is filtered by `tool` (`*` = all), other events match anything.
pub fn gjc(id: &str, path: &Path, event: &str, tool: &str) -> Hook {
    let filed = matches!(event, "tool_call" | "tool_result");
    let matcher = if !filed || tool == "*" {
        Matcher::Any
    } else {
        Matcher::Exact {
            names: vec![tool.to_string()],
        }
    };
    Hook {
        plugin_root: None,
        source_file: None,
        id: id.to_string(),
        kind: kind_of(event),
        convention: Convention::Gjc,
        source_event: event.to_string(),
        matcher,
        handler: Handler::Module {
            path: path.display().to_string(),
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only(path.display().to_string()),
        detail: Detail::Module {
            real_path: path.display().to_string(),
            in_process_event: event.to_string(),
            tool: filed.then(|| tool.to_string()),
            plugin: None,
        },
    }
}

/// A `gjc-plugin` hook: `source_event` is the manifest shape (`tool_call/before`,
/// `tool_call/after`, `tool_result/after`, `session_start`, `session_shutdown`).
pub fn plugin(
    id: &str,
    path: &Path,
    root: &Path,
    source_event: &str,
    target: &str,
    sha256: Option<String>,
) -> Hook {
    let (event, phase) = match source_event.split_once('/') {
        Some((e, p)) => (e, Some(p.to_string())),
        None => (source_event, None),
    };
    let kind = match source_event {
        "tool_call/before" => Kind::PreToolUse,
        "tool_call/after" | "tool_result/after" => Kind::PostToolUse,
        "session_start" => Kind::SessionStart,
        "session_shutdown" => Kind::SessionShutdown,
        other => panic!("not a plugin shape: {other}"),
    };
    let tooled = matches!(kind, Kind::PreToolUse | Kind::PostToolUse);
    Hook {
        plugin_root: None,
        source_file: None,
        id: id.to_string(),
        kind,
        convention: Convention::GjcPlugin,
        source_event: source_event.to_string(),
        matcher: if !tooled || target == "*" {
            Matcher::Any
        } else {
            Matcher::Exact {
                names: vec![target.to_string()],
            }
        },
        handler: Handler::Module {
            path: path.display().to_string(),
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only("gajae-plugin.json"),
        detail: Detail::Module {
            real_path: path.display().to_string(),
            in_process_event: event.to_string(),
            tool: tooled.then(|| target.to_string()),
            plugin: Some(PluginDetail {
                plugin: "demo".into(),
                name: id.to_string(),
                phase,
                root: root.display().to_string(),
                sha256,
            }),
        },
    }
}

/// Lowercase hex SHA-256 of `path`'s bytes.
pub fn sha256_of(path: &Path) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(std::fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
