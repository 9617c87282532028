//! `hooks run` end to end: the real binary on the fixture trees under `fixtures/run/` (each named
//! after what it exercises), real hook processes and a real Node.js host for GJC modules. Every
//! answer is checked against design.md's `hooks run` JSON exactly (keys, their order, types),
//! with only `duration_ms` normalized.

use crate::common;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/run")
        .join(rel)
}

/// `hooks run ARGS` with a scrubbed environment: no ambient `JCODE_*` (the tests set what they
/// exercise), `SHELL=/bin/sh` (which Codex ignores: it runs the login shell), HOME pointing at
/// an empty dir.
fn hooks(args: &[&str], env: &[(&str, &str)]) -> Output {
    let scratch = tempfile::tempdir().unwrap();
    let mut cmd = common::bin();
    cmd.arg("run")
        .args(args)
        .current_dir(scratch.path())
        .env("HOME", scratch.path())
        .env("SHELL", "/bin/sh");
    for (k, _) in std::env::vars() {
        if k.starts_with("JCODE_") {
            cmd.env_remove(k);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the hooks binary runs")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Whether the directory `pwd` printed is `dir` (`pwd` may print the physical path where the
/// temp dir is behind a symlink, as on macOS).
fn same_dir(printed: &str, dir: &Path) -> bool {
    Path::new(printed).canonicalize().ok() == dir.canonicalize().ok() && !printed.is_empty()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Checks that `o` exited 0 and printed design.md's `hooks run` document, and returns it with
/// every `duration_ms` set to 0 (after checking it is a non-negative integer).
fn run_json(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    let mut v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    });
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "schema_version",
            "kind",
            "decision",
            "reason",
            "context",
            "updated_input",
            "tool_output",
            "continuation",
            "stop",
            "hooks"
        ],
        "top-level keys in design.md's order, then the fields v1 gained (issue 11)"
    );
    for h in v["hooks"].as_array_mut().unwrap() {
        let keys: Vec<&str> = h.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["id", "outcome", "exit_code", "duration_ms"], "{h}");
        assert!(h["duration_ms"].is_u64(), "{h}");
        h["duration_ms"] = json!(0);
    }
    v
}

fn outcome(id: &str, outcome: &str, exit_code: Option<i32>) -> Value {
    json!({"id": id, "outcome": outcome, "exit_code": exit_code, "duration_ms": 0})
}

fn doc(kind: &str, reason: Option<&str>, context: &[&str], hooks: Vec<Value>) -> Value {
    json!({
        "schema_version": 1,
        "kind": kind,
        "decision": if reason.is_some() { "block" } else { "allow" },
        "reason": reason,
        "context": context,
        "updated_input": null,
        "tool_output": null,
        "continuation": null,
        "stop": null,
        "hooks": hooks,
    })
}

// ---- Jarvis (conventions.md §2) ----

const JARVIS: &str = "jarvis-block-allow-context/home";

#[test]
fn jarvis_pre_tool_use_exit_2_blocks_with_its_trimmed_stderr() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JARVIS);
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "Bash",
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("Bash is not allowed here"),
            &[],
            vec![outcome(
                "jarvis:~/.jarvis-code/config.toml:0",
                "blocked",
                Some(2)
            )]
        )
    );
}

#[test]
fn jarvis_pre_tool_use_exit_0_allows_and_only_the_matching_hook_runs() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JARVIS);
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "Read",
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            None,
            &[],
            vec![outcome(
                "jarvis:~/.jarvis-code/config.toml:1",
                "allowed",
                Some(0)
            )]
        )
    );
}

#[test]
fn jarvis_user_prompt_submit_stdout_becomes_wrapped_context() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JARVIS);
    let o = hooks(
        &[
            "user_prompt_submit",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--prompt",
            "deploy to staging",
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "user_prompt_submit",
            None,
            &["<hook_result hook_event=\"UserPromptSubmit\">\nstaging is frozen until Monday\n</hook_result>"],
            vec![outcome("jarvis:~/.jarvis-code/config.toml:2", "allowed", Some(0))]
        )
    );
}

#[test]
fn jarvis_hooks_run_in_the_project_directory_with_the_payload_on_stdin() {
    let tree = tempfile::tempdir().unwrap();
    let project = tree.path().join("project");
    let home = tree.path().join("home");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(home.join(".jarvis-code")).unwrap();
    // The block reason carries the hook's cwd, then the JSON it read on stdin.
    std::fs::write(
        home.join(".jarvis-code/config.toml"),
        "[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"pwd >&2; cat >&2; exit 2\"\n",
    )
    .unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(&project),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "Bash",
            "--input",
            r#"{"command":"ls"}"#,
        ],
        &[],
    );
    let v = run_json(&o);
    let reason = v["reason"].as_str().unwrap();
    let (cwd, stdin) = reason.split_once('\n').unwrap();
    assert!(same_dir(cwd, &project), "{cwd}");
    let payload: Value = serde_json::from_str(stdin).unwrap();
    assert_eq!(payload["hook_event_name"], "PreToolUse");
    assert_eq!(payload["cwd"], s(&project));
    assert_eq!(payload["tool_name"], "Bash");
    assert_eq!(payload["tool_input"], json!({"command": "ls"}));
}

// ---- jcode (conventions.md §1) ----

const JCODE: &str = "jcode-gate-blocks/home";

#[test]
fn jcode_pre_tool_gate_from_home_config_blocks_with_the_compact_tool_input_on_stdin() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JCODE);
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "bash",
            "--input",
            r#"{ "command": "ls -la" }"#,
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some(r#"config gate: {"command":"ls -la"}"#),
            &[],
            vec![outcome(
                "jcode:~/.jcode/config.toml:pre_tool:0",
                "blocked",
                Some(2)
            )]
        )
    );
}

#[test]
fn jcode_env_override_replaces_the_config_gate_and_no_env_ignores_it() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JCODE);
    let env = [("JCODE_HOOK_PRE_TOOL", "sh -c 'echo env gate >&2; exit 2'")];
    let args = [
        "pre_tool_use",
        s(project.path()),
        "--home",
        s(&home),
        "--tool",
        "bash",
    ];
    let o = hooks(&args, &env);
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("env gate"),
            &[],
            vec![outcome(
                "jcode:env:JCODE_HOOK_PRE_TOOL:0",
                "blocked",
                Some(2)
            )]
        ),
        "the environment override wins over the file, as in jcode"
    );
    let mut no_env = args.to_vec();
    no_env.push("--no-env");
    let o = hooks(&no_env, &env);
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("config gate: {}"),
            &[],
            vec![outcome(
                "jcode:~/.jcode/config.toml:pre_tool:0",
                "blocked",
                Some(2)
            )]
        ),
        "--no-env: the file's gate, the override ignored"
    );
}

#[test]
fn jcode_hooks_disabled_in_the_environment_runs_no_jcode_hook_and_says_why() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture(JCODE);
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "bash",
        ],
        // Set to the empty string: jcode checks presence, not value.
        &[("JCODE_HOOKS_DISABLED", "")],
    );
    assert_eq!(run_json(&o), doc("pre_tool_use", None, &[], vec![]));
    assert!(
        stderr(&o).contains("JCODE_HOOKS_DISABLED"),
        "{}",
        stderr(&o)
    );
}

// ---- Codex hooks.json (conventions.md §4) ----

#[test]
fn codex_json_pre_tool_use_exit_2_with_stderr_blocks_and_prompt_stdout_is_context() {
    let project = fixture("codex-json-blocks/project");
    let home = tempfile::tempdir().unwrap();
    let base = ["--home", s(home.path()), "--no-env"];
    let o = hooks(
        &[&["pre_tool_use", s(&project), "--tool", "Bash"][..], &base].concat(),
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("codex: not on this repo"),
            &[],
            vec![outcome(
                "codex-json:.codex/hooks.json:PreToolUse:0:0",
                "blocked",
                Some(2)
            )]
        )
    );
    let o = hooks(
        &[
            &["user_prompt_submit", s(&project), "--prompt", "hi"][..],
            &base,
        ]
        .concat(),
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "user_prompt_submit",
            None,
            &["codex: read CONTRIBUTING.md first"],
            vec![outcome(
                "codex-json:.codex/hooks.json:UserPromptSubmit:0:0",
                "allowed",
                Some(0)
            )]
        )
    );
}

// ---- Claude settings (conventions.md §5) ----

#[test]
fn claude_settings_permission_decision_deny_blocks_and_unmatched_tools_run_nothing() {
    let project = fixture("claude-settings-denies/project");
    let home = tempfile::tempdir().unwrap();
    let base = ["--home", s(home.path()), "--no-env"];
    let o = hooks(
        &[&["pre_tool_use", s(&project), "--tool", "Edit"][..], &base].concat(),
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("claude: generated files are read-only"),
            &[],
            vec![outcome(
                "claude-settings:.claude/settings.json:PreToolUse:0:0",
                "blocked",
                Some(0)
            )]
        )
    );
    let o = hooks(
        &[&["pre_tool_use", s(&project), "--tool", "Bash"][..], &base].concat(),
        &[],
    );
    assert_eq!(run_json(&o), doc("pre_tool_use", None, &[], vec![]));
}

#[test]
fn an_explicit_project_settings_file_runs_its_commands_from_the_project_root() {
    // Regression: with `.claude/settings.json` (or `.codex/hooks.json`) as PATH, hooks ran in
    // `.claude/`, so a project-relative `./script.sh` was not found and the gate failed open.
    let tree = tempfile::tempdir().unwrap();
    let project = tree.path().join("project");
    std::fs::create_dir_all(project.join(".claude")).unwrap();
    std::fs::create_dir_all(project.join(".codex")).unwrap();
    let script = project.join("gate.sh");
    std::fs::write(&script, "#!/bin/sh\necho \"gate in $(pwd)\" >&2\nexit 2\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let entry =
        r#"{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./gate.sh"}]}]}}"#;
    std::fs::write(project.join(".claude/settings.json"), entry).unwrap();
    std::fs::write(project.join(".codex/hooks.json"), entry).unwrap();
    for file in [".claude/settings.json", ".codex/hooks.json"] {
        let o = hooks(
            &[
                "pre_tool_use",
                s(&project.join(file)),
                "--home",
                s(tree.path()),
                "--no-env",
                "--tool",
                "Bash",
            ],
            &[],
        );
        let v = run_json(&o);
        let reason = v["reason"].as_str().unwrap_or("");
        let dir = reason.strip_prefix("gate in ").unwrap_or("");
        assert!(same_dir(dir, &project), "{file}: {v}");
    }
}

// ---- Timeouts ----

/// Whether process `pid` has ended (gone, or a zombie waiting for its reaper), waiting for it
/// up to 20 s: generous, since only "it ends" is asserted, never when.
fn ended(pid: u32) -> bool {
    for _ in 0..400 {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat
                    .rsplit(')')
                    .next()
                    .is_some_and(|r| r.trim_start().starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
    false
}

#[test]
fn a_jcode_gate_past_its_timeout_is_timed_out_and_allows() {
    // The fixture's gate (`sleep 30` with `pre_tool_timeout_ms = 200`), told apart by what it
    // does rather than by a measured time: it starts (it writes its pid), it is reported
    // `timed_out`, and the process is killed rather than left running its 30 s.
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let pidfile = home.path().join("gate.pid");
    let fixture_text =
        std::fs::read_to_string(fixture("timeout/jcode-home/.jcode/config.toml")).unwrap();
    let config = fixture_text.replace(
        "pre_tool = \"sleep 30\"",
        &format!(
            "pre_tool = \"sh -c 'echo $$ > {}; exec sleep 30'\"",
            s(&pidfile)
        ),
    );
    assert_ne!(config, fixture_text, "the fixture's gate line moved");
    std::fs::create_dir_all(home.path().join(".jcode")).unwrap();
    std::fs::write(home.path().join(".jcode/config.toml"), config).unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(home.path()),
            "--no-env",
            "--tool",
            "bash",
        ],
        &[],
    );
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .expect("the gate started before it was timed out")
        .trim()
        .parse()
        .unwrap();
    assert!(
        ended(pid),
        "the timed-out gate (pid {pid}) is still running"
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            None,
            &[],
            vec![outcome(
                "jcode:~/.jcode/config.toml:pre_tool:0",
                "timed_out",
                None
            )]
        )
    );
}

#[test]
fn a_jarvis_gate_past_its_timeout_is_timed_out_and_allows_although_it_would_block() {
    let project = tempfile::tempdir().unwrap();
    let home = fixture("timeout/jarvis-home");
    let o = hooks(
        &[
            "pre_tool_use",
            s(project.path()),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "Bash",
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            None,
            &[],
            vec![outcome(
                "jarvis:~/.jarvis-code/config.toml:0",
                "timed_out",
                None
            )]
        )
    );
    assert!(
        stderr(&o).contains("note: hook `jarvis:~/.jarvis-code/config.toml:0` timed out"),
        "{}",
        stderr(&o)
    );
}

// ---- GJC native hook modules (issue 6, conventions.md §3) ----

#[test]
fn issue_6_done_when_a_gjc_bash_module_blocks_rm_rf_and_allows_ls() {
    let project = fixture("gjc-module-blocks-rm/project");
    let home = tempfile::tempdir().unwrap();
    let run = |input: &str| {
        hooks(
            &[
                "pre_tool_use",
                "--tool",
                "bash",
                s(&project),
                "--input",
                input,
                "--home",
                s(home.path()),
                "--no-env",
            ],
            &[],
        )
    };
    assert_eq!(
        run_json(&run(r#"{"command":"rm -rf /"}"#)),
        doc(
            "pre_tool_use",
            Some("gjc guard: refusing `rm -rf /`"),
            &[],
            vec![outcome("gjc:.gjc/hooks/pre/bash.js", "blocked", None)]
        )
    );
    assert_eq!(
        run_json(&run(r#"{"command":"ls"}"#)),
        doc(
            "pre_tool_use",
            None,
            &[],
            vec![outcome("gjc:.gjc/hooks/pre/bash.js", "allowed", None)]
        )
    );
}

#[test]
fn a_gjc_module_is_filtered_by_its_exact_case_sensitive_tool_name() {
    let project = fixture("gjc-module-blocks-rm/project");
    let home = tempfile::tempdir().unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(&project),
            "--home",
            s(home.path()),
            "--no-env",
            "--tool",
            "BASH",
            "--input",
            r#"{"command":"rm -rf /"}"#,
        ],
        &[],
    );
    // `BASH` is no agent's tool: nothing maps it to GJC's `bash`, the exact matcher skips it.
    assert_eq!(run_json(&o), doc("pre_tool_use", None, &[], vec![]));
}

#[test]
fn tool_names_are_spelled_per_agent_and_the_mapping_is_said() {
    // Issue 27: `--tool Bash` (Claude's spelling) used to skip GJC's `bash` guard silently.
    let project = fixture("gjc-module-blocks-rm/project");
    let home = tempfile::tempdir().unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(&project),
            "--home",
            s(home.path()),
            "--no-env",
            "--tool",
            "Bash",
            "--input",
            r#"{"command":"rm -rf /"}"#,
        ],
        &[],
    );
    assert_eq!(
        run_json(&o),
        doc(
            "pre_tool_use",
            Some("gjc guard: refusing `rm -rf /`"),
            &[],
            vec![outcome("gjc:.gjc/hooks/pre/bash.js", "blocked", None)]
        )
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("note: `Bash` is `bash` under GJC (the tool table): hook `gjc:.gjc/hooks/pre/bash.js` run for `bash`, which `Bash` as written would skip"),
        "{err}"
    );
}

// A module that does not load (a syntax error, a TypeScript module without Bun): the tests are
// in run_module_runtime.rs.

#[test]
fn a_gjc_module_sees_the_project_as_its_cwd() {
    // Regression: through the Runner's seam the host ignored the session cwd, so a handler's
    // `ctx.cwd` (and `api.exec`) was wherever `hooks` itself was started.
    let tree = tempfile::tempdir().unwrap();
    let project = tree.path().join("project");
    let module = project.join(".gjc/hooks/pre/bash.js");
    std::fs::create_dir_all(module.parent().unwrap()).unwrap();
    std::fs::write(
        &module,
        "export default (api) => { api.on(\"tool_call\", (_e, ctx) => ({ block: true, reason: `cwd=${ctx.cwd}` })); };\n",
    )
    .unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(&project),
            "--home",
            s(tree.path()),
            "--no-env",
            "--tool",
            "bash",
        ],
        &[],
    );
    assert_eq!(
        run_json(&o)["reason"],
        json!(format!("cwd={}", project.display()))
    );
}

// ---- GJC plugins (conventions.md §3) ----

const PLUGIN: &str = "gjc-plugin-guard/project";

#[test]
fn a_plugin_hook_with_the_registry_hash_runs_in_the_constrained_host() {
    let project = fixture(PLUGIN);
    let home = tempfile::tempdir().unwrap();
    let run = |input: &str| {
        hooks(
            &[
                "pre_tool_use",
                s(&project),
                "--home",
                s(home.path()),
                "--no-env",
                "--tool",
                "bash",
                "--input",
                input,
            ],
            &[],
        )
    };
    assert_eq!(
        run_json(&run(r#"{"command":"git push origin main"}"#)),
        doc(
            "pre_tool_use",
            Some("plugin guard: pushes go through review"),
            &[],
            vec![outcome("gjc-plugin:guard:bash-guard", "blocked", None)]
        )
    );
    assert_eq!(
        run_json(&run(r#"{"command":"git status"}"#)),
        doc(
            "pre_tool_use",
            None,
            &[],
            vec![outcome("gjc-plugin:guard:bash-guard", "allowed", None)]
        )
    );
}

/// Copies `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

#[test]
fn a_plugin_whose_file_drifted_from_its_registry_hash_is_not_run_and_lint_reports_hash_drift() {
    let tree = tempfile::tempdir().unwrap();
    let project = tree.path().join("project");
    let home = tree.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    copy_tree(&fixture(PLUGIN), &project);
    // Edited after install: the guard would now block everything.
    let guard = project.join(".gjc/gjc-plugins/guard/hooks/guard.js");
    std::fs::write(
        &guard,
        "export default (api) => { api.on(\"tool_call\", () => ({ block: true, reason: \"tampered\" })); };\n",
    )
    .unwrap();
    let o = hooks(
        &[
            "pre_tool_use",
            s(&project),
            "--home",
            s(&home),
            "--no-env",
            "--tool",
            "bash",
            "--input",
            r#"{"command":"git push"}"#,
        ],
        &[],
    );
    assert_eq!(run_json(&o), doc("pre_tool_use", None, &[], vec![]));

    let lint = common::bin()
        .args([
            "lint",
            s(&project),
            "--home",
            s(&home),
            "--no-env",
            "--format",
            "json",
        ])
        .current_dir(&project)
        .output()
        .unwrap();
    assert_eq!(lint.status.code(), Some(1), "hash drift is an error");
    let v: Value = serde_json::from_slice(&lint.stdout).unwrap();
    let drift: Vec<&Value> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "hash_drift")
        .collect();
    assert_eq!(drift.len(), 1, "{v}");
    assert_eq!(
        drift[0]["location"]["path"],
        ".gjc/gjc-plugins/guard/hooks/guard.js"
    );
    assert_eq!(
        v["summary"]["hooks"], 0,
        "no hook of the quarantined plugin: {v}"
    );
}

// ---- What the agent does with the answers (issue 11): the fields v1 gained ----

/// A project whose `.codex/hooks.json` is `json`, in a temp dir.
fn codex_project(json: &str) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(d.path().join(".codex")).unwrap();
    std::fs::write(d.path().join(".codex/hooks.json"), json).unwrap();
    d
}

#[test]
fn codex_post_tool_use_exit_2_shows_the_replaced_tool_output() {
    let d = codex_project(
        r#"{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo 'secret redacted' >&2; exit 2"}]}]}}"#,
    );
    let o = hooks(&["post_tool_use", s(d.path()), "--tool", "Bash"], &[]);
    let v = run_json(&o);
    assert_eq!(v["decision"], "allow");
    assert_eq!(
        v["tool_output"],
        json!({"content": "secret redacted", "details": null, "is_error": null}),
        "Codex gives the model the hook's stderr instead of the tool output"
    );
    assert_eq!(v["hooks"][0]["outcome"], "blocked");
    // Codex will skip the hook until the project and the hook are trusted: `hooks run` says so.
    assert!(
        stderr(&o).contains("codex_project_untrusted"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn stop_continuation_rewritten_input_and_continue_false_are_shown() {
    let d = codex_project(
        r#"{"hooks": {
            "Stop": [{"hooks": [{"type": "command", "command": "echo '{\"decision\":\"block\",\"reason\":\"run the tests\"}'"}]}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"command\":\"ls -a\"}}}'"}]}],
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo '{\"continue\":false,\"stopReason\":\"quota\"}'"}]}]
        }}"#,
    );
    let v = run_json(&hooks(&["stop", s(d.path())], &[]));
    assert_eq!(v["decision"], "block");
    assert_eq!(v["continuation"], "run the tests");
    let v = run_json(&hooks(
        &[
            "pre_tool_use",
            s(d.path()),
            "--tool",
            "Bash",
            "--input",
            r#"{"command":"ls"}"#,
        ],
        &[],
    ));
    assert_eq!(v["updated_input"], json!({"command": "ls -a"}));
    let v = run_json(&hooks(
        &["user_prompt_submit", s(d.path()), "--prompt", "hi"],
        &[],
    ));
    assert_eq!(v["decision"], "block");
    assert_eq!(
        v["stop"],
        json!({"hook": "codex-json:.codex/hooks.json:UserPromptSubmit:0:0", "reason": "quota"})
    );
}
