//! Selecting the module hooks of an event and running them under GJC's `ExtensionRunner`
//! contract (see the [module docs](super)).

use super::payload::{self, ToolResultState};
use super::process::{HostFailure, HostProcess, JsError};
use super::verify::verify_plugin_file;
use super::{is_typescript, ModuleHost, Runtime};
use crate::{
    cut_bytes, Decision, Event, HookOutcome, OutcomeKind, Verdict, OUTCOME_STDERR_MAX_BYTES,
};
use hook_ir::{Convention, Detail, Handler, Hook, Kind, Matcher, PluginDetail};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the results of a hook's handlers are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// `tool_call`: may block; errors fail closed.
    ToolCall,
    /// `tool_result`: may replace content/details/isError; errors isolated.
    ToolResult,
    /// Plugin `tool_call/after`: a post-tool observation; results ignored.
    Observe,
    /// Other events; `before_agent_start` messages are collected.
    Lifecycle,
}

impl Role {
    fn mode(self) -> &'static str {
        match self {
            Role::ToolCall => "tool_call",
            Role::ToolResult => "tool_result",
            Role::Observe => "observe",
            Role::Lifecycle => "lifecycle",
        }
    }
}

/// One selected hook, resolved.
struct Selected<'a> {
    hook: &'a Hook,
    path: PathBuf,
    /// The event the module registers its handler under.
    on: String,
    plugin: Option<&'a PluginDetail>,
    role: Role,
}

impl Selected<'_> {
    /// The key a module is loaded under: a directory module once per file; a plugin module once
    /// per (file, declared event, plugin), since its API and registration check differ.
    fn key(&self) -> String {
        match self.plugin {
            Some(p) => format!("plugin:{}:{}:{}", p.plugin, self.on, self.path.display()),
            None => format!("native:{}", self.path.display()),
        }
    }

    /// What GJC's runner calls the extension in `Extension <path> failed: ...`.
    fn extension_path(&self) -> String {
        match self.plugin {
            Some(_) => self.path.display().to_string(),
            None => format!("hook:{}", self.path.display()),
        }
    }
}

/// The module hooks of `hooks` that fire for `event`, in the order given: `gjc`/`gjc-plugin`
/// hooks with a module handler, of the event's kind, whose matcher accepts the tool name (tool
/// events) — the exact, case-sensitive filter of the file's tool, `*` for all.
pub fn matching<'a>(hooks: &[&'a Hook], event: &Event) -> Vec<&'a Hook> {
    hooks
        .iter()
        .copied()
        .filter(|h| selected(h, event).is_some())
        .collect()
}

/// `hook` resolved for `event` when it fires for it: [`fires`], then [`resolve`]. For callers
/// that hand the host arbitrary hooks ([`ModuleHost::dispatch`], [`matching`]).
fn selected<'a>(hook: &'a Hook, event: &Event) -> Option<Selected<'a>> {
    if !fires(hook, event) {
        return None;
    }
    resolve(hook, event.kind())
}

/// Whether `convention`'s hooks are modules this host runs: its runtime row answers with the
/// module's return value ([`hook_ir::contract::AnswerFormat::ModuleReturn`]).
pub(crate) fn in_module_host(convention: Convention) -> bool {
    hook_ir::contract::runtime(convention)
        .is_some_and(|r| r.answer == hook_ir::contract::AnswerFormat::ModuleReturn)
}

/// Whether the module hook `hook` fires for `event`: a `gjc`/`gjc-plugin` module of the event's
/// kind whose matcher accepts the tool name (tool events).
fn fires(hook: &Hook, event: &Event) -> bool {
    let kind = event.kind();
    if hook.kind != kind || !in_module_host(hook.convention) {
        return false;
    }
    if !matches!(hook.handler, Handler::Module { .. }) {
        return false;
    }
    if matches!(kind, Kind::PreToolUse | Kind::PostToolUse) {
        let tool = event.tool_name.as_deref().unwrap_or_default();
        return match &hook.matcher {
            // The shapes GJC adapters produce, tested without compiling (no allocation).
            Matcher::Any => true,
            Matcher::Exact { names } => names.iter().any(|n| n == tool),
            // A matcher that does not compile never fires (lint reports it).
            other => other.compile().is_ok_and(|m| m.is_match(tool)),
        };
    }
    true
}

/// What the host needs to run the module hook `hook` for an event of `kind`, without testing
/// its matcher: the runner selected it already (its matcher compiled once, in `Runner::new`).
fn resolve(hook: &Hook, kind: Kind) -> Option<Selected<'_>> {
    if !in_module_host(hook.convention) {
        return None;
    }
    let Handler::Module { path: display } = &hook.handler else {
        return None;
    };
    let (path, in_process, plugin) = match &hook.detail {
        Detail::Module {
            real_path,
            in_process_event,
            plugin,
            ..
        } => (
            PathBuf::from(real_path),
            in_process_event.as_str(),
            plugin.as_ref(),
        ),
        _ => (PathBuf::from(display), hook.source_event.as_str(), None),
    };
    let plugin = plugin.filter(|_| hook.convention == Convention::GjcPlugin);
    // Plugin shapes are `event/phase`; the module registers the bare manifest event.
    let on = match plugin {
        Some(_) => hook
            .source_event
            .split('/')
            .next()
            .unwrap_or(in_process)
            .to_string(),
        None if !in_process.is_empty() => in_process.to_string(),
        None => hook.source_event.clone(),
    };
    let observe = plugin.is_some()
        && (hook.source_event == "tool_call/after"
            || (on == "tool_call" && plugin.and_then(|p| p.phase.as_deref()) == Some("after")));
    let role = match kind {
        Kind::PreToolUse => Role::ToolCall,
        Kind::PostToolUse if observe => Role::Observe,
        Kind::PostToolUse => Role::ToolResult,
        _ => Role::Lifecycle,
    };
    Some(Selected {
        hook,
        path,
        on,
        plugin,
        role,
    })
}

/// What one hook produced.
struct Ran {
    outcome: HookOutcome,
    /// Stop the dispatch with this block reason.
    block: Option<String>,
}

fn outcome(hook: &Hook, kind: OutcomeKind, started: Instant) -> HookOutcome {
    HookOutcome {
        id: hook.id.clone(),
        outcome: kind,
        exit_code: None,
        signal: None,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        stderr: String::new(),
        error: None,
        detached: false,
        not_loaded: false,
    }
}

impl ModuleHost {
    /// Runs the module hooks of `hooks` that match `event` and returns the one decision.
    ///
    /// Hooks that are not GJC module hooks, or do not match, are ignored; when none matches,
    /// no host is touched and the decision is a plain allow.
    pub async fn dispatch(&self, hooks: &[&Hook], event: &Event) -> Decision {
        self.dispatch_in(hooks, event, self.options.cwd.as_deref(), false)
            .await
    }

    /// [`ModuleHost::dispatch`] with `cwd` as the working directory handlers see (`ctx.cwd`,
    /// `api.exec`); `None`: the host process's.
    pub(crate) async fn dispatch_in(
        &self,
        hooks: &[&Hook],
        event: &Event,
        cwd: Option<&Path>,
        preselected: bool,
    ) -> Decision {
        let kind = event.kind();
        let mut decision = Decision::allow(kind);
        // The runner selects module hooks once (`Runner::matching`, matchers compiled at
        // construction): its hooks are only resolved here, never matched again.
        let selected: Vec<Selected<'_>> = if preselected {
            hooks.iter().filter_map(|h| resolve(h, kind)).collect()
        } else {
            hooks.iter().filter_map(|h| selected(h, event)).collect()
        };
        if selected.is_empty() {
            return decision;
        }
        let mut tool_result = (kind == Kind::PostToolUse).then(|| ToolResultState::of(event));
        for sel in &selected {
            let ran = self
                .run_one(sel, event, cwd, &mut tool_result, &mut decision)
                .await;
            decision.hooks.push(ran.outcome);
            if let Some(reason) = ran.block {
                decision.verdict = Verdict::Block { reason };
                break;
            }
        }
        decision.tool_result = tool_result.and_then(|s| s.patch());
        decision
    }

    fn timeout_of(&self, sel: &Selected<'_>) -> Option<Duration> {
        match (sel.role, sel.hook.kind) {
            (Role::ToolCall, _) => None,
            (Role::ToolResult | Role::Observe, _) => Some(self.options.tool_result_timeout),
            (_, Kind::SessionShutdown) => Some(self.options.session_shutdown_timeout),
            _ => Some(self.options.lifecycle_timeout),
        }
    }

    /// The runtime for a module: Bun for TypeScript when configured, on `PATH` or in a
    /// `node_modules/.bin` of the session's folder or the module's (or above them), else a
    /// Node.js that strips types, else an error naming what was searched and what to install.
    async fn runtime_for(&self, sel: &Selected<'_>, cwd: Option<&Path>) -> Result<Runtime, String> {
        if !is_typescript(&sel.path) {
            return Ok(Runtime::Node);
        }
        let session = cwd.or(self.options.cwd.as_deref());
        let module_dir = sel.path.parent();
        let dirs: Vec<&Path> = session.into_iter().chain(module_dir).collect();
        if self.bun(&dirs).is_some() {
            return Ok(Runtime::Bun);
        }
        let node = self.host(Runtime::Node).await.map_err(|e| e.to_string())?;
        if node.hello.typescript {
            return Ok(Runtime::Node);
        }
        let searched = dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        Err(format!(
            "cannot run TypeScript hook module {}: Bun was not found (not on PATH, and no {} in {searched} or a folder above) and Node.js {} cannot strip types; install Bun (`npm install bun` in the project, or put `bun` on PATH)",
            sel.path.display(),
            super::LOCAL_BUN,
            node.hello.version
        ))
    }

    /// Loads the module of `sel` into `host` unless it is loaded already. Plugin files are
    /// verified right before their import.
    async fn ensure_loaded(
        &self,
        host: &HostProcess,
        sel: &Selected<'_>,
        cwd: Option<&Path>,
    ) -> Result<(), LoadError> {
        let key = sel.key();
        let mut loaded = host.loaded.lock().await;
        if let Some(done) = loaded.get(&key) {
            return done.clone().map_err(LoadError::Module);
        }
        let path = match sel.plugin {
            Some(plugin) => verify_plugin_file(&sel.path, plugin).map_err(LoadError::Module)?,
            None => sel.path.clone(),
        };
        let mut body = Map::new();
        body.insert("op".into(), json!("load"));
        body.insert("module".into(), json!(key));
        body.insert("path".into(), json!(path.display().to_string()));
        body.insert(
            "api".into(),
            json!(if sel.plugin.is_some() {
                "plugin"
            } else {
                "native"
            }),
        );
        body.insert("event".into(), json!(sel.on));
        if let Some(p) = sel.plugin {
            body.insert("plugin".into(), json!(p.plugin));
        }
        if let Some(cwd) = cwd {
            body.insert("cwd".into(), json!(cwd.display().to_string()));
        }
        match host.request(body, None, &self.options).await {
            Ok(Ok(_)) => {
                loaded.insert(key, Ok(()));
                Ok(())
            }
            Ok(Err(js)) => {
                let message = load_message(sel, &js);
                loaded.insert(key, Err(message.clone()));
                Err(LoadError::Module(message))
            }
            Err(failure) => Err(LoadError::Host(failure)),
        }
    }

    async fn run_one(
        &self,
        sel: &Selected<'_>,
        event: &Event,
        cwd: Option<&Path>,
        tool_result: &mut Option<ToolResultState>,
        decision: &mut Decision,
    ) -> Ran {
        let started = Instant::now();
        // GJC reports a module that does not import and runs without it: fail open.
        let failed = |error: String| {
            let mut o = outcome(sel.hook, OutcomeKind::Failed, started);
            o.error = Some(error);
            o.not_loaded = true;
            Ran {
                outcome: o,
                block: None,
            }
        };
        // No runtime, no host: GJC, which imports every module in its own Bun, never gets
        // here, and nothing says what the module would answer. Fail closed on `tool_call`, as
        // for a host that crashed.
        let cannot_run = |error: String| {
            let mut ran = self.host_failed_hook(sel, started, error, None);
            ran.outcome.not_loaded = true;
            ran
        };
        let runtime = match self.runtime_for(sel, cwd).await {
            Ok(r) => r,
            Err(e) => return cannot_run(e),
        };
        let host = match self.host(runtime).await {
            Ok(h) => h,
            Err(e) => return cannot_run(format!("cannot start the {runtime} hook host: {e}")),
        };
        match self.ensure_loaded(&host, sel, cwd).await {
            Ok(()) => {}
            Err(LoadError::Module(message)) => return failed(message),
            Err(LoadError::Host(failure)) => {
                host.kill();
                let mut ran = failed(format!(
                    "could not load {}: {}",
                    sel.path.display(),
                    failure.describe(runtime)
                ));
                set_exit(&mut ran.outcome, &failure);
                return ran;
            }
        }

        let timeout = self.timeout_of(sel);
        let payload = payload::render(sel.hook.kind, event, tool_result.as_ref());
        let mut body = Map::new();
        body.insert("op".into(), json!("dispatch"));
        body.insert("module".into(), json!(sel.key()));
        body.insert("on".into(), json!(sel.on));
        body.insert("mode".into(), json!(sel.role.mode()));
        body.insert("payload".into(), payload);
        body.insert(
            "timeout_ms".into(),
            json!(timeout.map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))),
        );
        if let Some(cwd) = cwd {
            body.insert("cwd".into(), json!(cwd.display().to_string()));
        }
        let answer = host.request(body, timeout, &self.options).await;
        match answer {
            Ok(Ok(result)) => self.read_results(sel, &result, started, tool_result, decision),
            Ok(Err(js)) => self.host_failed_hook(sel, started, js.to_string(), None),
            Err(failure) => {
                host.kill();
                let mut ran =
                    self.host_failed_hook(sel, started, failure.describe(runtime), Some(&failure));
                set_exit(&mut ran.outcome, &failure);
                if let HostFailure::Exited { stderr, .. } = &failure {
                    ran.outcome.stderr = cut_bytes(stderr, OUTCOME_STDERR_MAX_BYTES).to_string();
                }
                ran
            }
        }
    }

    /// The outcome of a hook whose run failed as a whole (host crash, hang, protocol error):
    /// fail closed on `tool_call`, isolated elsewhere.
    fn host_failed_hook(
        &self,
        sel: &Selected<'_>,
        started: Instant,
        message: String,
        failure: Option<&HostFailure>,
    ) -> Ran {
        let kind = match failure {
            Some(HostFailure::GuardExpired { .. }) => OutcomeKind::TimedOut,
            _ => OutcomeKind::Failed,
        };
        let mut o = outcome(sel.hook, kind, started);
        let block = (sel.role == Role::ToolCall)
            .then(|| format!("Extension {} failed: {message}", sel.extension_path()));
        o.error = Some(message);
        Ran { outcome: o, block }
    }

    fn read_results(
        &self,
        sel: &Selected<'_>,
        result: &Value,
        started: Instant,
        tool_result: &mut Option<ToolResultState>,
        decision: &mut Decision,
    ) -> Ran {
        let mut o = outcome(sel.hook, OutcomeKind::Allowed, started);
        let logs: Vec<&str> = result["logs"]
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        o.stderr = cut_bytes(&logs.join("\n"), OUTCOME_STDERR_MAX_BYTES).to_string();
        if let Some(effects) = result["effects"].as_array() {
            for effect in effects {
                let mut e = Map::new();
                e.insert("hook".into(), json!(sel.hook.id));
                if let Some(obj) = effect.as_object() {
                    e.extend(obj.clone());
                }
                decision.effects.push(Value::Object(e));
            }
        }
        let mut block = None;
        let empty = Vec::new();
        for r in result["results"].as_array().unwrap_or(&empty) {
            match r["status"].as_str() {
                Some("ok") => {
                    let value = &r["value"];
                    match sel.role {
                        Role::ToolCall => {
                            if truthy(&value["block"]) {
                                let reason =
                                    value["reason"].as_str().map(str::to_string).unwrap_or_else(
                                        || format!("Blocked by extension {}", sel.extension_path()),
                                    );
                                o.outcome = OutcomeKind::Blocked;
                                block = Some(reason);
                                break;
                            }
                        }
                        Role::ToolResult => {
                            if let Some(state) = tool_result.as_mut() {
                                state.apply(value);
                            }
                        }
                        Role::Observe => {}
                        Role::Lifecycle => {
                            if sel.hook.kind == Kind::UserPromptSubmit {
                                if let Some(text) = payload::message_text(value) {
                                    decision.context.push(text);
                                }
                            }
                        }
                    }
                }
                Some("timeout") => {
                    if o.outcome == OutcomeKind::Allowed {
                        o.outcome = OutcomeKind::TimedOut;
                        o.error = Some(format!(
                            "handler timed out after {} ms; its result was ignored",
                            self.timeout_of(sel).unwrap_or_default().as_millis()
                        ));
                    }
                }
                _ => {
                    let message = r["message"].as_str().unwrap_or("unknown error").to_string();
                    if sel.role == Role::ToolCall {
                        o.outcome = OutcomeKind::Failed;
                        o.error = Some(message.clone());
                        block = Some(format!(
                            "Extension {} failed: {message}",
                            sel.extension_path()
                        ));
                        break;
                    }
                    if o.outcome == OutcomeKind::Allowed {
                        o.outcome = OutcomeKind::Failed;
                        o.error = Some(match r["code"].as_str() {
                            Some(code) => format!("{code}: {message}"),
                            None => message,
                        });
                    }
                }
            }
        }
        Ran { outcome: o, block }
    }
}

enum LoadError {
    /// The module cannot be loaded (cached per host process).
    Module(String),
    /// The host failed while loading it.
    Host(HostFailure),
}

fn load_message(sel: &Selected<'_>, js: &JsError) -> String {
    format!("could not load {}: {js}", sel.path.display())
}

fn set_exit(o: &mut HookOutcome, failure: &HostFailure) {
    if let HostFailure::Exited { code, signal, .. } = failure {
        o.exit_code = *code;
        o.signal = *signal;
    }
}

/// JavaScript truthiness of a JSON value.
fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hook_ir::Location;

    fn hook(kind: Kind, event: &str, matcher: Matcher) -> Hook {
        Hook {
            plugin_root: None,
            source_file: None,
            id: "h".into(),
            kind,
            convention: Convention::Gjc,
            source_event: event.into(),
            matcher,
            handler: Handler::Module {
                path: ".gjc/hooks/pre/bash.js".into(),
            },
            timeout_ms: None,
            scope: hook_ir::Scope::default(),
            location: Location::path_only(".gjc/hooks/pre/bash.js"),
            detail: Detail::Module {
                real_path: "/p/.gjc/hooks/pre/bash.js".into(),
                in_process_event: event.into(),
                tool: Some("bash".into()),
                plugin: None,
            },
        }
    }

    #[test]
    fn selection_filters_by_kind_and_exact_tool_name() {
        let exact = hook(
            Kind::PreToolUse,
            "tool_call",
            Matcher::Exact {
                names: vec!["bash".into()],
            },
        );
        let any = hook(Kind::PreToolUse, "tool_call", Matcher::Any);
        let stop = hook(Kind::Stop, "agent_end", Matcher::Any);
        let hooks = [&exact, &any, &stop];
        let e = Event::pre_tool_use("bash", json!({}));
        assert_eq!(matching(&hooks, &e).len(), 2);
        let e = Event::pre_tool_use("Bash", json!({}));
        assert_eq!(
            matching(&hooks, &e).len(),
            1,
            "tool names are case-sensitive"
        );
        assert_eq!(matching(&hooks, &Event::stop()).len(), 1);
    }

    #[test]
    fn directory_hooks_are_named_like_gjc_names_them() {
        let h = hook(Kind::PreToolUse, "tool_call", Matcher::Any);
        let e = Event::pre_tool_use("bash", json!({}));
        let sel = selected(&h, &e).unwrap();
        assert_eq!(sel.extension_path(), "hook:/p/.gjc/hooks/pre/bash.js");
        assert_eq!(sel.role, Role::ToolCall);
    }

    #[test]
    fn truthiness_follows_javascript() {
        assert!(truthy(&json!(true)));
        assert!(truthy(&json!("x")));
        assert!(truthy(&json!(1)));
        assert!(!truthy(&json!(0)));
        assert!(!truthy(&json!("")));
        assert!(!truthy(&Value::Null));
    }
}
