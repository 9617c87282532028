//! Gemini CLI's row of the layered settings engine ([`crate::layered_settings`]): its folders,
//! variables, keys, timeout unit and trust rule, and what is its own (matcher rule, switches).

use crate::layered_settings::flavor::{Flavor, TimeoutRule};
use hook_ir::contract::limits::gemini;
use hook_ir::{Code, Convention};

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
    read_timeout: None,
    folder_trust_default: true,
    foreign_events: &[
        ("PreToolUse", "BeforeTool"),
        ("PostToolUse", "AfterTool"),
        ("UserPromptSubmit", "BeforeAgent"),
        ("Stop", "AfterAgent"),
        ("PreCompact", "PreCompress"),
        ("SubagentStop", "AfterAgent"),
    ],
    extensions: true,
    foreign_agent: "Claude Code",
    unreadable,
    unreadable_code,
    lower_matcher: super::matcher::lower,
    matcher_strings: super::matcher::strings,
    apply_switches: super::switches::apply,
};

/// What Gemini CLI 0.61.0 does with a file it cannot read: a settings layer stops it from
/// starting ([`gemini::CONFIG_ERROR_EXIT`]); an extension's `hooks/hooks.json` is skipped
/// with a debug-log warning (`extension-manager.ts` `loadExtensionHooks`).
fn unreadable(settings: bool) -> String {
    if settings {
        format!(
            "Gemini CLI refuses to start while a settings file is unreadable (exit {}, \"Please fix the configuration file(s) and try again\")",
            gemini::CONFIG_ERROR_EXIT
        )
    } else {
        "Gemini CLI skips this extension's hooks".to_string()
    }
}

/// The code of a file Gemini CLI cannot read: [`Code::GeminiSettingsUnreadable`] for a
/// settings layer, [`Code::ParseError`] for an extension's hooks file.
fn unreadable_code(settings: bool) -> Code {
    if settings {
        Code::GeminiSettingsUnreadable
    } else {
        Code::ParseError
    }
}
