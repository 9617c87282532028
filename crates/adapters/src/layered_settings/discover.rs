//! Finding and reading the layers (the list is in each flavor's convention module docs), then
//! applying the agent's switches to the hooks they declare ([`Flavor`]).

use super::enablement::Enablement;
use super::flavor::Flavor;
use super::lower::{self, Lowered};
use super::Scope;
use crate::read_limit::{read_text, Missing, MAX_CONFIG_BYTES};
use crate::{Context, Output};
use hook_ir::Code;
use hook_ir::Diagnostic;
use std::path::{Path, PathBuf};

/// The user's settings folder: `~/<dir>`, or the flavor's variable (`$QWEN_HOME`) when set.
pub(crate) fn user_dir(ctx: &Context, fl: &Flavor) -> Option<PathBuf> {
    let over = fl
        .home_env
        .filter(|_| ctx.apply_env_overrides)
        .and_then(|v| ctx.var(v))
        .filter(|v| !v.is_empty());
    match over {
        Some(v) => Some(PathBuf::from(v)),
        None => ctx.home.as_ref().map(|h| h.join(fl.dir)),
    }
}

/// Every layer's file in merge order, with its scope. Missing files are left out.
fn layers(ctx: &Context, fl: &Flavor) -> Vec<(PathBuf, Scope)> {
    let mut files = Vec::new();
    let system = |var: &str, default: &str| -> Option<PathBuf> {
        if !ctx.apply_env_overrides {
            return None;
        }
        Some(PathBuf::from(
            ctx.var(var).filter(|v| !v.is_empty()).unwrap_or(default),
        ))
    };
    let system_settings = system(fl.system_settings.1, fl.system_settings.0);
    // Both agents put the defaults next to the system settings unless named explicitly.
    let defaults = if ctx.var(fl.system_defaults_env).is_some() {
        system(fl.system_defaults_env, "")
    } else {
        system_settings
            .as_ref()
            .and_then(|s| s.parent().map(|d| d.join("system-defaults.json")))
    };
    if let Some(d) = defaults {
        files.push((d, Scope::SystemDefaults));
    }
    let user = user_dir(ctx, fl).map(|d| d.join("settings.json"));
    if let Some(u) = &user {
        files.push((u.clone(), Scope::User));
    }
    if let Some(p) = &ctx.project {
        let file = p.join(fl.dir).join("settings.json");
        // Asked only when there is a project file: two `realpath`s per root otherwise.
        if file.exists() && !ctx.home.as_ref().is_some_and(|h| same_dir(ctx, h, p)) {
            files.push((file, Scope::Project));
        }
    }
    if let Some(s) = system_settings {
        files.push((s, Scope::System));
    }
    let extensions = ctx
        .home
        .as_ref()
        .filter(|_| fl.extensions)
        .map(|h| h.join(".gemini/extensions"));
    if let Some(dir) = extensions.filter(|d| !crate::run_cache::absent(ctx, d)) {
        for root in extension_roots(&dir) {
            files.push((
                root.join("hooks/hooks.json"),
                Scope::Extension { root: root.clone() },
            ));
        }
    }
    files.retain(|(f, scope)| {
        // The project file was asked about above; the others are the same for every root.
        *scope == Scope::Project || !crate::run_cache::absent(ctx, f) && f.exists()
    });
    files
}

/// Whether the home dir `home` and the project `p` are one directory.
fn same_dir(ctx: &Context, home: &Path, p: &Path) -> bool {
    home == p
        || matches!(
            (crate::run_cache::canonical(ctx, home), p.canonicalize()),
            (Some(x), Ok(y)) if x == y
        )
}

/// Extension directories (holding `gemini-extension.json`), sorted by name.
fn extension_roots(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut roots: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("gemini-extension.json").is_file())
        .collect();
    roots.sort();
    roots
}

pub(crate) fn discover(ctx: &Context, fl: &'static Flavor, out: &mut Output) {
    let mut all = Vec::new();
    let enablement = ctx
        .home
        .as_ref()
        .map(|h| h.join(".gemini/extensions"))
        .filter(|d| !crate::run_cache::absent(ctx, d))
        .map(|d| Enablement::read(&d))
        .unwrap_or_default();
    for (path, scope) in layers(ctx, fl) {
        if let Scope::Extension { root } = &scope {
            if extension_disabled(ctx, fl, root, &path, &enablement, out) {
                continue;
            }
        }
        if fl.extensions && matches!(scope, Scope::System | Scope::SystemDefaults) {
            if let Some(why) = super::secure::insecure(&path) {
                out.diag(
                    Diagnostic::new(
                        Code::GeminiSystemSettingsInsecure,
                        format!("Gemini CLI skips this system settings file: {why}; none of its settings or hooks apply"),
                    )
                    .with_convention(fl.convention)
                    .at(hook_ir::Location::path_only(ctx.display(&path)))
                    .with_help("make the file and every directory above it owned by root and writable only by root (`sudo chown root:root`, `sudo chmod go-w`)"),
                );
                continue;
            }
        }
        // Discovery's layers are never `Explicit`.
        let (layer, root) = scope.layer(ctx).unwrap_or((hook_ir::Scope::User, None));
        let first = out.sources.len();
        if let Some(mut l) = out.layer(layer, root, |out| {
            read_and_lower(ctx, fl, &path, &scope, out)
        }) {
            // The hooks join the batch only once every layer's switches are known: they get
            // what `Output::layer` gives the hooks it sees here.
            let read = crate::LayerFiles::new(&out.sources[first..]);
            for (h, _) in &mut l.hooks {
                h.scope = layer;
                if layer == hook_ir::Scope::Plugin {
                    h.plugin_root = root.map(Path::to_path_buf);
                }
                read.stamp(h);
            }
            all.push(l);
        }
    }
    apply_switches(ctx, fl, all, out);
}

/// Whether the extension at `root` is disabled in the project folder (reported, with the rule
/// that disables it, at its `hooks.json`).
fn extension_disabled(
    ctx: &Context,
    fl: &Flavor,
    root: &Path,
    hooks_file: &Path,
    enablement: &Enablement,
    out: &mut Output,
) -> bool {
    let Some(folder) = &ctx.project else {
        return false;
    };
    // Gemini looks the extension up by the `name` of its manifest; without one it does not
    // load the extension at all, which the hooks' own diagnostics do not cover either.
    let name = std::fs::read_to_string(root.join("gemini-extension.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(str::to_string));
    let Some(name) = name else { return false };
    let Some(rule) = enablement.disabled_by(&name, folder) else {
        return false;
    };
    out.diag(
        Diagnostic::new(
            Code::HookDisabled,
            format!(
                "extension `{name}` is disabled in this folder (rule `{rule}` in ~/.gemini/extensions/extension-enablement.json): Gemini loads none of its hooks, and they are not imported"
            ),
        )
        .with_convention(fl.convention)
        .at(hook_ir::Location::path_only(ctx.display(hooks_file)))
        .with_help(format!("`gemini extensions enable {name}` turns it back on")),
    );
    true
}

pub(crate) fn load(ctx: &Context, fl: &'static Flavor, path: &Path, out: &mut Output) {
    let scope = Scope::of(path, ctx.home.as_deref(), fl);
    if let Some(l) = read_and_lower(ctx, fl, path, &scope, out) {
        apply_switches(ctx, fl, vec![l], out);
    }
}

/// Lowers `text` as if it were the settings file at `path`, with the file's own switches applied
/// as `load` does (the writer's read-back and `hooks lint --fix` check planned text this way).
pub(crate) fn lower_text(
    ctx: &Context,
    fl: &'static Flavor,
    path: &Path,
    text: &str,
    out: &mut Output,
) {
    let scope = Scope::of(path, ctx.home.as_deref(), fl);
    let l = lower::lower_file(
        fl,
        &ctx.display(path),
        text,
        &scope,
        ctx.project.as_deref(),
        out,
    );
    apply_switches(ctx, fl, vec![l], out);
}

fn read_and_lower(
    ctx: &Context,
    fl: &'static Flavor,
    path: &Path,
    scope: &Scope,
    out: &mut Output,
) -> Option<Lowered> {
    let (display, text) = read_text(
        ctx,
        fl.convention,
        path,
        MAX_CONFIG_BYTES,
        Missing::Report,
        "JSON",
        out,
    )?;
    Some(lower::lower_file(
        fl,
        &display,
        &text,
        scope,
        ctx.project.as_deref(),
        out,
    ))
}

/// The agent's switches over the layers, in merge order ([`Flavor::apply_switches`]): hooks
/// that do not run are reported and left out of the batch.
fn apply_switches(ctx: &Context, fl: &'static Flavor, layers: Vec<Lowered>, out: &mut Output) {
    (fl.apply_switches)(ctx, fl, layers, out)
}
