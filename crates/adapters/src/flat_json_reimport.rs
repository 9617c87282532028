//! The entries `hooks import` wrote into a flat hooks file (GitHub Copilot CLI's, Cursor's
//! `hooks.json`), found again to replace them (`crate::reimport`): one entry of
//! `hooks.<event>[]`, identified by its event and its whole object (key order and layout
//! aside). These entries are flat, not Claude's groups.

use crate::reimport::{digest, Entry, Removal};
use jsonc_parser::cst::CstRootNode;
use serde_json::Value;

fn entry(event: &str, v: &Value) -> Entry {
    let command = v
        .get("bash")
        .or_else(|| v.get("command"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    Entry {
        event: event.to_string(),
        command,
        digest: digest("copilot", &serde_json::json!({"event": event, "entry": v})),
    }
}

/// `text` without the entries `take` selects; an event emptied by the removal goes with them.
pub(crate) fn remove(text: &str, take: &mut dyn FnMut(&Entry) -> bool) -> Option<Removal> {
    let base = if text.trim().is_empty() { "{}" } else { text };
    let root = CstRootNode::parse(base, &jsonc_parser::ParseOptions::default()).ok()?;
    let (mut all, mut gone) = (Vec::new(), Vec::new());
    let Some(events) = root.object_value().and_then(|o| o.object_value("hooks")) else {
        return Some((text.to_string(), all, gone));
    };
    for prop in events.properties() {
        let Some(event) = prop.name().and_then(|n| n.decoded_value().ok()) else {
            continue;
        };
        let Some(entries) = prop.array_value() else {
            continue;
        };
        let mut removed = false;
        for node in entries.elements() {
            let Some(v) = serde_json::from_str::<Value>(&node.to_string())
                .ok()
                .filter(Value::is_object)
            else {
                continue;
            };
            let e = entry(&event, &v);
            if take(&e) {
                node.remove();
                gone.push(e.clone());
                removed = true;
            }
            all.push(e);
        }
        if removed && entries.elements().is_empty() {
            prop.remove();
        }
    }
    if gone.is_empty() {
        return Some((text.to_string(), all, gone));
    }
    Some((root.to_string(), all, gone))
}
