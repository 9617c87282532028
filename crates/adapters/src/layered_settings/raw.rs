//! The raw model: the hook parts of a Gemini settings file (or an extension's
//! `hooks/hooks.json`), mirroring the file exactly, every value with its byte range.
//!
//! ```json
//! {"hooksConfig": {"enabled"?: true, "disabled"?: ["name"], "notifications"?: true},
//!  "hooks": {"<Event>": [{"matcher"?: "...", "sequential"?: false, "hooks": [{"type": "command",
//!    "command": "...", "name"?: "...", "description"?: "...", "timeout"?: 60000, "env"?: {}}]}]}}
//! ```
//!
//! Building it checks only JSON types and keys; what the values mean is the lowering's job.
//! Gemini validates settings with a `passthrough` schema (`settings-validation.ts`): unknown
//! keys are kept and ignored, so a misspelt key is reported with a did-you-mean.

use super::flavor::Flavor;
use super::json::{span, type_name, Span};
use crate::jsonc_ast::{
    key_span, last_prop, str_of, unique_props as unique_props_of, REPEATED_KEY,
};
use hook_ir::{contract, Code};
use jsonc_parser::ast::{Object, ObjectProp, Value};

/// Keys of `hooks` that are not events: Gemini skips them (`types.ts`, `HOOKS_CONFIG_FIELDS`).
pub(super) const HOOKS_CONFIG_FIELDS: &[&str] = &["enabled", "disabled", "notifications"];
const HOOKS_CONFIG_KEYS: &[&str] = HOOKS_CONFIG_FIELDS;
const GROUP_KEYS: &[&str] = &["matcher", "sequential", "hooks"];

/// Something wrong with the file's shape, before lowering.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Problem {
    pub code: Code,
    pub message: String,
    pub span: Span,
    pub help: Option<String>,
}

impl Problem {
    pub fn new(code: Code, message: impl Into<String>, span: Span) -> Self {
        Problem {
            code,
            message: message.into(),
            span,
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

pub(crate) use crate::jsonc_ast::Str;

/// The hook parts of one file.
#[derive(Debug, Default)]
pub(super) struct RawFile {
    /// `hooksConfig.enabled`, when written as a boolean.
    pub enabled: Option<(bool, Span)>,
    /// `hooksConfig.disabled` names.
    pub disabled: Vec<Str>,
    /// `security.folderTrust.enabled`, when written as a boolean.
    pub folder_trust: Option<bool>,
    /// Event keys under `hooks`, in file order (a repeated key appears once: the last copy,
    /// which is what `JSON.parse` keeps).
    pub events: Vec<RawEvent>,
}

/// One `"<Event>": [...]` entry.
#[derive(Debug)]
pub(super) struct RawEvent {
    pub name: Str,
    pub groups: Vec<RawGroup>,
}

/// One hook definition (matcher group).
#[derive(Debug)]
pub(super) struct RawGroup {
    pub index: usize,
    pub matcher: Option<Str>,
    pub sequential: Option<bool>,
    pub handlers: Vec<RawHandler>,
}

/// One hook object inside a definition's `hooks` array.
#[derive(Debug)]
pub(super) struct RawHandler {
    pub index: usize,
    pub span: Span,
    pub kind: Option<Str>,
    pub command: Option<Str>,
    pub name: Option<Str>,
    pub description: Option<String>,
    /// The `timeout` number as written, with its range.
    pub timeout: Option<(String, Span)>,
    pub env: Vec<(String, String)>,
    /// Qwen's `async: true`: started in the background, not awaited.
    pub is_async: bool,
    /// A field had the wrong JSON type (reported).
    pub malformed: bool,
}

/// Builds the raw model from a parsed document, reporting shape problems. `settings` is false
/// for an extension's `hooks/hooks.json` (which has only `hooks`).
pub(super) fn build(
    root: &Value<'_>,
    settings: bool,
    fl: &Flavor,
    out: &mut Vec<Problem>,
) -> RawFile {
    let mut file = RawFile::default();
    let Value::Object(root) = root else {
        out.push(Problem::new(
            if settings {
                super::lower::unreadable_code(fl, settings)
            } else {
                Code::WrongValueType
            },
            format!(
                "the file must be a JSON object, not {}; {}",
                type_name(root),
                super::lower::unreadable(fl, settings)
            ),
            span(root),
        ));
        return file;
    };
    for prop in unique_props(root, out) {
        let name = prop.name.as_str();
        if contract::find(fl.convention, name).is_some() {
            out.push(
                Problem::new(
                    Code::IgnoredKey,
                    format!(
                        "`{name}` is a hook event written outside `hooks`; {} ignores it",
                        fl.short
                    ),
                    key_span(prop),
                )
                .help(format!(
                    "move it into the `\"hooks\": {{\"{name}\": [...]}}` object"
                )),
            );
        } else if fl.disable_all == Some(name) {
            match &prop.value {
                Value::BooleanLit(b) => file.enabled = Some((!b.value, key_span(prop))),
                other => out.push(Problem::new(
                    Code::WrongValueType,
                    format!("`{name}` must be a boolean, not {}", type_name(other)),
                    span(other),
                )),
            }
        } else if fl.disable_all.is_some() {
            // Qwen Code has no legacy switch of Gemini's.
        } else if name == "enableHooks" {
            out.push(legacy_switch(prop));
        } else if name == "tools" {
            if let Value::Object(tools) = &prop.value {
                if let Some(p) = last_prop(tools, "enableHooks") {
                    out.push(legacy_switch(p));
                }
            }
        }
    }
    if settings {
        if let Some(p) = last_prop(root, "hooksConfig").filter(|_| fl.switches == "hooksConfig") {
            hooks_config(fl, &p.value, &mut file, out);
        }
        file.folder_trust = folder_trust(root);
    }
    let Some(hooks) = last_prop(root, "hooks") else {
        return file;
    };
    let Value::Object(hooks_obj) = &hooks.value else {
        out.push(Problem::new(
            Code::WrongValueType,
            format!(
                "`hooks` must be an object of events, not {}",
                type_name(&hooks.value)
            ),
            span(&hooks.value),
        ));
        return file;
    };
    for prop in unique_props(hooks_obj, out) {
        let key = prop.name.as_str();
        if HOOKS_CONFIG_FIELDS.contains(&key) && fl.switches == "hooks" {
            // Qwen reads its hook settings inside `hooks` (`HOOKS_CONFIG_FIELDS`); the
            // `disabled` list did not disable a hook listed by its command (live
            // `qwen_hooks_disabled_list`), so nothing is taken off the batch for it.
            if key == "disabled" {
                out.push(
                    Problem::new(
                        Code::IgnoredKey,
                        format!("`hooks.disabled` did not keep {} 0.24.4 from running a hook listed by its command (recorded live): every hook here is still counted as running", fl.agent),
                        key_span(prop),
                    )
                    .help("remove the hook itself, or set `disableAllHooks: true` to turn every hook off"),
                );
            }
            continue;
        }
        if HOOKS_CONFIG_FIELDS.contains(&key) {
            out.push(
                Problem::new(
                    Code::IgnoredKey,
                    format!("`hooks.{key}` is not read: Gemini skips it (the switch lives in `hooksConfig.{key}`)"),
                    key_span(prop),
                )
                .help(format!("move it to `\"hooksConfig\": {{\"{key}\": ...}}`")),
            );
            continue;
        }
        let name = Str {
            value: key.to_string(),
            span: key_span(prop),
        };
        // Gemini CLI 0.61.0 merges the settings layers onto the schema's defaults, where every
        // event is `[]` with the `concat` strategy (`settings.ts` `mergeRecursively`): a value
        // that is not a list is wrapped in one, so an object is one hook definition
        // (recorded: `schema_event_not_list`). Extensions' files are not merged.
        let gemini = fl.switches == "hooksConfig";
        if let (true, Value::Object(_)) = (gemini && settings && is_event(fl, key), &prop.value) {
            out.push(
                Problem::new(
                    Code::GeminiEventNotAList,
                    format!(
                        "`{key}` holds one hook definition, not a list of them: Gemini CLI wraps it in a list when it merges the settings layers, so it runs; no other agent (nor a Gemini extension) reads it so"
                    ),
                    span(&prop.value),
                )
                .help("write it as a list: `[{...}]`"),
            );
            let groups = build_group(fl, key, 0, &prop.value, out)
                .into_iter()
                .collect();
            file.events.push(RawEvent { name, groups });
            continue;
        }
        let Value::Array(groups) = &prop.value else {
            out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`{}` must be an array of hook definitions, not {}; {} skips it",
                    name.value,
                    type_name(&prop.value),
                    fl.short
                ),
                span(&prop.value),
            ));
            continue;
        };
        let groups = groups
            .elements
            .iter()
            .enumerate()
            .filter_map(|(i, g)| build_group(fl, &name.value, i, g, out))
            .collect();
        file.events.push(RawEvent { name, groups });
    }
    file
}

/// `security.folderTrust.enabled`, when it is a boolean.
fn folder_trust(root: &Object<'_>) -> Option<bool> {
    let Value::Object(sec) = &last_prop(root, "security")?.value else {
        return None;
    };
    let Value::Object(ft) = &last_prop(sec, "folderTrust")?.value else {
        return None;
    };
    match &last_prop(ft, "enabled")?.value {
        Value::BooleanLit(b) => Some(b.value),
        _ => None,
    }
}

fn legacy_switch(p: &ObjectProp<'_>) -> Problem {
    Problem::new(
        Code::IgnoredKey,
        "`enableHooks` is not read by Gemini CLI: hooks run unless `hooksConfig.enabled` is false",
        key_span(p),
    )
    .help("remove it; write `\"hooksConfig\": {\"enabled\": false}` to switch hooks off")
}

fn hooks_config(fl: &Flavor, v: &Value<'_>, file: &mut RawFile, out: &mut Vec<Problem>) {
    let Value::Object(obj) = v else {
        out.push(Problem::new(
            Code::WrongValueType,
            format!("`hooksConfig` must be an object, not {}", type_name(v)),
            span(v),
        ));
        return;
    };
    let props = unique_props(obj, out);
    suggest_keys(fl, &props, HOOKS_CONFIG_KEYS, "hooksConfig", out);
    for p in props {
        match (p.name.as_str(), &p.value) {
            ("enabled", Value::BooleanLit(b)) => file.enabled = Some((b.value, key_span(p))),
            ("notifications", Value::BooleanLit(_)) => {}
            ("enabled" | "notifications", other) => out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`hooksConfig.{}` must be a boolean, not {}",
                    p.name.as_str(),
                    type_name(other)
                ),
                span(other),
            )),
            ("disabled", Value::Array(a)) => {
                for e in &a.elements {
                    match e {
                        Value::StringLit(s) => file.disabled.push(str_of(s)),
                        other => out.push(Problem::new(
                            Code::WrongValueType,
                            format!(
                                "`hooksConfig.disabled` lists hook names (strings), not {}",
                                type_name(other)
                            ),
                            span(other),
                        )),
                    }
                }
            }
            ("disabled", other) => out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`hooksConfig.disabled` must be an array of hook names, not {}",
                    type_name(other)
                ),
                span(other),
            )),
            _ => {}
        }
    }
}

/// Whether `key` is an event of the agent (each has a `[]` default in its settings schema).
fn is_event(fl: &Flavor, key: &str) -> bool {
    hook_ir::contract::find(fl.convention, key).is_some()
}

fn build_group(
    fl: &Flavor,
    event: &str,
    index: usize,
    v: &Value<'_>,
    out: &mut Vec<Problem>,
) -> Option<RawGroup> {
    let Value::Object(obj) = v else {
        out.push(Problem::new(
            Code::WrongValueType,
            format!(
                "each entry of `{event}` must be an object with `matcher` and `hooks`, not {}; {} discards it",
                type_name(v),
                fl.short
            ),
            span(v),
        ));
        return None;
    };
    let props = unique_props(obj, out);
    suggest_keys(fl, &props, GROUP_KEYS, "hook definition", out);
    let mut ok = true;
    let matcher = match last_prop(obj, "matcher").map(|p| &p.value) {
        // `null` is falsy: Gemini matches every value, as without a matcher (recorded:
        // `schema_matcher_null`).
        None | Some(Value::NullKeyword(_)) => None,
        Some(Value::StringLit(s)) => Some(str_of(s)),
        Some(other) => {
            out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`matcher` must be a string, not {}; {}'s `matcher.trim()` then throws and no `{event}` hook runs",
                    type_name(other),
                    fl.short
                ),
                span(other),
            ));
            ok = false;
            None
        }
    };
    let sequential = match last_prop(obj, "sequential").map(|p| &p.value) {
        None => None,
        Some(Value::BooleanLit(b)) => Some(b.value),
        Some(other) => {
            out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`sequential` must be a boolean, not {}; {} runs the hooks in parallel unless it is `true`",
                    type_name(other),
                    fl.short
                ),
                span(other),
            ));
            None
        }
    };
    let handlers = match last_prop(obj, "hooks").map(|p| &p.value) {
        Some(Value::Array(a)) => a
            .elements
            .iter()
            .enumerate()
            .filter_map(|(i, h)| build_handler(fl, i, h, out))
            .collect(),
        Some(other) => {
            out.push(Problem::new(
                Code::WrongValueType,
                format!(
                    "`hooks` of a hook definition must be an array, not {}; {} discards the definition",
                    type_name(other),
                    fl.short
                ),
                span(other),
            ));
            return None;
        }
        None => {
            out.push(Problem::new(
                Code::MissingField,
                format!(
                    "this `{event}` hook definition has no `hooks` array; {} discards it",
                    fl.short
                ),
                span(v),
            ));
            return None;
        }
    };
    ok.then_some(RawGroup {
        index,
        matcher,
        sequential,
        handlers,
    })
}

fn build_handler(
    fl: &Flavor,
    index: usize,
    v: &Value<'_>,
    out: &mut Vec<Problem>,
) -> Option<RawHandler> {
    let Value::Object(obj) = v else {
        out.push(Problem::new(
            Code::WrongValueType,
            format!(
                "each hook must be an object like {{\"type\": \"command\", \"command\": \"...\"}}, not {}",
                type_name(v)
            ),
            span(v),
        ));
        return None;
    };
    let props = unique_props(obj, out);
    suggest_keys(fl, &props, fl.handler_keys, "hook", out);
    let mut h = RawHandler {
        index,
        span: span(v),
        kind: None,
        command: None,
        name: None,
        description: None,
        timeout: None,
        env: Vec::new(),
        is_async: false,
        malformed: false,
    };
    let wrong = |key: &str, want: &str, got: &Value<'_>, out: &mut Vec<Problem>| {
        out.push(Problem::new(
            Code::WrongValueType,
            format!("`{key}` must be {want}, not {}", type_name(got)),
            span(got),
        ));
    };
    for (key, value) in props.iter().map(|p| (p.name.as_str(), &p.value)) {
        match (key, value) {
            ("type", Value::StringLit(s)) => h.kind = Some(str_of(s)),
            ("command", Value::StringLit(s)) => h.command = Some(str_of(s)),
            ("name", Value::StringLit(s)) => h.name = Some(str_of(s)),
            ("description", Value::StringLit(s)) => h.description = Some(s.value.to_string()),
            ("timeout", Value::NumberLit(n)) => {
                h.timeout = Some((n.value.to_string(), (n.range.start, n.range.end)));
            }
            ("env", Value::Object(o)) => {
                for p in &o.properties {
                    match &p.value {
                        Value::StringLit(s) => {
                            h.env.retain(|(k, _)| k != p.name.as_str());
                            h.env
                                .push((p.name.as_str().to_string(), s.value.to_string()));
                        }
                        other => {
                            wrong("each `env` value", "a string", other, out);
                            h.malformed = true;
                        }
                    }
                }
            }
            ("type" | "command" | "name" | "description", other) => {
                wrong(key, "a string", other, out);
                h.malformed = true;
            }
            ("async", Value::BooleanLit(b)) if fl.handler_keys.contains(&"async") => {
                h.is_async = b.value;
            }
            ("async", other) if fl.handler_keys.contains(&"async") => {
                wrong(key, "a boolean", other, out);
            }
            ("timeout", other) => {
                let unit = match fl.timeout {
                    super::flavor::TimeoutRule::Milliseconds { .. } => "a number of milliseconds",
                    super::flavor::TimeoutRule::SecondsOrLegacyMs { .. } => "a number of seconds",
                };
                wrong(key, unit, other, out);
                h.malformed = true;
            }
            ("env", other) => {
                wrong(key, "an object of strings", other, out);
                h.malformed = true;
            }
            _ => {}
        }
    }
    Some(h)
}

/// The properties `JSON.parse` keeps (the last of each name), in file order of those copies;
/// every earlier copy of a repeated key is reported, since it is silently dropped.
fn unique_props<'o, 'a>(obj: &'o Object<'a>, out: &mut Vec<Problem>) -> Vec<&'o ObjectProp<'a>> {
    let (msg, help) = REPEATED_KEY;
    unique_props_of(obj, |name, at| {
        out.push(Problem::new(Code::IgnoredKey, format!("`{name}` {msg}"), at).help(help));
    })
}

/// Reports keys that look like a misspelling of a key Gemini reads.
fn suggest_keys(
    fl: &Flavor,
    props: &[&ObjectProp<'_>],
    known: &[&str],
    what: &str,
    out: &mut Vec<Problem>,
) {
    for p in props {
        let name = p.name.as_str();
        if known.contains(&name) {
            continue;
        }
        if let Some(s) = contract::suggest(name, known.iter().copied()) {
            out.push(
                Problem::new(
                    Code::IgnoredKey,
                    format!("{} ignores the {what} key `{name}`", fl.short),
                    key_span(p),
                )
                .help(format!("did you mean `{s}`?")),
            );
        }
    }
}
