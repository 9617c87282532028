//! Copilot CLI's folder trust: in a headless (prompt-mode) run, the repository's hooks
//! (`.github/hooks/*.json`, the inline `hooks` of `.github/copilot/settings*.json`, the Claude
//! settings it reads) load only when `COPILOT_ALLOW_ALL` or
//! `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS` is exactly `"true"`, or the project is among the
//! trusted folders of `$COPILOT_HOME/config.json` (`trusted_folders`, which 1.0.102 rewrites as
//! `trustedFolders` under a `//` comment header). The `--allow-all` flag does not trust; user
//! hooks load either way. Source: `@github/copilot` 1.0.102 `cli-main.js` line 2125 and trace
//! `copilot_untrusted_project` (`conformance/notes/copilot.md`, "Folder trust").

use super::discover::user_dir;
use crate::Context;
use std::path::Path;

/// The variables whose value `"true"` loads repository hooks without trust.
pub const OPT_IN_VARS: [&str; 2] = ["COPILOT_ALLOW_ALL", "GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS"];

/// The keys of `config.json` listing trusted folders (the one written, the one 1.0.102 keeps).
pub const TRUSTED_KEYS: [&str; 2] = ["trusted_folders", "trustedFolders"];

/// Whether Copilot CLI loads `project`'s repository hooks in a headless run: an opt-in
/// variable is `"true"`, or a trusted folder of `config.json` is `project` (compared as
/// written and canonicalized). A missing or unreadable `config.json` trusts nothing.
pub fn repo_hooks_trusted(ctx: &Context, project: &Path) -> bool {
    if OPT_IN_VARS.iter().any(|v| ctx.var(v) == Some("true")) {
        return true;
    }
    let Some(dir) = user_dir(ctx) else {
        return false;
    };
    let Ok(text) = std::fs::read_to_string(dir.join("config.json")) else {
        return false;
    };
    // The header 1.0.102 writes (`// This file is managed automatically.`) is not JSON.
    let json: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&json) else {
        return false;
    };
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let project = canonical(project);
    TRUSTED_KEYS
        .iter()
        .filter_map(|k| v.get(*k).and_then(serde_json::Value::as_array))
        .flatten()
        .filter_map(serde_json::Value::as_str)
        .any(|f| canonical(Path::new(f)) == project)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn ctx(home: &Path, env: &[(&str, &str)]) -> Context {
        Context {
            project: None,
            home: Some(home.to_path_buf()),
            env: env
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>(),
            apply_env_overrides: true,
            cwd: None,
            run_cache: None,
        }
    }

    #[test]
    fn a_project_is_trusted_by_config_json_or_an_opt_in_variable() {
        let d = tempfile::tempdir().unwrap();
        let (home, project) = (d.path().join("home"), d.path().join("project"));
        std::fs::create_dir_all(home.join(".copilot")).unwrap();
        std::fs::create_dir_all(&project).unwrap();
        let c = ctx(&home, &[]);
        assert!(!repo_hooks_trusted(&c, &project), "no config.json");
        let config = home.join(".copilot/config.json");
        // What the recorder writes, and what 1.0.102 rewrites it to.
        std::fs::write(&config, r#"{"trusted_folders": []}"#).unwrap();
        assert!(
            !repo_hooks_trusted(&c, &project),
            "copilot_untrusted_project"
        );
        let listed = serde_json::json!({ "trusted_folders": [project] }).to_string();
        std::fs::write(&config, listed).unwrap();
        assert!(repo_hooks_trusted(&c, &project));
        let rewritten = format!(
            "// This file is managed automatically.\n{}",
            serde_json::json!({ "trustedFolders": [project] })
        );
        std::fs::write(&config, rewritten).unwrap();
        assert!(repo_hooks_trusted(&c, &project));
        assert!(!repo_hooks_trusted(&c, &d.path().join("elsewhere")));
        std::fs::write(&config, "{").unwrap();
        assert!(
            !repo_hooks_trusted(&c, &project),
            "unreadable: trusts nothing"
        );
        for var in OPT_IN_VARS {
            assert!(repo_hooks_trusted(&ctx(&home, &[(var, "true")]), &project));
            assert!(!repo_hooks_trusted(&ctx(&home, &[(var, "1")]), &project));
        }
    }
}
