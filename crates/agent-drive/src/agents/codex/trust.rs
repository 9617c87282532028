//! Codex's hook trust, as a scenario sets it up in `$CODEX_HOME/config.toml`: each non-managed
//! hook runs only when `[hooks.state."<hooks.json>:<event>:<group>:<handler>"]` holds the
//! `trusted_hash` of its current identity, and a project's `.codex/hooks.json` only when the
//! project is trusted (issue 11, item 5). Keys and hashes come from the project's own model of
//! Codex trust (`adapters::codex_json::trust`, pinned against `codex app-server`'s `hooks/list`
//! answers), so the recorder trusts exactly what `hooks lint` would call trusted; the `trusted`
//! scenarios prove it live: with a wrong hash their hooks would not run.

use crate::scenario::{Layer, Scenario, Trust};
use crate::{Error, Result};
use adapters::codex_json::trust as codex_trust;
use std::path::Path;

/// `(key, hash)` of every handler of a `hooks.json` text at `hooks_file`.
pub fn entries(config: &str, hooks_file: &Path) -> Result<Vec<(String, String)>> {
    let root = adapters::json_span::parse(config)
        .map_err(|e| Error::msg(format!("the config is not JSON: {}", e.message)))?;
    if root.get("hooks").is_none() {
        return Err(Error::msg("the config has no `hooks` object"));
    }
    Ok(codex_trust::entries(hooks_file, &root)
        .into_iter()
        .map(|e| (e.key, e.hash))
        .collect())
}

/// The `config.toml` text for the scenario's trust (after the provider tables).
/// In a bridge scenario the hooks trusted are the entries `hooks bridge install` wrote, as a
/// user accepts them when Codex asks.
pub fn state(s: &Scenario, root: &Path, hooks_file: &Path) -> Result<String> {
    let installed;
    let basis = if s.bridge {
        installed = std::fs::read_to_string(hooks_file)?;
        &installed
    } else {
        s.trusted_config.as_deref().unwrap_or(&s.config)
    };
    state_of(
        s.trust,
        s.layer,
        basis,
        &s.codex_config_hooks,
        root,
        hooks_file,
    )
}

/// The `config.toml` trust text for `trust` of hooks in `layer`, the hashes computed for
/// `basis` (a config text with `@NAME@` placeholders or `<ROOT>` paths) and for the hooks
/// inlined in `$CODEX_HOME/config.toml` (`toml_hooks`, the same placeholders; keyed by that
/// file, as Codex 0.171.0 keys them: `config_toml_source_path` in
/// `codex-rs/hooks/src/engine/discovery.rs`), under run root `root`.
pub fn state_of(
    trust: Trust,
    layer: Layer,
    basis: &str,
    toml_hooks: &str,
    root: &Path,
    hooks_file: &Path,
) -> Result<String> {
    let project = root.join("project");
    let mut t = String::new();
    let trust_project = match trust {
        Trust::Bypass | Trust::Trusted => true,
        Trust::Untrusted | Trust::UntrustedProject => false,
    };
    if trust_project && layer == Layer::Project {
        t.push_str(&format!(
            "\n[projects.{}]\ntrust_level = \"trusted\"\n",
            toml_str(&project.display().to_string())
        ));
    }
    if matches!(trust, Trust::Trusted | Trust::UntrustedProject) {
        let expand = |text: &str| {
            crate::expand::expand(text, &root.join("hooks")).replace(
                "<ROOT>",
                &crate::expand::json_inner(&root.display().to_string()),
            )
        };
        let basis = expand(basis);
        let mut all = entries(&basis, hooks_file)?;
        if !toml_hooks.is_empty() {
            let config = root.join("home/.codex/config.toml");
            let tree = adapters::codex_json::parse_source(&config, &expand(toml_hooks))
                .ok_or_else(|| Error::msg("`codex_config_hooks` holds no valid hooks"))?;
            all.extend(
                codex_trust::entries(&config, &tree)
                    .into_iter()
                    .map(|e| (e.key, e.hash)),
            );
        }
        for (key, hash) in all {
            t.push_str(&format!(
                "\n[hooks.state.{}]\ntrusted_hash = {}\n",
                toml_str(&key),
                toml_str(&hash)
            ));
        }
    }
    Ok(t)
}

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_key_every_handler_by_file_event_group_and_index() {
        let config = r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": "a"}, {"type": "command", "command": "b"}]}],
            "SessionEnd": [{"hooks": [{"type": "command", "command": "c"}]}]}}"#;
        let got = entries(config, Path::new("/p/.codex/hooks.json")).unwrap();
        let keys: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "/p/.codex/hooks.json:pre_tool_use:0:0",
                "/p/.codex/hooks.json:pre_tool_use:0:1",
                "/p/.codex/hooks.json:session_end:0:0"
            ]
        );
        assert!(got
            .iter()
            .all(|(_, h)| h.starts_with("sha256:") && h.len() == 71));
        assert!(entries("{}", Path::new("/p/h.json")).is_err());
    }
}
