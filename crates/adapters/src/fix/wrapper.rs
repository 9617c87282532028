//! Events written outside the `"hooks"` object (Claude settings, Codex `hooks.json`, Gemini
//! settings): the event moves into `"hooks"` of the same file (created at the end of the top
//! object when missing). Safe: the agent never ran these hooks, and the file, hence the scope,
//! stays the same. Not offered when `"hooks"` already has the event (a merge is the user's
//! call) or when a comment inside the event's value would be lost.

use super::json;
use super::{Applicability, Edit, File};
use crate::write::json_input;
use jsonc_parser::cst::CstInputValue;

pub(super) fn fix(span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    if !f.is_json() {
        return None;
    }
    let found = json::locate(f.text, span)?;
    if found.path.len() != 1 || found.has_comment || found.key == "hooks" {
        return None;
    }
    let root = json::cst(f.text)?;
    let top = root.object_value()?;
    let p = json::prop(&root, &found.path)?;
    // No comment inside (checked above): the value is strict JSON.
    let value: serde_json::Value =
        serde_json::from_str(f.text.get(found.value_span.0..found.value_span.1)?).ok()?;
    let hooks = match top.get("hooks") {
        Some(h) => h.object_value()?,
        None => top
            .append("hooks", CstInputValue::Object(Vec::new()))
            .object_value()?,
    };
    if hooks.get(&found.key).is_some() {
        return None;
    }
    hooks.append(&found.key, json_input(&value));
    p.remove();
    Some(Edit {
        after: root.to_string(),
        description: format!("move `{}` into the `\"hooks\"` object", found.key),
        applicability: Applicability::Safe,
    })
}
