//! Rules on what a hook command runs, for every convention with command hooks: download and
//! execute, writes outside the project, a script that does not exist, a path that works only on
//! one machine or only from one directory, a variable no agent (or another agent) sets.
//!
//! Codes: `download_and_execute`, `writes_outside_project`, `missing_script`,
//! `plugin_root_outside_plugin`, `absolute_path_elsewhere`, `relative_script_path`,
//! `foreign_agent_variable`, `unexpanded_placeholder`.

use super::shell::{is_output_redirect, lex, simple_commands, Token};
use super::{Finding, Scope, Target};
use hook_ir::{quote, Code, Convention, Exec, Handler};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Runs every command rule on one hook.
pub(crate) fn check(t: &Target<'_>, out: &mut Vec<Finding>) {
    let Handler::Command { command: cmd, .. } = &t.hook.handler else {
        return;
    };
    // Where the command is written, looked up for the first finding only: most commands have
    // none, and the search is a good part of these rules' time (lint_10k).
    let at = std::cell::OnceCell::new();
    let mut push = |f: Finding| out.push(f.at(*at.get_or_init(|| t.find(cmd))));
    let convention = t.hook.convention;
    // Every variable rule needs a `$`: most commands have none.
    let dollar = cmd.contains('$');
    let uses_plugin_root = dollar && mentions(cmd, "CLAUDE_PLUGIN_ROOT");
    if uses_plugin_root
        && convention == Convention::ClaudeSettings
        && !matches!(t.scope, Scope::Plugin { .. })
    {
        push(
            Finding::new(
                Code::PluginRootOutsidePlugin,
                format!("{} uses `${{CLAUDE_PLUGIN_ROOT}}`, which Claude sets only for plugin hooks; here it is passed through literally and the script is not found", quote(cmd)),
            )
            .help("use `\"$CLAUDE_PROJECT_DIR\"/...` and copy the script into the project"),
        );
    }
    for var in AGENT_VARIABLES.iter().filter(|_| dollar) {
        if mentions(cmd, var.name) && !var.set_by(convention) {
            push(
                Finding::new(
                    Code::ForeignAgentVariable,
                    format!(
                        "{} uses `${}`, which only {} sets; {convention} leaves it empty, so the command sees an empty string",
                        quote(cmd),
                        var.name,
                        var.agent
                    ),
                )
                .help(project_dir_help(convention)),
            );
        }
    }
    if let Some(p) = unexpanded_placeholder(cmd) {
        push(
            Finding::new(
                Code::UnexpandedPlaceholder,
                format!("{} contains `{p}`, a placeholder no agent expands: the command receives it literally (or, as a shell variable, empty)", quote(cmd)),
            )
            .help("read the file path from the hook's JSON input on stdin (e.g. `jq -r .tool_input.file_path`)"),
        );
    }
    let tokens = lex(cmd);
    let commands = simple_commands(&tokens);
    for script in scripts(&commands) {
        script_rules(t, cmd, &script, &mut push);
    }
    if let Some(how) = download_and_execute(cmd) {
        push(
            Finding::new(
                Code::DownloadAndExecute,
                format!("{} downloads code and executes it ({how}); whoever controls the URL runs code on every hook run", quote(cmd)),
            )
            .help("vendor the script into the repository and run the local copy"),
        );
    }
    for target in writes_outside(&tokens, &commands, t) {
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

/// An environment variable one agent sets for its hooks.
struct AgentVariable {
    name: &'static str,
    agent: &'static str,
    /// The conventions whose agent sets it (by id, so a convention added later finds its row).
    conventions: &'static [&'static str],
}

impl AgentVariable {
    fn set_by(&self, c: Convention) -> bool {
        self.conventions.contains(&c.as_str())
    }
}

/// Variables agents set for hook commands. Claude Code docs, hooks "Project-specific hook
/// scripts" and "Plugin hooks"; Gemini CLI sets `GEMINI_PROJECT_DIR` and, for compatibility,
/// `CLAUDE_PROJECT_DIR` (google-gemini/gemini-cli packages/core/src/hooks/hookRunner.ts).
const AGENT_VARIABLES: &[AgentVariable] = &[
    AgentVariable {
        name: "CLAUDE_PROJECT_DIR",
        agent: "Claude Code (and Gemini CLI)",
        conventions: &["claude-settings", "gemini-settings"],
    },
    AgentVariable {
        name: "CLAUDE_PLUGIN_ROOT",
        agent: "Claude Code",
        conventions: &["claude-settings"],
    },
    AgentVariable {
        name: "GEMINI_PROJECT_DIR",
        agent: "Gemini CLI",
        conventions: &["gemini-settings"],
    },
];

/// The variable naming the project directory in `c`'s hook commands, if the agent sets one.
fn project_dir_variable(c: Convention) -> Option<&'static str> {
    match c.as_str() {
        "claude-settings" => Some("CLAUDE_PROJECT_DIR"),
        "gemini-settings" => Some("GEMINI_PROJECT_DIR"),
        _ => None,
    }
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

static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\{\{\s*[A-Za-z_][A-Za-z0-9_.]*\s*\}\}|\$\{([a-z][A-Za-z0-9_]*)\}")
        .expect("valid regex")
});

/// A template placeholder in `cmd` that no agent expands: `{{file}}`, or a lower-case
/// `${file}` the command does not set itself (`for file in ...`, `file=...`, `read file`).
fn unexpanded_placeholder(cmd: &str) -> Option<String> {
    // Both forms start with a literal `{{` or `${`: most commands have neither.
    if !cmd.contains("{{") && !cmd.contains("${") {
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
struct Script<'a> {
    word: &'a str,
    /// Whether it is the program itself (the first word), not an interpreter's operand.
    program: bool,
    /// Whether it is a Python module (`python3 -m pkg.mod`), not a file path.
    module: bool,
}

/// Interpreters whose first operand is the script they run.
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "fish", "node", "bun", "deno", "python", "python3", "ruby",
    "perl", "tsx", "ts-node", "pwsh",
];

/// Runners that take a subcommand (`uv run`, `deno run`, `bun run`) or a package (`npx tsx`)
/// before the script.
const RUNNER_WORDS: &[&str] = &["run", "tsx", "ts-node", "exec"];

/// The script each simple command of `tokens` runs: its first word, or the first operand of an
/// interpreter (`node x.js`, `uv run x.py`, `npx tsx x.ts`, `deno run -A x.ts`,
/// `python3 -m pkg.mod`).
fn scripts<'a>(commands: &[Vec<&'a str>]) -> Vec<Script<'a>> {
    let mut out = Vec::new();
    for words in commands {
        let Some(&first) = words.first() else {
            continue;
        };
        let program = first.rsplit('/').next().unwrap_or(first);
        let runner = INTERPRETERS.contains(&program)
            || matches!(program, "uv" | "npx" | "bunx" | "pnpx" | "uvx");
        if !runner {
            out.push(Script {
                word: first,
                program: true,
                module: false,
            });
            continue;
        }
        let mut rest = words[1..].iter().copied().peekable();
        while let Some(w) = rest.next() {
            if w == "-m" && program.starts_with("python") {
                if let Some(m) = rest.next() {
                    out.push(Script {
                        word: m,
                        program: false,
                        module: true,
                    });
                }
                break;
            }
            if w.starts_with('-') || RUNNER_WORDS.contains(&w) {
                continue;
            }
            if matches!(program, "npx" | "bunx" | "pnpx" | "uvx" | "uv") && !looks_like_path(w) {
                // A package name (`npx prettier`): not a file of the project.
                if matches!(w, "python" | "python3" | "node" | "bun") {
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
/// path that exists only on one machine.
fn script_rules(t: &Target<'_>, cmd: &str, s: &Script<'_>, push: &mut impl FnMut(Finding)) {
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
    // which knows how the agent resolves it.
    if s.program
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
    if relative && convention.as_str() == "claude-settings" {
        push(
            Finding::new(
                Code::RelativeScriptPath,
                format!("`{word}` is relative to the directory Claude Code runs the hook in, which moves when the session `cd`s: the hook then fails"),
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

/// Resolves a script word: `$CLAUDE_PROJECT_DIR/…`, `${CLAUDE_PLUGIN_ROOT}/…`, `~/…`, an
/// absolute path, or a relative path with a `/` (the hook's cwd is the project directory).
/// `None` for anything that cannot be resolved for this file: other variables, bare program
/// names looked up in `PATH`, relative paths of user-level hooks (they run in every project).
fn resolve(word: &str, t: &Target<'_>) -> Option<PathBuf> {
    let (base, rest): (PathBuf, &str) = if let Some(var) = project_dir_variable(t.hook.convention)
        .and_then(|v| strip_var(word, v))
        .or_else(|| {
            strip_var(word, "CLAUDE_PROJECT_DIR").filter(|_| mentions_set(t, "CLAUDE_PROJECT_DIR"))
        }) {
        (t.scope.cwd()?.to_path_buf(), var)
    } else if let Some(rest) = strip_var(word, "CLAUDE_PLUGIN_ROOT") {
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
        let known = t.scope.cwd().is_some_and(|c| p.starts_with(c))
            || t.ctx.home.as_deref().is_some_and(|h| p.starts_with(h));
        if !known {
            return None;
        }
        (PathBuf::from("/"), word)
    } else if word.contains('/') && !word.starts_with(['$', '-']) {
        (t.scope.cwd()?.to_path_buf(), word)
    } else {
        return None;
    };
    if rest.is_empty() || rest.contains('$') {
        return None;
    }
    Some(base.join(rest.trim_start_matches('/')))
}

fn mentions_set(t: &Target<'_>, var: &str) -> bool {
    AGENT_VARIABLES
        .iter()
        .any(|v| v.name == var && v.set_by(t.hook.convention))
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

/// Absolute paths the command writes to that are outside the project and the home directory.
/// Scratch and device paths (`/dev/…`, `/tmp/…`, `/var/tmp/…`) are fine.
fn writes_outside(tokens: &[Token], commands: &[Vec<&str>], t: &Target<'_>) -> Vec<String> {
    let mut targets: Vec<&str> = Vec::new();
    for pair in tokens.windows(2) {
        if let [Token::Op(op), Token::Word(w)] = pair {
            if is_output_redirect(op) {
                targets.push(w);
            }
        }
    }
    for words in commands {
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
    let project = t.scope.cwd().or(t.ctx.project.as_deref());
    let home = t.ctx.home.as_deref();
    let mut out: Vec<String> = Vec::new();
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
    out
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
            scripts(&simple_commands(&lex(c)))
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
