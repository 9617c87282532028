//! Qwen Code's matcher rule and the mistakes users make with it — Qwen's own, not Gemini's.
//!
//! How Qwen Code 0.24.4 reads a `matcher` (`core/hooks/hook-matcher.ts` `matchesHookPattern`,
//! `chunks/chunk-DPEB6S2R.js:147515`; targets from `hookPlanner.ts` `getHookMatcherTarget`):
//! - the string is trimmed; `""`, `"*"`, `".*"` (and no matcher) match everything;
//! - tool events (`PreToolUse`, `PostToolUse`, ...): the matcher is compared **exactly** with
//!   the tool id and every alias of it (`Bash`, `Shell` for `run_shell_command`, `Write` for
//!   `write_file`...: [`hook_ir::tools`]); a `|` list not starting with `^` or `(` matches when
//!   one entry is such a target;
//! - otherwise it is an **unanchored** JavaScript regex tested on the id (or the trigger of
//!   `SessionStart`, `SessionEnd`...): `run_shell` matches `run_shell_command`, `^Bash$` never
//!   matches (the id is `run_shell_command`); a regex that does not compile never matches.
//! - `UserPromptSubmit`, `Stop` and a few others ignore the matcher.
//!
//! Live: `qwen_matcher_regex`, `qwen_matcher_claude_alias`, `qwen_matcher_list`.

use crate::layered_settings::json::Span;
use crate::layered_settings::raw::Problem;
use hook_ir::contract::MatchedValue;
use hook_ir::matcher_text::anchored_alternation;
use hook_ir::tools::{self, Agent};
use hook_ir::{Code, Detail, Dialect, Hook, Matcher};

/// The entries Qwen compares exactly: the `|` list's, else the whole pattern.
fn entries(pattern: &str) -> Vec<&str> {
    if pattern.contains('|') && !pattern.starts_with('^') && !pattern.starts_with('(') {
        pattern
            .split('|')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .collect()
    } else {
        vec![pattern]
    }
}

/// The values Qwen matches a non-tool event's matcher against, where they are known: the
/// session source of `SessionStart` (`startup`, `resume`, `clear`, `compact`: conformance notes,
/// "Matchers") and the compaction trigger (`manual`, `auto`).
fn trigger_values(matched: MatchedValue) -> &'static [&'static str] {
    match matched {
        MatchedValue::Source => &["startup", "resume", "clear", "compact"],
        _ => &[],
    }
}

/// The IR matcher for a matcher string as Qwen reads it on an event whose matched value is
/// `matched`, without any checks. Exact names become the tool ids they select; the regex part
/// is kept where it can select more than those ids.
pub(crate) fn to_ir(matched: MatchedValue, m: Option<&str>) -> Matcher {
    let Some(pattern) = m.map(str::trim).filter(|m| !matches!(*m, "" | "*" | ".*")) else {
        return Matcher::Any;
    };
    if matches!(matched, MatchedValue::Ignored | MatchedValue::NoMatcher) {
        return Matcher::Any;
    }
    let entries = entries(pattern);
    if entries.iter().any(|e| matches!(*e, "*" | ".*")) {
        return Matcher::Any;
    }
    let expr = entries.join("|");
    let rx = Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: if entries.len() > 1 {
            expr
        } else {
            pattern.to_string()
        },
    };
    let compiled = rx.compile().ok();
    if matched != MatchedValue::ToolName {
        // Plain names that are among the event's known values select exactly those (the
        // unanchored regex could only match another value containing one of them: none does).
        let known = trigger_values(matched);
        let plain =
            |e: &str| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !known.is_empty()
            && entries.iter().all(|e| plain(e) && known.contains(e))
            && known
                .iter()
                .all(|v| entries.contains(v) || !entries.iter().any(|e| v.contains(e)))
        {
            return Matcher::Exact {
                names: entries.iter().map(|e| e.to_string()).collect(),
            };
        }
        return match compiled {
            Some(_) => rx,
            None => Matcher::Exact { names: Vec::new() },
        };
    }
    // An anchored alternation of plain names (what the writer makes of exact ids) selects
    // exactly those ids.
    if let Some(names) = hook_ir::matcher_text::regex_to_exact(pattern) {
        return Matcher::Exact { names };
    }
    let mut ids: Vec<String> = Vec::new();
    for e in &entries {
        if let Some(t) = tools::lookup(Agent::Qwen, e) {
            if !ids.iter().any(|i| i == t.name) {
                ids.push(t.name.to_string());
            }
        }
    }
    let Some(compiled) = compiled else {
        return Matcher::Exact { names: ids };
    };
    if ids.is_empty() {
        return rx;
    }
    let all_exact = ids.len() == entries.len()
        || entries
            .iter()
            .all(|e| tools::lookup(Agent::Qwen, e).is_some());
    let regex_adds = tools::tools_of(Agent::Qwen)
        .map(|t| t.name)
        .any(|n| !ids.iter().any(|i| i == n) && compiled.is_match(n));
    if all_exact && !regex_adds {
        return Matcher::Exact { names: ids };
    }
    let Matcher::Regex { pattern, .. } = rx else {
        return rx;
    };
    Matcher::Regex {
        dialect: Dialect::Ecmascript,
        pattern: format!("^(?:{})$|{pattern}", ids.join("|")),
    }
}

/// Lowers a definition's matcher, reporting mistakes. Always returns what Qwen does.
pub(crate) fn lower(
    event: &str,
    matched: MatchedValue,
    m: Option<(&str, Span)>,
    out: &mut Vec<Problem>,
) -> Matcher {
    let Some((text, span)) = m else {
        return Matcher::Any;
    };
    let ir = to_ir(matched, Some(text));
    let trimmed = text.trim();
    if matches!(trimmed, "" | "*" | ".*") {
        return Matcher::Any;
    }
    match matched {
        MatchedValue::Ignored | MatchedValue::NoMatcher => out.push(
            Problem::new(
                Code::MatcherHasNoEffect,
                format!("Qwen Code ignores the matcher on `{event}`: this definition fires for every `{event}`"),
                span,
            )
            .help("remove the `matcher`"),
        ),
        _ if matches!(&ir, Matcher::Exact { names } if names.is_empty()) => {
            let err = Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: trimmed.to_string(),
            }
            .compile()
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
            out.push(
                Problem::new(
                    Code::InvalidMatcherRegex,
                    format!("matcher `{trimmed}` is not a valid JavaScript regex ({err}) nor an exact tool name: Qwen Code never runs this definition"),
                    span,
                )
                .help("fix the regex, or write the exact tool name"),
            );
        }
        MatchedValue::ToolName => tool_matcher(trimmed, &ir, span, out),
        _ => {}
    }
    ir
}

fn tool_matcher(pattern: &str, ir: &Matcher, span: Span, out: &mut Vec<Problem>) {
    if let Matcher::Exact { names } = ir {
        // `^Bash$`: an anchored regex on the id, where `Bash` is only an alias (live
        // `qwen_matcher_claude_alias`: it did not fire).
        let aliases: Vec<String> = names
            .iter()
            .filter_map(|n| tools::lookup(Agent::Qwen, n).filter(|t| t.name != n))
            .map(|t| t.name.to_string())
            .collect();
        if pattern.starts_with('^') && !aliases.is_empty() {
            out.push(
                Problem::new(
                    Code::MatcherMatchesNothing,
                    format!("matcher `{pattern}` is a regex tested on the tool id, where its name is only an alias: Qwen Code never fires it"),
                    span,
                )
                .help(format!("write the alias alone (no `^`/`$`), or the id `{}`", aliases.join("|"))),
            );
        }
        return;
    }
    let Ok(compiled) = ir.compile() else { return };
    if tools::names_of(Agent::Qwen).any(|t| compiled.is_match(t)) || pattern.contains("mcp") {
        return;
    }
    // An anchored regex on a name Qwen matches only as an alias (`^Bash$`), or a name of another
    // agent / a near miss: the definition never fires for a built-in tool.
    let words = hook_ir::literal_alternation(pattern.trim_start_matches('^').trim_end_matches('$'))
        .map(|(_, w)| w)
        .unwrap_or_default();
    let mut hints: Vec<String> = Vec::new();
    for w in &words {
        if let Some(t) = tools::lookup(Agent::Qwen, w) {
            hints.push(format!(
                "`{w}` (Qwen compares `{w}` exactly only when it is the whole matcher, not inside a regex; its id is `{}`)",
                t.name
            ));
        } else if let Some(g) = tools::names_of(Agent::Qwen).find(|t| t.eq_ignore_ascii_case(w)) {
            hints.push(format!("`{w}` → `{g}` (tool names are case-sensitive)"));
        } else if let Some(g) = hook_ir::contract::suggest(w, tools::names_of(Agent::Qwen)) {
            hints.push(format!("`{w}` → `{g}`"));
        }
    }
    if hints.is_empty() {
        return;
    }
    out.push(
        Problem::new(
            Code::MatcherMatchesNothing,
            format!("matcher `{pattern}` matches no Qwen Code tool: it is a regex on the tool id (`run_shell_command`, `write_file`...)"),
            span,
        )
        .help(format!("did you mean {}?", hints.join(", "))),
    );
}

/// The `matcher` strings the writer puts in a Qwen settings file so that Qwen reads each back
/// as `hook.matcher`: the string as written when it reads back the same; exact tool names as an
/// anchored regex of their ids (`^(?:run_shell_command|write_file)$`: an alias such as `Bash`
/// inside a regex would never match); a regex as it is; none for events that ignore matchers.
pub(crate) fn strings(hook: &Hook, matched: MatchedValue) -> Result<Vec<Option<String>>, String> {
    if let Detail::GeminiGroup {
        raw_matcher: Some(m),
        ..
    } = &hook.detail
    {
        if to_ir(matched, Some(m)) == hook.matcher {
            return Ok(vec![Some(m.clone())]);
        }
    }
    if matches!(matched, MatchedValue::Ignored | MatchedValue::NoMatcher) || hook.matcher.is_any() {
        return Ok(vec![None]);
    }
    match &hook.matcher {
        Matcher::Exact { names } if names.is_empty() => Err(
            "an empty list of names matches nothing and cannot be written as a Qwen matcher".into(),
        ),
        Matcher::Exact { names } => {
            let ids: Vec<String> = names
                .iter()
                .map(|n| match (matched, tools::lookup(Agent::Qwen, n)) {
                    (MatchedValue::ToolName, Some(t)) => t.name.to_string(),
                    _ => n.clone(),
                })
                .collect();
            Ok(vec![Some(anchored_alternation(&ids, "\\^$.|?*+()[]{}"))])
        }
        Matcher::Regex { pattern, .. } => {
            let ecma = Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: pattern.clone(),
            };
            if let Err(e) = ecma.compile() {
                return Err(format!(
                    "the regex `{pattern}` is not valid JavaScript ({})",
                    e.message
                ));
            }
            if matches!(pattern.trim(), "" | "*" | ".*") || pattern.trim() != pattern {
                return Err(format!(
                    "Qwen trims matchers and reads `*` as everything: `{pattern}` cannot be written as is"
                ));
            }
            Ok(vec![Some(pattern.clone())])
        }
        Matcher::Any => Ok(vec![None]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(m: &str) -> Matcher {
        to_ir(MatchedValue::ToolName, Some(m))
    }

    fn fires(m: &str, id: &str) -> bool {
        tool(m).compile().unwrap().is_match(id)
    }

    /// The live traces' outcomes (`qwen_matcher_regex`, `qwen_matcher_claude_alias`,
    /// `qwen_matcher_list`, `qwen_tool_write_file`, `qwen_tool_read_file`).
    #[test]
    fn reads_matchers_as_qwen_0_24_4_ran_them() {
        assert!(fires("run_shell.*", "run_shell_command"));
        assert!(!fires("write_file", "run_shell_command"));
        assert!(fires("Bash", "run_shell_command"));
        assert!(fires("Shell", "run_shell_command"));
        assert!(!fires("^Bash$", "run_shell_command"));
        assert!(fires("write_file|run_shell_command", "run_shell_command"));
        assert!(tool("*").is_any());
        assert!(!fires("bash", "run_shell_command"));
        assert!(fires("Write", "write_file"));
        assert!(!fires("Write", "read_file"));
        assert!(fires("Read", "read_file"));
        // Unanchored: `edit` also selects `notebook_edit`; `Bash` is exact.
        assert!(fires("edit", "notebook_edit"));
        assert_eq!(
            tool("Bash|Write"),
            Matcher::Exact {
                names: vec!["run_shell_command".into(), "write_file".into()]
            }
        );
        // A regex that does not compile never matches.
        assert_eq!(tool("("), Matcher::Exact { names: vec![] });
        // A known session source is selected exactly; a part of one stays a regex.
        assert_eq!(
            to_ir(MatchedValue::Source, Some("startup|resume")),
            Matcher::Exact {
                names: vec!["startup".into(), "resume".into()]
            }
        );
        assert!(matches!(
            to_ir(MatchedValue::Source, Some("start")),
            Matcher::Regex { .. }
        ));
    }

    #[test]
    fn written_matchers_read_back_the_same() {
        for m in [
            "Bash",
            "Bash|Write",
            "run_shell.*",
            "edit",
            "^(?:write_file)$",
        ] {
            let ir = tool(m);
            let hook = Hook {
                matcher: ir.clone(),
                ..crate::qwen_settings::tests::hook("PreToolUse")
            };
            let out = strings(&hook, MatchedValue::ToolName).unwrap();
            assert_eq!(tool(out[0].as_deref().unwrap()), ir, "{m}");
        }
    }
}
