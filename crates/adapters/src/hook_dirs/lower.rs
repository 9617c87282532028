//! Lowering Claude and Codex directory files into IR hooks (import-only sources).

use crate::modules::entries::ModuleFile;
use crate::modules::lower::{file_tool_ok, module_hook, Phase};
use crate::Output;
use hook_ir::{Convention, Hook};

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
    if !file_tool_ok(m, tool, convention, "", out) {
        return None;
    }
    Some(module_hook(
        m,
        convention,
        format!("{convention}:{}", m.display),
        phase.kind(),
        phase.dir(),
        phase.event(),
        Some(tool),
    ))
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
