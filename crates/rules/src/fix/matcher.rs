//! Matcher fixes: a comma-separated list of tool names in a regex matcher (`Edit, Write` →
//! `Edit|Write`, safe: the list matches nothing as written), and a matcher on an event that
//! ignores it (removed; unsafe: the user may have meant another event, where it would filter).

use super::json::{self, Scalar};
use super::toml::{self, Token};
use super::{Applicability, Edit, File};
use jsonc_parser::cst::CstInputValue;

use crate::rules::bar_list;

pub(super) fn comma_list(span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    let (old, new, after) = if f.is_json() {
        let found = json::locate(f.text, span)?;
        let Some(Scalar::String(old)) = &found.scalar else {
            return None;
        };
        let new = bar_list(old).filter(|_| found.key == "matcher")?;
        let root = json::cst(f.text)?;
        json::prop(&root, &found.path)?.set_value(CstInputValue::String(new.clone()));
        (old.clone(), new, root.to_string())
    } else {
        let Token::String(old) = toml::token(f.text, span)? else {
            return None;
        };
        let new = bar_list(&old)?;
        let after = toml::replace_token(f.text, span, &toml::string_literal(&new))?;
        (old, new, after)
    };
    Some(Edit {
        after,
        description: format!("write the matcher `{old}` as `{new}`"),
        applicability: Applicability::Safe,
    })
}

pub(super) fn remove(span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    let after = if f.is_json() {
        let found = json::locate(f.text, span)?;
        if found.key != "matcher" {
            return None;
        }
        let root = json::cst(f.text)?;
        json::remove_prop(json::prop(&root, &found.path)?);
        root.to_string()
    } else {
        toml::remove_entry(f.text, span, "matcher")?
    };
    Some(Edit {
        after,
        description: "remove the `matcher` the event ignores".to_string(),
        applicability: Applicability::Unsafe,
    })
}
