//! Hooks written inline in Codex's `config.toml` (`[hooks]`), read only.
//!
//! Codex 0.171.0 reads them next to `hooks.json` for every config layer
//! (`codex-rs/hooks/src/engine/discovery.rs` `load_toml_hooks_from_layer`): the user layer
//! `$CODEX_HOME/config.toml` and a trusted project's `<project>/.codex/config.toml`. The value
//! of `hooks` is deserialized as `HookEventsToml` (`codex-rs/config/src/hook_config.rs`): the
//! same events, matcher groups and handlers as `hooks.json`
//! (`[[hooks.PreToolUse]]` `matcher = "Bash"`, `[[hooks.PreToolUse.hooks]]` `type = "command"`
//! `command = "..."` `timeout = 30`); `[hooks.state]` (trust, `HooksToml.state`) is not an
//! event and is left out. A value serde refuses makes Codex skip every TOML hook of that file
//! ("failed to parse TOML hooks in …"), which [`super::accepts`] models as for `hooks.json`.
//! The trust key of such a hook names the `config.toml` (`key_source` is the file's path).
//!
//! The `hooks` table is turned into a [`Node`] tree whose spans point into the TOML text, so the
//! `hooks.json` lowering, checks and trust apply unchanged. Writers stay JSON-only: `hooks import
//! --to codex-json` never edits `config.toml` hooks.

use crate::json_span::{Kind as J, Member, Node};
use crate::read_limit::{read_text, Missing, MAX_CONFIG_BYTES};
use crate::{Context, Output, Source};
use hook_ir::{Code, Convention, Diagnostic};
use std::path::Path;
use toml_edit::{ImDocument, Item, Key, Table, Value};

/// The key of `[hooks.state]`, Codex's trust table: not an event.
const STATE: &str = "state";

/// Whether `path` is a Codex `config.toml` (read as TOML hooks) rather than a `hooks.json`.
pub(crate) fn is_config_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// The outcome of reading the hooks of one `config.toml`.
pub(crate) enum Parsed {
    /// Invalid TOML: where and what.
    Invalid((usize, usize), String),
    /// No `hooks` table, or one holding only `[hooks.state]`: nothing to read.
    NoHooks,
    /// `{"hooks": <the hooks table without state>}`, as a `hooks.json` root.
    Hooks(Node),
}

/// Parses `text` (a `config.toml`) into the `hooks.json`-shaped tree of its inline hooks.
pub(crate) fn parse(text: &str) -> Parsed {
    let doc = match ImDocument::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let span = e.span().map_or((0, 0), |r| (r.start, r.end));
            return Parsed::Invalid(span, crate::toml_support::syntax_message(&e, text));
        }
    };
    let Some((key, item)) = doc.as_table().get_key_value("hooks") else {
        return Parsed::NoHooks;
    };
    let key_span = key.span().map_or((0, 0), |r| (r.start, r.end));
    let mut value = item_node(item, key_span);
    if let J::Object(members) = &mut value.kind {
        members.retain(|m| m.key != STATE);
        if members.is_empty() {
            return Parsed::NoHooks;
        }
    }
    Parsed::Hooks(Node {
        span: value.span,
        kind: J::Object(vec![Member {
            key: "hooks".into(),
            key_span,
            value,
        }]),
    })
}

/// Reads the `config.toml` at `path` when it holds hooks (a missing file or one without hooks
/// adds nothing, not even a source), and lowers them with the trust report.
pub(crate) fn load(ctx: &Context, path: &Path, must_exist: bool, out: &mut Output) {
    let mut scratch = Output::default();
    let missing = if must_exist {
        Missing::Report
    } else {
        Missing::Silent
    };
    let Some((display, text)) = read_text(
        ctx,
        Convention::CodexJson,
        path,
        MAX_CONFIG_BYTES,
        missing,
        "TOML",
        &mut scratch,
    ) else {
        out.diagnostics.append(&mut scratch.diagnostics);
        out.sources.append(&mut scratch.sources);
        return;
    };
    match parse(&text) {
        Parsed::NoHooks => {
            if must_exist {
                out.sources.append(&mut scratch.sources);
            }
        }
        Parsed::Invalid(..) | Parsed::Hooks(_) => {
            out.sources.append(&mut scratch.sources);
            lower_text(ctx, path, &display, &text, out);
        }
    }
}

/// Lowers the hooks of `text` as the `config.toml` at `path`, shown as `display`.
pub(crate) fn lower_text(ctx: &Context, path: &Path, display: &str, text: &str, out: &mut Output) {
    let file = Source::new(display, text);
    match parse(text) {
        Parsed::NoHooks => {}
        Parsed::Invalid(span, why) => out.diag(
            Diagnostic::new(
                Code::ParseError,
                format!(
                    "invalid TOML: {why}; Codex cannot load this config.toml, its hooks included"
                ),
            )
            .with_convention(Convention::CodexJson)
            .at(file.at(span)),
        ),
        Parsed::Hooks(root) => {
            let first = out.hooks.len();
            super::lower::lower_inline(&file, &root, out);
            let mut trust = Vec::new();
            super::trust::report(ctx, path, &root, &out.hooks[first..], &mut trust);
            out.diagnostics.extend(trust);
        }
    }
}

fn span_or(span: Option<std::ops::Range<usize>>, fallback: (usize, usize)) -> (usize, usize) {
    span.map_or(fallback, |r| (r.start, r.end))
}

/// A TOML item as a node; parts without a span of their own (implicit tables) take their
/// parent's.
fn item_node(item: &Item, fallback: (usize, usize)) -> Node {
    match item {
        Item::None => Node {
            kind: J::Null,
            span: fallback,
        },
        Item::Value(v) => value_node(v, fallback),
        Item::Table(t) => table_node(t, fallback),
        Item::ArrayOfTables(a) => {
            let span = span_or(a.span(), fallback);
            Node {
                kind: J::Array(a.iter().map(|t| table_node(t, span)).collect()),
                span,
            }
        }
    }
}

/// One key of a table or inline table; its value's span falls back to the key's.
fn member(k: &Key, v: &Item, table_span: (usize, usize)) -> Member {
    let key_span = span_or(k.span(), table_span);
    Member {
        key: k.get().to_string(),
        key_span,
        value: item_node(v, key_span),
    }
}

fn table_node(t: &Table, fallback: (usize, usize)) -> Node {
    let span = span_or(t.span(), fallback);
    let members = t
        .iter()
        .filter_map(|(k, _)| t.get_key_value(k))
        .map(|(k, v)| member(k, v, span))
        .collect();
    Node {
        kind: J::Object(members),
        span,
    }
}

fn value_node(v: &Value, fallback: (usize, usize)) -> Node {
    let span = span_or(v.span(), fallback);
    let kind = match v {
        Value::String(s) => J::String(s.value().clone()),
        Value::Integer(i) => J::Number(i.value().to_string()),
        // `{:?}` keeps the point (`30.0`), so a float is never read as a whole number of
        // seconds: serde refuses a TOML float for `timeout` (a `u64`).
        Value::Float(f) => J::Number(format!("{:?}", f.value())),
        Value::Boolean(b) => J::Bool(*b.value()),
        // No JSON kind fits; as a number it is refused wherever Codex wants a string, a bool or
        // a whole number, as serde refuses a datetime there.
        Value::Datetime(d) => J::Number(d.value().to_string()),
        Value::Array(a) => J::Array(a.iter().map(|e| value_node(e, span)).collect()),
        Value::InlineTable(t) => J::Object(
            t.iter()
                .filter_map(|(k, _)| t.get_key_value(k))
                .map(|(k, v)| member(k, v, span))
                .collect(),
        ),
    };
    Node { kind, span }
}
