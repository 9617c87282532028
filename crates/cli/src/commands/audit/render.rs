//! `hooks audit`'s output: the lint renderers (`crate::render`) over the audit's diagnostics,
//! plus, in JSON, the `scripts` (path, sha256, hooks that run it) and, with `--base`, `changed`
//! (design.md "hooks audit"); in the human format, the same as two short lists.

use super::Found;
use crate::render::fixable::Fixable;
use crate::render::json::{self as j, DiagnosticV1, HookV1, Summary};
use hook_ir::{Batch, Diagnostic};
use hooks_rules::audit::{base::Change, script_sources, Audit};
use serde::Serialize;

/// What one audit run has to show.
pub struct View<'a> {
    pub found: &'a Found,
    pub audit: &'a Audit,
    /// The diagnostics to report (with `--base`: only about what changed).
    pub diagnostics: &'a [Diagnostic],
    /// With `--base`: what is new or changed.
    pub changes: Option<&'a [Change]>,
    /// The `--base` revision.
    pub base: Option<&'a str>,
}

impl View<'_> {
    fn batch(&self) -> Batch {
        Batch {
            hooks: self.found.hooks().cloned().collect(),
            diagnostics: self.diagnostics.to_vec(),
        }
    }
}

#[derive(Serialize)]
struct Doc<'a> {
    schema_version: u32,
    hooks: Vec<HookV1<'a>>,
    diagnostics: Vec<DiagnosticV1<'a>>,
    summary: Summary,
    scripts: Vec<ScriptV1<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<&'a [Change]>,
}

#[derive(Serialize)]
struct ScriptV1<'a> {
    path: &'a str,
    sha256: Option<&'a str>,
    hooks: &'a [String],
}

/// The JSON document: lint's schema_version 1 plus `scripts` and `changed`.
pub fn json(v: &View<'_>) -> String {
    let hooks: Vec<HookV1> = v
        .found
        .d
        .batch
        .hooks
        .iter()
        .map(j::hook)
        .chain(v.found.carried.iter().map(j::carried))
        .collect();
    let doc = Doc {
        schema_version: j::SCHEMA_VERSION,
        summary: j::summary_of(hooks.len(), v.diagnostics),
        hooks,
        diagnostics: v.diagnostics.iter().map(j::diagnostic).collect(),
        scripts: v
            .audit
            .inventory
            .scripts
            .iter()
            .map(|s| ScriptV1 {
                path: &s.display,
                sha256: s.sha256.as_deref(),
                hooks: &s.hooks,
            })
            .collect(),
        changed: v.changes,
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// SARIF for code scanning: the lint renderer over the audit's diagnostics.
pub fn sarif(v: &View<'_>) -> String {
    crate::render::sarif::render(&v.batch(), &Fixable::default())
}

/// GitHub workflow commands: the lint renderer over the audit's diagnostics.
pub fn github(v: &View<'_>) -> String {
    crate::render::github::render(&v.batch())
}

/// The human format: the lint renderer (source lines of hook files and scripts), then the
/// scripts with their hashes and, with `--base`, what changed.
pub fn human(v: &View<'_>, color: bool) -> String {
    // File names and events come from the repository: shown, never sent as escapes.
    let line = |out: &mut String, text: String| {
        out.push_str(&crate::render::human::visible_line(&text));
        out.push('\n');
    };
    let mut found = adapters::Discovered {
        batch: v.batch(),
        sources: v.found.d.sources.clone(),
        outside: Vec::new(),
        never_run: Vec::new(),
    };
    found
        .sources
        .extend(script_sources(&v.audit.inventory, v.diagnostics));
    let mut out = String::new();
    let scripts = &v.audit.inventory.scripts;
    if !scripts.is_empty() {
        out.push_str("Scripts the hooks run:\n");
        for s in scripts {
            let sha = s
                .sha256
                .as_deref()
                .map_or("unreadable", |h| &h[..12.min(h.len())]);
            line(
                &mut out,
                format!(
                    "  {}  sha256:{sha}  run by {}",
                    s.display,
                    s.hooks.join(", ")
                ),
            );
        }
    }
    if let (Some(changes), Some(rev)) = (v.changes, v.base) {
        if changes.is_empty() {
            line(
                &mut out,
                format!("Nothing that runs automatically is new or changed since {rev}."),
            );
        } else {
            line(
                &mut out,
                format!("New or changed since {rev} (runs automatically):"),
            );
            for c in changes {
                let what = c
                    .script
                    .as_deref()
                    .map(|s| format!(" → {s}"))
                    .unwrap_or_default();
                line(
                    &mut out,
                    format!(
                        "  {} {} {} at {}{what}",
                        c.change,
                        c.convention,
                        c.event,
                        crate::render::human::place(&c.location)
                    ),
                );
            }
        }
    }
    let report = crate::render::human::render(&found, &Fixable::default(), color, None);
    format!("{report}{out}")
}
