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
