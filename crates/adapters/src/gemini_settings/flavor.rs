//! What differs between Gemini CLI's settings hooks and those of Qwen Code, its fork: both read
//! the same layered `settings.json` files (system defaults, user, workspace, system) with the
//! same `{"hooks": {"<Event>": [{"matcher", "sequential", "hooks": [...]}]}}` shape and the same
//! `trustedFolders.json`, so discovery, the raw model, lowering and the writer of this module
//! serve both, parameterized by a [`Flavor`]. What is truly each agent's own (events, answers,
//! matcher rules, tools) is in its contract profile and its matcher module.

use hook_ir::contract::limits::{gemini, qwen};
use hook_ir::Convention;

/// How an agent reads a hook's `timeout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeoutRule {
    /// Milliseconds; this default (Gemini CLI).
    Milliseconds {
        /// The default, in ms.
        default_ms: u64,
    },
    /// Seconds, but a value at or above `legacy_ms_from` is milliseconds (Qwen Code's
    /// `LEGACY_MILLISECOND_TIMEOUT_THRESHOLD`); a value that is not positive falls back to the
    /// default.
    SecondsOrLegacyMs {
        /// The default, in seconds.
        default_s: u64,
        /// From this value up, the number is milliseconds.
        legacy_ms_from: u64,
    },
}

impl TimeoutRule {
    /// The default in milliseconds.
    pub(crate) const fn default_ms(self) -> u64 {
        match self {
            TimeoutRule::Milliseconds { default_ms } => default_ms,
            TimeoutRule::SecondsOrLegacyMs { default_s, .. } => default_s * 1000,
        }
    }

    /// The milliseconds a written number means.
    pub(crate) fn to_ms(self, written: f64) -> f64 {
        match self {
            TimeoutRule::Milliseconds { .. } => written,
            TimeoutRule::SecondsOrLegacyMs { legacy_ms_from, .. } => {
                if written >= legacy_ms_from as f64 {
                    written
                } else {
                    written * 1000.0
                }
            }
        }
    }

    /// The number to write for `ms`.
    pub(crate) fn written(self, ms: u64) -> serde_json::Value {
        match self {
            TimeoutRule::Milliseconds { .. } => ms.into(),
            // Whole seconds below the legacy threshold read back as seconds; anything else is
            // written in (legacy) milliseconds, which Qwen reads as such from 1000 up.
            TimeoutRule::SecondsOrLegacyMs { legacy_ms_from, .. } => {
                if ms.is_multiple_of(1000) && ms / 1000 < legacy_ms_from {
                    (ms / 1000).into()
                } else {
                    ms.max(legacy_ms_from).into()
                }
            }
        }
    }
}

/// One agent's reading of the shared settings format.
#[derive(Debug)]
pub(crate) struct Flavor {
    /// The convention.
    pub convention: Convention,
    /// The agent's name (`Gemini CLI`).
    pub agent: &'static str,
    /// The short name used in messages (`Gemini`).
    pub short: &'static str,
    /// The settings folder in the home dir and the project (`.gemini`).
    pub dir: &'static str,
    /// The variable that replaces the user folder (`QWEN_HOME`), if any.
    pub home_env: Option<&'static str>,
    /// The system settings file on Linux and the variable that replaces it.
    pub system_settings: (&'static str, &'static str),
    /// The variable that names the system defaults file (else it sits beside the system file).
    pub system_defaults_env: &'static str,
    /// The variable that replaces `~/<dir>/trustedFolders.json`.
    pub trusted_folders_env: &'static str,
    /// The object holding `enabled`/`disabled`: `hooksConfig` (Gemini) or `hooks` itself (Qwen).
    pub switches: &'static str,
    /// The top-level key whose `true` turns every hook off (Qwen's `disableAllHooks`).
    pub disable_all: Option<&'static str>,
    /// The keys of a hook object the agent reads.
    pub handler_keys: &'static [&'static str],
    /// The hook types settings can declare (only `command` ones run as commands).
    pub handler_types: &'static [&'static str],
    /// How `timeout` is read.
    pub timeout: TimeoutRule,
    /// Whether folder trust is on when `security.folderTrust.enabled` is not written.
    pub folder_trust_default: bool,
    /// Whether an untrusted folder also drops the user's hooks (Gemini registers the merged
    /// settings' hooks as project hooks) or only the workspace file's (Qwen).
    pub untrusted_drops_user_hooks: bool,
    /// Another agent's event names → this agent's, for the did-you-mean of a copied file.
    pub foreign_events: &'static [(&'static str, &'static str)],
    /// Whether it reads extensions' `hooks/hooks.json` and checks system files' ownership
    /// (Gemini; Qwen's extensions are not read here yet).
    pub extensions: bool,
}

/// Gemini CLI 0.61.0.
pub(crate) static GEMINI: Flavor = Flavor {
    convention: Convention::GeminiSettings,
    agent: "Gemini CLI",
    short: "Gemini",
    dir: ".gemini",
    home_env: None,
    system_settings: (gemini::SYSTEM_SETTINGS, "GEMINI_CLI_SYSTEM_SETTINGS_PATH"),
    system_defaults_env: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
    trusted_folders_env: "GEMINI_CLI_TRUSTED_FOLDERS_PATH",
    switches: "hooksConfig",
    disable_all: None,
    // `CommandHookConfig` (`types.ts`); `env` is read by the runner though the settings
    // schema does not list it.
    handler_keys: &["type", "command", "name", "description", "timeout", "env"],
    handler_types: &["command"],
    timeout: TimeoutRule::Milliseconds {
        default_ms: gemini::TIMEOUT_DEFAULT_MS,
    },
    folder_trust_default: true,
    untrusted_drops_user_hooks: true,
    foreign_events: &[
        ("PreToolUse", "BeforeTool"),
        ("PostToolUse", "AfterTool"),
        ("UserPromptSubmit", "BeforeAgent"),
        ("Stop", "AfterAgent"),
        ("PreCompact", "PreCompress"),
        ("SubagentStop", "AfterAgent"),
    ],
    extensions: true,
};

/// Qwen Code 0.24.4 (`conformance/notes/qwen.md`).
pub(crate) static QWEN: Flavor = Flavor {
    convention: Convention::QwenSettings,
    agent: "Qwen Code",
    short: "Qwen",
    dir: ".qwen",
    home_env: Some("QWEN_HOME"),
    system_settings: (qwen::SYSTEM_SETTINGS, "QWEN_CODE_SYSTEM_SETTINGS_PATH"),
    system_defaults_env: "QWEN_CODE_SYSTEM_DEFAULTS_PATH",
    trusted_folders_env: "QWEN_CODE_TRUSTED_FOLDERS_PATH",
    switches: "hooks",
    disable_all: Some("disableAllHooks"),
    // `HOOK_DEFINITION_ITEMS` (`cli/config/settingsSchema.ts`, chunks/chunk-D2H63VR2.js:111).
    handler_keys: &[
        "type",
        "command",
        "url",
        "headers",
        "allowedEnvVars",
        "prompt",
        "model",
        "name",
        "description",
        "timeout",
        "env",
        "async",
        "once",
        "statusMessage",
        "shell",
    ],
    handler_types: &["command", "http", "prompt"],
    timeout: TimeoutRule::SecondsOrLegacyMs {
        default_s: qwen::TIMEOUT_DEFAULT_S,
        legacy_ms_from: qwen::LEGACY_MS_THRESHOLD,
    },
    folder_trust_default: false,
    untrusted_drops_user_hooks: false,
    foreign_events: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
        ("AfterAgent", "Stop"),
        ("PreCompress", "PreCompact"),
    ],
    extensions: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Live `qwen_timeout_seconds` (`timeout: 1` is 1 s) and `qwen_timeout_legacy_ms`
    /// (`timeout: 1500` is 1.5 s, not 25 minutes).
    #[test]
    fn qwen_reads_seconds_and_legacy_milliseconds() {
        let t = QWEN.timeout;
        assert_eq!(t.to_ms(1.0), 1000.0);
        assert_eq!(t.to_ms(999.0), 999_000.0);
        assert_eq!(t.to_ms(1500.0), 1500.0);
        assert_eq!(t.default_ms(), 60_000);
        assert_eq!(t.written(5000), serde_json::json!(5));
        assert_eq!(t.written(1500), serde_json::json!(1500));
        assert_eq!(t.written(200), serde_json::json!(1000));
        assert_eq!(GEMINI.timeout.to_ms(1500.0), 1500.0);
        assert_eq!(GEMINI.timeout.written(5000), serde_json::json!(5000));
    }
}
