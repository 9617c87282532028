//! Qwen Code's row of the layered settings engine ([`crate::layered_settings`]): its folders,
//! variables, keys, timeout unit and trust rule, and what is its own (matcher rule, switches).

use crate::layered_settings::flavor::{Flavor, TimeoutRule};
use hook_ir::contract::limits::qwen;
use hook_ir::{Code, Convention};

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
    read_timeout: Some(super::timeout::read),
    folder_trust_default: false,
    foreign_events: &[
        ("BeforeTool", "PreToolUse"),
        ("AfterTool", "PostToolUse"),
        ("BeforeAgent", "UserPromptSubmit"),
        ("AfterAgent", "Stop"),
        ("PreCompress", "PreCompact"),
    ],
    extensions: false,
    foreign_agent: "Gemini CLI",
    unreadable: |_| unreadable().to_string(),
    unreadable_code: |_| Code::ParseError,
    lower_matcher: super::matcher::lower,
    matcher_strings: super::matcher::strings,
    apply_switches: super::switches::apply,
};

/// What Qwen Code 0.24.4 does with a file that does not parse (`cli/config/settings.ts`
/// `loadAndMigrate`, `chunks/chunk-LYEINKJD.js:1835`): it copies a workspace file to
/// `settings.json.corrupted` and resets it to `{}`; a user or system file is an error at start.
/// Reported as [`Code::ParseError`].
fn unreadable() -> &'static str {
    "Qwen Code does not start with a user or system settings file that does not parse, and copies a workspace one to `settings.json.corrupted`, then resets it to `{}` (its hooks and every other setting are lost)"
}
