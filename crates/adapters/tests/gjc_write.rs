//! The GJC writer: canonical `.gjc/hooks/{pre,post}/` copies of Claude/Codex directory modules.

mod common;

use adapters::write::{apply, WriteOptions};
use common::Tree;
use hook_ir::{Code, Convention};

fn import(t: &Tree, from: Convention, force: bool) -> adapters::write::Plan {
    let d = t.discover(&[from]);
    adapters::plan_write(
        &t.ctx(),
        Convention::Gjc,
        &d.batch.hooks,
        &WriteOptions {
            force,
            target: None,
            base: None,
        },
    )
}

#[test]
fn claude_modules_are_copied_and_shell_scripts_refused() {
    let t = Tree::fixture("claude-dir", "valid");
    let plan = import(&t, Convention::ClaudeDir, false);
    let targets: Vec<_> = plan.changes.iter().map(|c| c.display.as_str()).collect();
    assert_eq!(targets, [".gjc/hooks/pre/Edit.ts", ".gjc/hooks/post/*.js"]);
    let codes: Vec<_> = plan.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::ShellHookNotModule]);
    assert!(plan.diagnostics[0].message.contains("bash.sh"));
    assert_eq!(apply(&plan).unwrap().len(), 2);
    let copied = std::fs::read_to_string(t.project().join(".gjc/hooks/pre/Edit.ts")).unwrap();
    let source = std::fs::read_to_string(t.project().join(".claude/hooks/pre/Edit.ts")).unwrap();
    assert_eq!(copied, source);
    // The copy is now a GJC hook for the same tool and kind.
    let gjc = t.discover(&[Convention::Gjc]);
    let got: Vec<_> = gjc
        .batch
        .hooks
        .iter()
        .map(|h| (h.kind, h.matcher.clone()))
        .collect();
    let src = t.discover(&[Convention::ClaudeDir]);
    let want: Vec<_> = src
        .batch
        .hooks
        .iter()
        .filter(|h| !h.location.path.ends_with(".sh"))
        .map(|h| (h.kind, h.matcher.clone()))
        .collect();
    assert_eq!(got, want);
    // A second run changes nothing.
    let again = import(&t, Convention::ClaudeDir, false);
    assert!(again.changes.iter().all(|c| c.is_noop()));
    assert!(apply(&again).unwrap().is_empty());
}

#[test]
fn a_differing_target_is_a_conflict_unless_forced() {
    let t = Tree::fixture("codex-dir", "valid");
    t.write("project/.gjc/hooks/pre/bash.ts", "// mine\n");
    let plan = import(&t, Convention::CodexDir, false);
    assert_eq!(plan.changes.len(), 1, "only post/Edit.js is written");
    assert_eq!(plan.diagnostics[0].code, Code::ImportConflict);
    assert_eq!(
        plan.diagnostics[0].location.as_ref().unwrap().path,
        ".gjc/hooks/pre/bash.ts"
    );
    apply(&plan).unwrap();
    assert_eq!(
        std::fs::read_to_string(t.project().join(".gjc/hooks/pre/bash.ts")).unwrap(),
        "// mine\n"
    );
    let forced = import(&t, Convention::CodexDir, true);
    // The overwrite is said, as a warning (it does not hold the plan back).
    assert_eq!(
        forced
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect::<Vec<_>>(),
        [Code::ForcedOverwrite]
    );
    apply(&forced).unwrap();
    assert_eq!(
        std::fs::read_to_string(t.project().join(".gjc/hooks/pre/bash.ts")).unwrap(),
        std::fs::read_to_string(t.project().join(".codex/hooks/pre-bash.ts")).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn the_executable_bit_is_kept() {
    use std::os::unix::fs::PermissionsExt;
    let t = Tree::empty();
    let src = t.write(
        "project/.claude/hooks/post/Write.js",
        "export default () => {}\n",
    );
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o755)).unwrap();
    let plan = import(&t, Convention::ClaudeDir, false);
    assert_eq!(plan.changes[0].mode, Some(0o755));
    apply(&plan).unwrap();
    let mode = std::fs::metadata(t.project().join(".gjc/hooks/post/Write.js"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o755);
}

#[test]
fn gjc_to_gjc_is_a_no_op_and_other_events_of_a_module_are_not_copied_twice() {
    let t = Tree::fixture("gjc", "valid");
    let d = t.discover(&[Convention::Gjc]);
    let project_hooks: Vec<_> = d
        .batch
        .hooks
        .into_iter()
        .filter(|h| !h.location.path.starts_with('~'))
        .collect();
    let plan = adapters::plan_write(
        &t.ctx(),
        Convention::Gjc,
        &project_hooks,
        &WriteOptions::default(),
    );
    assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
    assert_eq!(plan.changes.len(), 3);
    assert!(plan.changes.iter().all(|c| c.is_noop()));
}
