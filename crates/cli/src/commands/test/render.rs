//! `hooks test` output: human text, design.md's JSON (`schema_version` 1) and JUnit XML.

use super::cases::Expect;
use super::{CaseResult, Report};
use crate::render::human::{place, visible, visible_line};
use hook_ir::Diagnostic;
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// The version of the `hooks test` JSON output.
const SCHEMA_VERSION: u32 = 1;

/// What a case expects, as JSON (only the keys it sets).
pub fn expected(e: &Expect) -> Value {
    let mut m = serde_json::Map::new();
    if let Some(d) = e.decision {
        m.insert("decision".into(), d.as_str().into());
    }
    if let Some(r) = &e.reason {
        m.insert("reason".into(), r.as_str().into());
    }
    if let Some(c) = &e.context {
        m.insert("context".into(), c.clone().into());
    }
    if let Some(u) = &e.updated_input {
        m.insert("updated_input".into(), u.clone());
    }
    if let Some(h) = &e.hooks_ran {
        m.insert("hooks_ran".into(), json!(h));
    }
    if let Some(t) = &e.tool_output {
        m.insert("tool_output".into(), t.clone().into());
    }
    Value::Object(m)
}

fn agent_label(r: &CaseResult) -> String {
    r.agent
        .map_or_else(|| "no agent".to_string(), |a| a.label())
}

/// A finding as lint prints it, on one line (and its help on the next).
fn finding_line(d: &Diagnostic) -> String {
    let at = d
        .location
        .as_ref()
        .map(|l| format!("{}: ", place(l)))
        .unwrap_or_default();
    let mut s = visible_line(&format!(
        "{}[{}]: {at}{}",
        d.severity().as_str(),
        d.code,
        d.message
    ));
    if let Some(h) = &d.help {
        let _ = write!(s, "\n  = help: {}", visible_line(h));
    }
    s
}

/// Per case and agent, PASS or FAIL with what differed and each hook's outcome and stderr;
/// then the findings and a summary line.
pub fn human(report: &Report) -> String {
    let mut out = String::new();
    for r in &report.results {
        let pass = r.failures.is_empty();
        let _ = writeln!(
            out,
            "{} {} [{}]",
            if pass { "PASS" } else { "FAIL" },
            visible_line(&r.case),
            agent_label(r)
        );
        for n in &r.notes {
            let _ = writeln!(out, "  note: {}", visible_line(n));
        }
        if pass {
            continue;
        }
        for f in &r.failures {
            let _ = writeln!(out, "  {}", visible_line(f));
        }
        if let Some(reason) = &r.actual.reason {
            let _ = writeln!(out, "  reason: {}", visible_line(reason));
        }
        for h in &r.actual.hooks {
            let code = h
                .exit_code
                .map(|c| format!(" (exit {c})"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  hook `{}`: {}{code}",
                visible_line(&h.id),
                serde_json::to_value(h.outcome)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default()
            );
            for line in h.stderr.lines().take(10) {
                let _ = writeln!(out, "    | {}", visible(line));
            }
        }
    }
    for d in &report.findings {
        let _ = writeln!(out, "{}", finding_line(d));
    }
    let (passed, failed) = counts(report);
    let errors = report
        .findings
        .iter()
        .filter(|d| d.severity() == hook_ir::Severity::Error)
        .count();
    let _ = writeln!(
        out,
        "{passed} passed, {failed} failed; {} findings ({errors} errors)",
        report.findings.len()
    );
    out
}

fn counts(report: &Report) -> (usize, usize) {
    let passed = report
        .results
        .iter()
        .filter(|r| r.failures.is_empty())
        .count();
    (passed, report.results.len() - passed)
}

#[derive(Serialize)]
struct ResultV1<'a> {
    case: &'a str,
    agent: Option<&'static str>,
    /// The recorded release whose payloads the hooks got, `null` for none.
    agent_version: Option<&'static str>,
    passed: bool,
    expected: &'a Value,
    actual: &'a super::exec::Actual,
    /// What differed, one sentence each.
    failures: &'a [String],
    notes: &'a [String],
}

/// design.md's `hooks test --format json`.
pub fn json(report: &Report) -> String {
    let (passed, failed) = counts(report);
    let results: Vec<ResultV1<'_>> = report
        .results
        .iter()
        .map(|r| ResultV1 {
            case: &r.case,
            agent: r.agent.map(|a| a.convention.as_str()),
            agent_version: r.agent.and_then(|a| a.release.map(|x| x.version)),
            passed: r.failures.is_empty(),
            expected: &r.expected,
            actual: &r.actual,
            failures: &r.failures,
            notes: &r.notes,
        })
        .collect();
    let findings: Vec<_> = report
        .findings
        .iter()
        .map(crate::render::json::diagnostic)
        .collect();
    let doc = json!({
        "schema_version": SCHEMA_VERSION,
        "results": results,
        "findings": findings,
        "summary": {"passed": passed, "failed": failed},
    });
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// Text as XML character data or attribute value: the five specials escaped, and characters XML
/// 1.0 forbids (C0 controls but tab, newline, carriage return) shown as their pictures.
fn xml(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            '\t' | '\n' | '\r' => s.push(c),
            c if (c as u32) < 0x20 => s.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\u{FFFE}' | '\u{FFFF}' => s.push('\u{FFFD}'),
            c => s.push(c),
        }
    }
    s
}

/// JUnit XML as CI systems read it (the common `testsuites`/`testsuite`/`testcase` schema): one
/// suite per agent, one test case per case; a failed case has a `failure` with what differed,
/// the hooks' stderr in `system-err`. Findings are one more suite, `hooks test findings`, an
/// error-severity finding a failed test case.
pub fn junit(report: &Report) -> String {
    let mut suites: Vec<(String, Vec<&CaseResult>)> = Vec::new();
    for r in &report.results {
        let name = agent_label(r);
        match suites.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(r),
            None => suites.push((name, vec![r])),
        }
    }
    let (_, failed) = counts(report);
    let finding_failures = report
        .findings
        .iter()
        .filter(|d| d.severity() == hook_ir::Severity::Error)
        .count();
    let total = report.results.len() + report.findings.len();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"hooks test\" tests=\"{total}\" failures=\"{}\" errors=\"0\">",
        failed + finding_failures
    );
    for (name, results) in &suites {
        let f = results.iter().filter(|r| !r.failures.is_empty()).count();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{f}\" errors=\"0\" skipped=\"0\">",
            xml(name),
            results.len()
        );
        for r in results {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\"",
                xml(&r.case),
                xml(name)
            );
            if r.failures.is_empty() {
                out.push_str("/>\n");
                continue;
            }
            out.push_str(">\n");
            let _ = writeln!(
                out,
                "      <failure message=\"{}\" type=\"expectation\">{}</failure>",
                xml(&r.failures[0]),
                xml(&r.failures.join("\n"))
            );
            let stderr: Vec<String> = r
                .actual
                .hooks
                .iter()
                .filter(|h| !h.stderr.is_empty())
                .map(|h| format!("{}: {}", h.id, h.stderr))
                .collect();
            if !stderr.is_empty() {
                let _ = writeln!(
                    out,
                    "      <system-err>{}</system-err>",
                    xml(&stderr.join("\n"))
                );
            }
            out.push_str("    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    if !report.findings.is_empty() {
        let _ = writeln!(
            out,
            "  <testsuite name=\"hooks test findings\" tests=\"{}\" failures=\"{finding_failures}\" errors=\"0\" skipped=\"0\">",
            report.findings.len()
        );
        for d in &report.findings {
            let at = d.location.as_ref().map(place).unwrap_or_default();
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\"",
                xml(&format!("{} {at}", d.code)),
                xml(d.convention.map_or("hooks", |c| c.as_str()))
            );
            if d.severity() == hook_ir::Severity::Error {
                let _ = writeln!(
                    out,
                    ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                    xml(&d.message),
                    d.code,
                    xml(&d.message)
                );
            } else {
                let _ = writeln!(
                    out,
                    ">\n      <system-out>{}</system-out>\n    </testcase>",
                    xml(&format!("{}: {}", d.severity().as_str(), d.message))
                );
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}
