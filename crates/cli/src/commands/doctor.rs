//! `hooks doctor`: the library's verdicts (`hooks_rules::doctor`), rendered; with `--live`, the
//! canary (`agent_drive::canary`) run with the user's agent and its result put on each hook.

mod live;

use super::discover::absolute;
use crate::args::{DoctorArgs, ListFormat};
use crate::exit::Exit;
use crate::render;
use adapters::Context;
use anyhow::bail;
use std::io::IsTerminal;
use std::path::PathBuf;

/// Runs `hooks doctor`. Exit 0 when it could answer, 2 when it could not.
pub fn run(a: DoctorArgs) -> anyhow::Result<Exit> {
    if a.live {
        if a.agent.is_empty() {
            bail!("--live needs --agent (claude-settings, codex-json, gemini-settings, copilot-hooks, qwen-settings or cline-dir)");
        }
        if let Some(code) = live::isolate()? {
            return Ok(code);
        }
    }
    let path = absolute(a.path.as_deref().unwrap_or(".".as_ref()))?;
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) => bail!("{}: {e}", path.display()),
    };
    let home = match &a.home {
        Some(h) => Some(absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let project = if meta.is_dir() {
        Some(path.clone())
    } else {
        path.parent().map(PathBuf::from)
    };
    let mut ctx = Context::from_process(project, home, true);
    ctx.run_cache = Some(adapters::run_cache::RunCache::default());
    let found = if meta.is_dir() {
        hooks_rules::discover_only(&ctx, &hook_ir::Convention::ALL)
    } else {
        hooks_rules::load_file(&ctx, &path, None)
    };
    let mut report = hooks_rules::doctor::diagnose_found(&ctx, &found, &a.agent);
    if a.live {
        live::run(&a, &ctx, &found, &mut report)?;
    }
    let format = a.format.unwrap_or(if std::io::stdout().is_terminal() {
        ListFormat::Human
    } else {
        ListFormat::Json
    });
    match format {
        ListFormat::Json => crate::stdout::print(&render::doctor::json(&report)),
        ListFormat::Human => crate::stdout::print(&render::doctor::human(&report)),
    }
    Ok(Exit::Success)
}
