//! Issue 25, "`hooks lint` in real repositories": monorepos and plugins found, no false findings,
//! no noise from the CI machine. Each test runs the real binary on a temp tree, hermetic
//! (`--home` an empty temp dir that differs from `$HOME`, `--no-env`), and each failed on the code
//! before the issue was built.

use crate::common;

use serde_json::Value;
use std::path::{Path, PathBuf};

/// A temp dir: the repository under `repo/`, the home dir given with `--home` under `home/`, and
/// a different `$HOME` under `env-home/` (what `--home` replaces must not leak in).
struct Repo {
    dir: tempfile::TempDir,
}

impl Repo {
    fn new() -> Repo {
        let dir = tempfile::tempdir().unwrap();
        for d in ["repo", "home", "env-home"] {
            std::fs::create_dir_all(dir.path().join(d)).unwrap();
        }
        Repo { dir }
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn write(&self, rel: &str, text: &str) -> &Repo {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
        self
    }
    /// `hooks lint ARGS --home <home> --no-env --format json` in `cwd` (relative to the temp
    /// dir): the exit code, the document and stderr.
    fn lint(&self, cwd: &str, args: &[&str]) -> (i32, Value, String) {
        let home = self.path("home");
        let home = home.to_str().unwrap();
        let mut all = vec!["lint"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--home", home, "--no-env", "--format", "json"]);
        let r = common::hooks(
            &all,
            &self.path(cwd),
            &self.path("env-home"),
            self.dir.path(),
        );
        let doc = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}\n{}", r.shown));
        (r.code, doc, r.stderr)
    }
}

/// Each diagnostic as `code path:line`.
fn found(doc: &Value) -> Vec<String> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{} {}:{}",
                d["code"].as_str().unwrap(),
                d["location"]["path"].as_str().unwrap_or("-"),
                d["location"]["line"]
            )
        })
        .collect()
}

fn diagnostics<'a>(doc: &'a Value, code: &str) -> Vec<&'a Value> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == code)
        .collect()
}

/// A Claude settings (or Codex hooks.json) text with one PreToolUse `Bash` command.
fn settings(cmd: &str) -> String {
    format!(
        "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [\n  {{\"type\": \"command\", \"command\": {}}}]}}]}}}}\n",
        serde_json::to_string(cmd).unwrap()
    )
}

/// A plugin `hooks/hooks.json` with two events at its top level, outside `"hooks"` (the common
/// real shape that Claude Code refuses whole).
const BROKEN_PLUGIN_HOOKS: &str = r#"{
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"}]}]
}
"#;

/// A monorepo: projects nested at several depths, one in an ignored folder, one excluded by
/// `hooks.toml`.
fn monorepo() -> Repo {
    let r = Repo::new();
    r.write("repo/.gitignore", "node_modules/\n")
        .write("repo/hooks.toml", "exclude = [\"vendor/\"]\n")
        .write("repo/.claude/settings.json", &settings("./root.sh"))
        .write("repo/services/api/.claude/settings.json", &settings("./api.sh"))
        .write("repo/libs/deep/a/.gemini/settings.json", "{\"hooks\": {\"BeforeTool\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"./a.sh\"}]}]}}\n")
        .write("repo/node_modules/pkg/.claude/settings.json", &settings("./nm.sh"))
        .write("repo/vendor/x/.claude/settings.json", &settings("./vendor.sh"));
    r
}

/// Issue 25 item 1: `hooks lint .` at a monorepo root reports the nested projects' findings,
/// each from its own project (the missing script is looked for in that project), skipping what
/// `.gitignore` and `hooks.toml` `exclude` leave out; from the root, from a subfolder and from
/// outside, the same findings at paths from the current directory. `--no-recurse` is the old
/// behaviour.
#[test]
fn a_monorepo_root_lints_every_nested_project() {
    let r = monorepo();
    let (code, doc, _) = r.lint("repo", &["."]);
    assert_eq!(code, 0, "{doc:#}");
    // The Gemini project's folder is not trusted on this (fresh) home: an info.
    let untrusted = diagnostics(&doc, "gemini_folder_untrusted");
    assert_eq!(untrusted.len(), 1, "{doc:#}");
    assert_eq!(untrusted[0]["severity"], "info");
    let got: Vec<String> = found(&doc)
        .into_iter()
        .filter(|f| f.starts_with("missing_script"))
        .collect();
    assert_eq!(
        got,
        [
            "missing_script .claude/settings.json:2",
            "missing_script libs/deep/a/.gemini/settings.json:1",
            "missing_script services/api/.claude/settings.json:2",
        ],
        "{doc:#}"
    );
    // Each script is looked for in its own project.
    let msg = diagnostics(&doc, "missing_script")[2]["message"]
        .as_str()
        .unwrap();
    assert!(msg.contains("services/api/./api.sh"), "{msg}");
    // The same from a subfolder and from outside the repository.
    let (_, doc, _) = r.lint("repo/services", &[".."]);
    let got = found(&doc);
    assert_eq!(got.len(), 4, "{doc:#}");
    assert!(got[3].contains(" api/.claude/settings.json:2"), "{got:#?}");
    let (_, doc, _) = r.lint("", &["repo"]);
    let got = found(&doc);
    assert_eq!(got.len(), 4, "{doc:#}");
    assert!(
        got[3].contains(" repo/services/api/.claude/settings.json:2"),
        "{got:#?}"
    );
    // The old behaviour: the root's own folders only.
    let (_, doc, _) = r.lint("repo", &[".", "--no-recurse"]);
    assert_eq!(found(&doc), ["missing_script .claude/settings.json:2"]);
}

/// Issue 25 item 1: a Claude plugin repository (`.claude-plugin/plugin.json`, `hooks/hooks.json`
/// at its root) with a broken `hooks/hooks.json` fails `hooks lint .` (it said "No hook files
/// found" and exited 0); a sound one is read as a plugin: scope `plugin`, its root
/// `${CLAUDE_PLUGIN_ROOT}`.
#[test]
fn a_plugin_repository_is_linted_as_a_plugin() {
    let r = Repo::new();
    r.write("repo/.claude-plugin/plugin.json", "{\"name\": \"guard\"}\n")
        .write("repo/hooks/hooks.json", BROKEN_PLUGIN_HOOKS)
        .write("repo/scripts/guard.sh", "");
    for cwd in ["repo", "repo/scripts", ""] {
        let path = match cwd {
            "repo" => ".",
            "repo/scripts" => "..",
            _ => "repo",
        };
        let (code, doc, _) = r.lint(cwd, &[path]);
        assert_eq!(code, 1, "from {cwd:?}: {doc:#}");
        assert_eq!(
            diagnostics(&doc, "missing_hooks_wrapper").len(),
            2,
            "{doc:#}"
        );
    }
    r.write(
        "repo/hooks/hooks.json",
        &format!("{{\"hooks\": {}}}", BROKEN_PLUGIN_HOOKS),
    );
    let (code, doc, _) = r.lint("repo", &["."]);
    assert_eq!(code, 0, "{doc:#}");
    let hooks = doc["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 2, "{doc:#}");
    assert!(hooks.iter().all(|h| h["scope"] == "plugin"), "{doc:#}");
    // `${CLAUDE_PLUGIN_ROOT}` is the repository root: its script exists, and the variable is
    // one Claude sets here (no `plugin_root_outside_plugin`).
    assert!(found(&doc).is_empty(), "{doc:#}");
    std::fs::remove_file(r.path("repo/scripts/guard.sh")).unwrap();
    let (_, doc, _) = r.lint("repo", &["."]);
    assert_eq!(diagnostics(&doc, "missing_script").len(), 2, "{doc:#}");
}

/// Issue 25 item 1: a Gemini extension and a GJC plugin found under a repository are linted as
/// plugins too (`${extensionPath}` is their root).
#[test]
fn gemini_extensions_and_gjc_plugins_are_found() {
    let r = Repo::new();
    r.write("repo/extensions/fmt/gemini-extension.json", "{\"name\": \"fmt\", \"version\": \"1.0.0\"}\n")
        .write(
            "repo/extensions/fmt/hooks/hooks.json",
            "{\"hooks\": {\"BeforeTool\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"${extensionPath}/missing.sh\"}]}]}}\n",
        )
        .write("repo/plugins/g/gajae-plugin.json", "{\"name\": \"g\"");
    let (code, doc, _) = r.lint("repo", &["."]);
    assert_eq!(code, 1, "{doc:#}");
    let got = found(&doc);
    assert!(
        got.contains(&"parse_error plugins/g/gajae-plugin.json:1".to_string()),
        "{got:#?}"
    );
    let missing = diagnostics(&doc, "missing_script");
    assert_eq!(missing.len(), 1, "{doc:#}");
    assert!(missing[0]["message"]
        .as_str()
        .unwrap()
        .contains("extensions/fmt/missing.sh"));
    let hooks = doc["hooks"].as_array().unwrap();
    assert!(hooks.iter().all(|h| h["scope"] == "plugin"), "{doc:#}");
}

/// Issue 25 item 2: matchers that can never fire — an expression, permission-rule syntax —
/// are found for Claude, Codex and Gemini; a regex that can match a tool or an MCP tool is not.
#[test]
fn matchers_that_match_no_tool_of_the_agent_are_found() {
    let r = Repo::new();
    let expr = r#"tool == \"Bash\" && tool_input.command matches \"rm\""#;
    for (file, event) in [
        ("repo/.claude/settings.json", "PreToolUse"),
        ("repo/.codex/hooks.json", "PreToolUse"),
        ("repo/.gemini/settings.json", "BeforeTool"),
    ] {
        let group = |m: &str, c: &str| {
            format!("{{\"matcher\": \"{m}\", \"hooks\": [{{\"type\": \"command\", \"command\": \"echo {c}\"}}]}}")
        };
        r.write(
            file,
            &format!(
                "{{\"hooks\": {{\"{event}\": [{}, {}, {}]}}}}\n",
                group(expr, "1"),
                group("Bash(git status)", "2"),
                group("^(Bash|Edit|mcp_.*)$", "3"),
            ),
        );
    }
    let (_, doc, _) = r.lint("repo", &["."]);
    let nothing = diagnostics(&doc, "matcher_matches_nothing");
    let paths: Vec<&str> = nothing
        .iter()
        .filter(|d| {
            d["message"]
                .as_str()
                .unwrap()
                .contains("tool_input.command")
        })
        .map(|d| d["location"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            ".codex/hooks.json",
            ".claude/settings.json",
            ".gemini/settings.json"
        ],
        "{doc:#}"
    );
    assert!(nothing[0]["message"]
        .as_str()
        .unwrap()
        .contains("MCP tools included"));
    let rules: Vec<&str> = diagnostics(&doc, "permission_rule_as_matcher")
        .iter()
        .map(|d| d["location"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            ".codex/hooks.json",
            ".claude/settings.json",
            ".gemini/settings.json"
        ],
        "{doc:#}"
    );
    // `^(Bash|Edit|mcp_.*)$` can fire: nothing about it.
    assert!(
        !found(&doc)
            .iter()
            .any(|f| f.contains(":1") && f.contains("mcp_")),
        "{doc:#}"
    );
}

/// Issue 25 item 3: a scoped npm package run by a package runner is no script of the project.
#[test]
fn scoped_packages_are_not_scripts() {
    let r = Repo::new();
    for (i, cmd) in [
        "npx -y @scope/package",
        "bunx @scope/tool --flag",
        "pnpm dlx @scope/pkg",
        "yarn dlx @scope/pkg",
        "uvx @scope/pkg",
        "pipx run @scope/pkg",
    ]
    .iter()
    .enumerate()
    {
        r.write(&format!("repo/p{i}/.claude/settings.json"), &settings(cmd));
    }
    let (code, doc, _) = r.lint("repo", &["."]);
    assert_eq!(code, 0, "{doc:#}");
    assert!(diagnostics(&doc, "missing_script").is_empty(), "{doc:#}");
    // A path is still a path.
    r.write(
        "repo/q/.claude/settings.json",
        &settings("npx tsx ./scripts/x.ts"),
    );
    let (_, doc, _) = r.lint("repo", &["."]);
    assert_eq!(diagnostics(&doc, "missing_script").len(), 1, "{doc:#}");
}

/// Issue 25 item 4: a `.jarvis-code/config.toml` (or `.kimi-code/config.toml`) named on the
/// command line is Jarvis's, whatever its content looks like; it was read as jcode.
#[test]
fn the_folder_decides_the_convention_of_a_named_file() {
    let r = Repo::new();
    let text = "default_model = \"k2\"\nhooks = [{ event = \"PreToolUse\", matcher = \"Shell\", command = \"echo hi\" }]\n";
    r.write("repo/.jarvis-code/config.toml", text)
        .write("repo/.kimi-code/config.toml", text);
    for file in [".jarvis-code/config.toml", ".kimi-code/config.toml"] {
        let (code, doc, _) = r.lint("repo", &[file]);
        assert_eq!(code, 0, "{file}: {doc:#}");
        let hooks = doc["hooks"].as_array().unwrap();
        assert_eq!(hooks.len(), 1, "{doc:#}");
        assert_eq!(hooks[0]["convention"], "jarvis");
    }
}

/// Issue 25 item 5: the fix "events outside `"hooks"` move inside it" applies to a plugin file
/// with two events at its top level (all moved at once: "Would fix 0 problems" before), every
/// fixable finding is counted, and one misplaced event is one error, not three.
#[test]
fn events_outside_hooks_are_fixed_all_at_once() {
    let r = Repo::new();
    r.write("repo/.claude-plugin/plugin.json", "{\"name\": \"guard\"}\n")
        .write("repo/hooks/hooks.json", BROKEN_PLUGIN_HOOKS)
        .write("repo/scripts/guard.sh", "");
    let (_, doc, _) = r.lint("repo", &["."]);
    // One error per misplaced event; the rejection of the file is said in the first one.
    assert_eq!(
        found(&doc),
        [
            "missing_hooks_wrapper hooks/hooks.json:2",
            "missing_hooks_wrapper hooks/hooks.json:3"
        ],
        "{doc:#}"
    );
    assert!(diagnostics(&doc, "hooks_file_rejected").is_empty());
    assert!(
        doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["fix"]["applicability"] == "safe"),
        "{doc:#}"
    );
    let home = r.path("home");
    let args = ["lint", ".", "--home", home.to_str().unwrap(), "--no-env"];
    let diff = common::hooks(
        &[&args[..], &["--diff"]].concat(),
        &r.path("repo"),
        &r.path("env-home"),
        r.dir.path(),
    );
    assert_eq!(diff.code, 1, "{}", diff.shown);
    assert!(
        diff.stderr.contains("Would fix 2 problems"),
        "{}",
        diff.shown
    );
    let fix = common::hooks(
        &[&args[..], &["--fix", "--format", "json"]].concat(),
        &r.path("repo"),
        &r.path("env-home"),
        r.dir.path(),
    );
    assert_eq!(fix.code, 0, "{}", fix.shown);
    assert!(
        fix.stderr.contains("Fixed 2 problems (0 remaining)"),
        "{}",
        fix.shown
    );
    let fixed: Value =
        serde_json::from_str(&std::fs::read_to_string(r.path("repo/hooks/hooks.json")).unwrap())
            .unwrap();
    assert_eq!(
        fixed["hooks"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["PreToolUse", "Stop"]
    );
}

/// Issue 25 item 6: Codex project trust and Gemini folder trust depend on the machine: infos
/// where the agent has no state in the home dir (a CI runner), said so, so `--deny-warnings`
/// passes there; warnings where it has.
#[test]
fn machine_trust_is_an_info_on_a_fresh_home() {
    let r = Repo::new();
    r.write("repo/.codex/hooks.json", &settings("echo codex"))
        .write("repo/.gemini/settings.json", "{\"hooks\": {\"BeforeTool\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo gemini\"}]}]}}\n");
    let (code, doc, _) = r.lint("repo", &[".", "--deny-warnings"]);
    assert_eq!(code, 0, "{doc:#}");
    for c in ["codex_project_untrusted", "gemini_folder_untrusted"] {
        let d = diagnostics(&doc, c);
        assert_eq!(d.len(), 1, "{c}: {doc:#}");
        assert_eq!(d[0]["severity"], "info", "{doc:#}");
        assert!(d[0]["message"].as_str().unwrap().contains("CI runner"));
    }
    std::fs::create_dir_all(r.path("home/.codex")).unwrap();
    std::fs::create_dir_all(r.path("home/.gemini")).unwrap();
    let (code, doc, _) = r.lint("repo", &[".", "--deny-warnings"]);
    assert_eq!(code, 1, "{doc:#}");
    for c in ["codex_project_untrusted", "gemini_folder_untrusted"] {
        let d = diagnostics(&doc, c);
        assert_eq!(d[0]["severity"], "warning", "{doc:#}");
        assert!(!d[0]["message"].as_str().unwrap().contains("CI runner"));
    }
}

/// Issue 25 item 6: messages true for every agent (Gemini CLI does expand `${extensionPath}`,
/// in its extensions), an excluded PATH said excluded, and an empty project told what was
/// looked for.
#[test]
fn messages_say_what_is_true() {
    let r = Repo::new();
    r.write(
        "repo/.claude/settings.json",
        &settings("${extensionPath}/run.sh"),
    )
    .write("repo/hooks.toml", "exclude = [\"vendor/\"]\n")
    .write("repo/vendor/x/.claude/settings.json", &settings("./v.sh"));
    std::fs::create_dir_all(r.path("repo/empty")).unwrap();
    let (_, doc, stderr) = r.lint("repo", &[".", "vendor", "empty"]);
    let d = diagnostics(&doc, "unexpanded_placeholder");
    let msg = d[0]["message"].as_str().unwrap();
    assert!(!msg.contains("no agent"), "{msg}");
    assert!(msg.contains("Claude Code does not expand"), "{msg}");
    assert!(
        msg.contains("Gemini CLI expands it in an extension"),
        "{msg}"
    );
    assert!(
        stderr.contains("`vendor` is excluded by hooks.toml (`exclude = [\"vendor/\"]`)"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("no hook files found under `vendor`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("no hook files found under `empty`"),
        "{stderr}"
    );
    for looked_for in [
        "claude-settings: .claude/settings.json",
        "codex-json: .codex/hooks.json",
        "gemini-settings: .gemini/settings.json",
        "gjc: .gjc/hooks/pre/",
    ] {
        assert!(stderr.contains(looked_for), "{stderr}");
    }
}

/// The fenced `sh` block of docs/ci.md after the marker `<!-- ci-example: NAME -->`.
fn ci_example(name: &str) -> String {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ci.md"))
            .unwrap();
    let marker = format!("<!-- ci-example: {name} -->");
    let at = doc
        .find(&marker)
        .unwrap_or_else(|| panic!("no {marker} in docs/ci.md"));
    let rest = &doc[at..];
    let start = rest.find("```sh\n").unwrap() + "```sh\n".len();
    let end = rest[start..].find("```").unwrap();
    rest[start..start + end].to_string()
}

/// Runs a docs/ci.md example with `sh` in `cwd`, `hooks` on `PATH` and `RUNNER_TEMP` a temp dir
/// (as on a GitHub runner): its exit code and output.
fn run_example(script: &str, cwd: &Path, runner_temp: &Path) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_hooks")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(cwd)
        .env("PATH", path)
        .env("RUNNER_TEMP", runner_temp)
        .env("HOME", runner_temp.join("runner-home"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// Issue 25 item 7: docs/ci.md's monorepo example passes on a sound monorepo with Codex hooks
/// (trust is no warning on a runner) and fails when a nested project's file is broken.
#[test]
fn the_ci_doc_monorepo_example_runs() {
    let script = ci_example("monorepo");
    let r = Repo::new();
    r.write("repo/services/api/.codex/hooks.json", &settings("echo ok"))
        .write("repo/libs/a/.claude/settings.json", &settings("echo ok"));
    let (code, out) = run_example(&script, &r.path("repo"), &r.path("runner"));
    assert_eq!(code, 0, "{out}");
    r.write(
        "repo/libs/a/.claude/settings.json",
        "{\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo\"}]}]}\n",
    );
    let (code, out) = run_example(&script, &r.path("repo"), &r.path("runner"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("file=libs/a/.claude/settings.json"), "{out}");
}

/// Issue 25 item 7: docs/ci.md's plugin repository example fails on a broken
/// `hooks/hooks.json` and passes once it is fixed.
#[test]
fn the_ci_doc_plugin_example_runs() {
    let script = ci_example("plugin");
    let r = Repo::new();
    r.write("repo/.claude-plugin/plugin.json", "{\"name\": \"guard\"}\n")
        .write("repo/hooks/hooks.json", BROKEN_PLUGIN_HOOKS)
        .write("repo/scripts/guard.sh", "");
    let (code, out) = run_example(&script, &r.path("repo"), &r.path("runner"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("file=hooks/hooks.json"), "{out}");
    r.write(
        "repo/hooks/hooks.json",
        &format!("{{\"hooks\": {}}}", BROKEN_PLUGIN_HOOKS),
    );
    let (code, out) = run_example(&script, &r.path("repo"), &r.path("runner"));
    assert_eq!(code, 0, "{out}");
}
