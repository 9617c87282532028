//! `hooks list`.

mod codex;

use crate::args::{ListArgs, ListFormat};
use crate::exit::Exit;
use crate::render;
use adapters::Discovered;
use codex::{codex_trust, status_word, with_trust};
use std::io::IsTerminal;

/// Runs `hooks list`: the accepted hooks, human or as schema_version 1 JSON.
pub fn run(a: ListArgs) -> anyhow::Result<Exit> {
    let paths: Vec<_> = a.path.into_iter().collect();
    let found = super::configured::discover(
        &paths,
        &a.source,
        &a.config,
        hooks_rules::lint_config::Scope::List,
        // `hooks list` shows one project's hooks, as the agents run them there.
        false,
        None,
    )?
    .found;
    let trust = codex_trust(&a.source, &found);
    let readers = readers_of(&found);
    let format = a.format.unwrap_or(if std::io::stdout().is_terminal() {
        ListFormat::Human
    } else {
        ListFormat::Json
    });
    match format {
        // Not through `format!`: the text is the whole report.
        ListFormat::Json => crate::stdout::print(&with_readers(
            &with_trust(
                &render::json::render(&found.batch, &Default::default()),
                &trust,
            ),
            &readers,
        )),
        ListFormat::Human => {
            for ((h, t), r) in found.batch.hooks.iter().zip(&trust).zip(&readers) {
                let handler = match &h.handler {
                    hook_ir::Handler::Command { command, .. } => command.as_str(),
                    hook_ir::Handler::Module { path } => path.as_str(),
                };
                let line = h.location.line.map(|l| format!(":{l}")).unwrap_or_default();
                // One line per hook, and nothing that acts on the terminal, whatever the
                // command or the file name holds.
                let shown = render::human::visible_line;
                let trust = t
                    .as_ref()
                    .map(|t| format!("  [codex: {}]", status_word(t.status)))
                    .unwrap_or_default();
                // A file other agents run too names them all.
                let run_by = if r.len() > 1 {
                    let names: Vec<&str> = r.iter().map(|r| r.name()).collect();
                    format!("  [run by: {}]", names.join(", "))
                } else {
                    String::new()
                };
                outln!(
                    "{:18} {:15} {:8} {:18} {:16} {:>7}  {}{}  {}{}{}",
                    h.kind.as_str(),
                    h.convention.as_str(),
                    h.scope.as_str(),
                    shown(&h.source_event),
                    shown(&matcher(&h.matcher)),
                    timeout(h.timeout_ms),
                    shown(&h.location.path),
                    line,
                    shown(handler),
                    trust,
                    run_by
                );
            }
            outln!("{} hook(s)", found.batch.hooks.len());
        }
    }
    Ok(Exit::Success)
}

/// A matcher in one word: `*` for every value, exact names joined by `|`, a regex between
/// slashes (`/^Bash$/`).
fn matcher(m: &hook_ir::Matcher) -> String {
    match m {
        hook_ir::Matcher::Any => "*".to_string(),
        hook_ir::Matcher::Exact { names } => names.join("|"),
        hook_ir::Matcher::Regex { pattern, .. } => format!("/{pattern}/"),
    }
}

/// A timeout as written by people (`30s`, `1500ms`); `-` when the hook has none of its own.
fn timeout(ms: Option<u64>) -> String {
    match ms {
        None => "-".to_string(),
        Some(ms) if ms % 1000 == 0 => format!("{}s", ms / 1000),
        Some(ms) => format!("{ms}ms"),
    }
}

/// The agents that run each hook's file (its source's readers, stamped by discovery), in
/// hook order; empty when the file is not a source of the batch.
fn readers_of(found: &Discovered) -> Vec<Vec<hook_ir::readers::Reader>> {
    found
        .batch
        .hooks
        .iter()
        .map(|h| {
            found
                .source_of(h)
                .map(|s| s.readers.clone())
                .unwrap_or_default()
        })
        .collect()
}

/// The list document with a `readers` array added to each hook: the ids of every agent that
/// runs its file, its own first (`claude-code`, `copilot-cli`, `vscode`, `cursor`, …).
fn with_readers(doc: &str, readers: &[Vec<hook_ir::readers::Reader>]) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(doc) else {
        return doc.to_string();
    };
    if let Some(hooks) = v["hooks"].as_array_mut() {
        for (h, r) in hooks.iter_mut().zip(readers) {
            if let Some(obj) = h.as_object_mut() {
                obj.insert(
                    "readers".into(),
                    serde_json::to_value(r).unwrap_or_default(),
                );
            }
        }
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_else(|_| doc.to_string());
    if doc.ends_with('\n') {
        s.push('\n');
    }
    s
}
