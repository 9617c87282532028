//! SARIF 2.1.0 output for GitHub code scanning. Only the subset we need is modelled; each
//! struct cites its section of the OASIS specification ("Static Analysis Results Interchange
//! Format (SARIF) Version 2.1.0", <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html>).
//!
//! Rules come from the one registry ([`Code::ALL`]), so `ruleIndex` is stable for a given version
//! and every code that can appear has its rule. Locations:
//! - a project-relative path → a relative `uri` (GitHub resolves it against the repository root);
//! - a `~/…` path → `uri` relative to the `HOME` base id (§3.4.4), which is not in the repository;
//! - an absolute path → a `file:` URI;
//! - `env:NAME` → a logical location of kind `variable` (§3.33.7), plus the physical location
//!   `NAME` relative to the `ENV` base id;
//! - no location → the project root, `.`.
//!
//! GitHub rejects a whole upload when one result lacks a physical location with an artifact URI
//! (`locationFromSarifResult: expected at least one location`, github/codeql-action#2459, and its
//! ingestion rule GH1001), although §3.27.12 allows zero locations: so every result gets one.

use hook_ir::{Batch, Code, Diagnostic, Location, Severity};
use serde::Serialize;

/// The schema URI the log declares (§3.13.3).
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// Where the rules' documentation lives.
const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");
/// The `uriBaseId` of files under the user's home directory.
pub const HOME_BASE_ID: &str = "HOME";
/// The `uriBaseId` of environment variables.
pub const ENV_BASE_ID: &str = "ENV";

/// §3.13 sarifLog object.
#[derive(Serialize)]
struct SarifLog {
    /// §3.13.3
    #[serde(rename = "$schema")]
    schema: &'static str,
    /// §3.13.2
    version: &'static str,
    /// §3.13.4
    runs: Vec<Run>,
}

/// §3.14 run object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    /// §3.14.6
    tool: Tool,
    /// §3.14.17: our columns count Unicode characters, not the default UTF-16 code units.
    column_kind: &'static str,
    /// §3.14.14
    #[serde(skip_serializing_if = "Option::is_none")]
    original_uri_base_ids: Option<serde_json::Value>,
    /// §3.14.23
    results: Vec<SarifResult>,
}

/// §3.18 tool object.
#[derive(Serialize)]
struct Tool {
    /// §3.18.2
    driver: ToolComponent,
}

/// §3.19 toolComponent object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ToolComponent {
    /// §3.19.8
    name: &'static str,
    /// §3.19.13
    version: &'static str,
    /// §3.19.17
    information_uri: &'static str,
    /// §3.19.23
    rules: Vec<ReportingDescriptor>,
}

/// §3.49 reportingDescriptor object (a rule).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor {
    /// §3.49.3
    id: &'static str,
    /// §3.49.7
    name: String,
    /// §3.49.9
    short_description: MultiformatMessageString,
    /// §3.49.10
    full_description: MultiformatMessageString,
    /// §3.49.12
    help_uri: String,
    /// §3.49.13
    help: MultiformatMessageString,
    /// §3.49.14
    default_configuration: ReportingConfiguration,
}

/// §3.12 multiformatMessageString object.
#[derive(Serialize)]
struct MultiformatMessageString {
    /// §3.12.3
    text: String,
    /// §3.12.4
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<String>,
}

/// §3.50 reportingConfiguration object.
#[derive(Serialize)]
struct ReportingConfiguration {
    /// §3.50.3
    level: &'static str,
}

/// §3.27 result object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    /// §3.27.5
    rule_id: &'static str,
    /// §3.27.6
    rule_index: usize,
    /// §3.27.10
    level: &'static str,
    /// §3.27.11
    message: Message,
    /// §3.27.12
    locations: Vec<SarifLocation>,
}

/// §3.11 message object.
#[derive(Serialize)]
struct Message {
    /// §3.11.8
    text: String,
}

/// §3.28 location object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    /// §3.28.3
    #[serde(skip_serializing_if = "Option::is_none")]
    physical_location: Option<PhysicalLocation>,
    /// §3.28.4
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logical_locations: Vec<LogicalLocation>,
}

/// §3.29 physicalLocation object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    /// §3.29.3
    artifact_location: ArtifactLocation,
    /// §3.29.4
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

/// §3.4 artifactLocation object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    /// §3.4.3
    uri: String,
    /// §3.4.4
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

/// §3.30 region object (text regions, 1-based, §3.30.5–§3.30.6).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    /// §3.30.5
    start_line: u32,
    /// §3.30.6
    #[serde(skip_serializing_if = "Option::is_none")]
    start_column: Option<u32>,
}

/// §3.33 logicalLocation object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogicalLocation {
    /// §3.33.4
    name: String,
    /// §3.33.5
    fully_qualified_name: String,
    /// §3.33.7
    kind: &'static str,
}

/// §3.27.10: `error`, `warning` or `note`.
fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// `duplicate_hook` → `DuplicateHook`, the rule's human-readable name (§3.49.7).
fn pascal(code: &str) -> String {
    code.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn rule(c: Code) -> ReportingDescriptor {
    let explanation = c.explanation();
    ReportingDescriptor {
        id: c.as_str(),
        name: pascal(c.as_str()),
        short_description: MultiformatMessageString {
            text: c.summary().to_string(),
            markdown: None,
        },
        full_description: MultiformatMessageString {
            text: explanation.clone(),
            markdown: None,
        },
        help_uri: format!("{INFORMATION_URI}/blob/main/docs/diagnostics.md#{c}"),
        help: MultiformatMessageString {
            text: explanation.clone(),
            markdown: Some(explanation),
        },
        default_configuration: ReportingConfiguration {
            level: level(c.severity()),
        },
    }
}

/// Percent-encodes a path for a URI (RFC 3986): unreserved characters and `/` stay, the rest
/// is `%XX` per UTF-8 byte, so spaces, `#` and `?` in file names make a valid URI reference.
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn location(l: &Location) -> SarifLocation {
    if let Some(var) = l.path.strip_prefix("env:") {
        return SarifLocation {
            physical_location: Some(PhysicalLocation {
                artifact_location: ArtifactLocation {
                    uri: encode_path(var),
                    uri_base_id: Some(ENV_BASE_ID),
                },
                region: None,
            }),
            logical_locations: vec![LogicalLocation {
                name: var.to_string(),
                fully_qualified_name: l.path.clone(),
                kind: "variable",
            }],
        };
    }
    let artifact = if let Some(rel) = l.path.strip_prefix("~/") {
        ArtifactLocation {
            uri: encode_path(rel),
            uri_base_id: Some(HOME_BASE_ID),
        }
    } else if l.path.starts_with('/') {
        ArtifactLocation {
            uri: format!("file://{}", encode_path(&l.path)),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: encode_path(&l.path),
            uri_base_id: None,
        }
    };
    SarifLocation {
        physical_location: Some(PhysicalLocation {
            artifact_location: artifact,
            region: l.line.map(|start_line| Region {
                start_line,
                start_column: l.column,
            }),
        }),
        logical_locations: Vec::new(),
    }
}

fn result(d: &Diagnostic) -> SarifResult {
    let text = match &d.help {
        Some(h) => format!("{}\nhelp: {h}", d.message),
        None => d.message.clone(),
    };
    SarifResult {
        rule_id: d.code.as_str(),
        rule_index: Code::ALL.iter().position(|&c| c == d.code).unwrap_or(0),
        level: level(d.severity()),
        message: Message { text },
        locations: vec![location(
            d.location.as_ref().unwrap_or(&Location::path_only(".")),
        )],
    }
}

/// Renders a batch's diagnostics as a SARIF 2.1.0 log with one run, with a trailing newline.
pub fn render(batch: &Batch) -> String {
    let uses = |prefix: &str| {
        batch.diagnostics.iter().any(|d| {
            d.location
                .as_ref()
                .is_some_and(|l| l.path.starts_with(prefix))
        })
    };
    // §3.14.14: the base ids are declared without a `uri`: the user's home directory and
    // environment are theirs, not something to publish.
    let mut base_ids = serde_json::Map::new();
    if uses("~/") {
        base_ids.insert(
            HOME_BASE_ID.into(),
            serde_json::json!({"description": {"text": "The user's home directory (`--home`, default $HOME)."}}),
        );
    }
    if uses("env:") {
        base_ids.insert(
            ENV_BASE_ID.into(),
            serde_json::json!({"description": {"text": "The environment of `hooks lint` (jcode's JCODE_HOOK_* overrides)."}}),
        );
    }
    let log = SarifLog {
        schema: SCHEMA_URI,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: ToolComponent {
                    name: "hooks",
                    version: env!("CARGO_PKG_VERSION"),
                    information_uri: INFORMATION_URI,
                    rules: Code::ALL.iter().map(|&c| rule(c)).collect(),
                },
            },
            column_kind: "unicodeCodePoints",
            original_uri_base_ids: (!base_ids.is_empty())
                .then_some(serde_json::Value::Object(base_ids)),
            results: batch.diagnostics.iter().map(result).collect(),
        }],
    };
    let mut s = serde_json::to_string_pretty(&log).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_batch::demo;
    use serde_json::Value;

    fn validator() -> jsonschema::Validator {
        // Vendored from npm `@microsoft/jest-sarif` (see tests/sarif/README.md).
        let schema: Value =
            serde_json::from_str(include_str!("../../tests/sarif/sarif-schema-2.1.0.json"))
                .unwrap();
        jsonschema::draft4::new(&schema).unwrap()
    }

    fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
        v.iter_errors(doc)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect()
    }

    #[test]
    fn output_validates_against_the_sarif_2_1_0_schema() {
        let v = validator();
        for batch in [demo(), Batch::default()] {
            let doc: Value = serde_json::from_str(&render(&batch)).unwrap();
            let errs = errors(&v, &doc);
            assert!(errs.is_empty(), "{errs:#?}");
        }
    }

    #[test]
    fn the_schema_rejects_what_github_would_reject() {
        // Pins that the validator is really applied: a wrong level and a 0 line are invalid.
        let v = validator();
        let mut doc: Value = serde_json::from_str(&render(&demo())).unwrap();
        doc["runs"][0]["results"][0]["level"] = "fatal".into();
        doc["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] =
            0.into();
        assert_eq!(errors(&v, &doc).len(), 2, "{:#?}", errors(&v, &doc));
    }

    #[test]
    fn rules_come_from_the_registry_and_results_point_at_them() {
        let doc: Value = serde_json::from_str(&render(&demo())).unwrap();
        let run = &doc["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::ALL.len());
        for r in run["results"].as_array().unwrap() {
            let i = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[i]["id"], r["ruleId"]);
        }
        let dup = &rules[Code::ALL
            .iter()
            .position(|&c| c == Code::DuplicateHook)
            .unwrap()];
        assert_eq!(
            dup["shortDescription"]["text"],
            Code::DuplicateHook.summary()
        );
        assert_eq!(dup["help"]["markdown"], Code::DuplicateHook.explanation());
        assert_eq!(dup["defaultConfiguration"]["level"], "warning");
        assert_eq!(dup["name"], "DuplicateHook");
    }

    #[test]
    fn snapshot_of_the_results() {
        // The rules are the registry (pinned above); the snapshot covers the run's own part.
        let mut doc: Value = serde_json::from_str(&render(&demo())).unwrap();
        doc["runs"][0]["tool"]["driver"]["rules"] = Value::String("<registry>".into());
        doc["runs"][0]["tool"]["driver"]["version"] = Value::String("<version>".into());
        // Indexes move when codes are added to the registry; their consistency is pinned above.
        for r in doc["runs"][0]["results"].as_array_mut().unwrap() {
            r["ruleIndex"] = Value::String("<index>".into());
        }
        insta::assert_json_snapshot!(doc);
    }

    #[test]
    fn every_result_has_a_physical_location_with_an_artifact_uri() {
        // GitHub rejects the whole file otherwise (github/codeql-action#2459).
        let doc: Value = serde_json::from_str(&render(&demo())).unwrap();
        for r in doc["runs"][0]["results"].as_array().unwrap() {
            let locs = r["locations"].as_array().unwrap();
            assert_eq!(locs.len(), 1, "{r}");
            assert!(
                locs[0]["physicalLocation"]["artifactLocation"]["uri"].is_string(),
                "{r}"
            );
        }
    }

    #[test]
    fn paths_are_percent_encoded() {
        assert_eq!(encode_path("a b/c#d.toml"), "a%20b/c%23d.toml");
        assert_eq!(encode_path("é"), "%C3%A9");
    }
}
