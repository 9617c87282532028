//! jcode's hook command tokenizer, reproduced byte for byte (conventions.md §1): jcode runs
//! hook commands directly, without a shell, after splitting them with these rules.
//!
//! - whitespace (Unicode `char::is_whitespace`) separates words;
//! - `'...'` and `"..."` group; adjacent quoted and unquoted pieces join into one word, and
//!   `''` yields an empty argument;
//! - outside quotes a backslash escapes the next character; inside double quotes a backslash
//!   escapes ANY next character (`\n` → `n`, unlike POSIX); inside single quotes nothing is
//!   escaped;
//! - no variable expansion, globbing or operators.
//!
//! Shared by the jcode adapter (diagnostics) and the runner (argv), so both agree.

/// Why a command could not be tokenized. The messages are jcode's own wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ArgvError {
    /// The command ends with a lone backslash.
    #[error("spawn hook command ends with an escape character")]
    TrailingEscape,
    /// A quote is never closed.
    #[error("spawn hook command has an unterminated quote")]
    UnterminatedQuote,
    /// Nothing but whitespace.
    #[error("spawn hook command is empty")]
    Empty,
}

/// Splits `raw` into argv exactly as jcode's `parse_hook_command` does.
pub fn parse_hook_command(raw: &str) -> Result<Vec<String>, ArgvError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Whether the current word exists even if empty (a quote or escape was seen).
    let mut in_word = false;
    let mut open_quote: Option<char> = None;
    let mut pending_escape = false;
    for c in raw.chars() {
        if pending_escape {
            word.push(c);
            in_word = true;
            pending_escape = false;
        } else if let Some(q) = open_quote {
            if c == q {
                open_quote = None;
            } else if q == '"' && c == '\\' {
                pending_escape = true;
            } else {
                word.push(c);
                in_word = true;
            }
        } else if c == '\\' {
            pending_escape = true;
            in_word = true;
        } else if c == '\'' || c == '"' {
            open_quote = Some(c);
            in_word = true;
        } else if c.is_whitespace() {
            if in_word {
                words.push(std::mem::take(&mut word));
                in_word = false;
            }
        } else {
            word.push(c);
            in_word = true;
        }
    }
    if pending_escape {
        return Err(ArgvError::TrailingEscape);
    }
    if open_quote.is_some() {
        return Err(ArgvError::UnterminatedQuote);
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(ArgvError::Empty);
    }
    Ok(words)
}

/// Quotes `arg` so that [`parse_hook_command`] yields it back as one word: single quotes,
/// with each `'` written as `"'"` (a double-quoted quote joined to the neighbours).
pub fn quote_word(arg: &str) -> String {
    if !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        return arg.to_string();
    }
    format!("'{}'", arg.replace('\'', "'\"'\"'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        parse_hook_command(s).unwrap()
    }

    #[test]
    fn splits_on_whitespace_and_groups_quotes() {
        assert_eq!(argv("  guard  --x 1 "), ["guard", "--x", "1"]);
        assert_eq!(argv("a 'b c' \"d e\""), ["a", "b c", "d e"]);
        assert_eq!(argv("pre'mid'\"post\""), ["premidpost"]);
        assert_eq!(argv("a '' b"), ["a", "", "b"]);
        assert_eq!(
            argv("a\u{3000}b"),
            ["a", "b"],
            "Unicode whitespace separates"
        );
    }

    #[test]
    fn escapes_follow_jcode_not_posix() {
        assert_eq!(argv(r"a\ b"), ["a b"]);
        assert_eq!(
            argv(r#""x\ny""#),
            ["xny"],
            "backslash escapes any char in double quotes"
        );
        assert_eq!(
            argv(r"'x\ny'"),
            [r"x\ny"],
            "nothing is escaped in single quotes"
        );
        assert_eq!(argv(r#""a\"b""#), ["a\"b"]);
        assert_eq!(argv(r"\'"), ["'"]);
    }

    #[test]
    fn no_shell_semantics() {
        assert_eq!(
            argv("echo $HOME | cat && x"),
            ["echo", "$HOME", "|", "cat", "&&", "x"]
        );
    }

    #[test]
    fn the_three_errors_with_jcode_wording() {
        assert_eq!(parse_hook_command("a \\"), Err(ArgvError::TrailingEscape));
        assert_eq!(
            parse_hook_command("a 'b"),
            Err(ArgvError::UnterminatedQuote)
        );
        assert_eq!(
            parse_hook_command("\"a\\\""),
            Err(ArgvError::UnterminatedQuote)
        );
        assert_eq!(parse_hook_command("   "), Err(ArgvError::Empty));
        assert_eq!(parse_hook_command(""), Err(ArgvError::Empty));
        assert_eq!(
            ArgvError::UnterminatedQuote.to_string(),
            "spawn hook command has an unterminated quote"
        );
    }

    #[test]
    fn quote_word_round_trips() {
        for w in [
            "plain",
            "",
            "it's",
            "a b",
            "$X|y",
            "\"q\"",
            "back\\slash",
            "é ü",
        ] {
            let q = quote_word(w);
            assert_eq!(argv(&format!("prog {q}")), ["prog", w], "{q}");
        }
    }

    proptest::proptest! {
        /// On any text: what is accepted re-quotes to the same argv (no word lost or split),
        /// words hold no unquoted whitespace of the input; what is refused is refused for the
        /// reason its text shows.
        #[test]
        fn any_text_splits_into_words_that_requote_or_is_refused_for_its_reason(s in "\\PC{0,64}|[a '\"\\\\\\s]{0,16}") {
            match parse_hook_command(&s) {
                Ok(argv) => {
                    proptest::prop_assert!(!argv.is_empty());
                    let line = argv.iter().map(|w| quote_word(w)).collect::<Vec<_>>().join(" ");
                    proptest::prop_assert_eq!(parse_hook_command(&line).unwrap(), argv);
                }
                Err(ArgvError::Empty) => {
                    proptest::prop_assert!(s.chars().all(char::is_whitespace), "{:?}", s);
                }
                Err(ArgvError::TrailingEscape) => {
                    proptest::prop_assert!(s.ends_with('\\'), "{:?}", s);
                }
                Err(ArgvError::UnterminatedQuote) => {
                    proptest::prop_assert!(s.contains(['\'', '"']), "{:?}", s);
                }
            }
        }

        #[test]
        fn quoting_any_words_round_trips(words in proptest::collection::vec("\\PC{0,12}", 1..5)) {
            let line = words.iter().map(|w| quote_word(w)).collect::<Vec<_>>().join(" ");
            proptest::prop_assert_eq!(parse_hook_command(&line).unwrap(), words);
        }
    }
}
