//! Lowering one GJC directory module into IR hooks.
//!
//! The file always yields the hook of its folder (`pre/` → `tool_call` → `pre_tool_use`,
//! `post/` → `tool_result` → `post_tool_use`), filtered by the tool its name gives. The static
//! scan of its source then adds one unfiltered hook per other mapped event it registers
//! (GJC's adapter filters only the folder's event by tool), and reports the events that have no
//! place in the IR.

use crate::modules::entries::ModuleFile;
use crate::modules::lower::{file_tool_ok, module_hook};
pub use crate::modules::lower::{matcher_for, timeout_of, tool_of, Phase};
use crate::modules::scan;
use crate::Output;
use hook_ir::contract::{self, Lookup, Mapping};
use hook_ir::{quote, Code, Convention, Diagnostic, Hook, Kind, Location};

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
