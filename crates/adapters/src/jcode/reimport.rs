//! Finding again the entries `hooks import` wrote into jcode's file ([`crate::reimport`]).

use crate::reimport::{digest, Entry, Removal};

/// Removes the commands `take` selects from jcode's `[hooks]` slots, listing every one.
pub(crate) fn remove(text: &str, take: &mut dyn FnMut(&Entry) -> bool) -> Option<Removal> {
    use toml_edit::{DocumentMut, Item, Value as TV};
    let plain: toml::Table = text.parse().ok()?;
    let (mut all, mut gone) = (Vec::new(), Vec::new());
    let Some(hooks) = plain.get("hooks").and_then(toml::Value::as_table) else {
        return Some((text.to_string(), all, gone));
    };
    // (slot, index in its array or None for a string)
    let mut drop: Vec<(&str, Option<usize>)> = Vec::new();
    for (slot, _) in super::raw::SLOTS {
        let commands: Vec<(Option<usize>, &str)> = match hooks.get(slot) {
            Some(toml::Value::String(s)) => vec![(None, s.as_str())],
            Some(toml::Value::Array(a)) => a
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.as_str().map(|s| (Some(i), s)))
                .collect(),
            _ => Vec::new(),
        };
        for (i, command) in commands {
            // jcode trims each command, and so does its writer.
            let command = command.trim();
            if command.is_empty() {
                continue;
            }
            let e = Entry {
                event: slot.to_string(),
                command: command.to_string(),
                digest: digest(
                    "jcode",
                    &serde_json::json!({"slot": slot, "command": command}),
                ),
            };
            if take(&e) {
                drop.push((slot, i));
                gone.push(e.clone());
            }
            all.push(e);
        }
    }
    if drop.is_empty() {
        return Some((text.to_string(), all, gone));
    }
    let mut doc: DocumentMut = text.parse().ok()?;
    let table = doc.get_mut("hooks")?.as_table_like_mut()?;
    for &(slot, i) in drop.iter().rev() {
        match i {
            None => {
                table.remove(slot);
            }
            Some(i) => {
                let empty = match table.get_mut(slot) {
                    Some(Item::Value(TV::Array(a))) => {
                        a.remove(i);
                        a.is_empty()
                    }
                    _ => return None,
                };
                if empty {
                    table.remove(slot);
                }
            }
        }
    }
    Some((doc.to_string(), all, gone))
}
