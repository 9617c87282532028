//! Gemini CLI settings hooks, as Gemini CLI 0.61.0 runs them (`packages/core/src/hooks/`):
//!
//! - **selection and order** (`hookPlanner.ts`): the matching hooks of the event; hooks with the
//!   same `name:command` key run once (the first); all run in parallel, unless any matching
//!   definition has `sequential: true` — then all run one after another, and a `BeforeTool`
//!   hook's `tool_input` (merged) or a `BeforeAgent` hook's `additionalContext` (appended to the
//!   prompt) is what the next hook sees (`hookRunner.ts`, `applyHookOutputToInput`);
//! - **process** (`hookRunner.ts`, `executeCommandHook`): `bash -c <command>` in the session's
//!   working directory, after `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`, `$CLAUDE_PROJECT_DIR` (the
//!   cwd) and `$GEMINI_SESSION_ID` are substituted, shell-quoted, into the text; the environment
//!   gets the same variables plus the hook's `env`; the JSON payload on stdin; on timeout
//!   SIGTERM, then SIGKILL 5 s later;
//! - **answer**: stdout (or, when stdout is blank, stderr) trimmed is parsed as JSON whatever
//!   the exit code; text that is not JSON becomes `allow` + system message on exit 0,
//!   `allow` + `Warning: …` on exit 1, and `deny` with the text as reason on any other exit;
//!   a timed-out or unstartable hook has no answer;
//! - **aggregation** (`hookAggregator.ts`, `mergeWithOrDecision`): any `deny`/`block` blocks,
//!   with the reason `stopReason || reason || "No reason provided"`, where every hook's
//!   `reason` (and `stopReason`) is joined with newlines; `additionalContext`s are joined;
//!   `hookSpecificOutput` fields merge, later hooks winning; `continue: false` stops the agent.
//! - **effects** (`scheduler/hook-utils.ts`, `coreToolHookTriggers.ts`, `client.ts`):
//!   `BeforeTool` block → the model sees `Tool execution blocked: <reason>`; the merged
//!   `tool_input` replaces the arguments (`evaluateBeforeToolHook` builds the tool from it);
//!   `ask` → a `permission` effect (Gemini asks the user even in yolo mode); `AfterTool` deny → the result becomes
//!   `Tool result blocked: <reason>`, context is appended as `<hook_context>…</hook_context>`
//!   (reported as context); `AfterAgent` deny → a continuation prompt.

use crate::decision::{OutcomeKind, ToolResultPatch};
use crate::group::Group;
use crate::outcome::{not_run, outcome_of, HookRun, Launch};
use crate::prepare::Plan;
use crate::process::{self, Finished, Kill, Spec, Status};
use crate::Event;
use hook_ir::contract::limits::gemini as lim;
use hook_ir::{Detail, Kind};
use serde_json::{json, Map, Value};
use std::ffi::{OsStr, OsString};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Gemini's stdin payload: `session_id`, `transcript_path`, `cwd`, `hook_event_name`,
/// `timestamp`, then the event's fields (`hookEventHandler.ts`).
pub(crate) fn payload(runner: &Group<'_>, event_name: &str, event: &Event) -> Map<String, Value> {
    let s = &runner.session;
    let mut m = Map::new();
    m.insert(
        "session_id".into(),
        s.session_id.clone().unwrap_or_default().into(),
    );
    m.insert(
        "transcript_path".into(),
        s.transcript_path
            .as_deref()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default()
            .into(),
    );
    m.insert("cwd".into(), cwd(runner).into());
    m.insert("hook_event_name".into(), event_name.into());
    m.insert("timestamp".into(), iso_now().into());
    let tool = |m: &mut Map<String, Value>| {
        m.insert(
            "tool_name".into(),
            event.tool_name.clone().unwrap_or_default().into(),
        );
        m.insert(
            "tool_input".into(),
            event.tool_input.clone().unwrap_or_else(|| json!({})),
        );
    };
    match event.kind() {
        Kind::PreToolUse => tool(&mut m),
        Kind::PostToolUse => {
            tool(&mut m);
            let response = event.tool_response.clone().unwrap_or_else(|| {
                let out = event.tool_output.clone().unwrap_or_default();
                let mut r = json!({"llmContent": out, "returnDisplay": out});
                if let Some(e) = &event.error {
                    r["error"] = json!({"message": e});
                }
                r
            });
            m.insert("tool_response".into(), response);
        }
        Kind::UserPromptSubmit => {
            m.insert(
                "prompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
        }
        Kind::Stop => {
            m.insert(
                "prompt".into(),
                event.prompt.clone().unwrap_or_default().into(),
            );
            m.insert(
                "prompt_response".into(),
                event.last_assistant_text.clone().unwrap_or_default().into(),
            );
            m.insert("stop_hook_active".into(), event.stop_hook_active.into());
        }
        Kind::SessionStart => {
            m.insert(
                "source".into(),
                event
                    .session_source(hook_ir::Convention::GeminiSettings)
                    .into(),
            );
        }
        Kind::SessionShutdown => {
            m.insert(
                "reason".into(),
                event
                    .session_reason(hook_ir::Convention::GeminiSettings)
                    .into(),
            );
        }
    }
    runner.recorded_payload(hook_ir::Convention::GeminiSettings, event, m)
}

fn cwd(runner: &Group<'_>) -> String {
    runner
        .session
        .cwd
        .as_deref()
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The command as Gemini hands it to bash (`expandCommand`): each `$NAME` of the four
/// variables replaced by the shell-quoted value (a braced `${NAME}` is left to bash).
pub(crate) fn expand_command(command: &str, cwd: &str, session_id: &str) -> String {
    let q_cwd = shell_quote(cwd);
    let q_sid = shell_quote(session_id);
    command
        .replace("$GEMINI_PROJECT_DIR", &q_cwd)
        .replace("$GEMINI_CWD", &q_cwd)
        .replace("$GEMINI_SESSION_ID", &q_sid)
        .replace("$CLAUDE_PROJECT_DIR", &q_cwd)
}

/// `shell-quote`'s `quote([s])`, which Gemini's `escapeShellArg` uses for bash; `""` for an
/// empty value (`escapeShellArg` returns it unquoted).
pub(crate) fn shell_quote(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    let has = |set: &[char]| s.chars().any(|c| set.contains(&c) || c.is_whitespace());
    if has(&['"', '\\']) && !s.contains('\'') {
        return format!("'{s}'");
    }
    if has(&['"', '\'']) {
        let mut out = String::from("\"");
        for c in s.chars() {
            if matches!(c, '"' | '\\' | '$' | '`' | '!') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        return out;
    }
    const SPECIAL: &str = "#!\"$&'()*,:;<=>?@[\\]^`{|}";
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // `([A-Za-z]:)?([specials])`: a drive letter before a special keeps its colon.
        if c.is_ascii_alphabetic()
            && chars.get(i + 1) == Some(&':')
            && chars.get(i + 2).is_some_and(|n| SPECIAL.contains(*n))
        {
            out.push(c);
            out.push(':');
            out.push('\\');
            out.push(chars[i + 2]);
            i += 3;
            continue;
        }
        if SPECIAL.contains(c) {
            out.push('\\');
        }
        out.push(c);
        i += 1;
    }
    out
}

/// What one hook answered (`HookOutput`), or nothing.
type Answer = Option<Map<String, Value>>;

/// Reads a finished hook as Gemini does; `None` when it has no output.
fn answer_of(f: &Finished) -> Answer {
    if matches!(
        f.status,
        Status::TimedOut | Status::SpawnFailed(_) | Status::WaitFailed(_)
    ) {
        return None;
    }
    let stdout = String::from_utf8_lossy(&f.stdout);
    let stderr = String::from_utf8_lossy(&f.stderr);
    let text = match stdout.trim() {
        "" => stderr.trim().to_string(),
        t => t.to_string(),
    };
    if text.is_empty() {
        return None;
    }
    let parsed = serde_json::from_str::<Value>(&text).ok().map(|v| match v {
        // A JSON string holding JSON is parsed again.
        Value::String(inner) => serde_json::from_str::<Value>(&inner).unwrap_or(Value::Null),
        v => v,
    });
    match parsed {
        Some(Value::Object(m)) => Some(m),
        // An array is an object to `typeof`, with no fields Gemini reads.
        Some(Value::Array(_)) => Some(Map::new()),
        Some(_) => None,
        None => {
            // `exitCode || 0`: a signal counts as exit 0 here.
            let code = match f.status {
                Status::Exited(c) => c,
                _ => 0,
            };
            let mut m = Map::new();
            if code == 0 {
                m.insert("decision".into(), "allow".into());
                m.insert("systemMessage".into(), text.into());
            } else if code == lim::WARNING_EXIT_CODE {
                m.insert("decision".into(), "allow".into());
                m.insert("systemMessage".into(), format!("Warning: {text}").into());
            } else {
                m.insert("decision".into(), "deny".into());
                m.insert("reason".into(), text.into());
            }
            Some(m)
        }
    }
}

fn is_blocking(a: &Map<String, Value>) -> bool {
    matches!(
        a.get("decision").and_then(Value::as_str),
        Some("block" | "deny")
    )
}

fn specific(a: &Map<String, Value>) -> Option<&Map<String, Value>> {
    a.get("hookSpecificOutput").and_then(Value::as_object)
}

/// One hook ready to run.
struct Job {
    index: usize,
    command: String,
    env: Vec<(String, String)>,
    timeout: Duration,
}

/// Runs the Gemini hooks of one event.
pub(crate) async fn run(runner: &Group<'_>, group: &[usize], event: &Event) -> Vec<HookRun> {
    if group.is_empty() {
        return Vec::new();
    }
    let cwd = cwd(runner);
    let sid = runner.session.session_id.clone().unwrap_or_default();
    let mut jobs: Vec<Job> = Vec::new();
    let mut runs: Vec<HookRun> = Vec::new();
    let mut keys: Vec<(String, usize)> = Vec::new();
    let mut sequential = false;
    for &i in group {
        let p = &runner.hooks[i];
        let Plan::Shell { timeout } = p.plan else {
            continue;
        };
        let command = p.hook.command().unwrap_or("").to_string();
        let (name, env, seq) = match &p.hook.detail {
            Detail::GeminiGroup {
                name,
                env,
                sequential,
                ..
            } => (name.clone().unwrap_or_default(), env.clone(), *sequential),
            _ => (String::new(), Vec::new(), None),
        };
        // `getHookKey`: `${name}:${command}`.
        let key = format!("{name}:{command}");
        if let Some((_, first)) = keys.iter().find(|(k, _)| *k == key) {
            let first_id = &runner.hooks[*first].hook.id;
            runs.push(HookRun::new(
                i,
                not_run(
                    &p.hook.id,
                    OutcomeKind::Allowed,
                    format!("not run: the same name and command (hook `{first_id}`) already ran for this event"),
                ),
            ));
            continue;
        }
        keys.push((key, i));
        sequential |= seq == Some(true);
        jobs.push(Job {
            index: i,
            command: expand_command(&command, &cwd, &sid),
            env,
            timeout,
        });
    }
    let event_name = runner.hooks[group[0]].hook.source_event.clone();
    let mut input = payload(runner, &event_name, event);
    let mut finished: Vec<(usize, Finished)> = Vec::new();
    if sequential {
        for j in &jobs {
            let f = spawn(runner, j, &input, &cwd, &sid).await;
            if let (Status::Exited(0), Some(a)) = (&f.status, answer_of(&f)) {
                chain(&mut input, &a, event.kind());
            }
            finished.push((j.index, f));
        }
    } else {
        let all = futures_util::future::join_all(
            jobs.iter().map(|j| spawn(runner, j, &input, &cwd, &sid)),
        )
        .await;
        finished = jobs.iter().map(|j| j.index).zip(all).collect();
    }
    let answers: Vec<(usize, Answer, Finished)> = finished
        .into_iter()
        .map(|(i, f)| (i, answer_of(&f), f))
        .collect();
    let mut own: Vec<HookRun> = answers
        .iter()
        .map(|(i, a, f)| {
            let kind = match (a, &f.status) {
                (_, Status::TimedOut) => OutcomeKind::TimedOut,
                (Some(a), _) if is_blocking(a) => OutcomeKind::Blocked,
                (_, Status::Exited(0)) => OutcomeKind::Allowed,
                _ => OutcomeKind::Failed,
            };
            let id = &runner.hooks[*i].hook.id;
            let mut run = HookRun::new(*i, outcome_of(id, lim::SHELL, Launch::Shell, f, kind));
            if let Some(msg) = a
                .as_ref()
                .and_then(|a| a.get("systemMessage"))
                .and_then(Value::as_str)
            {
                run.effects
                    .push(json!({"effect": "system_message", "hook": id, "message": msg}));
            }
            run
        })
        .collect();
    let outputs: Vec<&Map<String, Value>> =
        answers.iter().filter_map(|(_, a, _)| a.as_ref()).collect();
    if let Some(first) = own.first_mut() {
        aggregate(
            first,
            &outputs,
            event,
            runner.hooks[group[0]].hook.id.as_str(),
        );
    }
    runs.extend(own);
    runs
}

/// `applyHookOutputToInput`: what the next hook of a sequential run sees.
fn chain(input: &mut Map<String, Value>, a: &Map<String, Value>, kind: Kind) {
    let Some(s) = specific(a) else { return };
    match kind {
        Kind::PreToolUse => {
            if let (Some(Value::Object(new)), Some(Value::Object(cur))) =
                (s.get("tool_input"), input.get_mut("tool_input"))
            {
                for (k, v) in new {
                    cur.insert(k.clone(), v.clone());
                }
            }
        }
        Kind::UserPromptSubmit => {
            if let (Some(ctx), Some(Value::String(p))) = (
                s.get("additionalContext").and_then(Value::as_str),
                input.get_mut("prompt"),
            ) {
                p.push_str("\n\n");
                p.push_str(ctx);
            }
        }
        _ => {}
    }
}

/// `mergeWithOrDecision` and the event's effects, put on the group's first run (the runner
/// combines runs in hook order, so the group's decision is the first run's).
fn aggregate(run: &mut HookRun, outputs: &[&Map<String, Value>], event: &Event, id: &str) {
    if outputs.is_empty() {
        return;
    }
    let strs = |key: &str| -> Vec<String> {
        outputs
            .iter()
            .filter_map(|a| a.get(key).and_then(Value::as_str))
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let stop = outputs
        .iter()
        .any(|a| a.get("continue") == Some(&Value::Bool(false)));
    let blocking = outputs.iter().any(|a| is_blocking(a));
    let stop_reasons: Vec<String> = outputs
        .iter()
        .filter(|a| a.get("continue") == Some(&Value::Bool(false)))
        .filter_map(|a| a.get("stopReason").and_then(Value::as_str))
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let reasons = strs("reason");
    // `getEffectiveReason`: stopReason || reason || 'No reason provided'.
    let effective = if !stop_reasons.is_empty() {
        stop_reasons.join("\n")
    } else if !reasons.is_empty() {
        reasons.join("\n")
    } else {
        "No reason provided".to_string()
    };
    let mut merged_specific = Map::new();
    let mut contexts = Vec::new();
    for a in outputs {
        if let Some(s) = specific(a) {
            for (k, v) in s {
                merged_specific.insert(k.clone(), v.clone());
            }
            if let Some(c) = s.get("additionalContext").and_then(Value::as_str) {
                contexts.push(c.to_string());
            }
        }
    }
    let kind = event.kind();
    if stop {
        run.effects
            .push(json!({"effect": "stop", "hook": id, "reason": effective}));
        if kind == Kind::PreToolUse || kind == Kind::UserPromptSubmit {
            run.block = Some(effective.clone());
        }
        return;
    }
    match kind {
        Kind::PreToolUse if blocking => run.block = Some(effective),
        Kind::PreToolUse => {
            // The merged `tool_input` (the last hook's wins whole) replaces the arguments:
            // `evaluateBeforeToolHook` builds the tool from it alone, and a partial one fails
            // the tool's validation (conformance `gemini_pre_tool_input_partial`).
            if let Some(Value::Object(ti)) = merged_specific.get("tool_input") {
                run.updated_input = Some(Value::Object(ti.clone()));
            }
            // `ask` (with no block) makes Gemini ask the user even in yolo mode
            // (`forcedDecision`); the embedder decides what asking means
            // (conformance `gemini_pre_json_ask`: headless, the call is cancelled).
            let asks = outputs
                .iter()
                .any(|a| a.get("decision").and_then(Value::as_str) == Some("ask"));
            if asks {
                let reason = if reasons.is_empty() {
                    Value::Null
                } else {
                    Value::String(reasons.join("\n"))
                };
                run.effects.push(
                    json!({"effect": "permission", "decision": "ask", "hook": id, "reason": reason}),
                );
            }
        }
        Kind::PostToolUse if blocking => {
            run.tool_result = Some(ToolResultPatch {
                content: Some(Value::String(format!("Tool result blocked: {effective}"))),
                details: None,
                is_error: Some(true),
            });
        }
        Kind::PostToolUse | Kind::SessionStart => {
            if !contexts.is_empty() {
                run.context.push(contexts.join("\n"));
            }
        }
        Kind::UserPromptSubmit => {
            if blocking {
                run.block = Some(effective);
            } else if !contexts.is_empty() {
                run.context.push(contexts.join("\n"));
            }
        }
        Kind::Stop if blocking => {
            run.block = Some(effective.clone());
            run.continuation = Some(effective);
        }
        Kind::Stop | Kind::SessionShutdown => {}
    }
}

async fn spawn(
    runner: &Group<'_>,
    j: &Job,
    input: &Map<String, Value>,
    cwd: &str,
    sid: &str,
) -> Finished {
    let stdin = runner.stdin(serde_json::to_vec(input).unwrap_or_default());
    let args: [&OsStr; 2] = [OsStr::new("-c"), OsStr::new(&j.command)];
    let cwd_os = OsString::from(cwd);
    let sid_os = OsString::from(sid);
    let mut extra: Vec<(&str, &OsStr)> = lim::PROJECT_DIR_ENVS
        .iter()
        .map(|k| (*k, cwd_os.as_os_str()))
        .collect();
    extra.push((lim::SESSION_ID_ENV, sid_os.as_os_str()));
    let env: Vec<(String, OsString)> = j
        .env
        .iter()
        .map(|(k, v)| (k.clone(), OsString::from(v)))
        .collect();
    extra.extend(env.iter().map(|(k, v)| (k.as_str(), v.as_os_str())));
    let dir = runner.session.cwd.as_deref().filter(|c| c.is_dir());
    let spec = Spec {
        program: OsStr::new(lim::SHELL),
        args: &args,
        cwd: dir,
        env: runner.env,
        extra_env: &extra,
        stdin: &stdin,
        capture_stdout: true,
        timeout: Some(j.timeout),
        kill: Kill::TermThenKill(Duration::from_millis(lim::KILL_GRACE_MS)),
        cap: runner.capture_max_bytes,
        mode: hook_ir::contract::ProcessMode::OwnGroup,
        stderr_skip: None,
        stdout_skim: None,
    };
    process::run(&spec).await
}

/// Now as ISO 8601 UTC with milliseconds, as `new Date().toISOString()` writes it.
pub(crate) fn iso_now() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quote_matches_shell_quote_js() {
        // Values computed with shell-quote 1.8's `quote([s])`.
        assert_eq!(shell_quote("/tmp/p"), "/tmp/p");
        assert_eq!(shell_quote("/tmp/my dir"), "'/tmp/my dir'");
        assert_eq!(shell_quote("/tmp/it's"), "\"/tmp/it's\"");
        assert_eq!(shell_quote("/a(b)"), "/a\\(b\\)");
        assert_eq!(shell_quote(""), "");
    }

    #[test]
    fn expand_replaces_unbraced_names_only() {
        assert_eq!(
            expand_command(
                "$GEMINI_PROJECT_DIR/x ${GEMINI_CWD} $GEMINI_SESSION_ID",
                "/p q",
                "s1"
            ),
            "'/p q'/x ${GEMINI_CWD} s1"
        );
    }

    #[test]
    fn iso_timestamps_look_like_to_iso_string() {
        let t = iso_now();
        assert_eq!(t.len(), 24, "{t}");
        assert!(t.ends_with('Z') && t.as_bytes()[10] == b'T', "{t}");
    }
}
