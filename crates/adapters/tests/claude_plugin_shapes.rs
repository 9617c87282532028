//! Claude Code plugin `hooks/hooks.json` shapes that make every hook of the file (or of the
//! event) dead (issue 13): each gets a diagnostic at its line and column, and no hook of it is
//! accepted. Claude Code 2.1.332's plugin hooks loader (its bundle's messages: "hooks.json must
//! have `hooks` (the hook matchers) or `modules` (hooks modules), or both", "hooks: must be an
//! object mapping event names to matcher arrays; received an array of matchers" / "a single
//! matcher", "<event>: must be an array of matchers; received …; entry ignored") refuses these;
//! the fixture tree is `fixtures/claude-settings/plugin-dead-shapes/` (one plugin per shape, in
//! the plugin cache where Claude installs them).

mod common;

use common::Tree;
use hook_ir::{Code, Convention};

#[test]
fn every_dead_plugin_hooks_json_shape_is_an_error_at_its_place() {
    let t = Tree::fixture("claude-settings", "plugin-dead-shapes");
    let d = t.discover(&[Convention::ClaudeSettings]);
    assert!(
        d.batch.hooks.is_empty(),
        "no hook of these files runs: {:#?}",
        d.batch.hooks
    );
    let at = |plugin: &str| -> Vec<(Code, u32, u32, String)> {
        d.batch
            .diagnostics
            .iter()
            // `hooks_file_rejected` (claude_settings/accepts.rs) may say the same again.
            .filter(|x| x.code != Code::HooksFileRejected)
            .filter(|x| {
                x.location
                    .as_ref()
                    .is_some_and(|l| l.path.contains(&format!("/shapes/{plugin}/")))
            })
            .map(|x| {
                let l = x.location.as_ref().unwrap();
                (
                    x.code,
                    l.line.unwrap(),
                    l.column.unwrap(),
                    x.message.clone(),
                )
            })
            .collect()
    };
    let expect = [
        ("events-at-the-top-level", Code::MissingHooksWrapper, 3, 3, "`PreToolUse` is a hook event written outside `hooks`"),
        ("hooks-is-an-array", Code::WrongValueType, 3, 12, "`hooks` must be an object of events, not an array; Claude reads none of these hooks"),
        ("hooks-is-one-matcher-group", Code::WrongValueType, 3, 12, "`hooks` holds one matcher group, not an object of events; Claude reads none of these hooks"),
        ("hooks-is-a-string", Code::WrongValueType, 2, 12, "`hooks` must be an object of events, not a string"),
        ("root-is-an-array", Code::WrongValueType, 1, 1, "a settings file must be a JSON object, not an array"),
        ("event-is-one-matcher-group", Code::WrongValueType, 3, 19, "`PreToolUse` must be an array of matcher groups, not an object"),
    ];
    for (plugin, code, line, col, start) in expect {
        let found = at(plugin);
        assert_eq!(found.len(), 1, "{plugin}: {found:#?}");
        let (c, l, k, msg) = &found[0];
        assert_eq!((*c, *l, *k), (code, line, col), "{plugin}: {msg}");
        assert!(msg.starts_with(start), "{plugin}: {msg}");
    }
}

#[test]
fn codex_reads_one_matcher_group_under_hooks_as_two_unknown_events() {
    // `matcher` and `hooks` are not events Codex knows: it ignores them and runs nothing
    // (fixtures/codex-hooks-shapes pins that unknown events are ignored, whatever they hold).
    let t = Tree::empty();
    let f = t.write(
        "project/.codex/hooks.json",
        "{\"hooks\": {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}}",
    );
    let d = hooks_rules::load_file(&t.ctx(), &f, Some(Convention::CodexJson));
    assert!(d.batch.hooks.is_empty());
    let found: Vec<_> = d
        .batch
        .diagnostics
        .iter()
        .map(|x| (x.code, x.location.as_ref().and_then(|l| l.column)))
        .collect();
    assert_eq!(
        found,
        [(Code::WrongValueType, Some(11))],
        "{:#?}",
        d.batch.diagnostics
    );
}
