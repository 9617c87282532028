//! Lowering one Copilot CLI hooks file (or the inline `hooks` of a settings file) into IR hooks
//! and coded diagnostics with locations, doing what Copilot CLI 1.0.102 does with each mistake
//! (`conformance/notes/copilot.md`, "File schema and validation"):
//! - the whole file is rejected for invalid JSON, a `version` other than 1, or an event value
//!   that is not an array;
//! - an unknown event name is ignored (its hooks never run; we say which name was meant);
//! - a bad entry is dropped alone in a hooks file, but makes Copilot reject a settings file's
//!   inline block whole (`inline`).

use crate::json_span::{self, Kind as J, Member, Node};
use crate::{Output, Source};
use hook_ir::contract::{self, limits::copilot as lim, Lookup, Mapping, MatchedValue};
use hook_ir::conventions::COPILOT_PASCAL_NAMES;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Dialect, Exec, Handler, Hook, Matcher};

const CP: Convention = Convention::CopilotHooks;

pub(crate) use crate::flat_json_read::{printable, problem, Problem};

/// Where a file sits, as far as Copilot's handling of its mistakes goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileKind {
    /// A file of a hooks directory, a policy file or a plugin's `hooks.json`.
    HooksFile,
    /// A repository `settings*.json` whose top-level `hooks` Copilot reads: one bad entry
    /// rejects it whole; its `disableAllHooks` turns off every hook, user files' included.
    Settings,
    /// The user `settings.json`: as [`FileKind::Settings`], but Copilot CLI 1.0.102 does not
    /// honour its `disableAllHooks` (trace copilot_user_settings_disable_all).
    UserSettings,
}

/// Lowers `text` (the file shown as `display`) into `out`. Returns where a repository settings
/// file turns every hook off (`disableAllHooks: true`), which discovery applies to all layers.
pub(crate) fn lower(
    display: &str,
    text: &str,
    file: FileKind,
    out: &mut Output,
) -> Option<hook_ir::Location> {
    let src = Source::new(display, text);
    let mut problems = Vec::new();
    let mut hooks = Vec::new();
    let mut file_rejected = false;
    let disable;
    match json_span::parse(text) {
        Err(e) => {
            out.diag(crate::json_source::parse_error(
                CP,
                display,
                text,
                &e,
                "Copilot CLI rejects the whole file and runs none of its hooks",
            ));
            return None;
        }
        Ok(root) => {
            let Some(members) = root.members() else {
                out.diag(
                    Diagnostic::new(
                        Code::WrongValueType,
                        format!(
                            "the file is {}, not an object; Copilot CLI reads none of it",
                            root.type_name()
                        ),
                    )
                    .with_convention(CP)
                    .at(src.at(root.span)),
                );
                return None;
            };
            let mut lw = Lowerer {
                display,
                problems: &mut problems,
                hooks: &mut hooks,
                file_rejected: &mut file_rejected,
                dropped: 0,
                disable: None,
            };
            lw.root(members);
            disable = lw.disable;
            if file != FileKind::HooksFile && lw.dropped > 0 {
                let first = lw.problems.first().map_or((0, 0), |p| p.span);
                lw.problems.push(Problem {
                    help: Some("fix the entry: Copilot validates the inline `hooks` of a settings file as a whole".into()),
                    ..problem(
                        Code::HooksFileRejected,
                        "Copilot CLI rejects this settings file whole when one inline hook entry is invalid (\"Settings config error\"): none of its hooks run",
                        first,
                    )
                });
                *lw.file_rejected = true;
            }
        }
    }
    problems.sort_by_key(|p| p.span.0);
    for p in problems {
        let mut d = Diagnostic::new(p.code, p.message)
            .with_convention(CP)
            .at(src.at(p.span));
        if let Some(h) = p.help {
            d = d.with_help(h);
        }
        out.diag(d);
    }
    if file_rejected {
        return None;
    }
    let off = match (disable, file) {
        (Some(at), FileKind::HooksFile) => Some(
            Diagnostic::new(
                Code::HooksDisabled,
                format!(
                    "`disableAllHooks` is true: Copilot CLI skips this file's hooks ({} left out)",
                    hooks.len()
                ),
            )
            .with_convention(CP)
            .at(src.at(at))
            .with_help("remove it, or set it to false, when the hooks should run"),
        ),
        (Some(at), FileKind::UserSettings) => {
            out.diag(
                Diagnostic::new(
                    Code::IgnoredKey,
                    "`disableAllHooks` in the user settings is not honoured by Copilot CLI 1.0.102: every hook still runs",
                )
                .with_convention(CP)
                .at(src.at(at))
                .with_help("put it in a hooks file (it skips that file) or in the repository's .github/copilot/settings.json (it skips every hook)"),
            );
            None
        }
        _ => None,
    };
    if let Some(d) = &off {
        out.diag(d.clone());
    }
    for (h, span, outside) in hooks {
        let h = Hook {
            location: src.at(span),
            ..h
        };
        match &off {
            Some(d) => out.never_run.push((h, d.clone())),
            None if outside => out.outside.push(h),
            None => out.hooks.push(h),
        }
    }
    match (disable, file) {
        (Some(at), FileKind::Settings) => Some(src.at(at)),
        _ => None,
    }
}

struct Lowerer<'a> {
    display: &'a str,
    problems: &'a mut Vec<Problem>,
    /// Each hook, the span it is reported at, and whether its event is outside the six kinds.
    hooks: &'a mut Vec<(Hook, (usize, usize), bool)>,
    file_rejected: &'a mut bool,
    /// Entries Copilot drops (or that reject a settings file).
    dropped: usize,
    /// The span of a `disableAllHooks: true`.
    disable: Option<(usize, usize)>,
}

impl Lowerer<'_> {
    fn root(&mut self, members: &[Member]) {
        if let Some(v) = members.iter().find(|m| m.key == "version") {
            let one = matches!(&v.value.kind, J::Number(n) if n.parse::<f64>().ok() == Some(lim::FILE_VERSION as f64));
            if !one {
                self.problems.push(problem(
                    Code::HooksFileRejected,
                    "`version` must be 1: Copilot CLI rejects the whole file (\"Invalid hook config version\") and runs none of its hooks",
                    v.value.span,
                ));
                *self.file_rejected = true;
                return;
            }
        }
        if let Some(d) = members.iter().find(|m| m.key == "disableAllHooks") {
            if d.value.kind == J::Bool(true) {
                self.disable = Some(d.value.span);
            }
        }
        let Some(hooks) = members.iter().find(|m| m.key == "hooks") else {
            return;
        };
        let Some(events) = hooks.value.members() else {
            self.problems.push(problem(
                Code::WrongValueType,
                format!(
                    "`hooks` is {}, not an object of events",
                    hooks.value.type_name()
                ),
                hooks.value.span,
            ));
            return;
        };
        for ev in events {
            let Some(entries) = ev.value.elements() else {
                self.problems.push(problem(
                    Code::HooksFileRejected,
                    format!("`{}`: hook event value must be an array (it is {}); Copilot CLI rejects the whole file", printable(&ev.key), ev.value.type_name()),
                    ev.value.span,
                ));
                *self.file_rejected = true;
                return;
            };
            self.event(ev, entries);
        }
    }

    fn event(&mut self, ev: &Member, entries: &[Node]) {
        let name = ev.key.as_str();
        let row = match contract::lookup(CP, name) {
            Lookup::Known(row) => row,
            Lookup::Unknown { suggestion } => {
                let mut p = problem(
                    Code::UnknownEvent,
                    format!("`{}` is not a Copilot CLI hook event; Copilot ignores it silently, so its hooks never run", printable(name)),
                    ev.key_span,
                );
                p.help = suggestion.map(|s| {
                    if s.eq_ignore_ascii_case(name) {
                        format!("did you mean `{s}`? Event names are case-sensitive")
                    } else {
                        format!("did you mean `{s}`?")
                    }
                });
                self.problems.push(p);
                return;
            }
            Lookup::OutsideIr => return,
        };
        let (kind, outside) = match row.mapping {
            Mapping::Accepted { kind, .. } => (kind, false),
            Mapping::Rejected { code } => {
                self.problems.push(problem(
                    code,
                    format!("`{name}` is a valid Copilot CLI event outside the six hook kinds: Copilot runs its hooks; the runner does not, and `hooks import` carries them only to an agent with an equivalent event"),
                    ev.key_span,
                ));
                (contract::native::nominal_kind(row.matched), true)
            }
        };
        let pascal = name.starts_with(|c: char| c.is_ascii_uppercase());
        let tool_event = row.matched == MatchedValue::ToolName;
        for (i, entry) in entries.iter().enumerate() {
            let Some(fields) = entry.members() else {
                self.drop(problem(
                    Code::WrongValueType,
                    format!(
                        "`{name}[{i}]` is {}, not a hook entry; Copilot skips it",
                        entry.type_name()
                    ),
                    entry.span,
                ));
                continue;
            };
            // A Claude-style group: `{matcher, hooks: [...]}`, one level deep.
            if let Some(nested) = fields.iter().find(|m| m.key == "hooks") {
                let Some(inner) = nested.value.elements() else {
                    self.drop(problem(
                        Code::WrongValueType,
                        format!("`{name}[{i}].hooks` must be an array of entries"),
                        nested.value.span,
                    ));
                    continue;
                };
                let matcher = fields.iter().find(|m| m.key == "matcher");
                for (j, h) in inner.iter().enumerate() {
                    match h.members() {
                        Some(f) if f.iter().any(|m| m.key == "hooks") => self.drop(problem(
                            Code::WrongValueType,
                            "nested hooks deeper than one level are not supported: Copilot skips this entry",
                            h.span,
                        )),
                        Some(f) => self.entry(name, (i, j), f, matcher, h.span, kind, outside, pascal, tool_event),
                        None => self.drop(problem(
                            Code::WrongValueType,
                            format!("`{name}[{i}].hooks[{j}]` is {}, not a hook entry", h.type_name()),
                            h.span,
                        )),
                    }
                }
                continue;
            }
            let matcher = fields.iter().find(|m| m.key == "matcher");
            self.entry(
                name,
                (i, 0),
                fields,
                matcher,
                entry.span,
                kind,
                outside,
                pascal,
                tool_event,
            );
        }
    }

    fn drop(&mut self, p: Problem) {
        self.dropped += 1;
        self.problems.push(p);
    }

    #[allow(clippy::too_many_arguments)]
    fn entry(
        &mut self,
        event: &str,
        (group, index): (usize, usize),
        f: &[Member],
        matcher: Option<&Member>,
        span: (usize, usize),
        kind: hook_ir::Kind,
        outside: bool,
        pascal: bool,
        tool_event: bool,
    ) {
        let get = |k: &str| f.iter().find(|m| m.key == k);
        if let Some(t) = get("type") {
            match t.value.as_str() {
                Some("command") => {}
                Some(other @ ("http" | "prompt")) => {
                    self.problems.push(problem(
                        Code::NonCommandHandler,
                        format!("a `{other}` hook: Copilot CLI runs it, but `hooks` only checks and runs command hooks"),
                        t.value.span,
                    ));
                    return;
                }
                _ => {
                    self.drop(problem(
                        Code::WrongValueType,
                        "Invalid hook type: `type` must be `command`, `http` or `prompt`; Copilot skips this entry",
                        t.value.span,
                    ));
                    return;
                }
            }
        }
        let bash = string(get("bash"));
        let command = string(get("command"));
        let exec = string(get("exec"));
        let powershell = string(get("powershell"));

        if exec.is_some() && (bash.is_some() || command.is_some()) {
            self.drop(problem(
                Code::MissingField,
                "specify either `exec` (native executable) or `bash`/`command` (shell), not both: Copilot skips this entry",
                span,
            ));
            return;
        }
        let (text, how, at) = match (bash.or(command), exec) {
            (Some((c, m)), _) => (c.to_string(), Exec::Shell, m.value.span),
            (None, Some((e, m))) => {
                let args: Vec<String> = get("args")
                    .and_then(|a| a.value.elements())
                    .map(|a| a.iter().filter_map(|n| n.as_str()).map(sh_quote).collect())
                    .unwrap_or_default();
                let mut c = sh_quote(e);
                for a in args {
                    c.push(' ');
                    c.push_str(&a);
                }
                (c, Exec::Direct, m.value.span)
            }
            (None, None) if powershell.is_some() => {
                let why = if event.eq_ignore_ascii_case("preToolUse") {
                    "on `preToolUse` it fails closed, so Copilot CLI denies every tool call"
                } else {
                    "it fails every time it fires"
                };
                self.problems.push(problem(
                    Code::InvalidCommand,
                    format!("this entry has only `powershell`, which cannot run on Linux or macOS: {why}"),
                    span,
                ));
                return;
            }
            (None, None) => {
                self.drop(problem(
                    Code::MissingField,
                    "this entry has no `bash`, `command` or `exec`: Copilot skips it",
                    span,
                ));
                return;
            }
        };
        if text.trim().is_empty() {
            self.drop(problem(Code::InvalidCommand, "the command is empty", at));
            return;
        }
        // `timeoutSec` wins over its alias `timeout` (trace copilot_timeout_sec_wins).
        let timeout = get("timeoutSec").or(get("timeout"));
        let timeout_ms = match timeout {
            None => lim::TIMEOUT_DEFAULT_S * 1000,
            Some(t) => match &t.value.kind {
                J::Number(n) => match n.parse::<f64>() {
                    Ok(s) if s > 0.0 && s.is_finite() => (s * 1000.0).round() as u64,
                    _ => {
                        self.drop(problem(
                            Code::InvalidTimeout,
                            format!("`{}` must be a positive number of seconds, not {n}: Copilot skips this entry", t.key),
                            t.value.span,
                        ));
                        return;
                    }
                },
                _ => {
                    self.drop(problem(
                        Code::InvalidTimeout,
                        format!("`{}` must be a number (seconds), not {}: Copilot skips this entry (\"timeoutSec must be a number\")", t.key, t.value.type_name()),
                        t.value.span,
                    ));
                    return;
                }
            },
        };
        let raw_matcher = matcher.and_then(|m| m.value.as_str()).map(str::to_string);
        let ir_matcher = if !tool_event {
            Matcher::Any
        } else {
            match self.matcher(matcher, pascal) {
                Some(m) => m,
                None => return,
            }
        };
        let hook = Hook {
            plugin_root: None,
            source_file: None,
            id: format!("{CP}:{}:{event}:{group}:{index}", self.display),
            kind,
            convention: CP,
            source_event: event.to_string(),
            matcher: ir_matcher,
            handler: Handler::Command {
                command: text,
                exec: how,
            },
            timeout_ms: Some(timeout_ms),
            scope: hook_ir::Scope::default(),
            location: hook_ir::Location::path_only(self.display),
            detail: Detail::JsonGroup {
                group,
                index,
                raw_matcher,
                timeout_explicit: timeout.is_some(),
                is_async: None,
                status_message: None,
                gjc_managed: false,
            },
        };
        self.hooks.push((hook, span, outside));
    }

    /// The IR matcher of a tool event's entry, or `None` when Copilot skips the entry.
    fn matcher(&mut self, m: Option<&Member>, pascal: bool) -> Option<Matcher> {
        let Some(m) = m else {
            return Some(Matcher::Any);
        };
        let Some(pattern) = m.value.as_str() else {
            self.drop(problem(
                Code::WrongValueType,
                format!("`matcher` must be a string, not {}", m.value.type_name()),
                m.value.span,
            ));
            return None;
        };
        match tool_matcher(pattern, pascal) {
            Ok(matcher) => Some(matcher),
            Err((code, message, help)) => {
                let mut p = problem(code, message, m.value.span);
                p.help = help;
                self.drop(p);
                None
            }
        }
    }
}

/// The IR matcher Copilot reads from `raw` on the tool event `event` (the writer's check that
/// a matcher as written still means the hook's), `None` when Copilot skips such an entry.
pub(super) fn matcher_of(event: &str, raw: &str) -> Option<Matcher> {
    tool_matcher(raw, event.starts_with(|c: char| c.is_ascii_uppercase())).ok()
}

type Refusal = (Code, String, Option<String>);

/// The IR matcher of a tool event's `pattern` in the camelCase or the PascalCase dialect, or
/// why Copilot skips the entry.
fn tool_matcher(pattern: &str, pascal: bool) -> Result<Matcher, Refusal> {
    if pascal {
        // Claude's semantics on Claude's names (trace copilot_pascal_matchers).
        if pattern.is_empty() {
            return Err((
                Code::InvalidToolMatcher,
                "matcher cannot be empty: on a PascalCase event Copilot CLI skips this entry (write `*` or leave the matcher out to match every tool)".into(),
                None,
            ));
        }
        if pattern == "*" {
            return Ok(Matcher::Any);
        }
        let names: Vec<&str> = pattern.split('|').collect();
        if names
            .iter()
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        {
            // Claude names become Copilot's runtime names, which the IR's matchers test.
            let names = names
                .iter()
                .map(|n| {
                    COPILOT_PASCAL_NAMES
                        .iter()
                        .find(|(_, claude)| claude.eq_ignore_ascii_case(n))
                        .map_or(n.to_string(), |(copilot, _)| copilot.to_string())
                })
                .collect();
            return Ok(Matcher::Exact { names });
        }
        // A regex is tested on the Claude name the dialect shows (trace
        // copilot_pascal_matchers: `B.*` fires for `bash`): it selects the tools whose Claude
        // (or runtime) name it matches, among those whose Claude name is verified.
        let rx = Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: pattern.to_string(),
        };
        let compiled = rx.compile().map_err(|e| {
            (
                Code::InvalidMatcherRegex,
                format!("{e}: Copilot CLI skips this entry"),
                None,
            )
        })?;
        let names = COPILOT_PASCAL_NAMES
            .iter()
            .filter(|(copilot, claude)| compiled.is_match(claude) || compiled.is_match(copilot))
            .map(|(copilot, _)| copilot.to_string())
            .collect();
        return Ok(Matcher::Exact { names });
    }
    // camelCase: Copilot compiles `^(?:…)$` with Rust's `regex` (trace copilot_matchers).
    let anchored = format!("^(?:{pattern})$");
    match regex::Regex::new(&anchored) {
        Ok(_) => Ok(Matcher::Regex {
            dialect: Dialect::Rust,
            pattern: anchored,
        }),
        Err(e) => Err((
            Code::InvalidMatcherRegex,
            format!(
                "Invalid matcher regex {}: Copilot CLI compiles it as `^(?:…)$` and skips this entry ({})",
                quote(pattern),
                first_line(&e.to_string())
            ),
            (pattern == "*").then(|| "leave the matcher out to match every tool".to_string()),
        )),
    }
}

/// A string field's value with its member.
fn string(m: Option<&Member>) -> Option<(&str, &Member)> {
    m.and_then(|m| m.value.as_str().map(|s| (s, m)))
}

fn first_line(s: &str) -> &str {
    s.lines().last().unwrap_or(s).trim()
}

/// `s` quoted for a POSIX shell when it needs quoting.
fn sh_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-=:,+@%".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    //! Each case is the config of a Copilot CLI 1.0.102 recording
    //! (`conformance/traces/copilot-1.0.102/<trace>.json`), lowered as Copilot loaded it.
    use super::*;

    fn lowered(text: &str, file: FileKind) -> Output {
        let mut out = Output::default();
        lower("f.json", text, file, &mut out);
        out
    }

    fn commands(out: &Output) -> Vec<&str> {
        out.hooks
            .iter()
            .map(|h| match &h.handler {
                Handler::Command { command, .. } => command.as_str(),
                _ => "",
            })
            .collect()
    }

    fn codes(out: &Output) -> Vec<Code> {
        out.diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn a_bad_item_of_a_hooks_file_is_dropped_alone() {
        // copilot_bad_item_dropped: `good` runs; the item without a command and the
        // `timeoutSec: "soon"` one are skipped.
        let out = lowered(
            r#"{"version": 1, "hooks": {"preToolUse": [
  {"type": "command"},
  {"type": "command", "bash": "/r/good"}
], "postToolUse": [{"type": "command", "bash": "/r/post", "timeoutSec": "soon"}]}}"#,
            FileKind::HooksFile,
        );
        assert_eq!(commands(&out), ["/r/good"]);
        assert_eq!(codes(&out), [Code::MissingField, Code::InvalidTimeout]);
        assert_eq!(out.diagnostics[0].location.as_ref().unwrap().line, Some(2));
    }

    #[test]
    fn a_bad_inline_item_rejects_the_settings_file_whole() {
        // copilot_inline_bad_item: neither inline hook runs.
        let out = lowered(
            r#"{"hooks": {"preToolUse": [{"type": "command"}, {"type": "command", "bash": "/r/inline_good"}]}}"#,
            FileKind::Settings,
        );
        assert!(out.hooks.is_empty());
        assert_eq!(codes(&out), [Code::MissingField, Code::HooksFileRejected]);
    }

    #[test]
    fn whole_file_rejections() {
        // copilot_bad_version, copilot_invalid_json; an event value that is not an array.
        for text in [
            r#"{"version": 2, "hooks": {"preToolUse": [{"type": "command", "bash": "/r/pre"}]}}"#,
            r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "/r/pre"}],}}"#,
            r#"{"version": 1, "hooks": {"sessionStart": {"bash": "/r/x"}, "preToolUse": [{"bash": "/r/pre"}]}}"#,
        ] {
            let out = lowered(text, FileKind::HooksFile);
            assert!(out.hooks.is_empty(), "{text}");
            assert!(!out.diagnostics.is_empty(), "{text}");
        }
        // copilot_no_version: accepted.
        let out = lowered(
            r#"{"hooks": {"preToolUse": [{"bash": "/r/pre"}]}}"#,
            FileKind::HooksFile,
        );
        assert_eq!(commands(&out), ["/r/pre"]);
    }

    #[test]
    fn unknown_events_get_a_did_you_mean_in_their_dialect() {
        // copilot_unknown_event: `preToolUsed` ignored, `postToolUse` runs.
        let out = lowered(
            r#"{"version": 1, "hooks": {"preToolUsed": [{"type": "command", "bash": "/r/typo"}], "postToolUse": [{"type": "command", "bash": "/r/post"}]}}"#,
            FileKind::HooksFile,
        );
        assert_eq!(commands(&out), ["/r/post"]);
        assert_eq!(codes(&out), [Code::UnknownEvent]);
        assert_eq!(
            out.diagnostics[0].help.as_deref(),
            Some("did you mean `preToolUse`?")
        );
    }

    #[test]
    fn camel_case_matchers_are_anchored_rust_regexes() {
        // copilot_matchers: `[` and `*` skip their entries; the rest load.
        let out = lowered(
            r#"{"version": 1, "hooks": {"preToolUse": [
  {"matcher": "bash", "bash": "/r/exact"},
  {"matcher": "ba", "bash": "/r/prefix"},
  {"matcher": "b.*", "bash": "/r/regex"},
  {"matcher": "edit|bash", "bash": "/r/alternation"},
  {"matcher": "Bash", "bash": "/r/claude_name"},
  {"matcher": "[", "bash": "/r/invalid"},
  {"matcher": "*", "bash": "/r/star"},
  {"bash": "/r/none"}
]}}"#,
            FileKind::HooksFile,
        );
        let fired: Vec<&str> = out
            .hooks
            .iter()
            .filter(|h| h.matcher.compile().unwrap().is_match("bash"))
            .map(|h| h.id.rsplit(':').nth(1).unwrap())
            .collect();
        // Entries 0, 2, 3 and 7 fire for `bash`, as recorded.
        assert_eq!(fired, ["0", "2", "3", "7"]);
        assert_eq!(
            codes(&out),
            [Code::InvalidMatcherRegex, Code::InvalidMatcherRegex]
        );
    }

    #[test]
    fn pascal_case_matchers_use_claude_names() {
        // copilot_pascal_matchers: Bash, bash, *, Edit|Bash, B.* fire; "" is a load error;
        // Read does not fire.
        let out = lowered(
            r#"{"version": 1, "hooks": {"PreToolUse": [
  {"matcher": "Bash", "bash": "/r/claude_name"},
  {"matcher": "bash", "bash": "/r/runtime_name"},
  {"matcher": "*", "bash": "/r/star"},
  {"matcher": "", "bash": "/r/empty"},
  {"matcher": "Edit|Bash", "bash": "/r/alternation"},
  {"matcher": "B.*", "bash": "/r/regex"},
  {"matcher": "Read", "bash": "/r/other"}
]}}"#,
            FileKind::HooksFile,
        );
        let fired: Vec<&str> = out
            .hooks
            .iter()
            .filter(|h| h.matcher.compile().unwrap().is_match("bash"))
            .map(|h| h.id.rsplit(':').nth(1).unwrap())
            .collect();
        assert_eq!(fired, ["0", "1", "2", "4", "5"]);
        assert_eq!(codes(&out), [Code::InvalidToolMatcher]);
        let read = out.hooks.last().unwrap();
        assert!(read.matcher.compile().unwrap().is_match("view"));
    }

    #[test]
    fn nested_claude_entries_load_one_level_deep() {
        // copilot_nested_claude_entries.
        let out = lowered(
            r#"{"version": 1, "hooks": {"preToolUse": [{"matcher": "bash", "hooks": [{"type": "command", "command": "/r/nested"}]}]}}"#,
            FileKind::HooksFile,
        );
        assert_eq!(commands(&out), ["/r/nested"]);
        assert!(out.hooks[0].matcher.compile().unwrap().is_match("bash"));
    }

    #[test]
    fn timeouts_exec_and_disable_all_hooks() {
        // copilot_timeout_sec_wins, copilot_exec_args_env, copilot_disable_all_hooks_file.
        let out = lowered(
            r#"{"hooks": {"preToolUse": [{"bash": "/r/t", "timeout": 1, "timeoutSec": 5}, {"exec": "/r/exec", "args": ["one arg", "$HOME"]}]}}"#,
            FileKind::HooksFile,
        );
        assert_eq!(out.hooks[0].timeout_ms, Some(5000));
        assert_eq!(out.hooks[1].timeout_ms, Some(30_000));
        assert_eq!(commands(&out)[1], "/r/exec 'one arg' '$HOME'");
        let off = lowered(
            r#"{"version": 1, "disableAllHooks": true, "hooks": {"preToolUse": [{"bash": "/r/disabled"}]}}"#,
            FileKind::HooksFile,
        );
        assert!(off.hooks.is_empty());
        assert_eq!(off.never_run.len(), 1);
        assert_eq!(codes(&off), [Code::HooksDisabled]);
        // copilot_user_settings_disable_all: not honoured in the user settings.
        let user = lowered(
            r#"{"disableAllHooks": true, "hooks": {"preToolUse": [{"bash": "/r/still"}]}}"#,
            FileKind::UserSettings,
        );
        assert_eq!(commands(&user), ["/r/still"]);
        assert_eq!(codes(&user), [Code::IgnoredKey]);
    }
}
