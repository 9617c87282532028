//! `hooks lint`.

use crate::args::{LintArgs, LintFormat};
use crate::exit::Exit;
use crate::render;
use crate::render::fixable::Fixable;
use hook_ir::Severity;
use std::io::IsTerminal;

/// Runs `hooks lint`: renders every diagnostic and returns the lint exit code.
pub fn run(a: LintArgs) -> anyhow::Result<Exit> {
    if a.diff {
        let fixes = super::lint_fix::plan(&a)?;
        out!("{}", super::lint_fix::diff(&fixes));
        let n: usize = fixes.iter().map(|f| f.fixed.len()).sum();
        eprintln!("Would fix {n} problems");
        return Ok(if fixes.is_empty() {
            Exit::Success
        } else {
            Exit::Findings
        });
    }
    let fixed = if a.fix {
        Some(super::lint_fix::write(&super::lint_fix::plan(&a)?)?)
    } else {
        None
    };
    let mut fixable = Fixable::default();
    fixable.unsafe_fixes = a.unsafe_fixes;
    let configured = super::configured::discover(
        &a.paths,
        &a.source,
        &a.config,
        hooks_rules::lint_config::Scope::Lint,
        !a.no_recurse,
        Some(&mut fixable),
    )?;
    let found = &configured.found;
    let terminal = std::io::stdout().is_terminal();
    let format = a.format.unwrap_or(if terminal {
        LintFormat::Human
    } else {
        LintFormat::Json
    });
    let text = match format {
        LintFormat::Json => render::json::render(&found.batch, &fixable),
        LintFormat::Human => {
            let color = render::human::use_color(terminal, std::env::var_os("NO_COLOR").as_deref());
            let view = super::configured::with_config_texts(found, &configured.configs);
            let config = super::configured::used_line(&configured.configs);
            render::human::render(
                view.as_ref().unwrap_or(found),
                &fixable,
                color,
                config.as_deref(),
            )
        }
        LintFormat::Sarif => render::sarif::render(&found.batch, &fixable),
        LintFormat::Github => render::github::render(&found.batch),
    };
    // Not through `format!`: the text is the whole report (39 MB for 10,000 files).
    crate::stdout::print(&text);
    for w in super::lint_empty::warnings(&a.paths, found, &configured.configs) {
        eprintln!("{}", render::human::visible(&w));
    }
    if let Some(n) = fixed {
        eprintln!(
            "Fixed {n} problems ({} remaining)",
            found.batch.diagnostics.len()
        );
    }
    let exit = exit_for(&found.batch, a.deny_warnings);
    // The process ends with this command: freeing every hook, diagnostic and file text one by
    // one only delays the exit (a tenth of `hooks lint` on 10,000 files); the OS takes it all.
    std::mem::forget(configured);
    std::mem::forget(fixable);
    Ok(exit)
}

/// 1 on an error (or a warning under `--deny-warnings`), else 0 (design.md "Exit codes (lint)").
pub fn exit_for(batch: &hook_ir::Batch, deny_warnings: bool) -> Exit {
    match batch.diagnostics.iter().map(|d| d.severity()).max() {
        Some(Severity::Error) => Exit::Findings,
        Some(Severity::Warning) if deny_warnings => Exit::Findings,
        _ => Exit::Success,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hook_ir::{Batch, Code, Diagnostic};

    fn batch(codes: &[Code]) -> Batch {
        Batch {
            hooks: vec![],
            diagnostics: codes.iter().map(|&c| Diagnostic::new(c, "m")).collect(),
        }
    }

    #[test]
    fn exit_codes_follow_design_md() {
        assert_eq!(exit_for(&batch(&[]), true), Exit::Success);
        assert_eq!(
            exit_for(&batch(&[Code::ConversionNote]), true),
            Exit::Success
        );
        assert_eq!(
            exit_for(&batch(&[Code::DuplicateHook]), false),
            Exit::Success
        );
        assert_eq!(
            exit_for(&batch(&[Code::DuplicateHook]), true),
            Exit::Findings
        );
        assert_eq!(
            exit_for(&batch(&[Code::ConversionNote, Code::ParseError]), false),
            Exit::Findings
        );
    }
}
