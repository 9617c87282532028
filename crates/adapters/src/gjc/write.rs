//! The GJC writer: canonical `.gjc/hooks/{pre,post}/<tool>.<ext>` copies of module hooks
//! (from `claude-dir`, `codex-dir` or `gjc` itself), used by `hooks import --to gjc`.

use super::lower::tool_of;
use super::tool_name;
use crate::write::{FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Hook, Kind, Location, Matcher};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// File extensions GJC can `import()` as a module. Anything else in `.gjc/hooks/` would fail.
pub const MODULE_EXTENSIONS: &[&str] = &["ts", "js", "mts", "mjs", "cts", "cjs", "tsx", "jsx"];

/// Plans the canonical copies. Identical existing files are no-op changes; a differing file is
/// refused with `import_conflict` unless `opts.force` (then `forced_overwrite` says so).
pub fn plan_write(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let mut plan = Plan::default();
    let base = match (&opts.target, &ctx.project) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) => p.join(super::discover::PROJECT_DIR),
        (None, None) => {
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::SemanticMismatch,
                    "no project root to write `.gjc/hooks/` into",
                )
                .with_convention(Convention::Gjc),
            );
            return plan;
        }
    };
    // (module, phase, tool) already copied: one module filed under several tool names is copied
    // once per name; further events of the same copy are carried by it.
    let mut done: HashSet<(String, &str, String)> = HashSet::new();
    let mut copied: HashSet<String> = HashSet::new();
    let mut planned: HashMap<PathBuf, String> = HashMap::new();
    for h in hooks {
        let Detail::Module {
            real_path,
            tool,
            plugin,
            ..
        } = &h.detail
        else {
            plan.diagnostics.push(refuse(
                h,
                "only module hooks can become GJC directory modules".into(),
            ));
            continue;
        };
        if copied.contains(real_path) && !h.kind.is_tool_kind() {
            // Further events of a module already copied: the copy carries them.
            continue;
        }
        if plugin.is_some() {
            plan.diagnostics.push(refuse(
                h,
                "a plugin hook runs with a constrained API and verified hashes; copying it into `.gjc/hooks/` would give it the full HookAPI".into(),
            ));
            continue;
        }
        let phase = match h.kind {
            Kind::PreToolUse => "pre",
            Kind::PostToolUse => "post",
            other => {
                plan.diagnostics.push(refuse(
                    h,
                    format!("`{other}` has no GJC hook folder (only `pre/` and `post/` exist)"),
                ));
                continue;
            }
        };
        let tool = tool.clone().or_else(|| match &h.matcher {
            Matcher::Any => Some("*".into()),
            Matcher::Exact { names } if names.len() == 1 => Some(names[0].clone()),
            _ => None,
        });
        let Some(tool) = tool else {
            plan.diagnostics.push(refuse(
                h,
                "a GJC file is filed for one tool name or `*`; this matcher has no such name"
                    .into(),
            ));
            continue;
        };
        if !done.insert((real_path.clone(), phase, tool.clone())) {
            continue;
        }
        copied.insert(real_path.clone());
        // GJC accepts such a name, but its directory scan skips hidden files (`entries.rs`):
        // `.name.js` would never load (found by the `dir_trees` fuzz target).
        let hidden = (tool.starts_with('.') && tool != "*")
            .then_some("would be filed as a hidden file, which GJC's directory scan skips");
        if let Some(why) = tool_name::validate(&tool).err().or(hidden) {
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidToolMatcher,
                    format!("the tool name {} {why}", quote(&tool)),
                )
                .with_convention(h.convention)
                .at(h.location.clone()),
            );
            continue;
        }
        let src = Path::new(real_path);
        let ext = src
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if !MODULE_EXTENSIONS.contains(&ext.as_str()) {
            let name = src.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::ShellHookNotModule,
                    format!(
                        "{} is not a JavaScript/TypeScript module; GJC would `import()` it and fail, so it is not copied",
                        quote(name)
                    ),
                )
                .with_convention(h.convention)
                .at(h.location.clone())
                .with_help(format!(
                    "rewrite it as `{}.ts` exporting `(api) => api.on(\"{}\", ...)`",
                    tool_of(name),
                    if phase == "pre" { "tool_call" } else { "tool_result" }
                )),
            );
            continue;
        }
        let text = match std::fs::read(src).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => {
                plan.diagnostics
                    .push(source_problem(h, "is not UTF-8 text".into()));
                continue;
            }
            Err(e) => {
                plan.diagnostics
                    .push(source_problem(h, format!("cannot be read: {e}")));
                continue;
            }
        };
        let target = base.join(phase).join(format!("{tool}.{ext}"));
        let display = ctx.display(&target);
        if let Some(prev) = planned.get(&target) {
            if *prev != text {
                // Two sources for one file: `--force` cannot choose between them.
                plan.diagnostics.push(conflict(
                    h,
                    &display,
                    "another imported hook is written to the same file",
                    false,
                ));
            }
            continue;
        }
        let exists = target.symlink_metadata().is_ok();
        let before = crate::write::read_target(&target).ok().flatten();
        if exists && before.as_deref() != Some(text.as_str()) {
            plan.diagnostics.push(conflict(
                h,
                &display,
                "it exists with different content",
                opts.force,
            ));
            if !opts.force {
                continue;
            }
        }
        planned.insert(target.clone(), text.clone());
        plan.changes.push(FileChange {
            path: target,
            display,
            before,
            after: text,
            mode: mode_of(src),
        });
    }
    plan
}

fn refuse(h: &Hook, msg: String) -> Diagnostic {
    Diagnostic::new(Code::SemanticMismatch, msg)
        .with_convention(h.convention)
        .at(h.location.clone())
}

fn source_problem(h: &Hook, what: String) -> Diagnostic {
    Diagnostic::new(Code::InvalidSource, format!("the source module {what}"))
        .with_convention(h.convention)
        .at(h.location.clone())
}

fn conflict(h: &Hook, display: &str, why: &str, force: bool) -> Diagnostic {
    let d = crate::write::conflict(
        force,
        &format!("`{display}`: {why}"),
        &format!("overwrite it with `{}`", h.location.path),
    )
    .with_convention(Convention::Gjc)
    .at(Location::path_only(display.to_string()));
    if force {
        d
    } else {
        d.with_help(format!(
            "compare it with `{}`, or run again with --force to overwrite it",
            h.location.path
        ))
    }
}

#[cfg(unix)]
fn mode_of(p: &Path) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .ok()
        .map(|m| m.permissions().mode() & 0o777)
}

#[cfg(not(unix))]
fn mode_of(_p: &Path) -> Option<u32> {
    None
}
