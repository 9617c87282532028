//! The raw model: the hook parts of a Claude settings file (or a plugin `hooks/hooks.json`),
//! mirroring the file exactly, every value with its byte range.
//!
//! ```json
//! {"hooks": {"<Event>": [{"matcher"?: "...", "hooks": [{"type": "command", "command": "...",
//!   "timeout"?: 30, "async"?: false, "statusMessage"?: "..."}]}]}}
//! ```
//!
//! Building it checks only JSON types; what the values mean is the lowering's job. Settings
//! keys other than `hooks` belong to Claude's other features and are not looked at, except
//! event names written at the top level (a common mistake Claude silently ignores).

use super::json::{span, type_name, Span};
use crate::jsonc_ast::{
    key_span, last_prop, str_of, unique_props as unique_props_of, REPEATED_KEY,
};
use hook_ir::{contract, Code, Convention, Diagnostic, Location};
use jsonc_parser::ast::{Object, ObjectProp, Value};

/// A finding at `span` of the file being lowered, before it has a location: `lower_file` gives
/// every finding its location from the file's [`crate::Source`] once all are in (shape findings
/// and lowering findings are then sorted into file order).
pub(super) fn problem(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::new(code, message)
        .with_convention(Convention::ClaudeSettings)
        .at(Location {
            path: String::new(),
            line: None,
            column: None,
            span: Some(span),
        })
}

/// The byte range of a finding made by [`problem`].
pub(super) fn span_of(d: &Diagnostic) -> Span {
    d.location.as_ref().and_then(|l| l.span).unwrap_or((0, 0))
}

pub(super) use crate::jsonc_ast::Str;

/// The hook parts of one file.
#[derive(Debug, Default)]
pub(super) struct RawFile {
    /// Event keys under `hooks`, in file order (a repeated key appears once: the last copy,
    /// which is what `JSON.parse` keeps).
    pub events: Vec<RawEvent>,
    /// `disableAllHooks` when it is a boolean, with the span of its key: the merged value of
    /// every settings file decides ([`super::discover`]).
    pub disable_all: Option<(bool, Span)>,
}

/// One `"<Event>": [...]` entry.
#[derive(Debug)]
pub(super) struct RawEvent {
    pub name: Str,
    /// `None` when the value is not an array (reported).
    pub groups: Vec<RawGroup>,
}

/// One matcher group.
#[derive(Debug)]
pub(super) struct RawGroup {
    pub index: usize,
    pub matcher: Option<Str>,
    pub handlers: Vec<RawHandler>,
}

/// One handler object inside a group's `hooks` array.
#[derive(Debug)]
pub(super) struct RawHandler {
    pub index: usize,
    pub span: Span,
    pub kind: Option<Str>,
    pub command: Option<Str>,
    /// The `timeout` number as written, with its range.
    pub timeout: Option<(String, Span)>,
    pub is_async: Option<bool>,
    pub status_message: Option<String>,
    /// A field had the wrong JSON type (reported); Claude's schema rejects such a handler.
    pub malformed: bool,
}

/// Handler keys Claude Code documents (command and the other handler types). Only used to
/// suggest a fix for a misspelt key; other keys are left alone, as Claude leaves them.
const HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "timeout",
    "async",
    "asyncRewake",
    "statusMessage",
    "once",
    "shell",
    "if",
    "url",
    "headers",
    "allowedEnvVars",
    "prompt",
    "model",
    "server",
    "tool",
    "input",
];
const GROUP_KEYS: &[&str] = &["matcher", "hooks"];

/// Builds the raw model from a parsed document, reporting shape problems.
pub(super) fn build(root: &Value<'_>, out: &mut Vec<Diagnostic>) -> RawFile {
    let mut file = RawFile::default();
    let Value::Object(root) = root else {
        out.push(problem(
            Code::WrongValueType,
            format!(
                "a settings file must be a JSON object, not {}",
                type_name(root)
            ),
            span(root),
        ));
        return file;
    };
    for prop in unique_props(root, out) {
        let name = prop.name.as_str();
        if name != "hooks" && contract::find(Convention::ClaudeSettings, name).is_some() {
            out.push(
                problem(
                    Code::MissingHooksWrapper,
                    format!("`{name}` is a hook event written outside `hooks`: Claude Code does not run it, and loads no other hook of this file either"),
                    key_span(prop),
                )
                .with_help(format!(
                    "move it into the `\"hooks\": {{\"{name}\": [...]}}` object"
                )),
            );
        }
    }
    if let Some(p) = last_prop(root, "disableAllHooks") {
        if let Value::BooleanLit(ref b) = p.value {
            file.disable_all = Some((b.value, key_span(p)));
        }
    }
    let Some(hooks) = last_prop(root, "hooks") else {
        return file;
    };
    let Value::Object(hooks_obj) = &hooks.value else {
        out.push(problem(
            Code::WrongValueType,
            format!(
                "`hooks` must be an object of events, not {}; Claude reads none of these hooks",
                type_name(&hooks.value)
            ),
            span(&hooks.value),
        ));
        return file;
    };
    // One matcher group where the events belong (`"hooks": {"matcher": …, "hooks": […]}`):
    // Claude Code 2.1.332 refuses it as a whole ("must be an object mapping event names to
    // matcher arrays; received a single matcher", its plugin hooks loader), so say that once
    // rather than call `matcher` and `hooks` unknown events.
    if is_single_group(hooks_obj) {
        out.push(
            problem(
                Code::WrongValueType,
                "`hooks` holds one matcher group, not an object of events; Claude reads none of these hooks",
                span(&hooks.value),
            )
            .with_help("name the event: `\"hooks\": {\"PreToolUse\": [{\"matcher\": …, \"hooks\": […]}]}`"),
        );
        return file;
    }
    for prop in unique_props(hooks_obj, out) {
        let name = Str {
            value: prop.name.as_str().to_string(),
            span: key_span(prop),
        };
        let Value::Array(groups) = &prop.value else {
            out.push(problem(
                Code::WrongValueType,
                format!(
                    "`{}` must be an array of matcher groups, not {}",
                    name.value,
                    type_name(&prop.value)
                ),
                span(&prop.value),
            ));
            continue;
        };
        let groups = groups
            .elements
            .iter()
            .enumerate()
            .filter_map(|(i, g)| build_group(&name.value, i, g, out))
            .collect();
        file.events.push(RawEvent { name, groups });
    }
    file
}

/// Whether `o` is a matcher group (only `matcher` and `hooks`, with a `hooks` array) rather
/// than an object of events.
fn is_single_group(o: &Object<'_>) -> bool {
    let is_array = |p: &ObjectProp<'_>| matches!(p.value, Value::Array(_));
    !o.properties.is_empty()
        && o.properties
            .iter()
            .all(|p| matches!(p.name.as_str(), "matcher" | "hooks"))
        && o.properties
            .iter()
            .any(|p| p.name.as_str() == "hooks" && is_array(p))
}

fn build_group(
    event: &str,
    index: usize,
    v: &Value<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<RawGroup> {
    let Value::Object(obj) = v else {
        out.push(problem(
            Code::WrongValueType,
            format!(
                "each entry of `{event}` must be an object with `matcher` and `hooks`, not {}",
                type_name(v)
            ),
            span(v),
        ));
        return None;
    };
    let props = unique_props(obj, out);
    suggest_keys(&props, GROUP_KEYS, "matcher group", out);
    let mut ok = true;
    let matcher = match last_prop(obj, "matcher").map(|p| &p.value) {
        None => None,
        Some(Value::StringLit(s)) => Some(Str {
            value: s.value.to_string(),
            span: (s.range.start, s.range.end),
        }),
        Some(other) => {
            out.push(problem(
                Code::WrongValueType,
                format!("`matcher` must be a string, not {}", type_name(other)),
                span(other),
            ));
            ok = false;
            None
        }
    };
    let handlers = match last_prop(obj, "hooks").map(|p| &p.value) {
        Some(Value::Array(a)) => a
            .elements
            .iter()
            .enumerate()
            .filter_map(|(i, h)| build_handler(i, h, out))
            .collect(),
        Some(other) => {
            out.push(problem(
                Code::WrongValueType,
                format!(
                    "`hooks` of a matcher group must be an array of handlers, not {}",
                    type_name(other)
                ),
                span(other),
            ));
            return None;
        }
        None => {
            out.push(problem(
                Code::WrongValueType,
                format!("this `{event}` matcher group has no `hooks` array, so it runs nothing"),
                span(v),
            ));
            return None;
        }
    };
    ok.then_some(RawGroup {
        index,
        matcher,
        handlers,
    })
}

fn build_handler(index: usize, v: &Value<'_>, out: &mut Vec<Diagnostic>) -> Option<RawHandler> {
    let Value::Object(obj) = v else {
        out.push(problem(
            Code::WrongValueType,
            format!(
                "each handler must be an object like {{\"type\": \"command\", \"command\": \"...\"}}, not {}",
                type_name(v)
            ),
            span(v),
        ));
        return None;
    };
    let props = unique_props(obj, out);
    suggest_keys(&props, HANDLER_KEYS, "handler", out);
    let mut h = RawHandler {
        index,
        span: span(v),
        kind: None,
        command: None,
        timeout: None,
        is_async: None,
        status_message: None,
        malformed: false,
    };
    let wrong = |key: &str, want: &str, got: &Value<'_>, out: &mut Vec<Diagnostic>| {
        out.push(problem(
            Code::WrongValueType,
            format!("`{key}` must be {want}, not {}", type_name(got)),
            span(got),
        ));
    };
    for (key, value) in props.iter().map(|p| (p.name.as_str(), &p.value)) {
        match (key, value) {
            ("type", Value::StringLit(s)) => h.kind = Some(str_of(s)),
            ("command", Value::StringLit(s)) => h.command = Some(str_of(s)),
            ("timeout", Value::NumberLit(n)) => {
                h.timeout = Some((n.value.to_string(), (n.range.start, n.range.end)));
            }
            ("async", Value::BooleanLit(b)) => h.is_async = Some(b.value),
            ("statusMessage", Value::StringLit(s)) => h.status_message = Some(s.value.to_string()),
            ("type" | "command" | "statusMessage", other) => {
                wrong(key, "a string", other, out);
                h.malformed = true;
            }
            ("timeout", other) => {
                wrong(key, "a number of seconds", other, out);
                h.malformed = true;
            }
            ("async", other) => {
                wrong(key, "a boolean", other, out);
                h.malformed = true;
            }
            _ => {}
        }
    }
    Some(h)
}

/// The properties `JSON.parse` keeps (the last of each name), in file order of those copies;
/// every earlier copy of a repeated key is reported, since it is silently dropped.
fn unique_props<'o, 'a>(obj: &'o Object<'a>, out: &mut Vec<Diagnostic>) -> Vec<&'o ObjectProp<'a>> {
    let (msg, help) = REPEATED_KEY;
    unique_props_of(obj, |name, at| {
        out.push(problem(Code::IgnoredKey, format!("`{name}` {msg}"), at).with_help(help));
    })
}

/// Reports keys that look like a misspelling of a key Claude reads.
fn suggest_keys(props: &[&ObjectProp<'_>], known: &[&str], what: &str, out: &mut Vec<Diagnostic>) {
    for p in props {
        let name = p.name.as_str();
        if known.contains(&name) {
            continue;
        }
        if let Some(s) = contract::suggest(name, known.iter().copied()) {
            out.push(
                problem(
                    Code::IgnoredKey,
                    format!("Claude ignores the {what} key `{name}`"),
                    key_span(p),
                )
                .with_help(format!("did you mean `{s}`?")),
            );
        }
    }
}
