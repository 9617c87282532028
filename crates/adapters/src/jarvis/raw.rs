//! The raw model of Jarvis's `[[hooks]]`, mirroring the file: each entry with its four
//! fields as written, the fields Jarvis rejects, and every value of the wrong type.
//!
//! Read by walking a span-keeping `toml_edit` document rather than with serde: serde stops at
//! the first error, and a linter must report all of them, each at its own position.

pub use crate::toml_support::{Spanned, TypeError};

use crate::toml_support::value_type;
use std::ops::Range;
use toml_edit::{ImDocument, Item, TableLike, Value};

/// The four fields of an entry, in the schema's order.
pub const FIELDS: [&str; 4] = ["event", "matcher", "command", "timeout"];

/// A `timeout` as written. smol-toml (Jarvis's parser) turns both into a JavaScript number,
/// so an integral float such as `30.0` passes the schema's `int()` check.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RawTimeout {
    /// A TOML integer.
    Int(i64),
    /// A TOML float.
    Float(f64),
}

/// One `[[hooks]]` entry as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawEntry {
    /// 0-based index in the `hooks` array.
    pub index: usize,
    /// The entry's span (from its `[[hooks]]` header, or the inline table).
    pub span: Option<Range<usize>>,
    /// `event`, when a string.
    pub event: Option<Spanned<String>>,
    /// `matcher`, when a string.
    pub matcher: Option<Spanned<String>>,
    /// `command`, when a string.
    pub command: Option<Spanned<String>>,
    /// `timeout`, when a number.
    pub timeout: Option<Spanned<RawTimeout>>,
    /// Fields the schema rejects (`.strict()`).
    pub unknown: Vec<Spanned<String>>,
    /// Fields of the wrong type.
    pub type_errors: Vec<TypeError>,
}

/// The `hooks` array as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawHooks {
    /// The entries that are tables, in order.
    pub entries: Vec<RawEntry>,
    /// `hooks` itself, or an element of it, with the wrong type.
    pub type_errors: Vec<TypeError>,
}

/// Reads `hooks` from a parsed document. `None` when there is no `hooks` key.
pub fn read(doc: &ImDocument<&str>) -> Option<RawHooks> {
    let item = doc.as_table().get("hooks")?;
    let mut raw = RawHooks::default();
    match item {
        Item::ArrayOfTables(a) => {
            raw.entries.reserve(a.len());
            for (i, t) in a.iter().enumerate() {
                raw.entries.push(read_entry(i, t, t.span()));
            }
        }
        Item::Value(Value::Array(a)) => {
            raw.entries.reserve(a.len());
            for (i, v) in a.iter().enumerate() {
                match v {
                    Value::InlineTable(t) => raw.entries.push(read_entry(i, t, t.span())),
                    other => raw.type_errors.push(TypeError {
                        path: format!("hooks[{i}]"),
                        expected: "a table",
                        found: value_type(other),
                        span: other.span(),
                    }),
                }
            }
        }
        other => raw.type_errors.push(TypeError::of(
            "hooks",
            "an array of tables (`[[hooks]]`)",
            other,
        )),
    }
    Some(raw)
}

fn read_entry(index: usize, t: &dyn TableLike, span: Option<Range<usize>>) -> RawEntry {
    let mut e = RawEntry {
        index,
        span,
        ..RawEntry::default()
    };
    for (name, _) in t.iter() {
        let Some((key, item)) = t.get_key_value(name) else {
            continue;
        };
        let string = |e: &mut RawEntry, expected: &'static str| -> Option<Spanned<String>> {
            match item {
                Item::Value(Value::String(s)) => Some(Spanned {
                    value: s.value().clone(),
                    span: s.span(),
                }),
                other => {
                    e.type_errors.push(TypeError::of(
                        format!("hooks[{index}].{name}"),
                        expected,
                        other,
                    ));
                    None
                }
            }
        };
        match name {
            "event" => e.event = string(&mut e, "a string (an event name)"),
            "matcher" => e.matcher = string(&mut e, "a string (a regex)"),
            "command" => e.command = string(&mut e, "a string"),
            "timeout" => match item {
                Item::Value(Value::Integer(i)) => {
                    e.timeout = Some(Spanned {
                        value: RawTimeout::Int(*i.value()),
                        span: i.span(),
                    })
                }
                Item::Value(Value::Float(f)) => {
                    e.timeout = Some(Spanned {
                        value: RawTimeout::Float(*f.value()),
                        span: f.span(),
                    })
                }
                other => e.type_errors.push(TypeError::of(
                    format!("hooks[{index}].timeout"),
                    "an integer number of seconds",
                    other,
                )),
            },
            other => e.unknown.push(Spanned {
                value: other.to_string(),
                span: key.span(),
            }),
        }
    }
    e
}
