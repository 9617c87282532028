//! What differs between the agents that read layered settings hooks (Gemini CLI and Qwen Code,
//! its fork): both read the same layered `settings.json` files (system defaults, user, workspace,
//! system) with the same `{"hooks": {"<Event>": [{"matcher", "sequential", "hooks": [...]}]}}`
//! shape and the same `trustedFolders.json`, so discovery, the raw model, lowering and the
//! writer of this engine serve both, parameterized by a [`Flavor`]. Each agent's flavor row
//! lives in its own convention folder (`<convention>/flavor.rs`), with what is truly its own
//! (matcher rules, switches); events, answers and tools are in its contract profile.

use super::json::Span;
use super::lower::Lowered;
use super::raw::Problem;
use crate::{Context, Output};
use hook_ir::contract::MatchedValue;
use hook_ir::{Code, Convention, Hook, Matcher};

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

/// Lowers a definition's `matcher` (`None`: not written) for an event whose matcher matches
/// `matched`, reporting mistakes; returns what the agent does.
pub(crate) type LowerMatcher = fn(
    event: &str,
    matched: MatchedValue,
    m: Option<(&str, Span)>,
    out: &mut Vec<Problem>,
) -> Matcher;

/// The `matcher` strings to write for a hook (`None`: no matcher key; several: one definition
/// each), chosen so that the agent reads each back as the hook's matcher; `Err` says why it
/// cannot be written.
pub(crate) type MatcherStrings =
    fn(hook: &Hook, matched: MatchedValue) -> Result<Vec<Option<String>>, String>;

/// Reads a written `timeout` under the agent's own rule: the effective milliseconds and whether
/// it counts as written, reporting what differs from what it says.
pub(crate) type ReadTimeout = fn(
    fl: &Flavor,
    rule: TimeoutRule,
    raw: &str,
    span: Span,
    out: &mut Vec<Problem>,
) -> (u64, bool);

/// Applies the agent's switches and folder trust over every layer read, in merge order, and
/// puts the hooks that run into the batch.
pub(crate) type ApplySwitches =
    fn(ctx: &Context, fl: &'static Flavor, layers: Vec<Lowered>, out: &mut Output);

/// One agent's reading of the shared settings format.
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
    /// Its own reading of a written `timeout` (Qwen's seconds with legacy milliseconds);
    /// `None`: milliseconds, checked by the engine.
    pub read_timeout: Option<ReadTimeout>,
    /// Whether folder trust is on when `security.folderTrust.enabled` is not written.
    pub folder_trust_default: bool,
    /// Another agent's event names → this agent's, for the did-you-mean of a copied file.
    pub foreign_events: &'static [(&'static str, &'static str)],
    /// The agent whose event names [`Flavor::foreign_events`] maps from.
    pub foreign_agent: &'static str,
    /// Whether it reads extensions' `hooks/hooks.json` and checks system files' ownership
    /// (Gemini; Qwen's extensions are not read here yet).
    pub extensions: bool,
    /// What the agent does with a file it cannot parse (`settings`: a settings layer, else an
    /// extension's hooks file), in words.
    pub unreadable: fn(settings: bool) -> String,
    /// The code of a file the agent cannot parse.
    pub unreadable_code: fn(settings: bool) -> Code,
    /// Its matcher rule, reading.
    pub lower_matcher: LowerMatcher,
    /// Its matcher rule, writing.
    pub matcher_strings: MatcherStrings,
    /// Its switches (`hooksConfig`, `disableAllHooks`) and folder trust.
    pub apply_switches: ApplySwitches,
}

impl std::fmt::Debug for Flavor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Flavor")
            .field("convention", &self.convention)
            .finish_non_exhaustive()
    }
}
