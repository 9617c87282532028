//! `hooks bridge install|uninstall --host CONV [--from CONV,..] [PATH] [--dry-run]`: one bridge
//! entry per host event that has hooks to bridge, written through the host convention's own
//! format-preserving writer (idempotent); stale bridge entries of the host are removed.

use super::stash::Stash;
use crate::args::BridgeInstallArgs;
use crate::exit::Exit;
use crate::render::human::visible_line;
use adapters::bridge::{self, BridgeEntry};
use adapters::write::{apply, FileChange, Plan, WriteOptions};
use adapters::Context;
use anyhow::{bail, Context as _};
use hook_ir::{Convention, Handler, Hook, Kind, Location, Matcher, Severity};
use runner::host;
use std::path::{Path, PathBuf};

pub(super) struct Setup {
    pub(super) host: Convention,
    pub(super) ctx: Context,
    pub(super) project: PathBuf,
    pub(super) target: PathBuf,
    pub(super) display: String,
}

fn setup(a: &BridgeInstallArgs) -> anyhow::Result<Setup> {
    if !host::is_host(a.host) {
        bail!(
            "`{}` cannot host the bridge; hosts: {}",
            a.host,
            host::hosts()
                .map(|h| h.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let project = super::super::discover::absolute(a.path.as_deref().unwrap_or(Path::new(".")))?;
    if !project.is_dir() {
        bail!("{}: not a project directory", project.display());
    }
    let home = match &a.home {
        Some(h) => Some(super::super::discover::absolute(h)?),
        None => std::env::var_os("HOME").map(PathBuf::from),
    };
    let ctx = Context::from_process(Some(project.clone()), home, true);
    // The host's project file; a host that reads only its user's file (Jarvis) gets that.
    let adapter = adapters::registry::adapter(a.host);
    let target = adapter
        .file_at(&ctx, hook_ir::Scope::Project)
        .or_else(|| adapter.file_at(&ctx, hook_ir::Scope::User))
        .context("no home directory: pass --home DIR")?;
    // Write through a symlink to the file it names.
    let target = std::fs::canonicalize(&target).unwrap_or(target);
    let display = ctx.display(&target);
    Ok(Setup {
        host: a.host,
        ctx,
        project,
        target,
        display,
    })
}

/// The command that runs this binary: `hooks` when that is what `PATH` finds, else its path.
fn program() -> anyhow::Result<String> {
    let exe = std::env::current_exe().context("cannot tell where this `hooks` binary is")?;
    let exe = std::fs::canonicalize(&exe).unwrap_or(exe);
    let on_path =
        runner::module_host::find_on_path("hooks").and_then(|p| std::fs::canonicalize(p).ok());
    Ok(if on_path.as_deref() == Some(exe.as_path()) {
        "hooks".into()
    } else {
        exe.to_string_lossy().into_owned()
    })
}

/// Whether the project is the home dir (its agent files are the user's own, not committed).
fn project_is_home(s: &Setup) -> bool {
    s.ctx.home.as_deref() == Some(s.project.as_path())
}

/// The bridge entry for one host event.
fn entry(
    host: Convention,
    event: &str,
    kind: Kind,
    command: String,
    guarantees: bridge::Guarantees,
) -> Hook {
    let detail = adapters::registry::adapter(host).bridge_entry_detail(kind, guarantees);

    Hook {
        plugin_root: None,
        source_file: None,
        id: format!("bridge:{event}"),
        kind,
        convention: host,
        source_event: event.to_string(),
        matcher: Matcher::Any,
        handler: Handler::Command {
            command,
            exec: hooks_migrate::convert::target_exec(host),
        },
        timeout_ms: Some(host::entry_timeout_s(host) * 1000),
        scope: hook_ir::Scope::default(),
        location: Location::path_only("hooks bridge install"),
        detail,
    }
}

fn read(target: &Path, display: &str) -> anyhow::Result<Option<String>> {
    adapters::write::read_target(target).with_context(|| format!("cannot read {display}"))
}

/// Removes the host's bridge entries for which `stale` is true; `None` when there are none.
fn removal(
    s: &Setup,
    before: &str,
    stale: impl Fn(&BridgeEntry) -> bool,
) -> anyhow::Result<Option<(FileChange, usize)>> {
    let mine = |e: &BridgeEntry| e.host.as_deref() == Some(s.host.as_str()) && stale(e);
    let toml = adapters::registry::adapter(s.host).fix_syntax(&s.target)
        == Some(adapters::registry::Syntax::Toml);
    let (after, n) = if toml {
        bridge::remove_from_toml(before, mine)
    } else {
        bridge::remove_from_json(before, mine)
    }
    .map_err(|e| anyhow::anyhow!("{}: {e}; fix it, then run again", s.display))?;
    Ok((n > 0).then(|| {
        (
            FileChange {
                path: s.target.clone(),
                display: s.display.clone(),
                before: Some(before.to_string()),
                after,
                mode: None,
            },
            n,
        )
    }))
}

pub(super) fn where_hooks_run(s: &Setup) -> String {
    adapters::registry::adapter(s.host).runs_when(
        &s.display,
        &s.project,
        host::entry_timeout_s(s.host),
    )
}

/// `hooks bridge install`.
pub fn install(a: BridgeInstallArgs) -> anyhow::Result<Exit> {
    let s = setup(&a)?;
    let sources = a
        .from
        .clone()
        .map(|f| f.0)
        .unwrap_or_else(|| bridge::default_sources(s.host));
    let found = hooks_rules::discover_only(&s.ctx, &sources);
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|&k| {
            found
                .batch
                .hooks
                .iter()
                .any(|h| h.kind == k && bridge::bridged(s.host, h))
        })
        .collect();
    let program = program()?;
    // A project's file is committed: this machine's path to `hooks` runs nowhere else.
    if program != "hooks" && s.target.starts_with(&s.project) && !project_is_home(&s) {
        outln!(
            "warning: `hooks` is not on PATH, so the entries run {}: a path on this machine only, in a file the project commits; teammates' agents will not find it. Put `hooks` on PATH (`npm install -g hooks-cli`, `pipx install hooks-cli`, `cargo install hooks-cli`) and install again to write `hooks`.",
            program
        );
    }
    let mut wanted: Vec<Hook> = Vec::new();
    let mut unbridgeable: Vec<Kind> = Vec::new();
    for k in kinds {
        let guarantees = bridge::Guarantees {
            fail_closed: a.fail_closed,
            loop_limit: a.loop_limit,
        };
        match host::event_of(s.host, k).filter(|e| host::kind_of(s.host, e).is_ok()) {
            Some(event) => wanted.push(entry(
                s.host,
                event,
                k,
                bridge::command(
                    &program,
                    s.host,
                    event,
                    a.from.as_ref().map(|f| f.0.as_slice()),
                    guarantees,
                ),
                guarantees,
            )),
            None => unbridgeable.push(k),
        }
    }
    for k in &unbridgeable {
        outln!(
            "note: `{}` has no event for `{k}` hooks: they are not bridged",
            s.host
        );
    }
    // The bridge applies the project's hooks.lock and each source agent's own trust when it
    // runs: say now which hooks it will refuse, rather than bridge them without a word.
    let (trust, _) = crate::commands::trust_policy::policy(
        &s.ctx,
        &s.project,
        &found.batch.hooks,
        &found.sources,
        &found.batch.diagnostics,
        false,
    );
    if let Some(p) = trust {
        for h in found
            .batch
            .hooks
            .iter()
            .filter(|h| bridge::bridged(s.host, h))
        {
            if let Some(why) = p.refuse(h) {
                outln!(
                    "{}",
                    visible_line(&format!(
                        "note: hook `{}` will not run through the bridge: {why} (`hooks bridge --trust-all` runs it anyway)",
                        h.id
                    ))
                );
            }
        }
    }
    // A host whose hooks are files (Cline): one file per entry, not one file of entries.
    if adapters::registry::adapter(s.host).hooks_are_files() {
        return super::install_files::install(&s, &a, wanted);
    }
    // Stale: a bridge entry of this host that is not one of the wanted ones, exactly.
    let keep: Vec<(String, String)> = wanted
        .iter()
        .map(|h| {
            (
                h.source_event.clone(),
                h.command().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let before = read(&s.target, &s.display)?;
    // What uninstall gives back: the file as it was before the first install.
    let stash = Stash::of(&s.target, s.ctx.home.as_deref(), a.home.is_some());
    let has_entries = before
        .as_deref()
        .and_then(|t| removal(&s, t, |_| true).ok().flatten())
        .is_some();
    let original = stash
        .as_ref()
        .and_then(|st| st.original_for(before.as_deref(), has_entries));
    let stale = match &before {
        Some(text) => removal(&s, text, |e| {
            let wanted_command = keep
                .iter()
                .find(|(ev, _)| Some(ev.as_str()) == e.event.as_deref())
                .map(|(_, c)| c);
            // Same event, same command: kept. Anything else of this host: removed.
            wanted_command.is_none_or(|c| bridge::parse(c).as_ref() != Some(e))
        })?,
        None => None,
    };
    if wanted.is_empty() && stale.is_none() {
        outln!(
            "no hooks of {} found for {} to bridge; nothing written.",
            names(&sources),
            s.project.display()
        );
        return Ok(Exit::Success);
    }
    if let Some((change, n)) = &stale {
        outln!(
            "{}: {} {n} stale bridge entr{}",
            s.display,
            if a.dry_run {
                "would remove"
            } else {
                "removing"
            },
            if *n == 1 { "y" } else { "ies" }
        );
        if a.dry_run {
            out!("{}", super::super::import::diff(change));
        } else {
            apply(&Plan {
                changes: vec![change.clone()],
                diagnostics: Vec::new(),
            })
            .with_context(|| format!("cannot write {}", s.display))?;
        }
    }
    let opts = WriteOptions {
        force: false,
        target: Some(s.target.clone()),
        base: None,
    };
    let plan = adapters::plan_write(&s.ctx, s.host, &wanted, &opts);
    let mut refused = false;
    for d in &plan.diagnostics {
        if d.severity() == Severity::Error {
            refused = true;
        }
        outln!("{}[{}]: {}", d.severity(), d.code, visible_line(&d.message));
    }
    if refused {
        outln!("refusing to change {}: fix it, then run again", s.display);
        return Ok(Exit::Findings);
    }
    let changed = plan.changes.iter().any(|c| !c.is_noop());
    for h in &wanted {
        outln!("  {}: {}", h.source_event, h.command().unwrap_or_default());
    }
    if !changed {
        outln!(
            "{}: the bridge entries are up to date; nothing to add.",
            s.display
        );
    } else if a.dry_run {
        outln!("{}: would add the bridge entries above:", s.display);
        for c in &plan.changes {
            out!("{}", super::super::import::diff(c));
        }
    } else {
        apply(&plan).with_context(|| format!("cannot write {}", s.display))?;
        outln!("wrote {}.", s.display);
    }
    if a.dry_run {
        outln!("dry run: nothing written.");
    } else if let (Some(st), Some(now)) = (&stash, read(&s.target, &s.display)?) {
        st.save(original, &now);
    }
    outln!("{}", where_hooks_run(&s));
    Ok(Exit::Success)
}

/// `hooks bridge uninstall`.
pub fn uninstall(a: BridgeInstallArgs) -> anyhow::Result<Exit> {
    let s = setup(&a)?;
    if adapters::registry::adapter(s.host).hooks_are_files() {
        return super::install_files::uninstall(&s, &a);
    }
    let Some(before) = read(&s.target, &s.display)? else {
        outln!("{}: no such file; nothing to remove.", s.display);
        return Ok(Exit::Success);
    };
    let from = a
        .from
        .as_ref()
        .map(|f| f.0.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(","));
    // With --from, only the entries installed with that --from.
    let Some((mut change, n)) = removal(&s, &before, |e| from.is_none() || e.from == from)? else {
        outln!(
            "{}: no bridge entries for `{}`; nothing to remove.",
            s.display,
            s.host
        );
        return Ok(Exit::Success);
    };
    let all = removal(&s, &before, |_| true)?.map_or(0, |(_, n)| n) == n;
    let stash = Stash::of(&s.target, s.ctx.home.as_deref(), a.home.is_some());
    // `Some(parent_existed)`: the file did not exist before the install; it goes again.
    let mut delete: Option<bool> = None;
    if all {
        match stash.as_ref().and_then(|st| st.restorable(&before)) {
            // Nothing but the install changed the file: its original bytes come back.
            Some(r) => match r.original {
                Some(text) => change.after = text,
                None => delete = Some(r.parent_existed),
            },
            // Edited since: only the entries go (the user's edits stay), and a `hooks` key the
            // install added goes with them once empty.
            // (JSON hosts: a TOML host file has no `hooks` key to drop.)
            None if s.target.extension().is_none_or(|e| e != "toml") => {
                let had_key = stash
                    .as_ref()
                    .and_then(Stash::kept)
                    .and_then(|r| r.original)
                    .is_some_and(|t| bridge::has_hooks_key(&t));
                if !had_key {
                    change.after = bridge::drop_empty_hooks_key(&change.after);
                }
            }
            None => {}
        }
    }
    if delete.is_some() {
        change.after = String::new();
    }
    let entries = format!("{n} bridge entr{}", if n == 1 { "y" } else { "ies" });
    if a.dry_run {
        outln!("{}: would remove {entries}:", s.display);
        out!("{}", super::super::import::diff(&change));
        if delete.is_some() {
            outln!("{}: would be deleted (install created it).", s.display);
        }
        outln!("dry run: nothing written.");
        return Ok(Exit::Success);
    }
    match delete {
        Some(parent_existed) => {
            std::fs::remove_file(&s.target)
                .with_context(|| format!("cannot delete {}", s.display))?;
            if !parent_existed {
                // Only when empty: anything else in it is not ours.
                let _ = s.target.parent().map(std::fs::remove_dir);
            }
            outln!(
                "{}: removed {entries}; deleted the file (install created it).",
                s.display
            );
        }
        None => {
            apply(&Plan {
                changes: vec![change],
                diagnostics: Vec::new(),
            })
            .with_context(|| format!("cannot write {}", s.display))?;
            outln!("{}: removed {entries}.", s.display);
        }
    }
    if all {
        if let Some(st) = &stash {
            st.forget();
        }
    }
    Ok(Exit::Success)
}

fn names(cs: &[Convention]) -> String {
    cs.iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
