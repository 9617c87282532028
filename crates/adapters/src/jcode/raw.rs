//! The raw model of jcode's `[hooks]` table, mirroring the file: each slot as written (one
//! string or an array of strings), `pre_tool_timeout_ms`, the keys jcode ignores, and every
//! value whose type would make jcode's serde parse fail.
//!
//! Read by walking a span-keeping `toml_edit` document rather than with serde: serde stops at
//! the first error, and a linter must report all of them, each at its own position.

pub use crate::toml_support::{Spanned, TypeError};

use crate::toml_support::value_type;
use std::ops::Range;
use toml_edit::{ImDocument, Item, TableLike, Value};

/// The six command slots, in jcode's declaration order, with their environment overrides.
pub const SLOTS: [(&str, &str); 6] = [
    ("turn_start", "JCODE_HOOK_TURN_START"),
    ("turn_end", "JCODE_HOOK_TURN_END"),
    ("session_start", "JCODE_HOOK_SESSION_START"),
    ("session_end", "JCODE_HOOK_SESSION_END"),
    ("pre_tool", "JCODE_HOOK_PRE_TOOL"),
    ("post_tool", "JCODE_HOOK_POST_TOOL"),
];

/// The timeout key of `[hooks]`.
pub const TIMEOUT_KEY: &str = "pre_tool_timeout_ms";

/// One slot as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawSlot {
    /// The slot key (one of [`SLOTS`]).
    pub slot: &'static str,
    /// Where the key is written.
    pub key_span: Option<Range<usize>>,
    /// Whether it is written as an array.
    pub array: bool,
    /// The commands, untrimmed, in order.
    pub commands: Vec<Spanned<String>>,
}

/// The `[hooks]` table as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawHooks {
    /// The slots, in file order.
    pub slots: Vec<RawSlot>,
    /// `pre_tool_timeout_ms` and the span of its key, when written with a valid type.
    pub timeout: Option<(Spanned<u64>, Option<Range<usize>>)>,
    /// Keys jcode silently ignores.
    pub ignored: Vec<Spanned<String>>,
    /// Values of the wrong type.
    pub type_errors: Vec<TypeError>,
}

/// Reads `[hooks]` from a parsed document. `None` when the document has no `hooks` key.
pub fn read(doc: &ImDocument<&str>) -> Option<RawHooks> {
    let (_, item) = doc.as_table().get_key_value("hooks")?;
    let mut raw = RawHooks::default();
    let table: &dyn TableLike = match item {
        Item::Table(t) => t,
        Item::Value(Value::InlineTable(t)) => t,
        other => {
            raw.type_errors
                .push(TypeError::of("hooks", "a table", other));
            return Some(raw);
        }
    };
    for (name, _) in table.iter() {
        let Some((key, item)) = table.get_key_value(name) else {
            continue;
        };
        let key_span = key.span();
        if let Some(&(slot, _)) = SLOTS.iter().find(|(s, _)| *s == name) {
            read_slot(slot, key_span, item, &mut raw);
        } else if name == TIMEOUT_KEY {
            match item {
                Item::Value(Value::Integer(i)) if *i.value() >= 0 => {
                    raw.timeout = Some((
                        Spanned {
                            value: u64::try_from(*i.value()).unwrap_or(0),
                            span: i.span(),
                        },
                        key_span,
                    ));
                }
                Item::Value(Value::Integer(i)) => raw.type_errors.push(TypeError {
                    path: format!("hooks.{TIMEOUT_KEY}"),
                    expected: "an unsigned integer (milliseconds)",
                    found: "a negative integer",
                    span: i.span(),
                }),
                other => raw.type_errors.push(TypeError::of(
                    format!("hooks.{TIMEOUT_KEY}"),
                    "an unsigned integer (milliseconds)",
                    other,
                )),
            }
        } else {
            raw.ignored.push(Spanned {
                value: name.to_string(),
                span: key_span,
            });
        }
    }
    Some(raw)
}

fn read_slot(slot: &'static str, key_span: Option<Range<usize>>, item: &Item, raw: &mut RawHooks) {
    const EXPECTED: &str = "a string or an array of strings";
    match item {
        Item::Value(Value::String(s)) => raw.slots.push(RawSlot {
            slot,
            key_span,
            array: false,
            commands: vec![Spanned {
                value: s.value().clone(),
                span: s.span(),
            }],
        }),
        Item::Value(Value::Array(a)) => {
            let mut commands = Vec::with_capacity(a.len());
            let mut ok = true;
            for (i, v) in a.iter().enumerate() {
                match v {
                    Value::String(s) => commands.push(Spanned {
                        value: s.value().clone(),
                        span: s.span(),
                    }),
                    other => {
                        ok = false;
                        raw.type_errors.push(TypeError {
                            path: format!("hooks.{slot}[{i}]"),
                            expected: "a string",
                            found: value_type(other),
                            span: other.span(),
                        });
                    }
                }
            }
            if ok {
                raw.slots.push(RawSlot {
                    slot,
                    key_span,
                    array: true,
                    commands,
                });
            }
        }
        other => raw
            .type_errors
            .push(TypeError::of(format!("hooks.{slot}"), EXPECTED, other)),
    }
}
