//! Importing again replaces what an earlier import wrote (`adapters::reimport`): for one target
//! file, the hooks its record says came from a source file this import read, and that the
//! source no longer has, are taken out before the writer adds what the source has now; the
//! record is then rewritten to list what this import wrote.
//!
//! Only entries still exactly as written are taken out: one edited by hand (or written by
//! hand) is never touched, and an edited one gets an `imported_hook_edited` warning.

use adapters::reimport::{self, Claim, Entry};
use adapters::write::{self, FileChange, WriteOptions};
use adapters::Context;
use hook_ir::{Code, Convention, Diagnostic, Hook, Location};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A hook entry an import takes out of a target.
#[derive(Debug, Clone)]
pub struct Removal {
    /// The target convention.
    pub to: Convention,
    /// The target file's display path.
    pub path: String,
    /// The entry's event (jcode: its slot).
    pub event: String,
    /// The entry's command.
    pub command: String,
    /// Whether an entry of the same event was written in its place (a changed hook: updated).
    pub updated: bool,
}

/// The plan of one target file with replacement.
pub struct FilePlan {
    /// The target file's plan (its change, if any, made from the file as it is on disk).
    pub plan: write::Plan,
    /// The record beside it, when it is to be created or changed.
    pub record: Option<FileChange>,
    /// The entries taken out.
    pub removals: Vec<Removal>,
    /// Warnings and refusals about the record and hand-edited hooks.
    pub diagnostics: Vec<Diagnostic>,
}

/// What one target file gets from one import.
pub struct Target<'a> {
    /// The target convention.
    pub to: Convention,
    /// The target file.
    pub file: &'a Path,
    /// The hooks written into it.
    pub hooks: &'a [Hook],
    /// For each of `hooks`, the real path of the source file it came from.
    pub sources: &'a [&'a Path],
    /// The real paths of every source file this import read (in `--scope`): what their
    /// earlier hooks in the target are replaced by.
    pub read: &'a [PathBuf],
    /// `--force`.
    pub force: bool,
}

/// The root a record names its sources from: the project for a file in it, else the home dir.
fn root_of<'c>(ctx: &'c Context, file: &Path) -> Option<&'c Path> {
    [ctx.project.as_deref(), ctx.home.as_deref()]
        .into_iter()
        .flatten()
        .find(|r| file.starts_with(r))
}

/// `p` with symlinks resolved; for a file that does not exist (a deleted source), its
/// directory resolved.
fn real(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| match (p.parent(), p.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or_else(|_| p.to_path_buf()),
        _ => p.to_path_buf(),
    })
}

/// Digests by count.
fn counts<'e>(entries: impl IntoIterator<Item = &'e Entry>) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for e in entries {
        *m.entry(e.digest.clone()).or_default() += 1;
    }
    m
}

fn take(m: &mut HashMap<String, usize>, d: &str) -> bool {
    match m.get_mut(d) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    }
}

/// Plans `t.file`: takes out what this import wrote before and no longer writes, then lets the
/// writer add the hooks; returns the writer's plan (refusals included) and the new record.
pub fn plan(ctx: &Context, t: &Target<'_>) -> FilePlan {
    let to = t.to;
    let display = ctx.display(t.file);
    let record_path = reimport::record_path(t.file);
    let record_display = ctx.display(&record_path);
    let mut diagnostics = Vec::new();
    let hooks = t.hooks;
    let plain = |base: Option<Option<String>>| {
        adapters::plan_write(
            ctx,
            to,
            hooks,
            &WriteOptions {
                force: t.force,
                target: Some(t.file.to_path_buf()),
                base,
            },
        )
    };
    let nothing = |plan, diagnostics| FilePlan {
        plan,
        record: None,
        removals: Vec::new(),
        diagnostics,
    };
    let writer_alone = |diagnostics| {
        let plan = if hooks.is_empty() {
            write::Plan::default()
        } else {
            plain(None)
        };
        nothing(plan, diagnostics)
    };
    let record_before = match write::read_target(&record_path) {
        Ok(r) => r,
        Err(e) => {
            diagnostics.push(refusal(&record_display, format!("it cannot be read ({e})")));
            return nothing(write::Plan::default(), diagnostics);
        }
    };
    // A target that cannot be read or parsed: the writer refuses it, as it always did.
    let Ok(before) = write::read_target(t.file) else {
        return writer_alone(diagnostics);
    };
    let Some(present) = reimport::entries(to, before.as_deref().unwrap_or("")) else {
        return writer_alone(diagnostics);
    };
    let claims = match record_before.as_deref().map(reimport::read_record) {
        None => Vec::new(),
        // The target is gone (deleted by hand): nothing of it is there to replace, and its
        // hooks are not "edited" — the record starts again with what is written now.
        Some(Ok(_)) if before.is_none() => Vec::new(),
        Some(Ok(c)) => c,
        Some(Err(e)) => {
            diagnostics.push(refusal(&record_display, e.to_string()));
            return nothing(write::Plan::default(), diagnostics);
        }
    };
    // Resolved paths: the same files reached through a symlink (a symlinked project, `--home`
    // through a link) are the same sources.
    let record_dir = real(t.file.parent().unwrap_or(Path::new("/")));
    let root = root_of(ctx, t.file).map(real);
    let id = |p: &Path| reimport::source_id(&record_dir, root.as_deref(), &real(p));
    let read: HashSet<String> = t.read.iter().map(|p| id(p)).collect();
    // A record's source as a diagnostic shows paths (its name is relative to the record).
    let shown = |from: &str| {
        let mut p = PathBuf::new();
        for c in record_dir.join(from).components() {
            match c {
                std::path::Component::ParentDir => {
                    p.pop();
                }
                other => p.push(other),
            }
        }
        ctx.display(&p)
    };

    // What this import writes, per source file: each source's hooks planned onto an empty file.
    // Indexes per source; one source (the usual case) is planned from the hooks in place.
    let mut by_source: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, src) in t.sources.iter().enumerate() {
        by_source.entry(id(src)).or_default().push(i);
    }
    // With no earlier claims and one source, what this import writes is exactly what the
    // writer adds (below): planning each source onto an empty file first — a second copy of
    // the whole file, and its entries parsed — is needed only to sort out earlier claims.
    let fresh = claims.is_empty() && by_source.len() <= 1;
    let mut wanted: Vec<Claim> = Vec::new();
    for (from, indexes) in by_source.iter().filter(|_| !fresh) {
        let part: Vec<Hook>;
        let hs: &[Hook] = if indexes.len() == hooks.len() {
            hooks
        } else {
            part = indexes.iter().map(|&i| hooks[i].clone()).collect();
            &part
        };
        let p = adapters::plan_write_unchecked(
            ctx,
            to,
            hs,
            &WriteOptions {
                force: false,
                target: Some(t.file.to_path_buf()),
                base: Some(None),
            },
        );
        for c in p.changes.iter().filter(|c| c.path == t.file) {
            for e in reimport::entries(to, &c.after).unwrap_or_default() {
                wanted.push(Claim {
                    from: from.clone(),
                    sha256: e.digest,
                });
            }
        }
    }
    let mut wanted_left: HashMap<(String, String), usize> = HashMap::new();
    for w in &wanted {
        *wanted_left
            .entry((w.from.clone(), w.sha256.clone()))
            .or_default() += 1;
    }
    let wanted_digests: HashSet<&str> = wanted.iter().map(|w| w.sha256.as_str()).collect();

    // The record's claims: another source's stay; this import's are still wanted or stale.
    let (mut others, mut still, mut stale) = (Vec::new(), Vec::new(), Vec::new());
    for c in claims {
        if !read.contains(&c.from) {
            others.push(c);
        } else if take_pair(&mut wanted_left, &c) {
            still.push(c);
        } else {
            stale.push(c);
        }
    }
    let mut present_left = counts(&present);
    let claimed_elsewhere: HashSet<String> = others
        .iter()
        .chain(&still)
        .map(|c| c.sha256.clone())
        .collect();
    let mut remove = Vec::new();
    // Entries of a stale claim another source of this import still writes: theirs now.
    let mut handed_over: HashMap<String, usize> = HashMap::new();
    for c in &stale {
        if claimed_elsewhere.contains(&c.sha256) || wanted_digests.contains(c.sha256.as_str()) {
            *handed_over.entry(c.sha256.clone()).or_default() += 1;
        } else if take(&mut present_left, &c.sha256) {
            remove.push(c.sha256.clone());
        } else {
            diagnostics.push(edited(
                to,
                &display,
                &shown(&c.from),
                "its source no longer has it, and what is there now is left as it is",
            ));
        }
    }
    for c in &still {
        if !take(&mut present_left, &c.sha256) {
            diagnostics.push(edited(
                to,
                &display,
                &shown(&c.from),
                "it is written again as its source has it; an edited copy is yours now and is kept",
            ));
        }
    }

    // Take out, then let the writer add.
    let (base, gone) = match &before {
        Some(text) if !remove.is_empty() => match reimport::remove(to, text, &remove) {
            Some((after, _, gone)) => (Some(after), gone),
            None => (before.clone(), Vec::new()),
        },
        _ => (before.clone(), Vec::new()),
    };
    let mut plan = if hooks.is_empty() {
        write::Plan::default()
    } else {
        plain(Some(base.clone()))
    };
    let refused = plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == hook_ir::Severity::Error);
    for c in plan.changes.iter_mut().filter(|c| c.path == t.file) {
        c.before = before.clone();
    }
    if !refused && !plan.changes.iter().any(|c| c.path == t.file) && base != before {
        plan.changes.push(FileChange {
            path: t.file.to_path_buf(),
            display: display.clone(),
            before: before.clone(),
            after: base.clone().unwrap_or_default(),
            mode: None,
        });
    }
    if refused {
        return nothing(plan, diagnostics);
    }
    let after = plan
        .changes
        .iter()
        .find(|c| c.path == t.file)
        .map(|c| c.after.clone())
        .or(base.clone())
        .unwrap_or_default();
    let after_entries = reimport::entries(to, &after).unwrap_or_default();
    let mut in_after = counts(&after_entries);
    // What the base holds: the target as it was, less what was taken out (not parsed again:
    // a target of 20,000 hooks is parsed as few times as can be).
    let mut base_counts = counts(&present);
    for g in &gone {
        take(&mut base_counts, &g.digest);
    }
    let mut added = counts(&after_entries);
    for (d, n) in &base_counts {
        for _ in 0..*n {
            take(&mut added, d);
        }
    }

    // The new record: the other sources' claims, and what this import wrote that is there.
    let mut record: Vec<Claim> = Vec::new();
    for c in others {
        record.push(c);
    }
    let mut still_left: HashMap<(String, String), usize> = HashMap::new();
    for c in &still {
        *still_left
            .entry((c.from.clone(), c.sha256.clone()))
            .or_default() += 1;
    }
    if fresh {
        if let Some(from) = by_source.keys().next() {
            for (digest, n) in &added {
                wanted.extend((0..*n).map(|_| Claim {
                    from: from.clone(),
                    sha256: digest.clone(),
                }));
            }
        }
    }
    for w in wanted {
        let ours = take_pair(&mut still_left, &w) || take(&mut added, &w.sha256) || {
            take(&mut handed_over, &w.sha256)
        };
        if ours && take(&mut in_after, &w.sha256) {
            record.push(w);
        }
    }
    record.sort();
    let name = t
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = reimport::render_record(&name, &record);
    let record_change = match &record_before {
        None if record.is_empty() => None,
        Some(old) if *old == text => None,
        _ => Some(FileChange {
            path: record_path,
            display: record_display,
            before: record_before.clone(),
            after: text,
            mode: None,
        }),
    };

    // A removed entry is an update when an entry of its event was added in its place.
    let mut seen = base_counts;
    let mut added_events: HashMap<String, usize> = HashMap::new();
    for e in &after_entries {
        if !take(&mut seen, &e.digest) {
            *added_events.entry(e.event.clone()).or_default() += 1;
        }
    }
    let removals = gone
        .into_iter()
        .map(|e| Removal {
            to,
            path: display.clone(),
            updated: take(&mut added_events, &e.event),
            event: e.event,
            command: e.command,
        })
        .collect();
    FilePlan {
        plan,
        record: record_change,
        removals,
        diagnostics,
    }
}

fn take_pair(m: &mut HashMap<(String, String), usize>, c: &Claim) -> bool {
    match m.get_mut(&(c.from.clone(), c.sha256.clone())) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    }
}

/// A record that cannot be read: nothing is written (rewriting it would forget which hooks
/// are the import's, and a later import could then never remove them).
fn refusal(display: &str, why: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnreadableSource,
        format!("{display}: {why}; nothing is written"),
    )
    .at(Location::path_only(display.to_string()))
    .with_help("the file is `hooks import`'s record of the hooks it wrote beside it: restore it, or delete it to keep every hook there as it is")
}

fn edited(to: Convention, display: &str, from: &str, what: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ImportedHookEdited,
        format!(
            "a hook `hooks import` wrote into {display} from `{from}` is no longer there as it was written (edited or removed by hand): {what}"
        ),
    )
    .with_convention(to)
    .at(Location::path_only(display.to_string()))
}
