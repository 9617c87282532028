//! `hooks list`.

use crate::args::{ListArgs, ListFormat};
use crate::exit::Exit;
use crate::render;
use std::io::IsTerminal;

/// Runs `hooks list`: the accepted hooks, human or as schema_version 1 JSON.
pub fn run(a: ListArgs) -> anyhow::Result<Exit> {
    let paths: Vec<_> = a.path.into_iter().collect();
    let found = super::discover_paths(&paths, &a.source, super::discover::PathsFrom::Cwd)?;
    let format = a.format.unwrap_or(if std::io::stdout().is_terminal() {
        ListFormat::Human
    } else {
        ListFormat::Json
    });
    match format {
        ListFormat::Json => out!("{}", render::json::render(&found.batch)),
        ListFormat::Human => {
            for h in &found.batch.hooks {
                let handler = match &h.handler {
                    hook_ir::Handler::Command { command, .. } => command.as_str(),
                    hook_ir::Handler::Module { path } => path.as_str(),
                };
                let line = h.location.line.map(|l| format!(":{l}")).unwrap_or_default();
                // One line per hook, and nothing that acts on the terminal, whatever the
                // command or the file name holds.
                let shown = render::human::visible_line;
                outln!(
                    "{:18} {:15} {:18} {}{}  {}",
                    h.kind.as_str(),
                    h.convention.as_str(),
                    shown(&h.source_event),
                    shown(&h.location.path),
                    line,
                    shown(handler)
                );
            }
            outln!("{} hook(s)", found.batch.hooks.len());
        }
    }
    Ok(Exit::Success)
}
