//! Lowering one plugin (its manifest, checked against the scope's registry) into IR hooks.
//!
//! The plugin is validated as a whole before any hook is accepted, as GJC validates the whole
//! batch before the first registration: a manifest-level error or hash drift rejects every hook
//! of the plugin (GJC quarantines it); a hook-level error rejects that hook.

use super::confine::{confine, sha256_file};
use super::raw::{RawCopiedFile, RawManifest, RawPluginHook, RawRegistryEntry, PLUGIN_KIND};
use crate::json_span::{Kind as J, Node};
use crate::modules::lower::{matcher_for, timeout_of};
use crate::modules::tool_name;
use crate::{Context, Output, Source};
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Location, PluginDetail};
use std::path::Path;

const CONV: Convention = Convention::GjcPlugin;

/// What the scope's registry says about this plugin.
#[derive(Debug, Clone, Copy)]
pub enum Registry<'a> {
    /// No `registry.json` in the scope.
    Missing,
    /// The registry could not be read (already reported); GJC fails the scope.
    Corrupt,
    /// The registry has no entry for the plugin.
    NoEntry,
    /// The plugin's entry.
    Entry(&'a RawRegistryEntry),
}

/// The manifest being lowered: its source (the one source type) and the plugin root.
pub struct Manifest<'a> {
    /// The manifest's text and display path.
    pub src: &'a Source,
    /// The plugin root (the manifest's directory).
    pub root: &'a Path,
}

impl Manifest<'_> {
    fn at(&self, n: &Node) -> Location {
        self.src.at(n.span)
    }
    fn diag(&self, code: Code, n: &Node, msg: impl Into<String>) -> Diagnostic {
        self.src.diag(code, CONV, n.span, msg)
    }
}

fn non_empty_str(n: Option<&Node>) -> Option<&str> {
    n.and_then(Node::as_str).filter(|s| !s.trim().is_empty())
}

/// Lowers a parsed manifest. Returns the accepted hooks (none when the plugin is rejected).
pub fn lower_plugin(
    ctx: &Context,
    m: &Manifest<'_>,
    root: &Node,
    registry: Registry<'_>,
    out: &mut Output,
) {
    let Some(raw) = RawManifest::from_node(root) else {
        out.diag(m.diag(
            Code::InvalidPluginManifest,
            root,
            format!(
                "the manifest must be a JSON object, not {}",
                root.type_name()
            ),
        ));
        return;
    };
    let mut plugin_ok = true;
    if raw.kind.and_then(Node::as_str) != Some(PLUGIN_KIND) {
        let at = raw.kind.unwrap_or(root);
        out.diag(m.diag(
            Code::InvalidPluginManifest,
            at,
            format!("`kind` must be \"{PLUGIN_KIND}\"; GJC refuses this plugin"),
        ));
        plugin_ok = false;
    }
    let name = non_empty_str(raw.name);
    if name.is_none() {
        out.diag(m.diag(
            Code::InvalidPluginManifest,
            raw.name.unwrap_or(root),
            "`name` must be a non-empty string",
        ));
        plugin_ok = false;
    }
    if non_empty_str(raw.version).is_none() {
        out.diag(m.diag(
            Code::InvalidPluginManifest,
            raw.version.unwrap_or(root),
            "`version` must be a non-empty string",
        ));
        plugin_ok = false;
    }
    let plugin = name.unwrap_or("?").to_string();
    let entries: &[Node] = match raw.hooks {
        None => &[],
        Some(h) => match h.elements() {
            Some(e) => e,
            None => {
                out.diag(m.diag(
                    Code::InvalidPluginManifest,
                    h,
                    format!("`hooks` must be an array, not {}", h.type_name()),
                ));
                return;
            }
        },
    };
    let copied: &[RawCopiedFile] = match registry {
        Registry::Entry(e) => &e.copied_files,
        _ => &[],
    };
    match registry {
        Registry::Missing if !entries.is_empty() => out.diag(
            Diagnostic::new(
                Code::MissingRegistry,
                format!("no registry.json next to plugin `{plugin}`: its file hashes cannot be verified"),
            )
            .with_convention(CONV)
            .at(m.src.file()),
        ),
        Registry::NoEntry if !entries.is_empty() => out.diag(
            Diagnostic::new(
                Code::MissingRegistry,
                format!("registry.json has no entry for plugin `{plugin}`: its file hashes cannot be verified"),
            )
            .with_convention(CONV)
            .at(m.src.file()),
        ),
        Registry::Corrupt => plugin_ok = false,
        Registry::Entry(e) if !e.enabled => return,
        _ => {}
    }
    if !verify_hashes(ctx, m, &plugin, copied, out) {
        plugin_ok = false;
    }
    let mut hooks = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if let Some(h) = lower_hook(ctx, m, &plugin, i, e, copied, out) {
            hooks.push(h);
        }
    }
    if plugin_ok {
        out.hooks.extend(hooks);
    }
}

/// Checks every copied file against its recorded SHA-256. `false` on any drift.
fn verify_hashes(
    ctx: &Context,
    m: &Manifest<'_>,
    plugin: &str,
    copied: &[RawCopiedFile],
    out: &mut Output,
) -> bool {
    let mut ok = true;
    for f in copied {
        let problem = match confine(m.root, &f.relative_path) {
            Err((_, why)) => Some(format!("is missing or invalid ({why})")),
            Ok(real) => match sha256_file(&real) {
                Err(e) => Some(format!("cannot be read: {e}")),
                Ok(h) if !h.eq_ignore_ascii_case(&f.sha256) => Some(format!(
                    "has SHA-256 {h}, but the registry recorded {}",
                    f.sha256
                )),
                Ok(_) => None,
            },
        };
        if let Some(p) = problem {
            ok = false;
            out.diag(
                Diagnostic::new(
                    Code::HashDrift,
                    format!(
                        "`{}` of plugin `{plugin}` {p}; GJC quarantines the plugin, so none of its hooks run",
                        f.relative_path
                    ),
                )
                .with_convention(CONV)
                .at(Location::path_only(ctx.display(&m.root.join(&f.relative_path)))),
            );
        }
    }
    ok
}

/// The (source event, kind-defining) shape of a hook entry, by GJC's `normalizePluginHook`.
fn lower_hook(
    ctx: &Context,
    m: &Manifest<'_>,
    plugin: &str,
    index: usize,
    e: &Node,
    copied: &[RawCopiedFile],
    out: &mut Output,
) -> Option<Hook> {
    let Some(raw) = RawPluginHook::from_node(e) else {
        out.diag(m.diag(
            Code::InvalidPluginManifest,
            e,
            format!("a hook entry must be an object, not {}", e.type_name()),
        ));
        return None;
    };
    let mut missing = |key: &str, n: Option<&Node>| -> Option<String> {
        match n.and_then(Node::as_str) {
            Some(s) => Some(s.to_string()),
            None => {
                out.diag(m.diag(
                    Code::InvalidPluginManifest,
                    n.unwrap_or(e),
                    format!("hook entry {index}: `{key}` must be a string"),
                ));
                None
            }
        }
    };
    let name = missing("name", raw.name);
    let event = missing("event", raw.event);
    let path = missing("path", raw.path);
    let (name, event, path) = (name?, event?, path?);
    let event_node = raw.event.unwrap_or(e);
    let phase_str = raw.phase.and_then(Node::as_str);
    let phase_at = raw.phase.unwrap_or(e);
    let bad_phase = |msg: String| m.diag(Code::InvalidPluginPhase, phase_at, msg);
    let (source_event, target): (String, Option<&Node>) = match event.as_str() {
        "session_start" | "session_shutdown" => {
            if raw.phase.is_some() || raw.target.is_some() {
                let at = raw.phase.or(raw.target).unwrap_or(e);
                out.diag(m.diag(
                    Code::InvalidPluginPhase,
                    at,
                    format!("plugin `{plugin}`: `{event}` hooks take neither `target` nor `phase` (not even null)"),
                ));
                return None;
            }
            (event.clone(), None)
        }
        "tool_call" => {
            let has_target = match raw.target.map(|t| &t.kind) {
                None | Some(J::Null | J::Bool(false)) => false,
                Some(J::String(s)) => !s.is_empty(),
                Some(J::Number(n)) => n.parse::<f64>() != Ok(0.0),
                Some(_) => true,
            };
            match phase_str {
                Some(p @ ("before" | "after")) if has_target => {
                    (format!("tool_call/{p}"), raw.target)
                }
                _ => {
                    out.diag(bad_phase(format!(
                        "plugin `{plugin}`: `tool_call` hooks need both a `target` and phase `before` or `after`"
                    )));
                    return None;
                }
            }
        }
        "tool_result" => {
            if phase_str != Some("after") {
                out.diag(bad_phase(format!(
                    "plugin `{plugin}`: `tool_result` hooks need phase `after`"
                )));
                return None;
            }
            // `target ?? "*"`: absent or null means every tool.
            let t = raw.target.filter(|t| t.kind != J::Null);
            ("tool_result/after".to_string(), t)
        }
        other => {
            let mut d = m.diag(
                Code::UnrecognizedPluginEvent,
                event_node,
                format!(
                    "plugin `{plugin}` declares event {}; plugins may use only `tool_call`, `tool_result`, `session_start` and `session_shutdown` (aliases never expand plugin authority)",
                    quote(other)
                ),
            );
            if matches!(other, "pre_tool_use" | "PreToolUse") {
                d = d.with_help("use `\"event\": \"tool_call\", \"phase\": \"before\"`");
            }
            out.diag(d);
            return None;
        }
    };
    let tool: Option<String> = match (source_event.as_str(), target) {
        ("session_start" | "session_shutdown", _) => None,
        (_, None) => Some("*".into()),
        (_, Some(t)) => match t.as_str() {
            Some(s) if tool_name::validate(s).is_ok() => Some(s.to_string()),
            Some(s) => {
                let why = tool_name::validate(s).err().unwrap_or_default();
                out.diag(m.diag(
                    Code::InvalidToolMatcher,
                    t,
                    format!("plugin `{plugin}`: target {} {why}", quote(s)),
                ));
                return None;
            }
            None => {
                out.diag(m.diag(
                    Code::InvalidToolMatcher,
                    t,
                    format!(
                        "plugin `{plugin}`: target must be a tool name string, not {}",
                        t.type_name()
                    ),
                ));
                return None;
            }
        },
    };
    let path_node = raw.path.unwrap_or(e);
    let real = match confine(m.root, &path) {
        Ok(r) => r,
        Err((code, why)) => {
            out.diag(m.diag(
                code,
                path_node,
                format!("plugin `{plugin}` hook `{name}`: {why}"),
            ));
            return None;
        }
    };
    if !check_module(ctx, &real, &event, &name, plugin, out) {
        return None;
    }
    let norm = |s: &str| s.trim_start_matches("./").replace('\\', "/");
    let sha256 = copied
        .iter()
        .find(|f| norm(&f.relative_path) == norm(&path))
        .map(|f| f.sha256.to_ascii_lowercase());
    let root_abs = std::fs::canonicalize(m.root).unwrap_or_else(|_| m.root.to_path_buf());
    let display = ctx.display(&m.root.join(&path));
    let kind = hook_ir::contract::find(CONV, &source_event).and_then(|c| c.kind())?;
    Some(Hook {
        plugin_root: None,
        source_file: None,
        id: format!("gjc-plugin:{plugin}:{name}"),
        kind,
        convention: CONV,
        source_event: source_event.clone(),
        matcher: tool.as_deref().map_or(hook_ir::Matcher::Any, matcher_for),
        handler: Handler::Module { path: display },
        timeout_ms: timeout_of(CONV, &source_event),
        scope: hook_ir::Scope::default(),
        location: m.at(e),
        detail: Detail::Module {
            real_path: real.to_string_lossy().into_owned(),
            in_process_event: event,
            tool,
            plugin: Some(PluginDetail {
                plugin: plugin.to_string(),
                name,
                phase: phase_str.map(str::to_string),
                root: root_abs.to_string_lossy().into_owned(),
                sha256,
            }),
        },
    })
}

/// Reads a plugin module as text (never runs it) and checks what GJC's constrained loader
/// enforces at import: exactly one registration, for the declared event; no denied API.
/// `false` when the hook must be rejected.
fn check_module(
    ctx: &Context,
    real: &Path,
    event: &str,
    hook: &str,
    plugin: &str,
    out: &mut Output,
) -> bool {
    use crate::modules::entries::MAX_MODULE_BYTES;
    use crate::modules::scan;
    let too_big = std::fs::metadata(real).map_or(true, |m| m.len() > MAX_MODULE_BYTES);
    let Some(text) = (!too_big)
        .then(|| std::fs::read(real).ok())
        .flatten()
        .and_then(|b| String::from_utf8(b).ok())
    else {
        // Not readable as module text: nothing to scan (hashes and confinement still apply).
        return true;
    };
    let display = ctx.display(real);
    out.sources.push(crate::SourceFile {
        convention: CONV,
        path: real.to_path_buf(),
        display: display.clone(),
        text: Some(text.clone()),
        scope: hook_ir::Scope::default(),
        root: None,
        readers: Vec::new(),
    });
    let module = Source::new(display, text);
    let (display, text) = (&module.display, &module.text);
    let at = |span: (usize, usize)| module.at(span);
    for (method, span) in scan::denied_calls(text) {
        out.diag(
            Diagnostic::new(
                Code::PluginDeniedApi,
                format!("plugin `{plugin}` hook `{hook}` calls `{method}`, which GJC's constrained plugin API denies: it throws `security_policy` when reached"),
            )
            .with_convention(CONV)
            .at(at(span)),
        );
    }
    let regs = scan::registrations(text);
    if regs.is_empty() {
        out.diag(
            Diagnostic::new(
                Code::FiledEventNotRegistered,
                format!("plugin `{plugin}` hook `{hook}` does not visibly register `{event}`; GJC requires exactly one registration, for the declared event"),
            )
            .with_convention(CONV)
            .at(Location::path_only(display.clone())),
        );
        return true;
    }
    if let Some(bad) = regs.iter().find(|r| r.event != event).or(regs.get(1)) {
        let seen: Vec<_> = regs.iter().map(|r| format!("`{}`", r.event)).collect();
        out.diag(
            Diagnostic::new(
                Code::PluginRegistrationMismatch,
                format!(
                    "plugin `{plugin}` hook `{hook}` registers {}; GJC requires exactly one registration of `{event}` and quarantines the hook",
                    seen.join(", ")
                ),
            )
            .with_convention(CONV)
            .at(at(bad.span)),
        );
        return false;
    }
    true
}
