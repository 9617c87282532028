//! Gemini CLI's folder trust, as far as it gates hooks: in a folder that is not trusted,
//! Gemini registers none of the settings' hooks — user-level ones included, because the merged
//! settings' hooks are all registered as project hooks (`hookRegistry.ts`,
//! `processHooksFromConfig`); only extensions' hooks run.
//!
//! Whether a folder is trusted (Gemini CLI 0.61.0, `trustedFolders.ts` `checkPathTrust` and
//! `config.ts` `isTrustedFolder`): `GEMINI_RESTRICTED_MODE=true` or
//! `GEMINI_CLI_TRUST_WORKSPACE=false` → no; `GEMINI_CLI_TRUST_WORKSPACE=true` → yes; folder trust
//! switched off (`security.folderTrust.enabled: false`, default true) → yes; else the longest
//! rule of `~/.gemini/trustedFolders.json` (`$GEMINI_CLI_TRUSTED_FOLDERS_PATH`) whose folder
//! holds the project — `TRUST_FOLDER` its own path, `TRUST_PARENT` its parent — decides, and
//! `DO_NOT_TRUST` or no rule at all means no.

use super::flavor::Flavor;
use crate::read_limit::{read_bounded, MAX_CONFIG_BYTES};
use crate::Context;
use std::path::{Component, Path, PathBuf};

/// Why the project is not trusted, or `None` when it is.
pub(crate) fn untrusted(ctx: &Context, fl: &Flavor, folder_trust: Option<bool>) -> Option<String> {
    let project = ctx.project.as_deref()?;
    // Gemini's variables; Qwen Code has no such override.
    if ctx.apply_env_overrides && fl.extensions {
        if ctx.var("GEMINI_RESTRICTED_MODE") == Some("true") {
            return Some("`GEMINI_RESTRICTED_MODE=true` is set".into());
        }
        match ctx.var("GEMINI_CLI_TRUST_WORKSPACE") {
            Some("false") => return Some("`GEMINI_CLI_TRUST_WORKSPACE=false` is set".into()),
            Some("true") => return None,
            _ => {}
        }
    }
    if !folder_trust.unwrap_or(fl.folder_trust_default) {
        return None;
    }
    let file = ctx
        .apply_env_overrides
        .then(|| ctx.var(fl.trusted_folders_env).map(PathBuf::from))
        .flatten()
        .or_else(|| super::discover::user_dir(ctx, fl).map(|d| d.join("trustedFolders.json")))?;
    let rules = if crate::run_cache::absent(ctx, &file) {
        Vec::new()
    } else {
        read_rules(&file)
    };
    let location = real(project);
    let mut best: Option<(usize, &str)> = None;
    for (rule, level) in &rules {
        let folder = if level == "TRUST_PARENT" {
            Path::new(rule)
                .parent()
                .unwrap_or(Path::new(rule))
                .to_path_buf()
        } else {
            PathBuf::from(rule)
        };
        if location.starts_with(real(&folder)) && best.is_none_or(|(len, _)| rule.len() > len) {
            best = Some((rule.len(), level.as_str()));
        }
    }
    let shown = ctx.display(&file);
    match best {
        Some((_, "TRUST_FOLDER" | "TRUST_PARENT")) => None,
        Some(_) => Some(format!("`{shown}` says DO_NOT_TRUST for it")),
        None => Some(format!("no rule of `{shown}` trusts it")),
    }
}

/// The `path → level` rules of a trusted-folders file (comments allowed, as Gemini strips them).
fn read_rules(file: &Path) -> Vec<(String, String)> {
    let Some(text) = read_bounded(file, MAX_CONFIG_BYTES)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
    else {
        return Vec::new();
    };
    let options = jsonc_parser::ParseOptions {
        allow_comments: true,
        ..crate::json_span::strict_options()
    };
    let Ok(Some(serde_json::Value::Object(m))) =
        jsonc_parser::parse_to_serde_value::<Option<serde_json::Value>>(&text, &options)
    else {
        return Vec::new();
    };
    m.into_iter()
        .filter_map(|(k, v)| Some((k, v.as_str()?.to_string())))
        .collect()
}

/// The real path when it exists (Gemini compares real paths), else the path made absolute and
/// normalized.
fn real(p: &Path) -> PathBuf {
    if let Ok(r) = std::fs::canonicalize(p) {
        return r;
    }
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(dir: &Path, env: &[(&str, &str)]) -> Context {
        Context {
            project: Some(dir.join("work/repo")),
            home: Some(dir.join("home")),
            env: env
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            apply_env_overrides: true,
            cwd: None,
            run_cache: None,
        }
    }

    #[test]
    fn follows_check_path_trust() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("work/repo")).unwrap();
        std::fs::create_dir_all(d.path().join("home/.gemini")).unwrap();
        let file = d.path().join("home/.gemini/trustedFolders.json");
        let c = ctx(d.path(), &[]);
        assert!(untrusted(&c, &crate::gemini_settings::flavor::GEMINI, None)
            .unwrap()
            .contains("no rule"));
        assert_eq!(
            untrusted(&c, &crate::gemini_settings::flavor::GEMINI, Some(false)),
            None
        );
        assert_eq!(
            untrusted(
                &ctx(d.path(), &[("GEMINI_CLI_TRUST_WORKSPACE", "true")]),
                &crate::gemini_settings::flavor::GEMINI,
                None
            ),
            None
        );
        let work = d.path().join("work").display().to_string();
        let repo = d.path().join("work/repo").display().to_string();
        // TRUST_PARENT on a sibling trusts its parent, hence the repo.
        std::fs::write(
            &file,
            format!("// mine\n{{\"{work}/other\": \"TRUST_PARENT\"}}"),
        )
        .unwrap();
        assert_eq!(
            untrusted(&c, &crate::gemini_settings::flavor::GEMINI, None),
            None
        );
        // The longest rule wins.
        std::fs::write(
            &file,
            format!("{{\"{work}\": \"TRUST_FOLDER\", \"{repo}\": \"DO_NOT_TRUST\"}}"),
        )
        .unwrap();
        assert!(untrusted(&c, &crate::gemini_settings::flavor::GEMINI, None)
            .unwrap()
            .contains("DO_NOT_TRUST"));
        assert!(untrusted(
            &ctx(d.path(), &[("GEMINI_CLI_TRUST_WORKSPACE", "false")]),
            &crate::gemini_settings::flavor::GEMINI,
            Some(false)
        )
        .is_some());
    }
}
