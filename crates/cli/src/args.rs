//! Command-line arguments, as the user typed them (design.md "Command line (v1)").

use clap::{Args, Parser, Subcommand, ValueEnum};
use hook_ir::Convention;
use hooks_rules::lint_config::{Selection, Selector};
use std::path::PathBuf;

/// One canonical model for the lifecycle hooks of coding agents.
#[derive(Debug, Parser)]
#[command(name = "hooks", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Report every problem in the hooks of a project and the home dir.
    #[command(after_long_help = selectable_codes_help())]
    Lint(LintArgs),
    /// List the accepted hooks (the canonical IR).
    #[command(after_long_help = selectable_codes_help())]
    List(ListArgs),
    /// Print the explanation of a diagnostic code, or list all codes.
    Explain(ExplainArgs),
    /// Print a JSON Schema: the IR (`ir`) or a convention's config file (`jcode`, `jarvis`,
    /// `codex-json`, `claude-settings`, `gemini-settings`, `gjc-plugin`).
    Schema(SchemaArgs),
    /// Dispatch one event through the runner over the discovered hooks; print the decision as
    /// JSON (exit 0 whatever the decision, 1 when a guard module could not be loaded).
    Run(RunArgs),
    /// Migrate hooks from one convention to another.
    ///
    /// Importing again replaces what the last import wrote: changed hooks are updated, hooks
    /// gone from the source removed, hooks written or edited by hand in the target kept.
    Import(ImportArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Install integrations into other agents' configuration.
    Setup(SetupArgs),
    /// An agent's hook that runs other conventions' hooks with their own semantics: reads the
    /// agent's payload on stdin and answers in its protocol. `install`/`uninstall` write or
    /// remove the agent's entries.
    Bridge(BridgeArgs),
    /// For each agent, every hook it would see: fires (on which events and tools) or never
    /// fires, and why, across every layer the agent reads.
    Doctor(DoctorArgs),
    /// Run the cases of `hooks.test.toml` through the runner under each agent, with its own
    /// payloads; inject faults into gate hooks (`--faults`) and try built-in scenarios
    /// (`--scenarios`). Exit 0 all passed, 1 a failure or an error finding, 2 a broken test file.
    Test(TestArgs),
    /// Everything a repository makes an agent run on its own: the hooks of every convention,
    /// the scripts they run (hashed, and what the rules see in them) and the settings that
    /// change what hook processes execute. With --base REF (git), only what is new or changed
    /// since REF, and exit 1 when anything is.
    Audit(AuditArgs),
    /// Record the project's hooks and the SHA-256 of every script they run in hooks.lock (lint
    /// and audit then report a hook not recorded or changed since; bridge and run refuse it).
    Trust(TrustArgs),
}

/// `hooks test`: output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TestFormat {
    /// Per case and agent: passed or what differed, with the hooks' stderr.
    Human,
    /// JSON, `schema_version` 1 (docs/testing.md).
    Json,
    /// JUnit XML (one testsuite per agent), for CI systems.
    Junit,
}

/// `hooks test [PATH] [--file FILE] [--agent CONV[@VERSION],..] [--faults] [--scenarios]
/// [--init] [--watch] [--format human|json|junit]`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// A project root (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// The test file (default: PATH/hooks.test.toml).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Run under these agents only (comma-separated conventions, each optionally with a recorded
    /// version: `claude-settings@2.1.332`).
    #[arg(long, value_name = "CONV[@VERSION],..", value_delimiter = ',')]
    pub agent: Vec<String>,
    /// Run every gate hook under faults (empty or malformed stdin, a 2 MiB payload, PATH
    /// without its interpreter, killed at its timeout, script missing or not executable) and
    /// report what the agent then does. Needs no test file.
    #[arg(long)]
    pub faults: bool,
    /// Try built-in scenarios: destructive commands, reading secrets, a Stop hook re-fired with
    /// stop_hook_active. Needs no test file.
    #[arg(long)]
    pub scenarios: bool,
    /// Write a starter test file from the project's gate hooks (one case each) and exit.
    #[arg(long, conflicts_with_all = ["faults", "scenarios", "watch"])]
    pub init: bool,
    /// Run again whenever the test file, a hook config or a script a hook names changes.
    #[arg(long)]
    pub watch: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TestFormat::Human)]
    pub format: TestFormat,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
}

/// Where to look for hooks.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Do not apply jcode's JCODE_HOOK_* environment overrides.
    #[arg(long)]
    pub no_env: bool,
    /// The convention of an explicit config file (default: detected from its name and content).
    #[arg(long, value_name = "CONV", value_parser = convention_parser())]
    pub convention: Option<Convention>,
}

/// The lint configuration (docs/configuration.md): which `hooks.toml`, and the command line's
/// selection over it.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Use this lint configuration instead of the `hooks.toml` found from each PATH upward.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Ignore every `hooks.toml`: every code, default severities.
    #[arg(long, conflicts_with = "config")]
    pub isolated: bool,
    /// Report only these codes (comma-separated, `all` for every code; `--help` lists them,
    /// `hooks explain CODE` explains one); replaces the configuration's `select` and `ignore`.
    #[arg(long, value_name = "CODE,..", value_delimiter = ',', value_parser = SelectorParser, hide_possible_values = true)]
    pub select: Option<Vec<Selector>>,
    /// Report these codes too (comma-separated), on top of the configuration's selection.
    #[arg(long, value_name = "CODE,..", value_delimiter = ',', value_parser = SelectorParser, hide_possible_values = true)]
    pub extend_select: Vec<Selector>,
    /// Do not report these codes (comma-separated), on top of the configuration's selection.
    #[arg(long, value_name = "CODE,..", value_delimiter = ',', value_parser = SelectorParser, hide_possible_values = true)]
    pub ignore: Vec<Selector>,
}

impl ConfigArgs {
    /// The command line's layer of selection.
    pub fn selection(&self) -> Selection {
        Selection {
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
        }
    }
}

/// Parses a code name or `all` for `--select`/`--ignore`, with a did-you-mean.
pub fn parse_selector(s: &str) -> Result<Selector, String> {
    let s = s.trim();
    match Selector::parse(s) {
        Ok(Selector::Code(hook_ir::Code::InvalidLintConfig)) => Err(
            "`invalid_lint_config` is always reported: fix the configuration instead".to_string(),
        ),
        Ok(sel) => Ok(sel),
        Err(e) => Err(format!("{e}; {}", e.help())),
    }
}

/// `CODE` of `--select`/`--extend-select`/`--ignore`: [`parse_selector`], with every code
/// (and `all`) offered to shell completion but not spelled out in `--help`.
#[derive(Clone)]
pub struct SelectorParser;

impl clap::builder::TypedValueParser for SelectorParser {
    type Value = Selector;
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Selector, clap::Error> {
        let text = value.to_string_lossy();
        parse_selector(&text).map_err(|why| {
            let name = arg.map_or_else(|| "CODE".to_string(), |a| a.to_string());
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("invalid value '{text}' for '{name}': {why}\n"),
            )
            .with_cmd(cmd)
        })
    }
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let codes = hook_ir::Code::ALL
            .iter()
            .filter(|c| **c != hook_ir::Code::InvalidLintConfig)
            .map(|c| clap::builder::PossibleValue::new(c.as_str()).help(c.summary()));
        Some(Box::new(
            std::iter::once(clap::builder::PossibleValue::new("all").help("every code"))
                .chain(codes),
        ))
    }
}

/// The codes `--select`, `--extend-select` and `--ignore` take, once, after the options of the
/// long help (`--help`; `-h` stays short), wrapped, as ruff points at `ruff rule --all` rather
/// than listing 80 codes under each of three flags. Completions offer them one by one.
fn selectable_codes_help() -> String {
    const WIDTH: usize = 100;
    let mut out = String::from(
        "Codes for --select, --extend-select and --ignore (`hooks explain --list` gives each \
         one's\nseverity and summary, `hooks explain CODE` explains one):\n  ",
    );
    let mut line = 2;
    let names = std::iter::once("all").chain(
        hook_ir::Code::ALL
            .iter()
            .filter(|c| **c != hook_ir::Code::InvalidLintConfig)
            .map(|c| c.as_str()),
    );
    let mut first = true;
    for name in names {
        let piece = if first {
            name.to_string()
        } else {
            format!(", {name}")
        };
        first = false;
        // One column kept for the comma that ends a full line.
        if line + piece.len() + 1 > WIDTH {
            out.push_str(",\n  ");
            out.push_str(name);
            line = 2 + name.len();
        } else {
            out.push_str(&piece);
            line += piece.len();
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    Human,
    Json,
    Sarif,
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Human,
    Json,
}

#[derive(Debug, Args)]
pub struct LintArgs {
    /// Project roots or explicit config files (default: .).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Output format (default: human on a terminal, json otherwise).
    #[arg(long, value_enum)]
    pub format: Option<LintFormat>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Lint only the PATHs themselves, not the projects and plugins found under them.
    #[arg(long)]
    pub no_recurse: bool,
    /// Apply the safe fixes (in place, format kept), then report what remains.
    #[arg(long)]
    pub fix: bool,
    /// With --fix or --diff, apply the unsafe fixes too (judgment calls).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Show the fixes as a unified diff without writing; exit 1 if there would be changes.
    #[arg(long, conflicts_with = "fix")]
    pub diff: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// A project root or an explicit config file (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Output format (default: human on a terminal, json otherwise).
    #[arg(long, value_enum)]
    pub format: Option<ListFormat>,
}

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// A project root or an explicit config file (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// The agents to examine, by convention (default: every agent whose files exist).
    #[arg(long, value_name = "CONV,..", value_delimiter = ',', value_parser = convention_parser())]
    pub agent: Vec<Convention>,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Prove it with the real agent: in a scratch copy of the layers, each hook replaced by a
    /// probe, one headless turn against a scripted model on loopback.
    #[arg(long)]
    pub live: bool,
    /// With --live: the agent's executable (default: found on PATH).
    #[arg(long, value_name = "PATH", requires = "live")]
    pub agent_bin: Option<PathBuf>,
    /// Output format (default: human on a terminal, json otherwise).
    #[arg(long, value_enum)]
    pub format: Option<ListFormat>,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code, e.g. duplicate_hook (`--list` lists them all).
    #[arg(
        required_unless_present = "list",
        value_parser = Suggested(code_values),
        hide_possible_values = true,
        long_help = codes_long_help()
    )]
    pub code: Option<String>,
    /// List every code with its severity and summary.
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// `ir`, or a convention with a config file.
    #[arg(default_value = "ir", value_name = "ir|CONV", value_parser = Suggested(schema_values))]
    pub what: String,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The kind of event to dispatch (with --events: PATH).
    #[arg(value_name = "KIND", value_parser = Suggested(kind_values), required_unless_present = "events")]
    pub kind: Option<String>,
    /// A project root or an explicit config file (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub source: SourceArgs,
    /// The tool name (pre_tool_use, post_tool_use).
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// The tool input as JSON (pre_tool_use, post_tool_use; default: {}).
    #[arg(long, value_name = "JSON")]
    pub input: Option<String>,
    /// The prompt text (user_prompt_submit).
    #[arg(long, value_name = "TEXT")]
    pub prompt: Option<String>,
    /// session_start: the source (default: each convention's own, jcode `create`, others
    /// `startup`); jcode turn_start (user_prompt_submit): its SOURCE (default `chat`).
    #[arg(long = "source", value_name = "TEXT")]
    pub source_value: Option<String>,
    /// session_shutdown: the reason (default: jcode `close`, others `exit`).
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
    /// The model name the agent reports (default: jcode `unknown`; omitted elsewhere).
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,
    /// Replay a session: JSON lines of events, dispatched in order through one runner; prints
    /// one decision document per line.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["tool", "input", "prompt", "source_value", "reason", "model"])]
    pub events: Option<PathBuf>,
    /// Wait for the hooks the agent does not wait for (Jarvis PostToolUse) and report their
    /// real outcomes, instead of returning as soon as they started.
    #[arg(long)]
    pub wait: bool,
    /// Exit 1 when a gate hook failed or timed out and its agent therefore allowed the call
    /// (the agents fail open on such errors; `hooks run` says so on stderr either way).
    #[arg(long)]
    pub fail_on_hook_error: bool,
    /// Run the hooks their own agent would skip as untrusted (Codex's hashes and project
    /// trust, Gemini CLI's trusted folders); said in the output. A project's hooks.lock still
    /// applies.
    #[arg(long)]
    pub trust_all: bool,
}

/// A free-text value with suggested values: `--help` and `hooks completions` list them, and any
/// text is accepted so the command can answer a typo itself (a did-you-mean, or why a
/// directory convention has no schema).
#[derive(Clone)]
pub struct Suggested(fn() -> Vec<clap::builder::PossibleValue>);

impl clap::builder::TypedValueParser for Suggested {
    type Value = String;
    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter()))
    }
}

/// Every diagnostic code, with its summary (shown by zsh and fish completions).
fn code_values() -> Vec<clap::builder::PossibleValue> {
    hook_ir::Code::ALL
        .iter()
        .map(|c| clap::builder::PossibleValue::new(c.as_str()).help(c.summary()))
        .collect()
}

/// `KIND` of `hooks run`: the six kinds, suggested; with `--events` the one positional argument
/// is `PATH` instead, so `Suggested` accepts any text and the command checks it.
fn kind_values() -> Vec<clap::builder::PossibleValue> {
    hook_ir::Kind::ALL
        .map(|k| clap::builder::PossibleValue::new(k.as_str()))
        .into_iter()
        .collect()
}

/// What `hooks schema` prints: `ir` and the conventions that have a config file.
fn schema_values() -> Vec<clap::builder::PossibleValue> {
    std::iter::once("ir")
        .chain(adapters::schema::with_schema().map(|c| c.as_str()))
        .map(clap::builder::PossibleValue::new)
        .collect()
}

/// The long help of `hooks explain CODE`: every code (the short help stays one line).
fn codes_long_help() -> String {
    let names: Vec<&str> = hook_ir::Code::ALL.iter().map(|c| c.as_str()).collect();
    format!(
        "The code, e.g. duplicate_hook (`--list` adds each one's severity and summary).\n\nCodes: {}",
        names.join(", ")
    )
}

/// Convention ids as clap's possible values: `--help` lists them, `hooks completions` completes
/// them, and a typo gets clap's did-you-mean.
pub fn convention_parser() -> impl clap::builder::TypedValueParser<Value = Convention> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Convention::ALL.map(|c| c.as_str()))
        .try_map(|s: String| parse_convention(&s))
}

/// Parses a convention id for clap, listing the ids on error.
pub fn parse_convention(s: &str) -> Result<Convention, String> {
    Convention::parse(s).ok_or_else(|| {
        format!(
            "unknown convention `{s}`; expected one of: {}",
            Convention::ALL.map(|c| c.as_str()).join(", ")
        )
    })
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The convention to read.
    #[arg(long, value_name = "CONV", value_parser = convention_parser())]
    pub from: Convention,
    /// The conventions to write (several, comma-separated: one atomic run).
    #[arg(long, value_name = "CONV[,CONV..]", value_parser = convention_parser(), value_delimiter = ',', required = true)]
    pub to: Vec<Convention>,
    /// Which hooks to read: the project's (committed and personal), the user's, or all.
    #[arg(long, value_enum, default_value_t = ImportScope::All)]
    pub scope: ImportScope,
    /// The project root (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Print the plan (files, diffs, diagnostics) and write nothing; exit as the real run
    /// would (1 where it would write with losses or refuse), so CI can check an import.
    #[arg(long)]
    pub dry_run: bool,
    /// Overwrite differing values in the target.
    #[arg(long)]
    pub force: bool,
    /// Accept known losses: hooks left out with one of these codes (e.g. matcher_not_portable)
    /// do not make the import exit 1; they are still reported. An unknown code is a usage
    /// error (exit 2).
    #[arg(long, value_name = "CODE,..", value_delimiter = ',', value_parser = parse_code)]
    pub allow_loss: Vec<hook_ir::Code>,
    /// Output format (default: human on a terminal, json otherwise).
    #[arg(long, value_enum)]
    pub format: Option<ListFormat>,
}

/// Parses a diagnostic code for clap (a usage error, exit 2, names the closest code).
fn parse_code(s: &str) -> Result<hook_ir::Code, String> {
    hook_ir::Code::parse(s.trim()).ok_or_else(|| {
        let near = hook_ir::Code::ALL
            .iter()
            .find(|c| c.as_str().contains(s.trim()) || s.trim().contains(c.as_str()))
            .map(|c| format!("; did you mean `{c}`?"))
            .unwrap_or_default();
        format!("unknown diagnostic code `{s}`{near} (`hooks explain --list` lists them)")
    })
}

/// Which hooks `hooks import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ImportScope {
    /// Project files: committed (`.claude/settings.json`, `.codex/hooks.json`) and personal
    /// (`.claude/settings.local.json`).
    Project,
    /// User-level files (`~/.claude/settings.json`, `~/.codex/hooks.json`, jcode, Jarvis).
    User,
    /// Both.
    All,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct SetupArgs {
    #[command(subcommand)]
    pub target: SetupTarget,
}

#[derive(Debug, Subcommand)]
pub enum SetupTarget {
    /// Merge GJC's managed UserPromptSubmit and Stop entries into Codex's hooks.json, as
    /// `gjc setup hooks` does (idempotent; other entries and formatting are kept).
    Codex(SetupCodexArgs),
}

#[derive(Debug, Args)]
pub struct SetupCodexArgs {
    /// The hooks.json to change (default: <home>/.codex/hooks.json).
    #[arg(long, value_name = "FILE")]
    pub hooks_json: Option<PathBuf>,
    /// The home directory (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Show what would change, write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Write entries that block a gate call when a hook crashes, times out, cannot start or
    /// answers garbage (`hooks bridge --fail-closed`).
    #[arg(long)]
    pub fail_closed: bool,
    /// Write entries with this stop-loop limit (`hooks bridge --loop-limit N`; default: the
    /// bridge's own).
    #[arg(long, value_name = "N")]
    pub loop_limit: Option<u32>,
}

/// A comma-separated list of conventions (`--from gjc,jarvis`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conventions(pub Vec<Convention>);

/// Parses a comma-separated list of conventions.
pub fn parse_conventions(s: &str) -> Result<Conventions, String> {
    s.split(',')
        .map(|c| parse_convention(c.trim()))
        .collect::<Result<_, _>>()
        .map(Conventions)
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BridgeArgs {
    #[command(subcommand)]
    pub action: Option<BridgeAction>,
    #[command(flatten)]
    pub run: BridgeRunArgs,
}

#[derive(Debug, Args)]
pub struct BridgeRunArgs {
    /// The agent that runs this hook (claude-settings, codex-json, jarvis, gemini-settings, copilot-hooks): how its payload is
    /// read and its answer written.
    #[arg(long, value_name = "CONV", value_parser = convention_parser(), required = true)]
    pub host: Option<Convention>,
    /// The agent's event this entry is filed under (e.g. PreToolUse).
    #[arg(long, value_name = "EVENT", required = true)]
    pub event: Option<String>,
    /// The project root (default: the agent's project dir, else the payload's cwd).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// The conventions whose hooks run (default: every convention the host does not read).
    #[arg(long, value_name = "CONV,..", value_parser = parse_conventions)]
    pub from: Option<Conventions>,
    /// A gate hook (tool call, prompt) that crashes, times out, cannot start or answers garbage
    /// blocks the call, with a reason that says why (the source convention's contract would
    /// let it through).
    #[arg(long)]
    pub fail_closed: bool,
    /// After this many consecutive blocks of the host's stop event in one session, let the agent
    /// stop (0: no limit).
    #[arg(long, value_name = "N", default_value_t = hook_ir::contract::limits::bridge::LOOP_LIMIT)]
    pub loop_limit: u32,
    /// Run the hooks their own agent would skip as untrusted (Codex's hashes and project
    /// trust, Gemini CLI's trusted folders); said on stderr. A project's hooks.lock still
    /// applies.
    #[arg(long)]
    pub trust_all: bool,
    /// Wait for the hooks the agent does not wait for (Jarvis PostToolUse) before exiting, and
    /// report how they ended on stderr (default: hand them to a supervisor process and exit).
    /// `HOOKS_BRIDGE_WAIT=1` in the agent's environment does the same for every entry (a
    /// harness whose sandbox ends every process when the agent exits: the conformance suite).
    #[arg(long, env = "HOOKS_BRIDGE_WAIT", value_parser = clap::builder::FalseyValueParser::new())]
    pub wait: bool,
}

#[derive(Debug, Subcommand)]
pub enum BridgeAction {
    /// Write one bridge entry per event that has hooks to bridge into the host's configuration
    /// (idempotent; other entries and formatting are kept).
    Install(BridgeInstallArgs),
    /// Remove the host's bridge entries.
    Uninstall(BridgeInstallArgs),
    /// Internal: the supervisor of hooks the agent does not wait for (a batch on stdin).
    #[command(hide = true)]
    Supervise(SuperviseArgs),
    /// Internal: a session's warm module host (`runner::warm`).
    #[command(hide = true)]
    Serve(ServeArgs),
}

/// `hooks bridge serve` (internal, started by `hooks bridge`).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The Unix socket to listen on.
    #[arg(long, value_name = "PATH")]
    pub socket: PathBuf,
    /// Exit after this many milliseconds without a request.
    #[arg(long, value_name = "MS", default_value_t = hook_ir::contract::limits::bridge::WARM_HOST_IDLE_MS)]
    pub idle_ms: u64,
}

/// `hooks bridge supervise` (internal, started by `hooks bridge` and `hooks run`).
#[derive(Debug, Args)]
pub struct SuperviseArgs {
    /// Record the outcomes in this directory (`<pid>.json`).
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct BridgeInstallArgs {
    /// The agent to install into (claude-settings, codex-json, jarvis, gemini-settings, copilot-hooks).
    #[arg(long, value_name = "CONV", value_parser = convention_parser())]
    pub host: Convention,
    /// The conventions whose hooks run (default: every convention the host does not read).
    #[arg(long, value_name = "CONV,..", value_parser = parse_conventions)]
    pub from: Option<Conventions>,
    /// The project root (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Show what would change, write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Write entries that block a gate call when a hook crashes, times out, cannot start or
    /// answers garbage (`hooks bridge --fail-closed`).
    #[arg(long)]
    pub fail_closed: bool,
    /// Write entries with this stop-loop limit (`hooks bridge --loop-limit N`; default: the
    /// bridge's own).
    #[arg(long, value_name = "N")]
    pub loop_limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The project root (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// Report only what is new or changed since this git revision (e.g. origin/main); exit 1
    /// when anything is.
    #[arg(long, value_name = "REF")]
    pub base: Option<String>,
    /// Replace the user's home directory for user-level files (default: $HOME).
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Output format (default: human on a terminal, json otherwise).
    #[arg(long, value_enum)]
    pub format: Option<LintFormat>,
}

#[derive(Debug, Args)]
pub struct TrustArgs {
    /// The project root (default: .).
    #[arg(value_name = "PATH")]
    pub path: Option<PathBuf>,
    /// Record the user-level files of this home directory too (a tamper check of ~/.claude,
    /// ~/.codex, ... at session start); without it, only the project's files are recorded.
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
}
