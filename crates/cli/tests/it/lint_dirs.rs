//! `hooks lint --format json` over a real temp tree holding all five directory/JSON conventions
//! (gjc, claude-dir, codex-dir, codex-json, gjc-plugin), run through the real binary.

use crate::common;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn copy_tree(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dst.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), dst.join(e.file_name())).unwrap();
        }
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

const PRE: &str = "export default (api) => { api.on(\"tool_call\", () => {}); };\n";
const POST: &str = "export default (api) => { api.on(\"tool_result\", () => {}); };\n";

fn tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let (p, h) = (dir.path().join("project"), dir.path().join("home"));
    write(&p, ".gjc/hooks/pre/bash.ts", PRE);
    write(&p, ".gjc/hooks/post/turn.ts", "export default (api) => {\n  api.on(\"tool_result\", () => {});\n  api.on(\"turn_end\", () => {});\n};\n");
    write(&h, ".gjc/agent/hooks/post/Write.js", POST);
    write(&p, ".claude/hooks/pre/Edit.ts", PRE);
    write(&p, ".codex/hooks/pre-bash.ts", PRE);
    write(
        &p,
        ".codex/hooks.json",
        "{\n  \"hooks\": {\n    \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./guard.sh\"}]}],\n    \"stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./x.sh\"}]}]\n  }\n}\n",
    );
    // The scripts the project's hooks run exist (a missing one is a `missing_script`).
    write(&p, "guard.sh", "#!/bin/sh\n");
    write(&p, "x.sh", "#!/bin/sh\n");
    write(&h, ".codex/hooks.json", "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./done.sh\", \"timeout\": 20}]}]}}\n");
    copy_tree(
        &fixtures().join("gjc-plugin/valid/project/.gjc/gjc-plugins"),
        &p.join(".gjc/gjc-plugins"),
    );
    (dir, p, h)
}

fn lint(project: &Path, home: &Path) -> (Option<i32>, Value) {
    let out = common::bin()
        .args(["lint", "--format", "json"])
        .current_dir(project)
        .arg(project)
        .arg("--home")
        .arg(home)
        .arg("--no-env")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), v)
}

fn hooks_of(v: &Value) -> Vec<String> {
    v["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            format!(
                "{} {} {} {}",
                h["convention"].as_str().unwrap(),
                h["kind"].as_str().unwrap(),
                h["source_event"].as_str().unwrap(),
                h["location"]["path"].as_str().unwrap()
            )
        })
        .collect()
}

fn diags_of(v: &Value) -> Vec<String> {
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{} {} {}:{}:{}",
                d["severity"].as_str().unwrap(),
                d["code"].as_str().unwrap(),
                d["location"]["path"].as_str().unwrap(),
                d["location"]["line"],
                d["location"]["column"]
            )
        })
        .collect()
}

#[test]
fn every_source_of_the_five_conventions_is_reported_and_errors_exit_1() {
    let (_dir, p, h) = tree();
    let (code, v) = lint(&p, &h);
    assert_eq!(v["schema_version"], 1);
    assert_eq!(
        hooks_of(&v),
        [
            "gjc pre_tool_use tool_call .gjc/hooks/pre/bash.ts",
            "gjc post_tool_use tool_result .gjc/hooks/post/turn.ts",
            "gjc post_tool_use tool_result ~/.gjc/agent/hooks/post/Write.js",
            "claude-dir pre_tool_use pre .claude/hooks/pre/Edit.ts",
            "codex-dir pre_tool_use pre .codex/hooks/pre-bash.ts",
            "codex-json pre_tool_use PreToolUse .codex/hooks.json",
            "codex-json stop Stop ~/.codex/hooks.json",
            "gjc-plugin pre_tool_use tool_call/before .gjc/gjc-plugins/guard/gajae-plugin.json",
            "gjc-plugin post_tool_use tool_call/after .gjc/gjc-plugins/guard/gajae-plugin.json",
            "gjc-plugin post_tool_use tool_result/after .gjc/gjc-plugins/guard/gajae-plugin.json",
            "gjc-plugin session_start session_start .gjc/gjc-plugins/guard/gajae-plugin.json",
            "gjc-plugin session_shutdown session_shutdown .gjc/gjc-plugins/guard/gajae-plugin.json",
        ]
    );
    assert_eq!(
        diags_of(&v),
        [
            "error semantic_mismatch .gjc/hooks/post/turn.ts:3:7",
            "info user_hooks_dir ~/.gjc/agent/hooks:null:null",
            "info import_only_source .claude/hooks:null:null",
            "info import_only_source .codex/hooks:null:null",
            "error unknown_event .codex/hooks.json:4:5",
            // No Codex config trusts the project or the user hook (issue 11, item 5).
            "warning codex_project_untrusted .codex/hooks.json:3:50",
            "warning codex_hook_untrusted ~/.codex/hooks.json:1:32",
            // GJC filters tools by exact, case-sensitive name and spells them in lower case.
            "warning matcher_matches_nothing ~/.gjc/agent/hooks/post/Write.js:null:null",
            "warning matcher_matches_nothing .gjc/gjc-plugins/guard/gajae-plugin.json:16:17",
        ]
    );
    let hook = &v["hooks"][5];
    assert_eq!(
        hook["matcher"],
        serde_json::json!({"type": "exact", "names": ["Bash"]})
    );
    assert_eq!(
        hook["handler"],
        serde_json::json!({"type": "command", "command": "./guard.sh", "exec": "login_shell"})
    );
    assert_eq!(hook["timeout_ms"], 600_000);
    assert_eq!(
        hook["location"],
        serde_json::json!({"path": ".codex/hooks.json", "line": 3, "column": 50})
    );
    assert_eq!(v["hooks"][6]["timeout_ms"], 20_000);
    assert_eq!(
        v["hooks"][0]["handler"],
        serde_json::json!({"type": "module", "path": ".gjc/hooks/pre/bash.ts"})
    );
    assert_eq!(v["hooks"][0]["timeout_ms"], Value::Null);
    assert_eq!(v["diagnostics"][4]["help"], "did you mean `Stop`?");
    assert_eq!(
        v["summary"],
        serde_json::json!({"hooks": 12, "errors": 2, "warnings": 4, "infos": 3})
    );
    assert_eq!(code, Some(1), "errors exist");
}

#[test]
fn warnings_and_infos_alone_exit_0() {
    let (_dir, p, h) = tree();
    write(&p, ".gjc/hooks/post/turn.ts", "export default (api) => { api.on(\"tool_result\", () => {}); api.on(\"context\", (c) => c); };\n");
    write(&p, ".codex/hooks.json", "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./guard.sh\"}]}], \"Stop\": [{\"matcher\": \"x\", \"hooks\": [{\"type\": \"command\", \"command\": \"./x.sh\"}]}]}}\n");
    let (code, v) = lint(&p, &h);
    assert_eq!(v["summary"]["errors"], 0, "{v}");
    // in_process_event_outside_hook_ir, matcher_has_no_effect, Codex's trust of the project and
    // of the user hook, and the two GJC tool names in the wrong case (`Write.js`, the plugin's
    // `"target": "Edit"`).
    assert_eq!(v["summary"]["warnings"], 6, "{v}");
    assert_eq!(code, Some(0));
    // Hash drift in the plugin is an error again.
    write(&p, ".gjc/gjc-plugins/guard/hooks/guard.js", "// tampered\n");
    let (code, v) = lint(&p, &h);
    assert!(
        diags_of(&v)
            .iter()
            .any(|d| d.starts_with("error hash_drift .gjc/gjc-plugins/guard/hooks/guard.js")),
        "{v}"
    );
    assert!(!hooks_of(&v).iter().any(|h| h.starts_with("gjc-plugin")));
    assert_eq!(code, Some(1));
}

#[test]
fn a_tree_without_hooks_is_clean() {
    let dir = tempfile::tempdir().unwrap();
    let (p, h) = (dir.path().join("project"), dir.path().join("home"));
    std::fs::create_dir_all(&p).unwrap();
    std::fs::create_dir_all(&h).unwrap();
    let (code, v) = lint(&p, &h);
    assert_eq!(
        v["summary"],
        serde_json::json!({"hooks": 0, "errors": 0, "warnings": 0, "infos": 0})
    );
    assert_eq!(code, Some(0));
}
