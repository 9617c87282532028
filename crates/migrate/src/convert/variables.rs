//! Agent variables in an imported command ([`hook_ir::contract::variables`]): each variable the
//! source agent sets is rewritten to what the target provides for the same meaning, so
//! `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py` does not become `/.claude/hooks/guard.py` in
//! an agent that leaves the variable empty (a guard that then fails on every call, and a
//! failing guard lets the call through).
//!
//! In order: inside a scope guard (a project hook written at user level), the project
//! directory is written out as the guard names it; the target sets the same name with the same
//! meaning → kept (Gemini sets `CLAUDE_PROJECT_DIR` too); the project directory where the target
//! runs its hooks in the session's directory ([`variables::hook_cwd`]) → `$PWD`; the target has
//! another variable of that meaning → its name, in the form the source wrote (`$NAME`,
//! `${NAME…}`); otherwise nothing equivalent exists: a hook that can
//! block in the target is refused (`agent_variable_unavailable`), any other is written with a
//! warning. In a source that runs hooks in the session's directory, `$PWD` is the project
//! directory: it stays `$PWD` where the target does the same, and becomes Claude's
//! `$CLAUDE_PROJECT_DIR` (Claude runs hooks where the session has `cd`ed).

use super::Say;
use hook_ir::contract::variables::{self, AgentVariable, Meaning};
use hook_ir::{Code, Convention, Hook};

/// The project a scope guard around `command` names, if it has one.
pub(super) fn guard_dir(command: &str) -> Option<std::path::PathBuf> {
    crate::placement::unguard(command).map(|(dir, _, _)| dir)
}

/// One `$NAME` or `${NAME…}` the shell expands in a command.
struct Use {
    /// Byte range of the name itself.
    name: std::ops::Range<usize>,
    /// Whether it is written `${…}`.
    braced: bool,
    /// Byte offset of the `$`.
    dollar: usize,
    /// Whether it stands inside double quotes.
    quoted: bool,
}

impl Use {
    fn shifted(self, by: usize) -> Use {
        Use {
            name: self.name.start + by..self.name.end + by,
            dollar: self.dollar + by,
            ..self
        }
    }
}

/// The variables `sh` expands in `command`: not inside single quotes, not after a backslash.
fn uses(command: &str) -> Vec<Use> {
    let b = command.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut single, mut double) = (0, false, false);
    let is_start = |c: u8| c.is_ascii_alphabetic() || c == b'_';
    let is_part = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        if single {
            single = c != b'\'';
            i += 1;
            continue;
        }
        match c {
            b'\\' => i += 1,
            b'\'' if !double => single = true,
            b'"' => double = !double,
            b'$' => {
                let braced = b.get(i + 1) == Some(&b'{');
                let start = i + 1 + usize::from(braced);
                if b.get(start).copied().is_some_and(is_start) {
                    let mut end = start + 1;
                    while b.get(end).copied().is_some_and(is_part) {
                        end += 1;
                    }
                    out.push(Use {
                        name: start..end,
                        braced,
                        dollar: i,
                        quoted: double,
                    });
                    i = end;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// What a variable becomes in the target.
enum Becomes {
    /// Left as written.
    Kept,
    /// Another name (written braced).
    Renamed(&'static str),
    /// The project directory itself, as the scope guard around the command names it.
    Project,
    /// No equivalent.
    Missing,
}

fn becomes(row: &AgentVariable, var: &str, to: Convention, guarded: bool) -> Becomes {
    // A project hook guarded into a user-level file acts only in sessions inside that project
    // (`scope::guard`), whose directory the guard names: the one the source file was read from.
    // The session's directory may be a subdirectory of it; the project is this one.
    if guarded && row.meaning == Meaning::ProjectDir {
        return Becomes::Project;
    }
    // The project directory is `$PWD` in every agent that runs hooks in the session's
    // directory (`variables::hook_cwd`): the same value as its own variable where it has one
    // (Gemini's `GEMINI_PROJECT_DIR` and jcode's `JCODE_HOOK_CWD` are the hook's cwd), and one
    // spelling for all of them keeps round trips exact. Only Claude, whose hooks run where the
    // session has `cd`ed, needs its variable.
    if row.meaning == Meaning::ProjectDir && variables::hook_cwd(to).is_some() {
        let same_name = variables::all()
            .any(|v| v.convention == to && v.names(var) && v.meaning == Meaning::ProjectDir);
        return if var == "PWD" || same_name {
            Becomes::Kept
        } else {
            Becomes::Renamed("PWD")
        };
    }
    // Gemini also substitutes an unbraced `$CLAUDE_PROJECT_DIR` into the text, shell-quoted
    // (hookRunner.ts `expandCommand`), which puts quote characters inside `"…"` for a path
    // with a space; bash then fails with 127, which Gemini reads as a block (fails closed):
    // the name is kept, as Gemini documents it, rather than written differently from the source.
    let same_meaning =
        variables::all().any(|v| v.convention == to && v.names(var) && v.meaning == row.meaning);
    if same_meaning {
        return Becomes::Kept;
    }
    match variables::for_meaning(to, row.meaning) {
        Some(v) => Becomes::Renamed(v.name),
        None => Becomes::Missing,
    }
}

/// The row of `var` as `from`'s agent sets it. `${PWD}` counts as the project directory in a
/// convention that runs every hook in the session's directory ([`variables::hook_cwd`]): it is
/// the same directory there, so a Codex `"${PWD}"/x` is Claude's `"$CLAUDE_PROJECT_DIR"/x`.
fn source_row(from: Convention, var: &str, plain_braced: bool) -> Option<AgentVariable> {
    // Only `${PWD}`, the spelling this rewrite writes: a user's own `$PWD` is left alone (it
    // is the same directory in the source, and what it means in the target is the user's).
    if var == "PWD" && plain_braced {
        let pwd = AgentVariable {
            name: "PWD",
            prefix: false,
            meaning: Meaning::ProjectDir,
            convention: from,
            plugin_only: false,
            source: variables::hook_cwd(from)?,
        };
        return Some(pwd);
    }
    variables::all()
        .find(|v| v.convention == from && v.names(var))
        .copied()
}

/// `command` with every variable the source agent sets rewritten for `say.to`; `None` (and an
/// `agent_variable_unavailable` error) when a hook that can block in the target (`gate`) uses
/// one that has no equivalent there.
///
/// `unguarded`: the project a scope guard around the source command named, when that guard was
/// taken off (the hook is back in its project's own file): the directory this rewrite wrote
/// out inside the guard becomes the target's variable again.
pub(super) fn rewrite(
    command: &str,
    h: &Hook,
    gate: bool,
    unguarded: Option<&std::path::Path>,
    say: &mut Say,
) -> Option<String> {
    let restored;
    let command = match unguarded.and_then(|p| restore(command, p, say.to)) {
        Some(c) => {
            restored = c;
            restored.as_str()
        }
        None => command,
    };
    if !command.contains('$') {
        return Some(command.to_string());
    }
    // A scope guard's own `$PWD` is not the hook's: only the command inside it is rewritten.
    let (project, start) = match crate::placement::unguard(command) {
        Some((dir, _, inner)) => (Some(dir), command.len() - inner.len()),
        None => (None, 0),
    };
    let from = h.convention;
    let to = say.to;
    let mut out = String::with_capacity(command.len());
    let mut done = 0;
    let mut said: Vec<&str> = Vec::new();
    for u in uses(&command[start..])
        .into_iter()
        .map(|u| u.shifted(start))
    {
        let var = &command[u.name.clone()];
        // Only what the source agent sets: a variable it leaves empty too is no conversion's
        // doing (`foreign_agent_variable` reports it).
        let plain_braced = u.braced && command[u.name.end..].starts_with('}');
        let Some(row) = source_row(from, var, plain_braced) else {
            continue;
        };
        match becomes(&row, var, to, project.is_some()) {
            Becomes::Kept => {}
            Becomes::Project => {
                let dir = project
                    .as_deref()
                    .map(|p| p.to_string_lossy())
                    .unwrap_or_default();
                // `${NAME}` and `$NAME` are replaced whole; in `${NAME:-x}` the operator needs a
                // name, so the name is given the value first (`${NAME:=…}` would change it).
                let end = if u.braced {
                    match command[u.name.end..].strip_prefix('}') {
                        Some(_) => u.name.end + 1,
                        None => continue,
                    }
                } else {
                    u.name.end
                };
                out.push_str(&command[done..u.dollar]);
                out.push_str(&literal(&dir, u.quoted));
                done = end;
                if !said.contains(&var) {
                    said.push(var);
                    say.push(
                        Code::ConversionNote,
                        format!(
                            "`${var}` is written as the project's directory {}: the guard makes the hook act only inside that project",
                            hook_ir::quote(&dir)
                        ),
                    );
                }
            }
            Becomes::Renamed(new) => {
                // `$PWD` is written `${PWD}`, which marks it as this rewrite's (the way back
                // turns only that spelling into an agent's variable); any other name in the
                // form the source wrote it, braced when a name character follows.
                let glued = command[u.name.end..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
                let (start, end) = if new == "PWD" {
                    if u.braced {
                        (u.name.start, u.name.end)
                    } else {
                        out.push_str(&command[done..u.dollar]);
                        out.push_str("${PWD}");
                        done = u.name.end;
                        (usize::MAX, 0)
                    }
                } else if var == "PWD" && plain_braced && !glued {
                    // `${PWD}` → `$NAME`.
                    out.push_str(&command[done..u.dollar]);
                    out.push('$');
                    out.push_str(new);
                    done = u.name.end + 1;
                    (usize::MAX, 0)
                } else if glued && !u.braced {
                    out.push_str(&command[done..u.dollar]);
                    out.push_str("${");
                    out.push_str(new);
                    out.push('}');
                    done = u.name.end;
                    (usize::MAX, 0)
                } else {
                    (u.name.start, u.name.end)
                };
                if start != usize::MAX {
                    out.push_str(&command[done..start]);
                    out.push_str(new);
                    done = end;
                }
                if !said.contains(&var) {
                    said.push(var);
                    let why = if new == "PWD" {
                        format!(
                            "{to} runs every hook in the session's directory, the one it was started in: {} (`{var}` in {from})",
                            row.meaning.words()
                        )
                    } else {
                        format!("{to}'s variable for {}", row.meaning.words())
                    };
                    say.push(
                        Code::ConversionNote,
                        format!(
                            "`${var}` is written `{}`: {why}",
                            if new == "PWD" {
                                "${PWD}".to_string()
                            } else {
                                format!("${new}")
                            }
                        ),
                    );
                }
            }
            Becomes::Missing => {
                if said.contains(&var) {
                    continue;
                }
                said.push(var);
                let what = format!(
                    "the command uses `${var}` ({}), which {to} does not set: there it is empty",
                    row.meaning.words()
                );
                if gate {
                    say.refuse(
                        Code::AgentVariableUnavailable,
                        format!("{what}, and this hook can block: written as is it would fail and let every call through"),
                    );
                    return None;
                }
                say.push(Code::LossyConversion, what);
            }
        }
    }
    out.push_str(&command[done..]);
    Some(out)
}

/// `command` with the project directory `project`, as [`rewrite`] writes it inside a scope
/// guard (`"/p"/x`, `'/p q'/x`, `/p/x`), written as `to`'s spelling of the project directory;
/// `None` when it has none.
fn restore(command: &str, project: &std::path::Path, to: Convention) -> Option<String> {
    let dir = project.to_string_lossy();
    let var = if variables::hook_cwd(to).is_some() {
        "${PWD}"
    } else {
        match variables::for_meaning(to, Meaning::ProjectDir) {
            Some(v) if v.name == "CLAUDE_PROJECT_DIR" => "$CLAUDE_PROJECT_DIR",
            _ => return None,
        }
    };
    // The double-quoted form first (the usual `"$CLAUDE_PROJECT_DIR"/…`), then the
    // unquoted one, each only where a path component or the end follows.
    let quoted = format!("\"{}", literal(&dir, true));
    let plain = hook_ir::jcode_argv::quote_word(&dir);
    let mut out = command.to_string();
    let mut changed = false;
    for (from, to_text) in [
        (quoted.clone(), format!("\"{var}")),
        (plain, var.to_string()),
    ] {
        let mut next = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(i) = rest.find(&from) {
            let after = &rest[i + from.len()..];
            next.push_str(&rest[..i]);
            if after.is_empty() || after.starts_with(['/', '"', ' ', ';', ')']) {
                next.push_str(&to_text);
                changed = true;
            } else {
                next.push_str(&from);
            }
            rest = after;
        }
        next.push_str(rest);
        out = next;
    }
    changed.then_some(out)
}

/// `s` as shell text that stands for itself: inside double quotes, with `\`, `$`, `"` and
/// backquote escaped; outside, single-quoted when needed.
fn literal(s: &str, quoted: bool) -> String {
    if !quoted {
        return hook_ir::jcode_argv::quote_word(s);
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '$' | '"' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uses;

    #[test]
    fn finds_what_sh_expands() {
        let c = r#"a "$A"/x ${B:-y} '$C' \$D $E1_x $1 ${F}"#;
        let names: Vec<(&str, bool)> = uses(c)
            .into_iter()
            .map(|u| (&c[u.name], u.braced))
            .collect();
        assert_eq!(
            names,
            [("A", false), ("B", true), ("E1_x", false), ("F", true)]
        );
    }
}
