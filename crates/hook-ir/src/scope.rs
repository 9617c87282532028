//! The layer a hook's file belongs to: who shares it and where it acts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The level of configuration a hook was found at. Discovery decides it from the place it looked
/// the file up (the home dir, the project root, a system directory, a plugin), never from how
/// the file's path is printed: a display path changes with the current directory.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// The user's own configuration (`~/.claude/settings.json`, `~/.codex/hooks.json`,
    /// `~/.jcode/config.toml`, `JCODE_HOOK_*` …): acts in every project.
    User,
    /// A project's committed configuration (`.claude/settings.json`, `.codex/hooks.json`,
    /// `.gjc/hooks/`): shared with everyone who clones it. The default only for hooks built by
    /// hand (every adapter sets the scope of what it reads).
    #[default]
    Project,
    /// A project's personal configuration, not committed (`.claude/settings.local.json`).
    Personal,
    /// A machine-wide or managed file (Gemini's `/etc/gemini-cli/settings.json`, Codex's managed
    /// configuration): set by an administrator for every user.
    System,
    /// A plugin's or extension's own file (Claude plugins, Gemini extensions, GJC plugins):
    /// installed and owned by the agent's plugin manager.
    Plugin,
}

impl Scope {
    /// Every scope, in the order output lists them.
    pub const ALL: [Scope; 5] = [
        Scope::User,
        Scope::Project,
        Scope::Personal,
        Scope::System,
        Scope::Plugin,
    ];

    /// The scope's name, as JSON, `--scope` and diagnostics spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Personal => "personal",
            Scope::System => "system",
            Scope::Plugin => "plugin",
        }
    }

    /// Whether the scope belongs to one project (its hooks must not act elsewhere).
    pub const fn is_project(self) -> bool {
        matches!(self, Scope::Project | Scope::Personal)
    }
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_json_names() {
        for s in Scope::ALL {
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::Value::String(s.as_str().into())
            );
        }
    }
}
