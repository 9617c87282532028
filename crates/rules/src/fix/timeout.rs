//! A timeout in seconds that looks like milliseconds (`"timeout": 30000` in Claude, Codex,
//! Jarvis): divided by 1000, rounded up so a hook never gets less time than the user meant.
//! Unsafe: only the user knows whether 30000 s was meant.

use super::json::{self, Scalar};
use super::toml::{self, Token};
use super::{Applicability, Edit, File};
use jsonc_parser::cst::CstInputValue;

pub(super) fn fix(span: (usize, usize), f: &File<'_>) -> Option<Edit> {
    let (old, after) = if f.is_json() {
        let found = json::locate(f.text, span)?;
        let Some(Scalar::Number(old)) = &found.scalar else {
            return None;
        };
        let new = seconds(old)?;
        let root = json::cst(f.text)?;
        json::prop(&root, &found.path)?.set_value(CstInputValue::Number(new.to_string()));
        (old.clone(), root.to_string())
    } else {
        let Token::Integer(old) = toml::token(f.text, span)? else {
            return None;
        };
        let new = seconds(&old)?;
        (
            old.clone(),
            toml::replace_token(f.text, span, &new.to_string())?,
        )
    };
    let new = seconds(&old)?;
    Some(Edit {
        after,
        description: format!("read `{old}` as milliseconds: write `{new}` (seconds)"),
        applicability: Applicability::Unsafe,
    })
}

/// `ms` as whole seconds, rounded up; `None` unless a positive integer.
fn seconds(ms: &str) -> Option<u64> {
    let ms: u64 = ms.parse().ok()?;
    (ms > 0).then(|| ms.div_ceil(1000))
}

#[cfg(test)]
mod tests {
    #[test]
    fn seconds_round_up() {
        assert_eq!(super::seconds("30000"), Some(30));
        assert_eq!(super::seconds("1500"), Some(2));
        assert_eq!(super::seconds("1.5"), None);
        assert_eq!(super::seconds("0"), None);
    }
}
