//! Qwen Code's switches over its settings layers: `disableAllHooks`, and folder trust, which
//! is off by default and, when on, drops only the project file's hooks — unlike Gemini CLI,
//! whose untrusted folder drops every settings hook (`conformance/notes/qwen.md`).

use crate::layered_settings::discover;
use crate::layered_settings::flavor::Flavor;
use crate::layered_settings::lower::Lowered;
use crate::layered_settings::Scope;
use crate::{Context, Output};
use hook_ir::{contract, Code, Diagnostic};

/// Qwen Code's switches (`conformance/notes/qwen.md`, "Files, layers, trust"): the merged
/// `disableAllHooks` turns every hook off; folder trust is off unless
/// `security.folderTrust.enabled` (outside the workspace file) turns it on, and then an
/// untrusted folder drops only the workspace file's hooks (`getProjectHooks`).
pub(crate) fn apply(ctx: &Context, fl: &'static Flavor, layers: Vec<Lowered>, out: &mut Output) {
    let off = layers.iter().rev().find_map(|l| l.enabled.clone());
    let folder_trust = layers
        .iter()
        .rev()
        .filter(|l| l.scope != Scope::Project)
        .find_map(|l| l.folder_trust)
        .unwrap_or(fl.folder_trust_default);
    let project_file = layers
        .iter()
        .find(|l| l.scope == Scope::Project && !l.hooks.is_empty())
        .map(|l| l.display.clone());
    let untrusted = match (&project_file, folder_trust) {
        (Some(_), true) => crate::layered_settings::trust::untrusted(ctx, fl, Some(true)),
        _ => None,
    };
    let mut hooks = Vec::new();
    for l in layers {
        let project = l.scope == Scope::Project;
        hooks.extend(l.hooks.into_iter().map(|(h, _)| (h, project)));
    }
    if let Some((false, at)) = off {
        let d = Diagnostic::new(
            Code::HooksDisabled,
            format!(
                "`disableAllHooks` is true: {} runs none of the {} hook(s) declared in its settings",
                fl.agent,
                hooks.len()
            ),
        )
        .with_convention(fl.convention)
        .at(at)
        .with_help("remove it, or set it to false, when the hooks should run");
        out.never_run
            .extend(hooks.into_iter().map(|(h, _)| (h, d.clone())));
        out.diag(d);
        return;
    }
    let untrusted_diag = untrusted.zip(project_file).map(|(why, file)| {
        let has_state = discover::user_dir(ctx, fl).is_some_and(|d| d.is_dir());
        let severity = if has_state {
            hook_ir::Severity::Warning
        } else {
            hook_ir::Severity::Info
        };
        Diagnostic::new(
            Code::QwenProjectUntrusted,
            format!("{} does not trust this folder: {why}. Folder trust is on, so it runs none of this file's hooks (the user's and the system's still run)", fl.agent),
        )
        .with_severity(severity)
        .with_convention(fl.convention)
        .at(hook_ir::Location::path_only(file))
        .with_help("trust the folder in Qwen Code, or add it to ~/.qwen/trustedFolders.json as TRUST_FOLDER")
    });
    if let Some(d) = &untrusted_diag {
        out.diag(d.clone());
    }
    for (hook, project) in hooks {
        match &untrusted_diag {
            Some(d) if project => out.never_run.push((hook, d.clone())),
            _ if contract::find(fl.convention, &hook.source_event)
                .is_some_and(|r| r.kind().is_some()) =>
            {
                out.hooks.push(hook)
            }
            _ => out.outside.push(hook),
        }
    }
}
