//! The canonical hook record.

use crate::{Convention, Kind, Location, Matcher, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a command handler is executed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Exec {
    /// argv from a tokenizer, no shell (jcode).
    Direct,
    /// `sh -c <command>` (Jarvis, Claude).
    Shell,
    /// `<login shell> -c <command>`: the user's shell from the password database (bash, zsh or
    /// sh; else bash, zsh, `/bin/sh`), not a login shell despite the name (Codex).
    LoginShell,
}

/// What runs when the hook fires.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Handler {
    /// An external command.
    Command {
        /// The command as written in the source.
        command: String,
        /// How it is executed.
        exec: Exec,
    },
    /// A JavaScript/TypeScript module loaded in-process by the agent.
    Module {
        /// The module's path (display form; adapters keep the real path in [`Detail`]).
        path: String,
    },
}

/// Convention-specific detail that must survive a round trip through the IR but has no
/// canonical meaning. Not part of the public JSON output of `lint`/`list` (schema_version 1),
/// which lists only the canonical fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "convention", rename_all = "kebab-case")]
pub enum Detail {
    /// Nothing convention-specific.
    #[default]
    None,
    /// jcode: one of several commands in one `[hooks]` slot.
    Jcode {
        /// The slot key (`pre_tool`, `turn_end`, ...).
        slot: String,
        /// 0-based position in the slot's command list.
        index: usize,
        /// Whether the slot was written as an array (vs. a single string).
        array: bool,
        /// Whether `pre_tool_timeout_ms` was written (vs. jcode's default).
        timeout_explicit: bool,
        /// Whether the slot came from a `JCODE_HOOK_*` variable.
        from_env: bool,
    },
    /// Jarvis: a `[[hooks]]` entry.
    Jarvis {
        /// 0-based index of the `[[hooks]]` entry in its file.
        entry: usize,
        /// Whether `timeout` was written (vs. the default of 30 s).
        timeout_explicit: bool,
    },
    /// Codex `hooks.json` or Claude settings: a handler inside a matcher group.
    JsonGroup {
        /// 0-based index of the group under its event key.
        group: usize,
        /// 0-based index of the handler inside the group's `hooks` array.
        index: usize,
        /// The matcher string as written (`None` when absent).
        raw_matcher: Option<String>,
        /// Whether `timeout` was written.
        timeout_explicit: bool,
        /// The `async` flag, when written.
        is_async: Option<bool>,
        /// The `statusMessage`, when written.
        status_message: Option<String>,
        /// Whether this is a GJC-managed entry (`gjc codex-native-hook`).
        gjc_managed: bool,
    },
    /// Gemini CLI settings: a handler inside a matcher group.
    GeminiGroup {
        /// 0-based index of the group under its event key.
        group: usize,
        /// 0-based index of the handler inside the group's `hooks` array.
        index: usize,
        /// The matcher string as written (`None` when absent).
        raw_matcher: Option<String>,
        /// Whether `timeout` was written (vs. Gemini's default of 60000 ms).
        timeout_explicit: bool,
        /// The group's `sequential` flag, when written.
        sequential: Option<bool>,
        /// The handler's `name`, when written (what `hooksConfig.disabled` lists).
        name: Option<String>,
        /// The handler's `description`, when written.
        description: Option<String>,
        /// The handler's `env` object (extra environment of the process), in file order.
        env: Vec<(String, String)>,
        /// Qwen Code's `async: true`: the agent starts the hook without waiting and reads no
        /// decision from it (live `qwen_async_hook`). Absent for Gemini, which has no such field.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        is_async: Option<bool>,
    },
    /// Cursor `hooks.json`: one entry of an event's array.
    CursorEntry {
        /// 0-based index of the entry under its event key.
        index: usize,
        /// The matcher string as written (`None` when absent).
        raw_matcher: Option<String>,
        /// Whether `timeout` was written.
        timeout_explicit: bool,
        /// `failClosed: true`: a crash, a timeout or an unreadable answer blocks the action
        /// instead of letting it go on.
        fail_closed: bool,
        /// The entry's `loop_limit`.
        loop_limit: LoopLimit,
        /// The absolute directory a relative command runs from, set where the file was found:
        /// the project root for a project's `.cursor/hooks.json`, the file's own directory
        /// (`~/.cursor/`) for the others; `None` when the file's place is unknown.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        command_dir: Option<String>,
    },
    /// A GJC module hook (native directory or plugin).
    Module {
        /// Absolute path of the module file.
        real_path: String,
        /// The in-process event it registers (`tool_call`, `agent_end`, ...).
        in_process_event: String,
        /// The tool the file is filed for (`*` = all), for `tool_call`/`tool_result`.
        tool: Option<String>,
        /// Plugin hook: plugin name, hook name, phase and SHA-256 recorded in the registry.
        plugin: Option<PluginDetail>,
    },
}

/// How many follow-ups a Cursor `stop` hook may start (`loop_limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LoopLimit {
    /// Not written: Cursor's default cap.
    #[default]
    Default,
    /// `null`: no cap.
    Unbounded,
    /// At most this many.
    Max(u32),
}

/// Plugin-specific data of a `gjc-plugin` hook.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct PluginDetail {
    /// Plugin name from the manifest.
    pub plugin: String,
    /// Hook name from the manifest.
    pub name: String,
    /// `before`/`after`, when given.
    pub phase: Option<String>,
    /// Absolute path of the plugin root.
    pub root: String,
    /// Expected SHA-256 (hex) from `registry.json`, when present.
    pub sha256: Option<String>,
}

/// One accepted hook in the canonical IR.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Hook {
    /// Stable id, unique within one batch (`<convention>:<path>:<n>` style, assigned by adapters).
    pub id: String,
    /// The canonical kind.
    pub kind: Kind,
    /// The convention it was read from.
    pub convention: Convention,
    /// The event name as the convention spells it (`PreToolUse`, `pre_tool`, `tool_call`, ...).
    pub source_event: String,
    /// What it fires for.
    pub matcher: Matcher,
    /// What runs.
    pub handler: Handler,
    /// The effective timeout in milliseconds, `None` where the contract has none.
    pub timeout_ms: Option<u64>,
    /// Where it was declared.
    pub location: Location,
    /// The layer its file was found in (set by discovery, from where it looked the file up).
    #[serde(default)]
    pub scope: Scope,
    /// The root directory of the plugin (Claude Code or Cursor plugin, Gemini CLI extension,
    /// Copilot CLI `--plugin-dir` plugin) whose hooks file declared it: set by discovery, from
    /// where it found the file, for [`Scope::Plugin`] hooks only. The runner sets the agent's
    /// plugin-only variables (`CLAUDE_PLUGIN_ROOT`...) to it for this hook
    /// (`hook_ir::contract::variables::plugin_roots`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plugin_root: Option<std::path::PathBuf>,
    /// The real path of the file that declared it (its source's path): set by discovery, from
    /// where it read the file, so that a hook finds its file (its text, its readers, its
    /// layer) by what the file is, never by how its path is printed. `None` for a hook of the
    /// environment (`env:JCODE_HOOK_*`) or one not read from a file (a conversion's output, a
    /// hook read back from JSON). Not part of the JSON output: [`Location::path`] is.
    #[serde(skip)]
    #[schemars(skip)]
    pub source_file: Option<std::path::PathBuf>,
    /// Convention-specific detail kept for round trips.
    #[serde(default)]
    pub detail: Detail,
}

impl Hook {
    /// The key used to detect exact duplicates in a batch: everything but id, location and
    /// detail — except a Gemini hook's `name`, which is part of its identity: Gemini runs each
    /// `name:command` once per event (`hookPlanner.ts`, `deduplicateHooks`, key from
    /// `getHookKey` in `types.ts`, Gemini CLI 0.61.0), so a copy under another name runs again
    /// (conformance scenario `gemini_duplicate_groups`).
    pub fn dedupe_key(&self) -> (Convention, Kind, &str, &Matcher, &Handler, Option<&str>) {
        let name = match &self.detail {
            Detail::GeminiGroup { name, .. } => name.as_deref(),
            _ => None,
        };
        (
            self.convention,
            self.kind,
            self.source_event.as_str(),
            &self.matcher,
            &self.handler,
            name,
        )
    }

    /// The command string, for command handlers.
    pub fn command(&self) -> Option<&str> {
        match &self.handler {
            Handler::Command { command, .. } => Some(command),
            Handler::Module { .. } => None,
        }
    }
}
