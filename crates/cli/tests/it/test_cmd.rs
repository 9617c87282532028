//! `hooks test` through the real binary (issue 27): cases per agent family passing and failing,
//! broken test files with codes and positions, each fault class detected on purpose-built
//! guards in bash and Python (and not reported for guards that handle it), the payload a hook
//! reads equal in shape to the recorded trace, JUnit XML read back by an XML parser, `--init`
//! and `--watch`.

use crate::common::{self, Tree};
use serde_json::Value;
use std::path::Path;

/// Blocks any call whose payload mentions `rm -rf` (exit 2, reason on stderr); reads stdin first.
const GUARD_SH: &str = "#!/bin/sh\ninput=$(cat)\ncase \"$input\" in *'rm -rf'*) echo 'no rm -rf here' >&2; exit 2;; esac\nexit 0\n";

fn json(r: &common::Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.shown))
}

fn exec(t: &Tree, rel: &str, text: &str) -> String {
    t.write(rel, text);
    let p = t.root().join(rel);
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p.display().to_string()
}

/// One guard per runnable command convention, each blocking `rm -rf` on its shell tool.
fn five_families(t: &Tree) {
    let g = exec(t, "project/guard.sh", GUARD_SH);
    let claude_like = |tool: &str| {
        format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "{tool}", "hooks": [{{"type": "command", "command": "{g}"}}]}}]}}}}"#
        )
    };
    t.write("project/.claude/settings.json", &claude_like("Bash"));
    t.write("project/.codex/hooks.json", &claude_like("Bash"));
    t.write(
        "project/.gemini/settings.json",
        &format!(
            r#"{{"hooks": {{"BeforeTool": [{{"matcher": "run_shell_command", "hooks": [{{"type": "command", "command": "{g}"}}]}}]}}}}"#
        ),
    );
    t.write(
        "home/.jarvis-code/config.toml",
        &format!("[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash\"\ncommand = \"{g}\"\n"),
    );
    t.write(
        "home/.jcode/config.toml",
        &format!("[hooks]\npre_tool = \"{g}\"\n"),
    );
    // GJC: an in-process module, run in the JavaScript host.
    t.write(
        "project/.gjc/hooks/pre/bash.js",
        "export default (api) => { api.on('tool_call', (e) => { if (String(e?.input?.command ?? '').includes('rm -rf')) return { block: true, reason: 'no rm -rf here' }; }); };\n",
    );
}

const CASES: &str = r#"
[[case]]
name = "rm -rf is blocked"
event = "pre_tool_use"
tool = "Bash"
input = { command = "rm -rf /" }
[case.expect]
decision = "block"
reason = "no rm -rf"

[[case]]
name = "ls is blocked too (wrong on purpose)"
event = "pre_tool_use"
tool = "Bash"
input = { command = "ls" }
[case.expect]
decision = "block"
"#;

#[test]
fn a_passing_and_a_failing_case_per_agent_family() {
    let t = Tree::new();
    five_families(&t);
    t.write("project/hooks.test.toml", CASES);
    let r = t.run(&["test", ".", "--home", "../home", "--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let doc = json(&r);
    assert_eq!(doc["schema_version"], 1);
    let results = doc["results"].as_array().unwrap();
    let families = [
        "jcode",
        "jarvis",
        "codex-json",
        "claude-settings",
        "gemini-settings",
    ];
    for f in families {
        let of = |case: &str| {
            results
                .iter()
                .find(|x| x["agent"] == f && x["case"].as_str().unwrap().starts_with(case))
                .unwrap_or_else(|| panic!("no {case} result for {f}: {}", r.stdout))
                .clone()
        };
        let pass = of("rm -rf");
        assert_eq!(pass["passed"], true, "{f}: {pass}");
        assert_eq!(pass["actual"]["decision"], "block", "{f}");
        let fail = of("ls");
        assert_eq!(fail["passed"], false, "{f}");
        assert_eq!(fail["expected"]["decision"], "block");
        assert_eq!(fail["actual"]["decision"], "allow");
        assert_eq!(fail["failures"][0], "expected decision block, got allow");
    }
    // The recorded releases are the default; the conventions without one run their own.
    let claude = results
        .iter()
        .find(|x| x["agent"] == "claude-settings")
        .unwrap();
    assert_eq!(claude["agent_version"], "2.1.332");
    let gemini = results
        .iter()
        .find(|x| x["agent"] == "gemini-settings")
        .unwrap();
    assert!(
        gemini["notes"][0]
            .as_str()
            .unwrap()
            .contains("`run_shell_command` under Gemini CLI"),
        "{gemini}"
    );
    assert_eq!(
        doc["summary"],
        serde_json::json!({"passed": 6, "failed": 6})
    );

    // Human: per case and agent, what was expected and what happened, with the hook's outcome.
    let r = t.run(&[
        "test",
        ".",
        "--home",
        "../home",
        "--agent",
        "claude-settings",
    ]);
    assert_eq!(r.code, 1, "{}", r.shown);
    assert!(
        r.stdout
            .contains("PASS rm -rf is blocked [claude-settings@2.1.332]"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("FAIL ls is blocked too (wrong on purpose) [claude-settings@2.1.332]\n  expected decision block, got allow\n"), "{}", r.stdout);
    assert!(
        r.stdout
            .ends_with("1 passed, 1 failed; 0 findings (0 errors)\n"),
        "{}",
        r.stdout
    );

    // All passing: exit 0; from another directory, with --file.
    t.write(
        "cases-ok.toml",
        &CASES[..CASES.find("[[case]]\nname = \"ls").unwrap()],
    );
    let r = common::hooks(
        &[
            "test",
            "project",
            "--home",
            "home",
            "--file",
            "cases-ok.toml",
        ],
        t.root(),
        &t.root().join("elsewhere"),
        t.root(),
    );
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(
        r.stdout
            .ends_with("6 passed, 0 failed; 0 findings (0 errors)\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_broken_test_file_is_exit_2_with_codes_lines_and_columns() {
    let t = Tree::new();
    five_families(&t);
    t.write(
        "project/hooks.test.toml",
        "[[case]]\nname = \"x\"\nevent = \"PreTool\"\nagents = [\"claude-settings@0.0.1\"]\n[case.expect]\ndecison = \"block\"\n",
    );
    let r = t.run(&["test", ".", "--home", "../home", "--format", "json"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    let doc = json(&r);
    let got: Vec<(String, Value, Value)> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["location"]["line"].clone(),
                d["location"]["column"].clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("unknown_test_agent".into(), 4.into(), 11.into()),
            ("invalid_test_file".into(), 6.into(), 1.into()),
        ],
        "{}",
        r.stdout
    );
    let msg = doc["findings"][0]["message"].as_str().unwrap();
    assert!(msg.contains("(recorded: 2.1.332)"), "{msg}");
    // An event no agent has, once the file reads: its own code, at the event.
    t.write(
        "project/hooks.test.toml",
        "[[case]]\nname = \"x\"\nevent = \"PreTool\"\n",
    );
    let r = t.run(&["test", ".", "--home", "../home"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert!(
        r.stdout.contains(
            "error[unknown_test_event]: hooks.test.toml:3:9: case `x`: `PreTool` is not a kind"
        ),
        "{}",
        r.stdout
    );
    // Not TOML.
    t.write("project/hooks.test.toml", "[[case]\n");
    let r = t.run(&["test", ".", "--home", "../home"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert!(
        r.stdout
            .contains("error[invalid_test_file]: hooks.test.toml:1:"),
        "{}",
        r.stdout
    );
    // --agent with an unrecorded version: a usage error naming the recorded ones.
    let r = t.run(&["test", ".", "--agent", "codex-json@9"]);
    assert_eq!(r.code, 2, "{}", r.shown);
    assert!(r.stderr.contains("recorded: 0.171.0"), "{}", r.stderr);
}

/// A bash guard that reads the command with `jq` and blocks `rm -rf`; it exits 0 on anything it
/// cannot read, as most do.
const NAIVE_BASH: &str = "#!/usr/bin/env bash\ncmd=$(jq -r '.tool_input.command')\ncase \"$cmd\" in *'rm -rf'*) echo 'no rm -rf' >&2; exit 2;; esac\nexit 0\n";

/// The same guard, written to fail closed: it checks for jq, refuses what it cannot read.
const CAREFUL_BASH: &str = "#!/usr/bin/env bash\ncommand -v jq >/dev/null 2>&1 || { echo 'jq is missing' >&2; exit 2; }\ninput=$(cat)\n[ -n \"$input\" ] || { echo 'no payload' >&2; exit 2; }\ncmd=$(printf '%s' \"$input\" | jq -er '.tool_input.command') || { echo 'unreadable payload' >&2; exit 2; }\ncase \"$cmd\" in *'rm -rf'*) echo 'no rm -rf' >&2; exit 2;; esac\nexit 0\n";

/// A Python guard that crashes on what it cannot parse (exit 1).
const NAIVE_PY: &str = "import json, sys\ncmd = json.load(sys.stdin)['tool_input']['command']\nif 'rm -rf' in cmd:\n    print('no rm -rf', file=sys.stderr)\n    sys.exit(2)\n";

/// The Python guard that fails closed.
const CAREFUL_PY: &str = "import json, sys\ntry:\n    cmd = json.load(sys.stdin)['tool_input']['command']\nexcept Exception as e:\n    print(f'unreadable payload: {e}', file=sys.stderr)\n    sys.exit(2)\nif 'rm -rf' in cmd:\n    print('no rm -rf', file=sys.stderr)\n    sys.exit(2)\n";

fn claude_with(t: &Tree, commands: &[String]) {
    let hooks: Vec<String> = commands
        .iter()
        .map(|c| {
            format!(
                r#"{{"type": "command", "command": {}}}"#,
                serde_json::to_string(c).unwrap()
            )
        })
        .collect();
    t.write(
        "project/.claude/settings.json",
        &format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [{}]}}]}}}}"#,
            hooks.join(", ")
        ),
    );
}

/// `(code, fault phrase)` of each finding about the hooks of `settings`.
fn findings_for(doc: &Value, settings: &str) -> Vec<(String, String)> {
    doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["location"]["path"] == settings)
        .map(|d| {
            let m = d["message"].as_str().unwrap();
            let when = m
                .split(" when ")
                .nth(1)
                .unwrap_or("")
                .split(':')
                .next()
                .unwrap_or("");
            (d["code"].as_str().unwrap().to_string(), when.to_string())
        })
        .collect()
}

fn fault_run(t: &Tree) -> Value {
    let r = t.run(&[
        "test", ".", "--home", "../home", "--faults", "--format", "json",
    ]);
    assert!(r.code == 0 || r.code == 1, "{}", r.shown);
    json(&r)
}

fn phrases(found: &[(String, String)]) -> Vec<String> {
    let mut p: Vec<String> = found.iter().map(|(c, w)| format!("{c}: {w}")).collect();
    p.sort();
    p
}

#[test]
fn every_fault_class_is_found_on_a_naive_bash_guard_and_not_on_a_careful_one() {
    assert!(
        runner::module_host::find_on_path("jq").is_some(),
        "these tests need jq on PATH (the guards under test use it)"
    );
    let t = Tree::new();
    let naive = exec(&t, "project/naive.sh", NAIVE_BASH);
    claude_with(&t, &[naive]);
    let doc = fault_run(&t);
    let got = phrases(&findings_for(&doc, ".claude/settings.json"));
    assert_eq!(
        got,
        vec![
            "guard_fails_open: `jq` is missing from PATH".to_string(),
            "guard_fails_open: its script naive.sh is missing".into(),
            "guard_fails_open: its script naive.sh is not executable".into(),
            "guard_fails_open: its stdin is empty".into(),
            "guard_fails_open: its stdin is not valid JSON".into(),
            "guard_timeout_allows: it is killed at its timeout (600 s)".into(),
        ],
        "{doc}"
    );
    let jq = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("`jq` is missing"))
        .unwrap();
    assert_eq!(
        jq["message"],
        "under Claude Code this guard ALLOWS `Bash` when `jq` is missing from PATH: it exited 0 (allow) though it blocks this call otherwise, and Claude Code blocks only on exit 2 (or a JSON deny)"
    );
    assert_eq!(jq["severity"], "error");

    // The careful guard: only the timeout, which no guard can handle, is left.
    let t = Tree::new();
    let careful = exec(&t, "project/careful.sh", CAREFUL_BASH);
    // Run through bash, so the exec bit does not matter, and refusing when the script is gone.
    claude_with(
        &t,
        &[format!(
            "[ -f {careful} ] || {{ echo 'guard script missing' >&2; exit 2; }}; bash {careful}"
        )],
    );
    let doc = fault_run(&t);
    let got = phrases(&findings_for(&doc, ".claude/settings.json"));
    assert_eq!(
        got,
        vec![
            "guard_fails_closed: its script careful.sh is missing".to_string(),
            "guard_timeout_allows: it is killed at its timeout (600 s)".into(),
        ],
        "{doc}"
    );
}

#[test]
fn every_fault_class_is_found_on_a_naive_python_guard_and_not_on_a_careful_one() {
    assert!(
        runner::module_host::find_on_path("python3").is_some(),
        "these tests need python3 on PATH"
    );
    let t = Tree::new();
    let naive = exec(&t, "project/naive.py", NAIVE_PY);
    claude_with(&t, &[format!("python3 {naive}")]);
    let doc = fault_run(&t);
    let got = phrases(&findings_for(&doc, ".claude/settings.json"));
    assert_eq!(
        got,
        vec![
            // `python3 missing.py` exits 2: by accident, a block.
            "guard_fails_closed: its script naive.py is missing".to_string(),
            "guard_fails_open: `python3` is missing from PATH".into(),
            "guard_fails_open: its stdin is empty".into(),
            "guard_fails_open: its stdin is not valid JSON".into(),
            "guard_timeout_allows: it is killed at its timeout (600 s)".into(),
        ],
        "{doc}"
    );
    let t = Tree::new();
    let careful = exec(&t, "project/careful.py", CAREFUL_PY);
    claude_with(
        &t,
        &[format!(
            "command -v python3 >/dev/null || {{ echo 'python3 is missing' >&2; exit 2; }}; python3 {careful}"
        )],
    );
    let doc = fault_run(&t);
    let got = phrases(&findings_for(&doc, ".claude/settings.json"));
    assert_eq!(
        got,
        vec![
            "guard_fails_closed: its script careful.py is missing".to_string(),
            "guard_timeout_allows: it is killed at its timeout (600 s)".into(),
        ],
        "{doc}"
    );
}

#[test]
fn a_2_mib_payload_is_a_fault_for_a_guard_that_reads_a_line_only() {
    let t = Tree::new();
    // `head -c` keeps the first 64 KiB: the command, at the end of the payload, is never seen.
    let g = exec(
        &t,
        "project/short.sh",
        "#!/bin/sh\ninput=$(head -c 65536)\ncase \"$input\" in *'rm -rf'*) echo 'no rm -rf' >&2; exit 2;; esac\nexit 0\n",
    );
    claude_with(&t, &[g]);
    let doc = fault_run(&t);
    let got = phrases(&findings_for(&doc, ".claude/settings.json"));
    assert!(
        got.contains(&"guard_fails_open: the payload is 2 MiB".to_string()),
        "{got:?}"
    );
}

#[test]
fn the_payload_a_case_feeds_has_the_keys_the_recorded_agent_sent() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (conv, trace, settings, event, tool) in [
        (
            "claude-settings",
            "claude-2.1.332/pre_json_allow.json",
            ".claude/settings.json",
            "PreToolUse",
            "Bash",
        ),
        (
            "codex-json",
            "codex-0.171.0/pre_json_allow.json",
            ".codex/hooks.json",
            "PreToolUse",
            "Bash",
        ),
        (
            "gemini-settings",
            "gemini-0.61.0/gemini_pre_json_allow.json",
            ".gemini/settings.json",
            "BeforeTool",
            "run_shell_command",
        ),
    ] {
        let path = repo.join("conformance/traces").join(trace);
        let trace: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let recorded = trace["timeline"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["step"] == "hooks" && s["event"] == event)
            .unwrap()["payload"]
            .clone();
        let t = Tree::new();
        let dump = t.root().join("stdin.json");
        t.write(
            &format!("project/{settings}"),
            &format!(
                r#"{{"hooks": {{"{event}": [{{"matcher": "{tool}", "hooks": [{{"type": "command", "command": "cat > {}"}}]}}]}}}}"#,
                dump.display()
            ),
        );
        t.write(
            "project/hooks.test.toml",
            &format!("[[case]]\nname = \"dump\"\nevent = \"pre_tool_use\"\ntool = \"Bash\"\ninput = {{ command = \"ls\" }}\nagents = [\"{conv}\"]\n"),
        );
        let r = t.run(&["test", ".", "--home", "../home"]);
        assert_eq!(r.code, 0, "{}", r.shown);
        let fed: Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
        let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&fed), keys(&recorded), "{conv}: {fed}");
        assert_eq!(fed["tool_name"], recorded["tool_name"], "{conv}");
    }
}

#[test]
fn junit_is_well_formed_and_has_the_common_schema_elements() {
    let t = Tree::new();
    five_families(&t);
    t.write("project/hooks.test.toml", CASES);
    let r = t.run(&["test", ".", "--home", "../home", "--format", "junit"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let doc = roxmltree::Document::parse(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 6);
    let mut cases = 0;
    let mut failures = 0;
    for s in &suites {
        assert_eq!(s.tag_name().name(), "testsuite");
        for a in ["name", "tests", "failures", "errors"] {
            assert!(s.attribute(a).is_some(), "testsuite without {a}");
        }
        let tcs: Vec<_> = s.children().filter(|n| n.is_element()).collect();
        assert_eq!(s.attribute("tests").unwrap(), tcs.len().to_string());
        let f = tcs
            .iter()
            .filter(|c| c.children().any(|x| x.has_tag_name("failure")))
            .count();
        assert_eq!(s.attribute("failures").unwrap(), f.to_string());
        for c in &tcs {
            assert_eq!(c.tag_name().name(), "testcase");
            assert!(c.attribute("name").is_some() && c.attribute("classname").is_some());
            for x in c.children().filter(|n| n.is_element()) {
                assert!(
                    ["failure", "error", "skipped", "system-out", "system-err"]
                        .contains(&x.tag_name().name()),
                    "{}",
                    x.tag_name().name()
                );
                if x.has_tag_name("failure") {
                    assert!(x.attribute("message").is_some());
                }
            }
        }
        cases += tcs.len();
        failures += f;
    }
    assert_eq!(root.attribute("tests").unwrap(), cases.to_string());
    assert_eq!(root.attribute("failures").unwrap(), failures.to_string());
    assert_eq!((cases, failures), (12, 6));
}

#[test]
fn init_writes_a_case_per_gate_hook_that_reads_back_and_never_replaces_a_file() {
    let t = Tree::new();
    five_families(&t);
    let r = t.run(&["test", ".", "--home", "../home", "--init"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let text = t.read("project/hooks.test.toml");
    // One case per gate hook, the GJC module included.
    assert_eq!(text.matches("[[case]]").count(), 6, "{text}");
    let r = t.run(&["test", ".", "--home", "../home", "--format", "json"]);
    let doc = json(&r);
    assert_eq!(doc["summary"]["passed"], 6, "{}", r.stdout);
    assert_eq!(r.code, 0, "{}", r.shown);
    let again = t.run(&["test", ".", "--home", "../home", "--init"]);
    assert_eq!(again.code, 1, "{}", again.shown);
    assert_eq!(t.read("project/hooks.test.toml"), text);
}

#[test]
fn watch_runs_again_when_a_script_changes() {
    use std::io::{BufRead as _, BufReader};
    use std::process::Stdio;
    let t = Tree::new();
    let g = exec(&t, "project/guard.sh", GUARD_SH);
    claude_with(&t, std::slice::from_ref(&g));
    t.write(
        "project/hooks.test.toml",
        &CASES[..CASES.find("[[case]]\nname = \"ls").unwrap()],
    );
    let mut child = common::bin()
        .args(["test", ".", "--home", "../home", "--watch"])
        .current_dir(t.project())
        .env("HOME", t.home())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |want: &str| -> bool {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
            match rx.recv_timeout(left) {
                Ok(l) if l.contains(want) => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
        false
    };
    let first = wait_for("1 passed, 0 failed");
    // The guard stops blocking: the re-run fails the case.
    std::thread::sleep(std::time::Duration::from_millis(300));
    std::fs::write(&g, "#!/bin/sh\ncat >/dev/null\nexit 0\n").unwrap();
    let second = wait_for("0 passed, 1 failed");
    let _ = child.kill();
    let _ = child.wait();
    assert!(first, "no first run");
    assert!(second, "no re-run after the script changed");
}

#[test]
fn the_demo_cases_pass_and_faults_find_its_guard_failing_open() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = |extra: &[&str]| {
        let mut args = vec!["test", "examples/demo", "--home", "examples/demo/home"];
        args.extend_from_slice(extra);
        common::hooks(&args, &repo, &repo.join("examples/demo/home"), &repo)
    };
    let r = run(&[]);
    assert_eq!(r.code, 0, "{}", r.shown);
    assert!(
        r.stdout
            .ends_with("4 passed, 0 failed; 0 findings (0 errors)\n"),
        "{}",
        r.stdout
    );
    let r = run(&["--faults", "--agent", "gjc,codex-json"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    let summary = r.stdout.lines().last().unwrap();
    // The README quotes this line.
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("# → exit 1: {summary}")),
        "README lacks `{summary}`: {}",
        r.stdout
    );
    assert!(
        r.stdout.contains("error[guard_fails_open]: .codex/hooks.json:7:11: under Codex this guard ALLOWS `Bash` when its script scripts/guard.sh is not executable: it exited 126"),
        "{}",
        r.stdout
    );
}

#[test]
fn scenarios_find_a_looping_stop_hook_and_the_calls_no_guard_blocks() {
    let t = Tree::new();
    let g = exec(&t, "project/guard.sh", GUARD_SH);
    t.write(
        "project/.claude/settings.json",
        &format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [{{"type": "command", "command": "{g}"}}]}}],
               "Stop": [{{"hooks": [{{"type": "command", "command": "cat >/dev/null; echo 'run the tests first' >&2; exit 2"}}]}},
                        {{"hooks": [{{"type": "command", "command": "grep -q '\"stop_hook_active\":true' && exit 0; echo 'once more' >&2; exit 2"}}]}}]}}}}"#
        ),
    );
    let r = t.run(&[
        "test",
        ".",
        "--home",
        "../home",
        "--scenarios",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.shown);
    let doc = json(&r);
    let found: Vec<(String, String, Value)> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
                d["location"]["line"].clone(),
            )
        })
        .collect();
    let loops: Vec<_> = found.iter().filter(|f| f.0 == "stop_hook_loops").collect();
    assert_eq!(loops.len(), 1, "{found:?}");
    assert!(
        loops[0]
            .1
            .contains("blocks again when re-fired with stop_hook_active: true"),
        "{found:?}"
    );
    let open: Vec<&str> = found
        .iter()
        .filter(|f| f.0 == "scenario_not_blocked")
        .map(|f| f.1.as_str())
        .collect();
    assert!(!open.iter().any(|m| m.contains("rm -rf")), "{open:?}");
    assert!(
        open.iter().any(|m| m.contains("git push --force")),
        "{open:?}"
    );
    assert!(open.iter().any(|m| m.contains("cat .env")), "{open:?}");
}
