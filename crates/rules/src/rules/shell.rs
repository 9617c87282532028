//! What a hook command does, read the way `sh -c` would split it — closely enough for lint
//! rules, not a shell: quotes are removed, `$VAR` text is kept as written, operators split words.

use std::borrow::Cow;

/// One lexical piece of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// A word with its quotes removed (`"$CLAUDE_PROJECT_DIR"/x.sh` → `$CLAUDE_PROJECT_DIR/x.sh`):
    /// borrowed from the command line unless a quote or escape was removed from it.
    Word(Cow<'a, str>),
    /// A control operator (`|`, `||`, `&&`, `&`, `;`, newline, `(`, `)`, `<(`) or a redirection
    /// (`>`, `>>`, `<`, `2>`, `&>`, `>&`, ...): borrowed from the command line unless its fd
    /// was quoted (`"2">`).
    Op(Cow<'a, str>),
}

/// The word being lexed: a range of the command line until a quote or escape is removed from it,
/// then its own text (most words have no quotes, and a copy each was most of the lexer's time).
#[derive(Default)]
struct Word {
    /// Whether a word has started (an empty quoted word `''` is one).
    started: bool,
    /// Its bytes in the command line, while it is a plain slice of it.
    range: Option<(usize, usize)>,
    /// Its text, once it differs from the command line's bytes.
    owned: Option<String>,
}

impl Word {
    /// The text so far.
    fn text<'a>(&'a self, cmd: &'a str) -> &'a str {
        match (&self.owned, self.range) {
            (Some(o), _) => o,
            (None, Some((s, e))) => &cmd[s..e],
            (None, None) => "",
        }
    }

    /// Adds `c`, found at byte `i` of `cmd`, as written.
    fn push_at(&mut self, cmd: &str, i: usize, c: char) {
        self.started = true;
        if let Some(o) = &mut self.owned {
            o.push(c);
            return;
        }
        match &mut self.range {
            Some((_, e)) if *e == i => *e = i + c.len_utf8(),
            Some(_) => {
                // Not contiguous (cannot happen: a gap is a quote or escape, which copies).
                let mut o = self.text(cmd).to_string();
                o.push(c);
                self.owned = Some(o);
            }
            None => self.range = Some((i, i + c.len_utf8())),
        }
    }

    /// The word as its own text, to add characters that are not where they were written.
    fn own(&mut self, cmd: &str) -> &mut String {
        self.started = true;
        if self.owned.is_none() {
            self.owned = Some(self.text(cmd).to_string());
        }
        self.owned.get_or_insert_with(String::new)
    }

    /// The finished word, if one started; the next one starts empty.
    fn take<'a>(&mut self, cmd: &'a str) -> Option<Cow<'a, str>> {
        let w = std::mem::take(self);
        w.started.then(|| match (w.owned, w.range) {
            (Some(o), _) => Cow::Owned(o),
            (None, Some((s, e))) => Cow::Borrowed(&cmd[s..e]),
            (None, None) => Cow::Borrowed(""),
        })
    }
}

/// Splits a command line into words and operators. Never fails: an unterminated quote runs
/// to the end of the text, as far as these rules care.
pub(crate) fn lex<'a>(cmd: &'a str) -> Vec<Token<'a>> {
    // About one token per five bytes in real hook commands: one allocation for most.
    let mut out = Vec::with_capacity(cmd.len() / 5 + 1);
    let mut word = Word::default();
    let mut chars = cmd.char_indices().peekable();
    let flush = |word: &mut Word, out: &mut Vec<Token<'a>>| {
        if let Some(w) = word.take(cmd) {
            out.push(Token::Word(w));
        }
    };
    while let Some((i, c)) = chars.next() {
        match c {
            '\'' => {
                let w = word.own(cmd);
                for (_, c) in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    w.push(c);
                }
            }
            '"' => {
                let w = word.own(cmd);
                while let Some((_, c)) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            if let Some((_, n)) = chars.next() {
                                w.push(n);
                            }
                        }
                        c => w.push(c),
                    }
                }
            }
            '\\' => {
                let w = word.own(cmd);
                if let Some((_, n)) = chars.next() {
                    if n != '\n' {
                        w.push(n);
                    }
                }
            }
            ' ' | '\t' => flush(&mut word, &mut out),
            '\n' => {
                flush(&mut word, &mut out);
                let bodies = heredoc_delimiters(&out);
                out.push(Token::Op(Cow::Borrowed(&cmd[i..i + 1])));
                // The lines after it up to each delimiter are here-documents: text fed to a
                // command, not commands (XCU 2.7.4). Their quotes must not open a word either.
                let end = skip_heredocs(cmd, i + 1, &bodies);
                while chars.peek().is_some_and(|&(j, _)| j < end) {
                    chars.next();
                }
            }
            ';' | '(' | ')' => {
                flush(&mut word, &mut out);
                out.push(Token::Op(Cow::Borrowed(&cmd[i..i + 1])));
            }
            '|' | '&' => {
                // `2>&1`-style duplications are lexed by the `>` arm. Every character of an
                // operator is ASCII: its text is `cmd[i..end]`.
                flush(&mut word, &mut out);
                let mut end = i + 1;
                if chars.peek().map(|p| p.1) == Some(c) {
                    end += 1;
                    chars.next();
                } else if c == '&' && chars.peek().map(|p| p.1) == Some('>') {
                    end += 1;
                    chars.next();
                    if chars.peek().map(|p| p.1) == Some('>') {
                        end += 1;
                        chars.next();
                    }
                }
                out.push(Token::Op(Cow::Borrowed(&cmd[i..end])));
            }
            '<' | '>' => {
                // A word made only of digits right before a redirection is its fd (`2>`).
                let text = word.text(cmd);
                let mut end = i + 1;
                match chars.peek().map(|p| p.1) {
                    Some(n) if n == c || (c == '>' && n == '&') || (c == '<' && n == '(') => {
                        end += 1;
                        chars.next();
                        // `<<-`: a here-document whose lines lose their leading tabs.
                        if n == '<' && chars.peek().map(|p| p.1) == Some('-') {
                            end += 1;
                            chars.next();
                        }
                    }
                    _ => {}
                }
                let fd =
                    word.started && !text.is_empty() && text.chars().all(|d| d.is_ascii_digit());
                let op = match (fd, word.owned.is_none(), word.range) {
                    // The fd as written, right before the operator: one slice of the line.
                    (true, true, Some((s, e))) if e == i => Cow::Borrowed(&cmd[s..end]),
                    (true, _, _) => Cow::Owned([text, &cmd[i..end]].concat()),
                    (false, _, _) => {
                        flush(&mut word, &mut out);
                        Cow::Borrowed(&cmd[i..end])
                    }
                };
                if fd {
                    word = Word::default();
                }
                out.push(Token::Op(op));
            }
            c => word.push_at(cmd, i, c),
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The here-documents the current line opens (`<<WORD`, `<<-WORD`, quoted or not), in order:
/// each delimiter and whether leading tabs are stripped from the body's lines. A here-string
/// (`<<<`) is none.
fn heredoc_delimiters(tokens: &[Token<'_>]) -> Vec<(String, bool)> {
    let line = tokens
        .iter()
        .rposition(|t| matches!(t, Token::Op(o) if o == "\n"))
        .map_or(0, |p| p + 1);
    let mut out = Vec::new();
    let mut rest = tokens[line..].iter();
    while let Some(t) = rest.next() {
        let tabs = match t {
            Token::Op(o) if o == "<<" => false,
            Token::Op(o) if o == "<<-" => true,
            _ => continue,
        };
        if let Some(Token::Word(w)) = rest.next() {
            out.push((w.to_string(), tabs));
        }
    }
    out
}

/// Where the text after the here-document bodies starting at byte `from` resumes: each body
/// runs up to a line that is its delimiter (or to the end of the text).
fn skip_heredocs(cmd: &str, from: usize, bodies: &[(String, bool)]) -> usize {
    let mut at = from;
    for (delimiter, tabs) in bodies {
        while at < cmd.len() {
            let end = cmd[at..].find('\n').map_or(cmd.len(), |n| at + n);
            let line = &cmd[at..end];
            let line = if *tabs {
                line.trim_start_matches('\t')
            } else {
                line
            };
            at = (end + 1).min(cmd.len());
            if line == delimiter {
                break;
            }
        }
    }
    at
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
///
/// A `)` that closes no `(` ends a `case` pattern (`case $1 in a/b) ./x.sh;; esac`, POSIX XCU
/// 2.9.4.3): the words before it are a pattern (or the `case … in` header), not a command, and
/// are dropped. Reserved words (`if`, `then`, `do`, …) are kept: what is a program is decided
/// by the rules that read the commands (`rules::command`), which know whether a shell runs them.
pub(crate) fn simple_commands<'a>(tokens: &'a [Token<'_>]) -> Vec<Vec<&'a str>> {
    let mut out = vec![Vec::new()];
    let mut skip_next = false;
    // Open `(`, `$(` and `<(`: a `)` beyond them ends a case pattern.
    let mut open = 0usize;
    // The first command since the last separator other than `|`: where a pattern starts (its
    // alternatives, `a|b)`, are split at the `|`).
    let mut pattern_from = 0;
    for t in tokens {
        match t {
            Token::Op(op) if is_separator(op) => {
                match op.as_ref() {
                    "(" | "<(" => open += 1,
                    ")" if open == 0 => out[pattern_from..].iter_mut().for_each(Vec::clear),
                    ")" => open -= 1,
                    _ => {}
                }
                out.push(Vec::new());
                if op.as_ref() != "|" {
                    pattern_from = out.len() - 1;
                }
            }
            Token::Op(_) => skip_next = true,
            Token::Word(w) if skip_next => {
                skip_next = false;
                let _ = w;
            }
            Token::Word(w) => {
                if let Some(cur) = out.last_mut() {
                    cur.push(w.as_ref());
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
        // An fd, written plainly or quoted, belongs to its operator; `&>` and `&>>` are one.
        assert_eq!(
            words(&lex("x 12>>log \"2\">e 3<in a&>b c &>>d é;f\ng")),
            [
                "w:x", "o:12>>", "w:log", "o:2>", "w:e", "o:3<", "w:in", "w:a", "o:&>", "w:b",
                "w:c", "o:&>>", "w:d", "w:é", "o:;", "w:f", "o:\n", "w:g"
            ]
        );
        assert!(matches!(&lex("1>x")[0], Token::Op(Cow::Borrowed("1>"))));
    }

    #[test]
    fn here_document_bodies_are_not_commands() {
        let body = "cat <<'EOF' > /tmp/n\nsrc/a.ts: don't\n> /etc/x\nEOF\n./after.sh";
        assert_eq!(
            simple_commands(&lex(body)),
            [vec!["cat"], vec!["./after.sh"]]
        );
        // `<<-` strips tabs before the delimiter; two bodies are read in order.
        let two = "a <<-A <<B\n\tx y\n\tA\nz\nB\nnext";
        assert_eq!(simple_commands(&lex(two)), [vec!["a"], vec!["next"]]);
        assert_eq!(
            simple_commands(&lex("a <<- E\nb\nE\nc")),
            [vec!["a"], vec!["c"]]
        );
        // A body that never ends takes the rest; a here-string is no here-document.
        assert_eq!(simple_commands(&lex("a <<E\nb c")), [vec!["a"]]);
        assert_eq!(
            simple_commands(&lex("grep x <<< \"$v\"\n./b.sh")),
            [vec!["grep", "x"], vec!["./b.sh"]]
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

    #[test]
    fn case_patterns_are_no_commands() {
        let t = lex("case \"$1\" in a/b) ./x.sh;; c/d|e) ./y.sh ;; esac; (cd d; ./z.sh)");
        assert_eq!(
            simple_commands(&t),
            [
                vec!["./x.sh"],
                vec!["./y.sh"],
                vec!["esac"],
                vec!["cd", "d"],
                vec!["./z.sh"]
            ]
        );
    }
}
