//! Settings that change what every hook process executes without any hook command showing it:
//! Claude Code's `env` block (applied to the agent and every hook it starts) and a Gemini hook's
//! own `env`. Only variables that make a program load or run other code are reported.

use super::{key_path, Setting};
use adapters::line_index::LineIndex;
use adapters::{json_span, Context, SourceFile};
use hook_ir::{Detail, Hook, Location};
use std::path::Path;

/// Variables that make the programs a hook starts load or run other code, or find other
/// programs: the dynamic loader's (`LD_*`, `DYLD_*`), interpreters' start-up hooks, shells'
/// start-up files, `PATH`.
const EXACT: &[&str] = &[
    "NODE_OPTIONS",
    "NODE_PATH",
    "BASH_ENV",
    "ENV",
    "ZDOTDIR",
    "PROMPT_COMMAND",
    "SHELLOPTS",
    "BASHOPTS",
    "PYTHONSTARTUP",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "RUBYOPT",
    "RUBYLIB",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "GIT_SSH_COMMAND",
    "GIT_EXEC_PATH",
    "GIT_CONFIG_GLOBAL",
    "PATH",
    "SHELL",
    "npm_config_script_shell",
    "NPM_CONFIG_SCRIPT_SHELL",
];

/// Whether setting `name` changes what a hook process executes.
pub(crate) fn changes_execution(name: &str) -> bool {
    EXACT.contains(&name) || name.starts_with("LD_") || name.starts_with("DYLD_")
}

/// The settings of `sources` (Claude settings' `env`) and of `hooks` (a Gemini hook's `env`)
/// that change what hook processes execute.
pub(crate) fn settings<'h>(
    ctx: &Context,
    root: &Path,
    sources: &[SourceFile],
    hooks: impl IntoIterator<Item = &'h Hook>,
) -> Vec<Setting> {
    let mut out = Vec::new();
    for s in sources {
        if !adapters::registry::adapter(s.convention).sets_hook_env() {
            continue;
        }
        let Some(text) = s.text.as_deref() else {
            continue;
        };
        // Most settings files have no `env` block: no parse for them.
        if !text.contains("\"env\"") {
            continue;
        }
        let Ok(node) = json_span::parse(text) else {
            continue;
        };
        let Some(env) = node.get("env").and_then(|m| m.value.members()) else {
            continue;
        };
        let index = LineIndex::new(text);
        for m in env.iter().filter(|m| changes_execution(&m.key)) {
            let value = m
                .value
                .as_str()
                .map_or_else(|| m.value.to_value().to_string(), str::to_string);
            out.push(Setting {
                convention: s.convention,
                file: key_path(ctx, root, &s.path),
                name: m.key.clone(),
                value,
                location: index.location(text, s.display.clone(), m.key_span.0, m.value.span.1),
            });
        }
    }
    for h in hooks {
        let Detail::GeminiGroup { env, .. } = &h.detail else {
            continue;
        };
        for (name, value) in env.iter().filter(|(n, _)| changes_execution(n)) {
            let file = adapters::source_of(sources, h)
                .map_or_else(|| h.location.path.clone(), |s| key_path(ctx, root, &s.path));
            out.push(Setting {
                convention: h.convention,
                file,
                name: name.clone(),
                value: value.clone(),
                location: Location::clone(&h.location),
            });
        }
    }
    out
}
