//! The types of jcode's whole `config.toml`, as jcode's serde model declares them
//! (1jehuang/jcode@6da6124: `Config` in `crates/jcode-base/src/config.rs`, the section structs
//! and enums of `crates/jcode-config-types/src/lib.rs` and `display.rs`). Types only: which key
//! takes a boolean, an integer in which range, a string, one of which words, an array or table of
//! what. A field with a custom deserializer (`deserialize_with`, a hand-written `Deserialize`,
//! `serde_json::Value`, a type from elsewhere) is [`Ty::Any`]: never reported, so a value jcode
//! accepts is never called wrong. Written out from those structs field by field (names after
//! `rename_all`, `rename` and `alias`; `Option<T>` as `T`, since TOML has no null; a field is
//! required only in a struct without `#[serde(default)]` and without a field default).
//!
//! `[hooks]` is listed for completeness; its values are checked with their own diagnostics by
//! `raw.rs`.

use super::config_schema::{Field, Table, Ty};

/// `AcpConfig`.
pub(crate) const ACP_CONFIG: Table = Table {
    name: "AcpConfig",
    fields: &[
        Field {
            names: &["profile"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["tool_profile"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `AgentsConfig`.
pub(crate) const AGENTS_CONFIG: Table = Table {
    name: "AgentsConfig",
    fields: &[
        Field {
            names: &["swarm_model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["swarm_spawn_mode"],
            ty: Ty::Enum(&["visible", "headless", "inline", "auto"]),
            required: false,
        },
        Field {
            names: &["swarm_gallery_max_pct"],
            ty: Ty::Int { min: 0, max: 255 },
            required: false,
        },
        Field {
            names: &["swarm_strip_layout"],
            ty: Ty::Enum(&["vertical", "horizontal"]),
            required: false,
        },
        Field {
            names: &["memory_model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["memory_sidecar_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["memory_rerank_cadence"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["memory_rerank_votes"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["memory_rerank_min_agree"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["memory_embedding_backend"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["memory_embedding_model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["memory_embedding_base_url"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["memory_embedding_dim"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["swarm_max_concurrent_agents"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `AmbientConfig`.
pub(crate) const AMBIENT_CONFIG: Table = Table {
    name: "AmbientConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["provider"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["allow_api_keys"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["api_daily_budget"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["min_interval_minutes"],
            ty: Ty::Int {
                min: 0,
                max: 4294967295,
            },
            required: false,
        },
        Field {
            names: &["max_interval_minutes"],
            ty: Ty::Int {
                min: 0,
                max: 4294967295,
            },
            required: false,
        },
        Field {
            names: &["pause_on_active_session"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["proactive_work"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["work_branch_prefix"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["visible"],
            ty: Ty::Bool,
            required: false,
        },
    ],
};
/// `AuthConfig`.
pub(crate) const AUTH_CONFIG: Table = Table {
    name: "AuthConfig",
    fields: &[
        Field {
            names: &["trusted_external_sources"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
        Field {
            names: &["trusted_external_source_paths"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
    ],
};
/// `AutoJudgeConfig`.
pub(crate) const AUTO_JUDGE_CONFIG: Table = Table {
    name: "AutoJudgeConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["model"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `AutoReviewConfig`.
pub(crate) const AUTO_REVIEW_CONFIG: Table = Table {
    name: "AutoReviewConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["model"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `CompactionConfig`.
pub(crate) const COMPACTION_CONFIG: Table = Table {
    name: "CompactionConfig",
    fields: &[
        Field {
            names: &["mode"],
            ty: Ty::Enum(&["reactive", "proactive", "semantic"]),
            required: false,
        },
        Field {
            names: &["lookahead_turns"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["ewma_alpha"],
            ty: Ty::Float,
            required: false,
        },
        Field {
            names: &["proactive_floor"],
            ty: Ty::Float,
            required: false,
        },
        Field {
            names: &["min_samples"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["stall_window"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["min_turns_between_compactions"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["topic_shift_threshold"],
            ty: Ty::Float,
            required: false,
        },
        Field {
            names: &["relevance_keep_threshold"],
            ty: Ty::Float,
            required: false,
        },
        Field {
            names: &["goal_window_turns"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `Config`.
pub(crate) const CONFIG: Table = Table {
    name: "Config",
    fields: &[
        Field {
            names: &["keybindings"],
            ty: Ty::Table(&KEYBINDINGS_CONFIG),
            required: false,
        },
        Field {
            names: &["dictation"],
            ty: Ty::Table(&DICTATION_CONFIG),
            required: false,
        },
        Field {
            names: &["display"],
            ty: Ty::Table(&DISPLAY_CONFIG),
            required: false,
        },
        Field {
            names: &["features"],
            ty: Ty::Table(&FEATURE_CONFIG),
            required: false,
        },
        Field {
            names: &["websearch"],
            ty: Ty::Table(&WEB_SEARCH_CONFIG),
            required: false,
        },
        Field {
            names: &["tools"],
            ty: Ty::Table(&TOOL_CONFIG),
            required: false,
        },
        Field {
            names: &["acp"],
            ty: Ty::Table(&ACP_CONFIG),
            required: false,
        },
        Field {
            names: &["auth"],
            ty: Ty::Table(&AUTH_CONFIG),
            required: false,
        },
        Field {
            names: &["provider"],
            ty: Ty::Table(&PROVIDER_CONFIG),
            required: false,
        },
        Field {
            names: &["providers"],
            ty: Ty::Map(&Ty::Table(&NAMED_PROVIDER_CONFIG)),
            required: false,
        },
        Field {
            names: &["agents"],
            ty: Ty::Table(&AGENTS_CONFIG),
            required: false,
        },
        Field {
            names: &["terminal"],
            ty: Ty::Table(&TERMINAL_CONFIG),
            required: false,
        },
        Field {
            names: &["hooks"],
            ty: Ty::Table(&HOOKS_CONFIG),
            required: false,
        },
        Field {
            names: &["ambient"],
            ty: Ty::Table(&AMBIENT_CONFIG),
            required: false,
        },
        Field {
            names: &["safety"],
            ty: Ty::Table(&SAFETY_CONFIG),
            required: false,
        },
        Field {
            names: &["notifications"],
            ty: Ty::Table(&NOTIFICATIONS_CONFIG),
            required: false,
        },
        Field {
            names: &["gateway"],
            ty: Ty::Table(&GATEWAY_CONFIG),
            required: false,
        },
        Field {
            names: &["compaction"],
            ty: Ty::Table(&COMPACTION_CONFIG),
            required: false,
        },
        Field {
            names: &["power"],
            ty: Ty::Table(&POWER_CONFIG),
            required: false,
        },
        Field {
            names: &["autoreview"],
            ty: Ty::Table(&AUTO_REVIEW_CONFIG),
            required: false,
        },
        Field {
            names: &["autojudge"],
            ty: Ty::Table(&AUTO_JUDGE_CONFIG),
            required: false,
        },
        Field {
            names: &["sponsors"],
            ty: Ty::Table(&SPONSORS_CONFIG),
            required: false,
        },
        Field {
            names: &["launch_hotkeys"],
            ty: Ty::Table(&LAUNCH_HOTKEYS_CONFIG),
            required: false,
        },
    ],
};
/// `DictationConfig`.
pub(crate) const DICTATION_CONFIG: Table = Table {
    name: "DictationConfig",
    fields: &[
        Field {
            names: &["command"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["mode"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["key"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["timeout_secs"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `DisplayConfig`.
pub(crate) const DISPLAY_CONFIG: Table = Table {
    name: "DisplayConfig",
    fields: &[
        Field {
            names: &["diff_mode"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["show_diffs"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["queue_mode"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["auto_server_reload"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["mouse_capture"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["debug_socket"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["emoji"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["centered"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["show_thinking"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["reasoning_display"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["diagram_mode"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["markdown_spacing"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["latex_rendering"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["pin_images"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["pin_todos"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["idle_animation"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["prompt_entry_animation"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["disabled_animations"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
        Field {
            names: &["diff_line_wrap"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["performance"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["animation_fps"],
            ty: Ty::Int {
                min: 0,
                max: 4294967295,
            },
            required: false,
        },
        Field {
            names: &["redraw_fps"],
            ty: Ty::Int {
                min: 0,
                max: 4294967295,
            },
            required: false,
        },
        Field {
            names: &["prompt_preview"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["compact_notifications"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["copy_badge_alt_label"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["show_agentgrep_output"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["show_bash_output"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["tool_call_details"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["native_scrollbars"],
            ty: Ty::Table(&NATIVE_SCROLLBAR_CONFIG),
            required: false,
        },
        Field {
            names: &["keybinding_hints"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["theme"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["colors"],
            ty: Ty::Map(&Ty::Str),
            required: false,
        },
        Field {
            names: &["active_sessions_manager"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["external_sessions"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["usage_display"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["overscroll_status"],
            ty: Ty::Any,
            required: false,
        },
    ],
};
/// `FeatureConfig`.
pub(crate) const FEATURE_CONFIG: Table = Table {
    name: "FeatureConfig",
    fields: &[
        Field {
            names: &["check_updates"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["memory"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["swarm"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["mermaid"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["auto_poke"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["message_timestamps"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["persist_memory_injections"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["kv_cache_miss_notices"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["update_channel"],
            ty: Ty::Any,
            required: false,
        },
    ],
};
/// `GatewayConfig`.
pub(crate) const GATEWAY_CONFIG: Table = Table {
    name: "GatewayConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["port"],
            ty: Ty::Int { min: 0, max: 65535 },
            required: false,
        },
        Field {
            names: &["bind_addr"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `HooksConfig`.
pub(crate) const HOOKS_CONFIG: Table = Table {
    name: "HooksConfig",
    fields: &[
        Field {
            names: &["turn_start"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["turn_end"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["session_start"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["session_end"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["pre_tool"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["post_tool"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &["pre_tool_timeout_ms"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `KeybindingsConfig`.
pub(crate) const KEYBINDINGS_CONFIG: Table = Table {
    name: "KeybindingsConfig",
    fields: &[
        Field {
            names: &["scroll_up"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_down"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_page_up"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_page_down"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["model_switch_next"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["model_switch_prev"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["fallback_switch"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["effort_increase"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["effort_decrease"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["centered_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_prompt_up"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_prompt_down"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_bookmark"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["auto_poke_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_up_fallback"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["scroll_down_fallback"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["workspace_left"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["workspace_down"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["workspace_up"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["workspace_right"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["side_panel_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["copy_selection_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["diagram_pane_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["typing_scroll_lock_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["diff_mode_cycle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["info_widget_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["todo_card_toggle"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["swarm_panel_focus"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["new_terminal"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["open_resume"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["session_picker_enter"],
            ty: Ty::Enum(&["new-terminal", "current-terminal"]),
            required: false,
        },
    ],
};
/// `LaunchHotkeyEntry`.
pub(crate) const LAUNCH_HOTKEY_ENTRY: Table = Table {
    name: "LaunchHotkeyEntry",
    fields: &[
        Field {
            names: &["chord"],
            ty: Ty::Str,
            required: true,
        },
        Field {
            names: &["dir"],
            ty: Ty::Str,
            required: true,
        },
        Field {
            names: &["label"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["self_dev"],
            ty: Ty::Bool,
            required: false,
        },
    ],
};
/// `LaunchHotkeysConfig`.
pub(crate) const LAUNCH_HOTKEYS_CONFIG: Table = Table {
    name: "LaunchHotkeysConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["entries"],
            ty: Ty::Array(&Ty::Table(&LAUNCH_HOTKEY_ENTRY)),
            required: false,
        },
        Field {
            names: &["imported"],
            ty: Ty::Bool,
            required: false,
        },
    ],
};
/// `NamedProviderConfig`.
pub(crate) const NAMED_PROVIDER_CONFIG: Table = Table {
    name: "NamedProviderConfig",
    fields: &[
        Field {
            names: &["type"],
            ty: Ty::Enum(&[
                "open-ai-compatible",
                "openai-compatible",
                "openai_compatible",
                "anthropic-compatible",
                "anthropic_compatible",
                "open-router",
            ]),
            required: false,
        },
        Field {
            names: &["base_url"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["api"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["auth"],
            ty: Ty::Enum(&["bearer", "header", "none"]),
            required: false,
        },
        Field {
            names: &["auth_header"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["headers"],
            ty: Ty::Map(&Ty::Str),
            required: false,
        },
        Field {
            names: &["api_key_env"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["api_key"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["env_file"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["default_model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["requires_api_key"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["provider_routing"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["model_catalog"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["allow_provider_pinning"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["models"],
            ty: Ty::Array(&Ty::Table(&NAMED_PROVIDER_MODEL_CONFIG)),
            required: false,
        },
        Field {
            names: &["extra_body", "extra-body"],
            ty: Ty::Any,
            required: false,
        },
        Field {
            names: &[
                "supports_reasoning_effort",
                "supports-reasoning-effort",
                "reasoning_effort",
            ],
            ty: Ty::Bool,
            required: false,
        },
    ],
};
/// `NamedProviderModelConfig`.
pub(crate) const NAMED_PROVIDER_MODEL_CONFIG: Table = Table {
    name: "NamedProviderModelConfig",
    fields: &[
        Field {
            names: &["id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &[
                "context_window",
                "context_limit",
                "context-length",
                "context-window",
                "context_length",
            ],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["input"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
    ],
};
/// `NativeScrollbarConfig`.
pub(crate) const NATIVE_SCROLLBAR_CONFIG: Table = Table {
    name: "NativeScrollbarConfig",
    fields: &[
        Field {
            names: &["chat"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["side_panel"],
            ty: Ty::Bool,
            required: false,
        },
    ],
};
/// `NotificationsConfig`.
pub(crate) const NOTIFICATIONS_CONFIG: Table = Table {
    name: "NotificationsConfig",
    fields: &[
        Field {
            names: &["turn_complete"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["turn_complete_min_secs"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["turn_complete_todo_min_secs"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["turn_complete_only_when_unfocused"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["turn_complete_sound"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `PowerConfig`.
pub(crate) const POWER_CONFIG: Table = Table {
    name: "PowerConfig",
    fields: &[Field {
        names: &["prevent_sleep_while_streaming"],
        ty: Ty::Bool,
        required: false,
    }],
};
/// `ProviderConfig`.
pub(crate) const PROVIDER_CONFIG: Table = Table {
    name: "ProviderConfig",
    fields: &[
        Field {
            names: &["default_model"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["default_provider"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["openai_reasoning_effort"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["anthropic_reasoning_effort"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["openai_transport"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["openai_service_tier"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["openai_native_compaction_mode"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["openai_native_compaction_threshold_tokens"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["preserve_reasoning_context"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["cross_provider_failover"],
            ty: Ty::Enum(&["countdown", "manual"]),
            required: false,
        },
        Field {
            names: &["same_provider_account_failover"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["copilot_premium"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["model_picker_providers"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
        Field {
            names: &["stream_idle_timeout_secs"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
        Field {
            names: &["max_retries"],
            ty: Ty::Int {
                min: 0,
                max: 4294967295,
            },
            required: false,
        },
        Field {
            names: &["retry_backoff_cap_secs"],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `SafetyConfig`.
pub(crate) const SAFETY_CONFIG: Table = Table {
    name: "SafetyConfig",
    fields: &[
        Field {
            names: &["ntfy_topic"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["ntfy_server"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["desktop_notifications"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["email_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["email_to"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["email_smtp_host"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["email_smtp_port"],
            ty: Ty::Int { min: 0, max: 65535 },
            required: false,
        },
        Field {
            names: &["email_from"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["email_password"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["email_imap_host"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["email_imap_port"],
            ty: Ty::Int { min: 0, max: 65535 },
            required: false,
        },
        Field {
            names: &["email_reply_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["telegram_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["telegram_bot_token"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["telegram_chat_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["telegram_reply_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["discord_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["discord_bot_token"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["discord_channel_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["discord_bot_user_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["discord_reply_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["jade_relay_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["jade_relay_api_base"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["jade_relay_token"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["jade_relay_token_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["jade_relay_user_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["jade_relay_session_id"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["jade_relay_reply_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["jade_relay_launch_enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["jade_relay_launch_working_dir"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `SponsorsConfig`.
pub(crate) const SPONSORS_CONFIG: Table = Table {
    name: "SponsorsConfig",
    fields: &[
        Field {
            names: &["enabled"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["endpoint"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `TerminalConfig`.
pub(crate) const TERMINAL_CONFIG: Table = Table {
    name: "TerminalConfig",
    fields: &[
        Field {
            names: &["spawn_hook"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["focus_hook"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["preferred"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
/// `ToolConfig`.
pub(crate) const TOOL_CONFIG: Table = Table {
    name: "ToolConfig",
    fields: &[
        Field {
            names: &["profile"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["enabled"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
        Field {
            names: &["disabled"],
            ty: Ty::Array(&Ty::Str),
            required: false,
        },
        Field {
            names: &["disable_base_tools"],
            ty: Ty::Bool,
            required: false,
        },
        Field {
            names: &["mcp_tools"],
            ty: Ty::Enum(&["auto", "eager", "deferred"]),
            required: false,
        },
        Field {
            names: &[
                "mcp_tools_token_threshold",
                "mcp_tools_threshold",
                "mcp_tools_auto_threshold",
                "mcp_tools_auto_threshold_tokens",
            ],
            ty: Ty::Int {
                min: 0,
                max: i64::MAX,
            },
            required: false,
        },
    ],
};
/// `WebSearchConfig`.
pub(crate) const WEB_SEARCH_CONFIG: Table = Table {
    name: "WebSearchConfig",
    fields: &[
        Field {
            names: &["engine"],
            ty: Ty::Enum(&["duckduckgo", "bing", "searxng"]),
            required: false,
        },
        Field {
            names: &["fallback_engines"],
            ty: Ty::Array(&Ty::Enum(&["duckduckgo", "bing", "searxng"])),
            required: false,
        },
        Field {
            names: &["bing_api_key"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["bing_api_key_env"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["bing_market"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["searxng_url"],
            ty: Ty::Str,
            required: false,
        },
        Field {
            names: &["searxng_url_env"],
            ty: Ty::Str,
            required: false,
        },
    ],
};
