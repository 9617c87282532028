//! The six canonical kinds and the convention ids (public names of `design.md`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the six canonical hook kinds. Serialized as its snake_case id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Before the user's prompt reaches the model.
    UserPromptSubmit,
    /// Before a tool call runs.
    PreToolUse,
    /// After a tool call ran.
    PostToolUse,
    /// When the agent finishes answering.
    Stop,
    /// When a session starts (or is resumed/attached).
    SessionStart,
    /// When a session ends.
    SessionShutdown,
}

impl Kind {
    /// Every kind, in canonical order.
    pub const ALL: [Kind; 6] = [
        Kind::UserPromptSubmit,
        Kind::PreToolUse,
        Kind::PostToolUse,
        Kind::Stop,
        Kind::SessionStart,
        Kind::SessionShutdown,
    ];

    /// The public id, e.g. `pre_tool_use`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::UserPromptSubmit => "user_prompt_submit",
            Kind::PreToolUse => "pre_tool_use",
            Kind::PostToolUse => "post_tool_use",
            Kind::Stop => "stop",
            Kind::SessionStart => "session_start",
            Kind::SessionShutdown => "session_shutdown",
        }
    }

    /// Parses a public id.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Whether hooks of this kind are filtered by a tool name.
    pub const fn is_tool_kind(self) -> bool {
        matches!(self, Kind::PreToolUse | Kind::PostToolUse)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A hook convention: one agent's way of declaring hooks. Serialized as its public id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Convention {
    /// jcode: `[hooks]` in `config.toml` plus `JCODE_HOOK_*` env overrides; commands run directly.
    #[serde(rename = "jcode")]
    Jcode,
    /// Jarvis Code: `[[hooks]]` in `~/.jarvis-code/config.toml`; commands run with `sh -c`.
    #[serde(rename = "jarvis")]
    Jarvis,
    /// GJC native hook modules in `.gjc/hooks/{pre,post}/`.
    #[serde(rename = "gjc")]
    Gjc,
    /// `.claude/hooks/{pre,post}/` directories: import and diagnostics only.
    #[serde(rename = "claude-dir")]
    ClaudeDir,
    /// `.codex/hooks/{pre,post}-<tool>.{ts,js}`: import and diagnostics only.
    #[serde(rename = "codex-dir")]
    CodexDir,
    /// Codex `hooks.json`.
    #[serde(rename = "codex-json")]
    CodexJson,
    /// GJC plugin manifests (`gajae-plugin.json`) with registry hashes.
    #[serde(rename = "gjc-plugin")]
    GjcPlugin,
    /// Claude Code `settings*.json` hooks and plugin `hooks/hooks.json`.
    #[serde(rename = "claude-settings")]
    ClaudeSettings,
    /// Gemini CLI `settings.json` hooks (`~/.gemini/`, `.gemini/`, system layers, extensions).
    #[serde(rename = "gemini-settings")]
    GeminiSettings,
    /// GitHub Copilot CLI hooks files (`.github/hooks/*.json`, `~/.copilot/hooks/*.json`, policy
    /// `policy.d/*.json`, plugins) and inline `hooks` in Copilot's `settings*.json`.
    #[serde(rename = "copilot-hooks")]
    CopilotHooks,
    /// Qwen Code `settings.json` hooks (`~/.qwen/`, `.qwen/`, system layers).
    #[serde(rename = "qwen-settings")]
    QwenSettings,
    /// Cursor `hooks.json` files (`.cursor/hooks.json`, `~/.cursor/hooks.json`, enterprise
    /// `/etc/cursor/hooks.json`).
    #[serde(rename = "cursor-hooks")]
    CursorHooks,
    /// Cline's hook directories: executables named after the event (`PreToolUse`,
    /// `TaskStart`…) in `~/Documents/Cline/Hooks/`, `$CLINE_DIR/hooks/` (`~/.cline/hooks/`),
    /// `.clinerules/hooks/` and `.cline/hooks/`.
    #[serde(rename = "cline-dir")]
    ClineDir,
}

impl Convention {
    /// Every convention, in the fixed order sources are reported in.
    pub const ALL: [Convention; 13] = [
        Convention::Jcode,
        Convention::Jarvis,
        Convention::Gjc,
        Convention::ClaudeDir,
        Convention::CodexDir,
        Convention::CodexJson,
        Convention::GjcPlugin,
        Convention::ClaudeSettings,
        Convention::GeminiSettings,
        Convention::CopilotHooks,
        Convention::QwenSettings,
        Convention::CursorHooks,
        Convention::ClineDir,
    ];

    /// The public id, e.g. `codex-json`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Convention::Jcode => "jcode",
            Convention::Jarvis => "jarvis",
            Convention::Gjc => "gjc",
            Convention::ClaudeDir => "claude-dir",
            Convention::CodexDir => "codex-dir",
            Convention::CodexJson => "codex-json",
            Convention::GjcPlugin => "gjc-plugin",
            Convention::ClaudeSettings => "claude-settings",
            Convention::GeminiSettings => "gemini-settings",
            Convention::CopilotHooks => "copilot-hooks",
            Convention::QwenSettings => "qwen-settings",
            Convention::CursorHooks => "cursor-hooks",
            Convention::ClineDir => "cline-dir",
        }
    }

    /// Parses a public id.
    pub fn parse(s: &str) -> Option<Convention> {
        Convention::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_ids_round_trip_through_serde_and_parse() {
        for k in Kind::ALL {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Kind::parse("PreToolUse"), None);
    }

    #[test]
    fn convention_ids_are_those_of_design_md() {
        let ids: Vec<_> = Convention::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(
            ids,
            [
                "jcode",
                "jarvis",
                "gjc",
                "claude-dir",
                "codex-dir",
                "codex-json",
                "gjc-plugin",
                "claude-settings",
                "gemini-settings",
                "copilot-hooks",
                "qwen-settings",
                "cursor-hooks",
                "cline-dir"
            ]
        );
        for c in Convention::ALL {
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(json, format!("\"{}\"", c.as_str()));
            assert_eq!(Convention::parse(c.as_str()), Some(c));
        }
    }
}
