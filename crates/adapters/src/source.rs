//! The one source type of every adapter: a text file's display path, its text and where its
//! lines start. Every location an adapter reports in a text file comes from here, so a location
//! costs a binary search (never a scan from the start of the file) and always names the file the
//! text came from.

use crate::line_index::LineIndex;
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::ops::Range;

/// A text file being lowered (or written): display path, text, line index.
#[derive(Debug, Clone)]
pub struct Source {
    /// The display path ([`crate::Context::display`]).
    pub display: String,
    /// The whole text.
    pub text: String,
    lines: LineIndex,
}

impl Source {
    /// A source over `text`, indexed once.
    pub fn new(display: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let lines = LineIndex::new(&text);
        Source {
            display: display.into(),
            text,
            lines,
        }
    }

    /// The location of the byte range `start..end`: 1-based line, column in characters,
    /// offsets past the end or inside a character clamped, never a panic.
    pub fn at(&self, span: (usize, usize)) -> Location {
        self.lines
            .location(&self.text, self.display.clone(), span.0, span.1)
    }

    /// The location of `span`, or the whole file when the span is unknown.
    pub fn loc(&self, span: Option<Range<usize>>) -> Location {
        match span {
            Some(r) => self.at((r.start, r.end)),
            None => self.file(),
        }
    }

    /// The whole file, without a text position.
    pub fn file(&self) -> Location {
        Location::path_only(self.display.clone())
    }

    /// A diagnostic of `convention` at `span`.
    pub fn diag(
        &self,
        code: Code,
        convention: Convention,
        span: (usize, usize),
        msg: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(code, msg)
            .with_convention(convention)
            .at(self.at(span))
    }
}

/// The location of `start..end` in `text` for a one-off finding (a parse error, a writer's
/// refusal): indexes the text once, like [`Source`], without keeping it.
pub fn locate(display: impl Into<String>, text: &str, start: usize, end: usize) -> Location {
    LineIndex::new(text).location(text, display, start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn agrees_with_location_at_span(text in "(\\PC|\n){0,60}", a in 0usize..80, b in 0usize..80) {
            let src = Source::new("f", text.clone());
            proptest::prop_assert_eq!(src.loc(Some(a..b)), Location::at_span("f", &text, a, b));
            proptest::prop_assert_eq!(locate("f", &text, a, b), Location::at_span("f", &text, a, b));
        }
    }
}
