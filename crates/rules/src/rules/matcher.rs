//! Rules on a hook's matcher, for every convention: a JavaScript regex that can backtrack
//! catastrophically, a comma-separated list of names that the agent reads as one regex, and tool
//! names the agent does not have (a case mistake, another agent's name for the tool), read from
//! the one tool table ([`hook_ir::tools`]).
//!
//! Codes: `regex_may_backtrack`, `matcher_comma_list`, `matcher_matches_nothing`,
//! `permission_rule_as_matcher` (outside Claude files, whose reader reports it).

use super::{Finding, Target};
use hook_ir::contract::{self, MatchedValue};
use hook_ir::tools::{self, Agent};
use hook_ir::{quote, Code, Convention, Detail, Dialect, Hook, Matcher};

/// Runs the matcher rules on one hook. `last` holds the previous hook and its findings (at no
/// span): the hooks of one group share a matcher, and the findings depend only on the
/// convention, the event and the matcher.
pub(crate) fn check<'h>(
    t: &Target<'h>,
    last: &mut Option<(&'h Hook, Vec<Finding>)>,
    out: &mut Vec<Finding>,
) {
    let hook = t.hook;
    let same = last.as_ref().is_some_and(|(h, _)| {
        h.convention == hook.convention
            && h.source_event == hook.source_event
            && h.matcher == hook.matcher
    });
    if !same {
        let mut found = Vec::new();
        findings(hook, &mut found);
        *last = Some((hook, found));
    }
    let Some((_, found)) = last.as_ref().filter(|(_, f)| !f.is_empty()) else {
        return;
    };
    // Where the matcher is written, looked up only for a hook with findings.
    let at = written(&hook.detail)
        .and_then(|m| t.find(m))
        .or_else(|| match &hook.matcher {
            Matcher::Regex { pattern, .. } => t.find(pattern),
            Matcher::Exact { names } if names.len() == 1 => t.find(&names[0]),
            _ => None,
        });
    out.extend(found.iter().map(|f| f.clone().at(at)));
}

/// The matcher rules' findings on `hook`, at no span.
fn findings(hook: &Hook, out: &mut Vec<Finding>) {
    let at = None;
    if let Matcher::Regex { pattern, .. } = &hook.matcher {
        if let Some(f) = comma_list(hook.convention, &hook.source_event, pattern) {
            out.push(f.at(at));
        }
    }
    match &hook.matcher {
        Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern,
        } => {
            if let Some(byte) = hook_ir::redos::nested_unbounded_quantifier(pattern) {
                out.push(
                    Finding::new(
                        Code::RegexMayBacktrack,
                        format!(
                            "matcher {} repeats a group that holds an unbounded quantifier (at byte {byte}): JavaScript can take exponential time on a value that almost matches",
                            quote(pattern)
                        ),
                    )
                    .help("remove the nesting, e.g. `(a+)+` → `a+`")
                    .at(at),
                );
            }
        }
        // `.claude/hooks/pre/bash.sh` (claude-dir, codex-dir) names its tool by GJC's file-name
        // rule for import, not in the words of the agent whose directory it is.
        // (Those import-only conventions never run: nothing is checked in their own words.)
        Matcher::Exact { .. } if !contract::executes(hook.convention, None) => {}
        Matcher::Exact { names } => {
            let tool_event = contract::find(hook.convention, &hook.source_event)
                .is_some_and(|r| r.matched == MatchedValue::ToolName);
            let Some(agent) = Agent::of(hook.convention).filter(|_| tool_event) else {
                return;
            };
            for n in names {
                if let Some(f) = unknown_tool(agent, n) {
                    out.push(f.at(at));
                }
            }
        }
        _ => {}
    }
    // A regex that cannot match any tool name of the agent, MCP tools included: an expression
    // (`tool == "Bash" && …`), permission-rule syntax (`Bash(git status)`), anything whose every
    // match needs a character no tool name has (issue 25).
    if let Matcher::Regex { pattern, .. } = &hook.matcher {
        let tool_event = contract::find(hook.convention, &hook.source_event)
            .is_some_and(|r| r.matched == MatchedValue::ToolName);
        if let Some(agent) = Agent::of(hook.convention).filter(|_| tool_event) {
            if let Some(f) = matches_no_tool(hook.convention, agent, pattern) {
                out.push(f.at(at));
            }
        }
    }
    // A regex that is an alternation of plain names (Jarvis/Kimi `bash|Edit`, Gemini `Bash`):
    // a name that is part of no tool name of the agent, in any case, never matches a built-in
    // tool, and one that is another agent's tool name (or one of its in the wrong case) is
    // reported as for exact names.
    // (Gemini's reader checks its own matchers against Gemini's tools: not twice.)
    if let Matcher::Regex { pattern, .. } = &hook.matcher {
        let tool_event = contract::find(hook.convention, &hook.source_event)
            .is_some_and(|r| r.matched == MatchedValue::ToolName)
            && !adapters::registry::adapter(hook.convention)
                .reader_checks()
                .contains(&Code::MatcherMatchesNothing);
        let Some(agent) = Agent::of(hook.convention).filter(|_| tool_event) else {
            return;
        };
        for n in plain_alternatives(pattern).unwrap_or_default() {
            let part_of_a_tool = tools::names_of(agent).any(|t| t.contains(n));
            if part_of_a_tool || tools::is_known(agent, n) {
                continue;
            }
            if let Some(f) = unknown_tool(agent, n) {
                out.push(f.at(at));
            }
        }
    }
}

/// A finding when the regex `pattern` (a matcher on tool names) can match no tool name of
/// `agent`: permission-rule syntax `Tool(args)` (`permission_rule_as_matcher`; Claude's reader
/// reports it for Claude files), or a regex whose every match needs a character that no tool
/// name of any agent, MCP tools included, holds (`matcher_matches_nothing`).
fn matches_no_tool(convention: Convention, agent: Agent, pattern: &str) -> Option<Finding> {
    if let Some(tool) = permission_rule_tool(pattern) {
        if adapters::registry::adapter(convention)
            .reader_checks()
            .contains(&Code::PermissionRuleAsMatcher)
        {
            return None;
        }
        return Some(
            Finding::new(
                Code::PermissionRuleAsMatcher,
                format!("{} is permission-rule syntax; {agent} matches a hook's matcher against the tool name only, and as a regex this matches no tool", quote(pattern)),
            )
            .help(format!("match `{tool}` and check the tool input inside the hook script")),
        );
    }
    let foreign = needed_foreign_chars(pattern)?;
    let shown: Vec<String> = foreign.iter().map(|c| format!("`{c}`")).collect();
    let expression = pattern.contains("==") || pattern.contains("&&") || pattern.contains("||");
    let why = if expression {
        " (it reads as an expression, but the matcher is a regex over the tool name)"
    } else {
        ""
    };
    Some(
        Finding::new(
            Code::MatcherMatchesNothing,
            format!(
                "matcher {} cannot match any tool of {agent}, MCP tools included: every match needs a character no tool name has ({}){why}, so this hook never fires",
                quote(pattern),
                shown.join(", ")
            ),
        )
        .help("match the tool name (`Bash`, `Edit|Write`) and check the tool input inside the hook script"),
    )
}

/// `Tool(args)`, the syntax of permission rules (`Bash(git:*)`, `Write(*.py)`): the tool part.
fn permission_rule_tool(p: &str) -> Option<&str> {
    let open = p.find('(')?;
    let tool = &p[..open];
    // `Bash(?!Output)` is a regex group (a look-ahead), not a rule's argument.
    (!tool.is_empty()
        && p.ends_with(')')
        && !p[open + 1..].starts_with('?')
        && tool
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|'))
    .then_some(tool)
}

/// Whether `c` can be part of a tool name: ASCII letters and digits, `_`, `-`, `.` (MCP server
/// and tool names included), or a character of any name in the tool table.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '_' | '-' | '.')
        || Agent::ALL
            .iter()
            .any(|&a| tools::names_of(a).any(|n| n.contains(c)))
}

/// The characters outside [`name_char`] written in `pattern`, when the regex can match no
/// string of name characters only (so no tool name, whatever MCP servers exist); `None` when it
/// can, or when the pattern is not read (a syntax the parser does not know, such as a
/// look-around: nothing is claimed then).
fn needed_foreign_chars(pattern: &str) -> Option<Vec<char>> {
    if pattern.chars().all(name_char) {
        return None;
    }
    let hir = regex_syntax::ParserBuilder::new()
        .build()
        .parse(pattern)
        .ok()?;
    if possible(&hir) {
        return None;
    }
    let mut foreign: Vec<char> = pattern.chars().filter(|&c| !name_char(c)).collect();
    foreign.dedup();
    let mut seen = Vec::new();
    foreign.retain(|c| {
        let new = !seen.contains(c);
        seen.push(*c);
        new
    });
    foreign.truncate(6);
    Some(foreign)
}

/// Whether `h` can match some string made of [`name_char`]s only.
fn possible(h: &regex_syntax::hir::Hir) -> bool {
    use regex_syntax::hir::{Class, HirKind};
    match h.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(l) => std::str::from_utf8(&l.0).is_ok_and(|s| s.chars().all(name_char)),
        HirKind::Class(Class::Unicode(c)) => c
            .ranges()
            .iter()
            .any(|r| (r.start()..=r.end()).take(0x80).any(name_char)),
        HirKind::Class(Class::Bytes(c)) => c
            .ranges()
            .iter()
            .any(|r| (r.start()..=r.end()).any(|b| b.is_ascii() && name_char(b as char))),
        HirKind::Repetition(r) => r.min == 0 || possible(&r.sub),
        HirKind::Capture(c) => possible(&c.sub),
        HirKind::Concat(v) => v.iter().all(possible),
        HirKind::Alternation(v) => v.iter().any(possible),
    }
}

/// The names of a regex that is only an alternation of plain names, with or without anchors and
/// a group around them (`A|B`, `^(?:A|B)$`, `^(A|B)$`).
fn plain_alternatives(pattern: &str) -> Option<Vec<&str>> {
    let p = pattern.strip_prefix('^').unwrap_or(pattern);
    let p = p.strip_suffix('$').unwrap_or(p);
    let p = p
        .strip_prefix("(?:")
        .or_else(|| p.strip_prefix('('))
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(p);
    let names: Vec<&str> = p.split('|').collect();
    names
        .iter()
        .all(|n| {
            !n.is_empty()
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        })
        .then_some(names)
}

/// `Edit|Write` for `Edit, Write`: two or more names (letters, digits, `_`, `-`) separated by
/// commas, with or without spaces.
pub(crate) fn bar_list(m: &str) -> Option<String> {
    let names: Vec<&str> = m.split(',').map(str::trim).collect();
    let ok = names.len() > 1
        && names.iter().all(|n| {
            !n.is_empty()
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        });
    ok.then(|| names.join("|"))
}

/// A finding when a regex matcher is a comma-separated list of names: the agent searches for the
/// whole text, comma included, and no tool (source, reason...) is called that. Conventions that
/// read such a list as names (Claude) lower it to [`Matcher::Exact`] and never get here. Prompts
/// are left alone: a comma in a prompt pattern can be meant.
fn comma_list(convention: Convention, event: &str, pattern: &str) -> Option<Finding> {
    let named = contract::find(convention, event).is_some_and(|r| {
        matches!(
            r.matched,
            MatchedValue::ToolName
                | MatchedValue::Source
                | MatchedValue::Reason
                | MatchedValue::Other
        )
    });
    let bars = bar_list(pattern).filter(|_| named)?;
    Some(
        Finding::new(
            Code::MatcherCommaList,
            format!(
                "{} reads the matcher {} as one regex, comma and spaces included: it matches no name, so this hook never fires",
                Agent::of(convention).map_or(convention.as_str(), Agent::name),
                quote(pattern)
            ),
        )
        .help(format!("separate the names with `|`: `{bars}`")),
    )
}

/// The matcher as written, when the convention keeps it.
fn written(d: &Detail) -> Option<&str> {
    match d {
        Detail::JsonGroup { raw_matcher, .. } => raw_matcher.as_deref(),
        _ => None,
    }
}

/// A finding when `name` names no tool of `agent` but looks like one: the right name in the
/// wrong case, or another agent's name for a tool. A name no agent has is left alone (custom,
/// plugin and MCP tools are legitimate).
fn unknown_tool(agent: Agent, name: &str) -> Option<Finding> {
    if tools::is_known(agent, name) {
        return None;
    }
    if let Some(right) = tools::names_of(agent).find(|t| t.eq_ignore_ascii_case(name)) {
        return Some(
            Finding::new(
                Code::MatcherMatchesNothing,
                format!("tool names are case-sensitive: `{name}` never matches the `{right}` tool of {agent}"),
            )
            .help(format!("write `{right}`")),
        );
    }
    let (other, mapped) = Agent::ALL
        .iter()
        .filter(|&&a| a != agent)
        .find_map(|&other| {
            tools::lookup(other, name)?;
            Some((other, tools::map_name(other, agent, name).ok()))
        })?;
    let help = match mapped {
        Some(m) => format!("{agent} calls it {}", list(&m.names)),
        None => format!("{agent} has no tool that does the same job"),
    };
    Some(
        Finding::new(
            Code::MatcherMatchesNothing,
            format!("`{name}` is {other}'s name for a tool; {agent} has no tool called that, so this matcher never matches it"),
        )
        .help(help),
    )
}

fn list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regex_alternations_of_plain_names_are_read_as_names() {
        assert_eq!(plain_alternatives("bash|Edit"), Some(vec!["bash", "Edit"]));
        assert_eq!(plain_alternatives("^(?:Bash)$"), Some(vec!["Bash"]));
        assert_eq!(
            plain_alternatives("^(Edit|Write)$"),
            Some(vec!["Edit", "Write"])
        );
        assert_eq!(plain_alternatives("mcp__.*"), None);
        assert_eq!(plain_alternatives("Edit|"), None);
        // Kimi Code: `bash` is `Bash` in the wrong case; `Edit` is part of a tool name.
        assert!(unknown_tool(Agent::Kimi, "bash").is_some());
        assert!(tools::names_of(Agent::Kimi).any(|t| t.contains("Edit")));
    }

    #[test]
    fn regexes_that_need_a_character_no_tool_name_has_match_nothing() {
        let expr = r#"tool == "Bash" && tool_input.command matches "rm""#;
        assert_eq!(needed_foreign_chars(expr).unwrap()[..3], [' ', '=', '"']);
        assert!(needed_foreign_chars("Bash git").is_some());
        // An optional or alternative part leaves a tool name possible.
        assert!(needed_foreign_chars("Bash( git)?").is_none());
        assert!(needed_foreign_chars("Bash|a b").is_none());
        assert!(needed_foreign_chars("mcp__.*").is_none());
        assert!(needed_foreign_chars("^Write.*$").is_none());
        // Not read (a look-ahead): nothing is claimed.
        assert!(needed_foreign_chars("Bash(?! )").is_none());
        assert_eq!(permission_rule_tool("Bash(git:*)"), Some("Bash"));
        assert_eq!(permission_rule_tool("Bash(?!Output)"), None);
        assert!(
            matches_no_tool(Convention::CodexJson, Agent::Codex, "Bash(git status)")
                .is_some_and(|f| f.code == Code::PermissionRuleAsMatcher)
        );
        // Claude's reader reports permission rules in Claude files.
        assert!(matches_no_tool(
            Convention::ClaudeSettings,
            Agent::Claude,
            "Bash(git status)"
        )
        .is_none());
    }

    #[test]
    fn comma_lists_are_found_where_the_matcher_is_a_regex() {
        assert_eq!(bar_list("Edit, Write").as_deref(), Some("Edit|Write"));
        assert_eq!(
            bar_list("Edit,Write ,Bash").as_deref(),
            Some("Edit|Write|Bash")
        );
        assert_eq!(bar_list("Edit"), None);
        assert_eq!(bar_list("Edit, "), None);
        assert_eq!(bar_list("Edit.*, Write"), None);
        let f = comma_list(Convention::CodexJson, "PreToolUse", "Edit, Write").unwrap();
        assert_eq!(f.code, Code::MatcherCommaList);
        assert!(f.help.unwrap().contains("`Edit|Write`"));
        assert!(comma_list(Convention::Jarvis, "UserPromptSubmit", "yes, please").is_none());
    }

    #[test]
    fn case_mistakes_and_other_agents_names_are_found() {
        let f = unknown_tool(Agent::Claude, "bash").unwrap();
        assert!(f.message.contains("`Bash`"), "{}", f.message);
        let f = unknown_tool(Agent::Claude, "run_shell_command").unwrap();
        assert!(f.message.contains("Gemini CLI"), "{}", f.message);
        assert!(f.help.unwrap().contains("`Bash`"));
        assert!(unknown_tool(Agent::Claude, "Bash").is_none());
        assert!(unknown_tool(Agent::Claude, "my_custom_tool").is_none());
        assert!(unknown_tool(Agent::Claude, "mcp__github__create_issue").is_none());
    }
}
