//! `hooks audit --base REF`: what is new or changed since an older tree of the same repository —
//! hooks (by [`HookKey`], so an edited command or matcher is a new hook), the scripts they run
//! (by content hash), and settings that change what hook processes execute. Every hook runs on
//! its own when its event fires, so anything here is what a pull request makes run.

use super::{HookKey, Inventory};
use hook_ir::{Code, Convention, Diagnostic, Location};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// One thing new or changed since the base.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// `hook_added`, `script_changed` or `setting_added`.
    pub change: &'static str,
    /// The hook's id (`None` for a setting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    /// The convention.
    pub convention: String,
    /// The event (the variable's name for a setting).
    pub event: String,
    /// The script that changed (display path), for `script_changed`, and for a new hook its
    /// first script.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// Where the hook or setting is declared.
    pub location: Location,
}

/// What is new or changed in `head` since `base`, in `head`'s order.
pub fn compare(head: &Inventory, base: &Inventory) -> Vec<Change> {
    let base_keys: HashSet<&HookKey> = base.hooks.iter().map(|e| &e.key).collect();
    let base_scripts: HashMap<&str, Option<&str>> = base
        .scripts
        .iter()
        .map(|s| (s.file.as_str(), s.sha256.as_deref()))
        .collect();
    let mut out = Vec::new();
    for e in &head.hooks {
        let first_script = e.scripts.first().map(|&i| head.scripts[i].display.clone());
        if !base_keys.contains(&e.key) {
            out.push(Change {
                change: "hook_added",
                hook: Some(e.id.clone()),
                convention: e.key.convention.clone(),
                event: e.key.event.clone(),
                script: first_script,
                location: e.location.clone(),
            });
            continue;
        }
        for &i in &e.scripts {
            let s = &head.scripts[i];
            let same = base_scripts
                .get(s.file.as_str())
                .is_some_and(|b| *b == s.sha256.as_deref());
            if !same {
                out.push(Change {
                    change: "script_changed",
                    hook: Some(e.id.clone()),
                    convention: e.key.convention.clone(),
                    event: e.key.event.clone(),
                    script: Some(s.display.clone()),
                    location: e.location.clone(),
                });
            }
        }
    }
    let base_settings: HashSet<(&str, &str, &str)> = base
        .settings
        .iter()
        .map(|s| (s.file.as_str(), s.name.as_str(), s.value.as_str()))
        .collect();
    for s in &head.settings {
        if !base_settings.contains(&(s.file.as_str(), s.name.as_str(), s.value.as_str())) {
            out.push(Change {
                change: "setting_added",
                hook: None,
                convention: s.convention.as_str().to_string(),
                event: s.name.clone(),
                script: None,
                location: s.location.clone(),
            });
        }
    }
    out
}

/// One diagnostic per change: `hook_added_since_base` at a new hook or setting,
/// `hook_changed_since_base` at a hook whose script changed.
pub fn diagnostics(changes: &[Change]) -> Vec<Diagnostic> {
    changes
        .iter()
        .map(|c| {
            let d = match c.change {
                "script_changed" => Diagnostic::new(
                    Code::HookChangedSinceBase,
                    format!(
                        "this {} hook runs `{}`, which is new or changed since the base revision",
                        c.event,
                        c.script.as_deref().unwrap_or("?")
                    ),
                ),
                "setting_added" => Diagnostic::new(
                    Code::HookAddedSinceBase,
                    format!(
                        "`{}`, which changes what every hook process executes, is set here since the base revision",
                        c.event
                    ),
                ),
                _ => Diagnostic::new(
                    Code::HookAddedSinceBase,
                    match &c.script {
                        Some(s) => format!(
                            "this {} hook is new since the base revision; it runs `{s}`",
                            c.event
                        ),
                        None => format!("this {} hook is new since the base revision", c.event),
                    },
                ),
            }
            .with_help("review it (and what it runs) before the agent is started on this branch")
            .at(c.location.clone());
            match Convention::parse(&c.convention) {
                Some(conv) => d.with_convention(conv),
                None => d,
            }
        })
        .collect()
}

/// The diagnostics of `all` about what `changes` names: those in a changed (or new hook's)
/// script, and those of a new hook or setting — a diagnostic in a hooks file belongs to the hook
/// whose span holds it, else to the nearest hook of that file by line.
pub fn only_changed(all: Vec<Diagnostic>, head: &Inventory, changes: &[Change]) -> Vec<Diagnostic> {
    let scripts: HashSet<&str> = changes.iter().filter_map(|c| c.script.as_deref()).collect();
    // Every script of a new hook is new to review.
    let added: HashSet<&str> = changes
        .iter()
        .filter(|c| c.change == "hook_added")
        .filter_map(|c| c.hook.as_deref())
        .collect();
    let new_scripts: HashSet<&str> = head
        .hooks
        .iter()
        .filter(|e| added.contains(e.id.as_str()))
        .flat_map(|e| e.scripts.iter().map(|&i| head.scripts[i].display.as_str()))
        .collect();
    let settings: Vec<&Location> = changes
        .iter()
        .filter(|c| c.change == "setting_added")
        .map(|c| &c.location)
        .collect();
    all.into_iter()
        .filter(|d| {
            let Some(l) = d.location.as_ref() else {
                return false;
            };
            if scripts.contains(l.path.as_str()) || new_scripts.contains(l.path.as_str()) {
                return true;
            }
            if d.code == Code::SettingsEnvChangesExecution {
                return settings.contains(&l);
            }
            owner(l, head).is_some_and(|id| added.contains(id))
        })
        .collect()
}

/// The hook of `head` a location in a hooks file belongs to.
fn owner<'a>(l: &Location, head: &'a Inventory) -> Option<&'a str> {
    let in_file = head.hooks.iter().filter(|e| e.location.path == l.path);
    let mut best: Option<(&str, u64)> = None;
    for e in in_file {
        if let (Some((s, t)), Some((a, b))) = (e.location.span, l.span) {
            if s <= a && b <= t {
                return Some(&e.id);
            }
        }
        let distance = match (e.location.line, l.line) {
            (Some(x), Some(y)) => u64::from(x.abs_diff(y)),
            _ => u64::MAX,
        };
        if best.is_none_or(|(_, d)| distance < d) {
            best = Some((&e.id, distance));
        }
    }
    best.map(|(id, _)| id)
}
