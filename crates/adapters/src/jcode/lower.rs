//! Lowering jcode's `[hooks]` (and the `JCODE_HOOK_*` overrides) into the IR.

use super::command;
use super::env::{self, EnvSlot};
use super::raw::{RawHooks, SLOTS, TIMEOUT_KEY};
use crate::toml_support::Source;
use crate::{Context, Output};
use hook_ir::contract::{self, limits};
use hook_ir::{
    quote, Code, Convention, Detail, Diagnostic, Exec, Handler, Hook, Location, Matcher,
};

const JC: Convention = Convention::Jcode;

/// The variable that turns every jcode hook off (presence alone counts).
pub const DISABLED_VAR: &str = hook_ir::contract::limits::jcode::DISABLED_ENV;
/// The timeout override.
pub const TIMEOUT_VAR: &str = "JCODE_HOOK_PRE_TOOL_TIMEOUT_MS";

/// The config file as read: its source and its `[hooks]` table (`None`: no table, or a
/// syntax error already reported).
pub struct FileInput<'a> {
    /// The source.
    pub src: &'a Source,
    /// The raw `[hooks]`.
    pub raw: Option<RawHooks>,
    /// Values outside `[hooks]` that make jcode reject the whole file.
    pub rejected: Vec<super::config_schema::SchemaError>,
}

/// A command before it becomes a hook.
struct Candidate {
    slot: &'static str,
    index: usize,
    array: bool,
    command: String,
    location: Location,
    id: String,
    from_env: bool,
}

fn diag(code: Code, message: String, loc: Location) -> Diagnostic {
    Diagnostic::new(code, message).with_convention(JC).at(loc)
}

/// Lowers the file (if any) and, when `ctx.apply_env_overrides`, the environment.
pub fn lower(ctx: &Context, file: Option<FileInput<'_>>, out: &mut Output) {
    let mut candidates: Vec<Candidate> = Vec::new();
    let env_on = ctx.apply_env_overrides;
    // Which slots the environment overrides (env overrides always win, never merge).
    let overridden = |slot: &str| -> Option<&'static str> {
        let var = SLOTS.iter().find(|(s, _)| *s == slot)?.1;
        (env_on && ctx.var(var).is_some()).then_some(var)
    };
    let env_timeout = if env_on {
        ctx.var(TIMEOUT_VAR).map(|v| (v, env::parse_timeout(v)))
    } else {
        None
    };

    let mut file_timeout: Option<u64> = None;
    if let Some(FileInput { src, rejected, .. }) = &file {
        for e in rejected {
            out.diag(
                diag(
                    Code::JcodeConfigRejected,
                    format!(
                        "`{}` must be {}, not {}: jcode cannot load this config.toml and silently falls back to its defaults, so every hook (and every other setting) of this file is off",
                        e.path, e.expected, e.found
                    ),
                    src.loc(e.span.clone()),
                )
                .with_help(format!("write `{}` as {}", e.path, e.expected)),
            );
        }
    }
    if let Some(FileInput {
        src,
        raw: Some(raw),
        rejected,
    }) = &file
    {
        let file_ok = raw.type_errors.is_empty() && rejected.is_empty();
        for e in &raw.type_errors {
            out.diag(
                diag(
                    Code::WrongValueType,
                    format!(
                        "`{}` must be {}, not {}: jcode cannot load this config.toml and silently falls back to its defaults, so every hook (and every other setting) of this file is off",
                        e.path, e.expected, e.found
                    ),
                    src.loc(e.span.clone()),
                )
                .with_help(format!("write `{}` as {}", e.path, e.expected)),
            );
        }
        for k in &raw.ignored {
            let names = SLOTS.iter().map(|(s, _)| *s).chain([TIMEOUT_KEY]);
            let mut d = diag(
                Code::IgnoredKey,
                format!(
                    "jcode silently ignores {} in [hooks]: it is none of its keys",
                    quote(&k.value)
                ),
                src.loc(k.span.clone()),
            );
            if let Some(s) = contract::suggest(&k.value, names) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            out.diag(d);
        }
        if let Some((t, key_span)) = &raw.timeout {
            if file_ok {
                file_timeout = Some(t.value);
            }
            if t.value == 0 {
                out.diag(zero_timeout(src.loc(t.span.clone()), TIMEOUT_KEY));
            }
            if let Some((v, Some(_))) = env_timeout {
                out.diag(shadow(
                    TIMEOUT_VAR,
                    TIMEOUT_KEY,
                    &format!("its value {} replaces {}", quote(v.trim()), t.value),
                    src.loc(key_span.clone()),
                ));
            }
        }
        for slot in &raw.slots {
            let shadowed = overridden(slot.slot);
            if let Some(var) = shadowed {
                let what = match ctx.var(var).map(env::parse_slot) {
                    Some(EnvSlot::Disabled) => "it is empty, which disables the slot".to_string(),
                    _ => "its commands replace the file's".to_string(),
                };
                out.diag(shadow(
                    var,
                    slot.slot,
                    &what,
                    src.loc(slot.key_span.clone()),
                ));
            }
            for (index, c) in slot.commands.iter().enumerate() {
                let loc = src.loc(c.span.clone());
                let Some(ok) = check_one(ctx, slot.slot, &c.value, &loc, out) else {
                    continue;
                };
                if ok && file_ok && shadowed.is_none() {
                    candidates.push(Candidate {
                        slot: slot.slot,
                        index,
                        array: slot.array,
                        command: ok_command(&c.value),
                        id: format!("jcode:{}:{}:{index}", src.display, slot.slot),
                        location: loc,
                        from_env: false,
                    });
                }
            }
        }
    }

    if env_on {
        for (slot, var) in SLOTS {
            let Some(value) = ctx.var(var) else { continue };
            let EnvSlot::Commands {
                commands,
                array,
                not_an_array,
            } = env::parse_slot(value)
            else {
                continue;
            };
            let loc = Location::env(var);
            if not_an_array {
                out.diag(
                    diag(
                        Code::InvalidEnvOverride,
                        format!(
                            "`{var}` starts with `[` but is not a TOML array of strings, so jcode runs the whole value {} as one command",
                            quote(value.trim())
                        ),
                        loc.clone(),
                    )
                    .with_help(format!("{var}='[\"first command\", \"second command\"]'")),
                );
            }
            for (index, c) in commands.iter().enumerate() {
                let Some(ok) = check_one(ctx, slot, c, &loc, out) else {
                    continue;
                };
                if ok {
                    candidates.push(Candidate {
                        slot,
                        index,
                        array,
                        command: ok_command(c),
                        id: format!("jcode:env:{var}:{index}"),
                        location: loc.clone(),
                        from_env: true,
                    });
                }
            }
        }
        if let Some((v, parsed)) = env_timeout {
            match parsed {
                None => out.diag(
                    diag(
                        Code::InvalidEnvOverride,
                        format!(
                            "`{TIMEOUT_VAR}` = {} is not an unsigned integer; jcode ignores it and keeps {}",
                            quote(v),
                            file_timeout.map_or_else(
                                || format!("the default of {} ms", limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS),
                                |t| format!("the file's {t} ms")
                            )
                        ),
                        Location::env(TIMEOUT_VAR),
                    )
                    .with_help("give a whole number of milliseconds, e.g. 5000"),
                ),
                Some(0) => out.diag(zero_timeout(Location::env(TIMEOUT_VAR), TIMEOUT_VAR)),
                Some(_) => {}
            }
        }
        if ctx.var(DISABLED_VAR).is_some() {
            out.diag(diag(
                Code::HooksDisabledByEnv,
                format!(
                    "`{DISABLED_VAR}` is set, so jcode runs no hook at all (only its presence counts, any value disables)"
                ),
                Location::env(DISABLED_VAR),
            ).with_help(format!("unset {DISABLED_VAR} before starting jcode")));
        }
    }

    let env_t = env_timeout.and_then(|(_, p)| p);
    let timeout = env_t.or(file_timeout);
    let timeout_explicit = timeout.is_some();
    let gate_ms = timeout
        .unwrap_or(limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS)
        .max(limits::jcode::PRE_TOOL_TIMEOUT_FLOOR_MS);
    for c in candidates {
        let Some(row) = contract::find(JC, c.slot) else {
            continue;
        };
        let Some(kind) = row.kind() else { continue };
        let timeout_ms = match row.rules().map(|r| r.timeout) {
            Some(contract::Timeout::None) | None => None,
            Some(_) => Some(gate_ms),
        };
        out.hooks.push(Hook {
            plugin_root: None,
            source_file: None,
            id: c.id,
            kind,
            convention: JC,
            source_event: c.slot.to_string(),
            matcher: Matcher::Any,
            handler: Handler::Command {
                command: c.command,
                exec: Exec::Direct,
            },
            timeout_ms,
            scope: hook_ir::Scope::default(),
            location: c.location,
            detail: Detail::Jcode {
                slot: c.slot.to_string(),
                index: c.index,
                array: c.array,
                timeout_explicit,
                from_env: c.from_env,
            },
        });
    }
}

/// The command as jcode runs it: trimmed.
fn ok_command(raw: &str) -> String {
    raw.trim().to_string()
}

/// Checks one command. `None`: empty (dropped by jcode, reported); `Some(false)`: jcode cannot
/// run it (reported); `Some(true)`: it runs (findings reported).
fn check_one(
    ctx: &Context,
    slot: &str,
    raw: &str,
    loc: &Location,
    out: &mut Output,
) -> Option<bool> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        out.diag(
            diag(
                Code::InvalidCommand,
                format!("empty command in `{slot}`: jcode drops it, so it configures nothing"),
                loc.clone(),
            )
            .with_help("give a command, or remove the entry"),
        );
        return None;
    }
    let (findings, runs) = command::check(ctx, slot, trimmed);
    for f in findings {
        let mut d = diag(f.code, f.message, loc.clone());
        if let Some(h) = f.help {
            d = d.with_help(h);
        }
        out.diag(d);
    }
    Some(runs)
}

fn zero_timeout(loc: Location, name: &str) -> Diagnostic {
    diag(
        Code::ZeroTimeout,
        format!(
            "`{name}` is 0: jcode uses max(1, value), so every `pre_tool` command gets {} ms, times out and fails open (the gate never blocks)",
            limits::jcode::PRE_TOOL_TIMEOUT_FLOOR_MS
        ),
        loc,
    )
    .with_help(format!(
        "remove it (default {} ms) or give a real budget in milliseconds",
        limits::jcode::PRE_TOOL_TIMEOUT_DEFAULT_MS
    ))
}

fn shadow(var: &str, key: &str, what: &str, loc: Location) -> Diagnostic {
    diag(
        Code::EnvOverrideShadowsFile,
        format!("`{var}` is set and overrides `{key}` from this file: {what}"),
        loc,
    )
    .with_help(format!(
        "unset {var} to use the file's value, or lint with --no-env"
    ))
}
