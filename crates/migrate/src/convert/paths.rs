//! Portable paths for hooks that are files (a convention whose runtime launches each hook file
//! under an interpreter, `Launch::Interpreter`: Cline's hook folders). Such a hook's command is
//! the argv its agent spawns, `<interpreter…> <absolute file>`; moved into another agent's
//! configuration as is, it names a path on this machine only.
//!
//! - A project hook going to a project file: the file is written relative to the project
//!   directory, as `"${PWD}"/<rest>` in the source's terms. That is exact in the source, whose
//!   agent runs every hook in the project directory (its `hook_cwd` row; Cline: cwd the
//!   workspace), and [`super::variables::rewrite`] then writes it in the target's spelling of the
//!   project directory, from the profiles' variables: `$CLAUDE_PROJECT_DIR` for Claude Code,
//!   `${PWD}` kept where the target runs its hooks in the project directory too (Gemini CLI,
//!   Qwen Code, Codex, Copilot CLI, jcode: the rows `variables::hook_cwd`), its own variable
//!   elsewhere (Cursor's `CURSOR_PROJECT_DIR`).
//! - A user hook (not a project's) staying at user level, its file under the home directory:
//!   `~/<rest>`, where the target runs its commands through a shell (which expands `~`).
//! - Anything else keeps its absolute path, said by an `absolute_path_kept` note naming it.

use super::Say;
use hook_ir::contract::{self, variables, Launch};
use hook_ir::jcode_argv::{parse_hook_command, quote_word};
use hook_ir::{Code, Exec, Hook, Scope};
use std::path::{Path, PathBuf};

/// `path` relative to `root` (as written, or with both resolved), when it is inside it.
fn inside(path: &Path, root: &Path) -> Option<PathBuf> {
    if let Ok(rel) = path.strip_prefix(root) {
        return Some(rel.to_path_buf());
    }
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canon(path)
        .strip_prefix(canon(root))
        .ok()
        .map(Path::to_path_buf)
}

/// Whether the target can spell the project directory: it runs its hooks there (`${PWD}`), or
/// sets a variable for it.
fn spells_project_dir(to: hook_ir::Convention) -> bool {
    variables::hook_cwd(to).is_some()
        || variables::for_meaning(to, variables::Meaning::ProjectDir).is_some()
}

/// `command` (in the shell world, placed) with the hook file's absolute path made portable
/// where it can be; else as is, with a note when the path stays absolute. Only for hooks that
/// are files, and only when scopes are kept (an import with a context).
pub(super) fn portable(command: &str, h: &Hook, say: &mut Say) -> String {
    let is_file = contract::runtime(h.convention)
        .is_some_and(|r| matches!(r.launch, Launch::Interpreter { .. }));
    let (true, Some(ctx), Some(to_scope)) = (is_file, say.ctx, say.scope) else {
        return command.to_string();
    };
    let Ok(mut argv) = parse_hook_command(command) else {
        return command.to_string();
    };
    let Some(file) = argv.last().cloned().filter(|f| Path::new(f).is_absolute()) else {
        return command.to_string();
    };
    let path = Path::new(&file);
    let to = say.to;
    let relative = |rel: &Path| quote_word(&rel.to_string_lossy());
    let kept = match (h.scope, to_scope) {
        (Scope::Project, Scope::Project) => {
            match ctx.project.as_deref().and_then(|p| inside(path, p)) {
                Some(rel)
                    if variables::hook_cwd(h.convention).is_some() && spells_project_dir(to) =>
                {
                    // `"${PWD}"` is the source's own spelling of the project directory.
                    let word = format!("\"${{PWD}}\"/{}", relative(&rel));
                    let last = argv.len() - 1;
                    argv[last] = word.clone();
                    let words: Vec<String> = argv[..last]
                        .iter()
                        .map(|w| quote_word(w))
                        .chain([word])
                        .collect();
                    return words.join(" ");
                }
                Some(_) => format!("{to} has no way to name the project directory"),
                None => "the file is not inside the project".to_string(),
            }
        }
        (Scope::Project, _) => format!(
            "a project hook written at {} level names its project by its absolute path",
            to_scope.as_str()
        ),
        (_, Scope::Project) => "a user hook written into a project file".to_string(),
        _ => match ctx.home.as_deref().and_then(|home| inside(path, home)) {
            Some(rel) if super::target_exec(to) != Exec::Direct => {
                let last = argv.len() - 1;
                let words: Vec<String> = argv[..last]
                    .iter()
                    .map(|w| quote_word(w))
                    .chain([format!("~/{}", relative(&rel))])
                    .collect();
                return words.join(" ");
            }
            Some(_) => format!("{to} runs commands without a shell, which would expand `~`"),
            None => "the file is not inside the home directory".to_string(),
        },
    };
    say.push(
        Code::AbsolutePathKept,
        format!(
            "the hook's file is written as its absolute path {}: {kept}; the hook runs only where that path exists",
            hook_ir::quote(&file)
        ),
    );
    command.to_string()
}
