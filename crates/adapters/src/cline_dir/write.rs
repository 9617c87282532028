//! The `cline-dir` writer: each imported hook becomes one file in a Cline hook folder, named the
//! way Cline's scanner finds it (the event's file name, plus one of the extensions it reads) and
//! run the way the hook ran before: a `#!/bin/sh` shebang names the interpreter explicitly (a
//! shebang wins over the extension, `inferHookCommand`), the command is the script's body,
//! mode 0755. A user's file is never overwritten: a hook goes to the first free name of its
//! event, and a file with exactly its text already there is the same hook (a re-import changes
//! nothing).

use super::lower;
use crate::write::{FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::contract::limits::cline as lim;
use hook_ir::{Code, Convention, Diagnostic, Exec, Handler, Hook, Location};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

const CL: Convention = Convention::ClineDir;

/// The names one event's imported hooks take in one folder, in the order Cline runs them
/// (`localeCompare` of the full paths: no extension first, then `.bash`, `.sh`, `.zsh`): only
/// shell extensions, so the file says what it is even to a reader who ignores the shebang.
pub const NAME_SUFFIXES: [&str; 4] = ["", ".bash", ".sh", ".zsh"];

/// The mode every written hook gets: Cline does not need the executable bit (it passes the file
/// to its interpreter), but a user who runs the file by hand does.
pub const MODE: u32 = 0o755;

/// The text of the file for `h`: a POSIX shell script running its command.
pub fn script(h: &Hook) -> Option<String> {
    let Handler::Command { command, exec } = &h.handler else {
        return None;
    };
    let body = match exec {
        // Converted hooks run their command with `sh -c`: the same text as a `sh` script.
        Exec::Shell | Exec::LoginShell => command.clone(),
        // An argv (a Cline hook's own `<interpreter> <file>`, jcode's commands): exec it.
        Exec::Direct => format!("exec {command}"),
    };
    // A bridge entry (`hooks bridge install --host cline-dir`) says so: its file is found
    // again by that line's command (`lower::bridge_command`), not by this comment.
    let by = if crate::bridge::parse(command).is_some() {
        "`hooks bridge install`".to_string()
    } else {
        format!("`hooks import` (from {})", h.location.path)
    };
    Some(format!(
        "#!/bin/sh\n# Cline {} hook written by {by}.\n{body}\n",
        h.source_event
    ))
}

/// Plans the files of `hooks` (already converted to `cline-dir`) in `opts.target` (a hook
/// folder), else the project's `.cline/hooks/`.
pub fn plan(ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
    let mut plan = Plan::default();
    let dir = opts
        .target
        .clone()
        .or_else(|| ctx.project.as_ref().map(|p| p.join(lim::PROJECT_DIRS[1])));
    let Some(dir) = dir else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::InvalidSource,
                "no project root to write `.cline/hooks/` into; pass a project or a target folder",
            )
            .with_convention(CL),
        );
        return plan;
    };
    if dir.exists() && !dir.is_dir() {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::ImportConflict,
                "the hook folder is a file; nothing is written",
            )
            .with_convention(CL)
            .at(Location::path_only(ctx.display(&dir))),
        );
        return plan;
    }
    let existing = existing(&dir);
    let mut taken: HashSet<String> = existing.iter().map(|(n, _)| n.to_lowercase()).collect();
    let mut planned_texts: Vec<(String, String)> = Vec::new();
    for h in hooks {
        let event = h.source_event.as_str();
        if !lower::EVENT_FILES.contains(&event) {
            plan.diagnostics.push(refuse(
                h,
                format!("`{event}` is not a Cline hook file name"),
            ));
            continue;
        }
        let Some(text) = script(h) else {
            plan.diagnostics.push(refuse(
                h,
                "a module hook runs in-process; Cline runs files".into(),
            ));
            continue;
        };
        // The same hook already there (written by an earlier import, or by hand): nothing to do.
        let same = existing
            .iter()
            .chain(planned_texts.iter())
            .any(|(n, t)| lower::event_of(n) == Some(event) && *t == text);
        if same {
            continue;
        }
        let free = NAME_SUFFIXES
            .iter()
            .map(|s| format!("{event}{s}"))
            .find(|n| !taken.contains(&n.to_lowercase()));
        let Some(name) = free else {
            plan.diagnostics.push(
                Diagnostic::new(
                    Code::TargetWouldReject,
                    format!(
                        "every name `hooks import` writes for `{event}` ({}) is taken in this folder; the hook is not written",
                        NAME_SUFFIXES.map(|s| format!("{event}{s}")).join(", ")
                    ),
                )
                .with_convention(CL)
                .at(Location::path_only(ctx.display(&dir)))
                .with_help("import into the other Cline folder (user or project), or merge the hooks by hand"),
            );
            continue;
        };
        taken.insert(name.to_lowercase());
        planned_texts.push((name.clone(), text.clone()));
        let path = dir.join(&name);
        plan.changes.push(FileChange {
            display: ctx.display(&path),
            path,
            before: None,
            after: text,
            mode: Some(MODE),
        });
    }
    plan
}

/// The entries of `dir` that Cline would read as hooks (any entry, whatever its type, takes its
/// name), with their text when readable.
fn existing(dir: &Path) -> Vec<(String, String)> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    rd.filter_map(Result::ok)
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            (name, text)
        })
        .collect()
}

fn refuse(h: &Hook, msg: String) -> Diagnostic {
    Diagnostic::new(Code::SemanticMismatch, msg)
        .with_convention(h.convention)
        .at(h.location.clone())
}

/// The folder holding `cline-dir` hooks of `scope`: the user's `$CLINE_DIR/hooks/` (default
/// `~/.cline/hooks/`), the project's `.cline/hooks/` (Cline's current folder; `.clinerules/` is
/// its deprecated one). Cline has no personal project folder.
pub fn folder(ctx: &Context, scope: hook_ir::Scope) -> Option<PathBuf> {
    match scope {
        hook_ir::Scope::User => super::discover::user_dir(ctx).map(|u| u.join(lim::HOOKS_SUBDIR)),
        hook_ir::Scope::Project => ctx.project.as_ref().map(|p| p.join(lim::PROJECT_DIRS[1])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_clines_run_order() {
        let mut paths: Vec<String> = NAME_SUFFIXES
            .iter()
            .map(|s| format!("/p/.cline/hooks/PreToolUse{s}"))
            .collect();
        let want = paths.clone();
        paths.sort_by(|a, b| lower::locale_cmp(a, b));
        assert_eq!(paths, want);
        for s in NAME_SUFFIXES {
            assert_eq!(
                lower::event_of(&format!("PreToolUse{s}")),
                Some("PreToolUse")
            );
        }
    }
}
