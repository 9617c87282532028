//! jcode (conventions.md §1): argv from jcode's tokenizer, run directly; `JCODE_HOOK_*` env and
//! the all-string, key-sorted `JCODE_HOOK_PAYLOAD`; the sequential `pre_tool` gate; detached
//! observers.

use crate::decision::{cut_bytes, OutcomeKind};
use crate::group::Group;
use crate::outcome::{exited_with, not_run, outcome_of, spawn_error, HookRun, Launch};
use crate::prepare::Plan;
use crate::process::{self, Kill, Spec};
use crate::text::Ws;
use crate::{Event, HookOutcome};
use hook_ir::contract::limits::jcode as lim;
use hook_ir::jcode_argv::parse_hook_command;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::Path;

/// Tokenizes `command` as jcode does and expands a literal leading `~/` of the program.
pub(crate) fn argv(command: &str, home: Option<&Path>) -> Result<Vec<OsString>, String> {
    let words = parse_hook_command(command.trim()).map_err(|e| e.to_string())?;
    let mut out: Vec<OsString> = words.into_iter().map(OsString::from).collect();
    if let (Some(home), Some(rest)) = (home, out[0].to_str().and_then(|p| p.strip_prefix("~/"))) {
        out[0] = home.join(rest).into_os_string();
    }
    Ok(out)
}

/// The event's `JCODE_HOOK_<FIELD>` fields, in jcode's order for the slot (conventions.md §1).
pub(crate) fn fields(slot: &str, event: &Event) -> Vec<(&'static str, String)> {
    let mut f: Vec<(&'static str, String)> = Vec::new();
    let mut push = |k: &'static str, v: Option<String>| {
        if let Some(v) = v {
            f.push((k, v));
        }
    };
    // jcode sets these on every call site (agent.rs, turn_execution.rs, tool/mod.rs): a field
    // the agent did not give gets its documented default, so a hook sees every variable.
    let model = || {
        Some(
            event
                .model
                .clone()
                .unwrap_or_else(|| lim::DEFAULT_MODEL.into()),
        )
    };
    let duration = || {
        Some(
            event
                .duration_ms
                .unwrap_or(lim::DEFAULT_DURATION_MS)
                .to_string(),
        )
    };
    let status = || {
        Some(event.status.clone().unwrap_or_else(|| {
            if event.error.is_some() {
                "error".into()
            } else {
                lim::DEFAULT_STATUS.into()
            }
        }))
    };
    match slot {
        "turn_start" => {
            push("MODEL", model());
            push(
                "SOURCE",
                Some(event.source_or(lim::DEFAULT_TURN_START_SOURCE).into()),
            );
        }
        "turn_end" => {
            push("STATUS", status());
            push("DURATION_MS", duration());
            push("MODEL", model());
            push(
                "LAST_ASSISTANT_TEXT",
                event
                    .last_assistant_text
                    .as_deref()
                    .filter(|t| !t.is_empty())
                    .map(|t| t.chars().take(lim::LAST_ASSISTANT_TEXT_MAX_CHARS).collect()),
            );
            push(
                "ERROR",
                event
                    .error
                    .as_deref()
                    .map(|e| e.chars().take(lim::ERROR_MAX_CHARS).collect()),
            );
        }
        "session_start" => {
            push(
                "SOURCE",
                Some(event.source_or(lim::DEFAULT_SESSION_START_SOURCE).into()),
            );
            push("MODEL", model());
        }
        "session_end" => {
            // jcode's session_end carries its reason as SOURCE.
            let source = event
                .reason
                .as_deref()
                .or(event.source.as_deref())
                .unwrap_or(lim::DEFAULT_SESSION_END_SOURCE);
            push("SOURCE", Some(source.into()));
            push("MODEL", model());
        }
        "pre_tool" => {
            push(
                "TOOL_NAME",
                Some(event.tool_name.clone().unwrap_or_default()),
            );
            let input = tool_input_json(event);
            push(
                "TOOL_INPUT",
                Some(cut_bytes(&input, lim::TOOL_INPUT_MAX_BYTES).to_string()),
            );
        }
        "post_tool" => {
            push(
                "TOOL_NAME",
                Some(event.tool_name.clone().unwrap_or_default()),
            );
            push("STATUS", status());
            push("DURATION_MS", duration());
            match &event.error {
                Some(e) => push(
                    "ERROR",
                    Some(e.chars().take(lim::ERROR_MAX_CHARS).collect()),
                ),
                None => push(
                    "OUTPUT_BYTES",
                    event
                        .output_bytes
                        .or_else(|| event.tool_output.as_ref().map(|o| o.len() as u64))
                        .or(Some(0))
                        .map(|n| n.to_string()),
                ),
            }
        }
        _ => {}
    }
    f
}

/// The tool input as compact JSON (`{}` when the agent gave none): the gate's stdin, and the
/// source of `TOOL_INPUT`. jcode serializes a `serde_json::Value` built without the
/// `preserve_order` feature, whose maps are `BTreeMap`s: keys come out sorted at every level
/// (`crates/jcode-app-core/src/tool/mod.rs`: `let input_json = input.to_string();`).
pub(crate) fn tool_input_json(event: &Event) -> String {
    match &event.tool_input {
        Some(v) => sorted(v).to_string(),
        None => "{}".to_string(),
    }
}

/// `v` with the keys of every object sorted (byte order, as `BTreeMap<String, _>` sorts).
fn sorted(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&m[k])))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The environment changes of a hook run: the runner's, then — when the event carries the
/// requesting client's terminal identity — every one of jcode's `CLIENT_TERMINAL_ENV_VARS` and
/// its `JCODE_CLIENT_` copy removed, and the client's values set under both names
/// (`apply_client_terminal_env`).
pub(crate) fn client_env(
    base: &[(OsString, Option<OsString>)],
    event: &Event,
) -> Option<Vec<(OsString, Option<OsString>)>> {
    let client = event.client_terminal_env.as_ref()?;
    let mut env = base.to_vec();
    for key in lim::CLIENT_TERMINAL_ENV_VARS {
        env.push((OsString::from(key), None));
        env.push((format!("{}{key}", lim::CLIENT_ENV_PREFIX).into(), None));
    }
    for (key, value) in client {
        if lim::CLIENT_TERMINAL_ENV_VARS.contains(&key.as_str()) {
            env.push((key.into(), Some(value.into())));
            env.push((
                format!("{}{key}", lim::CLIENT_ENV_PREFIX).into(),
                Some(value.into()),
            ));
        }
    }
    Some(env)
}

/// `JCODE_HOOK_PAYLOAD`: `event`, `session_id`, `cwd` and every field lowercased, all values
/// strings, keys sorted, cut to 16,384 bytes on a char boundary (so an over-long payload is
/// invalid JSON, exactly as in jcode).
pub(crate) fn payload(
    slot: &str,
    session_id: Option<&str>,
    cwd: Option<&str>,
    fields: &[(&'static str, String)],
) -> String {
    let mut map: BTreeMap<String, &str> = BTreeMap::new();
    map.insert("event".into(), slot);
    if let Some(s) = session_id {
        map.insert("session_id".into(), s);
    }
    if let Some(c) = cwd {
        map.insert("cwd".into(), c);
    }
    for (k, v) in fields {
        map.insert(k.to_ascii_lowercase(), v);
    }
    let json = serde_json::to_string(&map).unwrap_or_else(|_| "{}".into());
    cut_bytes(&json, lim::PAYLOAD_MAX_BYTES).to_string()
}

/// The full environment a jcode hook gets on top of the inherited one.
pub(crate) fn env_vars(runner: &Group<'_>, slot: &str, event: &Event) -> Vec<(String, OsString)> {
    let s = &runner.session;
    let cwd = s.cwd.as_deref().map(|p| p.to_string_lossy().into_owned());
    let fields = fields(slot, event);
    let mut env: Vec<(String, OsString)> = vec![
        ("JCODE_HOOKS_DISABLED".into(), "1".into()),
        ("JCODE_HOOK_EVENT".into(), slot.into()),
    ];
    if let Some(id) = &s.session_id {
        env.push(("JCODE_HOOK_SESSION_ID".into(), id.into()));
    }
    if let Some(c) = &cwd {
        env.push(("JCODE_HOOK_CWD".into(), c.into()));
    }
    for (k, v) in &fields {
        env.push((format!("JCODE_HOOK_{k}"), v.into()));
    }
    let p = payload(slot, s.session_id.as_deref(), cwd.as_deref(), &fields);
    env.push(("JCODE_HOOK_PAYLOAD".into(), p.into()));
    env
}

/// Runs the jcode hooks of one event: gates sequentially (all of them, first block wins),
/// observers detached.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    let mut runs = Vec::with_capacity(group.len());
    if group.is_empty() {
        return runs;
    }
    // cwd only when it names an existing directory; otherwise the agent's cwd is inherited.
    let cwd = runner.session.cwd.as_deref().filter(|c| c.is_dir());
    let stdin = runner.stdin(tool_input_json(event).into_bytes());
    let with_client = client_env(runner.env, event);
    let base_env: &[(OsString, Option<OsString>)] = with_client.as_deref().unwrap_or(runner.env);
    for &i in group {
        let p = &runner.hooks[i];
        let slot = p.hook.source_event.as_str();
        let env = env_vars(runner, slot, event);
        let extra: Vec<(&str, &OsStr)> = env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_os_str()))
            .collect();
        let id = p.hook.id.as_str();
        match &p.plan {
            Plan::JcodeGate { argv, timeout } => {
                let argv = match argv {
                    Ok(a) => a,
                    Err(e) => {
                        // jcode: an invalid command lets the tool call through.
                        runs.push(HookRun::new(
                            i,
                            not_run(id, OutcomeKind::Failed, e.as_str()),
                        ));
                        continue;
                    }
                };
                let args: Vec<&OsStr> = argv[1..].iter().map(OsString::as_os_str).collect();
                let spec = Spec {
                    program: &argv[0],
                    args: &args,
                    cwd,
                    env: base_env,
                    extra_env: &extra,
                    stdin: &stdin,
                    capture_stdout: false,
                    timeout: Some(*timeout),
                    kill: Kill::Group,
                    cap: runner.capture_max_bytes,
                    mode: hook_ir::contract::ProcessMode::OwnGroup,
                    // jcode trims the whole stderr before cutting 2000 bytes: leading
                    // whitespace must never use up the capture.
                    stderr_skip: Some(Ws::Rust),
                    stdout_skim: None,
                };
                let f = process::run(&spec).await;
                let program = argv[0].to_string_lossy();
                if exited_with(&f, lim::BLOCK_EXIT_CODE) {
                    let stderr = String::from_utf8_lossy(&f.stderr);
                    let reason = match stderr.trim() {
                        "" => lim::DEFAULT_BLOCK_REASON.to_string(),
                        r => cut_bytes(r, lim::BLOCK_REASON_MAX_BYTES).to_string(),
                    };
                    let mut run = HookRun::new(
                        i,
                        outcome_of(id, &program, Launch::Direct, &f, OutcomeKind::Blocked),
                    );
                    run.block = Some(reason);
                    runs.push(run);
                } else {
                    let kind = match f.status {
                        crate::process::Status::Exited(0) => OutcomeKind::Allowed,
                        crate::process::Status::TimedOut => OutcomeKind::TimedOut,
                        _ => OutcomeKind::Failed,
                    };
                    let mut o = outcome_of(id, &program, Launch::Direct, &f, kind);
                    if kind == OutcomeKind::Failed && o.error.is_none() {
                        o.error = Some(format!(
                            "exit {}: jcode allows on anything but 0 and 2",
                            f.exit_code().unwrap_or(-1)
                        ));
                    }
                    runs.push(HookRun::new(i, o));
                }
            }
            Plan::JcodeObserver { argv } => {
                let outcome = match argv {
                    Err(e) => not_run(id, OutcomeKind::Failed, e.as_str()),
                    Ok(argv) => {
                        let args: Vec<&OsStr> = argv[1..].iter().map(OsString::as_os_str).collect();
                        match process::spawn_detached(&argv[0], &args, cwd, base_env, &extra) {
                            Ok(took) => HookOutcome {
                                id: id.to_string(),
                                outcome: OutcomeKind::Allowed,
                                exit_code: None,
                                signal: None,
                                duration_ms: u64::try_from(took.as_millis()).unwrap_or(u64::MAX),
                                stderr: String::new(),
                                error: None,
                                detached: true,
                                not_loaded: false,
                            },
                            Err(e) => {
                                let mut o = not_run(
                                    id,
                                    OutcomeKind::Failed,
                                    spawn_error(&argv[0].to_string_lossy(), &e),
                                );
                                o.detached = true;
                                o
                            }
                        }
                    }
                };
                runs.push(HookRun::new(i, outcome));
            }
            _ => {}
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_is_sorted_all_strings_and_cut_on_a_char_boundary() {
        let fields = vec![
            ("TOOL_NAME", "bash".to_string()),
            ("DURATION_MS", "12".to_string()),
        ];
        let p = payload("post_tool", Some("s1"), Some("/w"), &fields);
        assert_eq!(
            p,
            r#"{"cwd":"/w","duration_ms":"12","event":"post_tool","session_id":"s1","tool_name":"bash"}"#
        );
        let long = vec![("TOOL_INPUT", "é".repeat(20_000))];
        let p = payload("pre_tool", None, None, &long);
        assert!(p.len() <= lim::PAYLOAD_MAX_BYTES && p.len() >= lim::PAYLOAD_MAX_BYTES - 1);
        assert!(
            serde_json::from_str::<serde_json::Value>(&p).is_err(),
            "cut payload is invalid JSON, as in jcode"
        );
    }

    #[test]
    fn fields_follow_the_slot_lists_of_conventions_md() {
        let mut e = Event::stop();
        e.duration_ms = Some(5);
        e.model = Some("m".into());
        e.last_assistant_text = Some("x".repeat(5000));
        e.error = Some("y".repeat(1500));
        let f = fields("turn_end", &e);
        let keys: Vec<_> = f.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            [
                "STATUS",
                "DURATION_MS",
                "MODEL",
                "LAST_ASSISTANT_TEXT",
                "ERROR"
            ]
        );
        assert_eq!(f[3].1.chars().count(), 4000);
        assert_eq!(f[4].1.chars().count(), 1000);
        e.last_assistant_text = Some(String::new());
        assert!(!fields("turn_end", &e)
            .iter()
            .any(|(k, _)| *k == "LAST_ASSISTANT_TEXT"));
        let mut post = Event::post_tool_use("bash", serde_json::json!({}), "abc");
        post.duration_ms = Some(3);
        let keys: Vec<_> = fields("post_tool", &post)
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(keys, ["TOOL_NAME", "STATUS", "DURATION_MS", "OUTPUT_BYTES"]);
        post.error = Some("boom".into());
        let keys: Vec<_> = fields("post_tool", &post)
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(keys, ["TOOL_NAME", "STATUS", "DURATION_MS", "ERROR"]);
    }

    /// jcode sets these on every call (1jehuang/jcode@6da6124 `turn_execution.rs`
    /// `fire_turn_start_hook("chat")`, `.field("MODEL", self.provider_model())`; `agent.rs`
    /// `fire_session_lifecycle_hook("session_start", "create")` / `("session_end", "close")`;
    /// `tool/mod.rs` STATUS, DURATION_MS, OUTPUT_BYTES): an event without them gets the
    /// documented defaults, never a missing variable (issue 12, jcode 4).
    #[test]
    fn every_field_jcode_sends_has_a_default() {
        let get = |slot: &str, e: &Event| -> Vec<(&'static str, String)> { fields(slot, e) };
        let prompt = Event::user_prompt_submit("p");
        assert_eq!(
            get("turn_start", &prompt),
            [("MODEL", "unknown".into()), ("SOURCE", "chat".into())]
        );
        let mut start = Event::session_start("");
        start.source = None;
        assert_eq!(
            get("session_start", &start),
            [("SOURCE", "create".into()), ("MODEL", "unknown".into())]
        );
        let mut end = Event::session_shutdown("");
        end.reason = None;
        assert_eq!(get("session_end", &end)[0], ("SOURCE", "close".into()));
        let mut post = Event::post_tool_use("bash", serde_json::json!({}), "");
        post.status = None;
        assert_eq!(
            get("post_tool", &post),
            [
                ("TOOL_NAME", "bash".into()),
                ("STATUS", "ok".into()),
                ("DURATION_MS", "0".into()),
                ("OUTPUT_BYTES", "0".into())
            ]
        );
        let mut stop = Event::stop();
        stop.status = None;
        stop.error = Some("boom".into());
        let f = get("turn_end", &stop);
        assert_eq!(f[0], ("STATUS", "error".into()));
        assert_eq!(f[1], ("DURATION_MS", "0".into()));
    }

    #[test]
    fn argv_expands_only_a_leading_tilde_slash_of_the_program() {
        let home = Path::new("/home/u");
        assert_eq!(
            argv("~/bin/g ~/x", Some(home)).unwrap(),
            ["/home/u/bin/g", "~/x"]
        );
        assert_eq!(argv("~g", Some(home)).unwrap(), ["~g"]);
        assert!(argv("  ", Some(home)).is_err());
    }
}
