//! Text as each agent's language sees it: which characters are whitespace to `trim()`, how a
//! byte stream is decoded, how a number prints. A hook's answer must read the same here as in the
//! agent, so these follow the languages' definitions exactly.

use std::io::{self, Read};

/// Whose `trim()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ws {
    /// Rust's `str::trim` (Unicode `White_Space`): jcode.
    Rust,
    /// JavaScript's `String.prototype.trim` (WhiteSpace + LineTerminator: includes the BOM
    /// U+FEFF, NBSP, U+2028/U+2029, not U+0085): Kimi Code.
    JavaScript,
}

impl Ws {
    /// Whether `c` is whitespace to this language's `trim()`.
    pub fn is(self, c: char) -> bool {
        match self {
            Ws::Rust => c.is_whitespace(),
            // ECMA-262 §12.2 WhiteSpace (TAB, VT, FF, ZWNBSP, USP = Zs) and §12.3 LineTerminator.
            Ws::JavaScript => matches!(
                c,
                '\u{9}'
                    | '\u{B}'
                    | '\u{C}'
                    | '\u{FEFF}'
                    | '\u{A}'
                    | '\u{D}'
                    | '\u{2028}'
                    | '\u{2029}'
                    | ' '
                    | '\u{A0}'
                    | '\u{1680}'
                    | '\u{2000}'
                    ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
            ),
        }
    }

    /// `s.trim()` in this language.
    pub fn trim(self, s: &str) -> &str {
        s.trim_matches(|c| self.is(c))
    }
}

/// Skips the leading whitespace (by `ws`) of a byte stream fed in chunks, so that a bounded
/// capture keeps what `trim()` keeps: a hook printing a megabyte of spaces before its reason
/// still has its reason read. Bytes that are not valid UTF-8 end the skipping (lossy decoding
/// turns them into U+FFFD, which is not whitespace).
#[derive(Debug)]
pub(crate) struct LeadingSkip {
    ws: Ws,
    done: bool,
    pending: Vec<u8>,
}

impl LeadingSkip {
    pub fn new(ws: Ws) -> Self {
        LeadingSkip {
            ws,
            done: false,
            pending: Vec::new(),
        }
    }

    /// Feeds `chunk`; returns the bytes to keep (everything once the first non-whitespace
    /// character was seen). At the end of the stream, [`LeadingSkip::finish`] returns what an
    /// incomplete character left pending.
    pub fn feed<'a>(&mut self, chunk: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        if self.done {
            return chunk.into();
        }
        self.pending.extend_from_slice(chunk);
        let mut at = 0;
        loop {
            let rest = &self.pending[at..];
            if rest.is_empty() {
                self.pending.clear();
                return Vec::new().into();
            }
            let len = utf8_len(rest[0]);
            if len == 0 {
                break; // invalid lead byte: not whitespace
            }
            if rest.len() < len {
                // An incomplete character: wait for more.
                self.pending.drain(..at);
                return Vec::new().into();
            }
            match std::str::from_utf8(&rest[..len]) {
                Ok(s) if s.chars().next().is_some_and(|c| self.ws.is(c)) => at += len,
                _ => break,
            }
        }
        self.done = true;
        let kept = self.pending.split_off(at);
        self.pending.clear();
        kept.into()
    }

    /// What is left pending at the end of the stream (an incomplete character).
    pub fn finish(&mut self) -> Vec<u8> {
        self.done = true;
        std::mem::take(&mut self.pending)
    }
}

fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// A reader that decodes its source as UTF-8 the way Node's `setEncoding('utf8')` does —
/// invalid sequences become U+FFFD — and yields valid UTF-8, so a JSON parser sees the text
/// the agent parses.
pub(crate) struct LossyUtf8<R> {
    inner: R,
    raw: Vec<u8>,
    out: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl<R: Read> LossyUtf8<R> {
    pub fn new(inner: R) -> Self {
        LossyUtf8 {
            inner,
            raw: Vec::new(),
            out: Vec::new(),
            pos: 0,
            eof: false,
        }
    }

    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.pos = 0;
        while self.out.is_empty() && !(self.eof && self.raw.is_empty()) {
            if !self.eof {
                let mut buf = [0u8; 8192];
                let n = self.inner.read(&mut buf)?;
                if n == 0 {
                    self.eof = true;
                } else {
                    self.raw.extend_from_slice(&buf[..n]);
                }
            }
            let mut consumed = 0;
            loop {
                let rest = &self.raw[consumed..];
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        self.out.extend_from_slice(s.as_bytes());
                        consumed = self.raw.len();
                        break;
                    }
                    Err(e) => {
                        let valid = e.valid_up_to();
                        self.out.extend_from_slice(&rest[..valid]);
                        match e.error_len() {
                            Some(bad) => {
                                self.out.extend_from_slice("\u{FFFD}".as_bytes());
                                consumed += valid + bad;
                            }
                            None if self.eof => {
                                self.out.extend_from_slice("\u{FFFD}".as_bytes());
                                consumed = self.raw.len();
                                break;
                            }
                            None => {
                                consumed += valid;
                                break;
                            }
                        }
                    }
                }
            }
            self.raw.drain(..consumed);
        }
        Ok(())
    }
}

impl<R: Read> Read for LossyUtf8<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos >= self.out.len() {
            self.refill()?;
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// JavaScript's `String(n)` of a JSON number (ECMA-262 Number::toString): every JSON number is a
/// double in JavaScript, printed with the shortest round-tripping digits, in plain notation for
/// exponents in -7 < e < 21 and as `1e+21` otherwise.
pub(crate) fn js_number(n: &serde_json::Number) -> String {
    let f = n.as_f64().unwrap_or(f64::NAN);
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return "0".into();
    }
    let sign = if f < 0.0 { "-" } else { "" };
    // Rust's `{:e}` gives the shortest round-trip digits: "d.ddde±x".
    let e = format!("{:e}", f.abs());
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let n = exp.parse::<i64>().unwrap_or(0) + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let exp = n - 1;
        let sign = if exp >= 0 { "+" } else { "-" };
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        format!("{first}{frac}e{sign}{}", exp.abs())
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn javascript_trim_differs_from_rust_on_bom_and_nel() {
        assert_eq!(
            Ws::JavaScript.trim("\u{FEFF}\u{A0}\u{2028} x \u{3000}"),
            "x"
        );
        assert_eq!(Ws::Rust.trim("\u{FEFF}x"), "\u{FEFF}x");
        assert_eq!(Ws::JavaScript.trim("\u{85}x"), "\u{85}x");
        assert_eq!(Ws::Rust.trim("\u{85}x"), "x");
    }

    #[test]
    fn leading_skip_handles_characters_split_across_chunks() {
        let mut s = LeadingSkip::new(Ws::JavaScript);
        let bom = "\u{FEFF}".as_bytes();
        assert!(s.feed(&bom[..1]).is_empty());
        assert!(s.feed(&bom[1..]).is_empty());
        assert!(s.feed(b"   ").is_empty());
        assert_eq!(&*s.feed(b" {\"a\": 1} "), b"{\"a\": 1} ");
        assert_eq!(&*s.feed(b"  "), b"  ");
    }

    #[test]
    fn lossy_reader_replaces_invalid_bytes_like_node() {
        let mut out = String::new();
        LossyUtf8::new(&b"a\xffb\xe2\x82"[..])
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, "a\u{FFFD}b\u{FFFD}");
    }

    #[test]
    fn numbers_print_as_javascript_string_does() {
        let n = |s: &str| js_number(&serde_json::from_str(s).unwrap());
        assert_eq!(n("1"), "1");
        assert_eq!(n("1.0"), "1");
        assert_eq!(n("-2.5"), "-2.5");
        assert_eq!(n("0.1"), "0.1");
        assert_eq!(n("1e21"), "1e+21");
        assert_eq!(n("1e20"), "100000000000000000000");
        assert_eq!(n("0.000001"), "0.000001");
        assert_eq!(n("1e-7"), "1e-7");
        assert_eq!(n("12345678901234567890"), "12345678901234567000");
        assert_eq!(n("1.5e300"), "1.5e+300");
    }
}
