//! Lowering Claude and Codex directory files into IR hooks (import-only sources).

use crate::gjc::entries::ModuleFile;
use crate::gjc::lower::{matcher_for, Phase};
use crate::gjc::tool_name;
use crate::Output;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Handler, Hook, Location};

/// Extensions GJC's Claude provider strips to get the tool name (`claude-hooks.ts`).
pub const CLAUDE_EXTENSIONS: &[&str] = &["sh", "bash", "zsh", "fish", "ts", "js"];

/// The tool of a Claude file: the name minus one of [`CLAUDE_EXTENSIONS`] (else the whole name).
pub fn claude_tool(name: &str) -> &str {
    CLAUDE_EXTENSIONS
        .iter()
        .find_map(|ext| name.strip_suffix(ext)?.strip_suffix('.'))
        .unwrap_or(name)
}

/// The phase and tool of a Codex file named `pre-<tool>.ts|js` / `post-<tool>.ts|js`.
pub fn codex_name(name: &str) -> Option<(Phase, &str)> {
    let stem = name
        .strip_suffix(".ts")
        .or_else(|| name.strip_suffix(".js"))?;
    let (phase, tool) = if let Some(t) = stem.strip_prefix("pre-") {
        (Phase::Pre, t)
    } else {
        (Phase::Post, stem.strip_prefix("post-")?)
    };
    (!tool.is_empty()).then_some((phase, tool))
}

/// Lowers one file filed for `phase` with tool `tool`.
pub fn lower_file(
    m: &ModuleFile,
    convention: Convention,
    phase: Phase,
    tool: &str,
    out: &mut Output,
) -> Option<Hook> {
    if let Err(why) = tool_name::validate(tool) {
        out.diag(
            Diagnostic::new(
                Code::InvalidToolMatcher,
                format!("the tool name {} (from the file name) {why}", quote(tool)),
            )
            .with_convention(convention)
            .at(Location::path_only(m.display.clone())),
        );
        return None;
    }
    Some(Hook {
        id: format!("{convention}:{}", m.display),
        kind: phase.kind(),
        convention,
        source_event: phase.dir().to_string(),
        matcher: matcher_for(tool),
        handler: Handler::Module {
            path: m.display.clone(),
        },
        timeout_ms: None,
        location: Location::path_only(m.display.clone()),
        detail: Detail::Module {
            real_path: m.real_path.to_string_lossy().into_owned(),
            in_process_event: phase.event().to_string(),
            tool: Some(tool.to_string()),
            plugin: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_strips_one_known_extension() {
        assert_eq!(claude_tool("bash.sh"), "bash");
        assert_eq!(claude_tool("Edit.ts"), "Edit");
        assert_eq!(claude_tool("x.py"), "x.py");
        assert_eq!(claude_tool("a.js.sh"), "a.js");
    }

    #[test]
    fn codex_names_follow_pre_tool_ts_js() {
        assert_eq!(codex_name("pre-bash.ts"), Some((Phase::Pre, "bash")));
        assert_eq!(codex_name("post-Edit.js"), Some((Phase::Post, "Edit")));
        for bad in [
            "bash.ts",
            "pre-.ts",
            "pre-bash.sh",
            "prebash.ts",
            "Pre-bash.ts",
        ] {
            assert_eq!(codex_name(bad), None, "{bad}");
        }
    }
}
