//! `hooks lint`.

use crate::args::{LintArgs, LintFormat};
use crate::exit::Exit;
use crate::render;
use hook_ir::Severity;
use std::io::IsTerminal;

pub fn run(a: LintArgs) -> anyhow::Result<Exit> {
    let found = super::discover_paths(&a.paths, &a.source)?;
    let format = a.format.unwrap_or(if std::io::stdout().is_terminal() {
        LintFormat::Human
    } else {
        LintFormat::Json
    });
    let text = match format {
        LintFormat::Json => render::json::render(&found.batch),
        LintFormat::Human | LintFormat::Sarif | LintFormat::Github => {
            render::json::render(&found.batch)
        }
    };
    print!("{text}");
    let worst = found.batch.diagnostics.iter().map(|d| d.severity()).max();
    Ok(match worst {
        Some(Severity::Error) => Exit::Findings,
        Some(Severity::Warning) if a.deny_warnings => Exit::Findings,
        _ => Exit::Success,
    })
}
