//! Conversion between conventions, IR → IR, as `hooks import` does it before a writer runs.
//!
//! [`convert`] turns hooks read from one convention into hooks shaped for another: convention =
//! the target, `source_event` = the target's event for the same kind (contract table), `exec` =
//! the target's, `timeout_ms` converted and clamped to the target's bounds, `detail` = `None`
//! (writers render the canonical fields). Everything that changes is said with a diagnostic;
//! a hook that cannot move is reported and left out, never silently dropped.
//!
//! Supported moves: between the command conventions `jcode`, `jarvis`, `codex-json` and
//! `claude-settings`, both ways; and `claude-dir`/`codex-dir` (and `gjc`) module hooks → `gjc`.

mod cursor;
pub mod events;
pub mod exec;
mod gemini;
pub mod glob;
pub mod matcher;
pub mod native;
mod paths;
mod steps;
pub mod timeout;
pub mod tools;
mod variables;

use crate::placement as scope;
use adapters::Context;
use hook_ir::contract::MatchedValue;
use hook_ir::jcode_argv::parse_hook_command;
use hook_ir::Scope;
use hook_ir::{quote, Code, Convention, Detail, Diagnostic, Exec, Handler, Hook, Kind, Matcher};

/// Hooks shaped for the target, and everything the conversion has to say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conversion {
    /// The converted hooks, in source order.
    pub hooks: Vec<Hook>,
    /// Notes, warnings, and an error for every hook left out.
    pub diagnostics: Vec<Diagnostic>,
    /// The scope each converted hook goes to in the target (same order as `hooks`; empty when
    /// converted without a [`Context`], see [`convert_in`]).
    pub scopes: Vec<Scope>,
    /// For each converted hook, the index of the source hook it came from (one source hook can
    /// become several: a GJC module filed under two tool names).
    pub sources: Vec<usize>,
    /// Each source hook left out, with the code that says why.
    pub left_out: Vec<(usize, Code)>,
}

/// The conventions whose hooks are external commands, between which hooks move both ways
/// (the profiles with a hook input: [`hook_ir::conventions::command_conventions`]).
pub fn command_conventions() -> Vec<Convention> {
    hook_ir::conventions::command_conventions().collect()
}

fn is_command(c: Convention) -> bool {
    hook_ir::conventions::profile(c).hook_input.is_some()
}

/// The conventions whose hook files `to` takes as its own modules (empty: `to` is not a
/// module convention), from its adapter.
fn module_sources(to: Convention) -> &'static [Convention] {
    adapters::registry::adapter(to).module_sources()
}

/// Whether `hooks import --from from --to to` is a supported move.
pub fn is_supported(from: Convention, to: Convention) -> bool {
    from != to && (is_command(from) && is_command(to) || module_sources(to).contains(&from))
}

/// How each command convention executes its commands (conventions.md §1, §2, §4, §5).
pub fn target_exec(to: Convention) -> Exec {
    use hook_ir::contract::{Launch, ShellProgram};
    match hook_ir::contract::runtime(to).map(|r| r.launch) {
        Some(Launch::Argv) => Exec::Direct,
        Some(Launch::Shell {
            shell: ShellProgram::LoginShell { .. },
            ..
        }) => Exec::LoginShell,
        _ => Exec::Shell,
    }
}

/// Converts `hooks` into `to`'s terms, scopes aside (every hook goes where the target's writer
/// puts it by default).
pub fn convert(hooks: &[Hook], to: Convention) -> Conversion {
    convert_in(hooks, to, None)
}

/// Converts `hooks` into `to`'s terms keeping scopes ([`crate::placement`]): with a context, each
/// hook's scope is read from its source file, a project hook going to a user-level-only target
/// is guarded to act only inside `ctx.project`, and such a guard read back for this project is
/// removed again.
///
/// `hooks` may be the hooks or references to them (the importer converts the hooks it found
/// without copying them).
pub fn convert_in<H: std::borrow::Borrow<Hook>>(
    hooks: &[H],
    to: Convention,
    ctx: Option<&Context>,
) -> Conversion {
    let mut out = Conversion::default();
    // The source conventions of the hooks that moved, in order of first appearance.
    let mut moved_from: Vec<Convention> = Vec::new();
    let mut notes = Notes::default();
    for (i, h) in hooks.iter().enumerate() {
        let h: &Hook = h.borrow();
        let said_before = out.diagnostics.len();
        let mut say = Say {
            hook: h,
            to,
            diagnostics: &mut out.diagnostics,
            ctx,
            scope: ctx.map(|_| h.scope),
        };
        let mut converted: Vec<Hook> = if !module_sources(to).is_empty() {
            to_module(h, &mut say).unwrap_or_default()
        } else if is_command(to) && native::is_outside(h) {
            native::to_native(h, &mut say).into_iter().collect()
        } else if is_command(to) {
            to_command(h, &mut say).into_iter().collect()
        } else {
            say.refuse(
                Code::SemanticMismatch,
                format!("`{to}` has no importer; hooks cannot be imported into it"),
            );
            Vec::new()
        };
        // Each converted hook is of the scope it is placed at (without a context: its own).
        let sc = say.scope.unwrap_or(h.scope);
        for c in &mut converted {
            c.scope = sc;
        }
        if say.scope.is_some() {
            out.scopes.extend(std::iter::repeat_n(sc, converted.len()));
        }
        out.sources.extend(std::iter::repeat_n(i, converted.len()));
        if converted.is_empty() {
            let why = out.diagnostics[said_before..]
                .iter()
                .find(|d| {
                    d.severity() == hook_ir::Severity::Error
                        || d.code == Code::ManagedHookNotImported
                })
                .map_or(Code::SemanticMismatch, |d| d.code);
            out.left_out.push((i, why));
        }
        if !converted.is_empty() && !moved_from.contains(&h.convention) {
            moved_from.push(h.convention);
        }
        out.hooks.extend(converted);
        notes.collapse(&mut out.diagnostics, said_before, h, to);
    }
    notes.count_into(&mut out.diagnostics);
    if to == Convention::Jcode {
        unify_jcode_timeouts(&mut out);
    }
    say_input_changes(&moved_from, &mut out, to);
    out
}

/// How a command convention hands the event to its hooks, in words (its profile's).
fn input_words(c: Convention) -> &'static str {
    hook_ir::conventions::profile(c)
        .hook_input
        .map_or("", |i| i.words)
}

/// Says once per source convention that the imported commands will receive the target's input,
/// since no conversion can rewrite what a script reads.
fn say_input_changes(moved_from: &[Convention], out: &mut Conversion, to: Convention) {
    if !is_command(to) {
        return;
    }
    for &from in moved_from {
        if input_words(from) == input_words(to) {
            continue;
        }
        out.diagnostics.push(
            Diagnostic::new(
                Code::LossyConversion,
                format!(
                    "imported {from} hooks receive {to}'s input ({}) instead of {from}'s ({}); check every script that reads its input",
                    input_words(to),
                    input_words(from)
                ),
            )
            .with_convention(from),
        );
    }
}

/// The `conversion_note`s already said, by what they say: a note that thousands of hooks get in
/// the same words (the target's shell, a tool's name there) is said once, with a count — 64,000
/// copies were 64,000 lines of output and a good part of the import's memory (issue 24).
#[derive(Default)]
struct Notes {
    /// (the hook's convention, the note after the hook's name) → (index of the note kept, how
    /// many more hooks got it).
    seen: std::collections::HashMap<(Convention, String), (usize, usize)>,
}

impl Notes {
    /// Keeps the notes `diagnostics[from..]` of hook `h` that are new, counts the others.
    fn collapse(
        &mut self,
        diagnostics: &mut Vec<Diagnostic>,
        from: usize,
        h: &Hook,
        to: Convention,
    ) {
        if !diagnostics[from..]
            .iter()
            .any(|d| d.code == Code::ConversionNote)
        {
            return;
        }
        let prefix = format!("{} → {to}: ", what(h));
        let said: Vec<Diagnostic> = diagnostics.drain(from..).collect();
        for d in said {
            let body = match d.message.strip_prefix(&prefix) {
                Some(body) if d.code == Code::ConversionNote => body,
                _ => {
                    diagnostics.push(d);
                    continue;
                }
            };
            match self.seen.get_mut(&(h.convention, body.to_string())) {
                Some((_, more)) => *more += 1,
                None => {
                    self.seen
                        .insert((h.convention, body.to_string()), (diagnostics.len(), 0));
                    diagnostics.push(d);
                }
            }
        }
    }

    /// Adds "(and N more hooks)" to each note that more hooks got.
    fn count_into(self, diagnostics: &mut [Diagnostic]) {
        for (i, more) in self.seen.into_values().filter(|(_, more)| *more > 0) {
            if let Some(d) = diagnostics.get_mut(i) {
                let hooks = if more == 1 { "hook" } else { "hooks" };
                d.message
                    .push_str(&format!(" (and {} more {hooks})", thousands(more)));
            }
        }
    }
}

/// `n` with a comma between groups of three digits (`63,999`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The hook in words, as every diagnostic of its conversion starts.
fn what(h: &Hook) -> String {
    let handler = match &h.handler {
        Handler::Command { command, .. } => quote(command),
        Handler::Module { path } => quote(path),
    };
    format!("{} `{}` hook {handler}", h.convention, h.source_event)
}

/// Builds the diagnostics of one hook, at its source location.
struct Say<'a> {
    hook: &'a Hook,
    to: Convention,
    diagnostics: &'a mut Vec<Diagnostic>,
    /// Where the import runs, when scopes are kept.
    ctx: Option<&'a Context>,
    /// The hook's scope: from its source file, then where it goes in the target.
    scope: Option<Scope>,
}

impl Say<'_> {
    fn what(&self) -> String {
        what(self.hook)
    }

    fn push(&mut self, code: Code, message: String) {
        let d = Diagnostic::new(code, format!("{} → {}: {message}", self.what(), self.to))
            .with_convention(self.hook.convention)
            .at(self.hook.location.clone());
        self.diagnostics.push(d);
    }

    fn refuse(&mut self, code: Code, message: String) {
        self.push(code, format!("{message}; not imported"));
    }
}

/// One GJC module hook per target tool name (a GJC file is filed under one name: Codex's
/// `apply_patch` is GJC's `edit` and `write`, two copies of the module).
fn to_module(h: &Hook, say: &mut Say) -> Option<Vec<Hook>> {
    let Handler::Module { path } = &h.handler else {
        say.refuse(
            Code::SemanticMismatch,
            "a command hook cannot become a GJC module (GJC runs hook modules in-process)".into(),
        );
        return None;
    };
    if !module_sources(say.to).contains(&h.convention) {
        say.refuse(
            Code::SemanticMismatch,
            format!("`{}` hooks cannot be imported into `gjc`", h.convention),
        );
        return None;
    }
    let real_path = match &h.detail {
        Detail::Module { real_path, .. } => real_path.clone(),
        _ => path.clone(),
    };
    let ext = std::path::Path::new(&real_path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if !adapters::registry::adapter(say.to)
        .module_extensions()
        .contains(&ext.as_str())
    {
        // The writer's code for the same refusal: a script is not a module GJC can import.
        let tool = match &h.matcher {
            Matcher::Exact { names } if names.len() == 1 => names[0].clone(),
            _ => "*".to_string(),
        };
        let event = if h.kind == Kind::PostToolUse {
            "tool_result"
        } else {
            "tool_call"
        };
        say.refuse(
            Code::ShellHookNotModule,
            format!(
                "GJC imports hook modules (JavaScript or TypeScript); a `.{ext}` file would fail to load"
            ),
        );
        if let Some(d) = say.diagnostics.last_mut() {
            *d = d.clone().with_help(format!(
                "rewrite it as `{tool}.ts` exporting `(api) => api.on(\"{event}\", ...)`, or keep it as a command hook of a command convention"
            ));
        }
        return None;
    }
    let row = target_row(h, say)?;
    place_module(say)?;
    let matcher = in_target_tools(h, h.matcher.clone(), say)?;
    let tools: Vec<String> = match &matcher {
        Matcher::Any => vec!["*".to_string()],
        Matcher::Exact { names } if !names.is_empty() => names.clone(),
        other => {
            say.refuse(
                Code::MatcherNotPortable,
                format!(
                    "a GJC hook file is filed under tool names (or `*`), not {}",
                    matcher_words(other, true)
                ),
            );
            return None;
        }
    };
    let n = tools.len();
    Some(
        tools
            .into_iter()
            .enumerate()
            .map(|(i, tool)| Hook {
                plugin_root: None,
                source_file: None,
                id: if n == 1 {
                    format!("{}:{}", say.to, h.id)
                } else {
                    format!("{}:{}#{i}", say.to, h.id)
                },
                kind: h.kind,
                convention: say.to,
                source_event: row.event.to_string(),
                matcher: if tool == "*" {
                    Matcher::Any
                } else {
                    Matcher::Exact {
                        names: vec![tool.clone()],
                    }
                },
                handler: h.handler.clone(),
                timeout_ms: row.rules().and_then(|r| r.timeout.default_ms()),
                scope: hook_ir::Scope::default(),
                location: h.location.clone(),
                detail: Detail::Module {
                    real_path: real_path.clone(),
                    in_process_event: row.event.to_string(),
                    tool: h.kind.is_tool_kind().then_some(tool),
                    plugin: None,
                },
            })
            .collect(),
    )
}

/// Where a command hook goes, scope-wise (nothing to do without a context): the same level when
/// the target has it; otherwise the user level, with `command` guarded to act only inside the
/// project. A guard this import wrote earlier for this project is taken off first (the hook is
/// a project hook again).
fn place_command(command: &mut String, say: &mut Say) -> Option<()> {
    let (Some(ctx), Some(mut from)) = (say.ctx, say.scope) else {
        return Some(());
    };
    let project = ctx.project.clone();
    let mut was_guarded = false;
    if let (Some(p), Some((dir, sc, inner))) = (&project, scope::unguard(command)) {
        if same_dir(&dir, p) {
            *command = inner;
            from = sc;
            was_guarded = true;
        }
    }
    let Some((to_scope, guarded)) = scope::place(ctx, say.to, from) else {
        say.refuse(
            Code::SemanticMismatch,
            format!(
                "`{}` has no {} configuration to hold it",
                say.to,
                from.as_str()
            ),
        );
        return None;
    };
    if guarded {
        // The physical directory: agents start hooks in their working directory as `getcwd`
        // gives it, so a project named through a symlink would never match its own guard.
        let p = project.map(|p| std::fs::canonicalize(&p).unwrap_or(p))?;
        *command = scope::guard(command, &p, from);
        if !was_guarded {
            let file = scope::target(ctx, say.to, to_scope)
                .map(|f| ctx.display(&f))
                .unwrap_or_default();
            let why = if from == Scope::Personal {
                format!("{} has no personal project file", say.to)
            } else {
                format!("{} keeps hooks only at user level", say.to)
            };
            say.push(
                Code::ScopeGuarded,
                format!(
                    "a {} hook: {why}, so it is written to `{file}` with a guard (`case \"$PWD/\" in …`) that makes it act only inside {}",
                    from.as_str(),
                    quote(&p.to_string_lossy())
                ),
            );
        }
    } else if was_guarded {
        say.push(
            Code::ConversionNote,
            format!(
                "the guard that limited this user-level hook to {} is taken off: it goes back into the project's own {} file",
                quote(&project.unwrap_or_default().to_string_lossy()),
                from.as_str()
            ),
        );
    }
    say.scope = Some(to_scope);
    Some(())
}

/// Whether two paths name the same directory (as written, or once resolved).
fn same_dir(a: &std::path::Path, b: &std::path::Path) -> bool {
    let trim = |p: &std::path::Path| p.to_string_lossy().trim_end_matches('/').to_string();
    trim(a) == trim(b)
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// Where a module hook goes, scope-wise: modules cannot be guarded, so only to the same level.
fn place_module(say: &mut Say) -> Option<()> {
    let (Some(ctx), Some(from)) = (say.ctx, say.scope) else {
        return Some(());
    };
    if scope::target(ctx, say.to, from).is_none() {
        say.refuse(
            Code::SemanticMismatch,
            format!(
                "`{}` has no {} hooks directory, and a module cannot be limited to one project",
                say.to,
                from.as_str()
            ),
        );
        return None;
    }
    Some(())
}

/// The matcher in the target agent's tool names (tool kinds only; other matchers test prompts,
/// sources or reasons).
fn in_target_tools(h: &Hook, m: Matcher, say: &mut Say) -> Option<Matcher> {
    let agents = (
        hook_ir::tools::Agent::of(h.convention),
        hook_ir::tools::Agent::of(say.to),
    );
    let (Some(from), Some(to)) = agents else {
        return Some(m);
    };
    if from == to || !h.kind.is_tool_kind() {
        return Some(m);
    }
    match tools::map_matcher(&m, from, to) {
        Ok(mapped) => {
            for (code, message) in mapped.said {
                say.push(code, message);
            }
            Some(mapped.matcher)
        }
        Err((code, message)) => {
            say.refuse(code, message);
            None
        }
    }
}

fn target_row(h: &Hook, say: &mut Say) -> Option<&'static hook_ir::contract::EventContract> {
    let row = events::target_event(say.to, h.kind);
    if row.is_none() {
        say.refuse(
            Code::SemanticMismatch,
            format!("`{}` has no event of kind `{}`", say.to, h.kind),
        );
    }
    row
}

/// The matcher in words; `tools`: whether it matches tool names (else other values, such as a
/// session's source).
fn matcher_words(m: &Matcher, tools: bool) -> String {
    match m {
        Matcher::Any => "every value".into(),
        Matcher::Exact { names } => format!(
            "the {} {}",
            if tools { "tools" } else { "values" },
            quote(&names.join("|"))
        ),
        Matcher::Regex { dialect, pattern } => {
            format!(
                "the {} regex {}",
                matcher::dialect_name(*dialect),
                quote(pattern)
            )
        }
    }
}

/// A command in the shell world: what `sh` would run, before it is shaped for the target.
struct ShellCommand {
    command: String,
    exec: Exec,
    /// The tool matcher of a jcode wrapper, which becomes the hook's matcher.
    tools: Option<Matcher>,
}

/// Brings a source command into the shell world (unwrapping jcode's wrappers).
fn to_shell(command: &str, exec: Exec, say: &mut Say) -> Option<ShellCommand> {
    if exec != Exec::Direct {
        return Some(ShellCommand {
            command: command.to_string(),
            exec,
            tools: None,
        });
    }
    if let Some(u) = exec::unwrap(command) {
        let tools = u.tools.as_ref().map(|globs| match u.names() {
            Some(names) => Matcher::Exact { names },
            None => Matcher::Regex {
                dialect: hook_ir::Dialect::Ecmascript,
                pattern: glob::globs_to_regex(globs),
            },
        });
        say.push(
            Code::ConversionNote,
            match &u.tools {
                Some(t) => format!(
                    "the `sh -c` wrapper that limits the hook to {} is unwrapped into a matcher",
                    quote(&t.iter().map(glob::case_word).collect::<Vec<_>>().join("|"))
                ),
                None => {
                    "the `sh -c` wrapper is unwrapped: the target runs commands with a shell".into()
                }
            },
        );
        return Some(ShellCommand {
            command: u.command,
            exec: u.exec,
            tools,
        });
    }
    if exec::is_direct_safe(command) {
        return Some(ShellCommand {
            command: command.to_string(),
            exec: Exec::Shell,
            tools: None,
        });
    }
    match parse_hook_command(command) {
        Ok(argv) => {
            let shell = exec::argv_to_shell(&argv);
            say.push(
                Code::ConversionNote,
                format!(
                    "jcode runs the command without a shell; it is written {} so the shell passes the same arguments",
                    quote(&shell)
                ),
            );
            Some(ShellCommand {
                command: shell,
                exec: Exec::Shell,
                tools: None,
            })
        }
        Err(e) => {
            say.refuse(
                Code::InvalidCommand,
                format!("the command cannot be parsed: {e}"),
            );
            None
        }
    }
}

fn to_command(h: &Hook, say: &mut Say) -> Option<Hook> {
    let Handler::Command { command, exec } = &h.handler else {
        say.refuse(
            Code::SemanticMismatch,
            format!(
                "a module hook runs in-process; `{}` runs external commands",
                say.to
            ),
        );
        return None;
    };
    if is_gjc_managed(h, command) {
        // Not an error: it is left in place on purpose, and an import of a file that `hooks
        // setup codex` maintains would otherwise always exit 1.
        say.refuse(
            Code::ManagedHookNotImported,
            "this is GJC's managed Codex entry (`gjc codex-native-hook`), which only Codex runs; it stays in Codex and `hooks setup codex` maintains it".into(),
        );
        return None;
    }
    let row = target_row(h, say)?;
    let rules = row.rules()?;
    let mut shell = to_shell(command, *exec, say)?;
    let guarded_in = variables::guard_dir(&shell.command);
    place_command(&mut shell.command, say)?;
    shell.command = paths::portable(&shell.command, h, say);
    // A gate in the target, unless it stays a background (`async`) hook there.
    let gate = rules.can_block && !(steps::was_async(h) && steps::keeps_async(say.to));
    let unguarded = guarded_in.filter(|_| variables::guard_dir(&shell.command).is_none());
    shell.command = variables::rewrite(&shell.command, h, gate, unguarded.as_deref(), say)?;
    let source_matcher = match shell.tools.take() {
        Some(m) if h.matcher.is_any() => m,
        Some(_) => {
            say.refuse(
                Code::MatcherNotPortable,
                "the hook has both a matcher and a tool wrapper".into(),
            );
            return None;
        }
        None => h.matcher.clone(),
    };
    let source_matcher = in_target_tools(h, source_matcher, say)?;
    let to_exec = target_exec(say.to);

    // Matcher: refuse where the target would widen or change what the hook fires for.
    let mut wrap_tools: Option<Vec<glob::Glob>> = None;
    let matcher = if source_matcher.is_any() {
        Matcher::Any
    } else if say.to == Convention::Jcode {
        let globs = match &source_matcher {
            Matcher::Exact { names } => Some(
                names
                    .iter()
                    .map(|n| {
                        if n.is_empty() {
                            Vec::new()
                        } else {
                            vec![glob::Piece::Lit(n.clone())]
                        }
                    })
                    .collect(),
            ),
            Matcher::Regex { pattern, .. } => glob::regex_to_globs(&matcher::unprotect(pattern)),
            Matcher::Any => None,
        };
        match globs {
            Some(globs) if h.kind.is_tool_kind() => {
                wrap_tools = Some(globs);
                Matcher::Any
            }
            Some(_) => {
                say.refuse(
                    Code::MatcherNotPortable,
                    format!(
                        "jcode has no matcher and only tool names can be checked by a wrapper; the hook would fire for every value instead of {}",
                        matcher_words(&source_matcher, false)
                    ),
                );
                return None;
            }
            None => {
                say.refuse(
                    Code::MatcherNotPortable,
                    format!(
                        "jcode has no matcher, and {} has no exact shell `case` pattern (only alternatives of literal names, `.*`, `.+` and `.`, with or without `^`/`$`, have one)",
                        matcher_words(&source_matcher, true)
                    ),
                );
                return None;
            }
        }
    } else {
        let source_value = hook_ir::contract::find(h.convention, &h.source_event)
            .map(|r| r.matched)
            // Tool names for tool kinds when the source row is unknown (a wrapper from jcode).
            .filter(|m| *m != MatchedValue::NoMatcher)
            .unwrap_or(if h.kind.is_tool_kind() {
                MatchedValue::ToolName
            } else {
                MatchedValue::Other
            });
        if matches!(
            row.matched,
            MatchedValue::Ignored | MatchedValue::AlwaysEmpty | MatchedValue::NoMatcher
        ) || row.matched != source_value
        {
            say.refuse(
                Code::MatcherNotPortable,
                format!(
                    "`{}` does not filter `{}` by the value this matcher tests; the hook would fire for every value instead of {}",
                    say.to,
                    row.event,
                    matcher_words(&source_matcher, h.kind.is_tool_kind())
                ),
            );
            return None;
        }
        match matcher::translate(&source_matcher, say.to) {
            Ok(t) => steps::translated(t, say),
            Err(matcher::Refusal::DoesNotCompile(e)) => {
                say.refuse(
                    Code::MatcherNotPortable,
                    format!(
                        "{} does not compile in the target's dialect: {e}",
                        matcher_words(&source_matcher, h.kind.is_tool_kind())
                    ),
                );
                return None;
            }
            Err(matcher::Refusal::NoMatcherForRegex) => {
                say.refuse(Code::MatcherNotPortable, "the target has no matcher".into());
                return None;
            }
        }
    };

    // Execution: wrap for jcode, or keep the shell command.
    let new_command = if to_exec == Exec::Direct {
        // The wrappers use `sh -c`, never `sh -lc`, so a round trip through jcode comes back
        // to the same command whichever shell the other side uses.
        if shell.exec == Exec::LoginShell {
            say.push(
                Code::ConversionNote,
                "jcode runs the command through the `sh -c` wrapper, not the user's login shell (Codex runs e.g. `/bin/bash -c`): bash- or zsh-only syntax fails there".into(),
            );
        }
        if let Some(globs) = &wrap_tools {
            let words: Vec<String> = globs.iter().map(glob::case_word).collect();
            say.push(
                Code::ConversionNote,
                format!(
                    "jcode has no matcher: the command is wrapped in `sh -c 'case \"$JCODE_HOOK_TOOL_NAME\" in …'` so it only acts on {}",
                    quote(&words.join("|"))
                ),
            );
            exec::wrap_globs(&shell.command, Exec::Shell, globs)
        } else if exec::is_direct_safe(&shell.command) {
            shell.command.clone()
        } else {
            say.push(
                Code::ConversionNote,
                "jcode runs commands without a shell: the command is wrapped in `sh -c '…'`".into(),
            );
            exec::wrap_shell(&shell.command, Exec::Shell)
        }
    } else {
        steps::shell_change(shell.exec, *exec, say);
        shell.command.clone()
    };
    let new_command = gemini::command_out_of(h, &new_command, to_exec, say);
    let new_command = cursor::command_across(h, &new_command, say);
    cursor::say_out_of(h, say);

    // Gate vs observer, and what the target ignores.
    let mut changes = events::compare(h.convention, &h.source_event, row);
    if steps::was_async(h) {
        changes.loses_blocking = false;
        changes.gains_blocking = rules.can_block && !steps::keeps_async(say.to);
    }
    if changes.loses_blocking {
        say.push(
            Code::LossyConversion,
            format!(
                "`{}` is an observer in {}: the hook can no longer block (its exit code is ignored)",
                row.event, say.to
            ),
        );
    }
    if changes.gains_blocking {
        say.push(
            Code::ObserverBecomesGate,
            format!(
                "`{}` is a gate in {}: an exit code of 2 now blocks (or continues the agent)",
                row.event, say.to
            ),
        );
    }
    for m in changes.lost_mutations {
        say.push(
            Code::LossyConversion,
            format!(
                "the hook could {}; `{}` in {} ignores that",
                events::mutation_words(m),
                row.event,
                say.to
            ),
        );
    }

    let t = timeout::convert(h.timeout_ms, rules.timeout);
    if let Some(l) = t.lossy {
        say.push(Code::LossyConversion, l);
    }
    if let Some(n) = t.note.filter(|_| h.convention == Convention::Jcode) {
        say.push(Code::ConversionNote, n);
    }

    Some(Hook {
        plugin_root: None,
        source_file: None,
        id: format!("{}:{}", say.to, h.id),
        kind: h.kind,
        convention: say.to,
        source_event: row.event.to_string(),
        matcher,
        handler: Handler::Command {
            command: new_command,
            exec: to_exec,
        },
        timeout_ms: t.timeout_ms,
        scope: hook_ir::Scope::default(),
        location: h.location.clone(),
        detail: steps::detail(h, say),
    })
}

/// Whether a hook is GJC's managed Codex entry (conventions.md §3: its command matches both
/// `\bgjc(.exe)?\b` and `\bcodex-native-hook\b`).
fn is_gjc_managed(h: &Hook, command: &str) -> bool {
    if matches!(
        h.detail,
        Detail::JsonGroup {
            gjc_managed: true,
            ..
        }
    ) {
        return true;
    }
    adapters::registry::adapter(h.convention).managed_by_other_agent(h, command)
}

/// Codex and Claude share `async` and `statusMessage`: between them these survive. Elsewhere a
/// status message is dropped, and that is said; `async` is accounted for as a gate change.
fn json_detail(h: &Hook, say: &mut Say) -> Detail {
    let Detail::JsonGroup {
        group,
        index,
        raw_matcher,
        timeout_explicit,
        is_async,
        status_message,
        ..
    } = &h.detail
    else {
        return Detail::None;
    };
    if adapters::registry::adapter(say.to).keeps_group_fields() {
        return Detail::JsonGroup {
            group: *group,
            index: *index,
            // The writers use the string only when the target reads it as the same matcher.
            raw_matcher: raw_matcher.clone(),
            // Both default to 600 s: a timeout left out stays left out.
            timeout_explicit: *timeout_explicit,
            is_async: *is_async,
            status_message: status_message.clone(),
            gjc_managed: false,
        };
    }
    if let Some(m) = status_message {
        say.push(
            Code::LossyConversion,
            format!(
                "`statusMessage` {} is dropped: {} has no such field",
                quote(m),
                say.to
            ),
        );
    }
    if *is_async == Some(true) {
        say.push(
            Code::LossyConversion,
            format!("`async` is dropped: {} waits for the hook", say.to),
        );
    }
    Detail::None
}

/// jcode has one `pre_tool_timeout_ms` for every `pre_tool` command: the imported gates share
/// the longest of their timeouts, and each one that gets longer is reported.
fn unify_jcode_timeouts(out: &mut Conversion) {
    let gates = |h: &&mut Hook| h.kind == Kind::PreToolUse;
    let Some(max) = out
        .hooks
        .iter_mut()
        .filter(gates)
        .filter_map(|h| h.timeout_ms)
        .max()
    else {
        return;
    };
    for h in out.hooks.iter_mut().filter(gates) {
        if h.timeout_ms != Some(max) {
            out.diagnostics.push(
                Diagnostic::new(
                    Code::LossyConversion,
                    format!(
                        "jcode has one `pre_tool_timeout_ms` for all `pre_tool` commands: {} gets {max} ms instead of {} ms",
                        h.command().map_or_else(String::new, quote),
                        h.timeout_ms.unwrap_or(0)
                    ),
                )
                .with_convention(Convention::Jcode)
                .at(h.location.clone()),
            );
            h.timeout_ms = Some(max);
        }
    }
}

#[cfg(test)]
mod tests;
