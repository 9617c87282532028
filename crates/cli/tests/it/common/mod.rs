//! Runs the real `hooks` binary and renders what it did for a snapshot: the arguments, the exit
//! code, stdout and stderr, with temp paths replaced by `[TEMP]` and the ambient environment
//! scrubbed (no `JCODE_*`, no colour, a fixed HOME).

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub shown: String,
}

/// Prefixes of the variables the agents (and `hooks` itself) read: a developer's own
/// `JCODE_HOOK_*`, `CODEX_HOME` or `GEMINI_CLI_SYSTEM_SETTINGS_PATH` must not change a test.
const AGENT_VARIABLE_PREFIXES: &[&str] = &[
    "JCODE_", "KIMI_", "CODEX_", "GEMINI_", "CLAUDE_", "COPILOT_", "CLINE_", "QWEN_", "HOOKS_",
];

/// The `hooks` binary as every test runs it: hermetic by default — no agent variable of the
/// developer's environment, no forced colour, `NO_COLOR` set. A test adds what it needs.
pub fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hooks"));
    hermetic(&mut cmd);
    cmd
}

/// Takes the agent variables and forced colour of the developer's environment out of `cmd`
/// (which runs `hooks`, or a program that runs it), and sets `NO_COLOR`.
pub fn hermetic(cmd: &mut Command) {
    for (k, _) in std::env::vars_os() {
        let name = k.to_string_lossy();
        if AGENT_VARIABLE_PREFIXES.iter().any(|p| name.starts_with(p))
            || name.starts_with("CLICOLOR")
        {
            cmd.env_remove(&k);
        }
    }
    cmd.env("NO_COLOR", "1");
}

/// Runs `hooks ARGS` in `cwd` with HOME = `home`; `temp` is replaced by `[TEMP]` in the output.
pub fn hooks(args: &[&str], cwd: &Path, home: &Path, temp: &Path) -> Run {
    let mut cmd = bin();
    cmd.args(args).current_dir(cwd).env("HOME", home);
    let out = cmd.output().expect("run hooks");
    let redact = |s: &[u8]| {
        let s = String::from_utf8_lossy(s).into_owned();
        // Canonicalized and plain forms of the temp dir (macOS /private/var, ...).
        let canon = temp.canonicalize().unwrap_or_else(|_| temp.to_path_buf());
        s.replace(&canon.display().to_string(), "[TEMP]")
            .replace(&temp.display().to_string(), "[TEMP]")
    };
    let stdout = redact(&out.stdout);
    let stderr = redact(&out.stderr);
    let code = out.status.code().unwrap_or(-1);
    let shown = format!(
        "args: {}\nexit: {code}\n----- stdout -----\n{stdout}----- stderr -----\n{stderr}",
        args.iter()
            .map(|a| a.replace(&temp.display().to_string(), "[TEMP]"))
            .collect::<Vec<_>>()
            .join(" "),
    );
    Run {
        code,
        stdout,
        stderr,
        shown,
    }
}

/// `(code, severity)` of each diagnostic of a JSON lint document.
pub fn code_severities(doc: &serde_json::Value) -> Vec<(String, String)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A temp dir with an empty project and an empty home.
pub struct Tree {
    pub dir: tempfile::TempDir,
}

impl Tree {
    pub fn new() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("project")).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        Tree { dir }
    }
    pub fn root(&self) -> &Path {
        self.dir.path()
    }
    pub fn project(&self) -> std::path::PathBuf {
        self.dir.path().join("project")
    }
    pub fn home(&self) -> std::path::PathBuf {
        self.dir.path().join("home")
    }
    pub fn write(&self, rel: &str, text: &str) {
        let p = self.root().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    pub fn run(&self, args: &[&str]) -> Run {
        hooks(args, &self.project(), &self.home(), self.root())
    }
}

impl Tree {
    /// Every file under the temp dir, by relative path, with its bytes.
    pub fn files(&self) -> std::collections::BTreeMap<String, Vec<u8>> {
        let mut out = std::collections::BTreeMap::new();
        let mut stack = vec![self.root().to_path_buf()];
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    let rel = p.strip_prefix(self.root()).unwrap();
                    out.insert(rel.display().to_string(), std::fs::read(&p).unwrap());
                }
            }
        }
        out
    }

    /// `hooks lint ARGS --home ../home --no-env --format FORMAT` in the project.
    pub fn lint(&self, format: &str, args: &[&str]) -> Run {
        let mut all = vec!["lint"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--home", "../home", "--no-env", "--format", format]);
        self.run(&all)
    }

    /// [`Tree::lint`] in JSON: the exit code and the document.
    pub fn lint_json(&self, args: &[&str]) -> (i32, serde_json::Value) {
        let r = self.lint("json", args);
        let doc = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}\n{}", r.shown));
        (r.code, doc)
    }

    /// The text of a file under the temp dir.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root().join(rel)).unwrap()
    }

    /// `hooks import --from FROM --to TO . --home ../home EXTRA...`.
    pub fn import(&self, from: &str, to: &str, extra: &[&str]) -> Run {
        let mut args = vec![
            "import", "--from", from, "--to", to, ".", "--home", "../home",
        ];
        args.extend_from_slice(extra);
        self.run(&args)
    }

    /// The hooks `hooks list --format json` reports for one convention, as the fields a round
    /// trip must keep: kind, source_event, matcher, handler, timeout_ms.
    pub fn hooks_of(&self, convention: &str) -> Vec<serde_json::Value> {
        let r = self.run(&["list", ".", "--home", "../home", "--format", "json"]);
        assert_eq!(r.code, 0, "{}", r.shown);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        doc["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["convention"] == convention)
            .map(|h| {
                serde_json::json!({
                    "kind": h["kind"],
                    "source_event": h["source_event"],
                    "matcher": h["matcher"],
                    "handler": h["handler"],
                    "timeout_ms": h["timeout_ms"],
                })
            })
            .collect()
    }
}

/// A `PATH` with Node.js and the system tools but no Bun: the folder of `node`, `/usr/bin`,
/// `/bin`. Fails loudly when one of them holds a `bun`, since Bun could not be hidden then.
pub fn path_without_bun() -> String {
    let node =
        runner::module_host::find_on_path("node").expect("the module tests need Node.js on PATH");
    let mut dirs: Vec<std::path::PathBuf> = vec![node.parent().unwrap().to_path_buf()];
    for d in ["/usr/bin", "/bin"] {
        if !dirs.iter().any(|x| x == Path::new(d)) {
            dirs.push(d.into());
        }
    }
    for d in &dirs {
        assert!(
            !d.join("bun").exists(),
            "cannot hide Bun: {} holds one",
            d.display()
        );
    }
    std::env::join_paths(&dirs).unwrap().into_string().unwrap()
}

/// A temp tree for the tests that run `hooks` as an agent runs a hook — from a directory of the
/// tree, with a payload on stdin and `HOME` a directory of the tree — and read what it wrote:
/// the bridge, plugin and hook-folder tests. Each adds the variables its agent sets.
pub struct Sandbox {
    pub dir: tempfile::TempDir,
}

impl Sandbox {
    /// A tree holding these directories (relative paths).
    pub fn with_dirs(dirs: &[&str]) -> Sandbox {
        let t = Sandbox {
            dir: tempfile::tempdir().unwrap(),
        };
        for d in dirs {
            std::fs::create_dir_all(t.path(d)).unwrap();
        }
        t
    }
    pub fn path(&self, rel: &str) -> std::path::PathBuf {
        self.dir.path().join(rel)
    }
    pub fn project(&self) -> std::path::PathBuf {
        self.path("project")
    }
    pub fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    /// A `#!/bin/sh` script of mode 0755 running `body`.
    pub fn script(&self, rel: &str, body: &str) {
        use std::os::unix::fs::PermissionsExt;
        self.write(rel, &format!("#!/bin/sh\n{body}\n"));
        let mode = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(self.path(rel), mode).unwrap();
    }
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }
    /// `program` set up as an agent starts a hook: hermetic ([`hermetic`]), from `cwd` with
    /// `HOME` = `home` (both relative to the tree), `SHELL=/bin/sh`, the tree's `run/` as
    /// `XDG_RUNTIME_DIR` (the bridge's state), no `XDG_STATE_HOME`.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>, cwd: &str, home: &str) -> Command {
        let mut cmd = Command::new(program);
        hermetic(&mut cmd);
        cmd.current_dir(self.path(cwd))
            .env("HOME", self.path(home))
            .env("SHELL", "/bin/sh")
            .env("XDG_RUNTIME_DIR", self.path("run"))
            .env_remove("XDG_STATE_HOME");
        cmd
    }
    /// `hooks ARGS`, set up as [`Sandbox::command`] says.
    pub fn hooks_command(&self, args: &[&str], cwd: &str, home: &str) -> Command {
        let mut cmd = self.command(env!("CARGO_BIN_EXE_hooks"), cwd, home);
        cmd.args(args);
        cmd
    }
}

/// Runs `cmd` with `stdin` piped in; its exit status, stdout and stderr.
pub fn run_with_stdin(mut cmd: Command, stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the program runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// stdout, then stderr: what a failed assertion shows.
pub fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// stdout as JSON, or a panic that shows what was printed.
pub fn stdout_json(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", text(o)))
}
