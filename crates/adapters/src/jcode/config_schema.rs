//! Checks the types of a whole jcode `config.toml` against jcode's serde model
//! ([`super::config_types`]). jcode loads its config with `toml::from_str::<Config>` and, on any
//! error, silently falls back to the default config (1jehuang/jcode@6da6124
//! `crates/jcode-base/src/config/config_file.rs` `load` → `load_from_file` →
//! `unwrap_or_default()`): one wrong type anywhere — `[display] centered = "yes"` — turns every
//! hook of the file off. Unknown keys are ignored, as serde ignores them.

use super::config_types::CONFIG;
use crate::toml_support::{item_span, item_type, value_type};
use std::ops::Range;
use toml_edit::{ImDocument, Item, TableLike, Value};

/// A type of jcode's config model.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Ty {
    /// Not checked (a custom deserializer).
    Any,
    /// `bool`.
    Bool,
    /// `String`, `PathBuf`.
    Str,
    /// An integer type, with its range.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// `f32`/`f64` (an integer is accepted too).
    Float,
    /// A unit-variant enum: one of these words.
    Enum(&'static [&'static str]),
    /// `Vec<T>` and sets.
    Array(&'static Ty),
    /// `BTreeMap<String, T>`.
    Map(&'static Ty),
    /// A struct.
    Table(&'static Table),
}

/// A struct of jcode's config model.
#[derive(Debug)]
pub(crate) struct Table {
    /// Its Rust name (for messages).
    pub name: &'static str,
    /// Its fields.
    pub fields: &'static [Field],
}

/// A field: its key and aliases, its type, whether serde requires it.
#[derive(Debug)]
pub(crate) struct Field {
    pub names: &'static [&'static str],
    pub ty: Ty,
    pub required: bool,
}

/// A value jcode's serde model rejects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    /// The key path (`display.centered`, `providers.x.models[0].id`).
    pub path: String,
    /// What jcode expects there.
    pub expected: String,
    /// What is written (`a string`, `missing`, `written twice`).
    pub found: String,
    /// Where.
    pub span: Option<Range<usize>>,
}

/// Every value of `doc` outside `[hooks]` that jcode's model rejects, in file order.
pub fn check(doc: &ImDocument<&str>) -> Vec<SchemaError> {
    let mut errors = Vec::new();
    check_table(
        doc.as_table(),
        &CONFIG,
        "",
        doc.as_table().span(),
        &mut errors,
    );
    errors
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn check_table(
    t: &dyn TableLike,
    table: &'static Table,
    path: &str,
    span: Option<Range<usize>>,
    errors: &mut Vec<SchemaError>,
) {
    let mut seen: Vec<(usize, &str)> = Vec::new();
    for (key, item) in t.iter() {
        let Some((n, field)) = table
            .fields
            .iter()
            .enumerate()
            .find(|(_, f)| f.names.contains(&key))
        else {
            continue; // serde ignores unknown keys
        };
        let here = join(path, key);
        if let Some((_, first)) = seen.iter().find(|(i, _)| *i == n) {
            // serde: `duplicate field` when a key and its alias are both written.
            errors.push(SchemaError {
                path: here,
                expected: format!("only one of `{first}` and `{key}`"),
                found: "both".into(),
                span: item_span(item),
            });
            continue;
        }
        seen.push((n, key));
        // `[hooks]` has its own, finer diagnostics (raw.rs).
        if path.is_empty() && key == "hooks" {
            continue;
        }
        check_item(item, &field.ty, &here, errors);
    }
    for (n, f) in table.fields.iter().enumerate() {
        if f.required && !seen.iter().any(|(i, _)| *i == n) {
            errors.push(SchemaError {
                path: join(path, f.names[0]),
                expected: format!("a value (`{}` requires it)", table.name),
                found: "nothing".into(),
                span: span.clone(),
            });
        }
    }
}

fn check_item(item: &Item, ty: &Ty, path: &str, errors: &mut Vec<SchemaError>) {
    let wrong = |expected: String, errors: &mut Vec<SchemaError>| {
        errors.push(SchemaError {
            path: path.to_string(),
            expected,
            found: item_type(item).into(),
            span: item_span(item),
        })
    };
    match (ty, item) {
        (Ty::Any, _) => {}
        (Ty::Table(t), Item::Table(tab)) => check_table(tab, t, path, tab.span(), errors),
        (Ty::Table(t), Item::Value(Value::InlineTable(tab))) => {
            check_table(tab, t, path, tab.span(), errors)
        }
        (Ty::Map(v), Item::Table(tab)) => {
            for (k, i) in tab.iter() {
                check_item(i, v, &join(path, k), errors);
            }
        }
        (Ty::Map(v), Item::Value(Value::InlineTable(tab))) => {
            for (k, val) in tab.iter() {
                check_value(val, v, &join(path, k), errors);
            }
        }
        (Ty::Array(v), Item::ArrayOfTables(a)) => {
            for (i, tab) in a.iter().enumerate() {
                let here = format!("{path}[{i}]");
                match v {
                    Ty::Any => {}
                    Ty::Table(t) => check_table(tab, t, &here, tab.span(), errors),
                    Ty::Map(m) => {
                        for (k, it) in tab.iter() {
                            check_item(it, m, &join(&here, k), errors);
                        }
                    }
                    other => errors.push(SchemaError {
                        path: here,
                        expected: expected(other),
                        found: "a table".into(),
                        span: tab.span(),
                    }),
                }
            }
        }
        (_, Item::Value(v)) => check_value(v, ty, path, errors),
        (_, Item::None) => {}
        (t, _) => wrong(expected(t), errors),
    }
}

fn check_value(v: &Value, ty: &Ty, path: &str, errors: &mut Vec<SchemaError>) {
    let ok = match (ty, v) {
        (Ty::Any, _) | (Ty::Bool, Value::Boolean(_)) | (Ty::Str, Value::String(_)) => true,
        (Ty::Int { min, max }, Value::Integer(i)) => (*min..=*max).contains(i.value()),
        (Ty::Float, Value::Float(_) | Value::Integer(_)) => true,
        (Ty::Enum(words), Value::String(s)) => words.contains(&s.value().as_str()),
        (Ty::Array(inner), Value::Array(a)) => {
            for (i, e) in a.iter().enumerate() {
                check_value(e, inner, &format!("{path}[{i}]"), errors);
            }
            true
        }
        (Ty::Table(t), Value::InlineTable(tab)) => {
            check_table(tab, t, path, tab.span(), errors);
            true
        }
        (Ty::Map(inner), Value::InlineTable(tab)) => {
            for (k, e) in tab.iter() {
                check_value(e, inner, &join(path, k), errors);
            }
            true
        }
        _ => false,
    };
    if !ok {
        let found = match (ty, v) {
            (Ty::Int { .. }, Value::Integer(i)) => format!("{}", i.value()),
            (Ty::Enum(_), Value::String(s)) => format!("\"{}\"", s.value()),
            _ => value_type(v).to_string(),
        };
        errors.push(SchemaError {
            path: path.to_string(),
            expected: expected(ty),
            found,
            span: v.span(),
        });
    }
}

/// What `ty` accepts, in words.
fn expected(ty: &Ty) -> String {
    match ty {
        Ty::Any => "any value".into(),
        Ty::Bool => "a boolean".into(),
        Ty::Str => "a string".into(),
        Ty::Int { min, max } if *max == i64::MAX => format!("an integer ≥ {min}"),
        Ty::Int { min, max } => format!("an integer in {min}..={max}"),
        Ty::Float => "a number".into(),
        Ty::Enum(words) => format!(
            "one of {}",
            words
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Ty::Array(inner) => format!("an array of {}", plural(inner)),
        Ty::Map(inner) => format!("a table of {}", plural(inner)),
        Ty::Table(t) => format!("a table (`{}`)", t.name),
    }
}

fn plural(ty: &Ty) -> String {
    match ty {
        Ty::Bool => "booleans".into(),
        Ty::Str => "strings".into(),
        Ty::Int { .. } => "integers".into(),
        Ty::Float => "numbers".into(),
        Ty::Table(t) => format!("tables (`{}`)", t.name),
        other => format!("values ({})", expected(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(text: &str) -> Vec<(String, String, String)> {
        let doc = ImDocument::parse(text).unwrap();
        check(&doc)
            .into_iter()
            .map(|e| (e.path, e.expected, e.found))
            .collect()
    }

    #[test]
    fn wrong_types_anywhere_are_found_and_unknown_keys_ignored() {
        assert!(errs("[display]\ncentered = true\nnot_a_key = 1\n[whatever]\nx = 1\n").is_empty());
        assert_eq!(
            errs("[display]\ncentered = \"yes\"\n"),
            [(
                "display.centered".into(),
                "a boolean".into(),
                "a string".into()
            )]
        );
        let e = errs("[display]\nanimation_fps = -1\n");
        assert_eq!(e[0].0, "display.animation_fps");
        assert_eq!(e[0].2, "-1");
        let e = errs("[providers.gw]\nbase_url = \"https://x\"\ntype = \"nope\"\n");
        assert_eq!(e[0].0, "providers.gw.type");
        assert!(e[0].1.contains("\"openai-compatible\""), "{}", e[0].1);
        assert!(
            errs("[providers.gw]\ntype = \"openai_compatible\"\nbase_url = \"u\"\n").is_empty()
        );
        let e = errs("[[launch_hotkeys.entries]]\nchord = \"cmd+j\"\n");
        assert_eq!(e[0].0, "launch_hotkeys.entries[0].dir", "a required field");
        assert!(
            errs("[hooks]\npre_tool = 7\n").is_empty(),
            "[hooks] is raw.rs's"
        );
    }
}
