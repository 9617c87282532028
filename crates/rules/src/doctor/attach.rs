//! Which hooks a diagnostic is about. Discovery reports findings at places in files; a hook's
//! verdict needs the ones that concern it: at the hook, at its group's matcher, at its file, or
//! (for an agent-wide switch) every hook the switch covers.

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
pub(super) fn targets(d: &Diagnostic, hooks: &[Hook]) -> Vec<usize> {
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
            if let Some((_, n)) = next {
                let key = group(&hooks[n]);
                return all(&|h| same_file(h) && group(h) == key);
            }
        }
        return Vec::new();
    }
    all(&|h| same_file(h) && h.location.line == at.line)
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
