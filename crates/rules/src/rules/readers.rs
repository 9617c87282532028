//! Where another agent that runs the same file runs a hook differently
//! (`other_reader_differs`, info): the file's readers are typed data of its source
//! (`adapters::SourceFile::readers`, stamped by discovery from the layer it found the file in);
//! what differs comes from the contract table (events, default timeouts, tool columns) and
//! `hook_ir::readers` (VS Code, Copilot's cloud agent); a reader agent's own convention is the
//! one that owns its tool column (`hook_ir::tools::AgentFacts::convention`).
//!
//! Checked: the event does not exist there; the matcher is ignored there (VS Code, Claude-format
//! files); a tool the matcher names has no equivalent there; another default timeout applies
//! (the hook writes none).
//!
//! Said only for the agents the project shows it uses — a `.vscode/` folder (VS Code), a
//! `.cursor/` folder (Cursor), `.github/hooks/` or `.github/copilot/` (Copilot CLI and its cloud
//! agent) — so a project run by Claude Code alone hears nothing; `hooks list` names every reader
//! regardless.

use super::{Finding, Target};
use adapters::SourceFile;
use hook_ir::contract::{self, Timeout};
use hook_ir::conventions::COPILOT_PASCAL_NAMES;
use hook_ir::readers::{vscode, Reader};
use hook_ir::tools::{self, Agent};
use hook_ir::{Code, Convention, Detail, Kind, Matcher};
use std::path::Path;

/// Whether the hook writes its own timeout.
fn timeout_written(d: &Detail) -> bool {
    match d {
        Detail::Jcode {
            timeout_explicit, ..
        }
        | Detail::Jarvis {
            timeout_explicit, ..
        }
        | Detail::JsonGroup {
            timeout_explicit, ..
        }
        | Detail::GeminiGroup {
            timeout_explicit, ..
        }
        | Detail::CursorEntry {
            timeout_explicit, ..
        } => *timeout_explicit,
        _ => true,
    }
}

/// The default timeout of `event` of `convention`, in seconds, when it has one.
fn default_s(convention: Convention, event: &str) -> Option<u64> {
    let rules = contract::find(convention, event)?.rules()?;
    match rules.timeout {
        Timeout::Configurable { unit, default, .. }
        | Timeout::SharedBudget { unit, default, .. } => Some(default * unit.millis() / 1000),
        _ => None,
    }
}

/// The default timeout of the event of `kind` in `convention`, in seconds.
fn default_of_kind(convention: Convention, kind: Kind) -> Option<u64> {
    let row = contract::events_of(convention).find(|r| r.kind() == Some(kind))?;
    default_s(convention, row.event)
}

/// The exact names of a matcher, when it lists names.
fn names(m: &Matcher) -> Option<&[String]> {
    match m {
        Matcher::Exact { names } => Some(names),
        _ => None,
    }
}

/// What differs for `reader`, in words.
fn differences(t: &Target<'_>, reader: Reader) -> Vec<String> {
    let hook = t.hook;
    let c = hook.convention;
    let own = default_s(c, &hook.source_event);
    let mut out = Vec::new();
    let other_timeout = |theirs: Option<u64>, out: &mut Vec<String>, published: bool| {
        if timeout_written(&hook.detail) {
            return;
        }
        if let (Some(mine), Some(theirs)) = (own, theirs) {
            if mine != theirs {
                out.push(format!(
                    "its default timeout is {theirs} s{}, not {mine} s",
                    if published {
                        ""
                    } else {
                        " (not published; assumed)"
                    }
                ));
            }
        }
    };
    match reader {
        Reader::VsCode => {
            let event = match hook.kind {
                Kind::SessionStart => Some("SessionStart"),
                Kind::UserPromptSubmit => Some("UserPromptSubmit"),
                Kind::PreToolUse => Some("PreToolUse"),
                Kind::PostToolUse => Some("PostToolUse"),
                Kind::Stop => Some("Stop"),
                Kind::SessionShutdown => None,
            };
            if event.is_none_or(|e| !vscode::EVENTS.contains(&e)) {
                out.push(format!(
                    "it has no `{}` event, so the hook never runs there",
                    hook.source_event
                ));
                return out;
            }
            if c == Agent::Claude.facts().convention
                && vscode::IGNORES_CLAUDE_MATCHERS
                && hook.kind.is_tool_kind()
                && !hook.matcher.is_any()
            {
                out.push("it ignores matchers in Claude-format files, so the hook runs for every tool there".into());
            }
            other_timeout(Some(vscode::TIMEOUT_DEFAULT_S), &mut out, true);
        }
        Reader::Agent(Agent::Copilot) if c == Agent::Claude.facts().convention => {
            if contract::find(Agent::Copilot.facts().convention, &hook.source_event).is_none() {
                out.push(format!(
                    "it has no `{}` event, so the hook never runs there",
                    hook.source_event
                ));
                return out;
            }
            if hook.kind.is_tool_kind() {
                if let Some(names) = names(&hook.matcher) {
                    let unknown: Vec<&str> = names
                        .iter()
                        .filter(|n| {
                            !COPILOT_PASCAL_NAMES
                                .iter()
                                .any(|(copilot, claude)| claude == n || copilot == n)
                        })
                        .map(String::as_str)
                        .collect();
                    if !unknown.is_empty() {
                        out.push(format!(
                            "it maps no tool of its own to {}, so the matcher selects nothing there for {}",
                            unknown.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "),
                            if unknown.len() == 1 { "it" } else { "them" }
                        ));
                    }
                }
            }
            other_timeout(
                default_s(Agent::Copilot.facts().convention, &hook.source_event),
                &mut out,
                true,
            );
        }
        Reader::Agent(Agent::Cursor) if c != Agent::Cursor.facts().convention => {
            if hook.kind.is_tool_kind() {
                if let (Some(names), Some(from)) = (names(&hook.matcher), Agent::of(c)) {
                    let unknown: Vec<&str> = names
                        .iter()
                        .filter(|n| tools::map_name(from, Agent::Cursor, n).is_err())
                        .map(String::as_str)
                        .collect();
                    if !unknown.is_empty() {
                        out.push(format!(
                            "it has no tool like {}",
                            unknown
                                .iter()
                                .map(|n| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                }
            }
            other_timeout(
                default_of_kind(Agent::Cursor.facts().convention, hook.kind),
                &mut out,
                false,
            );
        }
        _ => {}
    }
    out
}

/// Whether the project shows it uses `reader` (its folder is there).
fn in_use(reader: Reader, project: Option<&Path>) -> bool {
    let Some(p) = project else {
        return false;
    };
    match reader {
        Reader::VsCode => p.join(".vscode").is_dir(),
        Reader::Agent(Agent::Cursor) => p.join(".cursor").is_dir(),
        Reader::Agent(Agent::Copilot) | Reader::CopilotCloudAgent => {
            p.join(".github/hooks").is_dir() || p.join(".github/copilot").is_dir()
        }
        _ => true,
    }
}

/// One finding per other reader that runs the hook differently.
pub(crate) fn check(t: &Target<'_>, file: Option<&SourceFile>, out: &mut Vec<Finding>) {
    let Some(file) = file else {
        return;
    };
    let Some((own, others)) = file.readers.split_first() else {
        return;
    };
    // The project the file acts in: its root (typed, from discovery), else the linted one.
    let project = file.root.as_deref().or(t.ctx.project.as_deref());
    for &reader in others.iter().filter(|r| in_use(**r, project)) {
        let d = differences(t, reader);
        if d.is_empty() {
            continue;
        }
        out.push(
            Finding::new(
                Code::OtherReaderDiffers,
                format!(
                    "{reader} also runs this file and runs this `{}` hook differently: {}",
                    t.hook.source_event,
                    d.join("; ")
                ),
            )
            .help(format!(
                "written for {own}; `hooks list` shows every agent that runs this file"
            ))
            .at(t.hook.location.span),
        );
    }
}
