//! The demo's GJC module is a real hook: loaded by a real Node.js the way GJC loads it (default
//! export called with an API whose `on` registers handlers), its `tool_call` handler blocks
//! `rm -rf` and allows everything else.

use std::process::Command;

#[test]
fn the_demo_gjc_module_blocks_rm_rf_and_allows_the_rest() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let module = repo.join("examples/demo/.gjc/hooks/pre/bash.js");
    let script = r#"
        const m = await import(process.argv[1]);
        const handlers = {};
        m.default({ on: (event, handler) => { handlers[event] = handler; } });
        const out = {};
        for (const command of JSON.parse(process.argv[2])) {
          out[command] = handlers.tool_call({ toolName: "bash", input: { command } }) ?? null;
        }
        console.log(JSON.stringify({ events: Object.keys(handlers), out }));
    "#;
    let commands = [
        "rm -rf target",
        "rm -fr /",
        "sudo rm --recursive --force /var",
        "ls -la",
        "rm -r dir",
        "git rm -f x",
    ];
    let out = Command::new("node")
        .args(["--input-type=module", "-e", script])
        .arg(module.to_str().unwrap())
        .arg(serde_json::to_string(&commands).unwrap())
        .output()
        .expect("node (Node.js) is needed to run module hooks");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["events"], serde_json::json!(["tool_call"]));
    for c in &commands[..3] {
        assert_eq!(v["out"][c]["block"], true, "{c}: {v}");
        assert!(v["out"][c]["reason"].as_str().unwrap().contains("rm -rf"));
    }
    for c in &commands[3..] {
        assert_eq!(v["out"][c], serde_json::Value::Null, "{c}: {v}");
    }
}
