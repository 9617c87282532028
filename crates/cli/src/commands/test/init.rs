//! `hooks test --init`: a starter test file with one case per gate hook of the project (what it
//! is tried with, the decision left for the author to set). An existing file is never replaced.

use super::exec::map_tool;
use crate::args::TestArgs;
use crate::exit::Exit;
use hook_ir::{Hook, Kind, Matcher};
use std::fmt::Write as _;
use std::path::Path;

/// A TOML basic string.
fn quoted(s: &str) -> String {
    toml_edit::Value::from(s).to_string().trim().to_string()
}

/// The case text for one gate hook.
fn case_of(h: &Hook) -> Option<String> {
    let mut s = String::new();
    let _ = writeln!(s, "[[case]]");
    let what = match h.kind {
        Kind::PreToolUse => {
            let tool = match &h.matcher {
                Matcher::Exact { names } => names.first().cloned(),
                Matcher::Regex { pattern, .. } => {
                    hook_ir::literal_alternation(pattern).and_then(|(_, n)| n.into_iter().next())
                }
                _ => None,
            }
            .unwrap_or_else(|| map_tool("Bash", h.convention).0);
            let _ = writeln!(s, "name = {}", quoted(&format!("{tool} guard ({})", h.id)));
            let _ = writeln!(s, "event = \"pre_tool_use\"");
            let _ = writeln!(s, "tool = {}", quoted(&tool));
            let _ = writeln!(s, "input = {{ command = \"rm -rf /\" }}");
            "block"
        }
        Kind::UserPromptSubmit => {
            let _ = writeln!(s, "name = {}", quoted(&format!("prompt hook ({})", h.id)));
            let _ = writeln!(s, "event = \"user_prompt_submit\"");
            let _ = writeln!(s, "prompt = \"hello\"");
            "allow"
        }
        Kind::Stop => {
            let _ = writeln!(s, "name = {}", quoted(&format!("stop hook ({})", h.id)));
            let _ = writeln!(s, "event = \"stop\"");
            "allow"
        }
        _ => return None,
    };
    let _ = writeln!(s, "agents = [{}]", quoted(h.convention.as_str()));
    let _ = writeln!(s, "[case.expect]");
    let _ = writeln!(
        s,
        "decision = \"{what}\"   # allow | block | ask: what this hook should answer"
    );
    let _ = writeln!(s, "hooks_ran = [{}]", quoted(&h.id));
    Some(s)
}

pub fn run(a: &TestArgs, root: &Path) -> anyhow::Result<Exit> {
    let file = super::test_file(a, root);
    if file.exists() {
        eprintln!(
            "error: {} exists; `hooks test --init` does not replace it",
            super::shown(&file)
        );
        return Ok(Exit::Findings);
    }
    let project = super::discover(a, root)?;
    let mut text = String::from(
        "# Cases for `hooks test` (docs/testing.md). One per gate hook of this project; set each\n\
         # `decision` to what the hook should answer, and add cases of your own.\n",
    );
    let mut n = 0;
    for h in &project.hooks {
        if let Some(c) = case_of(h) {
            text.push('\n');
            text.push_str(&c);
            n += 1;
        }
    }
    std::fs::write(&file, &text)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", super::shown(&file)))?;
    eprintln!("wrote {} with {n} case(s)", super::shown(&file));
    Ok(Exit::Success)
}
