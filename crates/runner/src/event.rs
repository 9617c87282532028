//! The canonical event an agent hands the runner: one struct per dispatch carrying what any
//! convention needs. Each convention renders it into its own payload (jcode's env variables,
//! Jarvis's snake_case stdin JSON, Codex's and Claude's stdin JSON, GJC's module event object).

use hook_ir::{Convention, Kind};
use serde_json::Value;

/// One event to dispatch. Build it with the constructor of its kind, then set optional fields.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Event {
    /// The canonical kind (set by the constructors).
    pub kind: Option<Kind>,
    /// Tool events: the tool name (the matched value for tool matchers).
    pub tool_name: Option<String>,
    /// Tool events: the tool input, a JSON value.
    pub tool_input: Option<Value>,
    /// Tool events: the agent's id of the call.
    pub tool_call_id: Option<String>,
    /// `post_tool_use`: the tool's output text.
    pub tool_output: Option<String>,
    /// `post_tool_use`: the structured tool response, when the agent has one.
    pub tool_response: Option<Value>,
    /// `post_tool_use`/`stop`: `ok` or `error`.
    pub status: Option<String>,
    /// `post_tool_use`/`stop`: how long it took.
    pub duration_ms: Option<u64>,
    /// `post_tool_use`: size of the output in bytes.
    pub output_bytes: Option<u64>,
    /// An error message (failed tool or turn).
    pub error: Option<String>,
    /// `user_prompt_submit`: the prompt text.
    pub prompt: Option<String>,
    /// `user_prompt_submit`: whether the prompt steers a running turn (Jarvis `is_steer`).
    pub is_steer: bool,
    /// `stop`: the last assistant text.
    pub last_assistant_text: Option<String>,
    /// `stop`: whether a stop hook already continued this turn (`stop_hook_active`).
    pub stop_hook_active: bool,
    /// The model in use.
    pub model: Option<String>,
    /// `session_start`: how the session started (`startup`, `resume`, `create`, `attach`...);
    /// `turn_start` for jcode (`chat`). `None`: each convention's own default (jcode `create`,
    /// `chat` for `turn_start`; the others `startup`).
    pub source: Option<String>,
    /// `session_shutdown`: why it ended (`exit`, `close`, `archive`...). `None`: each
    /// convention's own default (jcode `close`; the others `exit`).
    pub reason: Option<String>,
    /// The agent's profile name, when it has one (Jarvis `profile`).
    pub profile: Option<String>,
    /// An id of the current turn, used to allow a Stop continuation at most once per turn.
    pub turn_id: Option<String>,
    /// `user_prompt_submit`: the prompt as content parts (`[{"type":"text","text":…}, …]`),
    /// when the agent has more than text. Jarvis sends it as `prompt` and matches the text
    /// parts joined with a space. `None`: one text part, [`Event::prompt`].
    pub prompt_parts: Option<Value>,
    /// `user_prompt_submit`: where the prompt comes from (`user`, `system_trigger`,
    /// `hook_result`...). `None` means the user. Jarvis runs UserPromptSubmit hooks only for
    /// the user's prompts.
    pub prompt_origin: Option<String>,
    /// `stop`: why the model's step ended (`stop`, `tool_calls`, `filtered`...). Jarvis does not
    /// run Stop hooks after a step that ended with tool calls or was filtered.
    pub finish_reason: Option<String>,
    /// The terminal identity of the client that made the request (jcode's 36
    /// `CLIENT_TERMINAL_ENV_VARS`: `TMUX`, `TMUX_PANE`, `TERM`, `DISPLAY`...). `Some` replaces
    /// every one of those variables in a jcode hook's environment by these values (absent ones
    /// removed) and copies each as `JCODE_CLIENT_<VAR>`, as jcode's shared server does;
    /// `None` leaves the inherited environment alone.
    pub client_terminal_env: Option<Vec<(String, String)>>,
}

impl Event {
    fn of(kind: Kind) -> Self {
        Event {
            kind: Some(kind),
            ..Event::default()
        }
    }

    /// A `pre_tool_use` event.
    pub fn pre_tool_use(tool_name: impl Into<String>, tool_input: Value) -> Self {
        Event {
            tool_name: Some(tool_name.into()),
            tool_input: Some(tool_input),
            ..Event::of(Kind::PreToolUse)
        }
    }

    /// A `post_tool_use` event.
    pub fn post_tool_use(
        tool_name: impl Into<String>,
        tool_input: Value,
        tool_output: impl Into<String>,
    ) -> Self {
        Event {
            tool_name: Some(tool_name.into()),
            tool_input: Some(tool_input),
            tool_output: Some(tool_output.into()),
            status: Some("ok".into()),
            ..Event::of(Kind::PostToolUse)
        }
    }

    /// A `user_prompt_submit` event.
    pub fn user_prompt_submit(prompt: impl Into<String>) -> Self {
        Event {
            prompt: Some(prompt.into()),
            ..Event::of(Kind::UserPromptSubmit)
        }
    }

    /// A `stop` event.
    pub fn stop() -> Self {
        Event {
            status: Some("ok".into()),
            ..Event::of(Kind::Stop)
        }
    }

    /// A `session_start` event.
    pub fn session_start(source: impl Into<String>) -> Self {
        Event {
            source: Some(source.into()),
            ..Event::of(Kind::SessionStart)
        }
    }

    /// A `session_shutdown` event.
    pub fn session_shutdown(reason: impl Into<String>) -> Self {
        Event {
            reason: Some(reason.into()),
            ..Event::of(Kind::SessionShutdown)
        }
    }

    /// The value a matcher of `user_prompt_submit` tests: the text parts of
    /// [`Event::prompt_parts`] joined with a space (Kimi Code `matcherValueText`), else
    /// [`Event::prompt`].
    pub fn prompt_text(&self) -> std::borrow::Cow<'_, str> {
        match self.prompt_parts.as_ref().and_then(Value::as_array) {
            Some(parts) => parts
                .iter()
                .filter(|p| p.get("type").and_then(Value::as_str) == Some("text"))
                .map(|p| p.get("text").and_then(Value::as_str).unwrap_or(""))
                .collect::<Vec<_>>()
                .join(" ")
                .into(),
            None => self.prompt.as_deref().unwrap_or("").into(),
        }
    }

    /// [`Event::source`], or `default` (the convention's own word) when the agent gave none.
    pub fn source_or<'a>(&'a self, default: &'a str) -> &'a str {
        self.source.as_deref().unwrap_or(default)
    }

    /// [`Event::reason`], or `default` (the convention's own word) when the agent gave none.
    pub fn reason_or<'a>(&'a self, default: &'a str) -> &'a str {
        self.reason.as_deref().unwrap_or(default)
    }

    /// The session start's source as `convention`'s agent sends it: [`Event::source`], or the
    /// agent's own word when the caller gave none (jcode `create`, the others `startup`,
    /// docs/cli.md `--source`). The payload and the matcher read this one value, so a
    /// `matcher = "startup"` hook fires for the event whose payload says `startup`.
    pub fn session_source(&self, convention: Convention) -> &str {
        self.source_or(
            hook_ir::conventions::profile(convention)
                .session_defaults
                .start_source,
        )
    }

    /// The session end's reason as `convention`'s agent sends it: [`Event::reason`], or the
    /// agent's own word when the caller gave none (jcode `close`, the others `exit`).
    pub fn session_reason(&self, convention: Convention) -> &str {
        self.reason_or(
            hook_ir::conventions::profile(convention)
                .session_defaults
                .end_reason,
        )
    }

    /// Whether the tool call failed (`status` `error`, or an error message).
    pub fn tool_failed(&self) -> bool {
        self.status.as_deref() == Some("error") || self.error.is_some()
    }

    /// The kind, defaulting to `stop` for an event built by hand without one.
    pub fn kind(&self) -> Kind {
        self.kind.unwrap_or(Kind::Stop)
    }
}
