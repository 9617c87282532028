//! Checks about this machine, not the file: whether the programs a hook's shell starts are on
//! `PATH`, and whether a script run as a program may be executed. `hooks lint` leaves them
//! out (a CI runner lacks the user's tools); `hooks doctor` asks them, since it answers whether
//! a hook works here.
//!
//! Codes: `program_not_found` (a bare program name a shell cannot find on `PATH`; jcode's direct
//! exec is checked by its lowering), `script_not_executable`.

use super::command::{each_command_line, program_words, resolve, scripts};
use super::shell::lex;
use super::{Finding, Target};
use hook_ir::{quote, Code, Exec, Handler};
use std::path::Path;

/// Shell builtins and reserved words a shell runs without a `PATH` lookup (POSIX special and
/// regular builtins, plus the common bash ones).
const BUILTINS: &[&str] = &[
    ":", ".", "[", "[[", "alias", "bg", "break", "builtin", "cd", "command", "continue", "declare",
    "echo", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash", "jobs",
    "kill", "let", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift",
    "source", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias",
    "unset", "wait",
];

/// The findings of one hook on this machine.
pub(crate) fn check(t: &Target<'_>, out: &mut Vec<Finding>) {
    let Handler::Command { command: cmd, exec } = &t.hook.handler else {
        return;
    };
    let shell = !matches!(exec, Exec::Direct);
    let path = t.ctx.var("PATH").unwrap_or("");
    let at = t.find(cmd);
    let mut seen: Vec<String> = Vec::new();
    each_command_line(&lex(cmd), 0, shell, &mut |_, commands, depth| {
        let shell = shell || depth > 0;
        for all in commands {
            // Without a shell the program is checked by the lowering (jcode).
            let Some(&program) = program_words(all, shell).and_then(|w| w.first()) else {
                continue;
            };
            let plain = !program.is_empty()
                && !program.contains(['/', '$', '`', '*', '?', '[', '=', '(', '{', '~', '\\']);
            if shell && plain && !BUILTINS.contains(&program) && !seen.iter().any(|p| p == program)
            {
                seen.push(program.to_string());
                if !on_path(program, path) {
                    out.push(
                        Finding::new(
                            Code::ProgramNotFound,
                            format!(
                                "{} starts `{program}`, which is not on PATH here: the shell cannot run it, so the hook fails every time it fires",
                                quote(cmd)
                            ),
                        )
                        .help(format!("install `{program}`, or name it by its full path"))
                        .at(at),
                    );
                }
            }
        }
        for s in scripts(commands, shell) {
            if !s.program || s.module {
                continue;
            }
            let Some(file) = resolve(s.word, t) else {
                continue;
            };
            if file.is_file() && !executable(&file) {
                out.push(
                    Finding::new(
                        Code::ScriptNotExecutable,
                        format!(
                            "{} runs `{}` as a program, but the file is not executable ({}): the shell refuses it (\"Permission denied\", exit 126), so the hook fails every time it fires",
                            quote(cmd),
                            s.word,
                            t.ctx.display(&file)
                        ),
                    )
                    .help(format!("`chmod +x {}`, or run it through its interpreter (`bash {}`)", t.ctx.display(&file), s.word))
                    .at(at),
                );
            }
        }
    });
}

/// Whether `program` is an executable file in one of `path`'s directories (an empty entry is
/// the current directory, which is not known here: not counted).
fn on_path(program: &str, path: &str) -> bool {
    std::env::split_paths(path)
        .filter(|d| !d.as_os_str().is_empty())
        .any(|d| {
            let f = d.join(program);
            f.is_file() && executable(&f)
        })
}

#[cfg(unix)]
fn executable(f: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(f).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn executable(_: &Path) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_lookup_needs_an_executable_file() {
        let dir = tempfile::tempdir().unwrap();
        let tool = dir.path().join("tool");
        std::fs::write(&tool, "#!/bin/sh\n").unwrap();
        let path = dir.path().to_string_lossy().into_owned();
        assert!(!on_path("tool", &path), "not executable yet");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
            assert!(on_path("tool", &path));
        }
        assert!(!on_path("absent", &path));
        assert!(!on_path("tool", ""), "an empty PATH finds nothing");
    }
}
