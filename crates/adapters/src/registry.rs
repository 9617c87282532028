//! The one list of conventions the adapters know ([`ADAPTERS`]), each an [`Adapter`]: what the
//! rest of the workspace needs of a convention's files — discovery, reading one file, lowering a
//! planned text, the writer, the JSON Schema and the file each scope's hooks go to. The entry
//! points of this crate and the callers that used to match on [`Convention`] iterate or look up
//! this table instead, so a new convention is a folder and a row here.

use crate::write::{Plan, WriteOptions};
use crate::{Context, Output};
use hook_ir::{Convention, Hook, Scope};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A convention's files, as the workspace reads and writes them.
pub trait Adapter: Sync {
    /// The convention it reads.
    fn convention(&self) -> Convention;

    /// Discovers the convention's files under the project root and the home dir, lowering each
    /// into `out` with the layer it was found in ([`Output::layer`]).
    fn discover(&self, ctx: &Context, out: &mut Output);

    /// Reads one explicitly named file; `false` when the convention keeps its hooks in
    /// directories and has no single file to read.
    fn load(&self, ctx: &Context, path: &Path, out: &mut Output) -> bool {
        let _ = (ctx, path, out);
        false
    }

    /// Lowers `text` as if it were the file at `path` (a writer's planned text, a fix's
    /// result); `false` when the convention has no single config file.
    fn lower_text(&self, ctx: &Context, path: &Path, text: String, out: &mut Output) -> bool {
        let _ = (ctx, path, text, out);
        false
    }

    /// Plans writing `hooks` (already converted to this convention) into its files; nothing is
    /// written ([`crate::write::apply`]).
    fn plan_write(&self, ctx: &Context, hooks: &[Hook], opts: &WriteOptions) -> Plan {
        let _ = (ctx, hooks, opts);
        Plan::unsupported(self.convention())
    }

    /// The JSON Schema of the convention's config file (`hooks schema CONV`); `None` for a
    /// convention whose hooks are files in directories.
    fn schema(&self) -> Option<Value> {
        None
    }

    /// The file (or, for module hooks, the directory) that holds this convention's hooks of
    /// `scope`, where `hooks import` writes them; `None` when the convention has no such level.
    fn file_at(&self, ctx: &Context, scope: Scope) -> Option<PathBuf> {
        let _ = (ctx, scope);
        None
    }

    /// The files (and directories) discovery reads in a project, in words, as `hooks lint`
    /// lists them for a project where it found none.
    fn looked_for(&self) -> &'static str;

    /// How strongly the convention claims a file named explicitly (`hooks lint FILE`), judged
    /// by its name, its folder and, last, its content; the strongest claim wins
    /// ([`crate::detect_convention`]). `None`: not its file.
    fn claims(&self, file: &Named) -> Option<Claim> {
        let _ = file;
        None
    }

    /// The layer of a file named explicitly, when the convention decides it before the
    /// general rules of [`crate::scope::of_path`] (a plugin manifest, a user-only file).
    fn explicit_layer(&self, place: &Place) -> Option<(Scope, Option<PathBuf>)> {
        let _ = place;
        None
    }

    /// The layer of a file of this convention in a project's agent folder (Claude Code's
    /// `settings.local.json` is personal).
    fn project_layer(&self, place: &Place) -> Scope {
        let _ = place;
        Scope::Project
    }

    /// The root of the plugin that `file` marks (`<root>/.claude-plugin/plugin.json`), when it
    /// is this convention's plugin marker.
    fn plugin_root(&self, file: &Path) -> Option<PathBuf> {
        let _ = file;
        None
    }

    /// The file of a plugin root that holds its hooks.
    fn plugin_hooks_file(&self, root: &Path) -> PathBuf {
        root.join("hooks").join("hooks.json")
    }

    /// Codes this convention's reader reports about its matchers itself, which the rules layer
    /// therefore does not report again (Gemini's reader checks regex matchers against
    /// Gemini's tools; Claude's reader reports permission-rule syntax).
    fn reader_checks(&self) -> &'static [hook_ir::Code] {
        &[]
    }

    /// The syntax `hooks lint --fix` edits this convention's file at `path` in; `None` when
    /// its fixes do not apply (directories of modules, a Codex `config.toml`, whose `[hooks]`
    /// are read as a `hooks.json` while the fixes write JSON syntax).
    fn fix_syntax(&self, path: &Path) -> Option<Syntax> {
        let _ = path;
        None
    }

    /// The convention-specific fields of an entry `hooks bridge install` writes (the first of
    /// its file, its timeout written), for a convention that hosts the bridge.
    fn entry_detail(&self) -> hook_ir::Detail {
        hook_ir::Detail::JsonGroup {
            group: 0,
            index: 0,
            raw_matcher: None,
            timeout_explicit: true,
            is_async: None,
            status_message: None,
            gjc_managed: false,
        }
    }

    /// The convention-specific fields of the bridge entry `hooks bridge install` writes for an
    /// event of `kind` with `guarantees`: [`Adapter::entry_detail`], unless the host's own
    /// entry fields give a guarantee too (Cursor's `failClosed` and `loop_limit`).
    fn bridge_entry_detail(
        &self,
        kind: hook_ir::Kind,
        guarantees: crate::bridge::Guarantees,
    ) -> hook_ir::Detail {
        let _ = (kind, guarantees);
        self.entry_detail()
    }

    /// When the agent runs the hooks of `file` (shown as `display`) of the project at
    /// `project`, whose entries time out after `timeout_s`: what `hooks bridge install` tells
    /// the user (trust prompts, headless runs).
    fn runs_when(&self, display: &str, project: &Path, timeout_s: u64) -> String {
        let _ = (project, timeout_s);
        format!("{} runs the hooks of {display}.", self.convention())
    }

    /// Whether each hook of this convention is a file of its own in a folder ([`Adapter::file_at`]
    /// names the folder): `hooks bridge install` then writes one file per bridged event there
    /// and finds its entries again by their content (Cline's hook folders).
    fn hooks_are_files(&self) -> bool {
        false
    }

    /// For a convention whose hooks are files ([`Adapter::hooks_are_files`]): the `hooks bridge`
    /// command the file `name` with `text` runs, when it is a bridge entry as
    /// `hooks bridge install` writes it; `None` for any other file.
    fn bridge_file_command(&self, name: &str, text: &str) -> Option<String> {
        let _ = (name, text);
        None
    }

    /// How the entries `hooks import` wrote into this convention's file are found again, to
    /// replace them on a re-import ([`crate::reimport`]).
    fn recorded(&self) -> crate::reimport::Recorded {
        crate::reimport::Recorded::Unsupported
    }

    /// Every agent that runs `file` (its layer already stamped), its own agent first: by
    /// default that agent alone (none for an import-only convention).
    fn readers(&self, file: &crate::SourceFile) -> Vec<hook_ir::readers::Reader> {
        let c = self.convention();
        let runs = hook_ir::contract::runtime(c).is_some();
        hook_ir::tools::Agent::of(c)
            .filter(|_| runs)
            .map(hook_ir::readers::Reader::Agent)
            .into_iter()
            .filter(|_| file.convention == c)
            .collect()
    }

    /// Every handler entry of one of its files' text, before lowering, whatever its type
    /// ([`crate::census`]); empty for a convention whose files hold no such entries.
    fn handler_entries(&self, text: &str) -> Vec<crate::census::HandlerEntry> {
        let _ = text;
        Vec::new()
    }

    /// Switches outside its hook files that turn every one of its hooks off, from any layer
    /// (Codex's `[features] hooks = false`), each at the switch; empty for most.
    fn agent_switches(&self, ctx: &Context) -> Vec<hook_ir::Diagnostic> {
        let _ = ctx;
        Vec::new()
    }

    /// The layers its agent runs hooks from that no file here holds (Cursor's team hooks, from
    /// its dashboard), each as a [`hook_ir::Code::LayerNotCovered`] note for `hooks doctor`;
    /// empty for most.
    fn not_covered(&self) -> Vec<hook_ir::Diagnostic> {
        Vec::new()
    }

    /// What its agent will say of a file once `text` is written at `path`, before it runs the
    /// hooks in it (Codex: every changed hook must be trusted again); empty for most.
    fn check_written(&self, ctx: &Context, path: &Path, text: &str) -> Vec<hook_ir::Diagnostic> {
        let _ = (ctx, path, text);
        Vec::new()
    }

    /// Files written as if its agent read hooks from them, which it never does (the commonest
    /// "wrong file" reports, which discovery does not read): `hooks doctor` reports a `hooks`
    /// object in one. Empty for most.
    fn unread_files(&self, ctx: &Context) -> Vec<UnreadFile> {
        let _ = ctx;
        Vec::new()
    }

    /// Whether a file of it may hold an `env` object that sets the environment of its hook
    /// processes (Claude Code's settings), which the audit reads; `false` for most.
    fn sets_hook_env(&self) -> bool {
        false
    }

    /// Whether its agent runs `hook`, of another convention, itself, so that a bridge entry in its
    /// file must not run it again ([`crate::bridge::host_runs_itself`]); `false` for most.
    fn runs_itself(&self, hook: &Hook) -> bool {
        let _ = hook;
        false
    }

    /// The keys its entries may write a hook's timeout under, preferred first (the last is the
    /// one assumed when none is written); empty: the key of the hook's detail.
    fn timeout_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether its entries carry the JSON group fields Claude Code and Codex share (`async`,
    /// `statusMessage`, the matcher string as written), which `hooks import` keeps between
    /// conventions that both carry them; `false` for most.
    fn keeps_group_fields(&self) -> bool {
        false
    }

    /// The conventions whose hook files `hooks import` copies into this one as its own hook
    /// modules, byte for byte (GJC: Claude Code's and Codex's hook folders, and its own); empty
    /// for a convention whose hooks are not module files.
    fn module_sources(&self) -> &'static [Convention] {
        &[]
    }

    /// The file extensions of the modules its agent loads (a copied file of another extension
    /// would fail to load); empty when its hooks are not module files.
    fn module_extensions(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether the handler `command` of `hook` is an entry another agent manages in this
    /// convention's file (GJC's entries in Codex's `hooks.json`), which `hooks import` does not
    /// carry; `false` for most.
    fn managed_by_other_agent(&self, hook: &Hook, command: &str) -> bool {
        let _ = (hook, command);
        false
    }

    /// What its agent's own trust refuses of `hooks` (found with `sources` and `diagnostics`)
    /// on this machine, as the agent applies it; `None` when it has no trust of its own or no
    /// state here (where it never ran, nothing could have been trusted).
    fn own_trust(
        &self,
        ctx: &Context,
        hooks: &[Hook],
        sources: &[crate::SourceFile],
        diagnostics: &[hook_ir::Diagnostic],
    ) -> Option<OwnTrust> {
        let _ = (ctx, hooks, sources, diagnostics);
        None
    }
}

/// A rule of an agent's own trust: why it refuses a hook, or `None` when it runs it.
pub type Refuse = Box<dyn Fn(&Hook) -> Option<String> + Send + Sync>;

/// What an agent's own trust refuses ([`Adapter::own_trust`]), and what to tell the user.
pub struct OwnTrust {
    /// The rule (it concerns only the agent's own hooks).
    pub refuse: Refuse,
    /// A note to show, when the trust could not be read as the agent reads it.
    pub note: Option<String>,
}

/// The syntax of a config file, as the fixes edit it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// JSON (with comments, as the agents accept).
    Json,
    /// TOML.
    Toml,
}

/// A file its agent never reads hooks from, though people write them there
/// ([`Adapter::unread_files`]).
#[derive(Debug, Clone)]
pub struct UnreadFile {
    /// Where it is.
    pub path: PathBuf,
    /// What the file is, in words ("a file Claude Code does not read ...").
    pub why: &'static str,
    /// Where its hooks belong, in words.
    pub belongs: &'static str,
}

/// A file named explicitly, as [`Adapter::claims`] sees it.
#[derive(Debug, Clone, Copy)]
pub struct Named<'a> {
    /// The path as given.
    pub path: &'a Path,
    /// Its file name (lossy: `bad\xff.toml` still ends in `.toml`).
    pub name: &'a str,
    /// The name of the folder it sits in.
    pub folder: Option<&'a str>,
}

/// How strongly a convention claims a file: the name and its folder (`Folder`), the name alone
/// (`Name`), a weaker name match another convention can beat (`Generic`), the content
/// (`Content`), or only that nothing else claims it (`Fallback`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// Nothing else matched: the file's extension is all there is.
    Fallback,
    /// The content shows it.
    Content,
    /// A file name several conventions use.
    Generic,
    /// The file name and its folder.
    Folder,
    /// A name only this convention uses, or the name in a place only it reads.
    Name,
}

/// Where a file named explicitly really is, as [`Adapter::explicit_layer`] and
/// [`Adapter::project_layer`] see it (paths made absolute and canonical).
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// The file's file name.
    pub name: &'a str,
    /// Its directory.
    pub parent: &'a Path,
    /// That directory's name.
    pub parent_name: &'a str,
    /// The project it belongs to: the directory holding its agent folder, else its directory.
    pub project: &'a Path,
    /// Whether it sits in an agent folder ([`crate::scope::AGENT_DIRS`]).
    pub in_agent_dir: bool,
    /// Whether [`Place::project`] is the home dir.
    pub project_is_home: bool,
}

/// Every convention's adapter, in [`Convention::ALL`] order (a test checks it).
pub static ADAPTERS: [&dyn Adapter; Convention::ALL.len()] = [
    &crate::jcode::Jcode,
    &crate::jarvis::Jarvis,
    &crate::gjc::Gjc,
    &crate::hook_dirs::CLAUDE_DIR_ADAPTER,
    &crate::hook_dirs::CODEX_DIR_ADAPTER,
    &crate::codex_json::CodexJson,
    &crate::gjc_plugin::GjcPlugin,
    &crate::claude_settings::ClaudeSettings,
    &crate::gemini_settings::GeminiSettings,
    &crate::copilot_hooks::CopilotHooks,
    &crate::qwen_settings::QwenSettings,
    &crate::cursor_hooks::CursorHooks,
    &crate::cline_dir::ClineDir,
];

/// The adapter of `convention`.
pub fn adapter(convention: Convention) -> &'static dyn Adapter {
    // `ADAPTERS` follows `Convention::ALL`, whose order is the enum's.
    ADAPTERS[convention as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_convention_has_its_adapter_in_order() {
        assert_eq!(ADAPTERS.len(), Convention::ALL.len());
        for (i, c) in Convention::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i, "Convention::ALL is in enum order");
            assert_eq!(adapter(c).convention(), c, "ADAPTERS[{i}] is not `{c}`'s");
        }
    }
}
