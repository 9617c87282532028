//! Codex's hook trust (issue 11, item 5), computed exactly as Codex 0.171.0 does.
//!
//! Codex runs a non-managed hook only when `$CODEX_HOME/config.toml` (default
//! `~/.codex/config.toml`) holds, under the hook's **key**
//! `<absolute hooks.json path>:<snake_case event>:<group index>:<handler index>`, a table
//! `[hooks.state."<key>"]` whose `trusted_hash` equals the hook's current **hash**; anything else
//! is skipped silently. A project's `.codex/hooks.json` is not even loaded unless the project
//! root (the enclosing git repository, else the directory) is trusted:
//! `[projects."<root>"] trust_level = "trusted"`.
//!
//! The hash (`command_hook_hash` in `codex-rs/hooks/src/engine/discovery.rs`, `version_for_toml`
//! in `codex-rs/config/src/fingerprint.rs`) is `sha256:` + the hex SHA-256 of the compact JSON,
//! keys sorted at every level, of the handler's normalized identity:
//! `{"event_name", "matcher"?, "hooks": [{"type": "command", "command", "timeout", "async",
//! "statusMessage"?, "additionalContextLimit"?}]}` — the timeout always written (the event's
//! default, clamped as Codex clamps it), `async` always written, the matcher left out on
//! `UserPromptSubmit` and `Stop`, `commandWindows` never hashed, `additionalContextLimit` only
//! when it is not the default 2500 and the event can add context. Every rule was checked against
//! the hashes `codex app-server` (`hooks/list`, `currentHash`) reports for the same files:
//! `tests/codex_trust.rs` replays those recorded answers.

use crate::json_span::{self, Kind as J, Node};
use crate::{Context, SourceFile};
use hook_ir::contract::{self, limits::codex};
use hook_ir::{Code, Convention, Detail, Diagnostic, Hook, Severity};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Events whose matcher Codex drops before hashing (and ignores when matching).
const MATCHERLESS: &[&str] = &["UserPromptSubmit", "Stop"];
/// Events whose handlers may set `additionalContextLimit` (elsewhere Codex drops it with a
/// warning, so it is not hashed).
const CONTEXT_LIMIT_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "SessionStart",
    "UserPromptSubmit",
    "SubagentStart",
];

/// `PreToolUse` → `pre_tool_use` (Codex's `hook_event_key_label`).
pub fn event_label(event: &str) -> String {
    let mut s = String::with_capacity(event.len() + 4);
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

/// The trust key of handler `index` of group `group` of `event` in the file at `abs_path`.
pub fn hook_key(abs_path: &Path, event: &str, group: usize, index: usize) -> String {
    format!(
        "{}:{}:{group}:{index}",
        abs_path.display(),
        event_label(event)
    )
}

/// One command handler as Codex normalizes it for hashing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity<'a> {
    /// The event key as written (`PreToolUse`).
    pub event: &'a str,
    /// The matcher as written (`None` when absent or `null`).
    pub matcher: Option<&'a str>,
    /// The command as written (before any `${VAR}` substitution).
    pub command: &'a str,
    /// `timeout` as written, in seconds.
    pub timeout_s: Option<u64>,
    /// `async` as written.
    pub is_async: Option<bool>,
    /// `statusMessage` as written.
    pub status_message: Option<&'a str>,
    /// `additionalContextLimit` as written.
    pub additional_context_limit: Option<u64>,
}

impl Identity<'_> {
    /// The timeout Codex runs (and hashes) this handler with, in seconds.
    pub fn effective_timeout_s(&self) -> u64 {
        let rule = contract::find(hook_ir::Convention::CodexJson, self.event)
            .and_then(|r| r.rules())
            .map(|r| r.timeout);
        let ms = rule
            .and_then(|t| t.effective_ms(self.timeout_s.map(|s| s.saturating_mul(1000))))
            .unwrap_or_else(|| {
                self.timeout_s
                    .unwrap_or(codex::TIMEOUT_DEFAULT_S)
                    .max(codex::TIMEOUT_MIN_S)
                    * 1000
            });
        ms / 1000
    }

    /// `sha256:<hex>`, as Codex computes it.
    pub fn hash(&self) -> String {
        let mut handler = serde_json::Map::new();
        handler.insert("type".into(), "command".into());
        handler.insert("command".into(), self.command.into());
        handler.insert("timeout".into(), self.effective_timeout_s().into());
        handler.insert("async".into(), self.is_async.unwrap_or(false).into());
        if let Some(m) = self.status_message {
            handler.insert("statusMessage".into(), m.into());
        }
        if let Some(l) = self.additional_context_limit.filter(|&l| {
            l != codex::ADDITIONAL_CONTEXT_LIMIT_DEFAULT
                && CONTEXT_LIMIT_EVENTS.contains(&self.event)
        }) {
            handler.insert("additionalContextLimit".into(), l.into());
        }
        let mut identity = serde_json::Map::new();
        identity.insert("event_name".into(), event_label(self.event).into());
        if let Some(m) = self.matcher.filter(|_| !MATCHERLESS.contains(&self.event)) {
            identity.insert("matcher".into(), m.into());
        }
        identity.insert(
            "hooks".into(),
            serde_json::Value::Array(vec![serde_json::Value::Object(handler)]),
        );
        let canonical = sorted(serde_json::Value::Object(identity)).to_string();
        let digest = Sha256::digest(canonical.as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        format!("sha256:{hex}")
    }
}

/// `v` with every object's keys sorted (this workspace's `serde_json` keeps insertion order).
fn sorted(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => {
            let mut entries: Vec<_> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            serde_json::Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.into_iter().map(sorted).collect())
        }
        v => v,
    }
}

/// One command handler of a `hooks.json`, with its trust key and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The event key.
    pub event: String,
    /// Group index under the event.
    pub group: usize,
    /// Handler index in the group.
    pub index: usize,
    /// The handler's span in the file.
    pub span: (usize, usize),
    /// The trust key.
    pub key: String,
    /// The current hash.
    pub hash: String,
}

/// Every command handler of the parsed `hooks.json` at `abs_path`, keyed and hashed as Codex
/// does. Handlers Codex would not run anyway (no string command, wrong value types) are left
/// out; lowering reports them.
pub fn entries(abs_path: &Path, root: &Node) -> Vec<Entry> {
    let mut out = Vec::new();
    let Some(events) = root.get("hooks").and_then(|h| h.value.members()) else {
        return out;
    };
    for ev in events {
        let Some(groups) = ev.value.elements() else {
            continue;
        };
        for (gi, g) in groups.iter().enumerate() {
            let matcher = match g.get("matcher").map(|m| &m.value.kind) {
                Some(J::String(s)) => Some(s.as_str()),
                None | Some(J::Null) => None,
                Some(_) => continue,
            };
            let Some(handlers) = g.get("hooks").and_then(|h| h.value.elements()) else {
                continue;
            };
            for (hi, h) in handlers.iter().enumerate() {
                if let Some(id) = identity(&ev.key, matcher, h) {
                    out.push(Entry {
                        event: ev.key.clone(),
                        group: gi,
                        index: hi,
                        span: h.span,
                        key: hook_key(abs_path, &ev.key, gi, hi),
                        hash: id.hash(),
                    });
                }
            }
        }
    }
    out
}

fn identity<'a>(event: &'a str, matcher: Option<&'a str>, h: &'a Node) -> Option<Identity<'a>> {
    let string = |k: &str| h.get(k).and_then(|m| m.value.as_str());
    let number = |k: &str| match h.get(k).map(|m| &m.value.kind) {
        Some(J::Number(n)) => n.parse::<u64>().ok(),
        _ => None,
    };
    if string("type") != Some("command") {
        return None;
    }
    let command = string("command").filter(|c| !c.trim().is_empty())?;
    Some(Identity {
        event,
        matcher,
        command,
        timeout_s: number("timeout"),
        is_async: match h.get("async").map(|m| &m.value.kind) {
            Some(J::Bool(b)) => Some(*b),
            _ => None,
        },
        status_message: string("statusMessage"),
        additional_context_limit: number("additionalContextLimit"),
    })
}

/// What Codex's config says about hooks and projects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CodexConfig {
    /// The file it was read from.
    pub path: PathBuf,
    /// `[hooks.state."<key>"]` tables.
    pub hook_state: BTreeMap<String, HookState>,
    /// `[projects."<dir>"] trust_level`.
    pub projects: BTreeMap<String, String>,
}

/// One `[hooks.state."<key>"]` table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct HookState {
    /// The hash the user trusted.
    #[serde(default)]
    pub trusted_hash: Option<String>,
    /// `false` turns the hook off.
    #[serde(default)]
    pub enabled: Option<bool>,
}

#[derive(Deserialize, Default)]
struct RawConfig {
    #[serde(default)]
    hooks: Option<RawHooks>,
    #[serde(default)]
    projects: BTreeMap<String, RawProject>,
}

#[derive(Deserialize, Default)]
struct RawHooks {
    #[serde(default)]
    state: BTreeMap<String, HookState>,
}

#[derive(Deserialize, Default)]
struct RawProject {
    #[serde(default)]
    trust_level: Option<String>,
}

/// `$CODEX_HOME` (read only when the context applies environment overrides), else
/// `<home>/.codex`.
pub fn codex_home(ctx: &Context) -> Option<PathBuf> {
    if ctx.apply_env_overrides {
        if let Some(h) = ctx.var("CODEX_HOME").filter(|h| !h.is_empty()) {
            return Some(PathBuf::from(h));
        }
    }
    ctx.home.as_ref().map(|h| h.join(".codex"))
}

/// Reads `<codex home>/config.toml`. A missing file is an empty config (nothing trusted);
/// `Err` when it exists but cannot be read or parsed (Codex would refuse to start).
pub fn read_config(ctx: &Context) -> Result<CodexConfig, String> {
    let Some(home) = codex_home(ctx) else {
        return Ok(CodexConfig::default());
    };
    let path = home.join("config.toml");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(CodexConfig {
                path,
                ..CodexConfig::default()
            })
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let raw: RawConfig =
        toml::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
    Ok(CodexConfig {
        path,
        hook_state: raw.hooks.map(|h| h.state).unwrap_or_default(),
        projects: raw
            .projects
            .into_iter()
            .filter_map(|(k, v)| v.trust_level.map(|t| (k, t)))
            .collect(),
    })
}

/// [`read_config`], once per run when the context shares a [`crate::run_cache::RunCache`].
fn cached_config(ctx: &Context) -> std::sync::Arc<Result<CodexConfig, String>> {
    match (&ctx.run_cache, codex_home(ctx)) {
        (Some(cache), Some(home)) => cache.config(&home.join("config.toml"), || read_config(ctx)),
        _ => std::sync::Arc::new(read_config(ctx)),
    }
}

/// A hook's trust, as Codex will judge it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The trusted hash matches: Codex runs it.
    Trusted,
    /// No trusted hash: Codex skips it silently.
    Untrusted,
    /// A trusted hash that no longer matches: Codex skips it silently.
    Changed,
    /// `enabled = false` in its state table: Codex skips it.
    Disabled,
    /// Its project is not trusted: Codex does not load the file.
    ProjectUntrusted,
}

impl Status {
    /// Whether Codex runs the hook.
    pub fn runs(self) -> bool {
        self == Status::Trusted
    }
}

/// The trust of one hook.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HookTrust {
    /// The `[hooks.state]` key.
    pub key: String,
    /// The current hash (what `trusted_hash` must be).
    pub hash: String,
    /// Codex's verdict.
    pub status: Status,
    /// For a project file: the project root whose trust Codex checks.
    pub project_root: Option<PathBuf>,
}

/// Which layer a `hooks.json` is, for Codex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layer {
    /// `$CODEX_HOME/hooks.json`: the user's own (also any file outside a `.codex` directory).
    User,
    /// `<dir>/.codex/hooks.json`: a project layer whose trust is checked at `root`.
    Project {
        /// The project root (git repository root, else the directory holding `.codex`).
        root: PathBuf,
    },
}

/// The absolute path Codex keys the file by, and its layer. `path` is the file as discovered.
pub fn locate(ctx: &Context, path: &Path) -> (PathBuf, Layer) {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| abs.clone());
    if let Some(home) = codex_home(ctx) {
        // `hooks.json`, or `config.toml` for hooks inlined there (keyed by the config file:
        // `config_toml_source_path` in `codex-rs/hooks/src/engine/discovery.rs`).
        for name in ["hooks.json", "config.toml"] {
            let user = home.join(name);
            let user_real = crate::run_cache::canonical(ctx, &user).unwrap_or_else(|| user.clone());
            if real == user_real {
                // Codex joins `$CODEX_HOME` (as set, made absolute) with the file name.
                return (std::path::absolute(&user).unwrap_or(user), Layer::User);
            }
        }
    }
    // A project layer: Codex walks the physical working directory (`getcwd`), so the path is
    // the canonical one.
    let dir = real
        .parent()
        .filter(|p| p.file_name().is_some_and(|n| n == ".codex"))
        .and_then(Path::parent);
    match dir {
        Some(dir) => {
            let root = project_root(ctx, dir);
            (real, Layer::Project { root })
        }
        // Any other file (`--hooks-json`, an explicit path): judged by its hooks alone, as the
        // `$CODEX_HOME/hooks.json` it would be.
        None => (abs, Layer::User),
    }
}

/// The enclosing git repository of `dir` (a `.git` directory or file), else `dir`.
fn project_root(ctx: &Context, dir: &Path) -> PathBuf {
    dir.ancestors()
        .find(|a| crate::run_cache::exists(ctx, &a.join(".git")))
        .unwrap_or(dir)
        .to_path_buf()
}

impl CodexConfig {
    /// Whether Codex trusts the project at `root`.
    pub fn trusts_project(&self, root: &Path) -> bool {
        let want = root.display().to_string();
        self.projects
            .iter()
            .any(|(k, level)| level == "trusted" && (k == &want || k.trim_end_matches('/') == want))
    }

    /// The trust of the handler with `key` and current `hash` in a file of `layer`.
    pub fn judge(&self, layer: &Layer, key: &str, hash: &str) -> HookTrust {
        let project_root = match layer {
            Layer::User => None,
            Layer::Project { root } => Some(root.clone()),
        };
        let state = self.hook_state.get(key);
        let status = match (&project_root, state) {
            (Some(root), _) if !self.trusts_project(root) => Status::ProjectUntrusted,
            (_, Some(s)) if s.enabled == Some(false) => Status::Disabled,
            (
                _,
                Some(HookState {
                    trusted_hash: Some(t),
                    ..
                }),
            ) if t == hash => Status::Trusted,
            (
                _,
                Some(HookState {
                    trusted_hash: Some(_),
                    ..
                }),
            ) => Status::Changed,
            _ => Status::Untrusted,
        };
        HookTrust {
            key: key.to_string(),
            hash: hash.to_string(),
            status,
            project_root,
        }
    }
}

/// The `[hooks.state]` table that trusts `t`, as TOML text.
pub fn state_table(t: &HookTrust) -> String {
    format!(
        "[hooks.state.{}]\ntrusted_hash = \"{}\"\n",
        toml_string(&t.key),
        t.hash
    )
}

/// The `[projects]` table that trusts `root`, as TOML text.
pub fn project_table(root: &Path) -> String {
    format!(
        "[projects.{}]\ntrust_level = \"trusted\"\n",
        toml_string(&root.display().to_string())
    )
}

fn toml_string(s: &str) -> String {
    // A path with nothing to escape is written as a basic string, as the serializer does; the
    // serializer itself (which picks a literal string for the others) cost more than the rest
    // of the diagnostic.
    if s.chars()
        .all(|c| !c.is_control() && !matches!(c, '"' | '\\' | '\''))
    {
        return format!("\"{s}\"");
    }
    toml::Value::String(s.to_string()).to_string()
}

/// A Codex hooks file read again for trust: its real path, its config layer, its entries.
type ParsedFile = (PathBuf, Layer, Vec<Entry>);

/// The trust of each of `hooks` (Codex hooks; others get `None`), reading their files again
/// (found through `sources`) and the Codex config of `ctx`. `Err` when the Codex config cannot
/// be read.
pub fn of_hooks(
    ctx: &Context,
    hooks: &[Hook],
    sources: &[SourceFile],
) -> Result<Vec<Option<HookTrust>>, String> {
    let config = read_config(ctx)?;
    // By the real path of each hook's file: read and parsed once.
    let mut files: BTreeMap<Option<PathBuf>, Option<ParsedFile>> = BTreeMap::new();
    Ok(hooks
        .iter()
        .map(|h| {
            if h.convention != Convention::CodexJson {
                return None;
            }
            let Detail::JsonGroup { group, index, .. } = &h.detail else {
                return None;
            };
            let file = files.entry(h.source_file.clone()).or_insert_with(|| {
                let src = crate::source_of(sources, h)?;
                let text = match &src.text {
                    Some(t) => t.clone(),
                    None => std::fs::read_to_string(&src.path).ok()?,
                };
                let root = super::parse_source(&src.path, &text)?;
                let (abs, layer) = locate(ctx, &src.path);
                let entries = entries(&abs, &root);
                Some((abs, layer, entries))
            });
            let (_, layer, entries) = file.as_ref()?;
            let e = entries
                .iter()
                .find(|e| e.event == h.source_event && e.group == *group && e.index == *index)?;
            Some(config.judge(layer, &e.key, &e.hash))
        })
        .collect())
}

/// A refusal rule for the runner's trust policy (`runner::RunnerOptions::trust` takes any
/// `Fn(&Hook) -> Option<String>`): the Codex hooks of `hooks` that Codex would skip are refused
/// with the reason, every other hook runs. `Err` when the Codex config cannot be read.
pub fn refusals(
    ctx: &Context,
    hooks: &[Hook],
    sources: &[SourceFile],
) -> Result<impl Fn(&Hook) -> Option<String> + Send + Sync + 'static, String> {
    let refused: BTreeMap<String, Status> = hooks
        .iter()
        .zip(of_hooks(ctx, hooks, sources)?)
        .filter_map(|(h, t)| {
            t.filter(|t| !t.status.runs())
                .map(|t| (h.id.clone(), t.status))
        })
        .collect();
    Ok(move |h: &Hook| {
        refused.get(&h.id).map(|s| match s {
            Status::Untrusted => "Codex skips it: it has no trusted hash".to_string(),
            Status::Changed => "Codex skips it: it changed since it was trusted".to_string(),
            Status::Disabled => "Codex skips it: it is disabled (`enabled = false`)".to_string(),
            Status::ProjectUntrusted => "Codex skips it: its project is not trusted".to_string(),
            Status::Trusted => String::new(),
        })
    })
}

/// The trust diagnostics of a `hooks.json` about to be written at `path` with `text` (by
/// `hooks import` or `hooks setup codex`): which of its hooks Codex will skip until they are
/// trusted — new ones, changed ones, and unchanged ones whose position (part of the key)
/// moved. Located in `text`.
pub fn check_written(ctx: &Context, path: &Path, text: &str) -> Vec<Diagnostic> {
    let Ok(root) = json_span::parse(text) else {
        return Vec::new();
    };
    let display = ctx.display(path);
    let mut scratch = crate::Output::default();
    super::lower::lower(&crate::Source::new(display, text), &root, &mut scratch);
    let mut out = Vec::new();
    // Hooks of events outside the six kinds that the import carried need trust as well.
    scratch.hooks.append(&mut scratch.outside);
    report(ctx, path, &root, &scratch.hooks, &mut out);
    out
}

/// Adds the trust diagnostics of the hooks just lowered from one file (`hooks`, read from
/// `path`, parsed as `root`): one `codex_hook_untrusted` or `codex_hook_changed` per hook Codex
/// will skip, or one `codex_project_untrusted` for a project file Codex will not load. Nothing
/// when the Codex config cannot be read (its own error is Codex's to report).
pub fn report(ctx: &Context, path: &Path, root: &Node, hooks: &[Hook], out: &mut Vec<Diagnostic>) {
    if hooks.is_empty() {
        return;
    }
    let config = cached_config(ctx);
    let Ok(config) = config.as_ref() else {
        return;
    };
    let (abs, layer) = locate(ctx, path);
    let config_path = ctx.display(&config.path);
    if let Layer::Project { root } = &layer {
        if !config.trusts_project(root) {
            // Trust is this machine's, not the repository's: where Codex has never run (no
            // `$CODEX_HOME`, a CI runner) nobody could have trusted the checkout, and a warning
            // there would fail every `--deny-warnings` job with Codex hooks (issue 25).
            let (machine, severity) = if codex_home(ctx).is_some_and(|h| h.is_dir()) {
                ("", Severity::Warning)
            } else {
                (
                    " (trust is per machine, and Codex has no state on this one: no `~/.codex/`, as on a CI runner; an info here, a warning where Codex has run)",
                    Severity::Info,
                )
            };
            out.push(
                Diagnostic::new(
                    Code::CodexProjectUntrusted,
                    format!(
                        "Codex will skip {} silently: it loads a project's `.codex` hooks only when the project `{}` is trusted in {config_path}{machine}",
                        if hooks.len() == 1 {
                            "this hook".to_string()
                        } else {
                            format!("these {} hooks", hooks.len())
                        },
                        root.display()
                    ),
                )
                .with_convention(Convention::CodexJson)
                .at(hooks[0].location.clone())
                .with_severity(severity)
                .with_help(format!("trust the project when Codex asks, or add to {config_path}:\n{}", project_table(root))),
            );
            return;
        }
    }
    // Hashed only here: a project Codex does not trust needs no hook's hash.
    let entries = entries(&abs, root);
    // Looked up, not searched per hook: a search made 24,000 imported hooks quadratic.
    let by_place: std::collections::HashMap<(&str, usize, usize), _> = entries
        .iter()
        .rev()
        .map(|e| ((e.event.as_str(), e.group, e.index), e))
        .collect();
    for h in hooks {
        let Detail::JsonGroup { group, index, .. } = &h.detail else {
            continue;
        };
        let Some(e) = by_place.get(&(h.source_event.as_str(), *group, *index)) else {
            continue;
        };
        let t = config.judge(&layer, &e.key, &e.hash);
        let (code, why) = match t.status {
            Status::Untrusted => (
                Code::CodexHookUntrusted,
                format!("it has no trusted hash in {config_path}"),
            ),
            Status::Changed => (
                Code::CodexHookChanged,
                format!("it changed since it was trusted in {config_path} (the trusted hash no longer matches)"),
            ),
            Status::Trusted | Status::Disabled | Status::ProjectUntrusted => continue,
        };
        out.push(
            Diagnostic::new(code, format!("Codex will skip this hook silently: {why}"))
                .with_convention(Convention::CodexJson)
                .at(h.location.clone())
                .with_help(format!(
                    "review and trust it in Codex (`/hooks`), or add to {config_path}:\n{}",
                    state_table(&t)
                )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut writes what the TOML serializer writes, for every string it takes.
    #[test]
    fn toml_string_shortcut_matches_the_serializer() {
        for s in [
            "/tmp/l10kc/p0",
            "/home/u/my project/é ü 日本",
            "C:/x y/#z=1 [a] {b} $HOME ~ `q` ? * ,",
            "",
            "/a/b.c/.codex/hooks.json:pre_tool_use:0:0",
            "emoji 🎉 and \u{a0}nbsp \u{2028}",
        ] {
            assert_eq!(
                toml_string(s),
                toml::Value::String(s.to_string()).to_string(),
                "{s}"
            );
        }
        // The others are left to the serializer.
        for s in ["a\"b", "a\\b", "it's", "tab\there", "nl\nx", "del\u{7f}"] {
            assert_eq!(
                toml_string(s),
                toml::Value::String(s.to_string()).to_string()
            );
        }
    }

    fn id<'a>(event: &'a str, matcher: Option<&'a str>, command: &'a str) -> Identity<'a> {
        Identity {
            event,
            matcher,
            command,
            timeout_s: None,
            is_async: None,
            status_message: None,
            additional_context_limit: None,
        }
    }

    #[test]
    fn labels_are_codex_snake_case() {
        assert_eq!(event_label("PreToolUse"), "pre_tool_use");
        assert_eq!(event_label("SessionEnd"), "session_end");
        assert_eq!(event_label("Stop"), "stop");
    }

    #[test]
    fn hashes_equal_what_codex_0_171_0_reports() {
        // `currentHash` from `codex app-server` `hooks/list` (Codex 0.171.0) for the same
        // handlers; the whole recorded answer is replayed in tests/codex_trust.rs.
        let mut pre = id("PreToolUse", Some("Bash"), "echo hi");
        pre.timeout_s = Some(5);
        assert_eq!(
            pre.hash(),
            "sha256:b98dab5eee824a2bcfee70e81c0883e7226870b4c205cfe7fcd34b86d81322e0"
        );
        assert_eq!(
            id("SessionEnd", None, "echo bye").hash(),
            "sha256:46d41f2ca971edc35dddf3e7078698d71ab9d2c554e54eaf8b93eb45f17bf440"
        );
        assert_eq!(
            id("Stop", None, "echo stop").hash(),
            "sha256:236335e9e512004a0f5f42af65a07ea9059bd9a23dbb68286ed57fecf2b69ddf"
        );
        // A matcher on UserPromptSubmit is dropped before hashing.
        assert_eq!(
            id("UserPromptSubmit", Some("foo"), "echo u").hash(),
            "sha256:269945699a52967138bc2887383b17749bd80770e08964d31d5d5800fa46246f"
        );
    }

    #[test]
    fn trust_follows_the_state_tables() {
        let mut c = CodexConfig::default();
        c.hook_state.insert(
            "k1".into(),
            HookState {
                trusted_hash: Some("sha256:a".into()),
                enabled: None,
            },
        );
        c.hook_state.insert(
            "k2".into(),
            HookState {
                trusted_hash: Some("sha256:a".into()),
                enabled: Some(false),
            },
        );
        assert_eq!(
            c.judge(&Layer::User, "k1", "sha256:a").status,
            Status::Trusted
        );
        assert_eq!(
            c.judge(&Layer::User, "k1", "sha256:b").status,
            Status::Changed
        );
        assert_eq!(
            c.judge(&Layer::User, "k2", "sha256:a").status,
            Status::Disabled
        );
        assert_eq!(
            c.judge(&Layer::User, "k3", "sha256:a").status,
            Status::Untrusted
        );
        let project = Layer::Project {
            root: PathBuf::from("/p"),
        };
        assert_eq!(
            c.judge(&project, "k1", "sha256:a").status,
            Status::ProjectUntrusted
        );
        c.projects.insert("/p".into(), "trusted".into());
        assert_eq!(c.judge(&project, "k1", "sha256:a").status, Status::Trusted);
    }

    #[test]
    fn tables_are_valid_toml() {
        let t = HookTrust {
            key: "/h/.codex/hooks.json:stop:0:0".into(),
            hash: "sha256:ab".into(),
            status: Status::Untrusted,
            project_root: None,
        };
        let text = format!("{}{}", state_table(&t), project_table(Path::new("/p q")));
        let v: toml::Value = toml::from_str(&text).unwrap();
        assert_eq!(
            v["hooks"]["state"]["/h/.codex/hooks.json:stop:0:0"]["trusted_hash"].as_str(),
            Some("sha256:ab")
        );
        assert_eq!(
            v["projects"]["/p q"]["trust_level"].as_str(),
            Some("trusted")
        );
    }
}
