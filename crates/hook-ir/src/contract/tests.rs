//! Pins every number and decision of the contract table to its source in
//! `shared/reference/conventions.md` (cited per test).

use super::*;

fn rules(c: Convention, e: &str) -> Rules {
    *find(c, e)
        .and_then(|r| r.rules())
        .unwrap_or_else(|| panic!("{c} {e} not accepted"))
}

#[test]
fn jcode_numbers_conventions_md_section_1() {
    // §1 "pre_tool_timeout_ms (u64, default 5000)", "The runner uses max(1, value)".
    assert_eq!(limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS, 5000);
    assert_eq!(limits::jcode::PRE_TOOL_TIMEOUT_FLOOR_MS, 1);
    // §1 "exit 2 → block with stderr trimmed, cut to 2000 bytes ... (empty → `blocked by pre_tool hook`)".
    assert_eq!(limits::jcode::BLOCK_EXIT_CODE, 2);
    assert_eq!(limits::jcode::BLOCK_REASON_MAX_BYTES, 2000);
    assert_eq!(
        limits::jcode::DEFAULT_BLOCK_REASON,
        "blocked by pre_tool hook"
    );
    // §1 "Cut to 16,384 bytes at a UTF-8 boundary", "TOOL_INPUT (16 KB cut)".
    assert_eq!(limits::jcode::PAYLOAD_MAX_BYTES, 16_384);
    assert_eq!(limits::jcode::TOOL_INPUT_MAX_BYTES, 16_384);
    // §1 "LAST_ASSISTANT_TEXT (first 4000 characters ...)", "ERROR (1000 chars, on failure)".
    assert_eq!(limits::jcode::LAST_ASSISTANT_TEXT_MAX_CHARS, 4000);
    assert_eq!(limits::jcode::ERROR_MAX_CHARS, 1000);
    // §1 "Config is re-read on change (≈500 ms polling ...)".
    assert_eq!(limits::jcode::CONFIG_POLL_MS, 500);
    let gate = rules(Convention::Jcode, "pre_tool");
    assert_eq!(
        gate.timeout,
        Timeout::Configurable {
            unit: TimeoutUnit::Milliseconds,
            default: 5000,
            min: 1,
            max: None
        }
    );
    assert_eq!(gate.ordering, Ordering::Sequential);
    assert_eq!(gate.on_error, OnError::FailOpen);
    assert!(gate.can_block);
}

#[test]
fn jcode_slots_and_observers_conventions_md_section_1() {
    // §1 Observers: "spawned detached (setsid) ... no timeout, exit codes ignored".
    for (slot, kind) in [
        ("turn_start", Kind::UserPromptSubmit),
        ("turn_end", Kind::Stop),
        ("session_start", Kind::SessionStart),
        ("session_end", Kind::SessionShutdown),
        ("post_tool", Kind::PostToolUse),
    ] {
        let row = find(Convention::Jcode, slot).unwrap();
        assert_eq!(row.kind(), Some(kind), "{slot}");
        let r = row.rules().unwrap();
        assert_eq!(r.ordering, Ordering::Detached, "{slot}");
        assert_eq!(r.timeout, Timeout::None, "{slot}");
        assert!(!r.can_block, "{slot}: jcode observers can never block");
    }
    assert_eq!(events_of(Convention::Jcode).count(), 6);
}

#[test]
fn jarvis_numbers_and_events_conventions_md_section_2() {
    // §2 "timeout (optional integer seconds, 1..=600, default 30)".
    let r = rules(Convention::Jarvis, "PreToolUse");
    assert_eq!(
        r.timeout,
        Timeout::Configurable {
            unit: TimeoutUnit::Seconds,
            default: 30,
            min: 1,
            max: Some(600)
        }
    );
    assert_eq!(r.timeout.default_ms(), Some(30_000));
    // §2 "SIGTERM to the process group, SIGKILL 100 ms later".
    assert_eq!(limits::jarvis::KILL_GRACE_MS, 100);
    // §2 "PostToolUse adds tool_output (text, 2000 chars)".
    assert_eq!(limits::jarvis::TOOL_OUTPUT_MAX_CHARS, 2000);
    // §2 "exit 2 → block", "at most once per turn", client_type "kimi_code_cli".
    assert_eq!(limits::jarvis::BLOCK_EXIT_CODE, 2);
    assert_eq!(limits::jarvis::STOP_CONTINUATIONS_PER_TURN, 1);
    assert_eq!(limits::jarvis::CLIENT_TYPE, "kimi_code_cli");
    assert_eq!(r.ordering, Ordering::Parallel);
    // §2 "Events (in this order)": all 20, six mapped, fourteen outside the IR.
    let names: Vec<_> = events_of(Convention::Jarvis).map(|c| c.event).collect();
    assert_eq!(
        names,
        [
            "PreToolUse",
            "PostToolUse",
            "PostToolUseFailure",
            "PermissionRequest",
            "PermissionResult",
            "UserPromptSubmit",
            "UserPromptQueued",
            "TurnStarted",
            "Stop",
            "StopFailure",
            "Interrupt",
            "SessionStart",
            "SessionEnd",
            "SessionHeartbeat",
            "SubagentStart",
            "SubagentStop",
            "TaskStarted",
            "PreCompact",
            "PostCompact",
            "Notification"
        ]
    );
    let outside = events_of(Convention::Jarvis)
        .filter(|c| {
            c.mapping
                == Mapping::Rejected {
                    code: Code::UnsupportedConventionEvent,
                }
        })
        .count();
    assert_eq!(outside, 14);
    // §2 "Blocking: PreToolUse, Stop, UserPromptSubmit. All others are observers."
    let blocking: Vec<_> = events_of(Convention::Jarvis)
        .filter(|c| c.rules().is_some_and(|r| r.can_block))
        .map(|c| c.event)
        .collect();
    assert_eq!(blocking, ["PreToolUse", "UserPromptSubmit", "Stop"]);
    // §2 matched value "empty string otherwise" (Stop).
    assert_eq!(
        find(Convention::Jarvis, "Stop").unwrap().matched,
        MatchedValue::AlwaysEmpty
    );
}

#[test]
fn gjc_runner_contract_conventions_md_section_3() {
    // §3 "tool_call: no timeout; ... a thrown error fails closed".
    let tc = rules(Convention::Gjc, "tool_call");
    assert_eq!(tc.timeout, Timeout::None);
    assert_eq!(tc.on_error, OnError::FailClosed);
    assert_eq!(tc.ordering, Ordering::Sequential);
    // §3 "tool_result: 30 s per handler ... errors isolated".
    let tr = rules(Convention::Gjc, "tool_result");
    assert_eq!(tr.timeout, Timeout::Fixed { ms: 30_000 });
    assert_eq!(tr.on_error, OnError::Isolated);
    assert_eq!(tr.mutates, &[Mutation::ToolResult]);
    // §3 "other events: 30 s ...; the code uses 60 s for session_shutdown".
    assert_eq!(
        rules(Convention::Gjc, "session_shutdown").timeout,
        Timeout::Fixed { ms: 30_000 }
    );
    assert_eq!(limits::gjc::SESSION_SHUTDOWN_CODE_TIMEOUT_MS, 60_000);
    // §3 in-process mapping and the turn_end decision.
    for (e, k) in [
        ("before_agent_start", Kind::UserPromptSubmit),
        ("tool_call", Kind::PreToolUse),
        ("tool_result", Kind::PostToolUse),
        ("agent_end", Kind::Stop),
        ("session_start", Kind::SessionStart),
        ("session_shutdown", Kind::SessionShutdown),
    ] {
        assert_eq!(find(Convention::Gjc, e).unwrap().kind(), Some(k), "{e}");
    }
    assert_eq!(
        find(Convention::Gjc, "turn_end").unwrap().mapping,
        Mapping::Rejected {
            code: Code::SemanticMismatch
        }
    );
    // "Any other event ... → warning in_process_event_outside_hook_ir".
    assert_eq!(lookup(Convention::Gjc, "session_tree"), Lookup::OutsideIr);
    // §3 managed Codex entries: "Stop also "timeout": 30".
    assert_eq!(limits::gjc::MANAGED_STOP_TIMEOUT_S, 30);
    assert_eq!(limits::gjc::MANAGED_COMMAND, "gjc codex-native-hook");
    assert_eq!(limits::gjc::MANAGED_STATUS_MESSAGE, "GJC skill state");
}

#[test]
fn plugin_shapes_conventions_md_section_3() {
    let p = Convention::GjcPlugin;
    assert_eq!(
        find(p, "tool_call/before").unwrap().kind(),
        Some(Kind::PreToolUse)
    );
    let after = find(p, "tool_call/after").unwrap();
    assert_eq!(after.kind(), Some(Kind::PostToolUse));
    assert!(
        !after.rules().unwrap().can_block,
        "tool_call/after cannot cancel"
    );
    assert_eq!(
        find(p, "tool_result/after").unwrap().kind(),
        Some(Kind::PostToolUse)
    );
    for alias in ["pre_tool_use", "UserPromptSubmit", "Stop", "agent_end"] {
        assert_eq!(
            find(p, alias).unwrap().mapping,
            Mapping::Rejected {
                code: Code::UnrecognizedPluginEvent
            },
            "{alias}"
        );
    }
    assert_eq!(
        rules(p, "tool_call/before").authority,
        Authority::ConstrainedApi
    );
}

#[test]
fn codex_numbers_conventions_md_section_4() {
    // §4 "timeout seconds, default 600, minimum 1"; the shell as Codex 0.171.0 runs it (issue 11,
    // item 1: `/bin/bash -c <command>` with SHELL=/bin/sh; `codex-rs/core/src/shell.rs`).
    assert_eq!(
        rules(Convention::CodexJson, "PreToolUse").timeout,
        Timeout::Configurable {
            unit: TimeoutUnit::Seconds,
            default: 600,
            min: 1,
            max: None
        }
    );
    assert_eq!(limits::codex::SHELL_FLAG, "-c");
    assert_eq!(limits::codex::LOGIN_SHELLS, ["bash", "zsh", "sh"]);
    assert_eq!(limits::codex::LAST_RESORT_SHELL, "/bin/sh");
    assert_eq!(limits::codex::BLOCK_EXIT_CODE, 2);
    // §4 matchers "Honoured only on PreToolUse, PermissionRequest, PostToolUse, SessionStart";
    // newer Codex versions also select SubagentStart/SubagentStop handlers by `agent_type`
    // (openai/codex@bde5e18 `subagent_start.rs`, @c59b6dc `subagent_stop.rs`).
    let honoured: Vec<_> = events_of(Convention::CodexJson)
        .filter(|c| c.matched != MatchedValue::Ignored)
        .map(|c| c.event)
        .collect();
    assert_eq!(
        honoured,
        [
            "PreToolUse",
            "PermissionRequest",
            "PostToolUse",
            "SessionStart",
            "SubagentStart",
            "SubagentStop"
        ]
    );
    assert_eq!(
        rules(Convention::CodexJson, "Stop").authority,
        Authority::ProviderOwned
    );
}

#[test]
fn claude_numbers_conventions_md_section_5() {
    // §5 "timeout seconds (default 600 for command)".
    assert_eq!(
        rules(Convention::ClaudeSettings, "PreToolUse")
            .timeout
            .default_ms(),
        Some(600_000)
    );
    assert_eq!(limits::claude::BLOCK_EXIT_CODE, 2);
    assert_eq!(
        find(Convention::ClaudeSettings, "SessionEnd")
            .unwrap()
            .kind(),
        Some(Kind::SessionShutdown)
    );
}

#[test]
fn claude_events_conventions_md_section_5() {
    // §5: every event Claude defines is known; the six kinds map (`SessionEnd` →
    // session_shutdown); every other event is an `unsupported_convention_event`.
    let mapped: Vec<_> = events_of(Convention::ClaudeSettings)
        .filter_map(|c| c.kind().map(|k| (c.event, k)))
        .collect();
    assert_eq!(
        mapped,
        [
            ("PreToolUse", Kind::PreToolUse),
            ("PostToolUse", Kind::PostToolUse),
            ("UserPromptSubmit", Kind::UserPromptSubmit),
            ("Stop", Kind::Stop),
            ("SessionStart", Kind::SessionStart),
            ("SessionEnd", Kind::SessionShutdown),
        ]
    );
    let mut outside: Vec<_> = events_of(Convention::ClaudeSettings)
        .filter(|c| {
            c.mapping
                == Mapping::Rejected {
                    code: Code::UnsupportedConventionEvent,
                }
        })
        .map(|c| c.event)
        .collect();
    outside.sort_unstable();
    assert_eq!(
        outside,
        [
            "ConfigChange",
            "CwdChanged",
            "Elicitation",
            "ElicitationResult",
            "FileChanged",
            "InstructionsLoaded",
            "Notification",
            "PermissionDenied",
            "PermissionRequest",
            "PostCompact",
            "PostToolBatch",
            "PostToolUseFailure",
            "PreCompact",
            "Setup",
            "StopFailure",
            "SubagentStart",
            "SubagentStop",
            "TaskCompleted",
            "TaskCreated",
            "TeammateIdle",
            "UserPromptExpansion",
            "WorktreeCreate",
            "WorktreeRemove",
        ]
    );
    // §5 "Events without matchers ignore them": prompt submit and stop among them.
    for e in ["UserPromptSubmit", "Stop", "PostToolBatch", "CwdChanged"] {
        assert_eq!(
            find(Convention::ClaudeSettings, e).unwrap().matched,
            MatchedValue::Ignored,
            "{e}"
        );
    }
    // Tool events match the tool name.
    for e in [
        "PreToolUse",
        "PostToolUse",
        "PermissionRequest",
        "PermissionDenied",
    ] {
        assert_eq!(
            find(Convention::ClaudeSettings, e).unwrap().matched,
            MatchedValue::ToolName,
            "{e}"
        );
    }
    // §5 "Event keys are case-sensitive": a mis-cased name is unknown, with a did-you-mean.
    assert_eq!(
        lookup(Convention::ClaudeSettings, "preToolUse"),
        Lookup::Unknown {
            suggestion: Some("PreToolUse")
        }
    );
    // The timeout that probably meant milliseconds.
    assert_eq!(limits::claude::TIMEOUT_LOOKS_LIKE_MS_S, 1000);
}

#[test]
fn every_convention_maps_only_known_kinds_and_rows_are_unique() {
    let mut seen = std::collections::HashSet::new();
    for row in contracts() {
        assert!(
            seen.insert((row.convention, row.event)),
            "duplicate row {} {}",
            row.convention,
            row.event
        );
    }
    for c in Convention::ALL {
        assert!(events_of(c).count() > 0, "{c} has no rows");
    }
}

#[test]
fn unknown_names_get_a_did_you_mean_including_case_mistakes() {
    assert_eq!(
        lookup(Convention::Jarvis, "pretooluse"),
        Lookup::Unknown {
            suggestion: Some("PreToolUse")
        }
    );
    assert_eq!(
        lookup(Convention::CodexJson, "UserPromptSubmitt"),
        Lookup::Unknown {
            suggestion: Some("UserPromptSubmit")
        }
    );
    assert_eq!(
        lookup(Convention::Jarvis, "zzzz"),
        Lookup::Unknown { suggestion: None }
    );
}

#[test]
fn runner_shells_conventions_md_sections_2_and_5() {
    // §2 "`/bin/sh -c <command>`"; §5 "`sh -c` on Unix", "Env: `CLAUDE_PROJECT_DIR`".
    assert_eq!(limits::jarvis::SHELL, "/bin/sh");
    assert_eq!(limits::claude::SHELL, "/bin/sh");
    assert_eq!(limits::claude::PROJECT_DIR_ENV, "CLAUDE_PROJECT_DIR");
    // §1 "`JCODE_HOOK_PAYLOAD` ... Cut to 16,384 bytes"; "TOOL_INPUT (16 KB cut)".
    assert_eq!(limits::jcode::PAYLOAD_MAX_BYTES, 16_384);
    assert_eq!(limits::jcode::TOOL_INPUT_MAX_BYTES, 16_384);
}

#[test]
fn session_end_timeouts_follow_the_real_agents() {
    // Codex 0.171.0 `hooks/list`: `timeoutSec: 1` for a SessionEnd hook without timeout, 3 for
    // `timeout: 10` (clamped, with a warning), 600 for every other event (issue 11, item 2).
    let codex = rules(Convention::CodexJson, "SessionEnd").timeout;
    assert_eq!(codex.effective_ms(None), Some(1000));
    assert_eq!(codex.effective_ms(Some(10_000)), Some(3000));
    assert_eq!(codex.effective_ms(Some(2000)), Some(2000));
    assert_eq!(codex.budget_ms(Some(10_000)), None);
    assert_eq!(
        rules(Convention::CodexJson, "Stop")
            .timeout
            .effective_ms(None),
        Some(600_000)
    );
    // Claude Code 2.1.332: SessionEnd hooks share a budget of max(1500, min(largest timeout,
    // 60000)) ms; each hook keeps its own timeout (default 600 s) inside it.
    let claude = rules(Convention::ClaudeSettings, "SessionEnd").timeout;
    assert_eq!(claude.budget_ms(None), Some(1500));
    assert_eq!(claude.budget_ms(Some(10_000)), Some(10_000));
    assert_eq!(claude.budget_ms(Some(1000)), Some(1500));
    assert_eq!(claude.budget_ms(Some(600_000)), Some(60_000));
    assert_eq!(claude.effective_ms(None), Some(600_000));
    assert_eq!(
        rules(Convention::ClaudeSettings, "Stop")
            .timeout
            .budget_ms(None),
        None
    );
}

#[test]
fn codex_runs_every_copy_and_replaces_post_tool_output() {
    // Issue 11 items 3 and 4 (Codex 0.171.0 observed; Claude Code 2.1.332 runs an identical
    // command once).
    assert!(runs_every_copy(Convention::CodexJson));
    assert!(!runs_every_copy(Convention::ClaudeSettings));
    assert!(rules(Convention::CodexJson, "PostToolUse")
        .mutates
        .contains(&Mutation::ToolResult));
    assert!(!rules(Convention::ClaudeSettings, "PostToolUse")
        .mutates
        .contains(&Mutation::ToolResult));
}

#[test]
fn gemini_numbers_gemini_cli_0_61_0_hook_runner() {
    // packages/core/src/hooks/hookRunner.ts: `DEFAULT_HOOK_TIMEOUT = 60000` (ms), SIGTERM on
    // timeout then SIGKILL `setTimeout(..., 5000)` later, `EXIT_CODE_NON_BLOCKING_ERROR = 1`,
    // "All other non-zero exit codes (including 2) are blocking".
    assert_eq!(limits::gemini::TIMEOUT_DEFAULT_MS, 60_000);
    assert_eq!(limits::gemini::KILL_GRACE_MS, 5_000);
    assert_eq!(limits::gemini::WARNING_EXIT_CODE, 1);
    assert_eq!(limits::gemini::BLOCK_EXIT_CODE, 2);
    // packages/core/src/utils/shell-utils.ts `getShellConfiguration`: `bash -c` off Windows.
    assert_eq!(limits::gemini::SHELL, "bash");
    // hookRunner.ts `executeCommandHook` env: GEMINI_PROJECT_DIR, GEMINI_CWD,
    // CLAUDE_PROJECT_DIR = input.cwd; GEMINI_SESSION_ID = input.session_id.
    assert_eq!(
        limits::gemini::PROJECT_DIR_ENVS,
        ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"]
    );
    assert_eq!(limits::gemini::SESSION_ID_ENV, "GEMINI_SESSION_ID");
    // packages/cli/src/config/settings.ts `loadSettings`: an unreadable settings layer throws
    // `FatalConfigError` (`super(message, 52)`); recorded live by `syntax_trailing_comma`.
    assert_eq!(limits::gemini::CONFIG_ERROR_EXIT, 52);
    // packages/cli/src/config/settings.ts `getSystemSettingsPath`/`getSystemDefaultsPath` (Linux).
    assert_eq!(
        limits::gemini::SYSTEM_SETTINGS,
        "/etc/gemini-cli/settings.json"
    );
    assert_eq!(
        limits::gemini::SYSTEM_DEFAULTS,
        "/etc/gemini-cli/system-defaults.json"
    );
    let before = rules(Convention::GeminiSettings, "BeforeTool");
    assert_eq!(
        before.timeout,
        Timeout::Configurable {
            unit: TimeoutUnit::Milliseconds,
            default: 60_000,
            min: 1,
            max: None
        }
    );
    assert!(before.can_block);
    assert_eq!(before.mutates, &[Mutation::ToolInput]);
    assert_eq!(before.ordering, Ordering::Parallel);
    assert_eq!(before.trust, Trust::FolderTrust);
}

#[test]
fn gemini_events_gemini_cli_0_61_0_types_ts() {
    // packages/core/src/hooks/types.ts `HookEventName`, in the enum's order; the six kinds map,
    // the other five are valid events outside them.
    let all: Vec<_> = events_of(Convention::GeminiSettings)
        .map(|c| c.event)
        .collect();
    assert_eq!(
        all,
        [
            "BeforeTool",
            "AfterTool",
            "BeforeAgent",
            "Notification",
            "AfterAgent",
            "SessionStart",
            "SessionEnd",
            "PreCompress",
            "BeforeModel",
            "AfterModel",
            "BeforeToolSelection"
        ]
    );
    let mapped: Vec<_> = events_of(Convention::GeminiSettings)
        .filter_map(|c| c.kind().map(|k| (c.event, k)))
        .collect();
    assert_eq!(
        mapped,
        [
            ("BeforeTool", Kind::PreToolUse),
            ("AfterTool", Kind::PostToolUse),
            ("BeforeAgent", Kind::UserPromptSubmit),
            ("AfterAgent", Kind::Stop),
            ("SessionStart", Kind::SessionStart),
            ("SessionEnd", Kind::SessionShutdown),
        ]
    );
    // hookPlanner.ts `matchesContext`: tool events test the tool name; SessionStart/SessionEnd/
    // PreCompress pass a trigger compared exactly; every other event passes no context.
    let matched = |e| find(Convention::GeminiSettings, e).unwrap().matched;
    assert_eq!(matched("BeforeTool"), MatchedValue::ToolName);
    assert_eq!(matched("SessionStart"), MatchedValue::Source);
    assert_eq!(matched("SessionEnd"), MatchedValue::Reason);
    for e in ["BeforeAgent", "AfterAgent", "Notification", "BeforeModel"] {
        assert_eq!(matched(e), MatchedValue::Ignored, "{e}");
    }
    assert_eq!(
        lookup(Convention::GeminiSettings, "beforeTool"),
        Lookup::Unknown {
            suggestion: Some("BeforeTool")
        }
    );
}

#[test]
fn qwen_numbers_qwen_code_0_24_4() {
    // conformance/notes/qwen.md: core/hooks/hook-timeout.ts (60 s default, values >= 1000 are
    // legacy ms; live qwen_timeout_seconds, qwen_timeout_legacy_ms), HOOK_TERMINATE_GRACE_MS,
    // MAX_OUTPUT_LENGTH2, getShellConfiguration (`bash -c`), storage-paths-lite.ts.
    assert_eq!(limits::qwen::TIMEOUT_DEFAULT_S, 60);
    assert_eq!(limits::qwen::LEGACY_MS_THRESHOLD, 1000);
    assert_eq!(limits::qwen::KILL_GRACE_MS, 2_000);
    assert_eq!(limits::qwen::BLOCK_EXIT_CODE, 2);
    assert_eq!(limits::qwen::OUTPUT_CAP_BYTES, 1 << 20);
    assert_eq!(limits::qwen::SHELL, "bash");
    assert_eq!(limits::qwen::PROJECT_DIR_ENV, "QWEN_PROJECT_DIR");
    assert_eq!(
        limits::qwen::SYSTEM_SETTINGS,
        "/etc/qwen-code/settings.json"
    );
    assert_eq!(
        limits::qwen::SYSTEM_DEFAULTS,
        "/etc/qwen-code/system-defaults.json"
    );
    assert_eq!(limits::qwen::USER_SETTINGS, ".qwen/settings.json");
    assert_eq!(limits::qwen::TRUSTED_FOLDERS, ".qwen/trustedFolders.json");
    let pre = rules(Convention::QwenSettings, "PreToolUse");
    assert_eq!(
        pre.timeout,
        Timeout::Configurable {
            unit: TimeoutUnit::Seconds,
            default: 60,
            min: 1,
            max: None
        }
    );
    assert!(pre.can_block);
    // live qwen_pre_updated_input: the original command ran.
    assert!(pre.mutates.is_empty());
    assert_eq!(pre.ordering, Ordering::Parallel);
    assert_eq!(pre.trust, Trust::FolderTrust);
    let row = runtime(Convention::QwenSettings).unwrap();
    assert_eq!(row.answer, AnswerFormat::QwenJson);
    assert_eq!(row.kill, KillRule::TermThenKill { grace_ms: 2_000 });
    assert_eq!(row.dedupe, Dedupe::IdenticalCommand);
}

#[test]
fn qwen_events_qwen_code_0_24_4_hook_event_name() {
    // core/hooks/types.ts `HookEventName` (chunks/chunk-QA5TENCT.js:96-117), in its order.
    let all: Vec<_> = events_of(Convention::QwenSettings)
        .map(|c| c.event)
        .collect();
    assert_eq!(all.len(), 22);
    assert_eq!(all[0], "PreToolUse");
    assert_eq!(all[21], "InstructionsLoaded");
    let mapped: Vec<_> = events_of(Convention::QwenSettings)
        .filter_map(|c| c.kind().map(|k| (c.event, k)))
        .collect();
    assert_eq!(
        mapped,
        [
            ("PreToolUse", Kind::PreToolUse),
            ("PostToolUse", Kind::PostToolUse),
            ("UserPromptSubmit", Kind::UserPromptSubmit),
            ("SessionStart", Kind::SessionStart),
            ("Stop", Kind::Stop),
            ("SessionEnd", Kind::SessionShutdown),
        ]
    );
    // Live qwen_invalid_event_name: camelCase is skipped.
    assert_eq!(
        lookup(Convention::QwenSettings, "preToolUse"),
        Lookup::Unknown {
            suggestion: Some("PreToolUse")
        }
    );
}

/// Issue 12: per-convention behaviour is data. Kimi Code's `buildHookSpawnOptions`
/// (`detached: process.platform !== 'win32'`), `killProcess` (SIGTERM, SIGKILL 100 ms later),
/// `runMatchedHooks` (dedupe by cwd + command), `runStop` (`stopHookContinuationUsed`) and
/// `notifyPostToolUse` (`fireAndForget`), MoonshotAI/kimi-code@d723cc4; jcode's gate found by its
/// rules (sequential, can block), not by its name.
#[test]
fn runtime_rows_carry_each_conventions_behaviour() {
    for c in Convention::ALL {
        assert!(runtime(c).is_some(), "{c} has a runtime row");
    }
    let jarvis = runtime(Convention::Jarvis).unwrap();
    assert_eq!(jarvis.process, ProcessMode::SessionLeader);
    assert_eq!(jarvis.kill, KillRule::TermThenKill { grace_ms: 100 });
    assert_eq!(jarvis.dedupe, Dedupe::IdenticalCommand);
    assert_eq!(jarvis.answer, AnswerFormat::KimiJson);
    assert_eq!(jarvis.continuation, ContinuationRule::OncePerTurn);
    let post = rules(Convention::Jarvis, "PostToolUse");
    assert_eq!(post.ordering, Ordering::FireAndForget);
    assert_eq!(post.skip_when, &[SkipWhen::ToolFailed]);
    assert_eq!(
        rules(Convention::Jarvis, "Stop").skip_when,
        &[
            SkipWhen::StepEndedWithToolCalls,
            SkipWhen::ContinuedThisTurn
        ]
    );
    assert_eq!(
        rules(Convention::Jarvis, "UserPromptSubmit").skip_when,
        &[SkipWhen::NotUserPrompt]
    );
    let jcode = runtime(Convention::Jcode).unwrap();
    assert_eq!(
        (jcode.launch, jcode.dedupe),
        (Launch::Argv, Dedupe::EveryCopy)
    );
    let gates: Vec<&str> = events_of(Convention::Jcode)
        .filter(|r| {
            r.rules()
                .is_some_and(|r| r.ordering == Ordering::Sequential && r.can_block)
        })
        .map(|r| r.event)
        .collect();
    assert_eq!(gates, ["pre_tool"]);
    assert!(runs_every_copy(Convention::Jcode) && !runs_every_copy(Convention::Jarvis));
}

#[test]
fn bridge_limits_docs_bridge_md() {
    // docs/bridge.md "Timeouts": the bridge answers 2 s before its entry's timeout; bridges
    // nested deeper than 4 levels run nothing; the depth travels in HOOKS_BRIDGE_DEPTH.
    assert_eq!(limits::bridge::DEADLINE_MARGIN_MS, 2000);
    assert_eq!(limits::bridge::WARM_HOST_IDLE_MS, 600_000);
    assert_eq!(limits::bridge::WARM_HOST_IDLE_ENV, "HOOKS_BRIDGE_IDLE_MS");
    assert_eq!(limits::bridge::MAX_DEPTH, 4);
    assert_eq!(limits::bridge::DEPTH_ENV, "HOOKS_BRIDGE_DEPTH");
}

/// The runner's variables (`limits::claude::PROJECT_DIR_ENV`, `limits::gemini::PROJECT_DIR_ENVS`)
/// are the project-directory rows of the agent-variable table: the variables the runner sets
/// are those `hooks import` and `foreign_agent_variable` count on.
#[test]
fn the_runners_project_dir_variables_are_the_tables() {
    use super::variables::{all, Meaning};
    let rows = |c: Convention| -> Vec<&str> {
        all()
            .filter(|v| v.convention == c && v.meaning == Meaning::ProjectDir)
            .map(|v| v.name)
            .collect()
    };
    assert_eq!(
        rows(Convention::ClaudeSettings),
        [limits::claude::PROJECT_DIR_ENV]
    );
    assert_eq!(
        rows(Convention::GeminiSettings),
        limits::gemini::PROJECT_DIR_ENVS
    );
    assert_eq!(
        rows(Convention::QwenSettings)[0],
        limits::qwen::PROJECT_DIR_ENV
    );
    // Codex hooks.json and Jarvis hooks get no agent variable (discovery.rs, runHook.ts).
    for c in [Convention::CodexJson, Convention::Jarvis] {
        assert!(all().all(|v| v.convention != c), "{c}");
    }
    // Every row names its source.
    assert!(all().all(|v| !v.source.is_empty()));
}

/// GitHub Copilot CLI 1.0.102, recorded live (conformance/traces/copilot-1.0.102, the
/// trace named in each comment).
#[test]
fn copilot_numbers_copilot_cli_1_0_102_traces() {
    // copilot_timeout_default: no timeoutSec, a 33 s hook is killed at 30 s.
    assert_eq!(limits::copilot::TIMEOUT_DEFAULT_S, 30);
    assert_eq!(
        rules(Convention::CopilotHooks, "preToolUse")
            .timeout
            .default_ms(),
        Some(30_000)
    );
    // copilot_post_context_cap: the joined guidance keeps its first 10240 bytes.
    assert_eq!(limits::copilot::CONTEXT_CAP_BYTES, 10_240);
    // copilot_stop_block_cap: 8 continuations, 9 agentStop firings; the bridge's default
    // loop limit is that cap.
    assert_eq!(limits::copilot::AGENT_STOP_CAP, 8);
    assert_eq!(limits::bridge::LOOP_LIMIT, limits::copilot::AGENT_STOP_CAP);
    assert_eq!(
        runtime(Convention::CopilotHooks).unwrap().continuation,
        ContinuationRule::Capped { max: 8 }
    );
    // copilot_bad_version / copilot_no_version.
    assert_eq!(limits::copilot::FILE_VERSION, 1);
    assert_eq!(limits::copilot::BLOCK_EXIT_CODE, 2);
    assert_eq!(
        limits::copilot::PROJECT_DIR_ENVS,
        ["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"]
    );
    assert_eq!(
        runtime(Convention::CopilotHooks).unwrap().answer,
        AnswerFormat::CopilotJson
    );
}

#[test]
fn copilot_events_both_dialects_copilot_cli_1_0_102() {
    // copilot_six_kinds (camelCase) and copilot_pascal_dialect (PascalCase) fire the six kinds.
    let six = [
        ("sessionStart", "SessionStart", Kind::SessionStart),
        (
            "userPromptSubmitted",
            "UserPromptSubmit",
            Kind::UserPromptSubmit,
        ),
        ("preToolUse", "PreToolUse", Kind::PreToolUse),
        ("postToolUse", "PostToolUse", Kind::PostToolUse),
        ("agentStop", "Stop", Kind::Stop),
        ("sessionEnd", "SessionEnd", Kind::SessionShutdown),
    ];
    for (camel, pascal, kind) in six {
        for name in [camel, pascal] {
            let row = find(Convention::CopilotHooks, name).unwrap();
            assert_eq!(row.kind(), Some(kind), "{name}");
            assert_eq!(
                rules(Convention::CopilotHooks, name).ordering,
                Ordering::Sequential
            );
        }
    }
    for outside in [
        "userPromptTransformed",
        "permissionRequest",
        "postToolUseFailure",
        "errorOccurred",
        "PermissionRequest",
    ] {
        assert_eq!(
            find(Convention::CopilotHooks, outside).unwrap().kind(),
            None,
            "{outside}"
        );
    }
    // copilot_pre_exit1_stderr, _killed_by_signal: a crash denies; _timeout_fail_open: a
    // timeout lets the tool run.
    let pre = rules(Convention::CopilotHooks, "preToolUse");
    assert_eq!(pre.on_error, OnError::FailClosedOnCrash);
    assert!(pre.can_block);
    assert_eq!(
        rules(Convention::CopilotHooks, "postToolUse").on_error,
        OnError::FailOpen
    );
    // A misspelt camelCase name gets its camelCase suggestion.
    assert_eq!(
        lookup(Convention::CopilotHooks, "preToolUsed"),
        Lookup::Unknown {
            suggestion: Some("preToolUse")
        }
    );
}

/// Cursor, from its published docs (cursor.com/docs/agent/hooks and /docs/reference/hooks; not
/// run here: `docs/conventions/cursor-hooks.md` lists what is unverified).
#[test]
fn cursor_numbers_and_events_cursor_docs() {
    // "a maximum of 5 auto follow-ups is enforced" (stop); `loop_limit` bounds it per entry.
    assert_eq!(limits::cursor::LOOP_LIMIT_DEFAULT, 5);
    assert_eq!(
        runtime(Convention::CursorHooks).unwrap().continuation,
        ContinuationRule::Capped { max: 5 }
    );
    assert_eq!(
        runtime(Convention::CursorHooks).unwrap().answer,
        AnswerFormat::CursorJson
    );
    assert_eq!(limits::cursor::FILE_VERSION, 1);
    assert_eq!(limits::cursor::BLOCK_EXIT_CODE, 2);
    assert_eq!(
        limits::cursor::PROJECT_DIR_ENVS,
        ["CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"]
    );
    assert_eq!(limits::cursor::ENTERPRISE_FILE, "/etc/cursor/hooks.json");
    // `timeout` is in seconds; the default is not published (ours: 60 s, listed as unverified).
    assert_eq!(limits::cursor::TIMEOUT_DEFAULT_S, 60);
    assert_eq!(
        rules(Convention::CursorHooks, "preToolUse")
            .timeout
            .default_ms(),
        Some(60_000)
    );
    for (name, kind) in [
        ("sessionStart", Kind::SessionStart),
        ("beforeSubmitPrompt", Kind::UserPromptSubmit),
        ("preToolUse", Kind::PreToolUse),
        ("postToolUse", Kind::PostToolUse),
        ("stop", Kind::Stop),
        ("sessionEnd", Kind::SessionShutdown),
    ] {
        assert_eq!(
            find(Convention::CursorHooks, name).unwrap().kind(),
            Some(kind),
            "{name}"
        );
    }
    // The granular events are Cursor's own: their matchers are not tool names.
    for outside in [
        "beforeShellExecution",
        "beforeMCPExecution",
        "beforeReadFile",
        "afterFileEdit",
        "afterShellExecution",
        "afterMCPExecution",
        "afterAgentResponse",
        "afterAgentThought",
        "beforeTabFileRead",
        "afterTabFileEdit",
        "postToolUseFailure",
        "subagentStart",
        "subagentStop",
        "preCompact",
        "workspaceOpen",
    ] {
        assert_eq!(
            find(Convention::CursorHooks, outside).unwrap().kind(),
            None,
            "{outside}"
        );
    }
    // Fail-open unless the entry says `failClosed` (a per-hook flag, not the event's rule).
    assert_eq!(
        rules(Convention::CursorHooks, "preToolUse").on_error,
        OnError::FailOpen
    );
    assert_eq!(
        lookup(Convention::CursorHooks, "beforeShellExec"),
        Lookup::Unknown {
            suggestion: Some("beforeShellExecution")
        }
    );
}

/// The variables the runner sets to a plugin's root, per convention: Claude Code's plugin docs
/// ("Plugin hooks"), Cursor's published plugins (`conventions/cursor_hooks.rs`), Copilot CLI's
/// trace `copilot_plugin_dir`; Gemini CLI substitutes `${extensionPath}` instead (none).
#[test]
fn plugin_root_variables_per_convention() {
    use super::variables::plugin_roots;
    let names = |c| plugin_roots(c).map(|v| v.name).collect::<Vec<_>>();
    assert_eq!(names(Convention::ClaudeSettings), ["CLAUDE_PLUGIN_ROOT"]);
    assert_eq!(
        names(Convention::CursorHooks),
        ["CURSOR_PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT"]
    );
    assert_eq!(
        names(Convention::CopilotHooks),
        ["COPILOT_PLUGIN_ROOT", "PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT"]
    );
    for c in Convention::ALL {
        if !matches!(
            c,
            Convention::ClaudeSettings | Convention::CursorHooks | Convention::CopilotHooks
        ) {
            assert!(names(c).is_empty(), "{c}");
        }
    }
}
