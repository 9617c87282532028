//! `hooks.lock`: the hooks a project ships, as someone reviewed them — for every hook its
//! convention, file, event, matcher and command ([`HookKey`]) and the SHA-256 of every script the
//! command runs. Written by `hooks trust`, committed; `hooks lint` and `hooks audit` report a
//! hook not in it (`hook_not_locked`) or changed since (`locked_hook_changed`), and the runner's
//! lock policy refuses both (Codex's trusted hashes, for every convention, covering the scripts
//! as well as the command line).
//!
//! Only the project's own files are checked, unless the lock records user-level files too
//! (`hooks trust --home DIR`): then those are checked as well, a tamper check of `~/.claude`,
//! `~/.codex` and the rest at session start.

use super::{Entry, HookKey, Inventory};
use adapters::Context;
use hook_ir::{Code, Diagnostic, Location};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The lock's file name, at the project root.
pub const FILE: &str = "hooks.lock";

/// The format version this `hooks` writes and reads.
pub const VERSION: u32 = 1;

/// A script as the lock records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedScript {
    /// Its path (as [`HookKey::file`]).
    pub path: String,
    /// The SHA-256 of its bytes, hex.
    pub sha256: String,
}

/// A hook as the lock records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedHook {
    /// Its identity.
    #[serde(flatten)]
    pub key: HookKey,
    /// The scripts its command runs.
    #[serde(default)]
    pub scripts: Vec<LockedScript>,
}

/// The content of `hooks.lock`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Lock {
    /// The format version ([`VERSION`]).
    pub version: u32,
    /// The hooks, in discovery order.
    #[serde(default, rename = "hook")]
    pub hooks: Vec<LockedHook>,
}

/// Whether a hook's file is user-level (or outside the project): `~/…`, absolute, `env:`.
fn user_level(file: &str) -> bool {
    file.starts_with("~/") || file.starts_with('/') || file.starts_with("env:")
}

impl Lock {
    /// The lock of `inv`: its project hooks, and its user-level ones too with `user`.
    pub fn record(inv: &Inventory, user: bool) -> Lock {
        let hooks = inv
            .hooks
            .iter()
            .filter(|e| user || !user_level(&e.key.file))
            .map(|e| LockedHook {
                key: e.key.clone(),
                scripts: e
                    .scripts
                    .iter()
                    .map(|&i| &inv.scripts[i])
                    .map(|s| LockedScript {
                        path: s.file.clone(),
                        sha256: s.sha256.clone().unwrap_or_default(),
                    })
                    .collect(),
            })
            .collect();
        Lock {
            version: VERSION,
            hooks,
        }
    }

    /// The TOML text of the lock, with a header saying what it is.
    pub fn render(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# hooks.lock: the hooks this project ships, as reviewed (written by `hooks trust`).\n# `hooks lint` and `hooks audit` report a hook not recorded here or changed since;\n# `hooks bridge` and `hooks run` refuse it. Commit this file.\n{body}"
        )
    }

    /// Whether the lock records user-level files.
    fn has_user(&self) -> bool {
        self.hooks.iter().any(|h| user_level(&h.key.file))
    }
}

/// Reads `<root>/hooks.lock`: `Ok(None)` when there is none, `Err` (an `invalid_lock_file`
/// diagnostic) when it cannot be used.
pub fn load(ctx: &Context, root: &Path) -> Result<Option<Lock>, Diagnostic> {
    let path = root.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(Diagnostic::new(
                Code::InvalidLockFile,
                format!("{FILE} cannot be read: {e}"),
            )
            .at(Location::path_only(ctx.display(&path))))
        }
    };
    let bad = |why: String, line: Option<u32>| {
        let mut loc = Location::path_only(ctx.display(&path));
        loc.line = line;
        loc.column = line.map(|_| 1);
        Diagnostic::new(Code::InvalidLockFile, why)
            .at(loc)
            .with_help("write it again with `hooks trust`")
    };
    match toml::from_str::<Lock>(&text) {
        Ok(lock) if lock.version == VERSION => Ok(Some(lock)),
        Ok(lock) => Err(bad(
            format!(
                "{FILE} has version {}; this `hooks` reads version {VERSION}",
                lock.version
            ),
            None,
        )),
        Err(e) => {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() as u32 + 1);
            Err(bad(
                format!("{FILE} is not a valid lock: {}", e.message()),
                line,
            ))
        }
    }
}

/// What the lock says of one hook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Recorded, and nothing changed.
    Locked,
    /// Outside the lock's reach (a user-level hook of a lock without user-level files).
    Unchecked,
    /// Not recorded.
    NotLocked,
    /// Recorded, but changed since: why.
    Changed(String),
}

impl Verdict {
    /// The refusal of a runner's lock policy: `None` when the hook may run.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Verdict::Locked | Verdict::Unchecked => None,
            Verdict::NotLocked => Some(format!(
                "it is not in {FILE} (review it, then `hooks trust`)"
            )),
            Verdict::Changed(why) => Some(format!("{why} (review it, then `hooks trust`)")),
        }
    }
}

/// The verdict of the lock on each hook of `inv`, in order.
pub fn judge(lock: &Lock, inv: &Inventory) -> Vec<Verdict> {
    let user = lock.has_user();
    let current: std::collections::HashSet<&HookKey> = inv.hooks.iter().map(|e| &e.key).collect();
    inv.hooks
        .iter()
        .map(|e| {
            if user_level(&e.key.file) && !user {
                return Verdict::Unchecked;
            }
            match lock.hooks.iter().find(|l| l.key == e.key) {
                Some(l) => scripts_verdict(l, e, inv),
                None => {
                    // An entry of the same file and event that no current hook matches: this
                    // hook is that one, edited.
                    let edited = lock.hooks.iter().any(|l| {
                        l.key.convention == e.key.convention
                            && l.key.file == e.key.file
                            && l.key.event == e.key.event
                            && !current.contains(&l.key)
                    });
                    if edited {
                        Verdict::Changed(format!(
                            "its command or matcher differs from the one {FILE} recorded for {} {}",
                            e.key.file, e.key.event
                        ))
                    } else {
                        Verdict::NotLocked
                    }
                }
            }
        })
        .collect()
}

fn scripts_verdict(l: &LockedHook, e: &Entry, inv: &Inventory) -> Verdict {
    for ls in &l.scripts {
        let now = e
            .scripts
            .iter()
            .map(|&i| &inv.scripts[i])
            .find(|s| s.file == ls.path);
        match now {
            None => {
                return Verdict::Changed(format!(
                    "it no longer runs `{}`, which {FILE} recorded",
                    ls.path
                ))
            }
            Some(s) if s.sha256.as_deref() != Some(ls.sha256.as_str()) => {
                return Verdict::Changed(format!(
                    "`{}` changed since {FILE} recorded it (sha256 {} → {})",
                    ls.path,
                    short(&ls.sha256),
                    short(s.sha256.as_deref().unwrap_or("unreadable"))
                ))
            }
            Some(_) => {}
        }
    }
    for &i in &e.scripts {
        let s = &inv.scripts[i];
        if !l.scripts.iter().any(|ls| ls.path == s.file) {
            return Verdict::Changed(format!(
                "it runs `{}`, which {FILE} does not record",
                s.file
            ));
        }
    }
    Verdict::Locked
}

fn short(h: &str) -> &str {
    h.get(..12).unwrap_or(h)
}

/// The diagnostics of the lock's verdicts on `inv`: `hook_not_locked`, `locked_hook_changed`.
pub fn check(lock: &Lock, inv: &Inventory) -> Vec<Diagnostic> {
    inv.hooks
        .iter()
        .zip(judge(lock, inv))
        .filter_map(|(e, v)| {
            let d = match v {
                Verdict::Locked | Verdict::Unchecked => return None,
                Verdict::NotLocked => Diagnostic::new(
                    Code::HookNotLocked,
                    format!(
                        "this {} hook is not in {FILE}: nobody recorded it as reviewed",
                        e.key.event
                    ),
                )
                .with_help("review it, then run `hooks trust` and commit hooks.lock"),
                Verdict::Changed(why) => Diagnostic::new(
                    Code::LockedHookChanged,
                    format!(
                        "this {} hook changed since it was locked: {why}",
                        e.key.event
                    ),
                )
                .with_help("review the change, then run `hooks trust` and commit hooks.lock"),
            };
            let convention = hook_ir::Convention::parse(&e.key.convention);
            let d = d.at(e.location.clone());
            Some(match convention {
                Some(c) => d.with_convention(c),
                None => d,
            })
        })
        .collect()
}

/// The refusals of the lock at `<root>/hooks.lock` for `hooks` (read from `sources`): `(hook
/// id, reason)` for each hook it does not record or that changed since; every project hook when
/// the lock cannot be read (fail closed). `None` when the project has no lock.
pub fn refusals<'h>(
    ctx: &Context,
    root: &Path,
    hooks: impl IntoIterator<Item = &'h hook_ir::Hook>,
    sources: &[adapters::SourceFile],
) -> Option<Vec<(String, String)>> {
    let loaded = load(ctx, root);
    if matches!(loaded, Ok(None)) {
        return None;
    }
    let inv = super::inventory(ctx, root, hooks, sources);
    match loaded {
        Ok(None) => None,
        Err(bad) => Some(
            inv.hooks
                .iter()
                .filter(|e| !user_level(&e.key.file))
                .map(|e| {
                    (
                        e.id.clone(),
                        format!(
                            "{} (every hook of the project is refused until `hooks trust` writes it again)",
                            bad.message
                        ),
                    )
                })
                .collect(),
        ),
        Ok(Some(lock)) => Some(
            inv.hooks
                .iter()
                .zip(judge(&lock, &inv))
                .filter_map(|(e, v)| Some((e.id.clone(), format!("refused by {FILE}: {}", v.refusal()?))))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{Entry, Script};

    fn inventory(command: &str, sha: &str) -> Inventory {
        Inventory {
            hooks: vec![Entry {
                id: "h".into(),
                key: HookKey {
                    convention: "claude-settings".into(),
                    file: ".claude/settings.json".into(),
                    event: "Stop".into(),
                    matcher: "{\"type\":\"any\"}".into(),
                    command: command.into(),
                },
                scripts: vec![0],
                location: Location::path_only(".claude/settings.json"),
                scope: hook_ir::Scope::Project,
            }],
            scripts: vec![Script {
                path: "/p/x.sh".into(),
                display: "x.sh".into(),
                file: "x.sh".into(),
                sha256: Some(sha.into()),
                hooks: vec!["h".into()],
            }],
            settings: Vec::new(),
        }
    }

    #[test]
    fn the_lock_reads_back_what_it_writes_and_judges_each_change() {
        let inv = inventory("bash x.sh", "aa");
        let lock = Lock::record(&inv, false);
        let back: Lock = toml::from_str(&lock.render()).unwrap();
        assert_eq!(back, lock);
        assert_eq!(judge(&lock, &inv), [Verdict::Locked]);
        let script = judge(&lock, &inventory("bash x.sh", "ab"));
        assert!(
            matches!(&script[0], Verdict::Changed(w) if w.contains("x.sh")),
            "{script:?}"
        );
        let command = judge(&lock, &inventory("bash x.sh --now", "aa"));
        assert!(
            matches!(&command[0], Verdict::Changed(w) if w.contains("command")),
            "{command:?}"
        );
        let empty = Lock {
            version: VERSION,
            hooks: Vec::new(),
        };
        assert_eq!(judge(&empty, &inv), [Verdict::NotLocked]);
    }
}
