//! Batch normalization: the last step every adapter result goes through.

use crate::{Code, Diagnostic, Hook};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// Accepted hooks and every diagnostic of one or more sources.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Batch {
    /// Accepted hooks, in source order.
    pub hooks: Vec<Hook>,
    /// Every diagnostic, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Batch {
    /// Appends another batch (already normalized on its own).
    pub fn extend(&mut self, other: Batch) {
        self.hooks.extend(other.hooks);
        self.diagnostics.extend(other.diagnostics);
    }

    /// Whether any diagnostic has error severity.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity() == crate::Severity::Error)
    }
}

/// Normalizes adapter output:
/// - input order is kept;
/// - of exact duplicates ([`Hook::dedupe_key`]) the first is kept, later copies are not returned
///   and each gets a `duplicate_hook` diagnostic at its own location — except in a convention
///   whose runtime runs every copy ([`crate::contract::runs_every_copy`]: jcode), where later
///   copies are kept, because dropping them would change what runs, and still reported;
/// - ids are made unique (a later hook with a taken id gets `#2`, `#3`, ... appended);
/// - diagnostics are never dropped; messages are already bounded by [`Diagnostic::new`].
///
/// Rejected hooks never reach this function: adapters report them as diagnostics only.
pub fn normalize(hooks: Vec<Hook>, diagnostics: Vec<Diagnostic>) -> Batch {
    // Positions, not copies of ids: most batches have no duplicate, and cloning every id was
    // most of this function's time (lint on 10,000 files).
    let mut first_by_key: foldhash::HashMap<_, usize> =
        foldhash::HashMap::with_capacity_and_hasher(hooks.len(), Default::default());
    let mut keep = vec![true; hooks.len()];
    let mut dupes = Vec::new();
    for (i, h) in hooks.iter().enumerate() {
        match first_by_key.entry(h.dedupe_key()) {
            Entry::Occupied(first) => {
                dupes.push((i, *first.get()));
                // A convention whose runtime runs every copy keeps every copy in the IR too.
                keep[i] = crate::contract::runs_every_copy(h.convention);
            }
            Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
    let mut duplicate_diagnostics = Vec::with_capacity(dupes.len());
    for (i, first) in dupes {
        let h = &hooks[i];
        let first_id = &hooks[first].id;
        let what = h.command().map_or_else(
            || format!("{} hook", h.kind),
            |c| format!("command {}", crate::diagnostic::quote(c)),
        );
        let effect = if crate::contract::runs_every_copy(h.convention) {
            format!("{} runs it again, once per copy", h.convention)
        } else {
            format!("only the first ({first_id}) is used")
        };
        duplicate_diagnostics.push(
            Diagnostic::new(
                Code::DuplicateHook,
                format!(
                    "{what} for `{}` is declared again; {effect}",
                    h.source_event
                ),
            )
            .with_convention(h.convention)
            .at(h.location.clone()),
        );
    }
    let diagnostics = place_in_source_order(diagnostics, duplicate_diagnostics);
    // New ids for the kept hooks whose id is taken, found over borrowed ids first.
    let mut renamed: Vec<(usize, String)> = Vec::new();
    {
        let mut ids: foldhash::HashSet<Cow<'_, str>> =
            foldhash::HashSet::with_capacity_and_hasher(hooks.len(), Default::default());
        for (i, h) in hooks.iter().enumerate().filter(|(i, _)| keep[*i]) {
            if !ids.insert(Cow::Borrowed(h.id.as_str())) {
                let mut n = 2;
                let id = loop {
                    let id = format!("{}#{n}", h.id);
                    if !ids.contains(id.as_str()) {
                        break id;
                    }
                    n += 1;
                };
                ids.insert(Cow::Owned(id.clone()));
                renamed.push((i, id));
            }
        }
    }
    let mut renamed = renamed.into_iter().peekable();
    let mut out = Vec::with_capacity(hooks.len());
    for (i, mut h) in hooks.into_iter().enumerate() {
        if !keep[i] {
            continue;
        }
        if let Some((_, id)) = renamed.next_if(|(r, _)| *r == i) {
            h.id = id;
        }
        out.push(h);
    }
    Batch {
        hooks: out,
        diagnostics,
    }
}

/// A diagnostic's (line, column) and its index in the list.
type Placed = ((u32, u32), usize);

/// Inserts each of `extra` right after the last diagnostic of the same file at or before its
/// line and column, so output stays in source order (design.md) even though duplicates are
/// found only here, after the adapters. A diagnostic of a file no other diagnostic names goes
/// last. O((n + m) log n): hostile files with 100,000 copies stay fast.
pub fn place_in_source_order(
    diagnostics: Vec<Diagnostic>,
    extra: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if extra.is_empty() {
        return diagnostics;
    }
    let pos = |d: &Diagnostic| {
        d.location
            .as_ref()
            .map(|l| (l.line.unwrap_or(0), l.column.unwrap_or(0)))
    };
    // Per file: (position, index) in index order. Adapters emit a file's diagnostics mostly in
    // position order; where they do not, the binary search still yields a valid slot.
    let mut by_path: HashMap<&str, Vec<Placed>> = HashMap::new();
    for (i, d) in diagnostics.iter().enumerate() {
        if let (Some(l), Some(p)) = (&d.location, pos(d)) {
            by_path.entry(l.path.as_str()).or_default().push((p, i));
        }
    }
    let mut slots: Vec<(usize, usize)> = extra
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let at = d.location.as_ref().zip(pos(d)).and_then(|(l, p)| {
                let v = by_path.get(l.path.as_str())?;
                let n = v.partition_point(|(q, _)| *q <= p);
                Some(if n == 0 { v[0].1 } else { v[n - 1].1 + 1 })
            });
            (at.unwrap_or(diagnostics.len()), k)
        })
        .collect();
    slots.sort_unstable();
    let mut extra: Vec<Option<Diagnostic>> = extra.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(diagnostics.len() + extra.len());
    let mut next = slots.into_iter().peekable();
    for (i, d) in diagnostics.into_iter().enumerate() {
        while let Some(&(at, k)) = next.peek() {
            if at > i {
                break;
            }
            out.extend(extra[k].take());
            next.next();
        }
        out.push(d);
    }
    for (_, k) in next {
        out.extend(extra[k].take());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    fn hook(id: &str, cmd: &str, line: u32) -> Hook {
        Hook {
            plugin_root: None,
            source_file: None,
            id: id.into(),
            kind: Kind::Stop,
            convention: Convention::Jarvis,
            source_event: "Stop".into(),
            matcher: Matcher::Any,
            handler: Handler::Command {
                command: cmd.into(),
                exec: Exec::Shell,
            },
            timeout_ms: Some(30_000),
            scope: crate::Scope::default(),
            location: Location {
                path: "c.toml".into(),
                line: Some(line),
                column: Some(1),
                span: None,
            },
            detail: Detail::None,
        }
    }

    #[test]
    fn keeps_order_and_first_duplicate_and_reports_later_copies() {
        let pre = Diagnostic::new(Code::ParseError, "earlier");
        let b = normalize(
            vec![hook("a", "x", 1), hook("b", "y", 2), hook("c", "x", 3)],
            vec![pre.clone()],
        );
        let ids: Vec<_> = b.hooks.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(b.diagnostics.len(), 2);
        assert_eq!(b.diagnostics[0], pre, "diagnostics are never dropped");
        let d = &b.diagnostics[1];
        assert_eq!(d.code, Code::DuplicateHook);
        assert_eq!(d.location.as_ref().unwrap().line, Some(3));
        assert!(d.message.contains("(a)"), "{}", d.message);
    }

    #[test]
    fn jcode_copies_are_kept_because_jcode_runs_every_command_of_a_slot() {
        let mut a = hook("a", "x", 1);
        let mut b = hook("b", "x", 2);
        for h in [&mut a, &mut b] {
            h.convention = Convention::Jcode;
            h.source_event = "turn_end".into();
        }
        let out = normalize(vec![a, b], vec![]);
        assert_eq!(out.hooks.len(), 2);
        assert_eq!(out.diagnostics.len(), 1);
        assert!(
            out.diagnostics[0].message.contains("jcode runs it again"),
            "{}",
            out.diagnostics[0].message
        );
    }

    #[test]
    fn duplicate_diagnostics_are_placed_in_source_order() {
        let at = |path: &str, line: u32| Location {
            path: path.into(),
            line: Some(line),
            column: Some(1),
            span: None,
        };
        let earlier = vec![
            Diagnostic::new(Code::ParseError, "a1").at(at("a", 1)),
            Diagnostic::new(Code::ParseError, "a9").at(at("a", 9)),
            Diagnostic::new(Code::ParseError, "b1").at(at("b", 1)),
        ];
        let mut h1 = hook("x", "cmd", 2);
        let mut h2 = hook("y", "cmd", 5);
        h1.location = at("a", 2);
        h2.location = at("a", 5);
        let out = normalize(vec![h1, h2], earlier);
        let order: Vec<_> = out
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.location.as_ref().unwrap().path.clone(),
                    d.location.as_ref().unwrap().line,
                )
            })
            .collect();
        assert_eq!(
            order,
            [
                ("a".into(), Some(1)),
                ("a".into(), Some(5)),
                ("a".into(), Some(9)),
                ("b".into(), Some(1))
            ]
        );
    }

    #[test]
    fn ids_are_made_unique() {
        let b = normalize(
            vec![hook("a", "x", 1), hook("a", "y", 2), hook("a", "z", 3)],
            vec![],
        );
        let ids: Vec<_> = b.hooks.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["a", "a#2", "a#3"]);
    }
}
