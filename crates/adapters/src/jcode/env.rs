//! jcode's `JCODE_HOOK_*` environment overrides, parsed exactly as jcode's
//! `config/env_overrides.rs` does (conventions.md §1).

use serde::Deserialize;

/// What one `JCODE_HOOK_<SLOT>` variable does to its slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvSlot {
    /// Empty or whitespace: the slot is disabled (the file's value is dropped).
    Disabled,
    /// The slot's commands, replacing the file's.
    Commands {
        /// The commands (untrimmed, as jcode keeps them; trimming happens at dispatch).
        commands: Vec<String>,
        /// Whether the value was a TOML array.
        array: bool,
        /// The value started with `[` but is not a TOML array of strings: jcode then runs the
        /// whole value as one command.
        not_an_array: bool,
    },
}

/// The untagged "one string or many" shape of jcode's `HookCommands`.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct HookOverride {
    commands: OneOrMany,
}

/// Parses a slot variable's value: trimmed; empty disables; a value starting with `[` is
/// parsed as the TOML document `commands = <value>`, falling back to one command; anything
/// else is one command.
pub fn parse_slot(value: &str) -> EnvSlot {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return EnvSlot::Disabled;
    }
    if trimmed.starts_with('[') {
        return match toml::from_str::<HookOverride>(&format!("commands = {trimmed}")) {
            Ok(HookOverride {
                commands: OneOrMany::Many(commands),
            }) => EnvSlot::Commands {
                commands,
                array: true,
                not_an_array: false,
            },
            Ok(HookOverride {
                commands: OneOrMany::One(c),
            }) => EnvSlot::Commands {
                commands: vec![c],
                array: false,
                not_an_array: false,
            },
            Err(_) => EnvSlot::Commands {
                commands: vec![trimmed.to_string()],
                array: false,
                not_an_array: true,
            },
        };
    }
    EnvSlot::Commands {
        commands: vec![trimmed.to_string()],
        array: false,
        not_an_array: false,
    }
}

/// Parses `JCODE_HOOK_PRE_TOOL_TIMEOUT_MS`: a u64 after trimming, `None` (ignored by jcode)
/// otherwise.
pub fn parse_timeout(value: &str) -> Option<u64> {
    value.trim().parse::<u64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmds(v: &str) -> Vec<String> {
        match parse_slot(v) {
            EnvSlot::Commands { commands, .. } => commands,
            EnvSlot::Disabled => panic!("disabled"),
        }
    }

    #[test]
    fn empty_or_blank_disables() {
        assert_eq!(parse_slot(""), EnvSlot::Disabled);
        assert_eq!(parse_slot(" \t\n"), EnvSlot::Disabled);
    }

    #[test]
    fn a_plain_value_is_one_trimmed_command() {
        assert_eq!(cmds("  guard --x  "), ["guard --x"]);
        assert_eq!(cmds("a, b"), ["a, b"]);
    }

    #[test]
    fn a_bracketed_value_is_a_toml_array_or_one_command() {
        assert_eq!(cmds(r#"["a", 'b c']"#), ["a", "b c"]);
        assert_eq!(
            parse_slot(r#"["a"] # note"#),
            EnvSlot::Commands {
                commands: vec!["a".into()],
                array: true,
                not_an_array: false
            }
        );
        // Not an array of strings: the whole trimmed value is one command.
        assert_eq!(
            parse_slot("[a, b] "),
            EnvSlot::Commands {
                commands: vec!["[a, b]".into()],
                array: false,
                not_an_array: true
            }
        );
        assert_eq!(cmds("[1, 2]"), ["[1, 2]"]);
        assert_eq!(cmds("[]"), Vec::<String>::new());
    }

    #[test]
    fn timeout_is_u64_after_trim_or_ignored() {
        assert_eq!(parse_timeout(" 250 "), Some(250));
        assert_eq!(parse_timeout("0"), Some(0));
        assert_eq!(parse_timeout("-1"), None);
        assert_eq!(parse_timeout("5s"), None);
        assert_eq!(parse_timeout(""), None);
        assert_eq!(parse_timeout("18446744073709551616"), None);
    }
}
