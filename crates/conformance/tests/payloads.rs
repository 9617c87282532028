//! The payloads `hooks test` feeds a hook are the agents' own: for every recorded agent release
//! and every hook firing of its traces, the payload the runner builds with that release
//! (`runner::recorded`) equals what the real agent sent, except the values the trace masks
//! (ids, temporary paths, times, durations), whose type must still agree.

use conformance::replay::load_traces;
use conformance::repo_root;
use conformance::trace::{Masker, Step, Trace};
use hook_ir::Kind;
use runner::recorded::{self, RecordedAgent};
use runner::{Event, Runner, RunnerOptions};
use serde_json::Value;
use std::path::Path;

/// The run root the payloads are built under (masked to `<ROOT>` like the recorded one).
const ROOT: &str = "/tmp/hooks-payload-check";

fn str_field(p: &Value, k: &str) -> Option<String> {
    p.get(k).and_then(Value::as_str).map(str::to_string)
}

/// The canonical event the agent described in `payload`: what `hooks test` knows of a case.
/// Copilot CLI's camelCase dialect names the same facts `toolName`, `toolArgs`, `toolResult`
/// and `initialPrompt`.
fn event_of(kind: Kind, p: &Value) -> Event {
    let tool = || {
        str_field(p, "tool_name")
            .or_else(|| str_field(p, "toolName"))
            .unwrap_or_default()
    };
    let input = || {
        p.get("tool_input")
            .or_else(|| p.get("toolArgs"))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let mut e = match kind {
        Kind::PreToolUse => Event::pre_tool_use(tool(), input()),
        Kind::PostToolUse => {
            let mut e = Event::post_tool_use(tool(), input(), "");
            match p.get("tool_response") {
                // Claude's Bash response is built from the output text by the recorded release.
                Some(Value::Object(o)) if o.contains_key("stdout") => {
                    e.tool_output = Some(format!("{}\n", o["stdout"].as_str().unwrap_or("")));
                }
                Some(Value::String(s)) => e.tool_output = Some(s.clone()),
                Some(other) => e.tool_response = Some(other.clone()),
                None => {}
            }
            // Copilot CLI: the result text, in either dialect.
            let result = p.get("toolResult").or_else(|| p.get("tool_result"));
            if let Some(text) = result.and_then(|r| {
                r.get("textResultForLlm")
                    .or_else(|| r.get("text_result_for_llm"))
                    .and_then(Value::as_str)
            }) {
                e.tool_output = Some(text.to_string());
            }
            e
        }
        Kind::UserPromptSubmit => {
            Event::user_prompt_submit(str_field(p, "prompt").unwrap_or_default())
        }
        Kind::Stop => {
            let mut e = Event::stop();
            e.stop_hook_active = p["stop_hook_active"].as_bool().unwrap_or(false);
            e.last_assistant_text =
                str_field(p, "last_assistant_message").or_else(|| str_field(p, "prompt_response"));
            e.prompt = str_field(p, "prompt");
            e
        }
        Kind::SessionStart => {
            let mut e = Event::session_start(str_field(p, "source").unwrap_or_default());
            e.prompt = str_field(p, "initialPrompt").or_else(|| str_field(p, "initial_prompt"));
            e
        }
        Kind::SessionShutdown => {
            Event::session_shutdown(str_field(p, "reason").unwrap_or_default())
        }
    };
    // Cline: the tool call and its result are objects of their own (`tool_call`,
    // `tool_result`), the final text is `turn.outputText`, the turn number `iteration`.
    if let Some(n) = p
        .get("iteration")
        .and_then(Value::as_u64)
        .filter(|_| p.get("hookName").is_some())
    {
        e.turn_id = Some(n.to_string());
    }
    let cline = p.get("hookName").is_some();
    if let Some(call) = p
        .get("tool_call")
        .or_else(|| p.get("tool_result"))
        .filter(|_| cline)
    {
        e.tool_name = str_field(call, "name");
        e.tool_input = call.get("input").cloned();
        e.tool_call_id = str_field(call, "id");
        if let Some(out) = call.get("output") {
            e.tool_response = Some(out.clone());
        }
        e.model = str_field(p, "model");
        return e;
    }
    if let Some(text) = p.pointer("/turn/outputText").and_then(Value::as_str) {
        e.last_assistant_text = Some(text.to_string());
    }
    // The model's id of the call: Qwen Code sends it as `tool_call_id` next to its own
    // `tool_use_id`; the others as `tool_use_id`.
    e.tool_call_id = str_field(p, "tool_call_id").or_else(|| str_field(p, "tool_use_id"));
    e.model = str_field(p, "model");
    if e.turn_id.is_none() {
        e.turn_id = str_field(p, "turn_id");
    }
    e
}

/// Whether a recorded value was masked (its real value varies from run to run).
fn masked(v: &Value) -> bool {
    v.as_str().is_some_and(|s| {
        ["<ID>", "<ROOT>", "<TIME>", "<DATE>", "<DUR>", "<HASH>"]
            .iter()
            .any(|t| s.contains(t))
    })
}

/// Fields whose value is the live session's token usage, reported by the scripted model server
/// (Qwen Code's Stop `context_usage`, `context_limit`, `input_tokens`): `hooks test` has no
/// session to count, so only their type must agree.
const SESSION_USAGE: &[&str] = &["context_usage", "context_limit", "input_tokens"];

/// Whether the value at `at` is one of [`SESSION_USAGE`].
fn usage(at: &str) -> bool {
    SESSION_USAGE.iter().any(|k| at.ends_with(&format!(".{k}")))
}

/// The differences between the recorded payload and ours, as lines.
fn compare(theirs: &Value, ours: &Value, at: &str, out: &mut Vec<String>) {
    match (theirs, ours) {
        (t, o) if usage(at) && t.is_number() && o.is_number() => {}
        (t, o) if usage(at) => {
            out.push(format!("{at}: agent {t}, ours {o}: both must be numbers"));
        }
        (Value::Object(t), Value::Object(o)) => {
            let tk: Vec<&String> = t.keys().collect();
            let ok: Vec<&String> = o.keys().collect();
            if tk != ok {
                out.push(format!(
                    "{at}: keys differ\n    agent: {tk:?}\n    ours:  {ok:?}"
                ));
            }
            for (k, tv) in t {
                if let Some(ov) = o.get(k) {
                    compare(tv, ov, &format!("{at}.{k}"), out);
                }
            }
        }
        (t, o) if masked(t) && !o.is_string() => {
            out.push(format!("{at}: the agent sends a string, ours is {o}"));
        }
        (t, _) if masked(t) => {}
        (t, o) if t != o => out.push(format!("{at}: agent {t}, ours {o}")),
        _ => {}
    }
}

fn firings(t: &Trace) -> impl Iterator<Item = (&String, &Value)> {
    t.timeline.iter().filter_map(|s| match s {
        Step::Hooks { event, payload, .. } => Some((event, payload)),
        Step::Model { .. } => None,
    })
}

/// Whether a Qwen trace ran with folder trust on and its project not trusted (no
/// `trustedFolders.json` among its files).
fn untrusted_qwen_folder(t: &Trace) -> bool {
    let trust_on = t.files.values().chain([&t.config]).any(|f| {
        serde_json::from_str::<Value>(f)
            .is_ok_and(|v| v["security"]["folderTrust"]["enabled"] == true)
    });
    trust_on && !t.files.keys().any(|k| k.ends_with("trustedFolders.json"))
}

#[test]
fn the_payload_of_every_recorded_agent_equals_its_traces() {
    let repo = repo_root();
    let masker = Masker::new(Path::new(ROOT), &repo);
    let traces = load_traces(&repo).unwrap();
    let mut problems = Vec::new();
    let mut compared: std::collections::BTreeMap<String, usize> = Default::default();
    for (path, t) in &traces {
        // A bridge scenario's payloads are the other convention's, sent by `hooks bridge`.
        if t.scenario.starts_with("bridge_") {
            continue;
        }
        let agent: &RecordedAgent = recorded::all()
            .find(|r| r.agent == t.agent && r.version == t.version)
            .unwrap_or_else(|| {
                panic!(
                    "{}: {} {} has traces but no row in runner::recorded",
                    path.display(),
                    t.agent,
                    t.version
                )
            });
        // Qwen Code downgrades `--approval-mode yolo` to `default` in an untrusted folder
        // (`qwen_project_untrusted`; "Approval mode overridden" in its output): that run's
        // payloads carry the mode it ran in.
        let agent: &'static RecordedAgent = if t.agent == "qwen" && untrusted_qwen_folder(t) {
            Box::leak(Box::new(RecordedAgent {
                permission_mode: Some("default"),
                ..*agent
            }))
        } else {
            agent
        };
        let runner = Runner::new(
            Vec::new(),
            RunnerOptions {
                session_id: Some("0b5e1c2d-0000-4000-8000-00000000c0de".into()),
                cwd: Some(Path::new(ROOT).join("project")),
                home: Some(Path::new(ROOT).join("home")),
                recorded: vec![agent],
                ..RunnerOptions::default()
            },
        );
        for (event, payload) in firings(t) {
            // Cline's payloads name their event by the SDK name; its hook file is the event.
            let event = &match (agent.convention, event.as_str()) {
                (hook_ir::Convention::ClineDir, "agent_start") => "TaskStart".to_string(),
                (hook_ir::Convention::ClineDir, "agent_end") => "TaskComplete".to_string(),
                (hook_ir::Convention::ClineDir, "tool_call") => "PreToolUse".to_string(),
                (hook_ir::Convention::ClineDir, "tool_result") => "PostToolUse".to_string(),
                (hook_ir::Convention::ClineDir, "prompt_submit") => "UserPromptSubmit".to_string(),
                _ => event.clone(),
            };
            let Some(kind) =
                hook_ir::contract::find(agent.convention, event).and_then(|r| r.kind())
            else {
                continue; // an event outside the six kinds: `hooks test` has no case for it
            };
            let ours = runner
                .stdin_payload(agent.convention, event, &event_of(kind, payload))
                .expect("a convention with a JSON payload");
            let ours = masker.value(&ours);
            let mut diffs = Vec::new();
            compare(payload, &ours, event, &mut diffs);
            if !diffs.is_empty() {
                problems.push(format!("{}:\n  {}", path.display(), diffs.join("\n  ")));
            }
            *compared
                .entry(format!("{}-{}", t.agent, t.version))
                .or_default() += 1;
        }
    }
    for r in recorded::all() {
        let dir = format!("{}-{}", r.agent, r.version);
        assert!(
            compared.get(&dir).copied().unwrap_or(0) > 0,
            "no firing of {dir} compared: is {} there?",
            r.trace_dir()
        );
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
