//! Each agent's built-in tool names and their equivalents: one table, read from each agent's source.
//!
//! A hook matcher names tools in the words of one agent: Claude Code's `Bash`, jcode's `bash`,
//! Gemini CLI's `run_shell_command`. A matcher copied as is into another agent silently never fires,
//! so `hooks import` maps names through this table and `hooks lint` checks that a matcher names a
//! tool the agent has.
//!
//! The table is a list of [`Tool`]s: one agent's tool (the *column* is the [`Agent`]), the jobs it
//! does (the *row* is a [`Role`]), the other names the agent also matches it by, and the source file
//! the row was read from. Two tools are equivalent when they do the same jobs; a tool that does
//! more jobs than another (Codex's `apply_patch` both edits and creates files) is mapped with the
//! difference said ([`Mapping::extra`], [`Mapping::missing`]).
//!
//! Adding an agent: add an [`Agent`] variant (its column), its tools and its [`AgentFacts`]
//! (name, reader id, MCP name form) to the file of [`crate::conventions`] that owns its column,
//! and that row to [`crate::conventions::AGENTS`]; each convention's profile names its agent
//! ([`Agent::of`]).

use crate::Convention;
use std::fmt;

/// An agent whose built-in tools the table lists: one column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agent {
    /// Claude Code (conventions `claude-settings`, `claude-dir`).
    Claude,
    /// Codex CLI (conventions `codex-json`, `codex-dir`).
    Codex,
    /// jcode (convention `jcode`).
    Jcode,
    /// GJC / gajae-code (conventions `gjc`, `gjc-plugin`).
    Gjc,
    /// Kimi Code, and Jarvis Code, its renamed copy (convention `jarvis`).
    Kimi,
    /// Gemini CLI (convention `gemini-settings`).
    Gemini,
    /// GitHub Copilot CLI (convention `copilot-hooks`): its runtime names, as the camelCase
    /// dialect sees them (the PascalCase dialect shows Claude's names,
    /// [`crate::conventions::COPILOT_PASCAL_NAMES`]).
    Copilot,
    /// Qwen Code (convention `qwen-settings`).
    Qwen,
    /// Cursor (convention `cursor-hooks`): the tool types its `preToolUse` matchers name.
    Cursor,
    /// Cline (convention `cline-dir`).
    Cline,
}

impl Agent {
    /// Every agent, in column order.
    pub const ALL: [Agent; 10] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Jcode,
        Agent::Gjc,
        Agent::Kimi,
        Agent::Gemini,
        Agent::Copilot,
        Agent::Qwen,
        Agent::Cursor,
        Agent::Cline,
    ];

    /// The agent's name, as users know it.
    pub const fn name(self) -> &'static str {
        self.facts().name
    }

    /// The agent's facts, from the file of the convention that owns its column
    /// ([`crate::conventions::AGENTS`]).
    pub const fn facts(self) -> &'static AgentFacts {
        // `AGENTS` is in `Agent::ALL` order, the enum's declaration order (pinned by
        // `agents_are_in_column_order`).
        &crate::conventions::AGENTS[self as usize]
    }

    /// The agent whose tools a convention's hooks see, or `None` for a convention that names no
    /// tools of its own.
    pub fn of(c: Convention) -> Option<Agent> {
        crate::conventions::profile(c).tool_agent
    }

    /// How the agent names a tool of an MCP server, or `None` when its source shows no stable form.
    pub const fn mcp_form(self) -> Option<McpForm> {
        self.facts().mcp_form
    }
}

/// What the rest of the workspace knows of an agent besides its tools: one column's header,
/// listed by the convention that owns the column (in its file of [`crate::conventions`]).
#[derive(Debug, Clone, Copy)]
pub struct AgentFacts {
    /// The agent.
    pub agent: Agent,
    /// The convention that owns its column: the agent's own hook file format.
    pub convention: Convention,
    /// Its name, as users know it.
    pub name: &'static str,
    /// Its public id as a reader of hook files, as `hooks list --format json` writes it
    /// ([`crate::readers::Reader::id`]).
    pub reader_id: &'static str,
    /// How it names a tool of an MCP server, or `None` when its source shows no stable form.
    pub mcp_form: Option<McpForm>,
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How an agent spells the tool `tool` of the MCP server `server`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum McpForm {
    /// `mcp__<server>__<tool>`; jcode also replaces every `-` by `_`.
    DoubleUnderscore {
        /// Whether `-` in the server or tool name becomes `_`.
        dash_to_underscore: bool,
    },
    /// `mcp_<server>_<tool>` (Gemini CLI).
    SingleUnderscore,
}

impl McpForm {
    /// The name of `tool` of `server` in this form.
    pub fn name(self, server: &str, tool: &str) -> String {
        match self {
            McpForm::DoubleUnderscore {
                dash_to_underscore: false,
            } => format!("mcp__{server}__{tool}"),
            McpForm::DoubleUnderscore {
                dash_to_underscore: true,
            } => format!("mcp__{server}__{tool}").replace('-', "_"),
            McpForm::SingleUnderscore => format!("mcp_{server}_{tool}"),
        }
    }

    /// Splits a name of this form into (server, tool), or `None` when it is not an MCP name.
    /// Gemini's form splits at the first `_` after the prefix, as its `parseMcpToolName` does.
    pub fn parse(self, name: &str) -> Option<(&str, &str)> {
        match self {
            McpForm::DoubleUnderscore { .. } => {
                let rest = name.strip_prefix("mcp__")?;
                let (server, tool) = rest.split_once("__")?;
                (!server.is_empty() && !tool.is_empty()).then_some((server, tool))
            }
            McpForm::SingleUnderscore => {
                let rest = name.strip_prefix("mcp_")?;
                let (server, tool) = rest.split_once('_')?;
                (!server.is_empty() && !tool.is_empty()).then_some((server, tool))
            }
        }
    }

    /// The prefix every MCP tool name of this form starts with.
    pub const fn prefix(self) -> &'static str {
        match self {
            McpForm::DoubleUnderscore { .. } => "mcp__",
            McpForm::SingleUnderscore => "mcp_",
        }
    }
}

/// A job a built-in tool does: one row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Runs a shell command.
    Shell,
    /// Reads a file.
    Read,
    /// Creates or overwrites a whole file.
    Write,
    /// Changes part of an existing file (string replacement, several replacements, a patch).
    Edit,
    /// Finds files by name pattern.
    Glob,
    /// Searches file contents.
    Grep,
    /// Lists a directory.
    List,
    /// Fetches a URL.
    WebFetch,
    /// Searches the web.
    WebSearch,
    /// Starts a subagent.
    Subagent,
    /// Writes the session's todo list.
    Todo,
    /// Asks the user a question.
    AskUser,
    /// Runs a skill.
    Skill,
    /// Enters plan mode.
    EnterPlan,
    /// Leaves plan mode.
    ExitPlan,
    /// Schedules a prompt.
    CronCreate,
    /// Cancels a scheduled prompt.
    CronDelete,
    /// Lists scheduled prompts.
    CronList,
    /// Reads a background task's output.
    TaskOutput,
    /// Stops a background task.
    TaskStop,
}

impl Role {
    /// The role's id, as diagnostics print it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Shell => "shell",
            Role::Read => "read",
            Role::Write => "write",
            Role::Edit => "edit",
            Role::Glob => "glob",
            Role::Grep => "grep",
            Role::List => "list",
            Role::WebFetch => "web_fetch",
            Role::WebSearch => "web_search",
            Role::Subagent => "subagent",
            Role::Todo => "todo",
            Role::AskUser => "ask_user",
            Role::Skill => "skill",
            Role::EnterPlan => "enter_plan",
            Role::ExitPlan => "exit_plan",
            Role::CronCreate => "cron_create",
            Role::CronDelete => "cron_delete",
            Role::CronList => "cron_list",
            Role::TaskOutput => "task_output",
            Role::TaskStop => "task_stop",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One built-in tool of one agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tool {
    /// The agent (column).
    pub agent: Agent,
    /// The name hooks see (`tool_name` on stdin, `JCODE_HOOK_TOOL_NAME`, a GJC file name).
    pub name: &'static str,
    /// The jobs it does (rows); empty for a tool no other agent has an equivalent of.
    pub roles: &'static [Role],
    /// Other names the agent's matchers select this tool by (Codex matches `apply_patch` also as
    /// `Edit` and `Write`), or former names it still resolves.
    pub aliases: &'static [&'static str],
    /// A former tool: recognized in what users wrote, never written by `hooks import`.
    pub legacy: bool,
    /// Where this row was read: repository@commit and file.
    pub source: &'static str,
}

pub(crate) const fn t(
    agent: Agent,
    name: &'static str,
    roles: &'static [Role],
    source: &'static str,
) -> Tool {
    Tool {
        agent,
        name,
        roles,
        aliases: &[],
        legacy: false,
        source,
    }
}

pub(crate) const fn aka(mut tool: Tool, aliases: &'static [&'static str]) -> Tool {
    tool.aliases = aliases;
    tool
}

pub(crate) const fn legacy(mut tool: Tool) -> Tool {
    tool.legacy = true;
    tool
}

/// The table: every agent's built-in tools that hooks can see, in column then source order
/// (each agent's rows live in the file of [`crate::conventions`] that owns its column).
pub fn all() -> impl Iterator<Item = &'static Tool> {
    crate::conventions::PROFILES
        .iter()
        .flat_map(|p| p.tools.iter())
}

/// The tools of one agent (its column), legacy ones included.
pub fn tools_of(agent: Agent) -> impl Iterator<Item = &'static Tool> {
    all().filter(move |t| t.agent == agent)
}

/// The built-in tool `name` selects in `agent`'s matchers (its name or an alias), if any: the
/// first row of that name, else the first row with that alias.
pub fn lookup(agent: Agent, name: &str) -> Option<&'static Tool> {
    // Indexed once: lint looks up every matcher name of every file, and a scan of the whole
    // table per look-up was a sixth of the rules' time on clean files (lint_10k).
    type Index = std::collections::HashMap<(Agent, &'static str), &'static Tool>;
    static INDEX: std::sync::LazyLock<(Index, Index)> = std::sync::LazyLock::new(|| {
        let (mut names, mut aliases) = (Index::new(), Index::new());
        for t in all() {
            names.entry((t.agent, t.name)).or_insert(t);
            for &a in t.aliases {
                aliases.entry((t.agent, a)).or_insert(t);
            }
        }
        (names, aliases)
    });
    let (names, aliases) = &*INDEX;
    names
        .get(&(agent, name))
        .or_else(|| aliases.get(&(agent, name)))
        .copied()
}

/// Every name `agent`'s matchers select a built-in tool by (names and aliases).
pub fn names_of(agent: Agent) -> impl Iterator<Item = &'static str> {
    tools_of(agent).flat_map(|t| std::iter::once(t.name).chain(t.aliases.iter().copied()))
}

/// Whether `name` names a tool `agent` has: a built-in tool, or an MCP tool in its form.
pub fn is_known(agent: Agent, name: &str) -> bool {
    lookup(agent, name).is_some()
        || agent
            .mcp_form()
            .is_some_and(|form| form.parse(name).is_some())
}

/// A tool name carried from one agent to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping {
    /// The target's names, in its table order (a matcher selects any of them).
    pub names: Vec<String>,
    /// Jobs the target's tools do that the source's tool does not: the hook fires more widely.
    pub extra: Vec<Role>,
    /// Jobs the source's tool does that no target tool does: the hook no longer sees those calls.
    pub missing: Vec<Role>,
}

impl Mapping {
    /// Whether the target tools do exactly the source tool's jobs.
    pub fn is_exact(&self) -> bool {
        self.extra.is_empty() && self.missing.is_empty()
    }
}

/// Why a tool name could not be carried over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmapped {
    /// The source agent has no built-in tool of that name (a custom or plugin tool, or a typo).
    Unknown,
    /// The source's tool does jobs no tool of the target does.
    NoEquivalent {
        /// The source tool's jobs (empty: a tool no other agent has).
        roles: Vec<Role>,
    },
    /// An MCP tool name, but the target's form for MCP names is unknown.
    NoMcpForm,
}

/// Carries the tool name `name` of `from` to `to`: the target tools doing the same jobs — those
/// doing nothing more, when together they do all of it, else every tool sharing one of its jobs
/// (then [`Mapping::extra`] says what the hook now also fires for).
pub fn map_name(from: Agent, to: Agent, name: &str) -> Result<Mapping, Unmapped> {
    if let Some(src) = lookup(from, name) {
        return map_tool(src, to);
    }
    if let Some((server, tool)) = from.mcp_form().and_then(|f| f.parse(name)) {
        let form = to.mcp_form().ok_or(Unmapped::NoMcpForm)?;
        return Ok(Mapping {
            names: vec![form.name(server, tool)],
            extra: Vec::new(),
            missing: Vec::new(),
        });
    }
    Err(Unmapped::Unknown)
}

fn map_tool(src: &Tool, to: Agent) -> Result<Mapping, Unmapped> {
    if src.agent == to {
        return Ok(Mapping {
            names: vec![src.name.to_string()],
            extra: Vec::new(),
            missing: Vec::new(),
        });
    }
    // Tools that do nothing the source tool does not, if together they do all it does: a
    // `Write` hook goes to jcode's `write`, not also to `patch`, which edits too. Else every tool
    // sharing a job with it, and the difference is said.
    let live = || tools_of(to).filter(|t| !t.legacy);
    let within: Vec<&Tool> = live()
        .filter(|t| !t.roles.is_empty() && t.roles.iter().all(|r| src.roles.contains(r)))
        .collect();
    let covers = src
        .roles
        .iter()
        .all(|r| within.iter().any(|t| t.roles.contains(r)));
    let targets: Vec<&Tool> = if covers {
        within
    } else {
        live()
            .filter(|t| t.roles.iter().any(|r| src.roles.contains(r)))
            .collect()
    };
    if targets.is_empty() {
        return Err(Unmapped::NoEquivalent {
            roles: src.roles.to_vec(),
        });
    }
    let mut extra: Vec<Role> = Vec::new();
    for r in targets.iter().flat_map(|t| t.roles.iter()) {
        if !src.roles.contains(r) && !extra.contains(r) {
            extra.push(*r);
        }
    }
    let missing: Vec<Role> = src
        .roles
        .iter()
        .copied()
        .filter(|r| !targets.iter().any(|t| t.roles.contains(r)))
        .collect();
    extra.sort();
    // Where the target matches its tool also by the source's name (Codex selects `apply_patch`
    // by `Edit`), that spelling is kept: same meaning, and the text survives a round trip.
    let spell = |t: &Tool| {
        if t.aliases.contains(&src.name) {
            src.name
        } else {
            t.name
        }
    };
    Ok(Mapping {
        names: targets.iter().map(|t| spell(t).to_string()).collect(),
        extra,
        missing,
    })
}

/// Carries several names (a matcher's alternation) at once: the union of their targets, without
/// repeats. The first name that cannot be carried is the error, with that name.
pub fn map_names<'a>(
    from: Agent,
    to: Agent,
    names: impl IntoIterator<Item = &'a str>,
) -> Result<Mapping, (String, Unmapped)> {
    let mut out = Mapping {
        names: Vec::new(),
        extra: Vec::new(),
        missing: Vec::new(),
    };
    let mut src_roles: Vec<Role> = Vec::new();
    for name in names {
        let m = map_name(from, to, name).map_err(|e| (name.to_string(), e))?;
        if let Some(src) = lookup(from, name) {
            src_roles.extend(src.roles.iter().copied());
        }
        for n in m.names {
            if !out.names.contains(&n) {
                out.names.push(n);
            }
        }
        out.extra.extend(m.extra);
        out.missing.extend(m.missing);
    }
    // A job one name lacks may be another name's: `Edit|Write` into Codex's `apply_patch` is exact.
    out.extra.retain(|r| !src_roles.contains(r));
    out.extra.sort();
    out.extra.dedup();
    out.missing.sort();
    out.missing.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests;
