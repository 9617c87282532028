//! The tool table: its shape, and the mappings users rely on (issue 14, "Tool names").

use super::*;

fn names(m: &Mapping) -> Vec<&str> {
    m.names.iter().map(String::as_str).collect()
}

#[test]
fn every_agent_has_a_shell_tool_and_names_are_unique_per_agent() {
    for agent in Agent::ALL {
        assert!(
            tools_of(agent).any(|t| t.roles.contains(&Role::Shell)),
            "{agent} has no shell tool"
        );
        let all: Vec<&str> = tools_of(agent).map(|t| t.name).collect();
        for (i, n) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(n), "{agent}: `{n}` twice");
            assert!(!n.is_empty() && n.trim() == *n, "{agent}: bad name {n:?}");
        }
        for t in tools_of(agent) {
            assert!(!t.source.is_empty(), "{agent} `{}` cites no source", t.name);
            for a in t.aliases {
                assert!(!all.contains(a), "{agent}: alias `{a}` is also a tool name");
            }
        }
    }
}

#[test]
fn conventions_find_their_column() {
    assert_eq!(Agent::of(Convention::ClaudeSettings), Some(Agent::Claude));
    assert_eq!(Agent::of(Convention::ClaudeDir), Some(Agent::Claude));
    assert_eq!(Agent::of(Convention::CodexJson), Some(Agent::Codex));
    assert_eq!(Agent::of(Convention::CodexDir), Some(Agent::Codex));
    assert_eq!(Agent::of(Convention::Jcode), Some(Agent::Jcode));
    assert_eq!(Agent::of(Convention::Gjc), Some(Agent::Gjc));
    assert_eq!(Agent::of(Convention::GjcPlugin), Some(Agent::Gjc));
    assert_eq!(Agent::of(Convention::Jarvis), Some(Agent::Kimi));
    assert_eq!(Agent::of(Convention::GeminiSettings), Some(Agent::Gemini));
    assert_eq!(Agent::of(Convention::CopilotHooks), Some(Agent::Copilot));
    assert_eq!(Agent::of(Convention::QwenSettings), Some(Agent::Qwen));
    assert_eq!(Agent::of(Convention::ClineDir), Some(Agent::Cline));
}

/// Qwen matches a tool by its id or one of its aliases exactly (live
/// `qwen_matcher_claude_alias`: `Bash` and `Shell` fire for `run_shell_command`;
/// `qwen_tool_write_file`: `Write` fires for `write_file`; `qwen_tool_read_file`: `Read`).
#[test]
fn qwen_aliases_select_its_tools() {
    for (alias, id) in [
        ("Bash", "run_shell_command"),
        ("Shell", "run_shell_command"),
        ("Write", "write_file"),
        ("Read", "read_file"),
        ("Edit", "edit"),
        ("Task", "agent"),
    ] {
        assert_eq!(
            lookup(Agent::Qwen, alias).map(|t| t.name),
            Some(id),
            "{alias}"
        );
    }
    assert!(lookup(Agent::Qwen, "bash").is_none());
    // Qwen selects its tools also by Claude's names: the spelling is kept, like Codex's `Edit`.
    let m = map_name(Agent::Claude, Agent::Qwen, "Write").unwrap();
    assert_eq!(names(&m), ["Write"]);
    for (from, name) in [(Agent::Gemini, "run_shell_command"), (Agent::Jcode, "bash")] {
        let m = map_name(from, Agent::Qwen, name).unwrap();
        assert_eq!(names(&m), ["run_shell_command"], "{from}");
        assert!(m.is_exact());
    }
    let m = map_name(Agent::Qwen, Agent::Claude, "run_shell_command").unwrap();
    assert_eq!(names(&m), ["Bash"]);
    assert!(is_known(Agent::Qwen, "mcp__github__create_issue"));
}

#[test]
fn shell_maps_to_each_agents_shell_exactly() {
    let want = [
        (Agent::Claude, "Bash"),
        (Agent::Codex, "Bash"),
        (Agent::Jcode, "bash"),
        (Agent::Gjc, "bash"),
        (Agent::Kimi, "Bash"),
        (Agent::Gemini, "run_shell_command"),
        (Agent::Copilot, "bash"),
    ];
    for (from, from_name) in want {
        for (to, to_name) in want {
            let m = map_name(from, to, from_name).unwrap();
            assert_eq!(names(&m), [to_name], "{from} → {to}");
            assert!(m.is_exact(), "{from} → {to}");
        }
    }
}

#[test]
fn claude_edit_into_codex_is_apply_patch_and_fires_also_on_writes() {
    // Spelled `Edit`, which Codex matches on `apply_patch` (hook_names.rs).
    let m = map_name(Agent::Claude, Agent::Codex, "Edit").unwrap();
    assert_eq!(names(&m), ["Edit"]);
    assert_eq!(m.extra, [Role::Write]);
    let both = map_names(Agent::Claude, Agent::Codex, ["Edit", "Write"]).unwrap();
    assert_eq!(names(&both), ["Edit", "Write"]);
    assert!(both.is_exact(), "{both:?}");
    let gemini = map_name(Agent::Gemini, Agent::Codex, "replace").unwrap();
    assert_eq!(names(&gemini), ["apply_patch"]);
    assert_eq!(
        names(&map_name(Agent::Claude, Agent::Codex, "Agent").unwrap()),
        ["Agent"]
    );
}

#[test]
fn codex_aliases_resolve_to_apply_patch() {
    // Codex matches `Edit` on every apply_patch call (hook_names.rs), so it means edit and write.
    let m = map_name(Agent::Codex, Agent::Claude, "Edit").unwrap();
    assert_eq!(names(&m), ["Write", "Edit"]);
    assert!(m.is_exact());
    let m = map_name(Agent::Codex, Agent::Jcode, "apply_patch").unwrap();
    assert_eq!(
        names(&m),
        ["write", "edit", "multiedit", "patch", "apply_patch"]
    );
    // jcode's `edit` and `multiedit` only edit: a Kimi `Edit` hook goes there, not to `patch`.
    let k = map_name(Agent::Kimi, Agent::Jcode, "Edit").unwrap();
    assert_eq!(names(&k), ["edit", "multiedit"]);
    assert!(k.is_exact());
    assert_eq!(
        names(&map_name(Agent::Jcode, Agent::Kimi, "multiedit").unwrap()),
        ["Edit"]
    );
}

#[test]
fn claude_read_has_no_codex_equivalent() {
    assert_eq!(
        map_name(Agent::Claude, Agent::Codex, "Read"),
        Err(Unmapped::NoEquivalent {
            roles: vec![Role::Read]
        })
    );
}

#[test]
fn claude_names_into_gemini_and_jcode() {
    for (claude, gemini, jcode) in [
        ("Write", vec!["write_file"], vec!["write"]),
        ("Read", vec!["read_file", "read_many_files"], vec!["read"]),
        ("Grep", vec!["grep_search"], vec!["agentgrep"]),
        ("WebFetch", vec!["web_fetch"], vec!["webfetch"]),
        ("Task", vec!["invoke_agent"], vec!["subagent"]),
    ] {
        let g = map_name(Agent::Claude, Agent::Gemini, claude).unwrap();
        assert_eq!(names(&g), gemini, "{claude} → Gemini");
        let j = map_name(Agent::Claude, Agent::Jcode, claude).unwrap();
        assert_eq!(names(&j), jcode, "{claude} → jcode");
    }
    // jcode's agentgrep also finds files: a Claude `Grep` hook would fire on finds too.
    let j = map_name(Agent::Claude, Agent::Jcode, "Grep").unwrap();
    assert_eq!(j.extra, [Role::Glob]);
}

#[test]
fn legacy_names_are_read_but_never_written() {
    let m = map_name(Agent::Claude, Agent::Kimi, "MultiEdit").unwrap();
    assert_eq!(names(&m), ["Edit"]);
    let back = map_name(Agent::Kimi, Agent::Claude, "Agent").unwrap();
    assert_eq!(names(&back), ["Agent"], "never the legacy `Task`");
}

#[test]
fn same_name_different_tool_is_not_equivalent() {
    // Kimi's TaskList lists background tasks; Claude's is its todo list.
    assert!(matches!(
        map_name(Agent::Kimi, Agent::Claude, "TaskList"),
        Err(Unmapped::NoEquivalent { .. })
    ));
}

#[test]
fn mcp_names_change_form() {
    let m = map_name(Agent::Claude, Agent::Gemini, "mcp__github__create_issue").unwrap();
    assert_eq!(names(&m), ["mcp_github_create_issue"]);
    let m = map_name(Agent::Claude, Agent::Jcode, "mcp__my-server__do-it").unwrap();
    assert_eq!(names(&m), ["mcp__my_server__do_it"]);
    let m = map_name(Agent::Gemini, Agent::Codex, "mcp_github_create_issue").unwrap();
    assert_eq!(names(&m), ["mcp__github__create_issue"]);
    assert_eq!(
        map_name(Agent::Claude, Agent::Gjc, "mcp__a__b"),
        Err(Unmapped::NoMcpForm)
    );
    assert_eq!(
        map_name(Agent::Claude, Agent::Codex, "MyCustomTool"),
        Err(Unmapped::Unknown)
    );
}

#[test]
fn known_names_include_aliases_and_mcp() {
    assert!(is_known(Agent::Codex, "Write"));
    assert!(is_known(Agent::Codex, "mcp__s__t"));
    assert!(!is_known(Agent::Codex, "Read"));
    assert!(!is_known(Agent::Jcode, "Bash"));
    assert!(is_known(Agent::Gemini, "search_file_content"));
    assert!(names_of(Agent::Codex).any(|n| n == "Agent"));
}

#[test]
fn every_role_is_held_by_at_least_two_agents() {
    // A row with a single column would map nowhere: it belongs in `roles: &[]`.
    let roles: Vec<Role> = all().flat_map(|t| t.roles.iter().copied()).collect();
    for r in &roles {
        let agents: std::collections::BTreeSet<Agent> = all()
            .filter(|t| t.roles.contains(r))
            .map(|t| t.agent)
            .collect();
        assert!(agents.len() >= 2, "role {r} only in {agents:?}");
    }
}

#[test]
fn copilot_names_map_to_claudes_as_its_pascal_dialect_shows_them() {
    // Copilot CLI 1.0.102 traces copilot_tool_*: the PascalCase dialect shows these Claude names.
    for (copilot, claude) in crate::conventions::COPILOT_PASCAL_NAMES {
        let m = map_name(Agent::Copilot, Agent::Claude, copilot).unwrap();
        assert_eq!(names(&m), [*claude], "{copilot} → Claude");
        let back = map_name(Agent::Claude, Agent::Copilot, claude).unwrap();
        assert_eq!(names(&back), [*copilot], "{claude} → Copilot");
    }
}
