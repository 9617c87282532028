//! `hooks.test.toml`: the cases, read with their locations (design.md "hooks.test.toml"). Every
//! problem is a coded diagnostic at its line and column; a file with one runs no case.

use hook_ir::{Code, Convention, Diagnostic, Location};
use runner::recorded::{self, RecordedAgent};
use serde_json::Value;
use std::ops::Range;
use toml_edit::{ImDocument, Item, TableLike};

/// An agent a case runs under: a convention and, when one was recorded, the release whose
/// payloads it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentSpec {
    /// The convention.
    pub convention: Convention,
    /// The recorded release (`None`: the convention has none; its documented payload).
    pub release: Option<&'static RecordedAgent>,
}

impl AgentSpec {
    /// `CONV` or `CONV@VERSION`; without a version, the newest recorded release.
    pub fn parse(text: &str) -> Result<AgentSpec, (Code, String)> {
        let (conv, version) = match text.split_once('@') {
            Some((c, v)) => (c, Some(v)),
            None => (text, None),
        };
        let convention = Convention::parse(conv).ok_or_else(|| {
            (
                Code::UnknownTestAgent,
                format!(
                    "unknown convention `{conv}` (expected one of: {})",
                    Convention::ALL.map(|c| c.as_str()).join(", ")
                ),
            )
        })?;
        let release = match version {
            Some(v) => Some(
                recorded::find(convention, v)
                    .map_err(|e| (Code::UnknownTestAgent, e.to_string()))?,
            ),
            None => recorded::latest(convention),
        };
        Ok(AgentSpec {
            convention,
            release,
        })
    }

    /// `claude-settings@2.1.332`, or the convention alone.
    pub fn label(&self) -> String {
        match self.release {
            Some(r) => format!("{}@{}", self.convention, r.version),
            None => self.convention.to_string(),
        }
    }
}

/// The decision a case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// The call goes on.
    Allow,
    /// The call is refused (or the agent continues, for `stop`).
    Block,
    /// The user is asked (Claude's `permissionDecision: ask`).
    Ask,
}

impl Want {
    /// Its word in the file and the output.
    pub fn as_str(self) -> &'static str {
        match self {
            Want::Allow => "allow",
            Want::Block => "block",
            Want::Ask => "ask",
        }
    }
}

/// What a case expects; `None` fields are not checked.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// `decision`.
    pub decision: Option<Want>,
    /// `reason`: a regex the reason must match.
    pub reason: Option<regex::Regex>,
    /// `context`: text the added context contains.
    pub context: Option<String>,
    /// `updated_input`: a JSON subset of the rewritten tool input.
    pub updated_input: Option<Value>,
    /// `hooks_ran`: ids, or text of the commands, of hooks that must have run.
    pub hooks_ran: Option<Vec<String>>,
    /// `tool_output`: text the replaced tool output contains.
    pub tool_output: Option<String>,
}

/// One `[[case]]`.
#[derive(Debug, Clone)]
pub struct Case {
    /// `name`.
    pub name: String,
    /// `event`: a kind or an agent's own event name.
    pub event: String,
    /// Where `event` is written.
    pub event_at: Location,
    /// `tool`.
    pub tool: Option<String>,
    /// `input` (tool events).
    pub input: Option<Value>,
    /// `prompt` (prompt events).
    pub prompt: Option<String>,
    /// `output`: the tool's output (post_tool_use).
    pub output: Option<String>,
    /// `stop_hook_active` (stop).
    pub stop_hook_active: bool,
    /// `env`: variables set for the hooks.
    pub env: Vec<(String, String)>,
    /// `agents` (`None`: every convention with hooks for the event).
    pub agents: Option<Vec<AgentSpec>>,
    /// `[case.expect]`.
    pub expect: Expect,
}

const CASE_KEYS: &[&str] = &[
    "name",
    "event",
    "tool",
    "input",
    "prompt",
    "output",
    "stop_hook_active",
    "env",
    "agents",
    "expect",
];
const EXPECT_KEYS: &[&str] = &[
    "decision",
    "reason",
    "context",
    "updated_input",
    "hooks_ran",
    "tool_output",
];

struct Reader<'a> {
    path: &'a str,
    text: &'a str,
    diagnostics: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn at(&self, span: Option<Range<usize>>) -> Location {
        match span {
            Some(r) => Location::at_span(self.path, self.text, r.start, r.end),
            None => Location::path_only(self.path),
        }
    }

    fn error(&mut self, code: Code, span: Option<Range<usize>>, message: String) {
        let at = self.at(span);
        self.diagnostics.push(Diagnostic::new(code, message).at(at));
    }

    fn string(&mut self, t: &dyn TableLike, key: &str, case: &str) -> Option<String> {
        let (_, item) = t.get_key_value(key)?;
        match item.as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                self.error(
                    Code::InvalidTestFile,
                    item.span(),
                    format!("{case}: `{key}` must be a string"),
                );
                None
            }
        }
    }

    fn unknown_keys(&mut self, t: &dyn TableLike, known: &[&str], what: &str) {
        for (k, _) in t.iter() {
            if !known.contains(&k) {
                let span = t.get_key_value(k).and_then(|(key, _)| key.span());
                self.error(
                    Code::InvalidTestFile,
                    span,
                    format!(
                        "{what}: unknown key `{k}` (expected one of: {})",
                        known.join(", ")
                    ),
                );
            }
        }
    }
}

/// A TOML value as JSON (dates as their text).
fn json_of(item: &Item) -> Value {
    match item {
        Item::None => Value::Null,
        Item::Value(v) => value_json(v),
        Item::Table(t) => {
            Value::Object(t.iter().map(|(k, v)| (k.to_string(), json_of(v))).collect())
        }
        Item::ArrayOfTables(a) => Value::Array(
            a.iter()
                .map(|t| {
                    Value::Object(t.iter().map(|(k, v)| (k.to_string(), json_of(v))).collect())
                })
                .collect(),
        ),
    }
}

fn value_json(v: &toml_edit::Value) -> Value {
    use toml_edit::Value as V;
    match v {
        V::String(s) => Value::String(s.value().clone()),
        V::Integer(i) => Value::from(*i.value()),
        V::Float(f) => serde_json::Number::from_f64(*f.value()).map_or(Value::Null, Value::Number),
        V::Boolean(b) => Value::Bool(*b.value()),
        V::Datetime(d) => Value::String(d.value().to_string()),
        V::Array(a) => Value::Array(a.iter().map(value_json).collect()),
        V::InlineTable(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_string(), value_json(v)))
                .collect(),
        ),
    }
}

/// Reads the test file `text` (shown as `path`): its cases, or every problem found.
pub fn parse(path: &str, text: &str) -> Result<Vec<Case>, Vec<Diagnostic>> {
    let mut r = Reader {
        path,
        text,
        diagnostics: Vec::new(),
    };
    let doc = match ImDocument::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let msg = e.message().trim().to_string();
            r.error(Code::InvalidTestFile, e.span(), format!("not TOML: {msg}"));
            return Err(r.diagnostics);
        }
    };
    let root = doc.as_table();
    r.unknown_keys(root, &["case"], "the test file");
    let mut cases = Vec::new();
    let Some((_, item)) = root.get_key_value("case") else {
        return if r.diagnostics.is_empty() {
            Ok(cases)
        } else {
            Err(r.diagnostics)
        };
    };
    let Some(tables) = item.as_array_of_tables() else {
        r.error(
            Code::InvalidTestFile,
            item.span(),
            "`case` must be an array of tables (`[[case]]`)".into(),
        );
        return Err(r.diagnostics);
    };
    for (n, t) in tables.iter().enumerate() {
        if let Some(c) = read_case(&mut r, t, n + 1) {
            cases.push(c);
        }
    }
    if r.diagnostics.is_empty() {
        Ok(cases)
    } else {
        Err(r.diagnostics)
    }
}

fn read_case(r: &mut Reader<'_>, t: &toml_edit::Table, n: usize) -> Option<Case> {
    let label = format!("case {n}");
    r.unknown_keys(t, CASE_KEYS, &label);
    let name = r.string(t, "name", &label);
    let label = match &name {
        Some(nm) => format!("case `{nm}`"),
        None => {
            r.error(
                Code::InvalidTestFile,
                t.span(),
                format!("{label}: `name` is missing"),
            );
            label
        }
    };
    let event = r.string(t, "event", &label);
    let event_at = r.at(t.get_key_value("event").and_then(|(_, i)| i.span()));
    if event.is_none() && t.get("event").is_none() {
        r.error(
            Code::InvalidTestFile,
            t.span(),
            format!("{label}: `event` is missing (a kind such as `pre_tool_use`, or an agent's event name)"),
        );
    }
    let tool = r.string(t, "tool", &label);
    let prompt = r.string(t, "prompt", &label);
    let output = r.string(t, "output", &label);
    let input = t.get("input").map(json_of);
    if let (Some(i), Some(item)) = (&input, t.get("input")) {
        if !i.is_object() {
            r.error(
                Code::InvalidTestFile,
                item.span(),
                format!("{label}: `input` must be a table (the tool input)"),
            );
        }
    }
    let stop_hook_active = match t.get("stop_hook_active") {
        None => false,
        Some(i) => i.as_bool().unwrap_or_else(|| {
            r.error(
                Code::InvalidTestFile,
                i.span(),
                format!("{label}: `stop_hook_active` must be true or false"),
            );
            false
        }),
    };
    let mut env = Vec::new();
    if let Some(item) = t.get("env") {
        match item.as_table_like() {
            Some(e) => {
                for (k, v) in e.iter() {
                    match v.as_str() {
                        Some(s) => env.push((k.to_string(), s.to_string())),
                        None => r.error(
                            Code::InvalidTestFile,
                            v.span(),
                            format!("{label}: env `{k}` must be a string"),
                        ),
                    }
                }
            }
            None => r.error(
                Code::InvalidTestFile,
                item.span(),
                format!("{label}: `env` must be a table of strings"),
            ),
        }
    }
    let agents = t.get("agents").map(|item| {
        let mut out = Vec::new();
        match item.as_array() {
            Some(a) => {
                for v in a.iter() {
                    match v.as_str().map(AgentSpec::parse) {
                        Some(Ok(s)) => out.push(s),
                        Some(Err((code, msg))) => {
                            r.error(code, v.span(), format!("{label}: {msg}"))
                        }
                        None => r.error(
                            Code::InvalidTestFile,
                            v.span(),
                            format!("{label}: each of `agents` must be a string"),
                        ),
                    }
                }
            }
            None => r.error(
                Code::InvalidTestFile,
                item.span(),
                format!("{label}: `agents` must be a list of conventions"),
            ),
        }
        out
    });
    let expect = match t.get("expect") {
        None => Expect::default(),
        Some(item) => match item.as_table_like() {
            Some(e) => read_expect(r, e, &label),
            None => {
                r.error(
                    Code::InvalidTestFile,
                    item.span(),
                    format!("{label}: `expect` must be a table (`[case.expect]`)"),
                );
                Expect::default()
            }
        },
    };
    Some(Case {
        name: name?,
        event: event?,
        event_at,
        tool,
        input,
        prompt,
        output,
        stop_hook_active,
        env,
        agents,
        expect,
    })
}

fn read_expect(r: &mut Reader<'_>, e: &dyn TableLike, label: &str) -> Expect {
    r.unknown_keys(e, EXPECT_KEYS, &format!("{label} expect"));
    let mut x = Expect::default();
    if let Some((_, item)) = e.get_key_value("decision") {
        x.decision = match item.as_str() {
            Some("allow") => Some(Want::Allow),
            Some("block") => Some(Want::Block),
            Some("ask") => Some(Want::Ask),
            _ => {
                r.error(
                    Code::InvalidTestFile,
                    item.span(),
                    format!("{label}: `decision` must be \"allow\", \"block\" or \"ask\""),
                );
                None
            }
        };
    }
    if let Some(s) = r.string(e, "reason", label) {
        match regex::Regex::new(&s) {
            Ok(re) => x.reason = Some(re),
            Err(err) => {
                let span = e.get_key_value("reason").and_then(|(_, i)| i.span());
                let first = err.to_string();
                let first = first.lines().last().unwrap_or("").trim().to_string();
                r.error(
                    Code::InvalidTestFile,
                    span,
                    format!("{label}: `reason` is not a valid regex: {first}"),
                );
            }
        }
    }
    x.context = r.string(e, "context", label);
    x.tool_output = r.string(e, "tool_output", label);
    x.updated_input = e.get("updated_input").map(json_of);
    if let Some(item) = e.get("hooks_ran") {
        match item.as_array() {
            Some(a) if a.iter().all(|v| v.as_str().is_some()) => {
                x.hooks_ran = Some(
                    a.iter()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect(),
                );
            }
            _ => r.error(
                Code::InvalidTestFile,
                item.span(),
                format!("{label}: `hooks_ran` must be a list of hook ids or commands"),
            ),
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_design_example() {
        let text = r#"
[[case]]
name = "rm -rf is blocked"
event = "pre_tool_use"
tool = "Bash"
input = { command = "rm -rf /" }
agents = ["claude-settings", "codex-json@0.171.0"]
[case.expect]
decision = "block"
reason = "rm -rf"
"#;
        let cases = parse("hooks.test.toml", text).unwrap();
        assert_eq!(cases.len(), 1);
        let c = &cases[0];
        assert_eq!(c.input, Some(serde_json::json!({"command": "rm -rf /"})));
        let agents = c.agents.as_ref().unwrap();
        assert_eq!(agents[0].label(), "claude-settings@2.1.332");
        assert_eq!(agents[1].label(), "codex-json@0.171.0");
        assert_eq!(c.expect.decision, Some(Want::Block));
        assert_eq!(c.event_at.line, Some(4));
    }

    #[test]
    fn every_problem_has_its_code_and_line() {
        let text = "[[case]]\nname = \"x\"\nevent = \"stop\"\ncolour = 1\nagents = [\"claude-settings@0.1\"]\n[case.expect]\ndecision = \"deny\"\nreason = \"(\"\n";
        let d = parse("t.toml", text).unwrap_err();
        let got: Vec<(Code, Option<u32>, Option<u32>)> = d
            .iter()
            .map(|d| {
                let l = d.location.as_ref().unwrap();
                (d.code, l.line, l.column)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (Code::InvalidTestFile, Some(4), Some(1)),
                (Code::UnknownTestAgent, Some(5), Some(11)),
                (Code::InvalidTestFile, Some(7), Some(12)),
                (Code::InvalidTestFile, Some(8), Some(10)),
            ]
        );
        assert!(
            d[1].message.contains("recorded: 2.1.332"),
            "{}",
            d[1].message
        );
        let d = parse("t.toml", "[[case]\n").unwrap_err();
        assert_eq!(d[0].code, Code::InvalidTestFile);
        assert_eq!(d[0].location.as_ref().unwrap().line, Some(1));
    }
}
