//! Finding again the entries `hooks import` wrote into Jarvis's file ([`crate::reimport`]).

use crate::reimport::{digest, Entry, Removal};

/// Removes the `[[hooks]]` entries `take` selects, listing every one.
pub(crate) fn remove(text: &str, take: &mut dyn FnMut(&Entry) -> bool) -> Option<Removal> {
    use toml_edit::{DocumentMut, Item, Value as TV};
    let plain: toml::Table = text.parse().ok()?;
    let (mut all, mut gone, mut drop) = (Vec::new(), Vec::new(), Vec::new());
    let list = plain.get("hooks").and_then(toml::Value::as_array);
    for (i, t) in list.into_iter().flatten().enumerate() {
        let value = serde_json::to_value(t).unwrap_or(serde_json::Value::Null);
        let s = |k: &str| {
            t.get(k)
                .and_then(toml::Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let e = Entry {
            event: s("event"),
            command: s("command"),
            digest: digest("jarvis", &value),
        };
        if take(&e) {
            drop.push(i);
            gone.push(e.clone());
        }
        all.push(e);
    }
    if drop.is_empty() {
        return Some((text.to_string(), all, gone));
    }
    let mut doc: DocumentMut = text.parse().ok()?;
    // From the end, so the earlier indices still hold.
    for &i in drop.iter().rev() {
        match doc.get_mut("hooks") {
            Some(Item::ArrayOfTables(a)) => {
                // Comments above a `[[hooks]]` header belong to it in toml_edit; they are the
                // user's (the writer writes none), so they stay: on the next entry, or at the
                // end of the file.
                let comments = a
                    .get(i)
                    .and_then(|t| t.decor().prefix())
                    .and_then(|p| p.as_str())
                    .filter(|p| p.contains('#'))
                    .map(str::to_string);
                a.remove(i);
                if let Some(c) = comments {
                    match a.get_mut(i) {
                        Some(next) => {
                            let mine = next
                                .decor()
                                .prefix()
                                .and_then(|p| p.as_str())
                                .unwrap_or_default()
                                .to_string();
                            next.decor_mut().set_prefix(format!("{c}{mine}"));
                        }
                        None => {
                            let end = doc.trailing().as_str().unwrap_or_default().to_string();
                            doc.set_trailing(format!("{c}{end}"));
                        }
                    }
                }
            }
            Some(Item::Value(TV::Array(a))) => {
                a.remove(i);
            }
            _ => return None,
        }
    }
    Some((doc.to_string(), all, gone))
}
