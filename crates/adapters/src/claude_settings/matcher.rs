//! Claude's matcher rule and the mistakes users make with it.
//!
//! How Claude Code reads a `matcher` (hooks reference, "Matcher patterns"; conventions.md §5):
//! - `*`, `""` or no matcher: every value;
//! - only ASCII letters, digits, `_`, `-`, spaces, `,` and `|`: an exact name, or a list of exact
//!   names. We split the list on `|` and on `,`, trim the spaces around each name and drop empty
//!   pieces (`"Edit | Write"`, `"Edit,Write"` and `"Edit|Write"` are the same list);
//! - anything else: an unanchored JavaScript regex (`new RegExp(m).test(value)`), compiled here
//!   with `regress`, the ECMAScript engine the runner uses too.

use super::json::Span;
use super::raw::problem;
use hook_ir::contract::MatchedValue;
use hook_ir::Diagnostic;
use hook_ir::{Code, Dialect, Matcher};

/// Built-in Claude Code tool names, used only to catch a case mistake (`bash` for `Bash`).
const BUILTIN_TOOLS: &[&str] = &[
    "Agent",
    "Bash",
    "BashOutput",
    "Edit",
    "ExitPlanMode",
    "Glob",
    "Grep",
    "KillShell",
    "LS",
    "MultiEdit",
    "NotebookEdit",
    "NotebookRead",
    "Read",
    "Skill",
    "SlashCommand",
    "Task",
    "TodoWrite",
    "WebFetch",
    "WebSearch",
    "Write",
];

/// Whether Claude reads `m` as an exact name list (vs. a regex). `m` is neither empty nor `*`.
pub(super) fn is_exact_list(m: &str) -> bool {
    m.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|'))
}

/// The names of an exact list, split as documented in the module comment.
pub(super) fn exact_names(m: &str) -> Vec<String> {
    m.split(['|', ','])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether two matchers as Claude reads them can both match one value: two exact lists only when
/// they share a name, an exact list and a regex when the regex matches one of the names, and
/// otherwise (a regex against a regex, a pattern that does not compile) conservatively yes.
pub(super) fn can_both_match(a: Option<&str>, b: Option<&str>) -> bool {
    match (to_ir(a), to_ir(b)) {
        (Matcher::Exact { names: x }, Matcher::Exact { names: y }) => {
            x.iter().any(|n| y.contains(n))
        }
        (Matcher::Exact { names }, re @ Matcher::Regex { .. })
        | (re @ Matcher::Regex { .. }, Matcher::Exact { names }) => match re.compile() {
            Ok(c) => names.iter().any(|n| c.is_match(n)),
            Err(_) => true,
        },
        _ => true,
    }
}

/// The IR matcher for a matcher string as Claude reads it, without any checks.
pub(super) fn to_ir(m: Option<&str>) -> Matcher {
    match m {
        None | Some("" | "*") => Matcher::Any,
        Some(m) if is_exact_list(m) => Matcher::Exact {
            names: exact_names(m),
        },
        Some(m) => Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: m.to_string(),
        },
    }
}

/// Lowers a group's matcher for an event whose matched value is `matched`. Problems are
/// pushed to `out`; `None` means the group can never fire (an invalid regex).
pub(super) fn lower(
    event: &str,
    matched: MatchedValue,
    m: Option<(&str, Span)>,
    out: &mut Vec<Diagnostic>,
) -> Option<Matcher> {
    let Some((text, span)) = m else {
        return Some(Matcher::Any);
    };
    if text.is_empty() || text == "*" {
        return Some(Matcher::Any);
    }
    let ir = to_ir(Some(text));
    if let Some(tool) = permission_rule_tool(text) {
        out.push(
            problem(
                Code::PermissionRuleAsMatcher,
                format!("`{text}` is permission-rule syntax; a hook matcher sees only the tool name, and as a regex this matches no tool"),
                span,
            )
            .with_help(format!("match `{tool}` and check the tool input inside the hook script")),
        );
        // Whether or not it compiles, it never matches a tool name.
        return ir.compile().is_ok().then_some(ir);
    }
    if let Err(e) = ir.compile() {
        out.push(
            problem(
                Code::InvalidMatcherRegex,
                format!(
                    "matcher `{text}` is not a valid JavaScript regex ({}); the group never fires",
                    e.message
                ),
                span,
            )
            .with_help("fix the pattern; escape literal parentheses and brackets (`\\\\(`)"),
        );
        return None;
    }
    // Catastrophic backtracking: `rules::matcher`, for every convention.
    if matched == MatchedValue::Ignored {
        out.push(
            problem(
                Code::MatcherHasNoEffect,
                format!(
                    "Claude ignores matchers on `{event}`: this group fires for every `{event}`"
                ),
                span,
            )
            .with_help("remove the `matcher`"),
        );
        // The IR says what runs: Claude ignores the matcher, so the hook fires for everything.
        return Some(Matcher::Any);
    }
    match &ir {
        Matcher::Exact { names } => {
            if names.is_empty() {
                out.push(problem(
                    Code::MatcherMatchesNothing,
                    format!("matcher `{text}` is an empty list of names and matches nothing"),
                    span,
                ));
            }
            for n in names {
                check_exact_name(n, matched, span, out);
            }
        }
        Matcher::Regex { pattern, .. } => check_regex(pattern, span, out),
        Matcher::Any => {}
    }
    Some(ir)
}

fn check_exact_name(n: &str, matched: MatchedValue, span: Span, out: &mut Vec<Diagnostic>) {
    if matched != MatchedValue::ToolName {
        return;
    }
    if let Some(server) = n.strip_prefix("mcp__") {
        if !server.contains("__") {
            out.push(
                problem(
                    Code::MatcherMatchesNothing,
                    format!("`{n}` is compared as an exact tool name; MCP tools are named `mcp__<server>__<tool>`, so it matches nothing"),
                    span,
                )
                .with_help(format!("use `{n}__.*` for every tool of the server")),
            );
        }
        return;
    }
    if BUILTIN_TOOLS.contains(&n) {
        return;
    }
    if BUILTIN_TOOLS.iter().any(|t| t.eq_ignore_ascii_case(n)) {
        // A case mistake: `rules::matcher`, from the tool table, for every convention.
        return;
    }
    // The other way round: a plain name read as a regex would find it inside longer tool
    // names (and older Claude versions did exactly that), but it is compared exactly.
    let containing: Vec<&str> = BUILTIN_TOOLS
        .iter()
        .copied()
        .filter(|t| t.contains(n))
        .collect();
    if !containing.is_empty() && !n.contains([' ', '-']) {
        out.push(
            problem(
                Code::MatcherMatchesNothing,
                format!(
                    "`{n}` is compared as an exact tool name and no tool is called that; it does not match {}",
                    containing.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
                ),
                span,
            )
            .with_help(format!("list the tools (`{}`) or write a regex (`{n}.*`)", containing.join("|"))),
        );
    }
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

fn check_regex(p: &str, span: Span, out: &mut Vec<Diagnostic>) {
    // Glob habits: `Write*`, `Edit|Write*`, `mcp__github__*`. A `*` or `?` right after a name
    // character quantifies that one character; it is not a wildcard.
    let globby = p.char_indices().any(|(i, c)| {
        matches!(c, '*' | '?')
            && p[..i]
                .chars()
                .next_back()
                .is_none_or(|prev| prev.is_ascii_alphanumeric() || matches!(prev, '_' | '-' | '|'))
    });
    let stripped: String = p.chars().filter(|c| !matches!(c, '*' | '?')).collect();
    if globby && (stripped.is_empty() || is_exact_list(&stripped)) {
        out.push(
            problem(
                Code::MatcherParsedAsRegex,
                format!("`{p}` contains `*` or `?`, so Claude reads the whole matcher as an unanchored regex, not as names with wildcards: every alternative matches anywhere in a tool name"),
                span,
            )
            .with_help("list exact names (`Edit|Write`), or write the regex you mean (`^Write.*`, `mcp__github__.*`)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MatchedValue::*;

    fn run(m: &str, matched: MatchedValue) -> (Option<Matcher>, Vec<Code>) {
        let mut out = Vec::new();
        let r = lower("PreToolUse", matched, Some((m, (0, 1))), &mut out);
        (r, out.into_iter().map(|p| p.code).collect())
    }

    #[test]
    fn claude_splitting_rule() {
        assert_eq!(to_ir(None), Matcher::Any);
        assert_eq!(to_ir(Some("*")), Matcher::Any);
        assert_eq!(to_ir(Some("")), Matcher::Any);
        let names = |v: &[&str]| Matcher::Exact {
            names: v.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(to_ir(Some("Bash")), names(&["Bash"]));
        assert_eq!(to_ir(Some("Edit | Write")), names(&["Edit", "Write"]));
        assert_eq!(to_ir(Some("Edit,Write")), names(&["Edit", "Write"]));
        assert_eq!(to_ir(Some("my-agent")), names(&["my-agent"]));
        assert!(matches!(to_ir(Some("Notebook.*")), Matcher::Regex { .. }));
        assert!(matches!(to_ir(Some("^Bash$")), Matcher::Regex { .. }));
    }

    #[test]
    fn mistakes_get_their_codes() {
        assert_eq!(
            run("mcp__github", ToolName).1,
            [Code::MatcherMatchesNothing]
        );
        assert!(run("mcp__github__.*", ToolName).1.is_empty());
        assert!(run("mcp__github__create_issue", ToolName).1.is_empty());
        // A case mistake is found by `rules::matcher` (from the tool table), not here.
        assert!(run("bash", ToolName).1.is_empty());
        assert_eq!(run("Edit|Write*", ToolName).1, [Code::MatcherParsedAsRegex]);
        assert_eq!(
            run("Bash(git:*)", ToolName).1,
            [Code::PermissionRuleAsMatcher]
        );
        let (m, codes) = run("Write(*.py)", ToolName);
        assert_eq!((m, codes), (None, vec![Code::PermissionRuleAsMatcher]));
        assert!(run("Bash.*", ToolName).1.is_empty());
        assert_eq!(run("Notebook", ToolName).1, [Code::MatcherMatchesNothing]);
        assert!(run("Edit|MultiEdit", ToolName).1.is_empty());
        assert!(run("my_custom_tool", ToolName).1.is_empty());
        assert!(run("^(Edit|Write)$", ToolName).1.is_empty());
        assert_eq!(run("|", ToolName).1, [Code::MatcherMatchesNothing]);
        let (m, codes) = run("Bash(", ToolName);
        assert_eq!((m, codes), (None, vec![Code::InvalidMatcherRegex]));
        let (m, codes) = run("Bash", Ignored);
        assert_eq!(
            (m, codes),
            (Some(Matcher::Any), vec![Code::MatcherHasNoEffect])
        );
        // Case checks are for tool names only: `startup` is a SessionStart source.
        assert!(run("startup", Source).1.is_empty());
    }
}
