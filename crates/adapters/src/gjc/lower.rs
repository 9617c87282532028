//! Lowering one GJC directory module into IR hooks.
//!
//! The file always yields the hook of its folder (`pre/` → `tool_call` → `pre_tool_use`,
//! `post/` → `tool_result` → `post_tool_use`), filtered by the tool its name gives. The static
//! scan of its source then adds one unfiltered hook per other mapped event it registers
//! (GJC's adapter filters only the folder's event by tool), and reports the events that have no
//! place in the IR.

use super::entries::ModuleFile;
use super::scan;
use super::tool_name;
use crate::Output;
use hook_ir::contract::{self, Lookup, Mapping};
use hook_ir::{
    quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Kind, Location, Matcher,
};

/// The folder a module is filed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// `pre/`: `tool_call`.
    Pre,
    /// `post/`: `tool_result`.
    Post,
}

impl Phase {
    /// The folder name.
    pub const fn dir(self) -> &'static str {
        match self {
            Phase::Pre => "pre",
            Phase::Post => "post",
        }
    }

    /// The in-process event the folder stands for.
    pub const fn event(self) -> &'static str {
        match self {
            Phase::Pre => "tool_call",
            Phase::Post => "tool_result",
        }
    }

    /// The canonical kind.
    pub const fn kind(self) -> Kind {
        match self {
            Phase::Pre => Kind::PreToolUse,
            Phase::Post => Kind::PostToolUse,
        }
    }
}

/// The tool name GJC derives from a file name: the name minus its last extension.
pub fn tool_of(file_name: &str) -> &str {
    match file_name.rfind('.') {
        Some(i) if i > 0 => &file_name[..i],
        _ => file_name,
    }
}

/// The matcher of a tool name.
pub fn matcher_for(tool: &str) -> Matcher {
    if tool == "*" {
        Matcher::Any
    } else {
        Matcher::Exact {
            names: vec![tool.to_string()],
        }
    }
}

/// The contract timeout of a GJC in-process event.
pub fn timeout_of(convention: Convention, event: &str) -> Option<u64> {
    contract::find(convention, event)
        .and_then(|c| c.rules())
        .and_then(|r| r.timeout.default_ms())
}

/// Lowers one module file of `phase`'s folder.
pub fn lower_module(m: &ModuleFile, phase: Phase, out: &mut Output) -> Vec<Hook> {
    let conv = Convention::Gjc;
    let tool = tool_of(&m.name);
    if let Err(why) = tool_name::validate(tool) {
        out.diag(
            Diagnostic::new(
                Code::InvalidToolMatcher,
                format!(
                    "the tool name {} (from the file name) {why}; GJC rejects this module",
                    quote(tool)
                ),
            )
            .with_convention(conv)
            .at(Location::path_only(m.display.clone())),
        );
        return Vec::new();
    }
    let real = m.real_path.to_string_lossy().into_owned();
    let hook = |kind: Kind, event: &str, matcher: Matcher, tool: Option<String>, id: String| Hook {
        id,
        kind,
        convention: conv,
        source_event: event.to_string(),
        matcher,
        handler: Handler::Module {
            path: m.display.clone(),
        },
        timeout_ms: timeout_of(conv, event),
        location: Location::path_only(m.display.clone()),
        detail: Detail::Module {
            real_path: real.clone(),
            in_process_event: event.to_string(),
            tool,
            plugin: None,
        },
    };
    let mut hooks = vec![hook(
        phase.kind(),
        phase.event(),
        matcher_for(tool),
        Some(tool.to_string()),
        format!("gjc:{}", m.display),
    )];
    let regs = scan::registrations(&m.text);
    if !regs.iter().any(|r| r.event == phase.event()) {
        out.diag(
            Diagnostic::new(
                Code::FiledEventNotRegistered,
                format!(
                    "this module is in `{}/` but does not visibly register `{}`, so it guards nothing for {}",
                    phase.dir(),
                    phase.event(),
                    if tool == "*" { "any tool".to_string() } else { quote(tool) }
                ),
            )
            .with_convention(conv)
            .at(Location::path_only(m.display.clone()))
            .with_help(format!("register it: `api.on(\"{}\", (event) => ...)`", phase.event())),
        );
    }
    let mut seen: Vec<&str> = vec![phase.event()];
    for r in &regs {
        if seen.contains(&r.event.as_str()) {
            continue;
        }
        seen.push(&r.event);
        let at = Location::at_span(m.display.clone(), &m.text, r.span.0, r.span.1);
        match contract::lookup(conv, &r.event) {
            Lookup::Known(row) => match row.mapping {
                Mapping::Accepted { kind, .. } => hooks.push(hook(
                    kind,
                    &r.event,
                    Matcher::Any,
                    None,
                    format!("gjc:{}:{}", m.display, r.event),
                )),
                Mapping::Rejected { code } => out.diag(
                    Diagnostic::new(code, rejected_message(&r.event, code))
                        .with_convention(conv)
                        .at(at),
                ),
            },
            Lookup::OutsideIr | Lookup::Unknown { .. } => out.diag(
                Diagnostic::new(
                    Code::InProcessEventOutsideHookIr,
                    rejected_message(&r.event, Code::InProcessEventOutsideHookIr),
                )
                .with_convention(conv)
                .at(at),
            ),
        }
    }
    hooks
}

fn rejected_message(event: &str, code: Code) -> String {
    match code {
        Code::SemanticMismatch => format!(
            "`{event}` fires once per turn, not once per agent loop: it is not `stop` (use `agent_end`)"
        ),
        _ => format!(
            "in-process event {} stays on GJC's broader HookAPI: it has no place among the six kinds and cannot be migrated",
            quote(event)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_is_the_name_minus_its_last_extension() {
        assert_eq!(tool_of("bash.js"), "bash");
        assert_eq!(tool_of("*.ts"), "*");
        assert_eq!(tool_of("a.b.js"), "a.b");
        assert_eq!(tool_of("noext"), "noext");
    }
}
