//! Qwen Code (`@qwen-code/qwen-code`), its Node.js bundle (`cli-entry.js`), with the
//! OpenAI-compatible auth in its user settings.

use super::chat::chat_items_but;
use super::{Driver, Facts, CHAT_MODEL};
use crate::scenario::Scenario;
use crate::server::{chat::Chat, Api};
use crate::{Error, Result};
use hook_ir::Convention;
use serde_json::Value;
use std::path::Path;

/// Qwen Code's facts.
static FACTS: Facts = Facts {
    id: "qwen",
    convention: Convention::QwenSettings,
    package: "@qwen-code/qwen-code",
    binary: ".bin/qwen",
    project_config: "project/.qwen/settings.json",
    user_config: "home/.qwen/settings.json",
    bridge_project_config: None,
};

/// Qwen Code's driver.
pub(super) struct Qwen;

impl Driver for Qwen {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn api(&self) -> Box<dyn Api> {
        Box::new(Chat)
    }

    /// The positional prompt (`-p` is deprecated in 0.24.4); `yolo`: the scripted shell call
    /// runs without a prompt; the OpenAI-compatible auth with the model of `env`.
    fn args(&self, s: &Scenario) -> Vec<String> {
        [
            &s.prompt,
            "--approval-mode",
            "yolo",
            "--auth-type",
            "openai",
            "-m",
            CHAT_MODEL,
            "--output-format",
            "json",
        ]
        .map(String::from)
        .to_vec()
    }

    fn env(&self, root: &Path, model_url: &str, env: &mut Vec<(String, String)>) {
        let url = format!("{model_url}/v1");
        for (k, v) in [
            ("OPENAI_BASE_URL", url.as_str()),
            ("OPENAI_API_KEY", "sk-conformance-dummy"),
            ("OPENAI_MODEL", CHAT_MODEL),
        ] {
            env.push((k.into(), v.into()));
        }
        // Node's compile cache and Qwen's scratch files stay in the run's root.
        env.push(("TMPDIR".into(), root.join("tmp").display().to_string()));
    }

    fn setup(
        &self,
        root: &Path,
        _s: &Scenario,
        _model_url: &str,
        _hooks_file: &Path,
    ) -> Result<()> {
        std::fs::create_dir_all(root.join("tmp"))?;
        qwen_user_settings(root)
    }

    fn items(&self, body: &Value) -> (usize, Vec<Vec<String>>) {
        chat_items_but(body, qwen_boilerplate)
    }
}

/// Qwen Code's own texts in user messages: `<system-reminder>` blocks (the skill list) that carry
/// no hook's `TOK_*` marker.
fn qwen_boilerplate(text: &str) -> bool {
    text.trim_start().starts_with("<system-reminder>") && !text.contains("TOK_")
}

/// Qwen Code's user settings: the OpenAI auth, no usage statistics, no update check (nothing to
/// send off loopback), merged into whatever the scenario wrote there (its config or `files`).
fn qwen_user_settings(root: &Path) -> Result<()> {
    let ours = serde_json::json!({
        "security": {"auth": {"selectedType": "openai"}},
        "privacy": {"usageStatisticsEnabled": false},
        "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
    });
    let user = root.join("home/.qwen/settings.json");
    // A scenario's own user settings (`files`: folder trust on) keep their keys: ours go in deep.
    let mut settings = match std::fs::read_to_string(&user) {
        Ok(t) => serde_json::from_str::<Value>(&t)
            .map_err(|e| Error::msg(format!("the Qwen user settings: {e}")))?,
        Err(_) => serde_json::json!({}),
    };
    deep_merge(&mut settings, &ours);
    if let Some(dir) = user.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&user, serde_json::to_string_pretty(&settings)?)?;
    Ok(())
}

/// `ours` merged into `into`, object by object (`ours` wins on anything else).
fn deep_merge(into: &mut Value, ours: &Value) {
    match (into, ours) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                deep_merge(a.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Agent;
    use serde_json::json;

    #[test]
    fn qwen_skill_reminders_are_left_out_of_what_the_model_was_told() {
        let body = json!({"messages": [
            {"role": "system", "content": "You are Qwen Code."},
            {"role": "user", "content": [
                {"type": "text", "text": "<system-reminder>\nskills: batch…\n</system-reminder>"},
                {"type": "text", "text": "please run TOK_prompt"}]},
            {"role": "user", "content": "<system-reminder>TOK_hook_context</system-reminder>"}]});
        assert_eq!(
            Agent::Qwen.told(std::slice::from_ref(&body)),
            vec![vec![
                "please run TOK_prompt".to_string(),
                "<system-reminder>TOK_hook_context</system-reminder>".to_string()
            ]]
        );
        // Copilot CLI and Cline keep every user text.
        assert_eq!(Agent::Cline.told(&[body])[0].len(), 2);
    }

    #[test]
    fn qwen_user_settings_keep_the_scenario_keys_next_to_ours() {
        let root = tempfile::tempdir().unwrap();
        let user = root.path().join("home/.qwen/settings.json");
        std::fs::create_dir_all(user.parent().unwrap()).unwrap();
        std::fs::write(
            &user,
            r#"{"security": {"folderTrust": {"enabled": true}}, "hooks": {}}"#,
        )
        .unwrap();
        qwen_user_settings(root.path()).unwrap();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&user).unwrap()).unwrap();
        assert_eq!(v["security"]["folderTrust"]["enabled"], true);
        assert_eq!(v["security"]["auth"]["selectedType"], "openai");
        assert_eq!(v["hooks"], json!({}));
        assert_eq!(v["privacy"]["usageStatisticsEnabled"], false);
    }
}
