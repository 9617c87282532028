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
//! Adding an agent: add an [`Agent`] variant (its column), its tools to [`TOOLS`], its MCP name
//! form to [`Agent::mcp_form`], and the conventions it owns to [`Agent::of`].

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
}

impl Agent {
    /// Every agent, in column order.
    pub const ALL: [Agent; 6] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Jcode,
        Agent::Gjc,
        Agent::Kimi,
        Agent::Gemini,
    ];

    /// The agent's name, as users know it.
    pub const fn name(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Codex => "Codex",
            Agent::Jcode => "jcode",
            Agent::Gjc => "GJC",
            Agent::Kimi => "Kimi Code",
            Agent::Gemini => "Gemini CLI",
        }
    }

    /// The agent whose tools a convention's hooks see, or `None` for a convention that names no
    /// tools of its own.
    pub fn of(c: Convention) -> Option<Agent> {
        // A match without a wildcard would force every new convention to pick its column here.
        #[allow(unreachable_patterns)]
        match c {
            Convention::ClaudeSettings | Convention::ClaudeDir => Some(Agent::Claude),
            Convention::CodexJson | Convention::CodexDir => Some(Agent::Codex),
            Convention::Jcode => Some(Agent::Jcode),
            Convention::Gjc | Convention::GjcPlugin => Some(Agent::Gjc),
            Convention::Jarvis => Some(Agent::Kimi),
            Convention::GeminiSettings => Some(Agent::Gemini),
            other => Agent::by_convention_id(other.as_str()),
        }
    }

    /// Conventions added after this table (by id), so a new convention finds its column.
    fn by_convention_id(id: &str) -> Option<Agent> {
        match id {
            "gemini-settings" => Some(Agent::Gemini),
            _ => None,
        }
    }

    /// How the agent names a tool of an MCP server, or `None` when its source shows no stable form.
    pub const fn mcp_form(self) -> Option<McpForm> {
        match self {
            // Claude Code docs, hooks "MCP tools": `mcp__<server>__<tool>`.
            Agent::Claude => Some(McpForm::DoubleUnderscore {
                dash_to_underscore: false,
            }),
            // openai/codex codex-rs/core/src/tools/handlers/mcp.rs:
            // `HookToolName::new(format!("mcp__{server}__{tool}"))`.
            Agent::Codex => Some(McpForm::DoubleUnderscore {
                dash_to_underscore: false,
            }),
            // 1jehuang/jcode@6da6124 crates/jcode-base/src/mcp/tool.rs:110:
            // `format!("mcp__{}__{}", server_name, tool_name).replace('-', "_")`.
            Agent::Jcode => Some(McpForm::DoubleUnderscore {
                dash_to_underscore: true,
            }),
            // MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/mcpCore/tool-naming.ts:
            // prefix `mcp__`, separator `__`.
            Agent::Kimi => Some(McpForm::DoubleUnderscore {
                dash_to_underscore: false,
            }),
            // google-gemini/gemini-cli@5411f11 packages/core/src/tools/mcp-tool.ts:32-37:
            // `MCP_TOOL_PREFIX = 'mcp_'`, `MCP_QUALIFIED_NAME_SEPARATOR = '_'`.
            Agent::Gemini => Some(McpForm::SingleUnderscore),
            // GJC hooks filter on the tool's registered name; no MCP naming rule was found in
            // sskys18/gajae-code@9af8ebe, so MCP names are not mapped into or out of it.
            Agent::Gjc => None,
        }
    }
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

use Role::*;

const CLAUDE: &str =
    "Claude Code docs, code.claude.com/docs/en/tools-reference (Claude Code 2.1.x)";
const CLAUDE_OLD: &str = "Claude Code docs before 2.1 (hooks guide: `Task`, `MultiEdit`, `LS`, `NotebookRead`, `TodoRead`)";
const CODEX_NAMES: &str = "openai/codex@05d99c8 codex-rs/core/src/tools/hook_names.rs";
const CODEX_PLAN: &str =
    "openai/codex codex-rs/core/src/tools/handlers/plan.rs (`HookToolName::new(\"update_plan\")`)";
const JCODE: &str =
    "1jehuang/jcode@6da6124 crates/jcode-app-core/src/tool/mod.rs:225-375 (registry keys)";
const JCODE_AGENT: &str =
    "1jehuang/jcode@6da6124 crates/jcode-tool-types/src/lib.rs:71-111 (`task` → `subagent`)";
const GJC: &str =
    "sskys18/gajae-code@9af8ebe packages/coding-agent/src/tools/descriptors.ts (loaders)";
const GEMINI: &str =
    "google-gemini/gemini-cli@5411f11 packages/core/src/tools/definitions/base-declarations.ts";
const GEMINI_NAMES: &str = "google-gemini/gemini-cli@5411f11 packages/core/src/tools/tool-names.ts";

/// A Kimi Code source file, under `packages/agent-core-v2/src/`.
macro_rules! kimi {
    ($path:literal) => {
        concat!(
            "MoonshotAI/kimi-code@d723cc4 packages/agent-core-v2/src/",
            $path
        )
    };
}

const fn t(agent: Agent, name: &'static str, roles: &'static [Role], source: &'static str) -> Tool {
    Tool {
        agent,
        name,
        roles,
        aliases: &[],
        legacy: false,
        source,
    }
}

const fn aka(mut tool: Tool, aliases: &'static [&'static str]) -> Tool {
    tool.aliases = aliases;
    tool
}

const fn legacy(mut tool: Tool) -> Tool {
    tool.legacy = true;
    tool
}

/// The table: every agent's built-in tools that hooks can see, in column then source order.
pub const TOOLS: &[Tool] = &[
    // Claude Code.
    t(Agent::Claude, "Bash", &[Shell], CLAUDE),
    t(Agent::Claude, "Read", &[Read], CLAUDE),
    t(Agent::Claude, "Write", &[Write], CLAUDE),
    t(Agent::Claude, "Edit", &[Edit], CLAUDE),
    legacy(t(Agent::Claude, "MultiEdit", &[Edit], CLAUDE_OLD)),
    t(Agent::Claude, "Glob", &[Glob], CLAUDE),
    t(Agent::Claude, "Grep", &[Grep], CLAUDE),
    legacy(t(Agent::Claude, "LS", &[List], CLAUDE_OLD)),
    t(Agent::Claude, "WebFetch", &[WebFetch], CLAUDE),
    t(Agent::Claude, "WebSearch", &[WebSearch], CLAUDE),
    t(Agent::Claude, "Agent", &[Subagent], CLAUDE),
    legacy(t(Agent::Claude, "Task", &[Subagent], CLAUDE_OLD)),
    t(Agent::Claude, "TodoWrite", &[Todo], CLAUDE),
    legacy(t(Agent::Claude, "TodoRead", &[], CLAUDE_OLD)),
    t(Agent::Claude, "NotebookEdit", &[], CLAUDE),
    legacy(t(Agent::Claude, "NotebookRead", &[Read], CLAUDE_OLD)),
    t(Agent::Claude, "AskUserQuestion", &[AskUser], CLAUDE),
    t(Agent::Claude, "Skill", &[Skill], CLAUDE),
    t(Agent::Claude, "EnterPlanMode", &[EnterPlan], CLAUDE),
    t(Agent::Claude, "ExitPlanMode", &[ExitPlan], CLAUDE),
    t(Agent::Claude, "CronCreate", &[CronCreate], CLAUDE),
    t(Agent::Claude, "CronDelete", &[CronDelete], CLAUDE),
    t(Agent::Claude, "CronList", &[CronList], CLAUDE),
    t(Agent::Claude, "TaskOutput", &[TaskOutput], CLAUDE),
    t(Agent::Claude, "TaskStop", &[TaskStop], CLAUDE),
    // Claude's own task list (TaskCreate…) is its todo list in interactive sessions.
    t(Agent::Claude, "TaskCreate", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskGet", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskList", &[Todo], CLAUDE),
    t(Agent::Claude, "TaskUpdate", &[Todo], CLAUDE),
    t(Agent::Claude, "EnterWorktree", &[], CLAUDE),
    t(Agent::Claude, "ExitWorktree", &[], CLAUDE),
    t(Agent::Claude, "ListMcpResourcesTool", &[], CLAUDE),
    t(Agent::Claude, "ReadMcpResourceTool", &[], CLAUDE),
    t(Agent::Claude, "LSP", &[], CLAUDE),
    t(Agent::Claude, "ToolSearch", &[], CLAUDE),
    // Codex: only these reach hooks; reads and searches go through the shell.
    t(Agent::Codex, "Bash", &[Shell], CODEX_NAMES),
    aka(
        t(Agent::Codex, "apply_patch", &[Edit, Write], CODEX_NAMES),
        &["Edit", "Write"],
    ),
    aka(
        t(Agent::Codex, "spawn_agent", &[Subagent], CODEX_NAMES),
        &["Agent"],
    ),
    t(Agent::Codex, "update_plan", &[Todo], CODEX_PLAN),
    // jcode: registry keys; hooks see the resolved name (`resolve_tool_name`).
    t(Agent::Jcode, "bash", &[Shell], JCODE),
    t(Agent::Jcode, "read", &[Read], JCODE),
    t(Agent::Jcode, "write", &[Write], JCODE),
    t(Agent::Jcode, "edit", &[Edit], JCODE),
    t(Agent::Jcode, "multiedit", &[Edit], JCODE),
    t(Agent::Jcode, "patch", &[Edit, Write], JCODE),
    t(Agent::Jcode, "apply_patch", &[Edit, Write], JCODE),
    // agentgrep's modes `grep` and `find` (crates/jcode-app-core/src/tool/agentgrep.rs:198).
    t(Agent::Jcode, "agentgrep", &[Grep, Glob], JCODE),
    t(Agent::Jcode, "ls", &[List], JCODE),
    t(Agent::Jcode, "webfetch", &[WebFetch], JCODE),
    t(Agent::Jcode, "websearch", &[WebSearch], JCODE),
    t(Agent::Jcode, "todo", &[Todo], JCODE),
    t(Agent::Jcode, "subagent", &[Subagent], JCODE_AGENT),
    t(Agent::Jcode, "skill_manage", &[Skill], JCODE),
    t(Agent::Jcode, "batch", &[], JCODE),
    t(Agent::Jcode, "browser", &[], JCODE),
    t(Agent::Jcode, "open", &[], JCODE),
    t(Agent::Jcode, "bg", &[], JCODE),
    t(Agent::Jcode, "memory", &[], JCODE),
    t(Agent::Jcode, "session_search", &[], JCODE),
    t(Agent::Jcode, "conversation_search", &[], JCODE),
    t(Agent::Jcode, "schedule", &[], JCODE),
    t(Agent::Jcode, "swarm", &[], JCODE),
    t(Agent::Jcode, "side_panel", &[], JCODE),
    t(Agent::Jcode, "mcp", &[], JCODE),
    // GJC: `read` also lists directories and fetches URLs (tool-catalog.generated.ts).
    t(Agent::Gjc, "bash", &[Shell], GJC),
    t(Agent::Gjc, "read", &[Read, List, WebFetch], GJC),
    t(Agent::Gjc, "write", &[Write], GJC),
    t(Agent::Gjc, "edit", &[Edit], GJC),
    t(Agent::Gjc, "find", &[Glob], GJC),
    t(Agent::Gjc, "search", &[Grep], GJC),
    t(Agent::Gjc, "web_search", &[WebSearch], GJC),
    t(Agent::Gjc, "task", &[Subagent], GJC),
    t(Agent::Gjc, "todo_write", &[Todo], GJC),
    t(Agent::Gjc, "ask", &[AskUser], GJC),
    t(Agent::Gjc, "skill", &[Skill], GJC),
    t(Agent::Gjc, "cron", &[CronCreate, CronDelete, CronList], GJC),
    t(Agent::Gjc, "subagent", &[], GJC),
    t(Agent::Gjc, "ast_grep", &[], GJC),
    t(Agent::Gjc, "ast_edit", &[], GJC),
    t(Agent::Gjc, "lsp", &[], GJC),
    t(Agent::Gjc, "eval", &[], GJC),
    t(Agent::Gjc, "python", &[], GJC),
    t(Agent::Gjc, "job", &[], GJC),
    t(Agent::Gjc, "browser", &[], GJC),
    // Kimi Code (and Jarvis Code).
    t(
        Agent::Kimi,
        "Bash",
        &[Shell],
        kimi!("agent/tools/os/bash/bashTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Read",
        &[Read],
        kimi!("agent/tools/os/read/readTool.ts"),
    ),
    t(
        Agent::Kimi,
        "ReadMediaFile",
        &[Read],
        kimi!("agent/tools/read-media-file/readMediaFileTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Write",
        &[Write],
        kimi!("agent/tools/os/write/writeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Edit",
        &[Edit],
        kimi!("agent/tools/edit/editTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Glob",
        &[Glob],
        kimi!("agent/tools/os/glob/globTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Grep",
        &[Grep],
        kimi!("agent/tools/os/grep/grepTool.ts"),
    ),
    t(
        Agent::Kimi,
        "FetchURL",
        &[WebFetch],
        kimi!("agent/tools/fetch-url/fetchUrlTool.ts"),
    ),
    t(
        Agent::Kimi,
        "WebSearch",
        &[WebSearch],
        kimi!("agent/tools/web-search/webSearchTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Agent",
        &[Subagent],
        kimi!("agent/tools/agent/agentTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TodoList",
        &[Todo],
        kimi!("session/todo/todoItem.ts"),
    ),
    t(
        Agent::Kimi,
        "AskUserQuestion",
        &[AskUser],
        kimi!("agent/tools/ask-user-question/askUserQuestionTool.ts"),
    ),
    t(
        Agent::Kimi,
        "Skill",
        &[Skill],
        kimi!("agent/tools/skill/skillTool.ts"),
    ),
    t(
        Agent::Kimi,
        "EnterPlanMode",
        &[EnterPlan],
        kimi!("features/plan/tools/enter-plan-mode/enterPlanModeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "ExitPlanMode",
        &[ExitPlan],
        kimi!("features/plan/tools/exit-plan-mode/exitPlanModeTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronCreate",
        &[CronCreate],
        kimi!("agent/tools/cron/cron-create/cronCreateTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronDelete",
        &[CronDelete],
        kimi!("agent/tools/cron/cron-delete/cronDeleteTool.ts"),
    ),
    t(
        Agent::Kimi,
        "CronList",
        &[CronList],
        kimi!("agent/tools/cron/cron-list/cronListTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TaskOutput",
        &[TaskOutput],
        kimi!("agent/tools/task/task-output/taskOutputTool.ts"),
    ),
    t(
        Agent::Kimi,
        "TaskStop",
        &[TaskStop],
        kimi!("agent/tools/task/task-stop/taskStopTool.ts"),
    ),
    // Kimi's `TaskList` lists background tasks; Claude's `TaskList` is its todo list.
    t(
        Agent::Kimi,
        "TaskList",
        &[],
        kimi!("agent/tools/task/task-list/taskListTool.ts"),
    ),
    t(
        Agent::Kimi,
        "WaitFor",
        &[],
        kimi!("agent/tools/task/task-wait/taskWaitTool.ts"),
    ),
    t(
        Agent::Kimi,
        "AgentSwarm",
        &[],
        kimi!("features/swarm/tools/agent-swarm/agentSwarmTool.ts"),
    ),
    t(
        Agent::Kimi,
        "select_tools",
        &[],
        kimi!("agent/toolSelect/toolSelect.ts"),
    ),
    // Gemini CLI.
    t(Agent::Gemini, "run_shell_command", &[Shell], GEMINI),
    t(Agent::Gemini, "read_file", &[Read], GEMINI),
    t(Agent::Gemini, "read_many_files", &[Read], GEMINI),
    t(Agent::Gemini, "write_file", &[Write], GEMINI),
    t(Agent::Gemini, "replace", &[Edit], GEMINI),
    t(Agent::Gemini, "glob", &[Glob], GEMINI),
    aka(
        t(Agent::Gemini, "grep_search", &[Grep], GEMINI),
        &["search_file_content"],
    ),
    t(Agent::Gemini, "list_directory", &[List], GEMINI),
    t(Agent::Gemini, "web_fetch", &[WebFetch], GEMINI),
    t(Agent::Gemini, "google_web_search", &[WebSearch], GEMINI),
    t(Agent::Gemini, "invoke_agent", &[Subagent], GEMINI_NAMES),
    t(Agent::Gemini, "write_todos", &[Todo], GEMINI),
    t(Agent::Gemini, "ask_user", &[AskUser], GEMINI),
    t(Agent::Gemini, "activate_skill", &[Skill], GEMINI),
    t(Agent::Gemini, "enter_plan_mode", &[EnterPlan], GEMINI),
    t(Agent::Gemini, "exit_plan_mode", &[ExitPlan], GEMINI),
    t(Agent::Gemini, "get_internal_docs", &[], GEMINI),
    t(Agent::Gemini, "update_topic", &[], GEMINI),
    t(Agent::Gemini, "complete_task", &[], GEMINI),
    t(Agent::Gemini, "read_mcp_resource", &[], GEMINI),
    t(Agent::Gemini, "list_mcp_resources", &[], GEMINI),
    t(Agent::Gemini, "tracker_create_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_update_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_get_task", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_list_tasks", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_add_dependency", &[], GEMINI_NAMES),
    t(Agent::Gemini, "tracker_visualize", &[], GEMINI_NAMES),
];

/// The tools of one agent (its column), legacy ones included.
pub fn tools_of(agent: Agent) -> impl Iterator<Item = &'static Tool> {
    TOOLS.iter().filter(move |t| t.agent == agent)
}

/// The built-in tool `name` selects in `agent`'s matchers (its name or an alias), if any: the
/// first row of that name, else the first row with that alias.
pub fn lookup(agent: Agent, name: &str) -> Option<&'static Tool> {
    // Indexed once: lint looks up every matcher name of every file, and a scan of the whole
    // table per look-up was a sixth of the rules' time on clean files (lint_10k).
    type Index = std::collections::HashMap<(Agent, &'static str), &'static Tool>;
    static INDEX: std::sync::LazyLock<(Index, Index)> = std::sync::LazyLock::new(|| {
        let (mut names, mut aliases) = (Index::new(), Index::new());
        for t in TOOLS {
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
