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

/// Whether `tool` (from the name of module file `m`) is a valid tool name; if not, an
/// `invalid_tool_matcher` with `consequence` (what the agent does about it) appended.
pub(crate) fn file_tool_ok(
    m: &ModuleFile,
    tool: &str,
    convention: Convention,
    consequence: &str,
    out: &mut Output,
) -> bool {
    let Err(why) = tool_name::validate(tool) else {
        return true;
    };
    out.diag(
        Diagnostic::new(
            Code::InvalidToolMatcher,
            format!(
                "the tool name {} (from the file name) {why}{consequence}",
                quote(tool)
            ),
        )
        .with_convention(convention)
        .at(Location::path_only(m.display.clone())),
    );
    false
}

/// A hook that runs module file `m` for `in_process_event`, filed as `source_event`, for the
/// tool `tool` (`*` or `None`: any tool). No timeout: the caller sets the convention's.
pub(crate) fn module_hook(
    m: &ModuleFile,
    convention: Convention,
    id: String,
    kind: Kind,
    source_event: &str,
    in_process_event: &str,
    tool: Option<&str>,
) -> Hook {
    Hook {
        id,
        kind,
        convention,
        source_event: source_event.to_string(),
        matcher: tool.map_or(Matcher::Any, matcher_for),
        handler: Handler::Module {
            path: m.display.clone(),
        },
        timeout_ms: None,
        scope: hook_ir::Scope::default(),
        location: Location::path_only(m.display.clone()),
        detail: Detail::Module {
            real_path: m.real_path.to_string_lossy().into_owned(),
            in_process_event: in_process_event.to_string(),
            tool: tool.map(str::to_string),
            plugin: None,
        },
    }
}

/// Lowers one module file of `phase`'s folder.
pub fn lower_module(m: &ModuleFile, phase: Phase, out: &mut Output) -> Vec<Hook> {
    let conv = Convention::Gjc;
    let tool = tool_of(&m.name);
    if !file_tool_ok(m, tool, conv, "; GJC rejects this module", out) {
        return Vec::new();
    }
    // GJC's own hooks: the source event is the in-process event, with its contract timeout.
    let hook = |kind: Kind, event: &str, tool: Option<&str>, id: String| Hook {
        timeout_ms: timeout_of(conv, event),
        ..module_hook(m, conv, id, kind, event, event, tool)
    };
    let mut hooks = vec![hook(
        phase.kind(),
        phase.event(),
        Some(tool),
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
    let src = crate::Source::new(m.display.clone(), m.text.clone());
    for r in &regs {
        if seen.contains(&r.event.as_str()) {
            continue;
        }
        seen.push(&r.event);
        let at = src.at(r.span);
        match contract::lookup(conv, &r.event) {
            Lookup::Known(row) => match row.mapping {
                Mapping::Accepted { kind, .. } => hooks.push(hook(
                    kind,
                    &r.event,
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
