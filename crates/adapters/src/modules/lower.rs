//! Lowering support for module-file conventions (GJC's hook modules, its plugins' modules, and
//! the hook folders of Claude Code and Codex): the folder a module is filed in, the tool its file
//! name gives, and the IR hook of one module file.

use super::entries::ModuleFile;
use super::tool_name;
use crate::Output;
use hook_ir::contract;
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
        plugin_root: None,
        source_file: None,
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
