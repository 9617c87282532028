//! Shell vs direct execution, and the jcode wrappers `hooks import` writes and recognizes.
//!
//! jcode runs its commands directly, after its own tokenizer ([`hook_ir::jcode_argv`]); Jarvis and
//! Claude run `sh -c <command>`, Codex `<login shell> -c <command>`. A command moves between the two
//! worlds unchanged only when both would run the same argv; otherwise it is wrapped
//! (`sh -c '<command>'`) on the way to jcode and unwrapped on the way back, so round trips hold.

use super::glob::{self, Glob};
use hook_ir::jcode_argv::{parse_hook_command, quote_word};
use hook_ir::Exec;

/// The `case` script that makes a jcode hook act only on some tools. jcode passes the tool name
/// in `JCODE_HOOK_TOOL_NAME`; the original command is the script's `$1`, run with `eval` so shell
/// code (pipes, `&&`) keeps working. An unmatched tool exits 0: allow, as if the hook never fired.
const CASE_PREFIX: &str = "case \"$JCODE_HOOK_TOOL_NAME\" in ";
const CASE_SUFFIX: &str = ") eval \"$1\";; esac";

/// Whether `sh` and jcode's tokenizer split `command` into the same argv, with no shell
/// feature involved: words of plain characters and single-quoted strings only. The plain set
/// leaves out everything `sh` gives a meaning (`$`, backquote, `\`, `"`, globs, `~` except a
/// leading `~/` of the program, which jcode expands too, redirections, separators, `#`, braces),
/// and an `=` in the first word (a `sh` variable assignment).
pub fn is_direct_safe(command: &str) -> bool {
    if command.trim().is_empty() {
        return false;
    }
    let mut in_single = false;
    let mut word_index = 0;
    let mut at_word_start = true;
    let mut first_word_has_eq = false;
    for (i, c) in command.char_indices() {
        if in_single {
            in_single = c != '\'';
            continue;
        }
        match c {
            '\'' => in_single = true,
            ' ' | '\t' => {
                if !at_word_start {
                    word_index += 1;
                }
                at_word_start = true;
                continue;
            }
            '~' if i == command.len() - command.trim_start().len()
                && command[i..].starts_with("~/") => {}
            c if c.is_ascii_alphanumeric() || "-_./:,+@%".contains(c) => {}
            '=' => first_word_has_eq |= word_index == 0,
            _ => return false,
        }
        at_word_start = false;
    }
    !in_single && !first_word_has_eq
}

/// The shell program and flag for a shell-executed command.
fn shell_flag(exec: Exec) -> &'static str {
    match exec {
        Exec::LoginShell => "-lc",
        Exec::Shell | Exec::Direct => "-c",
    }
}

/// A shell command as a jcode command: `sh -c '<command>'` (`sh -lc` for a login shell).
pub fn wrap_shell(command: &str, exec: Exec) -> String {
    format!("sh {} {}", shell_flag(exec), quote_word(command))
}

/// A shell command as a jcode command that acts only when the tool is one of `tools`.
pub fn wrap_tools(command: &str, exec: Exec, tools: &[String]) -> String {
    let globs: Vec<Glob> = tools
        .iter()
        .map(|t| {
            if t.is_empty() {
                Vec::new()
            } else {
                vec![glob::Piece::Lit(t.clone())]
            }
        })
        .collect();
    wrap_globs(command, exec, &globs)
}

/// A shell command as a jcode command that acts only when the tool name matches one of the
/// `case` patterns `globs`.
pub fn wrap_globs(command: &str, exec: Exec, globs: &[Glob]) -> String {
    let pattern: Vec<String> = globs.iter().map(glob::case_word).collect();
    let script = format!("{CASE_PREFIX}{}{CASE_SUFFIX}", pattern.join("|"));
    format!(
        "sh {} {} sh {}",
        shell_flag(exec),
        quote_word(&script),
        quote_word(command)
    )
}

/// A jcode command recognized as one of our wrappers (or a user's own `sh -c '...'`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwrapped {
    /// The shell command inside.
    pub command: String,
    /// `Shell` for `sh -c`, `LoginShell` for `sh -lc`.
    pub exec: Exec,
    /// The tool-name patterns of a `case` wrapper, `None` for a plain `sh -c`.
    pub tools: Option<Vec<Glob>>,
}

impl Unwrapped {
    /// The wrapper's tool names when every pattern is a literal name.
    pub fn names(&self) -> Option<Vec<String>> {
        self.tools.as_ref()?.iter().map(glob::literal).collect()
    }
}

/// Recognizes `sh -c SCRIPT` and the tool wrapper of [`wrap_tools`].
pub fn unwrap(jcode_command: &str) -> Option<Unwrapped> {
    let argv = parse_hook_command(jcode_command).ok()?;
    let exec = match argv.get(1).map(String::as_str) {
        Some("-c") => Exec::Shell,
        Some("-lc") => Exec::LoginShell,
        _ => return None,
    };
    if argv[0] != "sh" {
        return None;
    }
    match argv.as_slice() {
        [_, _, script] => Some(Unwrapped {
            command: script.clone(),
            exec,
            tools: None,
        }),
        [_, _, script, zero, command] if zero == "sh" => {
            let pattern = script
                .strip_prefix(CASE_PREFIX)?
                .strip_suffix(CASE_SUFFIX)?;
            Some(Unwrapped {
                command: command.clone(),
                exec,
                tools: Some(glob::parse_case(pattern)?),
            })
        }
        _ => None,
    }
}

/// jcode's argv as one POSIX shell command, each word quoted only when needed.
pub fn argv_to_shell(argv: &[String]) -> String {
    argv.iter()
        .map(|w| quote_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(script)
            .args(args)
            .envs(env.iter().copied())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    }

    /// Runs a jcode command the way jcode does: tokenize, then exec argv directly.
    fn run_jcode(cmd: &str, env: &[(&str, &str)]) -> (i32, String) {
        let argv = parse_hook_command(cmd).unwrap();
        let out = std::process::Command::new(&argv[0])
            .args(&argv[1..])
            .envs(env.iter().copied())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    }

    #[test]
    fn direct_safe_commands_are_plain_words_and_single_quotes() {
        for ok in [
            "./guard.sh --strict",
            "~/bin/guard 'a b' x=1",
            "node hooks/check.js --level=2",
        ] {
            assert!(is_direct_safe(ok), "{ok}");
        }
        for bad in [
            "a | b",
            "a && b",
            "echo $HOME",
            "FOO=1 guard",
            "guard ~/x",
            "rm *.tmp",
            "a \"b\"",
            "a\\ b",
            "a # c",
            "a > f",
            "'unterminated",
            "",
            "x {a,b}",
        ] {
            assert!(!is_direct_safe(bad), "{bad}");
        }
    }

    #[test]
    fn wrapped_shell_commands_run_the_same_under_jcode_as_under_sh() {
        let cmd = r#"printf '%s\n' "it's" | tr a-z A-Z && echo "$X""#;
        let wrapped = wrap_shell(cmd, Exec::Shell);
        assert_eq!(
            run_jcode(&wrapped, &[("X", "ok")]),
            sh(cmd, &[], &[("X", "ok")])
        );
        assert_eq!(
            unwrap(&wrapped),
            Some(Unwrapped {
                command: cmd.into(),
                exec: Exec::Shell,
                tools: None
            })
        );
    }

    #[test]
    fn the_tool_wrapper_acts_only_on_its_tools_and_keeps_the_exit_code() {
        let cmd = "echo blocked >&2; echo ran; exit 2";
        let tools = vec!["Bash".to_string(), "my tool".to_string()];
        let wrapped = wrap_tools(cmd, Exec::Shell, &tools);
        assert_eq!(
            run_jcode(&wrapped, &[("JCODE_HOOK_TOOL_NAME", "Bash")]),
            (2, "ran\n".into())
        );
        assert_eq!(
            run_jcode(&wrapped, &[("JCODE_HOOK_TOOL_NAME", "my tool")]),
            (2, "ran\n".into())
        );
        assert_eq!(
            run_jcode(&wrapped, &[("JCODE_HOOK_TOOL_NAME", "BashOutput")]),
            (0, String::new())
        );
        let u = unwrap(&wrapped).unwrap();
        assert_eq!((u.command.as_str(), u.exec), (cmd, Exec::Shell));
        assert_eq!(u.names(), Some(tools));
    }

    #[test]
    fn other_commands_are_not_unwrapped() {
        for c in [
            "guard",
            "bash -c x",
            "sh -x -c y",
            "sh -c a b c d e",
            "sh -c 'echo' sh x",
        ] {
            assert_eq!(unwrap(c), None, "{c}");
        }
    }

    #[test]
    fn argv_to_shell_quotes_only_what_needs_it() {
        let argv = vec!["guard".into(), "a b".into(), "it's".into()];
        let s = argv_to_shell(&argv);
        assert_eq!(s, r#"guard 'a b' 'it'"'"'s'"#);
        assert_eq!(
            sh(&format!("printf '%s|' {s}"), &[], &[]).1,
            "guard|a b|it's|"
        );
    }

    /// What `sh` makes of `words` as arguments, NUL-separated.
    fn sh_words(words: &str) -> Option<Vec<String>> {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\0' {words}"))
            .env_clear()
            .output()
            .ok()?;
        out.status.success().then(|| {
            let s = String::from_utf8_lossy(&out.stdout).into_owned();
            // Every word ends with a NUL: drop what follows the last one.
            let mut words: Vec<String> = s.split('\0').map(str::to_string).collect();
            words.pop();
            words
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

        /// What `is_direct_safe` accepts, `sh` and jcode split into the same argv — checked by
        /// running a real `sh`.
        #[test]
        fn direct_safe_commands_split_the_same_in_sh_and_jcode(
            cmd in proptest::prop_oneof![
                "[a-z./=' -]{1,24}",
                "[a-z./=~'$|&;*\"\\ -]{1,24}",
            ]
        ) {
            if is_direct_safe(&cmd) {
                let jcode = parse_hook_command(&cmd).unwrap();
                // `~/` is expanded by both (jcode: leading program only; that is all we allow).
                if !cmd.trim_start().starts_with('~') {
                    proptest::prop_assert_eq!(Some(jcode), sh_words(&cmd), "{}", cmd);
                }
            }
        }

        #[test]
        fn wrappers_unwrap_to_what_was_wrapped(
            cmd in ".{0,40}",
            tools in proptest::collection::vec("[A-Za-z_][A-Za-z0-9_ '.-]{0,12}", 1..4)
        ) {
            let plain = unwrap(&wrap_shell(&cmd, Exec::Shell)).unwrap();
            proptest::prop_assert_eq!(plain.command, cmd.clone());
            let limited = unwrap(&wrap_tools(&cmd, Exec::Shell, &tools)).unwrap();
            proptest::prop_assert_eq!(&limited.command, &cmd);
            proptest::prop_assert_eq!(limited.names(), Some(tools));
        }
    }
}
