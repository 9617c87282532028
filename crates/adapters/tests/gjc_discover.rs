//! GJC directory modules: discovery, lowering and the static scan, over real temp trees.

mod common;

use common::{codes, Tree};
use hook_ir::{Code, Convention, Detail, Handler, Kind, Matcher};

const GJC: &[Convention] = &[Convention::Gjc];

#[test]
fn valid_tree_yields_the_filed_hooks_and_the_other_registered_events() {
    let t = Tree::fixture("gjc", "valid");
    let d = t.discover(GJC);
    let got: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| {
            (
                h.kind,
                h.source_event.as_str(),
                h.matcher.clone(),
                h.timeout_ms,
            )
        })
        .collect();
    let exact = |n: &str| Matcher::Exact {
        names: vec![n.into()],
    };
    assert_eq!(
        got,
        [
            (Kind::PreToolUse, "tool_call", Matcher::Any, None),
            (Kind::Stop, "agent_end", Matcher::Any, Some(30_000)),
            (
                Kind::SessionStart,
                "session_start",
                Matcher::Any,
                Some(30_000)
            ),
            (Kind::PreToolUse, "tool_call", exact("bash"), None),
            (
                Kind::PostToolUse,
                "tool_result",
                exact("Edit"),
                Some(30_000)
            ),
            (
                Kind::UserPromptSubmit,
                "before_agent_start",
                Matcher::Any,
                Some(30_000)
            ),
            (
                Kind::SessionShutdown,
                "session_shutdown",
                Matcher::Any,
                Some(30_000)
            ),
            (Kind::PreToolUse, "tool_call", exact("Write"), None),
        ]
    );
    let h = &d.batch.hooks[3];
    assert_eq!(
        h.handler,
        Handler::Module {
            path: ".gjc/hooks/pre/bash.ts".into()
        }
    );
    let Detail::Module {
        real_path,
        in_process_event,
        tool,
        plugin,
    } = &h.detail
    else {
        panic!("{:?}", h.detail)
    };
    assert!(std::path::Path::new(real_path).is_absolute());
    assert!(real_path.ends_with(".gjc/hooks/pre/bash.ts"));
    assert_eq!(in_process_event, "tool_call");
    assert_eq!(tool.as_deref(), Some("bash"));
    assert!(plugin.is_none());
    // The user dir the code reads is named in an info diagnostic. `post/Edit.js` and
    // `~/.gjc/agent/hooks/pre/Write.mjs` name tools GJC spells in lower case; its filter is exact
    // and case-sensitive (conventions.md §3), so they never fire.
    assert_eq!(
        codes(&d),
        [
            Code::UserHooksDir,
            Code::MatcherMatchesNothing,
            Code::MatcherMatchesNothing
        ]
    );
    assert!(d.batch.diagnostics[0]
        .message
        .contains("~/.gjc/agent/hooks"));
    assert_eq!(
        d.batch.hooks[7].location.path,
        "~/.gjc/agent/hooks/pre/Write.mjs"
    );
    insta::assert_json_snapshot!("gjc_valid", t.redacted(&d));
}

#[test]
fn invalid_tree_reports_each_problem_with_its_code() {
    let t = Tree::fixture("gjc", "invalid");
    let d = t.discover(GJC);
    insta::assert_json_snapshot!("gjc_invalid", t.redacted(&d));
    let c = codes(&d);
    for want in [
        Code::InvalidToolMatcher,
        Code::InvalidSource,
        Code::FiledEventNotRegistered,
        Code::SemanticMismatch,
        Code::InProcessEventOutsideHookIr,
        Code::UserHooksDir,
    ] {
        assert!(c.contains(&want), "missing {want}: {c:?}");
    }
    // Only the docs path exists in home: the message says the code reads the other one.
    let info = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::UserHooksDir)
        .unwrap();
    assert!(
        info.message.contains("found only `~/.gjc/hooks`"),
        "{}",
        info.message
    );
    assert!(
        info.message.contains("~/.gjc/agent/hooks"),
        "{}",
        info.message
    );
    // `turn_end` points at the line of its registration.
    let tm = d
        .batch
        .diagnostics
        .iter()
        .find(|d| d.code == Code::SemanticMismatch)
        .unwrap();
    let loc = tm.location.as_ref().unwrap();
    assert_eq!(
        (loc.path.as_str(), loc.line, loc.column),
        (".gjc/hooks/post/turn.ts", Some(3), Some(7))
    );
    // A file in pre/ registering only tool_result still yields its filed hook, plus an
    // unfiltered post_tool_use hook.
    let read: Vec<_> = d
        .batch
        .hooks
        .iter()
        .filter(|h| h.location.path.ends_with("read.js"))
        .collect();
    assert_eq!(read.len(), 2);
    assert_eq!(
        (read[0].kind, read[1].kind),
        (Kind::PreToolUse, Kind::PostToolUse)
    );
    assert_eq!(read[1].matcher, Matcher::Any);
    // The commented-out registration is not reported.
    assert!(!d
        .batch
        .diagnostics
        .iter()
        .any(|d| d.message.contains("session_before_compact")));
}

#[test]
fn clean_tree_yields_nothing() {
    let t = Tree::fixture("gjc", "clean");
    let d = t.discover(GJC);
    assert!(
        d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty(),
        "{:?}",
        d.batch
    );
    let empty = Tree::empty();
    let d = empty.discover(GJC);
    assert!(d.batch.hooks.is_empty() && d.batch.diagnostics.is_empty());
}

#[cfg(unix)]
#[test]
fn adversarial_entries_are_diagnostics_never_crashes() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::symlink;
    let t = Tree::empty();
    let pre = t.project().join(".gjc/hooks/pre");
    std::fs::create_dir_all(&pre).unwrap();
    let ok = "export default (api) => api.on(\"tool_call\", () => {});\n";
    t.write("project/.gjc/hooks/pre/ok.js", ok);
    t.write("project/.gjc/hooks/pre/a\\b.js", ok);
    // A symlink inside the hooks dir is fine; one leaving it is not.
    t.write("project/.gjc/hooks/shared.js", ok);
    symlink("../shared.js", pre.join("inside.js")).unwrap();
    t.write("outside.js", ok);
    symlink(t.dir.path().join("outside.js"), pre.join("escape.js")).unwrap();
    // A symlink loop and a dangling symlink.
    symlink(pre.join("loop2.js"), pre.join("loop1.js")).unwrap();
    symlink(pre.join("loop1.js"), pre.join("loop2.js")).unwrap();
    symlink(pre.join("nowhere.js"), pre.join("dangling.js")).unwrap();
    // Binary, huge, non-UTF-8 text, non-UTF-8 name, a FIFO.
    t.write("project/.gjc/hooks/pre/blob.js", b"\x7fELF\x00\x01");
    let huge = std::fs::File::create(pre.join("huge.js")).unwrap();
    huge.set_len(adapters::gjc::entries::MAX_MODULE_BYTES + 1)
        .unwrap();
    t.write("project/.gjc/hooks/pre/latin1.js", b"// caf\xe9\n");
    std::fs::write(pre.join(std::ffi::OsStr::from_bytes(b"bad\xffname.js")), ok).unwrap();
    let fifo = std::ffi::CString::new(pre.join("fifo.js").as_os_str().as_bytes()).unwrap();
    let _ = std::process::Command::new("mkfifo")
        .arg(pre.join("fifo.js"))
        .status();
    drop(fifo);
    // `pre` of the project is also the docs path of a home that is the project itself.
    let d = t.discover(&[Convention::Gjc]);
    let names: Vec<_> = d
        .batch
        .hooks
        .iter()
        .map(|h| h.location.path.as_str())
        .collect();
    assert_eq!(names, [".gjc/hooks/pre/inside.js", ".gjc/hooks/pre/ok.js"]);
    let by_file = |f: &str| {
        d.batch
            .diagnostics
            .iter()
            .filter(|d| d.location.as_ref().is_some_and(|l| l.path.ends_with(f)))
            .map(|d| d.code)
            .collect::<Vec<_>>()
    };
    assert_eq!(by_file("a\\b.js"), [Code::InvalidToolMatcher]);
    for f in [
        "escape.js",
        "loop1.js",
        "loop2.js",
        "dangling.js",
        "blob.js",
        "huge.js",
        "latin1.js",
        "fifo.js",
    ] {
        assert_eq!(
            by_file(f),
            [Code::InvalidSource],
            "{f}: {:?}",
            d.batch.diagnostics
        );
    }
    assert!(d
        .batch
        .diagnostics
        .iter()
        .any(|d| d.code == Code::InvalidSource && d.message.contains("not valid UTF-8")));
    insta::assert_json_snapshot!("gjc_adversarial", t.redacted(&d));
}

#[cfg(unix)]
#[test]
fn the_same_module_reached_twice_is_a_duplicate() {
    // `~/.gjc/hooks` symlinked to `~/.gjc/agent/hooks`: one module, two paths.
    let t = Tree::empty();
    t.write(
        "home/.gjc/agent/hooks/pre/bash.js",
        "export default (api) => api.on(\"tool_call\", () => {});\n",
    );
    std::os::unix::fs::symlink(
        t.home().join(".gjc/agent/hooks"),
        t.home().join(".gjc/hooks"),
    )
    .unwrap();
    let d = t.discover(&[Convention::Gjc]);
    assert_eq!(d.batch.hooks.len(), 1);
    assert_eq!(
        codes(&d),
        [Code::UserHooksDir, Code::UserHooksDir, Code::DuplicateHook]
    );
    assert_eq!(
        d.batch.diagnostics[2].location.as_ref().unwrap().path,
        "~/.gjc/hooks/pre/bash.js"
    );
}

#[test]
fn many_modules_in_one_directory_are_all_found_in_name_order() {
    let t = Tree::empty();
    for i in (0..300).rev() {
        t.write(
            &format!("project/.gjc/hooks/post/tool{i:03}.ts"),
            "export default (api) => api.on('tool_result', () => {});\n",
        );
    }
    let d = t.discover(&[Convention::Gjc]);
    assert_eq!(d.batch.hooks.len(), 300);
    assert!(d.batch.diagnostics.is_empty());
    assert!(d
        .batch
        .hooks
        .windows(2)
        .all(|w| w[0].location.path < w[1].location.path));
}
