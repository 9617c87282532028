//! Codex's hook trust, as a scenario sets it up in `$CODEX_HOME/config.toml`: each non-managed
//! hook runs only when `[hooks.state."<hooks.json>:<event>:<group>:<handler>"]` holds the
//! `trusted_hash` of its current identity, and a project's `.codex/hooks.json` only when the
//! project is trusted (issue 11, item 5). The hash is SHA-256 over the compact, key-sorted JSON
//! of `{event_name, matcher?, hooks: [{async, command, timeout, type}]}` with Codex's defaults
//! filled in (timeout 600, async false) — the identity codex-rs hashes; the `trusted` scenarios
//! prove it: with a wrong hash their hooks would not run.

use crate::scenario::{Layer, Scenario, Trust};
use crate::{Error, Result};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::Path;

/// Codex's default hook timeout in seconds, filled into the identity when a hook sets none.
const DEFAULT_TIMEOUT_SECS: u64 = 600;

/// `PreToolUse` → `pre_tool_use`.
pub fn snake_event(event: &str) -> String {
    let mut s = String::new();
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

/// `sha256:<hex>` of one handler's identity.
pub fn hook_hash(event: &str, matcher: Option<&str>, handler: &Value) -> String {
    let mut identity = json!({
        "event_name": snake_event(event),
        "hooks": [{
            "async": handler.get("async").and_then(Value::as_bool).unwrap_or(false),
            "command": handler.get("command").cloned().unwrap_or(Value::Null),
            "timeout": handler.get("timeout").and_then(Value::as_u64).unwrap_or(DEFAULT_TIMEOUT_SECS),
            "type": handler.get("type").cloned().unwrap_or(Value::Null),
        }],
    });
    if let Some(m) = matcher {
        identity["matcher"] = json!(m);
    }
    let canonical = canonical(&identity).to_string();
    let digest = Sha256::digest(canonical.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// `v` with every object's keys sorted (serde_json keeps insertion order in this workspace).
fn canonical(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<_> = m.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), canonical(&m[k])))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// `(key, hash)` of every handler of a `hooks.json` text at `hooks_file`.
pub fn entries(config: &str, hooks_file: &Path) -> Result<Vec<(String, String)>> {
    let v: Value = serde_json::from_str(config)?;
    let mut out = Vec::new();
    let Some(events) = v["hooks"].as_object() else {
        return Err(Error::msg("the config has no `hooks` object"));
    };
    for (event, groups) in events {
        for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
            let matcher = group.get("matcher").and_then(Value::as_str);
            for (h, handler) in group["hooks"].as_array().into_iter().flatten().enumerate() {
                out.push((
                    format!("{}:{}:{g}:{h}", hooks_file.display(), snake_event(event)),
                    hook_hash(event, matcher, handler),
                ));
            }
        }
    }
    Ok(out)
}

/// The `config.toml` text for the scenario's trust (after the provider tables).
pub fn state(s: &Scenario, root: &Path, hooks_file: &Path) -> Result<String> {
    let basis = s.trusted_config.as_deref().unwrap_or(&s.config);
    state_of(s.trust, s.layer, basis, root, hooks_file)
}

/// The `config.toml` trust text for `trust` of hooks in `layer`, the hashes computed for
/// `basis` (a config text with `@NAME@` placeholders or `<ROOT>` paths), under run root `root`.
pub fn state_of(
    trust: Trust,
    layer: Layer,
    basis: &str,
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
        let basis = crate::record::expand(basis, &root.join("hooks")).replace(
            "<ROOT>",
            &crate::record::json_inner(&root.display().to_string()),
        );
        for (key, hash) in entries(&basis, hooks_file)? {
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
    fn events_are_snake_cased_as_codex_keys_them() {
        assert_eq!(snake_event("PreToolUse"), "pre_tool_use");
        assert_eq!(snake_event("SessionEnd"), "session_end");
        assert_eq!(snake_event("Stop"), "stop");
    }

    #[test]
    fn the_hash_covers_command_timeout_and_matcher_but_not_formatting() {
        let h = json!({"type": "command", "command": "x"});
        let a = hook_hash("PreToolUse", Some("Bash"), &h);
        assert!(a.starts_with("sha256:") && a.len() == 7 + 64);
        assert_eq!(
            a,
            hook_hash(
                "PreToolUse",
                Some("Bash"),
                &json!({"command": "x", "type": "command"})
            )
        );
        assert_eq!(
            a,
            hook_hash(
                "PreToolUse",
                Some("Bash"),
                &json!({"type": "command", "command": "x", "timeout": 600})
            )
        );
        assert_ne!(
            a,
            hook_hash(
                "PreToolUse",
                Some("Bash"),
                &json!({"type": "command", "command": "y"})
            )
        );
        assert_ne!(a, hook_hash("PreToolUse", None, &h));
        assert_ne!(
            a,
            hook_hash(
                "PreToolUse",
                Some("Bash"),
                &json!({"type": "command", "command": "x", "timeout": 5})
            )
        );
    }
}
