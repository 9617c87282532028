//! Which agents run a hook file, and what differs between them.
//!
//! One `.claude/settings.json` is run by Claude Code, GitHub Copilot CLI, VS Code and Cursor;
//! one `.github/hooks/*.json` by Copilot CLI, VS Code and Copilot's cloud agent — each with its
//! own rules. Discovery stamps the readers of each file it reads (`adapters::SourceFile::readers`,
//! typed, from the layer it found the file in), `hooks lint` says where a hook behaves
//! differently under one of them ([`crate::Code::OtherReaderDiffers`]) and `hooks list` shows
//! them. The facts of the readers that are not conventions of their own (VS Code, the cloud
//! agent) live here, each with its source.

use crate::tools::Agent;
use serde::{Serialize, Serializer};
use std::fmt;

/// An agent that runs a hook file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reader {
    /// An agent with a convention of its own (its tool column, [`Agent`]).
    Agent(Agent),
    /// VS Code's agent (Copilot Chat), the "Local" harness: it runs `.github/hooks/*.json`,
    /// `.claude/settings(.local).json`, `~/.claude/settings.json` and `~/.copilot/hooks`.
    VsCode,
    /// GitHub Copilot's cloud agent: only `.github/hooks/*.json` of the default branch's clone.
    CopilotCloudAgent,
}

impl Reader {
    /// Its name, as users know it.
    pub const fn name(self) -> &'static str {
        match self {
            Reader::Agent(a) => a.name(),
            Reader::VsCode => "VS Code",
            Reader::CopilotCloudAgent => "Copilot cloud agent",
        }
    }

    /// Its public id, as `hooks list --format json` writes it (`claude-code`, `vscode`, …).
    pub const fn id(self) -> &'static str {
        match self {
            Reader::Agent(a) => a.facts().reader_id,
            Reader::VsCode => "vscode",
            Reader::CopilotCloudAgent => "copilot-cloud-agent",
        }
    }
}

impl fmt::Display for Reader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Reader {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// VS Code's agent hooks ("Local" harness), from `microsoft/vscode-docs`
/// `docs/agent-customization/hooks.md` (summarized in `shared/reference/other-agents.md` §2.2).
pub mod vscode {
    /// Where the facts come from.
    pub const SOURCE: &str =
        "microsoft/vscode-docs docs/agent-customization/hooks.md (VS Code agent hooks)";
    /// The events VS Code fires (PascalCase; a Copilot CLI camelCase file's events are read as
    /// these).
    pub const EVENTS: [&str; 8] = [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "PreCompact",
        "SubagentStart",
        "SubagentStop",
        "Stop",
    ];
    /// The default `timeout` of a hook, in seconds.
    pub const TIMEOUT_DEFAULT_S: u64 = 30;
    /// Its tool names are its own (`editFiles`, `runTerminalCommand`): a matcher naming another
    /// agent's tool selects nothing there — and in a Claude-format file matchers are parsed but
    /// ignored, every hook running on every tool.
    pub const IGNORES_CLAUDE_MATCHERS: bool = true;
}

/// GitHub Copilot's cloud agent, from `github/docs` `content/copilot/reference/hooks-reference.md`
/// (summarized in `shared/reference/other-agents.md` §2.1).
pub mod copilot_cloud {
    /// Where the facts come from.
    pub const SOURCE: &str = "github/docs content/copilot/reference/hooks-reference.md";
    /// The events only Copilot CLI fires (the cloud agent does not).
    pub const CLI_ONLY_EVENTS: [&str; 2] = ["permissionRequest", "notification"];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_stable() {
        let all: Vec<Reader> = Agent::ALL
            .into_iter()
            .map(Reader::Agent)
            .chain([Reader::VsCode, Reader::CopilotCloudAgent])
            .collect();
        let ids: Vec<&str> = all.iter().map(|r| r.id()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id), "{id} twice");
        }
        assert_eq!(Reader::VsCode.name(), "VS Code");
        assert_eq!(
            serde_json::to_string(&Reader::Agent(Agent::Cursor)).unwrap(),
            "\"cursor\""
        );
        assert_eq!(vscode::TIMEOUT_DEFAULT_S, 30);
    }
}
