//! What a hook command does, read the way `sh -c` would split it — closely enough for lint
//! rules, not a shell: quotes are removed, `$VAR` text is kept as written, operators split words.

/// One lexical piece of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// A word with its quotes removed (`"$CLAUDE_PROJECT_DIR"/x.sh` → `$CLAUDE_PROJECT_DIR/x.sh`).
    Word(String),
    /// A control operator (`|`, `||`, `&&`, `&`, `;`, newline, `(`, `)`, `<(`) or a redirection
    /// (`>`, `>>`, `<`, `2>`, `&>`, `>&`, ...).
    Op(String),
}

/// Splits a command line into words and operators. Never fails: an unterminated quote runs
/// to the end of the text, as far as these rules care.
pub(crate) fn lex(cmd: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = cmd.chars().peekable();
    let flush = |word: &mut String, in_word: &mut bool, out: &mut Vec<Token>| {
        if *in_word {
            out.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            if let Some(n) = chars.next() {
                                word.push(n);
                            }
                        }
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next() {
                    if n != '\n' {
                        word.push(n);
                    }
                }
            }
            ' ' | '\t' => flush(&mut word, &mut in_word, &mut out),
            '\n' | ';' | '(' | ')' => {
                flush(&mut word, &mut in_word, &mut out);
                out.push(Token::Op(c.to_string()));
            }
            '|' | '&' => {
                // `2>&1`-style duplications are lexed by the `>` arm.
                flush(&mut word, &mut in_word, &mut out);
                let mut op = c.to_string();
                if chars.peek() == Some(&c) {
                    op.push(c);
                    chars.next();
                } else if c == '&' && chars.peek() == Some(&'>') {
                    op.push('>');
                    chars.next();
                    if chars.peek() == Some(&'>') {
                        op.push('>');
                        chars.next();
                    }
                }
                out.push(Token::Op(op));
            }
            '<' | '>' => {
                // A word made only of digits right before a redirection is its fd (`2>`).
                let mut op = String::new();
                if in_word && !word.is_empty() && word.chars().all(|d| d.is_ascii_digit()) {
                    op = std::mem::take(&mut word);
                    in_word = false;
                } else {
                    flush(&mut word, &mut in_word, &mut out);
                }
                op.push(c);
                match chars.peek() {
                    Some(&n) if n == c || (c == '>' && n == '&') || (c == '<' && n == '(') => {
                        op.push(n);
                        chars.next();
                    }
                    _ => {}
                }
                out.push(Token::Op(op));
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    flush(&mut word, &mut in_word, &mut out);
    out
}

/// Whether an operator ends a simple command.
pub(crate) fn is_separator(op: &str) -> bool {
    matches!(op, "|" | "||" | "&&" | "&" | ";" | "\n" | "(" | ")" | "<(")
}

/// Whether an operator is an output redirection whose next word is a file.
pub(crate) fn is_output_redirect(op: &str) -> bool {
    let op = op.trim_start_matches(|c: char| c.is_ascii_digit());
    matches!(op, ">" | ">>" | "&>" | "&>>")
}

/// The simple commands of a line: each a list of words, redirections and their targets left out.
pub(crate) fn simple_commands(tokens: &[Token]) -> Vec<Vec<&str>> {
    let mut out = vec![Vec::new()];
    let mut skip_next = false;
    for t in tokens {
        match t {
            Token::Op(op) if is_separator(op) => out.push(Vec::new()),
            Token::Op(_) => skip_next = true,
            Token::Word(w) if skip_next => {
                skip_next = false;
                let _ = w;
            }
            Token::Word(w) => {
                if let Some(cur) = out.last_mut() {
                    cur.push(w.as_str());
                }
            }
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(t: &[Token]) -> Vec<String> {
        t.iter()
            .map(|t| match t {
                Token::Word(w) => format!("w:{w}"),
                Token::Op(o) => format!("o:{o}"),
            })
            .collect()
    }

    #[test]
    fn lexes_quotes_operators_and_redirections() {
        assert_eq!(
            words(&lex(
                r#""$CLAUDE_PROJECT_DIR"/.claude/hooks/a.sh --x 'y z' 2>&1 | tee -a /tmp/l"#
            )),
            [
                "w:$CLAUDE_PROJECT_DIR/.claude/hooks/a.sh",
                "w:--x",
                "w:y z",
                "o:2>&",
                "w:1",
                "o:|",
                "w:tee",
                "w:-a",
                "w:/tmp/l"
            ]
        );
        assert_eq!(
            words(&lex("a>>b&&c")),
            ["w:a", "o:>>", "w:b", "o:&&", "w:c"]
        );
        assert_eq!(
            words(&lex("bash <(curl x)")),
            ["w:bash", "o:<(", "w:curl", "w:x", "o:)"]
        );
        assert_eq!(
            words(&lex("echo \"unterminated")),
            ["w:echo", "w:unterminated"]
        );
    }

    #[test]
    fn splits_simple_commands_without_redirect_targets() {
        let t = lex("./a.sh > out.log; node b.js && echo ok");
        assert_eq!(
            simple_commands(&t),
            [vec!["./a.sh"], vec!["node", "b.js"], vec!["echo", "ok"]]
        );
    }
}
