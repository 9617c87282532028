//! Checks of one jcode command line: jcode's own tokenizer, the program lookup, and shell
//! syntax that a command run without a shell passes through literally.

use crate::Context;
use hook_ir::jcode_argv::{parse_hook_command, quote_word};
use hook_ir::{quote, Code};
use std::path::{Path, PathBuf};

/// One problem of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Its code.
    pub code: Code,
    /// The message.
    pub message: String,
    /// A suggestion, if any.
    pub help: Option<String>,
}

/// Checks a trimmed, non-empty command of the slot `slot`. Returns the findings and whether
/// jcode can run it at all (a tokenizer error means jcode never spawns it).
pub fn check(ctx: &Context, slot: &str, command: &str) -> (Vec<Finding>, bool) {
    let fails_open = if slot == "pre_tool" {
        " (the `pre_tool` gate then allows every call)"
    } else {
        ""
    };
    let argv = match parse_hook_command(command) {
        Ok(argv) => argv,
        Err(e) => {
            return (
                vec![Finding {
                    code: Code::InvalidCommand,
                    message: format!(
                        "jcode cannot parse {}: {e}; it never runs it{fails_open}",
                        quote(command)
                    ),
                    help: None,
                }],
                false,
            )
        }
    };
    let mut findings = Vec::new();
    let shell = shell_syntax(command);
    if !shell.is_empty() {
        findings.push(Finding {
            code: Code::ShellSyntaxWithoutShell,
            message: format!(
                "jcode runs hook commands without a shell, but {} uses {}: `{}` receives {} as literal argument text",
                quote(command),
                shell.join(", "),
                argv[0],
                if shell.len() == 1 { "it" } else { "them" }
            ),
            help: Some(format!(
                "run it through a shell: sh -c {}",
                quote_word(command)
            )),
        });
    }
    if let Some(mut f) = program_problem(ctx, &argv[0]) {
        f.message.push_str(fails_open);
        findings.push(f);
    }
    (findings, true)
}

/// Where `program` would be looked for, as jcode spawns it: a leading `~/` expanded to the
/// home dir, a path with a `/` taken as is (relative ones against the project root, the best
/// guess for the session's cwd), else a search of `PATH`.
fn program_problem(ctx: &Context, program: &str) -> Option<Finding> {
    let path: PathBuf = if let Some(rest) = program.strip_prefix("~/") {
        ctx.home.as_ref()?.join(rest)
    } else if program.contains('/') {
        let p = Path::new(program);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            ctx.project.as_ref()?.join(p)
        }
    } else {
        let path_var = ctx.var("PATH")?;
        if std::env::split_paths(path_var).any(|dir| is_executable(&dir.join(program))) {
            return None;
        }
        return Some(Finding {
            code: Code::ProgramNotFound,
            message: format!(
                "`{program}` is not on PATH: spawning it fails, so the hook never runs"
            ),
            help: Some("give the absolute path of the program, or install it".into()),
        });
    };
    if is_executable(&path) {
        return None;
    }
    let shown = ctx.display(&path);
    let shown_if_new = if shown == program {
        String::new()
    } else {
        format!(" ({shown})")
    };
    let message = if path.is_file() {
        format!("`{program}`{shown_if_new} is not executable: spawning it fails, so the hook never runs")
    } else {
        format!(
            "`{program}`{shown_if_new} does not exist: spawning it fails, so the hook never runs"
        )
    };
    Some(Finding {
        code: Code::ProgramNotFound,
        message,
        help: Some(if path.is_file() {
            format!("chmod +x {shown}")
        } else {
            "fix the path; jcode expands only a leading `~/` of the program".into()
        }),
    })
}

fn is_executable(p: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// The shell constructs `raw` uses outside single quotes, in order of first appearance,
/// scanned with the same quoting rules as jcode's tokenizer (so `'a|b'` is not flagged, and
/// `"$HOME"` is: a shell would expand it inside double quotes).
pub fn shell_syntax(raw: &str) -> Vec<String> {
    let chars: Vec<char> = raw.chars().collect();
    let mut found: Vec<String> = Vec::new();
    let mut add = |s: String| {
        if !found.contains(&s) {
            found.push(s);
        }
    };
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut in_word = false;
    let mut word_index = 0usize;
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        if escaped {
            escaped = false;
            in_word = true;
            continue;
        }
        match quote {
            Some('\'') => {
                if c == '\'' {
                    quote = None;
                }
                continue;
            }
            Some(q) => {
                if c == q {
                    quote = None;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '$' && next.is_some_and(starts_expansion) {
                    add(dollar(&chars[i..]));
                } else if c == '`' {
                    add("backticks".into());
                }
                continue;
            }
            None => {}
        }
        let word_start = !in_word;
        match c {
            '\\' => {
                escaped = true;
                in_word = true;
                continue;
            }
            '\'' | '"' => {
                quote = Some(c);
                in_word = true;
                continue;
            }
            c if c.is_whitespace() => {
                if in_word {
                    word_index += 1;
                    in_word = false;
                }
                continue;
            }
            _ => {}
        }
        in_word = true;
        match c {
            '|' if next == Some('|') => add("`||`".into()),
            '|' => add("a pipe `|`".into()),
            '&' if next == Some('&') => add("`&&`".into()),
            '&' if chars.get(i.wrapping_sub(1)) != Some(&'&') => add("`&`".into()),
            ';' => add("`;`".into()),
            '<' | '>' => add(format!("a redirect `{c}`")),
            '$' if next.is_some_and(starts_expansion) => add(dollar(&chars[i..])),
            '`' => add("backticks".into()),
            '*' | '?' => add(format!("a glob `{c}`")),
            '~' if word_start && !(word_index == 0 && next == Some('/')) => {
                add("`~` (jcode expands only a leading `~/` of the program)".into())
            }
            _ => {}
        }
    }
    found
}

fn starts_expansion(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '{' || c == '('
}

/// `$NAME`, `${...}` or `$(...)` as written, for the message.
fn dollar(rest: &[char]) -> String {
    match rest.get(1) {
        Some('(') => "`$(...)`".into(),
        Some('{') => "`${...}`".into(),
        _ => {
            let name: String = rest[1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .take(40)
                .collect();
            format!("`${name}`")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_operators_outside_quotes_only() {
        assert_eq!(
            shell_syntax("jq .x | tee -a log && echo ok; cat < in > out"),
            [
                "a pipe `|`",
                "`&&`",
                "`;`",
                "a redirect `<`",
                "a redirect `>`"
            ]
        );
        assert!(shell_syntax("grep 'a|b;c>d' \\| x").is_empty());
        assert!(shell_syntax("sh -c 'echo $HOME | cat'").is_empty());
    }

    #[test]
    fn finds_expansions_and_globs() {
        assert_eq!(shell_syntax("echo $HOME"), ["`$HOME`"]);
        assert_eq!(shell_syntax("echo \"$USER\""), ["`$USER`"]);
        assert_eq!(shell_syntax("echo '$USER'"), Vec::<String>::new());
        assert_eq!(shell_syntax("echo $(date) `id`"), ["`$(...)`", "backticks"]);
        assert_eq!(shell_syntax("rm *.tmp a?"), ["a glob `*`", "a glob `?`"]);
        assert!(shell_syntax("echo 5$").is_empty());
    }

    #[test]
    fn tilde_only_as_a_leading_program_prefix() {
        assert!(shell_syntax("~/bin/guard --x a~b").is_empty());
        assert_eq!(shell_syntax("guard ~/x").len(), 1);
        assert_eq!(shell_syntax("~user/bin/guard").len(), 1);
        assert!(shell_syntax("guard '~/x'").is_empty());
    }
}
