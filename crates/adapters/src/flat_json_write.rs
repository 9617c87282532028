//! The writer's frame shared by the flat `{"version": 1, "hooks": {event: [entry…]}}` files
//! (GitHub Copilot CLI's `hooks.json`, Cursor's `hooks.json`): find the target, read it, refuse a
//! base the agent rejects, merge each hook through the CST (every other key, the order and the
//! indentation survive), and plan the change. Each convention's `write.rs` builds its entries.

use crate::write::{FileChange, Plan, WriteOptions};
use crate::Context;
use hook_ir::{Code, Convention, Diagnostic, Hook, Location};
use jsonc_parser::cst::{CstObject, CstRootNode};

/// What differs between the flat files.
pub(crate) struct FlatFile {
    /// The convention written.
    pub convention: Convention,
    /// The project's file, relative to the project root (its path components), when no target
    /// is given.
    pub project_file: &'static [&'static str],
    /// The `version` a new file gets.
    pub version: u64,
    /// Said after "`hooks.E` is not an array" (what the agent does with such a file).
    pub not_an_array: &'static str,
}

pub(crate) fn plan(
    ctx: &Context,
    hooks: &[Hook],
    opts: &WriteOptions,
    file: &FlatFile,
    merge: impl Fn(&CstObject, &Hook, bool) -> Result<(), Diagnostic>,
) -> Plan {
    let cp = file.convention;
    let mut plan = Plan::default();
    let target = opts.target.clone().or_else(|| {
        let p = ctx.project.as_ref()?;
        Some(file.project_file.iter().fold(p.clone(), |p, c| p.join(c)))
    });
    let Some(target) = target else {
        plan.diagnostics.push(
            Diagnostic::new(
                Code::InvalidSource,
                format!(
                    "no project root to write `{}` into; pass a project or a target file",
                    file.project_file.join("/")
                ),
            )
            .with_convention(cp),
        );
        return plan;
    };
    let display = ctx.display(&target);
    let before = match opts.read(&target) {
        Ok(t) => t,
        Err(e) => {
            plan.diagnostics.push(
                Diagnostic::new(Code::UnreadableSource, format!("cannot read the file: {e}"))
                    .with_convention(cp)
                    .at(Location::path_only(display)),
            );
            return plan;
        }
    };
    let base = match before.as_deref() {
        Some(t) if !t.trim().is_empty() => t.to_string(),
        _ => format!("{{\n  \"version\": {}\n}}\n", file.version),
    };
    // Refuse to edit what the agent cannot read: the user must fix it first.
    if let Err(d) = check_base(&base, &display, file) {
        plan.diagnostics.push(d);
        return plan;
    }
    let Ok(root) = CstRootNode::parse(&base, &crate::json_span::strict_options()) else {
        return plan;
    };
    let obj = root.object_value_or_set();
    for hook in hooks {
        if let Err(d) = merge(&obj, hook, opts.force) {
            plan.diagnostics
                .push(d.with_convention(cp).at(hook.location.clone()));
        }
    }
    if plan
        .diagnostics
        .iter()
        .any(|d| d.severity() == hook_ir::Severity::Error)
    {
        return plan;
    }
    let mut after = root.to_string();
    if !after.ends_with('\n') {
        after.push('\n');
    }
    plan.changes.push(FileChange {
        path: target,
        display,
        before,
        after,
        mode: None,
    });
    plan
}

/// Refuses a target that is not a JSON object with an object of arrays under `hooks` (the agent
/// rejects it), or that holds a key twice, where an edit could land in the copy a reader drops.
fn check_base(text: &str, display: &str, file: &FlatFile) -> Result<(), Diagnostic> {
    let cp = file.convention;
    let refuse = |code, msg: String, span: (usize, usize)| {
        Diagnostic::new(code, msg)
            .with_convention(cp)
            .at(crate::source::locate(display, text, span.0, span.1))
    };
    let root = crate::json_span::parse(text).map_err(|e| {
        refuse(
            Code::ParseError,
            format!(
                "not valid JSON ({}); fix it before importing into it",
                e.message
            ),
            e.span,
        )
    })?;
    let Some(members) = root.members() else {
        return Err(refuse(
            Code::WrongValueType,
            format!(
                "the file is {}, not an object; nothing was written",
                root.type_name()
            ),
            root.span,
        ));
    };
    if let Some(dup) = root.duplicate_key() {
        return Err(refuse(
            Code::ImportConflict,
            format!("`{}` is written twice; merge the two before importing into this file (nothing was written)", dup.key),
            dup.key_span,
        ));
    }
    if let Some(h) = members.iter().find(|m| m.key == "hooks") {
        let Some(events) = h.value.members() else {
            return Err(refuse(
                Code::WrongValueType,
                format!(
                    "`hooks` is {}, not an object; nothing was written",
                    h.value.type_name()
                ),
                h.value.span,
            ));
        };
        if let Some(dup) = h.value.duplicate_key() {
            return Err(refuse(
                Code::ImportConflict,
                format!("`{}` is written twice under `hooks`; merge the two before importing into this file (nothing was written)", dup.key),
                dup.key_span,
            ));
        }
        if let Some(e) = events.iter().find(|e| e.value.elements().is_none()) {
            return Err(refuse(
                Code::WrongValueType,
                format!(
                    "`hooks.{}` is not an array{}; nothing was written",
                    e.key, file.not_an_array
                ),
                e.value.span,
            ));
        }
    }
    Ok(())
}
