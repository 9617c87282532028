//! Mis-cased and misspelt event names and keys: the name the diagnostic's did-you-mean already
//! computed replaces the one written (`pretooluse` → `PreToolUse`, `tiemout` → `timeout`). Safe:
//! the name written is one the agent ignores.

use super::json::{self, Part, Scalar};
use super::toml::{self, Token};
use super::{Applicability, Edit, File};
use hook_ir::Diagnostic;

/// The one name a help text suggests: `did you mean `X`?` (not a list of hints).
pub(super) fn suggestion(help: &str) -> Option<&str> {
    let (_, rest) = help.rsplit_once("did you mean `")?;
    let (name, after) = rest.split_once('`')?;
    (after.starts_with('?') && !name.is_empty()).then_some(name)
}

pub(super) fn fix(d: &Diagnostic, span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    let new = suggestion(d.help.as_deref()?)?;
    let (old, after) = if f.is_json() {
        rename_json(f.text, span, new)?
    } else {
        rename_toml(f.text, span, new)?
    };
    (old != new).then(|| Edit {
        after,
        description: format!("rename `{old}` to `{new}`"),
        applicability: Applicability::Safe,
    })
}

fn rename_json(text: &str, span: (usize, usize), new: &str) -> Option<(String, String)> {
    let found = json::locate(text, span)?;
    let root = json::cst(text)?;
    let p = json::prop(&root, &found.path)?;
    let old = match (found.part, &found.scalar) {
        (Part::Key, _) => {
            // Renaming onto a key the object already has would make two copies, of which the
            // agent keeps one: a merge is the user's call.
            if found.siblings.iter().any(|k| k == new) {
                return None;
            }
            match p.name()? {
                jsonc_parser::cst::ObjectPropName::String(s) => {
                    s.set_raw_value(json::string_literal(new))
                }
                jsonc_parser::cst::ObjectPropName::Word(w) => w.set_raw_value(new.to_string()),
            }
            found.key.clone()
        }
        (Part::Value, Some(Scalar::String(s))) => {
            p.set_value(jsonc_parser::cst::CstInputValue::String(new.to_string()));
            s.clone()
        }
        _ => return None,
    };
    Some((old, root.to_string()))
}

fn rename_toml(text: &str, span: (usize, usize), new: &str) -> Option<(String, String)> {
    let raw = text.get(span.0..span.1)?.trim();
    let bare = new
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    let (old, literal) = match toml::token(text, span)? {
        Token::String(s) if raw.starts_with('\'') && !new.contains(['\'', '\n']) => {
            (s, format!("'{new}'"))
        }
        Token::String(s) => (s, toml::string_literal(new)),
        Token::Bare(k) if bare => (k, new.to_string()),
        Token::Bare(k) => (k, toml::string_literal(new)),
        Token::Integer(_) => return None,
    };
    Some((old, toml::replace_token(text, span, &literal)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_read_from_the_help() {
        assert_eq!(suggestion("did you mean `PreToolUse`?"), Some("PreToolUse"));
        assert_eq!(
            suggestion("did you mean `PreToolUse`? Event names are case-sensitive"),
            Some("PreToolUse")
        );
        assert_eq!(
            suggestion("`PreToolUse` is Claude Code's name: did you mean `BeforeTool`?"),
            Some("BeforeTool")
        );
        assert_eq!(suggestion("did you mean `a`, `b`?"), None);
        assert_eq!(suggestion("move it into `hooks`"), None);
    }
}
