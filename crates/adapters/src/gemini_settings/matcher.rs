//! Gemini's matcher rule and the mistakes users make with it.
//!
//! How Gemini CLI 0.61.0 reads a `matcher` (`packages/core/src/hooks/hookPlanner.ts`,
//! `matchesContext`): the string is trimmed; `""` and `"*"` (and no matcher) match everything.
//! - `BeforeTool`/`AfterTool`: `new RegExp(matcher).test(toolName)` — a JavaScript regex,
//!   unanchored; when the pattern does not compile, `matcher === toolName`.
//! - `SessionStart`, `SessionEnd`, `PreCompress`: `matcher === trigger` — exact, not a list and
//!   not a regex.
//! - every other event passes no context, so the matcher is never looked at.

use crate::layered_settings::json::Span;
use crate::layered_settings::raw::Problem;
use hook_ir::contract::{self, MatchedValue};
use hook_ir::matcher_text::anchored_alternation;
use hook_ir::tools::{self, Agent};
use hook_ir::{Code, Dialect, Matcher};
use hook_ir::{Detail, Hook};

/// The values Gemini compares an exact matcher with, per event (`hookEventHandler.ts` and the
/// hooks reference: `SessionStartSource`, `SessionEndReason`, `PreCompressTrigger`).
fn trigger_values(event: &str) -> &'static [&'static str] {
    match event {
        "SessionStart" => &["startup", "resume", "clear"],
        "SessionEnd" => &["exit", "clear", "logout", "prompt_input_exit", "other"],
        "PreCompress" => &["auto", "manual"],
        _ => &[],
    }
}

/// The IR matcher for a matcher string as Gemini reads it on an event whose matched value is
/// `matched`, without any checks.
pub(crate) fn to_ir(matched: MatchedValue, m: Option<&str>) -> Matcher {
    let Some(m) = m.map(str::trim).filter(|m| !m.is_empty() && *m != "*") else {
        return Matcher::Any;
    };
    match matched {
        MatchedValue::ToolName => {
            let rx = Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: m.to_string(),
            };
            if rx.compile().is_ok() {
                rx
            } else {
                Matcher::Exact {
                    names: vec![m.to_string()],
                }
            }
        }
        MatchedValue::Ignored | MatchedValue::NoMatcher => Matcher::Any,
        _ => Matcher::Exact {
            names: vec![m.to_string()],
        },
    }
}

/// Lowers a definition's matcher, reporting mistakes. Always returns what Gemini does.
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
    if ir.is_any() && matched != MatchedValue::Ignored {
        return ir;
    }
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed == "*" {
        return Matcher::Any;
    }
    match matched {
        MatchedValue::Ignored | MatchedValue::NoMatcher => {
            out.push(
                Problem::new(
                    Code::MatcherHasNoEffect,
                    format!("Gemini passes no matcher context on `{event}`: this definition fires for every `{event}`"),
                    span,
                )
                .help("remove the `matcher`"),
            );
        }
        MatchedValue::ToolName => tool_matcher(trimmed, &ir, span, out),
        _ => trigger_matcher(event, trimmed, span, out),
    }
    ir
}

fn tool_matcher(pattern: &str, ir: &Matcher, span: Span, out: &mut Vec<Problem>) {
    if let Matcher::Exact { .. } = ir {
        let err = Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: pattern.to_string(),
        }
        .compile()
        .err()
        .map(|e| e.message)
        .unwrap_or_default();
        out.push(
            Problem::new(
                Code::MatcherRegexFallsBackToExact,
                format!("matcher `{pattern}` is not a valid JavaScript regex ({err}); Gemini compares it with the tool name as an exact string"),
                span,
            )
            .help("fix the regex, or write the exact tool name"),
        );
        return;
    }
    let Ok(compiled) = ir.compile() else { return };
    if let Some(i) = pattern.find("mcp__") {
        // Claude's and Codex's MCP form: Gemini names MCP tools `mcp_<server>_<tool>`.
        let fixed = pattern[i + "mcp__".len()..].replacen("__", "_", 1);
        out.push(
            Problem::new(
                Code::MatcherMatchesNothing,
                format!("matcher `{pattern}` uses the `mcp__server__tool` form of Claude Code and Codex; Gemini CLI names MCP tools `mcp_<server>_<tool>`, so it matches no MCP tool"),
                span,
            )
            .help(format!("did you mean `{}mcp_{fixed}`?", &pattern[..i])),
        );
        return;
    }
    if tools::names_of(Agent::Gemini).any(|t| compiled.is_match(t)) || pattern.contains("mcp") {
        return;
    }
    // The pattern matches no built-in tool: say so when it names another agent's tool (the
    // tool-name table, `hook_ir::tools`) or mis-cases a Gemini one (custom and MCP tools could
    // still match anything else).
    let words = hook_ir::literal_alternation(pattern)
        .map(|(_, w)| w)
        .unwrap_or_default();
    let mut hints: Vec<String> = Vec::new();
    for w in &words {
        if let Some(g) = tools::names_of(Agent::Gemini).find(|t| t.eq_ignore_ascii_case(w)) {
            hints.push(format!("`{w}` → `{g}` (tool names are case-sensitive)"));
            continue;
        }
        let foreign = Agent::ALL
            .into_iter()
            .filter(|a| *a != Agent::Gemini)
            .find_map(|a| {
                tools::map_name(a, Agent::Gemini, w)
                    .ok()
                    .filter(|_| tools::lookup(a, w).is_some())
            });
        if let Some(m) = foreign {
            hints.push(format!("`{w}` → `{}`", m.names.join("|")));
        } else if let Some(g) = hook_ir::contract::suggest(w, tools::names_of(Agent::Gemini)) {
            // A near miss of a Gemini tool name (`run_shel_command`).
            hints.push(format!("`{w}` → `{g}`"));
        }
    }
    if hints.is_empty() {
        return;
    }
    out.push(
        Problem::new(
            Code::MatcherMatchesNothing,
            format!(
                "matcher `{pattern}` matches no Gemini CLI tool: Gemini's tools have other names"
            ),
            span,
        )
        .help(format!("did you mean {}?", hints.join(", "))),
    );
}

fn trigger_matcher(event: &str, value: &str, span: Span, out: &mut Vec<Problem>) {
    let values = trigger_values(event);
    if values.is_empty() || values.contains(&value) {
        return;
    }
    let list = values
        .iter()
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut p = Problem::new(
        Code::MatcherMatchesNothing,
        format!("Gemini compares the `{event}` matcher exactly (not as a regex or a list) with one of {list}: `{value}` never matches"),
        span,
    );
    if value.contains(['|', ',']) {
        p = p.help(
            "write one hook definition per value, or leave the matcher out to match them all",
        );
    } else if let Some(s) = contract::suggest(value, values.iter().copied()) {
        p = p.help(format!("did you mean `{s}`?"));
    }
    out.push(p);
}

/// What a tool name escapes to be matched verbatim by Gemini's (JavaScript) regex.
const REGEX_SPECIALS: &str = "\\^$.|?*+()[]{}";

/// The `matcher` strings to write (`None`: no matcher key; several: one definition each),
/// chosen so that Gemini reads each back as `hook.matcher`:
/// - the string as written, when the hook came from a Gemini settings file and Gemini reads it
///   as the same matcher;
/// - tool events: an anchored regex `^(?:A|B)$` for exact names (Gemini's regex is
///   unanchored), the pattern for a regex;
/// - exact-value events (`SessionStart`, ...): one definition per value;
/// - events that ignore matchers: none.
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
    match (&hook.matcher, matched) {
        (Matcher::Exact { names }, _) if names.is_empty() => Err(
            "an empty list of names matches nothing and cannot be written as a Gemini matcher"
                .into(),
        ),
        (Matcher::Exact { names }, MatchedValue::ToolName) => {
            Ok(vec![Some(anchored_alternation(names, REGEX_SPECIALS))])
        }
        (Matcher::Exact { names }, _) => {
            if names
                .iter()
                .any(|n| n.trim() != n || n.is_empty() || n == "*")
            {
                return Err(format!(
                    "Gemini trims matchers and reads `*` as everything: {names:?} cannot be matched exactly"
                ));
            }
            Ok(names.iter().map(|n| Some(n.clone())).collect())
        }
        (Matcher::Regex { pattern, .. }, MatchedValue::ToolName) => {
            let ecma = Matcher::Regex {
                dialect: hook_ir::Dialect::Ecmascript,
                pattern: pattern.clone(),
            };
            if let Err(e) = ecma.compile() {
                return Err(format!(
                    "the regex `{pattern}` is not valid JavaScript ({})",
                    e.message
                ));
            }
            Ok(vec![Some(pattern.clone())])
        }
        // An anchored alternation of plain names (what the importer makes of exact names) is
        // that list of exact values.
        (Matcher::Regex { pattern, .. }, _) => match hook_ir::matcher_text::regex_to_exact(pattern) {
            Some(names) => Ok(names.into_iter().map(Some).collect()),
            None => Err(format!(
                "Gemini compares `{}` matchers exactly, not as regexes: `{pattern}` cannot be written",
                hook.source_event
            )),
        },
        (Matcher::Any, _) => Ok(vec![None]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(event: &str, matched: MatchedValue, m: &str) -> (Matcher, Vec<Code>) {
        let mut out = Vec::new();
        let ir = lower(event, matched, Some((m, (0, 0))), &mut out);
        (ir, out.into_iter().map(|p| p.code).collect())
    }

    #[test]
    fn tool_matchers_are_unanchored_regexes_with_an_exact_fallback() {
        let (ir, codes) = lowered("BeforeTool", MatchedValue::ToolName, " read_.* ");
        assert_eq!(
            ir,
            Matcher::Regex {
                dialect: Dialect::Ecmascript,
                pattern: "read_.*".into()
            }
        );
        assert!(codes.is_empty());
        let (ir, codes) = lowered("BeforeTool", MatchedValue::ToolName, "run_shell_command(");
        assert_eq!(
            ir,
            Matcher::Exact {
                names: vec!["run_shell_command(".into()]
            }
        );
        assert_eq!(codes, [Code::MatcherRegexFallsBackToExact]);
        assert_eq!(
            lowered("BeforeTool", MatchedValue::ToolName, "*").0,
            Matcher::Any
        );
    }

    #[test]
    fn foreign_tool_names_get_a_did_you_mean() {
        let mut out = Vec::new();
        lower(
            "BeforeTool",
            MatchedValue::ToolName,
            Some(("Bash|Edit", (0, 0))),
            &mut out,
        );
        assert_eq!(out[0].code, Code::MatcherMatchesNothing);
        assert!(
            out[0]
                .help
                .as_deref()
                .unwrap()
                .contains("`Bash` → `run_shell_command`"),
            "{out:?}"
        );
        assert!(
            lowered("BeforeTool", MatchedValue::ToolName, "mcp_github_.*")
                .1
                .is_empty()
        );
        let mut out = Vec::new();
        lower(
            "BeforeTool",
            MatchedValue::ToolName,
            Some(("mcp__github__.*", (0, 0))),
            &mut out,
        );
        assert_eq!(out[0].code, Code::MatcherMatchesNothing);
        assert_eq!(
            out[0].help.as_deref(),
            Some("did you mean `mcp_github_.*`?")
        );
        let (_, codes) = lowered("BeforeTool", MatchedValue::ToolName, "run_shel_command");
        assert_eq!(codes, [Code::MatcherMatchesNothing]);
        assert!(lowered("BeforeTool", MatchedValue::ToolName, "Tool")
            .1
            .is_empty());
    }

    #[test]
    fn trigger_matchers_are_exact_strings() {
        let (ir, codes) = lowered("SessionStart", MatchedValue::Source, "startup|resume");
        assert_eq!(
            ir,
            Matcher::Exact {
                names: vec!["startup|resume".into()]
            }
        );
        assert_eq!(codes, [Code::MatcherMatchesNothing]);
        assert!(lowered("SessionStart", MatchedValue::Source, "resume")
            .1
            .is_empty());
        let (_, codes) = lowered("AfterAgent", MatchedValue::Ignored, "x");
        assert_eq!(codes, [Code::MatcherHasNoEffect]);
    }
}
