//! Rules on what a hook command does: `${CLAUDE_PLUGIN_ROOT}` outside plugins, scripts that do
//! not exist, and the security rules (download-and-execute, writes outside the project).
//! Project-level `SessionStart` hooks are flagged by the lowering, which knows the event.

use super::command::{is_output_redirect, lex, simple_commands, Token};
use super::json::Span;
use super::raw::problem;
use super::Scope;
use hook_ir::Diagnostic;
use hook_ir::{quote, Code};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Where the paths a command names are resolved.
pub(super) struct Roots<'a> {
    /// For display paths in messages.
    pub ctx: &'a crate::Context,
    pub scope: &'a Scope,
    /// The project directory the hook runs in (`$CLAUDE_PROJECT_DIR`, the hook's cwd), when
    /// known for this file: the project of project settings, else the linted project.
    pub project: Option<&'a Path>,
    /// The user's home directory.
    pub home: Option<&'a Path>,
}

/// Runs every command rule on one handler's command.
pub(super) fn check(cmd: &str, span: Span, roots: &Roots<'_>, out: &mut Vec<Diagnostic>) {
    let uses_plugin_root =
        cmd.contains("${CLAUDE_PLUGIN_ROOT}") || cmd.contains("$CLAUDE_PLUGIN_ROOT");
    if uses_plugin_root && !matches!(roots.scope, Scope::Plugin { .. }) {
        out.push(
            problem(
                Code::PluginRootOutsidePlugin,
                format!("{} uses `${{CLAUDE_PLUGIN_ROOT}}`, which Claude sets only for plugin hooks; here it is passed through literally and the script is not found", quote(cmd)),
                span,
            )
            .with_help("use `\"$CLAUDE_PROJECT_DIR\"/...` and copy the script into the project"),
        );
    }
    let tokens = lex(cmd);
    for (script, path) in scripts(&tokens, roots) {
        if !path.exists() {
            out.push(
                problem(
                    Code::MissingScript,
                    format!("the script `{script}` does not exist (looked for {}); the hook fails every time it fires", roots.ctx.display(&path)),
                    span,
                )
                .with_help("add the script, or fix its path"),
            );
        }
    }
    if let Some(how) = download_and_execute(cmd) {
        out.push(
            problem(
                Code::DownloadAndExecute,
                format!("{} downloads code and executes it ({how}); whoever controls the URL runs code on every hook run", quote(cmd)),
                span,
            )
            .with_help("vendor the script into the repository and run the local copy"),
        );
    }
    for target in writes_outside(&tokens, roots) {
        out.push(
            problem(
                Code::WritesOutsideProject,
                format!(
                    "{} writes to `{target}`, outside the project and the home directory",
                    quote(cmd)
                ),
                span,
            )
            .with_help("write inside the project or a temporary directory"),
        );
    }
}

/// Interpreters whose first operand is the script they run.
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "fish", "node", "bun", "deno", "python", "python3", "ruby",
    "perl", "tsx", "ts-node", "pwsh",
];

/// The scripts a command runs by a path we can resolve, with their resolved paths.
fn scripts(tokens: &[Token], roots: &Roots<'_>) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for words in simple_commands(tokens) {
        let candidate = match words.first() {
            Some(w) if INTERPRETERS.contains(w) => words[1..]
                .iter()
                .find(|a| !a.starts_with('-'))
                .filter(|a| !matches!(**a, "run")),
            Some(w) => Some(w),
            None => None,
        };
        let Some(word) = candidate else { continue };
        if let Some(path) = resolve(word, roots) {
            out.push((word.to_string(), path));
        }
    }
    out
}

/// Resolves a script word: `$CLAUDE_PROJECT_DIR/…`, `${CLAUDE_PLUGIN_ROOT}/…` or a relative
/// path with a `/` (the hook's cwd is the project directory). `None` for anything we cannot
/// resolve for this file: other variables, globs, bare program names looked up in `PATH`.
fn resolve(word: &str, roots: &Roots<'_>) -> Option<PathBuf> {
    let project_root = match roots.scope {
        // A user-level hook runs in every project: which one is unknown.
        Scope::User => None,
        _ => roots.project,
    };
    let (base, rest) = if let Some(rest) = strip_var(word, "CLAUDE_PROJECT_DIR") {
        (project_root?, rest)
    } else if let Some(rest) = strip_var(word, "CLAUDE_PLUGIN_ROOT") {
        match roots.scope {
            Scope::Plugin { root } => (root.as_path(), rest),
            _ => return None,
        }
    } else if word.contains('/') && !word.starts_with(['/', '~', '$', '-']) && !word.contains("://")
    {
        // Relative to the cwd, which for plugin hooks is the project, not the plugin.
        match roots.scope {
            Scope::Project | Scope::ProjectLocal | Scope::Explicit => (project_root?, word),
            _ => return None,
        }
    } else {
        return None;
    };
    if rest.is_empty() || rest.contains(['$', '*', '?', '[', '`', '=']) {
        return None;
    }
    Some(base.join(rest.trim_start_matches('/')))
}

fn strip_var<'w>(word: &'w str, var: &str) -> Option<&'w str> {
    word.strip_prefix(&format!("${{{var}}}"))
        .or_else(|| {
            word.strip_prefix(&format!("${var}"))
                .filter(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        })
        .filter(|r| r.is_empty() || r.starts_with('/'))
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
pub(super) fn download_and_execute(cmd: &str) -> Option<&'static str> {
    if PIPE_TO_SHELL.is_match(cmd) {
        Some("a download piped into an interpreter")
    } else if PROCESS_SUBSTITUTION.is_match(cmd) {
        Some("a download run through process substitution")
    } else if EVAL_SUBSTITUTION.is_match(cmd) {
        Some("a download evaluated by a shell")
    } else if POWERSHELL.is_match(cmd) {
        Some("a download passed to Invoke-Expression")
    } else {
        None
    }
}

/// Absolute paths the command writes to that are outside the project and the home directory.
/// Scratch and device paths (`/dev/…`, `/tmp/…`, `/var/tmp/…`) are fine.
fn writes_outside(tokens: &[Token], roots: &Roots<'_>) -> Vec<String> {
    let mut targets: Vec<&str> = Vec::new();
    for pair in tokens.windows(2) {
        if let [Token::Op(op), Token::Word(w)] = pair {
            if is_output_redirect(op) {
                targets.push(w);
            }
        }
    }
    for words in simple_commands(tokens) {
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
    let mut out: Vec<String> = Vec::new();
    for t in targets {
        if !t.starts_with('/') || t.contains('$') {
            continue;
        }
        let p = Path::new(t);
        let scratch = ["/dev/", "/tmp/", "/var/tmp/", "/private/tmp/"]
            .iter()
            .any(|s| t.starts_with(s) || t == s.trim_end_matches('/'));
        let inside = roots.project.is_some_and(|r| p.starts_with(r))
            || roots.home.is_some_and(|h| p.starts_with(h));
        if !scratch && !inside && !out.iter().any(|o| o == t) {
            out.push(t.to_string());
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
    fn writes_outside_ignores_project_home_and_scratch() {
        let scope = Scope::Project;
        let ctx = crate::Context::default();
        let roots = Roots {
            ctx: &ctx,
            scope: &scope,
            project: Some(Path::new("/work/p")),
            home: Some(Path::new("/home/u")),
        };
        let w = |c: &str| writes_outside(&lex(c), &roots);
        assert_eq!(w("echo x >> /etc/profile"), ["/etc/profile"]);
        assert_eq!(
            w("date | tee -a /var/log/hooks.log"),
            ["/var/log/hooks.log"]
        );
        assert_eq!(
            w("cp ./bin/tool /usr/local/bin/tool"),
            ["/usr/local/bin/tool"]
        );
        assert_eq!(w("dd if=x of=/boot/x"), ["/boot/x"]);
        assert!(w("echo x > /work/p/log.txt 2>/dev/null").is_empty());
        assert!(w("echo x >> /home/u/.claude/log 2>&1").is_empty());
        assert!(w("echo x > /tmp/x; tee /dev/stderr").is_empty());
        assert!(w("echo x > \"$HOME/log\"").is_empty());
    }

    #[test]
    fn resolves_script_paths_by_scope() {
        let plugin = Scope::Plugin {
            root: PathBuf::from("/plug"),
        };
        let project = Scope::Project;
        let user = Scope::User;
        let ctx = crate::Context::default();
        let r = |scope| Roots {
            ctx: &ctx,
            scope,
            project: Some(Path::new("/p")),
            home: None,
        };
        let s = |c: &str, roots: &Roots<'_>| -> Vec<PathBuf> {
            scripts(&lex(c), roots)
                .into_iter()
                .map(|(_, p)| p)
                .collect()
        };
        assert_eq!(
            s("\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/a.sh", &r(&project)),
            [PathBuf::from("/p/.claude/hooks/a.sh")]
        );
        assert_eq!(
            s(
                "python3 ${CLAUDE_PLUGIN_ROOT}/scripts/b.py --x",
                &r(&plugin)
            ),
            [PathBuf::from("/plug/scripts/b.py")]
        );
        assert_eq!(
            s("node .claude/hooks/c.js && echo", &r(&project)),
            [PathBuf::from("/p/.claude/hooks/c.js")]
        );
        assert!(s("\"$CLAUDE_PROJECT_DIR\"/x.sh", &r(&user)).is_empty());
        assert!(s("npx prettier --write .", &r(&project)).is_empty());
        assert!(s("$CLAUDE_PROJECT_DIRX/x.sh", &r(&project)).is_empty());
        assert!(s("./scripts/$NAME.sh", &r(&project)).is_empty());
    }
}
