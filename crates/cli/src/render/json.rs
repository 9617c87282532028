//! JSON output, `schema_version` 1 (design.md). These DTOs are the public format: internal
//! types may change, this may not.

use hook_ir::{Batch, Diagnostic, Hook, Location, Matcher, Severity};
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
    kind: &'a str,
    convention: &'a str,
    source_event: &'a str,
    matcher: &'a Matcher,
    handler: &'a hook_ir::Handler,
    timeout_ms: Option<u64>,
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
        kind: h.kind.as_str(),
        convention: h.convention.as_str(),
        source_event: &h.source_event,
        matcher: &h.matcher,
        handler: &h.handler,
        timeout_ms: h.timeout_ms,
        location: &h.location,
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
    Summary {
        hooks: batch.hooks.len(),
        errors: count(batch, Severity::Error),
        warnings: count(batch, Severity::Warning),
        infos: count(batch, Severity::Info),
    }
}

/// Renders a batch as the schema_version 1 document, with a trailing newline.
pub fn render(batch: &Batch) -> String {
    let doc = Doc {
        schema_version: SCHEMA_VERSION,
        hooks: batch.hooks.iter().map(hook).collect(),
        diagnostics: batch.diagnostics.iter().map(diagnostic).collect(),
        summary: summary(batch),
    };
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}
