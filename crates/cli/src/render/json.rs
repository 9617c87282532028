//! JSON output, `schema_version` 1 (design.md). These DTOs are the public format: internal
//! types may change, this may not.

use super::fixable::Fixable;
use hook_ir::{Batch, Diagnostic, Hook, Location, Matcher, Severity};
use hooks_rules::fix::{FixInfo, Position};
use serde::Serialize;

/// The version of the JSON output.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Doc<'a> {
    schema_version: u32,
    hooks: Vec<HookV1<'a>>,
    diagnostics: Vec<DiagnosticV1<'a>>,
    summary: Summary,
}

/// A hook as schema_version 1 lists it.
#[derive(Serialize)]
pub struct HookV1<'a> {
    id: &'a str,
    /// `None` only for a hook of an event outside the six kinds, which has no kind (`hooks
    /// import`'s `carried` list): the key is then left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    convention: &'a str,
    source_event: &'a str,
    matcher: &'a Matcher,
    handler: &'a hook_ir::Handler,
    timeout_ms: Option<u64>,
    /// The layer the hook's file was found in (`user`, `project`, `personal`, `system`,
    /// `plugin`), as discovery decided it; added to version 1 (readers ignore fields they do
    /// not know).
    scope: &'static str,
    location: &'a Location,
}

/// A diagnostic as schema_version 1 lists it.
#[derive(Serialize)]
pub struct DiagnosticV1<'a> {
    code: &'a str,
    severity: &'a str,
    message: &'a str,
    convention: Option<&'a str>,
    location: Option<&'a Location>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    /// The fix `hooks lint --fix` has for it; absent when it has none (added to version 1
    /// without a version change: readers of version 1 ignore fields they do not know).
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<FixV1<'a>>,
}

/// A fix as schema_version 1 lists it.
#[derive(Serialize)]
pub struct FixV1<'a> {
    /// `safe` (`--fix` applies it) or `unsafe` (only with `--unsafe-fixes`).
    applicability: &'static str,
    message: &'a str,
    /// Replacements in the file the diagnostic's location names, as it was linted.
    edits: Vec<EditV1<'a>>,
}

/// One replacement of a fix: `start..end` (1-based lines and columns in characters, `end`
/// exclusive) becomes `content`.
#[derive(Serialize)]
pub struct EditV1<'a> {
    start: PositionV1,
    end: PositionV1,
    content: &'a str,
}

/// A 1-based line and column.
#[derive(Serialize)]
pub struct PositionV1 {
    line: u32,
    column: u32,
}

impl From<Position> for PositionV1 {
    fn from(p: Position) -> Self {
        PositionV1 {
            line: p.line,
            column: p.column,
        }
    }
}

/// The schema_version 1 form of a fix.
pub fn fix(f: &FixInfo) -> FixV1<'_> {
    FixV1 {
        applicability: f.applicability.as_str(),
        message: &f.description,
        edits: f
            .edits
            .iter()
            .map(|e| EditV1 {
                start: e.start.into(),
                end: e.end.into(),
                content: &e.content,
            })
            .collect(),
    }
}

/// Counts of schema_version 1.
#[derive(Serialize)]
pub struct Summary {
    hooks: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
}

/// The schema_version 1 form of a hook.
pub fn hook(h: &Hook) -> HookV1<'_> {
    HookV1 {
        id: &h.id,
        kind: Some(h.kind.as_str()),
        convention: h.convention.as_str(),
        source_event: &h.source_event,
        matcher: &h.matcher,
        handler: &h.handler,
        timeout_ms: h.timeout_ms,
        scope: h.scope.as_str(),
        location: &h.location,
    }
}

/// The schema_version 1 form of a hook of an event outside the six kinds: [`hook`] without
/// `kind`, which such a hook does not have.
pub fn carried(h: &Hook) -> HookV1<'_> {
    HookV1 {
        kind: None,
        ..hook(h)
    }
}

/// The schema_version 1 form of a diagnostic.
pub fn diagnostic(d: &Diagnostic) -> DiagnosticV1<'_> {
    DiagnosticV1 {
        code: d.code.as_str(),
        severity: d.severity().as_str(),
        message: &d.message,
        convention: d.convention.map(|c| c.as_str()),
        location: d.location.as_ref(),
        help: d.help.as_deref(),
        fix: None,
    }
}

/// Counts diagnostics per severity.
pub fn count(batch: &Batch, s: Severity) -> usize {
    batch
        .diagnostics
        .iter()
        .filter(|d| d.severity() == s)
        .count()
}

/// The counts of a batch.
pub fn summary(batch: &Batch) -> Summary {
    summary_of(batch.hooks.len(), &batch.diagnostics)
}

/// The counts of `hooks` hooks and `diagnostics`, without a [`Batch`] to hold them.
pub fn summary_of(hooks: usize, diagnostics: &[hook_ir::Diagnostic]) -> Summary {
    let count = |s: Severity| diagnostics.iter().filter(|d| d.severity() == s).count();
    Summary {
        hooks,
        errors: count(Severity::Error),
        warnings: count(Severity::Warning),
        infos: count(Severity::Info),
    }
}

/// Renders a batch as the schema_version 1 document, with a trailing newline; each diagnostic
/// with a fix in `fixable` carries it.
pub fn render(batch: &Batch, fixable: &Fixable) -> String {
    let doc = Doc {
        schema_version: SCHEMA_VERSION,
        hooks: batch.hooks.iter().map(hook).collect(),
        diagnostics: batch
            .diagnostics
            .iter()
            .map(|d| DiagnosticV1 {
                fix: fixable.get(d).map(fix),
                ..diagnostic(d)
            })
            .collect(),
        summary: summary(batch),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}
