//! Tool names in a matcher, carried from the source agent's words into the target's through the
//! tool table ([`hook_ir::tools`]): Claude's `Bash` is jcode's `bash` and Gemini CLI's
//! `run_shell_command`. Every renamed, widened or dropped name is said; a matcher left with no
//! tool the target has is refused.

use hook_ir::tools::{self, Agent, Role, Unmapped};
use hook_ir::{quote, Code, Matcher};

/// A matcher in the target's tool names, and what changed on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapped {
    /// The matcher to carry on with (still in the source's dialect).
    pub matcher: Matcher,
    /// Notes and warnings, in order.
    pub said: Vec<(Code, String)>,
}

/// Why the hook cannot move: the code and message of its refusal.
pub type Refused = (Code, String);

fn roles(r: &[Role]) -> String {
    r.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ")
}

fn why(from: Agent, to: Agent, name: &str, e: &Unmapped) -> String {
    match e {
        Unmapped::NoEquivalent { roles: r } if r.is_empty() => {
            format!("{to} has no equivalent of {from}'s `{name}` tool")
        }
        Unmapped::NoEquivalent { roles: r } => format!(
            "{to} has no tool that does what {from}'s `{name}` does ({})",
            roles(r)
        ),
        Unmapped::NoMcpForm => {
            format!("`{name}` is an MCP tool and {to}'s names for MCP tools are not known")
        }
        Unmapped::Unknown => format!("`{name}` is not a built-in tool of {from}"),
    }
}

/// Carries `m`, a tool-name matcher of `from`, into `to`'s tool names.
pub fn map_matcher(m: &Matcher, from: Agent, to: Agent) -> Result<Mapped, Refused> {
    match m {
        Matcher::Any => Ok(Mapped {
            matcher: Matcher::Any,
            said: Vec::new(),
        }),
        Matcher::Exact { names } => map_exact(names, from, to),
        Matcher::Regex { .. } => map_regex(m, from, to),
    }
}

fn map_exact(names: &[String], from: Agent, to: Agent) -> Result<Mapped, Refused> {
    let mut out: Vec<String> = Vec::new();
    let mut said = Vec::new();
    let mut dropped = Vec::new();
    let mut carried: Vec<&str> = Vec::new();
    for name in names {
        match tools::map_name(from, to, name) {
            Ok(m) => {
                if m.names != [name.clone()] {
                    said.push((
                        Code::ConversionNote,
                        format!(
                            "{from}'s `{name}` tool is {} in {to}",
                            quote(&m.names.join("|"))
                        ),
                    ));
                }
                carried.push(name);
                for n in m.names {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
            Err(Unmapped::Unknown) => {
                // A custom or plugin tool: the same name is the best guess, and it is said.
                said.push((
                    Code::ConversionNote,
                    format!(
                        "`{name}` is not a built-in tool of {from} (a custom or plugin tool?): kept as is"
                    ),
                ));
                if !out.contains(name) {
                    out.push(name.clone());
                }
            }
            Err(e) => dropped.push(why(from, to, name, &e)),
        }
    }
    if out.is_empty() {
        return Err((Code::ToolNotInTarget, dropped.join("; ")));
    }
    // Judged on the names together: `Edit|Write` into Codex's `apply_patch` loses nothing.
    if let Ok(all) = tools::map_names(from, to, carried.iter().copied()) {
        if !all.is_exact() {
            said.push((
                Code::ToolNotEquivalent,
                not_equivalent(&carried.join("|"), &all, to),
            ));
        }
    }
    for d in dropped {
        said.push((
            Code::ToolDroppedFromMatcher,
            format!("{d}: left out of the matcher"),
        ));
    }
    Ok(Mapped {
        matcher: Matcher::Exact { names: out },
        said,
    })
}

fn not_equivalent(name: &str, m: &tools::Mapping, to: Agent) -> String {
    let mut parts = Vec::new();
    if !m.extra.is_empty() {
        parts.push(format!(
            "{} also {}, so the hook fires for that too",
            quote(&m.names.join("|")),
            roles(&m.extra)
        ));
    }
    if !m.missing.is_empty() {
        parts.push(format!(
            "no {to} tool does what `{name}` also does ({})",
            roles(&m.missing)
        ));
    }
    format!("`{name}` in {to}: {}", parts.join("; "))
}

/// The built-in tools of `agent` a compiled matcher selects, by name or alias (former tools
/// left out: a regex written today does not mean them).
fn selected(agent: Agent, c: &hook_ir::CompiledMatcher) -> Vec<&'static tools::Tool> {
    tools::tools_of(agent)
        .filter(|t| !t.legacy)
        .filter(|t| c.is_match(t.name) || t.aliases.iter().any(|a| c.is_match(a)))
        .collect()
}

/// A regex: the built-in tools of `from` it selects are carried like an exact list; when the
/// regex itself does not select exactly their equivalents in `to`, those are added as anchored
/// names before it (`^bash$|Bash`), so the custom and MCP tools it matched still match.
fn map_regex(m: &Matcher, from: Agent, to: Agent) -> Result<Mapped, Refused> {
    let Matcher::Regex { dialect, pattern } = m else {
        unreachable!("map_regex is called with a regex");
    };
    // An anchored list of names is an exact list: carried as one, kept as written if unchanged.
    if let Some(names) = super::matcher::regex_to_exact(&super::matcher::unprotect(pattern)) {
        let mapped = map_exact(&names, from, to)?;
        if mapped.matcher == (Matcher::Exact { names }) {
            return Ok(Mapped {
                matcher: m.clone(),
                said: mapped.said,
            });
        }
        return Ok(mapped);
    }
    // A regex that does not compile is refused later, in the target's terms.
    let Ok(compiled) = m.compile() else {
        return Ok(Mapped {
            matcher: m.clone(),
            said: Vec::new(),
        });
    };
    let mut said = Vec::new();
    if let (Some(f), Some(t)) = (from.mcp_form(), to.mcp_form()) {
        let dashes = matches!(
            t,
            tools::McpForm::DoubleUnderscore {
                dash_to_underscore: true
            }
        ) && pattern.contains('-');
        if (f.prefix() != t.prefix() || dashes) && pattern.contains(f.prefix()) {
            said.push((
                Code::ToolNotEquivalent,
                format!(
                    "{to} spells MCP tools `{}`, not `{}`: the regex {} is kept as written and may not match them",
                    t.name("server", "tool"),
                    f.name("server", "tool"),
                    quote(pattern)
                ),
            ));
        }
    }
    let source_tools = selected(from, &compiled);
    if source_tools.is_empty() || from == to {
        return Ok(Mapped {
            matcher: m.clone(),
            said,
        });
    }
    let mut wanted: Vec<String> = Vec::new();
    let mut dropped = Vec::new();
    let mut carried: Vec<&str> = Vec::new();
    for t in &source_tools {
        match tools::map_name(from, to, t.name) {
            Ok(mapping) => {
                carried.push(t.name);
                for n in mapping.names {
                    if !wanted.contains(&n) {
                        wanted.push(n);
                    }
                }
            }
            Err(e) => dropped.push(why(from, to, t.name, &e)),
        }
    }
    if let Ok(all) = tools::map_names(from, to, carried.iter().copied()) {
        if !all.is_exact() {
            said.push((
                Code::ToolNotEquivalent,
                not_equivalent(&carried.join("|"), &all, to),
            ));
        }
    }
    for d in dropped {
        said.push((
            Code::ToolDroppedFromMatcher,
            format!("{d}: the regex no longer selects it"),
        ));
    }
    // Compare tools, not spellings: Codex's `Edit` and `apply_patch` are one tool.
    let target_tools = selected(to, &compiled);
    let wanted_tools: Vec<(&String, Option<&tools::Tool>)> =
        wanted.iter().map(|n| (n, tools::lookup(to, n))).collect();
    let extra: Vec<&str> = target_tools
        .iter()
        .filter(|t| {
            !wanted_tools
                .iter()
                .any(|(_, w)| w.is_some_and(|w| w.name == t.name))
        })
        .map(|t| t.name)
        .collect();
    if !extra.is_empty() {
        said.push((
            Code::ToolNotEquivalent,
            format!(
                "the regex {} also matches {to}'s {}, which it did not select in {from}",
                quote(pattern),
                quote(&extra.join("|"))
            ),
        ));
    }
    let missing: Vec<&str> = wanted_tools
        .iter()
        .filter(|(n, w)| match w {
            Some(w) => !target_tools.iter().any(|t| t.name == w.name),
            None => !compiled.is_match(n),
        })
        .map(|(n, _)| n.as_str())
        .collect();
    if missing.is_empty() {
        return Ok(Mapped {
            matcher: m.clone(),
            said,
        });
    }
    let added: Vec<String> = missing
        .iter()
        .map(|n| {
            let r = super::matcher::exact_to_regex(&[n.to_string()]);
            // `^(?:x)$` → `^x$`: one branch each, so the result stays a flat alternation.
            format!("^{}$", &r[4..r.len() - 2])
        })
        .collect();
    // Kept flat (one alternative per branch) so that jcode's `case` wrapper can still hold it.
    let rest = match super::glob::regex_to_globs(pattern) {
        Some(globs) => super::glob::globs_to_regex(&globs),
        None => format!("(?:{pattern})"),
    };
    let new_pattern = format!("{}|{rest}", added.join("|"));
    said.push((
        Code::ConversionNote,
        format!(
            "{from}'s tools selected by {} are {} in {to}: the regex becomes {}",
            quote(pattern),
            quote(&missing.join("|")),
            quote(&new_pattern)
        ),
    ));
    Ok(Mapped {
        matcher: Matcher::Regex {
            dialect: *dialect,
            pattern: new_pattern,
        },
        said,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hook_ir::Dialect;

    fn exact(n: &[&str]) -> Matcher {
        Matcher::Exact {
            names: n.iter().map(|s| s.to_string()).collect(),
        }
    }
    fn rx(p: &str) -> Matcher {
        Matcher::Regex {
            dialect: Dialect::Ecmascript,
            pattern: p.into(),
        }
    }
    fn codes(m: &Mapped) -> Vec<Code> {
        m.said.iter().map(|(c, _)| *c).collect()
    }

    #[test]
    fn exact_names_are_renamed_and_said() {
        let m = map_matcher(&exact(&["Bash", "Write"]), Agent::Claude, Agent::Jcode).unwrap();
        assert_eq!(m.matcher, exact(&["bash", "write"]));
        assert_eq!(codes(&m), [Code::ConversionNote, Code::ConversionNote]);
        let wide = map_matcher(&exact(&["Grep"]), Agent::Claude, Agent::Jcode).unwrap();
        assert_eq!(wide.matcher, exact(&["agentgrep"]));
        assert!(codes(&wide).contains(&Code::ToolNotEquivalent), "{wide:?}");
        let same = map_matcher(&exact(&["Bash"]), Agent::Claude, Agent::Codex).unwrap();
        assert_eq!(same.matcher, exact(&["Bash"]));
        assert!(same.said.is_empty());
    }

    #[test]
    fn names_without_equivalent_are_dropped_or_refuse_the_hook() {
        let m = map_matcher(&exact(&["Bash", "Read"]), Agent::Claude, Agent::Codex).unwrap();
        assert_eq!(m.matcher, exact(&["Bash"]));
        assert_eq!(codes(&m), [Code::ToolDroppedFromMatcher]);
        let e = map_matcher(&exact(&["Read"]), Agent::Claude, Agent::Codex).unwrap_err();
        assert_eq!(e.0, Code::ToolNotInTarget);
        assert!(e.1.contains("`Read`"), "{}", e.1);
    }

    #[test]
    fn custom_tools_are_kept_with_a_note() {
        let m = map_matcher(&exact(&["my_tool"]), Agent::Claude, Agent::Jcode).unwrap();
        assert_eq!(m.matcher, exact(&["my_tool"]));
        assert_eq!(codes(&m), [Code::ConversionNote]);
    }

    #[test]
    fn regexes_gain_the_target_names_of_the_tools_they_selected() {
        // Kimi's `Edit|Write` (a JavaScript regex) into jcode.
        let m = map_matcher(&rx("Edit|Write"), Agent::Kimi, Agent::Jcode).unwrap();
        let Matcher::Regex { pattern, .. } = &m.matcher else {
            panic!("{m:?}")
        };
        assert_eq!(pattern, "^write$|^edit$|^multiedit$|Edit|Write");
        let c = m.matcher.compile().unwrap();
        for n in ["edit", "write", "multiedit", "MyEditor"] {
            assert!(c.is_match(n), "{n}");
        }
        assert!(!c.is_match("bash"));
        // A regex that selects the same names in both agents is kept.
        let k = map_matcher(&rx("^(?:Bash|Edit)$"), Agent::Kimi, Agent::Claude).unwrap();
        assert_eq!(k.matcher, rx("^(?:Bash|Edit)$"));
        // An anchored list is carried as a list.
        let j = map_matcher(&rx("^(?:Bash|Edit)$"), Agent::Kimi, Agent::Jcode).unwrap();
        assert_eq!(j.matcher, exact(&["bash", "edit", "multiedit"]));
        // MCP-only patterns select no built-in tool: kept.
        let mcp = map_matcher(&rx("^mcp__.*__delete.*"), Agent::Claude, Agent::Jcode).unwrap();
        assert_eq!(mcp.matcher, rx("^mcp__.*__delete.*"));
        assert!(mcp.said.is_empty());
        let g = map_matcher(&rx("^mcp__.*"), Agent::Claude, Agent::Gemini).unwrap();
        assert_eq!(codes(&g), [Code::ToolNotEquivalent]);
    }

    #[test]
    fn an_anchored_list_with_no_equivalent_is_refused() {
        let e = map_matcher(&rx("^(?:Read|Glob)$"), Agent::Claude, Agent::Codex).unwrap_err();
        assert_eq!(e.0, Code::ToolNotInTarget);
    }
}
