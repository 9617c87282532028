//! Rules on what a hook command runs, for every convention with command hooks: download and
//! execute, writes outside the project, a script that does not exist, a path that works only on
//! one machine or only from one directory, a variable no agent (or another agent) sets. The
//! commands inside a shell's `-c` text (`sh -c "node x.js | tee log"`) are read as commands too.
//!
//! Codes: `download_and_execute`, `writes_outside_project`, `missing_script`,
//! `plugin_root_outside_plugin`, `absolute_path_elsewhere`, `relative_script_path`,
//! `foreign_agent_variable`, `unexpanded_placeholder`.

use super::shell::{is_output_redirect, lex, simple_commands, Token};
use super::{Finding, Scope, Target};
use hook_ir::contract::{self, variables, Launch};
use hook_ir::tools::Agent;
use hook_ir::{quote, Code, Convention, Exec, Handler};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Runs every command rule on one hook.
pub(crate) fn check(t: &Target<'_>, out: &mut Vec<Finding>) {
    let Handler::Command {
        command: cmd, exec, ..
    } = &t.hook.handler
    else {
        return;
    };
    // Whether a shell reads the hook's command line: jcode runs its first word as the program.
    let shell = !matches!(exec, Exec::Direct);
    // Where the command is written, looked up for the first finding only: most commands have
    // none, and the search is a good part of these rules' time (lint_10k).
    let at = std::cell::OnceCell::new();
    let mut push = |f: Finding| out.push(f.at(*at.get_or_init(|| t.find(cmd))));
    let convention = t.hook.convention;
    // Every variable rule needs a `$`: most commands have none.
    let dollar = cmd.contains('$');
    // A plugin-only variable of this agent (Claude's `CLAUDE_PLUGIN_ROOT`, Cursor's
    // `CURSOR_PLUGIN_ROOT`, Copilot CLI's `COPILOT_PLUGIN_ROOT`...: the contract table's
    // plugin-root rows) in a hook that is not a plugin's: the agent leaves it unset there.
    let plugin_root = (dollar && !matches!(t.scope, Scope::Plugin { .. }))
        .then(|| variables::plugin_roots(convention).find(|v| mentions(cmd, v.name)))
        .flatten();
    if let Some(v) = plugin_root {
        let agent = Agent::of(convention).map_or(convention.as_str(), |a| a.name());
        let help = match project_dir_variable(convention) {
            Some(p) => format!("use `\"${p}\"/...` and copy the script into the project"),
            None => "use a path from the project directory and copy the script into the project"
                .to_string(),
        };
        push(
            Finding::new(
                Code::PluginRootOutsidePlugin,
                format!("{} uses `${{{}}}`, which {agent} sets only for plugin hooks; here it is passed through literally and the script is not found", quote(cmd), v.name),
            )
            .help(help),
        );
    }
    // Each name once (Gemini sets `CLAUDE_PROJECT_DIR` too: one row per agent that sets it).
    let mut names: Vec<&str> = Vec::new();
    for v in variables::all().filter(|v| dollar && !v.prefix) {
        if !names.contains(&v.name) {
            names.push(v.name);
        }
    }
    for name in names {
        if mentions(cmd, name) && !variables::sets(convention, name) {
            let agents: Vec<&str> = variables::setters(name)
                .iter()
                .map(|c| c.as_str())
                .collect();
            push(
                Finding::new(
                    Code::ForeignAgentVariable,
                    format!(
                        "{} uses `${name}`, which only {} {}; {convention} leaves it empty, so the command sees an empty string",
                        quote(cmd),
                        agents.join(" and "),
                        if agents.len() == 1 { "sets" } else { "set" }
                    ),
                )
                .help(project_dir_help(convention)),
            );
        }
    }
    if let Some(p) = unexpanded_placeholder(cmd) {
        // Said of this hook's agent: Gemini CLI does expand its own names, in an extension's
        // `hooks/hooks.json` (lowering has substituted them there, so they never get here).
        let agent = Agent::of(convention).map_or(convention.as_str(), |a| a.name());
        let gemini = if GEMINI_EXTENSION_PLACEHOLDERS.contains(&p.as_str()) {
            " (Gemini CLI expands it in an extension's `hooks/hooks.json` only)"
        } else {
            ""
        };
        push(
            Finding::new(
                Code::UnexpandedPlaceholder,
                format!("{} contains `{p}`, a placeholder {agent} does not expand here{gemini}: the command receives it literally (or, as a shell variable, empty)", quote(cmd)),
            )
            .help("read the file path from the hook's JSON input on stdin (e.g. `jq -r .tool_input.file_path`)"),
        );
    }
    // Write targets of every level, reported after the download finding as before.
    let mut writes = Vec::new();
    each_command_line(&lex(cmd), 0, shell, &mut |tokens, commands, depth| {
        // A `-c` text is read by the shell that runs it, whatever runs the hook.
        let shell = shell || depth > 0;
        for script in scripts(commands, shell) {
            script_rules(t, cmd, &script, depth > 0, &mut push);
        }
        writes_outside(tokens, commands, shell, t, &mut writes);
    });
    if let Some(how) = download_and_execute(cmd) {
        push(
            Finding::new(
                Code::DownloadAndExecute,
                format!("{} downloads code and executes it ({how}); whoever controls the URL runs code on every hook run", quote(cmd)),
            )
            .help("vendor the script into the repository and run the local copy"),
        );
    }
    for target in writes {
        push(
            Finding::new(
                Code::WritesOutsideProject,
                format!(
                    "{} writes to `{target}`, outside the project and the home directory",
                    quote(cmd)
                ),
            )
            .help("write inside the project or a temporary directory"),
        );
    }
}

/// The files the command of `t`'s hook runs, as the command rules find them ([`scripts`],
/// [`resolve`]; every `sh -c` level): each an existing file, once, in command order. A Python
/// module is its `.py` file (or package `__init__.py`) under the hook's working directory.
/// Used by `hooks audit` and `hooks.lock` to read and hash what a hook runs.
pub(crate) fn script_paths(t: &Target<'_>) -> Vec<PathBuf> {
    let Handler::Command {
        command: cmd, exec, ..
    } = &t.hook.handler
    else {
        return Vec::new();
    };
    script_paths_of(t, cmd, !matches!(exec, Exec::Direct))
}

/// [`script_paths`] of the command line `cmd` run for `t`'s hook (read by a shell when
/// `shell`): a line of a shell script the hook runs, whose scripts run in the hook's working
/// directory too.
pub(crate) fn script_paths_of(t: &Target<'_>, cmd: &str, shell: bool) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    each_command_line(&lex(cmd), 0, shell, &mut |_, commands, depth| {
        for s in scripts(commands, shell || depth > 0) {
            let path = if s.module {
                module_file(s.word, t)
            } else if s.word.contains(['*', '?', '[', '`', '=']) || s.word.contains("://") {
                None
            } else {
                resolve(s.word, t)
            };
            if let Some(p) = path.filter(|p| p.is_file()) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    });
    out
}

/// The file of the Python module `module` under the hook's working directory, if it exists.
fn module_file(module: &str, t: &Target<'_>) -> Option<PathBuf> {
    let cwd = t.scope.cwd()?;
    if module.split('.').any(|p| p.is_empty() || p.contains('/')) {
        return None;
    }
    let base = module.split('.').fold(cwd.to_path_buf(), |p, x| p.join(x));
    let file = base.with_extension("py");
    if file.is_file() {
        return Some(file);
    }
    Some(base.join("__init__.py")).filter(|p| p.is_file())
}

/// The variable naming the project directory in `c`'s hook commands, if the agent sets one
/// ([`variables`], the contract's one table). Left out where the agent runs commands without a
/// shell (jcode's `JCODE_HOOK_CWD`): nothing expands it in the command line.
fn project_dir_variable(c: Convention) -> Option<&'static str> {
    variables::for_meaning(c, variables::Meaning::ProjectDir)
        .filter(|_| !matches!(contract::runtime(c).map(|r| r.launch), Some(Launch::Argv)))
        .map(|v| v.name)
}

fn project_dir_help(c: Convention) -> String {
    match project_dir_variable(c) {
        Some(v) => format!("use `\"${v}\"` instead"),
        None => format!("{c} runs hooks in the project directory: use a path relative to it"),
    }
}

/// Whether `cmd` expands the variable `name` (`$NAME` or `${NAME}`, not `$NAMEX`). Looks after
/// each `$` (one byte search) rather than for the name (a substring search per variable).
fn mentions(cmd: &str, name: &str) -> bool {
    cmd.match_indices('$').any(|(i, _)| {
        let rest = &cmd[i + 1..];
        let plain = rest.strip_prefix(name).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        });
        plain
            || rest
                .strip_prefix('{')
                .and_then(|r| r.strip_prefix(name))
                .is_some_and(|r| r.starts_with('}'))
    })
}

/// The placeholders Gemini CLI substitutes in an extension's hooks (docs/conventions/gemini-settings.md).
const GEMINI_EXTENSION_PLACEHOLDERS: &[&str] =
    &["${extensionPath}", "${workspacePath}", "${pathSeparator}"];

static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\{\{\s*[A-Za-z_][A-Za-z0-9_.]*\s*\}\}|\$\{([a-z][A-Za-z0-9_]*)\}")
        .expect("valid regex")
});

/// A template placeholder in `cmd` that no agent expands: `{{file}}`, or a lower-case
/// `${file}` the command does not set itself (`for file in ...`, `file=...`, `read file`).
fn unexpanded_placeholder(cmd: &str) -> Option<String> {
    // Both forms start with a literal `{{` or `${` and a lowercase letter: most commands have
    // neither (`${HOME}` is not one), and the capturing search was a good part of these rules.
    let lower_brace = || {
        cmd.match_indices("${").any(|(i, _)| {
            cmd.as_bytes()
                .get(i + 2)
                .is_some_and(u8::is_ascii_lowercase)
        })
    };
    if !cmd.contains("{{") && !lower_brace() {
        return None;
    }
    PLACEHOLDER.captures_iter(cmd).find_map(|c| {
        let whole = c.get(0)?.as_str();
        match c.get(1) {
            None => Some(whole.to_string()),
            Some(name) => {
                let n = name.as_str();
                let set = cmd.contains(&format!("{n}="))
                    || cmd.contains(&format!("for {n} "))
                    || cmd.contains(&format!("read {n}"))
                    || cmd.contains(&format!("read -r {n}"));
                (!set).then(|| whole.to_string())
            }
        }
    })
}

/// A script a command runs, as written.
pub(super) struct Script<'a> {
    pub(super) word: &'a str,
    /// Whether it is the first word of its command: the program itself, not an interpreter's
    /// operand (nor a program behind a prefix: `env`, `sudo`, `timeout`, an assignment, a
    /// reserved word; see [`program_words`]).
    pub(super) program: bool,
    /// Whether it is a Python module (`python3 -m pkg.mod`), not a file path.
    pub(super) module: bool,
}

/// Interpreters whose first operand is the script they run.
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "node", "bun", "deno", "python",
    "python3", "ruby", "perl", "tsx", "ts-node", "pwsh",
];

/// Shells whose `-c` operand is a command line in the syntax [`lex`] reads. Not `fish` (a
/// syntax of its own: its `-c` code is left unread) nor `pwsh`.
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"];

/// Runners that take a subcommand (`uv run`, `deno run`, `bun run`) or a package (`npx tsx`)
/// before the script.
const RUNNER_WORDS: &[&str] = &["run", "tsx", "ts-node", "exec"];

/// How many `-c` operands deep commands are read (`sh -c "bash -c '…'"` is two): a bound, so a
/// hostile command cannot make the rules recurse without end.
const MAX_SHELL_DEPTH: usize = 4;

/// Calls `f` with the tokens and simple commands of `tokens` and their depth (0: the hook's
/// command line, read by a shell when `shell`; see [`program_words`]), then does the same for the `-c` operand of each shell they run (`sh -c "node
/// x.js | tee log"`): the outer lex already removed its quotes, and the text left is what that
/// shell parses, so it is lexed again as a command line of its own, at most
/// [`MAX_SHELL_DEPTH`] levels deep. Only a shell with `-c` costs a second lex.
pub(super) fn each_command_line<F>(tokens: &[Token<'_>], depth: usize, shell: bool, f: &mut F)
where
    F: FnMut(&[Token<'_>], &[Vec<&str>], usize),
{
    let commands = simple_commands(tokens);
    f(tokens, &commands, depth);
    if depth >= MAX_SHELL_DEPTH {
        return;
    }
    for words in &commands {
        if let Some(ShellRun::Command(Some(inner))) =
            program_words(words, shell).and_then(shell_run)
        {
            each_command_line(&lex(inner), depth + 1, true, f);
        }
    }
}

/// Which `NAME=value` words before a program are assignments rather than the program.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Assignments {
    /// None: the next word is the program (`nohup FOO=1 x` runs a program named `FOO=1`).
    No,
    /// A shell's: a valid name before the `=` (POSIX XCU 2.9.1 "Simple Commands": the words
    /// before the command name that are variable assignments; a name as XBD defines "Name").
    Shell,
    /// `env`'s and `sudo`'s: any word with an `=` after its first character.
    Any,
}

/// Whether `w` is a shell variable assignment (`FOO=1`, `_x=`; not `=x`, `1A=x`, `a-b=x`).
fn is_assignment(w: &str) -> bool {
    let Some((name, _)) = w.split_once('=') else {
        return false;
    };
    let mut b = name.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The index in `words` (a program first) of the first word after its options, read the way
/// getopt does: a cluster of one-letter options (`-Eu`), a letter of `short` taking the rest of
/// its word or else the next word as its value (`-ubob`, `-u bob`), a `long` name without `=`
/// taking the next word (`--user bob`), `--` ending them.
fn after_options(words: &[&str], short: &str, long: &[&str]) -> usize {
    let mut i = 1;
    while let Some(&w) = words.get(i) {
        if w == "--" {
            return i + 1;
        }
        if let Some(name) = w.strip_prefix("--") {
            i += if long.contains(&name) { 2 } else { 1 };
        } else if let Some(cluster) = w.strip_prefix('-').filter(|c| !c.is_empty()) {
            let value_last = cluster
                .find(|c| short.contains(c))
                .is_some_and(|at| at + 1 == cluster.len());
            i += if value_last { 2 } else { 1 };
        } else {
            break;
        }
    }
    i
}

/// The options of `words` before index `i` (see [`after_options`]; a value it expects may be
/// missing).
fn options<'w, 'a>(words: &'w [&'a str], i: usize) -> &'w [&'a str] {
    &words[1.min(words.len())..i.min(words.len())]
}

/// Whether an option among `options` is a one-letter cluster holding one of `letters`, or starts
/// with one of the `long` names.
fn has_option(options: &[&str], letters: &[char], long: &[&str]) -> bool {
    options.iter().any(|o| match o.strip_prefix("--") {
        Some(name) => long.iter().any(|l| name.starts_with(l)),
        None => o.starts_with('-') && o.contains(letters),
    })
}

/// The words of a simple command from the program it runs on: what comes before it left out.
/// `None` when it runs no program (a `for`/`case` header, `fi`, `command -v x`, `env -S '…'`,
/// `sudo -l`) or none is left.
///
/// - In a shell (`shell`: the hook runs through one, or the words are inside a `sh -c` text),
///   reserved words that start a command list (`if`, `then`, `else`, `elif`, `do`, `while`,
///   `until`, `!`, `{`, `function NAME`) are skipped, and those that end one (`fi`, `done`,
///   `esac`, `}`) or start a header with no program (`for`, `select`, `case`) run nothing —
///   POSIX XCU 2.4 "Reserved Words": recognised only as the first word of a command. Then the
///   variable assignments before the command name (XCU 2.9.1 "Simple Commands": `FOO=1 node
///   x.js` runs `node`), and the builtins `exec` and `command` (not `command -v`/`-V`, which
///   only look the name up).
/// - Everywhere, programs that run the rest of their arguments as a command: `env`, `nohup`,
///   `time` (the bash keyword and `/usr/bin/time`), `nice`, `timeout` (options, then the
///   duration), `sudo`, `stdbuf`, `ionice`, each with its options. Not `xargs`: what it runs
///   depends on its input.
///
/// Without a shell (jcode's `Exec::Direct`), `FOO=1 ./x.sh` runs a program named `FOO=1` and
/// `then` is a program name: only the real prefix programs are stripped. A command whose first
/// word is none of these costs a match on its word, a search for `=` and a match on its base
/// name; nothing is allocated.
pub(super) fn program_words<'w, 'a>(
    mut words: &'w [&'a str],
    shell: bool,
) -> Option<&'w [&'a str]> {
    // Reserved words are recognised only at the start of a command: until an assignment or a
    // program (`FOO=1 if` runs a program named `if`).
    let mut start = shell;
    let mut assign = if shell {
        Assignments::Shell
    } else {
        Assignments::No
    };
    loop {
        let &w = words.first()?;
        if start {
            match w {
                "if" | "then" | "else" | "elif" | "do" | "while" | "until" | "!" | "{" => {
                    words = &words[1..];
                    continue;
                }
                "fi" | "done" | "esac" | "}" | "for" | "select" | "case" | "in" => return None,
                // `function NAME [{ …]` (ksh, bash): the name is no program.
                "function" => {
                    words = words.get(2..)?;
                    continue;
                }
                _ => {}
            }
        }
        let assignment = match assign {
            Assignments::No => false,
            Assignments::Shell => is_assignment(w),
            Assignments::Any => w.find('=').is_some_and(|e| e > 0),
        };
        if assignment {
            words = &words[1..];
            start = false;
            continue;
        }
        let (program, next_assign) = match base_name(w) {
            "exec" if shell => (after_options(words, "a", &[]), Assignments::No),
            "command" if shell => {
                let i = after_options(words, "", &[]);
                if has_option(options(words, i), &['v', 'V'], &[]) {
                    return None;
                }
                (i, Assignments::No)
            }
            "env" => {
                let mut i = after_options(words, "uC", &["unset", "chdir"]);
                // A lone `-` after the options is `-i` (GNU coreutils env.c: no option after it).
                if words.get(i) == Some(&"-") {
                    i += 1;
                }
                // `env -S 'node x.js'` splits a string of its own.
                if has_option(options(words, i), &['S'], &["split-string"]) {
                    return None;
                }
                (i, Assignments::Any)
            }
            "sudo" => {
                let i = after_options(
                    words,
                    "ugCDhprtUTR",
                    &[
                        "user",
                        "group",
                        "close-from",
                        "chdir",
                        "host",
                        "prompt",
                        "role",
                        "type",
                        "other-user",
                        "command-timeout",
                        "chroot",
                    ],
                );
                // Editing, listing, validating or removing credentials runs no command.
                if has_option(
                    options(words, i),
                    &['e', 'l', 'v', 'k', 'K', 'V'],
                    &[
                        "edit",
                        "list",
                        "validate",
                        "reset-timestamp",
                        "remove-timestamp",
                        "version",
                    ],
                ) {
                    return None;
                }
                (i, Assignments::Any)
            }
            "nohup" => (after_options(words, "", &[]), Assignments::No),
            // bash's `time -p` and GNU time's `-o FILE`, `-f FORMAT`.
            "time" => (
                after_options(words, "of", &["output", "format"]),
                Assignments::No,
            ),
            "nice" => (after_options(words, "n", &["adjustment"]), Assignments::No),
            // `timeout [OPTION] DURATION COMMAND`.
            "timeout" => (
                after_options(words, "sk", &["signal", "kill-after"]) + 1,
                Assignments::No,
            ),
            "stdbuf" => (
                after_options(words, "ioe", &["input", "output", "error"]),
                Assignments::No,
            ),
            "ionice" => {
                let i = after_options(
                    words,
                    "cnpPu",
                    &["class", "classdata", "pid", "pgid", "uid"],
                );
                // With `-p`/`-P`/`-u` the operands are process, group or user ids.
                if has_option(options(words, i), &['p', 'P', 'u'], &["pid", "pgid", "uid"]) {
                    return None;
                }
                (i, Assignments::No)
            }
            _ => return Some(words),
        };
        words = words.get(program..)?;
        start = false;
        assign = next_assign;
    }
}

/// The last component of a program path (`/bin/sh` → `sh`).
fn base_name(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// What a shell's arguments make it run.
#[derive(Debug, PartialEq, Eq)]
enum ShellRun<'a> {
    /// `sh -c 'cmd' [$0 [$1 …]]`: a command line of its own (`None`: `-c` without an operand).
    /// The words after it are positional parameters, not scripts.
    Command(Option<&'a str>),
    /// `sh script.sh [args]`.
    Script(&'a str),
    /// Commands read from stdin (`sh`, `sh -s …`).
    Stdin,
}

/// What the simple command `words` (its program first, see [`program_words`]) runs when its program
/// is one of [`SHELLS`]. Options come before the first operand, in any order and clustered
/// (`bash -l -c`, `-euc`, `-o pipefail -c`): `-c` is a flag, and the first operand is then
/// the command line.
fn shell_run<'a>(words: &[&'a str]) -> Option<ShellRun<'a>> {
    if !SHELLS.contains(&base_name(words.first()?)) {
        return None;
    }
    let (mut command, mut stdin) = (false, false);
    let mut i = 1;
    while let Some(&w) = words.get(i) {
        match w {
            "-" | "--" => {
                i += 1;
                break;
            }
            // bash's `--rcfile FILE` and `--init-file FILE`, zsh's `--emulate NAME`.
            "--rcfile" | "--init-file" | "--emulate" => i += 2,
            w if w.starts_with("--") => i += 1,
            w if w.len() > 1 && w.starts_with(['-', '+']) => {
                command |= w.starts_with('-') && w.contains('c');
                stdin |= w.starts_with('-') && w.contains('s');
                // `-o NAME` and bash's `-O NAME` take the next word, in a cluster too
                // (`-euo pipefail`).
                i += 1 + w.matches(['o', 'O']).count();
            }
            _ => break,
        }
    }
    let operand = words.get(i).copied();
    Some(match operand {
        _ if command => ShellRun::Command(operand),
        Some(w) if !stdin => ShellRun::Script(w),
        _ => ShellRun::Stdin,
    })
}

/// Whether the option `w` gives `interpreter` code to run rather than a script (`python3 -c`,
/// `node -e`, `perl -ne`, `pwsh -Command`, `fish -c`): the operand is code, not a file, and the
/// command runs no script.
fn inline_code(interpreter: &str, w: &str) -> bool {
    // A cluster of one-letter options (`-lne`); not `-I/path` or `-Xkey=value`.
    let cluster = || {
        w.strip_prefix('-')
            .filter(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_alphabetic()))
    };
    match interpreter {
        p if p.starts_with("python") => cluster().is_some_and(|f| f.contains('c')),
        "fish" => cluster().is_some_and(|f| f.contains('c')) || w.starts_with("--command"),
        "perl" | "ruby" => cluster().is_some_and(|f| f.contains(['e', 'E'])),
        "node" | "bun" | "deno" | "tsx" | "ts-node" => {
            matches!(w, "-e" | "-p" | "--eval" | "--print")
                || w.starts_with("--eval=")
                || w.starts_with("--print=")
                || (interpreter == "deno" && w == "eval")
        }
        "pwsh" => [
            "-c",
            "-command",
            "-commandwithargs",
            "-cwa",
            "-e",
            "-ec",
            "-encodedcommand",
        ]
        .iter()
        .any(|o| w.eq_ignore_ascii_case(o)),
        _ => false,
    }
}

/// The script each simple command of `commands` runs: its first word, or the first operand of
/// an interpreter (`node x.js`, `uv run x.py`, `npx tsx x.ts`, `deno run -A x.ts`,
/// `python3 -m pkg.mod`, `bash x.sh`). A shell's `-c` command line is read by
/// [`each_command_line`], and code given on the command line (`python3 -c`, `node -e`) is no
/// script.
pub(super) fn scripts<'a>(commands: &[Vec<&'a str>], shell: bool) -> Vec<Script<'a>> {
    let mut out = Vec::new();
    for all in commands {
        let Some(words) = program_words(all, shell) else {
            continue;
        };
        let first = words[0];
        let program = base_name(first);
        if SHELLS.contains(&program) {
            if let Some(ShellRun::Script(w)) = shell_run(words) {
                out.push(Script {
                    word: w,
                    program: false,
                    module: false,
                });
            }
            continue;
        }
        let runner = INTERPRETERS.contains(&program)
            || matches!(program, "uv" | "npx" | "bunx" | "pnpx" | "uvx");
        if !runner {
            out.push(Script {
                word: first,
                program: words.len() == all.len(),
                module: false,
            });
            continue;
        }
        // The interpreter the operands go to: the program, or the one a runner starts
        // (`uv run python -m …`).
        let mut interpreter = program;
        let mut rest = words[1..].iter().copied();
        while let Some(w) = rest.next() {
            if w == "-m" && interpreter.starts_with("python") {
                if let Some(m) = rest.next() {
                    out.push(Script {
                        word: m,
                        program: false,
                        module: true,
                    });
                }
                break;
            }
            if inline_code(interpreter, w) {
                break;
            }
            if w.starts_with('-') || RUNNER_WORDS.contains(&w) {
                continue;
            }
            // A scoped npm package (`npx -y @scope/package`) holds a `/` but names no file.
            let package = !looks_like_path(w) || w.starts_with('@');
            if matches!(program, "npx" | "bunx" | "pnpx" | "uvx" | "uv") && package {
                // A package name (`npx prettier`): not a file of the project.
                if matches!(w, "python" | "python3" | "node" | "bun") {
                    interpreter = w;
                    continue;
                }
                break;
            }
            out.push(Script {
                word: w,
                program: false,
                module: false,
            });
            break;
        }
    }
    out
}

/// Whether a word names a file rather than a program on `PATH`.
fn looks_like_path(w: &str) -> bool {
    w.contains('/')
        || [
            ".sh", ".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".rb", ".pl",
        ]
        .iter()
        .any(|e| w.ends_with(e))
}

/// The rules about one script word: missing, relative to a directory that moves, an absolute
/// path that exists only on one machine. `nested`: the word is in a shell's `-c` command line,
/// not the hook's own.
fn script_rules(
    t: &Target<'_>,
    cmd: &str,
    s: &Script<'_>,
    nested: bool,
    push: &mut impl FnMut(Finding),
) {
    let convention = t.hook.convention;
    if s.module {
        if let Some(path) = module_path(s.word, t) {
            push(
                Finding::new(
                    Code::MissingScript,
                    format!("the Python module `{}` is not in the project (looked for {}); the hook fails every time it fires", s.word, t.ctx.display(&path)),
                )
                .help("add the module, or fix its name"),
            );
        }
        return;
    }
    let word = s.word;
    if word.contains(['*', '?', '[', '`', '=']) || word.contains("://") {
        return;
    }
    // A program run without a shell (jcode) is checked by its lowering (`program_not_found`),
    // which knows how the agent resolves it. Inside `sh -c` the shell looks programs up, as for
    // any agent that runs hooks through a shell: a bare name is left alone (`resolve`), a path
    // is checked.
    if s.program
        && !nested
        && matches!(
            t.hook.handler,
            Handler::Command {
                exec: Exec::Direct,
                ..
            }
        )
    {
        return;
    }
    if let Some(elsewhere) = absolute_elsewhere(word, t) {
        push(
            Finding::new(
                Code::AbsolutePathElsewhere,
                format!("{} runs `{word}`, {elsewhere}", quote(cmd)),
            )
            .help(project_dir_help(convention)),
        );
        return;
    }
    let Some(path) = resolve(word, t) else {
        return;
    };
    if !path.exists() {
        push(
            Finding::new(
                Code::MissingScript,
                format!("the script `{word}` does not exist (looked for {}); the hook fails every time it fires", t.ctx.display(&path)),
            )
            .help("add the script, or fix its path"),
        );
        return;
    }
    let relative = !word.starts_with(['/', '~', '$']);
    // An agent that runs hooks in the session's *current* directory, not in the one it started
    // in (no `hook_cwd` row: Claude Code), runs a relative script from wherever a `cd` left it.
    let moving_cwd = variables::hook_cwd(convention).is_none() && relative_base(t.hook).is_none();
    if relative && moving_cwd {
        let agent = Agent::of(convention).map_or(convention.as_str(), |a| a.name());
        push(
            Finding::new(
                Code::RelativeScriptPath,
                format!("`{word}` is relative to the directory {agent} runs the hook in, which moves when the session `cd`s: the hook then fails"),
            )
            .help(format!(
                "anchor it: `\"${}\"/{}`",
                project_dir_variable(convention).unwrap_or("CLAUDE_PROJECT_DIR"),
                word.trim_start_matches("./")
            )),
        );
    }
}

/// The file a module name would be, when the module's top package is a directory of the project
/// and neither `<pkg>/<mod>.py` nor `<pkg>/<mod>/__init__.py` exists. `None` for anything else
/// (the standard library, installed packages, an unknown cwd).
fn module_path(module: &str, t: &Target<'_>) -> Option<PathBuf> {
    let cwd = t.scope.cwd()?;
    let parts: Vec<&str> = module.split('.').collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty() || p.contains('/')) {
        return None;
    }
    if !cwd.join(parts[0]).is_dir() {
        return None;
    }
    let base = parts.iter().fold(cwd.to_path_buf(), |p, x| p.join(x));
    let file = base.with_extension("py");
    (!file.exists() && !base.join("__init__.py").exists()).then_some(file)
}

/// Resolves a script word: `$CLAUDE_PROJECT_DIR/…`, `${CLAUDE_PLUGIN_ROOT}/…` (the agent's
/// plugin-root variables), `~/…`, an
/// absolute path, or a relative path with a `/` (the hook's cwd is the project directory).
/// `None` for anything that cannot be resolved for this file: other variables, bare program
/// names looked up in `PATH`, relative paths of user-level hooks (they run in every project).
pub(super) fn resolve(word: &str, t: &Target<'_>) -> Option<PathBuf> {
    let (base, rest): (PathBuf, &str) = if let Some(var) = project_dir_variable(t.hook.convention)
        .and_then(|v| strip_var(word, v))
        .or_else(|| {
            strip_var(word, "CLAUDE_PROJECT_DIR").filter(|_| mentions_set(t, "CLAUDE_PROJECT_DIR"))
        }) {
        (t.scope.cwd()?.to_path_buf(), var)
    } else if let Some(rest) =
        variables::plugin_roots(t.hook.convention).find_map(|v| strip_var(word, v.name))
    {
        match &t.scope {
            Scope::Plugin { root } => (root.clone(), rest),
            _ => return None,
        }
    } else if let Some(rest) = word.strip_prefix("~/") {
        (t.ctx.home.clone()?, rest)
    } else if word.starts_with('/') {
        // Only inside the project or the home dir: a system path (`/usr/local/bin/x`) may be
        // installed on the machine that runs the agent and not on the one that lints.
        let p = Path::new(word);
        // A plugin's own files too: Gemini has put the extension's root in for
        // `${extensionPath}` already.
        let known = t.scope.cwd().is_some_and(|c| p.starts_with(c))
            || matches!(&t.scope, Scope::Plugin { root } if p.starts_with(root))
            || t.ctx.home.as_deref().is_some_and(|h| p.starts_with(h));
        if !known {
            return None;
        }
        (PathBuf::from("/"), word)
    } else if word.contains('/') && !word.starts_with(['$', '-']) {
        // Cursor runs a user `~/.cursor/hooks.json`'s commands from `~/.cursor/` (the directory
        // discovery stamped on the entry; the project root for a project's file).
        match relative_base(t.hook) {
            Some(dir) => (dir, word),
            None => (t.scope.cwd()?.to_path_buf(), word),
        }
    } else {
        return None;
    };
    if rest.is_empty() || rest.contains('$') {
        return None;
    }
    Some(base.join(rest.trim_start_matches('/')))
}

/// The directory a relative command of `hook` is resolved against when its agent fixes one
/// itself: a Cursor entry's `command_dir` (`~/.cursor/` for the user's file).
fn relative_base(hook: &hook_ir::Hook) -> Option<PathBuf> {
    match &hook.detail {
        hook_ir::Detail::CursorEntry {
            command_dir: Some(dir),
            ..
        } => Some(PathBuf::from(dir)),
        _ => None,
    }
}

fn mentions_set(t: &Target<'_>, var: &str) -> bool {
    variables::sets(t.hook.convention, var)
}

/// `word` after `${VAR}` or `$VAR` (not `$VARX`), when the rest is empty or a path.
fn strip_var<'w>(word: &'w str, var: &str) -> Option<&'w str> {
    let rest = word.strip_prefix('$')?;
    rest.strip_prefix('{')
        .and_then(|r| r.strip_prefix(var))
        .and_then(|r| r.strip_prefix('}'))
        .or_else(|| {
            rest.strip_prefix(var)
                .filter(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        })
        .filter(|r| r.is_empty() || r.starts_with('/'))
}

/// Why an absolute script path only works elsewhere: inside another user's home directory, or,
/// for a file shared with the project, inside your own (the path exists on your machine only).
fn absolute_elsewhere(word: &str, t: &Target<'_>) -> Option<String> {
    if !word.starts_with('/') {
        return None;
    }
    let p = Path::new(word);
    let home = t.ctx.home.as_deref();
    if home.is_some_and(|h| p.starts_with(h)) {
        let shared = matches!(t.scope, Scope::Project { shared: true, .. });
        return shared.then(|| {
            "a path inside your home directory, in a file shared with everyone who clones the project: it exists on your machine only".to_string()
        });
    }
    if let Some(root) = t.scope.cwd() {
        if p.starts_with(root) {
            return None;
        }
    }
    let mut parts = p
        .components()
        .skip(1)
        .map(|c| c.as_os_str().to_string_lossy());
    let user_home = match parts.next().as_deref() {
        Some("home" | "Users") => parts.next().is_some(),
        Some("root") => true,
        _ => false,
    };
    user_home.then(|| {
        "a path inside another user's home directory: it exists on that machine only".to_string()
    })
}

static PIPE_TO_SHELL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(curl|wget|fetch)\b[^|;&\n]*\|\s*(sudo\s+(-\S+\s+)*)?(env\s+)?\b((ba|z|da|k|fi)?sh|python[0-9.]*|node|perl|ruby|bun|deno)\b")
        .expect("valid regex")
});
static PROCESS_SUBSTITUTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"<\(\s*(curl|wget)\b").expect("valid regex"));
static EVAL_SUBSTITUTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\b(eval|(ba|z|da)?sh\s+-c)\s+["']?(\$\(|`)\s*(curl|wget)\b"#)
        .expect("valid regex")
});
static POWERSHELL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(iex|invoke-expression)\b[\s(]*(\(?\s*)(irm|iwr|invoke-restmethod|invoke-webrequest|\(?\s*new-object\s+(system\.)?net\.webclient)\b|\b(irm|iwr|invoke-restmethod|invoke-webrequest)\b[^|;\n]*\|\s*(iex|invoke-expression)\b")
        .expect("valid regex")
});

/// How the command downloads and runs code, if it does.
///
/// Each regex runs only when the command holds text it cannot match without (`curl`, `wget` or
/// `fetch` and a `|`, `<(`, `iex` or `invo` in any ASCII case — Unicode case folding adds no
/// other spelling of these letters): most commands download nothing, and four regex searches
/// per command were a good part of these rules' time (lint_10k).
pub(crate) fn download_and_execute(cmd: &str) -> Option<&'static str> {
    let fetches = cmd.contains("curl") || cmd.contains("wget");
    if cmd.contains('|') && (fetches || cmd.contains("fetch")) && PIPE_TO_SHELL.is_match(cmd) {
        Some("a download piped into an interpreter")
    } else if fetches && cmd.contains("<(") && PROCESS_SUBSTITUTION.is_match(cmd) {
        Some("a download run through process substitution")
    } else if fetches && EVAL_SUBSTITUTION.is_match(cmd) {
        Some("a download evaluated by a shell")
    } else if (contains_ascii_ci(cmd, "iex") || contains_ascii_ci(cmd, "invo"))
        && POWERSHELL.is_match(cmd)
    {
        Some("a download passed to Invoke-Expression")
    } else {
        None
    }
}

/// Whether `hay` contains `needle` (ASCII letters) in any ASCII case.
fn contains_ascii_ci(hay: &str, needle: &str) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// The paths one command line writes to, as written: the targets of its output redirections
/// (`>`, `>>`, `2>`), the operands of `tee`, the destination of `cp`, `mv`, `install`, `ln`,
/// `rsync`, and `dd of=` (the program behind prefixes: `sudo tee /etc/x`, see
/// [`program_words`]).
pub(crate) fn write_targets<'a>(
    tokens: &'a [Token<'_>],
    commands: &'a [Vec<&'a str>],
    shell: bool,
) -> Vec<&'a str> {
    let mut targets: Vec<&str> = Vec::new();
    for pair in tokens.windows(2) {
        if let [Token::Op(op), Token::Word(w)] = pair {
            if is_output_redirect(op) {
                targets.push(w);
            }
        }
    }
    for words in commands.iter().filter_map(|w| program_words(w, shell)) {
        match words.first().copied() {
            Some("tee") => targets.extend(words[1..].iter().filter(|w| !w.starts_with('-'))),
            Some("cp" | "mv" | "install" | "ln" | "rsync") if words.len() >= 3 => {
                if let Some(last) = words.last().filter(|w| !w.starts_with('-')) {
                    targets.push(last);
                }
            }
            Some("dd") => targets.extend(words[1..].iter().filter_map(|w| w.strip_prefix("of="))),
            _ => {}
        }
    }
    targets
}

/// Adds to `out` the absolute paths one command line writes to ([`write_targets`]) that are
/// outside the project and the home directory, each once. Scratch and device paths (`/dev/…`,
/// `/tmp/…`, `/var/tmp/…`) are fine.
pub(crate) fn writes_outside(
    tokens: &[Token],
    commands: &[Vec<&str>],
    shell: bool,
    t: &Target<'_>,
    out: &mut Vec<String>,
) {
    let targets = write_targets(tokens, commands, shell);
    let project = t.scope.cwd().or(t.ctx.project.as_deref());
    let home = t.ctx.home.as_deref();
    for target in targets {
        if !target.starts_with('/') || target.contains('$') {
            continue;
        }
        let p = Path::new(target);
        let scratch = ["/dev/", "/tmp/", "/var/tmp/", "/private/tmp/"]
            .iter()
            .any(|s| target.starts_with(s) || target == s.trim_end_matches('/'));
        let inside =
            project.is_some_and(|r| p.starts_with(r)) || home.is_some_and(|h| p.starts_with(h));
        if !scratch && !inside && !out.iter().any(|o| o == target) {
            out.push(target.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn download_and_execute_shapes() {
        for cmd in [
            "curl -fsSL https://x.sh/i | sh",
            "curl -s https://x | sudo bash",
            "wget -qO- https://x | bash -s -- --flag",
            "bash <(curl -s https://x)",
            "sh -c \"$(curl -fsSL https://x)\"",
            "eval \"$(wget -qO- https://x)\"",
            "iex (irm https://x.ps1)",
            "powershell -c \"irm https://x | iex\"",
            "IEX (New-Object Net.WebClient).DownloadString('https://x')",
            "curl https://x | python3 -",
        ] {
            assert!(download_and_execute(cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "curl -fsSL https://x -o tool.tar.gz",
            "wget https://x && sha256sum -c sums",
            "echo curl | shasum",
            "./scripts/fetch-deps.sh",
            "curl https://api/x | jq .",
        ] {
            assert!(download_and_execute(cmd).is_none(), "{cmd}");
        }
    }

    #[test]
    fn download_prefilters_reject_nothing_the_regexes_match() {
        // `iex` and `invo` are found in ASCII case only: no other character folds to theirs.
        let letters = Regex::new("(?i)^[iexnvo]$").expect("valid regex");
        let mut buf = [0; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if letters.is_match(c.encode_utf8(&mut buf)) {
                assert!(c.is_ascii(), "{c:?} folds to one of i e x n v o");
            }
        }
        for cmd in ["IeX (iRm https://x)", "Invoke-Expression (IWR https://x)"] {
            assert!(download_and_execute(cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn scripts_behind_interpreters_and_runners() {
        let s = |c: &str| -> Vec<(String, bool)> {
            scripts(&simple_commands(&lex(c)), true)
                .into_iter()
                .map(|s| (s.word.to_string(), s.module))
                .collect()
        };
        let file = |w: &str| (w.to_string(), false);
        assert_eq!(
            s("uv run scripts/check.py --fast"),
            [file("scripts/check.py")]
        );
        assert_eq!(
            s("python3 -m tools.lint"),
            [("tools.lint".to_string(), true)]
        );
        assert_eq!(s("npx tsx hooks/guard.ts"), [file("hooks/guard.ts")]);
        assert_eq!(s("deno run -A hooks/x.ts"), [file("hooks/x.ts")]);
        assert_eq!(s("bun run hooks/x.ts"), [file("hooks/x.ts")]);
        assert_eq!(
            s("bash ./a.sh && node b.js"),
            [file("./a.sh"), file("b.js")]
        );
        assert!(s("npx prettier --write .").is_empty());
        assert_eq!(s("./x.sh"), [file("./x.sh")]);
    }

    /// The scripts of every command line of `c`, `sh -c` operands included: (word, program,
    /// depth).
    fn all_scripts(c: &str) -> Vec<(String, bool, usize)> {
        let mut out = Vec::new();
        each_command_line(&lex(c), 0, true, &mut |_, commands, depth| {
            for s in scripts(commands, true) {
                out.push((s.word.to_string(), s.program, depth));
            }
        });
        out
    }

    #[test]
    fn a_shell_command_line_is_read_as_commands_not_as_a_script() {
        let at = |w: &str, program: bool, depth: usize| (w.to_string(), program, depth);
        let node = vec![at("hooks/x.js", false, 1), at("tee", true, 1)];
        for c in [
            "sh -c \"node hooks/x.js | tee -a /tmp/log\"",
            "bash -c 'node hooks/x.js | tee -a /tmp/log'",
            "/bin/sh -c 'node hooks/x.js | tee -a /tmp/log'",
            "/usr/bin/env bash -c 'node hooks/x.js | tee -a /tmp/log'",
            "env -i PATH=/bin zsh -c 'node hooks/x.js | tee -a /tmp/log'",
            "bash -lc 'node hooks/x.js | tee -a /tmp/log'",
            "sh -ec 'node hooks/x.js | tee -a /tmp/log'",
            "dash -euc 'node hooks/x.js | tee -a /tmp/log' hook one two",
            "bash -l -c 'node hooks/x.js | tee -a /tmp/log' ./zero.sh ./one.sh",
            "bash -euo pipefail -c 'node hooks/x.js | tee -a /tmp/log'",
            "bash --norc -O extglob -c 'node hooks/x.js | tee -a /tmp/log'",
            "ksh -c -- 'node hooks/x.js | tee -a /tmp/log'",
        ] {
            assert_eq!(all_scripts(c), node, "{c}");
        }
        // Quotes inside the operand are the inner shell's: removed by the second lex.
        assert_eq!(
            all_scripts(r#"sh -c "\"$CLAUDE_PROJECT_DIR/a b.sh\" x; ./c.sh""#),
            [
                at("$CLAUDE_PROJECT_DIR/a b.sh", true, 1),
                at("./c.sh", true, 1)
            ]
        );
        assert_eq!(
            all_scripts("sh -c \"bash -c 'python3 -m tools.lint'\" && ./after.sh"),
            [at("./after.sh", true, 0), at("tools.lint", false, 2)]
        );
        // Scripts and stdin keep working; `-c` without an operand runs nothing.
        assert_eq!(
            all_scripts("bash script.sh -c x"),
            [at("script.sh", false, 0)]
        );
        assert_eq!(
            all_scripts("bash -x -o pipefail ./s.sh"),
            [at("./s.sh", false, 0)]
        );
        assert!(all_scripts("sh -c").is_empty());
        assert!(all_scripts("bash -s -- --flag").is_empty());
        assert!(all_scripts("sh").is_empty());
        // A program behind `env` is not the agent's program.
        assert_eq!(all_scripts("env FOO=1 ./x.sh"), [at("./x.sh", false, 0)]);
        assert!(all_scripts("env -S 'node x.js'").is_empty());
    }

    /// The script words of `c` read by a shell (`shell`) or as jcode's argv: (word, program).
    fn scripts_of(c: &str, shell: bool) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        each_command_line(&lex(c), 0, shell, &mut |_, commands, depth| {
            for s in scripts(commands, shell || depth > 0) {
                out.push((s.word.to_string(), s.program));
            }
        });
        out
    }

    #[test]
    fn the_program_behind_prefixes_and_reserved_words() {
        let behind = |w: &str| vec![(w.to_string(), false)];
        for (c, script) in [
            ("FOO=1 BAR=x node hooks/x.js", "hooks/x.js"),
            ("FOO=\"a b\" _x= ./a.sh --flag", "./a.sh"),
            ("exec ./a.sh", "./a.sh"),
            ("FOO=1 exec ./a.sh", "./a.sh"),
            ("exec -a name ./a.sh", "./a.sh"),
            ("command ./a.sh", "./a.sh"),
            ("command -p ./a.sh", "./a.sh"),
            ("nohup ./a.sh &", "./a.sh"),
            ("/usr/bin/nohup -- ./a.sh", "./a.sh"),
            ("time ./a.sh", "./a.sh"),
            ("time -p ./a.sh", "./a.sh"),
            ("/usr/bin/time -o /tmp/t -f %e ./a.sh", "./a.sh"),
            ("nice ./a.sh", "./a.sh"),
            ("nice -n 10 node hooks/a.js", "hooks/a.js"),
            ("nice -n -5 ./a.sh", "./a.sh"),
            ("nice -10 ./a.sh", "./a.sh"),
            ("nice --adjustment=3 ./a.sh", "./a.sh"),
            ("timeout 5 ./x.sh", "./x.sh"),
            ("timeout --signal=KILL 5s python3 tools/x.py", "tools/x.py"),
            ("timeout -s KILL -k 2 5 ./x.sh", "./x.sh"),
            (
                "timeout --preserve-status --kill-after 1 5 ./x.sh",
                "./x.sh",
            ),
            ("sudo ./x.sh", "./x.sh"),
            ("sudo -u bob ./x.sh", "./x.sh"),
            ("sudo -ubob ./x.sh", "./x.sh"),
            ("sudo -E -u bob FOO=1 ./x.sh", "./x.sh"),
            ("sudo --user bob -- ./x.sh", "./x.sh"),
            ("sudo --user=bob ./x.sh", "./x.sh"),
            ("env FOO=1 ./x.sh", "./x.sh"),
            ("env -u HOME -C /tmp ./x.sh", "./x.sh"),
            ("env -u X - PATH=/bin ./x.sh", "./x.sh"),
            ("stdbuf -oL -e 0 ./x.sh", "./x.sh"),
            ("ionice -c 3 ./x.sh", "./x.sh"),
            ("if [ -f x ]; then ./a.sh; fi", "./a.sh"),
            ("! ./a.sh", "./a.sh"),
            ("if ! ./a.sh; then :; fi", "./a.sh"),
            ("while ./a.sh; do sleep 1; done", "./a.sh"),
            ("until ./a.sh; do :; done", "./a.sh"),
            ("for f in a/b c/d; do ./a.sh \"$f\"; done", "./a.sh"),
            ("for f in a/b; do FOO=1 timeout 5 ./a.sh; done", "./a.sh"),
            ("case \"$1\" in a/b) ./a.sh;; c/d|e/f) : ;; esac", "./a.sh"),
            ("{ ./a.sh; } > /tmp/log", "./a.sh"),
            ("function f { ./a.sh; }", "./a.sh"),
            ("f() { ./a.sh; }", "./a.sh"),
            ("[ -f a/b ] && ./a.sh", "./a.sh"),
            ("test -f a/b || FOO=1 ./a.sh", "./a.sh"),
            ("sudo -u bob nice -n 5 nohup ./a.sh", "./a.sh"),
            ("FOO=1 sh ./a.sh", "./a.sh"),
        ] {
            let got: Vec<_> = scripts_of(c, true)
                .into_iter()
                .filter(|(w, _)| w.contains('/'))
                .map(|(w, _)| (w, false))
                .collect();
            assert_eq!(got, behind(script), "{c}");
        }
        // The shell runs them: found in a `-c` text too, also under jcode.
        assert_eq!(
            all_scripts("sh -c 'if true; then FOO=1 timeout 5 ./a.sh; fi'"),
            [
                ("true".to_string(), false, 1),
                ("./a.sh".to_string(), false, 1)
            ]
        );
        assert_eq!(
            scripts_of("FOO=1 timeout 5 bash -c 'FOO=2 ./a.sh'", true),
            [("./a.sh".to_string(), false)]
        );
        // Operands of `[`/`test` and the words of headers are no scripts.
        for c in [
            "[ -f a/b ]",
            "test -x a/b",
            "[[ -f a/b ]]",
            "for f in a/b c/d; do :; done",
            "case x in a/b) :;; esac",
            "command -v ./a.sh",
            "command -V a/b",
            "sudo -l ./a.sh",
            "sudo -e a/b",
            "env -S './a.sh x'",
            "ionice -p 12 a/b",
            "xargs ./a.sh",
            "nohup FOO=1",
            "exec > /tmp/log",
            "timeout 5",
            "fi",
            "done > a/b",
            "}",
            "FOO=1",
            "FOO=a/b",
        ] {
            let got: Vec<_> = scripts_of(c, true)
                .into_iter()
                .filter(|(w, _)| w.contains('/'))
                .collect();
            assert!(got.is_empty(), "{c}: {got:?}");
        }
        for (c, word, program) in [
            // Assignments only before the program, with a name before the `=`.
            ("./a.sh FOO=1 ./b.sh", "./a.sh", true),
            ("1A=x ./a.sh", "1A=x", true),
            ("a-b=x ./a.sh", "a-b=x", true),
            // Reserved words only at the start of a command.
            ("FOO=1 then ./a.sh", "then", false),
            ("nohup if ./a.sh", "if", false),
        ] {
            assert_eq!(scripts_of(c, true), [(word.to_string(), program)], "{c}");
        }
        // A program behind a prefix is not the program itself.
        assert_eq!(scripts_of("./a.sh", true), [("./a.sh".to_string(), true)]);
    }

    #[test]
    fn without_a_shell_only_real_programs_are_prefixes() {
        // jcode runs `FOO=1`, `then`, `exec` as the program: nothing behind them is run.
        for c in [
            "FOO=1 ./x.sh",
            "then ./x.sh",
            "if ./x.sh",
            "! ./x.sh",
            "exec ./x.sh",
            "command ./x.sh",
            "FOO=1 sh -c './x.sh'",
        ] {
            assert_eq!(
                scripts_of(c, false).into_iter().filter(|(_, p)| !p).count(),
                0,
                "{c}"
            );
        }
        // Programs that run the rest of their arguments do so without a shell too.
        for c in [
            "timeout 5 ./x.sh",
            "sudo -u bob ./x.sh",
            "env FOO=1 ./x.sh",
            "nice -n 5 ./x.sh",
        ] {
            assert_eq!(scripts_of(c, false), [("./x.sh".to_string(), false)], "{c}");
        }
        // Inside a `-c` text the shell reads it, whatever ran the shell.
        assert_eq!(
            scripts_of("sh -c 'FOO=1 ./x.sh'", false),
            [("./x.sh".to_string(), false)]
        );
    }

    #[test]
    fn shell_nesting_is_bounded() {
        // Each level's operand is the next level's whole command line.
        let mut c = "./deep.sh".to_string();
        for _ in 0..(MAX_SHELL_DEPTH + 3) {
            c = format!("sh -c {}", hook_ir::jcode_argv::quote_word(&c));
        }
        assert!(all_scripts(&c).is_empty(), "{c}");
        let mut c = "./deep.sh".to_string();
        for _ in 0..MAX_SHELL_DEPTH {
            c = format!("sh -c {}", hook_ir::jcode_argv::quote_word(&c));
        }
        assert_eq!(
            all_scripts(&c),
            [("./deep.sh".to_string(), true, MAX_SHELL_DEPTH)]
        );
    }

    #[test]
    fn code_on_the_command_line_is_no_script() {
        for c in [
            "python3 -c \"import sys; print(open('a/b').read())\"",
            "python -Ic 'x/y'",
            "node -e \"require('./x')\"",
            "node --eval=\"require('./x')\"",
            "bun -p '1/2'",
            "deno eval \"import('./x.ts')\"",
            "perl -lne 'print if m{a/b}'",
            "ruby -e 'puts 1/2'",
            "pwsh -Command ./x.ps1",
            "fish -c 'node hooks/x.js'",
            "uv run python -c 'a/b'",
        ] {
            assert!(all_scripts(c).is_empty(), "{c}");
        }
        assert_eq!(
            all_scripts("perl -I/opt/lib hooks/x.pl"),
            [("hooks/x.pl".to_string(), false, 0)]
        );
        assert_eq!(
            all_scripts("uv run python -m tools.lint"),
            [("tools.lint".to_string(), false, 0)]
        );
    }

    #[test]
    fn placeholders_and_variables() {
        assert_eq!(
            unexpanded_placeholder("prettier --write ${file}").as_deref(),
            Some("${file}")
        );
        assert_eq!(
            unexpanded_placeholder("fmt {{ file_path }}").as_deref(),
            Some("{{ file_path }}")
        );
        assert!(unexpanded_placeholder("for file in *.rs; do echo ${file}; done").is_none());
        assert!(unexpanded_placeholder("echo ${HOME} ${CLAUDE_PROJECT_DIR}").is_none());
        assert!(mentions(
            "\"$CLAUDE_PROJECT_DIR\"/x.sh",
            "CLAUDE_PROJECT_DIR"
        ));
        assert!(mentions("${CLAUDE_PROJECT_DIR}/x.sh", "CLAUDE_PROJECT_DIR"));
        assert!(!mentions("$CLAUDE_PROJECT_DIRX/x.sh", "CLAUDE_PROJECT_DIR"));
    }
}
