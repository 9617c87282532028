//! `hooks setup codex [--hooks-json FILE] [--home DIR] [--dry-run]`: GJC's managed Codex hooks.
//!
//! Exit codes: 0 success (changed or already up to date), 1 refused (the file is not valid JSON,
//! is over `MAX_JSON_BYTES`, or has a shape that merging would destroy), 2 failure (no home dir,
//! I/O error).

use crate::args::SetupCodexArgs;
use crate::exit::Exit;
use adapters::codex_json::managed::{self, EventChange};
use adapters::read_limit::{read_bounded, too_large, ReadError};
use adapters::write::{apply, FileChange, Plan};
use anyhow::{bail, Context as _};
use hook_ir::{display_path, line_col, Code};
use std::path::PathBuf;

/// Runs `hooks setup codex`.
pub(super) fn codex(a: SetupCodexArgs) -> anyhow::Result<Exit> {
    let home = match a.home {
        Some(h) => Some(
            std::path::absolute(&h).with_context(|| format!("cannot resolve {}", h.display()))?,
        ),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let path = match (a.hooks_json, &home) {
        (Some(p), _) => {
            std::path::absolute(&p).with_context(|| format!("cannot resolve {}", p.display()))?
        }
        (None, Some(h)) => h.join(".codex/hooks.json"),
        (None, None) => bail!("no home directory: pass --home DIR or --hooks-json FILE"),
    };
    // Write through a symlink to the file it names, never replace the link itself.
    let path = std::fs::canonicalize(&path).unwrap_or(path);
    let display = display_path(&path, None, home.as_deref());
    let max = adapters::json_source::MAX_JSON_BYTES;
    let before = match read_bounded(&path, max) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => Some(t),
            Err(_) => {
                eprintln!(
                    "error[{}]: {display}: not UTF-8 text, so not JSON",
                    Code::ParseError
                );
                eprintln!("refusing to change it: fix or move the file, then run again");
                return Ok(Exit::Findings);
            }
        },
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(ReadError::TooLarge(len)) => {
            eprintln!(
                "error[{}]: {display}: {}",
                Code::InvalidSource,
                too_large(len, max)
            );
            eprintln!("refusing to change it: no real hooks.json is this large");
            return Ok(Exit::Findings);
        }
        Err(ReadError::Io(e)) => bail!("cannot read {display}: {e}"),
    };
    let merged = match managed::merge(before.as_deref()) {
        Ok(m) => m,
        Err(e) => {
            let text = before.as_deref().unwrap_or_default();
            let (line, col) = line_col(text, e.span.0);
            let code = if e.syntax {
                Code::ParseError
            } else {
                Code::WrongValueType
            };
            eprintln!("error[{code}]: {display}:{line}:{col}: {}", e.message);
            eprintln!("refusing to change it (GJC would replace it with an empty config): fix or move the file, then run again");
            return Ok(Exit::Findings);
        }
    };
    if !merged.changed {
        outln!("{display}: the GJC-managed Codex hooks are already up to date; nothing changed.");
        return Ok(Exit::Success);
    }
    outln!(
        "{display}: {} the GJC-managed Codex hooks:",
        if a.dry_run {
            "would update"
        } else {
            "updating"
        }
    );
    for e in &merged.events {
        outln!("  {}", describe(e));
    }
    let ctx = adapters::Context::from_process(None, home.clone(), true);
    let untrusted = adapters::codex_json::trust::check_written(&ctx, &path, &merged.after);
    if a.dry_run {
        say_trust(&untrusted, "would");
        outln!("dry run: nothing written.");
        return Ok(Exit::Success);
    }
    let plan = Plan {
        changes: vec![FileChange {
            path: path.clone(),
            display: display.clone(),
            before,
            after: merged.after,
            mode: None,
        }],
        diagnostics: Vec::new(),
    };
    // Every `ApplyError` names the file itself: a context here would say it twice.
    apply(&plan)?;
    outln!("wrote {display}.");
    say_trust(&untrusted, "will");
    Ok(Exit::Success)
}

/// Which hooks of the written file Codex `will` (or `would`) skip until they are trusted: Codex
/// keys each hook by its position and hashes its settings, so the managed entries and every
/// entry they moved need trust again.
fn say_trust(diags: &[hook_ir::Diagnostic], will: &str) {
    if diags.is_empty() {
        outln!("Codex trusts every hook of the file as it {will} be written.");
        return;
    }
    outln!(
        "Codex {will} skip {} silently until you trust {} (review them in Codex's `/hooks`, or add the tables below to its config.toml):",
        plural(diags.len(), "hook", "hooks"),
        if diags.len() == 1 { "it" } else { "them" }
    );
    for d in diags {
        let at = d
            .location
            .as_ref()
            .and_then(|l| l.line.map(|n| format!("{}:{n}", l.path)))
            .unwrap_or_default();
        outln!("  {at}: {} [{}]", d.message, d.code);
        if let Some(h) = &d.help {
            for line in h.lines().skip(1) {
                outln!("    {line}");
            }
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn describe(e: &EventChange) -> String {
    if e.unchanged {
        return format!("{}: already up to date", e.event);
    }
    let mut s = format!(
        "{}: managed entry `gjc codex-native-hook` placed first",
        e.event
    );
    if e.replaced > 0 {
        s.push_str(&format!(
            ", {} older managed handler{} removed",
            e.replaced,
            if e.replaced == 1 { "" } else { "s" }
        ));
    }
    if e.kept > 0 {
        s.push_str(&format!(
            ", {} user entr{} kept",
            e.kept,
            if e.kept == 1 { "y" } else { "ies" }
        ));
    }
    s
}
