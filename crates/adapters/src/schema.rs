//! JSON Schemas of the conventions' config files, as `hooks schema CONV` prints them.
//!
//! Each convention with a config FILE has a `schema` submodule holding a serde model that
//! mirrors the file exactly as the agent reads it, with doc comments that become the schema's
//! descriptions (units, defaults, what the agent does with unknown keys). Event names come from
//! the contract table ([`hook_ir::contract::events_of`]), so the schemas and the linter agree.
//! The lowering keeps its own span-keeping readers (a linter must report every problem at its
//! position); these models exist for editors and for validating files before an agent sees them.
//!
//! The directory conventions (`gjc`, `claude-dir`, `codex-dir`) have no file format: their hooks
//! are module files in folders (see `docs/conventions/<id>.md`).

use hook_ir::{contract, Convention};
use schemars::schema::Schema;
use serde_json::{json, Value};

/// The JSON Schema of `convention`'s config file, or `None` for a directory convention.
pub fn schema(convention: Convention) -> Option<Value> {
    crate::registry::adapter(convention).schema()
}

/// The conventions that have a config file, hence a schema, in [`Convention::ALL`] order.
pub fn with_schema() -> impl Iterator<Item = Convention> {
    crate::registry::ADAPTERS
        .iter()
        .filter(|a| a.schema().is_some())
        .map(|a| a.convention())
}

/// The root schema of `T` as JSON (draft 7). An absent optional key is written by leaving it
/// out: the schemas do not offer `null` for it, which no agent documents.
pub(crate) fn root_of<T: schemars::JsonSchema>() -> Value {
    let settings = schemars::gen::SchemaSettings::draft07().with(|s| {
        s.option_nullable = false;
        s.option_add_null_type = false;
    });
    let schema = settings.into_generator().into_root_schema_for::<T>();
    serde_json::to_value(schema).unwrap_or(Value::Null)
}

/// A hand-written schema fragment (for what the derive cannot say).
pub(crate) fn fragment(v: Value) -> Schema {
    serde_json::from_value(v).unwrap_or(Schema::Bool(true))
}

/// The event names of `convention`, in the contract table's order.
pub(crate) fn event_names(convention: Convention) -> Vec<&'static str> {
    contract::events_of(convention).map(|c| c.event).collect()
}

/// A string enum of `convention`'s event names.
pub(crate) fn event_enum(convention: Convention) -> Schema {
    fragment(json!({
        "description": format!(
            "An event name of `{convention}`, compared exactly (case-sensitive), as the agent does. \
             `hooks explain unknown_event` and docs/contracts.md list what each one maps to."
        ),
        "type": "string",
        "enum": event_names(convention),
    }))
}

/// An object keyed by `convention`'s event names, each holding an array of `Group`s: the
/// `"hooks"` object of Codex's hooks.json and of Claude's settings.
pub(crate) fn event_map<Group: schemars::JsonSchema>(
    gen: &mut schemars::gen::SchemaGenerator,
    convention: Convention,
    ignored_by: &str,
) -> Schema {
    let groups = serde_json::to_value(gen.subschema_for::<Vec<Group>>()).unwrap_or(Value::Null);
    fragment(json!({
        "description": format!(
            "Event name → matcher groups. {ignored_by} silently ignores a key that is not one of its \
             event names (a mis-cased `pretooluse` never fires); this schema rejects it."
        ),
        "type": "object",
        "propertyNames": { "enum": event_names(convention) },
        "additionalProperties": groups,
    }))
}

/// Declares a newtype over an event name whose schema is the contract table's names for one
/// convention.
macro_rules! event_name {
    ($(#[$m:meta])* $name:ident, $convention:expr) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl schemars::JsonSchema for $name {
            fn schema_name() -> String {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
                $crate::schema::event_enum($convention)
            }
        }
    };
}
pub(crate) use event_name;

#[cfg(test)]
pub(crate) mod testing {
    //! Validation helpers for the per-convention schema tests.

    use serde_json::Value;
    use std::path::{Path, PathBuf};

    /// The repository's `fixtures/` directory.
    pub fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
    }

    /// A compiled validator for `schema` (draft 7, as schemars 0.8 writes it).
    pub fn validator(schema: &Value) -> jsonschema::Validator {
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft7)
            .build(schema)
            .expect("the schema compiles")
    }

    /// The validation errors of `doc`, as text (empty: valid).
    pub fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
        v.iter_errors(doc)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect()
    }

    /// A TOML file as JSON, as `toml` parses it.
    pub fn toml_file(path: &Path) -> Value {
        let text = std::fs::read_to_string(path).expect("fixture readable");
        toml::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// A JSON file.
    pub fn json_file(path: &Path) -> Value {
        let text = std::fs::read_to_string(path).expect("fixture readable");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Every file named `name` (or, for `name == "*.toml"`, ending in `.toml`) under `dir`.
    pub fn files_under(dir: &Path, name: &str) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .filter(|p| match name.strip_prefix("*.") {
                Some(ext) => p.extension().is_some_and(|e| e == ext),
                None => p.file_name().is_some_and(|n| n == name),
            })
            .collect();
        out.sort();
        out
    }

    /// Asserts every file is valid against `schema`; returns how many were checked.
    pub fn assert_all_valid(schema: &Value, docs: &[(PathBuf, Value)]) -> usize {
        let v = validator(schema);
        for (path, doc) in docs {
            let errs = errors(&v, doc);
            assert!(errs.is_empty(), "{} rejected: {errs:#?}", path.display());
        }
        docs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_the_directory_conventions_have_no_schema() {
        for c in Convention::ALL {
            let dir = matches!(
                c,
                Convention::Gjc
                    | Convention::ClaudeDir
                    | Convention::CodexDir
                    | Convention::ClineDir
            );
            assert_eq!(schema(c).is_none(), dir, "{c}");
            assert_eq!(with_schema().any(|w| w == c), !dir, "{c}");
        }
    }

    #[test]
    fn every_schema_is_a_draft_7_document_with_a_title() {
        for c in with_schema() {
            let s = schema(c).unwrap();
            assert!(s["$schema"].as_str().unwrap().contains("draft-07"), "{c}");
            assert!(s["title"].is_string(), "{c} has no title");
            assert!(s["description"].is_string(), "{c} has no description");
            testing::validator(&s);
        }
    }
}
