//! Kimi Code's reading of a hook's JSON stdout, exactly (MoonshotAI/kimi-code@d723cc4,
//! `packages/agent-core-v2/src/features/externalHooks/internal/runHook.ts`):
//!
//! - `structuredOutput`: `stdout.trim()` (JavaScript whitespace: BOM, NBSP, U+2028 …), then
//!   `JSON.parse`, then the zod schema `HookJsonOutputSchema` — a loose object whose `message`
//!   (and `hookSpecificOutput.message`) goes through `OptionalStringSchema`: `null`/`undefined`
//!   → absent, numbers and booleans → `String(v)`, anything else → absent; a
//!   `hookSpecificOutput` that is not an object is absent; `permissionDecision === "deny"` blocks
//!   with `permissionDecisionReason` when it is a string.
//! - `message ?? hookSpecificOutput?.message`: a top-level `message` that is present (even `""`)
//!   wins.
//!
//! The reading streams: [`skim`] reads any stdout, however long, keeping only these fields, so
//! the runner's capture cap never changes an answer.

use crate::text::{js_number, LeadingSkip, LossyUtf8, Ws};
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Read;

/// What Kimi keeps of a JSON stdout that passed its schema.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Structured {
    /// `message ?? hookSpecificOutput.message`, stringified as zod does.
    pub message: Option<String>,
    /// `hookSpecificOutput.permissionDecision === "deny"`.
    pub deny: bool,
    /// `permissionDecisionReason`, when it is a string.
    pub reason: Option<String>,
}

/// Reads stdout as Kimi's `structuredOutput` does. `None`: not a JSON object (plain text,
/// invalid JSON, an array...), which Kimi treats as unstructured output.
pub(crate) fn read(stdout: &[u8]) -> Option<Structured> {
    let mut r = stdout;
    parse(&mut r)
}

/// [`read`] for the runner's stream skim: the answer as a JSON value.
pub(crate) fn skim(r: &mut dyn Read) -> Option<serde_json::Value> {
    parse(r).and_then(|s| serde_json::to_value(s).ok())
}

/// [`Structured`] back from what [`skim`] returned.
pub(crate) fn from_skimmed(v: Option<serde_json::Value>) -> Option<Structured> {
    v.and_then(|v| serde_json::from_value(v).ok())
}

fn parse(r: &mut dyn Read) -> Option<Structured> {
    let mut text = SkipLeading {
        inner: LossyUtf8::new(std::io::BufReader::with_capacity(64 * 1024, r)),
        skip: LeadingSkip::new(Ws::JavaScript),
        buf: Vec::new(),
        pos: 0,
    };
    let top = {
        let mut de = serde_json::Deserializer::from_reader(&mut text);
        Top::deserialize(&mut de).ok()?
    };
    // `JSON.parse` of the trimmed text: after the value only whitespace may follow (JSON's,
    // which is also JavaScript's, or the JavaScript whitespace `trim()` removed).
    let mut rest = [0u8; 8192];
    let mut tail = LossyTail::default();
    loop {
        match text.read(&mut rest) {
            Ok(0) => break,
            Ok(n) => {
                if !tail.all_whitespace(&rest[..n]) {
                    return None;
                }
            }
            Err(_) => return None,
        }
    }
    match top {
        Top::Object(s) => Some(s),
        Top::Other => None,
    }
}

/// Checks that decoded UTF-8 chunks are JavaScript whitespace, characters split across chunks
/// included.
#[derive(Default)]
struct LossyTail {
    pending: Vec<u8>,
}

impl LossyTail {
    fn all_whitespace(&mut self, chunk: &[u8]) -> bool {
        self.pending.extend_from_slice(chunk);
        let (valid, rest) = match std::str::from_utf8(&self.pending) {
            Ok(s) => (s.to_string(), Vec::new()),
            Err(e) => {
                let v = e.valid_up_to();
                (
                    String::from_utf8_lossy(&self.pending[..v]).into_owned(),
                    self.pending[v..].to_vec(),
                )
            }
        };
        self.pending = rest;
        valid.chars().all(|c| Ws::JavaScript.is(c))
    }
}

/// A reader that drops the leading JavaScript whitespace of `inner`.
struct SkipLeading<R> {
    inner: R,
    skip: LeadingSkip,
    buf: Vec<u8>,
    pos: usize,
}

impl<R: Read> Read for SkipLeading<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.pos >= self.buf.len() {
            let mut chunk = [0u8; 8192];
            let n = self.inner.read(&mut chunk)?;
            if n == 0 {
                self.buf = self.skip.finish();
                self.pos = 0;
                if self.buf.is_empty() {
                    return Ok(0);
                }
                break;
            }
            self.buf = self.skip.feed(&chunk[..n]).into_owned();
            self.pos = 0;
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The top-level JSON value: an object read for its answer, or anything else.
enum Top {
    Object(Structured),
    Other,
}

impl<'de> Deserialize<'de> for Top {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TopVisitor)
    }
}

struct TopVisitor;

impl<'de> Visitor<'de> for TopVisitor {
    type Value = Top;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
        let mut message: Option<String> = None;
        let mut specific: Option<Specific> = None;
        // `JSON.parse` keeps the last of duplicate keys.
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "message" => message = map.next_value::<Text>()?.0,
                "hookSpecificOutput" => specific = map.next_value::<SpecificOrNot>()?.0,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let s = specific.unwrap_or_default();
        Ok(Top::Object(Structured {
            message: message.or(s.message),
            deny: s.deny,
            reason: s.reason,
        }))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Top, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Top::Other)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Top, E> {
        Ok(Top::Other)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Top, E> {
        Ok(Top::Other)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Top, E> {
        Ok(Top::Other)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Top, E> {
        Ok(Top::Other)
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<Top, E> {
        Ok(Top::Other)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Top, E> {
        Ok(Top::Other)
    }
}

#[derive(Default)]
struct Specific {
    message: Option<String>,
    deny: bool,
    reason: Option<String>,
}

/// `hookSpecificOutput`: an object, or absent for anything else.
struct SpecificOrNot(Option<Specific>);

impl<'de> Deserialize<'de> for SpecificOrNot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SpecificVisitor)
    }
}

struct SpecificVisitor;

macro_rules! not_this {
    ($name:ident, $t:ty, $out:expr) => {
        fn $name<E: de::Error>(self, _: $t) -> Result<Self::Value, E> {
            Ok($out)
        }
    };
}

impl<'de> Visitor<'de> for SpecificVisitor {
    type Value = SpecificOrNot;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SpecificOrNot, A::Error> {
        let mut s = Specific::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "message" => s.message = map.next_value::<Text>()?.0,
                "permissionDecision" => {
                    s.deny = map.next_value::<Text>()?.is_string("deny");
                }
                "permissionDecisionReason" => s.reason = map.next_value::<Text>()?.string(),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(SpecificOrNot(Some(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SpecificOrNot, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(SpecificOrNot(None))
    }
    not_this!(visit_bool, bool, SpecificOrNot(None));
    not_this!(visit_i64, i64, SpecificOrNot(None));
    not_this!(visit_u64, u64, SpecificOrNot(None));
    not_this!(visit_f64, f64, SpecificOrNot(None));
    not_this!(visit_str, &str, SpecificOrNot(None));
    fn visit_unit<E: de::Error>(self) -> Result<SpecificOrNot, E> {
        Ok(SpecificOrNot(None))
    }
}

/// A value through zod's `OptionalStringSchema`: strings as they are, numbers and booleans
/// `String(v)`, anything else absent. Remembers whether it was a real string (a
/// `permissionDecisionReason` must be one).
struct Text(Option<String>, bool);

impl Text {
    fn is_string(&self, s: &str) -> bool {
        self.1 && self.0.as_deref() == Some(s)
    }
    fn string(self) -> Option<String> {
        if self.1 {
            self.0
        } else {
            None
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TextVisitor)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Text;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
        Ok(Text(Some(v.to_string()), true))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Text, E> {
        Ok(Text(Some(v), true))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
        Ok(Text(Some(v.to_string()), false))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
        Ok(Text(Some(js_number(&v.into())), false))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
        Ok(Text(Some(js_number(&v.into())), false))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
        let n = serde_json::Number::from_f64(v);
        Ok(Text(n.map(|n| js_number(&n)), false))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Text, E> {
        Ok(Text(None, false))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Text(None, false))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Text, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Text(None, false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> Option<Structured> {
        read(s.as_bytes())
    }

    #[test]
    fn reads_like_runhook_ts_structured_output() {
        let deny = r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}"#;
        assert_eq!(
            r(&format!("\u{FEFF}\u{A0}{deny}\u{2028}\n")),
            Some(Structured {
                message: None,
                deny: true,
                reason: Some("no".into())
            })
        );
        assert_eq!(r(&format!("{deny} x")), None, "trailing garbage: no JSON");
        assert_eq!(r("[1]"), None);
        assert_eq!(r("hello"), None);
        assert_eq!(
            r(r#"{"message":null,"hookSpecificOutput":{"message":7}}"#)
                .unwrap()
                .message,
            Some("7".into())
        );
        assert_eq!(
            r(r#"{"message":true}"#).unwrap().message,
            Some("true".into())
        );
        assert_eq!(
            r(r#"{"message":1.50}"#).unwrap().message,
            Some("1.5".into())
        );
        assert_eq!(r(r#"{"message":{"a":1}}"#).unwrap().message, None);
        assert_eq!(
            r(r#"{"message":"","hookSpecificOutput":{"message":"x"}}"#)
                .unwrap()
                .message,
            Some(String::new()),
            "a present message wins over hookSpecificOutput.message (`??`)"
        );
        let s = r(
            r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":5}}"#,
        )
        .unwrap();
        assert!(
            s.deny && s.reason.is_none(),
            "a non-string reason is absent"
        );
        assert!(!r(r#"{"hookSpecificOutput":"deny"}"#).unwrap().deny);
        assert!(
            !r(r#"{"hookSpecificOutput":{"permissionDecision":"deny"},"hookSpecificOutput":1}"#)
                .unwrap()
                .deny,
            "duplicate keys: the last wins, as in JSON.parse"
        );
    }
}
