//! Scenario texts under a run root: `@NAME@` is the path of generated script NAME, `<LOGS>` the
//! log directory (both escaped as inside a JSON string).

use std::path::Path;

/// `config` with every `@NAME@` replaced by the path of script NAME in `hooks_dir`.
pub fn expand(config: &str, hooks_dir: &Path) -> String {
    let re = regex::Regex::new(r"@([a-z0-9_]+)@").expect("a valid regex");
    re.replace_all(config, |c: &regex::Captures| {
        // The path goes into a JSON string: escape it as JSON would.
        json_inner(&hooks_dir.join(&c[1]).display().to_string())
    })
    .into_owned()
}

/// `s` escaped as inside a JSON string (without the quotes).
pub fn json_inner(s: &str) -> String {
    let quoted = serde_json::to_string(s).unwrap_or_default();
    quoted[1..quoted.len() - 1].to_string()
}

/// A scenario file's text under run root `root`: `<LOGS>` is the log directory, `<ROOT>` the run's
/// root (Qwen Code's `trustedFolders.json` names the project), `@NAME@` the path of script NAME
/// (all escaped as in a JSON string, which JavaScript and TOML strings read alike).
pub fn expand_file(text: &str, root: &Path) -> String {
    let logs = json_inner(&root.join("logs").display().to_string());
    let run_root = json_inner(&root.display().to_string());
    expand(
        &text.replace("<LOGS>", &logs).replace("<ROOT>", &run_root),
        &root.join("hooks"),
    )
}
