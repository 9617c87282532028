//! `hooks import --from claude-dir|codex-dir --to gjc` through the real binary: the canonical
//! `.gjc/hooks/{pre,post}/` copies appear, byte for byte, and are then what `hooks lint`
//! reports as GJC hooks; a shell script is refused with `shell_hook_not_module`.

use crate::common;
use common::Tree;

const PRE: &str = "export default (api) => {\n  api.on(\"tool_call\", async (event) => {\n    if (String(event.input?.command).includes(\"rm -rf\")) return { block: true, reason: \"no\" };\n  });\n};\n";
const POST: &str =
    "export default (api) => {\n  api.on(\"tool_result\", async () => undefined);\n};\n";

/// The GJC hooks `hooks lint --format json` reports: (kind, source_event, matcher, location).
fn gjc_hooks(t: &Tree) -> Vec<serde_json::Value> {
    let r = t.run(&["lint", ".", "--home", "../home", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["convention"] == "gjc")
        .map(|h| {
            serde_json::json!({
                "kind": h["kind"],
                "source_event": h["source_event"],
                "matcher": h["matcher"],
                "handler": h["handler"],
                "location": h["location"]["path"],
            })
        })
        .collect()
}

#[test]
fn claude_dir_modules_are_copied_to_gjc_and_a_shell_script_is_refused() {
    let t = Tree::new();
    t.write("project/.claude/hooks/pre/Bash.ts", PRE);
    t.write("project/.claude/hooks/post/Edit.js", POST);
    t.write("project/.claude/hooks/pre/Write.sh", "#!/bin/sh\nexit 0\n");
    assert!(gjc_hooks(&t).is_empty());

    let r = t.import("claude-dir", "gjc", &["--format", "human"]);
    // The script kept one hook from moving: exit 1, the modules are written all the same.
    assert_eq!(r.code, 1, "{}", r.shown);
    insta::assert_snapshot!("claude_dir_to_gjc", r.shown);
    // GJC names its tools `bash` and `edit` (issue 14): a `Bash.ts` copy would never fire.
    assert_eq!(t.read("project/.gjc/hooks/pre/bash.ts"), PRE);
    assert_eq!(t.read("project/.gjc/hooks/post/edit.js"), POST);
    assert!(!t.root().join("project/.gjc/hooks/pre/Bash.ts").exists());
    assert!(!t.root().join("project/.gjc/hooks/pre/Write.sh").exists());
    insta::assert_json_snapshot!("claude_dir_to_gjc_lint", gjc_hooks(&t));

    // Again: nothing changes, and that exits 0 (docs/cli.md; issue 24: it exited 1 because of
    // the loss the first run reported).
    let before = t.files();
    let again = t.import("claude-dir", "gjc", &["--format", "human"]);
    assert_eq!(again.code, 0, "{}", again.shown);
    assert!(
        again.stdout.contains("unchanged .gjc/hooks/pre/bash.ts"),
        "{}",
        again.shown
    );
    assert_eq!(t.files(), before);
}

#[test]
fn codex_dir_modules_are_copied_to_gjc() {
    let t = Tree::new();
    t.write("project/.codex/hooks/pre-Bash.ts", PRE);
    t.write("project/.codex/hooks/post-Edit.js", POST);
    let r = t.import("codex-dir", "gjc", &["--format", "human"]);
    assert_eq!(r.code, 0, "{}", r.shown);
    insta::assert_snapshot!("codex_dir_to_gjc", r.shown);
    assert_eq!(t.read("project/.gjc/hooks/pre/bash.ts"), PRE);
    // Codex matches `Edit` on its `apply_patch`, which both edits and writes: GJC's `edit` and
    // `write` each get the module.
    assert_eq!(t.read("project/.gjc/hooks/post/edit.js"), POST);
    assert_eq!(t.read("project/.gjc/hooks/post/write.js"), POST);
    insta::assert_json_snapshot!("codex_dir_to_gjc_lint", gjc_hooks(&t));
}

#[test]
fn a_differing_gjc_copy_is_a_conflict_unless_forced() {
    let t = Tree::new();
    t.write("project/.codex/hooks/pre-Bash.ts", PRE);
    t.write("project/.gjc/hooks/pre/bash.ts", "// my own\n");
    let before = t.files();
    let r = t.import("codex-dir", "gjc", &["--format", "human"]);
    assert_eq!(r.code, 1, "{}", r.shown);
    insta::assert_snapshot!("codex_dir_to_gjc_conflict", r.shown);
    assert_eq!(t.files(), before, "nothing is written");
    let forced = t.import("codex-dir", "gjc", &["--format", "human", "--force"]);
    assert_eq!(forced.code, 0, "{}", forced.shown);
    assert_eq!(t.read("project/.gjc/hooks/pre/bash.ts"), PRE);
}
