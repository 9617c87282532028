//! Gemini CLI's switches over its settings layers: `hooksConfig.enabled` and
//! `hooksConfig.disabled`, and folder trust, whose untrusted folder drops every settings hook.

use crate::layered_settings::flavor::Flavor;
use crate::layered_settings::lower::Lowered;
use crate::layered_settings::{trust, Scope};
use crate::{Context, Output};
use hook_ir::{contract, Code, Diagnostic};

/// The agent's switches over the layers, in merge order: the last `enabled` switch written wins
/// (Gemini's `hooksConfig.enabled`, Qwen's `disableAllHooks`; system settings are last);
/// `hooksConfig.disabled` lists are united. Hooks that do not run are reported and left out of
/// the batch.
pub(crate) fn apply(ctx: &Context, fl: &'static Flavor, layers: Vec<Lowered>, out: &mut Output) {
    let off = layers.iter().rev().find_map(|l| l.enabled.clone());
    // Gemini checks trust before it reads the workspace settings: their switch does not count.
    let folder_trust = layers
        .iter()
        .rev()
        .filter(|l| l.scope != Scope::Project)
        .find_map(|l| l.folder_trust);
    let settings_file = layers
        .iter()
        .find(|l| !matches!(l.scope, Scope::Extension { .. }) && !l.hooks.is_empty())
        .map(|l| l.display.clone());
    // Trust is looked up only when a settings file declares hooks.
    let untrusted = || trust::untrusted(ctx, fl, folder_trust);
    if let Some((file, why)) = settings_file.as_ref().and_then(|f| Some((f, untrusted()?))) {
        if !matches!(off, Some((false, _))) {
            // Trust is this machine's: where Gemini CLI has never run (no `~/.gemini/`, a CI
            // runner) nobody could have trusted the folder, so it is an info there, and a
            // warning where Gemini has state (issue 25).
            let has_state = ctx
                .home
                .as_ref()
                .is_some_and(|h| h.join(".gemini").is_dir());
            let (machine, severity) = if has_state {
                ("", hook_ir::Severity::Warning)
            } else {
                (
                    " (trust is per machine, and Gemini CLI has no state on this one: no `~/.gemini/`, as on a CI runner; an info here, a warning where Gemini has run)",
                    hook_ir::Severity::Info,
                )
            };
            out.diag(
                Diagnostic::new(
                    Code::GeminiFolderUntrusted,
                    format!("Gemini CLI does not trust this folder: {why}. Interactively it then runs none of the settings' hooks here (`~/.gemini/settings.json` included; extensions' hooks still run); headless `gemini -p` refuses to start (exit 55) without `--skip-trust`{machine}"),
                )
                .with_severity(severity)
                .with_convention(fl.convention)
                .at(hook_ir::Location::path_only(file.clone()))
                .with_help("trust the folder in Gemini, add it to ~/.gemini/trustedFolders.json as TRUST_FOLDER, or set GEMINI_CLI_TRUST_WORKSPACE=true for a headless run"),
            );
        }
    }
    let disabled: Vec<_> = layers.iter().flat_map(|l| l.disabled.clone()).collect();
    let hooks: Vec<_> = layers.into_iter().flat_map(|l| l.hooks).collect();
    if let Some((false, at)) = off {
        let d = Diagnostic::new(
            Code::HooksDisabled,
            format!(
                "`hooksConfig.enabled` is false: Gemini runs none of the {} hook(s) declared in its settings and extensions",
                hooks.len()
            ),
        )
        .with_convention(fl.convention)
        .at(at)
        .with_help("remove it, or set it to true, when the hooks should run");
        out.never_run
            .extend(hooks.into_iter().map(|(h, _)| (h, d.clone())));
        out.diag(d);
        return;
    }
    for (hook, name) in hooks {
        if let Some((_, at)) = disabled.iter().find(|(n, _)| *n == name) {
            let d = Diagnostic::new(
                Code::HookDisabled,
                format!(
                    "hook `{name}` for `{}` is listed in `hooksConfig.disabled` ({}:{}): Gemini never runs it, and it is not imported",
                    hook.source_event,
                    at.path,
                    at.line.map_or(String::new(), |l| l.to_string())
                ),
            )
            .with_convention(fl.convention)
            .at(hook.location.clone());
            out.never_run.push((hook, d.clone()));
            out.diag(d);
            continue;
        }
        if contract::find(fl.convention, &hook.source_event).is_some_and(|r| r.kind().is_some()) {
            out.hooks.push(hook);
        } else {
            out.outside.push(hook);
        }
    }
}
