//! SARIF 2.1.0 output for GitHub code scanning. Only the subset we need is modelled; each
//! struct cites its section of the OASIS specification ("Static Analysis Results Interchange
//! Format (SARIF) Version 2.1.0", <https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html>).
//!
//! Rules come from the one registry ([`Code::ALL`]), so `ruleIndex` is stable for a given version
//! and every code that can appear has its rule. Locations:
//! - a path relative to the current directory → a relative `uri` (GitHub resolves it against the
//!   repository root, where CI runs the linter);
//! - a `~/…` path → `uri` relative to the `HOME` base id (§3.4.4), which is not in the repository;
//! - an absolute path → a `file:` URI;
//! - `env:NAME` → a logical location of kind `variable` (§3.33.7), plus the physical location
//!   `NAME` relative to the `ENV` base id;
//! - no location → the project root, `.`.
//!
//! GitHub rejects a whole upload when one result lacks a physical location with an artifact URI
//! (`locationFromSarifResult: expected at least one location`, github/codeql-action#2459, and its
//! ingestion rule GH1001), although §3.27.12 allows zero locations: so every result gets one.

use super::fixable::Fixable;
use hook_ir::{Batch, Code, Diagnostic, Location, Severity};
use hooks_rules::fix::FixInfo;
use serde::Serialize;

/// The schema URI the log declares (§3.13.3).
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// Where the rules' documentation lives: the package's `repository`, when it has one. The
/// project has no public address yet, so none is claimed (a made-up one would send code-scanning
/// users to a page that does not exist); every rule carries its full help text instead.
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

fn information_uri() -> Option<&'static str> {
    (!REPOSITORY.is_empty()).then_some(REPOSITORY)
}
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
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
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
    /// §3.27.30: the fix `hooks lint --fix` has (safe or unsafe: see its properties).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<Fix>,
}

/// §3.55 fix object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fix {
    /// §3.55.2
    description: Message,
    /// §3.55.3
    artifact_changes: Vec<ArtifactChange>,
    /// §3.8 property bag: `applicability` (`safe`: `--fix` applies it; `unsafe`: only with
    /// `--unsafe-fixes`).
    properties: FixProperties,
}

/// The properties of a [`Fix`].
#[derive(Serialize)]
struct FixProperties {
    applicability: &'static str,
}

/// §3.56 artifactChange object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    /// §3.56.2
    artifact_location: ArtifactLocation,
    /// §3.56.3
    replacements: Vec<Replacement>,
}

/// §3.57 replacement object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    /// §3.57.3
    deleted_region: Region,
    /// §3.57.4
    #[serde(skip_serializing_if = "Option::is_none")]
    inserted_content: Option<ArtifactContent>,
}

/// §3.3 artifactContent object.
#[derive(Serialize)]
struct ArtifactContent {
    /// §3.3.2
    text: String,
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
    /// §3.30.7
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<u32>,
    /// §3.30.8: the column after the region's last character.
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<u32>,
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
        help_uri: information_uri().map(|r| format!("{r}/blob/main/docs/diagnostics.md#{c}")),
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
            // Lines and columns are 1-based (§3.30.5, §3.30.6): a 0 from a buggy source would
            // make the whole log invalid, so it is left out rather than emitted.
            region: l.line.filter(|&n| n >= 1).map(|start_line| Region {
                start_line,
                start_column: l.column.filter(|&c| c >= 1),
                end_line: None,
                end_column: None,
            }),
        }),
        logical_locations: Vec::new(),
    }
}

/// The SARIF fix of `f`, which edits the file at `l`; `None` when `l` is not a file.
fn fix(f: &FixInfo, l: &Location) -> Option<Fix> {
    let artifact_location = location(l).physical_location?.artifact_location;
    if l.path.starts_with("env:") {
        return None;
    }
    let replacements = f
        .edits
        .iter()
        .map(|e| Replacement {
            deleted_region: Region {
                start_line: e.start.line,
                start_column: Some(e.start.column),
                end_line: Some(e.end.line),
                end_column: Some(e.end.column),
            },
            inserted_content: (!e.content.is_empty()).then(|| ArtifactContent {
                text: e.content.clone(),
            }),
        })
        .collect();
    Some(Fix {
        description: Message {
            text: f.description.clone(),
        },
        artifact_changes: vec![ArtifactChange {
            artifact_location,
            replacements,
        }],
        properties: FixProperties {
            applicability: f.applicability.as_str(),
        },
    })
}

fn result(d: &Diagnostic, fixable: &Fixable) -> SarifResult {
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
        fixes: fixable
            .get(d)
            .zip(d.location.as_ref())
            .and_then(|(f, l)| fix(f, l))
            .into_iter()
            .collect(),
    }
}

/// Renders a batch's diagnostics as a SARIF 2.1.0 log with one run, with a trailing newline;
/// each result with a fix in `fixable` carries it.
pub fn render(batch: &Batch, fixable: &Fixable) -> String {
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
                    information_uri: information_uri(),
                    rules: Code::ALL.iter().map(|&c| rule(c)).collect(),
                },
            },
            column_kind: "unicodeCodePoints",
            original_uri_base_ids: (!base_ids.is_empty())
                .then_some(serde_json::Value::Object(base_ids)),
            results: batch
                .diagnostics
                .iter()
                .map(|d| result(d, fixable))
                .collect(),
        }],
    };
    let mut s = serde_json::to_string_pretty(&log).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_batch::{demo, demo_fixes};
    use serde_json::Value;

    fn validator() -> &'static jsonschema::Validator {
        static V: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
        V.get_or_init(|| {
            // Vendored from npm `@microsoft/jest-sarif` (see tests/sarif/README.md).
            let schema: Value =
                serde_json::from_str(include_str!("../../tests/sarif/sarif-schema-2.1.0.json"))
                    .unwrap();
            // Formats (`uri`, `uri-reference`) are checked too, not only the structure.
            jsonschema::options()
                .with_draft(jsonschema::Draft::Draft4)
                .should_validate_formats(true)
                .build(&schema)
                .unwrap()
        })
    }

    fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
        v.iter_errors(doc)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect()
    }

    #[test]
    fn output_validates_against_the_sarif_2_1_0_schema() {
        let v = validator();
        for (batch, fixes) in [
            (demo(), demo_fixes()),
            (demo(), Fixable::default()),
            (Batch::default(), Fixable::default()),
        ] {
            let doc: Value = serde_json::from_str(&render(&batch, &fixes)).unwrap();
            let errs = errors(v, &doc);
            assert!(errs.is_empty(), "{errs:#?}");
        }
    }

    #[test]
    fn the_schema_rejects_what_github_would_reject() {
        // Pins that the validator is really applied: a wrong level and a 0 line are invalid.
        let v = validator();
        let mut doc: Value = serde_json::from_str(&render(&demo(), &Fixable::default())).unwrap();
        doc["runs"][0]["results"][0]["level"] = "fatal".into();
        doc["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] =
            0.into();
        // And formats are checked (draft 4 knows `uri`; `uri-reference` is checked by
        // `is_uri_reference` below).
        doc["runs"][0]["tool"]["driver"]["informationUri"] = "not a uri".into();
        assert_eq!(errors(v, &doc).len(), 3, "{:#?}", errors(v, &doc));
    }

    #[test]
    fn rules_come_from_the_registry_and_results_point_at_them() {
        let doc: Value = serde_json::from_str(&render(&demo(), &Fixable::default())).unwrap();
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
        // The rules are the registry (pinned above); the snapshot covers the run's own part,
        // fixes included.
        let mut doc: Value = serde_json::from_str(&render(&demo(), &demo_fixes())).unwrap();
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
        let doc: Value = serde_json::from_str(&render(&demo(), &Fixable::default())).unwrap();
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
        assert!(is_uri_reference("a%20b/c") && !is_uri_reference("a b") && !is_uri_reference("%2"));
        assert_eq!(encode_path("a b/c#d.toml"), "a%20b/c%23d.toml");
        assert_eq!(encode_path("é"), "%C3%A9");
    }

    /// RFC 3986 §4.1 `URI-reference`, as far as characters go: unreserved, reserved and `%XX`
    /// only (the SARIF schema's `uri-reference` format is unknown to its draft 4).
    fn is_uri_reference(s: &str) -> bool {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' {
                let hex = |j: usize| b.get(j).is_some_and(u8::is_ascii_hexdigit);
                if !(hex(i + 1) && hex(i + 2)) {
                    return false;
                }
                i += 3;
                continue;
            }
            if !(c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&c)) {
                return false;
            }
            i += 1;
        }
        true
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Whatever an adapter reports — odd paths, zero or huge positions, any message — the log
        /// stays valid SARIF.
        #[test]
        fn any_diagnostic_gives_a_valid_log(
            prefix in proptest::sample::select(vec!["", "~/", "/", "env:", "./"]),
            path in "\\PC{0,20}",
            line in proptest::option::of(0u32..5),
            column in proptest::option::of(proptest::num::u32::ANY),
            message in "\\PC{0,40}",
            help in proptest::option::of("\\PC{0,20}"),
        ) {
            let mut d = Diagnostic::new(Code::InvalidCommand, message);
            if let Some(h) = help {
                d = d.with_help(h);
            }
            let d = d.at(Location { path: format!("{prefix}{path}"), line, column, span: None });
            let batch = Batch { hooks: vec![], diagnostics: vec![d] };
            let doc: Value = serde_json::from_str(&render(&batch, &Fixable::default())).unwrap();
            let errs = errors(validator(), &doc);
            proptest::prop_assert!(errs.is_empty(), "{:#?}", errs);
            let uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
                ["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
                .to_string();
            proptest::prop_assert!(is_uri_reference(&uri), "{}", uri);
        }
    }
}
