//! The agents under test: where their pinned builds live, how each is configured and started,
//! and how to read what its model was told from the requests it sent.

use crate::scenario::{Layer, Scenario};
use crate::server::{anthropic::Anthropic, chat::Chat, gemini::Gemini, openai::OpenAi, Api};
use crate::{Error, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// An agent the suite drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Agent {
    /// Claude Code (`@anthropic-ai/claude-code`).
    Claude,
    /// Codex (`@openai/codex`).
    Codex,
    /// Gemini CLI (`@google/gemini-cli`).
    Gemini,
    /// GitHub Copilot CLI (`@github/copilot`).
    Copilot,
    /// Qwen Code (`@qwen-code/qwen-code`).
    Qwen,
    /// Cline CLI (`cline`): convention `cline-dir`, replayed.
    Cline,
}

impl Agent {
    /// Every replayed agent, in trace order: its traces are in `conformance/traces/`, CI
    /// re-records them, `docs/conformance.md` lists them.
    pub const ALL: [Agent; 6] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Gemini,
        Agent::Qwen,
        Agent::Copilot,
        Agent::Cline,
    ];

    /// Agents recorded but not replayed: none now (every recorded agent's convention is
    /// replayed). Their traces would go to `conformance/traces-pending/`, and `record` would
    /// run them only when asked by name, never in CI's `--check`.
    pub const PENDING: [Agent; 0] = [];

    /// Whether it is one of [`Agent::PENDING`].
    pub fn pending(self) -> bool {
        Agent::PENDING.contains(&self)
    }

    /// Its id in scenarios and trace paths.
    pub fn id(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
            Agent::Copilot => "copilot",
            Agent::Qwen => "qwen",
            Agent::Cline => "cline",
        }
    }

    /// The agent with this id (replayed or pending).
    pub fn parse(s: &str) -> Option<Agent> {
        Agent::ALL
            .into_iter()
            .chain(Agent::PENDING)
            .find(|a| a.id() == s)
    }

    /// The convention of its hook config (how the bridge reads its payloads and answers it);
    /// `None` for a pending agent.
    pub fn convention(self) -> Option<hook_ir::Convention> {
        match self {
            Agent::Claude => Some(hook_ir::Convention::ClaudeSettings),
            Agent::Codex => Some(hook_ir::Convention::CodexJson),
            Agent::Gemini => Some(hook_ir::Convention::GeminiSettings),
            Agent::Qwen => Some(hook_ir::Convention::QwenSettings),
            Agent::Copilot => Some(hook_ir::Convention::CopilotHooks),
            Agent::Cline => Some(hook_ir::Convention::ClineDir),
        }
    }

    /// Its npm package (the one `conformance/package.json` pins).
    pub fn package(self) -> &'static str {
        match self {
            Agent::Claude => "@anthropic-ai/claude-code",
            Agent::Codex => "@openai/codex",
            Agent::Gemini => "@google/gemini-cli",
            Agent::Copilot => "@github/copilot",
            Agent::Qwen => "@qwen-code/qwen-code",
            Agent::Cline => "cline",
        }
    }

    /// Its native binary inside `conformance/node_modules` (run directly: Claude Code's Node
    /// wrapper wants Node ≥ 22, and neither wrapper adds anything the suite needs).
    pub fn binary(self, repo: &Path) -> PathBuf {
        let nm = repo.join("conformance/node_modules");
        match self {
            Agent::Claude => nm.join("@anthropic-ai/claude-code-linux-x64/claude"),
            Agent::Codex => {
                nm.join("@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex")
            }
            // A Node.js bundle (`#!/usr/bin/env node`); npm links it executable.
            Agent::Gemini => nm.join(".bin/gemini"),
            // The platform package's executable (Node.js and the bundle in one file; the
            // `@github/copilot` loader only picks it); it unpacks its bundle into
            // `$XDG_CACHE_HOME` or `~/.cache/copilot/pkg/` at first start.
            Agent::Copilot => nm.join("@github/copilot-linux-x64/copilot"),
            // A Node.js bundle (`cli-entry.js`, `#!/usr/bin/env node`).
            Agent::Qwen => nm.join(".bin/qwen"),
            // The platform package's executable (Bun and the bundle in one file); the `cline`
            // Node.js wrapper only picks it.
            Agent::Cline => nm.join("@cline/cli-linux-x64/bin/cline"),
        }
    }

    /// The pinned version, read from `conformance/package.json` (the one file naming them).
    pub fn pinned_version(self, repo: &Path) -> Result<String> {
        pinned_version(repo, self.package())
    }

    /// The wire API of its model.
    pub fn api(self) -> Box<dyn Api> {
        match self {
            Agent::Claude => Box::new(Anthropic),
            Agent::Codex => Box::new(OpenAi),
            Agent::Gemini => Box::new(Gemini),
            Agent::Copilot | Agent::Qwen | Agent::Cline => Box::new(Chat),
        }
    }

    /// Where the scenario's config file goes, relative to the run's root (`home/`, `project/`).
    pub fn config_path(self, layer: Layer) -> &'static str {
        match (self, layer) {
            (Agent::Claude, Layer::Project) => "project/.claude/settings.json",
            (Agent::Claude, Layer::User) => "home/.claude/settings.json",
            (Agent::Codex, Layer::Project) => "project/.codex/hooks.json",
            (Agent::Codex, Layer::User) => "home/.codex/hooks.json",
            (Agent::Gemini, Layer::Project) => "project/.gemini/settings.json",
            (Agent::Gemini, Layer::User) => "home/.gemini/settings.json",
            // Every `*.json` of the repository's `.github/hooks/`, and of `$COPILOT_HOME/hooks/`.
            (Agent::Copilot, Layer::Project) => "project/.github/hooks/conformance.json",
            (Agent::Copilot, Layer::User) => "home/.copilot/hooks/conformance.json",
            (Agent::Qwen, Layer::Project) => "project/.qwen/settings.json",
            (Agent::Qwen, Layer::User) => "home/.qwen/settings.json",
            // A directory of executables named after their event: the config is the
            // `PreToolUse` one (other events' files come in the scenario's `files`).
            (Agent::Cline, Layer::Project) => "project/.clinerules/hooks/PreToolUse",
            (Agent::Cline, Layer::User) => "home/.cline/hooks/PreToolUse",
        }
    }

    /// Where `hooks bridge install --host <its convention>` writes the entries of a bridge
    /// scenario (the host adapter's project file): the config path, but for Copilot CLI its
    /// `.github/hooks/hooks.json` (the scenario's `conformance.json` is for hand-written configs).
    pub fn bridge_config_path(self, layer: Layer) -> &'static str {
        match (self, layer) {
            (Agent::Copilot, Layer::Project) => "project/.github/hooks/hooks.json",
            // `hooks bridge install --host cline-dir` writes Cline's current project folder.
            (Agent::Cline, Layer::Project) => "project/.cline/hooks/PreToolUse",
            _ => self.config_path(layer),
        }
    }

    /// The command line after the binary.
    pub fn args(self, s: &Scenario) -> Vec<String> {
        let mut a: Vec<String> = match self {
            Agent::Claude => [
                "-p",
                &s.prompt,
                "--output-format",
                "stream-json",
                "--verbose",
                "--include-hook-events",
                "--allowedTools",
                "Bash",
            ]
            .map(String::from)
            .to_vec(),
            Agent::Codex => {
                let mut a: Vec<String> = [
                    "exec",
                    "--json",
                    "--skip-git-repo-check",
                    "-s",
                    "danger-full-access",
                ]
                .map(String::from)
                .to_vec();
                // Else Codex tries remote hosts at start.
                for f in [
                    "plugins",
                    "remote_plugin",
                    "apps",
                    "in_app_updates",
                    "plugin_sharing",
                ] {
                    a.push("--disable".into());
                    a.push(f.into());
                }
                if s.trust == crate::scenario::Trust::Bypass {
                    a.push("--dangerously-bypass-hook-trust".into());
                }
                a.push(s.prompt.clone());
                a
            }
            // An explicit model: with the default `auto`, a router call to another model
            // comes first. `yolo`: the scripted shell call runs without a prompt.
            Agent::Gemini => [
                "-p",
                &s.prompt,
                "--approval-mode",
                "yolo",
                "-m",
                GEMINI_MODEL,
            ]
            .map(String::from)
            .to_vec(),
            // `--allow-all`: the scripted shell call runs without a prompt (print mode cannot
            // ask); JSONL output for `shown`; nothing that would reach the network.
            Agent::Copilot => [
                "-p",
                &s.prompt,
                "--allow-all",
                "--no-ask-user",
                "--no-auto-update",
                "--disable-client-telemetry",
                "--disable-builtin-mcps",
                "--output-format",
                "json",
            ]
            .map(String::from)
            .to_vec(),
            // The positional prompt (`-p` is deprecated in 0.24.4); `yolo`: the scripted shell
            // call runs without a prompt; the OpenAI-compatible auth with the model of `env`.
            Agent::Qwen => [
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
            .to_vec(),
            // The provider and model `cline auth` stored in `setup`; act mode, every tool
            // approved; JSON lines on stdout.
            Agent::Cline => ["--auto-approve", "true", "--json", &s.prompt]
                .map(String::from)
                .to_vec(),
        };
        a.shrink_to_fit();
        a
    }

    /// The whole environment of the agent (nothing is inherited).
    pub fn env(self, root: &Path, model_url: &str) -> Vec<(String, String)> {
        let home = root.join("home");
        let mut env = vec![
            ("HOME".to_string(), home.display().to_string()),
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
            // As in the issue's probes: hooks must not depend on the login shell.
            ("SHELL".into(), "/bin/sh".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("TERM".into(), "dumb".into()),
        ];
        match self {
            Agent::Claude => {
                for (k, v) in [
                    ("ANTHROPIC_BASE_URL", model_url),
                    ("ANTHROPIC_API_KEY", "sk-conformance-dummy"),
                    ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
                    ("DISABLE_AUTOUPDATER", "1"),
                    ("DISABLE_TELEMETRY", "1"),
                    ("DISABLE_ERROR_REPORTING", "1"),
                ] {
                    env.push((k.into(), v.into()));
                }
            }
            Agent::Codex => {
                env.push((
                    "CODEX_HOME".into(),
                    home.join(".codex").display().to_string(),
                ));
                env.push(("CONFORMANCE_API_KEY".into(), "sk-conformance-dummy".into()));
            }
            Agent::Gemini => {
                for (k, v) in [
                    ("GOOGLE_GEMINI_BASE_URL", model_url),
                    ("GEMINI_API_KEY", "conformance-dummy"),
                    // Headless runs read project settings only in a trusted workspace.
                    ("GEMINI_CLI_TRUST_WORKSPACE", "true"),
                    // No second Node.js process with a larger heap.
                    ("GEMINI_CLI_NO_RELAUNCH", "true"),
                ] {
                    env.push((k.into(), v.into()));
                }
            }
            Agent::Copilot => {
                let url = format!("{model_url}/v1");
                for (k, v) in [
                    (
                        "COPILOT_HOME",
                        home.join(".copilot").display().to_string().as_str(),
                    ),
                    // BYOK: no GitHub login; `openai` with the default `completions` wire API.
                    ("COPILOT_PROVIDER_BASE_URL", &url),
                    ("COPILOT_PROVIDER_TYPE", "openai"),
                    ("COPILOT_PROVIDER_API_KEY", "sk-conformance-dummy"),
                    ("COPILOT_MODEL", CHAT_MODEL),
                    // No authentication, telemetry, web tools, GitHub MCP server or update.
                    ("COPILOT_OFFLINE", "true"),
                    ("COPILOT_AUTO_UPDATE", "false"),
                ] {
                    env.push((k.into(), v.into()));
                }
            }
            Agent::Qwen => {
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
            Agent::Cline => {
                env.push((
                    "CLINE_DIR".into(),
                    home.join(".cline").display().to_string(),
                ));
                env.push(("TMPDIR".into(), root.join("tmp").display().to_string()));
            }
        }
        env
    }

    /// Files the agent needs besides the hook config: Codex's `config.toml` (the scripted model
    /// provider and the trust state).
    pub fn setup(
        self,
        root: &Path,
        s: &Scenario,
        model_url: &str,
        hooks_file: &Path,
    ) -> Result<()> {
        if self == Agent::Gemini {
            return gemini_user_settings(root, hooks_file);
        }
        if self == Agent::Copilot {
            return copilot_trust(root);
        }
        std::fs::create_dir_all(root.join("tmp"))?;
        if self == Agent::Qwen {
            return qwen_user_settings(root);
        }
        if self == Agent::Cline {
            return cline_auth(self, root, model_url);
        }
        if self != Agent::Codex {
            return Ok(());
        }
        let mut toml = format!(
            "model = \"conformance-model\"\nmodel_provider = \"conformance\"\n\n\
             [model_providers.conformance]\nname = \"conformance\"\nbase_url = \"{model_url}/v1\"\n\
             wire_api = \"responses\"\nenv_key = \"CONFORMANCE_API_KEY\"\n\n\
             # Else Codex resolves its analytics host at exit: 5 s of DNS retries in the\n\
             # namespace, where nothing leaves anyway.\n[analytics]\nenabled = false\n"
        );
        // Hooks inlined in config.toml, before the trust tables (which close with
        // `[hooks.state."…"]` tables of their own).
        if !s.codex_config_hooks.is_empty() {
            toml.push('\n');
            toml.push_str(&crate::expand::expand_file(&s.codex_config_hooks, root));
        }
        toml.push_str(&crate::trust::state(s, root, hooks_file)?);
        let dir = root.join("home/.codex");
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("config.toml"), toml)?;
        Ok(())
    }

    /// What the model was told in each request, beyond what the previous request held: the
    /// user-visible texts and tool results, in order, boilerplate of the agent left out.
    pub fn told(self, requests: &[Value]) -> Vec<Vec<String>> {
        let mut seen = 0usize;
        let mut out = Vec::new();
        for body in requests {
            let (items, texts) = match self {
                Agent::Claude => claude_items(body),
                Agent::Codex => codex_items(body),
                Agent::Gemini => gemini_items(body),
                Agent::Copilot | Agent::Cline => chat_items(body),
                Agent::Qwen => chat_items_but(body, qwen_boilerplate),
            };
            let start = if items >= seen { seen } else { 0 };
            out.push(texts.into_iter().skip(start).flatten().collect());
            seen = items;
        }
        out
    }
}

/// The paragraphs of an agent's own instructions (system/developer text) that carry a hook's
/// `TOK_*` marker: where hook context lands, without the agent's volatile boilerplate.
fn marked_paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .filter(|p| p.contains("TOK_"))
        .map(|p| p.trim().to_string())
        .collect()
}

/// Per message of a Messages request: the texts the model reads (user messages and tool
/// results whole, the marked paragraphs of system messages).
fn claude_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let msgs = body["messages"].as_array().cloned().unwrap_or_default();
    let texts = msgs
        .iter()
        .map(|m| {
            let role = m["role"].as_str().unwrap_or_default();
            if role == "system" {
                return marked_paragraphs(&content_text(&m["content"]));
            }
            if role != "user" {
                return Vec::new();
            }
            let mut t = Vec::new();
            match &m["content"] {
                Value::String(s) => t.push(s.clone()),
                Value::Array(blocks) => {
                    for b in blocks {
                        match b["type"].as_str() {
                            Some("text") => {
                                let s = b["text"].as_str().unwrap_or_default();
                                // Claude Code's attribution reminder opens every session.
                                if !s.starts_with("<system-reminder>\nAttribution") {
                                    t.push(s.to_string());
                                }
                            }
                            Some("tool_result") => {
                                let err = if b["is_error"] == true {
                                    " (error)"
                                } else {
                                    ""
                                };
                                t.push(format!(
                                    "tool_result{err}: {}",
                                    content_text(&b["content"])
                                ));
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
            t
        })
        .collect::<Vec<_>>();
    (msgs.len(), texts)
}

fn content_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// Per input item of a Responses request: the texts the model reads (user messages and tool
/// outputs whole, the marked paragraphs of developer messages; the environment context left
/// out).
fn codex_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let items = body["input"].as_array().cloned().unwrap_or_default();
    let texts = items
        .iter()
        .map(|i| match i["type"].as_str() {
            Some("message") if i["role"] == "developer" || i["role"] == "system" => {
                marked_paragraphs(&content_text(&i["content"]))
            }
            Some("message") if i["role"] == "user" => i["content"]
                .as_array()
                .map(|c| {
                    c.iter()
                        .filter_map(|p| p["text"].as_str())
                        .filter(|s| {
                            !s.starts_with("<environment_context>") && !s.starts_with("# AGENTS.md")
                        })
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            Some("function_call_output" | "custom_tool_call_output") => {
                vec![format!("tool_output: {}", content_text(&i["output"]))]
            }
            _ => Vec::new(),
        })
        .collect::<Vec<_>>();
    (items.len(), texts)
}

/// The model the Chat Completions agents are told to use (not in Copilot CLI's catalog: it warns
/// and uses default limits).
const CHAT_MODEL: &str = "conformance-model";

/// Copilot CLI loads a folder's hooks (repository `.github/hooks/`, `.github/copilot/settings`)
/// only when the folder is trusted: `trusted_folders` in `$COPILOT_HOME/config.json`, which
/// 1.0.102 rewrites as `trustedFolders`. A scenario that brings its own `config.json` (in
/// `files`) keeps it: an untrusted project.
pub fn copilot_trust(root: &Path) -> Result<()> {
    let config = root.join("home/.copilot/config.json");
    if config.exists() {
        return Ok(());
    }
    let project = root.join("project");
    let text = serde_json::json!({"trusted_folders": [project.display().to_string()]});
    std::fs::create_dir_all(root.join("home/.copilot"))?;
    std::fs::write(&config, serde_json::to_string_pretty(&text)?)?;
    Ok(())
}

/// Per message of a Chat Completions request: the texts the model reads (user messages and tool
/// results whole, the marked paragraphs of system messages).
fn chat_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    chat_items_but(body, |_| false)
}

/// [`chat_items`] without the user texts that `boilerplate` says are the agent's own (Qwen
/// Code's `<system-reminder>` skill list, version-dependent).
fn chat_items_but(body: &Value, boilerplate: fn(&str) -> bool) -> (usize, Vec<Vec<String>>) {
    let msgs = body["messages"].as_array().cloned().unwrap_or_default();
    let user_texts = |content: &Value| -> Vec<String> {
        let parts: Vec<String> = match content {
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p["text"].as_str().map(str::to_string))
                .collect(),
            other => vec![content_text(other)],
        };
        if !parts.iter().any(|t| boilerplate(t)) {
            return vec![content_text(content)];
        }
        let kept: Vec<String> = parts.into_iter().filter(|t| !boilerplate(t)).collect();
        if kept.is_empty() {
            Vec::new()
        } else {
            vec![kept.join("\n")]
        }
    };
    let texts = msgs
        .iter()
        .map(|m| match m["role"].as_str() {
            Some("system" | "developer") => marked_paragraphs(&content_text(&m["content"])),
            Some("user") => user_texts(&m["content"]),
            Some("tool") => vec![format!("tool: {}", content_text(&m["content"]))],
            _ => Vec::new(),
        })
        .collect::<Vec<_>>();
    (msgs.len(), texts)
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

/// Cline's provider: `cline auth -p openai-compatible -b <url> -k … -m …` (3.0.65 stores it
/// under `$CLINE_DIR`), run in the run's own environment, bounded in time.
fn cline_auth(agent: Agent, root: &Path, model_url: &str) -> Result<()> {
    // The pinned builds live in the source repository's `conformance/node_modules` (Cline is
    // driven by the conformance suite only).
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let url = format!("{model_url}/v1");
    let mut child = std::process::Command::new(agent.binary(&repo))
        .args([
            "auth",
            "-p",
            "openai-compatible",
            "-b",
            &url,
            "-k",
            "sk-conformance-dummy",
            "-m",
            CHAT_MODEL,
        ])
        .env_clear()
        .envs(agent.env(root, model_url))
        .current_dir(root.join("project"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| Error::msg(format!("cannot run `cline auth`: {e}")))?;
    let started = std::time::Instant::now();
    loop {
        if let Some(st) = child.try_wait()? {
            if st.success() {
                return Ok(());
            }
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            return Err(Error::msg(format!(
                "`cline auth` failed ({st}): {}",
                err.trim()
            )));
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Error::msg("`cline auth` took more than 60 s"));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The model Gemini CLI is told to use (any name: the scripted server answers every model).
const GEMINI_MODEL: &str = "gemini-2.5-flash";

/// Gemini's user settings: the API-key auth (the base URL alone selects another auth that `-p`
/// rejects) and no usage statistics (nothing to send off loopback). Merged into the scenario's
/// config when that is the user settings file itself.
fn gemini_user_settings(root: &Path, hooks_file: &Path) -> Result<()> {
    let ours = serde_json::json!({
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "privacy": {"usageStatisticsEnabled": false},
    });
    merge_user_settings(&root.join("home/.gemini/settings.json"), hooks_file, &ours)
}

/// Writes `ours` into the user settings file `user`, merged over the scenario's config when that
/// is the file itself.
fn merge_user_settings(user: &Path, hooks_file: &Path, ours: &Value) -> Result<()> {
    let text = match std::fs::read_to_string(user) {
        Ok(t) if user == hooks_file => t,
        _ => "{}".to_string(),
    };
    let merged = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(mut obj)) => {
            obj.extend(
                ours.as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| (k.clone(), v.clone())),
            );
            serde_json::to_string_pretty(&obj)?
        }
        Ok(_) => return Err(Error::msg("the user settings are not a JSON object")),
        // Not strict JSON (a syntax scenario: comments, trailing commas): our keys go in
        // front of the user's, whose text stays as written for Gemini's own parser to judge.
        Err(_) => {
            let Some(open) = text.find('{') else {
                return Err(Error::msg("the user settings have no object"));
            };
            let keys = serde_json::to_string(ours)?;
            format!(
                "{}{},{}",
                &text[..open],
                &keys[..keys.len() - 1],
                &text[open + 1..]
            )
        }
    };
    if let Some(dir) = user.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(user, merged)?;
    Ok(())
}

/// Per content of a `generateContent` request: the texts the model reads (user texts and
/// function responses; Gemini CLI's `<session_context>` preamble left out).
fn gemini_items(body: &Value) -> (usize, Vec<Vec<String>>) {
    let contents = body["contents"].as_array().cloned().unwrap_or_default();
    let texts = contents
        .iter()
        .map(|c| {
            if c["role"] != "user" {
                return Vec::new();
            }
            let mut t = Vec::new();
            for p in c["parts"].as_array().into_iter().flatten() {
                if let Some(s) = p["text"].as_str() {
                    if !s.starts_with("<session_context>") {
                        t.push(s.to_string());
                    }
                } else if let Some(r) = p.get("functionResponse") {
                    let out = &r["response"];
                    let text = out["output"]
                        .as_str()
                        .or_else(|| out["error"].as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| out.to_string());
                    t.push(format!("function_response: {text}"));
                }
            }
            t
        })
        .collect::<Vec<_>>();
    (contents.len(), texts)
}

/// The exact version `conformance/package.json` pins for `package`.
pub fn pinned_version(repo: &Path, package: &str) -> Result<String> {
    let p = repo.join("conformance/package.json");
    let text =
        std::fs::read_to_string(&p).map_err(|e| Error::msg(format!("{}: {e}", p.display())))?;
    let v: Value = serde_json::from_str(&text)?;
    v["dependencies"][package]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| Error::msg(format!("{} does not pin {package}", p.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
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
