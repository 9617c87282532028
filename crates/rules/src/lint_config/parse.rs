//! Reading `hooks.toml`: every key, type, code and glob checked, each problem an
//! `invalid_lint_config` at the key or value it is about. What is wrong is left out; the rest
//! applies.

use super::globs;
use super::selection::{parse_severity, Selection, Selector};
use super::Config;
use adapters::toml_support::{item_span, item_type, syntax_message, value_type};
use adapters::Source;
use hook_ir::{Code, Diagnostic};
use std::ops::Range;
use toml_edit::{ImDocument, Item, TableLike, Value};

/// The keys of `hooks.toml`, as docs/configuration.md lists them.
pub const KEYS: &[&str] = &[
    "select",
    "extend-select",
    "ignore",
    "extend-ignore",
    "severity",
    "per-file-ignores",
    "exclude",
];

/// A string of the file and where it is written.
type Spanned<'v> = (&'v str, Option<Range<usize>>);

struct Reader<'a> {
    src: &'a Source,
    diagnostics: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn error(&mut self, span: Option<Range<usize>>, message: String, help: Option<String>) {
        let mut d = Diagnostic::new(Code::InvalidLintConfig, message).at(self.src.loc(span));
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.diagnostics.push(d);
    }

    fn wrong_type(&mut self, key: &str, expected: &str, item: &Item) {
        self.error(
            item_span(item),
            format!("`{key}` must be {expected}, not {}", item_type(item)),
            None,
        );
    }

    /// An array of strings; each element that is not a string is reported and skipped.
    fn strings<'v>(&mut self, key: &str, item: &'v Item) -> Option<Vec<Spanned<'v>>> {
        let Some(array) = item.as_array() else {
            self.wrong_type(key, "an array of strings", item);
            return None;
        };
        let mut out = Vec::new();
        for (i, v) in array.iter().enumerate() {
            match v {
                Value::String(s) => out.push((s.value().as_str(), v.span())),
                other => self.error(
                    other.span(),
                    format!("`{key}[{i}]` must be a string, not {}", value_type(other)),
                    None,
                ),
            }
        }
        Some(out)
    }

    /// Code names (or `all`); unknown ones reported with a did-you-mean and skipped.
    /// `invalid_lint_config` is refused where `fixed` says it cannot go.
    fn selectors(&mut self, key: &str, item: &Item, refuse_self: bool) -> Option<Vec<Selector>> {
        let names = self.strings(key, item)?;
        let mut out = Vec::new();
        for (name, span) in names {
            match Selector::parse(name) {
                Ok(Selector::Code(Code::InvalidLintConfig)) if refuse_self => self.error(
                    span,
                    format!("`{key}`: `invalid_lint_config` cannot be ignored"),
                    Some("a configuration that is read wrong must not pass silently: fix the entry it reports".into()),
                ),
                Ok(s) => out.push(s),
                Err(e) => {
                    let help = e.help();
                    self.error(span, format!("`{key}`: {e}"), Some(help));
                }
            }
        }
        Some(out)
    }

    fn table<'v>(&mut self, key: &str, item: &'v Item) -> Option<&'v dyn TableLike> {
        let t = item.as_table_like();
        if t.is_none() {
            self.wrong_type(key, "a table", item);
        }
        t
    }

    fn key_span(t: &dyn TableLike, key: &str) -> Option<Range<usize>> {
        t.get_key_value(key).and_then(|(k, _)| k.span())
    }
}

/// Parses the text of the configuration at `config.path` into `config`, pushing each problem
/// onto `config.diagnostics`.
pub fn parse(src: &Source, config: &mut Config) {
    let mut r = Reader {
        src,
        diagnostics: Vec::new(),
    };
    let doc = match ImDocument::parse(src.text.as_str()) {
        Ok(d) => d,
        Err(e) => {
            let first = syntax_message(&e, &src.text);
            r.error(
                e.span(),
                format!("invalid TOML: {first}; none of this configuration applies"),
                None,
            );
            config.diagnostics = r.diagnostics;
            return;
        }
    };
    let root = doc.as_table();
    let mut selection = Selection::default();
    let mut ignore_extend = Vec::new();
    for (key, item) in root.iter() {
        match key {
            "select" => selection.select = r.selectors(key, item, false),
            "extend-select" => {
                selection.extend_select = r.selectors(key, item, false).unwrap_or_default()
            }
            "ignore" => selection.ignore = r.selectors(key, item, true).unwrap_or_default(),
            "extend-ignore" => ignore_extend = r.selectors(key, item, true).unwrap_or_default(),
            "severity" => read_severity(&mut r, item, config),
            "per-file-ignores" => read_per_file_ignores(&mut r, item, config),
            "exclude" => read_exclude(&mut r, item, config),
            other => {
                let help = match hook_ir::contract::suggest(other, KEYS.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    // ruff's newer layout nests its keys; here every key is at the top.
                    None if other == "lint" => {
                        "write the keys of `[lint]` at the top level of the file".to_string()
                    }
                    None => format!("the keys are {}", KEYS.join(", ")),
                };
                r.error(
                    Reader::key_span(root, other),
                    format!("unknown key `{other}` in the lint configuration"),
                    Some(help),
                );
            }
        }
    }
    selection.ignore.extend(ignore_extend);
    config.selection = selection;
    // In file order, whichever check found them.
    r.diagnostics
        .sort_by_key(|d| d.location.as_ref().and_then(|l| l.span).map(|s| s.0));
    config.diagnostics = r.diagnostics;
}

fn read_severity(r: &mut Reader<'_>, item: &Item, config: &mut Config) {
    let Some(t) = r.table("severity", item) else {
        return;
    };
    for (name, value) in t.iter() {
        let key_span = Reader::key_span(t, name);
        let code = match Selector::parse(name) {
            Ok(Selector::Code(Code::InvalidLintConfig)) => {
                r.error(
                    key_span,
                    "`severity`: `invalid_lint_config` is always an error".into(),
                    None,
                );
                continue;
            }
            Ok(Selector::Code(c)) => c,
            Ok(Selector::All) => {
                r.error(
                    key_span,
                    "`severity`: `all` cannot be given one severity; name each code".into(),
                    Some("`--deny-warnings` makes every warning fail the run".into()),
                );
                continue;
            }
            Err(e) => {
                let help = e.help();
                r.error(key_span, format!("`severity`: {e}"), Some(help));
                continue;
            }
        };
        let word = value.as_str();
        match word.and_then(parse_severity) {
            Some(s) => config.severity.push((code, s)),
            None => {
                let shown = match word {
                    Some(w) => hook_ir::quote(w),
                    None => item_type(value).to_string(),
                };
                r.error(
                    item_span(value),
                    format!(
                        "`severity.{name}` must be \"error\", \"warning\" or \"info\", not {shown}"
                    ),
                    None,
                );
            }
        }
    }
}

/// A glob, compiled, or reported.
fn glob(
    r: &mut Reader<'_>,
    key: &str,
    pattern: &str,
    span: Option<Range<usize>>,
) -> Option<(globset::Glob, bool)> {
    match globs::compile(pattern) {
        Ok(g) => Some(g),
        Err(e) => {
            r.error(
                span,
                format!("`{key}`: invalid glob {}: {}", hook_ir::quote(pattern), e.kind()),
                Some("escape a literal `[`, `]`, `{`, `}`, `*` or `?` as `[[]`, `[]]`, `[{]`, `[}]`, `[*]`, `[?]`".into()),
            );
            None
        }
    }
}

fn read_per_file_ignores(r: &mut Reader<'_>, item: &Item, config: &mut Config) {
    let Some(t) = r.table("per-file-ignores", item) else {
        return;
    };
    let mut compiled = Vec::new();
    for (pattern, value) in t.iter() {
        let key_span = Reader::key_span(t, pattern);
        let g = glob(r, "per-file-ignores", pattern, key_span);
        let codes = r.selectors(&format!("per-file-ignores.\"{pattern}\""), value, true);
        if let (Some((g, anchored)), Some(codes)) = (g, codes) {
            compiled.push((g, anchored, config.per_file_codes.len()));
            config.per_file_codes.push(codes);
        }
    }
    config.per_file = globs::build(compiled);
}

fn read_exclude(r: &mut Reader<'_>, item: &Item, config: &mut Config) {
    let Some(patterns) = r.strings("exclude", item) else {
        return;
    };
    let mut compiled = Vec::new();
    for (pattern, span) in patterns {
        if let Some((g, anchored)) = glob(r, "exclude", pattern, span) {
            config.exclude_text.push(pattern.to_string());
            compiled.push((g, anchored, 0));
        }
    }
    config.exclude = globs::build(compiled);
}
