//! A static scan of a module's source for `on("event")` registrations. The module is read as
//! text and never executed: importing it would run project-controlled code (GJC itself runs it
//! on load, which is exactly why a linter must not).
//!
//! What is seen: `on(` preceded by a non-identifier character (so `api.on(`, `pi.on(` and a bare
//! `on(` all count, `button(` and `once(` do not), then a string literal in `"`, `'` or a
//! backtick without `${`. Registrations inside `//` and `/* */` comments are ignored. Event
//! names computed at runtime cannot be seen; the diagnostics say "visibly".

use regex::Regex;
use std::sync::OnceLock;

/// One registration found in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// The event name.
    pub event: String,
    /// Byte range of the `on(...)` call up to the closing quote.
    pub span: (usize, usize),
}

fn pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r#"(?:^|[^A-Za-z0-9_$])(on\s*\(\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`\\$\n]*)`))"#,
        )
        .unwrap_or_else(|e| unreachable!("static regex: {e}"))
    })
}

/// Every registration, in source order (repeats kept).
pub fn registrations(text: &str) -> Vec<Registration> {
    let comments = comment_ranges(text);
    let in_comment = |at: usize| comments.iter().any(|&(s, e)| s <= at && at < e);
    pattern()
        .captures_iter(text)
        .filter_map(|c| {
            let call = c.get(1)?;
            if in_comment(call.start()) {
                return None;
            }
            let event = c.get(2).or_else(|| c.get(3)).or_else(|| c.get(4))?;
            Some(Registration {
                event: event.as_str().to_string(),
                span: (call.start(), call.end()),
            })
        })
        .collect()
}

/// Calls of the APIs GJC's constrained plugin API denies (`security_policy`), in source order:
/// `<x>.sendMessage(`, `<x>.appendEntry(`, `<x>.registerCommand(`, `<x>.registerMessageRenderer(`
/// on any receiver (the names are distinctive), and `api.exec(`/`pi.exec(` (a bare `.exec(` is
/// also `RegExp.prototype.exec`). Returns (method, span of the call).
pub fn denied_calls(text: &str) -> Vec<(String, (usize, usize))> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"(?:\.(sendMessage|appendEntry|registerCommand|registerMessageRenderer)|(?:^|[^A-Za-z0-9_$.])(?:api|pi)\.(exec))\s*\(",
        )
        .unwrap_or_else(|e| unreachable!("static regex: {e}"))
    });
    let comments = comment_ranges(text);
    re.captures_iter(text)
        .filter_map(|c| {
            let m = c.get(1).or_else(|| c.get(2))?;
            let whole = c.get(0)?;
            (!comments
                .iter()
                .any(|&(s, e)| s <= m.start() && m.start() < e))
            .then(|| (m.as_str().to_string(), (m.start(), whole.end())))
        })
        .collect()
}

/// Byte ranges of `//` and `/* */` comments, skipping string literals.
fn comment_ranges(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' && q != b'`' {
                        break;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                out.push((i, end));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
                out.push((i, end));
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(text: &str) -> Vec<String> {
        registrations(text).into_iter().map(|r| r.event).collect()
    }

    #[test]
    fn finds_all_three_quote_styles() {
        let t = "export default (api) => {\n api.on(\"tool_call\", f);\n pi.on('agent_end', g); on( `session_start` , h)\n}";
        assert_eq!(events(t), ["tool_call", "agent_end", "session_start"]);
    }

    #[test]
    fn ignores_comments_other_calls_and_templates() {
        let t = "// api.on(\"turn_end\")\n/* on('context') */ const s = \"// not a comment\"; api.on(\"tool_result\");\nbutton(\"x\"); once(\"y\"); on(`a${b}`)";
        assert_eq!(events(t), ["tool_result"]);
    }

    #[test]
    fn finds_denied_plugin_api_calls() {
        let t = "api.exec('git'); re.exec(s); x.sendMessage({}); // api.appendEntry()\npi.registerCommand('a', {})";
        let got: Vec<_> = denied_calls(t).into_iter().map(|(m, _)| m).collect();
        assert_eq!(got, ["exec", "sendMessage", "registerCommand"]);
    }

    #[test]
    fn spans_point_at_the_call() {
        let t = "x; api.on(\"turn_end\", f)";
        let r = &registrations(t)[0];
        assert_eq!(&t[r.span.0..r.span.1], "on(\"turn_end\"");
    }
}
