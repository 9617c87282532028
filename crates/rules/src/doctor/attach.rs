//! Which hooks a diagnostic is about. Discovery reports findings at places in files; a hook's
//! verdict needs the ones that concern it: at the hook, at its group's matcher, at its file, or
//! (for an agent-wide switch) every hook the switch covers.

use adapters::SourceFile;
use hook_ir::{Code, Detail, Diagnostic, Hook, Scope};

/// Codes found at a matcher, which precedes the handlers of its group: they concern every
/// hook of the group.
const AT_MATCHER: &[Code] = &[
    Code::MatcherMatchesNothing,
    Code::MatcherCommaList,
    Code::PermissionRuleAsMatcher,
    Code::MatcherParsedAsRegex,
    Code::MatcherHasNoEffect,
    Code::MatcherRegexFallsBackToExact,
    Code::InvalidMatcherRegex,
    Code::RegexMayBacktrack,
];

/// The indexes in `hooks` (one agent's) that `d` concerns; empty when it concerns none.
pub(super) fn targets(d: &Diagnostic, hooks: &[Hook], sources: &[SourceFile]) -> Vec<usize> {
    let Some(at) = &d.location else {
        return Vec::new();
    };
    let all = |keep: &dyn Fn(&Hook) -> bool| -> Vec<usize> {
        (0..hooks.len()).filter(|&i| keep(&hooks[i])).collect()
    };
    match d.code {
        // Gemini checks trust before it reads any settings layer: every settings hook is
        // covered, an extension's are not (`gemini_folder_untrusted`'s explanation).
        Code::GeminiFolderUntrusted => return all(&|h| h.scope != Scope::Plugin),
        // `JCODE_HOOKS_DISABLED`: every jcode hook.
        Code::HooksDisabledByEnv => return all(&|_| true),
        // Reported once, at the file's first hook: the whole file is skipped.
        Code::CodexProjectUntrusted => return all(&|h| h.location.path == at.path),
        // Said once, of a directory: every hook of an import-only convention.
        Code::ImportOnlySource => return all(&|_| true),
        _ => {}
    }
    let same_file = |h: &Hook| h.location.path == at.path;
    if at.line.is_none() {
        return all(&same_file);
    }
    if let Some((s, _)) = at.span {
        let inside = all(&|h| {
            same_file(h)
                && h.location
                    .span
                    .is_some_and(|(hs, he)| hs <= s && s < he.max(hs + 1))
        });
        if !inside.is_empty() {
            return inside;
        }
        if AT_MATCHER.contains(&d.code) {
            let next = (0..hooks.len())
                .filter(|&i| same_file(&hooks[i]))
                .filter_map(|i| Some((hooks[i].location.span?.0, i)))
                .filter(|(hs, _)| *hs > s)
                .min();
            // Only when nothing but the start of the group's handlers lies between them (a
            // group Codex drops whole has no hook here, and the next hook is another group's).
            let text = sources
                .iter()
                .find(|f| f.display == at.path)
                .and_then(|f| f.text.as_deref());
            if let Some((hs, n)) = next {
                let between = text.and_then(|t| t.get(at.span.map_or(s, |sp| sp.1)..hs));
                if between.is_some_and(|b| !b.contains(['}', ']'])) {
                    let key = group(&hooks[n]);
                    return all(&|h| same_file(h) && group(h) == key);
                }
            }
        }
        return Vec::new();
    }
    all(&|h| same_file(h) && h.location.line == at.line)
}

/// Whether `d` is located inside `h` (its span within the hook's, in the same file).
pub(super) fn inside(d: &Diagnostic, h: &Hook) -> bool {
    match (&d.location, h.location.span) {
        (Some(at), Some((hs, he))) => {
            at.path == h.location.path
                && at.span.is_some_and(|(s, _)| hs <= s && s < he.max(hs + 1))
        }
        _ => false,
    }
}

/// A hook's matcher group: its event and group index (a hook without groups is its own).
fn group(h: &Hook) -> (String, Option<usize>, Option<u32>) {
    match &h.detail {
        Detail::JsonGroup { group, .. } | Detail::GeminiGroup { group, .. } => {
            (h.source_event.clone(), Some(*group), None)
        }
        _ => (h.source_event.clone(), None, h.location.line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hook_ir::{Convention, Exec, Handler, Kind, Location, Matcher};

    fn hook(event: &str, group: usize, span: (usize, usize), scope: Scope) -> Hook {
        Hook {
            plugin_root: None,
            source_file: None,
            id: format!("h{}", span.0),
            kind: Kind::PreToolUse,
            convention: Convention::ClaudeSettings,
            source_event: event.into(),
            matcher: Matcher::Any,
            handler: Handler::Command {
                command: "x".into(),
                exec: Exec::Shell,
            },
            timeout_ms: None,
            location: Location {
                path: "s.json".into(),
                line: Some(span.0 as u32),
                column: Some(1),
                span: Some(span),
            },
            scope,
            detail: Detail::JsonGroup {
                group,
                index: 0,
                raw_matcher: None,
                timeout_explicit: false,
                is_async: None,
                status_message: None,
                gjc_managed: false,
            },
        }
    }

    fn at(code: Code, path: &str, span: Option<(usize, usize)>) -> Diagnostic {
        Diagnostic::new(code, "m").at(Location {
            path: path.into(),
            line: span.map(|s| s.0 as u32),
            column: span.map(|_| 1),
            span,
        })
    }

    /// `s.json`: a group's matcher at 25..28, its handlers from 30 on; another group's closing
    /// brackets before 10.
    fn src() -> Vec<SourceFile> {
        let mut text = " ".repeat(60);
        text.replace_range(5..7, "}]");
        vec![SourceFile {
            convention: hook_ir::Convention::ClaudeSettings,
            path: "s.json".into(),
            display: "s.json".into(),
            text: Some(text),
            scope: Scope::Project,
            root: None,
            readers: Vec::new(),
        }]
    }

    #[test]
    fn a_finding_inside_a_hook_is_that_hooks() {
        let hooks = [
            hook("PreToolUse", 0, (10, 20), Scope::Project),
            hook("PreToolUse", 1, (30, 40), Scope::Project),
        ];
        let d = at(Code::MissingScript, "s.json", Some((32, 35)));
        assert_eq!(targets(&d, &hooks, &src()), [1]);
        // Another file's finding is none of them.
        let d = at(Code::MissingScript, "t.json", Some((32, 35)));
        assert!(targets(&d, &hooks, &src()).is_empty());
    }

    #[test]
    fn a_matcher_finding_is_every_hook_of_the_group_after_it() {
        let hooks = [
            hook("PreToolUse", 0, (10, 20), Scope::Project),
            hook("PreToolUse", 1, (30, 40), Scope::Project),
            hook("PreToolUse", 1, (41, 50), Scope::Project),
        ];
        let d = at(Code::MatcherMatchesNothing, "s.json", Some((25, 28)));
        assert_eq!(targets(&d, &hooks, &src()), [1, 2]);
        // Another code before a hook (an unknown event key) is no hook's.
        let d = at(Code::UnknownEvent, "s.json", Some((25, 28)));
        assert!(targets(&d, &hooks, &src()).is_empty());
        // A matcher of a group with no hook left (dropped whole) is not the next group's.
        let d = at(Code::InvalidMatcherRegex, "s.json", Some((2, 4)));
        assert!(targets(&d, &hooks, &src()).is_empty());
    }

    #[test]
    fn file_and_agent_wide_reasons() {
        let hooks = [
            hook("PreToolUse", 0, (10, 20), Scope::User),
            hook("Stop", 0, (30, 40), Scope::Plugin),
        ];
        // A finding about a whole file is each of its hooks'.
        assert_eq!(
            targets(&at(Code::InvalidSource, "s.json", None), &hooks, &[]),
            [0, 1]
        );
        // An untrusted Gemini folder stops every settings hook, not an extension's.
        assert_eq!(
            targets(
                &at(Code::GeminiFolderUntrusted, "other.json", None),
                &hooks,
                &[]
            ),
            [0]
        );
        // An untrusted Codex project: reported at the first hook, every hook of its file.
        assert_eq!(
            targets(
                &at(Code::CodexProjectUntrusted, "s.json", Some((10, 20))),
                &hooks,
                &[]
            ),
            [0, 1]
        );
        assert!(targets(&Diagnostic::new(Code::ParseError, "m"), &hooks, &[]).is_empty());
    }
}
