//! jcode, exactly (issue 12, "jcode" 1, 5, 6). Each test runs real hook processes and cites the
//! line of 1jehuang/jcode@6da6124 it follows.

mod common;

use common::*;
use hook_ir::Convention::Jcode;
use runner::{Event, RunnerOptions, Verdict};
use serde_json::json;

/// jcode 1: `crates/jcode-app-core/src/tool/mod.rs`: `let input_json = input.to_string();` on a
/// `serde_json::Value` of a build without `preserve_order` (its maps are `BTreeMap`s): the stdin,
/// `JCODE_HOOK_TOOL_INPUT` and the payload's `tool_input` have their keys sorted at every level.
#[test]
fn the_tool_input_has_its_keys_sorted_at_every_level() {
    let d = tempfile::tempdir().unwrap();
    let sh = script(
        d.path(),
        "gate.sh",
        &format!(
            "#!/bin/sh\ncat > {stdin}\nprintf '%s' \"$JCODE_HOOK_TOOL_INPUT\" > {env}\nprintf '%s' \"$JCODE_HOOK_PAYLOAD\" > {payload}\n",
            stdin = q(&d.path().join("stdin")),
            env = q(&d.path().join("env")),
            payload = q(&d.path().join("payload")),
        ),
    );
    let input: serde_json::Value =
        serde_json::from_str(r#"{"z":1,"a":{"y":[{"b":1,"a":2}],"x":0},"m":null}"#).unwrap();
    let dec = dispatch(
        vec![hook("h", Jcode, "pre_tool", &sh.to_string_lossy())],
        opts(d.path()),
        &Event::pre_tool_use("bash", input),
    );
    assert_eq!(dec.verdict, Verdict::Allow, "{:?}", dec.hooks);
    let sorted = r#"{"a":{"x":0,"y":[{"a":2,"b":1}]},"m":null,"z":1}"#;
    let read = |n: &str| std::fs::read_to_string(d.path().join(n)).unwrap();
    assert_eq!(read("stdin"), sorted);
    assert_eq!(read("env"), sorted);
    let payload: serde_json::Value = serde_json::from_str(&read("payload")).unwrap();
    assert_eq!(payload["tool_input"], sorted);
}

/// jcode 5: `crates/jcode-base/src/hooks.rs` `run_pre_tool_command`: `wait_with_output()` keeps
/// all of stderr, then `stderr.trim()` and `truncate_bytes(reason, BLOCK_REASON_LIMIT)`: a reason
/// after 1.1 MiB of leading spaces is still the reason, whatever the runner's capture cap.
#[test]
fn a_reason_after_a_megabyte_of_spaces_is_still_the_reason() {
    let d = tempfile::tempdir().unwrap();
    let spaces = d.path().join("stderr");
    std::fs::write(
        &spaces,
        format!("{}no way\n  ", " ".repeat(1024 * 1024 + 100 * 1024)),
    )
    .unwrap();
    let sh = script(
        d.path(),
        "gate.sh",
        &format!("#!/bin/sh\ncat {} >&2\nexit 2\n", q(&spaces)),
    );
    let dec = dispatch(
        vec![hook("h", Jcode, "pre_tool", &sh.to_string_lossy())],
        opts(d.path()),
        &Event::pre_tool_use("bash", json!({})),
    );
    assert_eq!(
        dec.verdict,
        Verdict::Block {
            reason: "no way".into()
        }
    );
}

/// jcode 6: `crates/jcode-base/src/hooks.rs` `build_hook_process` applies
/// `apply_client_terminal_env` (`crates/jcode-terminal-launch/src/lib.rs`): every one of the
/// 36 `CLIENT_TERMINAL_ENV_VARS` and its `JCODE_CLIENT_` copy is removed, then the client's values
/// are set under both names; other variables are untouched.
#[test]
fn hooks_get_the_requesting_clients_terminal_identity() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("env");
    let sh = script(
        d.path(),
        "gate.sh",
        &format!(
            "#!/bin/sh\nprintf '%s|%s|%s|%s|%s' \"$TMUX_PANE\" \"$JCODE_CLIENT_TMUX_PANE\" \"${{DISPLAY-unset}}\" \"${{JCODE_CLIENT_DISPLAY-unset}}\" \"$KEEP\" > {}\n",
            q(&out)
        ),
    );
    let o = RunnerOptions {
        env: vec![
            ("TMUX_PANE".into(), Some("%server".into())),
            ("DISPLAY".into(), Some(":0".into())),
            ("KEEP".into(), Some("kept".into())),
        ],
        ..opts(d.path())
    };
    let mut ev = Event::pre_tool_use("bash", json!({}));
    ev.client_terminal_env = Some(vec![
        ("TMUX_PANE".into(), "%client".into()),
        ("NOT_A_TERMINAL_VAR".into(), "x".into()),
    ]);
    dispatch(
        vec![hook("h", Jcode, "pre_tool", &sh.to_string_lossy())],
        o.clone(),
        &ev,
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "%client|%client|unset|unset|kept"
    );
    assert_eq!(
        hook_ir::contract::limits::jcode::CLIENT_TERMINAL_ENV_VARS.len(),
        36
    );
    // Without a client snapshot, the inherited environment stays as it is.
    ev.client_terminal_env = None;
    dispatch(
        vec![hook("h", Jcode, "pre_tool", &sh.to_string_lossy())],
        o,
        &ev,
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "%server||:0|unset|kept"
    );
}
