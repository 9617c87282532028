//! Byte offset → (line, column), for every adapter that reports positions in a text file.
//!
//! [`hook_ir::Location::at_span`] scans the text from its start on every call, so a file with
//! thousands of hooks (each with a location) became quadratic to lower. The index records where
//! each line starts once; a location then costs a binary search plus the characters of one line.

use hook_ir::Location;

/// The start offset of every line of one text.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { starts }
    }

    /// The location of the byte range `start..end` of `text` (the text this index was built
    /// from), with the same result as [`Location::at_span`]: 1-based line, column in characters,
    /// offsets past the end or inside a character clamped, never a panic.
    pub fn location(
        &self,
        text: &str,
        path: impl Into<String>,
        start: usize,
        end: usize,
    ) -> Location {
        let start = hook_ir::last_line_end(text, clamp(text, start));
        let end = clamp(text, end.max(start));
        // `starts[0] == 0 <= start`, so the partition point is at least 1.
        let line = self.starts.partition_point(|&s| s <= start).max(1);
        let line_start = self.starts[line - 1].min(start);
        let column = text[line_start..start].chars().count() + 1;
        Location {
            path: path.into(),
            line: Some(u32::try_from(line).unwrap_or(u32::MAX)),
            column: Some(u32::try_from(column).unwrap_or(u32::MAX)),
            span: Some((start, end)),
        }
    }
}

/// `i` moved down to a char boundary of `text`, at most `text.len()`.
fn clamp(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_location_at_span_everywhere() {
        for text in [
            "",
            "x",
            "{\n  \"é\": [1,\n 2]}\r\n\n x",
            "a = 1\nbé = \"x\"\n",
            "\n\n",
        ] {
            let idx = LineIndex::new(text);
            for a in 0..=text.len() + 2 {
                for b in [0, a, a + 1, a + 5] {
                    assert_eq!(
                        idx.location(text, "f", a, b),
                        Location::at_span("f", text, a, b),
                        "{text:?} {a}..{b}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_location_at_span_on_any_text(text in "(?s).{0,200}", a in 0usize..260, b in 0usize..260) {
            let idx = LineIndex::new(&text);
            proptest::prop_assert_eq!(idx.location(&text, "f", a, b), Location::at_span("f", &text, a, b));
        }
    }
}
